// Figure: two (or more) reads of the same stored states side by side, one per query:
// each stored state times its weight, the sum that is the context, and the line
// scores → exponentials → total. A declaration lists the reads as
// [{label, queryFrom}], queryFrom naming the exercise input that holds that read's
// query (so a variant's figure shows the variant's queries). Every number is the
// core's exact working (companion.work with the exercise's read model), shown
// exactly as the core writes it.

import { svgEl } from '../ui/dom.mjs';
import { figureFrame, svgImage, dataTable, replace, work, showError } from './common.mjs';
import { positionWords } from '../ui/format.mjs';

const PANEL = { width: 440, gap: 40, rowH: 54, top: 62 };

const listOf = (values) => `[${values.join(', ')}]`;
// An exact value with its decimal when they differ: "a/2 ≈ 0.346574".
const both = (v) => (v?.exact === v?.decimal ? String(v?.exact ?? '—') : `${v?.exact} ≈ ${v?.decimal}`);

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
  const n = results[0].positions.length;
  const height = PANEL.top + (n + 1) * PANEL.rowH + 46;
  const width = Math.max(940, 20 + results.length * (PANEL.width + PANEL.gap) - PANEL.gap);
  const svg = svgImage(width, height, results.map((r, k) => `${specs[k].label}, query ${specs[k].query}: ` +
    `${r.positions.map((p) => `${positionWords(p.label)} ${p.state.exact} times ${p.weight.exact}`).join(', ')}; ` +
    `the context is ${r.context.exact}. Scores ${listOf(r.positions.map((p) => p.score.exact))}, exponentials ` +
    `${listOf(r.positions.map((p) => p.exponential.exact))}, divided by ${r.denominator.exact}.`).join(' '), 'fig-reads');
  results.forEach((r, k) => {
    const x0 = 10 + k * (PANEL.width + PANEL.gap);
    svg.append(svgEl('rect', { x: x0, y: 4, width: PANEL.width, height: height - 8, rx: 8, class: 'fig-panel' }),
      svgEl('text', { x: x0 + 16, y: 30, class: 'fig-title' }, `${specs[k].label}`),
      svgEl('text', { x: x0 + 16, y: 50, class: 'fig-box-text-dark' }, `q = ${specs[k].query}`));
    r.positions.forEach((p, i) => {
      const y = PANEL.top + i * PANEL.rowH;
      const weight = Number(p.weight.decimal);
      svg.append(svgEl('text', { x: x0 + 16, y: y + 24, class: 'fig-label' }, `${i + 1}. ${positionWords(p.label)}`),
        svgEl('rect', { x: x0 + 112, y: y + 4, width: 96, height: 32, rx: 5, class: 'fig-state' }),
        svgEl('text', { x: x0 + 160, y: y + 25, 'text-anchor': 'middle', class: 'fig-box-text' }, p.state.exact),
        svgEl('text', { x: x0 + 220, y: y + 25, class: 'fig-value' }, `× ${p.weight.exact}`),
        svgEl('rect', { x: x0 + 290, y: y + 10, width: 130, height: 20, class: 'bar-track' }),
        svgEl('rect', { x: x0 + 290, y: y + 10, width: (130 * Math.max(0, Math.min(1, weight))).toFixed(2), height: 20,
          class: 'bar', 'data-weight': p.weight.exact }));
    });
    const ySum = PANEL.top + n * PANEL.rowH;
    svg.append(svgEl('line', { x1: x0 + 16, y1: ySum, x2: x0 + PANEL.width - 16, y2: ySum, class: 'fig-axis' }),
      svgEl('text', { x: x0 + 16, y: ySum + 28, class: 'fig-label' }, 'sum →'),
      svgEl('rect', { x: x0 + 112, y: ySum + 8, width: 120, height: 32, rx: 5, class: 'fig-context' }),
      svgEl('text', { x: x0 + 172, y: ySum + 29, 'text-anchor': 'middle', class: 'fig-box-text' }, r.context.exact),
      svgEl('text', { x: x0 + 244, y: ySum + 29, class: 'fig-value' }, `≈ ${r.context.decimal}`),
      svgEl('text', { x: x0 + 16, y: ySum + 66, class: 'fig-note' },
        `scores ${listOf(r.positions.map((p) => p.score.exact))} → exponentials ` +
        `${listOf(r.positions.map((p) => p.exponential.exact))} → divide by ${r.denominator.exact}`));
  });
  replace(frame.plot, svg);
  replace(frame.table, ...results.map((r, k) => dataTable(`${specs[k].label}, q = ${specs[k].query}: the exponentials add up to ` +
    `${both(r.denominator)}, and the context is ${both(r.context)}`, ['Source position', 'Stored state', 'Score', 'Exponential', 'Weight'],
  r.positions.map((p, i) => [`${i + 1}: ${positionWords(p.label)}`, both(p.state), both(p.score), both(p.exponential), both(p.weight)]))));
  frame.figure.dataset.weights = JSON.stringify(results.map((r) => r.positions.map((p) => p.weight.exact)));
  frame.figure.dataset.contexts = JSON.stringify(results.map((r) => r.context.exact));
  return frame.figure;
}
