// Saved answers in localStorage, under one versioned key (attention-companion:v2): the
// store a page reads and writes. The stored state's shape and how it is read record by record
// are stored-state.mjs's. Version 1 (key "attention-companion:v1") is migrated on open: its
// parts move under their seed (0 when none) and the v1 key is removed.
//
// A store has a context: the open site and practice embeds share the default one; a page
// under a teacher's feedback policy (an embed or element with attempts=…, values=…,
// working=…) keeps its answers and attempt counts under a key of its own
// ("attention-companion:v2@attempts=2"), so that a limit counts only what was done under it.
//
// API (what pages and export/import use; readState, writtenAt and takePractice, which read a
// state, are stored-state.mjs's):
//   openStore({context}?) -> {store, notice}
//   storeContext(policy) -> the context of a feedback policy (null for practice)
//   droppedNotice(count) -> the sentence shown when records were dropped
//   store.part(id, part, seed = 0) -> {text, verdict, attempts, solutionSeen?} or null
//   store.givenVersion(id, part, seed = 0) -> the exercise's version the part's saved verdict
//     was given against, or null where it is not known
//   store.markSolutionSeen(id, part, seed = 0) (the learner opened the part's worked solution)
//   store.tries(id, part, seed = 0) -> the part's tries (copies), oldest first
//   store.savePart(id, part, record, seed = 0, tryRecord?) (a check adds its try)
//   store.correctCount(id, partNames, seed = 0)
//   store.partsSummary(id, partNames, seed = 0) -> {total, correct, checked}
//   store.variantSeeds(id) -> seeds (other than 0) that hold saved answers
//   store.openTask(id, item?, seed = 0) / store.saveOpenTask(id, {ticked, notes, revealed}, item?, seed = 0)
//     (without item: the exercise's open design task, whatever the seed; with one: that
//     explain item at that seed)
//   store.practice(id, part, tag?) -> the part's practice record of that mistake (without a
//     tag: the one saved last), a copy, or null
//   store.practices(id, part) -> the part's practice records, one per mistake (copies)
//   store.savePractice(id, part, {tag, seeds, streak, practised}) (stamped with the time;
//     replaces that mistake's record only)
//   store.clearAnswers(id, seed = 0) -> removes the saved answers of one exercise at one seed
//   store.snapshot() -> a deep copy of the whole state (null-prototype maps)
//   store.replace(state) -> false unless every record of state is valid; then persists it

import { seedKey } from '../seed.mjs';
import { policyQuery } from './feedback-policy.mjs';
import { keptText } from './text-limits.mjs';
import { STORAGE_VERSION, cappedTries, dict, emptyState, practiceRecord, putPractice, readState, readV2,
  tryRecord, writtenAt } from './stored-state.mjs';

export const STORAGE_KEY = 'attention-companion:v2';
export const LEGACY_KEYS = ['attention-companion:v1'];

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (e.g. blocked cookies)
  }
}

function readKey(local, key) {
  try {
    return local.getItem(key);
  } catch {
    return null;
  }
}

function parseOrNull(raw) {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

const DAMAGED = 'Your saved answers in this browser could not be read (the stored data was damaged), ' +
  'so they have been cleared. You can carry on from here.';

export function droppedNotice(count) {
  return count === 1
    ? '1 saved answer in this browser could not be read (its data was damaged), so it was dropped. Your other answers are kept.'
    : `${count} saved answers in this browser could not be read (their data was damaged), so they were dropped. ` +
      'Your other answers are kept.';
}

// The context of a feedback policy: null in practice (the open site's store), else the
// policy as its query ("attempts=2&values=hidden").
export const storeContext = (policy) => policyQuery(policy) || null;

// Opens the store (of a context: see above). Returns {store, notice}: notice is null, or
// a sentence to show the learner (store was reset, or answers cannot be saved here).
export function openStore({ context = null } = {}) {
  const local = storage();
  if (!local) {
    return { store: new AnswerStore(null, emptyState()),
      notice: 'This browser does not allow saving, so answers will not be kept after you leave the page.' };
  }
  const key = context === null ? STORAGE_KEY : `${STORAGE_KEY}@${context}`;
  const raw = readKey(local, key);
  if (raw !== null) {
    const parsed = parseOrNull(raw);
    const read = parsed?.version === STORAGE_VERSION ? readState(parsed) : null;
    if (read && read.dropped === 0) return { store: new AnswerStore(local, read.state, key), notice: null };
    // Records that could not be read are dropped (or, when nothing can be read, all of
    // it), and the cleaned store is written back so the notice is shown once.
    const store = new AnswerStore(local, read ? read.state : emptyState(), key);
    store.persist();
    return { store, notice: read ? droppedNotice(read.dropped) : DAMAGED };
  }
  if (context !== null) return { store: new AnswerStore(local, emptyState(), key), notice: null };
  const legacyRaw = readKey(local, LEGACY_KEYS[0]);
  if (legacyRaw === null) return { store: new AnswerStore(local, emptyState()), notice: null };
  const legacy = parseOrNull(legacyRaw);
  const read = legacy?.version === 1 ? readState(legacy) : null;
  const store = new AnswerStore(local, read ? read.state : emptyState());
  if (store.persist()) {
    try {
      local.removeItem(LEGACY_KEYS[0]);
    } catch {
      // the old key stays; it is ignored once the new one exists
    }
  }
  if (!read) return { store, notice: DAMAGED };
  return { store, notice: read.dropped ? droppedNotice(read.dropped) : null };
}

export class AnswerStore {
  // state: a stored state; it is read through readState (invalid records are left out).
  // key: the storage key it persists under.
  constructor(local, state, key = STORAGE_KEY) {
    this.local = local;
    this.key = key;
    this.state = readState(state)?.state ?? emptyState();
    this.saveFailed = false;
  }

  // {text, verdict, attempts} for a part at a seed, or null if nothing is saved.
  part(exerciseId, partName, seed = 0) {
    const record = this.state.exercises[exerciseId]?.seeds?.[seedKey(seed)]?.parts?.[partName];
    if (!record) return null;
    // Seen where the record says so, or where a try was made after seeing it.
    const seen = record.solutionSeen === true || (record.tries ?? []).some((entry) => entry.solutionSeen === true);
    return { text: record.text, verdict: record.verdict, attempts: record.attempts, ...(seen ? { solutionSeen: true } : {}) };
  }

  // The exercise's version the part's saved verdict was given against (its last check's), or null.
  givenVersion(exerciseId, partName, seed = 0) {
    const record = this.state.exercises[exerciseId]?.seeds?.[seedKey(seed)]?.parts?.[partName];
    return typeof record?.version === 'string' ? record.version : null;
  }

  // The learner opened the part's worked solution (kept with the part's record).
  markSolutionSeen(exerciseId, partName, seed = 0) {
    const seeds = this.#exercise(exerciseId).seeds;
    const key = seedKey(seed);
    seeds[key] ??= { parts: dict() };
    seeds[key].parts[partName] ??= { text: '', verdict: null, attempts: 0 };
    seeds[key].parts[partName].solutionSeen = true;
    return this.persist();
  }

  // The part's tries at a seed, oldest first (copies).
  tries(exerciseId, partName, seed = 0) {
    const record = this.state.exercises[exerciseId]?.seeds?.[seedKey(seed)]?.parts?.[partName];
    return structuredClone(record?.tries ?? []);
  }

  // Number of parts of `partNames` whose last verdict at `seed` was "correct".
  correctCount(exerciseId, partNames, seed = 0) {
    return partNames.filter((name) => this.part(exerciseId, name, seed)?.verdict === 'correct').length;
  }

  // How far the learner got with `partNames` at `seed`: the number of parts, the parts
  // whose last verdict was "correct", and the parts checked at least once (an attempt
  // used; an answer that could not be read costs none and does not count here).
  partsSummary(exerciseId, partNames, seed = 0) {
    const records = partNames.map((name) => this.part(exerciseId, name, seed));
    return {
      total: partNames.length,
      correct: records.filter((record) => record?.verdict === 'correct').length,
      checked: records.filter((record) => record && (record.attempts > 0 || record.verdict === 'correct')).length,
    };
  }

  // Seeds other than 0 under which answers (or written explanations) are saved, in numeric order.
  variantSeeds(exerciseId) {
    return Object.keys(this.state.exercises[exerciseId]?.seeds ?? dict()).map(Number)
      .filter((seed) => seed !== 0).sort((x, y) => x - y);
  }

  #exercise(exerciseId) {
    this.state.exercises[exerciseId] ??= { seeds: dict() };
    return this.state.exercises[exerciseId];
  }

  // Saves a part's record, and with `check` (the try a check made: {at, text, verdict,
  // mistake?, followThrough?, solutionSeen?, version?}) adds it to the part's tries; returns
  // false when it could not be written.
  savePart(exerciseId, partName, { text, verdict, attempts }, seed = 0, check = null) {
    const seeds = this.#exercise(exerciseId).seeds;
    const key = seedKey(seed);
    seeds[key] ??= { parts: dict() };
    const previous = seeds[key].parts[partName];
    const before = previous?.tries ?? [];
    const record = { text: keptText(text), verdict: verdict ?? null,
      attempts: Number.isSafeInteger(attempts) && attempts >= 0 ? attempts : 0 };
    const added = check ? tryRecord({ ...check, text: keptText(check.text ?? text) }) : null;
    const at = added?.at ?? previous?.at;
    const version = added ? added.version : previous?.version;
    if (at) record.at = at;
    if (version) record.version = version;
    if (previous?.solutionSeen === true) record.solutionSeen = true;
    const tries = added ? cappedTries([...before, added]) : before;
    if (tries.length) record.tries = tries;
    seeds[key].parts[partName] = record;
    return this.persist();
  }

  // Removes the saved answers of one exercise at one seed (its open task and written
  // explanations, if any, stay: an explanation is the learner's own text, and its record of
  // reference notes opened is the teacher's to see);
  // returns false when the change could not be written.
  clearAnswers(exerciseId, seed = 0) {
    const record = this.state.exercises[exerciseId];
    const key = seedKey(seed);
    if (!record || !Object.hasOwn(record.seeds, key)) return true;
    if (record.seeds[key].explain) record.seeds[key].parts = dict();
    else delete record.seeds[key];
    if (Object.keys(record.seeds).length === 0 && record.open === undefined && record.practice === undefined) {
      delete this.state.exercises[exerciseId];
    }
    return this.persist();
  }

  // The part's practice record of the mistake `tag` ({tag, seeds, streak, practised, at?}, a
  // copy; without a tag, the one saved last), or null.
  practice(exerciseId, partName, tag = null) {
    const list = this.state.exercises[exerciseId]?.practice?.[partName] ?? [];
    const record = tag === null ? list.reduce((last, entry) => (!last || (entry.at ?? '') >= (last.at ?? '') ? entry : last), null)
      : list.find((entry) => entry.tag === tag);
    return record ? structuredClone(record) : null;
  }

  // The part's practice records, one per mistake (copies).
  practices(exerciseId, partName) {
    return structuredClone(this.state.exercises[exerciseId]?.practice?.[partName] ?? []);
  }

  // Keeps a part's practice of one mistake (a record that is not of the shape is refused:
  // false), stamped with the time, in place of that mistake's record only; a practised mistake
  // stays practised.
  savePractice(exerciseId, partName, record, now = new Date()) {
    const before = this.state.exercises[exerciseId]?.practice?.[partName]?.find((entry) => entry.tag === record?.tag);
    const copy = practiceRecord({ ...record, at: now.toISOString(), practised: record?.practised === true || before?.practised === true });
    if (!copy) return false;
    const parts = (this.#exercise(exerciseId).practice ??= dict());
    parts[String(partName)] = putPractice(parts[String(partName)] ?? [], copy);
    return this.persist();
  }

  // {ticked, notes, revealed} of an open design task (or of its explain item `item` at
  // `seed`), or null.
  openTask(exerciseId, item = null, seed = 0) {
    const record = writtenAt(this.state.exercises[exerciseId], item, seed);
    return record ? structuredClone(record) : null;
  }

  saveOpenTask(exerciseId, { ticked = [], notes = '', revealed = false }, item = null, seed = 0) {
    const record = {
      ticked: [...new Set(ticked.filter((i) => Number.isSafeInteger(i) && i >= 0))].sort((x, y) => x - y),
      notes: keptText(notes),
      revealed: Boolean(revealed),
    };
    const exercise = this.#exercise(exerciseId);
    if (item === null) exercise.open = record;
    else {
      const holder = (exercise.seeds[seedKey(seed)] ??= { parts: dict() });
      (holder.explain ??= dict())[String(item)] = record;
    }
    return this.persist();
  }

  snapshot() {
    return readV2(this.state).state;
  }

  replace(state) {
    const read = state?.version === STORAGE_VERSION ? readState(state) : null;
    if (!read || read.dropped) return false;
    this.state = read.state;
    return this.persist();
  }

  persist() {
    if (!this.local) return false;
    try {
      this.local.setItem(this.key, JSON.stringify(this.state));
      return true;
    } catch {
      this.saveFailed = true;
      return false;
    }
  }
}
