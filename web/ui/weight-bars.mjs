// An SVG bar chart of the attention weights in a working object, drawn from
// the decimals the core returned, with the exact weights as labels. The SVG
// is an image with a text summary; pages pair it with a table alternative.
// Two layouts of the same bars come back together (labs.css shows one): labels beside
// the bars, and, for a narrow panel, labels above them, so that no label is drawn under
// 12 px on a phone.

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

// The narrow layout: 300 wide (shown in a box of 250 to 384 px, its 15 px labels stay at
// 12.5 px or more), each position's label and value on a line above its bar.
const NARROW = { width: 300, row: 52, bar: 18 };
function narrowBars(working, title, label) {
  const positions = working.positions;
  const svg = svgEl('svg', { viewBox: `0 0 ${NARROW.width} ${positions.length * NARROW.row + 4}`, class: 'weight-bars-narrow',
    role: 'img', 'aria-label': label });
  svg.append(svgEl('title', {}, title));
  positions.forEach((position, index) => {
    const y = index * NARROW.row + 4;
    const value = Number(position.weight?.decimal);
    const length = Number.isFinite(value) && value > 0 ? Math.min(value, 1) * NARROW.width : 0;
    svg.append(svgEl('text', { x: 0, y: y + 14, class: 'bar-label' }, `${index + 1}: ${positionWords(position.label)}`),
      svgEl('text', { x: NARROW.width, y: y + 14, 'text-anchor': 'end', class: 'bar-value' },
        position.removed ? 'removed' : quantityText(position.weight)),
      svgEl('rect', { x: 0, y: y + 22, width: NARROW.width, height: NARROW.bar, class: 'bar-track' }),
      svgEl('rect', { x: 0, y: y + 22, width: length.toFixed(2), height: NARROW.bar,
        class: position.removed ? 'bar bar-removed' : 'bar' }));
  });
  return svg;
}

// `title` names the figure for assistive technology. -> a fragment with both layouts.
export function weightBars(working, title) {
  const positions = working.positions;
  const height = positions.length * ROW + 8;
  const summary = positions.map((p, i) => `${i + 1}: ${positionWords(p.label)} ${p.removed ? 'removed' : exactText(p.weight)}`)
    .join('; ');
  const label = `${title}. Weights: ${summary}.`;
  const svg = svgEl('svg', { viewBox: `0 0 ${WIDTH} ${height}`, class: 'weight-bars weight-bars-wide', role: 'img',
    'aria-label': label });
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
  const both = document.createDocumentFragment();
  both.append(svg, narrowBars(working, title, label));
  return both;
}
