// Figure: one query → five keys → scores → weights → values → one context
// (the chapter's overview diagram), drawn from the core's read of the inputs.
// The thickness of each value's arrow into the context is its weight.

import { svgEl } from '../ui/dom.mjs';
import { figureFrame, svgImage, dataTable, replace, work, showError, positionLabels } from './common.mjs';
import { fmt, fmtArray } from '../ui/format.mjs';

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

export async function flowFigure(companion, { model, inputs, title = 'One read, start to finish.' }) {
  const frame = figureFrame({ name: 'flow', title,
    caption: 'Read it from left to right. Comparing the query with each key gives one number per position; the softmax rescales those numbers into shares that add up to one; the context is the sum of the values, each scaled by its share. No position is left out: the width of the arrow from a value into the context shows how large its share is.' });
  const result = await work(companion, { model, inputs });
  if (showError(frame, result)) return frame.figure;
  const positions = result.positions;
  const labels = positionLabels(positions);
  const keys = rowsOf(inputs.keys) ?? [];
  const rowH = 56;
  const top = 44;
  const height = top + positions.length * rowH + 10;
  const mid = top + (positions.length * rowH) / 2;
  const svg = svgImage(940, height, `Flow of one read: the query is scored against ${positions.length} keys; the weights ` +
    `${positions.map((p, i) => `${labels[i]}: ${fmt(p.weight)}`).join(', ')} mix the values into the context ${fmtArray(result.context)}.`, 'fig-flow');
  for (const [x, text] of [[75, 'query'], [255, 'keys'], [392, 'scores'], [505, 'weights'], [690, 'values'], [865, 'context']]) {
    svg.append(svgEl('text', { x, y: 18, 'text-anchor': 'middle', class: 'fig-head' }, text));
  }
  svg.append(...box(10, mid - 30, 130, 60, 'fig-query', ['query q', inputs.query ?? '']));
  svg.append(...box(800, mid - 45, 130, 90, 'fig-context', ['context c', ...(result.context ?? []).map((v) => fmt(v))]));
  positions.forEach((p, i) => {
    const y = top + i * rowH;
    const cy = y + rowH / 2 - 4;
    svg.append(svgEl('line', { x1: 140, y1: mid, x2: 172, y2: cy, class: 'fig-arrow-query' }));
    svg.append(...box(175, y + 4, 160, rowH - 16, 'fig-key', [`key ${labels[i]}`, Array.isArray(keys[i]) ? `[${keys[i].join(', ')}]` : '']));
    svg.append(svgEl('text', { x: 392, y: cy + 4, 'text-anchor': 'middle', class: 'fig-value' }, p.score === undefined ? '—' : fmt(p.score)));
    svg.append(svgEl('rect', { x: 445, y: cy - 9, width: 120, height: 18, class: 'bar-track' }),
      svgEl('rect', { x: 445, y: cy - 9, width: (120 * Math.max(0, Math.min(1, p.weight))).toFixed(2), height: 18,
        class: 'bar', 'data-weight': String(p.weight) }),
      svgEl('text', { x: 572, y: cy + 4, class: 'fig-value' }, fmt(p.weight)));
    svg.append(...box(615, y + 4, 150, rowH - 16, 'fig-value-box', [`value ${labels[i]}`, fmtArray(p.value ?? [], 2)]));
    svg.append(svgEl('line', { x1: 765, y1: cy, x2: 800, y2: mid, class: 'fig-arrow-weight',
      'stroke-width': (1 + 12 * Math.max(0, p.weight)).toFixed(2) }));
  });
  replace(frame.plot, svg);
  replace(frame.table, dataTable('One read: scores, weights and values per position', ['Position', 'Score', 'Weight', 'Value'],
    [...positions.map((p, i) => [labels[i], fmt(p.score), fmt(p.weight), fmtArray(p.value ?? [])]),
      ['Context', '', '', fmtArray(result.context ?? [])]]));
  return frame.figure;
}
