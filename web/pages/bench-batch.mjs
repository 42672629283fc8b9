// The benchmark page: the chapter workload on plain JS, the WASM core (the checked call and
// the zero-copy one), its worker pool and WebGPU (both kernels), every path's output first
// checked against the core's. Not a test: it times. The CPU paths are timed in the same
// interleaved rounds, on CPU time, and each is given as a ratio to the kernel run in place
// (the zero-copy call: the compute alone), taken round by round (web/batch/bench-rounds.mjs). CPU time is what tests/bench/batch-bench.mjs
// reads for it from /proc (the browser's renderer: its main thread and its workers), through
// window.benchCpu; opened without that harness, the page times wall time instead and says so.
// ?rounds=N&warmup=N&sampleMs=N (reps: rounds); another shape with ?B=&H=&T=&S=&D= (and
// ?lengths=a,b,... or ?lengths= for none), ?paths=wasm to time the WASM core only, ?gpu=0 to
// leave WebGPU out.

import { bootCompanion, setStatus } from '../ui/boot.mjs';
import { el, clear } from '../ui/dom.mjs';
import { openGpuAttention, describeAdapter } from '../gpu/gpu-attention.mjs';
import { plainAttention } from '../gpu/plain-attention.mjs';
import { createBatchPool } from '../batch/batch-pool.mjs';
import { sampler, calibrate, interleave, figure, ratioOf, spreadOf, withSpread, time, times } from '../batch/bench-rounds.mjs';
import { messageOf } from '../error-message.mjs';
import { plural } from '../ui/format.mjs';

const CHAPTER = { B: 8, H: 4, T: 64, S: 512, D: 64, lengths: [512, 384, 256, 128, 64, 5, 3, 1], scaled: true, seed: 19 };

// The chapter workload, or the shape the address asks for.
function workloadOf(params) {
  const workload = { ...CHAPTER };
  for (const key of ['B', 'H', 'T', 'S', 'D']) {
    if (params.has(key)) workload[key] = Number(params.get(key));
  }
  if (params.has('lengths')) {
    const text = params.get('lengths');
    workload.lengths = text === '' ? undefined : text.split(',').map(Number);
  }
  if (workload.lengths === undefined) delete workload.lengths;
  return workload;
}

// CPU time per thread of this page's renderer, from the harness: {threads: {tid: ns}, main:
// tid, workers: [tid]}. The harness first finds which renderer is this page's: the one that
// runs the pools' workers (else the one whose main thread spins between its two calls). -> a clock (bench-rounds.mjs) whose
// readings give cpuMs (every thread) and longestMs (the main thread and the busiest worker:
// the CPU time along the longest chain of a pool's run), or null without the harness.
async function rendererCpuClock() {
  if (typeof window.benchCpu !== 'function') return null;
  await window.benchCpu('find');
  const until = performance.now() + 200;
  while (performance.now() < until) { /* spin: the harness looks for the renderer that works now */ }
  await window.benchCpu('found');
  const delta = (a, b, tid) => (b.threads[tid] ?? 0) - (a.threads[tid] ?? 0);
  return {
    read: () => window.benchCpu('read'),
    between(a, b) {
      let total = 0;
      for (const tid of Object.keys(b.threads)) total += delta(a, b, tid);
      const busiest = Math.max(0, ...b.workers.map((tid) => delta(a, b, tid)));
      return { cpuMs: total / 1e6, longestMs: (delta(a, b, b.main) + busiest) / 1e6 };
    },
  };
}
const wallClock = { read: () => performance.now(), between: (a, b) => ({ cpuMs: b - a, longestMs: b - a }) };

// The worker pool (batch-pool.mjs) with one worker and with one per logical processor (at
// least two), two ways: the inputs sent with each run (pool.run), and kept in the workers
// (pool.keep: written there once, as the zero-copy call's are written into the module once;
// each run sends its options and gets the context back). Each writes its outputs into arrays
// kept across its runs, as a caller running batch after batch would keep them. -> paths.
async function poolPaths(workload, arrays, lengths) {
  const sizes = [1, Math.max(2, Math.min(4, navigator.hardwareConcurrency || 1))];
  const paths = [];
  for (const kept of [false, true]) {
    for (const size of sizes) {
      const pool = createBatchPool({ size });
      const ready = await pool.ready();
      if (ready.reason) throw new Error(`the worker pool of ${size} runs on one thread: ${ready.reason}`);
      const into = { context: new Float32Array(lengths.context), emptyRows: new Uint8Array(lengths.emptyRows) };
      const batch = kept ? await pool.keep(workload, arrays) : null;
      paths.push({ name: `WASM worker pool, ${plural(size, 'worker')}, ${kept ? 'inputs kept in the workers' : 'inputs copied and sent each run'}`,
        kind: 'pool', size, kept, stop: () => pool.terminate(), awaited: true,
        call: kept ? () => batch.run(workload, into) : () => pool.run(workload, { ...arrays, ...into }) });
    }
  }
  return { paths, sizes };
}

// The WebGPU kernels (after the rounds, in wall time: on SwiftShader their work is in the GPU
// process, and their times are not a speed figure anyway) -> rows.
async function gpuRows(inputs, arrays, agreeWith, rounds, progress) {
  const opened = await openGpuAttention();
  if (!opened.ok) return { adapter: 'none', rows: [{ name: `WebGPU: not run (${opened.reason})` }] };
  const adapter = describeAdapter(opened.adapterInfo);
  const software = opened.adapterInfo.architecture === 'swiftshader' || opened.adapterInfo.isFallbackAdapter;
  const tag = software ? ' [SwiftShader*]' : '';
  const rows = [];
  for (const kernel of ['fused', 'reference']) {
    const request = { shape: inputs.shape, scale: inputs.scale, mask: inputs.mask, explicitMask: null, ...arrays, kernel };
    const runs = [];
    for (let i = 0; i < rounds + 1; i += 1) {
      progress.textContent = `WebGPU ${kernel}: run ${i + 1} of ${rounds + 1}`;
      runs.push(await opened.engine.run(request));
    }
    const timed = runs.slice(1);  // the first one compiles the pipelines
    rows.push({ name: `WebGPU ${kernel}, upload + dispatch + readback, wall time${tag}`, wall: spreadOf(timed.map((r) => r.timings.totalMs)),
      agreement: agreeWith(runs.at(-1).context, runs.at(-1).emptyRows) });
    rows.push({ name: `WebGPU ${kernel}, dispatch to done only, wall time${tag}`, wall: spreadOf(timed.map((r) => r.timings.dispatchMs)) });
  }
  return { adapter, adapterInfo: opened.adapterInfo, rows };
}

async function main() {
  const companion = await bootCompanion({ core: 'whole' }); // the batch calls, from the start
  if (!companion) return;
  const params = new URL(document.location.href).searchParams;
  const rounds = Math.max(1, Number(params.get('rounds') ?? params.get('reps') ?? 31));
  const warmup = Math.max(0, Number(params.get('warmup') ?? 2));
  const sampleMs = Math.max(1, Number(params.get('sampleMs') ?? 20));
  const progress = document.getElementById('bench-progress');
  const WORKLOAD = workloadOf(params);
  const { B, H, T, S, D, lengths, scaled } = WORKLOAD;
  document.getElementById('bench-workload').textContent = `Workload: B=${B}, H=${H}, T=${T}, S=${S}, D=${D}, ` +
    `${lengths ? `source lengths ${lengths.join(', ')}` : 'no padding'}, ${scaled ? 'scaled' : 'unscaled'} scores`;
  const wasmOnly = params.get('paths') === 'wasm';
  const inputs = companion.batchAttention({ ...WORKLOAD, returnInputs: true });
  const arrays = { query: inputs.query, keys: inputs.keys, values: inputs.values };
  // Each path's outputs against the core's (one comparison; the core computes nothing again).
  const agreeWith = (context, emptyRows) => companion.batchAgreement(WORKLOAD, {
    context: inputs.context, emptyRows: inputs.emptyRows, compareContext: context, compareEmptyRows: emptyRows }).agreement;
  const buffers = companion.batchBuffers({ B, H, T, S, Dk: D, Dv: D });
  for (const name of ['query', 'keys', 'values']) buffers[name].set(arrays[name]);
  const inPlace = { lengths, scaled };
  const paths = [];
  if (!wasmOnly) {
    paths.push({ name: 'plain JS (Float32Array, Math.exp)', kind: 'js',
      call: () => plainAttention(inputs.shape, inputs.scale, inputs.mask, inputs.query, inputs.keys, inputs.values) });
  }
  const kernel = { name: 'WASM core, zero-copy (batchBuffers: inputs already in the module)', kind: 'wasm',
    call: () => {
      buffers.run(inPlace);
      return { context: buffers.context, emptyRows: buffers.emptyRows };
    } };
  paths.push({ name: 'WASM core, checked call (batchAttention: copies in and out)', kind: 'wasm',
    call: () => companion.batchAttention(WORKLOAD, arrays) }, kernel);
  const pools = await poolPaths(WORKLOAD, arrays, { context: inputs.context.length, emptyRows: inputs.emptyRows.length });
  paths.push(...pools.paths);
  const cpuClock = await rendererCpuClock();  // once the pools' workers run: the harness finds the renderer by them
  const clock = cpuClock ?? wallClock;

  for (const path of paths) {
    progress.textContent = `Checking and calibrating: ${path.name}`;
    const out = await path.call();
    path.agreement = agreeWith(out.context, out.emptyRows);
    path.bitsEqual = path.kind === 'pool' ? out.context.every((x, n) => Object.is(x, inputs.context[n])) : null;
    path.sample = sampler(clock, path.call, { awaited: path.awaited });
    await calibrate(path, { sampleMs });
  }
  // The progress line is written once a round: redrawing it during a sample would take a core
  // from the workers (on a 2-core machine, two workers already use both).
  await interleave(paths, { rounds, warmup, onRound: (r) => {
    progress.textContent = r < 0 ? `Warm-up round ${r + warmup + 1} of ${warmup}` : `Round ${r + 1} of ${rounds}`;
  } });
  for (const path of paths) path.stop?.();
  buffers.free();

  const rows = paths.map((path) => ({ name: path.name, kind: path.kind, callsPerSample: path.inner,
    cpu: figure(path, 'cpuMs'), wall: figure(path, 'wallMs'),
    overKernel: ratioOf(path, kernel), agreement: path.agreement, bitsEqual: path.bitsEqual }));
  // A pool's speed-up, round by round: one worker's figure over the largest pool's, the same way.
  const lanes = (kept) => paths.filter((p) => p.kind === 'pool' && p.kept === kept);
  const speedup = (kept, field) => ratioOf(...lanes(kept), field);
  const pool = { sizes: pools.sizes, longestSent: speedup(false, 'longestMs'), longestKept: speedup(true, 'longestMs'),
    wallSent: speedup(false, 'wallMs'), wallKept: speedup(true, 'wallMs') };

  const gpu = wasmOnly || params.get('gpu') === '0' ? { adapter: 'not run', rows: [] } : await gpuRows(inputs, arrays, agreeWith, Math.min(rounds, 9), progress);
  rows.push(...gpu.rows);

  const measure = cpuClock ? 'CPU time (the renderer\'s threads, read by the harness)' : 'wall time (opened without the harness, which reads CPU time)';
  const table = clear(document.getElementById('bench-table'));
  const headings = ['path', `per run: ${cpuClock ? 'CPU' : 'wall'} time, median (interquartile range)`, 'ratio to the zero-copy call', 'agrees with core'];
  table.append(el('thead', {}, el('tr', {}, ...headings.map((h) => el('th', { scope: 'col' }, h)))),
  el('tbody', {}, ...rows.map((r) => el('tr', {},
    el('td', {}, r.name), el('td', {}, withSpread(r.cpu ?? r.wall, time)), el('td', {}, withSpread(r.overKernel, times)),
    el('td', {}, r.agreement ? (r.agreement.pass ? `yes (max abs ${r.agreement.maxAbsError.toExponential(1)})` : 'NO') : '')))));
  document.getElementById('bench-note').textContent = `${plural(rounds, 'round')} after ${plural(warmup, 'warm-up round')}, every CPU path once a round, ` +
    `each sample about ${sampleMs} ms; measured in ${measure}. ${pools.sizes[1]} workers against one, round by round: ` +
    `${withSpread(pool.longestSent, times)} (inputs sent) and ${withSpread(pool.longestKept, times)} (kept) on the longest thread's CPU time; ` +
    `${withSpread(pool.wallSent, times)} and ${withSpread(pool.wallKept, times)} in wall time, which needs a free core for each worker. ` +
    `WebGPU adapter: ${gpu.adapter}. ${gpu.adapter.includes('swiftshader') ? '*SwiftShader emulates a GPU on the CPU: its times are not a speed figure. ' : ''}` +
    `Browser: ${navigator.userAgent}; logical processors: ${navigator.hardwareConcurrency}.`;
  progress.textContent = 'Done.';
  window.benchResult = { workload: WORKLOAD, rounds, warmup, sampleMs, measure: cpuClock ? 'cpu' : 'wall', adapter: gpu.adapter,
    adapterInfo: gpu.adapterInfo ?? null, hardwareConcurrency: navigator.hardwareConcurrency, userAgent: navigator.userAgent, pool,
    rows: rows.map(({ agreement, ...r }) => ({ ...r, pass: agreement ? agreement.pass : null, maxAbsError: agreement?.maxAbsError ?? null })) };
  setStatus(null);
  document.body.dataset.ready = 'true';
  document.body.dataset.done = 'true';
}

main().catch((error) => {
  setStatus(`The benchmark stopped: ${messageOf(error)}`, 'error');
  window.benchResult = { error: messageOf(error) };
  document.body.dataset.done = 'true';
});
