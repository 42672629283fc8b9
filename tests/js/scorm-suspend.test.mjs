// SCORM suspend data (web/embed/suspend-data.mjs), in Node: keyed by exercise id and part
// name, so that a package whose exercises come in another order finds every answer; the
// written work with its ticks; the size limit (texts go first, marked cut; correct records
// last); version 1 (exercises by position) still read.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeSuspend, encodeSuspend } from '../../web/embed/suspend-data.mjs';
import { utf8Length } from '../../web/embed/scorm-values.mjs';

const plain = (value) => JSON.parse(JSON.stringify(value));
const record = (text, verdict, attempts) => ({ text, verdict, attempts });

test('answers and written work are kept by exercise id and part name, whatever the package\'s order', () => {
  const state = { version: 2, exercises: {
    'ch14.ex1': { seeds: { 0: { parts: { weights: record('[0.2, 0.3, 0.5]', 'incorrect', 2), scores: record('[1, 2, 3]', 'correct', 1) } } },
      explain: { why: { notes: 'Because\nthey sum to one.', ticked: [0, 2], revealed: true } } },
    'ch19.ex3': { seeds: { 4242: { parts: { weights: record('[.36, .5, .14]', 'incorrect', 1) } } } },
    'ch19.ex20': { seeds: {}, open: { notes: 'Check the mask first.', ticked: [1], revealed: false } },
  } };
  const text = encodeSuspend(state, ['ch14.ex1', 'ch19.ex3', 'ch19.ex20']);
  assert.ok(text.startsWith('2[{"ch14.ex1":'), text);
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

test('over the limit, the longest texts go first (marked cut), then records that are not correct; in characters or bytes', () => {
  const ids = Array.from({ length: 30 }, (_, i) => `ch19.ex${i}`);
  const state = { version: 2, exercises: {} };
  for (const id of ids) {
    const parts = {};
    for (let p = 0; p < 6; p += 1) parts[`part${p}`] = record(`[${'0.123456, '.repeat(30)}1]`, p === 0 ? 'correct' : 'incorrect', 3);
    state.exercises[id] = { seeds: { 0: { parts }, 42: { parts } }, explain: { why: { notes: 'é'.repeat(3000), ticked: [0], revealed: false } } };
  }
  const text = encodeSuspend(state, ids);
  assert.ok(text.length <= 4096, `${text.length}`);
  const back = decodeSuspend(text, ids);
  assert.equal(back.dropped, 0);
  assert.deepEqual(plain(back.state.exercises['ch19.ex0'].seeds['42'].parts.part0), record('', 'correct', 3),
    'correct verdicts are kept before anything else');
  assert.ok(back.cut['ch19.ex0'].some((entry) => entry.seed === '42' && entry.part === 'part0'), 'and the cut text is named');
  const bytes = encodeSuspend(state, ids, { limit: 12_288, size: utf8Length });
  assert.ok(utf8Length(bytes) <= 12_288 && bytes.length > 4096, `${bytes.length} characters, ${utf8Length(bytes)} bytes`);
  // A written item whose text was cut keeps its ticks.
  const written = { version: 2, exercises: { 'ch14.ex2': { seeds: {}, explain: { a: { notes: 'x'.repeat(5000 - 1000), ticked: [1], revealed: true } } } } };
  const kept = decodeSuspend(encodeSuspend(written, ['ch14.ex2'], { limit: 200 }), ['ch14.ex2']);
  assert.deepEqual([plain(kept.state.exercises['ch14.ex2'].explain.a), kept.cut['ch14.ex2']],
    [{ ticked: [1], notes: '', revealed: true }, [{ item: 'a' }]]);
});

test('a damaged cell is dropped and counted on its own; names are data', () => {
  const text = '2[{"ch14.ex1": {"0": {"__proto__": ["x", 1, "c"], "bad": ["y", -1, "c"], "odd": ["z", 1, "toString"]}, ' +
    '"w": {"": ["plan", [0], 1], "ok": ["t", [9], 0], "no": ["t", ["a"], 0]}, "x": {}}}]';
  const decoded = decodeSuspend(text, ['ch14.ex1']);
  assert.equal(decoded.dropped, 4);
  assert.equal(decoded.state.exercises['ch14.ex1'].seeds['0'].parts.__proto__.text, 'x');
  assert.equal(decoded.state.exercises['ch14.ex1'].open.notes, 'plan');
  assert.deepEqual(plain(decoded.state.exercises['ch14.ex1'].explain), { ok: { ticked: [9], notes: 't', revealed: false } });
  assert.equal({}.x, undefined);
});
