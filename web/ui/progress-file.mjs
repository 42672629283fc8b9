// Progress as a file: export the saved answers to JSON, and import such a file back.
// The file: {format: "attention-companion-progress", version: 1, exportedAt, learner?,
// storage} where `learner` is who exported it (learner.mjs: {id, name, email}; files made
// before it existed have none) and `storage` is the store's own state (any version
// storage.mjs can read: a version-1 state is migrated), each part with its tries. An import is read in full before anything changes: a
// corrupt or foreign file, or one where no record can be read, is rejected with a
// message and the saved answers stay as they were. Otherwise the records that cannot be
// read are dropped one by one and the rest is merged: for a part saved on both sides,
// the record with more attempts wins (the file's on a tie), with the tries of both (each
// once, in time order, capped as the store caps them). The message says exactly what
// changed: exercises new to this browser, answers added, replaced, kept, dropped. A part's
// practice of a named mistake (storage.mjs's `practice`, one record per part and mistake) is
// taken from the file where this browser has none of that mistake, or where storage.mjs's
// takePractice does not keep this browser's (a practised mistake stays practised). A file's
// learner becomes this browser's learner when this browser has no name yet (a learner
// moving to a new browser), so that their next file is the same learner's.

import { cappedTries, dict, readState, takePractice, STORAGE_VERSION } from './stored-state.mjs';
import { learnerRecord } from './learner.mjs';
import { plural } from './format.mjs';

export const PROGRESS_FORMAT = 'attention-companion-progress';
export const PROGRESS_VERSION = 1;
const MAX_FILE_BYTES = 2_000_000;

// learner: learner.mjs's {id, name, email}, or null (a file that names nobody).
export function exportProgress(store, now = new Date(), learner = null) {
  const who = learnerRecord(learner);
  return `${JSON.stringify({ format: PROGRESS_FORMAT, version: PROGRESS_VERSION, exportedAt: now.toISOString(),
    ...(who ? { learner: who } : {}), storage: store.snapshot() }, null, 1)}\n`;
}

// attention-progress-ann-lee-2026-06-01.json (the learner's name, where given, in ASCII).
export function exportFileName(now = new Date(), name = '') {
  const slug = String(name).normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  return `attention-progress-${slug ? `${slug}-` : ''}${now.toISOString().slice(0, 10)}.json`;
}

// A progress file that cannot be read (the message says why, to the learner or teacher).
export class ProgressFileError extends Error {}

// The file's text -> {state (version STORAGE_VERSION), dropped, learner ({id, name, email}
// or null), exportedAt (ISO time or null)}, or a ProgressFileError.
// (The class report reads learners' files with it too: web/report/progress-answers.mjs.)
export function readProgress(text) {
  if (typeof text !== 'string' || text.length > MAX_FILE_BYTES) {
    throw new ProgressFileError('This file is too large to be a progress file.');
  }
  let doc;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new ProgressFileError('This file is not a progress file: it is not valid JSON (it may be damaged).');
  }
  if (!doc || typeof doc !== 'object' || doc.format !== PROGRESS_FORMAT) {
    throw new ProgressFileError('This file is not an attention companion progress file.');
  }
  if (doc.version !== PROGRESS_VERSION) {
    throw new ProgressFileError(`This progress file has version ${String(doc.version)}, which this companion cannot read.`);
  }
  const storage = doc.storage;
  if (Number.isFinite(storage?.version) && storage.version > STORAGE_VERSION) {
    throw new ProgressFileError('This progress file was made by a newer version of the companion.');
  }
  const read = readState(storage);
  if (!read) throw new ProgressFileError('This progress file is damaged: its saved answers are not in the expected shape.');
  if (read.dropped && Object.keys(read.state.exercises).length === 0) {
    throw new ProgressFileError(`This progress file is damaged: none of its ${plural(read.dropped, 'saved record')} could be read.`);
  }
  const exportedAt = typeof doc.exportedAt === 'string' && Number.isFinite(Date.parse(doc.exportedAt)) ? doc.exportedAt : null;
  return { ...read, learner: learnerRecord(doc.learner), exportedAt };
}

// Two lists of tries as one: each try once (by time and text), in time order, capped.
function mergeTries(mine = [], theirs = []) {
  const seen = new Map();
  for (const entry of [...mine, ...theirs]) seen.set(JSON.stringify([entry.at, entry.text]), entry);
  return cappedTries([...seen.values()].sort((x, y) => Date.parse(x.at) - Date.parse(y.at)));
}

// Merges `incoming` into a copy of `current` (both null-prototype states from storage.mjs)
// and counts what changed.
function merge(current, incoming) {
  const merged = current;
  const counts = { answers: 0, exercises: 0, newExercises: 0, added: 0, replaced: 0, same: 0, kept: 0, notes: 0, explanations: 0,
    practice: 0 };
  for (const [id, record] of Object.entries(incoming.exercises)) {
    counts.exercises += 1;
    if (!merged.exercises[id]) {
      merged.exercises[id] = { seeds: dict() };
      counts.newExercises += 1;
    }
    const target = merged.exercises[id];
    for (const [seed, { parts, explain }] of Object.entries(record.seeds)) {
      target.seeds[seed] ??= { parts: dict() };
      // An explanation at this seed: added where this browser has none. Its reference notes
      // opened on either side stay opened (a record of what the learner saw, never undone).
      for (const [item, saved] of Object.entries(explain ?? {})) {
        const holder = (target.seeds[seed].explain ??= dict());
        if (holder[item]) {
          if (saved.revealed) holder[item].revealed = true;
          continue;
        }
        holder[item] = saved;
        counts.explanations += 1;
      }
      const into = target.seeds[seed].parts;
      for (const [part, saved] of Object.entries(parts)) {
        counts.answers += 1;
        const mine = into[part];
        const tries = mergeTries(mine?.tries, saved.tries);
        if (!mine) counts.added += 1;
        else if (saved.attempts < mine.attempts) {
          counts.kept += 1;
          if (tries.length) mine.tries = tries;
          continue;
        } else if (saved.text === mine.text && saved.verdict === mine.verdict && saved.attempts === mine.attempts) counts.same += 1;
        else counts.replaced += 1;
        into[part] = { ...saved, ...(tries.length ? { tries } : {}) };
      }
    }
    if (record.open && !target.open) {
      target.open = record.open;
      counts.notes += 1;
    }
    for (const [part, list] of Object.entries(record.practice ?? {})) {
      const held = (target.practice ??= dict())[part] ??= [];
      for (const saved of list) if (takePractice(held, saved)) counts.practice += 1;
    }
  }
  return { merged, counts };
}

function summary({ answers, exercises, newExercises, added, replaced, same, kept, notes, explanations, practice }, dropped) {
  let text = `Imported ${plural(answers, 'saved answer')} for ${plural(exercises, 'exercise')}` +
    ` (${plural(newExercises, 'exercise')} new to this browser): ${added} added, ${replaced} replaced`;
  if (same) text += `, ${same} already here unchanged`;
  if (kept) text += `, ${kept} not replaced because the answer here has more attempts`;
  text += '.';
  if (notes) text += ` ${plural(notes, 'design-task note')} added.`;
  if (explanations) text += ` ${plural(explanations, 'written explanation')} added.`;
  if (practice) text += ` ${plural(practice, 'practice of a mistake', 'practices of mistakes')} added.`;
  if (dropped) {
    text += ` ${plural(dropped, 'record')} in the file could not be read (damaged) and ${dropped === 1 ? 'was' : 'were'} dropped.`;
  }
  return text;
}

// -> {ok: true, message, counts, learner} or {ok: false, message}; the store changes only
// when ok. learner: this browser's learner (learner.mjs), or null; adopt(learner): keeps the
// file's learner as this browser's (called when this browser has no name yet).
export function importProgress(store, text, { learner = null, adopt = () => false } = {}) {
  let incoming;
  try {
    incoming = readProgress(text);
  } catch (error) {
    if (error instanceof ProgressFileError) return { ok: false, message: `${error.message} Nothing was changed.` };
    throw error;
  }
  const { merged, counts } = merge(store.snapshot(), incoming.state);
  if (!store.replace(merged)) {
    return { ok: false, message: 'The progress could not be saved in this browser. Nothing was changed.' };
  }
  let message = summary(counts, incoming.dropped);
  const theirs = incoming.learner;
  if (theirs && learner && learner.name === '' && theirs.id !== learner.id && adopt(theirs)) {
    message += ` The file is ${theirs.name ? `${theirs.name}’s` : 'a learner’s'}: this browser now exports your progress ` +
      `as ${theirs.name ? `${theirs.name}’s` : 'theirs'}, so that your teacher's report sees one learner.`;
  }
  return { ok: true, message, counts: { ...counts, dropped: incoming.dropped } };
}
