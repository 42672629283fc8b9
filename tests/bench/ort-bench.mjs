#!/usr/bin/env node
// The companion's batch core against onnxruntime-web (a benchmark, never a test), in Node.
// For each workload both engines get the SAME inputs (the core's seeded Q, K, V, drawn once
// with returnInputs) and the same mask (per-item key lengths: key s of item b takes part iff
// s < lengths[b], the core's `lengths`); the outputs are compared (max abs difference of the
// context <= 1e-5) before anything is timed, and a variant that disagrees is reported and
// not timed.
//
//   node --expose-gc tests/bench/ort-bench.mjs [--reps 7] [--warmup 2] [--only name[,name...]] [--json] [--no-js]
//
// Engines, timed in interleaved rounds (core, ORT variants, JS baseline, core, ...):
//   - the companion's WASM core: companion.batchAttention(options, {query, keys, values})
//     (float32; the whole call, copies in and out; its own compute-only time is reported too);
//   - onnxruntime-web's WASM backend with ort.env.wasm.numThreads = 1 (single thread, like the
//     core), on ONNX models encoded in memory (onnx-model.mjs), each variant tried and the
//     best reported the way an onnxruntime user would pick one:
//       plain        MatMul(Q, Transpose(K)) -> Mul(scale) -> Add(mask bias) -> Softmax -> MatMul(., V)
//       plain-qscale the same with the scale folded into Q (Mul on T*D, not T*S, elements)
//       attention    the ONNX Attention op (opset 23: bool attn_mask; opset 24: nonpad_kv_seqlen)
//       mha          com.microsoft MultiHeadAttention (Q as [B, T, H*D]: the graph transposes
//                    in and out so the model keeps the [B, H, T, D] contract)
//   - a plain JavaScript baseline (web/gpu/plain-attention.mjs: Float32Array, Math.exp), the
//     project's own; a reference row, not an engine; skipped above 1.1 GFLOP (slow) or with --no-js;
//   - after the rounds, the same kernel built natively (build/tests/batch_native_bench, from
//     tests/bench/batch_native_bench.cc), in its own process, its bits checked against the core's.
// A peak reference heads the table: a WebAssembly multiply-add loop (wasm-peak.mjs).
// Per call: median and min–max of wall time and of process CPU time (process.cpuUsage()
// deltas: all threads, user + system); GFLOP/s counts 4*T*S*D per head over the eligible
// keys only (as tests/bench/batch-bench.mjs does); "core / ORT best" is the ratio of median
// wall times (above 1: the core is slower).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import process from 'node:process';
import { performance } from 'node:perf_hooks';
import * as ort from 'onnxruntime-web';
import { loadCompanion } from '../../web/companion.mjs';
import { plainAttention } from '../../web/gpu/plain-attention.mjs';
import { encodeModel } from './onnx-model.mjs';
import { wasmPeakGflops } from './wasm-peak.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const reps = Math.max(1, Number(option('reps', 7)));
const warmup = Math.max(0, Number(option('warmup', 2)));
const only = option('only', null)?.split(',');
const asJson = args.includes('--json');
const withJs = !args.includes('--no-js');
const TOLERANCE = 1e-5;
// A timed sample repeats the call until it takes about this long. (5 ms before 2026-12-01:
// a call longer than that was then timed alone, on caches the engine before it had flushed.)
const SAMPLE_MS = 20;
const JS_MAX_GFLOP = 1.1;

// The chapter workload is tests/bench/batch-bench.mjs's (web/pages/bench-batch.mjs: CHAPTER).
const CHAPTER_LENGTHS = [512, 384, 256, 128, 64, 5, 3, 1];
const WORKLOADS = [
  { name: 'chapter', B: 8, H: 4, T: 64, S: 512, D: 64, lengths: CHAPTER_LENGTHS },
  { name: 'dense-S128', B: 1, H: 4, T: 64, S: 128, D: 64 },
  { name: 'dense-S512', B: 1, H: 4, T: 64, S: 512, D: 64 },
  { name: 'dense-S2048', B: 1, H: 4, T: 64, S: 2048, D: 64 },
  { name: 'dense-S8192', B: 1, H: 4, T: 64, S: 8192, D: 64 },
  { name: 'self-256', B: 1, H: 4, T: 256, S: 256, D: 64 },
  { name: 'self-1024', B: 1, H: 4, T: 1024, S: 1024, D: 64 },
  { name: 'self-2048', B: 1, H: 4, T: 2048, S: 2048, D: 64 },
  { name: 'tiny', B: 1, H: 1, T: 1, S: 5, D: 3 },
].map((w) => ({ ...w, scaled: true, seed: 19 }));

const log = (text) => process.stderr.write(`${text}\n`);

// ---- ONNX models -------------------------------------------------------------------------

const f32 = (name, dims) => ({ name, elemType: 'float', dims });
const scalar = (name, value) => ({ name, elemType: 'float', dims: [], data: new Float32Array([value]) });
const int64s = (name, values) => ({ name, elemType: 'int64', dims: [values.length], data: BigInt64Array.from(values.map(BigInt)) });

// Each variant: candidates tried in order; the first that loads, runs and agrees is timed.
// A candidate: { config (words for the report), model bytes, feeds(arrays) -> ort feeds }.
function variants(w, scale) {
  const { B, H, T, S, D, lengths } = w;
  const qkv = [f32('Q', [B, H, T, D]), f32('K', [B, H, S, D]), f32('V', [B, H, S, D])];
  const out = [f32('context', [B, H, T, D])];
  const tensor = (type, data, dims) => new ort.Tensor(type, data, dims);
  const baseFeeds = (a) => ({ Q: tensor('float32', a.query, [B, H, T, D]), K: tensor('float32', a.keys, [B, H, S, D]),
    V: tensor('float32', a.values, [B, H, S, D]) });
  // Additive key mask [B, 1, 1, S]: 0 where the key takes part, -inf where it is padding.
  const bias = lengths && (() => {
    const m = new Float32Array(B * S);
    lengths.forEach((n, b) => m.fill(-Infinity, b * S + Math.min(n, S), (b + 1) * S));
    return m;
  })();
  const keep = lengths && (() => {
    const m = new Uint8Array(B * S);
    lengths.forEach((n, b) => m.fill(1, b * S, b * S + Math.min(n, S)));
    return m;
  })();
  const model = (opsets, nodes, inputs, initializers = [], irVersion = 10) =>
    encodeModel({ irVersion, opsets, graph: { name: w.name, nodes, inputs, outputs: out, initializers } });

  const plain = (prescale) => {
    const nodes = [{ opType: 'Transpose', inputs: ['K'], outputs: ['Kt'], attributes: [{ name: 'perm', ints: [0, 1, 3, 2] }] }];
    if (prescale) {
      nodes.push({ opType: 'Mul', inputs: ['Q', 'scale'], outputs: ['Qs'] },
        { opType: 'MatMul', inputs: ['Qs', 'Kt'], outputs: ['scaled'] });
    } else {
      nodes.push({ opType: 'MatMul', inputs: ['Q', 'Kt'], outputs: ['scores'] },
        { opType: 'Mul', inputs: ['scores', 'scale'], outputs: ['scaled'] });
    }
    if (lengths) nodes.push({ opType: 'Add', inputs: ['scaled', 'mask'], outputs: ['biased'] });
    nodes.push({ opType: 'Softmax', inputs: [lengths ? 'biased' : 'scaled'], outputs: ['weights'], attributes: [{ name: 'axis', i: -1 }] },
      { opType: 'MatMul', inputs: ['weights', 'V'], outputs: ['context'] });
    return [{
      config: `opset 17${lengths ? ', float mask bias [B,1,1,S] (0 / -inf)' : ', no mask'}`,
      model: model([{ version: 17 }], nodes, [...qkv, ...(lengths ? [f32('mask', [B, 1, 1, S])] : [])], [scalar('scale', scale)]),
      feeds: (a) => ({ ...baseFeeds(a), ...(lengths ? { mask: tensor('float32', bias, [B, 1, 1, S]) } : {}) }),
    }];
  };

  const attention = () => {
    const attrs = [{ name: 'scale', f: scale }];
    const candidates = [];
    if (lengths) {
      candidates.push({
        config: 'opset 23, bool attn_mask [B,1,1,S]',
        model: model([{ version: 23 }], [{ opType: 'Attention', inputs: ['Q', 'K', 'V', 'mask'], outputs: ['context'], attributes: attrs }],
          [...qkv, { name: 'mask', elemType: 'bool', dims: [B, 1, 1, S] }], [], 11),
        feeds: (a) => ({ ...baseFeeds(a), mask: tensor('bool', keep, [B, 1, 1, S]) }),
      }, {
        config: 'opset 24, nonpad_kv_seqlen [B] (int64)',
        model: model([{ version: 24 }], [{ opType: 'Attention', inputs: ['Q', 'K', 'V', '', '', '', 'lens'], outputs: ['context'], attributes: attrs }],
          [...qkv, { name: 'lens', elemType: 'int64', dims: [B] }], [], 11),
        feeds: (a) => ({ ...baseFeeds(a), lens: tensor('int64', BigInt64Array.from(lengths.map((n) => BigInt(Math.min(n, S)))), [B]) }),
      }, {
        config: 'opset 23, float attn_mask [B,1,1,S] (0 / -inf)',
        model: model([{ version: 23 }], [{ opType: 'Attention', inputs: ['Q', 'K', 'V', 'mask'], outputs: ['context'], attributes: attrs }],
          [...qkv, f32('mask', [B, 1, 1, S])], [], 11),
        feeds: (a) => ({ ...baseFeeds(a), mask: tensor('float32', bias, [B, 1, 1, S]) }),
      });
    } else {
      candidates.push({
        config: 'opset 23, no mask',
        model: model([{ version: 23 }], [{ opType: 'Attention', inputs: ['Q', 'K', 'V'], outputs: ['context'], attributes: attrs }], qkv, [], 11),
        feeds: baseFeeds,
      });
    }
    return candidates;
  };

  // MultiHeadAttention wants Q as [B, T, H*D]; K and V either 4-D [B, H, S, D] (BNSH) or
  // transposed to [B, S, H*D] too. The output [B, T, H*D] goes back to [B, H, T, D].
  const mha = () => {
    const toBSh = (from, to, len) => [
      { opType: 'Transpose', inputs: [from], outputs: [`${to}_t`], attributes: [{ name: 'perm', ints: [0, 2, 1, 3] }] },
      { opType: 'Reshape', inputs: [`${to}_t`, `shape_${len}`], outputs: [to] }];
    const back = [
      { opType: 'Reshape', inputs: ['ctx3', 'shape_out'], outputs: ['ctx4'] },
      { opType: 'Transpose', inputs: ['ctx4'], outputs: ['context'], attributes: [{ name: 'perm', ints: [0, 2, 1, 3] }] }];
    const shapes = (kvLayout) => [int64s('shape_T', [B, T, H * D]), int64s('shape_out', [B, T, H, D]),
      ...(kvLayout === 'BSH' ? [int64s('shape_S', [B, S, H * D])] : [])];
    const attrs = [{ name: 'num_heads', i: H }, { name: 'scale', f: scale }];
    const masks = lengths ? [
      { words: 'key_padding_mask [B] (int32 lengths)', input: { name: 'kpm', elemType: 'int32', dims: [B] },
        feed: () => ({ kpm: tensor('int32', Int32Array.from(lengths.map((n) => Math.min(n, S))), [B]) }) },
      { words: 'key_padding_mask [B,S] (int32 1/0)', input: { name: 'kpm', elemType: 'int32', dims: [B, S] },
        feed: () => ({ kpm: tensor('int32', Int32Array.from(keep), [B, S]) }) },
    ] : [{ words: 'no mask', input: null, feed: () => ({}) }];
    const candidates = [];
    for (const kvLayout of ['BNSH', 'BSH']) {
      for (const mask of masks) {
        const kv = kvLayout === 'BNSH' ? ['K', 'V'] : ['K3', 'V3'];
        const nodes = [...toBSh('Q', 'Q3', 'T'), ...(kvLayout === 'BNSH' ? [] : [...toBSh('K', 'K3', 'S'), ...toBSh('V', 'V3', 'S')]),
          { opType: 'MultiHeadAttention', domain: 'com.microsoft', inputs: ['Q3', ...kv, '', mask.input ? 'kpm' : ''],
            outputs: ['ctx3'], attributes: attrs },
          ...back];
        candidates.push({
          config: `K, V ${kvLayout === 'BNSH' ? '4-D [B,H,S,D]' : 'transposed to [B,S,H*D]'}, ${mask.words}`,
          model: model([{ version: 17 }, { domain: 'com.microsoft', version: 1 }], nodes,
            [...qkv, ...(mask.input ? [mask.input] : [])], shapes(kvLayout)),
          feeds: (a) => ({ ...baseFeeds(a), ...mask.feed() }),
        });
      }
    }
    return candidates;
  };

  return [
    { name: 'ORT plain graph', candidates: plain(false) },
    { name: 'ORT plain graph, Q pre-scaled', candidates: plain(true) },
    { name: 'ORT Attention op', candidates: attention() },
    { name: 'ORT com.microsoft MHA', candidates: mha() },
  ];
}

// ---- measuring ---------------------------------------------------------------------------

function quantile(sorted, q) {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (pos - lo);
}
function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return { median: quantile(s, 0.5), min: s[0], max: s[s.length - 1], q1: quantile(s, 0.25), q3: quantile(s, 0.75) };
}
function maxAbsDiff(a, b) {
  if (a.length !== b.length) return Infinity;
  let m = 0;
  for (let i = 0; i < a.length; i += 1) {
    const d = Math.abs(a[i] - b[i]);
    if (!(d <= m)) m = d;  // NaN propagates as NaN (fails the check)
  }
  return m;
}

// The same kernel built natively (tests/bench/batch_native_bench.cc, the native build's
// options: SSE2 lanes, unfused): run in its own process after the interleaved rounds, on
// the same seeded inputs; its context's checksum is compared with the WebAssembly core's.
const NATIVE_BENCH = process.env.ATTN_NATIVE_BENCH ?? new URL('../../build/tests/batch_native_bench', import.meta.url).pathname;
function checksum(floats) {
  const bits = new Uint32Array(floats.buffer, floats.byteOffset, floats.length);
  let sum = 0;
  for (const x of bits) sum = (sum + x) >>> 0;
  return sum;
}
function nativeRun({ B, H, T, S, D, lengths }, reference, approxMs) {
  if (!fs.existsSync(NATIVE_BENCH)) return { skipped: `${NATIVE_BENCH} is not built (cmake --build build)` };
  const reps = Math.max(3, Math.min(200, Math.ceil(300 / Math.max(approxMs, 0.01))));
  const out = JSON.parse(execFileSync(NATIVE_BENCH, [B, H, T, S, D, lengths ? lengths.join(',') : '-', reps].map(String), { encoding: 'utf8' }));
  return { medianMs: out.medianMs, minMs: out.minMs, reps: out.reps, sameBits: out.checksum === checksum(reference) };
}

// One sample: `inner` calls back to back; wall and CPU time per call, in ms. ORT's calls
// return promises and are awaited; the core's (and plain JS's) are synchronous and are not,
// since awaiting a plain value would time the microtask queue rather than the call.
async function sample(engine) {
  // One engine's garbage is collected before the next engine's sample, not during it (with
  // node --expose-gc, as `npm run bench:ort` runs it).
  globalThis.gc?.();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  if (engine.kind === 'ort') {
    for (let i = 0; i < engine.inner; i += 1) await engine.call();
  } else {
    for (let i = 0; i < engine.inner; i += 1) engine.call();
  }
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wall: wall / engine.inner, cpu: (cpu.user + cpu.system) / 1000 / engine.inner };
}

// How many calls make a sample of about SAMPLE_MS: calls are counted over a first
// millisecond (after one call, which may still be compiling), so that a fast call is not
// judged by its slowest first run.
async function calibrate(engine) {
  await engine.call();
  let calls = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < 1 || calls === 0) {
    await engine.call();
    calls += 1;
  }
  const once = (performance.now() - t0) / calls;
  engine.inner = Math.max(1, Math.min(200000, Math.ceil(SAMPLE_MS / Math.max(once, 1e-4))));
}

async function runWorkload(companion, w) {
  const { B, H, T, S, D, lengths } = w;
  const inputs = companion.batchAttention({ ...w, returnInputs: true });
  const arrays = { query: inputs.query, keys: inputs.keys, values: inputs.values };
  const reference = inputs.context;
  const eligible = (lengths ?? Array(B).fill(S)).reduce((sum, n) => sum + Math.min(n, S), 0);
  const gflop = (4 * H * T * eligible * D) / 1e9;
  const notes = [];
  const engines = [];

  const coreMs = [];
  engines.push({ name: 'companion WASM core (whole call)', kind: 'core', config: 'float32, copies in and out',
    call: () => { const r = companion.batchAttention(w, arrays); coreMs.push(r.coreMs); return r; },
    check: () => maxAbsDiff(companion.batchAttention(w, arrays).context, reference) });

  // The zero-copy call (companion.batchBuffers): the inputs are written into the module's
  // memory once, as a caller that owns them would; each call runs the kernel in place.
  const buffers = companion.batchBuffers({ B, H, T, S, Dk: D, Dv: D });
  buffers.query.set(arrays.query);
  buffers.keys.set(arrays.keys);
  buffers.values.set(arrays.values);
  const inPlace = { lengths, scaled: w.scaled };
  engines.push({ name: 'companion core, zero-copy (batchBuffers)', kind: 'core-lean',
    config: 'float32, inputs already in the module\'s memory, context read there', call: () => buffers.run(inPlace),
    check: () => { buffers.run(inPlace); return maxAbsDiff(buffers.context, reference); }, free: () => buffers.free() });

  // One query against a few keys: the lean entry the figures and labs use (companion.smallReader).
  if (B === 1 && H === 1 && T === 1 && !lengths) {
    const reader = companion.smallReader({ S, Dk: D, Dv: D });
    const read = () => reader.read(arrays.query, arrays.keys, arrays.values, { scale: inputs.scale });
    engines.push({ name: 'companion small read (smallReader)', kind: 'core-lean',
      config: 'float32, buffers in the module\'s memory, no JSON, no clock', call: read, check: () => maxAbsDiff(read().context, reference) });
  }

  for (const variant of variants(w, inputs.scale)) {
    const tried = [];
    let chosen = null;
    for (const candidate of variant.candidates) {
      try {
        const session = await ort.InferenceSession.create(candidate.model,
          { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
        const feeds = candidate.feeds(arrays);
        const first = await session.run(feeds);
        const diff = maxAbsDiff(first.context.data, reference);
        if (!(diff <= TOLERANCE)) {
          tried.push(`${candidate.config}: MISMATCH (max abs ${diff})`);
          await session.release();
          continue;
        }
        chosen = { session, feeds, candidate, diff };
        break;
      } catch (error) {
        const text = String(error.message ?? error).replace(/\s+/g, ' ');
        tried.push(`${candidate.config}: ${text.length > 320 ? `${text.slice(0, 60)} … ${text.slice(-240)}` : text}`);
      }
    }
    if (tried.length) notes.push(...tried.map((t) => `${variant.name}: ${t}`));
    if (!chosen) {
      engines.push({ name: variant.name, kind: 'ort', config: 'not run', skipped: tried.join('; ') });
      continue;
    }
    const { session, feeds } = chosen;
    engines.push({ name: variant.name, kind: 'ort', config: chosen.candidate.config, session,
      call: () => session.run(feeds), check: async () => maxAbsDiff((await session.run(feeds)).context.data, reference) });
  }

  if (withJs && gflop <= JS_MAX_GFLOP) {
    engines.push({ name: 'plain JS baseline (reference row, not an engine)', kind: 'js', config: 'web/gpu/plain-attention.mjs',
      call: () => plainAttention(inputs.shape, inputs.scale, inputs.mask, inputs.query, inputs.keys, inputs.values),
      check: () => maxAbsDiff(plainAttention(inputs.shape, inputs.scale, inputs.mask, inputs.query, inputs.keys, inputs.values).context, reference) });
  } else if (withJs) {
    engines.push({ name: 'plain JS baseline (reference row, not an engine)', kind: 'js', config: '', skipped: `over ${JS_MAX_GFLOP} GFLOP (slow)` });
  }

  const live = engines.filter((e) => !e.skipped);
  for (const e of live) {
    e.maxAbs = await e.check();
    e.pass = e.maxAbs <= TOLERANCE;
  }
  const timed = live.filter((e) => e.pass);
  for (const e of timed) await calibrate(e);
  for (let round = 0; round < warmup; round += 1) for (const e of timed) await sample(e);
  coreMs.length = 0;
  for (const e of timed) e.samples = [];
  for (let round = 0; round < reps; round += 1) {
    log(`  ${w.name}: round ${round + 1} of ${reps}`);
    for (const e of timed) e.samples.push(await sample(e));
  }
  for (const e of timed) {
    e.wall = stats(e.samples.map((s) => s.wall));
    e.cpu = stats(e.samples.map((s) => s.cpu));
    e.gflops = gflop / (e.wall.median / 1000);
  }
  const core = engines[0];
  core.computeOnly = coreMs.length ? stats(coreMs) : null;
  const ortTimed = timed.filter((e) => e.kind === 'ort');
  const best = ortTimed.length ? ortTimed.reduce((x, y) => (y.wall.median < x.wall.median ? y : x)) : null;
  const native = nativeRun(w, reference, core.computeOnly?.median ?? core.wall?.median ?? 1);
  if (native.medianMs) {
    native.gflops = gflop / (native.medianMs / 1000);
    native.overOrtBest = best ? native.medianMs / best.wall.median : null;
  }
  for (const e of live) await e.session?.release();
  for (const e of engines) e.free?.();
  return { workload: { name: w.name, B, H, T, S, D, lengths: lengths ?? null, scale: inputs.scale, gflop },
    engines: engines.map(({ name, kind, config, skipped, maxAbs, pass, inner, wall, cpu, gflops, computeOnly }) =>
      ({ name, kind, config, skipped: skipped ?? null, maxAbs: maxAbs ?? null, pass: pass ?? null, callsPerSample: inner ?? null,
        wallMs: wall ?? null, cpuMs: cpu ?? null, gflops: gflops ?? null, computeOnlyMs: computeOnly ?? null })),
    native,
    ortBest: best ? best.name : null,
    coreOverOrtBest: best && core.wall ? core.wall.median / best.wall.median : null,
    leanOverOrtBest: Object.fromEntries(timed.filter((e) => e.kind === 'core-lean' && best)
      .map((e) => [e.name, e.wall.median / best.wall.median])),
    notes };
}

// ---- report ------------------------------------------------------------------------------

function time(ms) {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1) return `${(ms * 1000).toFixed(ms < 0.01 ? 2 : 1)} µs`;
  return `${ms.toFixed(ms < 10 ? 3 : 1)} ms`;
}
const range = (s) => (s ? `${time(s.median)} [${time(s.min)}–${time(s.max)}]` : '—');

function table(results) {
  const lines = ['| workload | engine | config | max abs vs core | wall / call, median [min–max] | CPU / call, median [min–max] | GFLOP/s | core / ORT best |',
    '|---|---|---|---:|---:|---:|---:|---:|'];
  for (const r of results) {
    const w = r.workload;
    const label = `${w.name} (B${w.B} H${w.H} T${w.T} S${w.S} D${w.D}${w.lengths ? `, lengths ${w.lengths.join('/')}` : ''})`;
    r.engines.forEach((e, i) => {
      const check = e.skipped ? `not run: ${e.skipped}` : e.pass ? e.maxAbs.toExponential(1) : `MISMATCH ${e.maxAbs}`;
      const over = i === 0 ? r.coreOverOrtBest : e.kind === 'core-lean' ? r.leanOverOrtBest[e.name] : null;
      const ratio = over ? `${over.toFixed(2)}× (vs ${r.ortBest})` : '';
      lines.push(`| ${i === 0 ? label : ''} | ${e.name}${e.name === r.ortBest ? ' **(best ORT)**' : ''} | ${e.config} | ${check} | ${range(e.wallMs)} | ${range(e.cpuMs)} | ${e.gflops ? e.gflops.toFixed(2) : '—'} | ${ratio} |`);
      if (e.computeOnlyMs) lines.push(`| | companion core, compute only (its coreMs, same calls) | | | ${range(e.computeOnlyMs)} | | ${(w.gflop / (e.computeOnlyMs.median / 1000)).toFixed(2)} | |`);
    });
    const n = r.native;
    lines.push(n.skipped ? `| | companion core, native build | not run: ${n.skipped} | | | | | |`
      : `| | companion core, native build (the same kernel, SSE2 lanes; its own process, ${n.reps} runs after the rounds) | float32, context bits ${n.sameBits ? 'the same as WebAssembly' : 'DIFFER from WebAssembly'} | | ${time(n.medianMs)} [min ${time(n.minMs)}] | | ${n.gflops.toFixed(2)} | ${n.overOrtBest ? `${n.overOrtBest.toFixed(2)}× (vs ${r.ortBest})` : ''} |`);
  }
  return lines.join('\n');
}

ort.env.wasm.numThreads = 1;  // single thread, like the core: a like-for-like comparison
ort.env.logLevel = 'error';
const companion = await loadCompanion();
const chosen = WORKLOADS.filter((w) => !only || only.includes(w.name));
if (!chosen.length) throw new Error(`--only: no workload named ${only}; the names: ${WORKLOADS.map((w) => w.name).join(', ')}`);
const results = [];
for (const w of chosen) {
  log(`${w.name}: B${w.B} H${w.H} T${w.T} S${w.S} D${w.D}`);
  results.push(await runWorkload(companion, w));
}
const peak = await wasmPeakGflops();
const machine = `${os.cpus().length} logical CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, onnxruntime-web ${ort.env.versions.web}, ort.env.wasm.numThreads = 1`;
if (asJson) {
  process.stdout.write(`${JSON.stringify({ machine, reps, warmup, tolerance: TOLERANCE, wasmPeakGflops: peak, results }, null, 2)}\n`);
} else {
  const notes = results.flatMap((r) => r.notes.map((n) => `- ${r.workload.name}: ${n}`));
  process.stdout.write([`onnxruntime-web benchmark: ${machine}; ${reps} interleaved rounds after ${warmup} warm-up; each sample repeats a call for about ${SAMPLE_MS} ms (ORT's calls awaited, the core's synchronous calls not)`,
    `Peak reference: a WebAssembly loop of six independent four-lane multiply-adds runs at ${peak.toFixed(1)} GFLOP/s on one core here (tests/bench/wasm-peak.mjs).`,
    '', table(results), '', ...(notes.length ? ['Variants tried and not timed:', ...notes] : [])].join('\n') + '\n');
}
