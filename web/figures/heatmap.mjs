// Figure: weight strips of several queries over the same source positions, side by
// side, as shaded cells on one colour scale fixed from 0 to 0.5, as the chapter draws it
// (a larger weight takes the strongest shade: the darkest on a light page, the lightest on a
// dark one, as the caption says, and the legend shows). A row is either a read
// by one query (companion.work with that query: the queries of an exercise's parts) or a
// row of weights the exercise declares ("rows": [{label, weights}]), which the core reads
// against the exercise's values (companion.work with those weights), so that what is drawn
// is what the core returns. Strips sit side by side where there is room and one under the
// other where not; a cell stays at least a finger wide, and a strip with too many cells for
// the screen scrolls sideways in its own region.

import { el, svgEl, uniqueId } from '../ui/dom.mjs';
import { heavierLooks, onSchemeChange } from '../ui/ink.mjs';
import { figureFrame, svgImage, dataTable, replace, work, showError, positionLabels, axisTitle, inkOn, drawAtWidth,
  columnsFor, wrapLines, textLines, ticksTo, FINGER_PX } from './common.mjs';
import { fmt, fmtArray } from '../ui/format.mjs';

// The chapter's colour scale: 0 to 0.5, ticks every 0.1.
const SCALE_TOP = 0.5;
const CELL = { min: FINGER_PX + 4, max: 96, height: 56 };
const GAP = 40;

const opacityOf = (weight) => 0.06 + 0.94 * Math.min(1, Math.max(0, weight) / SCALE_TOP);

// The legend: the shaded scale with numeric ticks, vertical at the right of wide drawings,
// horizontal under narrow ones. -> {nodes, width, height} (the room it takes).
function legend({ x, y, length, vertical, over }) {
  const gradientId = uniqueId('heat-scale');
  const nodes = [svgEl('defs', {}, svgEl('linearGradient', vertical
    ? { id: gradientId, x1: '0', y1: '1', x2: '0', y2: '0' } : { id: gradientId, x1: '0', y1: '0', x2: '1', y2: '0' },
  svgEl('stop', { offset: '0', class: 'fig-scale-stop', 'stop-opacity': '0.06' }),
  svgEl('stop', { offset: '1', class: 'fig-scale-stop', 'stop-opacity': '1' })))];
  const thick = 16;
  const top = (tick) => (tick === SCALE_TOP && over ? `≥ ${tick}` : String(tick));
  if (vertical) {
    nodes.push(svgEl('rect', { x, y, width: thick, height: length, fill: `url(#${gradientId})`, class: 'fig-scale' }));
    for (const tick of ticksTo(SCALE_TOP, 0.1)) {
      const ty = y + length - (tick / SCALE_TOP) * length;
      nodes.push(svgEl('line', { x1: x + thick, y1: ty, x2: x + thick + 4, y2: ty, class: 'fig-axis' }),
        svgEl('text', { x: x + thick + 7, y: ty + 4, class: 'fig-tick' }, top(tick)));
    }
    nodes.push(axisTitle('attention weight', { x: x - 10, y: y + length / 2, vertical: true }));
    return nodes;
  }
  nodes.push(svgEl('text', { x, y: y - 8, class: 'fig-axis-label' }, 'attention weight'),
    svgEl('rect', { x, y, width: length, height: thick, fill: `url(#${gradientId})`, class: 'fig-scale' }));
  for (const tick of ticksTo(SCALE_TOP, 0.1)) {
    const tx = x + (tick / SCALE_TOP) * length;
    nodes.push(svgEl('line', { x1: tx, y1: y + thick, x2: tx, y2: y + thick + 4, class: 'fig-axis' }),
      svgEl('text', { x: tx, y: y + thick + 17, 'text-anchor': tick === SCALE_TOP && over ? 'end' : 'middle', class: 'fig-tick' },
        top(tick)));
  }
  return nodes;
}

export async function heatmapFigure(companion, { model, inputs, queries = [], rows = null }) {
  // Heavier cells are darker on a light page and lighter on a dark one: the caption says which
  // the page shows, and says it again if the scheme changes.
  const looks = el('span', { class: 'heatmap-looks' }, heavierLooks());
  onSchemeChange(() => { looks.textContent = heavierLooks(); });
  const frame = figureFrame({ name: 'heatmap', title: 'One source, asked two ways.',
    caption: ['Each strip shows how one query spreads its attention over the same source positions; a ', looks,
      ' cell carries more weight, on a scale from 0 to 0.5 (the legend). Nothing about the source changes between the strips: only the question being asked does, and with it where the weight goes.'] });
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
  const n = labels.length;
  const over = reads.some((r) => r.positions.some((p) => p.weight > SCALE_TOP));
  const label = `Attention weight of each source position (1 to ${n}) under ${reads.length} queries, shaded from 0 to ${SCALE_TOP}. ` +
    reads.map((r, k) => `${specs[k].label}: ${r.positions.map((p) => fmt(p.weight, 2)).join(', ')}`).join('. ');

  drawAtWidth(frame.plot, (width) => {
    // A vertical legend at the right where there is room for it beside the strips.
    const vertical = width >= 600;
    const room = vertical ? width - 90 : width;
    const stripMin = n * CELL.min;
    const { columns, panelWidth } = columnsFor(room, reads.length, stripMin, GAP);
    const cell = Math.max(CELL.min, Math.min(CELL.max, Math.floor(panelWidth / n)));
    const stripW = cell * n;
    const drawnW = Math.max(width, columns * stripW + (columns - 1) * GAP + (vertical ? 90 : 0));
    const longLabels = cell >= 72;
    // Each strip: its title (wrapped), the cells, the position labels, the axis title.
    const titles = specs.map((spec) => wrapLines(spec.label, Math.min(stripW, width), 13, 600));
    const titleH = Math.max(...titles.map((t) => t.length)) * 17;
    const stripH = titleH + 8 + CELL.height + 52;
    const lines = Math.ceil(reads.length / columns);
    const legendH = vertical ? 0 : 64;
    const height = lines * stripH + (lines - 1) * 16 + legendH + 8;
    const svg = svgImage(drawnW, height, label, 'fig-heatmap', { scrollWidth: drawnW > width });
    reads.forEach((read, k) => {
      const x0 = (k % columns) * (stripW + GAP);
      const y0 = Math.floor(k / columns) * (stripH + 16);
      svg.append(...textLines(titles[k], { x: x0, y: y0 + 14 }).nodes);
      const cy = y0 + titleH + 8;
      read.positions.forEach((p, i) => {
        const x = x0 + i * cell;
        const opacity = opacityOf(p.weight);
        svg.append(svgEl('rect', { x: x + 1, y: cy, width: cell - 2, height: CELL.height, class: 'fig-cell',
          'fill-opacity': opacity.toFixed(3), 'data-weight': String(p.weight) }),
        svgEl('text', { x: x + cell / 2, y: cy + CELL.height / 2 + 5, 'text-anchor': 'middle',
          class: `fig-cell-value ${inkOn(opacity)}` }, fmt(p.weight, 2)),
        svgEl('text', { x: x + cell / 2, y: cy + CELL.height + 17, 'text-anchor': 'middle', class: 'fig-label' },
          longLabels ? `source ${labels[i]}` : labels[i]));
      });
      svg.append(axisTitle('source position', { x: x0 + stripW / 2, y: cy + CELL.height + 40 }));
    });
    if (vertical) {
      svg.append(...legend({ x: drawnW - 60, y: titleH + 8, length: Math.max(CELL.height, height - titleH - 60), vertical, over }));
    } else {
      svg.append(...legend({ x: 8, y: height - 40, length: Math.min(width, drawnW) - 30, vertical, over }));
    }
    return svg;
  });
  replace(frame.table, dataTable('Attention weight of each query over the source positions',
    ['Query', ...labels.map((l) => `Source ${l}`), 'Sum', ...(declared ? [] : ['Context'])],
    reads.map((read, k) => [specs[k].label, ...read.positions.map((p) => fmt(p.weight)), fmt(read.weightSum),
      ...(declared ? [] : [fmtArray(read.context ?? [])])])));
  frame.figure.dataset.rows = JSON.stringify(reads.map((read) => read.positions.map((p) => p.weight)));
  return frame.figure;
}
