// The exercise page (exercise.html?id=ch14.example1): intro with typeset
// math, one answer form per part, feedback from the core's grader, hints,
// saved answers (restored and re-graded on reload) and the core's working.
// Grading happens only in the core: this module passes the typed text through.

import { el, clear, uniqueId } from './dom.mjs';
import { bootCompanion, safeCall, errorOf, showNotice, setStatus } from './boot.mjs';
import { renderMathText, renderParagraphs } from './render-math.mjs';
import { renderWorking, hasWorking } from './working-view.mjs';
import { openStore } from './storage.mjs';

const VERDICT_TITLES = {
  correct: 'Correct',
  incorrect: 'Not correct yet',
  invalid: 'Not graded: the answer could not be read',
};

function attemptsText(count) {
  return count === 1 ? '1 attempt' : `${count} attempts`;
}

// Fills the live region with a grading result (or an error).
function showResult(region, result, { restored = false } = {}) {
  clear(region);
  const problem = errorOf(result);
  const verdict = result?.verdict;
  if (problem || !(verdict in VERDICT_TITLES)) {
    region.dataset.verdict = 'error';
    region.append(el('p', { class: 'verdict verdict-error' },
      `This answer could not be checked: ${problem ?? 'the core gave no verdict.'}`));
    return;
  }
  region.dataset.verdict = verdict;
  region.append(el('p', { class: `verdict verdict-${verdict}` },
    el('span', { class: 'verdict-title' }, VERDICT_TITLES[verdict]),
    restored ? el('span', { class: 'restored' }, ' (your saved answer, checked again)') : null));
  if (result.readAs) {
    region.append(el('p', { class: 'read-as' }, 'Read as: ', el('code', {}, String(result.readAs))));
  }
  if (result.feedback) region.append(el('p', { class: 'feedback-text' }, String(result.feedback)));
  if (result.misconception) {
    region.append(el('p', { class: 'misconception' }, 'Named misconception: ',
      el('strong', { class: 'misconception-name' }, String(result.misconception))));
  }
  if (verdict === 'correct' && result.expected) {
    region.append(el('p', { class: 'expected' }, 'Exact answer: ', el('code', {}, String(result.expected))));
  }
}

let saveWarningShown = false;

function partView(companion, store, exercise, part, index, seedOptions) {
  const name = String(part.name);
  const inputId = uniqueId('answer');
  const feedbackId = uniqueId('feedback');
  const hintId = uniqueId('hint');
  const saved = store.part(exercise.id, name);
  let attempts = saved?.attempts ?? 0;

  const label = el('label', { for: inputId, class: 'prompt' });
  renderMathText(label, part.prompt ?? name);
  const input = el('input', {
    id: inputId, name, type: 'text', class: 'answer', autocomplete: 'off', autocapitalize: 'off',
    spellcheck: 'false', placeholder: part.placeholder ?? undefined, 'aria-describedby': feedbackId,
  });
  if (saved) input.value = saved.text;
  const checkButton = el('button', { type: 'submit', class: 'check' }, 'Check');
  const attemptsLine = el('p', { class: 'attempts' }, attemptsText(attempts));
  const feedback = el('div', { id: feedbackId, class: 'feedback', 'aria-live': 'polite' });
  const form = el('form', { class: 'answer-form', novalidate: true },
    label, el('div', { class: 'answer-row' }, input, checkButton));

  const section = el('section', { class: 'part', 'data-part': name, 'aria-labelledby': `${inputId}-heading` },
    el('h2', { id: `${inputId}-heading`, class: 'part-heading' }, `Part ${index + 1}`,
      el('span', { class: 'part-name' }, name)),
    part.exact ? el('p', { class: 'exact-note' },
      'Give the exact form (fractions, and multiples of a where they appear).') : null,
    form, attemptsLine, feedback);

  if (part.hint) {
    const hint = el('div', { id: hintId, class: 'hint', hidden: true });
    renderMathText(hint, part.hint);
    const toggle = el('button', { type: 'button', class: 'hint-toggle', 'aria-expanded': 'false',
      'aria-controls': hintId }, 'Show a hint');
    toggle.addEventListener('click', () => {
      const open = hint.hidden;
      hint.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
      toggle.textContent = open ? 'Hide the hint' : 'Show a hint';
    });
    section.append(toggle, hint);
  }

  async function check({ restoring = false } = {}) {
    const text = input.value;
    if (!restoring && text.trim() === '') {
      clear(feedback);
      feedback.dataset.verdict = 'empty';
      feedback.append(el('p', { class: 'verdict verdict-invalid' }, 'Type an answer first.'));
      return;
    }
    checkButton.disabled = true;
    const result = await safeCall(() => companion.grade(exercise.id, name, text, seedOptions));
    checkButton.disabled = false;
    const verdict = errorOf(result) ? null : result.verdict;
    if (!restoring && (verdict === 'correct' || verdict === 'incorrect')) attempts += 1;
    attemptsLine.textContent = attemptsText(attempts);
    showResult(feedback, result, { restored: restoring });
    section.dataset.verdict = verdict ?? 'error';
    if (verdict === 'correct' || verdict === 'incorrect' || verdict === 'invalid') {
      if (!store.savePart(exercise.id, name, { text, verdict, attempts }) && !saveWarningShown) {
        saveWarningShown = true;
        showNotice('Your answers could not be saved in this browser; they will be lost when you leave.', 'warning');
      }
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    check().catch((error) => showResult(feedback, { error: String(error?.message ?? error) }));
  });

  const restore = saved && saved.text.trim() !== '' ? () => check({ restoring: true }) : null;
  return { section, restore };
}

function workingBlock(exercise) {
  const holder = el('div', { id: 'working-holder', hidden: true });
  const button = el('button', { type: 'button', class: 'show-working', 'aria-expanded': 'false',
    'aria-controls': 'working-holder' }, 'Show the working');
  button.addEventListener('click', () => {
    const open = holder.hidden;
    if (open && !holder.hasChildNodes()) {
      holder.append(renderWorking(exercise.working, `Working for ${exercise.title ?? exercise.id}`));
    }
    holder.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    button.textContent = open ? 'Hide the working' : 'Show the working';
  });
  return el('section', { class: 'working-section', 'aria-labelledby': 'working-heading' },
    el('h2', { id: 'working-heading' }, 'The working'),
    el('p', {}, 'Every step of the computation, as the core does it: scores, exponentials, weights, ' +
      'then the denominator, context and readout, each exact and as a decimal.'),
    button, holder);
}

async function main() {
  const { store, notice } = openStore();
  if (notice) showNotice(notice, 'warning');
  const id = new URLSearchParams(window.location.search).get('id');
  const content = document.getElementById('exercise');
  if (!id) {
    setStatus('No exercise was chosen. Pick one from the list of exercises.', 'error');
    return;
  }
  const companion = await bootCompanion();
  if (!companion) return;
  const seed = store.seed(id);
  const seedOptions = seed === undefined ? {} : { seed };
  const exercise = await safeCall(() => companion.exercise(id, seedOptions));
  const problem = errorOf(exercise);
  if (problem) {
    setStatus(`The exercise “${id}” could not be opened: ${problem}`, 'error');
    return;
  }
  const title = exercise.title ?? id;
  document.title = `${title} · Attention companion`;
  const intro = el('div', { class: 'intro' });
  content.append(el('h1', {}, title), intro);
  await renderParagraphs(intro, exercise.intro ?? '');
  const parts = Array.isArray(exercise.parts) ? exercise.parts : [];
  const views = parts.map((part, index) => partView(companion, store, exercise, part, index, seedOptions));
  content.append(...views.map((view) => view.section));
  if (hasWorking(exercise.working) || exercise.working?.error) content.append(workingBlock(exercise));
  for (const view of views) {
    if (view.restore) await view.restore();
  }
}

main().catch((error) => {
  setStatus(`This page could not be set up: ${error?.message ?? error}`, 'error');
}).finally(() => {
  document.body.dataset.ready = 'true';
});
