// Which core a page starts and where its exercises come from: the cores the build makes
// from the same C++, loaded from build/wasm in Node or as the site's classic script in a
// browser; the exercise files read from exercises/ in Node, or carried by the page, or
// fetched; the catalogue. The JS API (companion.mjs) is built on these.

export const inNode = typeof window === 'undefined' && typeof process !== 'undefined' && !!process.versions?.node;

// The cores the build makes from the same C++ (cpp/CMakeLists.txt): the whole core, with every
// call; the exercise core, with the exercise calls only (describe, grade, work), smaller,
// which the pages load; and a chapter's core ('ch14', 'ch19'), the exercise core with that
// chapter's exercises only, which the chapter's exercise page loads. The batch calls of the
// smaller ones come from the whole core (withBatch).
const CORES = {
  whole: { file: 'companion', factory: 'createCompanionModule' },
  exercises: { file: 'companion-exercises', factory: 'createExerciseCoreModule' },
};
export function coreNamed(name) {
  const chapter = /^ch(\d+)$/.exec(name)?.[1];
  if (chapter) return { file: `companion-ch${chapter}`, factory: `createCh${chapter}CoreModule` };
  if (!Object.hasOwn(CORES, name)) {
    throw new Error(`There is no core '${name}': the cores are ${Object.keys(CORES).join(', ')} and chNN for a chapter.`);
  }
  return CORES[name];
}

// The files of a core ('whole', 'exercises', 'ch14', …) without their extension: the build's
// FILE.cjs and FILE.wasm, which the site serves as FILE.js and FILE.wasm.
export const coreFile = (name) => coreNamed(name).file;
// The name of the factory that a core's FILE.js defines (createCh14CoreModule for 'ch14').
export const coreFactory = (name) => coreNamed(name).factory;

export async function loadCoreInNode({ file }) {
  const { createRequire } = await import('node:module');
  const { readFile } = await import('node:fs/promises');
  const { fileURLToPath } = await import('node:url');
  const require = createRequire(import.meta.url);
  const createModule = require(fileURLToPath(new URL(`../build/wasm/cpp/${file}.cjs`, import.meta.url)));
  // Node's fetch cannot read a file path, so the module gets its bytes directly.
  const wasmBinary = await readFile(new URL(`../build/wasm/cpp/${file}.wasm`, import.meta.url));
  return createModule({ wasmBinary });
}

// The core for some exercises, given their chapters (null for one no chapter's core holds: a
// teacher's own): that chapter's, the smaller module, where they are all of one; else the
// exercise core, which holds every operation.
export function coreFor(chapters) {
  const distinct = new Set(chapters);
  return distinct.size === 1 && !distinct.has(null) && !distinct.has(undefined) ? `ch${[...distinct][0]}` : 'exercises';
}

// The site serves each core's glue as FILE.js, a classic script that defines its factory.
// moduleOptions (or a promise of them) go to the factory: the component hands it the .wasm
// bytes it fetched itself (web/embed/core-beside.mjs), so that a failed fetch is its to handle.
export function loadCoreInBrowser(base, { file, factory }, moduleOptions = {}) {
  const start = () => Promise.resolve(moduleOptions).then((options) => globalThis[factory](options));
  return new Promise((resolve, reject) => {
    if (globalThis[factory]) {
      resolve(start());
      return;
    }
    const script = document.createElement('script');
    script.src = new URL(`${file}.js`, base).href;
    script.onload = () => resolve(start());
    script.onerror = () => reject(new Error(`The attention core (${file}.js) could not be loaded.`));
    document.head.append(script);
  });
}

export async function readExerciseDocsInNode() {
  const { readdir, readFile } = await import('node:fs/promises');
  const root = new URL('../exercises/', import.meta.url);
  const docs = [];
  for (const chapter of (await readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory())) {
    const dir = new URL(`${chapter.name}/`, root);
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json'))) {
      docs.push(JSON.parse(await readFile(new URL(file, dir), 'utf8')));
    }
  }
  return docs;
}

async function fetchJson(base, file) {
  const response = await fetch(new URL(file, base));
  if (!response.ok) throw new Error(`The exercises could not be loaded (${file}: ${response.status}).`);
  return response.json();
}

// A JSON array a page carries in itself, written by the site build as a data block
// (script#ID); null without (or unreadable).
function arrayInPage(id) {
  const block = globalThis.document?.getElementById(id);
  if (!block) return null;
  try {
    const value = JSON.parse(block.textContent);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

// The catalogue a page carries in itself: the site build writes it into a page that loads
// one exercise (script#exercise-catalogue), so that the page asks for the exercise's own file
// the moment it starts instead of a round trip later, and into one that only lists the
// exercises (the index), which then needs no core. Null without.
export const catalogueInPage = () => arrayInPage('exercise-catalogue');

// The file the site build writes with every exercise of a chapter, in chapter order: a page
// that wants all of a chapter's exercises at once (embed.html?chapter=19 with a seed or a
// learner's key; without, it fetches those near the screen, ui/chapter-set.mjs) fetches it in
// place of each exercise's own file, one request that compresses as one.
export const chapterExercisesFile = (chapter) => `exercises/chapter-${chapter}.json`;

// Every exercise (exercises.json), or, with `only`, the catalogue (the page's own, else
// catalogue.json) and the documents of those of the ids it lists, so that a page about one
// exercise does not download them all; an id it does not list then names no exercise. A
// chapter's page carries its chapter's documents (script#exercise-docs: on a slow link they
// come with the page, while it waits for its other files, instead of a round trip after its
// script has run); any other is fetched: a chapter's exercises, where more than one is wanted
// and they are all of the chapter's, as the chapter's file (chapterExercisesFile), the others
// each as its own (exercises/ID.json).
export async function fetchExercises(base, only) {
  if (!only) return { docs: await fetchJson(base, 'exercises.json'), catalogue: null };
  const catalogue = catalogueInPage() ?? await fetchJson(base, 'catalogue.json');
  const listed = new Set(catalogue.map((entry) => entry.id));
  const wanted = [...new Set(only.map(String))].filter((id) => listed.has(id));
  const carried = new Map((arrayInPage('exercise-docs') ?? []).map((doc) => [doc?.id, doc]));
  const fetched = wanted.filter((id) => !carried.has(id));
  const wholeChapters = [...new Set(catalogue.filter((entry) => fetched.includes(entry.id)).map((entry) => entry.chapter))]
    .filter((chapter) => {
      const ids = catalogue.filter((entry) => entry.chapter === chapter).map((entry) => entry.id);
      return ids.length > 1 && ids.every((id) => fetched.includes(id));
    });
  for (const docs of await Promise.all(wholeChapters.map((chapter) => fetchJson(base, chapterExercisesFile(chapter))))) {
    for (const doc of docs) carried.set(doc?.id, doc);
  }
  return {
    docs: await Promise.all(wanted.map((id) => carried.get(id) ?? fetchJson(base, `exercises/${encodeURIComponent(id)}.json`))),
    catalogue,
  };
}

// What the catalogue says of an exercise (companion.exercises()); the site build writes the
// same entries to catalogue.json.
export function catalogueEntry(doc) {
  return {
    id: doc.id, chapter: doc.chapter, order: doc.order, title: doc.title,
    parts: (doc.parts ?? []).map((p) => p.name),
    explain: (doc.explain ?? []).map((item) => item.name),
    lab: typeof doc.lab === 'string' ? doc.lab : null,
    // Which pages each declared figure is shown on (figures/exercise-figures.mjs,
    // declaredFigures); the declarations themselves are in the exercise's file, which a page
    // that draws them has (every exercise page carries this catalogue: 0.9 KB gzip less).
    figures: (Array.isArray(doc.figures) ? doc.figures : []).filter((f) => f && typeof f.kind === 'string')
      .map((f) => ({ kind: f.kind, ...(f.exercisePage === false ? { exercisePage: false } : {}),
        ...(f.figuresPage && typeof f.figuresPage === 'object' ? { figuresPage: {} } : {}) })),
    // The points of each written item's checklist (an explain item's, or, under "plan" (PLAN in
    // embed/scorm-values.mjs), an open design task's), so that a page can say an exercise's saved
    // state before it has its file (ui/chapter-set.mjs).
    points: Object.fromEntries([...(doc.explain ?? []).map((item) => [item.name, (item.checklist ?? []).length]),
      ...((doc.parts ?? []).length === 0 && Array.isArray(doc.checklist) ? [['plan', doc.checklist.length]] : [])]),
  };
}

export const inChapterOrder = (entries) => entries.sort((x, y) => x.chapter - y.chapter || (x.order ?? 0) - (y.order ?? 0));

// The catalogue alone, in chapter order, for a page that lists the exercises and needs no
// core (the index): the page's own (the site build writes it in), else catalogue.json.
export async function loadCatalogue({ base = document.baseURI } = {}) {
  return inChapterOrder(catalogueInPage() ?? await fetchJson(base, 'catalogue.json'));
}
