// A pool of module Workers for big batches: the (item, head) pairs of a batch are cut into
// one contiguous run per worker, of about equal work, and each worker runs its run on its
// own copy of the core (batch-worker.mjs, the zero-copy buffers) as a batch of its own:
// its pairs as items of one head, each with its item's length. Attention never mixes
// pairs, and each pair goes through the same kernel in the same order, so the context is
// bit for bit the one-thread result (a browser test checks it). Nothing is shared between
// threads (no SharedArrayBuffer, so no cross-origin isolation is needed): each run's inputs
// are copied out once and transferred, and each context comes back transferred. A kept
// batch (keep) stays in the workers' memories: its runs send only their options, as the
// zero-copy call's inputs stay in the module between its runs.
//
// Where Workers cannot start (a host page whose CSP forbids them, a browser without module
// Workers), the pool runs on the page's own core, on one thread, and says why (reason).
// Like companion.batchBuffers, the pool trusts its numbers: the caller vouches that they are
// finite; the options are checked by the core.

import { createWorkerCore } from './batch-worker-client.mjs';
import { messageOf } from '../error-message.mjs';

// The options that are not a pair's: the shape and the lengths (each share gets its own) and
// the seed (the pool takes its inputs from the caller). Every other one goes to the core with
// each run, which reads the mask rules, the scaling and the temperature, and refuses any
// other name with a sentence that names it.
const NOT_PAIR_OPTIONS = new Set(['B', 'H', 'T', 'S', 'D', 'Dk', 'Dv', 'lengths', 'seed']);

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
// A kept batch's runs, which copy nothing, are cut the same way: there the copies' share
// stands for each query's fixed cost (its softmax's sum, its context row), which makes a
// pair with few keys cost more than its query-key steps.
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

// The arrays that receive a run's outputs: the caller's, where given (a caller that runs
// batch after batch of one shape keeps its arrays, whose memory is then already mapped:
// writing into a new array of 0.5 MB costs its first touch of each page, 0.1-0.15 ms on the
// chapter workload, after the last worker is back), else new ones.
function outputs(context, emptyRows, { B, H, T, Dv }) {
  const contextLength = B * H * T * Dv;
  const rowsLength = B * H * T;
  if (context !== undefined && !(context instanceof Float32Array && context.length === contextLength)) {
    throw new Error(`The pooled batch's context, where given, must be a Float32Array of ${contextLength} numbers.`);
  }
  if (emptyRows !== undefined && !(emptyRows instanceof Uint8Array && emptyRows.length === rowsLength)) {
    throw new Error(`The pooled batch's emptyRows, where given, must be a Uint8Array of ${rowsLength} flags.`);
  }
  return { context: context ?? new Float32Array(contextLength), emptyRows: emptyRows ?? new Uint8Array(rowsLength) };
}

function float32(array, name, length) {
  if (array?.length !== length) throw new Error(`The pooled batch's ${name} must hold ${length} numbers; it holds ${array?.length ?? 'none'}.`);
  return array instanceof Float32Array ? array : Float32Array.from(array);
}

// The options of a request that each run may change: everything but the shape, the
// lengths (fixed with the inputs: they decide which keys are sent) and the seed.
function pairOptionsOf(options) {
  return Object.fromEntries(Object.entries(options).filter(([key, value]) => !NOT_PAIR_OPTIONS.has(key) && value !== undefined)
    .map(([key, value]) => [key, Array.isArray(value) ? [...value] : value]));
}

// A batch request checked: its shape, its inputs as Float32Arrays, its lengths (or null),
// and the options a pair keeps, every one read now (a caller may change its objects once
// the call has returned its promise).
function requestOf(options, { query, keys, values }) {
  if (options?.explicitMask !== undefined) throw new Error('The pooled batch takes no explicit mask; run it with batchAttention.');
  const shape = shapeOf(options ?? {});
  const { B, H, T, S, Dk, Dv } = shape;
  const inputs = { query: float32(query, 'query', B * H * T * Dk), keys: float32(keys, 'keys', B * H * S * Dk),
    values: float32(values, 'values', B * H * S * Dv) };
  const given = options.lengths ?? null;
  if (given !== null && (!Array.isArray(given) || given.length !== B || !given.every(Number.isSafeInteger))) {
    throw new Error(`The pooled batch's lengths must be a list of ${B} whole numbers, one for each item.`);
  }
  return { shape, inputs, lengths: given && [...given], pairOptions: pairOptionsOf(options) };
}

// The request with copies of its inputs, for one that must wait before they are sent (the
// workers still starting, or the page's core to fetch): the caller's arrays may change meanwhile.
function detached(request) {
  const { query, keys, values } = request.inputs;
  return { ...request, inputs: { query: query.slice(), keys: keys.slice(), values: values.slice() } };
}

// The runs of pairs that the workers take (splitPairs), in the order their inputs are sent:
// per run, its pairs (from, to), each pair's keys that are sent (rows), their sum and the
// run's lengths. The run with the least to copy is sent first, so that its worker starts
// while the others' inputs are still being copied; for a kept batch, whose runs are sent
// no inputs, the run with the most keys, whose worker has the most to do, is sent first.
function sharesOf({ shape, lengths }, workerCount, { kept = false } = {}) {
  const { H, T, Dk, Dv } = shape;
  const shares = splitPairs(shape, lengths, workerCount).map(({ from, to }, i) => {
    const rows = Array.from({ length: to - from }, (_, p) => keyRows(shape, lengths, from + p));
    const sent = rows.reduce((sum, n) => sum + n, 0);
    return { i, from, to, rows, sent, copied: (to - from) * T * Dk + sent * (Dk + Dv),
      lengths: lengths ? { lengths: rows.map((_, p) => lengths[Math.floor((from + p) / H)]) } : {} };
  });
  return shares.sort(kept ? (a, b) => b.sent - a.sent : (a, b) => a.copied - b.copied);
}

// size: how many workers (by default the browser's logical processors, at most 4);
// url: batch-worker.mjs (tests may pass another); fallback: () => the page's companion,
// for a pool whose workers cannot start.
export function createBatchPool({ size = Math.min(4, globalThis.navigator?.hardwareConcurrency || 1), url, fallback } = {}) {
  let workers = null;
  let reason = null;
  let starting = null;
  // The batch whose inputs the workers hold for runs to come (keep), by its number; a run
  // or a later keep replaces it. Without workers, its buffers in the page's core are held.
  let keptNumber = 0;
  let keptOnPage = null;
  // Per worker, the arrays that carry its inputs there and come back with its context: made
  // once for a run's sizes and reused, so that a run allocates no input memory. While one
  // is in a worker (transferred), its place here is empty.
  const carriers = [];
  function carry(i, sizes) {
    carriers[i] ??= {};
    const arrays = {};
    for (const [name, n] of Object.entries(sizes)) {
      const held = carriers[i][name];
      arrays[name] = held?.length === n ? held : new (name === 'emptyRows' ? Uint8Array : Float32Array)(n);
      carriers[i][name] = null;  // transferred: detached until the worker hands it back
    }
    return arrays;
  }
  function handBack(i, share) {
    for (const name of ['query', 'keys', 'values', 'context', 'emptyRows']) {
      if (share[name]) carriers[i][name] = share[name];
    }
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

  // The page's own core on one thread, for a pool whose workers cannot start: a request's
  // inputs go into zero-copy buffers -> {run(options, into), free()}.
  async function onOneThread({ shape, inputs, lengths }) {
    if (!fallback) throw new Error(`The batch cannot run: ${reason}, and there is no core on this page to run it.`);
    const buffers = (await fallback()).batchBuffers(shape);
    for (const name of ['query', 'keys', 'values']) buffers[name].set(inputs[name]);
    return {
      run(options, { context, emptyRows }) {
        const summary = buffers.run({ ...pairOptionsOf(options), ...(lengths ? { lengths } : {}) });
        context.set(buffers.context);
        emptyRows.set(buffers.emptyRows);
        return { context, emptyRows, threads: 1, runs: [{ from: 0, to: shape.B * shape.H }], coreMs: [summary.coreMs], reason };
      },
      free: () => buffers.free(),
    };
  }

  // Sends each share's inputs to its worker (copied into its carriers, then transferred)
  // with the options to run them with (or none: the inputs are only written there) and the
  // number of the batch they belong to -> a promise per share, of the worker's answer.
  function sendInputs(request, shares, options, number) {
    const { shape: { T, S, Dk, Dv }, inputs: { query, keys, values } } = request;
    return shares.map((share) => {
      const { i, from, to, rows, sent } = share;
      const carrier = carry(i, { query: (to - from) * T * Dk, keys: sent * Dk, values: sent * Dv,
        context: (to - from) * T * Dv, emptyRows: (to - from) * T });
      carrier.query.set(query.subarray(from * T * Dk, to * T * Dk));
      let at = 0;
      rows.forEach((n, p) => {
        carrier.keys.set(keys.subarray((from + p) * S * Dk, ((from + p) * S + n) * Dk), at * Dk);
        carrier.values.set(values.subarray((from + p) * S * Dv, ((from + p) * S + n) * Dv), at * Dv);
        at += n;
      });
      return workers[i].batchSlice({ shape: { B: to - from, H: 1, T, S, Dk, Dv },
        options: options && { ...options, ...share.lengths }, rows, number, ...carrier });
    });
  }

  // Each share's answer copied into the outputs as it comes back, while the other workers
  // still compute: only the last share's copy is left after the last worker finishes.
  async function gather({ shape: { T, Dv } }, shares, answers, { context, emptyRows }) {
    const coreMs = new Array(shares.length);
    await Promise.all(shares.map(({ i, from }, n) => answers[n].then((answer) => {
      handBack(i, answer);
      context.set(answer.context, from * T * Dv);
      emptyRows.set(answer.emptyRows, from * T);
      coreMs[i] = answer.coreMs;
    })));
    return { context, emptyRows, threads: workers.length, runs: splitRuns(shares), coreMs, reason: null };
  }
  const splitRuns = (shares) => [...shares].sort((a, b) => a.i - b.i).map(({ from, to }) => ({ from, to }));

  function replaceKept() {
    keptOnPage?.free();
    keptOnPage = null;
    keptNumber += 1;
  }

  return {
    // -> {threads, reason}: how many threads the next run uses, and why only one if so.
    async ready() {
      await start();
      return { threads: workers ? workers.length : 1, reason };
    },
    // options: the core's batch options (B, H, T, S, D or Dk and Dv, lengths, causal,
    // window, halfWidth, temperature, scaled); arrays: {query, keys, values}, laid out as
    // for batchAttention, and optionally context (Float32Array, B·H·T·Dv) and emptyRows
    // (Uint8Array, B·H·T) to write the outputs into. -> {context, emptyRows, threads,
    // runs: [{from, to}], coreMs: [per run]} (context and emptyRows: the caller's, if given).
    async run(options, arrays = {}) {
      // Everything the caller gave is read, and the inputs sent (copied into the carriers),
      // before the first await; where the pool must wait first, the inputs are copied.
      let request = requestOf(options, arrays);
      const into = outputs(arrays.context, arrays.emptyRows, request.shape);
      if (!workers) {
        request = detached(request);
        await start();
      }
      replaceKept();  // the workers' buffers are about to hold this batch instead
      if (!workers) {
        const oneThread = await onOneThread(request);
        try {
          return oneThread.run(request.pairOptions, into);
        } finally {
          oneThread.free();
        }
      }
      const shares = sharesOf(request, workers.length);
      return gather(request, shares, sendInputs(request, shares, request.pairOptions, keptNumber), into);
    },
    // Keeps a batch's inputs in the workers' memories (options and arrays as for run, the
    // outputs aside) for runs that change only the mask rules, the scaling and the
    // temperature: each such run sends its options and gets the context back, and copies no
    // inputs (as the zero-copy call's inputs stay in the module between runs). -> {threads,
    // reason, run(changes, {context, emptyRows}) -> as run's result, free()}: changes, the
    // options that differ from the kept ones (shape and lengths, where given, must be the
    // kept ones). The kept batch holds until a run or keep of this pool, its free() or the
    // pool's terminate(). Without workers, the inputs are kept in the page's core and run there.
    async keep(options, arrays = {}) {
      // As for run: read and sent (or copied) before the first await; the options kept as given.
      let request = requestOf(options, arrays);
      const kept = Object.fromEntries(Object.entries(options).map(([key, value]) => [key, Array.isArray(value) ? [...value] : value]));
      if (!workers) {
        request = detached(request);
        await start();
      }
      replaceKept();
      const number = keptNumber;
      const check = (changes) => {
        if (number !== keptNumber) throw new Error('This kept batch is gone (the pool has run or kept another batch since, or was stopped): keep it again.');
        const again = shapeOf({ ...kept, ...changes });
        const lengths = changes.lengths === undefined ? request.lengths : changes.lengths;
        if (Object.entries(again).some(([key, n]) => request.shape[key] !== n) || JSON.stringify(lengths) !== JSON.stringify(request.lengths)) {
          throw new Error('A kept batch runs with its own shape and lengths: keep a new batch to change them.');
        }
      };
      const free = () => {
        if (number === keptNumber) replaceKept();
      };
      if (!workers) {
        const oneThread = await onOneThread(request);
        keptOnPage = oneThread;
        return { threads: 1, reason, free,
          async run(changes = {}, into = {}) {
            check(changes);
            return oneThread.run({ ...kept, ...changes }, outputs(into.context, into.emptyRows, request.shape));
          } };
      }
      const shares = sharesOf(request, workers.length, { kept: true });
      await Promise.all(sendInputs(request, shares, null, number).map((answer, n) => answer.then((back) => handBack(shares[n].i, back))));
      return { threads: workers.length, reason: null, free,
        async run(changes = {}, into = {}) {
          check(changes);
          const out = outputs(into.context, into.emptyRows, request.shape);
          const pairOptions = pairOptionsOf({ ...kept, ...changes });
          const { T, Dv } = request.shape;
          const answers = shares.map(({ i, from, to, lengths }) => workers[i].batchRerun({ number, options: { ...pairOptions, ...lengths },
            ...carry(i, { context: (to - from) * T * Dv, emptyRows: (to - from) * T }) }));
          return gather(request, shares, answers, out);
        } };
    },
    // Stops the workers; a later run starts them again.
    terminate() {
      for (const worker of workers ?? []) worker.cancel();
      workers = null;
      starting = null;
      carriers.length = 0;
      reason = null;
      replaceKept();
    },
  };
}
