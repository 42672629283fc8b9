// SCORM suspend data (web/embed/suspend-data.mjs), in Node: keyed by exercise id and part
// name, so that a package whose exercises come in another order finds every answer; the
// written work with its ticks; the size rule (variants not shown first, oldest first; then
// texts shortened, longest first, a written text keeping its beginning, never half a
// character; then records not correct, then the rest), held however many variants, in one
// pass; damaged data read as far as it is whole (lenient-json.mjs, fuzzed); version 1
// (exercises by position) still read.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeSuspend, encodeSuspend, planSuspend } from '../../web/embed/suspend-data.mjs';
import { readLenient } from '../../web/embed/lenient-json.mjs';
import { utf8Length } from '../../web/embed/scorm-values.mjs';
import { SUSPEND_LIMITS } from '../../web/embed/scorm-session.mjs';
import { mulberry32 } from './seeded-random.mjs';

const plain = (value) => JSON.parse(JSON.stringify(value));
const record = (text, verdict, attempts) => ({ text, verdict, attempts });

test('answers and written work are kept by exercise id and part name, whatever the package\'s order', () => {
  const state = { version: 2, exercises: {
    'ch14.ex1': { seeds: { 0: { parts: { weights: record('[0.2, 0.3, 0.5]', 'incorrect', 2), scores: record('[1, 2, 3]', 'correct', 1) },
      explain: { why: { notes: 'Because\nthey sum to one.', ticked: [0, 2], revealed: true } } },
    // (An explanation at a variant, with its reference notes not opened there: a seed of its own.)
    7: { parts: {}, explain: { why: { notes: 'At seven.', ticked: [], revealed: false } } } } },
    'ch19.ex3': { seeds: { 4242: { parts: { weights: record('[.36, .5, .14]', 'incorrect', 1) } } } },
    'ch19.ex20': { seeds: {}, open: { notes: 'Check the mask first.', ticked: [1], revealed: false } },
  } };
  const text = encodeSuspend(state, ['ch14.ex1', 'ch19.ex3', 'ch19.ex20']);
  assert.ok(text.startsWith('2[{"ch14.ex1":'), text);
  assert.ok(text.includes('"w7":{"why":["At seven.",[],0]}'), text);
  const back = decodeSuspend(text, ['ch19.ex20', 'ch19.ex3', 'ch14.ex1']); // the teacher's new order
  assert.equal(back.dropped, 0);
  assert.deepEqual(plain(back.state), plain(state));
  // An exercise the package no longer holds is left out, not counted as damaged.
  const fewer = decodeSuspend(text, ['ch19.ex3']);
  assert.deepEqual([Object.keys(fewer.state.exercises), fewer.dropped], [['ch19.ex3'], 0]);
  // Version 1 named exercises by position in the package's list: still read by that list.
  const v1 = decodeSuspend('1[{"1": {"0": {"w": ["2", 1, "c"]}}}]', ['ch14.ex1', 'ch19.ex3']);
  assert.deepEqual(plain(v1.state.exercises), { 'ch19.ex3': { seeds: { 0: { parts: { w: record('2', 'correct', 1) } } } } });
  assert.equal(decodeSuspend('{"something": "else"}', []), null);
  assert.equal(decodeSuspend('2[{}, {"f": 2}]', []).finished, false);
  assert.equal(decodeSuspend(encodeSuspend(state, ['ch14.ex1'], { finished: true }), ['ch14.ex1']).finished, true);
});

test('over the limit, texts are shortened longest first (marked cut), then records that are not correct; in characters or bytes', () => {
  const ids = Array.from({ length: 30 }, (_, i) => `ch19.ex${i}`);
  const state = { version: 2, exercises: {} };
  for (const id of ids) {
    const parts = {};
    for (let p = 0; p < 6; p += 1) parts[`part${p}`] = record(`[${'0.123456, '.repeat(30)}1]`, p === 0 ? 'correct' : 'incorrect', 3);
    state.exercises[id] = { seeds: { 0: { parts, explain: { why: { notes: 'é'.repeat(3000), ticked: [0], revealed: false } } }, 42: { parts } } };
  }
  const text = encodeSuspend(state, ids);
  assert.ok(text.length <= 4096, `${text.length}`);
  const back = decodeSuspend(text, ids);
  assert.equal(back.dropped, 0);
  assert.ok(Object.values(back.state.exercises).some((e) => e.seeds['42']?.parts.part0?.verdict === 'correct'),
    'correct verdicts are kept before anything else');
  assert.ok(Object.values(back.cut).flat().length > 0, 'and the cut texts are named');
  const bytes = encodeSuspend(state, ids, { limit: 12_288, size: utf8Length });
  assert.ok(utf8Length(bytes) <= 12_288 && bytes.length > 4096, `${bytes.length} characters, ${utf8Length(bytes)} bytes`);
  // A written item whose text is too long keeps its beginning (whole characters) and its ticks;
  // a part's answer that must go goes whole (a part of an answer is another answer).
  const written = { version: 2, exercises: { 'ch14.ex2': { seeds: { 0: { parts: { w: record('[1/3, 1/3, 1/3]', 'incorrect', 2) },
    explain: { a: { notes: `${'x'.repeat(150)}😀${'y'.repeat(3000)}`, ticked: [1], revealed: true } } } } } } };
  for (const limit of [200, 201, 202, 203, 204]) {
    const plan = planSuspend(written, ['ch14.ex2'], { limit });
    assert.ok(plan.text.length <= limit, `${plan.text.length} <= ${limit}`);
    const kept = decodeSuspend(plan.text, ['ch14.ex2']);
    const notes = kept.state.exercises['ch14.ex2'].seeds['0'].explain.a;
    assert.ok(notes.notes.length > 100 && `${'x'.repeat(150)}😀${'y'.repeat(3000)}`.startsWith(notes.notes), `${limit}`);
    assert.ok(!/[\uD800-\uDBFF]$/.test(notes.notes), 'never half a character');
    assert.deepEqual([notes.ticked, notes.revealed, kept.cut['ch14.ex2']], [[1], true, [{ item: 'a', seed: '0' }]]);
    assert.deepEqual(plan.cut, [{ exercise: 'ch14.ex2', item: 'a', seed: '0', kept: notes.notes.length }]);
    assert.deepEqual(plain(kept.state.exercises['ch14.ex2'].seeds['0'].parts.w), record('[1/3, 1/3, 1/3]', 'incorrect', 2));
  }
  const tight = decodeSuspend(encodeSuspend(written, ['ch14.ex2'], { limit: 60 }), ['ch14.ex2']);
  assert.equal(tight.state.exercises['ch14.ex2']?.seeds['0']?.parts.w?.text ?? '', '', 'a part goes whole, never in part');
});

test('3,000 variants of one learner: the variants not shown go first, the oldest first, within each version\'s limit', () => {
  const minute = 60_000;
  for (const [version, { limit, size }] of Object.entries(SUSPEND_LIMITS)) {
    const state = { version: 2, exercises: { 'ch19.ex3': { seeds: { 0: { parts: {}, explain: { e: { notes: 'Because.', ticked: [0], revealed: true } } } } },
      'ch14.ex1': { seeds: { 0: { parts: { weights: { ...record('[2/5, 2/5, 1/5]', 'correct', 1), at: new Date(0).toISOString() } } } } } } };
    for (let seed = 1; seed <= 3000; seed += 1) {
      state.exercises['ch19.ex3'].seeds[String(seed)] = { parts: {
        weights: { ...record(`[0.${seed}, 0.2, 0.3]`, seed % 3 ? 'incorrect' : 'correct', seed % 5), at: new Date(1.7e12 + seed * minute).toISOString() },
        scores: { ...record('[1, 2, 3]', 'correct', 1), at: new Date(1.7e12 + seed * minute).toISOString() } } };
    }
    const shown = 17; // the variant the learner sees now (an old one)
    const plan = planSuspend(state, ['ch19.ex3', 'ch14.ex1'], { limit, size, current: { 'ch19.ex3': shown, 'ch14.ex1': 0 } });
    assert.ok(size(plan.text) <= limit, `${version}: ${size(plan.text)} <= ${limit}`);
    const back = decodeSuspend(plan.text, ['ch19.ex3', 'ch14.ex1']);
    const seeds = Object.keys(back.state.exercises['ch19.ex3'].seeds).map(Number).filter(Boolean).sort((x, y) => x - y);
    assert.ok(seeds.includes(shown), 'the variant shown now stays');
    const others = seeds.filter((seed) => seed !== shown);
    assert.ok(others.length > 10, `${version}: ${others.length} other variants kept`);
    assert.deepEqual(others, Array.from({ length: others.length }, (_, i) => 3001 - others.length + i), 'the latest ones');
    assert.equal(back.state.exercises['ch19.ex3'].seeds['0'].explain.e.notes, 'Because.');
    assert.equal(back.state.exercises['ch14.ex1'].seeds['0'].parts.weights.verdict, 'correct');
    assert.deepEqual([plan.cut, plan.dropped.records], [[], 0], 'nothing shown now was shortened');
    assert.equal(plan.dropped.variants, 3000 - seeds.length);
    assert.equal(back.state.exercises['ch19.ex3'].seeds[String(3000)].parts.weights.at, new Date(1.7e12 + 3000 * minute).toISOString());
  }
});

test('the plan\'s sizes are the text\'s: every limit from 13 to 700 is held exactly, in characters and bytes', () => {
  const state = { version: 2, exercises: {
    'ch14.ex1': { seeds: { 0: { parts: { a: record('[1/2, "é", 😀]', 'incorrect', 1), b: record('\u2028x\ty"\\', 'correct', 2) } },
      9: { parts: { a: { ...record('0.5', 'invalid', 0), at: '2026-01-02T03:04:05.000Z', version: 'abc-1' } },
        explain: { why: { notes: '“quoted” 😀 é\n'.repeat(20), ticked: [0, 2], revealed: false } } } }, open: { notes: 'plan', ticked: [], revealed: true } } } };
  for (const size of [(t) => t.length, utf8Length]) {
    // (13: the least there is, the version, the brackets and the completion mark.)
    for (let limit = 13; limit <= 700; limit += 1) {
      const plan = planSuspend(state, ['ch14.ex1'], { limit, size, current: { 'ch14.ex1': 0 }, finished: limit % 2 === 0 });
      assert.ok(size(plan.text) <= limit, `${limit}: ${size(plan.text)}`);
      const back = decodeSuspend(plan.text, ['ch14.ex1']);
      assert.equal(back.dropped, 0);
      assert.equal(back.finished, limit % 2 === 0);
    }
  }
});

test('damaged suspend data keeps what can be read: a leading space, a cut anywhere, a changed character', () => {
  const state = { version: 2, exercises: {
    'ch14.ex1': { seeds: { 0: { parts: { weights: record('[2/5, 2/5, 1/5]', 'correct', 1), scores: record('[1, 0, -1]', 'incorrect', 2) },
      explain: { why: { notes: 'Because they must.', ticked: [1], revealed: false } } } } },
    'ch19.ex3': { seeds: { 5: { parts: { weights: record('[0.2, 0.3, 0.5]', 'incorrect', 1) } } } } } };
  const ids = ['ch14.ex1', 'ch19.ex3'];
  const text = encodeSuspend(state, ids, { finished: true });
  const whole = decodeSuspend(` \n${text}`, ids);
  assert.deepEqual([plain(whole.state), whole.damaged, whole.finished], [plain(state), false, true], 'leading white space');
  const records = (decoded) => Object.values(decoded.state.exercises).flatMap((e) => [...Object.values(e.seeds).flatMap((s) =>
    [...Object.values(s.parts), ...Object.values(s.explain ?? {})])]);
  let last = -1;
  for (let at = 1; at < text.length; at += 1) {
    const cut = decodeSuspend(text.slice(0, at), ids);
    assert.ok(cut && cut.damaged, `cut at ${at}`);
    const kept = records(cut);
    assert.ok(kept.length >= last, `what is whole before a cut is kept (${at})`);
    last = kept.length;
    for (const exercise of Object.keys(cut.state.exercises)) assert.ok(ids.includes(exercise));
  }
  assert.equal(last, 4, 'cut before its last bracket, every record is back');
  // A character changed in the middle: the records before it are kept.
  const at = text.indexOf('"ch19.ex3"');
  const changed = decodeSuspend(`${text.slice(0, at)}#${text.slice(at + 1)}`, ids);
  assert.ok(changed.damaged);
  assert.equal(changed.state.exercises['ch14.ex1'].seeds['0'].parts.weights.text, '[2/5, 2/5, 1/5]');
  assert.equal(decodeSuspend('{"something": "else"}', ids), null, 'not ours at all');
});

test('fuzz: the lenient reader never throws, reads JSON as JSON.parse does, and a damaged text as a part of it', () => {
  const random = mulberry32(20261205);
  const int = (n) => Math.floor(random() * n);
  const atoms = ['"a"', '"é\\n\\"x"', '0', '-1.5e3', '12', 'true', 'false', 'null', '"\\u00e9"', '""'];
  const value = (depth) => {
    const kind = depth > 4 ? 0 : int(3);
    if (kind === 0) return atoms[int(atoms.length)];
    const n = int(4);
    if (kind === 1) return `[${Array.from({ length: n }, () => value(depth + 1)).join(',')}]`;
    return `{${Array.from({ length: n }, (_, i) => `"k${i}":${value(depth + 1)}`).join(',')}}`;
  };
  // Whether `part` is `whole` with members left out and open containers cut short.
  const within = (part, whole) => {
    if (part === undefined) return true;
    if (Array.isArray(part)) return Array.isArray(whole) && part.length <= whole.length && part.every((x, i) => within(x, whole[i]));
    if (part && typeof part === 'object') {
      return whole && typeof whole === 'object' && !Array.isArray(whole) && Object.keys(part).every((k) => Object.hasOwn(whole, k)
        && within(part[k], whole[k]));
    }
    return Object.is(part, whole);
  };
  for (let round = 0; round < 4000; round += 1) {
    const text = `[${value(0)}]`; // (saved work is a list; a number at the very end may be cut, so it is not whole)
    const parsed = JSON.parse(text);
    const read = readLenient(text);
    assert.ok(read.whole, text);
    assert.deepEqual(JSON.parse(JSON.stringify(read.value)), parsed, text);
    const cut = text.slice(0, int(text.length));
    const partial = readLenient(cut);
    assert.ok(within(partial.value, parsed), `${cut} -> ${JSON.stringify(partial.value)}`);
    const chars = [...text];
    chars[int(chars.length)] = ['#', '"', ',', ']', '}', '\\', ' '][int(7)];
    const mangled = chars.join('');
    const result = readLenient(mangled); // (never throws)
    assert.ok(typeof result.whole === 'boolean');
    assert.doesNotThrow(() => decodeSuspend(`2${mangled}`, ['k0', 'k1']));
  }
  assert.equal(readLenient(`${'['.repeat(100000)}`).whole, false, 'deep nesting is bounded');
});

test('a damaged cell is dropped and counted on its own; names are data', () => {
  const text = '2[{"ch14.ex1": {"0": {"__proto__": ["x", 1, "c"], "bad": ["y", -1, "c"], "odd": ["z", 1, "toString"]}, ' +
    '"w": {"": ["plan", [0], 1], "ok": ["t", [9], 0], "no": ["t", ["a"], 0]}, "w5": {"": ["plan", [], 0]}, "x": {}}}]';
  const decoded = decodeSuspend(text, ['ch14.ex1']);
  assert.equal(decoded.dropped, 5, 'a plan at a variant is not a plan: it has none');
  assert.equal(decoded.state.exercises['ch14.ex1'].seeds['0'].parts.__proto__.text, 'x');
  assert.equal(decoded.state.exercises['ch14.ex1'].open.notes, 'plan');
  assert.deepEqual(plain(decoded.state.exercises['ch14.ex1'].seeds['0'].explain), { ok: { ticked: [9], notes: 't', revealed: false } });
  assert.equal({}.x, undefined);
});
