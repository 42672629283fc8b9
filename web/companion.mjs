// The companion's one JS API, the same in the browser and in Node: it loads the
// WebAssembly core and the exercise files, and hands plain objects back. Every number
// and every verdict comes from the core; this file only moves text across.

import { parseSeed } from './seed.mjs';

const inNode = typeof window === 'undefined' && typeof process !== 'undefined' && !!process.versions?.node;

async function loadCoreInNode() {
  const { createRequire } = await import('node:module');
  const { readFile } = await import('node:fs/promises');
  const { fileURLToPath } = await import('node:url');
  const require = createRequire(import.meta.url);
  const createCompanionModule = require(fileURLToPath(new URL('../build/wasm/cpp/companion.cjs', import.meta.url)));
  // Node's fetch cannot read a file path, so the module gets its bytes directly.
  const wasmBinary = await readFile(new URL('../build/wasm/cpp/companion.wasm', import.meta.url));
  return createCompanionModule({ wasmBinary });
}

function loadCoreInBrowser(base) {
  return new Promise((resolve, reject) => {
    if (globalThis.createCompanionModule) {
      resolve(globalThis.createCompanionModule());
      return;
    }
    const script = document.createElement('script');
    script.src = new URL('companion.js', base).href;
    script.onload = () => resolve(globalThis.createCompanionModule());
    script.onerror = () => reject(new Error('The attention core (companion.js) could not be loaded.'));
    document.head.append(script);
  });
}

async function readExercisesInNode() {
  const { readdir, readFile } = await import('node:fs/promises');
  const root = new URL('../exercises/', import.meta.url);
  const texts = [];
  for (const chapter of (await readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory())) {
    const dir = new URL(`${chapter.name}/`, root);
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json'))) {
      texts.push(await readFile(new URL(file, dir), 'utf8'));
    }
  }
  return texts;
}

async function fetchExercises(base) {
  const response = await fetch(new URL('exercises.json', base));
  if (!response.ok) throw new Error(`The exercises could not be loaded (${response.status}).`);
  return (await response.json()).map((doc) => JSON.stringify(doc));
}

// Seeds are whole numbers 0..2^32-1 (seed.mjs, the one reading of a seed); anything
// else is refused with a message that names it.
const seedOf = (seed) => parseSeed(seed);

function parseCoreJson(text) {
  const value = JSON.parse(text);
  if (value && typeof value === 'object' && !Array.isArray(value) && typeof value.error === 'string') {
    throw new Error(value.error);
  }
  return value;
}

// In a browser, `createModule` (an Emscripten factory, e.g. the single-file build) and
// `exercises` (the parsed exercise documents) replace the fetches, for the classic-script
// bundle that runs from file:// and on other origins.
export async function loadCompanion({ base = inNode ? undefined : document.baseURI, createModule, exercises } = {}) {
  const [core, texts] = inNode
    ? await Promise.all([loadCoreInNode(), readExercisesInNode()])
    : await Promise.all([
      createModule ? createModule() : loadCoreInBrowser(base),
      exercises ? exercises.map((doc) => JSON.stringify(doc)) : fetchExercises(base)]);

  const byId = new Map();
  for (const text of texts) {
    const doc = JSON.parse(text);
    byId.set(doc.id, { doc, text });
  }
  const sorted = [...byId.values()].sort(
    (x, y) => x.doc.chapter - y.doc.chapter || (x.doc.order ?? 0) - (y.doc.order ?? 0));

  const find = (id) => {
    const entry = byId.get(String(id));
    if (!entry) throw new Error(`There is no exercise '${id}'.`);
    return entry;
  };

  return {
    exercises() {
      return sorted.map(({ doc }) => ({
        id: doc.id, chapter: doc.chapter, order: doc.order, title: doc.title,
        parts: (doc.parts ?? []).map((p) => p.name),
      }));
    },
    // seed 0 (or none) is the chapter's own numbers; another seed is a variant.
    exercise(id, { seed = 0 } = {}) {
      return parseCoreJson(core.describeExercise(find(id).text, seedOf(seed)));
    },
    grade(id, part, text, { seed = 0 } = {}) {
      const { doc, text: json } = find(id);
      if (!(doc.parts ?? []).some((p) => p.name === part)) {
        throw new Error(`The exercise '${id}' has no part '${part}'.`);
      }
      return parseCoreJson(core.gradeAnswer(json, String(part), String(text ?? ''), seedOf(seed)));
    },
    // Working for arbitrary inputs: {model, inputs, query?, remove?, delete?}; a bare
    // Chapter 14 inputs object (with optional remove/delete) is read as model ch14.read.
    work(request) {
      const full = request && request.model ? request
        : { model: 'ch14.read', inputs: request, remove: request?.remove, delete: request?.delete };
      return parseCoreJson(core.work(JSON.stringify(full)));
    },
    // Batched, masked attention in the float32 core (cpp/batch_request.h): options
    // {B, H, T, S, Dk, Dv | D, temperature, scaled, lengths, causal, window, halfWidth,
    // seed, returnWeights, returnInputs}; arrays {query, keys, values, explicitMask,
    // compareContext, compareWeights, compareEmptyRows} (typed arrays, all optional).
    // Returns the summary's fields plus typed-array copies (context, weights, emptyRows,
    // rowSums, entropies, maskedMass, maxEntropies, query, keys, values).
    batchAttention(options, arrays = {}) {
      const out = core.batchAttention(JSON.stringify(options ?? {}), arrays ?? {});
      if (typeof out.error === 'string') throw new Error(out.error);
      const { summary, ...typed } = out;
      return { ...JSON.parse(summary), ...typed };
    },
  };
}
