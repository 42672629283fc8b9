// An SVG bar chart of the attention weights in a working object, drawn from
// the decimals the core returned, with the exact weights as labels. The SVG
// is an image with a text summary; pages pair it with a table alternative.

import { svgEl } from './dom.mjs';
import { decimalText, exactText, quantityText } from './working-view.mjs';
import { positionWords } from './format.mjs';

const ROW = 34;
const LABEL_WIDTH = 120;
const BAR_MAX = 220;
const WIDTH = 480;

function barLength(q) {
  const value = Number(q?.decimal);
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(value, 1) * BAR_MAX;
}

// `title` names the figure for assistive technology.
export function weightBars(working, title) {
  const positions = working.positions;
  const height = positions.length * ROW + 8;
  const summary = positions.map((p, i) => `${i + 1}: ${positionWords(p.label)} ${p.removed ? 'removed' : exactText(p.weight)}`)
    .join('; ');
  const svg = svgEl('svg', { viewBox: `0 0 ${WIDTH} ${height}`, class: 'weight-bars', role: 'img',
    'aria-label': `${title}. Weights: ${summary}.` });
  svg.append(svgEl('title', {}, title));
  positions.forEach((position, index) => {
    const y = index * ROW + 4;
    const length = barLength(position.weight);
    svg.append(
      svgEl('text', { x: LABEL_WIDTH - 8, y: y + ROW / 2, class: 'bar-label', 'text-anchor': 'end',
        'dominant-baseline': 'middle' }, `${index + 1}: ${positionWords(position.label)}`),
      svgEl('rect', { x: LABEL_WIDTH, y: y + 6, width: BAR_MAX, height: ROW - 12, class: 'bar-track' }),
      svgEl('rect', { x: LABEL_WIDTH, y: y + 6, width: length.toFixed(2), height: ROW - 12,
        class: position.removed ? 'bar bar-removed' : 'bar', 'data-weight': decimalText(position.weight) }),
      svgEl('text', { x: LABEL_WIDTH + BAR_MAX + 8, y: y + ROW / 2, class: 'bar-value',
        'dominant-baseline': 'middle' },
      position.removed ? 'removed' : quantityText(position.weight)),
    );
  });
  return svg;
}
