// Runs one batch on the WASM core and, where WebGPU works, on the GPU kernels with the
// very same inputs (the given ones, or the core's seeded Q, K and V), then asks the core
// how well each kernel's outputs agree with its own. One run is one compute pass of the
// core (batchAttention) and, per GPU kernel, one comparison of outputs (batchAgreement):
// the core never computes the batch twice. WebGPU is opened once; when it is missing or
// stops working, every run continues on the WASM core and a notice says why. Runs are
// queued: one at a time. The WASM side may be the companion itself (its calls answer at
// once) or a worker (batch-worker-client.mjs: it answers with promises); a run given an
// AbortSignal stops between its steps once the signal fires.

import { openGpuAttention, describeAdapter, GpuTooLarge } from '../gpu/gpu-attention.mjs';
import { messageOf } from '../error-message.mjs';

// companion: from loadCompanion(), or anything with its batchAttention(options, arrays) and
// batchAgreement(options, arrays) (returning the result or a promise of it); open: opens
// WebGPU (tests may pass another); onNotice(text): shown to the learner when WebGPU is
// unavailable or lost.
export function createBatchRunner({ companion, open = openGpuAttention, onNotice = () => {} }) {
  let opening = null;
  let engine = null;
  let unusable = null;

  function gpu() {
    if (!opening) {
      opening = open().then((opened) => {
        if (opened.ok) {
          engine = opened.engine;
          engine.onUnusable((reason) => {
            unusable = reason;
            onNotice(`WebGPU stopped working (${reason}). The batch now runs on the WASM core only.`);
          });
        } else {
          unusable = opened.reason;
          onNotice(`WebGPU is not available here: ${opened.reason}. The batch runs on the WASM core only.`);
        }
        return opened;
      }, (error) => {
        unusable = messageOf(error);
        onNotice(`WebGPU could not be opened (${unusable}). The batch runs on the WASM core only.`);
        return { ok: false, reason: unusable };
      });
    }
    return opening;
  }

  // options: the core's batch options (see web/companion.mjs batchAttention);
  // settings: {kernels: ['reference', 'fused'], explicitMask: Uint8Array | null,
  // inputs: {query, keys, values} (Float32Array) or null for the core's seeded ones,
  // signal: an AbortSignal or null}.
  async function runOnce(options, { kernels = ['reference', 'fused'], explicitMask = null, inputs = null, signal = null } = {}) {
    signal?.throwIfAborted();
    await gpu();
    signal?.throwIfAborted();
    const onGpu = Boolean(engine?.usable) && kernels.length > 0;
    const returnWeights = Boolean(options.returnWeights) || kernels.includes('reference');
    // The core hands its seeded inputs back only when the GPU is to run on them.
    const returnInputs = Boolean(options.returnInputs) || (onGpu && !inputs);
    const mask = explicitMask ? { explicitMask } : {};
    const started = performance.now();
    const given = inputs ? { query: inputs.query, keys: inputs.keys, values: inputs.values } : {};
    const cpu = await companion.batchAttention({ ...options, returnWeights, returnInputs }, { ...given, ...mask });
    signal?.throwIfAborted();
    const wasm = { callMs: performance.now() - started, coreMs: cpu.coreMs };
    const result = { path: 'wasm', cpu, wasm, gpu: {}, agreement: {}, skipped: {}, gpuUnavailable: null };
    if (!engine || !engine.usable) {
      result.gpuUnavailable = unusable ?? 'WebGPU is not available';
      return result;
    }
    const float32 = (array) => (array instanceof Float32Array ? array : Float32Array.from(array));
    const source = inputs
      ? { query: float32(inputs.query), keys: float32(inputs.keys), values: float32(inputs.values) }
      : { query: cpu.query, keys: cpu.keys, values: cpu.values };
    for (const kernel of kernels) {
      signal?.throwIfAborted();
      try {
        result.gpu[kernel] = await engine.run({
          shape: cpu.shape, scale: cpu.scale, mask: cpu.mask, explicitMask, ...source, kernel,
        });
      } catch (error) {
        if (error instanceof GpuTooLarge) {
          result.skipped[kernel] = error.message;
          continue;
        }
        result.gpu = {};
        result.gpuUnavailable = unusable ?? messageOf(error);
        return result;
      }
    }
    // Outputs against outputs: the core compares, it does not compute the batch again.
    for (const [kernel, out] of Object.entries(result.gpu)) {
      signal?.throwIfAborted();
      const weights = out.weights && cpu.weights ? { weights: cpu.weights, compareWeights: out.weights } : {};
      const compared = await companion.batchAgreement(options, {
        ...mask, context: cpu.context, emptyRows: cpu.emptyRows, ...weights,
        compareContext: out.context, compareEmptyRows: out.emptyRows,
      });
      result.agreement[kernel] = compared.agreement;
    }
    if (Object.keys(result.gpu).length) result.path = 'webgpu';
    return result;
  }

  let queue = Promise.resolve();
  return {
    // {available, reason, adapterInfo, adapter (text)}
    async status() {
      const opened = await gpu();
      return {
        available: Boolean(engine?.usable),
        reason: unusable,
        adapterInfo: opened.adapterInfo ?? null,
        adapter: describeAdapter(opened.adapterInfo),
      };
    },
    run(options, settings) {
      const result = queue.then(() => runOnce(options, settings));
      queue = result.catch(() => {});
      return result;
    },
    // Destroys the GPU device (a simulated device loss); the next run falls back.
    destroyGpuDevice() {
      engine?.destroyDevice();
      return Boolean(engine);
    },
  };
}
