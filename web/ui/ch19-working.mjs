// Renders the decimal working kinds (offers.working) as tables: "read" (a single read
// with numeric weights), "rows" (small batches of score rows), "cost-summary" (the
// counts of a batched cost) and "roles" (the lettered arrays). The caller chooses the
// renderer by the kind the core names (./working-view.mjs); every number is one the core
// returned, rounded for display only.

import { el } from './dom.mjs';
import { fmt, fmtArray, fmtCount, fmtShape, fmtPolynomial, fmtFigures, fmtFiguresOf } from './format.mjs';

function scroller(label, table) {
  return el('div', { class: 'table-scroll', role: 'region', 'aria-label': label, tabindex: '0' }, table);
}

function headRow(titles) {
  return el('thead', {}, el('tr', {}, titles.map((title) => el('th', { scope: 'col' }, title))));
}

// The read's steps in the chapter's order: scores, scaled scores (where a temperature
// applies), exponentials, weights, values; every decimal to four significant figures, which
// the grader would take (fmtFigures), as the working's heading says (working-block.mjs).
function readTable(working, caption) {
  const positions = working.positions;
  const has = (key) => positions.some((p) => p[key] !== undefined);
  const tau = working.temperature;
  const shifted = Number(working.shift) > 0;
  const columns = [
    has('eligible') ? ['Eligible', (p) => (p.eligible === false ? 'no (masked)' : 'yes')] : null,
    has('score') ? ['Score', (p) => fmtFigures(p.score)] : null,
    has('scaled') ? [`Score ÷ τ (τ = ${fmt(tau, 2).replace(/\.?0+$/, '')})`, (p) => fmtFigures(p.scaled)] : null,
    has('exponential') ? [shifted ? 'Exponential, after subtracting the largest score' : 'Exponential',
      (p) => (p.exponential === undefined ? 'masked' : fmtFigures(p.exponential))] : null,
    ['Weight', (p) => fmtFigures(p.weight)],
    has('value') ? ['Value', (p) => fmtFiguresOf(p.value)] : null,
  ].filter(Boolean);
  const body = el('tbody');
  for (const [index, position] of positions.entries()) {
    body.append(el('tr', { class: position.eligible === false ? 'removed' : undefined },
      el('th', { scope: 'row' }, String(position.label ?? index + 1)),
      columns.map(([, cell]) => el('td', { class: 'decimal' }, cell(position)))));
  }
  return scroller(caption, el('table', { class: 'working' }, el('caption', {}, caption),
    headRow(['Position', ...columns.map(([title]) => title)]), body));
}

function summaryList(rows) {
  const list = el('dl', { class: 'summary' });
  for (const [term, value] of rows) {
    if (value === undefined || value === null) continue;
    list.append(el('div', {}, el('dt', {}, term), el('dd', {}, el('span', { class: 'decimal' }, value))));
  }
  return list;
}

function readSummary(working) {
  const figures = (value) => fmtFiguresOf(value);
  return summaryList([
    ['Denominator (sum of the exponentials)', working.denominator === undefined ? null : figures(working.denominator)],
    ['Context vector', working.context === undefined ? null : figures(working.context)],
    ['Sum of the weights', working.weightSum === undefined ? null : figures(working.weightSum)],
    ['Entropy of the weights (nats)', working.entropy === undefined ? null : figures(working.entropy)],
    ['Weight on masked positions', working.maskedMass === undefined ? null : figures(working.maskedMass)],
    ['Smallest value in each coordinate', working.valueMin === undefined ? null : figures(working.valueMin)],
    ['Largest value in each coordinate', working.valueMax === undefined ? null : figures(working.valueMax)],
    ['Context within those ranges', working.insideRanges === undefined ? null : (working.insideRanges ? 'yes' : 'no')],
  ]);
}

function batchTable(working, caption) {
  const rowName = working.rowsAreItems ? 'Batch item' : 'Query (target position)';
  const body = el('tbody');
  for (const [index, row] of working.rows.entries()) {
    body.append(el('tr', {}, el('th', { scope: 'row' }, String(index + 1)),
      el('td', { class: 'decimal' }, fmtFiguresOf(row.scores)),
      el('td', { class: 'decimal' }, Array.isArray(row.eligible) ? fmtFiguresOf(row.eligible) : '—'),
      el('td', { class: 'decimal' }, fmtFiguresOf(row.weights)),
      el('td', { class: 'decimal' }, fmtFigures(row.entropy))));
  }
  return scroller(caption, el('table', { class: 'working' }, el('caption', {}, caption),
    headRow([rowName, 'Scores', 'Mask (1 = eligible)', 'Weights', 'Entropy (nats)']), body));
}

function costSummary(working) {
  return summaryList([
    ['Score tensor shape', working.scoreShape === undefined ? null : fmtShape(working.scoreShape)],
    ['Context tensor shape', working.contextShape === undefined ? null : fmtShape(working.contextShape)],
    ['Score (and weight) elements', working.elements === undefined ? null : fmtCount(working.elements)],
    ['Bytes to store the weights', working.weightBytes === undefined ? null : fmtCount(working.weightBytes)],
    ['Multiplications (scores and value mixing)',
      working.multiplications === undefined ? null : fmtCount(working.multiplications)],
    ['Arithmetic, to leading order', working.order === undefined ? null : `O(${fmtPolynomial(working.order)})`],
  ]);
}

// The working of each kind, as a block of tables and lists.
export function readWorking(working, caption) {
  return [readTable(working, caption), readSummary(working)];
}

export function rowsWorking(working, caption) {
  return [batchTable(working, caption)];
}

export function costWorking(working) {
  return [costSummary(working)];
}

// The lettered arrays (the "roles" kind) under their letters (shapes named too,
// since they are part of the evidence).
export function rolesArrays(working) {
  const list = el('dl', { class: 'roles-arrays' });
  for (const { letter, array } of working.arrays) {
    const matrix = Array.isArray(array) && Array.isArray(array[0]);
    const shape = matrix ? `${array.length} rows of ${array[0].length}` : `${Array.isArray(array) ? array.length : 1} numbers`;
    const value = matrix
      ? el('span', { class: 'matrix' }, array.map((row) => el('span', { class: 'matrix-row' }, fmtArray(row))))
      : fmtArray(array);
    list.append(el('div', { class: 'roles-array', 'data-letter': String(letter) },
      el('dt', {}, String(letter)),
      el('dd', {}, el('code', {}, value), el('span', { class: 'shape-note' }, ` (${shape})`))));
  }
  return list;
}
