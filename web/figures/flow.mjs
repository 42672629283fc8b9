// Figure: one query → five keys → scores → weights → values → one context
// (the chapter's overview diagram), drawn from the core's read of the inputs.
// On a wide screen it reads from left to right, the thickness of each value's arrow into
// the context showing its weight; on a narrow one it reads from top to bottom, one row a
// source position (its key, score, weight bar and value), then the context.

import { svgEl } from '../ui/dom.mjs';
import { figureFrame, svgImage, dataTable, replace, work, showError, positionLabels, drawAtWidth, textWidth } from './common.mjs';
import { fmt, fmtArray } from '../ui/format.mjs';

const WIDE = 820;

function rowsOf(text) {
  try {
    const parsed = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null; // an input the figure cannot lay out as text; the core still reads it
  }
}

function box(x, y, w, h, className, lines) {
  return [svgEl('rect', { x, y, width: w, height: h, rx: 6, class: className }),
    ...lines.map((line, i) => svgEl('text', { x: x + w / 2, y: y + h / 2 + (i - (lines.length - 1) / 2) * 15 + 4,
      'text-anchor': 'middle', class: i === 0 ? 'fig-box-title' : 'fig-box-text' }, line))];
}

// Left to right, the columns placed in proportion to the width.
function wideLayout(width, { result, keys, labels, inputs }) {
  const positions = result.positions;
  const u = width / 940;
  const X = (x) => x * u;
  const rowH = 56;
  const top = 44;
  const height = top + positions.length * rowH + 10;
  const mid = top + (positions.length * rowH) / 2;
  const nodes = [];
  for (const [x, text] of [[75, 'query'], [255, 'keys'], [392, 'scores'], [505, 'weights'], [690, 'values'], [865, 'context']]) {
    nodes.push(svgEl('text', { x: X(x), y: 18, 'text-anchor': 'middle', class: 'fig-head' }, text));
  }
  nodes.push(...box(X(10), mid - 30, X(130), 60, 'fig-query', ['query q', inputs.query ?? '']));
  nodes.push(...box(X(800), mid - 45, X(130), 90, 'fig-context', ['context c', ...(result.context ?? []).map((v) => fmt(v))]));
  positions.forEach((p, i) => {
    const y = top + i * rowH;
    const cy = y + rowH / 2 - 4;
    nodes.push(svgEl('line', { x1: X(140), y1: mid, x2: X(172), y2: cy, class: 'fig-arrow-query' }),
      ...box(X(175), y + 4, X(160), rowH - 16, 'fig-key', [`key ${labels[i]}`, Array.isArray(keys[i]) ? `[${keys[i].join(', ')}]` : '']),
      svgEl('text', { x: X(392), y: cy + 4, 'text-anchor': 'middle', class: 'fig-value' }, p.score === undefined ? '—' : fmt(p.score)),
      svgEl('rect', { x: X(445), y: cy - 9, width: X(120), height: 18, class: 'bar-track' }),
      svgEl('rect', { x: X(445), y: cy - 9, width: (X(120) * Math.max(0, Math.min(1, p.weight))).toFixed(2), height: 18,
        class: 'bar', 'data-weight': String(p.weight) }),
      svgEl('text', { x: X(572), y: cy + 4, class: 'fig-value' }, fmt(p.weight)),
      ...box(X(615), y + 4, X(150), rowH - 16, 'fig-value-box', [`value ${labels[i]}`, fmtArray(p.value ?? [], 2)]),
      svgEl('line', { x1: X(765), y1: cy, x2: X(800), y2: mid, class: 'fig-arrow-weight',
        'stroke-width': (1 + 12 * Math.max(0, p.weight)).toFixed(2) }));
  });
  return { nodes, height };
}

// Top to bottom: the query, then a block a position (key and score on one line, the
// weight bar, the value), then the context.
function narrowLayout(width, { result, keys, labels, inputs }) {
  const positions = result.positions;
  const nodes = [];
  const queryLines = ['query q', inputs.query ?? ''];
  nodes.push(...box(0, 0, width, 44, 'fig-query', queryLines));
  let y = 62;
  const half = (width - 8) / 2;
  // A value as the exercise writes it where it fits in its box, else to one place fewer.
  const valueText = (value) => [2, 1].map((places) => fmtArray(value ?? [], places))
    .find((text) => textWidth(text, 12, 400, 'ui-monospace, Menlo, monospace') <= half - 12) ?? fmtArray(value ?? [], 1);
  positions.forEach((p, i) => {
    nodes.push(...box(0, y, half, 40, 'fig-key', [`key ${labels[i]}`, Array.isArray(keys[i]) ? `[${keys[i].join(', ')}]` : '']),
      ...box(half + 8, y, half, 40, 'fig-value-box', [`value ${labels[i]}`, valueText(p.value)]));
    const scoreText = `score ${p.score === undefined ? '—' : fmt(p.score)}`;
    const weightText = `weight ${fmt(p.weight)}`;
    const barX = Math.max(textWidth(scoreText, 12, 400, 'ui-monospace, Menlo, monospace'), 90) + 12;
    const barW = width - barX - textWidth(weightText, 12, 400, 'ui-monospace, Menlo, monospace') - 10;
    nodes.push(svgEl('text', { x: 0, y: y + 62, class: 'fig-value' }, scoreText),
      svgEl('rect', { x: barX, y: y + 50, width: Math.max(barW, 20), height: 16, class: 'bar-track' }),
      svgEl('rect', { x: barX, y: y + 50, width: (Math.max(barW, 20) * Math.max(0, Math.min(1, p.weight))).toFixed(2), height: 16,
        class: 'bar', 'data-weight': String(p.weight) }),
      svgEl('text', { x: width, y: y + 62, 'text-anchor': 'end', class: 'fig-value' }, weightText));
    y += 86;
  });
  nodes.push(svgEl('text', { x: width / 2, y: y + 4, 'text-anchor': 'middle', class: 'fig-head' }, 'the weighted sum of the values'));
  nodes.push(...box(0, y + 16, width, 44, 'fig-context', ['context c', fmtArray(result.context ?? [])]));
  return { nodes, height: y + 64 };
}

export async function flowFigure(companion, { model, inputs, title = 'One read, start to finish.' }) {
  const frame = figureFrame({ name: 'flow', title,
    caption: 'Follow it from the query to the context. Comparing the query with each key gives one number per position; the softmax rescales those numbers into shares that add up to one; the context is the sum of the values, each scaled by its share. No position is left out: the bars (and, on a wide screen, the widths of the arrows into the context) show how large each share is.' });
  const result = await work(companion, { model, inputs });
  if (showError(frame, result)) return frame.figure;
  const positions = result.positions;
  const labels = positionLabels(positions);
  const data = { result, keys: rowsOf(inputs.keys) ?? [], labels, inputs };
  const label = `Flow of one read: the query is scored against ${positions.length} keys; the weights ` +
    `${positions.map((p, i) => `${labels[i]}: ${fmt(p.weight)}`).join(', ')} mix the values into the context ${fmtArray(result.context)}.`;
  drawAtWidth(frame.plot, (width) => {
    const { nodes, height } = width >= WIDE ? wideLayout(width, data) : narrowLayout(width, data);
    const svg = svgImage(width, height, label, 'fig-flow');
    svg.append(...nodes);
    return svg;
  });
  replace(frame.table, dataTable('One read: scores, weights and values per position', ['Position', 'Score', 'Weight', 'Value'],
    [...positions.map((p, i) => [labels[i], fmt(p.score), fmt(p.weight), fmtArray(p.value ?? [])]),
      ['Context', '', '', fmtArray(result.context ?? [])]]));
  return frame.figure;
}
