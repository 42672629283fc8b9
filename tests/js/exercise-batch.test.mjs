// "Run this batch" as the core offers it (companion.exercise(id).offers.batch, read by
// web/batch/exercise-batch.mjs): the core builds the cases with the same C++ that grades
// the exercise. Exercises without a batch offer null; the window exercise gives a global
// and a window case with the 0-based window; the cost exercise gives the seeded workload
// with the part its count belongs to; and every case, run through companion.batchAttention,
// returns the weights of the exercise's own working (one-hot keys and values, so the
// context is the masked weight row), on the chapter's numbers and on variants.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadCompanion } from '../../web/companion.mjs';
import { batchCasesFor, labHref } from '../../web/batch/exercise-batch.mjs';

const companion = await loadCompanion();
const close = (got, want) => Math.abs(got - want) <= 1e-6 + 1e-5 * Math.abs(want);

// The exercises the chapter runs as batches (the pages learn this from the core only).
const WITH_BATCH = ['ch19.ex9', 'ch19.ex10', 'ch19.ex11', 'ch19.ex14', 'ch19.ex15', 'ch19.ex16', 'ch19.ex21'];

function run(batchCase) {
  return companion.batchAttention(batchCase.options, batchCase.inputs ?? {});
}

function assertRowsMatch(out, rows, label) {
  const S = out.shape.S;
  assert.equal(out.weights.length, rows.length * S, label);
  rows.forEach((row, r) => {
    row.weights.forEach((want, s) => {
      const got = out.weights[r * S + s];
      if (want === 0) assert.equal(got, 0, `${label}: row ${r}, position ${s + 1} must be exactly 0`);
      else assert.ok(close(got, want), `${label}: row ${r}, position ${s + 1}: ${got} vs ${want}`);
      // The context is the weight row itself (values are one-hot).
      assert.equal(out.context[r * S + s], got, `${label}: context = weights`);
    });
  });
}

test('the core offers a batch on the batch exercises and null on every other exercise', () => {
  const offered = [];
  for (const { id } of companion.exercises()) {
    const { offers } = companion.exercise(id);
    assert.ok(offers && typeof offers === 'object', `${id}: offers`);
    if (offers.batch === null) {
      assert.equal(batchCasesFor(companion.exercise(id)), null, `${id}: no panel`);
      continue;
    }
    assert.equal(offers.batch.error, undefined, `${id}: ${offers.batch.error}`);
    assert.ok(Array.isArray(offers.batch.cases) && offers.batch.cases.length > 0, `${id}: cases`);
    offered.push(id);
  }
  assert.deepEqual(offered.sort(), [...WITH_BATCH].sort());
  assert.equal(companion.exercise('ch19.ex1').offers.batch, null);
  assert.equal(companion.exercise('ch14.ex1').offers.batch, null);
});

test('a case as the runner takes it: Float32Array inputs (or null: seeded), the core\'s error passed on', () => {
  const [only] = batchCasesFor(companion.exercise('ch19.ex10')).cases;
  for (const name of ['query', 'keys', 'values']) assert.ok(only.inputs[name] instanceof Float32Array, name);
  // Keys and values are the one-hot identity, one copy per batch item.
  assert.deepEqual(Array.from(only.inputs.keys.subarray(0, 10)), [1, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
  assert.equal(only.kernels, null);
  assert.equal(labHref(only), 'lab-batch.html?B=3&H=1&T=1&S=5&D=5&lengths=5%2C3%2C1');
  assert.deepEqual(batchCasesFor({ offers: { batch: { error: 'the input S must be a whole number' } } }),
    { error: 'the input S must be a whole number' });
  assert.equal(batchCasesFor({ offers: { batch: null } }), null);
  assert.equal(batchCasesFor({}), null);
  assert.ok(batchCasesFor({ offers: { batch: { cases: [] } } }).error);
});

test('the window exercise: a global case and the window [3, 7) sent as the 0-based [2, 6)', () => {
  const { cases } = batchCasesFor(companion.exercise('ch19.ex15'));
  assert.deepEqual(cases.map((c) => c.key), ['global', 'window']);
  assert.equal(cases[0].options.window, undefined);
  assert.deepEqual(cases[1].options.window, [2, 6]);
  assert.match(cases[1].title, /\[3, 7\): positions 3 to 6 eligible/);
  assert.deepEqual(cases[1].lab.window, [2, 6]);
  assert.match(labHref(cases[1]), /window=3%2C7/, 'the lab\'s address counts from 1, as the exercise does');
});

test('the cost exercise: the seeded workload, its count noted beside the part that asks for it', () => {
  const { cases } = batchCasesFor(companion.exercise('ch19.ex16'));
  assert.equal(cases.length, 1);
  const [workload] = cases;
  assert.equal(workload.key, 'workload');
  assert.equal(workload.inputs, null, 'seeded by the core');
  assert.equal(workload.countPart, 'elements');
  assert.equal(workload.table, false);
  assert.deepEqual(workload.options, { B: 8, H: 4, T: 64, S: 512, Dk: 64, Dv: 64, temperature: 1, scaled: true, seed: 19, returnWeights: true });
  assert.equal(labHref(workload), 'lab-batch.html?B=8&H=4&T=64&S=512&Dk=64&Dv=64&scaled=1&seed=19');
  assert.ok(companion.exercise('ch19.ex16').parts.some((part) => part.name === workload.countPart));
  // Only the entropy exercise asks for the entropy column.
  assert.equal(batchCasesFor(companion.exercise('ch19.ex21')).cases[0].showEntropy, true);
  assert.equal(batchCasesFor(companion.exercise('ch19.ex10')).cases[0].showEntropy, false);
});

for (const seed of [0, 1, 2, 7]) {
  test(`every case runs through batchAttention and gives the exercise's working (seed ${seed})`, () => {
    for (const id of WITH_BATCH) {
      const exercise = companion.exercise(id, { seed });
      const found = batchCasesFor(exercise);
      assert.ok(found && !found.error, `${id}: ${found?.error}`);
      const { working } = exercise;
      const outs = found.cases.map((batchCase) => [batchCase, run(batchCase)]);
      for (const [batchCase, out] of outs) {
        assert.ok(out.weights instanceof Float32Array, `${id} ${batchCase.key}: weights returned`);
        if (batchCase.rowLabels) assert.equal(batchCase.rowLabels.length, out.shape.B * out.shape.H * out.shape.T);
      }
      if (exercise.offers.working === 'cost-summary') {
        const [[, out]] = outs;
        assert.equal(out.weights.length, working.elements, `${id}: B·H·T·S weights`);
        assert.deepEqual(out.scoreShape, working.scoreShape);
        continue;
      }
      if (exercise.offers.working === 'policies') {
        const [[, out]] = outs;
        assertRowsMatch(out, working.batched.rows, id);
        assert.deepEqual(Array.from(out.emptyRows), working.batched.rows.map((row) => (row.flagged ? 1 : 0)));
        assert.equal(out.emptyRowCount, working.batched.emptyRows);
        continue;
      }
      const byKey = Object.fromEntries(outs.map(([batchCase, out]) => [batchCase.key, out]));
      if (byKey.window) {
        assertRowsMatch(byKey.window, working.rows, `${id} window`);
        for (let s = 0; s < byKey.global.shape.S; s += 1) assert.ok(byKey.global.weights[s] > 0, `${id} global: position ${s + 1}`);
        continue;
      }
      const out = byKey.rows;
      assertRowsMatch(out, working.rows, id);
      for (let r = 0; r < working.rows.length; r += 1) {
        assert.ok(close(out.entropies[r], working.rows[r].entropy), `${id}: entropy of row ${r}`);
      }
    }
  });
}

test('a case\'s note is true for its batch: no scores given means every score is 0, and nothing else is claimed', () => {
  const padding = batchCasesFor(companion.exercise('ch19.ex9')).cases[0];
  assert.match(padding.note, /gives no scores, so every score is 0/);
  assert.doesNotMatch(padding.note, /own score|given score/);
  const withScores = Object.values(companion.exercises()).map(({ id }) => companion.exercise(id))
    .map((exercise) => batchCasesFor(exercise)).filter((found) => found?.cases)
    .flatMap((found) => found.cases).filter((batchCase) => /own score/.test(batchCase.note));
  assert.ok(withScores.length > 0, 'some batch exercise gives its own scores');
  for (const batchCase of withScores) assert.doesNotMatch(batchCase.note, /every score is 0/);
});
