// The author's check shared among workers (tools/check-threads.mjs, what `node tools/cli.mjs
// check` runs: native processes, or WebAssembly threads) gives the report the one-thread check
// gives (companion.check), field for field and so word for word: for shipped exercises (under a
// teacher's id), docs/examples/ and docs/authoring.md's worked example, for a file that fails
// its own test, and for one the core refuses. Seeds 0–40 in slices of 5, over 3 threads, so
// that slices come back out of order and each thread takes several; quick, and timed nowhere
// (docs/benchmarks.md has the times).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { loadCompanion } from '../../web/companion.mjs';
import { checkWords } from '../../web/author/check-report.mjs';
import { checkRanges, checkSum } from '../../web/author/check-slices.mjs';
import { NATIVE_CHECK, checkInThreads } from '../../tools/check-threads.mjs';

const root = new URL('../../', import.meta.url);
const read = (path) => JSON.parse(readFileSync(new URL(path, root), 'utf8'));
const authoring = readFileSync(new URL('docs/authoring.md', root), 'utf8');
const worked = JSON.parse(/<!-- worked-example -->\n```json\n([\s\S]*?)\n```/.exec(authoring)[1]);
const examples = readdirSync(new URL('docs/examples/', root)).filter((f) => f.endsWith('.json'))
  .map((f) => read(`docs/examples/${f}`));
const shipped = ['exercises/ch19/running.json', 'exercises/ch19/ex3.json']
  .map((path) => ({ ...read(path), id: `teacher.${read(path).id.replace('.', '-')}` }));
const companion = await loadCompanion({ exercises: [] });
const options = { from: 0, seeds: 41, slice: 5 };

test('the check over native workers and over WebAssembly threads gives the one-thread report, for shipped exercises and the docs\' examples', async () => {
  assert.ok(examples.length >= 3);
  // (The set-up builds the native core: the CLI's check would otherwise fall back to threads unseen.)
  assert.ok(existsSync(NATIVE_CHECK), NATIVE_CHECK);
  for (const doc of [...shipped, worked, ...examples]) {
    const serial = companion.check(doc, options);
    assert.equal(serial.seeds, 41, doc.id);
    for (const wasm of [false, true]) {
      const threaded = await checkInThreads(doc, { ...options, threads: 3, wasm });
      assert.deepEqual(threaded, serial, `${doc.id}, wasm: ${wasm}`);
      assert.deepEqual(checkWords(threaded), checkWords(serial), doc.id);
    }
  }
});

test('a file that fails its own test, and a file the core refuses, are reported as in one thread', async () => {
  // (A test whose answer is wrong on every seed: failures listed with their first seeds.)
  const failing = structuredClone(worked);
  failing.tests = [...(failing.tests ?? []), { part: failing.parts[0].name, answer: '4097', expect: 'correct' }];
  const serial = companion.check(failing, options);
  assert.equal(checkWords(serial).ok, false);
  assert.deepEqual(await checkInThreads(failing, { ...options, threads: 3 }), serial);
  const refused = { ...structuredClone(worked), tempreature: '0.5' };
  for (const wasm of [false, true]) {
    const report = await checkInThreads(refused, { ...options, threads: 3, wasm });
    assert.match(report.refused, /tempreature/);
    assert.deepEqual(report, companion.check(refused, options));
  }
});

test('slices that come back out of order are added in seed order', () => {
  assert.deepEqual(checkRanges(10, 12, 5), [{ from: 10, seeds: 5 }, { from: 15, seeds: 5 }, { from: 20, seeds: 2 }]);
  assert.deepEqual(checkRanges(7, 0, 5), [{ from: 7, seeds: 0 }]);
  // (The first slice, which runs alone, is short.)
  assert.deepEqual(checkRanges(0, 100, 50).map((r) => r.seeds), [10, 50, 40]);
  const parts = checkRanges(0, 41, 5).map((r) => companion.check(worked, { from: r.from, seeds: r.seeds, slice: r.seeds }));
  const sum = checkSum(parts.length);
  const order = parts.map((_, i) => i).reverse();
  const reports = order.map((i) => sum.add(i, parts[i]));
  assert.ok(reports.slice(0, -1).every((r) => r === null));
  assert.deepEqual(reports.at(-1), companion.check(worked, options));
});

test('node tools/cli.mjs check prints the same words on one worker and on several, native or WebAssembly', () => {
  const dir = mkdtempSync(join(tmpdir(), 'check-threads-'));
  const file = join(dir, 'exercise.json');
  writeFileSync(file, JSON.stringify(shipped[1]));
  const cli = fileURLToPath(new URL('tools/cli.mjs', root));
  const words = (threads, ...more) => execFileSync(process.execPath,
    [cli, 'check', file, '--seeds', '120', '--threads', threads, ...more], { encoding: 'utf8' });
  const one = words('1');
  assert.match(one, /120 seeds, 0 to 119: every check passes/);
  assert.equal(words('2'), one);
  assert.equal(words('1', '--wasm'), one);
  assert.equal(words('2', '--wasm'), one);
});
