// Fill-in tables: an exercise may lay some of its parts out as a table (Example 14.3's
// removals, shaped like the chapter's Tables 14.2 and 14.3), declared in its file as
//   "tables": [{"caption", "row_header", "columns": [header, ...],
//               "rows": [{"token": the source token its parts remove or delete, or null,
//                         "parts": [part name or null, ...]}, ...]}]
// Each cell is the part's own form (part-view.mjs), named by its row and column ("State
// left out 2: key, Readout r", the maths as words) and graded by the core as any part is; a null cell has nothing to fill. A row is named
// by the source position its parts remove or delete ("2: key"), or "None" when they
// change nothing (its token is null). Parts not in a table keep their own sections. A cell
// offers its worked solution as a part does (after the same checks, recorded the same way),
// below the table, named by the cell, so that the table stays compact.

import { el } from './dom.mjs';
import { renderMathText } from './render-math.mjs';
import { partView } from './part-view.mjs';
import { spokenText } from './math-speech.mjs';
import { positionWords } from './format.mjs';

// "2: key" for a row whose parts remove or delete the second source token; "None" otherwise.
function rowLabel(exercise, changed) {
  if (typeof changed !== 'string') return 'None';
  const source = Array.isArray(exercise.inputs?.source) ? exercise.inputs.source.map(String) : [];
  const at = source.indexOf(changed);
  return at < 0 ? positionWords(changed) : `${at + 1}: ${positionWords(changed)}`;
}

// The parts of `exercise` that some table lays out, by name.
export function tabledParts(exercise) {
  const names = new Set();
  for (const table of Array.isArray(exercise.tables) ? exercise.tables : []) {
    for (const row of Array.isArray(table.rows) ? table.rows : []) {
      for (const name of Array.isArray(row?.parts) ? row.parts : []) if (typeof name === 'string') names.add(name);
    }
  }
  return names;
}

// -> {section, views}: the table (and below it its cells' worked solutions, each offered
// when that cell has earned it), and the part views in its cells (to restore and count).
// `partOptions` are passed to every cell's partView; `numberOf(name)` is the part's index.
export function partTable(companion, store, exercise, table, seed, numberOf, partOptions = {}) {
  const byName = new Map((exercise.parts ?? []).map((part) => [String(part.name), part]));
  const columns = (Array.isArray(table.columns) ? table.columns : []).map((text) => ({ text: String(text) }));
  const views = [];
  const solutions = el('div', { class: 'cell-solutions' });
  const header = el('tr', {}, el('th', { scope: 'col' }, String(table.row_header ?? '')),
    columns.map((column) => {
      const th = el('th', { scope: 'col' });
      renderMathText(th, column.text);
      return th;
    }));
  const body = (Array.isArray(table.rows) ? table.rows : []).map((row) => {
    const parts = (Array.isArray(row?.parts) ? row.parts : []).map((name) => (typeof name === 'string' ? byName.get(name) : null));
    const label = rowLabel(exercise, row?.token);
    const cells = columns.map((column, index) => {
      const part = parts[index];
      // The column's name in the cell itself, shown where the table is laid out as blocks (a
      // phone: style.css); screen readers have it from the column header and the field's name.
      const heading = el('span', { class: 'cell-heading', 'aria-hidden': 'true' });
      renderMathText(heading, column.text);
      if (!part) return el('td', { class: 'table-cell-empty' }, heading, el('span', { 'aria-label': 'nothing to fill' }, '—'));
      const view = partView(companion, store, exercise, part, numberOf(part.name), seed,
        { ...partOptions, cellName: `${table.row_header ?? 'Row'} ${label}, ${spokenText(column.text)}`,
          cellSolutions: solutions });
      views.push(view);
      return el('td', {}, heading, view.section);
    });
    return el('tr', {}, el('th', { scope: 'row' }, label), cells);
  });
  const captionText = el('span', {});
  renderMathText(captionText, String(table.caption ?? ''));
  const caption = el('caption', {}, captionText);
  const multiline = views.some((view) => view.section.querySelector('textarea'));
  if (multiline) {
    caption.append(el('span', { class: 'answer-keys' }, ' In a field of several lines, Enter starts a new line',
      el('span', { class: 'keys-shortcut' }, ' and Ctrl+Enter (⌘+Enter on a Mac) checks the answer'), '.'));
  }
  const scroll = el('div', { class: 'table-scroll part-table', role: 'region', tabindex: '0',
    'aria-label': String(table.caption || 'Fill-in table').replace(/\$/g, '') },
  el('table', { class: 'fill-in-table' }, caption, el('thead', {}, header), el('tbody', {}, body)));
  return { section: el('div', { class: 'part-table-block' }, scroll, solutions), views };
}
