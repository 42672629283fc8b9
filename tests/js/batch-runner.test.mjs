// The batch runner (web/batch/batch-runner.mjs) on the real WebAssembly core with a fake
// WebGPU engine: one "Run this batch" with both kernels is ONE compute pass of the core
// (batchAttention) and one comparison of outputs per kernel (batchAgreement), never a
// second batchAttention. The companion handed to the runner counts its calls; the fake
// engine returns the core's own outputs (computed beforehand, outside the count) for the
// kernels 'reference' and 'fused', so both agreements pass with zero error, and a
// perturbed GPU context is reported as a disagreement.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { register } from 'node:module';
import { loadCompanion } from '../../web/companion.mjs';
import { batchCasesFor } from '../../web/batch/exercise-batch.mjs';

// The WebGPU engine imports its kernels from gpu/kernels.mjs, which only the site build
// writes; the fake engine below needs none of them.
register(`data:text/javascript,${encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === './kernels.mjs' && String(context.parentURL).endsWith('/web/gpu/gpu-attention.mjs')) {
    return { url: 'data:text/javascript,export const KERNELS = {};', shortCircuit: true };
  }
  return next(specifier, context);
}`)}`);
const { createBatchRunner } = await import('../../web/batch/batch-runner.mjs');
const { GpuAttention } = await import('../../web/gpu/gpu-attention.mjs');

const companion = await loadCompanion();

// The companion as the runner sees it, with every core call counted and its options kept.
function counting() {
  const calls = { batchAttention: [], batchAgreement: [] };
  return {
    calls,
    batchAttention(options, arrays) {
      calls.batchAttention.push(options);
      return companion.batchAttention(options, arrays);
    },
    batchAgreement(options, arrays) {
      calls.batchAgreement.push(options);
      return companion.batchAgreement(options, arrays);
    },
  };
}

// A WebGPU engine that "computes" by returning `expected` (the core's outputs for these
// inputs), after checking it was handed the inputs the core used; `perturb` changes one
// kernel's context.
function fakeGpu(expected, { perturb = null } = {}) {
  const runs = [];
  const engine = {
    usable: true,
    onUnusable() {},
    destroyDevice() {},
    async run(request) {
      runs.push(request.kernel);
      for (const name of ['query', 'keys', 'values']) {
        assert.ok(request[name] instanceof Float32Array, `${name} reaches the GPU as a Float32Array`);
        assert.deepEqual(request[name], expected[name], `the GPU gets the core's ${name}`);
      }
      const context = Float32Array.from(expected.context);
      if (perturb === request.kernel) context[0] += 0.5;
      return {
        context,
        ...(request.kernel === 'reference' ? { weights: Float32Array.from(expected.weights) } : {}),
        emptyRows: Uint8Array.from(expected.emptyRows),
        emptyRowCount: expected.emptyRowCount,
        timings: { uploadMs: 0, dispatchMs: 0, readbackMs: 0, totalMs: 0 },
      };
    },
  };
  const adapterInfo = { vendor: 'test', architecture: 'fake', device: '', description: 'a fake engine', isFallbackAdapter: false };
  return { runs, open: async () => ({ ok: true, engine, adapterInfo }) };
}

test('one run with both kernels on seeded inputs: one batchAttention, two batchAgreements, both pass', async () => {
  const options = { B: 2, H: 2, T: 4, S: 9, D: 3, lengths: [9, 4], seed: 5 };
  const expected = companion.batchAttention({ ...options, returnWeights: true, returnInputs: true });
  const core = counting();
  const gpu = fakeGpu(expected);
  const runner = createBatchRunner({ companion: core, open: gpu.open });
  const result = await runner.run(options);
  assert.equal(core.calls.batchAttention.length, 1, 'the core computes the batch once');
  assert.equal(core.calls.batchAgreement.length, 2, 'one comparison per kernel');
  assert.equal(core.calls.batchAttention[0].returnInputs, true, 'the seeded inputs come back for the GPU');
  assert.deepEqual(gpu.runs, ['reference', 'fused']);
  assert.equal(result.path, 'webgpu');
  assert.deepEqual(Object.keys(result.agreement), ['reference', 'fused']);
  for (const [kernel, agreement] of Object.entries(result.agreement)) {
    assert.equal(agreement.pass, true, `${kernel} agrees`);
    assert.equal(agreement.maxAbsError, 0, `${kernel}: the same numbers`);
    assert.equal(agreement.emptyRowMismatches, 0);
  }
  // The reference kernel's weights were compared too: more entries than the fused one's contexts.
  assert.ok(result.agreement.reference.compared > result.agreement.fused.compared);
});

test('"Run this batch" on an exercise\'s case (given inputs): one compute call, without the inputs sent back', async () => {
  const [batchCase] = batchCasesFor(companion.exercise('ch19.ex11')).cases;
  const out = companion.batchAttention(batchCase.options, batchCase.inputs);
  const expected = { ...out, ...batchCase.inputs };
  const core = counting();
  const runner = createBatchRunner({ companion: core, open: fakeGpu(expected).open });
  const result = await runner.run(batchCase.options, { inputs: batchCase.inputs });
  assert.equal(core.calls.batchAttention.length, 1);
  assert.equal(core.calls.batchAgreement.length, 2);
  assert.equal(core.calls.batchAttention[0].returnInputs, false, 'the GPU runs on the given inputs');
  assert.equal(result.cpu.query, undefined);
  for (const agreement of Object.values(result.agreement)) assert.equal(agreement.pass, true);
  assert.equal(result.cpu.emptyRowCount, 1, 'the all-masked row is flagged');
  // Run again: still one compute call per run.
  await runner.run(batchCase.options, { inputs: batchCase.inputs });
  assert.equal(core.calls.batchAttention.length, 2);
  assert.equal(core.calls.batchAgreement.length, 4);
});

test('a GPU context that differs is reported as a disagreement, from the same single compute call', async () => {
  const options = { B: 1, H: 1, T: 3, S: 5, D: 4, seed: 2 };
  const expected = companion.batchAttention({ ...options, returnWeights: true, returnInputs: true });
  const core = counting();
  const runner = createBatchRunner({ companion: core, open: fakeGpu(expected, { perturb: 'fused' }).open });
  const result = await runner.run(options);
  assert.equal(core.calls.batchAttention.length, 1);
  assert.equal(result.agreement.reference.pass, true);
  assert.equal(result.agreement.fused.pass, false);
  assert.ok(Math.abs(result.agreement.fused.maxAbsError - 0.5) < 1e-6);
});

test('without WebGPU: one compute call, no agreement, no inputs sent back', async () => {
  const core = counting();
  const notices = [];
  const runner = createBatchRunner({ companion: core, open: async () => ({ ok: false, reason: 'no adapter' }),
    onNotice: (text) => notices.push(text) });
  const result = await runner.run({ B: 2, T: 3, S: 5, D: 4, seed: 19 });
  assert.equal(core.calls.batchAttention.length, 1);
  assert.equal(core.calls.batchAgreement.length, 0);
  assert.equal(core.calls.batchAttention[0].returnInputs, false);
  assert.equal(result.path, 'wasm');
  assert.deepEqual(result.agreement, {});
  assert.equal(result.gpuUnavailable, 'no adapter');
  assert.match(notices[0], /WebGPU is not available here: no adapter/);
});

// A WebGPU device that accepts every call and never finishes submitted work, as a hung
// driver or a software adapter starved of CPU would; it records whether it was destroyed.
// Node has no WebGPU, so the buffer-usage flags (their values in the WebGPU spec) are
// given here.
function hungDevice() {
  globalThis.GPUBufferUsage ??= { MAP_READ: 0x1, COPY_SRC: 0x4, COPY_DST: 0x8, UNIFORM: 0x40, STORAGE: 0x80 };
  const device = {
    destroyed: false,
    lost: new Promise(() => {}),
    limits: { maxStorageBufferBindingSize: 1 << 27, maxBufferSize: 1 << 28, maxComputeWorkgroupsPerDimension: 65535 },
    addEventListener() {},
    pushErrorScope() {},
    popErrorScope: async () => null,
    createBuffer: () => ({ destroy() {} }),
    queue: { writeBuffer() {}, submit() {}, onSubmittedWorkDone: () => new Promise(() => {}) },
    destroy() { device.destroyed = true; },
  };
  return device;
}

test('a GPU run that never finishes is abandoned at the deadline: the device is destroyed and the batch runs on WASM', async () => {
  const device = hungDevice();
  const engine = new GpuAttention(device, { description: 'a hung device' }, { deadlineMs: 50 });
  const notices = [];
  const runner = createBatchRunner({ companion: counting(), open: async () => ({ ok: true, engine, adapterInfo: engine.adapterInfo }),
    onNotice: (text) => notices.push(text) });
  const options = { B: 1, H: 1, T: 3, S: 5, D: 4, seed: 2 };
  const result = await runner.run(options);
  assert.equal(result.path, 'wasm');
  assert.deepEqual(result.gpu, {});
  assert.equal(result.gpuUnavailable, 'the WebGPU reference run did not finish within 0.05 s');
  assert.equal(result.cpu.context.length, 3 * 4, "the core's contexts are there");
  assert.equal(device.destroyed, true);
  assert.equal(engine.usable, false);
  assert.match(notices[0], /^WebGPU stopped working \(the WebGPU reference run did not finish within 0\.05 s\)/);
  // The next run goes straight to WASM, without waiting for the GPU again.
  const again = await runner.run(options);
  assert.equal(again.path, 'wasm');
  assert.equal(notices.length, 1, 'the learner is told once');
});
