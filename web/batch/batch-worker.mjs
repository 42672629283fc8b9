// The batch lab's WASM work off the main thread: a module Worker with its own copy of the
// core (companion-core.mjs, the Emscripten module as an ES module, written by
// tools/build-site.mjs; companion.wasm beside it), so that a long batch never blocks the
// page. It answers one message at a time, in order:
//   {id, type: 'load', module}              -> {id, ok: true} (module: a compiled companion.wasm, or none)
//   {id, type: 'batch', options, arrays}    -> {id, ok: true, result} (companion.batchAttention;
//                                              the result's typed arrays are transferred)
//   {id, type: 'agreement', options, arrays} -> {id, ok: true, result} (companion.batchAgreement)
//   {id, type: 'slice', shape, options, number, query, keys, values, rows, context, emptyRows}
//                                           -> {id, ok: true, result: {context, emptyRows, coreMs,
//                                              query, keys, values}} (the inputs' arrays handed back)
//                                              (a worker pool's share, batch-pool.mjs: the
//                                              inputs go into batch buffers kept between
//                                              calls of one shape, companion.batchBuffers, as
//                                              the pool's batch `number`; options null: they
//                                              are only written, and nothing is run)
//   {id, type: 'rerun', number, options, context, emptyRows}
//                                           -> as 'slice', without the inputs' arrays: batch
//                                              `number`, still in the buffers, run again
//   any failure                             -> {id, ok: false, message}
// Cancelling is the main thread's worker.terminate() (batch-worker-client.mjs).

import { loadCompanion } from '../companion.mjs';
import createCompanionModule from '../companion-core.mjs';
import { messageOf } from '../error-message.mjs';

const base = new URL('../', import.meta.url);
let loading = null;

// wasmModule: a compiled companion.wasm sent by the page (a worker pool compiles it once for
// all its workers, which then share its machine code, optimised tiers included); without it
// the worker fetches and compiles its own.
function companion(wasmModule) {
  loading ??= (async () => {
    // No exercises: the worker only runs batches.
    if (wasmModule instanceof WebAssembly.Module) {
      const instantiateWasm = (imports, receive) => {
        WebAssembly.instantiate(wasmModule, imports).then((instance) => receive(instance, wasmModule));
        return {};
      };
      return loadCompanion({ base, createModule: () => createCompanionModule({ instantiateWasm }), exercises: [] });
    }
    const response = await fetch(new URL('companion.wasm', base));
    if (!response.ok) throw new Error(`the core (companion.wasm) could not be loaded (${response.status})`);
    const wasmBinary = await response.arrayBuffer();
    return loadCompanion({ base, createModule: () => createCompanionModule({ wasmBinary }), exercises: [] });
  })();
  return loading;
}

// The zero-copy buffers of the last slice's shape, kept for the next slice of that shape.
let held = null;
function sliceOf(core, { shape, options, number, query, keys, values, rows, context, emptyRows }) {
  const key = JSON.stringify(shape);
  if (held?.key !== key) {
    held?.buffers.free();
    held = null;
    held = { key, buffers: core.batchBuffers(shape) };
  }
  held.number = number;
  const { buffers } = held;
  const { S, Dk, Dv } = shape;
  buffers.query.set(query);
  // Each pair's first rows[p] keys and values, one after another: the keys past them are
  // never read (the pair's mask hides them), so they are neither sent nor written.
  const heapKeys = buffers.keys;
  const heapValues = buffers.values;
  let at = 0;
  rows.forEach((n, p) => {
    heapKeys.set(keys.subarray(at * Dk, (at + n) * Dk), p * S * Dk);
    heapValues.set(values.subarray(at * Dv, (at + n) * Dv), p * S * Dv);
    at += n;
  });
  if (options === null) return { query, keys, values, context, emptyRows };
  // The inputs' arrays go back too, to carry the next slice.
  return { ...runHeld(options, context, emptyRows), query, keys, values };
}

// Runs the slice in the buffers under options; the outputs go into the arrays sent for them
// (of the right sizes), else into new ones.
function runHeld(options, context, emptyRows) {
  const { buffers } = held;
  const summary = buffers.run(options);
  const out = buffers.context;
  const flags = buffers.emptyRows;
  const contextOut = context?.length === out.length ? context : new Float32Array(out.length);
  const emptyOut = emptyRows?.length === flags.length ? emptyRows : new Uint8Array(flags.length);
  contextOut.set(out);
  emptyOut.set(flags);
  return { context: contextOut, emptyRows: emptyOut, coreMs: summary.coreMs };
}

function rerunOf({ number, options, context, emptyRows }) {
  if (held?.number !== number) throw new Error('the kept batch is no longer in this worker: keep it again');
  return runHeld(options, context, emptyRows);
}

function transferables(result) {
  const buffers = new Set();
  for (const value of Object.values(result)) {
    if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer) buffers.add(value.buffer);
  }
  return [...buffers];
}

self.addEventListener('message', async ({ data }) => {
  const { id, type } = data ?? {};
  try {
    const core = await companion(type === 'load' ? data.module : undefined);
    if (type === 'load') {
      self.postMessage({ id, ok: true });
      return;
    }
    let result;
    if (type === 'batch') result = core.batchAttention(data.options, data.arrays ?? {});
    else if (type === 'agreement') result = core.batchAgreement(data.options, data.arrays ?? {});
    else if (type === 'slice') result = sliceOf(core, data);
    else if (type === 'rerun') result = rerunOf(data);
    else throw new Error(`unknown request '${String(type)}'`);
    self.postMessage({ id, ok: true, result }, transferables(result));
  } catch (error) {
    self.postMessage({ id, ok: false, message: messageOf(error) });
  }
});
