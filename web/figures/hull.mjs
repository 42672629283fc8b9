// Figure: three values in 2-D and the contexts that sets of weights make from them
// (one set, or the several an exercise declares: "contexts": [{label, weights}]). The
// learner moves the weights of one context at a time (sliders, or by dragging the weight
// bars, with a mouse or a finger); the core computes each context, its weight sum, the
// coordinate ranges of the values and whether the context lies inside them
// (companion.work, with the read model the exercise declares).
// Two drawings: the scatter, square at any width with numeric ticks on both axes (one
// scale for both), and the weight bars, beside it where there is room and under it where
// not. Weights that do not sum to one are allowed on purpose: the core then reports it,
// and the point can leave the triangle.

import { el, svgEl, uniqueId } from '../ui/dom.mjs';
import { figureFrame, svgImage, dataTable, replace, work, showError, drawAtWidth, axisTitle, textWidth } from './common.mjs';
import { fmt, fmtArray } from '../ui/format.mjs';

const SCATTER = { max: 460, left: 50, right: 12, top: 12, bottom: 50 };
const BARS = { min: 260, max: 380, track: 44, gap: 30, top: 40 };

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

// Where each label goes: beside its dot (right, left, above, below, then the corners), the
// first place inside the plot that covers no dot and no label placed before it, else the
// place that covers least. labels: [{dot: {x, y, r}, text, size, weight}] in order of
// importance. -> [{label, x, baseline, box}].
export function placeLabels(labels, dots, plot, gap = 4) {
  const overlap = (a, b) => Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0))
    * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
  const dotBox = (d) => ({ x0: d.x - d.r - 1, y0: d.y - d.r - 1, x1: d.x + d.r + 1, y1: d.y + d.r + 1 });
  const placed = [];
  return labels.map((label) => {
    const w = textWidth(label.text, label.size, label.weight);
    const h = label.size + 2;
    const { x, y, r } = label.dot;
    const d = r + gap;
    const spots = [[x + d, y - h / 2], [x - d - w, y - h / 2], [x - w / 2, y - d - h], [x - w / 2, y + d],
      [x + d * 0.7, y - d * 0.7 - h], [x + d * 0.7, y + d * 0.7], [x - d * 0.7 - w, y - d * 0.7 - h], [x - d * 0.7 - w, y + d * 0.7]];
    let best = null;
    for (const [left, top] of spots) {
      const box = { x0: left, y0: top, x1: left + w, y1: top + h };
      const outside = (box.x0 < plot.x0 + 2 || box.x1 > plot.x1 - 2 || box.y0 < plot.y0 + 2 || box.y1 > plot.y1 - 2) ? 1e6 : 0;
      const cost = outside + [...dots.map(dotBox), ...placed].reduce((sum, other) => sum + overlap(box, other), 0);
      if (!best || cost < best.cost) best = { box, cost };
      if (cost === 0) break;
    }
    // (No place inside the plot: the label stays in it, whatever it covers.)
    const box = best.box;
    const left = Math.min(Math.max(box.x0, plot.x0 + 2), plot.x1 - 2 - w);
    const top = Math.min(Math.max(box.y0, plot.y0 + 2), plot.y1 - 2 - h);
    const final = { x0: left, y0: top, x1: left + w, y1: top + h };
    placed.push(final);
    return { label, x: left, baseline: top + label.size * 0.85, box: final };
  });
}

// A tick step (1, 2 or 5 times a power of ten) that puts ticks at least `gap` px apart.
function tickStep(span, pixels, gap = 44) {
  const raw = (span * gap) / Math.max(pixels, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw);
}
const tickText = (v, step) => fmt(v, Math.max(0, -Math.floor(Math.log10(step) + 1e-9))).replace(/^-0$/, '0');

export async function hullFigure(companion, { model, inputs: { values, weights }, contexts: declaredContexts }) {
  const contexts = contextsOf(declaredContexts, weights);
  const several = contexts.length > 1;
  const frame = figureFrame({ name: 'hull', title: several ? 'Where contexts can land.' : 'Where a context can land.',
    caption: `Drag the weight bars (with a finger or a mouse) or use the sliders${several ? ' (choose first which context they move)' : ''}. While the weights are nonnegative and add up to one, a context cannot leave the triangle the values span, so each of its coordinates stays within the values’ range (the dashed box).` });
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
  frame.controls.append(el('div', { class: 'hull-sliders' }, sliders.map((s, i) => el('div', { class: 'hull-slider-row' },
    el('label', { for: s.id }, `Weight on value ${i + 1} `), s, ' ', outputs[i]))));

  // Plot bounds from the values (drawing only), with room around them and one scale on both axes.
  const base = await work(companion, { model, inputs: { values, weights: `[${contexts[0].weights.join(', ')}]` } });
  if (showError(frame, base)) return frame.figure;
  const points = base.positions.map((p) => p.value);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const pad = 0.3 * Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 0.1);
  const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 0.1) + 2 * pad;
  const cx0 = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy0 = (Math.max(...ys) + Math.min(...ys)) / 2;
  const box = { x0: cx0 - span / 2, x1: cx0 + span / 2, y0: cy0 - span / 2, y1: cy0 + span / 2 };

  let shown = null; // {reads}: what the drawing shows
  let barsSvg = null;
  let dragging = null;

  // The scatter: a square plot area of side `side`.
  function scatter(side, reads) {
    const size = side + SCATTER.left + SCATTER.right;
    const read = reads[selected];
    const unit = side / span;
    const sx = (x) => SCATTER.left + (x - box.x0) * unit;
    const sy = (y) => SCATTER.top + (box.y1 - y) * unit;
    const weightText = (r) => `[${r.positions.map((p) => fmt(p.weight, 2)).join(', ')}]`;
    const label = `Values ${points.map((p) => fmtArray(p, 2)).join(', ')}. ` + reads.map((r, k) =>
      `${contexts[k].label} with weights ${weightText(r)} is ${fmtArray(r.context)}: the weights sum to ${fmt(r.weightSum)}, ` +
      `and it is ${r.insideRanges ? 'inside' : 'outside'} the coordinate ranges of the values.`).join(' ');
    const svg = svgImage(size, side + SCATTER.top + SCATTER.bottom, label, 'fig-hull', { natural: true });
    svg.append(svgEl('rect', { x: SCATTER.left, y: SCATTER.top, width: side, height: side, class: 'fig-plot-area' }));
    const step = tickStep(span, side);
    for (let v = Math.ceil(box.x0 / step) * step; v <= box.x1 + 1e-9; v += step) {
      svg.append(svgEl('line', { x1: sx(v), y1: SCATTER.top, x2: sx(v), y2: SCATTER.top + side + 4, class: 'fig-grid' }),
        svgEl('text', { x: sx(v), y: SCATTER.top + side + 17, 'text-anchor': 'middle', class: 'fig-tick' }, tickText(v, step)));
    }
    for (let v = Math.ceil(box.y0 / step) * step; v <= box.y1 + 1e-9; v += step) {
      svg.append(svgEl('line', { x1: SCATTER.left - 4, y1: sy(v), x2: SCATTER.left + side, y2: sy(v), class: 'fig-grid' }),
        svgEl('text', { x: SCATTER.left - 7, y: sy(v) + 4, 'text-anchor': 'end', class: 'fig-tick' }, tickText(v, step)));
    }
    svg.append(axisTitle('value coordinate 1', { x: SCATTER.left + side / 2, y: SCATTER.top + side + 40 }),
      axisTitle('value coordinate 2', { x: 14, y: SCATTER.top + side / 2, vertical: true }));
    const [minX, minY] = read.valueMin;
    const [maxX, maxY] = read.valueMax;
    svg.append(svgEl('rect', { x: sx(minX), y: sy(maxY), width: sx(maxX) - sx(minX), height: sy(minY) - sy(maxY), class: 'fig-range' }),
      svgEl('polygon', { points: points.map((p) => `${sx(p[0]).toFixed(1)},${sy(p[1]).toFixed(1)}`).join(' '), class: 'fig-hull-shape' }));
    // The dots first, then their labels, each put where it covers no dot and no other label.
    const dots = [
      ...points.map((p) => ({ x: sx(p[0]), y: sy(p[1]), r: 7 })),
      ...reads.map((r) => ({ x: Math.min(Math.max(sx(r.context[0]), SCATTER.left), SCATTER.left + side),
        y: Math.min(Math.max(sy(r.context[1]), SCATTER.top), SCATTER.top + side), r: 9 })),
    ];
    points.forEach((p, i) => svg.append(svgEl('circle', { cx: dots[i].x, cy: dots[i].y, r: 7, class: 'fig-point' })));
    reads.forEach((r, k) => {
      const dot = dots[points.length + k];
      const classes = ['fig-context-point', `fig-context-${(k % 3) + 1}`, r.insideRanges ? '' : 'fig-outside', k === selected && several ? 'fig-selected' : ''];
      svg.append(svgEl('circle', { cx: dot.x.toFixed(1), cy: dot.y.toFixed(1), r: 9,
        class: classes.filter(Boolean).join(' '), 'data-context': JSON.stringify(r.context), 'data-label': contexts[k].label }));
    });
    const plot = { x0: SCATTER.left, y0: SCATTER.top, x1: SCATTER.left + side, y1: SCATTER.top + side };
    const labels = [
      // A context's label is its weights where the plot has room, else its name only (its
      // weights are on the bars and in the table).
      ...reads.map((r, k) => {
        const full = several ? `${contexts[k].label}: ${weightText(r)}` : `context ${fmtArray(r.context, 2)}`;
        const text = textWidth(full, 13, 600) <= side * 0.55 ? full : several ? contexts[k].label : 'context';
        return { dot: dots[points.length + k], text, size: 13, weight: 600, className: 'fig-context-label' };
      }),
      ...points.map((p, i) => ({ dot: dots[i], text: `value ${i + 1}`, size: 12, weight: 400, className: 'fig-label' })),
    ];
    for (const box of placeLabels(labels, dots, plot)) {
      svg.append(svgEl('text', { x: box.x.toFixed(1), y: box.baseline.toFixed(1), class: box.label.className }, box.label.text));
    }
    return svg;
  }

  // The draggable weight bars of the selected context: a finger-high track for each.
  function bars(width, read) {
    const trackW = width - 16;
    const rowH = BARS.track + BARS.gap;
    const height = BARS.top + 3 * rowH + 40;
    const svg = svgImage(width, height, `Weights of ${several ? contexts[selected].label : 'the context'}: ` +
      `${read.positions.map((p, i) => `value ${i + 1} ${fmt(p.weight, 2)}`).join(', ')}. Drag a bar to change it.`, 'fig-hull-bars', { natural: true });
    svg.append(svgEl('text', { x: 0, y: 16, class: 'fig-title' }, several ? `Weights of ${contexts[selected].label} (drag a bar)` : 'Weights (drag a bar)'));
    read.positions.forEach((p, i) => {
      const y = BARS.top + i * rowH + 18;
      svg.append(svgEl('text', { x: 0, y: y - 6, class: 'fig-label' }, `value ${i + 1}: ${fmt(p.weight, 2)}`),
        svgEl('rect', { x: 0, y, width: trackW, height: BARS.track, rx: 4, class: 'bar-track hull-track', 'data-index': String(i) }),
        svgEl('rect', { x: 0, y, width: (trackW * Math.max(0, Math.min(1, p.weight))).toFixed(1), height: BARS.track, rx: 4,
          class: 'bar hull-bar', 'pointer-events': 'none', 'data-weight': String(p.weight) }));
    });
    const inside = read.insideRanges;
    const y = BARS.top + 3 * rowH + 8;
    svg.append(svgEl('text', { x: 0, y, class: 'fig-title hull-sum' }, `Sum of the weights: ${fmt(read.weightSum)}`),
      svgEl('text', { x: 0, y: y + 22, class: inside ? 'fig-label hull-inside' : 'fig-label hull-inside fig-warn' },
        `${several ? `${contexts[selected].label} inside` : 'Context inside'} the ranges: ${inside ? 'yes' : 'no'}`));
    svg.dataset.trackWidth = String(trackW);
    svg.addEventListener('pointerdown', (event) => {
      const index = event.target?.dataset?.index;
      if (index === undefined) return;
      event.preventDefault();
      dragging = { index: Number(index) };
      svg.setPointerCapture(event.pointerId);
      setFromPointer(event, svg);
    });
    svg.addEventListener('pointermove', (event) => { if (dragging) setFromPointer(event, svg); });
    const release = () => {
      if (!dragging) return;
      dragging = null;
      if (shown) redraw();
    };
    svg.addEventListener('pointerup', release);
    svg.addEventListener('pointercancel', release);
    return svg;
  }

  const redraw = drawAtWidth(frame.plot, (width) => {
    if (!shown) return null;
    const beside = width >= SCATTER.max * 0.8 + BARS.min + 24 + SCATTER.left;
    // Beside the plot the bars take about two fifths of the width (the plot, the rest).
    const barsW = beside ? Math.min(BARS.max, Math.max(BARS.min, Math.round((width - 24) * 0.42)))
      : Math.min(width, BARS.max + 100);
    const side = Math.max(120, Math.min(SCATTER.max, (beside ? width - barsW - 24 : width) - SCATTER.left - SCATTER.right));
    barsSvg = bars(barsW, shown.reads[selected]);
    return [scatter(side, shown.reads), barsSvg];
  });

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
    shown = { reads };
    if (!dragging) redraw();
    else redrawBars();
    const read = reads[selected];
    const [minX, minY] = read.valueMin;
    const [maxX, maxY] = read.valueMax;
    const weightText = (r) => `[${r.positions.map((p) => fmt(p.weight, 2)).join(', ')}]`;
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

  // While a bar is dragged its drawing stays in place (the pointer is captured by it): the
  // scatter and the bars' lengths are updated, not the element under the finger.
  function redrawBars() {
    const [scatterSvg] = frame.plot.querySelectorAll('svg.fig-hull');
    if (!scatterSvg || !barsSvg) return;
    const side = Number(scatterSvg.viewBox.baseVal.width) - SCATTER.left - SCATTER.right;
    scatterSvg.replaceWith(scatter(side, shown.reads));
    const read = shown.reads[selected];
    const trackW = Number(barsSvg.dataset.trackWidth);
    barsSvg.querySelectorAll('rect.hull-bar').forEach((bar, i) => {
      bar.setAttribute('width', (trackW * Math.max(0, Math.min(1, read.positions[i].weight))).toFixed(1));
      bar.dataset.weight = String(read.positions[i].weight);
    });
    barsSvg.querySelectorAll('text.fig-label:not(.hull-inside)').forEach((text, i) => {
      text.textContent = `value ${i + 1}: ${fmt(read.positions[i].weight, 2)}`;
    });
    barsSvg.querySelector('.hull-sum').textContent = `Sum of the weights: ${fmt(read.weightSum)}`;
    const inside = barsSvg.querySelector('.hull-inside');
    inside.textContent = `${several ? `${contexts[selected].label} inside` : 'Context inside'} the ranges: ${read.insideRanges ? 'yes' : 'no'}`;
    inside.classList.toggle('fig-warn', !read.insideRanges);
  }

  // Pointer x over a bar -> that slider's value (a position on the screen, not attention math).
  function setFromPointer(event, svg) {
    const rect = svg.getBoundingClientRect();
    const scale = svg.viewBox.baseVal.width / rect.width;
    const share = Math.min(1, Math.max(0, ((event.clientX - rect.left) * scale) / Number(svg.dataset.trackWidth)));
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
