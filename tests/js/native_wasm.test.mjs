// The same seed gives the same variant natively and in WebAssembly: identical inputs
// (integer arithmetic), and working values equal up to the last bits of libm. The batch
// kernel (its own polynomial exp, one fixed order, no fused multiply-adds) gives the same
// float32 bits natively and in WebAssembly.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { loadCompanion } from '../../web/companion.mjs';

const native = process.env.ATTN_DESCRIBE_NATIVE;
const root = new URL('../../exercises/', import.meta.url);

function close(a, b, where) {
  if (typeof a === 'number' && typeof b === 'number') {
    assert.ok(Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a)), `${where}: ${a} vs ${b}`);
  } else if (a && typeof a === 'object') {
    assert.equal(typeof b, 'object', where);
    assert.deepEqual(Object.keys(a).sort(), Object.keys(b).sort(), where);
    for (const key of Object.keys(a)) close(a[key], b[key], `${where}.${key}`);
  } else {
    assert.equal(a, b, where);
  }
}

test('variants agree between the native core and the WebAssembly module', { skip: !native && 'ATTN_DESCRIBE_NATIVE is not set (run through ctest)' }, async () => {
  const companion = await loadCompanion();
  let compared = 0;
  for (const chapter of readdirSync(root)) {
    for (const file of readdirSync(new URL(`${chapter}/`, root))) {
      const path = new URL(`${chapter}/${file}`, root).pathname;
      const { id } = JSON.parse(readFileSync(path, 'utf8'));
      for (const seed of [0, 1, 42, 31337]) {
        const fromNative = JSON.parse(execFileSync(native, [path, String(seed)], { encoding: 'utf8' }));
        const fromWasm = companion.exercise(id, { seed });
        assert.deepEqual(fromWasm.inputs, fromNative.inputs, `${id} seed ${seed}`);
        close(fromWasm.working, fromNative.working, `${id} seed ${seed}`);
        compared += 1;
      }
    }
  }
  assert.ok(compared >= 100, `compared ${compared}`);
});

test('the batch kernel gives the same bits natively and in WebAssembly', { skip: !native && 'ATTN_DESCRIBE_NATIVE is not set (run through ctest)' }, async () => {
  const companion = await loadCompanion();
  const shapes = [
    { B: 2, H: 2, T: 9, S: 13, Dk: 5, Dv: 7, seed: 1, lengths: [13, 6] },
    { B: 1, H: 3, T: 70, S: 150, D: 16, seed: 7, causal: true, temperature: 0.7 },
    { B: 2, H: 1, T: 33, S: 200, D: 64, seed: 42, scaled: true, lengths: [200, 65], halfWidth: 20 },
    { B: 1, H: 1, T: 5, S: 300, D: 3, seed: 3, window: [64, 190] },
  ];
  for (const options of shapes) {
    const fromNative = execFileSync(native, ['--batch', JSON.stringify(options)], { encoding: 'utf8' }).trim().split('\n');
    const { context } = companion.batchAttention(options);
    const fromWasm = [...new Uint32Array(context.buffer, context.byteOffset, context.length)].map((bits) => bits.toString(16).padStart(8, '0'));
    assert.equal(fromWasm.length, fromNative.length, JSON.stringify(options));
    const differ = fromWasm.findIndex((bits, i) => bits !== fromNative[i]);
    assert.equal(differ, -1, `${JSON.stringify(options)}: entry ${differ} is ${fromWasm[differ]} in WASM, ${fromNative[differ]} natively`);
  }
});

// The pages start the exercise core (companion-exercises.wasm: no batch calls, linked for
// size), or on a chapter's page that chapter's core (companion-ch14.wasm: the operations its
// exercises use);
// the embeds, the batch lab and Node use the whole core. All are built from the same C++, so
// they describe and grade alike: the same inputs, the same verdicts and messages, numbers
// equal up to the last bits of libm (the links optimise differently).
test('the exercise core and the chapters\' cores describe and grade as the whole core does', async () => {
  const whole = await loadCompanion();
  const chapters = [...new Set(whole.exercises().map((entry) => entry.chapter))];
  const cores = [['exercises', () => true], ...chapters.map((chapter) => [`ch${chapter}`, (entry) => entry.chapter === chapter])];
  let graded = 0;
  for (const [name, holds] of cores) {
    const core = await loadCompanion({ core: name });
    for (const entry of whole.exercises()) {
      const { id, parts } = entry;
      if (!holds(entry)) {
        // Another chapter's exercise: where it uses an operation this core leaves out, the core
        // says so by name; where it uses only operations both chapters share, it is computed
        // as the whole core computes it.
        let described;
        try {
          described = core.exercise(id);
        } catch (error) {
          assert.match(error.message, /not one of the core's/, `${name} on ${id}`);
          continue;
        }
        close(described, whole.exercise(id), `${name}: ${id}`);
        continue;
      }
      for (const seed of [0, 1, 42]) {
        const [a, b] = [core, whole].map((companion) => companion.exercise(id, { seed }));
        assert.deepEqual(a.inputs, b.inputs, `${name}: ${id} seed ${seed}`);
        close(a, b, `${name}: ${id} seed ${seed}`);
        for (const part of parts) {
          for (const answer of ['0', '1/4', '[1/2, 1/4, 1/4]', '[0.5 2]', 'e^2/(e+e^2)', 'banana']) {
            close(core.grade(id, part, answer, { seed }), whole.grade(id, part, answer, { seed }), `${name}: ${id}.${part} seed ${seed} "${answer}"`);
            graded += 1;
          }
        }
      }
    }
  }
  assert.ok(graded > 2000, `graded ${graded}`);
  const pages = await loadCompanion({ core: 'exercises' });
  assert.throws(() => pages.batchAttention({ T: 1, S: 2, D: 2 }), /no batch calls: ask withBatch\(\)/);
  const withBatch = await pages.withBatch();
  assert.equal(withBatch, await pages.withBatch(), 'the whole core is loaded once');
  assert.equal(await whole.withBatch(), whole);
  assert.deepEqual([...withBatch.batchAttention({ T: 2, S: 3, D: 2, seed: 5 }).context],
    [...whole.batchAttention({ T: 2, S: 3, D: 2, seed: 5 }).context]);
});
