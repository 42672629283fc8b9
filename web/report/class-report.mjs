// The class report's reckoning (pure, no DOM): the answers held by the teacher's files
// (Moodle's Interactions report, learners' progress files) are placed on their exercise
// and part, graded again by the companion's core (companion.grade, the same call that
// graded them for the learner; the LMS's own Result column is never read), and counted
// per exercise and part: correct, incorrect, invalid (the core could not read the
// answer), near misses, and each named mistake with the explanation the core gave. The
// page (web/pages/report.mjs) draws what this returns; Node tests run it with the real core.

import { ReportFileError, writeCsv } from './delimited-text.mjs';
import { readInteractionsReport } from './moodle-csv.mjs';
import { looksLikeJson, readProgressAnswers } from './progress-answers.mjs';
import { messageOf } from '../error-message.mjs';

// The bounds of one report: each file's size, the number of files and of answers graded.
export const LIMITS = Object.freeze({ maxFileBytes: 5 * 1024 * 1024, maxFiles: 20, maxAnswers: 20_000 });

// Why an answer in a file was not graded, in the teacher's words.
export const REASONS = Object.freeze({
  foreign: 'Not from this companion: no exercise here has this id',
  noPart: 'The exercise has no such part',
  noId: 'No question id (the Question cell is empty)',
  empty: 'Empty response: nothing to grade',
  seed: 'The variant number (seed) is out of range',
  core: 'The core could not grade it',
});

const VERDICTS = ['correct', 'incorrect', 'invalid'];
const SCORM12_RESPONSE_CHARS = 255;

// A grade result is a near miss when the core flags it (an entry one unit off in its last
// digit, and no named mistake).
export const isNearMiss = (result) => result?.nearMiss === true;

// One file's text -> {kind: 'moodle' | 'progress', answers: [{exercise, part, seed, text}],
// unplaced: [{reason, id}], facts: {rows, notAttempted, longRows, cut (responses of
// exactly 255 characters, SCORM 1.2's limit: perhaps cut short)} for a report, {dropped}
// for a progress file}; throws a
// ReportFileError when the file cannot be read. resolve: interactions.mjs's reader;
// catalogue: companion.exercises().
export function readReportFile(text, { resolve, catalogue, limits } = {}) {
  if (typeof text !== 'string') throw new ReportFileError('The file could not be read as text.');
  const answers = [];
  const unplaced = [];
  if (looksLikeJson(text)) {
    const parts = new Map((catalogue ?? []).map((entry) => [entry.id, new Set(entry.parts ?? [])]));
    const { answers: saved, dropped } = readProgressAnswers(text);
    for (const answer of saved) {
      const id = `${answer.exercise}.${answer.part}`;
      if (!parts.has(answer.exercise)) unplaced.push({ reason: REASONS.foreign, id });
      else if (!parts.get(answer.exercise).has(answer.part)) unplaced.push({ reason: REASONS.noPart, id });
      else if (answer.text.trim() === '') unplaced.push({ reason: REASONS.empty, id });
      else answers.push(answer);
    }
    return { kind: 'progress', answers, unplaced, facts: { dropped } };
  }
  const report = readInteractionsReport(text, limits);
  // SCORM 1.2 keeps 255 characters of a response (the package cuts the text to 255 UTF-16
  // code units: web/embed/scorm-api.mjs).
  let cut = 0;
  for (const { question, response } of report.interactions) {
    if (response.length === SCORM12_RESPONSE_CHARS) cut += 1;
    const place = resolve(question);
    if (!place.ok) {
      unplaced.push({ reason: REASONS[place.reason] ?? REASONS.foreign, id: question });
    } else if (response.trim() === '') {
      unplaced.push({ reason: REASONS.empty, id: question });
    } else {
      answers.push({ exercise: place.exercise, part: place.part, seed: place.seed, text: response });
    }
  }
  return { kind: 'moodle', answers, unplaced,
    facts: { rows: report.rows, notAttempted: report.notAttempted, longRows: report.longRows, cut } };
}

// The counts of one part.
function newPartTally(entry, part, partIndex) {
  return { exercise: entry.id, title: entry.title ?? entry.id, chapter: entry.chapter ?? 0, exerciseIndex: entry.index,
    part, partIndex, answers: 0, correct: 0, incorrect: 0, invalid: 0, nearMisses: 0, named: 0,
    mistakes: new Map(), seeds: new Set() };
}

// Grades `answers` ([{exercise, part, seed, text}], placed by readReportFile) with
// companion.grade and counts them. options: pause (awaited between answers, to let the
// page breathe: dom.mjs's pacer), onProgress(done, total), stopped() (true: give up; the
// call then resolves to null). Identical answers (same exercise, part, seed and text) are
// graded once. Resolves to {parts: [part tallies in chapter order], totals, ungraded:
// [{reason, id, detail}]}.
export async function gradeAnswers(companion, catalogue, answers, { pause = async () => {}, onProgress = () => {},
  stopped = () => false } = {}) {
  const entries = new Map();
  (catalogue ?? []).forEach((entry, index) => entries.set(entry.id, { ...entry, index }));
  const tallies = new Map();
  const ungraded = [];
  const cache = new Map();
  let done = 0;
  for (const answer of answers) {
    if (stopped()) return null;
    const key = JSON.stringify([answer.exercise, answer.part, answer.seed, answer.text]);
    let result = cache.get(key);
    if (result === undefined) {
      try {
        result = companion.grade(answer.exercise, answer.part, answer.text, { seed: answer.seed });
      } catch (error) {
        result = { error: messageOf(error) };
      }
      cache.set(key, result);
    }
    const id = `${answer.exercise}.${answer.part}${answer.seed ? ` (variant ${answer.seed})` : ''}`;
    const entry = entries.get(answer.exercise);
    if (result?.error !== undefined || !VERDICTS.includes(result?.verdict) || !entry) {
      ungraded.push({ reason: REASONS.core, id,
        detail: result?.error ?? `the core returned the verdict ${JSON.stringify(result?.verdict ?? null)}` });
    } else {
      const tallyKey = `${answer.exercise}\u0000${answer.part}`;
      if (!tallies.has(tallyKey)) tallies.set(tallyKey, newPartTally(entry, answer.part, (entry.parts ?? []).indexOf(answer.part)));
      const tally = tallies.get(tallyKey);
      tally.answers += 1;
      tally[result.verdict] += 1;
      tally.seeds.add(answer.seed);
      if (isNearMiss(result)) tally.nearMisses += 1;
      if (typeof result.misconception === 'string' && result.misconception !== '') {
        tally.named += 1;
        const mistake = tally.mistakes.get(result.misconception) ?? { tag: result.misconception, count: 0, explanations: new Map() };
        mistake.count += 1;
        const feedback = typeof result.feedback === 'string' ? result.feedback : '';
        mistake.explanations.set(feedback, (mistake.explanations.get(feedback) ?? 0) + 1);
        tally.mistakes.set(result.misconception, mistake);
      }
    }
    done += 1;
    onProgress(done, answers.length);
    await pause();
  }
  const byCount = (x, y) => y.count - x.count || (x.tag ?? x.text).localeCompare(y.tag ?? y.text);
  const parts = [...tallies.values()]
    .sort((x, y) => x.exerciseIndex - y.exerciseIndex || x.partIndex - y.partIndex)
    .map(({ mistakes, seeds, exerciseIndex: _e, partIndex: _p, ...counts }) => ({
      ...counts,
      seeds: [...seeds].sort((x, y) => x - y),
      mistakes: [...mistakes.values()].map(({ tag, count, explanations }) => ({
        tag, count, explanations: [...explanations].map(([text, n]) => ({ text, count: n })).sort(byCount),
      })).sort(byCount),
    }));
  const totals = { answers: 0, correct: 0, incorrect: 0, invalid: 0, nearMisses: 0, named: 0 };
  for (const part of parts) for (const key of Object.keys(totals)) totals[key] += part[key];
  return { parts, totals, ungraded };
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

// The named mistakes of a part, as the table and the CSV write them: "tag (count); …".
export const mistakesText = (part) => part.mistakes.map((m) => `${m.tag} (${m.count})`).join('; ');

// The summary table: its header, then one row per part with answers.
export const SUMMARY_HEADER = Object.freeze(['Exercise', 'Title', 'Part', 'Answers', 'Correct', 'Incorrect', 'Invalid',
  'Near misses', 'Named mistakes']);

export function summaryRows(report) {
  return report.parts.map((p) => [p.exercise, p.title, p.part, p.answers, p.correct, p.incorrect, p.invalid, p.nearMisses,
    mistakesText(p)]);
}

// The summary as a CSV file's text (RFC 4180: comma-separated, CRLF, a header row), with
// a byte-order mark so that spreadsheet programs read it as UTF-8.
export function summaryCsv(report) {
  return `\uFEFF${writeCsv([SUMMARY_HEADER, ...summaryRows(report)])}`;
}
