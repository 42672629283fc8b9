// The class report as tables (pure, no DOM): the summary per part (the page's table), and
// the CSV download, a row per learner and part (and per learner and written item), with
// every cell such that a spreadsheet shows it as text and never runs it as a formula.

import { writeCsv } from './delimited-text.mjs';

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

// The CSV download: a row per learner and part, then per learner and written item.
export const LEARNER_HEADER = Object.freeze(['Learner', 'Exercise', 'Title', 'Part', 'Variant', 'Answer', 'Verdict',
  'Attempts', 'Follow-through', 'Named mistake', 'Checklist points ticked']);

export function learnerRows(report) {
  const rows = [];
  for (const { learner, rows: parts } of report.learners) {
    for (const row of parts) {
      rows.push([learner, row.exercise, row.title, row.part, row.seed || '', row.text, row.verdict, row.attempts,
        followThroughText(row.followThrough), row.mistake ?? '', '']);
    }
  }
  for (const item of report.written) {
    for (const entry of item.entries) {
      rows.push([entry.learner, item.exercise, item.title, `written: ${item.item}`, '', entry.text, 'not graded', '', '', '',
        entry.ticked === null ? '' : `${entry.ticked.length}: ${entry.ticked.map((i) => i + 1).join(', ')}`]);
    }
  }
  return rows;
}

// A cell a spreadsheet cannot run: a text that opens with =, +, -, @, a tab or a carriage
// return (what spreadsheets read as the start of a formula) gets an apostrophe before it,
// which they read as "this is text"; a plain number ("-0.5") stays as it is.
export function safeCell(value) {
  const text = String(value ?? '');
  if (/^[+-]?\d+(?:\.\d+)?$/.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

// The CSV file's text (RFC 4180: comma-separated, CRLF, a header row), with a byte-order
// mark so that spreadsheet programs read it as UTF-8.
export function learnerCsv(report) {
  return `\uFEFF${writeCsv([LEARNER_HEADER, ...learnerRows(report)].map((row) => row.map(safeCell)))}`;
}
