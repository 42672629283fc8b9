// Who the learner is, as their progress file says it: the name they give (asked on the
// progress page, kept in this browser, changeable), an optional email address (the
// identifier a course's gradebook knows them by: the class report's gradebook file maps it),
// and a random id made once in this browser, so that a class report tells apart two
// learners who share a name or a file name, and finds one learner's two files again.
// Kept under its own key ("attention-companion:learner": {version: 1, id, name, email}).

export const LEARNER_KEY = 'attention-companion:learner';
export const MAX_NAME = 100;
export const MAX_EMAIL = 254;
const ID = /^[A-Za-z0-9-]{8,64}$/;

// A fresh random id (a UUID where the browser makes one, else 128 random bits in hex).
export function newLearnerId(crypto = globalThis.crypto) {
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// (Control characters, DEL and the line and paragraph separators become spaces.)
const oneLine = (text, n) => String(text ?? '').replace(/[^ -~\u0080-\u2027\u202a-\uffff]+/g, ' ').trim().slice(0, n);

// A learner record read field by field: {id, name, email} or null when its id is not one.
export function learnerRecord(value) {
  if (!value || typeof value !== 'object' || Array.isArray(value) || typeof value.id !== 'string' || !ID.test(value.id)) {
    return null;
  }
  const email = oneLine(value.email, MAX_EMAIL);
  return { id: value.id, name: oneLine(value.name, MAX_NAME), email: /^[^\s@]+@[^\s@]+$/.test(email) ? email : '' };
}

function storage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

// The learner of this browser ({id, name, email}); the id is made and kept on first use
// (where the browser keeps nothing, it lasts as long as the page).
let unsaved = null;
export function readLearner(local = storage()) {
  let record;
  try {
    const raw = local?.getItem(LEARNER_KEY);
    record = raw ? learnerRecord(JSON.parse(raw)) : null;
  } catch {
    record = null; // a damaged record: a new id (answers are not in it, nothing else is lost)
  }
  if (record) return record;
  unsaved ??= { id: newLearnerId(), name: '', email: '' };
  return saveLearner(unsaved, local) ? readLearner(local) : { ...unsaved };
}

// Keeps {id, name, email} (each read as learnerRecord reads it); false when it could not be kept.
export function saveLearner(learner, local = storage()) {
  const record = learnerRecord(learner);
  if (!record || !local) return false;
  try {
    local.setItem(LEARNER_KEY, JSON.stringify({ version: 1, ...record }));
    unsaved = null;
    return true;
  } catch {
    return false;
  }
}
