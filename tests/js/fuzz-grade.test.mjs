// A bounded, fixed-seed fuzz of grading through the JS API on the WebAssembly core (issue 9):
// grammar-aware answers (numbers, decimals, scientific notation, symbols, functions, powers,
// lists, NumPy printouts, units, unicode) and byte-level junk, on every part of every
// exercise. Every call returns a verdict (never an exception, never "undefined"), junk
// without a digit or a name is never correct, and no grade freezes (one that never returned
// would stop the file at tests/run-files.mjs's progress limit). The slowest input is printed,
// a measurement that is never asserted. `FUZZ_SECONDS` (default 20) bounds the run; `npm run
// fuzz:js` runs it longer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadCompanion } from '../../web/companion.mjs';
import { mulberry32 } from './seeded-random.mjs';

const companion = await loadCompanion();
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 20);

const random = mulberry32(20261130);
const pick = (list) => list[Math.floor(random() * list.length)];
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));

const ATOMS = ['a', 'e', 'T', 'S', 'B', 'H', 'Dk', 'D_v', 'n', 'd', 'nan', 'inf', 'True', 'False', 'x', 'ln 2',
  'pi', 'O', 'key', 'color', 'full stop', '红色', '。'];
const FUNCTIONS = ['ln', 'log', 'exp', 'sqrt', 'O', 'log2', 'log10', 'e^'];
const UNITS = ['', '', '', ' B', ' bytes', ' MiB', ' kB', 'GiB', ' numbers', ' million', '%'];

function number() {
  switch (int(0, 6)) {
    case 0: return String(int(-20, 20));
    case 1: return (random() * 2 - 1).toFixed(int(1, 8));
    case 2: return `${(random() * 10).toFixed(int(0, 4))}e${int(-30, 30)}`;
    case 3: return `${int(1, 9)}/${int(0, 12)}`;
    case 4: return String(int(0, 2 ** 31)).replace(/\B(?=(\d{3})+(?!\d))/g, pick([',', ' ', '']));
    case 5: return '9'.repeat(int(1, 25));
    default: return `.${int(0, 999)}`;
  }
}

function expression(depth) {
  if (depth <= 0) return random() < 0.6 ? number() : pick(ATOMS);
  switch (int(0, 8)) {
    case 0: return `${expression(depth - 1)}${pick(['+', '-', '*', '/', '^', '**', ' ', ''])}${expression(depth - 1)}`;
    case 1: return `(${expression(depth - 1)})`;
    case 2: return `${pick(FUNCTIONS)}(${expression(depth - 1)})`;
    case 3: return `(${expression(depth - 1)})^${int(-70, 70)}`;
    case 4: return `[${Array.from({ length: int(0, 6) }, () => expression(depth - 1)).join(pick([', ', ' ', ',']))}]`;
    case 5: return `${pick(['-', '−', '+', '--'])}${expression(depth - 1)}`;
    case 6: return `${number()}${pick(UNITS)}`;
    case 7: return `[[${number()} ${number()}] [${number()} ${number()}]]`;
    default: return expression(depth - 1);
  }
}

const JUNK = ['(', ')', '[', ']', ',', ';', '.', '<', '>', '!', '?', '"', "'", '\\', '`', '~', '|', '&', '#',
  '\u0000', '\u200b', '\ud83d\ude00', '钥', '匙', '‹', '〉', '\uffff', ' ', '\n', '\t', '%', '^', '*', '/', '-', '+'];
function junk() {
  return Array.from({ length: int(1, 60) }, () => pick(JUNK)).join('');
}

const parts = [];
for (const exercise of companion.exercises()) {
  for (const part of exercise.parts) parts.push([exercise.id, part]);
}

test('fuzzed answers always get a verdict, and junk is never correct', () => {
  const verdicts = new Set(['correct', 'incorrect', 'invalid']);
  const counts = { correct: 0, incorrect: 0, invalid: 0 };
  let slowest = { ms: 0 };
  let calls = 0;
  // One grade of every part first, so that the slowest figure is not the engine's warm-up.
  for (const [id, part] of parts) companion.grade(id, part, '0', { seed: 1 });
  const end = Date.now() + SECONDS * 1000;
  while (Date.now() < end) {
    const [id, part] = pick(parts);
    const isJunk = random() < 0.25;
    const text = isJunk ? junk() : expression(int(0, 4));
    const seed = random() < 0.7 ? 0 : int(1, 2 ** 32 - 1);
    const start = performance.now();
    const result = companion.grade(id, part, text, { seed });
    const ms = performance.now() - start;
    calls += 1;
    if (ms > slowest.ms) slowest = { ms, id, part, text, seed };
    const where = `${id} ${part} seed ${seed}: ${JSON.stringify(text)} -> ${JSON.stringify(result)}`;
    assert.ok(verdicts.has(result.verdict), where);
    counts[result.verdict] += 1;
    assert.equal(typeof result.feedback, 'string', where);
    assert.ok(result.feedback.length > 0, where);
    assert.ok(!/undefined|\[object/.test(`${result.feedback} ${result.readAs} ${result.expected}`), where);
    if (isJunk) assert.notEqual(result.verdict, 'correct', where);
  }
  console.log(`fuzz: ${calls} grades in ${SECONDS} s (${JSON.stringify(counts)}); slowest ${slowest.ms.toFixed(2)} ms: ` +
    `${slowest.id} ${slowest.part} seed ${slowest.seed} ${JSON.stringify(slowest.text).slice(0, 200)}`);
  assert.ok(calls > 100);
});
