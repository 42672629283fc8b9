// Shared pieces of the live figures: a <figure> frame with caption, an SVG
// that is an image with a short label, and the text alternative (a real
// <table> with the same numbers, in a <details>). Figures only draw: every
// number comes from a core result (companion.work / companion.exercise).

import { el, svgEl, clear, uniqueId } from '../ui/dom.mjs';
import { safeCall, errorOf } from '../ui/boot.mjs';
import { barInk } from '../ui/ink.mjs';

// The smallest label a figure may show, in CSS pixels; below it the figure gives way to
// its table.
export const MIN_LABEL_PX = 12;

// Where the figure's SVG, scaled to the width it has, would write a label smaller than
// MIN_LABEL_PX (a phone, a narrow window), the figure switches to its table: the drawing is
// hidden, the table opened, and a note says why. Wide again, the drawing comes back.
function fitToWidth(figure, plot, details) {
  const check = () => {
    const svg = plot.querySelector('svg.figure-svg');
    const viewWidth = svg?.viewBox?.baseVal?.width;
    if (!svg || !viewWidth) return;
    if (!svg.dataset.minFont) {
      const sizes = [...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize))
        .filter((size) => size > 0);
      if (!sizes.length) return;
      svg.dataset.minFont = String(Math.min(...sizes));
    }
    // (The drawing has the figure's width inside its padding; a twentieth of a pixel is rounding.)
    const style = getComputedStyle(figure);
    const inner = figure.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const scale = Math.min(1, inner / viewWidth);
    const narrow = Number(svg.dataset.minFont) * scale < MIN_LABEL_PX - 0.05;
    if (narrow && !figure.classList.contains('figure-narrow')) details.open = true;
    figure.classList.toggle('figure-narrow', narrow);
  };
  // Only a change of width matters; the switch itself changes the figure's height, so it
  // is made on the next frame, outside the observer's callback.
  let width = null;
  new ResizeObserver(() => {
    if (figure.clientWidth === width) return;
    width = figure.clientWidth;
    requestAnimationFrame(check);
  }).observe(figure);
  new MutationObserver(() => requestAnimationFrame(check)).observe(plot, { childList: true });
}

// The class of a label on a cell filled with --bar at `opacity` (ui/ink.mjs).
export const inkOn = (opacity) => `fig-ink-${barInk(opacity)}`;

// A figure frame: {figure, plot, controls, table, status}.
export function figureFrame({ name, title, caption }) {
  const captionId = uniqueId(`fig-${name}`);
  const plot = el('div', { class: 'figure-plot' });
  const controls = el('div', { class: 'figure-controls' });
  // (It may scroll sideways on a narrow screen, so it is a region the keyboard can reach.)
  const table = el('div', { class: 'figure-table', role: 'region', tabindex: '0', 'aria-label': `${title}: the numbers` });
  const status = el('p', { class: 'figure-status', role: 'status' });
  const details = el('details', { class: 'figure-data' }, el('summary', {}, 'The numbers as a table'), table);
  const figure = el('figure', { class: 'live-figure', 'data-figure': name, 'aria-labelledby': captionId },
    el('figcaption', { id: captionId }, el('strong', {}, title), ' ', caption),
    plot, el('p', { class: 'figure-narrow-note' }, 'At this width the drawing’s labels would be too small ' +
      'to read, so its numbers are shown in the table below. On a wider screen the drawing returns.'),
    controls, status, details);
  fitToWidth(figure, plot, details);
  return { figure, plot, controls, table, status };
}

// An SVG image; `label` is what a screen reader announces (the table has the detail).
export function svgImage(width, height, label, className = '') {
  return svgEl('svg', { viewBox: `0 0 ${width} ${height}`, class: `figure-svg ${className}`.trim(),
    role: 'img', 'aria-label': label, preserveAspectRatio: 'xMidYMid meet' }, svgEl('title', {}, label));
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

// Vertical bars for values in [0, max]: returns SVG elements placed in the box
// {x, y, width, height}; labels under each bar, the value above it. xLabel and yLabel
// title the axes (the vertical axis is drawn when yLabel or yAxis is given).
export function barGroup({ x, y, width, height, values, labels, max = 1, className = 'bar', valueText, title,
  xLabel, yLabel, yAxis = Boolean(yLabel) }) {
  const nodes = [];
  const slot = width / values.length;
  const barWidth = Math.min(slot * 0.66, 44);
  if (title) nodes.push(svgEl('text', { x: x + width / 2, y: y - 36, class: 'fig-title', 'text-anchor': 'middle' }, title));
  nodes.push(svgEl('line', { x1: x, y1: y + height, x2: x + width, y2: y + height, class: 'fig-axis' }));
  if (yAxis) nodes.push(svgEl('line', { x1: x, y1: y - 8, x2: x, y2: y + height, class: 'fig-axis' }));
  if (yLabel) nodes.push(axisTitle(yLabel, { x: x - 12, y: y + height / 2, vertical: true }));
  if (xLabel) nodes.push(axisTitle(xLabel, { x: x + width / 2, y: y + height + 34 }));
  values.forEach((value, i) => {
    const v = Number.isFinite(value) ? Math.max(0, Math.min(value, max)) : 0;
    const h = (v / max) * height;
    const bx = x + i * slot + (slot - barWidth) / 2;
    nodes.push(
      svgEl('rect', { x: bx.toFixed(2), y: (y + height - h).toFixed(2), width: barWidth.toFixed(2),
        height: h.toFixed(2), class: Array.isArray(className) ? className[i] : className, 'data-value': String(value) }),
      svgEl('text', { x: (bx + barWidth / 2).toFixed(2), y: (y + height - h - 4).toFixed(2), class: 'fig-value',
        'text-anchor': 'middle' }, valueText ? valueText(value, i) : String(value)),
      svgEl('text', { x: (bx + barWidth / 2).toFixed(2), y: y + height + 15, class: 'fig-label',
        'text-anchor': 'middle' }, labels[i]));
  });
  return nodes;
}

// Numbers of the running example (or another exercise) as figure inputs.
export function positionLabels(positions) {
  return positions.map((p, i) => String(p.label ?? i + 1));
}
