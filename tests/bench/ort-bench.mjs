#!/usr/bin/env node
// The companion's batch core against onnxruntime-web (a benchmark, never a test), in Node.
// For each workload every engine gets the SAME inputs (the core's seeded Q, K, V, drawn once
// with returnInputs) and the same mask (per-item key lengths: key s of item b takes part iff
// s < lengths[b], the core's `lengths`); the outputs are compared (max abs difference of the
// context <= 1e-5) before anything is timed, and a variant that disagrees is reported and
// not timed.
//
//   node tests/bench/ort-bench.mjs [--rounds 9] [--warmup 2] [--sample-ms 20] [--only name[,name...]] [--json] [--no-js]
//
// Engines, all timed in the same interleaved rounds (web/batch/bench-rounds.mjs: one sample
// of each a round, the order turning every round, each sample about --sample-ms of CPU time):
//   - the companion's WASM core: companion.batchAttention(options, {query, keys, values})
//     (float32; the checked call: the JS copy and finiteness scan, the copies in and out);
//   - the zero-copy call (companion.batchBuffers: the inputs already in the module's memory,
//     the kernel run there) and, for one query, the small reader (companion.smallReader);
//   - onnxruntime-web's WASM backend with ort.env.wasm.numThreads = 1 (single thread, like the
//     core), on the ONNX formulations of ort-variants.mjs, the best by median CPU time reported
//     the way an onnxruntime user would pick one;
//   - a plain JavaScript baseline (web/gpu/plain-attention.mjs: Float32Array, Math.exp), the
//     project's own; a reference row, not an engine; skipped above 1.1 GFLOP (slow) or with --no-js;
//   - the same kernel built natively (build/tests/batch_native_bench, from
//     tests/bench/batch_native_bench.cc), a process of its own that makes the calls each
//     sample asks for and reports its own CPU time; its bits are checked against the core's;
//   - the peak reference (wasm-peak.mjs: a WebAssembly multiply-add loop), so that "% of
//     peak" divides figures of the same round.
// CPU time: process.cpuUsage() (user + system, every thread of the process; the native
// engine's own process's). Every figure is a median over the rounds with its interquartile
// range; a ratio ("÷ best ORT", "% of peak") is taken round by round, then its median and
// interquartile range (--json has the whole range too). GFLOP/s
// counts 4*T*S*D per head over the eligible keys only (as tests/bench/batch-bench.mjs does).
// Wall times are printed beside the CPU times; on a busy machine they are not comparable.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import os from 'node:os';
import process from 'node:process';
import * as ort from 'onnxruntime-web';
import { loadCompanion } from '../../web/companion.mjs';
import { plainAttention } from '../../web/gpu/plain-attention.mjs';
import { sampler, calibrate, interleave, figure, ratioOf, spreadOf, withSpread, time, times } from '../../web/batch/bench-rounds.mjs';
import { variants } from './ort-variants.mjs';
import { peakLoop } from './wasm-peak.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const rounds = Math.max(1, Number(option('rounds', option('reps', 9))));
const warmup = Math.max(0, Number(option('warmup', 2)));
const sampleMs = Math.max(1, Number(option('sample-ms', 20)));
const only = option('only', null)?.split(',');
const asJson = args.includes('--json');
const withJs = !args.includes('--no-js');
const TOLERANCE = 1e-5;
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
];

const log = (text) => process.stderr.write(`${text}\n`);

// This process's CPU time (every thread: V8's collector and compiler threads work for the engine).
const cpuClock = {
  read: () => process.cpuUsage(),
  between: (a, b) => ({ cpuMs: (b.user - a.user + b.system - a.system) / 1000 }),
};

function maxAbsDiff(a, b) {
  if (a.length !== b.length) return Infinity;
  let m = 0;
  for (let i = 0; i < a.length; i += 1) {
    const d = Math.abs(a[i] - b[i]);
    if (!(d <= m)) m = d;  // NaN propagates as NaN (fails the check)
  }
  return m;
}

// The same kernel built natively, as an engine: a process per workload, started before the
// rounds, asked for `inner` calls a sample; its context's checksum against the core's.
const NATIVE_BENCH = process.env.ATTN_NATIVE_BENCH ?? new URL('../../build/tests/batch_native_bench', import.meta.url).pathname;
function checksum(floats) {
  const bits = new Uint32Array(floats.buffer, floats.byteOffset, floats.length);
  let sum = 0;
  for (const x of bits) sum = (sum + x) >>> 0;
  return sum;
}
async function nativeEngine({ B, H, T, S, D, lengths }, reference) {
  if (!fs.existsSync(NATIVE_BENCH)) return { skipped: `${NATIVE_BENCH} is not built (cmake --build build)` };
  const child = spawn(NATIVE_BENCH, [B, H, T, S, D, lengths ? lengths.join(',') : '-'].map(String), { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the native benchmark stopped');
    return JSON.parse(value);
  };
  const first = await next();
  return {
    sameBits: first.checksum === checksum(reference),
    async sample(inner) {
      child.stdin.write(`${inner}\n`);
      return next();
    },
    stop: () => child.stdin.end(),
  };
}

async function runWorkload(companion, peak, w) {
  const { B, H, T, S, D, lengths } = w;
  const options = { B, H, T, S, D, lengths, scaled: true };
  const inputs = companion.batchAttention({ ...options, seed: 19, returnInputs: true });
  const arrays = { query: inputs.query, keys: inputs.keys, values: inputs.values };
  const reference = inputs.context;
  const eligible = (lengths ?? Array(B).fill(S)).reduce((sum, n) => sum + Math.min(n, S), 0);
  const gflop = (4 * H * T * eligible * D) / 1e9;
  const notes = [];
  const engines = [];
  const local = (call, awaited = false) => sampler(cpuClock, call, { awaited });

  engines.push({ name: 'companion WASM core, checked call (batchAttention)', kind: 'core', config: 'float32, copies in and out',
    sample: local(() => companion.batchAttention(options, arrays)),
    check: () => maxAbsDiff(companion.batchAttention(options, arrays).context, reference) });

  // The zero-copy call (companion.batchBuffers): the inputs are written into the module's
  // memory once, as a caller that owns them would; each call runs the kernel in place.
  const buffers = companion.batchBuffers({ B, H, T, S, Dk: D, Dv: D });
  buffers.query.set(arrays.query);
  buffers.keys.set(arrays.keys);
  buffers.values.set(arrays.values);
  const inPlace = { lengths, scaled: true };
  engines.push({ name: 'companion core, zero-copy (batchBuffers)', kind: 'core-lean',
    config: 'float32, inputs already in the module\'s memory, context read there', sample: local(() => buffers.run(inPlace)),
    check: () => { buffers.run(inPlace); return maxAbsDiff(buffers.context, reference); }, free: () => buffers.free() });

  // One query against a few keys: the lean entry the figures and labs use (companion.smallReader).
  if (B === 1 && H === 1 && T === 1 && !lengths) {
    const reader = companion.smallReader({ S, Dk: D, Dv: D });
    const read = () => reader.read(arrays.query, arrays.keys, arrays.values, { scale: inputs.scale });
    engines.push({ name: 'companion small read (smallReader)', kind: 'core-lean',
      config: 'float32, buffers in the module\'s memory, no JSON, no clock', sample: local(read),
      check: () => maxAbsDiff(read().context, reference), free: () => reader.free() });
  }

  for (const variant of variants(ort, w, inputs.scale)) {
    const tried = [];
    let chosen = null;
    for (const candidate of variant.candidates) {
      try {
        const session = await ort.InferenceSession.create(candidate.model,
          { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
        const feeds = candidate.feeds(arrays);
        const diff = maxAbsDiff((await session.run(feeds)).context.data, reference);
        if (!(diff <= TOLERANCE)) {
          tried.push(`${candidate.config}: MISMATCH (max abs ${diff})`);
          await session.release();
          continue;
        }
        chosen = { session, feeds, candidate };
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
      sample: local(() => session.run(feeds), true),
      check: async () => maxAbsDiff((await session.run(feeds)).context.data, reference) });
  }

  if (withJs && gflop <= JS_MAX_GFLOP) {
    const plain = () => plainAttention(inputs.shape, inputs.scale, inputs.mask, inputs.query, inputs.keys, inputs.values);
    engines.push({ name: 'plain JS baseline (reference row, not an engine)', kind: 'js', config: 'web/gpu/plain-attention.mjs',
      sample: local(plain), check: () => maxAbsDiff(plain().context, reference) });
  } else if (withJs) {
    engines.push({ name: 'plain JS baseline (reference row, not an engine)', kind: 'js', config: '', skipped: `over ${JS_MAX_GFLOP} GFLOP (slow)` });
  }

  const native = await nativeEngine(w, reference);
  engines.push({ name: 'companion core, native build (the same kernel, SSE2 lanes, its own process)', kind: 'native',
    config: native.skipped ? 'not run' : `float32, context bits ${native.sameBits ? 'the same as WebAssembly' : 'DIFFER from WebAssembly'}`,
    skipped: native.skipped, sample: native.sample, check: () => (native.sameBits ? 0 : Infinity), free: native.stop });
  engines.push({ name: 'peak reference (wasm-peak.mjs)', kind: 'peak', config: 'six independent four-lane multiply-adds',
    sample: local(peak.call), check: () => 0 });

  const live = engines.filter((e) => !e.skipped);
  for (const e of live) {
    e.maxAbs = await e.check();
    e.pass = e.maxAbs <= TOLERANCE;
  }
  const timed = live.filter((e) => e.pass);
  for (const e of timed) await calibrate(e, { sampleMs });
  await interleave(timed, { rounds, warmup, onRound: (r) => log(`  ${w.name}: ${r < 0 ? 'warm-up' : `round ${r + 1} of ${rounds}`}`) });

  const peakEngine = timed.find((e) => e.kind === 'peak');
  for (const e of timed) {
    e.cpu = figure(e, 'cpuMs');
    e.wall = figure(e, 'wallMs');
    const flop = e.kind === 'peak' ? peak.flops / 1e9 : gflop;
    e.gflops = spreadOf(e.samples.map((s) => flop / (s.cpuMs / 1000)));
    if (e.kind !== 'peak' && peakEngine) {
      e.ofPeak = spreadOf(e.samples.map((s, r) => (flop / s.cpuMs) / (peak.flops / 1e9 / peakEngine.samples[r].cpuMs)));
    }
  }
  const ortTimed = timed.filter((e) => e.kind === 'ort');
  const best = ortTimed.length ? ortTimed.reduce((x, y) => (y.cpu.median < x.cpu.median ? y : x)) : null;
  for (const e of timed) if (best && e.kind !== 'peak') e.overBest = ratioOf(e, best);
  for (const e of live) await e.session?.release();
  for (const e of engines) e.free?.();
  return { workload: { name: w.name, B, H, T, S, D, lengths: lengths ?? null, scale: inputs.scale, gflop },
    engines: engines.map(({ name, kind, config, skipped, maxAbs, pass, inner, cpu, wall, gflops, overBest, ofPeak }) =>
      ({ name, kind, config, skipped: skipped ?? null, maxAbs: maxAbs ?? null, pass: pass ?? null, callsPerSample: inner ?? null,
        cpuMs: cpu ?? null, wallMs: wall ?? null, gflops: gflops ?? null, overOrtBest: overBest ?? null, ofPeak: ofPeak ?? null })),
    ortBest: best ? best.name : null, notes };
}

// ---- report ------------------------------------------------------------------------------

const gf = (s) => withSpread(s, (x) => x.toFixed(1));
const pc = (s) => withSpread(s, (x) => `${(100 * x).toFixed(0)}%`);
const label = (w) => `${w.name} (B${w.B} H${w.H} T${w.T} S${w.S} D${w.D}${w.lengths ? `, lengths ${w.lengths.join('/')}` : ''})`;

function fullTable(results) {
  const lines = ['| workload | engine | config | max abs vs core | CPU / call | wall / call | GFLOP/s (CPU) | ÷ best ORT (CPU, per round) | of peak (per round) |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|'];
  for (const r of results) {
    r.engines.forEach((e, i) => {
      const check = e.skipped ? `not run: ${e.skipped}` : e.pass ? e.maxAbs.toExponential(1) : `MISMATCH ${e.maxAbs}`;
      lines.push(`| ${i === 0 ? label(r.workload) : ''} | ${e.name}${e.name === r.ortBest ? ' **(best ORT)**' : ''} | ${e.config} | ${check} | ` +
        `${withSpread(e.cpuMs, time)} | ${withSpread(e.wallMs, time)} | ${gf(e.gflops)} | ${withSpread(e.overOrtBest, times)} | ${pc(e.ofPeak)} |`);
    });
  }
  return lines.join('\n');
}

// One line per workload: what docs/benchmarks.md quotes.
function summaryTable(results) {
  const lines = ['| workload | checked call | zero-copy (or small read) | best ORT | zero-copy ÷ best ORT | native | native ÷ best ORT | zero-copy, of peak |',
    '|---|---:|---:|---:|---:|---:|---:|---:|'];
  for (const r of results) {
    const find = (kind) => r.engines.filter((e) => e.kind === kind && e.cpuMs);
    const checked = find('core')[0];
    const lean = find('core-lean').reduce((x, y) => (!x || y.cpuMs.median < x.cpuMs.median ? y : x), null);
    const best = r.engines.find((e) => e.name === r.ortBest);
    const native = find('native')[0];
    const leanName = lean?.name.includes('small read') ? ' (small read)' : '';
    lines.push(`| ${label(r.workload)} | ${withSpread(checked?.cpuMs, time)} | ${withSpread(lean?.cpuMs, time)}${leanName} | ` +
      `${withSpread(best?.cpuMs, time)} (${best?.name.replace(/^ORT /, '') ?? '—'}) | ${withSpread(lean?.overOrtBest, times)} | ` +
      `${withSpread(native?.cpuMs, time)} | ${withSpread(native?.overOrtBest, times)} | ${pc(lean?.ofPeak)} |`);
  }
  return lines.join('\n');
}

ort.env.wasm.numThreads = 1;  // single thread, like the core: a like-for-like comparison
ort.env.logLevel = 'error';
const companion = await loadCompanion();
const peak = await peakLoop();
const chosen = WORKLOADS.filter((w) => !only || only.includes(w.name));
if (!chosen.length) throw new Error(`--only: no workload named ${only}; the names: ${WORKLOADS.map((w) => w.name).join(', ')}`);
const results = [];
for (const w of chosen) {
  log(`${w.name}: B${w.B} H${w.H} T${w.T} S${w.S} D${w.D}`);
  results.push(await runWorkload(companion, peak, w));
}
const peakFigures = results.map((r) => r.engines.find((e) => e.kind === 'peak')?.gflops).filter(Boolean);
const machine = `${os.cpus().length} logical CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}, ` +
  `Node ${process.version}, onnxruntime-web ${ort.env.versions.web}, ort.env.wasm.numThreads = 1`;
if (asJson) {
  process.stdout.write(`${JSON.stringify({ machine, rounds, warmup, sampleMs, tolerance: TOLERANCE, results }, null, 2)}\n`);
} else {
  const notes = results.flatMap((r) => r.notes.map((n) => `- ${r.workload.name}: ${n}`));
  process.stdout.write([`onnxruntime-web benchmark: ${machine}`,
    `${rounds} interleaved rounds after ${warmup} warm-up; each sample repeats a call for about ${sampleMs} ms of CPU time; ` +
    'figures: CPU time per call, median over the rounds (interquartile range); ratios taken round by round.',
    `Peak reference (a WebAssembly loop of six independent four-lane multiply-adds, in the same rounds): ${peakFigures.map(gf).join('; ')} GFLOP/s`,
    '', summaryTable(results), '', fullTable(results), '', ...(notes.length ? ['Variants tried and not timed:', ...notes] : [])].join('\n') + '\n');
}
