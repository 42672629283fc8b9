// The benchmark page: the chapter workload on plain JS, the WASM core and WebGPU (both
// kernels), medians of repeated runs, ratios to the WASM core. Not a test: it times, and
// it checks each path's output against the core before reporting it. ?reps=N&warmup=N;
// another shape with ?B=&H=&T=&S=&D= (and ?lengths=a,b,... or ?lengths= for none), and
// ?paths=wasm to time the WASM core only.

import { bootCompanion, setStatus } from '../ui/boot.mjs';
import { el, clear } from '../ui/dom.mjs';
import { openGpuAttention, describeAdapter } from '../gpu/gpu-attention.mjs';
import { plainAttention } from '../gpu/plain-attention.mjs';
import { createBatchPool } from '../batch/batch-pool.mjs';
import { messageOf } from '../error-message.mjs';

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
  const companion = await bootCompanion();
  if (!companion) return;
  const params = new URL(document.location.href).searchParams;
  const reps = Math.max(1, Number(params.get('reps') ?? 7));
  const warmup = Math.max(0, Number(params.get('warmup') ?? 2));
  const progress = document.getElementById('bench-progress');
  const WORKLOAD = workloadOf(params);
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
  // least two), timed in alternation: the speed-up is the one-worker median over the other.
  // A pool's run is short and its workers' timing noisy, so it gets at least 30 timed runs
  // after at least 10 warm-up runs.
  const pools = [1, Math.max(2, Math.min(4, navigator.hardwareConcurrency || 1))].map((size) => ({ size, pool: createBatchPool({ size }) }));
  for (const { size, pool } of pools) {
    const ready = await pool.ready();
    if (ready.reason) throw new Error(`the worker pool of ${size} runs on one thread: ${ready.reason}`);
  }
  const poolTimes = pools.map(() => []);
  let poolLast = null;
  const poolReps = Math.max(30, reps);
  const poolWarmup = Math.max(10, warmup);
  // The progress line is written once: redrawing it during a timed run would take a core
  // from the workers (on a 2-core machine, two workers already use both).
  progress.textContent = `WASM worker pools of ${pools.map(({ size }) => size).join(' and ')} workers: ${poolWarmup + poolReps} runs each`;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  for (let i = 0; i < poolWarmup + poolReps; i += 1) {
    for (const [j, { pool }] of pools.entries()) {
      const started = performance.now();
      poolLast = await pool.run(WORKLOAD, arrays);
      if (i >= poolWarmup) poolTimes[j].push(performance.now() - started);
    }
  }
  for (const [j, { size, pool }] of pools.entries()) {
    rows.push({ path: `WASM worker pool, ${size} worker${size === 1 ? '' : 's'} (copies out, transfers back)`, median: median(poolTimes[j]),
      agreement: j === pools.length - 1 ? agreeWith(poolLast.context, poolLast.emptyRows) : undefined,
      bitsEqual: j === pools.length - 1 ? poolLast.context.every((x, n) => Object.is(x, wasmCall.last.context[n])) : undefined });
    pool.terminate();
  }
  const poolSpeedup = median(poolTimes[0]) / median(poolTimes[poolTimes.length - 1]);
  const poolNote = `The worker pool rows are medians of ${poolReps} runs after ${poolWarmup} warm-up runs. `;

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
  document.getElementById('bench-note').textContent = `Medians of ${reps} runs after ${warmup} warm-up runs. ${poolNote}WebGPU adapter: ${adapter}. ` +
    `${adapter.includes('swiftshader') ? '*SwiftShader emulates a GPU on the CPU: its times are not a speed figure. ' : ''}` +
    `Browser: ${navigator.userAgent}; logical processors: ${navigator.hardwareConcurrency}.`;
  progress.textContent = 'Done.';
  window.benchResult = { workload: WORKLOAD, reps, warmup, adapter, adapterInfo: opened.adapterInfo ?? null,
    hardwareConcurrency: navigator.hardwareConcurrency, userAgent: navigator.userAgent, poolSpeedup, poolReps, poolWarmup,
    rows: rows.map(({ path, median: m, agreement, bitsEqual }) => ({ path, median: m, pass: agreement ? agreement.pass : null,
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
