// The batch lab's WASM work off the main thread: a module Worker with its own copy of the
// core (companion-core.mjs, the Emscripten module as an ES module, written by
// tools/build-site.mjs; companion.wasm beside it), so that a long batch never blocks the
// page. It answers one message at a time, in order:
//   {id, type: 'load'}                      -> {id, ok: true}
//   {id, type: 'batch', options, arrays}    -> {id, ok: true, result} (companion.batchAttention;
//                                              the result's typed arrays are transferred)
//   {id, type: 'agreement', options, arrays} -> {id, ok: true, result} (companion.batchAgreement)
//   any failure                             -> {id, ok: false, message}
// Cancelling is the main thread's worker.terminate() (batch-worker-client.mjs).

import { loadCompanion } from '../companion.mjs';
import createCompanionModule from '../companion-core.mjs';
import { messageOf } from '../error-message.mjs';

const base = new URL('../', import.meta.url);
let loading = null;

function companion() {
  loading ??= (async () => {
    const response = await fetch(new URL('companion.wasm', base));
    if (!response.ok) throw new Error(`the core (companion.wasm) could not be loaded (${response.status})`);
    const wasmBinary = await response.arrayBuffer();
    // No exercises: the worker only runs batches.
    return loadCompanion({ base, createModule: () => createCompanionModule({ wasmBinary }), exercises: [] });
  })();
  return loading;
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
    const core = await companion();
    if (type === 'load') {
      self.postMessage({ id, ok: true });
      return;
    }
    let result;
    if (type === 'batch') result = core.batchAttention(data.options, data.arrays ?? {});
    else if (type === 'agreement') result = core.batchAgreement(data.options, data.arrays ?? {});
    else throw new Error(`unknown request '${String(type)}'`);
    self.postMessage({ id, ok: true, result }, transferables(result));
  } catch (error) {
    self.postMessage({ id, ok: false, message: messageOf(error) });
  }
});
