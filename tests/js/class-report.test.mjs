// The class report's reading and counting (web/report/*.mjs), in Node with the real core:
// the delimited-text reader (quotes, tabs and line breaks in cells, BOM, CRLF, its
// refusals), Moodle's Interactions report (columns found by name with some switched off,
// s()'s entities decoded, a not-attempted row, a comma-separated copy), interaction ids
// (variants, part names with dots, sanitised characters, ids from elsewhere), a learner's
// progress file, and the tallies, which must equal what grading the same texts through
// companion.grade gives (every expectation is computed from the core here). Then a
// bounded fuzz: random bytes and near-miss files into the readers throw nothing but
// ReportFileError.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadCompanion } from '../../web/companion.mjs';
import { ReportFileError, decodeText, detectDelimiter, parseDelimited, writeCsv } from '../../web/report/delimited-text.mjs';
import { decodeEntities, interactionsReportSteps, readInteractionsReport } from '../../web/report/moodle-csv.mjs';
import { interactionReader } from '../../web/report/interactions.mjs';
import { LIMITS, REASONS, ReportLimitError, readReportFile } from '../../web/report/class-report.mjs';
import { gradeAnswers, readValue } from '../../web/report/regrade.mjs';
import { LEARNER_HEADER, SUMMARY_HEADER, csvText, learnerCsv, learnerRows, safeCell, summaryRows } from '../../web/report/report-csv.mjs';
import { AnswerStore } from '../../web/ui/storage.mjs';
import { exportProgress } from '../../web/ui/progress-file.mjs';
import { interactionId, responsePieces, writtenId } from '../../web/embed/scorm-values.mjs';
import { mulberry32 } from './seeded-random.mjs';
import { OTHERS, SAME_VALUE, UNEXPLAINED_PART, classOfThree, classReport, moodleS, phpRow } from './class-report-fixture.mjs';

const companion = await loadCompanion();
const catalogue = companion.exercises();
const resolve = interactionReader(catalogue);

// The core's own grading of one answer, and the near-miss rule the page applies.
const grade = ({ exercise, part, text, seed }) => companion.grade(exercise, part, text, { seed });
const nearMiss = (r) => r.nearMiss === true;

// What the report must say of `answers`, from the core: per "exercise part" its counts and
// its named mistakes with their explanations.
function expectedTallies(answers) {
  const parts = new Map();
  for (const answer of answers) {
    const r = grade(answer);
    const key = `${answer.exercise} ${answer.part}`;
    const t = parts.get(key) ?? { answers: 0, correct: 0, incorrect: 0, invalid: 0, nearMisses: 0, mistakes: {} };
    t.answers += 1;
    t[r.verdict] += 1;
    if (nearMiss(r)) t.nearMisses += 1;
    if (r.misconception) {
      const m = t.mistakes[r.misconception] ?? { count: 0, explanations: {} };
      m.count += 1;
      m.explanations[r.feedback] = (m.explanations[r.feedback] ?? 0) + 1;
      t.mistakes[r.misconception] = m;
    }
    parts.set(key, t);
  }
  return Object.fromEntries(parts);
}

function actualTallies(report) {
  return Object.fromEntries(report.parts.map((p) => [`${p.exercise} ${p.part}`, {
    answers: p.answers, correct: p.correct, incorrect: p.incorrect, invalid: p.invalid, nearMisses: p.nearMisses,
    mistakes: Object.fromEntries(p.mistakes.map((m) => [m.tag, { count: m.count,
      explanations: Object.fromEntries(m.explanations.map((e) => [e.text, e.count])) }])),
  }]));
}

test('the delimited-text reader: quoted tabs, quotes and line breaks, BOM, CRLF and CR, blank lines', () => {
  const text = '\uFEFFa\t"b\tc"\t"d ""e"""\r\n"f\ng"\t\t""\n\nh\rlast';
  assert.deepEqual(parseDelimited(text, '\t'), [['a', 'b\tc', 'd "e"'], ['f\ng', '', ''], ['h'], ['last']]);
  assert.deepEqual(parseDelimited('x,"1,2"\n', ','), [['x', '1,2']]);
  assert.equal(detectDelimiter('Name\tAttempt\t"a,b,c"\n'), '\t');
  assert.equal(detectDelimiter('Name,Attempt,Score\n'), ',');
  assert.equal(detectDelimiter('Name;Attempt;Score\n'), ';');
  assert.equal(detectDelimiter('Name only\n1,2,3'), null);
  const refusals = [['a\t"b', 1, /never closed/], ['a\n"b"c\td', 2, /followed by other text/], ['a\tb"c', 1, /inside a cell/],
    ['ok\nok\n"x\ny"z', 4, /followed by other text/]];
  for (const [bad, line, message] of refusals) {
    assert.throws(() => parseDelimited(bad, '\t'), (error) => error instanceof ReportFileError && error.line === line
      && message.test(error.message), bad);
  }
  assert.throws(() => parseDelimited('a\tb\tc\n', '\t', { maxFields: 2 }), ReportFileError);
  assert.throws(() => parseDelimited('a\nb\nc\n', '\t', { maxRecords: 2 }), ReportFileError);
  // The writer: RFC 4180, read back equal.
  const rows = [['Exercise', 'Title'], ['ch14.ex1', 'A "quoted", title'], ['x', 'two\nlines'], [' lead', '']];
  const csv = writeCsv(rows);
  assert.ok(csv.endsWith('\r\n'));
  assert.equal(csv.split('\r\n')[1], 'ch14.ex1,"A ""quoted"", title"');
  assert.deepEqual(parseDelimited(csv, ','), rows);
});

test('bytes are read as UTF-8, or as UTF-16 after its byte-order mark; the BOM is dropped', () => {
  const text = 'Name\tQuestion 0\nRené\t→\n';
  assert.equal(decodeText(new TextEncoder().encode(`\uFEFF${text}`)), text);
  const utf16 = new Uint8Array(2 + text.length * 2);
  utf16.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i += 1) {
    utf16[2 + i * 2] = text.charCodeAt(i) & 0xff;
    utf16[3 + i * 2] = text.charCodeAt(i) >> 8;
  }
  assert.equal(decodeText(utf16), text);
  assert.equal(decodeText(new Uint8Array([0x61, 0xff, 0x62]).buffer), 'a\uFFFDb');
});

test('Moodle s() entities are decoded once, numeric references too; unknown ones stay', () => {
  const raw = '<img src=x onerror="alert(1)"> & \'it\' &lt; &#65;';
  assert.equal(decodeEntities(moodleS(raw)), raw.replace('&#65;', 'A'));
  assert.equal(decodeEntities('&amp;lt; &#x41;&#65; &nbsp; &#0; &#xD800; &bogus;'), '&lt; AA &nbsp; &#0; &#xD800; &bogus;');
});

test('interaction ids: the longest exercise id, a part name (dots allowed), an optional .vSEED', () => {
  assert.deepEqual(resolve('ch14.example1.weights'), { ok: true, exercise: 'ch14.example1', part: 'weights', seed: 0 });
  assert.deepEqual(resolve(interactionId('ch14.example1', 'weights', 7)), { ok: true, exercise: 'ch14.example1', part: 'weights', seed: 7 });
  assert.deepEqual(resolve('ch14.example3.frozen.color.weights.v42'),
    { ok: true, exercise: 'ch14.example3', part: 'frozen.color.weights', seed: 42 });
  assert.deepEqual(resolve('ch19.ex10.masked_mass'), { ok: true, exercise: 'ch19.ex10', part: 'masked_mass', seed: 0 });
  assert.deepEqual(resolve('ch19.ex1.query'), { ok: true, exercise: 'ch19.ex1', part: 'query', seed: 0 });
  assert.deepEqual(resolve(' ch19.ex1.query.v4294967295 '), { ok: true, exercise: 'ch19.ex1', part: 'query', seed: 4294967295 });
  assert.equal(resolve('ch19.ex1.query.v4294967296').reason, 'seed');
  assert.equal(resolve('ch14.example3.frozen.color').reason, 'noPart');
  assert.equal(resolve('ch14.example1.weights.vx').reason, 'noPart');
  assert.equal(resolve('ch99.ex1.weights').reason, 'foreign');
  assert.equal(resolve('ch14.example1').reason, 'foreign');
  assert.equal(resolve('').reason, 'noId');
  // Characters outside [A-Za-z0-9._-] were written as "-" by the package.
  const odd = interactionReader([{ id: 'q.ex 1', parts: ['a b', 'c'] }, { id: 'q.ex', parts: ['1.a-b'] }]);
  assert.deepEqual(odd('q.ex-1.a-b.v3'), { ok: true, exercise: 'q.ex 1', part: 'a b', seed: 3 });
  assert.deepEqual(odd('q.ex.1.a-b'), { ok: true, exercise: 'q.ex', part: '1.a-b', seed: 0 });
});

// The fixture: what a class typed, and the ids the package wrote for it.
const A = (exercise, part, text, seed = 0) => ({ id: interactionId(exercise, part, seed), exercise, part, seed, text });
const LEARNERS = [
  ['Ann "Nan" Lee', 'ann@example.com', [A('ch14.example1', 'weights', '[2/3, 1/3, 1/3]'), A('ch14.example1', 'weights', '[0.761, 0.0476, 0.190]', 7),
    A('ch14.example1', 'scores', '<img src=x onerror="alert(1)"> & \'x\''), A('ch14.example1', 'weights', '[1/2, 1/4, 1/4]')]],
  ['Bob', 'bob@example.com', [A('ch14.example1', 'weights', '[2/3, 1/3, 1/3]', 7), A('ch14.example1', 'weights', '[16/21, 1/21, 4/21]', 7),
    A('ch14.example3', 'frozen.color.weights', '[[1, 0],\n [0, 1]]'), A('ch19.ex3', 'weights', '0.2\t0.3\t0.5')]],
];
const FOREIGN = [{ id: 'other.package.q1', text: '5' }, { id: 'ch14.example1.no_such_part', text: '1' },
  { id: 'ch14.example1.context', text: '' }];

function moodleReport() {
  const most = Math.max(...LEARNERS.map(([, , list]) => list.length), FOREIGN.length);
  const header = ['Name', 'Email address', 'Attempt', 'Started on', 'Last accessed on', 'Score', 'Chapter 14 exercises (10)'];
  // "Right answer i" switched off; "Result i" on for even i only.
  for (let i = 0; i < most; i += 1) header.push(`Question ${i}`, `Response ${i}`, ...(i % 2 === 0 ? [`Result ${i}`] : []));
  const cells = (list) => list.flatMap((item, i) => [moodleS(item.id), moodleS(item.text), ...(i % 2 === 0 ? ['correct'] : [])]);
  const pad = (row) => [...row, ...Array(header.length - row.length).fill('')];
  let text = `\uFEFF${phpRow(header)}`;
  for (const [name, email, list] of LEARNERS) {
    text += phpRow(pad([name, email, '1', 'Monday, 30 November 2026, 9:05 AM', 'Monday, 30 November 2026, 9:35 AM', '25', '25',
      ...cells(list)]));
  }
  text += phpRow(pad(['Cat', 'cat@example.com', '-', '-', '-', '-', 'Not attempted']));
  text += phpRow(pad(['Dan', 'dan@example.com', '1', 'Monday', 'Monday', '0', '0', ...cells(FOREIGN)]));
  return text;
}

test('Moodle\'s Interactions report: columns by name, entities decoded, not-attempted rows, a comma-separated copy', () => {
  const text = moodleReport();
  assert.ok(text.includes('"Ann ""Nan"" Lee"') && text.includes('&lt;img') && text.includes('"0.2\t0.3\t0.5"'),
    'the fixture holds quoted quotes, entities and tabs');
  const report = readInteractionsReport(text);
  assert.equal(report.delimiter, '\t');
  assert.equal(report.rows, 4);
  assert.equal(report.notAttempted, 1);
  const expected = [...LEARNERS.flatMap(([, , list]) => list), ...FOREIGN].map(({ id, text: response }) => ({ question: id, response }));
  assert.deepEqual(report.interactions.map(({ question, response }) => ({ question, response })), expected);
  assert.deepEqual(report.interactions.slice(0, 4).map((item) => [item.line, item.index]), [[2, 0], [2, 1], [2, 2], [2, 3]]);
  assert.equal(report.interactions[7].line, 3, 'a cell with a line break does not shift the row\'s line');
  // The same table, comma-separated as a spreadsheet re-saves it.
  const records = parseDelimited(text, '\t');
  const commas = writeCsv(records);
  assert.equal(detectDelimiter(commas), ',');
  assert.deepEqual(readInteractionsReport(commas).interactions.map(({ question, response }) => ({ question, response })), expected);
  // What cannot be read is named.
  const refused = (bad, pattern) => assert.throws(() => readInteractionsReport(bad), (e) => e instanceof ReportFileError && pattern.test(e.message));
  refused('', /empty/);
  refused('just one line of words\n', /no tab, comma or semicolon/);
  refused('Name\tAttempt\tScore\nAnn\t1\t50\n', /no interaction columns/);
  refused('Name\tResponse 0\nAnn\t1\n', /no "Question" columns/);
  refused('Name\tQuestion 0\tResult 0\nAnn\tch14.ex1.scores\tcorrect\n', /no "Response" columns/);
  refused('a,b\n1,2\n', /not Moodle's Interactions report/);
});

test('the tallies of a Moodle report equal the core\'s own grading of the same texts, named mistakes included', async () => {
  const file = readReportFile(moodleReport(), { resolve, catalogue });
  assert.equal(file.kind, 'moodle');
  assert.deepEqual(file.facts, { rows: 4, notAttempted: 1, longRows: 0, cut: 0 });
  // A response of 255 characters (SCORM 1.2's most) is counted as perhaps cut short.
  const long = `[${'0.1, '.repeat(60)}`.slice(0, 255);
  const cut = readReportFile(`Name\tQuestion 0\tResponse 0\nAnn\tch14.ex1.weights\t"${long}"\n`, { resolve, catalogue });
  assert.deepEqual([cut.facts.cut, cut.answers[0].text], [1, long]);
  const placed = LEARNERS.flatMap(([, , list]) => list);
  assert.deepEqual(file.answers.map(({ index: _index, given: _given, ...answer }) => answer), LEARNERS.flatMap(([name, email, list]) =>
    list.map(({ exercise, part, seed, text }) => ({ learner: `${name} (${email})`, exercise, part, seed, text }))),
  'each answer is placed on its learner too');
  // The verdict each was given, where the report's Result column is there (on for even i here).
  assert.deepEqual(file.answers.map((answer) => answer.given ?? null), LEARNERS.flatMap(([, , list]) =>
    list.map((_, i) => (i % 2 === 0 ? 'correct' : null))));
  for (const [name, email, list] of LEARNERS.filter(([, , list]) => list.length)) {
    assert.deepEqual(file.people.find((person) => person.key === `${name} (${email})`)?.identity, [['Email address', email]],
      `${name}, with the report's identity columns, for the gradebook (${list.length} answers)`);
  }
  assert.deepEqual(file.unplaced, [{ reason: REASONS.foreign, id: FOREIGN[0].id }, { reason: REASONS.noPart, id: FOREIGN[1].id },
    { reason: REASONS.empty, id: FOREIGN[2].id }]);
  const seen = [];
  const report = await gradeAnswers(companion, catalogue, file.answers, { onProgress: (done, total) => seen.push([done, total]) });
  assert.deepEqual(seen.at(-1), [placed.length, placed.length]);
  const expected = expectedTallies(placed);
  assert.deepEqual(actualTallies(report), expected);
  // The fixture exercises what the page is for: a named mistake, a near miss, an answer the
  // core cannot read, and a correct one (all as the core decides, not as typed here).
  const all = Object.values(expected);
  assert.ok(all.some((t) => Object.keys(t.mistakes).length > 0), 'a named mistake');
  assert.ok(all.some((t) => t.nearMisses > 0), 'a near miss');
  assert.ok(all.some((t) => t.invalid > 0) && all.some((t) => t.correct > 0), 'an invalid and a correct answer');
  assert.deepEqual(report.parts.map((p) => `${p.exercise} ${p.part}`),
    ['ch14.example1 scores', 'ch14.example1 weights', 'ch14.example3 frozen.color.weights', 'ch19.ex3 weights'], 'in chapter order');
  assert.deepEqual(report.parts.find((p) => p.part === 'weights' && p.exercise === 'ch14.example1').seeds, [0, 7]);
  for (const key of ['answers', 'correct', 'incorrect', 'invalid', 'nearMisses']) {
    assert.equal(report.totals[key], all.reduce((sum, t) => sum + t[key], 0), key);
  }
  assert.deepEqual(report.ungraded, []);
  // The summary table: a header row, then one row per part, with the named mistakes.
  assert.equal(SUMMARY_HEADER[0], 'Exercise');
  const weights = summaryRows(report).find((row) => row[0] === 'ch14.example1' && row[2] === 'weights');
  const tags = Object.entries(expected['ch14.example1 weights'].mistakes).map(([tag, m]) => `${tag} (${m.count})`).join('; ');
  assert.ok(tags.length > 0);
  assert.equal(weights[8], tags);
});

test('a learner\'s progress file: each saved part\'s text is an answer at its seed; damaged records are left out', async () => {
  const store = new AnswerStore(null, { version: 2, exercises: {
    'ch14.example1': { seeds: {
      0: { parts: { weights: { text: '[2/3, 1/3, 1/3]', verdict: 'correct', attempts: 1 }, scores: { text: '  ', verdict: null, attempts: 0 },
        context: { text: 'nonsense', verdict: 'correct', attempts: 2 } } },
      7: { parts: { weights: { text: '[16/21, 1/21, 4/21]', verdict: 'incorrect', attempts: 1 } } } } },
    'ch19.ex5': { seeds: { 0: { parts: { temperature_1: { text: '[0.2, 0.3]', verdict: null, attempts: 0 } } } } },
    'ch99.gone': { seeds: { 0: { parts: { x: { text: '1', verdict: 'correct', attempts: 1 } } } } },
  } });
  const text = exportProgress(store);
  const file = readReportFile(text, { resolve, catalogue });
  assert.equal(file.kind, 'progress');
  const placed = [
    { exercise: 'ch14.example1', part: 'weights', seed: 0, text: '[2/3, 1/3, 1/3]' },
    { exercise: 'ch14.example1', part: 'context', seed: 0, text: 'nonsense' },
    { exercise: 'ch14.example1', part: 'weights', seed: 7, text: '[16/21, 1/21, 4/21]' },
    { exercise: 'ch19.ex5', part: 'temperature_1', seed: 0, text: '[0.2, 0.3]' },
  ];
  const order = (list) => [...list].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
  assert.deepEqual(order(file.answers.map(({ exercise, part, seed, text }) => ({ exercise, part, seed, text }))), order(placed));
  assert.ok(file.answers.every((answer) => answer.learner === 'file:0:' && answer.final === true),
    'a file that names no learner, each part saved without tries: one answer each, its last');
  const named = readReportFile(text, { resolve, catalogue, source: 'ana-lee.json', fileIndex: 3 });
  assert.deepEqual(named.people, [{ key: 'file:3:ana-lee.json', name: 'ana-lee', id: null, identity: [], named: false, fileIndex: 3 }],
    'a file that names no learner is its own learner, named after the file');
  assert.deepEqual(file.answers.find((a) => a.part === 'context').attempts, 2, 'with the attempts it kept');
  assert.deepEqual(order(file.unplaced), order([{ reason: REASONS.empty, id: 'ch14.example1.scores' },
    { reason: REASONS.foreign, id: 'ch99.gone.x' }]));
  const report = await gradeAnswers(companion, catalogue, file.answers);
  assert.deepEqual(actualTallies(report), expectedTallies(placed), 'the saved verdicts are not trusted: the core decides');
  // A damaged record is dropped and counted; a file that is not a progress file is named.
  const damaged = JSON.parse(text);
  damaged.storage.exercises['ch14.example1'].seeds['0'].parts.weights = { text: 5 };
  assert.equal(readReportFile(JSON.stringify(damaged), { resolve, catalogue }).facts.dropped, 1);
  for (const [bad, pattern] of [['{"format": "something else"}', /not an attention companion progress file/],
    ['{"format": "attention-companion-progress", "version": 9}', /version 9/], ['{ cut short', /not valid JSON/],
    ['{"format": "attention-companion-progress", "version": 1, "storage": []}', /not in the expected shape/]]) {
    assert.throws(() => readReportFile(bad, { resolve, catalogue }), (e) => e instanceof ReportFileError && pattern.test(e.message), bad);
  }
});

test('an answer the core cannot grade is listed with the reason, not thrown', async () => {
  const broken = { grade: (id, part, text) => { if (text === 'boom') throw new Error('the core failed'); return companion.grade(id, part, text); } };
  const report = await gradeAnswers(broken, catalogue, [{ exercise: 'ch14.ex1', part: 'weights', seed: 0, text: 'boom' },
    { exercise: 'ch14.ex1', part: 'weights', seed: 0, text: '[2/5, 2/5, 1/5]' }]);
  assert.equal(report.totals.answers, 1);
  assert.deepEqual(report.ungraded, [{ reason: REASONS.core, id: 'ch14.ex1.weights', detail: 'the core failed' }]);
  assert.equal(await gradeAnswers(companion, catalogue, [{ exercise: 'ch14.ex1', part: 'weights', seed: 0, text: '1' }],
    { stopped: () => true }), null);
  assert.ok(LIMITS.maxAnswers >= 1000 && LIMITS.maxFileBytes >= 1_000_000 && LIMITS.maxFiles >= 1);
});


test('fuzz: random bytes and mangled reports throw nothing but ReportFileError, and read no more answers than characters', () => {
  const random = mulberry32(20261130);
  const int = (n) => Math.floor(random() * n);
  const alphabet = ['"', '"', '\t', '\t', ',', ';', '\n', '\r', '\r\n', '&', '&amp;', '&#039;', '&#x', '-', '.', 'v', '7',
    'Question 0', 'Response 0', 'Attempt', 'Name', 'ch14.example1.weights', 'ch14.example1.weights.v', '[1/2, 1/4, 1/4]', ' ', 'é', '\uFEFF', '{', '}'];
  const good = moodleReport();
  let refused = 0;
  let read = 0;
  for (let round = 0; round < 3000; round += 1) {
    let text;
    const kind = round % 3;
    if (kind === 0) {
      const bytes = new Uint8Array(int(400));
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = int(256);
      if (round % 2) bytes.set([0xff, 0xfe].slice(0, bytes.length));
      text = decodeText(bytes);
    } else if (kind === 1) {
      text = Array.from({ length: int(120) }, () => alphabet[int(alphabet.length)]).join('');
      if (round % 4 === 1) text = `Name\tAttempt\tQuestion 0\tResponse 0\n${text}`;
    } else {
      // A good report with a few characters changed, cut or repeated.
      const chars = [...good];
      for (let k = 0; k < 1 + int(4); k += 1) {
        const at = int(chars.length);
        const what = int(3);
        if (what === 0) chars[at] = alphabet[int(alphabet.length)];
        else if (what === 1) chars.splice(at, int(20));
        else chars.splice(at, 0, ...chars.slice(at, at + int(30)));
      }
      text = chars.join('');
    }
    try {
      const file = readReportFile(text, { resolve, catalogue });
      read += 1;
      assert.ok(file.answers.length + file.unplaced.length <= text.length, 'no more answers than characters');
      for (const answer of file.answers) assert.ok(typeof answer.text === 'string' && Number.isSafeInteger(answer.seed));
    } catch (error) {
      if (!(error instanceof ReportFileError)) {
        throw new Error(`round ${round} threw ${error?.name}: ${error?.message} on ${JSON.stringify(text.slice(0, 200))}`, { cause: error });
      }
      assert.ok(typeof error.message === 'string' && error.message.length > 10 && error.message.length < 400);
      refused += 1;
    }
    for (const delimiter of ['\t', ',']) {
      try {
        const records = parseDelimited(text, delimiter);
        assert.ok(records.length <= text.length + 1);
      } catch (error) {
        if (!(error instanceof ReportFileError)) throw error;
      }
    }
  }
  assert.ok(read > 100 && refused > 100, `${read} read, ${refused} refused`);
});

const unexplained = (text) => {
  const r = companion.grade(...UNEXPLAINED_PART, text);
  return r.verdict === 'incorrect' && !r.misconception;
};

test('per learner and per unexplained value: 3 learners, 6 unexplained wrong answers in 5 groups; the CSV has the same rows, formula-safe', async () => {
  for (const text of [...SAME_VALUE, ...OTHERS]) assert.ok(unexplained(text), `${text} is a wrong answer no mistake names`);
  assert.equal(readValue(companion.grade(...UNEXPLAINED_PART, SAME_VALUE[0])), readValue(companion.grade(...UNEXPLAINED_PART, SAME_VALUE[1])),
    'the core reads the two the same');
  const file = readReportFile(classReport(classOfThree()), { resolve, catalogue });
  assert.equal(file.written.length, 1);
  const report = await gradeAnswers(companion, catalogue, file.answers, { written: file.written });
  const part = report.parts.find((p) => p.exercise === 'ch19.ex3' && p.part === 'weights');
  assert.equal(part.unexplained.length, 5);
  assert.deepEqual(part.unexplained.map((g) => g.count), [2, 1, 1, 1, 1], 'most frequent first');
  assert.deepEqual([part.unexplained[0].example, part.unexplained[0].learners], [SAME_VALUE[0], 2]);
  // A row per learner and part: the last answer, its verdict, the checks it took.
  assert.deepEqual(report.learners.map((l) => [l.learner, l.rows.map((r) => [r.exercise, r.part, r.text, r.verdict, r.attempts])]), [
    ['Ana', [['ch19.ex3', 'weights', OTHERS[0], 'incorrect', 2]]],
    ['Ben', [['ch19.ex3', 'weights', OTHERS[1], 'incorrect', 2]]],
    ['Cy', [['ch14.ex1', 'weights', '=1+2', companion.grade('ch14.ex1', 'weights', '=1+2').verdict,
      companion.grade('ch14.ex1', 'weights', '=1+2').verdict === 'invalid' ? 0 : 1], ['ch19.ex3', 'weights', OTHERS[3], 'incorrect', 2]]],
  ]);
  assert.deepEqual(report.written.map((w) => [w.exercise, w.item, w.entries.map((e) => [e.learner, e.text])]),
    [['ch14.ex2', 'why_not_a_distribution', [['Ana', 'They must add up to one.']]]]);
  // The CSV: the same rows, then the written work; no cell a spreadsheet would run.
  const rows = parseDelimited(learnerCsv(report), ',');
  assert.deepEqual(rows[0], [...LEARNER_HEADER]);
  assert.deepEqual(rows.slice(1), learnerRows(report).map((row) => row.map(safeCell)));
  assert.equal(rows.length, 1 + 4 + 1);
  assert.equal(rows.find((row) => row[0] === 'Cy' && row[3] === 'weights' && row[1] === 'ch14.ex1')[5], '\'=1+2');
  for (const row of rows.slice(1)) for (const cell of row) assert.doesNotMatch(cell, /^[=+@\t\r]|^-(?!\d+(\.\d+)?$)/, cell);
  assert.deepEqual(['=SUM(A1)', '+1', '-1', '-0.5', '@x', '\tx', 'a=b', '1e3'].map(safeCell),
    ['\'=SUM(A1)', '+1', '-1', '-0.5', '\'@x', '\'\tx', 'a=b', '1e3']);
});

test('every answer read counts toward the limit, placed or not: a report over it is refused as soon as it passes it', () => {
  const row = (n) => ['Name', 'Attempt', ...Array.from({ length: n }, (_, i) => [`Question ${i}`, `Response ${i}`]).flat()];
  const foreign = (count) => {
    const lines = [phpRow(row(100))];
    for (let r = 0; r < count / 100; r += 1) {
      lines.push(phpRow([`L${r}`, '1', ...Array.from({ length: 100 }, (_, i) => [`other.activity.q${r}-${i}`, '1']).flat()]));
    }
    return lines.join('');
  };
  const text = foreign(60_000);
  assert.throws(() => readReportFile(text, { resolve, catalogue, maxAnswers: LIMITS.maxAnswers }),
    (e) => e instanceof ReportLimitError && /more than 20,000 answers/.test(e.message));
  // As soon as: the reader stops on the row that passes the limit (its 201st of 600), counted
  // in the rows it read, not in time (how long it takes: tests/bench/).
  const steps = interactionsReportSteps(text, { maxAnswers: LIMITS.maxAnswers });
  let rowsRead = 0;
  assert.throws(() => { while (!steps.next().done) rowsRead += 1; }, ReportLimitError);
  assert.ok(rowsRead <= 202, `it read ${rowsRead} rows of 601 before refusing`);
  // Under the limit, the same answers are read and listed as not placed (counted as read).
  const small = readReportFile(foreign(1000), { resolve, catalogue });
  assert.deepEqual([small.read, small.answers.length, small.unplaced.length], [1000, 0, 1000]);
  assert.throws(() => readReportFile(foreign(1000), { resolve, catalogue, maxAnswers: 999 }), ReportLimitError);
});

test('a part judged against the learner\'s own earlier answer shows it (the learner\'s other answers go to the core as earlier)', async () => {
  // The core's follow-through, as it reports it ({from, counts}); here a stand-in that
  // reports it for one part and records what it was given.
  const given = [];
  const core = { grade: (id, part, text, options) => {
    given.push([part, { ...options.earlier }]);
    const result = companion.grade(id, part, text, options);
    return part === 'weights' ? { ...result, followThrough: { from: ['scores'], counts: true } } : result;
  } };
  const text = classReport([['Eve', [{ id: interactionId('ch14.example1', 'scores'), text: '[1, 2, 3]' },
    { id: interactionId('ch14.example1', 'weights'), text: '[0.1, 0.2, 0.7]' }]]]);
  const file = readReportFile(text, { resolve, catalogue });
  const report = await gradeAnswers(core, catalogue, file.answers);
  assert.deepEqual(given, [['scores', {}], ['weights', { scores: '[1, 2, 3]' }]], 'each check is graded with the answers before it');
  const weights = report.learners[0].rows.find((row) => row.part === 'weights');
  assert.deepEqual(weights.followThrough, { from: ['scores'], counts: true });
  assert.equal(learnerRows(report).find((row) => row[3] === 'weights')[LEARNER_HEADER.indexOf('Follow-through')],
    'judged against their own scores (counts)');
});

// Three learners' progress files, as the progress page writes them: two give the same name, and
// all three are saved under the same file name (the day's). Each check is a try; the core's
// verdicts decide every count below (the texts are chosen by grading them first).
async function threeLearners() {
  const { gradebook } = await import('../../web/report/gradebook.mjs');
  const at = (n) => new Date(Date.UTC(2026, 5, 1, 9, n)).toISOString();
  const part = (id, name) => companion.exercise(id).parts.map((p) => p.name).includes(name);
  const E = 'ch14.example1';
  assert.ok(part(E, 'weights') && part('ch19.ex3', 'weights'));
  const named = ['[1/3, 1/3, 1/3]', '[a, 0, 0]', '[2, 1, 1]', '[2/3, 1/3, 1/3]', '[1, 0, 0]']
    .find((t) => companion.grade(E, 'weights', t).misconception);
  const right = ['[1/2, 1/4, 1/4]', '[0.5, 0.25, 0.25]'].find((t) => companion.grade(E, 'weights', t).verdict === 'correct');
  assert.ok(named && right);
  const learners = [
    { learner: { id: 'aaaaaaaa-1111', name: 'Sam Lee', email: 'sam.one@school.example' }, checks: [[E, 'weights', named], [E, 'weights', right]] },
    { learner: { id: 'bbbbbbbb-2222', name: 'Sam Lee', email: 'sam.two@school.example' }, checks: [[E, 'weights', named]] },
    { learner: { id: 'cccccccc-3333', name: 'Ana Ruiz', email: 'ana@school.example' }, checks: [[E, 'weights', right], ['ch19.ex3', 'weights', '[0.1, 0.1, 0.8]']] },
  ];
  const files = learners.map(({ learner, checks }) => {
    const store = new AnswerStore(null, { version: 2, exercises: {} });
    checks.forEach(([id, name, text], n) => {
      const verdict = companion.grade(id, name, text).verdict;
      const attempts = checks.slice(0, n + 1).filter(([i, p, t]) => i === id && p === name && companion.grade(i, p, t).verdict !== 'invalid').length;
      store.savePart(id, name, { text, verdict, attempts }, 0, { at: at(n), text, verdict });
    });
    return exportProgress(store, new Date(at(9)), learner);
  });
  return { learners, files, gradebook };
}

test('three learners under one file name, two of one name: three learners, their scores, their tries, and the warnings', async () => {
  const { joinLearners } = await import('../../web/report/learners.mjs');
  const { learners, files, gradebook } = await threeLearners();
  const source = 'attention-progress-2026-06-01.json';
  const read = files.map((text, fileIndex) => readReportFile(text, { resolve, catalogue, source, fileIndex }));
  const { learners: who, warnings } = joinLearners(read.map((file) => ({ source, kind: file.kind, people: file.people })));
  assert.equal(who.size, 3);
  assert.deepEqual([...who.values()].map((l) => l.label), ['Sam Lee (id aaaaaaaa)', 'Sam Lee (id bbbbbbbb)', 'Ana Ruiz']);
  assert.equal(warnings.length, 2);
  assert.match(warnings[0], /^3 files are named “attention-progress-2026-06-01\.json”/);
  assert.match(warnings[1], /^2 different learners give the name “Sam Lee”: they are shown apart/);
  const report = await gradeAnswers(companion, catalogue, read.flatMap((file) => file.answers));
  assert.deepEqual(report.exercises.map((e) => e.exercise), ['ch14.example1', 'ch19.ex3']);
  const parts = (id) => catalogue.find((e) => e.id === id).parts.length;
  const total = parts('ch14.example1') + parts('ch19.ex3');
  for (const { learner, checks } of learners) {
    const row = report.learners.find((l) => l.learner === `id:${learner.id}`);
    const last = new Map(checks.map(([id, part, text]) => [`${id} ${part}`, companion.grade(id, part, text).verdict]));
    const correct = [...last.values()].filter((verdict) => verdict === 'correct').length;
    assert.deepEqual([row.correct, row.total, row.score], [correct, total, Math.round((10_000 * correct) / total) / 100], learner.name);
    // Each try on its part's path, as the core grades it, its mistake named.
    for (const r of row.rows) {
      const mine = checks.filter(([id, part]) => id === r.exercise && part === r.part);
      assert.deepEqual(r.path.map((step) => [step.verdict, step.mistake]),
        mine.map(([id, part, text]) => [companion.grade(id, part, text).verdict, companion.grade(id, part, text).misconception ?? null]));
    }
  }
  // The class: the share of a part's learners who met each mistake.
  const weights = report.parts.find((p) => p.exercise === 'ch14.example1' && p.part === 'weights');
  assert.equal(weights.learners, 3);
  assert.equal(weights.mistakes[0].learners, 2, 'both Sams met the named mistake');
  // The gradebook, read back by Moodle's import rules: email mapped, one item per exercise and the total.
  const { moodleGradeImport } = await import('./moodle-grade-import.mjs');
  const book = gradebook(report, who);
  const text = csvText([book.header, ...book.rows]);
  assert.deepEqual(book.missing, []);
  const users = learners.map(({ learner }, n) => ({ id: 100 + n, username: `u${n}`, email: learner.email }));
  const items = Object.fromEntries(book.header.filter((c) => c.includes('[') || c === 'Total').map((c) => [c, { name: c, min: 0, max: 100 }]));
  const { grades } = moodleGradeImport(text, { mapFrom: 'Email address', mapTo: 'email', users, items });
  for (const [n, { learner }] of learners.entries()) {
    const row = report.learners.find((l) => l.learner === `id:${learner.id}`);
    assert.equal(grades.get(`u${n}`).get('Total'), row.score);
    for (const { exercise, title } of report.exercises) {
      const { correct, total: of } = row.exercises[exercise];
      assert.equal(grades.get(`u${n}`).get(`${title} [${exercise}]`), Math.round((10_000 * correct) / of) / 100);
    }
  }
  // The import refuses what Moodle refuses: an unknown learner, a grade that is not a number.
  assert.throws(() => moodleGradeImport(text, { mapFrom: 'Email address', mapTo: 'email', users: users.slice(1), items }), /usermappingerror/);
  const bad = csvText([book.header, [...book.rows[0].slice(0, -1), 'x'], ...book.rows.slice(1)]);
  assert.throws(() => moodleGradeImport(bad, { mapFrom: 'Email address', mapTo: 'email', users, items }), /badgrade/);
  const short = csvText([book.header, book.rows[0].slice(0, -1), ...book.rows.slice(1)]);
  assert.throws(() => moodleGradeImport(short, { mapFrom: 'Email address', mapTo: 'email', users, items }), /csvweirdcolumns/);
});

test('the gradebook keeps each identifier exactly as given (+pat@example.com too) and Moodle imports every row by email, username or ID number', async () => {
  const { joinLearners } = await import('../../web/report/learners.mjs');
  const { gradebook, gradebookCsv } = await import('../../web/report/gradebook.mjs');
  const { moodleGradeImport } = await import('./moodle-grade-import.mjs');
  const people = [
    { name: 'Pat Plus', email: '+pat@example.com', username: '-pat', idnumber: '=42', answer: '[0.2, 0.3, 0.5]' },
    { name: '@Ann', email: 'ann@example.com', username: '@ann', idnumber: 'A-7', answer: '[1/3, 1/3, 1/3]' },
    { name: 'Cy Dee', email: 'cy, dee@example.com', username: 'cy', idnumber: '-7', answer: '[0.1, 0.1, 0.8]' },
  ];
  const text = phpRow(['Name', 'Email address', 'Username', 'ID number', 'Attempt', 'Question 0', 'Response 0']) +
    people.map((p) => phpRow([moodleS(p.name), moodleS(p.email), moodleS(p.username), moodleS(p.idnumber), '1',
      moodleS(interactionId('ch19.ex3', 'weights')), moodleS(p.answer)])).join('');
  const file = readReportFile(text, { resolve, catalogue });
  const report = await gradeAnswers(companion, catalogue, file.answers);
  const { learners: who } = joinLearners([{ source: 'interactions.txt', kind: file.kind, people: file.people }]);
  const book = gradebook(report, who);
  const csv = gradebookCsv(book);
  // Every identifier and name as given; those a spreadsheet would read as a formula are listed for the page.
  const [header, ...rows] = parseDelimited(csv.replace(/^\uFEFF/, ''), ',');
  const title = catalogue.find((e) => e.id === 'ch19.ex3').title;
  assert.deepEqual(header, ['Email address', 'Username', 'ID number', 'Name', `${title} [ch19.ex3]`, 'Total']);
  for (const p of people) {
    assert.ok(rows.some((row) => JSON.stringify(row.slice(0, 4)) === JSON.stringify([p.email, p.username, p.idnumber, p.name])),
      `${p.name}'s identifiers as given`);
  }
  const key = (item) => JSON.stringify(item);
  const expected = people.flatMap((p) => [['Email address', p.email], ['Username', p.username], ['ID number', p.idnumber], ['Name', p.name]])
    .filter(([, value]) => safeCell(value) !== value).map(([column, value]) => ({ column, value }));
  assert.deepEqual(book.formulaLike.map(key).sort(), expected.map(key).sort());
  assert.ok(book.formulaLike.some(({ value }) => value === '+pat@example.com'));
  // Moodle's import, each way a teacher maps the learners: every row, each grade the report's.
  const users = people.map((p, n) => ({ id: 10 + n, username: p.username, email: p.email, idnumber: p.idnumber }));
  const items = Object.fromEntries(book.header.slice(4).map((column) => [column, { name: column, min: 0, max: 100 }]));
  for (const [mapFrom, mapTo] of [['Email address', 'email'], ['Username', 'username'], ['ID number', 'idnumber']]) {
    const { grades } = moodleGradeImport(csv, { mapFrom, mapTo, users, items });
    assert.equal(grades.size, people.length, mapFrom);
    for (const p of people) {
      const row = report.learners.find((l) => who.get(l.learner)?.name === p.name);
      assert.equal(grades.get(p.username).get('Total'), row.score, `${mapFrom}: ${p.name}`);
    }
  }
  // The file as it was written before (every cell guarded) matches nobody at Pat's row: Moodle
  // stops there and imports nothing.
  assert.throws(() => moodleGradeImport(csvText([book.header, ...book.rows]), { mapFrom: 'Email address', mapTo: 'email', users, items }),
    /usermappingerror: no user with email '\+pat@example\.com/);
});

test('every cell a spreadsheet could read as a formula is neutralised, whichever delimiter the file is read with', () => {
  const hostile = ['=1+1', '+1+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1', ' =1+1', '\u00a0=1', 'x;=1+1;y', 'x,=1+1,y', 'x\t=1+1\ty',
    '"quoted";=HYPERLINK("x")', '-0.5', '3.25', '[0.36, 0.5, 0.14]', 'plain'];
  const text = csvText([['Answer'], ...hostile.map((value) => [value])]);
  const formula = /^[=+\-@\t\r]/;
  for (const delimiter of [',', ';', '\t']) {
    for (const row of parseDelimited(text.replace(/^\uFEFF/, ''), delimiter).slice(1)) {
      for (const cell of row) {
        const shown = cell.replace(/^\s+/, '');
        assert.ok(!formula.test(shown) || /^[+-]?\d+(\.\d+)?$/.test(cell), `${JSON.stringify(cell)} read with ${JSON.stringify(delimiter)}`);
      }
    }
  }
  // And as the file means it: each value one cell, an apostrophe before the ones that need it.
  assert.deepEqual(parseDelimited(text.replace(/^\uFEFF/, ''), ',').slice(1).map(([cell]) => cell),
    hostile.map((value) => safeCell(value)));
});

test('a written text that SCORM 1.2 kept in pieces is joined again; a version per answer is shown', async () => {
  const long = `${'Because the weights must add up to one. '.repeat(12)}End.`;
  const pieces = responsePieces(long, 255);
  assert.ok(pieces.length >= 2);
  const ids = pieces.map((_, i) => writtenId('ch14.ex2', 'why_not_a_distribution', i + 1));
  const text = classReport([['Hal', [...ids.map((id, i) => ({ id, text: pieces[i] })),
    { id: interactionId('ch14.example1', 'weights', 0, { version: 'c0ffee', solutionSeen: true }), text: '[1/3, 1/3, 1/3]' }]]]);
  const file = readReportFile(text, { resolve, catalogue });
  const report = await gradeAnswers(companion, catalogue, file.answers, { written: file.written });
  assert.equal(report.written[0].entries[0].text, long);
  const row = report.learners[0].rows[0];
  assert.deepEqual([row.version, row.path[0].version, row.path[0].solutionSeen], ['c0ffee', 'c0ffee', true]);
  assert.match(learnerRows(report).find((r) => r[3] === 'weights')[LEARNER_HEADER.indexOf('Tries')], /solution seen, version c0ffee/);
});

test('an answer given against an earlier version keeps the verdict it was given, in the row, the score and the gradebook; the core\'s now is beside it', async () => {
  const { gradebook } = await import('../../web/report/gradebook.mjs');
  const { joinLearners } = await import('../../web/report/learners.mjs');
  const now = companion.exercise('ch14.example1').version;
  const wrongNow = ['[1/3, 1/3, 1/3]', '[0.2, 0.3, 0.5]'].find((t) => companion.grade('ch14.example1', 'weights', t).verdict === 'incorrect');
  assert.ok(now && wrongNow);
  // Moodle's report: Result 0 says how it was judged then, against version c0ffee (not the exercise's now).
  const header = ['Name', 'Email address', 'Attempt', 'Question 0', 'Response 0', 'Result 0', 'Question 1', 'Response 1', 'Result 1'];
  const text = phpRow(header) + phpRow(['Ida', 'ida@example.com', '1',
    interactionId('ch14.example1', 'weights', 0, { version: 'c0ffee' }), moodleS(wrongNow), 'correct',
    interactionId('ch14.example1', 'scores', 0, { version: now }), '[1, 2, 3]', 'correct']);
  const file = readReportFile(text, { resolve, catalogue });
  const report = await gradeAnswers(companion, catalogue, file.answers);
  const [ida] = report.learners;
  const weights = ida.rows.find((row) => row.part === 'weights');
  assert.deepEqual([weights.verdict, weights.now, weights.version], ['correct', { verdict: 'incorrect', version: now }, 'c0ffee']);
  assert.deepEqual(weights.path.map((step) => [step.verdict, step.now?.verdict]), [['correct', 'incorrect']]);
  // An answer given against the version now is the core's, whatever the file says it was given.
  const scores = ida.rows.find((row) => row.part === 'scores');
  assert.deepEqual([scores.verdict, scores.now], [companion.grade('ch14.example1', 'scores', '[1, 2, 3]').verdict, undefined]);
  const parts = catalogue.find((e) => e.id === 'ch14.example1').parts.length;
  const correct = [weights, scores].filter((row) => row.verdict === 'correct').length;
  assert.equal(ida.score, Math.round((10_000 * correct) / parts) / 100, 'the verdict as given counts in the score');
  const row = learnerRows(report).find((r) => r[3] === 'weights');
  assert.equal(row[LEARNER_HEADER.indexOf('Verdict')], 'correct');
  assert.equal(row[LEARNER_HEADER.indexOf('Verdict now')], `incorrect against version ${now} now`);
  assert.match(row[LEARNER_HEADER.indexOf('Tries')], /^correct, version c0ffee \(incorrect against version \w+ now\)$/);
  const { learners: who } = joinLearners([{ source: 'r.txt', kind: file.kind, people: file.people }]);
  assert.equal(gradebook(report, who).rows[0].at(-1), String(ida.score));
});
