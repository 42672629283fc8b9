// The inputs an exercise's core computation reads, as a table: hidden in a <details> for
// the chapter's own numbers, shown up front (with a warning that the intro quotes the
// chapter) for a seeded variant. Used by the exercise page and the embed widget.

import { el, uniqueId } from './dom.mjs';
import { langNodes } from './lang-text.mjs';

const INPUT_NAMES = {
  query: 'query q', keys: 'keys (one row per position)', values: 'values (one row per position)',
  W: 'bilinear matrix W', W_q: 'W_q', W_k: 'W_k', v: 'v', b: 'b', scores: 'scores', shift: 'shift c',
  weights: 'weights', mask: 'mask (1 = eligible)', temperature: 'temperature τ', lengths: 'source lengths',
  S: 'source length S', window: 'local window [start, end)', relevant: 'position holding the needed value',
  score: 'score function', embeddings: 'embeddings', source: 'source tokens', readout: 'readout weights',
  control: 'control value', replace: 'position whose value is replaced',
};

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

// An input's name in words: S is the width the rows are padded to only where there are
// source lengths to pad (Exercises 19.9-19.11, 19.21), not in a shape count (19.16).
function inputName(exercise, name) {
  if (name === 'S' && 'lengths' in exercise.inputs) return 'padded source length S';
  return INPUT_NAMES[name] ?? name;
}

// The inputs as the core reads them (authored or drawn from the seed).
export function inputsBlock(exercise, seed) {
  const body = el('tbody');
  for (const [name, value] of Object.entries(exercise.inputs)) {
    body.append(el('tr', { 'data-input': name }, el('th', { scope: 'row' }, langNodes(inputName(exercise, name))),
      el('td', {}, el('code', {}, langNodes(inputText(halfOpen(name, value)))))));
  }
  const table = el('div', { class: 'table-scroll', role: 'region', 'aria-label': 'Inputs', tabindex: '0' },
    el('table', { class: 'inputs-table' }, el('caption', {}, 'Inputs'),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Input'), el('th', { scope: 'col' }, 'Value'))), body));
  if (seed) {
    const heading = uniqueId('inputs-heading');
    return el('section', { class: 'inputs inputs-variant', 'aria-labelledby': heading },
      el('h2', { id: heading }, 'This variant’s numbers'),
      el('p', { class: 'variant-warning' }, 'This variant draws new numbers: the text above and every part are written ' +
        'with the inputs below, which are not the chapter’s. A part that sets an input of its own shows it under its heading.'), table);
  }
  return el('details', { class: 'inputs' }, el('summary', {}, 'The inputs as the core reads them'), table);
}
