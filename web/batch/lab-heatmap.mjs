// The batch lab's heatmap (lab-batch.html): the weights of one batch item and head, one row
// a target, one column a source, counted from 1 as in the chapter, drawn on a canvas at one
// canvas unit a CSS pixel (sharp on any screen), so its labels stay at 12 px: a small batch
// gets cells a finger wide with their weights written in them, and a map wider than the
// screen scrolls sideways in its own region. A legend under it gives the colour scale from
// 0 to the largest weight and grey for a masked source (weight exactly 0). The same numbers
// are in a table beside it. Every number comes from the core or the GPU kernels.

import { el, clear } from '../ui/dom.mjs';
import { inkFor } from '../ui/ink.mjs';

const fmt = (x, digits = 4) => (Number.isFinite(x) ? x.toFixed(digits) : String(x));
const field = (id) => document.getElementById(id);

// Colour of a weight: exact zeros (masked) grey, otherwise white to dark blue; the number
// written on a cell is dark on light cells and white on dark ones.
const MASKED = '#c9ced6';
function shade(weight, top) {
  const x = Math.min(1, weight / top);
  return [247 - x * (247 - 16), 251 - x * (251 - 63), 255 - x * (255 - 122)].map(Math.round);
}
const colourOf = (weight, top) => (weight === 0 ? MASKED : `rgb(${shade(weight, top).join(', ')})`);
const inkOn = (weight, top) => (weight === 0 || inkFor(shade(weight, top)) === 'dark' ? '#000000' : '#ffffff');

// Every k-th tick, so that labels stay `gap` pixels apart.
const tickStep = (size, gap) => Math.max(1, Math.ceil(gap / Math.max(size, 1)));

const HEAT = { left: 44, top: 8, axis: 44, legend: 64, finger: 44 };
const FONT = '12px system-ui, sans-serif';

// Cell sizes: a finger wide where the shape is small enough to read cell by cell.
function cellSize(T, S) {
  const cw = S <= 12 ? HEAT.finger : Math.max(2, Math.min(40, Math.floor(560 / S)));
  const ch = T <= 16 ? 30 : Math.max(2, Math.min(30, Math.floor(320 / T)));
  return { cw, ch };
}

// Draws item b, head h (0-based indices) of the run's weights.
export function drawHeatmap(result, b, h) {
  const { cpu } = result;
  const { T, S, H } = cpu.shape;
  const gpuWeights = result.gpu.reference?.weights;
  const weights = gpuWeights ?? cpu.weights;
  const canvas = field('heatmap');
  const { cw, ch } = cellSize(T, S);
  const width = Math.max(HEAT.left + cw * S + 12, 300);
  const height = HEAT.top + ch * T + HEAT.axis + HEAT.legend;
  const ratio = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.style.width = `${width}px`; // CSSOM, allowed by a strict style-src
  canvas.style.height = `${height}px`;
  const g = canvas.getContext('2d');
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, width, height);
  const base = (b * H + h) * T * S;
  let top = 0;
  for (let i = 0; i < T * S; i += 1) top = Math.max(top, weights[base + i]);
  top ||= 1;
  const numbers = cw >= 40 && ch >= 18;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.font = FONT;
  for (let t = 0; t < T; t += 1) {
    for (let s = 0; s < S; s += 1) {
      const w = weights[base + t * S + s];
      const x = HEAT.left + s * cw;
      const y = HEAT.top + t * ch;
      g.fillStyle = colourOf(w, top);
      g.fillRect(x, y, cw, ch);
      if (numbers) {
        g.fillStyle = inkOn(w, top);
        g.fillText(w === 0 ? '0' : w.toFixed(2), x + cw / 2, y + ch / 2);
      }
    }
  }
  if (cw >= 6 && ch >= 6) { // cell borders where they can be seen
    g.strokeStyle = '#ffffff';
    g.lineWidth = 1;
    for (let s = 1; s < S; s += 1) g.strokeRect(HEAT.left + s * cw, HEAT.top, 0, ch * T);
    for (let t = 1; t < T; t += 1) g.strokeRect(HEAT.left, HEAT.top + t * ch, cw * S, 0);
  }
  // Axes, counted from 1: source s along the bottom, target t down the left.
  g.fillStyle = '#1b1f24';
  const sStep = tickStep(cw, 30);
  for (let s = 0; s < S; s += sStep) g.fillText(String(s + 1), HEAT.left + s * cw + cw / 2, HEAT.top + ch * T + 12);
  g.textAlign = 'right';
  const tStep = tickStep(ch, 16);
  for (let t = 0; t < T; t += tStep) g.fillText(String(t + 1), HEAT.left - 6, HEAT.top + t * ch + ch / 2);
  g.textAlign = 'center';
  g.font = `600 ${FONT}`;
  g.fillText('source s', HEAT.left + (cw * S) / 2, HEAT.top + ch * T + 32);
  g.save();
  g.translate(12, HEAT.top + (ch * T) / 2);
  g.rotate(-Math.PI / 2);
  g.fillText('target t', 0, 0);
  g.restore();
  // Legend, under the map: the colour scale from 0 to the largest weight, then the masked swatch.
  const ly = HEAT.top + ch * T + HEAT.axis + 4;
  const barW = 120;
  for (let i = 0; i < barW; i += 1) {
    g.fillStyle = colourOf(Math.max(1e-12, (top * i) / (barW - 1)), top);
    g.fillRect(8 + i, ly, 1, 14);
  }
  g.strokeStyle = '#5f6b76';
  g.strokeRect(8, ly, barW, 14);
  g.fillStyle = '#1b1f24';
  g.font = FONT;
  g.textAlign = 'left';
  g.fillText('0', 8, ly + 26);
  g.textAlign = 'right';
  g.fillText(`${fmt(top, 3)} (largest)`, 8 + barW, ly + 26);
  g.textAlign = 'left';
  g.fillStyle = MASKED;
  g.fillRect(8 + barW + 24, ly, 14, 14);
  g.strokeRect(8 + barW + 24, ly, 14, 14);
  g.fillStyle = '#1b1f24';
  g.fillText('masked: 0', 8 + barW + 44, ly + 8);

  const source = gpuWeights ? 'the WebGPU reference kernel' : 'the WASM core';
  const length = cpu.mask.lengths?.[b];
  const item = b + 1;
  const padding = Number.isInteger(length) && length < S
    ? (length === 0 ? `Item ${item} has no source at all (length 0): every row is all masked, so its weights are all 0 and the row is flagged.`
      : `Item ${item} has length ${length} of ${S}: ${length + 1 === S ? `source ${S} is` : `sources ${length + 1}–${S} are`} ` +
        'padding, so every row gives them weight 0.')
    : `Item ${item} uses all ${S} sources (no padding).`;
  field('view-mask').textContent = padding;
  canvas.setAttribute('aria-label', `Heatmap of the weights of batch item ${item}, head ${h + 1}: ${T} target rows by ${S} source ` +
    `columns, drawn from ${source}. ${padding} The largest weight is ${fmt(top, 3)}.`);
  field('heatmap-caption').textContent = `Rows: targets t = 1…${T}; columns: sources s = 1…${S}. ` +
    `Darker is heavier (darkest = ${fmt(top)}); grey cells are exactly 0 (masked).` +
    `${numbers ? ' Each cell shows its weight to 2 decimals.' : ''} Drawn from ${source}.`;
  weightsTable(weights, base, T, S);
}

function row(cells, header = false) {
  return el('tr', {}, ...cells.map((c) => el(header ? 'th' : 'td', header ? { scope: 'col' } : {}, c)));
}

export function table(node, headers, rows) {
  clear(node);
  node.append(el('thead', {}, row(headers, true)), el('tbody', {}, ...rows));
}
export { row };

// The heatmap's numbers as a table (one row a target, one column a source), for those who
// cannot see the canvas; a large batch shows its first rows and columns and says so.
const TABLE_MAX = { rows: 64, columns: 32 };
function weightsTable(weights, base, T, S) {
  const rows = Math.min(T, TABLE_MAX.rows);
  const columns = Math.min(S, TABLE_MAX.columns);
  const body = [];
  for (let t = 0; t < rows; t += 1) {
    const cells = [String(t + 1)];
    for (let s = 0; s < columns; s += 1) {
      const w = weights[base + t * S + s];
      cells.push(w === 0 ? '0 (masked)' : w.toFixed(4));
    }
    body.push(row(cells));
  }
  table(field('weights-table'), ['target t / source s', ...Array.from({ length: columns }, (_, s) => String(s + 1))], body);
  field('weights-note').textContent = rows < T || columns < S
    ? `The first ${rows} targets and ${columns} sources of ${T} × ${S}; a 0 marked masked is exactly 0.`
    : 'Every weight of this item and head; a 0 marked masked is exactly 0 (its source is masked for that target).';
}
