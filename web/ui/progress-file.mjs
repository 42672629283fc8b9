// Progress as a file: export the saved answers to JSON, and import such a file back.
// The file: {format: "attention-companion-progress", version: 1, exportedAt, storage}
// where `storage` is the store's own state (any version storage.mjs can read: a
// version-1 state is migrated). An import is checked in full before anything changes:
// a corrupt or foreign file is rejected with a message and the saved answers stay as
// they were. A valid file is merged: for a part saved on both sides, the record with
// more attempts wins (the file's on a tie).

import { isValidState, migrateV1, STORAGE_VERSION } from './storage.mjs';

export const PROGRESS_FORMAT = 'attention-companion-progress';
export const PROGRESS_VERSION = 1;
const MAX_FILE_BYTES = 2_000_000;

export function exportProgress(store, now = new Date()) {
  return `${JSON.stringify({ format: PROGRESS_FORMAT, version: PROGRESS_VERSION, exportedAt: now.toISOString(),
    storage: store.snapshot() }, null, 1)}\n`;
}

export function exportFileName(now = new Date()) {
  return `attention-progress-${now.toISOString().slice(0, 10)}.json`;
}

class ImportError extends Error {}

// The file's text -> a store state (version STORAGE_VERSION), or an ImportError.
function readProgress(text) {
  if (typeof text !== 'string' || text.length > MAX_FILE_BYTES) {
    throw new ImportError('This file is too large to be a progress file.');
  }
  let doc;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new ImportError('This file is not a progress file: it is not valid JSON (it may be damaged).');
  }
  if (!doc || typeof doc !== 'object' || doc.format !== PROGRESS_FORMAT) {
    throw new ImportError('This file is not an attention companion progress file.');
  }
  if (doc.version !== PROGRESS_VERSION) {
    throw new ImportError(`This progress file has version ${String(doc.version)}, which this companion cannot read.`);
  }
  let state = doc.storage;
  if (state?.version === 1) {
    try {
      state = migrateV1(state);
    } catch {
      state = null;
    }
  }
  if (!isValidState(state)) {
    throw new ImportError(state && state.version > STORAGE_VERSION
      ? 'This progress file was made by a newer version of the companion.'
      : 'This progress file is damaged: its saved answers are not in the expected shape.');
  }
  return state;
}

function merge(current, incoming) {
  const merged = structuredClone(current);
  let answers = 0;
  for (const [id, record] of Object.entries(incoming.exercises)) {
    const target = (merged.exercises[id] ??= { seeds: {} });
    for (const [seed, { parts }] of Object.entries(record.seeds)) {
      const into = (target.seeds[seed] ??= { parts: {} });
      for (const [part, saved] of Object.entries(parts)) {
        const mine = into.parts[part];
        if (!mine || saved.attempts >= mine.attempts) into.parts[part] = saved;
        answers += 1;
      }
    }
    if (record.open && !target.open) target.open = record.open;
  }
  return { merged, answers, exercises: Object.keys(incoming.exercises).length };
}

// -> {ok: true, message} or {ok: false, message}; the store changes only when ok.
export function importProgress(store, text) {
  let incoming;
  try {
    incoming = readProgress(text);
  } catch (error) {
    if (error instanceof ImportError) return { ok: false, message: `${error.message} Nothing was changed.` };
    throw error;
  }
  const { merged, answers, exercises } = merge(store.snapshot(), incoming);
  if (!store.replace(merged)) {
    return { ok: false, message: 'The progress could not be saved in this browser. Nothing was changed.' };
  }
  return { ok: true,
    message: `Imported ${answers} saved ${answers === 1 ? 'answer' : 'answers'} for ${exercises} ${exercises === 1 ? 'exercise' : 'exercises'}.` };
}
