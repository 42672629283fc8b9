// The batch lab's parameters (web/batch/batch-params.mjs): the key width Dk and the value
// width Dv are read apart, as the chapter's batched listing has them (Dk = 4, Dv = 6); D
// still gives both one width, and is refused beside either of them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readBatchAddress, readBatchValues, checkBudget, workOf } from '../../web/batch/batch-params.mjs';

const shape = { B: '2', H: '1', T: '3', S: '5' };

test('Dk and Dv are read apart, and D gives both one width', () => {
  assert.deepEqual(readBatchValues({ ...shape, Dk: '4', Dv: '6' }).options,
    { B: 2, H: 1, T: 3, S: 5, Dk: 4, Dv: 6, causal: false, scaled: false, temperature: 1 });
  const one = readBatchValues({ ...shape, D: '4' }).options;
  assert.equal(one.Dk, 4);
  assert.equal(one.Dv, 4);
  assert.equal(one.D, undefined, 'the core is given Dk and Dv');
});

test('a width that is missing, given twice over or out of range is refused by name', () => {
  assert.match(readBatchValues({ ...shape, Dk: '4' }).error, /^Dv is missing/);
  assert.match(readBatchValues({ ...shape, D: '4', Dv: '6' }).error, /give D .* or Dk and Dv, not both/);
  assert.match(readBatchValues({ ...shape, Dk: '4', Dv: '257' }).error, /Dv must be a whole number from 1 to 256.*"257"/);
  assert.match(readBatchValues({ ...shape, Dk: '2.5', Dv: '6' }).error, /Dk must be a whole number/);
  assert.equal(readBatchAddress('?B=2&Dk=4&Dk=5').error, 'Dk is given 2 times');
  assert.deepEqual(readBatchAddress('?B=2&T=3&S=5&Dk=4&Dv=6').values, { B: '2', T: '3', S: '5', Dk: '4', Dv: '6' });
});

test('the budget counts the key and the value widths apart', () => {
  const options = readBatchValues({ ...shape, Dk: '4', Dv: '6' }).options;
  assert.deepEqual(workOf(options), { work: 2 * 3 * 5 * (4 + 6), weights: 30, inputs: 2 * (3 * 4 + 5 * 4 + 5 * 6) });
  assert.equal(checkBudget(options), null);
  const wide = readBatchValues({ B: '64', H: '16', T: '2048', S: '4096', Dk: '1', Dv: '256' }).options;
  assert.match(checkBudget(wide), /B·H·T·S·\(Dk \+ Dv\) = .* multiply-adds, over the limit.*Make B, H, T, S, Dk or Dv smaller/);
});
