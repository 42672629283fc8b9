// Export and import controls for the learner's progress (progress-file.mjs): who the
// learner is (their name and, optionally, their course email: learner.mjs; asked here,
// kept in this browser, changeable), a button that downloads the file under that name and a
// file picker that imports one, with the outcome shown as text in a live region.

import { el, uniqueId } from './dom.mjs';
import { exportProgress, exportFileName, importProgress } from './progress-file.mjs';
import { MAX_EMAIL, MAX_NAME, readLearner, saveLearner } from './learner.mjs';

// A labelled text field of the learner's record; saved as it changes.
function learnerField(label, hint, { value, maxLength, inputmode, autocomplete, onChange }) {
  const id = uniqueId('learner');
  const input = el('input', { id, type: 'text', inputmode, value, maxlength: String(maxLength), autocomplete, spellcheck: 'false',
    'aria-describedby': `${id}-hint`, class: 'learner-field' });
  input.addEventListener('input', () => onChange(input.value));
  return { input, row: el('p', { class: 'learner-row' }, el('label', { for: id }, label), input,
    el('span', { id: `${id}-hint`, class: 'learner-hint' }, hint)) };
}

export function mountProgressPanel(holder, { store, onImported = () => {} }) {
  const outcome = el('p', { class: 'progress-outcome', role: 'status', 'aria-live': 'polite' });
  const exportButton = el('button', { type: 'button', class: 'export-progress' }, 'Export my progress');
  const fileInput = el('input', { type: 'file', accept: '.json,application/json', class: 'import-progress' });
  const show = (text, kind) => {
    outcome.textContent = text;
    outcome.dataset.outcome = kind;
    outcome.className = `progress-outcome notice notice-${kind === 'ok' ? 'info' : 'error'}`;
  };
  let learner = readLearner();
  const keep = (change) => {
    learner = { ...learner, ...change };
    saveLearner(learner);
  };
  const name = learnerField('Your name:', 'It goes into your progress file, so that your teacher knows whose it is.',
    { value: learner.name, maxLength: MAX_NAME, inputmode: 'text', autocomplete: 'name', onChange: (text) => keep({ name: text }) });
  const email = learnerField('Your email address at your course (if you like):',
    'With it, your teacher can put your score into the course\u2019s gradebook.',
    { value: learner.email, maxLength: MAX_EMAIL, inputmode: 'email', autocomplete: 'email', onChange: (text) => keep({ email: text }) });
  const refresh = () => {
    learner = readLearner();
    name.input.value = learner.name;
    email.input.value = learner.email;
  };
  exportButton.addEventListener('click', () => {
    learner = readLearner();
    const blob = new Blob([exportProgress(store, new Date(), learner)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = el('a', { href: url, download: exportFileName(new Date(), learner.name), hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    show(learner.name ? `Your progress was saved as a file, under your name, ${learner.name}.`
      : 'Your progress was saved as a file. It carries no name: type your name above and export again, so that your ' +
        'teacher can tell it is yours.', 'ok');
  });
  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    if (!file) return;
    let text;
    try {
      text = await file.text();
    } catch {
      show('The file could not be read. Nothing was changed.', 'error');
      return;
    }
    const result = importProgress(store, text, { learner: readLearner(), adopt: (theirs) => saveLearner(theirs) });
    show(result.message, result.ok ? 'ok' : 'error');
    fileInput.value = '';
    if (result.ok) {
      refresh();
      onImported();
    }
  });
  const inputId = uniqueId('import');
  fileInput.id = inputId;
  holder.append(el('section', { class: 'progress-panel', 'aria-labelledby': `${inputId}-h` },
    el('h2', { id: `${inputId}-h` }, 'Save or load your progress'),
    el('p', {}, 'Your answers are kept in this browser. Save them as a file to keep a copy, move them to another browser ' +
      'or give them to your teacher, and load such a file here to bring them back. Loading a file adds its answers to ' +
      'the ones already here.'),
    name.row, email.row,
    el('p', { class: 'progress-actions' }, exportButton, ' ',
      el('label', { for: inputId }, 'Load a progress file: '), fileInput),
    outcome));
}
