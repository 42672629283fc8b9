// Moodle's SCORM "Interactions report", downloaded in its CSV/text format, read into the
// interactions it lists (pure, no DOM). Moodle writes the file with
// csv_export_writer("tab"): tab-separated, UTF-8, one header row, then one row per
// learner and attempt. The header: "Name", optional identity columns ("Email address",
// "Username", "ID number", …), "Attempt", "Started on", "Last accessed on", "Score", one
// column per SCO (its title), then for each interaction index i from 0 "Question i",
// "Response i", "Right answer i" and "Result i" (the teacher may switch any of the four
// off, so columns are found by name). The interaction cells pass through Moodle's s(), so
// &amp; &lt; &gt; &quot; &#039; (and numeric references) are decoded here. A learner who
// has not attempted the activity has "-" in the attempt columns and empty interaction
// cells. A comma- or semicolon-separated file with the same headers (a re-saved copy) is
// read the same way; the delimiter is told from the header line.

import { ReportFileError, detectDelimiter, delimiterName, recordSteps } from './delimited-text.mjs';
import { runAtOnce } from './steps.mjs';

const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: '\'', '#039': '\'' };

// Undoes Moodle's s() (htmlspecialchars with ENT_QUOTES, numeric references left as
// written): the five named references and numeric ones, in one pass, so that "&amp;lt;"
// reads as "&lt;". A reference that names no character stays as written.
export function decodeEntities(text) {
  return String(text).replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-z]+);/g, (whole, name) => {
    if (Object.hasOwn(NAMED, name)) return NAMED[name];
    if (name[0] !== '#') return whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole;
    return String.fromCodePoint(code);
  });
}

// The columns the report is read by (English column names, as Moodle writes them in
// English); the other columns (dates, Score, the SCO titles, Right answer i) are not read.
// Result i is the verdict the learner was given when they checked (the package's: correct,
// wrong or incorrect, neutral), kept beside the core's own for an answer given against an
// earlier version of its exercise.
const INTERACTION_COLUMN = /^(Question|Response|Right answer|Result) (\d{1,5})$/;

// header cells -> {name, attempt: indexes or -1, identity: [the columns between Name and
// Attempt: email, username, …], interactions: [{index, question, response, result}]} (question,
// response and result are column indexes, or -1 when switched off).
export function mapColumns(header) {
  const byIndex = new Map();
  let attempt = -1;
  let learnerName = -1;
  header.forEach((raw, column) => {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (name === 'Name' && learnerName < 0) learnerName = column;
    if (name === 'Attempt' && attempt < 0) attempt = column;
    const match = INTERACTION_COLUMN.exec(name);
    if (!match) return;
    const index = Number(match[2]);
    if (!byIndex.has(index)) byIndex.set(index, { index, question: -1, response: -1, result: -1 });
    const slot = byIndex.get(index);
    const key = { Question: 'question', Response: 'response', Result: 'result' }[match[1]];
    if (key && slot[key] < 0) slot[key] = column;
  });
  const identity = [];
  if (learnerName >= 0) for (let column = learnerName + 1; column < (attempt > learnerName ? attempt : learnerName + 1); column += 1) identity.push(column);
  return { name: learnerName, attempt, identity, interactions: [...byIndex.values()].sort((x, y) => x.index - y.index) };
}

// The learner of a row, as the teacher knows them: {key: the Name cell, with the identity
// cells (email, username…) after it in brackets ("the learner of line N" when the report
// has neither), name, identity: [[column header, value]] (for the gradebook)}.
function learnerOf(row, columns, header, line) {
  const name = columns.name >= 0 ? decodeEntities(row[columns.name] ?? '').trim() : '';
  const identity = columns.identity.map((column) => [header[column].trim(), decodeEntities(row[column] ?? '').trim()])
    .filter(([, value]) => value !== '');
  const label = [name, identity.length ? `(${identity.map(([, value]) => value).join(', ')})` : ''].filter(Boolean).join(' ');
  const key = label || `the learner of line ${line ?? '?'}`;
  return { key, name: name || key, identity };
}

// Thrown when a file holds more answers than a report reads at a time (every answer read
// counts, placed or not).
export class ReportLimitError extends ReportFileError {
  constructor(limit) {
    super(`It holds more than ${limit.toLocaleString('en')} answers, the most this page reads at a time.`);
    this.name = 'ReportLimitError';
    this.limit = limit;
  }
}

// The file's text -> {delimiter, rows (learner rows read), notAttempted (rows with "-"
// as the attempt), longRows (rows with more cells than the header: their extra cells are
// not read), interactions: [{line (the row's line in the file), index (i), learner (its
// key), question, response, result ('' where the column is off)}], people: Map(learner key ->
// {key, name, identity})}, the
// question and response decoded, with the empty interaction slots (no question and no
// response) left out. Throws a ReportFileError when the file is not an Interactions report
// that this page can read, and a ReportLimitError as soon as it has read more than
// limits.maxAnswers interactions.
export function readInteractionsReport(text, limits = {}) {
  return runAtOnce(interactionsReportSteps(text, limits));
}

// readInteractionsReport as steps (steps.mjs): a generator that yields after each row.
export function* interactionsReportSteps(text, limits = {}) {
  const maxAnswers = limits.maxAnswers ?? Infinity;
  if (typeof text !== 'string') throw new ReportFileError('The file could not be read as text.');
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') throw new ReportFileError('The file is empty.');
  const delimiter = detectDelimiter(body);
  if (!delimiter) {
    throw new ReportFileError('Its first line has no tab, comma or semicolon, so it is not a report table ' +
      '(Moodle\'s Interactions report, downloaded as a text file).');
  }
  // The header is read first, then each row as it comes (so that a file over the limit
  // stops being read there).
  let header = null;
  let columns = null;
  const interactions = [];
  const people = new Map();
  let rows = 0;
  let notAttempted = 0;
  let longRows = 0;
  yield* recordSteps(body, delimiter, limits, (row, line) => {
    if (header === null) {
      header = row;
      columns = checkedColumns(header, delimiter);
      return;
    }
    rows += 1;
    if (row.length > header.length) longRows += 1;
    if (columns.attempt >= 0 && (row[columns.attempt] ?? '').trim() === '-') {
      notAttempted += 1;
      return;
    }
    const person = learnerOf(row, columns, header, line);
    if (!people.has(person.key)) people.set(person.key, person);
    for (const slot of columns.interactions) {
      const question = slot.question >= 0 ? decodeEntities(row[slot.question] ?? '').trim() : '';
      const response = slot.response >= 0 ? decodeEntities(row[slot.response] ?? '') : '';
      if (question === '' && response === '') continue;
      if (interactions.length >= maxAnswers) throw new ReportLimitError(maxAnswers);
      const result = slot.result >= 0 ? decodeEntities(row[slot.result] ?? '').trim() : '';
      interactions.push({ line, index: slot.index, learner: person.key, question, response, result });
    }
  });
  if (header === null) throw new ReportFileError('The file is empty.');
  return { delimiter, rows, notAttempted, longRows, interactions, people };
}

// The header's columns, or a ReportFileError saying why it is not a report this page reads.
function checkedColumns(header, delimiter) {
  const columns = mapColumns(header);
  if (!header.some((cell) => cell.trim() === 'Name') && columns.interactions.length === 0) {
    throw new ReportFileError(`It is a ${delimiterName(delimiter)}-separated table, but not Moodle's Interactions report: ` +
      'its header has neither "Name" nor "Question 0", "Response 0" columns.');
  }
  if (columns.interactions.length === 0) {
    throw new ReportFileError('The report has no interaction columns ("Question 0", "Response 0", …): it lists no answers. ' +
      'In Moodle, download the Interactions report of the SCORM activity.');
  }
  if (!columns.interactions.some((slot) => slot.question >= 0)) {
    throw new ReportFileError('The report has no "Question" columns, so its answers cannot be matched to exercises. ' +
      'In Moodle\'s Interactions report options, tick "Question" and download it again.');
  }
  if (!columns.interactions.some((slot) => slot.response >= 0)) {
    throw new ReportFileError('The report has no "Response" columns, so it holds no answers. ' +
      'In Moodle\'s Interactions report options, tick "Response" and download it again.');
  }
  return columns;
}
