// Per-learner variants: each learner's own seed for each exercise, a stable hash of the
// teacher's salt, the learner's id (from the LMS, or the element's learner attribute) and
// the exercise's id. The same three give the same seed in every browser and on every
// launch; another learner, another exercise or another salt gives, almost surely, another
// seed. Seed 0 (the chapter's own numbers, whose worked answers are in the book) is never
// given out.

import { MAX_SEED } from '../seed.mjs';

const encoder = new TextEncoder();

// FNV-1a over the UTF-8 bytes, then MurmurHash3's finaliser to spread the bits.
function hash32(text) {
  let h = 0x811c9dc5;
  for (const byte of encoder.encode(text)) h = Math.imul(h ^ byte, 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// The learner's seed (1 .. 2^32 - 1) for one exercise.
export function learnerSeed(learner, exercise, salt = '') {
  const seed = hash32(JSON.stringify([String(salt), String(learner), String(exercise)]));
  return seed === 0 ? MAX_SEED : seed;
}

// The most characters of a learner id or salt that are read (an LMS id is far shorter).
export const MAX_LEARNER_CHARS = 255;
