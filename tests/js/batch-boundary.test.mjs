// The batch boundary under hostile input (issue 9): getters that throw, huge lengths,
// NaN/Infinity options, negative or huge half widths, a shape within the tensor limit but
// over the memory budget, and the work budget. Each is an Error with a message, and the
// module keeps working: 100,000 failing calls later it still grades.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadCompanion } from '../../web/companion.mjs';

const companion = await loadCompanion();

function refused(options, arrays, pattern) {
  assert.throws(() => companion.batchAttention(options, arrays), (error) => {
    assert.ok(error instanceof Error);
    assert.match(error.message, pattern);
    return true;
  });
}

test('getters, proxies and huge lengths are refused before the core is called', () => {
  const small = { B: 1, T: 2, S: 3, D: 2 };
  refused(small, { get query() { throw new Error('boom'); } }, /query could not be read: boom/);
  refused(small, { query: { length: 1e10 } }, /must be a typed array/);
  refused(small, { query: new Proxy([], { get() { throw new Error('trap'); } }) }, /could not be read|trap/);
  refused(small, { keys: [1, 'x', 3] }, /not a finite number at 1/);
  refused(small, { values: new Float64Array([1, NaN]) }, /not a finite number at 1/);
  refused(small, 'arrays', /must be an object/);
});

test('options JSON would turn into null are refused by name, and null itself too', () => {
  refused({ B: 1, T: NaN, S: 3, D: 2 }, {}, /option T is NaN/);
  refused({ B: 1, T: 2, S: 3, D: 2, temperature: Infinity }, {}, /temperature is Infinity/);
  // A null sent as JSON text (another caller) is not read as "absent".
  assert.throws(() => companion.batchAttention({ B: null, T: 2, S: 3, D: 2 }), /option B is null/);
  refused({ B: 1, T: 2, S: 3, D: 2, halfWidth: -1 }, {}, /halfWidth must be 0 or more/);
  refused({ B: 1, T: 2, S: 3, D: 2, seed: -1 }, {}, /seed must be a whole number/);
});

test('a huge half width limits nothing instead of overflowing into a full mask', () => {
  const out = companion.batchAttention({ B: 1, T: 8, S: 8, D: 2, halfWidth: 9223372036854775000, returnWeights: true });
  assert.equal(out.emptyRowCount, 0);
  const open = companion.batchAttention({ B: 1, T: 8, S: 8, D: 2, returnWeights: true });
  assert.deepEqual(Array.from(out.weights), Array.from(open.weights));
});

test('work and memory are budgeted before anything is allocated', () => {
  refused({ B: 1, H: 1, T: 16384, S: 1, D: 16384 }, {}, /MiB of memory; one call may use at most 256 MiB/);
  refused({ B: 1, H: 16, T: 2048, S: 4096, D: 256 }, {}, /multiply-adds .* at most 2147483648/);
  refused({ B: 1, T: 16384, S: 16384, D: 1, returnWeights: true }, {}, /at most 256 MiB/);
});

test('100,000 failing calls leave the module whole: it still grades afterwards', () => {
  const throwing = { get query() { throw new Error('boom'); } };
  for (let i = 0; i < 50000; i += 1) {
    assert.throws(() => companion.batchAttention({ B: 1, T: 1, S: 1, D: 1 }, throwing));
    assert.throws(() => companion.batchAttention({ B: 0, T: 1, S: 1, D: 1 }));
  }
  assert.equal(companion.grade('ch14.example1', 'weights', '[1/2, 1/4, 1/4]').verdict, 'correct');
  assert.equal(companion.batchAttention({ B: 1, T: 2, S: 3, D: 2 }).context.length, 4);
});

test('a half width of max(T, S) or more limits nothing, and one between S and T limits what it says', () => {
  // More targets than sources: a clamp to S would mask every row past 2S.
  const wide = companion.batchAttention({ B: 1, H: 1, T: 1000, S: 4, D: 2, halfWidth: 1000 });
  const open = companion.batchAttention({ B: 1, H: 1, T: 1000, S: 4, D: 2 });
  assert.equal(wide.emptyRowCount, 0);
  assert.deepEqual([...new Uint32Array(wide.context.buffer)], [...new Uint32Array(open.context.buffer)]);
  // T = 12, S = 4, half width 5: target t sees the sources s with |s - t| <= 5, none past t = 8.
  const T = 12;
  const S = 4;
  const halfWidth = 5;
  const narrow = companion.batchAttention({ B: 1, H: 1, T, S, D: 2, halfWidth });
  const sees = (t) => Array.from({ length: S }, (_, s) => Math.abs(s - t) <= halfWidth).some(Boolean);
  assert.deepEqual([...narrow.emptyRows], Array.from({ length: T }, (_, t) => (sees(t) ? 0 : 1)));
  assert.ok(narrow.emptyRowCount > 0 && narrow.emptyRowCount < T);
});

test('an option the call does not read is refused by name, with the nearest one', () => {
  const shape = { B: 1, T: 2, S: 3, D: 2 };
  refused({ ...shape, temprature: 0.5 }, {}, /no option "temprature" \(did you mean temperature\?\)/);
  refused({ ...shape, halfwidth: 1 }, {}, /no option "halfwidth" \(did you mean halfWidth\?\)/);
  refused({ ...shape, colour: 'red' }, {}, /no option "colour"; its options are B, H, T, S, D, Dk, Dv/);
  assert.throws(() => companion.batchAgreement({ ...shape, casual: true }, {}), /no option "casual" \(did you mean causal\?\)/);
  const buffers = companion.batchBuffers({ T: 2, S: 3, Dk: 2 });
  assert.throws(() => buffers.run({ temprature: 2 }), /no option "temprature" \(did you mean temperature\?\)/);
  assert.throws(() => buffers.run({ seed: 3 }), /zero-copy call has no option seed: only the checked call \(batchAttention\) reads it/);
  buffers.free();
});

test('a shape the caller got wrong is refused naming the option given or missing', () => {
  refused({ T: 2, S: 2, Dk: 2 }, {}, /option Dv is missing: give Dv, or D for both widths/);
  refused({ T: 2, S: 2, Dv: 2 }, {}, /option Dk is missing/);
  refused({ T: 2, S: 2 }, {}, /option D is missing: give the width D, or Dk and Dv/);
  refused({ T: 2, S: 2, D: 0 }, {}, /option D = 0 is not a size from 1 to 16777216/);
  refused({ T: 2, S: 2, D: 2, Dv: -3 }, {}, /option Dv = -3 is not a size/);
  refused({ T: 2, S: 2, D: 2, B: 0 }, {}, /option B = 0 is not a size/);
  refused({ S: 2, D: 2 }, {}, /option T is missing/);
  // D alone, or Dk and Dv, are the two ways the widths are written.
  assert.equal(companion.batchAttention({ T: 2, S: 2, Dk: 3, Dv: 1 }).context.length, 2);
});
