// Issue 9, seeds: one reading of a seed (web/seed.mjs) for every entry point. Only a
// whole number from 0 to 2^32 - 1, as a number or as decimal digits, is a seed; the JS
// API and the CLI refuse anything else with a message that names the value, instead of
// reading '', null, [], true, '0x10', ' 7 ', '1e3' as 0, 0, 0, 1, 16, 7, 1000.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseSeed, readSeed } from '../../web/seed.mjs';
import { loadCompanion } from '../../web/companion.mjs';

const HOSTILE = ['', null, [], true, '0x10', ' 7 ', '1e3', '-1', '+7', '7.0', '4294967296', -1, 1.5, NaN, Infinity, 2 ** 32, {}, '٣'];
const NAMED = { '': '""', '0x10': '"0x10"', ' 7 ': '" 7 "', '1e3': '"1e3"', '-1': '"-1"' };

test('the seed parser reads digits and whole numbers in [0, 2^32) and nothing else', () => {
  for (const [value, seed] of [['0', 0], ['7', 7], ['007', 7], ['4294967295', 4294967295], [0, 0], [42, 42], [4294967295, 4294967295]]) {
    assert.equal(parseSeed(value), seed, JSON.stringify(value));
  }
  for (const value of HOSTILE) {
    const read = readSeed(value);
    assert.equal(read.ok, false, `${String(value)} must be refused`);
    assert.match(read.message, /not a whole number from 0 to 4294967295/);
    assert.throws(() => parseSeed(value), /seed/);
  }
  for (const [value, shown] of Object.entries(NAMED)) {
    assert.ok(readSeed(value).message.includes(shown), `the message names ${shown}: ${readSeed(value).message}`);
  }
});

test('the JS API refuses every hostile seed, naming it, for exercise() and grade()', async () => {
  const companion = await loadCompanion();
  for (const seed of HOSTILE) {
    assert.throws(() => companion.exercise('ch19.running', { seed }), /seed .* is not a whole number/, `exercise, seed ${String(seed)}`);
    assert.throws(() => companion.grade('ch19.running', 'weights', '[1]', { seed }), /seed .* is not a whole number/);
  }
  assert.throws(() => companion.exercise('ch19.running', { seed: '0x10' }), /"0x10"/);
  assert.deepEqual(companion.exercise('ch19.running', { seed: '16' }).inputs, companion.exercise('ch19.running', { seed: 16 }).inputs);
  assert.deepEqual(companion.exercise('ch19.running').inputs, companion.exercise('ch19.running', { seed: 0 }).inputs);
});

test('the CLI refuses hostile seeds with a JSON error that names the value', () => {
  const cli = fileURLToPath(new URL('../../tools/cli.mjs', import.meta.url));
  const run = (...args) => {
    try {
      return { code: 0, out: JSON.parse(execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8' })) };
    } catch (error) {
      return { code: error.status, out: JSON.parse(error.stdout) };
    }
  };
  for (const seed of ['', '0x10', ' 7 ', '1e3', '-3', 'abc']) {
    const { code, out } = run('show', 'ch19.running', seed);
    assert.equal(code, 1, `seed ${JSON.stringify(seed)}`);
    assert.ok(out.error.includes(JSON.stringify(seed)), out.error);
  }
  const good = run('grade', 'ch19.running', 'weights', '[1]', '7');
  assert.equal(good.code, 0);
  assert.equal(good.out.verdict !== undefined, true);
});
