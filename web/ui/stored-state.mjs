// The stored state of the saved answers (storage.mjs keeps it in localStorage) and its reading
// record by record. It holds what the
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
// API:
//   readState(value) -> {state, dropped} (a fresh copy in null-prototype maps) or null
//   writtenAt(exerciseRecord, item, seed) -> a written item's record in a state (item '' or
//     null: the open design task), or undefined
//   takePractice(list, record) -> takes another copy of a part's practice of a mistake (a
//     progress file's, the browser's) into the part's list, unless the one there stands
//     (a practised one, or one as far on): whether it was taken

import { readSeed, seedKey, isSeedKey } from '../seed.mjs';
import { MAX_TEXT } from './text-limits.mjs';

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

export function emptyState() {
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
export function putPractice(list, record) {
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

export function readV2(raw) {
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
