// Entry of the classic-script bundle attention-exercise.js (built by tools/build-embed.mjs
// with esbuild): the <attention-exercise> element, its stylesheet and the exercises'
// catalogue. One <script src=".../attention-exercise.js"></script> is all a page needs: the
// core, the exercises' files and KaTeX come from beside the script when an element needs
// them (core-beside.mjs, which falls back to one more classic script where nothing can be
// fetched), so that a course page downloads what its exercises need and no more.

import catalogue from 'attention:catalogue';
import cssText from './widget.css';
import { catalogueEntry } from '../core-loading.mjs';
import { deferKatexUntil, katexFrom } from '../ui/render-math.mjs';
import { afterFirstVerdict } from '../ui/offline.mjs';
import { openStore } from '../ui/storage.mjs';
import { coresBeside } from './core-beside.mjs';
import { defineAttentionExercise } from './component.mjs';

// The script's own address, which its other files are beside (only while it runs is it
// document.currentScript).
const base = document.currentScript?.src || document.baseURI;

// Whether the page lets WebAssembly be compiled: a host page whose Content-Security-Policy
// lacks 'wasm-unsafe-eval' (or 'unsafe-eval') in script-src refuses it, and the core cannot
// start; that is said in one sentence instead of the module's abort text.
const WASM_REFUSED = 'This page’s Content-Security-Policy does not let WebAssembly run, and the exercise needs it ' +
  'to check answers: the site needs \'wasm-unsafe-eval\' in its script-src.';
function wasmAllowed() {
  try {
    return new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])) instanceof WebAssembly.Module;
  } catch {
    return false;
  }
}

// One core for every element on the page (core-beside.mjs): it starts once, and each exercise
// (at each seed) is described once, however many elements show it (the one description,
// frozen, is read by all of them).
let moduleLoads = 0;
let describeCalls = 0;
const deepFreeze = (value) => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
};
function sharingDescriptions(shared, described) {
  return Object.freeze({ ...shared, exercise(id, options = {}) {
    const key = JSON.stringify([String(id), options.seed ?? 0]);
    if (!described.has(key)) {
      describeCalls += 1;
      described.set(key, deepFreeze(shared.exercise(id, options)));
    }
    return described.get(key);
  } });
}
// A teacher's own exercises that a page (a SCORM package's, tools/scorm-package.mjs
// --exercise-file) lists before this script, as globalThis.AttentionTeacherExercises: they
// join the catalogue's, on the exercise core.
const teacherExercises = Array.isArray(globalThis.AttentionTeacherExercises)
  ? globalThis.AttentionTeacherExercises.filter((doc) => doc && typeof doc === 'object' && typeof doc.id === 'string') : [];
const entries = [...catalogue, ...teacherExercises.map(catalogueEntry)];
const cores = coresBeside({ base, catalogue, pageDocs: teacherExercises, onModule: () => { moduleLoads += 1; } });
// Every shipped exercise is described once, whichever companion (of which core) it is asked of.
const described = new Map();
// The companion of some exercises (ids: every exercise when none are given).
const getCompanion = (ids = entries.map((entry) => entry.id)) => {
  if (!wasmAllowed()) return Promise.reject(new Error(WASM_REFUSED));
  return cores.companionFor(ids).then((shared) => sharingDescriptions(shared, described));
};
// A teacher's exercise file an element fetched (src="…"): its own companion, one per file's
// content, shared by every element that shows it.
const fromFiles = new Map();
const getCompanionFor = (doc) => {
  if (!wasmAllowed()) return Promise.reject(new Error(WASM_REFUSED));
  const key = JSON.stringify(doc);
  if (!fromFiles.has(key)) fromFiles.set(key, cores.companionOf([doc]).then((shared) => sharingDescriptions(shared, new Map())));
  return fromFiles.get(key);
};

// One store per page and context, so that several elements never overwrite each other's
// answers (an element with a feedback policy keeps its own: storage.mjs's storeContext).
const opened = new Map();
let storeOverride = null;
const getStore = (context = null) => {
  if (storeOverride) return storeOverride;
  if (!opened.has(context)) opened.set(context, openStore({ context }));
  return opened.get(context);
};

// KaTeX comes from beside the script, and only after the page's first verdict (or a while on
// it), where some maths still waits for it: until then the maths shows its TeX, and the page
// weighs the core and the exercises (web/ui/render-math.mjs).
katexFrom(new URL('katex.min.js', base).href);
deferKatexUntil(afterFirstVerdict(new Promise((resolve) => {
  document.addEventListener('attention-graded', resolve, { once: true });
})));
defineAttentionExercise({ getCompanion, getStore, cssText, getCompanionFor, catalogue: () => entries,
  shippedIds: new Set(catalogue.map((entry) => entry.id)) });

globalThis.AttentionCompanion = Object.freeze({
  protocolVersion: 1,
  // (ids) -> the companion of those exercises; of every one without.
  companion: getCompanion,
  store: () => getStore().store,
  // For hosts that keep answers elsewhere (the SCORM page): call before any element connects;
  // where: where the written work goes, said to the learner.
  useStore: (store, { where = null } = {}) => { storeOverride = { store, notice: null, where }; },
  moduleLoads: () => moduleLoads,
  describeCalls: () => describeCalls,
});
