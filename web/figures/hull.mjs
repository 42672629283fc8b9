// Figure: three values in 2-D and the contexts that sets of weights make from them
// (one set, or the several an exercise declares: "contexts": [{label, weights}]). The
// learner moves the weights of one context at a time (sliders, or by dragging the weight
// bars); the core computes each context, its weight sum, the coordinate ranges of the
// values and whether the context lies inside them (companion.work, with the read model
// the exercise declares).
// Weights that do not sum to one are allowed on purpose: the core then reports
// it, and the point can leave the triangle.

import { el, svgEl, uniqueId } from '../ui/dom.mjs';
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

// The contexts to draw: the declared ones, or one from the inputs' weights.
function contextsOf(contexts, weights) {
  const declared = Array.isArray(contexts) ? contexts.filter((c) => c && typeof c === 'object') : [];
  if (declared.length === 0) return [{ label: 'context', weights: parseList(weights, ['0.6', '0.3', '0.1']) }];
  return declared.map((c, k) => ({ label: String(c.label ?? `context ${k + 1}`), weights: parseList(c.weights, ['0.6', '0.3', '0.1']) }));
}

export async function hullFigure(companion, { model, inputs: { values, weights }, contexts: declaredContexts }) {
  const contexts = contextsOf(declaredContexts, weights);
  const several = contexts.length > 1;
  const frame = figureFrame({ name: 'hull', title: several ? 'Where contexts can land.' : 'Where a context can land.',
    caption: `Drag the weight bars or use the sliders${several ? ' (choose first which context they move)' : ''}. While the weights are nonnegative and add up to one, a context cannot leave the triangle the values span, so each of its coordinates stays within the values’ range (the dashed box).` });
  let selected = 0;
  const sliders = contexts[0].weights.map((w, i) => el('input', { type: 'range', min: '0', max: '1', step: '0.01', value: w,
    id: uniqueId(`hull-w${i + 1}`), class: 'hull-slider', 'data-index': String(i) }));
  const outputs = sliders.map((s) => el('output', { for: s.id }));
  if (several) {
    const name = uniqueId('hull-context');
    const radios = contexts.map((c, k) => {
      const input = el('input', { type: 'radio', name, value: String(k), id: `${name}-${k}`, class: 'hull-choice', checked: k === 0 });
      input.addEventListener('change', () => {
        if (!input.checked) return;
        selected = k;
        contexts[k].weights.forEach((w, i) => { sliders[i].value = w; });
        draw();
      });
      return el('label', { for: input.id, class: 'hull-choice-label' }, input, ` ${c.label}`);
    });
    frame.controls.append(el('fieldset', { class: 'hull-choices' }, el('legend', {}, 'The sliders move'), radios));
  }
  frame.controls.append(el('div', { class: 'hull-sliders' }, sliders.map((s, i) => el('div', {},
    el('label', { for: s.id }, `Weight on value ${i + 1} `), s, ' ', outputs[i]))));

  // Plot bounds from the values (drawing only), with room around them and one scale on both axes.
  const base = await work(companion, { model, inputs: { values, weights: `[${contexts[0].weights.join(', ')}]` } });
  if (showError(frame, base)) return frame.figure;
  const points = base.positions.map((p) => p.value);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const pad = 0.3 * Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 0.1);
  const box = { x0: Math.min(...xs) - pad, x1: Math.max(...xs) + pad, y0: Math.min(...ys) - pad, y1: Math.max(...ys) + pad };
  const unit = Math.min(PLOT.w / (box.x1 - box.x0), PLOT.h / (box.y1 - box.y0));
  const offX = PLOT.x + (PLOT.w - unit * (box.x1 - box.x0)) / 2;
  const offY = PLOT.y + (PLOT.h - unit * (box.y1 - box.y0)) / 2;
  const sx = (x) => offX + (x - box.x0) * unit;
  const sy = (y) => offY + (box.y1 - y) * unit;

  let dragging = null;
  const svg = svgImage(900, 400, 'The values, their weights and the contexts', 'fig-hull');
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

  let drawing = 0;
  async function draw() {
    const ticket = ++drawing;
    contexts[selected].weights = sliders.map((s) => s.value);
    sliders.forEach((s, i) => { outputs[i].textContent = s.value; });
    const reads = [];
    for (const c of contexts) {
      const read = await work(companion, { model, inputs: { values, weights: `[${c.weights.join(', ')}]` } });
      if (showError(frame, read)) return;
      reads.push(read);
    }
    if (ticket !== drawing) return; // a later move has already asked for a newer drawing
    const read = reads[selected];
    const inside = read.insideRanges;
    const weightText = (r) => `[${r.positions.map((p) => fmt(p.weight, 2)).join(', ')}]`;
    const label = `Values ${points.map((p) => fmtArray(p, 2)).join(', ')}. ` + reads.map((r, k) =>
      `${contexts[k].label} with weights ${weightText(r)} is ${fmtArray(r.context)}: the weights sum to ${fmt(r.weightSum)}, ` +
      `and it is ${r.insideRanges ? 'inside' : 'outside'} the coordinate ranges of the values.`).join(' ');
    svg.setAttribute('aria-label', label);
    svg.replaceChildren(svgEl('title', {}, label));
    svg.append(svgEl('rect', { x: PLOT.x, y: PLOT.y, width: PLOT.w, height: PLOT.h, class: 'fig-plot-area' }),
      svgEl('text', { x: PLOT.x + PLOT.w / 2, y: PLOT.y + PLOT.h + 26, 'text-anchor': 'middle', class: 'fig-axis-label' }, 'value coordinate 1'),
      svgEl('text', { x: 26, y: PLOT.y + PLOT.h / 2, class: 'fig-axis-label', 'text-anchor': 'middle',
        transform: `rotate(-90 26 ${PLOT.y + PLOT.h / 2})` }, 'value coordinate 2'));
    const [minX, minY] = read.valueMin;
    const [maxX, maxY] = read.valueMax;
    svg.append(svgEl('rect', { x: sx(minX), y: sy(maxY), width: sx(maxX) - sx(minX), height: sy(minY) - sy(maxY), class: 'fig-range' }),
      svgEl('polygon', { points: points.map((p) => `${sx(p[0]).toFixed(1)},${sy(p[1]).toFixed(1)}`).join(' '), class: 'fig-hull-shape' }));
    points.forEach((p, i) => svg.append(svgEl('circle', { cx: sx(p[0]), cy: sy(p[1]), r: 7, class: 'fig-point' }),
      svgEl('text', { x: sx(p[0]) + 10, y: sy(p[1]) - 8, class: 'fig-label' }, `value ${i + 1}`)));
    reads.forEach((r, k) => {
      const [cx, cy] = r.context;
      const clampX = Math.min(Math.max(sx(cx), PLOT.x), PLOT.x + PLOT.w);
      const clampY = Math.min(Math.max(sy(cy), PLOT.y), PLOT.y + PLOT.h);
      const classes = ['fig-context-point', `fig-context-${(k % 3) + 1}`, r.insideRanges ? '' : 'fig-outside', k === selected && several ? 'fig-selected' : ''];
      const text = several ? `${contexts[k].label}: ${weightText(r)}` : `context ${fmtArray(r.context, 2)}`;
      // Labels go to the side with more room, so they stay inside the plot.
      const right = clampX < PLOT.x + PLOT.w * 0.55;
      svg.append(svgEl('circle', { cx: clampX.toFixed(1), cy: clampY.toFixed(1), r: 9,
        class: classes.filter(Boolean).join(' '), 'data-context': JSON.stringify(r.context), 'data-label': contexts[k].label }),
      svgEl('text', { x: clampX + (right ? 13 : -13), y: clampY + 20, 'text-anchor': right ? 'start' : 'end', class: 'fig-context-label' }, text));
    });
    // Draggable weight bars (the selected context's).
    svg.append(svgEl('text', { x: BARS.x, y: BARS.y - 30, class: 'fig-title' },
      several ? `Weights of ${contexts[selected].label} (drag a bar)` : 'Weights (drag a bar)'));
    read.positions.forEach((p, i) => {
      const y = BARS.y + i * BARS.gap;
      const track = svgEl('rect', { x: BARS.x, y, width: BARS.w, height: BARS.h, class: 'bar-track hull-track', 'data-index': String(i) });
      svg.append(svgEl('text', { x: BARS.x, y: y - 6, class: 'fig-label' }, `value ${i + 1}: ${fmt(p.weight, 2)}`),
        track, svgEl('rect', { x: BARS.x, y, width: (BARS.w * Math.max(0, Math.min(1, p.weight))).toFixed(1), height: BARS.h,
          class: 'bar hull-bar', 'pointer-events': 'none' }));
    });
    svg.append(svgEl('text', { x: BARS.x, y: BARS.y + 3 * BARS.gap, class: 'fig-title' }, `Sum of the weights: ${fmt(read.weightSum)}`),
      svgEl('text', { x: BARS.x, y: BARS.y + 3 * BARS.gap + 22, class: inside ? 'fig-label' : 'fig-label fig-warn' },
        `${several ? `${contexts[selected].label} inside` : 'Context inside'} the ranges: ${inside ? 'yes' : 'no'}`));
    replace(frame.table, dataTable('Values, weights and contexts',
      ['Row', 'Coordinate 1', 'Coordinate 2', 'Weights on values 1, 2, 3', 'Sum of the weights', 'Inside the ranges'],
      [...points.map((p, i) => [`Value ${i + 1}`, fmt(p[0]), fmt(p[1]), '', '', '']),
        ...reads.map((r, k) => [several ? contexts[k].label : 'Context', fmt(r.context[0]), fmt(r.context[1]),
          weightText(r), fmt(r.weightSum), r.insideRanges ? 'yes' : 'no']),
        ['Smallest value', fmt(minX), fmt(minY), '', '', ''],
        ['Largest value', fmt(maxX), fmt(maxY), '', '', '']]));
    frame.status.textContent = fmt(read.weightSum) !== '1.000'
      ? `These weights add up to ${fmt(read.weightSum)}, not 1, so this is not an attention read: the point can leave the triangle.`
      : '';
    frame.figure.dataset.context = JSON.stringify(read.context);
    frame.figure.dataset.contexts = JSON.stringify(reads.map((r) => r.context));
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
