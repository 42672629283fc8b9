// The Chapter 19 batch exercises as batches ("Run this batch", web/batch/exercise-batch.mjs):
// with one-hot keys and values the context the core returns is the masked weight row, and
// it matches the exercise's own working (the ch19 models' double-precision numbers) on the
// chapter's numbers and on variants; the 1-based window becomes the 0-based one; the cost
// exercise's workload returns B·H·T·S weights, the exercise's element count.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadCompanion } from '../../web/companion.mjs';
import { BATCH_EXERCISE_IDS, batchCasesFor, zeroBasedWindow, oneHotKeys, labHref } from '../../web/batch/exercise-batch.mjs';

const companion = await loadCompanion();
const close = (got, want) => Math.abs(got - want) <= 1e-6 + 1e-5 * Math.abs(want);

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

test('helpers: one-hot keys, the window in 0-based positions, the lab link', () => {
  assert.deepEqual(Array.from(oneHotKeys(2, 2)), [1, 0, 0, 1, 1, 0, 0, 1]);
  assert.deepEqual(zeroBasedWindow('[3, 7]'), [2, 6]);
  assert.equal(zeroBasedWindow(undefined), null);
  assert.throws(() => zeroBasedWindow('[0, 3]'));
  const [only] = batchCasesFor(companion.exercise('ch19.ex10')).cases;
  assert.equal(labHref(only), 'lab-batch.html?B=3&H=1&T=1&S=5&D=5&lengths=5%2C3%2C1');
  assert.equal(batchCasesFor(companion.exercise('ch19.ex1')), null);
});

for (const seed of [0, 1, 2, 7]) {
  test(`the one-hot batches reproduce the exercises' working (seed ${seed})`, () => {
    for (const id of BATCH_EXERCISE_IDS) {
      const exercise = companion.exercise(id, { seed });
      const found = batchCasesFor(exercise);
      assert.ok(found && !found.error, `${id}: ${found?.error}`);
      const { working } = exercise;
      if (exercise.model === 'ch19.cost') {
        const out = run(found.cases[0]);
        assert.equal(out.weights.length, working.elements, `${id}: B·H·T·S weights`);
        assert.deepEqual(out.scoreShape, working.scoreShape);
        continue;
      }
      if (id === 'ch19.ex11') {
        const out = run(found.cases[0]);
        assertRowsMatch(out, working.batched.rows, id);
        assert.deepEqual(Array.from(out.emptyRows), working.batched.rows.map((row) => (row.flagged ? 1 : 0)));
        assert.equal(out.emptyRowCount, working.batched.emptyRows);
        continue;
      }
      if (id === 'ch19.ex15') {
        assert.deepEqual(found.cases.map((c) => c.key), ['global', 'window']);
        assert.deepEqual(found.cases[1].options.window, [2, 6]);
        assertRowsMatch(run(found.cases[1]), working.rows, `${id} window`);
        const global = run(found.cases[0]);
        for (let s = 0; s < 10; s += 1) assert.ok(global.weights[s] > 0);
        continue;
      }
      const out = run(found.cases[0]);
      assertRowsMatch(out, working.rows, id);
      for (let r = 0; r < working.rows.length; r += 1) {
        assert.ok(close(out.entropies[r], working.rows[r].entropy), `${id}: entropy of row ${r}`);
      }
    }
  });
}
