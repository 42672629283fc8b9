// Where the <attention-exercise> bundle (attention-exercise.js, or a SCORM package's sco.js)
// gets its core and its exercises' files: from beside its own script, so that a course page
// downloads the one core its exercises need (their chapter's where they are of one, else the
// exercise core) and those exercises' files only, not everything the companion has. Where that
// cannot be fetched (a folder opened from file://, a host that sends no CORS header to another
// origin, a page whose connect-src refuses it), the fallback script beside it
// (FALLBACK_SCRIPT: the whole core's bytes and every exercise, inlined) is loaded instead: a
// classic script, which needs neither fetch nor CORS. A page that carries that script already
// (the offline folder's pages) fetches nothing.

import { loadCompanion } from '../companion.mjs';
import { coreFor, coreNamed, loadCoreInBrowser } from '../core-loading.mjs';

export const FALLBACK_SCRIPT = 'attention-exercise-core.js';

function loadScript(url) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.onload = resolve;
    script.onerror = () => reject(new Error(`${url} could not be loaded`));
    document.head.append(script);
  });
}

async function fetched(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response;
}

// The page's elements ask for their exercises as they are parsed; the core is chosen once the
// page is (for all of them), so that a page whose elements show one chapter loads that
// chapter's core, and a page of both chapters one exercise core rather than two.
const pageParsed = () => new Promise((resolve) => {
  if (document.readyState !== 'loading') resolve();
  else document.addEventListener('DOMContentLoaded', resolve, { once: true });
});

// base: the bundle's own address; catalogue: the shipped exercises' catalogue entries;
// pageDocs: exercise documents the page carries (a SCORM package's teacher's own), which no
// fetch brings and no chapter's core holds; onModule(): called as each core starts.
// -> {companionFor(ids), companionOf(docs)}: a companion (companion.mjs) holding those
// exercises (the shipped ones by id, or the documents given), on a core shared with every
// other companion of the page that the same core serves.
export function coresBeside({ base, catalogue, pageDocs = [], onModule = () => {} }) {
  const chapterOf = new Map(catalogue.map((entry) => [entry.id, entry.chapter]));
  const carried = new Map(pageDocs.map((doc) => [doc.id, doc]));
  const chaptersOf = (ids) => ids.map((id) => (carried.has(id) ? null : chapterOf.get(id) ?? null));

  let fallback = globalThis.AttentionCompanionCore ? Promise.resolve(globalThis.AttentionCompanionCore) : null;
  let fallbackModule = null;
  const useFallback = (why) => {
    fallback ??= loadScript(new URL(FALLBACK_SCRIPT, base).href)
      .then(() => globalThis.AttentionCompanionCore ?? Promise.reject(new Error(`${FALLBACK_SCRIPT} defined no core`)))
      .catch((error) => {
        throw new Error(`The attention core could not be fetched from beside the script (${why.message}), `
          + `and its fallback could not be loaded (${error.message}).`);
      });
    return fallback;
  };
  const fallbackCompanion = async (ids, docs, why) => {
    const core = await useFallback(why);
    fallbackModule ??= Promise.resolve().then(() => { onModule(); return core.createModule(); });
    const shipped = new Map(core.exercises.map((doc) => [doc.id, doc]));
    return loadCompanion({ base, createModule: () => fallbackModule,
      exercises: docs ?? ids.map((id) => carried.get(id) ?? shipped.get(id)) });
  };

  // Fetching works on an http(s) host only (a file:// page may not fetch beside itself).
  const fetchable = /^https?:$/.test(new URL(base).protocol);
  const modules = new Map(); // core name -> its module, loaded once
  const moduleOf = (name) => {
    if (!modules.has(name)) {
      const files = coreNamed(name);
      const options = fetched(new URL(`${files.file}.wasm`, base).href).then((response) => response.arrayBuffer())
        .then((wasmBinary) => ({ wasmBinary }));
      options.catch(() => {}); // (a failure is handled where the module is awaited, once the glue has loaded)
      onModule();
      modules.set(name, loadCoreInBrowser(base, files, options));
      modules.get(name).catch(() => modules.delete(name)); // a failed load is tried again next time
    }
    return modules.get(name);
  };
  const docs = new Map(); // id -> its document, fetched once
  const docOf = (id) => {
    if (carried.has(id)) return Promise.resolve(carried.get(id));
    if (!docs.has(id)) {
      docs.set(id, fetched(new URL(`exercises/${encodeURIComponent(id)}.json`, base).href).then((response) => response.json()));
      docs.get(id).catch(() => docs.delete(id));
    }
    return docs.get(id);
  };
  const fetchedCompanion = async (name, ids, given) => {
    const [module, exercises] = await Promise.all([moduleOf(name), given ?? Promise.all(ids.map(docOf))]);
    return loadCompanion({ base, createModule: () => module, exercises });
  };

  const covers = (name, ids) => name === 'exercises' || coreFor(chaptersOf(ids)) === name;
  const notServed = new Error('the page is not on an http(s) host');
  const asked = [];
  let chosen = null;
  const companions = new Map(); // the ids, as a key -> their companion
  const companionFor = (ids) => {
    asked.push(...ids);
    const key = JSON.stringify(ids);
    if (!companions.has(key)) {
      companions.set(key, (async () => {
        await pageParsed();
        if (!fetchable || fallback) return fallbackCompanion(ids, null, notServed);
        chosen ??= coreFor(chaptersOf(asked));
        const name = covers(chosen, ids) ? chosen : 'exercises';
        return fetchedCompanion(name, ids).catch((why) => fallbackCompanion(ids, null, why));
      })());
      companions.get(key).catch(() => companions.delete(key));
    }
    return companions.get(key);
  };
  // A teacher's own exercise (a file an element fetched): on the exercise core, which holds
  // every operation.
  const companionOf = (given) => {
    if (!fetchable || fallback) return fallbackCompanion(null, given, notServed);
    return fetchedCompanion('exercises', null, given).catch((why) => fallbackCompanion(null, given, why));
  };
  return { companionFor, companionOf };
}
