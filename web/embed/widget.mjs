// One exercise as a self-contained widget: title, intro, one answer form per part,
// the core's verdict and feedback. Used by the embed page (embed.html), the
// <attention-exercise> web component (in a shadow root), the offline dist/ pages and
// the SCORM packages. Grading happens only in the core: the typed text goes through
// companion.grade() untouched and is only ever shown as text.
//
// mountExercise(holder, {companion, id, seed, store, onEvent}) -> controller
//   controller.ready      promise, settles once saved answers are restored
//   controller.state()    {exercise, seed, parts: {name: {text, verdict, attempts}}, correct, total, score}
//   controller.reset()    clears this exercise's answers (page and store)
//   controller.setSeed(n) redraws the exercise with seed n (its answers start empty)
// onEvent receives {type: 'graded', exercise, part, verdict, score, attempts} after each
// check and {type: 'progress', ...state()} after each check, restore and reset.

import { el, clear, uniqueId } from '../ui/dom.mjs';
import { renderMathText, renderParagraphs } from '../ui/render-math.mjs';
import { errorOf } from '../ui/boot.mjs';
import { attemptsText, showResult } from '../ui/part-view.mjs';
import { inputsBlock } from '../ui/inputs-view.mjs';
import { parseSeed } from '../seed.mjs';

// Removes the saved answers of one exercise at one seed, through the store's public API.
function clearAnswers(store, id, seed) {
  const state = store.snapshot();
  const record = Object.hasOwn(state.exercises, id) ? state.exercises[id] : undefined;
  if (!record || !Object.hasOwn(record.seeds, String(seed))) return;
  delete record.seeds[String(seed)];
  if (Object.keys(record.seeds).length === 0 && record.open === undefined) delete state.exercises[id];
  store.replace(state);
}


function safeGrade(companion, id, part, text, seed) {
  try {
    return companion.grade(id, part, text, { seed });
  } catch (error) {
    return { error: String(error?.message ?? error) };
  }
}

export function mountExercise(holder, { companion, id, seed: requestedSeed, store, onEvent = () => {} }) {
  let seed = parseSeed(requestedSeed ?? 0);
  let views = [];
  const root = el('article', { class: 'aw-exercise', 'data-exercise': id });
  holder.append(root);

  const state = () => {
    const parts = Object.create(null); // keyed by part name
    for (const view of views) parts[view.name] = view.record();
    const total = views.length;
    const correct = views.filter((view) => view.record().verdict === 'correct').length;
    return { exercise: id, seed, parts, correct, total, score: total ? correct / total : null };
  };
  const progress = () => onEvent({ type: 'progress', ...state() });

  function partView(exercise, part, index) {
    const name = String(part.name);
    const inputId = uniqueId('aw-answer');
    const feedbackId = uniqueId('aw-feedback');
    const saved = store.part(id, name, seed);
    let record = saved ? { ...saved } : { text: '', verdict: null, attempts: 0 };

    const label = el('label', { for: inputId, class: 'prompt' });
    renderMathText(label, part.prompt ?? name);
    const input = el('input', {
      id: inputId, name, type: 'text', class: 'answer', autocomplete: 'off', autocapitalize: 'off',
      spellcheck: 'false', placeholder: part.placeholder ?? undefined, 'aria-describedby': feedbackId,
    });
    input.value = record.text;
    const button = el('button', { type: 'submit', class: 'check' }, 'Check');
    const attemptsLine = el('p', { class: 'attempts' }, attemptsText(record.attempts));
    const feedback = el('div', { id: feedbackId, class: 'feedback', 'aria-live': 'polite' });
    const form = el('form', { class: 'answer-form', novalidate: true },
      label, el('div', { class: 'answer-row' }, input, button));
    const section = el('section', { class: 'part', 'data-part': name },
      el('h3', { class: 'part-heading' }, `Part ${index + 1}`, el('span', { class: 'part-name' }, name)),
      part.exact ? el('p', { class: 'exact-note' }, 'Give the exact form (fractions, and multiples of a where they appear).') : null,
      form, attemptsLine, feedback);
    if (part.hint) {
      const hintId = uniqueId('aw-hint');
      const hint = el('div', { id: hintId, class: 'hint', hidden: true });
      renderMathText(hint, part.hint);
      const toggle = el('button', { type: 'button', class: 'hint-toggle', 'aria-expanded': 'false', 'aria-controls': hintId },
        'Show a hint');
      toggle.addEventListener('click', () => {
        const open = hint.hidden;
        hint.hidden = !open;
        toggle.setAttribute('aria-expanded', String(open));
        toggle.textContent = open ? 'Hide the hint' : 'Show a hint';
      });
      section.append(toggle, hint);
    }

    function check({ restoring = false } = {}) {
      const text = input.value;
      if (!restoring && text.trim() === '') {
        clear(feedback);
        feedback.dataset.verdict = 'empty';
        feedback.append(el('p', { class: 'verdict verdict-invalid' }, 'Type an answer first.'));
        return;
      }
      const result = safeGrade(companion, id, name, text, seed);
      const verdict = errorOf(result) ? null : result.verdict;
      let attempts = record.attempts;
      if (!restoring && (verdict === 'correct' || verdict === 'incorrect')) attempts += 1;
      attemptsLine.textContent = attemptsText(attempts);
      showResult(feedback, result, { restored: restoring });
      section.dataset.verdict = verdict ?? 'error';
      if (verdict === null) return;
      record = { text, verdict, attempts };
      if (!restoring) {
        store.savePart(id, name, record, seed);
        const now = state();
        onEvent({ type: 'graded', exercise: id, part: name, verdict, score: now.score, attempts, seed });
        progress();
      }
    }
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      check();
    });
    return {
      name,
      section,
      record: () => ({ ...record }),
      restore: () => { if (record.text.trim() !== '') check({ restoring: true }); },
    };
  }

  async function render() {
    clear(root);
    views = [];
    let exercise;
    try {
      exercise = companion.exercise(id, { seed });
    } catch (error) {
      root.append(el('p', { class: 'status status-error' }, `The exercise “${id}” could not be opened: ${error?.message ?? error}`));
      return;
    }
    const intro = el('div', { class: 'intro' });
    root.append(el('h2', { class: 'aw-title' }, exercise.title ?? id), intro);
    if (seed !== 0) root.append(el('p', { class: 'aw-seed' }, `Variant ${seed}: the numbers are redrawn from this seed (see below).`));
    await renderParagraphs(intro, exercise.intro ?? '');
    if (seed !== 0 && exercise.inputs) root.append(inputsBlock(exercise, seed));
    if (Array.isArray(exercise.checklist) && exercise.checklist.length) {
      root.append(el('p', {}, 'Check your answer against this list (it is not graded):'),
        el('ul', { class: 'checklist' }, ...exercise.checklist.map((item) => el('li', {}, String(item)))));
    }
    const parts = Array.isArray(exercise.parts) ? exercise.parts : [];
    views = parts.map((part, index) => partView(exercise, part, index));
    root.append(...views.map((view) => view.section));
    for (const view of views) view.restore();
    progress();
  }

  const controller = {
    id,
    get seed() { return seed; },
    ready: render(),
    state,
    reset() {
      clearAnswers(store, id, seed);
      controller.ready = render();
      return controller.ready;
    },
    setSeed(next) {
      seed = parseSeed(next);
      controller.ready = render();
      return controller.ready;
    },
  };
  return controller;
}
