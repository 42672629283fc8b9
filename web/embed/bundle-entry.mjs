// Entry of the classic-script bundle attention-exercise.js (built by tools/build-embed.mjs
// with esbuild): the WASM core (its bytes inlined), the exercises, the widget's stylesheet and the
// <attention-exercise> element, in one file that needs no fetch, no module loading and no
// server. One <script src=".../attention-exercise.js"></script> is all a page needs.

import createCompanionModule from 'attention:core';
import wasmBinary from 'attention:wasm';
import exercises from 'attention:exercises';
import cssText from './widget.css';
import katex from 'katex';
import { loadCompanion } from '../companion.mjs';
import { useKatex } from '../ui/render-math.mjs';
import { openStore } from '../ui/storage.mjs';
import { defineAttentionExercise } from './component.mjs';
import { mountProgressPanel } from '../ui/progress-panel.mjs';

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

// One companion for every element on the page: the core starts once, and each exercise (at
// each seed) is described by it once, however many elements show it (the one description,
// frozen, is read by all of them).
let companion = null;
let moduleLoads = 0;
let describeCalls = 0;
const deepFreeze = (value) => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
};
function sharingDescriptions(shared) {
  const described = new Map();
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
// join the bundle's, on the same core.
const teacherExercises = () => (Array.isArray(globalThis.AttentionTeacherExercises)
  ? globalThis.AttentionTeacherExercises.filter((doc) => doc && typeof doc === 'object' && typeof doc.id === 'string') : []);
const loadShared = (docs) => loadCompanion({
  createModule: () => { moduleLoads += 1; return createCompanionModule({ wasmBinary }); },
  exercises: docs,
}).then(sharingDescriptions);
const getCompanion = () => {
  if (!wasmAllowed()) return Promise.reject(new Error(WASM_REFUSED));
  companion ??= loadShared([...exercises, ...teacherExercises()]);
  return companion;
};
// A teacher's exercise file an element fetched (src="…"): its own companion, one per file's
// content, shared by every element that shows it.
const fromFiles = new Map();
const getCompanionFor = (doc) => {
  if (!wasmAllowed()) return Promise.reject(new Error(WASM_REFUSED));
  const key = JSON.stringify(doc);
  if (!fromFiles.has(key)) fromFiles.set(key, loadShared([doc]));
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

useKatex(katex); // math typeset from the bundle's own KaTeX: nothing to load
defineAttentionExercise({ getCompanion, getStore, cssText, getCompanionFor, shippedIds: new Set(exercises.map((doc) => doc.id)) });

globalThis.AttentionCompanion = Object.freeze({
  protocolVersion: 1,
  companion: getCompanion,
  store: () => getStore().store,
  // For hosts that keep answers elsewhere (the SCORM page): call before any element connects;
  // where: where the written work goes, said to the learner.
  useStore: (store, { where = null } = {}) => { storeOverride = { store, notice: null, where }; },
  moduleLoads: () => moduleLoads,
  describeCalls: () => describeCalls,
  // The bundle's KaTeX, for the offline figure and lab pages (tools/build-embed.mjs).
  katex,
  mountProgressPanel: (holder, options = {}) => mountProgressPanel(holder, { store: getStore().store, ...options }),
});
