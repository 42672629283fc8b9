// A learner's progress file (web/ui/progress-file.mjs's exportProgress: {format:
// "attention-companion-progress", version, exportedAt, learner?, storage}) read into the
// answers it holds, for the class report (pure, no DOM). The file is read by the progress
// page's own reader (progress-file.mjs's readProgress: the format, the version, then
// storage.mjs's readState, which migrates older versions and drops damaged records one by
// one). A part's tries are its answers, each with its time (and the exercise's version and
// whether a solution had been seen, where the file has them), in time order; a part saved
// without tries (a file made before tries were kept) gives one answer, its last, with the
// attempts it kept. Open design tasks and written explanations are not graded: they are
// read as written work. A part's named mistake practised on new variants (storage.mjs's
// `practice`) is read as a practice record.

import { readProgress, ProgressFileError } from '../ui/progress-file.mjs';
import { ReportFileError } from './delimited-text.mjs';
import { PLAN } from '../embed/scorm-values.mjs';

// Whether a file's text looks like JSON (a progress file) rather than a report table.
export const looksLikeJson = (text) => /^\uFEFF?\s*[{[]/.test(text);

// text -> {answers: [{exercise, part, seed, text, at, version?, given?, solutionSeen?} (a try) |
// {exercise, part, seed, text, attempts, final: true, given?} (a part without tries)] (given:
// the verdict the learner was given then), written:
// [{exercise, item (an explain item's name, or "plan"), seed, text, ticked, revealed? (its
// reference notes were opened, at that seed)}], dropped (damaged
// records left out), practice: [{exercise, part, tag} (a named mistake practised)], learner ({id, name, email} or null: a file that names nobody),
// exportedAt}; throws a ReportFileError when the file is not a progress file this page can read.
export function readProgressAnswers(text) {
  let read;
  try {
    read = readProgress(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    if (error instanceof ProgressFileError) throw new ReportFileError(error.message);
    throw error;
  }
  const finals = [];
  const tries = [];
  const written = [];
  const practice = [];
  for (const [exercise, record] of Object.entries(read.state.exercises)) {
    for (const [part, list] of Object.entries(record.practice ?? {})) {
      for (const saved of list) if (saved.practised) practice.push({ exercise, part, tag: saved.tag });
    }
    for (const [seed, { parts, explain }] of Object.entries(record.seeds)) {
      for (const [item, saved] of Object.entries(explain ?? {})) {
        written.push({ exercise, item, seed: Number(seed), text: saved.notes, ticked: saved.ticked,
          ...(saved.revealed ? { revealed: true } : {}) });
      }
      for (const [part, saved] of Object.entries(parts)) {
        if (!saved.tries?.length) {
          finals.push({ exercise, part, seed: Number(seed), text: saved.text, attempts: saved.attempts, final: true,
            ...(saved.verdict ? { given: saved.verdict } : {}), ...(saved.version ? { version: saved.version } : {}) });
          continue;
        }
        for (const entry of saved.tries) {
          tries.push({ exercise, part, seed: Number(seed), text: entry.text, at: entry.at,
            ...(entry.version ? { version: entry.version } : {}), ...(entry.verdict ? { given: entry.verdict } : {}),
            ...(entry.solutionSeen ? { solutionSeen: true } : {}) });
        }
      }
    }
    if (record.open) {
      written.push({ exercise, item: PLAN, seed: 0, text: record.open.notes, ticked: record.open.ticked,
        ...(record.open.revealed ? { revealed: true } : {}) });
    }
  }
  // (Sorted by time, and stable: the tries of a part keep their order.)
  tries.sort((x, y) => Date.parse(x.at) - Date.parse(y.at));
  return { answers: [...finals, ...tries], written, practice, dropped: read.dropped, learner: read.learner, exportedAt: read.exportedAt };
}
