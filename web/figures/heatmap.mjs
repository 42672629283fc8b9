// Figure: weight strips of several queries over the same source positions, side by
// side, as shaded cells on a shared colour scale. A row is either a read by one query
// (companion.work with that query: the queries of an exercise's parts) or a row of
// weights the exercise declares ("rows": [{label, weights}]), which the core reads
// against the exercise's values (companion.work with those weights), so that what is
// drawn is what the core returns.

import { svgEl, uniqueId } from '../ui/dom.mjs';
import { figureFrame, svgImage, dataTable, replace, work, showError, positionLabels, axisTitle, inkOn } from './common.mjs';
import { fmt, fmtArray } from '../ui/format.mjs';

const PANEL = { left: 78, top: 40, width: 340, gap: 44, cellH: 64, lineH: 150 };
const SCALE = { x: 850, width: 18 };

export async function heatmapFigure(companion, { model, inputs, queries = [], rows = null }) {
  const frame = figureFrame({ name: 'heatmap', title: 'One source, asked two ways.',
    caption: 'Each strip shows how one query spreads its attention over the same five source positions; a darker cell carries more weight (the scale on the right). Nothing about the source changes between the strips: only the question being asked does, and with it where the weight goes.' });
  const declared = Array.isArray(rows) && rows.length > 0;
  const specs = declared
    ? rows.map((row) => ({ label: String(row?.label ?? ''), request: { model, inputs: { values: inputs.values, weights: String(row?.weights ?? '') } } }))
    : queries.map((query, k) => ({ label: `query ${k + 1} = ${query}`, request: { model, inputs, query } }));
  const reads = [];
  for (const spec of specs) {
    const result = await work(companion, spec.request);
    if (showError(frame, result)) return frame.figure;
    reads.push(result);
  }
  if (reads.length === 0) {
    frame.status.textContent = 'This figure has no queries to draw.';
    return frame.figure;
  }
  const labels = positionLabels(reads[0].positions);
  const max = Math.max(...reads.flatMap((r) => r.positions.map((p) => p.weight)), 1e-9);
  const perLine = Math.min(2, reads.length);
  const lines = Math.ceil(reads.length / perLine);
  const height = PANEL.top + (lines - 1) * PANEL.lineH + PANEL.cellH + 56;
  const svg = svgImage(940, height, `Attention weight of each source position (1 to ${labels.length}) under ${reads.length} queries. ` +
    reads.map((r, k) => `${specs[k].label}: ${r.positions.map((p) => fmt(p.weight, 2)).join(', ')}`).join('. '), 'fig-heatmap');
  const cell = PANEL.width / labels.length;
  reads.forEach((read, k) => {
    const x0 = PANEL.left + (k % perLine) * (PANEL.width + PANEL.gap);
    const y0 = PANEL.top + Math.floor(k / perLine) * PANEL.lineH;
    svg.append(svgEl('text', { x: x0 + PANEL.width / 2, y: y0 - 12, 'text-anchor': 'middle', class: 'fig-title' }, specs[k].label));
    if (k % perLine === 0) {
      svg.append(svgEl('text', { x: x0 - 8, y: y0 + PANEL.cellH / 2 + 4, 'text-anchor': 'end', class: 'fig-label' }, 'weight'));
    }
    read.positions.forEach((p, i) => {
      const x = x0 + i * cell;
      const opacity = 0.06 + 0.94 * (p.weight / max);
      svg.append(svgEl('rect', { x: x + 1, y: y0, width: cell - 2, height: PANEL.cellH, class: 'fig-cell',
        'fill-opacity': opacity.toFixed(3), 'data-weight': String(p.weight) }),
      svgEl('text', { x: x + cell / 2, y: y0 + PANEL.cellH / 2 + 5, 'text-anchor': 'middle',
        class: `fig-cell-value ${inkOn(opacity)}` }, fmt(p.weight, 2)),
      svgEl('text', { x: x + cell / 2, y: y0 + PANEL.cellH + 16, 'text-anchor': 'middle', class: 'fig-label' }, `source ${labels[i]}`));
    });
    svg.append(axisTitle('source position', { x: x0 + PANEL.width / 2, y: y0 + PANEL.cellH + 40 }));
  });
  // The shared colour scale: from no weight to the largest weight drawn.
  const gradientId = uniqueId('heat-scale');
  const scaleTop = PANEL.top;
  const scaleH = Math.max(PANEL.cellH, (lines - 1) * PANEL.lineH + PANEL.cellH);
  svg.append(svgEl('defs', {}, svgEl('linearGradient', { id: gradientId, x1: '0', y1: '1', x2: '0', y2: '0' },
    svgEl('stop', { offset: '0', class: 'fig-scale-stop', 'stop-opacity': '0.06' }),
    svgEl('stop', { offset: '1', class: 'fig-scale-stop', 'stop-opacity': '1' }))),
  svgEl('rect', { x: SCALE.x, y: scaleTop, width: SCALE.width, height: scaleH, fill: `url(#${gradientId})`, class: 'fig-scale' }),
  svgEl('text', { x: SCALE.x + SCALE.width + 5, y: scaleTop + 10, class: 'fig-label' }, fmt(max, 2)),
  svgEl('text', { x: SCALE.x + SCALE.width + 5, y: scaleTop + scaleH, class: 'fig-label' }, 'none'),
  axisTitle('attention weight', { x: SCALE.x - 10, y: scaleTop + scaleH / 2, vertical: true }));
  replace(frame.plot, svg);
  replace(frame.table, dataTable('Attention weight of each query over the source positions',
    ['Query', ...labels.map((l) => `Source ${l}`), 'Sum', ...(declared ? [] : ['Context'])],
    reads.map((read, k) => [specs[k].label, ...read.positions.map((p) => fmt(p.weight)), fmt(read.weightSum),
      ...(declared ? [] : [fmtArray(read.context ?? [])])])));
  frame.figure.dataset.rows = JSON.stringify(reads.map((read) => read.positions.map((p) => p.weight)));
  return frame.figure;
}
