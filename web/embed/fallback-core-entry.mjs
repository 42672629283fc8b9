// Entry of attention-exercise-core.js (built by tools/build-embed.mjs), the fallback of the
// <attention-exercise> bundle where nothing can be fetched from beside it (file://, a host
// without CORS, a page whose connect-src refuses it: core-beside.mjs): the whole core, its
// bytes inlined as base64 and handed to the module as wasmBinary (a single-file Emscripten
// build would fetch a data: URL, which connect-src 'self' refuses), and every exercise. A
// classic script, loaded only then; the offline folder's pages carry it from the start.

import createCompanionModule from 'attention:core';
import wasmBinary from 'attention:wasm';
import exercises from 'attention:exercises';

globalThis.AttentionCompanionCore = Object.freeze({
  createModule: () => createCompanionModule({ wasmBinary }),
  exercises,
});
