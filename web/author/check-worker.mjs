// The preview page's check (author.html) off the main thread: a module Worker with its own
// whole core (companion-core.mjs, written by tools/build-site.mjs; companion.wasm beside
// it), which runs companion.check over the seeds and says how far it has got.
//   {type: 'check', doc, seeds}  -> {type: 'progress', done, seeds} after each slice, then
//                                   {type: 'done', report} (the core's counts, or {refused})
//   any failure                  -> {type: 'failed', message}
// The page starts a worker for each check and ends it (terminate) to stop one.

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
    return loadCompanion({ base, createModule: () => createCompanionModule({ wasmBinary }), exercises: [] });
  })();
  return loading;
}

self.addEventListener('message', async ({ data }) => {
  if (data?.type !== 'check') return;
  try {
    const core = await companion();
    const report = core.check(data.doc, { seeds: data.seeds, slice: 25,
      onProgress: (done, seeds) => self.postMessage({ type: 'progress', done, seeds }) });
    self.postMessage({ type: 'done', report });
  } catch (error) {
    self.postMessage({ type: 'failed', message: messageOf(error) });
  }
});
