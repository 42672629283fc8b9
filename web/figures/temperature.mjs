// Figure: the same scores at temperatures 0.5, 1 and 2, plus a fourth panel
// for any temperature the learner picks with a slider. Each panel's weights
// come from companion.work with that temperature; nothing is computed here.

import { el } from '../ui/dom.mjs';
import { figureFrame, svgImage, barGroup, dataTable, replace, work, showError, positionLabels } from './common.mjs';
import { fmt } from '../ui/format.mjs';

const FIXED = ['0.5', '1', '2'];

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

  async function draw() {
    const tau = slider.value;
    readout.textContent = `τ = ${tau}`;
    const mine = await work(companion, { model, inputs, temperature: tau });
    if (showError(frame, mine)) return;
    const all = [...fixed, mine];
    const temps = [...FIXED, tau];
    const labels = positionLabels(mine.positions);
    const max = Math.max(0.5, ...all.flatMap((r) => r.positions.map((p) => p.weight)));
    const svg = svgImage(940, 300, `Attention weight (vertical) against source position (horizontal) at temperatures ${temps.join(', ')}; ` +
      all.map((r, k) => `τ ${temps[k]}: ${r.positions.map((p) => fmt(p.weight)).join(', ')}`).join('; '), 'fig-temperature');
    all.forEach((result, k) => {
      svg.append(...barGroup({ x: 36 + k * 226, y: 70, width: 200, height: 160, max,
        values: result.positions.map((p) => p.weight), labels, valueText: (v) => fmt(v, 2),
        xLabel: 'source position', yLabel: k === 0 ? 'attention weight' : undefined, yAxis: true,
        className: k === 3 ? 'bar bar-mine' : 'bar',
        title: k === 3 ? `your τ = ${temps[k]}, entropy ${fmt(result.entropy)}` : `τ = ${temps[k]}, entropy ${fmt(result.entropy)}` }));
    });
    replace(frame.plot, svg);
    replace(frame.table, dataTable('Weights at each temperature', ['Position', ...temps.map((t, k) => (k === 3 ? `τ = ${t} (yours)` : `τ = ${t}`))],
      [...labels.map((label, i) => [label, ...all.map((r) => fmt(r.positions[i].weight))]),
        ['Entropy (nats)', ...all.map((r) => fmt(r.entropy))]]));
    frame.figure.dataset.temperature = tau;
  }
  slider.addEventListener('input', () => { draw(); });
  await draw();
  return frame.figure;
}
