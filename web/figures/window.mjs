// Figure: a global vs a local window strip over one row of scores. Top: every
// position eligible; bottom: only the window [start, end) (1-based, the end excluded),
// whose positions are highlighted and bracketed. The position that holds the needed
// value is outlined. A slider moves the window; every weight and every position's
// eligibility comes from companion.work (the batch model the exercise declares).

import { el, svgEl } from '../ui/dom.mjs';
import { figureFrame, svgImage, dataTable, replace, work, showError, axisTitle, inkOn } from './common.mjs';
import { fmt } from '../ui/format.mjs';

const CELL = 84;
const LEFT = 20;
const STEP = CELL + 8;

function windowOf(text) {
  const match = /^\s*\[\s*(\d+)\s*,\s*(\d+)\s*\]\s*$/.exec(String(text ?? ''));
  return match ? [Number(match[1]), Number(match[2])] : null;
}

// One strip; returns the 1-based positions it shows as eligible.
function strip(svg, y, row, relevant, title, kind) {
  svg.append(svgEl('text', { x: LEFT, y: y - 10, class: 'fig-title' }, title));
  const max = Math.max(...row.weights, 1e-9);
  const opacityOf = (w) => 0.12 + 0.88 * (w / max);
  const eligiblePositions = [];
  row.weights.forEach((w, i) => {
    const x = LEFT + i * STEP;
    const eligible = row.eligible?.[i] !== false;
    if (eligible) eligiblePositions.push(i + 1);
    svg.append(svgEl('rect', { x, y, width: CELL, height: 56, rx: 4, 'data-position': String(i + 1), 'data-strip': kind,
      class: eligible ? 'fig-cell fig-eligible' : 'fig-cell fig-cell-off', 'fill-opacity': eligible ? opacityOf(w).toFixed(3) : undefined }));
    if (i + 1 === relevant) {
      svg.append(svgEl('rect', { x: x - 3, y: y - 3, width: CELL + 6, height: 62, rx: 6, class: 'fig-relevant' }));
    }
    const dark = eligible ? ` ${inkOn(opacityOf(w))}` : '';
    svg.append(svgEl('text', { x: x + CELL / 2, y: y + 22, 'text-anchor': 'middle', class: `fig-cell-label${dark}` }, `pos ${i + 1}`),
      svgEl('text', { x: x + CELL / 2, y: y + 42, 'text-anchor': 'middle', class: `fig-cell-value${dark}` }, eligible ? fmt(w) : 'masked'));
  });
  return eligiblePositions;
}

// The bracket under the eligible run of the local strip, with what it spans.
function bracket(svg, y, positions) {
  if (positions.length === 0) return;
  const first = positions[0];
  const last = positions[positions.length - 1];
  const x1 = LEFT + (first - 1) * STEP;
  const x2 = LEFT + (last - 1) * STEP + CELL;
  svg.append(svgEl('path', { d: `M ${x1} ${y} v 8 H ${x2} v -8`, class: 'fig-window-bracket' }),
    svgEl('text', { x: (x1 + x2) / 2, y: y + 24, 'text-anchor': 'middle', class: 'fig-window-text' },
      first === last ? `the window: position ${first}` : `the window: positions ${first}–${last}`));
}

export async function windowFigure(companion, { model, inputs }) {
  const frame = figureFrame({ name: 'window', title: 'Global against local attention.',
    caption: 'Global attention lets every position compete; a local window makes everything outside it ineligible. When the needed value (outlined) lies outside the window, the local read cannot reach it, however high its score.' });
  const relevant = Number(inputs.relevant ?? 0);
  const global = await work(companion, { model, inputs: { S: inputs.S, scores: inputs.scores } });
  if (showError(frame, global)) return frame.figure;
  const S = global.rows[0].weights.length;
  const declared = windowOf(inputs.window);
  if (!declared) {
    frame.status.textContent = `This figure needs a window written as [start, end), not “${inputs.window}”.`;
    return frame.figure;
  }
  const [start0, end0] = declared;
  const width = end0 - start0;
  const sliderId = `window-slider-${Math.random().toString(36).slice(2, 8)}`;
  const slider = el('input', { type: 'range', id: sliderId, min: '1', max: String(Math.max(1, S - width + 1)), step: '1',
    value: String(start0), class: 'window-slider' });
  const readout = el('output', { for: sliderId, class: 'window-value' });
  frame.controls.append(el('label', { for: sliderId }, 'Window start '), slider, ' ', readout);

  async function draw() {
    const start = Number(slider.value);
    const span = `[${start}, ${start + width}]`;
    const local = await work(companion, { model, inputs: { ...inputs, window: span } });
    if (showError(frame, local)) return;
    const g = global.rows[0];
    const l = local.rows[0];
    const inWindow = l.eligible.flatMap((on, i) => (on ? [i + 1] : []));
    const run = inWindow.length ? `${inWindow[0]} to ${inWindow[inWindow.length - 1]}` : 'none';
    readout.textContent = `positions ${run} (window ${span.replace(']', ')')})`;
    const svg = svgImage(940, 250, `Two strips of ${S} source positions. Global: every position eligible, weights ` +
      `${g.weights.map((w) => fmt(w)).join(', ')}. Local window ${span.replace(']', ')')}: positions ${run} eligible, weights ` +
      `${l.weights.map((w, i) => (l.eligible[i] ? fmt(w) : 'masked')).join(', ')}. The needed value is at position ${relevant}.`, 'fig-window');
    strip(svg, 30, g, relevant, `Global: all ${S} positions eligible; weight on position ${relevant} is ${fmt(g.weights[relevant - 1])}`, 'global');
    const shown = strip(svg, 128, l, relevant, `Local: only the window is eligible; weight on position ${relevant} is ${fmt(l.weights[relevant - 1])}`, 'local');
    bracket(svg, 190, shown);
    svg.append(axisTitle('source position', { x: LEFT + (S * STEP - 8) / 2, y: 242 }));
    replace(frame.plot, svg);
    replace(frame.table, dataTable('Global and local weights per position', ['Position', 'Score', 'Global weight', 'In the window', 'Local weight'],
      g.scores.map((score, i) => [i + 1 === relevant ? `${i + 1} (needed)` : i + 1, fmt(score), fmt(g.weights[i]),
        l.eligible[i] ? 'yes' : 'no', l.eligible[i] ? fmt(l.weights[i]) : '0 (masked)'])));
    frame.figure.dataset.window = span;
    frame.figure.dataset.windowPositions = JSON.stringify(inWindow);
  }
  slider.addEventListener('input', () => { draw(); });
  await draw();
  return frame.figure;
}
