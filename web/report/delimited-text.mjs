// Delimited text (the class report's files and its CSV download): bytes to text, a small
// strict reader and a writer, pure (no DOM), so that Node tests run them as the page does.
//
// Reading follows RFC 4180 with the delimiter of the file (PHP's fputcsv, which Moodle's
// csv_export_writer uses, writes the same shape): a field is quoted with " when it holds
// the delimiter, a quote, a line break (or, from PHP, a space); a quote inside a quoted
// field is doubled. Records end with LF, CRLF or CR; a line break inside quotes is part of
// the field. Anything else (a quote inside an unquoted field, text after a closing quote,
// a quote that is never closed) is refused with a ReportFileError that gives the line, so
// that a damaged file is named instead of being read as something it is not. Every
// refusal of this folder's readers is a ReportFileError; nothing else is thrown for bad
// input.

export class ReportFileError extends Error {
  constructor(message, { line } = {}) {
    super(line ? `${message} (line ${line})` : message);
    this.name = 'ReportFileError';
    this.line = line ?? null;
  }
}

// The delimiters a file may use, by preference when a header line holds several.
export const DELIMITERS = ['\t', ',', ';'];
export const delimiterName = (d) => ({ '\t': 'tab', ',': 'comma', ';': 'semicolon' })[d] ?? JSON.stringify(d);

// Bytes (an ArrayBuffer or a typed array) -> text: UTF-16 when the bytes start with its
// byte-order mark (Excel's "Unicode text"), else UTF-8 (an invalid sequence becomes U+FFFD).
// A leading byte-order mark is dropped.
export function decodeText(bytes) {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes?.buffer ?? bytes, bytes?.byteOffset ?? 0,
    bytes?.byteLength);
  let encoding = 'utf-8';
  if (view.length >= 2 && view[0] === 0xff && view[1] === 0xfe) encoding = 'utf-16le';
  else if (view.length >= 2 && view[0] === 0xfe && view[1] === 0xff) encoding = 'utf-16be';
  // (TextDecoder drops the byte-order mark of its own encoding.)
  return new TextDecoder(encoding).decode(view);
}

// The delimiter of a file, from its first line (outside quotes): the one of DELIMITERS it
// holds most often (tab first on a tie), or null when it holds none.
export function detectDelimiter(text) {
  const counts = new Map(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c) + 1);
  }
  let best = null;
  for (const d of DELIMITERS) if (counts.get(d) > 0 && (best === null || counts.get(d) > counts.get(best))) best = d;
  return best;
}

const LIMITS = { maxChars: 6_000_000, maxRecords: 200_000, maxFields: 5_000 };

// text -> records (arrays of strings). A leading byte-order mark is dropped; blank lines
// are left out; a final line break ends the last record (no empty record after it).
// limits: {maxChars, maxRecords, maxFields (per record)}.
export function parseDelimited(text, delimiter, limits = {}) {
  return readRecords(text, delimiter, limits).records;
}

// As parseDelimited, with the line each record starts on: {records, lines}. With
// onRecord(record, line), each record is handed over as it is read instead (records and
// lines stay empty), so that a reader can stop part way by throwing.
export function readRecords(text, delimiter, limits = {}, onRecord = null) {
  const steps = recordSteps(text, delimiter, limits, onRecord);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

// readRecords as a generator (steps.mjs) that yields after each record, so that a large file
// can be read in slices.
export function* recordSteps(text, delimiter, limits = {}, onRecord = null) {
  const { maxChars, maxRecords, maxFields } = { ...LIMITS, ...limits };
  if (typeof text !== 'string') throw new ReportFileError('The file could not be read as text.');
  if (typeof delimiter !== 'string' || delimiter.length !== 1 || delimiter === '"' || delimiter === '\n' || delimiter === '\r') {
    throw new ReportFileError('The file\'s delimiter could not be told.');
  }
  if (text.length > maxChars) throw new ReportFileError(`The file has more than ${maxChars.toLocaleString('en')} characters.`);
  const records = [];
  const lines = [];
  let count = 0;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let recordLine = 1;
  let record = [];
  let field = '';
  const endField = () => {
    if (record.length >= maxFields) throw new ReportFileError(`A row has more than ${maxFields.toLocaleString('en')} cells.`, { line });
    record.push(field);
    field = '';
  };
  let ended = 0; // records handed over since the last step
  const endRecord = () => {
    endField();
    if (!(record.length === 1 && record[0] === '')) {
      if (count >= maxRecords) throw new ReportFileError(`The file has more than ${maxRecords.toLocaleString('en')} rows.`);
      count += 1;
      ended += 1;
      if (onRecord) onRecord(record, recordLine);
      else {
        records.push(record);
        lines.push(recordLine);
      }
    }
    record = [];
  };
  // A line break at `at` (\n, \r or \r\n) ends the record; -> where the next line starts.
  const endLine = (at) => {
    endRecord();
    line += 1;
    recordLine = line;
    return at + (text[at] === '\r' && text[at + 1] === '\n' ? 2 : 1);
  };
  const n = text.length;
  while (i < n) {
    if (ended) {
      ended = 0;
      yield;
    }
    const c = text[i];
    if (c === '"' && field === '') {
      // A quoted field: up to the quote that is not doubled.
      const start = line;
      i += 1;
      for (;;) {
        if (i >= n) throw new ReportFileError('A quoted cell is never closed: a quote (") is missing.', { line: start });
        const q = text.indexOf('"', i);
        if (q < 0) {
          i = n;
          continue;
        }
        const chunk = text.slice(i, q);
        for (let k = 0; k < chunk.length; k += 1) if (chunk[k] === '\n' || (chunk[k] === '\r' && chunk[k + 1] !== '\n')) line += 1;
        field += chunk;
        if (text[q + 1] === '"') {
          field += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      if (i >= n) break;
      const next = text[i];
      if (next === delimiter) {
        endField();
        i += 1;
      } else if (next === '\n' || next === '\r') {
        i = endLine(i);
      } else {
        throw new ReportFileError('A quoted cell is followed by other text before the next delimiter.', { line });
      }
      continue;
    }
    if (c === delimiter) {
      endField();
      i += 1;
    } else if (c === '\n' || c === '\r') {
      i = endLine(i);
    } else if (c === '"') {
      throw new ReportFileError('A quote (") appears inside a cell that does not start with one.', { line });
    } else {
      // Up to the next special character, at once.
      let j = i + 1;
      while (j < n) {
        const d = text[j];
        if (d === delimiter || d === '\n' || d === '\r' || d === '"') break;
        j += 1;
      }
      field += text.slice(i, j);
      i = j;
    }
  }
  if (field !== '' || record.length > 0) endRecord();
  return { records, lines };
}

// One field for a CSV: quoted (quotes doubled) when it holds the delimiter or any other a
// spreadsheet may read the file with (comma, semicolon, tab), a quote or a line break, or
// starts or ends with a space.
export function csvField(value, delimiter = ',') {
  const text = String(value ?? '');
  return /["\r\n,;\t]/.test(text) || text.includes(delimiter) || /^\s|\s$/.test(text)
    ? `"${text.replaceAll('"', '""')}"` : text;
}

// rows (arrays of values) -> RFC 4180 text: comma-separated, CRLF after every record.
export function writeCsv(rows, delimiter = ',') {
  return rows.map((row) => row.map((value) => csvField(value, delimiter)).join(delimiter)).join('\r\n') + '\r\n';
}
