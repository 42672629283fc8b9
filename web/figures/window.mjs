// Figure: a global vs a local window strip over one row of scores. Top: every
// position eligible; bottom: only the window [start, end) (1-based, the end excluded),
// whose positions are highlighted and bracketed. The position that holds the needed
// value is outlined. A slider moves the window; every weight and every position's
// eligibility comes from companion.work (the batch model the exercise declares).
// A cell stays at least a finger wide; on a screen too narrow for the whole strip on one
// line, each strip takes two lines or more, so that every position (the needed one too) is
// on the screen.

import { el, svgEl } from '../ui/dom.mjs';
import { figureFrame, svgImage, dataTable, replace, work, showError, axisTitle, inkOn, drawAtWidth, wrapLines, textLines,
  textWidth, FINGER_PX } from './common.mjs';
import { fmt } from '../ui/format.mjs';

const LEFT = 4;
const GAP = 6;
const CELL = { min: FINGER_PX + 2, max: 84, height: 56 };
// Between two lines of cells, where a strip does not fit across the screen: room for the
// window's bracket and its words under the first.
const LINE_GAP = 40;

function windowOf(text) {
  const match = /^\s*\[\s*(\d+)\s*,\s*(\d+)\s*\]\s*$/.exec(String(text ?? ''));
  return match ? [Number(match[1]), Number(match[2])] : null;
}

// The cells of a strip in lines of `perRow`: position i (from 0) at column i % perRow of
// line floor(i / perRow). -> {x, y} of its top left corner, from the strip's top at y.
const cellAt = (i, y, cell, perRow) => ({
  x: LEFT + (i % perRow) * (cell + GAP),
  y: y + Math.floor(i / perRow) * (CELL.height + LINE_GAP),
});

// One strip of cells at y. -> the 1-based positions it shows as eligible.
function strip(svg, y, row, relevant, kind, cell, perRow) {
  const max = Math.max(...row.weights, 1e-9);
  const opacityOf = (w) => 0.12 + 0.88 * (w / max);
  const eligiblePositions = [];
  const wide = cell >= 64;
  row.weights.forEach((w, i) => {
    const { x, y: top } = cellAt(i, y, cell, perRow);
    const eligible = row.eligible?.[i] !== false;
    if (eligible) eligiblePositions.push(i + 1);
    svg.append(svgEl('rect', { x, y: top, width: cell, height: CELL.height, rx: 4, 'data-position': String(i + 1), 'data-strip': kind,
      class: eligible ? 'fig-cell fig-eligible' : 'fig-cell fig-cell-off', 'fill-opacity': eligible ? opacityOf(w).toFixed(3) : undefined }));
    if (i + 1 === relevant) {
      svg.append(svgEl('rect', { x: x - 3, y: top - 3, width: cell + 6, height: CELL.height + 6, rx: 6, class: 'fig-relevant' }));
    }
    const dark = eligible ? ` ${inkOn(opacityOf(w))}` : '';
    svg.append(svgEl('text', { x: x + cell / 2, y: top + 22, 'text-anchor': 'middle', class: `fig-cell-label${dark}` }, wide ? `pos ${i + 1}` : String(i + 1)),
      svgEl('text', { x: x + cell / 2, y: top + 42, 'text-anchor': 'middle', class: `fig-cell-value${dark}` },
        eligible ? fmt(w, wide ? 3 : 2) : wide ? 'masked' : '0'));
  });
  return eligiblePositions;
}

// The bracket under the eligible run of the local strip (under each line it spans), with what
// it spans written under its last piece. y: the bottom of the strip's first line; width: the
// drawing's.
function bracket(svg, y, positions, cell, perRow, width) {
  if (positions.length === 0) return;
  const first = positions[0];
  const last = positions[positions.length - 1];
  const lines = new Map();
  for (const position of positions) {
    const line = Math.floor((position - 1) / perRow);
    const { x } = cellAt(position - 1, 0, cell, perRow);
    const run = lines.get(line) ?? { x1: x, x2: x + cell };
    lines.set(line, { x1: Math.min(run.x1, x), x2: Math.max(run.x2, x + cell) });
  }
  let textAt = null;
  for (const [line, { x1, x2 }] of lines) {
    const by = y + line * (CELL.height + LINE_GAP);
    svg.append(svgEl('path', { d: `M ${x1} ${by} v 8 H ${x2} v -8`, class: 'fig-window-bracket' }));
    textAt = { x: (x1 + x2) / 2, y: by + 24 };
  }
  // Centred under the bracket's last piece, and kept within the drawing.
  const text = first === last ? `the window: position ${first}` : `the window: positions ${first}–${last}`;
  const w = textWidth(text, 13, 600);
  const x = Math.max(LEFT, Math.min(textAt.x - w / 2, width - LEFT - w));
  svg.append(svgEl('text', { x, y: textAt.y, class: 'fig-window-text' }, text));
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
    // Every cell a finger wide and the whole strip on the screen: where S cells do not fit on
    // one line, the strip takes two or more lines of (nearly) equal length.
    const fits = Math.max(1, Math.floor((width - 2 * LEFT + GAP) / (CELL.min + GAP)));
    const lines = Math.ceil(S / fits);
    const perRow = Math.ceil(S / lines);
    const cell = Math.max(CELL.min, Math.min(CELL.max, Math.floor((width - 2 * LEFT - (perRow - 1) * GAP) / perRow)));
    const drawnW = Math.max(width, 2 * LEFT + perRow * cell + (perRow - 1) * GAP);
    const titleW = Math.min(width, drawnW) - 2 * LEFT;
    const stripH = lines * CELL.height + (lines - 1) * LINE_GAP;
    const globalTitle = wrapLines(`Global: all ${S} positions eligible; weight on position ${relevant} is ${fmt(g.weights[relevant - 1])}`, titleW, 13, 600);
    const localTitle = wrapLines(`Local window ${written}: only the window is eligible; weight on position ${relevant} is ` +
      `${fmt(l.weights[relevant - 1])}`, titleW, 13, 600);
    const y1 = globalTitle.length * 17 + 6;
    const y2 = y1 + stripH + 18 + localTitle.length * 17 + 6;
    const height = y2 + stripH + 72;
    const svg = svgImage(drawnW, height, label, 'fig-window', { scrollWidth: drawnW > width });
    svg.append(...textLines(globalTitle, { x: LEFT, y: 14 }).nodes);
    strip(svg, y1, g, relevant, 'global', cell, perRow);
    svg.append(...textLines(localTitle, { x: LEFT, y: y1 + stripH + 18 + 14 }).nodes);
    const eligible = strip(svg, y2, l, relevant, 'local', cell, perRow);
    bracket(svg, y2 + CELL.height + 6, eligible, cell, perRow, drawnW);
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
