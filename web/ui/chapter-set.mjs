// A whole chapter's exercises on one page (embed.html?chapter=19: 22 of them), drawn as they
// come near the screen: the page weighs, before the learner's first verdict, the exercises on
// the first screen (their files and their drawing), not all of them. Each of the others
// waits in a placeholder of about its height that holds its title (the page does not jump
// when it is drawn, and its title is there to find); it is drawn, its file fetched first
// where the companion does not have it yet, when it comes within a screen of the viewport,
// when the learner asks (its button), on a command for it, and in any case once the page is
// idle after the first verdict (or a while on the page), so that find-in-page and the keyboard
// reach every exercise. The same controller as mountSet (../embed/exercise-set.mjs): state(),
// ready, reset(exercise), setSeed(seed, exercise); an exercise not drawn yet has the state
// the store saved (from its file where the companion has it, else from the catalogue's part
// names and written items' points, at seed 0: a page with another seed loads every file first).

import { el } from './dom.mjs';
import { mountExercise, savedExerciseState, storedState } from '../embed/widget.mjs';
import { parseSeed } from '../seed.mjs';
import { setProgress, setState } from '../embed/exercise-set.mjs';
import { PLAN } from '../embed/scorm-values.mjs';

const NEAR = '100% 0px'; // one screen above and below

// About the height an exercise takes when drawn (as the component's placeholder: a heading
// and intro, and each part or explanation with its field, hint and feedback), in rem.
const roughHeight = (entry) => 12 + 22 * (entry.parts?.length ?? 0) + 30 * (entry.explain?.length ?? 0);

// The ids that are near the screen with every exercise as its placeholder (the first one at least),
// so that a page asks for their files alone with its core.
export function nearAtFirst(holder, catalogue, ids) {
  const probe = ids.map((id) => placeholder(catalogue.get(id) ?? { id }));
  holder.append(...probe);
  const reach = 2 * window.innerHeight;
  const near = ids.filter((id, index) => index === 0 || probe[index].getBoundingClientRect().top < reach);
  for (const node of probe) node.remove();
  return near;
}

function placeholder(entry) {
  const node = el('article', { class: 'aw-exercise aw-deferred', 'data-exercise': entry.id, 'data-deferred': 'true' },
    el('h2', { class: 'aw-title' }, entry.title ?? entry.id),
    el('button', { type: 'button', class: 'aw-show' }, 'Show this exercise'));
  node.style.minHeight = `${roughHeight(entry)}rem`;
  return node;
}

// An exercise's saved state at seed 0 (as savedExerciseState's) from its catalogue entry
// alone: its parts' names and its written items' points.
export function catalogueState(entry, store) {
  const partNames = entry.parts ?? [];
  const items = Object.entries(entry.points ?? {})
    .map(([item, points]) => [item, item === PLAN && partNames.length === 0 ? null : item, points]);
  return storedState(store, entry.id, 0, partNames, items);
}

// near: the ids drawn at once (nearAtFirst). idle: a promise after which the rest is drawn.
export function mountChapter(holder, { companion, ids, near, seed = 0, store, policy, where, idle, onEvent = () => {} }) {
  const seedOf = (id) => (typeof seed === 'function' ? seed(id) : seed);
  const catalogue = new Map(companion.exercises().map((entry) => [entry.id, entry]));
  const widgets = new Map(); // id -> the widget, once drawn
  const drawing = new Map(); // id -> the promise of its drawing
  const slots = new Map(ids.map((id) => [id, placeholder(catalogue.get(id) ?? { id })]));
  holder.append(...slots.values());
  const progress = setProgress(onEvent, () => state());

  const savedState = (id) => (companion.has(id) ? savedExerciseState(companion, store, id, seedOf(id))
    : catalogueState(catalogue.get(id), store));

  function state() {
    return setState(ids.map((id) => widgets.get(id)?.state() ?? savedState(id)));
  }

  const observer = typeof IntersectionObserver === 'function' ? new IntersectionObserver((seen) => {
    for (const entry of seen) if (entry.isIntersecting) draw(entry.target.dataset.exercise);
  }, { rootMargin: NEAR }) : null;

  // Draws one exercise in its placeholder's place (its file fetched first where needed).
  function draw(id) {
    if (!drawing.has(id)) {
      drawing.set(id, (async () => {
        const slot = slots.get(id);
        observer?.unobserve(slot);
        await companion.load([id]);
        let restored = false;
        const spot = document.createDocumentFragment();
        const widget = mountExercise(spot, {
          companion, id, seed: seedOf(id), store, titleLevel: 2, policy, where,
          onEvent: (event) => {
            if (event.type !== 'progress') onEvent(event);
            else if (restored && !progress.held()) onEvent({ type: 'progress', ...state() });
          },
        });
        const hadFocus = slot.contains(document.activeElement);
        slot.replaceWith(spot);
        widgets.set(id, widget);
        await widget.ready;
        restored = true;
        if (hadFocus) {
          const title = holder.querySelector(`article[data-exercise="${CSS.escape(id)}"] .aw-title`);
          title?.setAttribute('tabindex', '-1');
          title?.focus();
        }
      })());
    }
    return drawing.get(id);
  }

  for (const [id, slot] of slots) {
    slot.querySelector('.aw-show').addEventListener('click', () => draw(id));
    if (!near.includes(id)) observer?.observe(slot);
  }
  const drawAll = () => Promise.all(ids.map(draw));
  if (!observer) drawAll();
  Promise.resolve(idle).then(() => new Promise((resolve) => {
    (globalThis.requestIdleCallback ?? setTimeout)(resolve);
  })).then(drawAll, () => {});

  const chosen = async (exercise) => {
    if (exercise !== undefined && exercise !== null && !ids.includes(exercise)) {
      throw new Error(`This embed does not show the exercise '${exercise}'.`);
    }
    const which = exercise === undefined || exercise === null ? ids : [exercise];
    await Promise.all(which.map(draw));
    return which.map((id) => widgets.get(id));
  };
  const { settle } = progress;

  return {
    state,
    ready: settle(near.map(draw), { announce: false }),
    reset: async (exercise) => settle((await chosen(exercise)).map((widget) => widget.reset())),
    setSeed: async (seed, exercise) => {
      const checked = parseSeed(seed); // refused before any widget changes
      return settle((await chosen(exercise)).map((widget) => widget.setSeed(checked)));
    },
  };
}
