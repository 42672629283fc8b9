// The WebGPU path for batched, masked attention: detection (navigator.gpu, an adapter,
// the limits the kernels need, a device), the WGSL kernels of this folder compiled into
// labelled pipelines, and one run at a time with its upload, dispatch-to-done and
// readback timed apart. Any GPU error, a failed run, a run that does not finish within
// RUN_DEADLINE_MS or a lost device marks WebGPU unusable for the rest of the page's
// life; the caller (../batch/batch-runner.mjs) then falls back to the WASM core. No
// optional features (no f16, no subgroups) are requested. The kernels' sources come
// with the module: kernels.mjs is written by tools/build-site.mjs from this folder's
// *.wgsl files, so nothing is fetched.

import { KERNELS } from './kernels.mjs';
import { messageOf } from '../error-message.mjs';

// The kernels' needs, checked against the adapter before a device is requested.
export const REQUIRED_LIMITS = {
  maxComputeWorkgroupSizeX: 64,
  maxComputeInvocationsPerWorkgroup: 64,
  maxComputeWorkgroupStorageSize: (256 + 64 + 64) * 4,
  maxStorageBuffersPerShaderStage: 7,
  maxComputeWorkgroupsPerDimension: 256,
  maxStorageBufferBindingSize: 1 << 20,
  maxUniformBufferBindingSize: 64,
};

// The fused kernel keeps a query row in workgroup memory and 4 value coordinates per
// invocation; wider rows use the three-pass reference for their contexts.
export const FUSED_MAX_WIDTH = 256;

const PARAMS_BYTES = 64;

// A run still unfinished after this long is abandoned and its device destroyed: a GPU
// that stops answering (a hung driver, a software adapter starved of CPU) must not leave
// the learner's run waiting for ever. The chapter workload (8x4x64x512, D = 64) takes
// 2-6 s a kernel on the 2-core test VM's software adapter (SwiftShader) with other tests
// running beside it.
export const RUN_DEADLINE_MS = 60_000;

// A run too large for this device's buffer limits: it goes to WASM, WebGPU stays usable.
export class GpuTooLarge extends Error {}

async function adapterInfoOf(adapter) {
  let info = adapter.info;
  if (!info && typeof adapter.requestAdapterInfo === 'function') {
    try { info = await adapter.requestAdapterInfo(); } catch { info = undefined; }
  }
  const pick = (key) => (info && typeof info[key] === 'string' ? info[key] : '');
  return {
    vendor: pick('vendor'),
    architecture: pick('architecture'),
    device: pick('device'),
    description: pick('description'),
    isFallbackAdapter: Boolean(info?.isFallbackAdapter ?? adapter.isFallbackAdapter ?? false),
  };
}

export function describeAdapter(info) {
  if (!info) return 'no adapter';
  const parts = [info.vendor, info.architecture, info.device, info.description].filter(Boolean);
  const name = parts.length ? parts.join(' ') : 'an unnamed adapter';
  return info.isFallbackAdapter ? `${name} (software fallback adapter)` : name;
}

// Opens WebGPU. Resolves to {ok: true, engine} or {ok: false, reason, adapterInfo?}; it
// never rejects.
export async function openGpuAttention({ gpu = globalThis.navigator?.gpu } = {}) {
  if (!gpu) return { ok: false, reason: 'this browser does not offer WebGPU (navigator.gpu is missing)' };
  let adapter;
  try {
    adapter = await gpu.requestAdapter();
  } catch (error) {
    return { ok: false, reason: `requesting a WebGPU adapter failed: ${messageOf(error)}` };
  }
  if (!adapter) return { ok: false, reason: 'WebGPU is present but no adapter is available (requestAdapter() returned null)' };
  const adapterInfo = await adapterInfoOf(adapter);
  for (const [name, need] of Object.entries(REQUIRED_LIMITS)) {
    const have = adapter.limits[name];
    if (!(have >= need)) {
      return { ok: false, adapterInfo, reason: `the WebGPU adapter's limit ${name} is ${have}, below the ${need} the kernels need` };
    }
  }
  let device;
  try {
    device = await adapter.requestDevice({
      label: 'batch attention device',
      requiredLimits: {
        maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
        maxBufferSize: adapter.limits.maxBufferSize,
      },
    });
  } catch (error) {
    return { ok: false, adapterInfo, reason: `requesting a WebGPU device failed: ${messageOf(error)}` };
  }
  try {
    const engine = new GpuAttention(device, adapterInfo);
    await engine.compile(KERNELS);
    return { ok: true, engine, adapterInfo };
  } catch (error) {
    device.destroy();
    return { ok: false, adapterInfo, reason: `the WebGPU kernels could not be prepared: ${messageOf(error)}` };
  }
}

function groupsFor(count, perGroup, maxPerDimension) {
  const groups = Math.max(1, Math.ceil(count / perGroup));
  const x = Math.min(groups, maxPerDimension);
  const y = Math.ceil(groups / x);
  if (y > maxPerDimension) throw new GpuTooLarge(`${groups} workgroups exceed this device's grid`);
  return { x, y };
}

export class GpuAttention {
  #device;
  #pipelines = {};
  #queue = Promise.resolve();
  #unusable = null;
  #listeners = new Set();
  #deadlineMs;

  constructor(device, adapterInfo, { deadlineMs = RUN_DEADLINE_MS } = {}) {
    this.#device = device;
    this.adapterInfo = adapterInfo;
    this.#deadlineMs = deadlineMs;
    device.lost.then((info) => {
      this.#markUnusable(`the WebGPU device was lost (${info.reason || 'unknown'}${info.message ? `: ${info.message}` : ''})`);
    });
    device.addEventListener('uncapturederror', (event) => {
      event.preventDefault();
      this.#markUnusable(`WebGPU reported an error: ${messageOf(event.error)}`);
    });
  }

  get usable() { return this.#unusable === null; }
  get unusableReason() { return this.#unusable; }

  // Called once with the reason when WebGPU becomes unusable.
  onUnusable(listener) { this.#listeners.add(listener); }

  // For tests and the lab's "simulate a device loss" control.
  destroyDevice() { this.#device.destroy(); }

  #markUnusable(reason) {
    if (this.#unusable !== null) return;
    this.#unusable = reason;
    for (const listener of this.#listeners) listener(reason);
  }

  async compile(shaders) {
    const device = this.#device;
    const common = shaders['common.wgsl'];
    const withMask = `${common}\n${shaders['mask.wgsl']}`;
    const sources = {
      scores: `${withMask}\n${shaders['scores.wgsl']}`,
      softmax: `${withMask}\n${shaders['softmax.wgsl']}`,
      weightedValues: `${common}\n${shaders['weighted_values.wgsl']}`,
      fused: `${withMask}\n${shaders['fused_attention.wgsl']}`,
    };
    device.pushErrorScope('internal');
    device.pushErrorScope('out-of-memory');
    device.pushErrorScope('validation');
    const built = await Promise.all(Object.entries(sources).map(async ([name, code]) => {
      const module = device.createShaderModule({ label: `${name} kernel module`, code });
      const info = await module.getCompilationInfo();
      const errors = info.messages.filter((m) => m.type === 'error');
      if (errors.length) {
        throw new Error(`${name}: ${errors.map((m) => `line ${m.lineNum}: ${m.message}`).join('; ')}`);
      }
      const pipeline = await device.createComputePipelineAsync({
        label: `${name} pipeline`, layout: 'auto', compute: { module, entryPoint: 'main' },
      });
      return [name, pipeline];
    }));
    const scopeErrors = [await device.popErrorScope(), await device.popErrorScope(), await device.popErrorScope()]
      .filter(Boolean);
    if (scopeErrors.length) throw new Error(scopeErrors.map(messageOf).join('; '));
    this.#pipelines = Object.fromEntries(built);
  }

  // One run; calls are queued so that only one is on the device at a time.
  // request: {shape: {B, H, T, S, Dk, Dv}, scale, mask: {lengths, causal, window,
  // halfWidth}, explicitMask (Uint8Array [T*S] or null), query, keys, values
  // (Float32Array), kernel: 'reference' (three passes, returns weights) | 'fused'}.
  run(request) {
    const result = this.#queue.then(() => this.#withinDeadline(this.#run(request), request.kernel));
    this.#queue = result.catch(() => {});
    return result;
  }

  #withinDeadline(running, kernel) {
    let timer;
    const deadline = new Promise((resolve, reject) => {
      timer = setTimeout(() => {
        const reason = `the WebGPU ${kernel} run did not finish within ${this.#deadlineMs / 1000} s`;
        this.#markUnusable(reason);
        this.#device.destroy();
        reject(new Error(reason));
      }, this.#deadlineMs);
    });
    return Promise.race([running, deadline]).finally(() => clearTimeout(timer));
  }

  async #run(request) {
    if (!this.usable) throw new Error(this.#unusable);
    const device = this.#device;
    const { shape, scale, mask, kernel } = request;
    const { B, H, T, S, Dk, Dv } = shape;
    const rows = B * H * T;
    if (kernel === 'fused' && (Dk > FUSED_MAX_WIDTH || Dv > FUSED_MAX_WIDTH)) {
      throw new GpuTooLarge(`the fused kernel takes widths up to ${FUSED_MAX_WIDTH}`);
    }
    const limit = Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize);
    const biggest = 4 * Math.max(request.query.length, request.keys.length, request.values.length,
      kernel === 'reference' ? rows * S : 0, rows * Dv, T * S);
    if (biggest > limit) throw new GpuTooLarge(`a buffer of ${biggest} bytes exceeds this device's limit of ${limit}`);
    const maxGroups = device.limits.maxComputeWorkgroupsPerDimension;
    if (request.explicitMask && request.explicitMask.length !== T * S) {
      throw new GpuTooLarge(`the explicit mask has ${request.explicitMask.length} entries where T x S = ${T * S}`);
    }

    const buffers = [];
    const storage = (label, byteLength, usage = 0) => {
      const buffer = device.createBuffer({
        label, size: Math.max(4, Math.ceil(byteLength / 4) * 4),
        usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC | usage,
      });
      buffers.push(buffer);
      return buffer;
    };
    const upload = (label, typed) => {
      const buffer = storage(label, typed.byteLength);
      if (typed.byteLength) device.queue.writeBuffer(buffer, 0, typed.buffer, typed.byteOffset, typed.byteLength);
      return buffer;
    };
    const paramsFor = (label, groups) => {
      const data = new ArrayBuffer(PARAMS_BYTES);
      const u32 = new Uint32Array(data);
      const window = mask.window ?? [0, S];
      u32.set([B, H, T, S, Dk, Dv, rows, groups.x, mask.causal ? 1 : 0, request.explicitMask ? 1 : 0,
        Math.max(0, window[0]), Math.max(0, Math.min(window[1], 0xffffffff))]);
      new Int32Array(data)[12] = mask.halfWidth >= 0 ? mask.halfWidth : -1;
      new Float32Array(data)[13] = scale;
      const buffer = device.createBuffer({ label, size: PARAMS_BYTES, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
      buffers.push(buffer);
      device.queue.writeBuffer(buffer, 0, data);
      return buffer;
    };
    const bind = (pipeline, label, entries) => device.createBindGroup({
      label, layout: pipeline.getBindGroupLayout(0),
      entries: entries.map((buffer, binding) => ({ binding, resource: { buffer } })).filter((e) => e.resource.buffer),
    });

    device.pushErrorScope('internal');
    device.pushErrorScope('out-of-memory');
    device.pushErrorScope('validation');
    let outcome;
    let failure = null;
    try {
      outcome = await this.#stages(request, { rows, maxGroups, storage, upload, paramsFor, bind });
    } catch (error) {
      failure = error;
      if (!(error instanceof GpuTooLarge)) this.#markUnusable(`the WebGPU ${kernel} run failed: ${messageOf(error)}`);
    }
    // The error scopes are popped and the buffers freed whether or not the run failed; a
    // GPU error caught by a scope is the reason given, before the run's own failure.
    const scopeErrors = [await device.popErrorScope(), await device.popErrorScope(), await device.popErrorScope()]
      .filter(Boolean);
    for (const buffer of buffers) buffer.destroy();
    if (scopeErrors.length) {
      const reason = `a WebGPU error during the ${kernel} run: ${scopeErrors.map(messageOf).join('; ')}`;
      this.#markUnusable(reason);
      throw new Error(reason, failure ? { cause: failure } : undefined);
    }
    if (failure) throw failure;
    return outcome;
  }

  async #stages(request, { rows, maxGroups, storage, upload, paramsFor, bind }) {
    const device = this.#device;
    const { shape, mask, kernel } = request;
    const { S, Dv } = shape;
    const started = performance.now();

    const lengths = upload('lengths', Uint32Array.from(mask.lengths));
    const explicit = upload('explicit mask', request.explicitMask ? Uint32Array.from(request.explicitMask) : new Uint32Array(1));
    const query = upload('queries [B,H,T,Dk]', request.query);
    const keys = upload('keys [B,H,S,Dk]', request.keys);
    const values = upload('values [B,H,S,Dv]', request.values);
    const context = storage('contexts [B,H,T,Dv]', rows * Dv * 4);
    const status = upload('all-masked count and row flags', new Uint32Array(rows + 1));
    let weights = null;
    await device.queue.onSubmittedWorkDone();
    const uploaded = performance.now();

    const encoder = device.createCommandEncoder({ label: `${kernel} attention commands` });
    const pass = (label, pipeline, groups, entries) => {
      const computePass = encoder.beginComputePass({ label });
      computePass.setPipeline(pipeline);
      computePass.setBindGroup(0, bind(pipeline, `${label} bindings`, entries));
      computePass.dispatchWorkgroups(groups.x, groups.y);
      computePass.end();
    };
    if (kernel === 'reference') {
      const scores = storage('scores [B,H,T,S]', rows * S * 4);
      weights = storage('weights [B,H,T,S]', rows * S * 4);
      const scoreGroups = groupsFor(rows * S, 64, maxGroups);
      const rowGroups = groupsFor(rows, 1, maxGroups);
      const valueGroups = groupsFor(rows * Dv, 64, maxGroups);
      const p = this.#pipelines;
      pass('scores pass', p.scores, scoreGroups,
        [paramsFor('scores params', scoreGroups), lengths, explicit, query, keys, scores]);
      pass('softmax pass', p.softmax, rowGroups,
        [paramsFor('softmax params', rowGroups), lengths, explicit, scores, weights, status]);
      pass('weights-times-values pass', p.weightedValues, valueGroups,
        [paramsFor('weights-times-values params', valueGroups), null, null, weights, values, context]);
    } else {
      const rowGroups = groupsFor(rows, 1, maxGroups);
      pass('fused streaming pass', this.#pipelines.fused, rowGroups,
        [paramsFor('fused params', rowGroups), lengths, explicit, query, keys, values, context, status]);
    }
    device.queue.submit([encoder.finish({ label: `${kernel} attention command buffer` })]);
    await device.queue.onSubmittedWorkDone();
    const dispatched = performance.now();

    const readable = [[context, rows * Dv * 4, 'contexts'], [status, (rows + 1) * 4, 'all-masked flags']];
    if (weights) readable.push([weights, rows * S * 4, 'weights']);
    const copies = device.createCommandEncoder({ label: 'readback copies' });
    const staging = readable.map(([source, bytes, name]) => {
      const size = Math.max(4, bytes);
      const buffer = device.createBuffer({ label: `readback of the ${name}`, size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
      copies.copyBufferToBuffer(source, 0, buffer, 0, size);
      return buffer;
    });
    device.queue.submit([copies.finish({ label: 'readback command buffer' })]);
    const arrays = [];
    try {
      for (const buffer of staging) {
        await buffer.mapAsync(GPUMapMode.READ);
        arrays.push(buffer.getMappedRange().slice(0));
        buffer.unmap();
      }
    } finally {
      for (const buffer of staging) buffer.destroy();
    }
    const readBack = performance.now();

    const flags = new Uint32Array(arrays[1]);
    return {
      path: 'webgpu',
      kernel,
      context: new Float32Array(arrays[0]),
      weights: weights ? new Float32Array(arrays[2]) : null,
      emptyRows: Uint8Array.from(flags.subarray(1)),
      emptyRowCount: flags[0],
      timings: {
        uploadMs: uploaded - started,
        dispatchMs: dispatched - uploaded,
        readbackMs: readBack - dispatched,
        totalMs: readBack - started,
      },
    };
  }
}
