// A part's answer control: a text field (a text area that shows every row for a matrix), a
// radio group for a choice part (graded by option id), or a letter picker (the roles
// exercise). Each is {head, control, note?, multiline?, get(), set(text)}: the part form
// (part-view.mjs) lays it out with its Check button and reads it.
import { el } from './dom.mjs';
import { renderMathText } from './render-math.mjs';
import { hasMath, spokenText } from './math-speech.mjs';
import { typedInFull } from './answer-echo.mjs';

// Whether a part's answer is a matrix (a list of rows): its example answer (the
// placeholder, "e.g. [[a, 0], [a, -a]]") opens with two brackets.
export function isMatrixPart(part) {
  return typeof part?.placeholder === 'string' && /^\s*(?:e\.g\.\s*)?\[\s*\[/.test(part.placeholder);
}

// The rows of a matrix placeholder, laid out one row a line: "e.g. [[a, 0],\n [a, -a]]".
function matrixPlaceholder(placeholder) {
  return placeholder.replace(/\]\s*,\s*\[/g, '],\n [');
}

const MATRIX_MIN_ROWS = 3;
const MATRIX_MAX_ROWS = 12;

// The accessible name of a field whose prompt holds maths: the prompt with each formula
// as words (math-speech.mjs), since the label's MathML is left out of the name.
function spokenName(prompt) {
  return hasMath(prompt) ? { 'aria-label': spokenText(prompt) } : {};
}

// cellName: a table cell's field is named by its row and column (then no prompt is shown).
export function textControl(part, name, inputId, feedbackId, cellName = null) {
  const label = cellName ? null : el('label', { for: inputId, class: 'prompt' });
  if (label) renderMathText(label, part.prompt ?? name);
  const named = cellName ? { 'aria-label': cellName } : spokenName(part.prompt ?? name);
  if (!isMatrixPart(part)) {
    const input = el('input', {
      id: inputId, name, type: 'text', class: 'answer', autocomplete: 'off', autocapitalize: 'off',
      spellcheck: 'false', placeholder: part.placeholder ?? undefined, 'aria-describedby': feedbackId, ...named,
    });
    const typed = typedInFull(input);
    return { head: label, control: input, note: typed.echo, get: () => input.value,
      set: (text) => { input.value = text; typed.update(); } };
  }
  // A matrix goes into a text area that shows every row: Enter starts a new line, and
  // Ctrl+Enter (Cmd+Enter on a Mac) checks, as the Check button does.
  const placeholder = matrixPlaceholder(part.placeholder);
  const base = Math.min(MATRIX_MAX_ROWS, Math.max(MATRIX_MIN_ROWS, placeholder.split('\n').length));
  const keysId = `${inputId}-keys`;
  const area = el('textarea', {
    id: inputId, name, class: 'answer answer-matrix', rows: String(base), autocomplete: 'off', autocapitalize: 'off',
    spellcheck: 'false', placeholder, 'aria-describedby': cellName ? feedbackId : `${keysId} ${feedbackId}`, ...named,
  });
  const fit = () => {
    area.rows = Math.min(MATRIX_MAX_ROWS, Math.max(base, area.value.split('\n').length));
  };
  area.addEventListener('input', fit);
  // (In a table's cell the page states this once, above the table.)
  // (The keyboard shortcut is not shown, nor said, on a touch screen: style.css, .keys-shortcut.)
  const keys = cellName ? null : el('p', { id: keysId, class: 'answer-keys' },
    'One row a line if you like: Enter starts a new line',
    el('span', { class: 'keys-shortcut' }, ', and Ctrl+Enter (⌘+Enter on a Mac) checks the answer'), '.');
  return {
    head: label, control: area, multiline: true, note: keys, get: () => area.value,
    set: (text) => { area.value = text; fit(); },
  };
}

export function choiceControl(part, name, inputId, feedbackId) {
  const legend = el('legend', { class: 'prompt' });
  renderMathText(legend, part.prompt ?? name);
  const radios = [];
  const list = el('div', { class: 'choice-options' });
  for (const [index, option] of part.options.entries()) {
    const id = `${inputId}-${index}`;
    const radio = el('input', { type: 'radio', id, name: inputId, value: String(option.id), class: 'choice-radio',
      'aria-describedby': feedbackId, ...spokenName(option.text ?? option.id) });
    const text = el('span', {});
    renderMathText(text, String(option.text ?? option.id));
    radios.push(radio);
    list.append(el('div', { class: 'choice-option' }, radio, el('label', { for: id }, text)));
  }
  const fieldset = el('fieldset', { class: 'choice-group', ...spokenName(part.prompt ?? name) }, legend, list);
  return {
    head: fieldset, control: null,
    get: () => radios.find((radio) => radio.checked)?.value ?? '',
    set: (text) => { for (const radio of radios) radio.checked = radio.value === text; },
  };
}

export function letterControl(part, name, inputId, feedbackId, letters) {
  const select = el('select', { id: inputId, name, class: 'answer-letter', 'aria-describedby': feedbackId,
    ...spokenName(part.prompt ?? name) },
    el('option', { value: '' }, 'Choose a letter'),
    letters.map((letter) => el('option', { value: letter }, letter)));
  const label = el('label', { for: inputId, class: 'prompt' });
  renderMathText(label, part.prompt ?? name);
  return {
    head: label, control: select, get: () => select.value,
    set: (text) => { select.value = letters.includes(text.trim().toUpperCase()) ? text.trim().toUpperCase() : ''; },
  };
}

// The kind of a part's control ('choice': its options, 'letter': a letter picker where the
// exercise has letters, else 'text') and the control itself: the part view and its practice
// panel (practice-view.mjs) use the same one.
export const controlKind = (part, letters = null) => (Array.isArray(part.options) ? 'choice' : letters ? 'letter' : 'text');
export function answerControl(part, name, inputId, feedbackId, { letters = null, cellName = null } = {}) {
  const kind = controlKind(part, letters);
  const view = kind === 'choice' ? choiceControl(part, name, inputId, feedbackId)
    : kind === 'letter' ? letterControl(part, name, inputId, feedbackId, letters)
      : textControl(part, name, inputId, feedbackId, cellName);
  return { kind, view };
}
