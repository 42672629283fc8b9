// A pool of module Workers for big batches: the (item, head) pairs of a batch are cut into
// one contiguous run per worker, of about equal work, and each worker runs its run on its
// own copy of the core (batch-worker.mjs, the zero-copy buffers) as a batch of its own:
// its pairs as items of one head, each with its item's length. Attention never mixes
// pairs, and each pair goes through the same kernel in the same order, so the context is
// bit for bit the one-thread result (a browser test checks it). Nothing is shared between
// threads (no SharedArrayBuffer, so no cross-origin isolation is needed): each run's inputs
// are copied out once and transferred, and each context comes back transferred.
//
// Where Workers cannot start (a host page whose CSP forbids them, a browser without module
// Workers), the pool runs on the page's own core, on one thread, and says why (reason).
// Like companion.batchBuffers, the pool trusts its numbers: the caller vouches that they are
// finite; the options are checked by the core.

import { createWorkerCore } from './batch-worker-client.mjs';
import { messageOf } from '../error-message.mjs';

// The options that a pair keeps: everything but the shape, the lengths (per pair) and the seed.
const PAIR_OPTIONS = ['causal', 'window', 'halfWidth', 'temperature', 'scaled'];

// The keys (and values) of pair p that its queries may read: those before its item's length.
// The rest are never read, so the pool does not copy them.
function keyRows({ H, S }, lengths, p) {
  return lengths ? Math.max(0, Math.min(lengths[Math.floor(p / H)], S)) : S;
}

// Cuts the B·H pairs into at most `parts` contiguous runs of about equal work. A pair's work
// is its queries times its eligible keys (its item's length, at most S), each a dot product
// and a weighted sum of D numbers, plus the copies of its inputs (each number is copied
// twice on its way into a worker's core, the first time on this thread, one run after
// another), counted as 1/12 of a query-key step each: the ratio that evened out the
// workers' finishing times in Chromium on the chapter workload (a 2-core VM, 2026-12-01).
// -> [{from, to}] (pair indices, to excluded), none empty.
export function splitPairs({ B, H, T, S, Dk = 1, Dv = Dk }, lengths, parts) {
  const pairs = B * H;
  const work = (p) => {
    const rows = keyRows({ H, S }, lengths, p);
    return T * rows + (rows * (Dk + Dv) + T * Dk) / 12;
  };
  const prefix = [0];
  for (let p = 0; p < pairs; p += 1) prefix.push(prefix[p] + work(p));
  const runs = Math.max(1, Math.min(parts, pairs));
  const cuts = [0];
  for (let k = 1; k < runs; k += 1) {
    const target = (prefix[pairs] * k) / runs;
    // The cut nearest the target, leaving at least one pair for each run on either side.
    let cut = Math.max(cuts[k - 1] + 1, 1);
    while (cut < pairs - (runs - k) && Math.abs(prefix[cut + 1] - target) <= Math.abs(prefix[cut] - target)) cut += 1;
    cuts.push(cut);
  }
  cuts.push(pairs);
  return cuts.slice(0, -1).map((from, k) => ({ from, to: cuts[k + 1] }));
}

// companion.wasm, compiled once per page for every pool (null where it cannot be: the
// workers then compile their own).
let compiling = null;
function compiledCore() {
  compiling ??= WebAssembly.compileStreaming(fetch(new URL('../companion.wasm', import.meta.url))).catch(() => null);
  return compiling;
}

function shapeOf(options) {
  const { B = 1, H = 1, T, S } = options;
  const Dk = options.Dk ?? options.D;
  const Dv = options.Dv ?? options.D ?? Dk;
  const shape = { B, H, T, S, Dk, Dv };
  for (const [name, n] of Object.entries(shape)) {
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`The pooled batch's ${name} must be a whole number of at least 1.`);
  }
  return shape;
}

function float32(array, name, length) {
  if (array?.length !== length) throw new Error(`The pooled batch's ${name} must hold ${length} numbers; it holds ${array?.length ?? 'none'}.`);
  return array instanceof Float32Array ? array : Float32Array.from(array);
}

// size: how many workers (by default the browser's logical processors, at most 4);
// url: batch-worker.mjs (tests may pass another); fallback: () => the page's companion,
// for a pool whose workers cannot start.
export function createBatchPool({ size = Math.min(4, globalThis.navigator?.hardwareConcurrency || 1), url, fallback } = {}) {
  let workers = null;
  let reason = null;
  let starting = null;
  // Per worker, the arrays that carry its inputs there and come back with its context: made
  // once for a run's sizes and reused, so that a run allocates no input memory.
  const carriers = [];
  function carry(i, sizes) {
    const held = carriers[i];
    if (held && Object.entries(sizes).every(([name, n]) => held[name].length === n)) return held;
    return Object.fromEntries(Object.entries(sizes).map(([name, n]) => [name, name === 'emptyRows' ? new Uint8Array(n) : new Float32Array(n)]));
  }

  function start() {
    starting ??= (async () => {
      if (typeof Worker !== 'function') {
        reason = 'this browser has no Workers';
        return;
      }
      const started = Array.from({ length: Math.max(1, size) }, () => createWorkerCore(url ? { url } : {}));
      try {
        // One compilation for all the workers: they share its machine code, so the optimised
        // tier that one worker's runs bring in serves the others too.
        const module = await compiledCore();
        await Promise.all(started.map((worker) => worker.ready(module)));
        workers = started;
      } catch (error) {
        for (const worker of started) worker.cancel();
        reason = `the workers could not start (${messageOf(error)})`;
      }
    })();
    return starting;
  }

  async function onOneThread(shape, options, query, keys, values) {
    if (!fallback) throw new Error(`The batch cannot run: ${reason}, and there is no core on this page to run it.`);
    const companion = await fallback();
    const buffers = companion.batchBuffers(shape);
    try {
      buffers.query.set(query);
      buffers.keys.set(keys);
      buffers.values.set(values);
      const summary = buffers.run(options);
      return { context: buffers.context.slice(), emptyRows: buffers.emptyRows.slice(), coreMs: [summary.coreMs] };
    } finally {
      buffers.free();
    }
  }

  return {
    // -> {threads, reason}: how many threads the next run uses, and why only one if so.
    async ready() {
      await start();
      return { threads: workers ? workers.length : 1, reason };
    },
    // options: the core's batch options (B, H, T, S, D or Dk and Dv, lengths, causal,
    // window, halfWidth, temperature, scaled); arrays: {query, keys, values}, laid out as
    // for batchAttention. -> {context, emptyRows, threads, runs: [{from, to}], coreMs: [per run]}.
    async run(options, { query, keys, values } = {}) {
      if (options?.explicitMask !== undefined) throw new Error('The pooled batch takes no explicit mask; run it with batchAttention.');
      const shape = shapeOf(options ?? {});
      const { B, H, T, S, Dk, Dv } = shape;
      const q = float32(query, 'query', B * H * T * Dk);
      const k = float32(keys, 'keys', B * H * S * Dk);
      const v = float32(values, 'values', B * H * S * Dv);
      const { lengths } = options;
      if (lengths !== undefined && lengths !== null && (!Array.isArray(lengths) || lengths.length !== B || !lengths.every(Number.isSafeInteger))) {
        throw new Error(`The pooled batch's lengths must be a list of ${B} whole numbers, one for each item.`);
      }
      const pairOptions = Object.fromEntries(PAIR_OPTIONS.filter((key) => options[key] !== undefined).map((key) => [key, options[key]]));
      await start();
      if (!workers) {
        const out = await onOneThread(shape, { ...pairOptions, ...(lengths ? { lengths } : {}) }, q, k, v);
        return { ...out, threads: 1, runs: [{ from: 0, to: B * H }], reason };
      }
      const runs = splitPairs(shape, lengths, workers.length);
      // Per run, each pair's keys that are sent and their sum.
      const plans = runs.map(({ from, to }) => {
        const rows = Array.from({ length: to - from }, (_, p) => keyRows(shape, lengths, from + p));
        return { rows, sent: rows.reduce((sum, n) => sum + n, 0) };
      });
      // The run with the least to copy is handed out first, so that its worker starts while
      // the others' inputs are still being copied.
      const copied = (i) => (runs[i].to - runs[i].from) * T * Dk + plans[i].sent * (Dk + Dv);
      const order = runs.map((_, i) => i).sort((a, b) => copied(a) - copied(b));
      const shares = new Array(runs.length);
      const posted = order.map((i) => {
        const { from, to } = runs[i];
        const { rows, sent } = plans[i];
        const carrier = carry(i, { query: (to - from) * T * Dk, keys: sent * Dk, values: sent * Dv,
          context: (to - from) * T * Dv, emptyRows: (to - from) * T });
        carrier.query.set(q.subarray(from * T * Dk, to * T * Dk));
        let at = 0;
        rows.forEach((n, p) => {
          carrier.keys.set(k.subarray((from + p) * S * Dk, ((from + p) * S + n) * Dk), at * Dk);
          carrier.values.set(v.subarray((from + p) * S * Dv, ((from + p) * S + n) * Dv), at * Dv);
          at += n;
        });
        carriers[i] = null;  // transferred: detached until the worker hands it back
        return workers[i].batchSlice({
          shape: { B: to - from, H: 1, T, S, Dk, Dv },
          options: { ...pairOptions, ...(lengths ? { lengths: Array.from({ length: to - from }, (_, p) => lengths[Math.floor((from + p) / H)]) } : {}) },
          rows,
          ...carrier,
        }).then((share) => {
          shares[i] = share;
          carriers[i] = share;
          context.set(share.context, from * T * Dv);  // while the other workers still compute
          emptyRows.set(share.emptyRows, from * T);
        });
      });
      // The outputs are made while the workers compute, and each share is copied in as it
      // comes back: only the last share's copy is left after the last worker finishes.
      const context = new Float32Array(B * H * T * Dv);
      const emptyRows = new Uint8Array(B * H * T);
      await Promise.all(posted);
      return { context, emptyRows, threads: workers.length, runs, coreMs: shares.map((share) => share.coreMs), reason: null };
    },
    // Stops the workers; a later run starts them again.
    terminate() {
      for (const worker of workers ?? []) worker.cancel();
      workers = null;
      starting = null;
      carriers.length = 0;
      reason = null;
    },
  };
}
