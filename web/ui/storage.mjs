// Saved answers in localStorage, under one versioned key. Stores what the
// learner typed (raw text, never parsed numbers), the last verdict and the
// attempt count per exercise part and per seed (seed 0 is the chapter's own
// numbers, any other seed a variant), plus the state of open design tasks.
//
// Shape (version 2, key "attention-companion:v2"):
//   {version: 2, exercises: {[id]: {
//      seeds: {[seed as decimal string]: {parts: {[part]:
//               {text: string, verdict: "correct"|"incorrect"|"invalid"|null, attempts: int}}}},
//      open?: {ticked: [int], notes: string, revealed: boolean}}}}
// Version 1 (key "attention-companion:v1": {version: 1, exercises: {[id]:
// {seed?, parts}}}) is migrated on open: its parts move under their seed (0
// when none) and the v1 key is removed. A store that is not valid JSON or
// not of a known shape is reset, and the caller is told so it can show a
// notice.
//
// API (what pages and a later export/import use):
//   openStore() -> {store, notice}
//   store.part(id, part, seed = 0) / store.savePart(id, part, record, seed = 0)
//   store.correctCount(id, partNames, seed = 0)
//   store.variantSeeds(id) -> seeds (other than 0) that hold saved answers
//   store.openTask(id) / store.saveOpenTask(id, {ticked, notes, revealed})
//   store.snapshot() -> a deep copy of the whole state (valid by isValidState)
//   store.replace(state) -> false unless isValidState(state); then persists it

export const STORAGE_KEY = 'attention-companion:v2';
export const LEGACY_KEYS = ['attention-companion:v1'];
export const STORAGE_VERSION = 2;
const VERDICTS = new Set(['correct', 'incorrect', 'invalid', null]);
const MAX_TEXT = 4000;
const MAX_SEED = 0xffffffff;

function emptyState() {
  return { version: STORAGE_VERSION, exercises: {} };
}

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isPartRecord(record) {
  return isPlainObject(record)
    && typeof record.text === 'string' && record.text.length <= MAX_TEXT
    && VERDICTS.has(record.verdict ?? null)
    && Number.isSafeInteger(record.attempts) && record.attempts >= 0;
}

function isPartsRecord(record) {
  return isPlainObject(record) && isPlainObject(record.parts) && Object.values(record.parts).every(isPartRecord);
}

function isSeedKey(key) {
  return /^(0|[1-9][0-9]{0,9})$/.test(key) && Number(key) <= MAX_SEED;
}

function isOpenRecord(record) {
  return isPlainObject(record)
    && Array.isArray(record.ticked) && record.ticked.every((i) => Number.isSafeInteger(i) && i >= 0)
    && typeof record.notes === 'string' && record.notes.length <= MAX_TEXT
    && typeof record.revealed === 'boolean';
}

function isExerciseRecord(record) {
  return isPlainObject(record)
    && isPlainObject(record.seeds)
    && Object.entries(record.seeds).every(([key, value]) => isSeedKey(key) && isPartsRecord(value))
    && (record.open === undefined || isOpenRecord(record.open));
}

export function isValidState(state) {
  return isPlainObject(state) && state.version === STORAGE_VERSION && isPlainObject(state.exercises)
    && Object.values(state.exercises).every(isExerciseRecord);
}

function isValidV1State(state) {
  return isPlainObject(state) && state.version === 1 && isPlainObject(state.exercises)
    && Object.values(state.exercises).every((record) => isPartsRecord(record)
      && (record.seed === undefined || (Number.isSafeInteger(record.seed) && record.seed >= 0 && record.seed <= MAX_SEED)));
}

// Version 1 -> version 2: each exercise's parts move under its seed (0 when none).
export function migrateV1(state) {
  const next = emptyState();
  for (const [id, record] of Object.entries(state.exercises)) {
    next.exercises[id] = { seeds: { [String(record.seed ?? 0)]: { parts: structuredClone(record.parts) } } };
  }
  return next;
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

// Opens the store. Returns {store, notice}: notice is null, or a sentence to
// show the learner (store was reset, or answers cannot be saved here).
export function openStore() {
  const local = storage();
  if (!local) {
    return { store: new AnswerStore(null, emptyState()),
      notice: 'This browser does not allow saving, so answers will not be kept after you leave the page.' };
  }
  const raw = readKey(local, STORAGE_KEY);
  if (raw !== null) {
    const state = parseOrNull(raw);
    if (isValidState(state)) return { store: new AnswerStore(local, state), notice: null };
    const store = new AnswerStore(local, emptyState());
    store.persist();
    return { store, notice: DAMAGED };
  }
  const legacyRaw = readKey(local, LEGACY_KEYS[0]);
  if (legacyRaw === null) return { store: new AnswerStore(local, emptyState()), notice: null };
  const legacy = parseOrNull(legacyRaw);
  const store = new AnswerStore(local, isValidV1State(legacy) ? migrateV1(legacy) : emptyState());
  if (store.persist()) {
    try {
      local.removeItem(LEGACY_KEYS[0]);
    } catch {
      // the old key stays; it is ignored once the new one exists
    }
  }
  return { store, notice: isValidV1State(legacy) ? null : DAMAGED };
}

function seedKey(seed) {
  const n = Number(seed ?? 0);
  return Number.isInteger(n) && n >= 0 && n <= MAX_SEED ? String(n) : '0';
}

export class AnswerStore {
  constructor(local, state) {
    this.local = local;
    this.state = state;
    this.saveFailed = false;
  }

  // {text, verdict, attempts} for a part at a seed, or null if nothing is saved.
  part(exerciseId, partName, seed = 0) {
    const record = this.state.exercises[exerciseId]?.seeds?.[seedKey(seed)]?.parts?.[partName];
    return record ? { ...record } : null;
  }

  // Number of parts of `partNames` whose last verdict at `seed` was "correct".
  correctCount(exerciseId, partNames, seed = 0) {
    return partNames.filter((name) => this.part(exerciseId, name, seed)?.verdict === 'correct').length;
  }

  // Seeds other than 0 under which answers are saved, in numeric order.
  variantSeeds(exerciseId) {
    return Object.keys(this.state.exercises[exerciseId]?.seeds ?? {}).map(Number)
      .filter((seed) => seed !== 0).sort((x, y) => x - y);
  }

  #exercise(exerciseId) {
    this.state.exercises[exerciseId] ??= { seeds: {} };
    return this.state.exercises[exerciseId];
  }

  // Saves a part's record; returns false when it could not be written.
  savePart(exerciseId, partName, { text, verdict, attempts }, seed = 0) {
    const seeds = this.#exercise(exerciseId).seeds;
    const key = seedKey(seed);
    seeds[key] ??= { parts: {} };
    seeds[key].parts[partName] = { text: String(text).slice(0, MAX_TEXT), verdict: verdict ?? null,
      attempts: Number.isSafeInteger(attempts) && attempts >= 0 ? attempts : 0 };
    return this.persist();
  }

  // {ticked, notes, revealed} of an open design task, or null.
  openTask(exerciseId) {
    const record = this.state.exercises[exerciseId]?.open;
    return record ? structuredClone(record) : null;
  }

  saveOpenTask(exerciseId, { ticked = [], notes = '', revealed = false }) {
    this.#exercise(exerciseId).open = {
      ticked: [...new Set(ticked.filter((i) => Number.isSafeInteger(i) && i >= 0))].sort((x, y) => x - y),
      notes: String(notes).slice(0, MAX_TEXT),
      revealed: Boolean(revealed),
    };
    return this.persist();
  }

  snapshot() {
    return structuredClone(this.state);
  }

  replace(state) {
    if (!isValidState(state)) return false;
    this.state = structuredClone(state);
    return this.persist();
  }

  persist() {
    if (!this.local) return false;
    try {
      this.local.setItem(STORAGE_KEY, JSON.stringify(this.state));
      return true;
    } catch {
      this.saveFailed = true;
      return false;
    }
  }
}
