// Shared pieces of the live figures: a <figure> frame with caption, SVGs drawn at the
// width they are given, axes with numeric ticks, and the text alternative (a real
// <table> with the same numbers, in a <details>). Figures only draw: every number comes
// from a core result (companion.work / companion.exercise).
//
// A figure re-lays itself out for the width it has instead of being scaled: its SVG is
// drawn with one unit a CSS pixel (the viewBox is the width it is shown at), so a 12 px
// label is 12 px on a phone as on a laptop; what does not fit is arranged differently
// (panels stacked instead of side by side, fewer or shorter labels), and where cells
// must stay a finger wide the drawing scrolls sideways inside its own region.

import { el, svgEl, clear, uniqueId } from '../ui/dom.mjs';
import { safeCall, errorOf } from '../ui/boot.mjs';
import { barInk, onSchemeChange } from '../ui/ink.mjs';

// The smallest text a figure writes, and the narrowest a cell that holds a number (or is
// touched) may be, in CSS pixels.
export const MIN_TEXT_PX = 12;
export const FINGER_PX = 44;

// The class of a label on a cell filled with --bar at `opacity` (ui/ink.mjs).
export const inkOn = (opacity) => `fig-ink-${barInk(opacity)}`;

// A figure frame: {figure, plot, controls, table, status, notes}.
export function figureFrame({ name, title, caption }) {
  const captionId = uniqueId(`fig-${name}`);
  const plot = el('div', { class: 'figure-plot' });
  const controls = el('div', { class: 'figure-controls' });
  // (It may scroll sideways on a narrow screen, so it is a region the keyboard can reach.)
  const table = el('div', { class: 'figure-table', role: 'region', tabindex: '0', 'aria-label': `${title}: the numbers` });
  const status = el('p', { class: 'figure-status', role: 'status' });
  const notes = el('ol', { class: 'figure-notes', hidden: true });
  const details = el('details', { class: 'figure-data' }, el('summary', {}, 'The numbers as a table'), table);
  const scrollHint = el('p', { class: 'figure-scroll-hint', hidden: true },
    'The drawing is wider than the screen: swipe or scroll it sideways to see all of it.');
  const figure = el('figure', { class: 'live-figure', 'data-figure': name, 'aria-labelledby': captionId },
    el('figcaption', { id: captionId }, el('strong', {}, title), ' ', caption), plot, scrollHint, notes, controls, status, details);
  return { figure, plot, controls, table, status, notes };
}

// Draws render(width) into `holder` at the width the holder has, and again whenever that
// width changes (a turned phone, a resized window, a panel opened) or the colour scheme
// does (labels on shaded cells take their ink from it); render returns one
// node or several. The returned function draws again at once (new numbers). Nothing is
// drawn while the holder is not laid out (a closed panel): the first draw comes when it is.
export function drawAtWidth(holder, render) {
  let drawnAt = 0;
  let queued = false;
  const draw = (force) => {
    const width = Math.floor(holder.clientWidth);
    if (width <= 0 || (!force && width === drawnAt)) return;
    drawnAt = width;
    const nodes = [render(width)].flat().filter(Boolean);
    clear(holder).append(...nodes);
    // A drawing wider than its holder scrolls sideways in it: a region the keyboard can reach.
    const scrolls = nodes.some((node) => Number(node.getAttribute?.('width') ?? 0) > width);
    holder.classList.toggle('figure-scroll', scrolls);
    for (const [name, value] of [['tabindex', '0'], ['role', 'region']]) {
      if (scrolls) holder.setAttribute(name, value);
      else holder.removeAttribute(name);
    }
    if (scrolls) holder.setAttribute('aria-label', 'The drawing (scrolls sideways)');
    else holder.removeAttribute('aria-label');
    const hint = holder.nextElementSibling;
    if (hint?.classList.contains('figure-scroll-hint')) hint.hidden = !scrolls;
  };
  // The drawing changes the holder's height, so it is made on the next frame, outside the
  // observer's callback (a change inside it would be a resize loop).
  new ResizeObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      draw(false);
    });
  }).observe(holder);
  onSchemeChange(() => draw(true));
  return () => draw(true);
}

// An SVG image drawn at one unit a CSS pixel; `label` is what a screen reader announces
// (the table has the detail). `scrollWidth`: the drawing is wider than the space it is
// shown in (it keeps that width, and its holder scrolls). `natural`: the drawing is narrower
// than its holder and keeps its own size beside others (figures.css), never stretched to the
// holder's width.
export function svgImage(width, height, label, className = '', { scrollWidth = false, natural = false } = {}) {
  const w = Math.ceil(width);
  const h = Math.ceil(height);
  const sized = scrollWidth || natural;
  return svgEl('svg', { viewBox: `0 0 ${w} ${h}`, class: `figure-svg ${scrollWidth ? 'figure-svg-wide' : ''} ${className}`.trim(),
    width: sized ? w : undefined, height: sized ? h : undefined,
    role: 'img', 'aria-label': label, preserveAspectRatio: 'xMinYMin meet' }, svgEl('title', {}, label));
}

// How many of `count` panels, each at least `min` px wide and `gap` apart, sit side by side
// in `width`; only counts that divide the panels into full rows are used (4 → 4, 2 or 1).
// -> {columns, panelWidth}.
export function columnsFor(width, count, min, gap, max = Infinity) {
  let columns = 1;
  for (let c = count; c > 1; c -= 1) {
    if (count % c === 0 && c * min + (c - 1) * gap <= width) {
      columns = c;
      break;
    }
  }
  return { columns, panelWidth: Math.min(max, (width - (columns - 1) * gap) / columns) };
}

// The width of a text at a size in the figures' font, measured by the browser.
let measurer = null;
export function textWidth(text, size = 13, weight = 400, family = 'system-ui, sans-serif') {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (!measurer) return String(text).length * size * 0.6;
  measurer.font = `${weight} ${size}px ${family}`;
  return measurer.measureText(String(text)).width;
}

// A text broken into lines no wider than `width` (at words).
export function wrapLines(text, width, size = 13, weight = 400, family = undefined) {
  const lines = [];
  let line = '';
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size, weight, family) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// SVG text of several lines from (x, y) down, `lineHeight` apart. -> {nodes, height}.
export function textLines(lines, { x, y, lineHeight = 17, className = 'fig-title', anchor = 'start' }) {
  const nodes = lines.map((line, i) => svgEl('text', { x, y: y + i * lineHeight, class: className, 'text-anchor': anchor }, line));
  return { nodes, height: lines.length * lineHeight };
}

// A data table: headers is a list of column titles (the first is the row header).
// prose: the cells are sentences (they wrap) rather than numbers.
export function dataTable(caption, headers, rows, { prose = false } = {}) {
  return el('table', { class: prose ? 'working figure-numbers figure-prose' : 'working figure-numbers' }, el('caption', {}, caption),
    el('thead', {}, el('tr', {}, headers.map((title) => el('th', { scope: 'col' }, title)))),
    el('tbody', {}, rows.map(([head, ...cells]) => el('tr', {}, el('th', { scope: 'row' }, String(head)),
      cells.map((cell) => el('td', { class: prose ? 'prose' : 'decimal' }, String(cell)))))));
}

export function replace(holder, ...nodes) {
  clear(holder).append(...nodes.filter(Boolean));
}

// Calls companion.work(request); returns the working or {error}.
export async function work(companion, request) {
  return safeCall(() => companion.work(request));
}

export function showError(frame, result) {
  const problem = errorOf(result);
  frame.status.textContent = problem ? `The core could not compute this figure: ${problem}` : '';
  frame.status.classList.toggle('figure-error', Boolean(problem));
  return problem;
}

// An axis title: under a horizontal axis (centred on x), or rotated beside a vertical one
// (centred on y).
export function axisTitle(text, { x, y, vertical = false }) {
  return svgEl('text', { x, y, 'text-anchor': 'middle', class: 'fig-axis-label',
    transform: vertical ? `rotate(-90 ${x} ${y})` : undefined }, text);
}

// Numeric ticks from 0 to max, `step` apart: "0", "0.2", … (at most 2 decimals).
export function ticksTo(max, step) {
  const ticks = [];
  for (let k = 0; k * step <= max + 1e-9; k += 1) ticks.push(Number((k * step).toFixed(2)));
  return ticks;
}

// A weight axis that starts at the chapter's fixed top (0.8 for its bar charts) and grows in
// steps of `step` only when a variant's weight is larger.
export function fixedTop(values, top, step = 0.2) {
  const largest = Math.max(0, ...values.filter(Number.isFinite));
  return largest <= top ? top : Math.ceil(largest / step - 1e-9) * step;
}

// Room a vertical weight axis takes to the left of a chart (its title and tick labels).
export const Y_AXIS_ROOM = 50;

// Vertical bars for values in [0, max], in the box {x, y, width, height} (the plot area,
// the vertical axis at its left edge): numeric ticks up the side every `step`, the value
// above each bar (when `valueText` gives one), a label under each. xLabel and yLabel
// title the axes. -> SVG nodes.
export function barGroup({ x, y, width, height, values, labels, max = 1, step = 0.2, className = 'bar', valueText, title,
  xLabel, yLabel, tickLabels = true }) {
  const nodes = [];
  const slot = width / values.length;
  const barWidth = Math.min(slot * 0.66, 44);
  if (title) {
    const lines = wrapLines(title, width + Y_AXIS_ROOM - 8, 13, 600);
    nodes.push(...textLines(lines, { x: x - Y_AXIS_ROOM + 8, y: y - 28 - (lines.length - 1) * 17 }).nodes);
  }
  for (const tick of ticksTo(max, step)) {
    const ty = y + height - (tick / max) * height;
    nodes.push(svgEl('line', { x1: x - 4, y1: ty, x2: x + width, y2: ty, class: tick === 0 ? 'fig-axis' : 'fig-grid' }));
    if (tickLabels) nodes.push(svgEl('text', { x: x - 7, y: ty + 4, 'text-anchor': 'end', class: 'fig-tick' }, String(tick)));
  }
  nodes.push(svgEl('line', { x1: x, y1: y - 4, x2: x, y2: y + height, class: 'fig-axis' }));
  if (yLabel) nodes.push(axisTitle(yLabel, { x: x - Y_AXIS_ROOM + 10, y: y + height / 2, vertical: true }));
  if (xLabel) nodes.push(axisTitle(xLabel, { x: x + width / 2, y: y + height + 34 }));
  values.forEach((value, i) => {
    const v = Number.isFinite(value) ? Math.max(0, Math.min(value, max)) : 0;
    const h = (v / max) * height;
    const bx = x + i * slot + (slot - barWidth) / 2;
    nodes.push(
      svgEl('rect', { x: bx.toFixed(2), y: (y + height - h).toFixed(2), width: barWidth.toFixed(2),
        height: h.toFixed(2), class: Array.isArray(className) ? className[i] : className, 'data-value': String(value) }),
      valueText ? svgEl('text', { x: (bx + barWidth / 2).toFixed(2), y: (y + height - h - 5).toFixed(2), class: 'fig-value',
        'text-anchor': 'middle' }, valueText(value, i)) : null,
      svgEl('text', { x: (bx + barWidth / 2).toFixed(2), y: y + height + 16, class: 'fig-label',
        'text-anchor': 'middle' }, labels[i]));
  });
  return nodes.filter(Boolean);
}

// Numbers of the running example (or another exercise) as figure inputs.
export function positionLabels(positions) {
  return positions.map((p, i) => String(p.label ?? i + 1));
}

// Notes keyed to numbered marks in a drawing: the list under it (the frame's <ol>), and a
// numbered disc to place in the SVG. notes: [text, ...].
export function showNotes(frame, notes) {
  frame.notes.replaceChildren(...notes.map((text) => el('li', {}, text)));
  frame.notes.hidden = notes.length === 0;
}
export function noteMark(number, cx, cy) {
  return svgEl('g', { class: 'fig-note-mark', 'aria-hidden': 'true' }, svgEl('circle', { cx, cy, r: 10 }),
    svgEl('text', { x: cx, y: cy + 4.5, 'text-anchor': 'middle' }, String(number)));
}
