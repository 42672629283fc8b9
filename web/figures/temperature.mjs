// Figure: the same scores at temperatures 0.5, 1 and 2, plus a fourth panel for any
// temperature the learner picks with a slider. Each panel's weights come from
// companion.work with that temperature; nothing is computed here. The four bar charts
// share the chapter's weight axis, 0 to 0.8 with numeric ticks (higher only when a
// weight is), four in a row, two by two, or one under another, as the width allows.

import { el } from '../ui/dom.mjs';
import { figureFrame, svgImage, barGroup, dataTable, replace, work, showError, positionLabels, drawAtWidth, columnsFor,
  fixedTop, wrapLines, Y_AXIS_ROOM } from './common.mjs';
import { fmt } from '../ui/format.mjs';

const FIXED = ['0.5', '1', '2'];
const CHART = { min: 220, gap: 28, height: 160, top: 64 };

export async function temperatureFigure(companion, { model, inputs, initial = '1.5' }) {
  const frame = figureFrame({ name: 'temperature', title: 'Temperature changes concentration, not ranking.',
    caption: 'The scores are divided by τ before the softmax. A small τ sharpens the weights; a large τ flattens them. The order of the positions stays the same.' });
  const fixed = [];
  for (const t of FIXED) {
    const result = await work(companion, { model, inputs, temperature: t });
    if (showError(frame, result)) return frame.figure;
    fixed.push(result);
  }
  const sliderId = `temperature-slider-${Math.random().toString(36).slice(2, 8)}`;
  const slider = el('input', { type: 'range', id: sliderId, min: '0.1', max: '5', step: '0.05', value: initial,
    class: 'temperature-slider' });
  const readout = el('output', { for: sliderId, class: 'temperature-value' }, `τ = ${initial}`);
  frame.controls.append(el('label', { for: sliderId }, 'Your temperature τ '), slider, ' ', readout);

  let shown = null; // {all, temps}: the weights the drawing shows
  const redraw = drawAtWidth(frame.plot, (width) => {
    if (!shown) return null;
    const { all, temps } = shown;
    const labels = positionLabels(all[0].positions);
    const max = fixedTop(all.flatMap((r) => r.positions.map((p) => p.weight)), 0.8);
    const { columns, panelWidth } = columnsFor(width, 4, CHART.min, CHART.gap, 420);
    const titles = all.map((r, k) => `${k === 3 ? 'your ' : ''}τ = ${temps[k]}, entropy ${fmt(r.entropy)}`);
    const titleLines = Math.max(...titles.map((t) => wrapLines(t, panelWidth - 8, 13, 600).length));
    const top = CHART.top + (titleLines - 1) * 17;
    const chartH = top + CHART.height + 44;
    const svg = svgImage(width, Math.ceil(4 / columns) * chartH + 8, `Attention weight (vertical, 0 to ${max}) against source ` +
      `position (horizontal) at temperatures ${temps.join(', ')}; ` +
      all.map((r, k) => `τ ${temps[k]}: ${r.positions.map((p) => fmt(p.weight)).join(', ')}`).join('; '), 'fig-temperature');
    all.forEach((result, k) => {
      const x0 = (k % columns) * (panelWidth + CHART.gap);
      const y0 = Math.floor(k / columns) * chartH;
      svg.append(...barGroup({ x: x0 + Y_AXIS_ROOM, y: y0 + top, width: panelWidth - Y_AXIS_ROOM - 4, height: CHART.height, max,
        values: result.positions.map((p) => p.weight), labels, valueText: (v) => fmt(v, 2),
        xLabel: 'source position', yLabel: k % columns === 0 ? 'attention weight' : undefined,
        className: k === 3 ? 'bar bar-mine' : 'bar', title: titles[k] }));
    });
    return svg;
  });

  async function draw() {
    const tau = slider.value;
    readout.textContent = `τ = ${tau}`;
    const mine = await work(companion, { model, inputs, temperature: tau });
    if (showError(frame, mine)) return;
    const all = [...fixed, mine];
    const temps = [...FIXED, tau];
    shown = { all, temps };
    redraw();
    const labels = positionLabels(mine.positions);
    replace(frame.table, dataTable('Weights at each temperature', ['Position', ...temps.map((t, k) => (k === 3 ? `τ = ${t} (yours)` : `τ = ${t}`))],
      [...labels.map((label, i) => [label, ...all.map((r) => fmt(r.positions[i].weight))]),
        ['Entropy (nats)', ...all.map((r) => fmt(r.entropy))]]));
    frame.figure.dataset.temperature = tau;
  }
  slider.addEventListener('input', () => { draw(); });
  await draw();
  return frame.figure;
}
