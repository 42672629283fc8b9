// Figure 14.2: where attention's comparisons sit in a recurrent encoder–decoder. The
// encoder makes its states one after another and keeps them all; each decoder step first
// needs its query (the previous decoder state), then compares it with every kept state
// (these comparisons do not wait for one another), normalises and sums into a context,
// and only then makes the next state, which the next step needs. The sizes (source states
// n, decoder steps t) and the counts come from the core's cost working for the exercise's
// inputs (companion.work with the exercise's cost model); long runs are drawn with an
// ellipsis. The chapter's three notes on the figure are numbered marks in the drawing and
// a list under it. The steps sit side by side where there is room and one under another
// where not.

import { svgEl } from '../ui/dom.mjs';
import { figureFrame, svgImage, dataTable, replace, work, showError, drawAtWidth, wrapLines, textLines, noteMark,
  showNotes } from './common.mjs';
import { fmtCount } from '../ui/format.mjs';

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';
const sub = (k) => String(k).replace(/\d/g, (digit) => SUBSCRIPTS[Number(digit)]);
const counted = (count, word) => `${fmtCount(count)} ${word}${Number(count) === 1 ? '' : 's'}`;

// The chapter's notes on Figure 14.2, in the companion's words (marks 1 to 3 in the drawing).
const NOTES = [
  'A state the encoder saved early reaches the read directly: on its way to the context it no longer goes through every encoder update that came after it.',
  'Teacher forcing hands the decoder the correct previous tokens, not its future states: even in training, each decoder state still waits for the one before it.',
  'When the model generates, the next input token must also be chosen before the next step can start: one more thing to wait for.',
];

const COMP = { h: 26, gap: 6 };
const MIN_COLUMN = 176;
const COLUMN_GAP = 44;

// The indices to draw out of 1..count: all when few, else the first two, a gap, the last.
function shown(count, most) {
  if (count <= most) return Array.from({ length: count }, (_, i) => i + 1);
  return [1, 2, null, count];
}

// A box with one line of text, or several (a list).
function box(svg, x, y, w, h, className, text, textClass = 'fig-box-text') {
  const lines = Array.isArray(text) ? text : [text];
  svg.append(svgEl('rect', { x, y, width: w, height: h, rx: 5, class: className }),
    ...lines.map((line, i) => svgEl('text', { x: x + w / 2, y: y + h / 2 + 4 + (i - (lines.length - 1) / 2) * 15,
      'text-anchor': 'middle', class: textClass }, line)));
}

function arrow(svg, x1, y1, x2, y2, className = 'fig-flow-arrow') {
  svg.append(svgEl('line', { x1, y1, x2, y2, class: className }));
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const head = (da) => `${(x2 - 8 * Math.cos(angle + da)).toFixed(1)},${(y2 - 8 * Math.sin(angle + da)).toFixed(1)}`;
  svg.append(svgEl('polygon', { points: `${x2},${y2} ${head(0.45)} ${head(-0.45)}`, class: `${className} fig-arrow-head` }));
}

// One decoder step's panel at (x, y), w wide. -> {queryMid, updateMid, bottom}.
function stepPanel(svg, x, y, w, k, states, { first }) {
  const inner = w - 24;
  const compTop = y + 96;
  const compBottom = compTop + states.length * (COMP.h + COMP.gap) - COMP.gap;
  const bottom = compBottom + 126;
  svg.append(svgEl('rect', { x, y, width: w, height: bottom - y, rx: 8, class: 'fig-panel', 'data-step': String(k) }),
    svgEl('text', { x: x + 12, y: y + 22, class: 'fig-title' }, `step ${k}`));
  box(svg, x + 12, y + 34, inner, 30, 'fig-query', `q${sub(k)} = s${sub(k - 1)}`);
  // The query goes to every comparison at once: a bus with one branch per kept state.
  const lastMid = compTop + (states.length - 1) * (COMP.h + COMP.gap) + COMP.h / 2;
  svg.append(svgEl('line', { x1: x + 22, y1: y + 64, x2: x + 22, y2: lastMid, class: 'fig-flow-arrow' }));
  states.forEach((j, r) => {
    const cy = compTop + r * (COMP.h + COMP.gap);
    if (j === null) {
      svg.append(svgEl('text', { x: x + w / 2, y: cy + 18, 'text-anchor': 'middle', class: 'fig-head' }, '⋮'));
      return;
    }
    arrow(svg, x + 22, cy + COMP.h / 2, x + 32, cy + COMP.h / 2);
    box(svg, x + 34, cy, inner - 44, COMP.h, 'fig-compare', `q${sub(k)} · h${sub(j)}`, 'fig-compare-text');
  });
  // The bracket that says these comparisons can run together.
  const bx = x + w - 14;
  svg.append(svgEl('path', { d: `M ${bx - 4} ${compTop} h 4 V ${compBottom} h -4`, class: 'fig-parallel' }),
    svgEl('text', { x: bx, y: compTop - 10, 'text-anchor': 'end', class: 'fig-parallel-text' }, 'at the same time'));
  arrow(svg, x + w / 2, compBottom + 2, x + w / 2, compBottom + 20);
  box(svg, x + 12, compBottom + 22, inner, 30, 'fig-context', `weights → c${sub(k)}`);
  arrow(svg, x + w / 2, compBottom + 52, x + w / 2, compBottom + 70);
  box(svg, x + 12, compBottom + 72, inner, 44, 'fig-update', `s${sub(k - 1)}, y${sub(k - 1)}, c${sub(k)} → s${sub(k)}`);
  if (first) svg.append(noteMark(2, x + w - 12, compBottom + 72));
  return { queryMid: y + 49, updateMid: compBottom + 94, bottom };
}

export async function recurrenceFigure(companion, { model, inputs }) {
  const frame = figureFrame({ name: 'recurrence', title: 'Comparisons side by side, steps in a line.',
    caption: 'Within one decoder step, the query’s comparisons with the kept states need nothing from one another, so they can all be done together. The steps cannot: a step’s query is the state the step before it produced, and the encoder, too, builds its states one at a time. The numbered marks refer to the notes under the drawing.' });
  const result = await work(companion, { model, inputs });
  if (showError(frame, result)) return frame.figure;
  const n = Number(result.inputs?.n);
  const t = Number(result.inputs?.t);
  const count = (name) => result.counts?.find((c) => c.name === name)?.value;
  const dots = count('dot_products');
  const states = shown(n, 4);
  const steps = shown(t, 4);
  const label = `The encoder makes ${n} states one after another and keeps them all. ` +
    `The decoder then takes ${t} steps, one after another: in step k the query is the previous decoder state, it is ` +
    `compared with all ${n} kept states (these comparisons can run at the same time), the weights make a context, and ` +
    `the context with the previous state and token makes the next state, which the next step needs. ` +
    `${fmtCount(dots)} comparisons in all. Notes: ${NOTES.map((note, i) => `${i + 1}, ${note}`).join(' ')}`;
  showNotes(frame, NOTES);

  drawAtWidth(frame.plot, (width) => {
    const svg = svgImage(width, 10, label, 'fig-recurrence');
    // The encoder: h0 → h1 → … → hn, one update at a time; then the kept states.
    const encoderTitle = wrapLines(`Encoder: ${counted(n, 'update')}, each waiting for the one before`, width - 4, 13, 600);
    svg.append(...textLines(encoderTitle, { x: 2, y: 16 }).nodes);
    const encoder = [0, ...states];
    let y = encoderTitle.length * 17 + 10;
    const chainMax = (width >= 700 ? width * 0.55 : width) - 4;
    const arrowGap = width >= 700 ? 34 : 24;
    const boxW = Math.max(36, Math.min(70, (chainMax - (encoder.length - 1) * arrowGap) / encoder.length));
    const step = boxW + arrowGap;
    encoder.forEach((k, i) => {
      const x = 2 + i * step;
      if (k === null) svg.append(svgEl('text', { x: x + boxW / 2, y: y + 24, 'text-anchor': 'middle', class: 'fig-head' }, '…'));
      else box(svg, x, y, boxW, 36, k === 0 ? 'fig-state fig-state-start' : 'fig-state', `h${sub(k)}`);
      if (i > 0) arrow(svg, x - arrowGap + 4, y + 18, x - 3, y + 18);
    });
    const kept = [`kept: ${states.map((k) => (k === null ? '…' : `h${sub(k)}`)).join(', ')}`, 'read by every decoder step'];
    const chainEnd = 2 + encoder.length * step - arrowGap;
    let memX;
    let memY;
    let memW;
    if (width - chainEnd - 40 >= 190) {
      memX = chainEnd + 40;
      memY = y - 8;
      memW = Math.min(320, width - memX - 14);
      arrow(svg, chainEnd + 4, y + 18, memX - 2, y + 18);
      y += 60;
    } else {
      memX = 2;
      memY = y + 52;
      memW = width - 16;
      arrow(svg, width / 2, y + 38, width / 2, memY - 2);
      y = memY + 66;
    }
    box(svg, memX, memY, memW, 52, 'fig-memory', kept, 'fig-box-text');
    svg.append(noteMark(1, memX + memW, memY));

    // The decoder: t steps in a line, or one under another; inside each, n comparisons side by side.
    const decoderTitle = wrapLines(`Decoder: ${counted(t, 'step')}, each waiting for the one before; inside a step, ` +
      `${counted(n, 'comparison')} that need not wait`, width - 4, 13, 600);
    svg.append(...textLines(decoderTitle, { x: 2, y: y + 16 }).nodes);
    y += decoderTitle.length * 17 + 12;
    // All the steps in a line where they fit, else two a row (a tablet), else one a row.
    const columns = [steps.length, 2, 1].find((c) => c === 1
      || (c <= steps.length && (width - 4 - (c - 1) * COLUMN_GAP) / c >= MIN_COLUMN));
    const colW = columns > 1 ? (width - 4 - (columns - 1) * COLUMN_GAP) / columns : Math.min(width - 4, 420);
    const panelH = 96 + states.length * (COMP.h + COMP.gap) - COMP.gap + 126;
    const rowGap = 56;
    let bottom = y;
    let previous = null;
    let markedWait = false;
    const markWait = (cx, cy) => {
      if (!markedWait) svg.append(noteMark(3, cx, cy));
      markedWait = true;
    };
    steps.forEach((k, c) => {
      const row = Math.floor(c / columns);
      const x = 2 + (c % columns) * (colW + COLUMN_GAP);
      const top = y + row * (panelH + rowGap);
      const cx = x + colW / 2;
      if (k === null) {
        svg.append(svgEl('text', { x: cx, y: top + panelH / 2, 'text-anchor': 'middle', class: 'fig-head' }, columns > 1 ? '…' : '⋮'));
        previous = { skipped: true, row };
        return;
      }
      const at = stepPanel(svg, x, top, colW, k, states, { first: c === 0 });
      // The new state is the next step's query: the step after one has to wait for it.
      if (previous && previous.row === row) {
        const xm = x - COLUMN_GAP / 2;
        if (!previous.skipped) {
          svg.append(svgEl('polyline', { points: `${previous.right},${previous.updateMid} ${xm},${previous.updateMid} ${xm},${at.queryMid}`, class: 'fig-wait' }),
            svgEl('text', { x: xm, y: previous.updateMid + 18, 'text-anchor': 'middle', class: 'fig-label' }, `s${sub(previous.k)}`));
          markWait(xm, (previous.updateMid + at.queryMid) / 2);
        }
        arrow(svg, xm, at.queryMid, x + 12, at.queryMid, 'fig-wait');
      } else if (previous) {
        // Down to the next row: from under the step before, across, and into this step's query.
        const from = previous.skipped ? null : previous;
        const midY = top - rowGap / 2;
        if (from) {
          svg.append(svgEl('polyline', { points: `${from.cx},${from.bottom} ${from.cx},${midY} ${cx},${midY} ${cx},${top + 20}`, class: 'fig-wait' }),
            svgEl('text', { x: from.cx + 8, y: from.bottom + 18, class: 'fig-label' }, `s${sub(from.k)}`));
          markWait((from.cx + cx) / 2 || cx + 40, midY);
        }
        arrow(svg, cx, top + 8, cx, top + 34, 'fig-wait');
      }
      previous = { ...at, right: x + colW - 12, cx, row, k };
      bottom = Math.max(bottom, at.bottom);
    });
    const height = bottom + 10;
    svg.setAttribute('viewBox', `0 0 ${width} ${Math.ceil(height)}`);
    return svg;
  });

  const tableSteps = t <= 12 ? Array.from({ length: t }, (_, i) => i + 1) : [1, 2, null, t];
  replace(frame.table, dataTable('The order of the work: what each step needs before it can start',
    ['Stage', 'Needs first', 'Then, with no waiting between them', 'Produces'],
    [['Encoder', `the previous state, for each of ${counted(n, 'update')} in turn`, '', counted(n, 'kept state')],
      ...tableSteps.map((k) => (k === null ? ['…', '', '', ''] : [`Decoder step ${k}`,
        `its query q${sub(k)} = s${sub(k - 1)} (${k === 1 ? 'the decoder’s starting state' : 'the state the previous step made'})`,
        `${counted(n, 'comparison')} q${sub(k)} · h${sub(1)} … q${sub(k)} · h${sub(n)}`,
        `context c${sub(k)}; then, with s${sub(k - 1)} and the previous token y${sub(k - 1)}, state s${sub(k)}`])),
      ['All steps', '', `${counted(dots, 'comparison')} (each ${counted(count('multiplications_per_dot'), 'multiplication')} and ` +
        `${counted(count('additions_per_dot'), 'addition')})`, '']], { prose: true }));
  frame.figure.dataset.sizes = JSON.stringify({ n, t, comparisons: dots });
  return frame.figure;
}
