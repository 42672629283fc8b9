// Figure: a global vs a local window strip over one row of scores. Top: every
// position eligible; bottom: only the window [start, end) (1-based, the end excluded),
// whose positions are highlighted and bracketed. The position that holds the needed
// value is outlined. A slider moves the window; every weight and every position's
// eligibility comes from companion.work (the batch model the exercise declares).
// A cell stays at least a finger wide; on a screen too narrow for the whole strip, the
// strips scroll sideways inside their own region (the titles stay within the screen).

import { el, svgEl } from '../ui/dom.mjs';
import { figureFrame, svgImage, dataTable, replace, work, showError, axisTitle, inkOn, drawAtWidth, wrapLines, textLines,
  FINGER_PX } from './common.mjs';
import { fmt } from '../ui/format.mjs';

const LEFT = 4;
const GAP = 6;
const CELL = { min: FINGER_PX + 2, max: 84, height: 56 };

function windowOf(text) {
  const match = /^\s*\[\s*(\d+)\s*,\s*(\d+)\s*\]\s*$/.exec(String(text ?? ''));
  return match ? [Number(match[1]), Number(match[2])] : null;
}

// One strip of cells at y. -> the 1-based positions it shows as eligible.
function strip(svg, y, row, relevant, kind, cell) {
  const max = Math.max(...row.weights, 1e-9);
  const opacityOf = (w) => 0.12 + 0.88 * (w / max);
  const eligiblePositions = [];
  const wide = cell >= 64;
  row.weights.forEach((w, i) => {
    const x = LEFT + i * (cell + GAP);
    const eligible = row.eligible?.[i] !== false;
    if (eligible) eligiblePositions.push(i + 1);
    svg.append(svgEl('rect', { x, y, width: cell, height: CELL.height, rx: 4, 'data-position': String(i + 1), 'data-strip': kind,
      class: eligible ? 'fig-cell fig-eligible' : 'fig-cell fig-cell-off', 'fill-opacity': eligible ? opacityOf(w).toFixed(3) : undefined }));
    if (i + 1 === relevant) {
      svg.append(svgEl('rect', { x: x - 3, y: y - 3, width: cell + 6, height: CELL.height + 6, rx: 6, class: 'fig-relevant' }));
    }
    const dark = eligible ? ` ${inkOn(opacityOf(w))}` : '';
    svg.append(svgEl('text', { x: x + cell / 2, y: y + 22, 'text-anchor': 'middle', class: `fig-cell-label${dark}` }, wide ? `pos ${i + 1}` : String(i + 1)),
      svgEl('text', { x: x + cell / 2, y: y + 42, 'text-anchor': 'middle', class: `fig-cell-value${dark}` },
        eligible ? fmt(w, wide ? 3 : 2) : wide ? 'masked' : '0'));
  });
  return eligiblePositions;
}

// The bracket under the eligible run of the local strip, with what it spans.
function bracket(svg, y, positions, cell) {
  if (positions.length === 0) return;
  const first = positions[0];
  const last = positions[positions.length - 1];
  const x1 = LEFT + (first - 1) * (cell + GAP);
  const x2 = LEFT + (last - 1) * (cell + GAP) + cell;
  svg.append(svgEl('path', { d: `M ${x1} ${y} v 8 H ${x2} v -8`, class: 'fig-window-bracket' }),
    svgEl('text', { x: (x1 + x2) / 2, y: y + 24, 'text-anchor': 'middle', class: 'fig-window-text' },
      first === last ? `the window: position ${first}` : `the window: positions ${first}–${last}`));
}

export async function windowFigure(companion, { model, inputs }) {
  const frame = figureFrame({ name: 'window', title: 'Global against local attention.',
    caption: 'Global attention lets every position compete; a local window makes everything outside it ineligible (grey cells, weight 0). When the needed value (outlined) lies outside the window, the local read cannot reach it, however high its score.' });
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
  const span = end0 - start0;
  const sliderId = `window-slider-${Math.random().toString(36).slice(2, 8)}`;
  const slider = el('input', { type: 'range', id: sliderId, min: '1', max: String(Math.max(1, S - span + 1)), step: '1',
    value: String(start0), class: 'window-slider' });
  const readout = el('output', { for: sliderId, class: 'window-value' });
  frame.controls.append(el('label', { for: sliderId }, 'Window start '), slider, ' ', readout);

  let shown = null;
  const redraw = drawAtWidth(frame.plot, (width) => {
    if (!shown) return null;
    const { g, l, label, written } = shown;
    const cell = Math.max(CELL.min, Math.min(CELL.max, Math.floor((width - 2 * LEFT - (S - 1) * GAP) / S)));
    const drawnW = Math.max(width, 2 * LEFT + S * cell + (S - 1) * GAP);
    const titleW = Math.min(width, drawnW) - 2 * LEFT;
    const globalTitle = wrapLines(`Global: all ${S} positions eligible; weight on position ${relevant} is ${fmt(g.weights[relevant - 1])}`, titleW, 13, 600);
    const localTitle = wrapLines(`Local window ${written}: only the window is eligible; weight on position ${relevant} is ` +
      `${fmt(l.weights[relevant - 1])}`, titleW, 13, 600);
    const y1 = globalTitle.length * 17 + 6;
    const y2 = y1 + CELL.height + 18 + localTitle.length * 17 + 6;
    const height = y2 + CELL.height + 72;
    const svg = svgImage(drawnW, height, label, 'fig-window', { scrollWidth: drawnW > width });
    svg.append(...textLines(globalTitle, { x: LEFT, y: 14 }).nodes);
    strip(svg, y1, g, relevant, 'global', cell);
    svg.append(...textLines(localTitle, { x: LEFT, y: y1 + CELL.height + 18 + 14 }).nodes);
    const eligible = strip(svg, y2, l, relevant, 'local', cell);
    bracket(svg, y2 + CELL.height + 6, eligible, cell);
    svg.append(axisTitle('source position', { x: Math.min(width, drawnW) / 2, y: height - 8 }));
    return svg;
  });

  async function draw() {
    const start = Number(slider.value);
    const request = `[${start}, ${start + span}]`;
    const local = await work(companion, { model, inputs: { ...inputs, window: request } });
    if (showError(frame, local)) return;
    const g = global.rows[0];
    const l = local.rows[0];
    const inWindow = l.eligible.flatMap((on, i) => (on ? [i + 1] : []));
    const run = inWindow.length ? `${inWindow[0]} to ${inWindow[inWindow.length - 1]}` : 'none';
    const written = request.replace(']', ')');
    readout.textContent = `positions ${run} (window ${written})`;
    const label = `Two strips of ${S} source positions. Global: every position eligible, weights ` +
      `${g.weights.map((w) => fmt(w)).join(', ')}. Local window ${written}: positions ${run} eligible, weights ` +
      `${l.weights.map((w, i) => (l.eligible[i] ? fmt(w) : 'masked')).join(', ')}. The needed value is at position ${relevant}.`;
    shown = { g, l, label, written };
    redraw();
    replace(frame.table, dataTable('Global and local weights per position', ['Position', 'Score', 'Global weight', 'In the window', 'Local weight'],
      g.scores.map((score, i) => [i + 1 === relevant ? `${i + 1} (needed)` : i + 1, fmt(score), fmt(g.weights[i]),
        l.eligible[i] ? 'yes' : 'no', l.eligible[i] ? fmt(l.weights[i]) : '0 (masked)'])));
    frame.figure.dataset.window = request;
    frame.figure.dataset.windowPositions = JSON.stringify(inWindow);
  }
  slider.addEventListener('input', () => { draw(); });
  await draw();
  return frame.figure;
}
