// Moodle's "Import grades: CSV file" as its rules read (grade/import/csv/classes/load_data.php
// and lib/csvlib.class.php's csv_import_reader, Moodle 4.x), for the tests that read the class
// report's gradebook file back. Not a test itself; written from those rules, not copied:
//   - the file is decoded as UTF-8 with a leading byte-order mark removed, and read as CSV with
//     the chosen separator and " as the enclosure;
//   - the header needs at least 2 columns, and every row exactly as many cells as the header
//     ("csvweirdcolumns"); header names are trimmed;
//   - the teacher maps one column ("map from") to a user field (id, username, idnumber or email)
//     and each other column to a grade item or to nothing; two columns on one item is an error;
//   - each cell is trimmed; a row with at most one cell is skipped; a row whose identifier
//     matches no user aborts the import ("usermappingerror"), as does a row without one
//     (Moodle keeps the previous row's user there, which would grade the wrong learner);
//   - a grade "" or "-" is no grade; anything else must be a number (unformat_float, strict:
//     digits with an optional sign and decimal point) or the import stops ("badgrade"); a grade
//     above the site's maximum (100 by default) stops it ("gradevaluetoobig"), and one outside
//     the grade item's range is refused here too (Moodle bounds it when it commits).
// -> {grades: Map(user -> Map(item -> number))} or throws an Error naming Moodle's error.

import { parseDelimited } from '../../web/report/delimited-text.mjs';

const USER_FIELDS = new Set(['id', 'username', 'idnumber', 'email']);

export function moodleGradeImport(text, { separator = ',', mapFrom, mapTo, users, items, gradePointMax = 100 }) {
  if (!USER_FIELDS.has(mapTo)) throw new Error(`Moodle maps users by id, username, idnumber or email, not ${mapTo}`);
  const body = String(text).replace(/^\uFEFF/, '');
  const [rawHeader, ...rows] = parseDelimited(body, separator);
  if (!rawHeader || rawHeader.length < 2) throw new Error('csvfewcolumns');
  const header = rawHeader.map((name) => name.trim());
  for (const row of rows) if (row.length !== header.length) throw new Error('csvweirdcolumns');
  const from = header.indexOf(mapFrom);
  if (from < 0) throw new Error(`no column ${mapFrom}`);
  const mapping = new Map(); // column -> item
  for (const [column, item] of Object.entries(items)) {
    const index = header.indexOf(column);
    if (index < 0) throw new Error(`no column ${column}`);
    if ([...mapping.values()].includes(item.name)) throw new Error(`cannotmapfield ${item.name}`);
    mapping.set(index, item);
  }
  const grades = new Map();
  for (const row of rows) {
    if (row.length <= 1) continue;
    const cells = row.map((cell) => cell.trim());
    const who = cells[from];
    if (who === '') throw new Error('usermappingerror: a row without an identifier');
    const user = users.find((candidate) => String(candidate[mapTo]) === who);
    if (!user) throw new Error(`usermappingerror: no user with ${mapTo} ${who}`);
    const mine = grades.get(user.username) ?? new Map();
    for (const [index, item] of mapping) {
      const value = cells[index];
      if (value === '' || value === '-') continue;
      if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value)) throw new Error(`badgrade: ${JSON.stringify(value)} for ${item.name}`);
      const grade = Number(value);
      if (grade > gradePointMax) throw new Error(`gradevaluetoobig: ${grade}`);
      if (grade < (item.min ?? 0) || grade > (item.max ?? 100)) throw new Error(`out of range: ${grade} for ${item.name}`);
      mine.set(item.name, grade);
    }
    grades.set(user.username, mine);
  }
  return { grades };
}
