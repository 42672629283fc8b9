// The companion's one JS API, the same in the browser and in Node: it loads the
// WebAssembly core and the exercise files, and hands plain objects back. Every number
// and every verdict comes from the core; this file only moves text across.

import { parseSeed } from './seed.mjs';
import { addChecks, checkRanges } from './author/check-slices.mjs';
import { inNode, coreNamed, loadCoreInNode, loadCoreInBrowser, readExerciseDocsInNode, fetchExercises, catalogueEntry,
  inChapterOrder } from './core-loading.mjs';
import { COMPUTE_ARRAYS, AGREEMENT_ARRAYS, MAX_BATCH_ARRAY, SMALL_READ_MAX, smallReadRefusal, batchArrays,
  batchOptionsJson, heapBlock, inCore, parseCoreJson } from './core-boundary.mjs';

export { coreFile, coreFactory, catalogueInPage, catalogueEntry, chapterExercisesFile, loadCatalogue } from './core-loading.mjs';

// Seeds are whole numbers 0..2^32-1 (seed.mjs, the one reading of a seed); anything
// else is refused with a message that names it.
const seedOf = (seed) => parseSeed(seed);

// The learner's answers to the other parts of an exercise, as the core takes them: text
// only, for parts the exercise has, each within the reader's length (longer ones cannot be
// read anyway, and are left out rather than copied into the core).
function earlierOf(doc, part, earlier) {
  if (!earlier || typeof earlier !== 'object') return {};
  const out = {};
  for (const other of doc.parts ?? []) {
    if (other.name === part || !Object.hasOwn(earlier, other.name)) continue;
    const text = earlier[other.name];
    if (typeof text === 'string' && text.length <= 8000) out[other.name] = text;
  }
  return out;
}

// A check slice's JSON; a refusal is a result, not an error.
const parseCheck = (text) => JSON.parse(text);

// `exercises` (parsed exercise documents: a teacher's own, or the bundle's) replaces reading
// the exercises/ folder in Node and the fetches in a browser. In a browser, `createModule` (an
// Emscripten factory, e.g. the single-file build) replaces loading the core, for the
// classic-script bundle that runs from file:// and on other origins; `only` (exercise ids) loads just
// those exercises and the catalogue. `core`: 'whole' (every call), 'exercises' or a
// chapter's, 'chNN' (no batch calls until withBatch(); see core-loading.mjs).
export async function loadCompanion({ base = inNode ? undefined : document.baseURI, createModule, exercises, only,
  core: coreName = 'whole' } = {}) {
  const coreFiles = coreNamed(coreName);
  const [core, { docs, catalogue }] = inNode
    ? await Promise.all([loadCoreInNode(coreFiles),
      (exercises ? Promise.resolve(exercises) : readExerciseDocsInNode()).then((docs) => ({ docs, catalogue: null }))])
    : await Promise.all([
      createModule ? createModule() : loadCoreInBrowser(base, coreFiles),
      exercises ? { docs: exercises, catalogue: null } : fetchExercises(base, only)]);

  const byId = new Map();
  for (const doc of docs) byId.set(doc.id, { doc, text: JSON.stringify(doc) });
  const entries = inChapterOrder(catalogue ?? [...byId.values()].map(({ doc }) => catalogueEntry(doc)));

  const find = (id) => {
    const entry = byId.get(String(id));
    if (!entry) throw new Error(`There is no exercise '${id}'.`);
    return entry;
  };

  // The batch calls exist in the whole core only; on the exercise core each says where they are.
  const hasBatch = typeof core.batchAttention === 'function';
  const batchCore = () => {
    if (!hasBatch) throw new Error('This page loaded the exercise core, which has no batch calls: ask withBatch() for them.');
    return core;
  };
  let whole = null;

  const companion = {
    // The companion with the batch calls: this one on the whole core; on the exercise core,
    // the whole core loaded once (its own memory and state) for the same exercises.
    withBatch() {
      if (hasBatch) return Promise.resolve(companion);
      whole ??= loadCompanion({ base, exercises: docs, core: 'whole' }).catch((error) => {
        whole = null; // a failed load is tried again next time
        throw error;
      });
      return whole;
    },
    // Whether an exercise's document is loaded (`only` loads some), and loads those of `ids`
    // that are not yet (a page that draws its exercises as they come near the screen).
    has: (id) => byId.has(String(id)),
    async load(ids) {
      const wanted = ids.map(String).filter((id) => !byId.has(id));
      if (wanted.length === 0) return;
      const { docs: more } = await fetchExercises(base, wanted);
      for (const doc of more) {
        if (byId.has(doc.id)) continue;
        byId.set(doc.id, { doc, text: JSON.stringify(doc) });
        docs.push(doc);
      }
    },
    // The catalog, in chapter order: each exercise's id, place, title, part names and
    // explain item names (the written, ungraded halves), the
    // lab it seeds (or null) and the figures it declares (see web/figures/exercise-figures.mjs).
    exercises() {
      return entries.map((entry) => structuredClone(entry));
    },
    // seed 0 (or none) is the chapter's own numbers; another seed is a variant.
    exercise(id, { seed = 0 } = {}) {
      const { text } = find(id);
      return parseCoreJson(inCore(() => core.describeExercise(text, seedOf(seed))));
    },
    // Each part's worked solution at this seed: Map(part name -> [lines]) (cpp/api/api.h,
    // SolveExercise). The whole core has the call; on another core the whole one is loaded
    // (withBatch), once, when a learner first opens a solution, so that the core a page waits
    // for carries none of the working.
    async solutions(id, { seed = 0 } = {}) {
      const { text } = find(id);
      const checkedSeed = seedOf(seed);
      if (typeof core.solveExercise !== 'function') return (await companion.withBatch()).solutions(id, { seed: checkedSeed });
      const { parts } = parseCoreJson(inCore(() => core.solveExercise(text, checkedSeed)));
      return new Map((parts ?? []).map((part) => [String(part.name), Array.isArray(part.solution) ? part.solution : []]));
    },
    // The mistakes each part names at this seed: {parts: [{name, step, expected, mistakes:
    // [{tag, operation, step, answer, explanation}]}]} (see cpp/api/api.h).
    mistakes(id, { seed = 0 } = {}) {
      const { text } = find(id);
      return parseCoreJson(inCore(() => core.describeMistakes(text, seedOf(seed))));
    },
    // The check of an exercise (an id, or a document: a teacher's file, parsed) over seeds
    // from .. from + seeds - 1, in slices of `slice` seeds with onProgress(done, seeds) after
    // each (a worker reports progress so). Whole core only. -> {refused} where the file itself
    // is wrong, else the core's counts added up over the slices (cpp/api/api.h, CheckExercise);
    // ./author/check-report.mjs words it.
    check(exercise, { seeds = 1000, from = 0, slice = 50, onProgress = null } = {}) {
      if (typeof core.checkExercise !== 'function') {
        throw new Error('The check runs on the whole core: load the companion with core: \'whole\'.');
      }
      const text = typeof exercise === 'string' ? find(exercise).text : JSON.stringify(exercise);
      const first = seedOf(from);
      const count = Math.min(Math.max(0, Math.floor(Number(seeds) || 0)), 2 ** 32 - first);
      let total = null;
      for (const range of checkRanges(first, count, slice)) {
        const part = parseCheck(inCore(() => core.checkExercise(text, range.from, range.seeds)));
        if (part.refused) return part;
        total = total ? addChecks(total, part) : part;
        onProgress?.(range.from - first + range.seeds, count);
      }
      return total;
    },
    // The operations an exercise's steps may use, with their arguments, fields and mistakes
    // (whole core only): [{name, summary, args, fields, mistakes}].
    operations() {
      if (typeof core.describeOperations !== 'function') {
        throw new Error('The operations are listed by the whole core: load the companion with core: \'whole\'.');
      }
      return JSON.parse(inCore(() => core.describeOperations()));
    },
    // revealValues: false words the feedback without any value the learner did not type
    // (a feedback policy, ui/feedback-policy.mjs); expected is then null. earlier: the
    // learner's answers to the exercise's other parts ({part name: text}), so that a part
    // computed from them is judged with follow-through; followThrough: 'counts' (the
    // default) or 'noted' (the teacher's policy). The result's followThrough is then null or
    // {from: [part names], counts}.
    grade(id, part, text, { seed = 0, revealValues = true, earlier = null, followThrough = 'counts' } = {}) {
      const { doc, text: json } = find(id);
      if (!(doc.parts ?? []).some((p) => p.name === part)) {
        throw new Error(`The exercise '${id}' has no part '${part}'.`);
      }
      const checkedSeed = seedOf(seed); // a bad seed is the caller's, not the core's, error
      const context = JSON.stringify({ revealValues: revealValues !== false, earlier: earlierOf(doc, part, earlier),
        followThrough: followThrough === 'noted' ? 'noted' : 'counts' });
      return parseCoreJson(inCore(() => core.gradeAnswer(json, String(part), String(text ?? ''), checkedSeed,
        context)));
    },
    // Working for arbitrary inputs: {model, inputs, query?, remove?, delete?, mask?,
    // temperature?}, the model as the exercise names it (exercise.model).
    work(request) {
      if (!request || typeof request !== 'object' || typeof request.model !== 'string' || request.model === '') {
        throw new Error('A working request needs the model to compute with (the exercise\'s "model").');
      }
      return parseCoreJson(inCore(() => core.work(JSON.stringify(request))));
    },
    // Batched, masked attention in the float32 core (cpp/api/batch_request.h), one compute
    // pass: options {B, H, T, S, Dk, Dv | D, temperature, scaled, lengths, causal, window,
    // halfWidth, seed, returnWeights, returnInputs}; arrays {query, keys, values,
    // explicitMask} (typed arrays, all optional; without Q, K and V the core draws them
    // from the seed). Returns the summary's fields plus typed-array copies (context,
    // weights, emptyRows, rowSums, entropies, maskedMass, maxEntropies, and query, keys,
    // values with returnInputs).
    batchAttention(options, arrays = {}) {
      const optionsJson = batchOptionsJson(options);
      const copies = batchArrays(arrays, COMPUTE_ARRAYS);
      const out = inCore(() => batchCore().batchAttention(optionsJson, copies));
      if (typeof out.error === 'string') throw new Error(out.error);
      const { summary, ...typed } = out;
      return { ...JSON.parse(summary), ...typed };
    },
    // How well another path's outputs (the GPU's) agree with the core's, compared
    // elementwise under the core's rule; no inputs and no second compute pass. options:
    // the shape and mask (the compute call's options will do); arrays {explicitMask,
    // context, weights, emptyRows (the core's outputs from batchAttention), compareContext,
    // compareWeights, compareEmptyRows (the other path's)}; weights only with
    // compareWeights, emptyRows only with compareEmptyRows. Returns {agreement: {compared,
    // maxAbsError, maxRelError, worstRatio, violations, maskedNonZero, emptyRowMismatches,
    // absTol, relTol, pass}}.
    batchAgreement(options, arrays = {}) {
      const optionsJson = batchOptionsJson(options);
      const copies = batchArrays(arrays, AGREEMENT_ARRAYS);
      const out = inCore(() => batchCore().batchAgreement(optionsJson, copies));
      if (typeof out.error === 'string') throw new Error(out.error);
      return JSON.parse(out.summary);
    },
    // The zero-copy batch call, for callers with large inputs who vouch for them: buffers
    // of one shape kept in the module's memory; the caller writes Q, K and V straight into
    // `query`, `keys` and `values` and reads the result in `context` and `emptyRows` (views
    // into the module's memory: take them again after any call into the companion, which
    // may grow its memory). Nothing is copied in and the inputs are not scanned before the
    // run: a non-finite input makes run() throw the core's error (a context that is not
    // finite) after the kernel has run, and the context then holds no result to use.
    // batchAttention is the checked call, which refuses such an input before it computes.
    // batchBuffers({B, H, T, S, Dk, Dv}) -> {query, keys, values, context, emptyRows,
    // run(options: mask, temperature, scaled) -> the summary, free()}.
    batchBuffers({ B = 1, H = 1, T, S, Dk, Dv = Dk } = {}) {
      const shape = { B, H, T, S, Dk, Dv };
      for (const [name, n] of Object.entries(shape)) {
        if (!Number.isSafeInteger(n) || n < 1) throw new Error(`The batch buffers' ${name} must be a whole number of at least 1.`);
      }
      const sizes = { query: B * H * T * Dk, keys: B * H * S * Dk, values: B * H * S * Dv, context: B * H * T * Dv };
      const rows = B * H * T;
      for (const [name, n] of Object.entries({ ...sizes, emptyRows: rows })) {
        if (n > MAX_BATCH_ARRAY) throw new Error(`The batch buffer ${name} would hold ${n} numbers; at most ${MAX_BATCH_ARRAY}.`);
      }
      const block = heapBlock(batchCore(), sizes, rows, 'These batch buffers have been freed.', 'these batch buffers');
      return {
        get query() { return block.floats('query'); },
        get keys() { return block.floats('keys'); },
        get values() { return block.floats('values'); },
        get context() { return block.floats('context'); },
        get emptyRows() { return block.bytes(); },
        run(options = {}) {
          // The options are read first: a getter among them runs before any address is taken,
          // so one that frees these buffers is refused instead of leaving the core a freed block.
          const optionsJson = batchOptionsJson({ ...options, ...shape });
          const [query, keys, values, context, emptyRows] = ['query', 'keys', 'values', 'context', 'bytes'].map(block.address);
          const out = JSON.parse(inCore(() => core.batchInPlace(optionsJson, query, keys, values, context, emptyRows)));
          if (typeof out.error === 'string') throw new Error(out.error);
          return out;
        },
        free: block.free,
      };
    },
    // The lean small read, for figures and labs that read often (one query against a few
    // keys, float32, by the batch kernel): a reader of fixed sizes keeps its buffers in the
    // module's memory, and each read copies its few numbers in and its outputs out, with no
    // JSON and no clock. The caller vouches for its numbers (finite, of the sizes given);
    // anything else belongs to batchAttention, which checks everything.
    // smallReader({S, Dk, Dv}) -> {read(query, keys, values, {scale = 1}) -> {context,
    // weights}, free()}.
    smallReader({ S, Dk, Dv = Dk } = {}) {
      for (const [name, n] of [['S', S], ['Dk', Dk], ['Dv', Dv]]) {
        if (!Number.isInteger(n) || n < 1 || n > SMALL_READ_MAX) {
          throw new Error(`A small reader's ${name} must be a whole number from 1 to ${SMALL_READ_MAX}.`);
        }
      }
      const sizes = { query: Dk, keys: S * Dk, values: S * Dv, context: Dv, weights: S };
      const block = heapBlock(batchCore(), sizes, 0, 'This small reader has been freed.', 'a small reader');
      return {
        read(query, keys, values, { scale = 1 } = {}) {
          if (query?.length !== Dk || keys?.length !== S * Dk || values?.length !== S * Dv) {
            throw new Error(`A small read takes ${Dk} query numbers, ${S * Dk} key numbers and ${S * Dv} value numbers.`);
          }
          // Everything the caller gave is read before an address is taken (a typed array has
          // no getters; anything else is copied first), so that no getter can free the block
          // the core is about to write into: a freed reader is refused instead.
          const factor = Number(scale);
          const given = { query, keys, values };
          for (const [name, xs] of Object.entries(given)) {
            const numbers = ArrayBuffer.isView(xs) ? xs : Float32Array.from(xs);
            block.floats(name).set(numbers);
          }
          const [q, k, v, context, weights] = ['query', 'keys', 'values', 'context', 'weights'].map(block.address);
          const status = inCore(() => core.smallRead(q, k, v, context, weights, S, Dk, Dv, factor));
          if (status !== 0) throw new Error(smallReadRefusal(status, given, factor));
          return { context: block.floats('context').slice(), weights: block.floats('weights').slice() };
        },
        free: block.free,
      };
    },
  };
  return companion;
}
