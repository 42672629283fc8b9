// Figure: a global vs a local window strip over one row of scores. Top: every
// position eligible; bottom: only the window [start, end). The position that
// holds the needed value is outlined. A slider moves the window; every weight
// comes from companion.work (the batch model the exercise declares).

import { el, svgEl } from '../ui/dom.mjs';
import { figureFrame, svgImage, dataTable, replace, work, showError } from './common.mjs';
import { fmt } from '../ui/format.mjs';

function windowOf(text) {
  const match = /^\s*\[\s*(\d+)\s*,\s*(\d+)\s*\]\s*$/.exec(String(text ?? ''));
  return match ? [Number(match[1]), Number(match[2])] : [3, 7];
}

function strip(svg, y, row, relevant, title) {
  const cell = 84;
  svg.append(svgEl('text', { x: 10, y: y - 8, class: 'fig-title' }, title));
  const max = Math.max(...row.weights, 1e-9);
  row.weights.forEach((w, i) => {
    const x = 10 + i * (cell + 8);
    const eligible = row.eligible?.[i] !== false;
    svg.append(svgEl('rect', { x, y, width: cell, height: 56, rx: 4,
      class: eligible ? 'fig-cell' : 'fig-cell fig-cell-off', 'fill-opacity': eligible ? (0.12 + 0.88 * (w / max)).toFixed(3) : undefined }));
    if (i + 1 === relevant) {
      svg.append(svgEl('rect', { x: x - 3, y: y - 3, width: cell + 6, height: 62, rx: 6, class: 'fig-relevant' }));
    }
    const dark = eligible && w / max > 0.55 ? ' fig-on-dark' : '';
    svg.append(svgEl('text', { x: x + cell / 2, y: y + 22, 'text-anchor': 'middle', class: `fig-cell-label${dark}` }, `pos ${i + 1}`),
      svgEl('text', { x: x + cell / 2, y: y + 42, 'text-anchor': 'middle', class: `fig-cell-value${dark}` }, eligible ? fmt(w) : 'masked'));
  });
}

export async function windowFigure(companion, { model, inputs }) {
  const frame = figureFrame({ name: 'window', title: 'Global against local attention.',
    caption: 'Global attention lets every position compete; a local window makes everything outside it ineligible. When the needed value (outlined) lies outside the window, the local read cannot reach it, however high its score.' });
  const relevant = Number(inputs.relevant ?? 0);
  const [start0, end0] = windowOf(inputs.window);
  const width = end0 - start0;
  const S = Number(inputs.S ?? 10);
  const global = await work(companion, { model, inputs: { S: inputs.S, scores: inputs.scores } });
  if (showError(frame, global)) return frame.figure;
  const sliderId = `window-slider-${Math.random().toString(36).slice(2, 8)}`;
  const slider = el('input', { type: 'range', id: sliderId, min: '1', max: String(Math.max(1, S - width + 1)), step: '1',
    value: String(start0), class: 'window-slider' });
  const readout = el('output', { for: sliderId, class: 'window-value' });
  frame.controls.append(el('label', { for: sliderId }, 'Window start '), slider, ' ', readout);

  async function draw() {
    const start = Number(slider.value);
    const span = `[${start}, ${start + width}]`;
    readout.textContent = `positions ${start} to ${start + width - 1} (window ${span.replace(']', ')')})`;
    const local = await work(companion, { model, inputs: { ...inputs, window: span } });
    if (showError(frame, local)) return;
    const g = global.rows[0];
    const l = local.rows[0];
    const svg = svgImage(940, 200, `Global weights: ${g.weights.map((w) => fmt(w)).join(', ')}. Local window ${span}: ` +
      `${l.weights.map((w, i) => (l.eligible[i] ? fmt(w) : 'masked')).join(', ')}. The needed value is at position ${relevant}.`, 'fig-window');
    strip(svg, 32, g, relevant, `Global: weight on position ${relevant} is ${fmt(g.weights[relevant - 1])}`);
    strip(svg, 128, l, relevant, `Local window: weight on position ${relevant} is ${fmt(l.weights[relevant - 1])}`);
    replace(frame.plot, svg);
    replace(frame.table, dataTable('Global and local weights per position', ['Position', 'Score', 'Global weight', 'In the window', 'Local weight'],
      g.scores.map((score, i) => [i + 1 === relevant ? `${i + 1} (needed)` : i + 1, fmt(score), fmt(g.weights[i]),
        l.eligible[i] ? 'yes' : 'no', l.eligible[i] ? fmt(l.weights[i]) : '0 (masked)'])));
    frame.figure.dataset.window = span;
  }
  slider.addEventListener('input', () => { draw(); });
  await draw();
  return frame.figure;
}
