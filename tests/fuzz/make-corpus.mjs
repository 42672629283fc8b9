// Regenerates the fuzzers' seed corpus from the typed answers of the Google Test suite:
//   node tests/fuzz/make-corpus.mjs
// tests/fuzz/corpus/parser/  the answers of tests/cpp/answers/judging_table_test.cc and
//                            tests/cpp/answers/answer_parser_test.cc, as raw text, plus a few bound probes;
// tests/fuzz/corpus/api/     the judging table's rows in api_fuzzer's layout (mode, exercise,
//                            part, seed, answer), plus descriptions of seeded variants, Work
//                            requests and exercises with their own inputs (see api_fuzzer.cc).
// At most 150 files each, named by content; the folders are replaced.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const LIMIT = 150;

// A C++ string literal's body as bytes: \n, \t, \\, \", \xHH (one byte), \uXXXX (UTF-8).
function literalBytes(body) {
  const out = [];
  for (let i = 0; i < body.length; ) {
    if (body[i] !== '\\') {
      const cp = body.codePointAt(i);
      out.push(...Buffer.from(String.fromCodePoint(cp), 'utf8'));
      i += cp > 0xffff ? 2 : 1;
      continue;
    }
    const c = body[i + 1];
    if (c === 'x') {
      const m = /^[0-9a-fA-F]+/.exec(body.slice(i + 2));
      out.push(parseInt(m[0], 16) & 0xff);
      i += 2 + m[0].length;
    } else if (c === 'u') {
      out.push(...Buffer.from(String.fromCodePoint(parseInt(body.slice(i + 2, i + 6), 16)), 'utf8'));
      i += 6;
    } else {
      out.push(c === 'n' ? 10 : c === 't' ? 9 : c.charCodeAt(0));
      i += 2;
    }
  }
  return Buffer.from(out);
}

const LITERAL = /"((?:[^"\\]|\\.)*)"/g;
const source = (name) => readFileSync(join(root, 'tests', 'cpp', name), 'utf8');

// The judging table: {"id", "part", "answer", "verdict", tag}.
const rows = [];
for (const m of source('answers/judging_table_test.cc').matchAll(
  /\{"([^"]+)", "([^"]+)", "((?:[^"\\]|\\.)*)", "(?:correct|incorrect|invalid)"/g)) {
  rows.push({ id: m[1], part: m[2], answer: literalBytes(m[3]) });
}
// Every other string literal of the judging table test (the non-UTF-8 and sign-run cases).
const tableExtras = [literalBytes('\\xff\\xfe[1, 2]'), Buffer.from('-'.repeat(1000) + '1')];

// The answer parser test: every string literal but the messages it expects and the include.
const parserSource = source('answers/answer_parser_test.cc');
const messages = new Set([...parserSource.matchAll(/\{"(?:[^"\\]|\\.)*", "((?:[^"\\]|\\.)*)"\}/g)].map((m) => m[1]));
const parserAnswers = [...parserSource.matchAll(LITERAL)]
  .map((m) => m[1])
  .filter((s) => !messages.has(s) && s !== 'answer_parser.h' && !/^(character|nested|from -64)/.test(s))
  .map(literalBytes);

function write(folder, inputs) {
  const dir = join(here, 'corpus', folder);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const seen = new Set();
  for (const input of inputs) {
    const name = createHash('sha1').update(input).digest('hex').slice(0, 16);
    if (seen.has(name)) continue;
    if (seen.size === LIMIT) break;
    seen.add(name);
    writeFileSync(join(dir, name), input);
  }
  console.log(`${dir}: ${seen.size} files`);
}

// Parser: the parser test's answers first, the table's answers, then bound probes.
const probes = [
  Buffer.from('1'.repeat(2001)),
  Buffer.from('('.repeat(33) + '1' + ')'.repeat(33)),
  Buffer.from('[' + '1,'.repeat(600) + '1]'),
  Buffer.from('1234567890123456789'),
  Buffer.from('e^(e^(e^(e^(e^9))))'),
  Buffer.from('2^64^64'),
];
const firsts = [...new Map([...parserAnswers, ...probes, ...tableExtras].map((b) => [b.toString('latin1'), b])).values()];
const distinct = [...new Map(rows.map((r) => [r.answer.toString('latin1'), r.answer])).values()]
  .filter((b) => !firsts.some((f) => f.equals(b)));
const spread = (list, room) =>
  Array.from({ length: Math.min(list.length, room) }, (_, i) => list[Math.floor((i * list.length) / Math.min(list.length, room))]);
write('parser', [...firsts, ...spread(distinct, LIMIT - firsts.length)]);

// API: the exercises in id order (std::map), each with its part names in file order.
function exerciseFiles(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? exerciseFiles(p) : p.endsWith('.json') ? [p] : [];
  });
}
const exercises = exerciseFiles(join(root, 'exercises'))
  .map((p) => JSON.parse(readFileSync(p, 'utf8')))
  .sort((x, y) => Buffer.compare(Buffer.from(x.id), Buffer.from(y.id)));
const index = new Map(exercises.map((e, i) => [e.id, i]));
const head = (mode, id, part, seed = 0) => {
  const e = index.get(id);
  const p = Math.max(0, (exercises[e].parts ?? []).findIndex((q) => q.name === part));
  const b = Buffer.alloc(7);
  b[0] = mode; b[1] = e; b[2] = p; b.writeUInt32LE(seed, 3);
  return b;
};
// A few descriptions of seeded variants (mode 11) and exercises with their own inputs as
// text (mode 15): every fourth exercise.
const extras = [];
exercises.forEach((e, i) => {
  if (i % 4 !== 0) return;
  extras.push(head(11, e.id, '', 7));
  if (e.inputs) extras.push(Buffer.concat([head(15, e.id, e.parts?.[0]?.name ?? ''), Buffer.from(JSON.stringify(e.inputs))]));
});
// Work requests (modes 13 and 14), from the API test, a part name with an answer (mode 10)
// and an exercise as text (mode 12).
extras.push(Buffer.concat([head(13, 'ch14.ex1', ''), Buffer.from('{"model":"ch14.read","inputs":{"embeddings":{"x":"[a, 0]","z":"[-a, 0]"},"source":["x", "z"],"query":"[1/2, 0]"}}')]));
extras.push(Buffer.concat([head(14, 'ch14.ex1', ''), Buffer.from('{"embeddings":{"x":"[a, 0]"},"source":["x", "x"],"query":"[2000, 0]"}')]));
extras.push(Buffer.concat([head(10, 'ch14.ex1', ''), Buffer.from('weights\n[2/5, 2/5, 1/5]')]));
extras.push(Buffer.concat([head(12, 'ch14.ex1', 'weights'), Buffer.from('{"id":"x","model":"ch14.read","parts":[{"name":"weights","quantity":"weights"}]}')]));
// The table's rows (seed 0, mode 0), spread evenly over the table to fill the limit.
const room = Math.min(rows.length, LIMIT - extras.length);
const api = [];
for (let i = 0; i < room; ++i) {
  const r = rows[Math.floor((i * rows.length) / room)];
  api.push(Buffer.concat([head(0, r.id, r.part), r.answer]));
}
write('api', [...api, ...extras]);
