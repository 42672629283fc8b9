// One of the preview page's check Workers (author.html): a module Worker with its own whole
// core (companion-core.mjs, written by tools/build-site.mjs; companion.wasm beside it), which
// checks the slices of seeds the page gives it; the page shares a check's slices among
// several such Workers and adds them up in seed order (check-slices.mjs, checkOverWorkers).
//   {type: 'slice', doc, index, from, seeds} -> {type: 'slice', index, part} (the core's
//                                              counts for those seeds, or {refused})
//   any failure                              -> {type: 'failed', message}
// The page ends its Workers (terminate) when the check is over or stopped.

import { loadCompanion } from '../companion.mjs';
import createCompanionModule from '../companion-core.mjs';
import { messageOf } from '../error-message.mjs';
import { checkSlice } from './check-slices.mjs';

const base = new URL('../', import.meta.url);

// (Loaded at once, not at the first slice: the page starts its other Workers while the first
// slice runs, so that their cores are ready when the other slices come.)
const loading = (async () => {
  const response = await fetch(new URL('companion.wasm', base));
  if (!response.ok) throw new Error(`the core (companion.wasm) could not be loaded (${response.status})`);
  const wasmBinary = await response.arrayBuffer();
  return loadCompanion({ base, createModule: () => createCompanionModule({ wasmBinary }), exercises: [] });
})();
loading.catch(() => {}); // (reported with the slice that needed it)

self.addEventListener('message', async ({ data }) => {
  if (data?.type !== 'slice') return;
  try {
    self.postMessage(checkSlice(await loading, data));
  } catch (error) {
    self.postMessage({ type: 'failed', message: messageOf(error) });
  }
});
