// Figure: two (or more) reads of the same stored states side by side, one per query:
// each stored state times its weight, the sum that is the context, and the line
// scores → exponentials → total. A declaration lists the reads as
// [{label, queryFrom}], queryFrom naming the exercise input that holds that read's
// query (so a variant's figure shows the variant's queries). Every number is the
// core's exact working (companion.work with the exercise's read model), shown
// exactly as the core writes it. The panels sit side by side where there is room and one
// under the other where not; in a narrow panel each weight bar goes under its row.

import { svgEl } from '../ui/dom.mjs';
import { figureFrame, svgImage, dataTable, replace, work, showError, drawAtWidth, columnsFor, wrapLines, textLines,
  textWidth } from './common.mjs';
import { positionWords } from '../ui/format.mjs';

const PANEL = { min: 260, max: 480, gap: 32, top: 62 };
const MONO = 'ui-monospace, Menlo, monospace';

const listOf = (values) => `[${values.join(', ')}]`;
// An exact value with its decimal when they differ: "a/2 ≈ 0.346574".
const both = (v) => (v?.exact === v?.decimal ? String(v?.exact ?? '—') : `${v?.exact} ≈ ${v?.decimal}`);

// One read's panel, `w` wide, drawn into `holder` (or only measured when it is null). -> its height.
function panel(holder, w, spec, r) {
  const x0 = 0;
  const nodes = [];
  const rowLabels = r.positions.map((p, i) => `${i + 1}. ${positionWords(p.label)}`);
  const labelW = Math.max(...rowLabels.map((t) => textWidth(t, 12))) + 10;
  const stateW = Math.max(64, ...r.positions.map((p) => textWidth(p.state.exact, 12, 400, MONO) + 16));
  const weightW = Math.max(...r.positions.map((p) => textWidth(`× ${p.weight.exact}`, 12, 400, MONO))) + 10;
  const inline = w - 32 - labelW - stateW - 8 - weightW >= 70; // room for the bar on the row itself
  const rowH = inline ? 48 : 70;
  let y = PANEL.top;
  r.positions.forEach((p, i) => {
    const weight = Number(p.weight.decimal);
    const sx = x0 + 16 + labelW;
    const barX = inline ? sx + stateW + 8 + weightW : x0 + 16;
    const barY = inline ? y + 10 : y + 42;
    const barW = x0 + w - 16 - barX;
    nodes.push(svgEl('text', { x: x0 + 16, y: y + 24, class: 'fig-label' }, rowLabels[i]),
      svgEl('rect', { x: sx, y: y + 4, width: stateW, height: 30, rx: 5, class: 'fig-state' }),
      svgEl('text', { x: sx + stateW / 2, y: y + 24, 'text-anchor': 'middle', class: 'fig-box-text' }, p.state.exact),
      svgEl('text', { x: sx + stateW + 8, y: y + 24, class: 'fig-value' }, `× ${p.weight.exact}`),
      svgEl('rect', { x: barX, y: barY, width: barW, height: 18, class: 'bar-track' }),
      svgEl('rect', { x: barX, y: barY, width: (barW * Math.max(0, Math.min(1, weight))).toFixed(2), height: 18,
        class: 'bar', 'data-weight': p.weight.exact }));
    y += rowH;
  });
  nodes.push(svgEl('line', { x1: x0 + 16, y1: y, x2: x0 + w - 16, y2: y, class: 'fig-axis' }),
    svgEl('text', { x: x0 + 16, y: y + 28, class: 'fig-label' }, 'sum →'));
  const contextW = Math.max(80, textWidth(r.context.exact, 12, 400, MONO) + 20);
  nodes.push(svgEl('rect', { x: x0 + 64, y: y + 8, width: contextW, height: 32, rx: 5, class: 'fig-context' }),
    svgEl('text', { x: x0 + 64 + contextW / 2, y: y + 29, 'text-anchor': 'middle', class: 'fig-box-text' }, r.context.exact));
  const approx = `≈ ${r.context.decimal}`;
  let noteY = y + 66;
  if (64 + contextW + 12 + textWidth(approx, 12, 400, MONO) <= w - 16) {
    nodes.push(svgEl('text', { x: x0 + 64 + contextW + 12, y: y + 29, class: 'fig-value' }, approx));
  } else {
    nodes.push(svgEl('text', { x: x0 + 64, y: y + 58, class: 'fig-value' }, approx));
    noteY += 22;
  }
  const note = `scores ${listOf(r.positions.map((p) => p.score.exact))} → exponentials ` +
    `${listOf(r.positions.map((p) => p.exponential.exact))} → divide by ${r.denominator.exact}`;
  const lines = wrapLines(note, w - 32, 12, 400, MONO);
  const { nodes: noteNodes, height: noteH } = textLines(lines, { x: x0 + 16, y: noteY, lineHeight: 16, className: 'fig-note' });
  nodes.push(...noteNodes);
  const height = noteY + noteH;
  if (holder) {
    holder.append(svgEl('rect', { x: x0, y: 4, width: w, height: height - 4, rx: 8, class: 'fig-panel' }),
      svgEl('text', { x: x0 + 16, y: 30, class: 'fig-title' }, spec.label),
      svgEl('text', { x: x0 + 16, y: 50, class: 'fig-box-text-dark' }, `q = ${spec.query}`), ...nodes);
  }
  return height;
}

export async function readsFigure(companion, { model, inputs, reads: declared }) {
  const frame = figureFrame({ name: 'reads', title: 'The memory stays put; the query moves.',
    caption: 'Both panels read the very same stored states. Only the query differs, and that alone decides which state takes the largest share and so where the context ends up. Each row is a stored state scaled by its weight; the last row adds them up.' });
  const specs = (Array.isArray(declared) && declared.length ? declared : [{ label: 'Read', queryFrom: 'query' }])
    .map((read, k) => ({ label: String(read?.label ?? `Read ${k + 1}`), query: inputs[String(read?.queryFrom ?? 'query')] }));
  const results = [];
  for (const spec of specs) {
    if (typeof spec.query !== 'string') {
      frame.status.textContent = `The exercise has no query for “${spec.label}”.`;
      return frame.figure;
    }
    const result = await work(companion, { model, inputs: { ...inputs, query: spec.query } });
    if (showError(frame, result)) return frame.figure;
    results.push(result);
  }
  const label = results.map((r, k) => `${specs[k].label}, query ${specs[k].query}: ` +
    `${r.positions.map((p) => `${positionWords(p.label)} ${p.state.exact} times ${p.weight.exact}`).join(', ')}; ` +
    `the context is ${r.context.exact}. Scores ${listOf(r.positions.map((p) => p.score.exact))}, exponentials ` +
    `${listOf(r.positions.map((p) => p.exponential.exact))}, divided by ${r.denominator.exact}.`).join(' ');
  drawAtWidth(frame.plot, (width) => {
    const { columns, panelWidth } = columnsFor(width, results.length, PANEL.min + 120, PANEL.gap, PANEL.max);
    const lineH = Math.max(...results.map((r, k) => panel(null, panelWidth, specs[k], r))) + PANEL.gap;
    const svg = svgImage(width, Math.ceil(results.length / columns) * lineH, label, 'fig-reads');
    results.forEach((r, k) => {
      const group = svgEl('g', { transform: `translate(${(k % columns) * (panelWidth + PANEL.gap)} ${Math.floor(k / columns) * lineH})` });
      panel(group, panelWidth, specs[k], r);
      svg.append(group);
    });
    return svg;
  });
  replace(frame.table, ...results.map((r, k) => dataTable(`${specs[k].label}, q = ${specs[k].query}: the exponentials add up to ` +
    `${both(r.denominator)}, and the context is ${both(r.context)}`, ['Source position', 'Stored state', 'Score', 'Exponential', 'Weight'],
  r.positions.map((p, i) => [`${i + 1}: ${positionWords(p.label)}`, both(p.state), both(p.score), both(p.exponential), both(p.weight)]))));
  frame.figure.dataset.weights = JSON.stringify(results.map((r) => r.positions.map((p) => p.weight.exact)));
  frame.figure.dataset.contexts = JSON.stringify(results.map((r) => r.context.exact));
  return frame.figure;
}
