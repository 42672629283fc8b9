// The gradebook file (pure, no DOM): one row per learner, as a course's gradebook imports
// it (Moodle's "Import grades: CSV file": the teacher maps one column to a user field, such
// as "Email address" to the email address, and each other column to a grade item; a grade
// is a number, "-" or empty for none; every row has the header's number of cells). The
// identifier columns come first (the identity columns of Moodle's report, and the email a
// learner gave on their progress page), then Name, one column per exercise the class
// answered (the learner's score in it, 0-100: regrade.mjs's rule), and Total. A learner with
// no identifier cannot be matched by a gradebook, so is left out, and named.
//
// The identifiers and the name are written exactly as given: a gradebook matches a learner by
// them character for character, so an apostrophe put before "+pat@example.com" (the guard the
// other cells get against a spreadsheet's formulas) would match nobody, and Moodle's import
// stops at such a row and imports nothing. An identifier that a spreadsheet would read as a
// formula is listed instead (`formulaLike`), for the page to say beside the download. The
// header (the exercises' titles, free text) is guarded as every other file's cells are.

import { percent } from './regrade.mjs';
import { compareNames } from './learners.mjs';
import { safeCell } from './report-csv.mjs';
import { writeCsv } from './delimited-text.mjs';

export const NAME_COLUMN = 'Name';
export const TOTAL_COLUMN = 'Total';

// An exercise's column: its title, then its id in brackets.
export const exerciseColumn = ({ exercise, title }) => `${title} [${exercise}]`;

// report: regrade.mjs's; learners: learners.mjs's map (key -> {label, name, identity}).
// -> {header, rows (each a list of cells), identifiers (the identifier columns), missing
// (the labels of learners left out), formulaLike ([{column, value}]: identifiers and names, as
// given, that a spreadsheet would read as a formula)}.
export function gradebook(report, learners) {
  const identifiers = [];
  for (const { learner } of report.learners) {
    for (const [column] of learners.get(learner)?.identity ?? []) if (!identifiers.includes(column)) identifiers.push(column);
  }
  const header = [...identifiers, NAME_COLUMN, ...report.exercises.map(exerciseColumn), TOTAL_COLUMN];
  const rows = [];
  const missing = [];
  const formulaLike = [];
  const people = report.learners.map((row) => ({ row, who: learners.get(row.learner) }))
    .sort((x, y) => compareNames(x.who?.label ?? x.row.learner, y.who?.label ?? y.row.learner));
  for (const { row, who } of people) {
    const identity = new Map(who?.identity ?? []);
    if (identity.size === 0) {
      missing.push(who?.label ?? row.learner);
      continue;
    }
    const given = [...identifiers.map((column) => [column, identity.get(column) ?? '']), [NAME_COLUMN, who.name]];
    for (const [column, value] of given) if (safeCell(value) !== value) formulaLike.push({ column, value });
    rows.push([...given.map(([, value]) => value),
      ...report.exercises.map(({ exercise }) => String(percent(row.exercises[exercise].correct, row.exercises[exercise].total))),
      String(row.score)]);
  }
  return { header, rows, identifiers, missing, formulaLike };
}

// The gradebook file's text (RFC 4180, a byte-order mark, as report-csv.mjs's csvText): the
// header guarded, the identifiers and names as given, the grades numbers.
export function gradebookCsv({ header, rows }) {
  return `\uFEFF${writeCsv([header.map(safeCell), ...rows])}`;
}
