// Saved answers in localStorage, under one versioned key. Stores what the
// learner typed (raw text, never parsed numbers), the last verdict and the
// attempt count per exercise part, and the exercise's seed where it has one.
//
// Shape: {version: 1, exercises: {[id]: {seed?: number, parts: {[part]:
//         {text: string, verdict: "correct"|"incorrect"|"invalid"|null, attempts: int}}}}}
// A store that is not valid JSON or not of this shape is reset, and the
// caller is told so it can show a notice.

export const STORAGE_KEY = 'attention-companion:v1';
const VERDICTS = new Set(['correct', 'incorrect', 'invalid', null]);
const MAX_TEXT = 4000;

function emptyState() {
  return { version: 1, exercises: {} };
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

function isExerciseRecord(record) {
  return isPlainObject(record)
    && (record.seed === undefined || Number.isSafeInteger(record.seed))
    && isPlainObject(record.parts)
    && Object.values(record.parts).every(isPartRecord);
}

export function isValidState(state) {
  return isPlainObject(state) && state.version === 1 && isPlainObject(state.exercises)
    && Object.values(state.exercises).every(isExerciseRecord);
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (e.g. blocked cookies)
  }
}

// Opens the store. Returns {store, notice}: notice is null, or a sentence to
// show the learner (store was reset, or answers cannot be saved here).
export function openStore() {
  const local = storage();
  if (!local) {
    return { store: new AnswerStore(null, emptyState()),
      notice: 'This browser does not allow saving, so answers will not be kept after you leave the page.' };
  }
  let raw = null;
  try {
    raw = local.getItem(STORAGE_KEY);
  } catch {
    raw = null;
  }
  if (raw === null) return { store: new AnswerStore(local, emptyState()), notice: null };
  let state = null;
  try {
    state = JSON.parse(raw);
  } catch {
    state = null;
  }
  if (isValidState(state)) return { store: new AnswerStore(local, state), notice: null };
  const store = new AnswerStore(local, emptyState());
  store.persist();
  return { store,
    notice: 'Your saved answers in this browser could not be read (the stored data was damaged), ' +
      'so they have been cleared. You can carry on from here.' };
}

export class AnswerStore {
  constructor(local, state) {
    this.local = local;
    this.state = state;
    this.saveFailed = false;
  }

  // {text, verdict, attempts} for a part, or null if nothing is saved.
  part(exerciseId, partName) {
    const record = this.state.exercises[exerciseId]?.parts?.[partName];
    return record ? { ...record } : null;
  }

  seed(exerciseId) {
    return this.state.exercises[exerciseId]?.seed;
  }

  // Number of parts of `partNames` whose last verdict was "correct".
  correctCount(exerciseId, partNames) {
    return partNames.filter((name) => this.part(exerciseId, name)?.verdict === 'correct').length;
  }

  // Saves a part's record; returns false when it could not be written.
  savePart(exerciseId, partName, { text, verdict, attempts }) {
    const exercise = this.state.exercises[exerciseId] ?? { parts: {} };
    exercise.parts[partName] = { text: String(text).slice(0, MAX_TEXT), verdict: verdict ?? null, attempts };
    this.state.exercises[exerciseId] = exercise;
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
