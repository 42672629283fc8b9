// A learner's progress file (web/ui/progress-file.mjs's exportProgress: {format:
// "attention-companion-progress", version, exportedAt, storage}) read into the answers it
// holds, for the class report (pure, no DOM). The file is read by the progress page's own
// reader (progress-file.mjs's readProgress: the format, the version, then storage.mjs's
// readState, which migrates older versions and drops damaged records one by one); each
// saved part's text is one answer, at the seed it was saved under, with its attempts. Open
// design tasks and written explanations are not graded: they are read as written work.

import { readProgress, ProgressFileError } from '../ui/progress-file.mjs';
import { ReportFileError } from './delimited-text.mjs';
import { PLAN } from '../embed/scorm-values.mjs';

// Whether a file's text looks like JSON (a progress file) rather than a report table.
export const looksLikeJson = (text) => /^\uFEFF?\s*[{[]/.test(text);

// text -> {answers: [{exercise, part, seed, text, attempts}], written: [{exercise, item
// (an explain item's name, or "plan"), text, ticked}], dropped (damaged records left out)};
// throws a ReportFileError when the file is not a progress file this page can read.
export function readProgressAnswers(text) {
  let read;
  try {
    read = readProgress(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    if (error instanceof ProgressFileError) throw new ReportFileError(error.message);
    throw error;
  }
  const answers = [];
  const written = [];
  for (const [exercise, record] of Object.entries(read.state.exercises)) {
    for (const [seed, { parts }] of Object.entries(record.seeds)) {
      for (const [part, saved] of Object.entries(parts)) {
        answers.push({ exercise, part, seed: Number(seed), text: saved.text, attempts: saved.attempts });
      }
    }
    if (record.open) written.push({ exercise, item: PLAN, text: record.open.notes, ticked: record.open.ticked });
    for (const [item, saved] of Object.entries(record.explain ?? {})) {
      written.push({ exercise, item, text: saved.notes, ticked: saved.ticked });
    }
  }
  return { answers, written, dropped: read.dropped };
}
