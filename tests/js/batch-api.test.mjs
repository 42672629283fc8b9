// companion.batchAttention in Node on the real WebAssembly core: typed-array copies
// (not views into WASM memory), the torch example's shapes, the all-masked policy, the
// seeded inputs, the agreement check, and errors as JS Errors with the core's message.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadCompanion } from '../../web/companion.mjs';

const companion = await loadCompanion();

test('shapes, typed-array copies and row statistics', () => {
  const out = companion.batchAttention({ B: 2, T: 3, S: 5, Dk: 4, Dv: 6, seed: 19, returnWeights: true });
  assert.deepEqual(out.scoreShape, [2, 1, 3, 5]);
  assert.ok(out.weights instanceof Float32Array && out.weights.length === 30);
  assert.ok(out.context instanceof Float32Array && out.context.length === 36);
  assert.ok(out.rowSums instanceof Float64Array);
  // A copy owns its own buffer: a later call cannot change it.
  const before = Array.from(out.context);
  companion.batchAttention({ B: 2, T: 3, S: 5, D: 4, seed: 7, returnWeights: true });
  assert.deepEqual(Array.from(out.context), before);
  assert.notEqual(out.context.buffer, out.weights.buffer);
  for (const sum of out.rowSums) assert.ok(Math.abs(sum - 1) < 1e-6);
});

test('all-masked rows are zeros, flagged and counted; masked weights are exactly 0', () => {
  const out = companion.batchAttention({ B: 3, T: 2, S: 5, D: 4, lengths: [5, 3, 0], returnWeights: true });
  assert.equal(out.emptyRowCount, 2);
  assert.deepEqual(Array.from(out.emptyRows), [0, 0, 0, 0, 1, 1]);
  assert.deepEqual(Array.from(out.context.subarray(16)), new Array(8).fill(0));
  assert.deepEqual(Array.from(out.maskedMass), new Array(6).fill(0));
  assert.deepEqual(Array.from(out.weights.subarray(10, 20)), [...out.weights.subarray(10, 13), 0, 0, ...out.weights.subarray(15, 18), 0, 0]);
});

test('the same seed gives the same inputs; given inputs agree with themselves', () => {
  const a = companion.batchAttention({ B: 2, H: 2, T: 4, S: 9, D: 3, seed: 5, returnInputs: true });
  const b = companion.batchAttention({ B: 2, H: 2, T: 4, S: 9, D: 3, seed: 5, returnInputs: true });
  assert.deepEqual(a.keys, b.keys);
  const again = companion.batchAttention({ B: 2, H: 2, T: 4, S: 9, D: 3 },
    { query: a.query, keys: a.keys, values: a.values, compareContext: a.context, compareEmptyRows: a.emptyRows });
  assert.equal(again.agreement.pass, true);
  assert.equal(again.agreement.maxAbsError, 0);
});

test('errors are JS Errors carrying the core message', () => {
  assert.throws(() => companion.batchAttention({ B: 2, T: 1, S: 4, D: 2, lengths: [4] }), /2 source lengths|1 source lengths for a batch of 2/);
  assert.throws(() => companion.batchAttention({ T: 1, S: 4, D: 2 }, { query: new Float32Array(3) }), /queries hold 3 numbers/);
  assert.throws(() => companion.batchAttention({ T: 1, S: 4, D: 2, temperature: 0 }), /temperature/);
});
