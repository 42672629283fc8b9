// An interaction id, as the companion's SCORM package writes it (web/embed/scorm-api.mjs:
// `interactionId`), read back into {exercise, part, seed} against the companion's
// exercise list (pure, no DOM). The id is EXERCISE.PART, or EXERCISE.PART.vSEED for a
// variant (no suffix: seed 0, the chapter's own numbers); exercise ids hold a dot
// themselves (ch14.example1) and so may part names (frozen.color.weights), and every
// character outside [A-Za-z0-9._-] was written as "-" (scormId). So the id is read as:
// the longest exercise id (as scormId writes it) that is followed by a dot, then one of
// that exercise's part names (as scormId writes it), then an optional ".v" and digits.
// Written work (an explanation, a design task's plan) is EXERCISE.written.ITEM
// (scorm-values.mjs's writtenId), ITEM an explain item's name or "plan".

import { PLAN, WRITTEN, scormId } from '../embed/scorm-values.mjs';
import { readSeed } from '../seed.mjs';

// catalogue: companion.exercises() ([{id, parts: [names], explain: [names]}]) -> resolve(id)
// -> {ok: true, exercise, part, seed}, {ok: true, exercise, item} (written work) or {ok:
// false, reason}, the reason one of 'noId' (an empty id), 'foreign' (no exercise id starts
// it), 'noPart' (the exercise has no part by that name; `exercise` says which) and 'seed'
// (a variant number over 4294967295).
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

function partOf(exercise, rest) {
  if (rest.startsWith(`${WRITTEN}.`) && exercise.items.has(rest.slice(WRITTEN.length + 1))) {
    return { ok: true, exercise: exercise.id, item: exercise.items.get(rest.slice(WRITTEN.length + 1)) };
  }
  const whole = exercise.parts.get(rest);
  if (whole) return { ok: true, exercise: exercise.id, part: whole, seed: 0 };
  const variant = /^(.+)\.v([0-9]+)$/.exec(rest);
  if (!variant) return null;
  const name = exercise.parts.get(variant[1]);
  if (!name) return null;
  const seed = readSeed(variant[2]);
  if (!seed.ok) return { ok: false, reason: 'seed', exercise: exercise.id };
  return { ok: true, exercise: exercise.id, part: name, seed: seed.seed };
}
