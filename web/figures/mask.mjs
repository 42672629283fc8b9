// Figure: weights before and after a padding mask (the mask text the exercise
// declares), masked before the softmax so the eligible weights are renormalised. Both
// reads come from companion.work. The two bar charts share the chapter's weight axis,
// 0 to 0.8 with numeric ticks (higher only when a variant's weight is), side by side where
// there is room and one above the other where not.

import { svgEl } from '../ui/dom.mjs';
import { figureFrame, svgImage, barGroup, dataTable, replace, work, showError, positionLabels, drawAtWidth, columnsFor,
  fixedTop, wrapLines, Y_AXIS_ROOM } from './common.mjs';
import { fmt } from '../ui/format.mjs';

const CHART = { min: 250, gap: 40, height: 170, top: 64 };

export async function maskFigure(companion, { model, inputs, mask }) {
  const frame = figureFrame({ name: 'mask', title: 'Masking before the softmax.',
    caption: `First chart: every position is eligible. Second: with the mask ${mask}, the masked positions get exactly zero weight and the eligible weights grow so that they still add up to one.` });
  const before = await work(companion, { model, inputs });
  if (showError(frame, before)) return frame.figure;
  const after = await work(companion, { model, inputs, mask });
  if (showError(frame, after)) return frame.figure;
  const labels = positionLabels(before.positions);
  const masked = after.positions.map((p) => p.eligible === false);
  const max = fixedTop([...after.positions, ...before.positions].map((p) => p.weight), 0.8);
  const label = `Attention weight (vertical, 0 to ${max}) against source position (horizontal). Before masking: ` +
    `${before.positions.map((p) => fmt(p.weight)).join(', ')}; after masking ${mask}: ` +
    `${after.positions.map((p) => fmt(p.weight)).join(', ')}.`;
  const charts = [
    { values: before.positions.map((p) => p.weight), className: 'bar', valueText: (v) => fmt(v, 2),
      title: `No mask (weights sum to ${fmt(before.weightSum)})` },
    { values: after.positions.map((p) => p.weight), className: masked.map((m) => (m ? 'bar bar-removed' : 'bar bar-after')),
      valueText: (v, i) => (masked[i] ? '0' : fmt(v, 2)), title: `Mask ${mask}: masked positions get 0 (weights sum to ${fmt(after.weightSum)})` },
  ];
  drawAtWidth(frame.plot, (width) => {
    const { columns, panelWidth } = columnsFor(width, 2, CHART.min, CHART.gap, 460);
    const titleLines = Math.max(...charts.map((c) => wrapLines(c.title, panelWidth - 8, 13, 600).length));
    const top = CHART.top + (titleLines - 1) * 17;
    const chartH = top + CHART.height + 44;
    const height = Math.ceil(charts.length / columns) * chartH + 8;
    const svg = svgImage(width, height, label, 'fig-mask');
    charts.forEach((chart, k) => {
      const x0 = (k % columns) * (panelWidth + CHART.gap);
      const y0 = Math.floor(k / columns) * chartH;
      svg.append(...barGroup({ x: x0 + Y_AXIS_ROOM, y: y0 + top, width: panelWidth - Y_AXIS_ROOM - 4, height: CHART.height, max,
        labels, xLabel: 'source position', yLabel: 'attention weight', ...chart }));
    });
    if (columns === 2) {
      svg.append(svgEl('text', { x: panelWidth + CHART.gap / 2, y: top + CHART.height / 2, 'text-anchor': 'middle', class: 'fig-head' }, '→'));
    }
    return svg;
  });
  replace(frame.table, dataTable('Weights before and after masking', ['Position', 'Eligible', 'Weight, no mask', 'Weight, masked'],
    [...labels.map((l, i) => [l, masked[i] ? 'no' : 'yes', fmt(before.positions[i].weight), fmt(after.positions[i].weight)]),
      ['Sum', '', fmt(before.weightSum), fmt(after.weightSum)],
      ['Weight on masked positions', '', '', fmt(after.maskedMass)]]));
  return frame.figure;
}
