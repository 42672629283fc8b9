// Figure: weights before and after a padding mask (the mask text the exercise
// declares), masked before the softmax so the eligible weights are
// renormalised. Both reads come from companion.work.

import { svgEl } from '../ui/dom.mjs';
import { figureFrame, svgImage, barGroup, dataTable, replace, work, showError, positionLabels } from './common.mjs';
import { fmt } from '../ui/format.mjs';

export async function maskFigure(companion, { model, inputs, mask }) {
  const frame = figureFrame({ name: 'mask', title: 'Masking before the softmax.',
    caption: `Left: every position is eligible. Right: with the mask ${mask}, the masked positions get exactly zero weight and the eligible weights grow so that they still add up to one.` });
  const before = await work(companion, { model, inputs });
  if (showError(frame, before)) return frame.figure;
  const after = await work(companion, { model, inputs, mask });
  if (showError(frame, after)) return frame.figure;
  const labels = positionLabels(before.positions);
  const masked = after.positions.map((p) => p.eligible === false);
  const max = Math.max(0.5, ...after.positions.map((p) => p.weight), ...before.positions.map((p) => p.weight));
  const svg = svgImage(940, 300, `Attention weight (vertical) against source position (horizontal). Before masking: ` +
    `${before.positions.map((p) => fmt(p.weight)).join(', ')}; after masking ${mask}: ` +
    `${after.positions.map((p) => fmt(p.weight)).join(', ')}.`, 'fig-mask');
  svg.append(...barGroup({ x: 50, y: 70, width: 390, height: 170, max, labels, values: before.positions.map((p) => p.weight),
    valueText: (v) => fmt(v), title: `No mask (weights sum to ${fmt(before.weightSum)})`,
    xLabel: 'source position', yLabel: 'attention weight' }));
  svg.append(...barGroup({ x: 530, y: 70, width: 390, height: 170, max, labels, values: after.positions.map((p) => p.weight),
    xLabel: 'source position', yAxis: true,
    className: masked.map((m) => (m ? 'bar bar-removed' : 'bar bar-after')),
    valueText: (v, i) => (masked[i] ? 'masked: 0' : fmt(v)),
    title: `Mask ${mask} (weights sum to ${fmt(after.weightSum)})` }));
  svg.append(svgEl('text', { x: 485, y: 160, 'text-anchor': 'middle', class: 'fig-head' }, '→'));
  replace(frame.plot, svg);
  replace(frame.table, dataTable('Weights before and after masking', ['Position', 'Eligible', 'Weight, no mask', 'Weight, masked'],
    [...labels.map((label, i) => [label, masked[i] ? 'no' : 'yes', fmt(before.positions[i].weight), fmt(after.positions[i].weight)]),
      ['Sum', '', fmt(before.weightSum), fmt(after.weightSum)],
      ['Weight on masked positions', '', '', fmt(after.maskedMass)]]));
  return frame.figure;
}
