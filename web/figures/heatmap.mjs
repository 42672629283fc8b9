// Figure: a two-query weight heatmap over the same source positions. Each
// row is a read by one query (companion.work with that query); the shade of a
// cell grows with its weight. The contexts differ because the rows differ.

import { svgEl } from '../ui/dom.mjs';
import { figureFrame, svgImage, dataTable, replace, work, showError, positionLabels } from './common.mjs';
import { fmt, fmtArray } from '../ui/format.mjs';

export async function heatmapFigure(companion, { model, inputs, queries }) {
  const frame = figureFrame({ name: 'heatmap', title: 'Two queries, one source.',
    caption: 'Each row is the weight distribution of one query over the same five positions (darker = more weight). Different queries retrieve different mixtures of the same values.' });
  const reads = [];
  for (const query of queries) {
    const result = await work(companion, { model, inputs, query });
    if (showError(frame, result)) return frame.figure;
    reads.push(result);
  }
  const labels = positionLabels(reads[0].positions);
  const max = Math.max(...reads.flatMap((r) => r.positions.map((p) => p.weight)), 1e-9);
  const cell = 100;
  const svg = svgImage(940, 60 + reads.length * 70, reads.map((r, k) => `Query ${k + 1} ${queries[k]}: weights ` +
    `${r.positions.map((p) => fmt(p.weight)).join(', ')}`).join('. '), 'fig-heatmap');
  labels.forEach((label, i) => svg.append(svgEl('text', { x: 250 + i * (cell + 6) + cell / 2, y: 24, 'text-anchor': 'middle',
    class: 'fig-head' }, `position ${label}`)));
  reads.forEach((read, k) => {
    const y = 36 + k * 70;
    svg.append(svgEl('text', { x: 10, y: y + 26, class: 'fig-title' }, `query ${k + 1}`),
      svgEl('text', { x: 10, y: y + 46, class: 'fig-box-text-dark' }, queries[k]));
    read.positions.forEach((p, i) => {
      const x = 250 + i * (cell + 6);
      const share = p.weight / max;
      svg.append(svgEl('rect', { x, y, width: cell, height: 60, rx: 4, class: 'fig-cell', 'fill-opacity': (0.08 + 0.92 * share).toFixed(3) }),
        svgEl('text', { x: x + cell / 2, y: y + 35, 'text-anchor': 'middle', class: share > 0.55 ? 'fig-cell-value fig-on-dark' : 'fig-cell-value' }, fmt(p.weight)));
    });
  });
  replace(frame.plot, svg);
  replace(frame.table, dataTable('Weights of each query over the source positions', ['Query', ...labels.map((l) => `Position ${l}`), 'Context'],
    reads.map((read, k) => [`${k + 1}: ${queries[k]}`, ...read.positions.map((p) => fmt(p.weight)), fmtArray(read.context ?? [])])));
  return frame.figure;
}
