// companion.batchAttention and companion.batchAgreement in Node on the real WebAssembly
// core: typed-array copies (not views into WASM memory), the torch example's shapes, the
// all-masked policy, the seeded inputs, the agreement check on outputs only (equal outputs
// pass with zero error; a perturbed context, a non-zero masked weight or a different
// all-masked flag fails; outputs of the wrong size are refused), and errors as JS Errors
// with the core's message; and the lean small reader (companion.smallReader), bit for bit the
// batch core's result for one query.
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

test('the same seed gives the same inputs; given inputs give the same outputs', () => {
  const a = companion.batchAttention({ B: 2, H: 2, T: 4, S: 9, D: 3, seed: 5, returnInputs: true });
  const b = companion.batchAttention({ B: 2, H: 2, T: 4, S: 9, D: 3, seed: 5, returnInputs: true });
  assert.deepEqual(a.keys, b.keys);
  const again = companion.batchAttention({ B: 2, H: 2, T: 4, S: 9, D: 3 }, { query: a.query, keys: a.keys, values: a.values });
  assert.deepEqual(again.context, a.context);
  assert.equal(again.query, undefined, 'inputs come back only with returnInputs');
});

test('batchAttention is one compute pass: compare arrays are not read and no agreement comes back', () => {
  const options = { B: 1, T: 2, S: 3, D: 2, seed: 4 };
  const out = companion.batchAttention(options, { compareContext: new Float32Array(4).fill(9), compareEmptyRows: new Uint8Array(2) });
  assert.equal(out.agreement, undefined);
  assert.deepEqual(out.context, companion.batchAttention(options).context);
});

// The core's outputs of a batch with an all-masked item, and the arrays that compare them with themselves.
const MASKED = { B: 3, T: 2, S: 5, D: 4, lengths: [5, 3, 0], seed: 3 };
const core = companion.batchAttention({ ...MASKED, returnWeights: true });
const own = { context: core.context, weights: core.weights, emptyRows: core.emptyRows };
const same = { ...own, compareContext: core.context, compareWeights: core.weights, compareEmptyRows: core.emptyRows };

test('batchAgreement: equal outputs pass with zero error', () => {
  const { agreement } = companion.batchAgreement(MASKED, same);
  assert.equal(agreement.pass, true);
  assert.equal(agreement.maxAbsError, 0);
  assert.equal(agreement.maxRelError, 0);
  assert.equal(agreement.violations, 0);
  assert.equal(agreement.maskedNonZero, 0);
  assert.equal(agreement.emptyRowMismatches, 0);
  assert.equal(agreement.compared, core.context.length + core.weights.length);
  assert.equal(agreement.absTol, 1e-5);
  assert.equal(agreement.relTol, 1e-4);
  // Contexts only (the fused kernel returns no weights).
  const contexts = companion.batchAgreement(MASKED, { context: core.context, compareContext: core.context }).agreement;
  assert.equal(contexts.pass, true);
  assert.equal(contexts.compared, core.context.length);
});

test('batchAgreement: a perturbed context, a non-zero masked weight or a different flag fails', () => {
  const context = Float32Array.from(core.context);
  context[0] += 0.01;
  const perturbed = companion.batchAgreement(MASKED, { ...same, compareContext: context }).agreement;
  assert.equal(perturbed.pass, false);
  assert.equal(perturbed.violations, 1);
  assert.ok(Math.abs(perturbed.maxAbsError - 0.01) < 1e-6);
  // Item 2 has length 3: its weight on source 5 is masked and must be exactly 0.
  const weights = Float32Array.from(core.weights);
  assert.equal(weights[2 * 5 + 4], 0);
  weights[2 * 5 + 4] = 0.001;
  const masked = companion.batchAgreement(MASKED, { ...same, compareWeights: weights }).agreement;
  assert.equal(masked.pass, false);
  assert.equal(masked.maskedNonZero, 1);
  // Even a masked weight within the tolerance fails: it must be exactly 0.
  weights[2 * 5 + 4] = 1e-7;
  assert.equal(companion.batchAgreement(MASKED, { ...same, compareWeights: weights }).agreement.pass, false);
  const flags = Uint8Array.from(core.emptyRows);
  flags[0] = 1;
  const flagged = companion.batchAgreement(MASKED, { ...same, compareEmptyRows: flags }).agreement;
  assert.equal(flagged.pass, false);
  assert.equal(flagged.emptyRowMismatches, 1);
});

test('batchAgreement: outputs of the wrong size or missing are refused with a message', () => {
  assert.throws(() => companion.batchAgreement(MASKED, { ...same, compareContext: core.context.subarray(1) }),
    /contexts to compare hold 23 numbers where the shape needs 24/);
  assert.throws(() => companion.batchAgreement(MASKED, { ...same, compareWeights: core.weights.subarray(2) }),
    /weights to compare hold 28 numbers where the shape needs 30/);
  assert.throws(() => companion.batchAgreement(MASKED, { ...same, compareEmptyRows: core.emptyRows.subarray(1) }),
    /all-masked flags hold 5 numbers where the shape needs 6/);
  assert.throws(() => companion.batchAgreement(MASKED, { ...same, context: core.context.subarray(1) }), /24/);
  assert.throws(() => companion.batchAgreement(MASKED, { compareContext: core.context }),
    /needs the core's context and the context to compare/);
  assert.throws(() => companion.batchAgreement(MASKED, { context: core.context, compareContext: core.context, compareWeights: core.weights }),
    /need the core's weights too/);
  // The same boundary as batchAttention: checked in JS before the core is called.
  assert.throws(() => companion.batchAgreement(MASKED, { ...same, get context() { throw new Error('boom'); } }),
    /batch array context could not be read: boom/);
  assert.throws(() => companion.batchAgreement(MASKED, { ...same, compareContext: [1, 'x'] }), /compareContext has a value that is not a finite number at 1/);
  assert.throws(() => companion.batchAgreement({ ...MASKED, T: NaN }, same), /option T is NaN/);
  assert.throws(() => companion.batchAgreement({ ...MASKED, lengths: [5] }, same), /source lengths/);
});

test('errors are JS Errors carrying the core message', () => {
  assert.throws(() => companion.batchAttention({ B: 2, T: 1, S: 4, D: 2, lengths: [4] }), /2 source lengths|1 source lengths for a batch of 2/);
  assert.throws(() => companion.batchAttention({ T: 1, S: 4, D: 2 }, { query: new Float32Array(3) }), /queries hold 3 numbers/);
  assert.throws(() => companion.batchAttention({ T: 1, S: 4, D: 2, temperature: 0 }), /temperature/);
});

test('the small reader gives the batch core\'s bits for one query, refuses what it cannot take, and survives memory growth', async () => {
  const companion = await loadCompanion();
  for (const [S, Dk, Dv, seed] of [[5, 3, 3, 1], [1, 1, 1, 2], [70, 16, 5, 3], [300, 64, 64, 4]]) {
    const full = companion.batchAttention({ B: 1, H: 1, T: 1, S, Dk, Dv, seed, scaled: true, returnInputs: true, returnWeights: true });
    const reader = companion.smallReader({ S, Dk, Dv });
    for (let round = 0; round < 2; round += 1) {
      const { context, weights } = reader.read(full.query, full.keys, full.values, { scale: full.scale });
      assert.deepEqual(new Uint32Array(context.buffer), new Uint32Array(Float32Array.from(full.context).buffer), `S${S} Dk${Dk} Dv${Dv}`);
      assert.deepEqual(new Uint32Array(weights.buffer), new Uint32Array(Float32Array.from(full.weights).buffer));
      // A large call in between may grow the module's memory: the reader's next read still holds.
      companion.batchAttention({ B: 2, H: 2, T: 64, S: 512, D: 64, seed: 9 });
    }
    reader.free();
    assert.throws(() => reader.read(full.query, full.keys, full.values), /freed/);
  }
  const reader = companion.smallReader({ S: 2, Dk: 2 });
  assert.throws(() => reader.read([1, 2], [1, 2, 3], [1, 2, 3, 4]), /takes 2 query numbers, 4 key numbers and 4 value numbers/);
  assert.throws(() => reader.read([1, 2], [1, 2, 3, 4], [1, 2, 3, 4], { scale: NaN }), /scale must be a positive finite number, not NaN/);
  for (const bad of [{ S: 0, Dk: 2 }, { S: 2, Dk: 4097 }, { S: 1.5, Dk: 2 }, { S: 2 }]) {
    assert.throws(() => companion.smallReader(bad), /must be a whole number from 1 to 4096/, JSON.stringify(bad));
  }
  reader.free();
});

test('batch buffers: the caller writes into the module\'s memory, the context comes back there, bit for bit the checked call', async () => {
  const companion = await loadCompanion();
  const shape = { B: 2, H: 3, T: 17, S: 70, Dk: 8, Dv: 5 };
  const options = { lengths: [70, 9], causal: false, halfWidth: 30, temperature: 0.8 };
  const checked = companion.batchAttention({ ...shape, ...options, seed: 5, returnInputs: true });
  const buffers = companion.batchBuffers(shape);
  buffers.query.set(checked.query);
  buffers.keys.set(checked.keys);
  buffers.values.set(checked.values);
  for (let round = 0; round < 2; round += 1) {
    const summary = buffers.run(options);
    assert.equal(summary.emptyRowCount, checked.emptyRowCount);
    assert.deepEqual(new Uint32Array(Float32Array.from(buffers.context).buffer), new Uint32Array(Float32Array.from(checked.context).buffer));
    assert.deepEqual([...buffers.emptyRows], [...checked.emptyRows]);
    // A large call in between may grow the memory: the buffers, taken again, still hold.
    companion.batchAttention({ B: 4, H: 2, T: 64, S: 512, D: 64, seed: 9 });
  }
  // The core keeps the last options it read and their summary: other options, then the first
  // again, each give their own context and summary.
  const other = { causal: true, scaled: true };
  const otherChecked = companion.batchAttention({ ...shape, ...other, seed: 5 });
  const bits = (xs) => [...new Uint32Array(Float32Array.from(xs).buffer)];
  for (const [runOptions, want] of [[other, otherChecked], [options, checked], [other, otherChecked]]) {
    const summary = buffers.run(runOptions);
    for (const key of ['path', 'shape', 'scale', 'temperature', 'scaled', 'mask', 'emptyRowCount']) {
      assert.deepEqual(summary[key], want[key], key);
    }
    assert.ok(summary.coreMs >= 0);
    assert.deepEqual(bits(buffers.context), bits(want.context));
  }
  // The shape is the buffers' own; a bad option is refused with the core's message, also
  // right after a good one.
  assert.throws(() => buffers.run({ lengths: [70] }), /lengths/);
  buffers.run(options);
  assert.throws(() => buffers.run({ ...options, temperature: -1 }), /temperature/);
  buffers.free();
  assert.throws(() => buffers.run(options), /freed/);
  assert.throws(() => buffers.context, /freed/);
  for (const bad of [{ T: 0, S: 2, Dk: 2 }, { T: 2, S: 2 }, { T: 1e9, S: 1e9, Dk: 64 }]) {
    assert.throws(() => companion.batchBuffers(bad), /must be a whole number|at most/, JSON.stringify(bad));
  }
});

test('a getter that frees the buffers mid-call is refused: the core never writes into the freed block', async () => {
  const companion = await loadCompanion();
  const shape = { B: 1, H: 1, T: 4, S: 6, Dk: 3, Dv: 3 };
  const buffers = companion.batchBuffers(shape);
  let reused = null;
  // The getter frees the buffers and takes a block of the same size, which the allocator
  // hands back at the same place; were the core given the old addresses, it would write
  // its context over this block's.
  const options = { get causal() {
    buffers.free();
    reused = companion.batchBuffers(shape);
    reused.context.fill(42);
    return true;
  } };
  assert.throws(() => buffers.run(options), /These batch buffers have been freed/);
  assert.deepEqual([...reused.context], Array(reused.context.length).fill(42));
  reused.free();

  const reader = companion.smallReader({ S: 2, Dk: 2 });
  let other = null;
  const keys = [1, 2, 3, 4];
  Object.defineProperty(keys, 0, { get() {
    reader.free();
    other = companion.smallReader({ S: 2, Dk: 2 });
    return 1;
  } });
  assert.throws(() => reader.read([1, 2], keys, [1, 2, 3, 4]), /This small reader has been freed/);
  // The second reader, in the first one's place, reads as a fresh one does.
  const fresh = companion.smallReader({ S: 2, Dk: 2 });
  assert.deepEqual(other.read([1, 2], [1, 2, 3, 4], [1, 2, 3, 4]), fresh.read([1, 2], [1, 2, 3, 4], [1, 2, 3, 4]));
  other.free();
  fresh.free();
});

test('non-finite inputs: the small reader names the first one, the zero-copy call throws after its run', async () => {
  const companion = await loadCompanion();
  const reader = companion.smallReader({ S: 2, Dk: 2 });
  assert.throws(() => reader.read([1, 2], [1, NaN, 3, 4], [1, 2, 3, 4]), /small read was refused: its keys hold NaN at 1, not a finite number/);
  assert.throws(() => reader.read([Infinity, 2], [1, 2, 3, 4], [1, 2, 3, 4]), /its query hold Infinity at 0/);
  assert.throws(() => reader.read([1, 2], [1, 2, 3, 4], [1, 2, 3, 4], { scale: 0 }), /scale must be a positive finite number, not 0/);
  assert.equal(reader.read([1, 2], [1, 2, 3, 4], [1, 2, 3, 4]).context.length, 2);  // and it still reads
  reader.free();
  // batchBuffers does not scan its inputs (web/companion.mjs): the core finds the context
  // that is not finite after the kernel has run, and run() throws its message.
  const buffers = companion.batchBuffers({ T: 2, S: 3, Dk: 2 });
  buffers.query.fill(1);
  buffers.keys.fill(1);
  buffers.values.fill(1);
  buffers.values[4] = NaN;
  assert.throws(() => buffers.run({}), /a weight or context is not finite/);
  buffers.values[4] = 1;
  assert.equal(buffers.run({}).emptyRowCount, 0);
  buffers.free();
  // The checked call refuses the same input before it computes.
  assert.throws(() => companion.batchAttention({ T: 2, S: 3, D: 2 }, { query: new Float32Array(4).fill(1),
    keys: new Float32Array(6).fill(1), values: Float32Array.of(1, 1, 1, 1, NaN, 1) }), /values has a value that is not a finite number at 4/);
});
