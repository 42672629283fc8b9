// The worker pool (web/batch/batch-pool.mjs) in Node: how it cuts a batch's (item, head)
// pairs into runs (contiguous, covering, none empty, about equal in work), and its one-thread
// fallback where Workers cannot start (Node has no Web Workers): the page's own core runs the
// batch, the reason is given, and the context is bit for bit the checked call's. The pool
// itself, on real Workers, is tested in the browser (tests/e2e/batch-pool.test.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadCompanion } from '../../web/companion.mjs';
import { createBatchPool, splitPairs } from '../../web/batch/batch-pool.mjs';
import { mulberry32 } from './seeded-random.mjs';

const companion = await loadCompanion();

test('the pairs are cut into contiguous runs that cover them, none empty, about equal in work', () => {
  const random = mulberry32(20261201);
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  for (let round = 0; round < 500; round += 1) {
    const shape = { B: int(1, 9), H: int(1, 5), T: int(1, 70), S: int(1, 600), Dk: int(1, 80) };
    shape.Dv = int(1, 80);
    const lengths = random() < 0.6 ? Array.from({ length: shape.B }, () => int(0, shape.S)) : undefined;
    const parts = int(1, 6);
    const runs = splitPairs(shape, lengths, parts);
    const pairs = shape.B * shape.H;
    const label = JSON.stringify({ shape, lengths, parts });
    assert.equal(runs.length, Math.min(parts, pairs), label);
    assert.equal(runs[0].from, 0, label);
    assert.equal(runs.at(-1).to, pairs, label);
    for (const [k, run] of runs.entries()) {
      assert.ok(run.to > run.from, `${label}: run ${k} is empty`);
      if (k > 0) assert.equal(run.from, runs[k - 1].to, `${label}: runs ${k - 1} and ${k} do not meet`);
    }
    // No run is more than one pair's work from an equal share.
    const work = (p) => {
      const rows = lengths ? Math.min(lengths[Math.floor(p / shape.H)], shape.S) : shape.S;
      return shape.T * rows + (rows * (shape.Dk + shape.Dv) + shape.T * shape.Dk) / 12;
    };
    const total = Array.from({ length: pairs }, (_, p) => work(p)).reduce((a, b) => a + b, 0);
    const largest = Math.max(...Array.from({ length: pairs }, (_, p) => work(p)));
    for (const run of runs) {
      let sum = 0;
      for (let p = run.from; p < run.to; p += 1) sum += work(p);
      assert.ok(sum <= total / runs.length + largest + 1e-9, `${label}: a run holds ${sum} of ${total}`);
    }
  }
});

test('the chapter workload is cut where the work, not the pair count, is halved', () => {
  const runs = splitPairs({ B: 8, H: 4, T: 64, S: 512, Dk: 64, Dv: 64 }, [512, 384, 256, 128, 64, 5, 3, 1], 2);
  assert.equal(runs.length, 2);
  // The first two items hold most of the eligible keys: the cut falls among their pairs.
  assert.ok(runs[0].to > 4 && runs[0].to < 12, JSON.stringify(runs));
});

test('without Workers the pool runs on the page\'s core, says why, and gives the checked call\'s bits', async () => {
  const pool = createBatchPool({ size: 2, fallback: async () => companion });
  const ready = await pool.ready();
  assert.equal(ready.threads, 1);
  assert.match(ready.reason, /no Workers/);
  for (const options of [
    { B: 3, H: 2, T: 6, S: 5, D: 4, lengths: [5, 3, 0] },
    { B: 2, H: 2, T: 16, S: 16, D: 8, lengths: [16, 10], causal: true, window: [3, 12], temperature: 0.5, scaled: true },
    { B: 1, H: 3, T: 9, S: 7, Dk: 5, Dv: 3, halfWidth: 2 },
  ]) {
    const seeded = companion.batchAttention({ ...options, seed: 11, returnInputs: true });
    const out = await pool.run(options, { query: seeded.query, keys: seeded.keys, values: seeded.values });
    assert.equal(out.threads, 1);
    assert.match(out.reason, /no Workers/);
    assert.deepEqual(new Uint32Array(out.context.buffer), new Uint32Array(seeded.context.buffer), JSON.stringify(options));
    assert.deepEqual(out.emptyRows, seeded.emptyRows);
  }
});

test('without Workers a kept batch runs on the page\'s core under new options, into the caller\'s arrays, until it is replaced', async () => {
  const pool = createBatchPool({ size: 2, fallback: async () => companion });
  const options = { B: 2, H: 2, T: 6, S: 7, D: 4, lengths: [7, 3], scaled: true };
  const seeded = companion.batchAttention({ ...options, seed: 5, returnInputs: true });
  const arrays = { query: seeded.query, keys: seeded.keys, values: seeded.values };
  const batch = await pool.keep(options, arrays);
  assert.equal(batch.threads, 1);
  const into = { context: new Float32Array(seeded.context.length).fill(NaN), emptyRows: new Uint8Array(seeded.emptyRows.length).fill(7) };
  for (const changes of [{}, { temperature: 0.25 }, { scaled: false, causal: true }, { halfWidth: 1 }]) {
    const expected = companion.batchAttention({ ...options, ...changes }, arrays);
    const out = await batch.run(changes, into);
    assert.equal(out.context, into.context);
    assert.equal(out.emptyRows, into.emptyRows);
    assert.deepEqual(new Uint32Array(out.context.buffer), new Uint32Array(expected.context.buffer), JSON.stringify(changes));
    assert.deepEqual(out.emptyRows, expected.emptyRows, JSON.stringify(changes));
  }
  await assert.rejects(batch.run({ S: 8 }), /runs with its own shape and lengths/);
  await assert.rejects(batch.run({ lengths: [7, 2] }), /runs with its own shape and lengths/);
  await assert.rejects(batch.run({}, { context: new Float32Array(3) }), /context, where given, must be a Float32Array of 96 numbers/);
  await pool.run(options, arrays);
  await assert.rejects(batch.run({}), /kept batch is gone .* keep it again/);
  const again = await pool.keep(options, arrays);
  again.free();
  await assert.rejects(again.run({}), /kept batch is gone/);
});

test('the pool refuses what it cannot run, with a sentence', async () => {
  const pool = createBatchPool({ size: 2, fallback: async () => companion });
  const shape = { B: 2, H: 1, T: 2, S: 3, D: 2 };
  const arrays = { query: new Float32Array(8), keys: new Float32Array(12), values: new Float32Array(12) };
  await assert.rejects(pool.run({ ...shape, T: 0 }, arrays), /T must be a whole number of at least 1/);
  await assert.rejects(pool.run(shape, { ...arrays, keys: new Float32Array(11) }), /keys must hold 12 numbers; it holds 11/);
  await assert.rejects(pool.run({ ...shape, lengths: [3] }, arrays), /lengths must be a list of 2 whole numbers/);
  await assert.rejects(pool.run({ ...shape, lengths: [3, 1.5] }, arrays), /lengths must be a list of 2 whole numbers/);
  await assert.rejects(pool.run({ ...shape, explicitMask: new Uint8Array(6) }, arrays), /no explicit mask/);
  // The core checks the options themselves.
  await assert.rejects(pool.run({ ...shape, lengths: [3, 4] }, arrays), /length/);
  await assert.rejects(pool.run({ ...shape, temperature: -1 }, arrays), /temperature/);
  const noCore = createBatchPool({ size: 2 });
  await assert.rejects(noCore.run(shape, arrays), /no Workers, and there is no core on this page/);
});

test('the pool reads its inputs and options when called: changing them while it waits changes nothing', async () => {
  const pool = createBatchPool({ size: 2, fallback: async () => companion });
  const options = { B: 2, H: 2, T: 5, S: 6, D: 3, lengths: [6, 4], window: [1, 5] };
  const seeded = companion.batchAttention({ ...options, seed: 8, returnInputs: true });
  const inputs = () => ({ query: seeded.query.slice(), keys: seeded.keys.slice(), values: seeded.values.slice() });
  const given = inputs();
  const running = pool.run(options, given);
  given.query.fill(7);
  given.keys.fill(7);
  options.window[1] = 2;
  options.lengths[0] = 1;
  const out = await running;
  assert.deepEqual(new Uint32Array(out.context.buffer), new Uint32Array(seeded.context.buffer));

  const keptOptions = { B: 2, H: 2, T: 5, S: 6, D: 3, lengths: [6, 4], temperature: 0.5 };
  const keptInputs = inputs();
  const keeping = pool.keep(keptOptions, keptInputs);
  keptInputs.values.fill(7);
  keptOptions.temperature = 3;
  const batch = await keeping;
  const expected = companion.batchAttention({ ...keptOptions, temperature: 0.5 }, inputs());
  assert.deepEqual(new Uint32Array((await batch.run({})).context.buffer), new Uint32Array(expected.context.buffer));
});

test('a pooled run refuses an option the core does not read, by name', async () => {
  const pool = createBatchPool({ size: 2, fallback: async () => companion });
  const shape = { B: 1, H: 1, T: 2, S: 3, D: 2 };
  const arrays = { query: new Float32Array(4), keys: new Float32Array(6), values: new Float32Array(6) };
  await assert.rejects(pool.run({ ...shape, temprature: 0.5 }, arrays), /no option "temprature" \(did you mean temperature\?\)/);
  assert.equal((await pool.run({ ...shape, seed: 4 }, arrays)).context.length, 4);  // the seed is the pool's to ignore
});
