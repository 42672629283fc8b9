// Figure: where attention's comparisons sit in a recurrent encoder–decoder. The encoder
// makes its states one after another and keeps them all; each decoder step first needs
// its query (the previous decoder state), then compares it with every kept state (these
// comparisons do not wait for one another), normalises and sums into a context, and only
// then makes the next state, which the next step needs. The sizes (source states n,
// decoder steps t) and the counts come from the core's cost working for the exercise's
// inputs (companion.work with the exercise's cost model); long runs are drawn with an
// ellipsis.

import { svgEl } from '../ui/dom.mjs';
import { figureFrame, svgImage, dataTable, replace, work, showError } from './common.mjs';
import { fmtCount } from '../ui/format.mjs';

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';
const sub = (k) => String(k).replace(/\d/g, (digit) => SUBSCRIPTS[Number(digit)]);
const counted = (count, word) => `${fmtCount(count)} ${word}${Number(count) === 1 ? '' : 's'}`;

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

export async function recurrenceFigure(companion, { model, inputs }) {
  const frame = figureFrame({ name: 'recurrence', title: 'Comparisons side by side, steps in a line.',
    caption: 'Within one decoder step, the query’s comparisons with the kept states need nothing from one another, so they can all be done together. The steps cannot: a step’s query is the state the step before it produced, and the encoder, too, builds its states one at a time.' });
  const result = await work(companion, { model, inputs });
  if (showError(frame, result)) return frame.figure;
  const n = Number(result.inputs?.n);
  const t = Number(result.inputs?.t);
  const count = (name) => result.counts?.find((c) => c.name === name)?.value;
  const dots = count('dot_products');
  const states = shown(n, 4);
  const steps = shown(t, 4);
  const compH = 26;
  const compGap = 6;
  const compTop = 250;
  const compBottom = compTop + states.length * (compH + compGap) - compGap;
  const height = compBottom + 150;
  const svg = svgImage(940, height, `The encoder makes ${n} states one after another and keeps them all. ` +
    `The decoder then takes ${t} steps, one after another: in step k the query is the previous decoder state, it is ` +
    `compared with all ${n} kept states (these comparisons can run at the same time), the weights make a context, and ` +
    `the context with the previous state and token makes the next state, which the next step needs. ` +
    `${fmtCount(dots)} comparisons in all.`, 'fig-recurrence');

  // The encoder: h0 → h1 → … → hn, one update at a time.
  svg.append(svgEl('text', { x: 10, y: 20, class: 'fig-title' }, `Encoder: ${counted(n, 'update')}, each waiting for the one before`));
  const encoder = [0, ...states];
  encoder.forEach((k, i) => {
    const x = 20 + i * 112;
    if (k === null) {
      svg.append(svgEl('text', { x: x + 35, y: 58, 'text-anchor': 'middle', class: 'fig-head' }, '…'));
    } else {
      box(svg, x, 34, 70, 36, k === 0 ? 'fig-state fig-state-start' : 'fig-state', `h${sub(k)}`);
    }
    if (i > 0) arrow(svg, x - 40, 52, x - 2, 52);
  });
  // The kept states: the memory every read uses.
  const memX = 20 + encoder.length * 112;
  const memW = 930 - memX;
  box(svg, memX, 26, memW, 52, 'fig-memory', [`kept: ${states.map((k) => (k === null ? '…' : `h${sub(k)}`)).join(', ')}`,
    'read by every decoder step'], 'fig-box-text');
  arrow(svg, memX - 40, 52, memX - 2, 52);

  // The decoder: t steps in a line; inside each, n comparisons side by side.
  svg.append(svgEl('text', { x: 10, y: 118, class: 'fig-title' },
    `Decoder: ${counted(t, 'step')}, each waiting for the one before; inside a step, ${counted(n, 'comparison')} that need not wait`));
  const cols = steps.length;
  const gap = 44;
  const colW = (920 - (cols - 1) * gap) / cols;
  steps.forEach((k, c) => {
    const x = 10 + c * (colW + gap);
    if (k === null) {
      svg.append(svgEl('text', { x: x + colW / 2, y: compTop + 30, 'text-anchor': 'middle', class: 'fig-head' }, '…'));
      arrow(svg, x + colW / 2 + 20, 181, x + colW + gap + 12, 181, 'fig-wait');
      return;
    }
    svg.append(svgEl('rect', { x, y: 132, width: colW, height: height - 140, rx: 8, class: 'fig-panel', 'data-step': String(k) }),
      svgEl('text', { x: x + 12, y: 154, class: 'fig-title' }, `step ${k}`));
    const inner = colW - 24;
    box(svg, x + 12, 166, inner, 30, 'fig-query', `q${sub(k)} = s${sub(k - 1)}`);
    // The query goes to every comparison at once: a bus with one branch per kept state.
    const lastMid = compTop + (states.length - 1) * (compH + compGap) + compH / 2;
    svg.append(svgEl('line', { x1: x + 22, y1: 196, x2: x + 22, y2: lastMid, class: 'fig-flow-arrow' }));
    states.forEach((j, r) => {
      const y = compTop + r * (compH + compGap);
      if (j === null) {
        svg.append(svgEl('text', { x: x + colW / 2, y: y + 18, 'text-anchor': 'middle', class: 'fig-head' }, '⋮'));
        return;
      }
      arrow(svg, x + 22, y + compH / 2, x + 32, y + compH / 2);
      box(svg, x + 34, y, inner - 44, compH, 'fig-compare', `q${sub(k)} · h${sub(j)}`, 'fig-compare-text');
    });
    // The bracket that says these comparisons can run together.
    const bx = x + colW - 14;
    svg.append(svgEl('path', { d: `M ${bx - 4} ${compTop} h 4 V ${compBottom} h -4`, class: 'fig-parallel' }),
      svgEl('text', { x: bx, y: compTop - 8, 'text-anchor': 'end', class: 'fig-parallel-text' }, 'at the same time'));
    arrow(svg, x + colW / 2, compBottom + 2, x + colW / 2, compBottom + 20);
    box(svg, x + 12, compBottom + 22, inner, 30, 'fig-context', `weights → c${sub(k)}`);
    arrow(svg, x + colW / 2, compBottom + 52, x + colW / 2, compBottom + 70);
    box(svg, x + 12, compBottom + 72, inner, 44, 'fig-update', `s${sub(k - 1)}, y${sub(k - 1)}, c${sub(k)} → s${sub(k)}`);
    // The new state is the next step's query: the step after this one has to wait for it.
    if (c < cols - 1) {
      const y1 = compBottom + 94;
      const xm = x + colW + gap / 2;
      svg.append(svgEl('polyline', { points: `${x + colW - 12},${y1} ${xm},${y1} ${xm},181`, class: 'fig-wait' }),
        svgEl('text', { x: xm, y: y1 + 18, 'text-anchor': 'middle', class: 'fig-label' }, steps[c + 1] === null ? '…' : `s${sub(k)}`));
      arrow(svg, xm, 181, x + colW + gap + 12, 181, 'fig-wait');
    }
  });
  replace(frame.plot, svg);

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
