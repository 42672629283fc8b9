// The "new variant" control of a numeric exercise: picks a fresh seed and
// opens ID.html?seed=…; links back to the chapter's numbers (seed
// 0) and to variants that already hold saved answers. The numbers of a
// variant come from the core (companion.exercise(id, {seed})).

import { el } from './dom.mjs';
import { POLICY_ATTRIBUTES } from './feedback-policy.mjs';

// Whether the exercise has numeric variants: the core redraws its inputs from a seed
// (offers.variants), and it has inputs to redraw and parts to answer.
export function hasVariants(exercise) {
  return exercise?.offers?.variants === true && exercise.inputs !== null && typeof exercise.inputs === 'object'
    && Object.keys(exercise.inputs).length > 0 && Array.isArray(exercise.parts) && exercise.parts.length > 0;
}

// The address of an exercise's page ({id}: a catalogue entry or the core's description):
// its own page, ID.html (ch14.example1.html), which the site build writes with the exercise
// drawn into it and which starts its chapter's core (tools/prerender.mjs); a variant's seed
// goes in its query. A teacher's feedback policy in this page's address (attempts, values,
// working: feedback-policy.mjs) goes along, so that a new variant or the next exercise keeps
// it. (exercise-14.html?id=… and exercise.html?id=… show any exercise too, for older links.)
// A teacher's own exercise (exercise.html?src=ADDRESS) stays on exercise.html with its src.
export function exerciseHref({ id }, seed = 0) {
  const query = new URLSearchParams();
  const here = new URLSearchParams(globalThis.location?.search ?? '');
  const src = here.get('src');
  if (src !== null) query.set('src', src);
  if (seed) query.set('seed', String(seed));
  for (const name of POLICY_ATTRIBUTES) {
    if (here.has(name)) query.set(name, here.get(name));
  }
  if (src !== null) return `exercise.html?${query}`;
  return `${encodeURIComponent(id)}.html${query.size ? `?${query}` : ''}`;
}

// A seed from 1 to 2^32 - 1 that differs from `current`.
export function freshSeed(current = 0) {
  const buffer = new Uint32Array(1);
  do crypto.getRandomValues(buffer); while (buffer[0] === 0 || buffer[0] === current);
  return buffer[0];
}

export function variantControl(store, exercise, seed) {
  const button = el('button', { type: 'button', class: 'new-variant' }, 'New variant');
  button.addEventListener('click', () => {
    window.location.assign(exerciseHref(exercise, freshSeed(seed)));
  });
  const others = store.variantSeeds(exercise.id).filter((s) => s !== seed);
  return el('section', { class: 'variant-control', 'aria-labelledby': 'variant-heading' },
    el('h2', { id: 'variant-heading' }, 'Practise with other numbers'),
    el('p', {}, seed
      ? 'The seed in the address draws these numbers, so the same link always gives them again. ' +
        'Your answers to them are saved apart from those to the chapter’s numbers.'
      : 'A variant redraws this exercise’s inputs; the core grades it the same way. The seed goes in the address, so you can come back to it.'),
    el('p', { class: 'variant-actions' }, button,
      seed ? el('a', { class: 'back-to-chapter', href: exerciseHref(exercise, 0) }, 'Back to the chapter’s numbers') : null),
    others.length ? el('p', { class: 'variant-list' }, 'Variants you have answered: ',
      others.slice(0, 8).flatMap((s, i) => [i ? ', ' : '', el('a', { href: exerciseHref(exercise, s) }, String(s))])) : null);
}
