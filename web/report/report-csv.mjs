// The class report as tables (pure, no DOM): the summary per part (the page's table), and
// the CSV download, a row per learner and part (and per learner and written item), with
// every cell such that a spreadsheet shows it as text and never runs it as a formula.

import { writeCsv } from './delimited-text.mjs';
import { REVEALED_WORDS, practisedText } from '../embed/scorm-values.mjs';

// The named mistakes of a part, as the table writes them: "tag (count); …".
export const mistakesText = (part) => part.mistakes.map((m) => `${m.tag} (${m.count})`).join('; ');

// The summary table: its header, then one row per part with answers.
export const SUMMARY_HEADER = Object.freeze(['Exercise', 'Title', 'Part', 'Answers', 'Correct', 'Incorrect', 'Invalid',
  'Near misses', 'Named mistakes']);

export function summaryRows(report) {
  return report.parts.map((p) => [p.exercise, p.title, p.part, p.answers, p.correct, p.incorrect, p.invalid, p.nearMisses,
    mistakesText(p)]);
}

// A part's follow-through, in words: which of the learner's own earlier answers it was
// judged against, and whether that counted.
export function followThroughText(followThrough) {
  if (!followThrough || !Array.isArray(followThrough.from) || followThrough.from.length === 0) return '';
  return `judged against their own ${followThrough.from.join(', ')}${followThrough.counts ? ' (counts)' : ' (noted, not counted)'}`;
}

// A part's tries in words, in order: "incorrect (divided-by-count) → near miss → correct",
// with the version of the exercise and a solution seen where a try has them, and, for a try
// given against an earlier version whose verdict the core would give otherwise now, that one.
const STEP_WORDS = { correct: 'correct', incorrect: 'incorrect', invalid: 'not read' };
export function stepText(step) {
  const what = step.nearMiss ? 'near miss' : `${STEP_WORDS[step.verdict] ?? step.verdict}${step.mistake ? ` (${step.mistake})` : ''}`;
  return `${what}${step.solutionSeen ? ', solution seen' : ''}${step.version ? `, version ${step.version}` : ''}` +
    `${step.now ? ` (${nowText(step.now)})` : ''}`;
}
// The core's verdict against the exercise now, for an answer given another against an earlier version.
export const nowText = (now) => `${STEP_WORDS[now.verdict] ?? now.verdict} against version ${now.version} now`;
export const pathText = (path) => (path ?? []).map(stepText).join(' → ');

// A part's named mistakes practised on new variants: "practised: divided by count".
export const practisedCell = (row) => (row.practised ?? []).map(practisedText).join('; ');

// The CSV download: a row per learner and part, then per learner and written item.
// label(key): the name a learner is shown by (learners.mjs).
// Verdict is the one that counts (as given, for an answer given against an earlier version of
// its exercise); "Verdict now" is the core's against the exercise now, where that is another.
export const LEARNER_HEADER = Object.freeze(['Learner', 'Exercise', 'Title', 'Part', 'Variant', 'Answer', 'Verdict',
  'Attempts', 'Tries', 'Follow-through', 'Named mistake', 'Version', 'Verdict now', 'Checklist points ticked', 'Practice']);

export function learnerRows(report, label = (key) => key) {
  const rows = [];
  for (const { learner, rows: parts } of report.learners) {
    for (const row of parts) {
      rows.push([label(learner), row.exercise, row.title, row.part, row.seed || '', row.text, row.verdict, row.attempts,
        pathText(row.path), followThroughText(row.followThrough), row.mistake ?? '', row.version ?? '',
        row.now ? nowText(row.now) : '', '', practisedCell(row)]);
    }
  }
  for (const item of report.written) {
    for (const entry of item.entries) {
      // (Its reference notes opened go where a part's tries say a solution was seen.)
      rows.push([label(entry.learner), item.exercise, item.title, `written: ${item.item}`, entry.seed || '', entry.text,
        'not graded', '', entry.revealed ? REVEALED_WORDS : '',
        '', '', '', '', entry.ticked === null ? '' : `${entry.ticked.length}: ${entry.ticked.map((i) => i + 1).join(', ')}`, '']);
    }
  }
  return rows;
}

// A cell a spreadsheet cannot run. A text that opens, after any spaces or control
// characters (which spreadsheets skip), with =, +, -, @, a tab or a carriage return (what
// they read as the start of a formula) gets an apostrophe before it, which they read as
// "this is text"; a plain number ("-0.5") stays as it is. A cell that holds a comma, a
// semicolon or a tab is quoted by writeCsv (delimited-text.mjs), so that a spreadsheet
// reading the file with any of those delimiters keeps it one cell, and a formula inside it
// ("x;=1+1;y") never starts a cell.
export function safeCell(value) {
  const text = String(value ?? '');
  if (/^[+-]?\d+(?:\.\d+)?$/.test(text)) return text;
  return /^[\t\r]|^(?:\s|[^!-\uffff])*[=+\-@]/.test(text) ? `'${text}` : text;
}

// Rows as a CSV file's text (RFC 4180: comma-separated, CRLF, a header row), every cell
// made safe, with a byte-order mark so that spreadsheet programs read it as UTF-8.
export const csvText = (rows) => `\uFEFF${writeCsv(rows.map((row) => row.map(safeCell)))}`;

export const learnerCsv = (report, label) => csvText([LEARNER_HEADER, ...learnerRows(report, label)]);
