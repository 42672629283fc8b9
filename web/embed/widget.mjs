// One exercise as a self-contained widget: title, intro, the parts (the companion's one
// part form, ../ui/part-view.mjs: text, choice or letter), the core's verdict and
// feedback. Used by the embed page (embed.html), the <attention-exercise> web component
// (in a shadow root), the offline dist/ pages and the SCORM packages. Grading happens
// only in the core: the typed text goes through companion.grade() untouched and is only
// ever shown as text.
//
// mountExercise(holder, {companion, id, seed, store, titleLevel = 2, policy, where, onEvent}) -> controller
//   controller.ready      promise, settles once saved answers are restored
//   controller.state()    {exercise, seed, parts: {name: {text, verdict, attempts}}, written: {item: {text,
//                         ticked, points}}, correct, total, score}
//   controller.reset()    clears this exercise's answers (page and store)
//   controller.setSeed(n) redraws the exercise with seed n (its answers start empty)
// onEvent receives {type: 'graded', exercise, part, verdict, score, attempts, seed, text,
// kind, mistake, feedback, latencyMs, solutionSeen?, version?} after each check (../ui/part-view.mjs's onGraded),
// {type: 'written', exercise, item, seed, text, ticked, points, revealed} once the learner
// pauses writing an explanation or a design task's plan (item: the explain item's name, or
// "plan"), and at once when they open its reference notes (revealed: they were opened at this
// seed, which the SCORM package records), and {type: 'progress', ...state()} after each check, written change, restore
// and reset, and {type: 'practised', exercise, part, seed, tag, words, seeds} once the learner has
// practised a part's named mistake on new variants (seeds: the practice's variants; the
// SCORM package records it as an interaction). Written work is not graded: it has no verdict and no share in the score.
// where: where written work goes, said in its field's label ("kept in this browser only").

// An exercise that a seed does not change is always shown with seed 0 (its one version).
// policy: the teacher's feedback policy (../ui/feedback-policy.mjs), for every part and
// the working.

import { el, clear, uniqueId } from '../ui/dom.mjs';
import { renderParagraphs } from '../ui/render-math.mjs';
import { partView } from '../ui/part-view.mjs';
import { roleLetters, rolesSection } from '../ui/roles-view.mjs';
import { inputsBlock } from '../ui/inputs-view.mjs';
import { parseSeed } from '../seed.mjs';
import { hasVariants } from '../ui/variant-control.mjs';
import { hasWorking, workingKind } from '../ui/working-view.mjs';
import { workingBlock } from '../ui/working-block.mjs';
import { PRACTICE } from '../ui/feedback-policy.mjs';
import { explainView, openTaskView } from '../ui/open-task.mjs';
import { messageOf } from '../error-message.mjs';
import { PLAN } from './scorm-values.mjs';

const SAVE_FAILED = 'Your answers could not be saved here; they will be lost when you leave.';

// Written work waits this long after the last keystroke before it is sent (and at once
// when its field loses focus or the page is left).
const WRITTEN_PAUSE_MS = 1000;
const unsent = new Set(); // the pending sends of every widget on the page
for (const leaving of ['beforeunload', 'pagehide']) {
  globalThis.addEventListener?.(leaving, () => {
    for (const send of [...unsent]) send();
  });
}

// The seed an exercise is shown with: `seed`, or 0 where a seed changes nothing (an
// exercise with no numbers to redraw: 19.1 letters its arrays in another order, so it
// keeps its seed).
export function shownSeed(companion, id, seed) {
  if (seed === 0) return 0;
  const exercise = companion.exercise(id, { seed });
  if (hasVariants(exercise)) return seed;
  return JSON.stringify(companion.exercise(id)) === JSON.stringify(exercise) ? 0 : seed;
}

// An exercise's state (as a widget's state()) from the store alone, for an element that
// has not drawn it yet: the saved answers as they were last checked.
export function savedExerciseState(companion, store, id, requestedSeed) {
  const seed = shownSeed(companion, id, parseSeed(requestedSeed ?? 0));
  const exercise = companion.exercise(id, { seed });
  const partNames = (Array.isArray(exercise.parts) ? exercise.parts : []).map((part) => part.name);
  const items = [...(Array.isArray(exercise.explain) ? exercise.explain : []).map((item) => [String(item.name), String(item.name),
    (item.checklist ?? []).length]), ...(partNames.length === 0 && Array.isArray(exercise.checklist)
    ? [[PLAN, null, exercise.checklist.length]] : [])];
  return storedState(store, id, seed, partNames, items);
}

// An exercise's state as the store keeps it, given its parts' names and its written items
// ([item (name or PLAN), store key (name, or null for the plan), points]): what
// savedExerciseState reads from the exercise's description, and a chapter's embed from the
// catalogue (../ui/chapter-set.mjs) before it has the exercise's file.
export function storedState(store, id, seed, partNames, items) {
  const parts = Object.create(null);
  for (const name of partNames) parts[name] = store.part(id, name, seed) ?? { text: '', verdict: null, attempts: 0 };
  const written = Object.create(null);
  for (const [item, key, points] of items) {
    const saved = store.openTask(id, key, seed);
    written[item] = { text: saved?.notes ?? '', ticked: saved?.ticked ?? [], points, revealed: saved?.revealed === true };
  }
  const total = Object.keys(parts).length;
  const correct = Object.values(parts).filter((part) => part.verdict === 'correct').length;
  return { exercise: id, seed, parts, written, correct, total, score: total ? correct / total : null };
}

export function mountExercise(holder, { companion, id, seed: requestedSeed, store, titleLevel = 2, policy = PRACTICE,
  where, onEvent = () => {} }) {
  let seed = parseSeed(requestedSeed ?? 0);
  let views = [];
  let writtenItems = []; // [{item (name or PLAN), store key (name, or null for the plan), points}]
  const root = el('article', { class: 'aw-exercise', 'data-exercise': id });
  holder.append(root);

  const writtenOf = ({ key, points }) => {
    const saved = store.openTask(id, key, seed);
    return { text: saved?.notes ?? '', ticked: saved?.ticked ?? [], points, revealed: saved?.revealed === true };
  };
  const state = () => {
    const parts = Object.create(null); // keyed by part name
    for (const view of views) parts[view.name] = view.record();
    const written = Object.create(null); // keyed by item name
    for (const entry of writtenItems) written[entry.item] = writtenOf(entry);
    const total = views.length;
    const correct = views.filter((view) => view.record().verdict === 'correct').length;
    return { exercise: id, seed, parts, written, correct, total, score: total ? correct / total : null };
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
  // A written item's change: sent once the learner pauses (or leaves the field or page).
  const waiting = new Set(); // this widget's pending sends
  const writer = (entry) => {
    let timer = null;
    const send = () => {
      clearTimeout(timer);
      unsent.delete(send);
      waiting.delete(send);
      onEvent({ type: 'written', exercise: id, item: entry.item, seed, ...writtenOf(entry) });
      progress();
    };
    // (Opening the reference notes is sent at once: it is a fact to record, not a keystroke.)
    return ({ revealed = false } = {}) => {
      clearTimeout(timer);
      unsent.add(send);
      waiting.add(send);
      if (revealed && !entry.told) {
        entry.told = true;
        send();
        return;
      }
      timer = setTimeout(send, WRITTEN_PAUSE_MS);
    };
  };
  root.addEventListener('focusout', () => {
    for (const send of [...waiting]) send();
  });
  const onGraded = ({ part, verdict, attempts, text, kind, mistake, feedback, latencyMs, solutionSeen, version }) => {
    settle();
    onEvent({ type: 'graded', exercise: id, part, verdict, score: state().score, attempts, seed,
      text, kind, mistake, feedback, latencyMs, ...(solutionSeen ? { solutionSeen } : {}), ...(version ? { version } : {}) });
    progress();
  };

  const onPractised = ({ part, tag, words, seeds }) => {
    onEvent({ type: 'practised', exercise: id, part, seed, tag, words, seeds });
    progress();
  };

  async function render() {
    clear(root);
    views = [];
    writtenItems = [];
    working = null;
    saveWarning = null;
    let exercise;
    try {
      seed = shownSeed(companion, id, seed);
      exercise = companion.exercise(id, { seed });
    } catch (error) {
      root.append(el('p', { class: 'status status-error' }, `The exercise “${id}” could not be opened: ${messageOf(error)}`));
      return;
    }
    // Drawn apart from the page and put in at once: on a page of many elements the browser
    // then lays each one out once, not after every piece.
    const body = document.createDocumentFragment();
    const intro = el('div', { class: 'intro' });
    const titleId = uniqueId('aw-title');
    body.append(el(`h${titleLevel}`, { class: 'aw-title', id: titleId }, exercise.title ?? id), intro);
    if (seed !== 0) {
      body.append(el('p', { class: 'aw-seed' }, hasVariants(exercise)
        ? `Variant ${seed}: the numbers are redrawn from this seed (see below).`
        : `Variant ${seed}: the same question, laid out in another order.`));
    }
    await renderParagraphs(intro, exercise.intro ?? '');
    if (seed !== 0 && exercise.inputs) body.append(inputsBlock(exercise, seed));
    const roles = rolesSection(exercise, { headingLevel: titleLevel + 1 });
    if (roles) body.append(roles);
    const letters = roleLetters(exercise);
    const parts = Array.isArray(exercise.parts) ? exercise.parts : [];
    views = parts.map((part, index) => partView(companion, store, exercise, part, index, seed,
      { letters, headingLevel: titleLevel + 1, onGraded, onSaveFailed, titleId, policy, onPractised }));
    body.append(...views.map((view) => view.section));
    // The written work, as on the exercise page: each explain item (numbered after the
    // parts), or an open design task's plan; a text field, the checklist, and the reference
    // notes after an attempt. Not graded.
    const shared = { headingLevel: titleLevel + 1, titleId, where };
    const explained = (Array.isArray(exercise.explain) ? exercise.explain : []).map((item, index) => {
      const entry = { item: String(item.name), key: String(item.name), points: (item.checklist ?? []).length,
        told: store.openTask(id, String(item.name), seed)?.revealed === true };
      writtenItems.push(entry);
      return explainView(store, exercise, item, parts.length + index + 1,
        { ...shared, seed, onChange: writer(entry), valuesHidden: policy.values === 'hidden' });
    });
    body.append(...explained.map((item) => item.section));
    await Promise.all(explained.map((item) => item.ready));
    if (parts.length === 0 && Array.isArray(exercise.checklist)) {
      const entry = { item: PLAN, key: null, points: exercise.checklist.length };
      writtenItems.push(entry);
      body.append(openTaskView(store, exercise, { ...shared, onChange: writer(entry) }));
    }
    const kind = workingKind(exercise);
    if (hasWorking(exercise.working, kind)) {
      working = workingBlock(exercise, { headingLevel: titleLevel + 1, titleId, policy });
      body.append(working.section);
    }
    root.replaceChildren(body);
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
