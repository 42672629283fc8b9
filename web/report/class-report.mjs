// The class report's reading (pure, no DOM): the answers held by the teacher's files
// (Moodle's Interactions report, learners' progress files) are placed on their learner,
// exercise and part (or written item); regrade.mjs grades them again with the core and
// counts them. The page (web/pages/report.mjs) draws what they return; Node tests run
// them with the real core.

import { ReportFileError } from './delimited-text.mjs';
import { interactionsReportSteps, ReportLimitError } from './moodle-csv.mjs';
import { looksLikeJson, readProgressAnswers } from './progress-answers.mjs';
import { runAtOnce, runInSlices } from './steps.mjs';

export { ReportLimitError };

// The bounds of one report: each file's size, the number of files, and the answers read
// (every answer in the files counts, placed or not).
export const LIMITS = Object.freeze({ maxFileBytes: 5 * 1024 * 1024, maxFiles: 20, maxAnswers: 20_000 });

// What the page says when the files hold more answers than that (its documented refusal).
export const TOO_MANY_ANSWERS = `These files hold more than ${LIMITS.maxAnswers.toLocaleString('en')} answers, the most ` +
  'this page reads at a time. Nothing was graded: give it fewer files, or a report of fewer learners.';

// Why an answer in a file was not graded, in the teacher's words.
export const REASONS = Object.freeze({
  foreign: 'Not from this companion: no exercise here has this id',
  noPart: 'The exercise has no such part',
  noId: 'No question id (the Question cell is empty)',
  empty: 'Empty response: nothing to grade',
  seed: 'The variant number (seed) is out of range',
  core: 'The core could not grade it',
});

const SCORM12_RESPONSE_CHARS = 255;

// The verdict a learner was given, as the package wrote it in an interaction's result (both
// versions' words); an answer the core could not read was written neutral.
const GIVEN = new Map([['correct', 'correct'], ['wrong', 'incorrect'], ['incorrect', 'incorrect'], ['neutral', 'invalid']]);

// A progress file's name without the extension (what a file that names nobody is called).
export const learnerOfFile = (name) => String(name ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'a progress file';

// The learner of a progress file: by the id inside it (so two files of one learner are one
// learner, and two learners who share a name or a file name are two), named by the name
// they gave; a file made before files named their learner is its own learner, named after
// the file. -> {key, name, id, identity: [[column, value]], named (the learner gave a name)}
function fileLearner(learner, source, fileIndex) {
  if (!learner) {
    return { key: `file:${fileIndex}:${source}`, name: learnerOfFile(source), id: null, identity: [], named: false, fileIndex };
  }
  return { key: `id:${learner.id}`, name: learner.name || learnerOfFile(source), id: learner.id,
    identity: learner.email ? [['Email address', learner.email]] : [], named: learner.name !== '' };
}

// One file's text -> {kind: 'moodle' | 'progress', answers: [{learner (its key), exercise,
// part, seed, text, attempts?, final?, at?, version?, given?, solutionSeen?, index?}] (given:
// the verdict the learner was given, where the file says; a progress
// file's tries with their times, or its last answer to a part saved without tries, `final`,
// with the attempts it kept; a report's checks in its order, `index`: the interaction's
// column), written: [{learner, exercise, item, seed?, text, ticked (or null), piece?, revealed? (its
// reference notes were opened)}], practice: [{learner, exercise, part, tag} (a named mistake
// practised on new variants)], unplaced:
// [{reason, id}], read (answers read, placed or not), people: [{key, name, id, identity,
// named}] (the file's learners), facts: {rows, notAttempted, longRows, cut (responses of
// exactly 255 characters, SCORM 1.2's limit: perhaps cut short)} for a report, {dropped,
// exportedAt} for a progress file}. Throws a ReportFileError when the file cannot be read,
// and a ReportLimitError as soon as it holds more than `maxAnswers` answers. resolve:
// interactions.mjs's reader; catalogue: companion.exercises(); source: the file's name;
// fileIndex: its place among the files given.
export const readReportFile = (text, options) => runAtOnce(readReportSteps(text, options));

// readReportFile in slices, awaiting `pause` (dom.mjs's pacer) between them.
export const readReportFileInSlices = (text, options, pause) => runInSlices(readReportSteps(text, options), pause);

function* readReportSteps(text, { resolve, catalogue, limits, source = '', fileIndex = 0, maxAnswers = LIMITS.maxAnswers } = {}) {
  if (typeof text !== 'string') throw new ReportFileError('The file could not be read as text.');
  const answers = [];
  const written = [];
  const practice = [];
  const unplaced = [];
  if (looksLikeJson(text)) {
    const parts = new Map((catalogue ?? []).map((entry) => [entry.id, new Set(entry.parts ?? [])]));
    const { answers: saved, written: notes, practice: practised, dropped, learner, exportedAt } = readProgressAnswers(text);
    const person = fileLearner(learner, source, fileIndex);
    if (saved.length + notes.length > maxAnswers) throw new ReportLimitError(maxAnswers);
    for (const answer of saved) {
      const id = `${answer.exercise}.${answer.part}`;
      if (!parts.has(answer.exercise)) unplaced.push({ reason: REASONS.foreign, id });
      else if (!parts.get(answer.exercise).has(answer.part)) unplaced.push({ reason: REASONS.noPart, id });
      else if (answer.text.trim() === '') unplaced.push({ reason: REASONS.empty, id });
      else answers.push({ learner: person.key, ...answer });
    }
    for (const note of notes) {
      if (parts.has(note.exercise) && note.text.trim() !== '') written.push({ learner: person.key, ...note });
    }
    const practice = practised.filter((entry) => parts.get(entry.exercise)?.has(entry.part))
      .map((entry) => ({ learner: person.key, ...entry }));
    return { kind: 'progress', answers, written, practice, unplaced, read: saved.length + notes.length, people: [person],
      facts: { dropped, exportedAt } };
  }
  const report = yield* interactionsReportSteps(text, { ...limits, maxAnswers });
  // SCORM 1.2 keeps 255 characters of a response (the package cuts the text to 255 UTF-16
  // code units: web/embed/scorm-values.mjs); a written text longer than that comes in pieces.
  let cut = 0;
  let step = 0;
  for (const { learner, question, response, result, index } of report.interactions) {
    if ((step += 1) % 256 === 0) yield;
    const place = resolve(question);
    if (!place.ok) {
      unplaced.push({ reason: REASONS[place.reason] ?? REASONS.foreign, id: question });
    } else if (place.practice) {
      const tag = response.trim() || place.tag;
      if (tag) practice.push({ learner, exercise: place.exercise, part: place.part, tag });
    } else if (place.item !== undefined) {
      if (response.trim() !== '' || place.piece > 1) {
        written.push({ learner, exercise: place.exercise, item: place.item, text: response, ticked: null, piece: place.piece,
          ...(place.seed ? { seed: place.seed } : {}), ...(place.revealed ? { revealed: true } : {}) });
      } else {
        unplaced.push({ reason: REASONS.empty, id: question });
      }
    } else if (response.trim() === '') {
      unplaced.push({ reason: REASONS.empty, id: question });
    } else {
      if (response.length === SCORM12_RESPONSE_CHARS) cut += 1;
      const given = GIVEN.get(result.toLowerCase());
      answers.push({ learner, exercise: place.exercise, part: place.part, seed: place.seed, text: response, index,
        ...(place.version ? { version: place.version } : {}), ...(given ? { given } : {}),
        ...(place.solutionSeen ? { solutionSeen: true } : {}) });
    }
  }
  // (A report's learner is shown as the report names them: Name, with the identity columns.)
  const people = [...report.people.values()].map((person) => ({ ...person, label: person.key, id: null, named: true }));
  return { kind: 'moodle', answers, written, practice, unplaced, read: report.interactions.length, people,
    facts: { rows: report.rows, notAttempted: report.notAttempted, longRows: report.longRows, cut } };
}

// Answers that were not graded, grouped: [{reason, id, count, detail}], the most
// frequent first.
export function groupUnplaced(list) {
  const groups = new Map();
  for (const item of list) {
    const key = `${item.reason}\u0000${item.id}\u0000${item.detail ?? ''}`;
    const group = groups.get(key) ?? { reason: item.reason, id: item.id, detail: item.detail ?? null, count: 0 };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()].sort((x, y) => y.count - x.count || x.reason.localeCompare(y.reason) || x.id.localeCompare(y.id));
}
