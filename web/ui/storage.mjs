// Saved answers in localStorage, under one versioned key. Stores what the
// learner typed (raw text, never parsed numbers), the last verdict and the
// attempt count per exercise part and per seed (seed 0 is the chapter's own
// numbers, any other seed a variant), plus the state of open design tasks.
//
// Shape (version 2, key "attention-companion:v2"):
//   {version: 2, exercises: {[id]: {
//      seeds: {[seed as decimal string]: {explain?: {[item name]: {ticked, notes, revealed}}, parts: {[part]:
//               {text: string, verdict: "correct"|"incorrect"|"invalid"|null, attempts: int,
//                at?: ISO time of the last check, version?: the exercise's version it was given against,
//                solutionSeen?: true (the learner opened the part's worked solution),
//                tries?: [{at: ISO time, text, verdict, mistake?: tag, followThrough?: {from: [parts],
//                          counts: bool}, solutionSeen?: true, version?: string}]}}}},
//      open?: {ticked: [int], notes: string, revealed: boolean},
//      practice?: {[part]: [{tag, seeds: [seed], streak: int, practised: boolean, at?: ISO time}]}}}}
// ("practice" is the practice of a part's named mistakes on new variants (practice-target.mjs),
// one record per mistake (tag), in the order they were first practised: the mistake's tag, the
// variants drawn so far (the last is the one shown), the right answers in a row, and whether
// it was practised (never undone); it is the part's, whatever the seed it was answered at. A
// store without it reads as before, and a part's single record (the shape first written, before
// a part kept one per mistake) reads as a list of one.)
// ("open" is an open design task's checklist and notes; a seed's "explain" holds the same for
// each written half of an exercise, by the explain item's name. The written half is kept per
// seed as the parts are: its reference notes hold that variant's answers, so notes revealed
// at one variant must not open revealed at another, and a learner's text written against one
// variant's numbers is not another's. `revealed` is also the record that the reference notes
// were opened there (the progress file, the class report and SCORM carry it). An open design
// task has no variants: it stays with the exercise. A store written before explanations were
// kept per seed holds them as the exercise's "explain" ({[item name]: {ticked, notes,
// revealed}}); it is read as seed 0's, the chapter's numbers (where the page opens without a
// seed), so that no learner's text is lost.) A part's tries are its checks
// (each with the core's verdict and named mistake at the time, whether it followed from the
// learner's own earlier answers, whether the learner had seen a worked solution, and the
// version of the exercise it was given against, where the page knows them), oldest first;
// a part keeps its first try and its latest MAX_TRIES - 1 (the first shows where the learner
// began; the latest, the way to where they are). Texts keep MAX_TEXT characters
// (text-limits.mjs), never half a character.
// Version 1 (key "attention-companion:v1": {version: 1, exercises: {[id]:
// {seed?, parts}}}) is migrated on open: its parts move under their seed (0
// when none) and the v1 key is removed.
//
// Every map keyed by the learner's data (exercise ids, seeds, part names) is a
// null-prototype object, so a key such as "__proto__" or "constructor" is plain
// data. A stored state is read record by record (readState): a record that is not
// of the expected shape is dropped on its own and counted, and the caller shows a
// notice with the count; only a store that is not JSON or not a known version is
// reset as a whole.
//
// A store has a context: the open site and practice embeds share the default one; a page
// under a teacher's feedback policy (an embed or element with attempts=…, values=…,
// working=…) keeps its answers and attempt counts under a key of its own
// ("attention-companion:v2@attempts=2"), so that a limit counts only what was done under it.
//
// API (what pages and export/import use):
//   openStore({context}?) -> {store, notice}
//   storeContext(policy) -> the context of a feedback policy (null for practice)
//   readState(value) -> {state, dropped} (a fresh copy in null-prototype maps) or null
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
//   writtenAt(exerciseRecord, item, seed) -> a written item's record in a state (item '' or
//     null: the open design task), or undefined
//   store.practice(id, part, tag?) -> the part's practice record of that mistake (without a
//     tag: the one saved last), a copy, or null
//   store.practices(id, part) -> the part's practice records, one per mistake (copies)
//   store.savePractice(id, part, {tag, seeds, streak, practised}) (stamped with the time;
//     replaces that mistake's record only)
//   takePractice(list, record) -> takes another copy of a part's practice of a mistake (a
//     progress file's, the browser's) into the part's list, unless the one there stands
//     (a practised one, or one as far on): whether it was taken
//   store.clearAnswers(id, seed = 0) -> removes the saved answers of one exercise at one seed
//   store.snapshot() -> a deep copy of the whole state (null-prototype maps)
//   store.replace(state) -> false unless every record of state is valid; then persists it

import { readSeed, seedKey, isSeedKey } from '../seed.mjs';
import { policyQuery } from './feedback-policy.mjs';
import { MAX_TEXT, keptText } from './text-limits.mjs';

export const STORAGE_KEY = 'attention-companion:v2';
export const LEGACY_KEYS = ['attention-companion:v1'];
export const STORAGE_VERSION = 2;
const VERDICTS = new Set(['correct', 'incorrect', 'invalid', null]);
const MAX_NAME = 200; // exercise ids and part names
export const MAX_TRIES = 20;
const MAX_TAG = 100; // a named mistake's tag
const MAX_VERSION = 64; // an exercise version (a hash of its content)
const MAX_PRACTICE_SEEDS = 50; // the variants a practice keeps (its latest)
const MAX_PRACTICE_TAGS = 20; // the mistakes practised on one part (the latest saved)

// A map keyed by user data: no prototype, so no key can reach Object.prototype.
export const dict = () => Object.create(null);

function emptyState() {
  return { version: STORAGE_VERSION, exercises: dict() };
}

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// A key of the learner's data: not empty, not too long, no control characters.
function isName(key) {
  if (key.length === 0 || key.length > MAX_NAME) return false;
  for (let i = 0; i < key.length; i += 1) if (key.charCodeAt(i) < 0x20) return false;
  return true;
}

const isTime = (value) => typeof value === 'string' && value.length <= 40 && Number.isFinite(Date.parse(value));

// One try, copied field by field (its optional fields only when present and of their
// shape), or null when it is not a try.
export function tryRecord(record) {
  if (!isPlainObject(record) || typeof record.text !== 'string' || record.text.length > MAX_TEXT || !isTime(record.at)
    || !VERDICTS.has(record.verdict ?? null)) return null;
  const copy = { at: record.at, text: record.text, verdict: record.verdict ?? null };
  if (typeof record.mistake === 'string' && record.mistake !== '' && record.mistake.length <= MAX_TAG) copy.mistake = record.mistake;
  const from = record.followThrough?.from;
  if (Array.isArray(from) && from.length > 0 && from.length <= 20 && from.every((name) => typeof name === 'string' && isName(name))) {
    copy.followThrough = { from: [...from], counts: record.followThrough.counts === true };
  }
  if (record.solutionSeen === true) copy.solutionSeen = true;
  if (typeof record.version === 'string' && record.version !== '' && record.version.length <= MAX_VERSION) {
    copy.version = record.version;
  }
  return copy;
}

// A list of tries within the cap: the first and the latest MAX_TRIES - 1.
export const cappedTries = (tries) => (tries.length <= MAX_TRIES ? tries : [tries[0], ...tries.slice(1 - MAX_TRIES)]);

// A part record, copied field by field, or null when it is not valid (a try that cannot be
// read is left out of it, counted in `lost`).
function partRecord(record, lost = { count: 0 }) {
  if (!isPlainObject(record) || typeof record.text !== 'string' || record.text.length > MAX_TEXT
    || !VERDICTS.has(record.verdict ?? null) || !Number.isSafeInteger(record.attempts) || record.attempts < 0) return null;
  const copy = { text: record.text, verdict: record.verdict ?? null, attempts: record.attempts };
  if (isTime(record.at)) copy.at = record.at;
  if (record.solutionSeen === true) copy.solutionSeen = true;
  if (typeof record.version === 'string' && record.version !== '' && record.version.length <= MAX_VERSION) {
    copy.version = record.version;
  }
  if (record.tries !== undefined) {
    const tries = Array.isArray(record.tries) ? record.tries.map(tryRecord) : [null];
    lost.count += tries.filter((entry) => entry === null).length;
    const kept = cappedTries(tries.filter(Boolean));
    if (kept.length) copy.tries = kept;
  }
  return copy;
}

function openRecord(record) {
  if (!isPlainObject(record)
    || !Array.isArray(record.ticked) || !record.ticked.every((i) => Number.isSafeInteger(i) && i >= 0)
    || typeof record.notes !== 'string' || record.notes.length > MAX_TEXT
    || typeof record.revealed !== 'boolean') return null;
  return { ticked: [...record.ticked], notes: record.notes, revealed: record.revealed };
}

// A part's practice record, copied field by field, or null when it is not one.
export function practiceRecord(record) {
  if (!isPlainObject(record) || typeof record.tag !== 'string' || record.tag === '' || record.tag.length > MAX_TAG
    || !Array.isArray(record.seeds) || !record.seeds.every((seed) => readSeed(seed).ok && typeof seed === 'number')
    || !Number.isSafeInteger(record.streak) || record.streak < 0 || typeof record.practised !== 'boolean') return null;
  const copy = { tag: record.tag, seeds: record.seeds.slice(-MAX_PRACTICE_SEEDS), streak: record.streak,
    practised: record.practised };
  if (isTime(record.at)) copy.at = record.at;
  return copy;
}

// {[part]: [record] (or one record: the first shape)} -> [null-prototype map of the lists of
// practice records that can be read (one per tag, the last of a tag kept), number dropped].
function readPractice(practice) {
  const parts = dict();
  if (!isPlainObject(practice)) return [parts, 1];
  let dropped = 0;
  for (const [name, held] of Object.entries(practice)) {
    const records = Array.isArray(held) ? held : [held];
    if (records.length === 0) continue;
    if (!isName(name)) {
      dropped += 1;
      continue;
    }
    const kept = [];
    for (const record of records) {
      const copy = practiceRecord(record);
      if (copy) putPractice(kept, copy);
      else dropped += 1;
    }
    if (kept.length) parts[name] = kept;
  }
  return [parts, dropped];
}

// Puts a record into a part's list: in place of its tag's, else at the end (the oldest going
// past MAX_PRACTICE_TAGS).
function putPractice(list, record) {
  const at = list.findIndex((entry) => entry.tag === record.tag);
  if (at >= 0) list[at] = record;
  else list.push(record);
  if (list.length > MAX_PRACTICE_TAGS) list.splice(0, list.length - MAX_PRACTICE_TAGS);
  return list;
}

// Whether a part's practice record of a mistake (mine) stands against another copy of it
// (theirs, or undefined): a practised one always (a practised mistake stays practised), else
// where theirs is not practised and went no further (drew no more variants).
function keepsPractice(mine, theirs) {
  if (!mine) return false;
  if (mine.practised || !theirs) return true;
  return !theirs.practised && mine.seeds.length >= theirs.seeds.length;
}

// Takes another copy of a part's practice of a mistake (record: a progress file's, the
// browser's) into the part's list `held`, unless keepsPractice keeps the one held there ->
// whether it was taken.
export function takePractice(held, record) {
  const at = held.findIndex((entry) => entry.tag === record.tag);
  if (keepsPractice(held[at], record)) return false;
  putPractice(held, record);
  return true;
}

// {parts} -> [null-prototype parts map, number dropped]; the whole group counts as one
// dropped record when it is not an object of parts.
function readParts(holder) {
  const parts = dict();
  // (A seed may hold written explanations only, without parts.)
  if (isPlainObject(holder) && holder.parts === undefined && holder.explain !== undefined) return [parts, 0];
  if (!isPlainObject(holder) || !isPlainObject(holder.parts)) return [parts, 1];
  const lost = { count: 0 };
  let dropped = 0;
  for (const [name, record] of Object.entries(holder.parts)) {
    const copy = isName(name) ? partRecord(record, lost) : null;
    if (copy) parts[name] = copy;
    else dropped += 1;
  }
  return [parts, dropped + lost.count];
}

// {[item name]: record} -> [null-prototype map of the records that can be read, number dropped].
function readExplain(explain) {
  const items = dict();
  if (!isPlainObject(explain)) return [items, 1];
  let dropped = 0;
  for (const [name, item] of Object.entries(explain)) {
    const copy = isName(name) ? openRecord(item) : null;
    if (copy) items[name] = copy;
    else dropped += 1;
  }
  return [items, dropped];
}

function readV2(raw) {
  const state = emptyState();
  let dropped = 0;
  for (const [id, record] of Object.entries(raw.exercises)) {
    if (!isName(id) || !isPlainObject(record) || !isPlainObject(record.seeds)) {
      dropped += 1;
      continue;
    }
    const exercise = { seeds: dict() };
    for (const [seed, holder] of Object.entries(record.seeds)) {
      if (!isSeedKey(seed)) {
        dropped += 1;
        continue;
      }
      const [parts, lost] = readParts(holder);
      dropped += lost;
      const [explain, lostNotes] = holder?.explain === undefined ? [dict(), 0] : readExplain(holder.explain);
      dropped += lostNotes;
      if (Object.keys(parts).length || Object.keys(explain).length) {
        exercise.seeds[seed] = { parts, ...(Object.keys(explain).length ? { explain } : {}) };
      }
    }
    if (record.open !== undefined) {
      const open = openRecord(record.open);
      if (open) exercise.open = open;
      else dropped += 1;
    }
    // A store from before explanations were kept per seed: its explanations are seed 0's
    // (where a seed 0 record of the same item is already there, that one is newer and stays).
    if (record.explain !== undefined) {
      const [explain, lost] = readExplain(record.explain);
      dropped += lost;
      for (const [name, item] of Object.entries(explain)) {
        const holder = (exercise.seeds['0'] ??= { parts: dict() });
        holder.explain ??= dict();
        holder.explain[name] ??= item;
      }
    }
    if (record.practice !== undefined) {
      const [practice, lost] = readPractice(record.practice);
      dropped += lost;
      if (Object.keys(practice).length) exercise.practice = practice;
    }
    if (Object.keys(exercise.seeds).length || exercise.open || exercise.practice) state.exercises[id] = exercise;
  }
  return { state, dropped };
}

// A written item's record in a state's exercise record: an explain item at a seed, or (item
// '' or null) the open design task.
export const writtenAt = (record, item, seed = 0) => (item === null || item === ''
  ? record?.open : record?.seeds?.[seedKey(seed)]?.explain?.[item]);

// Version 1 -> version 2: each exercise's parts move under its seed (0 when none).
function readV1(raw) {
  const state = emptyState();
  let dropped = 0;
  for (const [id, record] of Object.entries(raw.exercises)) {
    const seed = isPlainObject(record) && (record.seed === undefined
      || (typeof record.seed === 'number' && readSeed(record.seed).ok)) ? seedKey(record.seed) : null;
    if (!isName(id) || seed === null) {
      dropped += 1;
      continue;
    }
    const [parts, lost] = readParts(record);
    dropped += lost;
    if (Object.keys(parts).length) state.exercises[id] = { seeds: Object.assign(dict(), { [seed]: { parts } }) };
  }
  return { state, dropped };
}

// A stored state of version 1 or 2 -> {state (version 2), dropped}, or null when it is
// not a store of a known version at all.
export function readState(raw) {
  if (!isPlainObject(raw) || !isPlainObject(raw.exercises)) return null;
  if (raw.version === STORAGE_VERSION) return readV2(raw);
  if (raw.version === 1) return readV1(raw);
  return null;
}

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
