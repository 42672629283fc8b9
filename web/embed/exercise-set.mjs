// Several exercise widgets as one unit (one exercise, or a whole chapter): aggregate
// progress and the commands of the embed protocol (reset, setSeed, getState).

import { mountExercise, savedExerciseState } from './widget.mjs';
import { parseSeed } from '../seed.mjs';

// The ids of one exercise, of a chosen list of exercises ("ch14.ex1, ch19.ex3": commas or
// spaces, in the order given, each once), or of a chapter's exercises, from the
// companion's list.
export function exerciseIds(companion, { exercise, exercises, chapter }) {
  const list = companion.exercises();
  const known = (id) => {
    if (!list.some((item) => item.id === id)) throw new Error(`There is no exercise '${id}'.`);
    return id;
  };
  if (exercise) return [known(exercise)];
  if (exercises !== null && exercises !== undefined) {
    const ids = [...new Set(String(exercises).split(/[\s,]+/).filter(Boolean))];
    if (ids.length === 0) throw new Error('The list of exercises is empty.');
    return ids.map(known);
  }
  const ids = list.filter((item) => String(item.chapter) === String(chapter)).map((item) => item.id);
  if (ids.length === 0) throw new Error(`There is no chapter '${chapter}'.`);
  return ids;
}

// A set's state from its exercises' states: {exercises, correct, total, score}.
export function setState(exercises) {
  const correct = exercises.reduce((sum, item) => sum + item.correct, 0);
  const total = exercises.reduce((sum, item) => sum + item.total, 0);
  return { exercises, correct, total, score: total ? correct / total : null };
}

// A set's progress events: held back while its widgets are restored (held()); after a reset or
// a new seed, one (settle); not after the first restore, whose state the page's ready event
// carries (ready comes first).
export function setProgress(onEvent, state) {
  let settling = true;
  return {
    held: () => settling,
    settle: async (promises, { announce = true } = {}) => {
      settling = true;
      await Promise.all(promises);
      settling = false;
      if (announce) onEvent({ type: 'progress', ...state() });
    },
  };
}

// The exercises' state from the store alone (as a set's state(), before it is drawn).
export function savedSetState(companion, { ids, seed = 0, store }) {
  return setState(ids.map((id) => savedExerciseState(companion, store, id, typeof seed === 'function' ? seed(id) : seed)));
}

// seed: one seed for every exercise, or a function from an exercise's id to its seed (a
// learner's own variants, learner-seed.mjs). policy: the feedback policy of every part.
// where: where written work goes (widget.mjs).
export function mountSet(holder, { companion, ids, seed = 0, store, titleLevel = 2, policy, where, onEvent = () => {} }) {
  const progress = setProgress(onEvent, () => state());
  const widgets = ids.map((id) => mountExercise(holder, {
    companion, id, seed: typeof seed === 'function' ? seed(id) : seed, store, titleLevel, policy, where,
    onEvent: (event) => {
      if (event.type === 'progress') {
        if (!progress.held()) onEvent({ type: 'progress', ...state() });
        return;
      }
      onEvent(event);
    },
  }));

  function state() {
    return setState(widgets.map((widget) => widget.state()));
  }
  const chosen = (exercise) => {
    if (exercise === undefined || exercise === null) return widgets;
    const found = widgets.filter((widget) => widget.id === exercise);
    if (found.length === 0) throw new Error(`This embed does not show the exercise '${exercise}'.`);
    return found;
  };
  const { settle } = progress;

  return {
    widgets,
    state,
    ready: settle(widgets.map((widget) => widget.ready), { announce: false }),
    reset: (exercise) => settle(chosen(exercise).map((widget) => widget.reset())),
    setSeed: (seed, exercise) => {
      const checked = parseSeed(seed); // refused before any widget changes
      return settle(chosen(exercise).map((widget) => widget.setSeed(checked)));
    },
  };
}
