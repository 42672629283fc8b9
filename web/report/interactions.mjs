// An interaction id, as the companion's SCORM package writes it (web/embed/scorm-values.mjs's
// interactionId), read back into {exercise, part, seed, version?, solutionSeen?} against
// the companion's exercise list (pure, no DOM). The id is EXERCISE.PART, then ".vSEED" for
// a variant (none: seed 0, the chapter's own numbers), ".hVERSION" for the exercise's
// version the answer was given against and ".seen" when the learner had seen a worked
// solution (each where the package knew it); exercise ids hold a dot themselves
// (ch14.example1) and so may part names (frozen.color.weights), and every character outside
// [A-Za-z0-9._-] was written as "-" (scormId). So the id is read as: the longest exercise id
// (as scormId writes it) that is followed by a dot, then one of that exercise's part names
// (as scormId writes it), then the optional marks in that order. Written work (an
// explanation, a design task's plan) is EXERCISE.written.ITEM (scorm-values.mjs's
// writtenId), ITEM an explain item's name or "plan", then ".vSEED" for a variant (SCORM 2004's
// since issue 46; an id without it, as 1.2's and earlier 2004 packages', is seed 0's), ".N"
// for the Nth piece of a text too long for one response, and ".seen" last when the learner
// had opened its reference notes (as a worked solution's mark). A part's named mistake practised
// on new variants is EXERCISE.PART.practice.TAG (scorm-values.mjs's practiceId;
// EXERCISE.PART.practice as first written), its response the tag.

import { PLAN, PRACTICE, SEEN, WRITTEN, scormId } from '../embed/scorm-values.mjs';
import { readSeed } from '../seed.mjs';

// The marks after a part's name: ".vSEED", ".hVERSION", ".seen", each optional, in order.
const MARKS = new RegExp(`^(?:\\.v([0-9]+))?(?:\\.h([A-Za-z0-9-]{1,64}))?(\\.${SEEN})?$`);
// The marks after a written item's name: ".vSEED" (SCORM 2004's, for a variant), ".N" (a
// piece after the first, SCORM 1.2's), ".seen", each optional, in order.
const WRITTEN_MARKS = new RegExp(`^(?:\\.v([0-9]+))?(?:\\.([2-9]|[1-9][0-9]))?(\\.${SEEN})?$`);

// catalogue: companion.exercises() ([{id, parts: [names], explain: [names]}]) -> resolve(id)
// -> {ok: true, exercise, part, seed, version?, solutionSeen?}, {ok: true, exercise, item,
// piece, seed? (a variant's), revealed?} (written work; revealed: its reference notes were
// opened), {ok: true, exercise, part, practice: true, tag? (as the id writes it)} (a named
// mistake practised) or {ok: false, reason}, the reason one of 'noId' (an empty id),
// 'foreign' (no exercise id starts it), 'noPart' (the exercise has no part by that name;
// `exercise` says which) and 'seed' (a variant number over 4294967295).
export function interactionReader(catalogue) {
  // Exercise ids as written, longest first; for each, its part names as written.
  const exercises = [];
  for (const entry of Array.isArray(catalogue) ? catalogue : []) {
    if (typeof entry?.id !== 'string' || !Array.isArray(entry.parts)) continue;
    const parts = new Map();
    for (const name of entry.parts) {
      if (typeof name !== 'string') continue;
      const written = scormId(name);
      // Two names that are written alike cannot be told apart: neither is read.
      parts.set(written, parts.has(written) ? null : name);
    }
    // Its written items: the explain items, or a design task's plan (an exercise with no parts).
    const items = new Map((Array.isArray(entry.explain) ? entry.explain : []).filter((name) => typeof name === 'string')
      .map((name) => [scormId(name), name]));
    if (entry.parts.length === 0) items.set(PLAN, PLAN);
    exercises.push({ written: scormId(entry.id), id: entry.id, parts, items });
  }
  exercises.sort((x, y) => y.written.length - x.written.length || x.written.localeCompare(y.written));

  return function resolve(id) {
    const text = typeof id === 'string' ? id.trim() : '';
    if (text === '') return { ok: false, reason: 'noId' };
    let found = null;
    for (const exercise of exercises) {
      if (!text.startsWith(`${exercise.written}.`)) continue;
      found ??= exercise;
      const rest = text.slice(exercise.written.length + 1);
      const part = partOf(exercise, rest);
      if (part) return part;
    }
    if (!found) return { ok: false, reason: 'foreign' };
    return { ok: false, reason: 'noPart', exercise: found.id };
  };
}

// The seed of a ".vSEED" mark (undefined: none) -> {seed} or null where it is over 4294967295.
function seedOf(text) {
  if (text === undefined) return { seed: 0 };
  const read = readSeed(text);
  return read.ok ? { seed: read.seed } : null;
}

// -> [name, marks (the match of `pattern`)] for the longest name of `names` (written -> name)
// that `rest` starts with and that leaves only marks after it (so a name that ends in what
// reads as a mark, such as .seen, is read as named first), or null.
function namedWithMarks(names, rest, pattern) {
  const whole = names.get(rest);
  if (whole) return [whole, [rest]];
  for (let end = rest.length - 1; end > 0; end -= 1) {
    if (rest[end] !== '.') continue;
    const name = names.get(rest.slice(0, end));
    const marks = name ? pattern.exec(rest.slice(end)) : null;
    if (marks) return [name, marks];
  }
  return null;
}

function partOf(exercise, rest) {
  const written = rest.startsWith(`${WRITTEN}.`)
    ? namedWithMarks(exercise.items, rest.slice(WRITTEN.length + 1), WRITTEN_MARKS) : null;
  if (written) {
    const [item, [, seedText, piece, seen]] = written;
    const variant = seedOf(seedText);
    if (!variant) return { ok: false, reason: 'seed', exercise: exercise.id };
    return { ok: true, exercise: exercise.id, item, piece: piece ? Number(piece) : 1, ...(variant.seed ? variant : {}),
      ...(seen ? { revealed: true } : {}) };
  }
  if (!exercise.parts.get(rest)) {
    // A practice: PART.practice.TAG, or PART.practice as first written (the tag only in its
    // response); the longest part name first (a part whose own name holds .practice is read as
    // named first).
    for (let at = rest.lastIndexOf(`.${PRACTICE}`); at > 0; at = rest.lastIndexOf(`.${PRACTICE}`, at - 1)) {
      const after = rest.slice(at + PRACTICE.length + 1);
      const practised = after === '' || /^\.[A-Za-z0-9._-]+$/.test(after) ? exercise.parts.get(rest.slice(0, at)) : null;
      if (practised) return { ok: true, exercise: exercise.id, part: practised, practice: true, ...(after ? { tag: after.slice(1) } : {}) };
    }
  }
  const checked = namedWithMarks(exercise.parts, rest, MARKS);
  if (!checked) return null;
  const [part, [, seedText, version, seen]] = checked;
  const variant = seedOf(seedText);
  if (!variant) return { ok: false, reason: 'seed', exercise: exercise.id };
  return { ok: true, exercise: exercise.id, part, seed: variant.seed, ...(version ? { version } : {}),
    ...(seen ? { solutionSeen: true } : {}) };
}
