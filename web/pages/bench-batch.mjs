// The benchmark page: the chapter workload on plain JS, the WASM core and WebGPU (both
// kernels), medians of repeated runs, ratios to the WASM core. Not a test: it times, and
// it checks each path's output against the core before reporting it. ?reps=N&warmup=N
// (and ?poolReps=N&poolWarmup=N for the worker pools' samples: by default at least 100
// after 20); another shape with ?B=&H=&T=&S=&D= (and ?lengths=a,b,... or ?lengths= for
// none), and ?paths=wasm to time the WASM core only.

import { bootCompanion, setStatus } from '../ui/boot.mjs';
import { el, clear } from '../ui/dom.mjs';
import { openGpuAttention, describeAdapter } from '../gpu/gpu-attention.mjs';
import { plainAttention } from '../gpu/plain-attention.mjs';
import { createBatchPool } from '../batch/batch-pool.mjs';
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

function quantile(xs, q) {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function median(xs) {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// Runs fn warmup + reps times; returns the timed records (fn's result plus timeMs, the
// wall time of the call unless fn reports its own) and their median time.
async function timeIt(label, reps, warmup, fn, progress) {
  const records = [];
  for (let i = 0; i < warmup + reps; i += 1) {
    progress.textContent = `${label}: run ${i + 1} of ${warmup + reps}`;
    const started = performance.now();
    const out = await fn();
    const elapsed = performance.now() - started;
    if (i >= warmup) records.push({ ...out, timeMs: out?.timeMs ?? elapsed });
  }
  return { records, median: median(records.map((r) => r.timeMs)), last: records[records.length - 1] };
}

async function main() {
  const companion = await bootCompanion({ core: 'whole' }); // the batch calls, from the start
  if (!companion) return;
  const params = new URL(document.location.href).searchParams;
  const reps = Math.max(1, Number(params.get('reps') ?? 7));
  const warmup = Math.max(0, Number(params.get('warmup') ?? 2));
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
  const rows = [];

  if (!wasmOnly) {
    const plain = await timeIt('plain JS', reps, warmup,
      () => plainAttention(inputs.shape, inputs.scale, inputs.mask, inputs.query, inputs.keys, inputs.values), progress);
    rows.push({ path: 'plain JS (Float32Array, Math.exp)', median: plain.median, agreement: agreeWith(plain.last.context, plain.last.emptyRows) });
  }

  const wasmCall = await timeIt('WASM core', reps, warmup, () => companion.batchAttention(WORKLOAD, arrays), progress);
  rows.push({ path: 'WASM core, whole call (copies in and out)', median: wasmCall.median, agreement: agreeWith(wasmCall.last.context, wasmCall.last.emptyRows) });
  rows.push({ path: 'WASM core, compute only (same calls)', median: median(wasmCall.records.map((r) => r.coreMs)) });

  // The worker pool (batch-pool.mjs) with one worker and with one per logical processor (at
  // least two), two ways: the inputs sent with each run (pool.run), and kept in the workers
  // (pool.keep: written there once, as the zero-copy call's are written into the module
  // once; each run sends its options and gets the context back). The four are timed in
  // alternation: a speed-up is the one-worker median over the other's, the same way.
  // A pool's run is short and its workers' timing noisy, so it gets at least 100 timed samples
  // after at least 20 warm-up ones. A sample is the mean of 4 runs one after another, each
  // awaited: a page that is not cross-origin isolated reads its clock in steps of 0.1 ms,
  // 6% of a 2-worker run of the chapter workload. Each pool writes its outputs into arrays
  // kept across its runs, as a caller running batch after batch would keep them.
  const sizes = [1, Math.max(2, Math.min(4, navigator.hardwareConcurrency || 1))];
  const lanes = [];
  for (const kept of [false, true]) {
    for (const size of sizes) {
      const pool = createBatchPool({ size });
      const ready = await pool.ready();
      if (ready.reason) throw new Error(`the worker pool of ${size} runs on one thread: ${ready.reason}`);
      const into = { context: new Float32Array(inputs.context.length), emptyRows: new Uint8Array(inputs.emptyRows.length) };
      const batch = kept ? await pool.keep(WORKLOAD, arrays) : null;
      lanes.push({ size, kept, pool, times: [], last: null,
        run: kept ? () => batch.run(WORKLOAD, into) : () => pool.run(WORKLOAD, { ...arrays, ...into }) });
    }
  }
  const poolReps = Math.max(1, Number(params.get('poolReps') ?? Math.max(100, reps)));
  const poolWarmup = Math.max(0, Number(params.get('poolWarmup') ?? Math.max(20, warmup)));
  // The progress line is written once: redrawing it during a timed run would take a core
  // from the workers (on a 2-core machine, two workers already use both).
  const RUNS_PER_SAMPLE = 4;
  progress.textContent = `WASM worker pools of ${sizes.join(' and ')} workers: ${poolWarmup + poolReps} samples each`;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  for (let i = 0; i < poolWarmup + poolReps; i += 1) {
    for (const lane of lanes) {
      const started = performance.now();
      for (let run = 0; run < RUNS_PER_SAMPLE; run += 1) lane.last = await lane.run();
      if (i >= poolWarmup) lane.times.push((performance.now() - started) / RUNS_PER_SAMPLE);
    }
  }
  for (const { size, kept, pool, times, last } of lanes) {
    rows.push({ path: `WASM worker pool, ${plural(size, 'worker')}, ${kept ? 'inputs kept in the workers' : 'inputs copied and sent each run'}`,
      median: median(times), spread: [quantile(times, 0.1), quantile(times, 0.9)], agreement: agreeWith(last.context, last.emptyRows),
      bitsEqual: last.context.every((x, n) => Object.is(x, wasmCall.last.context[n])) });
    pool.terminate();
  }
  const speedup = (kept) => {
    const [one, many] = lanes.filter((lane) => lane.kept === kept).map((lane) => median(lane.times));
    return one / many;
  };
  const poolSpeedup = speedup(false);
  const poolSpeedupKept = speedup(true);
  const poolNote = `The worker pool rows are medians of ${plural(poolReps, 'sample')} after ${plural(poolWarmup, 'warm-up one')}, each the mean of ${RUNS_PER_SAMPLE} runs one after another; ` +
    `${sizes[1]} workers against one: ${poolSpeedup.toFixed(2)}× with the inputs sent each run, ${poolSpeedupKept.toFixed(2)}× with them kept. `;

  const opened = wasmOnly ? { ok: false, reason: 'paths=wasm' } : await openGpuAttention();
  let adapter = 'none';
  if (opened.ok) {
    adapter = describeAdapter(opened.adapterInfo);
    const software = opened.adapterInfo.architecture === 'swiftshader' || opened.adapterInfo.isFallbackAdapter;
    const tag = software ? ' [SwiftShader*]' : '';
    for (const kernel of ['fused', 'reference']) {
      const request = { shape: inputs.shape, scale: inputs.scale, mask: inputs.mask, explicitMask: null, ...arrays, kernel };
      const run = await timeIt(`WebGPU ${kernel}`, reps, warmup, async () => {
        const out = await opened.engine.run(request);
        return { ...out, timeMs: out.timings.totalMs };
      }, progress);
      rows.push({ path: `WebGPU ${kernel}, upload + dispatch + readback${tag}`, median: run.median, agreement: agreeWith(run.last.context, run.last.emptyRows) });
      rows.push({ path: `WebGPU ${kernel}, dispatch to done only (same runs)${tag}`, median: median(run.records.map((r) => r.timings.dispatchMs)) });
    }
  } else {
    rows.push({ path: `WebGPU: not run (${opened.reason})`, median: NaN });
  }

  const wasm = rows[wasmOnly ? 0 : 1].median;
  const table = clear(document.getElementById('bench-table'));
  table.append(el('thead', {}, el('tr', {}, ...['path', 'median ms', 'ratio to WASM call', 'agrees with core'].map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, ...rows.map((r) => el('tr', {},
      el('td', {}, r.path), el('td', {}, Number.isFinite(r.median) ? r.median.toFixed(2) : '—'),
      el('td', {}, Number.isFinite(r.median) ? `${(r.median / wasm).toFixed(2)}×` : '—'),
      el('td', {}, r.agreement ? (r.agreement.pass ? `yes (max abs ${r.agreement.maxAbsError.toExponential(1)})` : 'NO') : '')))));
  document.getElementById('bench-note').textContent = `Medians of ${plural(reps, 'run')} after ${plural(warmup, 'warm-up run')}. ${poolNote}WebGPU adapter: ${adapter}. ` +
    `${adapter.includes('swiftshader') ? '*SwiftShader emulates a GPU on the CPU: its times are not a speed figure. ' : ''}` +
    `Browser: ${navigator.userAgent}; logical processors: ${navigator.hardwareConcurrency}.`;
  progress.textContent = 'Done.';
  window.benchResult = { workload: WORKLOAD, reps, warmup, adapter, adapterInfo: opened.adapterInfo ?? null,
    hardwareConcurrency: navigator.hardwareConcurrency, userAgent: navigator.userAgent, poolSpeedup, poolSpeedupKept, poolReps, poolWarmup,
    rows: rows.map(({ path, median: m, spread, agreement, bitsEqual }) => ({ path, median: m, spread: spread ?? null, pass: agreement ? agreement.pass : null,
      maxAbsError: agreement?.maxAbsError ?? null, bitsEqual: bitsEqual ?? null })) };
  setStatus(null);
  document.body.dataset.ready = 'true';
  document.body.dataset.done = 'true';
}

main().catch((error) => {
  setStatus(`The benchmark stopped: ${messageOf(error)}`, 'error');
  window.benchResult = { error: messageOf(error) };
  document.body.dataset.done = 'true';
});
