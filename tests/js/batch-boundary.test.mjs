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
