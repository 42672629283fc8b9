// One exercise as a self-contained widget: title, intro, the parts (the companion's one
// part form, ../ui/part-view.mjs: text, choice or letter), the core's verdict and
// feedback. Used by the embed page (embed.html), the <attention-exercise> web component
// (in a shadow root), the offline dist/ pages and the SCORM packages. Grading happens
// only in the core: the typed text goes through companion.grade() untouched and is only
// ever shown as text.
//
// mountExercise(holder, {companion, id, seed, store, titleLevel = 2, policy, onEvent}) -> controller
//   controller.ready      promise, settles once saved answers are restored
//   controller.state()    {exercise, seed, parts: {name: {text, verdict, attempts}}, correct, total, score}
//   controller.reset()    clears this exercise's answers (page and store)
//   controller.setSeed(n) redraws the exercise with seed n (its answers start empty)
// onEvent receives {type: 'graded', exercise, part, verdict, score, attempts, seed, text,
// kind, mistake, feedback, latencyMs} after each check (../ui/part-view.mjs's onGraded) and
// {type: 'progress', ...state()} after each check, restore and reset.
// An exercise that a seed does not change is always shown with seed 0 (its one version).
// policy: the teacher's feedback policy (../ui/feedback-policy.mjs), for every part and
// the working.

import { el, clear, uniqueId } from '../ui/dom.mjs';
import { renderMathText, renderParagraphs } from '../ui/render-math.mjs';
import { partView } from '../ui/part-view.mjs';
import { roleLetters, rolesSection } from '../ui/roles-view.mjs';
import { inputsBlock } from '../ui/inputs-view.mjs';
import { parseSeed } from '../seed.mjs';
import { hasVariants } from '../ui/variant-control.mjs';
import { hasWorking, workingKind } from '../ui/working-view.mjs';
import { workingBlock } from '../ui/working-block.mjs';
import { PRACTICE } from '../ui/feedback-policy.mjs';
import { messageOf } from '../error-message.mjs';

const SAVE_FAILED = 'Your answers could not be saved here; they will be lost when you leave.';

// A checklist point, its maths typeset.
function mathItem(point) {
  const li = el('li', {});
  renderMathText(li, String(point));
  return li;
}

export function mountExercise(holder, { companion, id, seed: requestedSeed, store, titleLevel = 2, policy = PRACTICE,
  onEvent = () => {} }) {
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

  // A failed save is told once, inside this widget (a host page's #notice is not ours).
  let saveWarning = null;
  const onSaveFailed = () => {
    saveWarning ??= root.insertBefore(el('p', { class: 'notice notice-warning', role: 'status' }, SAVE_FAILED),
      root.firstChild);
  };
  let working = null;
  const settle = () => working?.update(views.every((view) => view.settled()));
  const onGraded = ({ part, verdict, attempts, text, kind, mistake, feedback, latencyMs }) => {
    settle();
    onEvent({ type: 'graded', exercise: id, part, verdict, score: state().score, attempts, seed,
      text, kind, mistake, feedback, latencyMs });
    progress();
  };

  async function render() {
    clear(root);
    views = [];
    working = null;
    saveWarning = null;
    let exercise;
    try {
      exercise = companion.exercise(id, { seed });
      if (seed !== 0 && !hasVariants(exercise)) {
        // No numbers to redraw: the seed is kept only where it changes something (19.1 letters
        // its arrays in another order); otherwise this is the exercise's one version.
        const only = companion.exercise(id);
        if (JSON.stringify(only) === JSON.stringify(exercise)) seed = 0;
      }
    } catch (error) {
      root.append(el('p', { class: 'status status-error' }, `The exercise “${id}” could not be opened: ${messageOf(error)}`));
      return;
    }
    const intro = el('div', { class: 'intro' });
    const titleId = uniqueId('aw-title');
    root.append(el(`h${titleLevel}`, { class: 'aw-title', id: titleId }, exercise.title ?? id), intro);
    if (seed !== 0) {
      root.append(el('p', { class: 'aw-seed' }, hasVariants(exercise)
        ? `Variant ${seed}: the numbers are redrawn from this seed (see below).`
        : `Variant ${seed}: the same question, laid out in another order.`));
    }
    await renderParagraphs(intro, exercise.intro ?? '');
    if (seed !== 0 && exercise.inputs) root.append(inputsBlock(exercise, seed));
    if (Array.isArray(exercise.checklist) && exercise.checklist.length) {
      root.append(el('p', {}, 'Check your answer against this list (it is not graded):'),
        el('ul', { class: 'checklist' }, ...exercise.checklist.map(mathItem)));
    }
    const roles = rolesSection(exercise, { headingLevel: titleLevel + 1 });
    if (roles) root.append(roles);
    const letters = roleLetters(exercise);
    const parts = Array.isArray(exercise.parts) ? exercise.parts : [];
    views = parts.map((part, index) => partView(companion, store, exercise, part, index, seed,
      { letters, headingLevel: titleLevel + 1, onGraded, onSaveFailed, titleId, policy }));
    root.append(...views.map((view) => view.section));
    // The written halves: the question and its checklist, not graded here.
    for (const [index, item] of (Array.isArray(exercise.explain) ? exercise.explain : []).entries()) {
      const prompt = el('div', { class: 'explain-prompt' });
      root.append(el('section', { class: 'explain-part', 'data-explain': String(item.name) },
        el(`h${titleLevel + 1}`, { class: 'part-heading' }, `Part ${parts.length + index + 1}`, el('span', { class: 'part-name' }, 'explain')),
        prompt, el('p', {}, 'Answer in your own words; check it against this list (it is not graded):'),
        el('ul', { class: 'checklist' }, ...(item.checklist ?? []).map(mathItem))));
      await renderParagraphs(prompt, item.prompt ?? '');
    }
    const kind = workingKind(exercise);
    if (hasWorking(exercise.working, kind)) {
      working = workingBlock(exercise, { headingLevel: titleLevel + 1, titleId, policy });
      root.append(working.section);
    }
    for (const view of views) {
      if (view.restore) await view.restore();
    }
    settle();
    progress();
  }

  const controller = {
    id,
    get seed() { return seed; },
    ready: render(),
    state,
    reset() {
      store.clearAnswers(id, seed);
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
