// Renders the core's working, chosen by the kind the core names for the exercise
// (exercise.offers.working; a part's own working has the same kind): "exact-read" as a
// table like the chapter's Table 14.1 (one row per source position: state, score,
// exponential, weight, each exact and decimal; then the denominator, context and
// readout), "counts" as a table of cost counts, and the decimal kinds ("read", "rows",
// "cost-summary") through ./ch19-working.mjs. "roles" (shown before the parts, see
// ./roles-view.mjs), "policies" and "none" have no step-by-step working. Every value
// shown is one the core returned; nothing is computed here.

import { el } from './dom.mjs';
import { readWorking, rowsWorking, costWorking } from './ch19-working.mjs';
import { positionWords } from './format.mjs';

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

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const hasPositions = (working) => isObject(working) && Array.isArray(working.positions);

// How the pages lay out an exercise's working: the kind the core names (offers.working),
// or null when the core offers nothing for the exercise.
export function workingKind(exercise) {
  const kind = exercise?.offers?.working;
  return typeof kind === 'string' && kind !== '' ? kind : null;
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
    const label = `${index + 1}: ${positionWords(position.label)}`;
    const row = el('tr', { class: removed ? 'removed' : undefined },
      el('th', { scope: 'row' }, label, removed ? el('span', { class: 'tag' }, ' (removed)') : null));
    for (const [key] of columns) {
      // A removed position takes no part in the read: it has no score, exponential or
      // weight to show (an exponential of 0 would be the e^0 = 0 slip the chapter warns of).
      if (removed && key !== 'state') {
        row.append(el('td', { class: 'removed-cell', colspan: exactOnly ? undefined : '2' }, 'removed'));
        continue;
      }
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

// A read, or reads by name (e.g. one per intervention), each as `one` lays it out.
function reads(one) {
  return {
    has: (working) => hasPositions(working) || Object.values(working).some(hasPositions),
    render(working, caption) {
      if (hasPositions(working)) return one(working, caption);
      return Object.entries(working).filter(([, value]) => hasPositions(value))
        .flatMap(([name, value]) => [el('h3', {}, name), el('div', { class: 'working-view' }, ...one(value, `${caption}: ${name}`))]);
    },
  };
}

// The renderer of each kind of working that has a step-by-step view: has(working) says
// whether the working holds what it lays out, render(working, caption) the elements.
const RENDERERS = {
  'exact-read': reads((working, caption) => [workingTable(working, { caption }), workingSummary(working)]),
  read: reads(readWorking),
  rows: { has: (working) => Array.isArray(working.rows), render: rowsWorking },
  counts: { has: (working) => Array.isArray(working.counts), render: (working, caption) => countTable(working, caption).filter(Boolean) },
  'cost-summary': { has: () => true, render: (working) => costWorking(working) },
};
const rendererOf = (kind) => (typeof kind === 'string' && Object.hasOwn(RENDERERS, kind) ? RENDERERS[kind] : null);

// Full working view for a working of `kind` (see workingKind), or the core's error message.
export function renderWorking(working, kind, caption = 'Working') {
  const box = el('div', { class: 'working-view' });
  if (!isObject(working)) {
    box.append(el('p', { class: 'error' }, 'The core returned no working for this exercise.'));
    return box;
  }
  if (typeof working.error === 'string' && working.error) {
    box.append(el('p', { class: 'error' }, `The core reports: ${working.error}`));
    return box;
  }
  const renderer = rendererOf(kind);
  if (!renderer || !renderer.has(working)) {
    box.append(el('p', { class: 'error' }, 'This exercise has no step-by-step working to show.'));
    return box;
  }
  box.append(...renderer.render(working, caption));
  return box;
}

// Whether renderWorking would show the working of `kind` (not an error): a kind with a
// step-by-step view and a working that holds it.
export function hasWorking(working, kind) {
  const renderer = rendererOf(kind);
  return Boolean(renderer) && isObject(working) && typeof working.error !== 'string' && renderer.has(working);
}
