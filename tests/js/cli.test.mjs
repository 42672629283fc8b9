// The JS API and the CLI in Node, on the real WebAssembly core: the calls that the
// issues name, seeds, and errors that come back as messages rather than crashes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCli as run } from './cli-run.mjs';
import { loadCompanion } from '../../web/companion.mjs';

test('the CLI grades the three calls of the Chapter 14 issue', () => {
  assert.equal(run('grade', 'ch14.ex1', 'weights', '[2/5, 2/5, 1/5]').verdict, 'correct');
  const divided = run('grade', 'ch14.example1', 'weights', '[2/3, 1/3, 1/3]');
  assert.equal(divided.verdict, 'incorrect');
  assert.equal(divided.misconception, 'divided-by-count');
  const shape = run('grade', 'ch14.example1', 'context', 'a/2');
  assert.equal(shape.verdict, 'invalid');
  assert.match(shape.feedback, /a list of 2 numbers/);
});

test('the CLI grades the element count of exercise 19.16', () => {
  assert.equal(run('grade', 'ch19.ex16', 'elements', '1,048,576').verdict, 'correct');
  assert.equal(run('grade', 'ch19.ex16', 'elements', '262144').misconception, 'left-out:H');
});

test('the CLI lists every exercise id of both chapters', () => {
  const ids = run('list').map((e) => e.id);
  const expected = ['ch14.example1', 'ch14.example2', 'ch14.blue', 'ch14.example3', 'ch14.cost',
    ...[1, 2, 3, 4, 5].map((n) => `ch14.ex${n}`), 'ch19.running',
    ...Array.from({ length: 22 }, (_, i) => `ch19.ex${i + 1}`)];
  for (const id of expected) assert.ok(ids.includes(id), id);
});

test('the CLI reports bad commands and unknown ids as JSON errors', () => {
  assert.match(run('grade', 'ch14.nope', 'x', '1').error, /no exercise/);
  assert.match(run('grade', 'ch14.ex1', 'nope', '1').error, /no part/);
  assert.match(run('frobnicate').error, /usage/);
});

test('a seed gives a reproducible variant that is graded against its own numbers', async () => {
  const companion = await loadCompanion();
  const one = companion.exercise('ch19.running', { seed: 7 });
  const two = companion.exercise('ch19.running', { seed: 7 });
  const chapter = companion.exercise('ch19.running');
  assert.deepEqual(one.inputs, two.inputs);
  assert.notDeepEqual(one.inputs, chapter.inputs);
  const weights = `[${one.working.positions.map((p) => p.weight.toPrecision(4)).join(', ')}]`;
  assert.equal(companion.grade('ch19.running', 'weights', weights, { seed: 7 }).verdict, 'correct');
  assert.notEqual(companion.grade('ch19.running', 'weights', weights).verdict, 'correct');
  assert.throws(() => companion.exercise('ch19.running', { seed: -1 }), /seed/);
});

test('hostile input comes back as a verdict, never a crash', async () => {
  const companion = await loadCompanion();
  for (const text of ['', '((((((((((((((((((((((((((((((((((((1', '9'.repeat(5000), '<img src=x onerror=alert(1)>', '\u0000', 'NaN', '1e999']) {
    const v = companion.grade('ch14.example1', 'weights', text);
    assert.equal(v.verdict, 'invalid', text.slice(0, 20));
    assert.ok(v.feedback.length > 0);
  }
});
