// "How to write answers", once on an exercise page, above its parts, saying only what applies
// to them: lists where a part takes a list, the decimal rule where a part takes a decimal (not
// on 0/1 masks, counts, shapes or positions), shapes, whole numbers, cost formulas, Chapter
// 14's a. What a part takes is read from its example answer (its placeholder, which shows the
// form of an answer and never the answer), unless the part says it itself ("decimal": true or
// false). The decimal rule is worded by the core (exercise.decimalRule); a verdict it decided
// points to it (DECIMAL_RULE_ID).

import { el } from './dom.mjs';
import { isMatrixPart } from './answer-control.mjs';

export const DECIMAL_RULE_ID = 'decimal-rule';

const exampleOf = (part) => String(part.placeholder ?? '').replace(/^.*?e\.g\.\s*/, '').trim();

// The forms a typed part's answer takes: a set of 'list', 'matrix', 'decimal', 'symbol'
// (Chapter 14's a), 'fraction', 'shape', 'whole', 'formula'.
export function answerForms(part) {
  const forms = new Set();
  if (Array.isArray(part.options)) return forms;
  const example = exampleOf(part);
  if (isMatrixPart(part)) forms.add('matrix');
  else if (example.startsWith('[')) forms.add('list');
  if (example.startsWith('(') && /^\([\d\s,]*\)$/.test(example)) forms.add('shape');
  else if (/\bO\(|\bD_[kv]\b/.test(example)) forms.add('formula');
  else if (/^\d[\d,]*$/.test(example)) forms.add('whole');
  const symbol = /(^|[^a-z_])a([^a-z_(]|$)/i.test(example) && /[[\d/]/.test(example);
  if (symbol) forms.add('symbol');
  if (/\d\/\d/.test(example) || /a\/\d/.test(example)) forms.add('fraction');
  const decimal = typeof part.decimal === 'boolean' ? part.decimal
    : /\d\.\d/.test(example) || forms.has('symbol') || forms.has('fraction');
  if (decimal) forms.add('decimal');
  return forms;
}

// The rule as the core words it ("The decimal rule: each decimal counts …"), as a sentence.
function decimalRuleText(rule) {
  const text = String(rule).replace(/^The decimal rule:\s*/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// -> the section, or null where no part takes a typed answer. letters: the roles exercise
// (its parts take a letter).
export function answerHelp(exercise, { letters = null } = {}) {
  const parts = Array.isArray(exercise.parts) ? exercise.parts : [];
  const typed = letters ? [] : parts.filter((part) => !Array.isArray(part.options));
  if (typed.length === 0) return null;
  const forms = new Set(typed.flatMap((part) => [...answerForms(part)]));
  const code = (text) => el('code', {}, text);
  // (No numbers in these sentences: an example could be some variant's answer. Each field's own
  // example, its placeholder, shows the form, and the core keeps it from being an answer.)
  const items = [];
  if (forms.has('list') || forms.has('matrix')) {
    items.push(el('li', {}, 'Write a list in square brackets, its entries separated by commas; a NumPy printout, ' +
      'separated by spaces, is read too.'));
  }
  if (forms.has('matrix')) {
    items.push(el('li', {}, 'Write a matrix as the list of its rows, ', code('[[…], […]]'), ', one row a line if you like.'));
  }
  if (forms.has('symbol')) {
    items.push(el('li', {}, 'Write ln 2 as ', code('a'), ', and fractions with a slash, as the example in each field shows.'));
  } else if (forms.has('fraction')) {
    items.push(el('li', {}, 'Fractions written with a slash are read.'));
  }
  const rule = typeof exercise.decimalRule === 'string' && exercise.decimalRule !== '' ? exercise.decimalRule : null;
  const ruleShown = forms.has('decimal') && rule !== null;
  if (ruleShown) {
    items.push(el('li', { class: 'decimal-rule', id: DECIMAL_RULE_ID, tabindex: '-1' },
      el('strong', {}, 'How decimals are checked. '), decimalRuleText(rule),
      exercise.chapter === 14 ? '' : ' An exact expression in e, written with ^, / and brackets, is read too.'));
  }
  if (forms.has('shape')) items.push(el('li', {}, 'Write a shape as its sizes in round brackets, one for each axis.'));
  if (forms.has('whole')) {
    items.push(el('li', {}, 'Write a whole number in digits (commas between the thousands are read) or as a power, with ',
      code('^'), '.'));
  }
  if (forms.has('formula')) items.push(el('li', {}, 'Write a cost formula in T, S, D_k and D_v.'));
  items.push(el('li', {}, 'An answer that cannot be read is reported and does not count as an attempt.'));
  return {
    section: el('section', { class: 'answer-help', 'aria-labelledby': 'help-heading' },
      el('h2', { id: 'help-heading' }, 'How to write answers'), el('ul', {}, items)),
    decimalRuleId: ruleShown ? DECIMAL_RULE_ID : null,
  };
}
