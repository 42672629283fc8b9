// Issue 14, the worker pool (web/batch/batch-pool.mjs) in Chromium, on the batch lab's page
// (its CSP, its origin): two Workers that share one compiled core give, for the chapter
// workload and for batches under every mask rule, the very bits of the one-thread checked
// call; the caller's arrays are left as they were; a second run reuses the carriers; and a
// pool whose Workers cannot start runs on the page's own core, on one thread, and says why.
// Its speed is measured in tests/bench/batch-bench.mjs, never here.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newCheckedPage, useSite } from './harness.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

// In the page: each batch through the pool (twice, the second time on the carriers the
// first brought back and into the caller's arrays, filled with NaN first), then kept in the
// workers and run under changed options, and through the checked call, compared bit for bit.
async function runInPage(page, workloads, poolSettings) {
  return page.evaluate(async ({ workloads: list, poolSettings: settings }) => {
    const { createBatchPool } = await import('./batch/batch-pool.mjs');
    const { loadCompanion } = await import('./companion.mjs');
    const companion = await loadCompanion({ exercises: [] });
    const pool = createBatchPool({ ...settings, url: settings.url ? new URL(settings.url, document.baseURI) : undefined,
      fallback: async () => companion });
    const ready = await pool.ready();
    const results = [];
    for (const options of list) {
      const seeded = companion.batchAttention({ ...options, seed: 19, returnInputs: true });
      const arrays = { query: seeded.query, keys: seeded.keys, values: seeded.values };
      const before = Array.from(seeded.keys.subarray(0, 64));
      const runs = [];
      const same = (a, b) => a.length === b.length && new Uint32Array(a.buffer, a.byteOffset, a.length)
        .every((x, n) => x === new Uint32Array(b.buffer, b.byteOffset, b.length)[n]);
      const record = (out, expected, into) => ({ threads: out.threads, runs: out.runs.length, reason: out.reason,
        contextSame: same(out.context, expected.context), emptySame: out.emptyRows.every((x, n) => x === expected.emptyRows[n]),
        emptyRows: out.emptyRows.reduce((a, b) => a + b, 0), intoKept: into ? out.context === into.context && out.emptyRows === into.emptyRows : true });
      const into = { context: new Float32Array(seeded.context.length).fill(NaN), emptyRows: new Uint8Array(seeded.emptyRows.length).fill(7) };
      runs.push(record(await pool.run(options, arrays), seeded));
      runs.push(record(await pool.run(options, { ...arrays, ...into }), seeded, into));
      // Kept in the workers: the same bits as the checked call under each change of options.
      const batch = await pool.keep(options, arrays);
      for (const changes of [{}, { temperature: 0.25 }, { scaled: !options.scaled }, { causal: !options.causal }]) {
        into.context.fill(NaN);
        const expected = companion.batchAttention({ ...options, ...changes }, arrays);
        runs.push(record(await batch.run(changes, into), expected, into));
      }
      await pool.run(options, arrays);
      const replaced = await batch.run({}).then(() => 'ran', (error) => error.message);
      results.push({ options, runs, replaced, inputsKept: before.every((x, n) => Object.is(x, seeded.keys[n])) && seeded.keys.length > 0 });
    }
    pool.terminate();
    return { ready, results };
  }, { workloads, poolSettings });
}

const WORKLOADS = [
  { B: 8, H: 4, T: 64, S: 512, D: 64, lengths: [512, 384, 256, 128, 64, 5, 3, 1], scaled: true },
  { B: 3, H: 2, T: 6, S: 5, D: 4, lengths: [5, 3, 0] },
  { B: 2, H: 3, T: 16, S: 16, D: 8, lengths: [16, 10], causal: true, window: [3, 12], temperature: 0.5 },
  { B: 1, H: 5, T: 9, S: 70, Dk: 5, Dv: 3, halfWidth: 2, scaled: true },
];

test('two Workers give the one-thread bits under every mask rule, sent or kept, and leave the inputs alone', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}lab-batch.html`);
  const { ready, results } = await runInPage(page, WORKLOADS, { size: 2 });
  assert.deepEqual(ready, { threads: 2, reason: null });
  for (const { options, runs, inputsKept, replaced } of results) {
    assert.equal(runs.length, 6);
    for (const [n, run] of runs.entries()) {
      const label = `${JSON.stringify(options)}, run ${n}`;
      assert.equal(run.threads, 2, label);
      assert.equal(run.runs, Math.min(2, options.B * options.H));
      assert.equal(run.contextSame, true, `context bits differ for ${label}`);
      assert.equal(run.emptySame, true, `all-masked flags differ for ${label}`);
      assert.equal(run.intoKept, true, `the outputs are not the caller's arrays for ${label}`);
    }
    assert.equal(inputsKept, true);
    assert.match(replaced, /kept batch is gone .* keep it again/);
  }
  // The all-masked item's rows are flagged through the pool too.
  assert.equal(results[1].runs[0].emptyRows, 2 * 6);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a pool whose Workers cannot start runs on the page\'s core and says why', async () => {
  const { page, context, problems } = await newCheckedPage(browser, { allow: [/Failed to load resource|404/] });
  await page.goto(`${server.url}lab-batch.html`);
  const { ready, results } = await runInPage(page, WORKLOADS.slice(1, 3), { size: 2, url: 'batch/no-such-worker.mjs' });
  assert.equal(ready.threads, 1);
  assert.match(ready.reason, /the workers could not start/);
  for (const { runs, replaced } of results) {
    assert.match(replaced, /kept batch is gone/);
    for (const run of runs) {
      assert.equal(run.threads, 1);
      assert.match(run.reason, /could not start/);
      assert.equal(run.contextSame, true);
      assert.equal(run.emptySame, true);
    }
  }
  assert.deepEqual(problems(), []);
  await context.close();
});

test('on Workers too, the inputs are read when run is called: changing them while it runs changes nothing', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}lab-batch.html`);
  const outcomes = await page.evaluate(async () => {
    const { createBatchPool } = await import('./batch/batch-pool.mjs');
    const { loadCompanion } = await import('./companion.mjs');
    const companion = await loadCompanion({ exercises: [] });
    const options = { B: 2, H: 2, T: 8, S: 12, D: 4, lengths: [12, 7], causal: true };
    const seeded = companion.batchAttention({ ...options, seed: 3, returnInputs: true });
    const same = (a, b) => new Uint32Array(a.buffer).every((x, n) => x === new Uint32Array(b.buffer)[n]);
    const pool = createBatchPool({ size: 2 });
    const outcome = async () => {
      const inputs = { query: seeded.query.slice(), keys: seeded.keys.slice(), values: seeded.values.slice() };
      const running = pool.run(options, inputs);
      inputs.query.fill(7);
      inputs.values.fill(7);
      const out = await running;
      return { threads: out.threads, same: same(out.context, seeded.context) };
    };
    const first = await outcome();  // the workers still starting when it is called
    const later = await outcome();  // started
    pool.terminate();
    return [first, later];
  });
  assert.deepEqual(outcomes, [{ threads: 2, same: true }, { threads: 2, same: true }]);
  assert.deepEqual(problems(), []);
  await context.close();
});
