// The inputs an exercise's core computation reads, as a table: hidden in a <details> for
// the chapter's own numbers, shown up front (with a warning that the intro quotes the
// chapter) for a seeded variant. Used by the exercise page and the embed widget.

import { el, uniqueId } from './dom.mjs';
import { langNodes } from './lang-text.mjs';
import { renderMathText } from './render-math.mjs';

// A window is half-open, and is written so: the file's [3, 7] is the window [3, 7).
const halfOpen = (name, value) => (name === 'window' && typeof value === 'string'
  ? value.replace(/\]\s*$/, ')') : value);

function inputText(value) {
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).map(([key, entry]) => `${key}: ${inputText(entry)}`).join('; ');
  }
  return String(value);
}

// An input's name in words, its symbol typeset: the core's (exercise.inputWords, from
// cpp/exercises/input_words.cc), never the file's identifier.
function inputName(exercise, name) {
  const words = exercise.inputWords?.[name];
  return typeof words === 'string' && words !== '' ? words : name.replace(/_/g, ' ');
}

function nameCell(words) {
  const cell = el('th', { scope: 'row' });
  renderMathText(cell, words);
  return cell;
}

// The inputs as the core reads them (authored or drawn from the seed). practice: the block sits
// in a part's practice panel (practice-view.mjs), under a heading of level headingLevel - 1: its
// numbers are that practice variant's alone, and the exercise around it keeps its own.
export function inputsBlock(exercise, seed, { practice = false, headingLevel = 2 } = {}) {
  const body = el('tbody');
  for (const [name, value] of Object.entries(exercise.inputs)) {
    body.append(el('tr', { 'data-input': name }, nameCell(inputName(exercise, name)),
      el('td', {}, el('code', {}, langNodes(inputText(halfOpen(name, value)))))));
  }
  const table = el('div', { class: 'table-scroll', role: 'region', 'aria-label': 'Inputs', tabindex: '0' },
    el('table', { class: 'inputs-table' }, el('caption', {}, 'Inputs'),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Input'), el('th', { scope: 'col' }, 'Value'))), body));
  if (seed) {
    const heading = uniqueId('inputs-heading');
    return el('section', { class: 'inputs inputs-variant', 'aria-labelledby': heading },
      el(`h${Math.min(6, headingLevel)}`, { id: heading }, practice ? 'This practice variant’s numbers' : 'This variant’s numbers'),
      el('p', { class: 'variant-warning' }, practice
        ? 'Answer the practice with these inputs only: the exercise above keeps its own numbers.'
        : 'This variant draws new numbers: the text above and every part are written ' +
        'with the inputs below, which are not the chapter’s. A part that sets an input of its own shows it under its heading.'), table);
  }
  return el('details', { class: 'inputs' }, el('summary', {}, 'The inputs as the core reads them'), table);
}
