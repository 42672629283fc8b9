// The one reading of a seed, for every entry point (the JS API, the CLI, the embed's
// setSeed command, the <attention-exercise> seed attribute, exercise.html's and the
// batch lab's ?seed=): a whole number from 0 to 2^32 - 1, given either as a number or as
// a string of decimal digits (no sign, no spaces, no exponent, no hex, not empty).
// Anything else is refused with a message that names the value. Saved answers (the
// browser's store, SCORM suspend data) key a seed by its canonical digits (seedKey,
// isSeedKey: no leading zeros).

export const MAX_SEED = 0xffffffff;

// How a refused value is named in the message: strings quoted, others by kind.
export function describeValue(value) {
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return JSON.stringify(shown);
  }
  if (value === null) return 'null';
  if (value === undefined) return '(nothing)';
  if (Array.isArray(value)) return '(a list)';
  if (typeof value === 'object') return '(an object)';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return `(a ${typeof value})`;
}

// -> {ok: true, seed} or {ok: false, message}.
export function readSeed(value, name = 'seed') {
  let seed = null;
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0 && value <= MAX_SEED) seed = value === 0 ? 0 : value; // -0 reads as 0
  } else if (typeof value === 'string') {
    if (/^[0-9]{1,10}$/.test(value) && Number(value) <= MAX_SEED) seed = Number(value);
  }
  if (seed !== null) return { ok: true, seed };
  return { ok: false, message: `The ${name} ${describeValue(value)} is not a whole number from 0 to ${MAX_SEED} ` +
    'written in digits (no sign, spaces, exponent or hex).' };
}

// The seed, or throws an Error whose message names the bad value.
export function parseSeed(value, name = 'seed') {
  const read = readSeed(value, name);
  if (!read.ok) throw new Error(read.message);
  return read.seed;
}

// The key a seed is saved under: its canonical decimal digits ("7", never "007").
// Throws, as parseSeed does, on a value that is not a seed.
export function seedKey(value) {
  return String(parseSeed(value ?? 0));
}

// Whether a stored key is a seed's canonical key (so "007", "" and "-1" are not).
export function isSeedKey(key) {
  if (typeof key !== 'string') return false;
  const read = readSeed(key);
  return read.ok && String(read.seed) === key;
}
