// Renders the core's working for a ch14 read as a table like the chapter's
// Table 14.1: one row per source position (state, score, exponential,
// weight; each exact and decimal), then the denominator, context and readout.
// Every value shown is a string the core returned; nothing is computed here.

import { el } from './dom.mjs';
import { renderCh19Working, isCh19Working } from './ch19-working.mjs';

// "a/2" / null and "0.346574" -> the two cells' texts.
export function exactText(q) {
  return q && typeof q.exact === 'string' && q.exact !== '' ? q.exact : '—';
}

export function decimalText(q) {
  return q && typeof q.decimal === 'string' && q.decimal !== '' ? q.decimal : '—';
}

// "a/2 ≈ 0.346574" (or only the decimal where there is no exact form).
export function quantityText(q) {
  if (!q) return '—';
  const exact = exactText(q);
  const decimal = decimalText(q);
  if (exact === '—') return decimal;
  if (decimal === '—' || decimal === exact) return exact;
  return `${exact} ≈ ${decimal}`;
}

export function isReadWorking(working) {
  return working !== null && typeof working === 'object' && Array.isArray(working.positions);
}

// Working of a count model (Chapter 14's cost exercises): {inputs: {...}, counts: [{name, formula, value}]}.
export function isCountWorking(working) {
  return working !== null && typeof working === 'object' && Array.isArray(working.counts);
}

function countTable(working, caption) {
  const body = el('tbody');
  for (const row of working.counts) {
    body.append(el('tr', {}, el('th', { scope: 'row' }, String(row?.name ?? '').replaceAll('_', ' ')),
      el('td', { class: 'exact' }, String(row?.formula ?? '')),
      el('td', { class: 'exact' }, String(row?.value ?? '—'))));
  }
  const givens = working.inputs && typeof working.inputs === 'object'
    ? Object.entries(working.inputs).map(([name, value]) => `${name} = ${value}`).join(', ') : '';
  const table = el('table', { class: 'working' }, el('caption', {}, caption),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Count'), el('th', { scope: 'col' }, 'Formula'),
      el('th', { scope: 'col' }, 'Value'))), body);
  return [givens ? el('p', { class: 'givens' }, 'With ', el('code', {}, givens)) : null, scroller(caption, table)];
}

// A scrollable, focusable wrapper so wide tables work at narrow widths.
function scroller(label, table) {
  return el('div', { class: 'table-scroll', role: 'region', 'aria-label': label, tabindex: '0' }, table);
}

const COLUMNS = [
  ['state', 'State'],
  ['score', 'Score'],
  ['exponential', 'Exponential'],
  ['weight', 'Weight'],
];

// Returns an element holding the full working table for `working`.
// `columns` can narrow the per-position quantities (default: all four).
// `exactOnly` drops the decimal columns (where a figure already shows them).
export function workingTable(working, { caption = 'Working', columns = COLUMNS, exactOnly = false } = {}) {
  const headTop = el('tr', {}, el('th', { scope: 'col', rowspan: exactOnly ? undefined : '2' }, 'Source position'));
  const headSub = el('tr');
  for (const [, title] of columns) {
    if (exactOnly) {
      headTop.append(el('th', { scope: 'col' }, title));
      continue;
    }
    headTop.append(el('th', { scope: 'colgroup', colspan: '2' }, title));
    headSub.append(el('th', { scope: 'col', class: 'sub' }, 'exact'), el('th', { scope: 'col', class: 'sub' }, 'decimal'));
  }
  const body = el('tbody');
  working.positions.forEach((position, index) => {
    const removed = Boolean(position.removed);
    const label = `${index + 1}: ${position.label ?? ''}`;
    const row = el('tr', { class: removed ? 'removed' : undefined },
      el('th', { scope: 'row' }, label, removed ? el('span', { class: 'tag' }, ' (removed)') : null));
    for (const [key] of columns) {
      row.append(el('td', { class: 'exact' }, exactText(position[key])));
      if (!exactOnly) row.append(el('td', { class: 'decimal' }, decimalText(position[key])));
    }
    body.append(row);
  });
  const table = el('table', { class: 'working' },
    el('caption', {}, caption), el('thead', {}, headTop, exactOnly ? null : headSub), body);
  return scroller(caption, table);
}

// The denominator, context and readout as a description list.
export function workingSummary(working) {
  const list = el('dl', { class: 'summary' });
  const rows = [['Denominator (sum of exponentials)', working.denominator],
    ['Context', working.context]];
  if (working.readout !== null && working.readout !== undefined) rows.push(['Readout r', working.readout]);
  for (const [term, q] of rows) {
    if (q === undefined) continue;
    const exact = exactText(q);
    const decimal = decimalText(q);
    list.append(el('div', {}, el('dt', {}, term),
      el('dd', {}, el('span', { class: 'exact' }, exact === '—' ? decimal : exact),
        exact === '—' || decimal === exact ? null : el('span', { class: 'decimal' }, `≈ ${decimal}`))));
  }
  return list;
}

// Full working view: table plus summary, or the core's error message.
// Working that is not a single read but holds reads by name (e.g. one per
// intervention) is shown as one titled block per read.
export function renderWorking(working, caption = 'Working') {
  const box = el('div', { class: 'working-view' });
  if (working === null || typeof working !== 'object') {
    box.append(el('p', { class: 'error' }, 'The core returned no working for this exercise.'));
    return box;
  }
  if (typeof working.error === 'string' && working.error) {
    box.append(el('p', { class: 'error' }, `The core reports: ${working.error}`));
    return box;
  }
  const ch19 = renderCh19Working(working, caption);
  if (ch19) {
    box.append(...ch19);
    return box;
  }
  if (isReadWorking(working)) {
    box.append(workingTable(working, { caption }), workingSummary(working));
    return box;
  }
  if (isCountWorking(working)) {
    box.append(...countTable(working, caption).filter(Boolean));
    return box;
  }
  const named = Object.entries(working).filter(([, value]) => isReadWorking(value));
  if (named.length === 0) {
    box.append(el('p', { class: 'error' }, 'This exercise has no step-by-step working to show.'));
    return box;
  }
  for (const [name, value] of named) {
    box.append(el('h3', {}, name), renderWorking(value, `${caption}: ${name}`));
  }
  return box;
}

// Whether renderWorking would show a table for this working.
export function hasWorking(working) {
  if (working === null || typeof working !== 'object') return false;
  if (isReadWorking(working) || isCountWorking(working) || isCh19Working(working)) return true;
  return Object.values(working).some(isReadWorking);
}
