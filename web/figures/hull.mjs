// Figure: three values in 2-D and the context their weights make. The learner
// sets the three weights (sliders, or by dragging the weight bars); the core
// computes the context, the weight sum, the coordinate ranges of the values
// and whether the context lies inside them (companion.work, with the read model
// the exercise declares).
// Weights that do not sum to one are allowed on purpose: the core then reports
// it, and the point can leave the triangle.

import { el, svgEl } from '../ui/dom.mjs';
import { figureFrame, svgImage, dataTable, replace, work, showError } from './common.mjs';
import { fmt, fmtArray } from '../ui/format.mjs';

const PLOT = { x: 50, y: 20, w: 420, h: 340 };
const BARS = { x: 560, y: 70, w: 300, h: 26, gap: 70 };

function parseList(text, fallback) {
  try {
    const parsed = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map(String) : fallback;
  } catch {
    return fallback;
  }
}

export async function hullFigure(companion, { model, inputs: { values, weights } }) {
  const frame = figureFrame({ name: 'hull', title: 'A context is a mixture of the values.',
    caption: 'Drag the weight bars or use the sliders. With nonnegative weights that add up to one, the context stays inside the triangle of the values, and so inside each coordinate’s range (the dashed box).' });
  const start = parseList(weights, ['0.6', '0.3', '0.1']);
  const sliders = start.map((w, i) => el('input', { type: 'range', min: '0', max: '1', step: '0.01', value: w,
    id: `hull-w${i + 1}-${Math.random().toString(36).slice(2, 8)}`, class: 'hull-slider', 'data-index': String(i) }));
  const outputs = sliders.map((s) => el('output', { for: s.id }));
  frame.controls.append(el('div', { class: 'hull-sliders' }, sliders.map((s, i) => el('div', {},
    el('label', { for: s.id }, `Weight on value ${i + 1} `), s, ' ', outputs[i]))));

  // Plot bounds from the values (drawing only), with room around them.
  const base = await work(companion, { model, inputs: { values, weights: `[${start.join(', ')}]` } });
  if (showError(frame, base)) return frame.figure;
  const points = base.positions.map((p) => p.value);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const pad = 0.35 * Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 0.1);
  const box = { x0: Math.min(...xs) - pad, x1: Math.max(...xs) + pad, y0: Math.min(...ys) - pad, y1: Math.max(...ys) + pad };
  const sx = (x) => PLOT.x + ((x - box.x0) / (box.x1 - box.x0)) * PLOT.w;
  const sy = (y) => PLOT.y + PLOT.h - ((y - box.y0) / (box.y1 - box.y0)) * PLOT.h;

  let dragging = null;
  const svg = svgImage(900, 390, 'The values, their weights and the context', 'fig-hull');
  svg.addEventListener('pointerdown', (event) => {
    const index = event.target?.dataset?.index;
    if (index === undefined) return;
    dragging = { index: Number(index) };
    svg.setPointerCapture(event.pointerId);
    setFromPointer(event);
  });
  svg.addEventListener('pointermove', (event) => { if (dragging) setFromPointer(event); });
  svg.addEventListener('pointerup', () => { dragging = null; });
  svg.addEventListener('pointercancel', () => { dragging = null; });
  replace(frame.plot, svg);
  async function draw() {
    const text = `[${sliders.map((s) => s.value).join(', ')}]`;
    sliders.forEach((s, i) => { outputs[i].textContent = s.value; });
    const read = await work(companion, { model, inputs: { values, weights: text } });
    if (showError(frame, read)) return;
    const [cx, cy] = read.context;
    const inside = read.insideRanges;
    const label = `Values ${points.map((p) => fmtArray(p, 2)).join(', ')} with weights ${text}: ` +
      `the context is ${fmtArray(read.context)}, the weights sum to ${fmt(read.weightSum)}, and the context is ` +
      `${inside ? 'inside' : 'outside'} the coordinate ranges of the values.`;
    svg.setAttribute('aria-label', label);
    svg.replaceChildren(svgEl('title', {}, label));
    svg.append(svgEl('rect', { x: PLOT.x, y: PLOT.y, width: PLOT.w, height: PLOT.h, class: 'fig-plot-area' }),
      svgEl('text', { x: PLOT.x + PLOT.w / 2, y: PLOT.y + PLOT.h + 26, 'text-anchor': 'middle', class: 'fig-label' }, 'value coordinate 1'),
      svgEl('text', { x: 14, y: PLOT.y + PLOT.h / 2, class: 'fig-label', 'text-anchor': 'middle',
        transform: `rotate(-90 14 ${PLOT.y + PLOT.h / 2})` }, 'value coordinate 2'));
    const [minX, minY] = read.valueMin;
    const [maxX, maxY] = read.valueMax;
    svg.append(svgEl('rect', { x: sx(minX), y: sy(maxY), width: sx(maxX) - sx(minX), height: sy(minY) - sy(maxY), class: 'fig-range' }),
      svgEl('polygon', { points: points.map((p) => `${sx(p[0]).toFixed(1)},${sy(p[1]).toFixed(1)}`).join(' '), class: 'fig-hull-shape' }));
    points.forEach((p, i) => svg.append(svgEl('circle', { cx: sx(p[0]), cy: sy(p[1]), r: 7, class: 'fig-point' }),
      svgEl('text', { x: sx(p[0]) + 10, y: sy(p[1]) - 8, class: 'fig-label' }, `value ${i + 1}`)));
    const clampX = Math.min(Math.max(sx(cx), PLOT.x), PLOT.x + PLOT.w);
    const clampY = Math.min(Math.max(sy(cy), PLOT.y), PLOT.y + PLOT.h);
    svg.append(svgEl('circle', { cx: clampX.toFixed(1), cy: clampY.toFixed(1), r: 9,
      class: inside ? 'fig-context-point' : 'fig-context-point fig-outside', 'data-context': JSON.stringify(read.context) }),
    svgEl('text', { x: clampX + 12, y: clampY + 18, class: 'fig-title' }, `context ${fmtArray(read.context, 2)}`));
    // Draggable weight bars.
    svg.append(svgEl('text', { x: BARS.x, y: BARS.y - 30, class: 'fig-title' }, 'Weights (drag a bar)'));
    read.positions.forEach((p, i) => {
      const y = BARS.y + i * BARS.gap;
      const track = svgEl('rect', { x: BARS.x, y, width: BARS.w, height: BARS.h, class: 'bar-track hull-track', 'data-index': String(i) });
      svg.append(svgEl('text', { x: BARS.x, y: y - 6, class: 'fig-label' }, `value ${i + 1}: ${fmt(p.weight, 2)}`),
        track, svgEl('rect', { x: BARS.x, y, width: (BARS.w * Math.max(0, Math.min(1, p.weight))).toFixed(1), height: BARS.h,
          class: 'bar hull-bar', 'pointer-events': 'none' }));
    });
    svg.append(svgEl('text', { x: BARS.x, y: BARS.y + 3 * BARS.gap, class: 'fig-title' }, `Sum of the weights: ${fmt(read.weightSum)}`),
      svgEl('text', { x: BARS.x, y: BARS.y + 3 * BARS.gap + 22, class: inside ? 'fig-label' : 'fig-label fig-warn' },
        `Context inside the ranges: ${inside ? 'yes' : 'no'}`));
    replace(frame.table, dataTable('Values, weights and the context', ['Row', 'Coordinate 1', 'Coordinate 2', 'Weight'],
      [...points.map((p, i) => [`Value ${i + 1}`, fmt(p[0]), fmt(p[1]), fmt(read.positions[i].weight, 2)]),
        ['Context', fmt(cx), fmt(cy), `sum ${fmt(read.weightSum)}`],
        ['Smallest value', fmt(minX), fmt(minY), ''], ['Largest value', fmt(maxX), fmt(maxY), ''],
        ['Context inside the ranges', inside ? 'yes' : 'no', '', '']]));
    frame.status.textContent = fmt(read.weightSum) !== '1.000'
      ? `These weights add up to ${fmt(read.weightSum)}, not 1, so this is not an attention read: the point can leave the triangle.`
      : '';
    frame.figure.dataset.context = JSON.stringify(read.context);
  }

  // Pointer x over a bar -> that slider's value (a position on the screen, not attention math).
  function setFromPointer(event) {
    const rect = svg.getBoundingClientRect();
    const scale = 900 / rect.width;
    const x = (event.clientX - rect.left) * scale;
    const share = Math.min(1, Math.max(0, (x - BARS.x) / BARS.w));
    const slider = sliders[dragging.index];
    const next = share.toFixed(2);
    if (slider.value !== next) {
      slider.value = next;
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }

  for (const slider of sliders) slider.addEventListener('input', () => { draw(); });
  await draw();
  return frame.figure;
}
