// A teacher's own mistake is said as the teacher wrote it (docs/authoring.md, "Mistakes of your
// own"), through the command line a teacher uses: the docs' worked example and each file of
// docs/examples/ hold a mistake of their own written as a sentence; at several seeds the answer
// that mistake gives (the core's `mistakes`) is graded, and the feedback holds the sentence as
// written (its placeholders filled), never spliced into "your … comes from …". (The issue's
// "Not quite: your context comes from Your context is …".)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

const root = new URL('../../', import.meta.url).pathname;
const cli = (...args) => JSON.parse(execFileSync(process.execPath, [join(root, 'tools/cli.mjs'), ...args], { encoding: 'utf8' }));
const dir = mkdtempSync(join(tmpdir(), 'teacher-mistakes-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const doc = readFileSync(join(root, 'docs/authoring.md'), 'utf8');
const workedFile = join(dir, 'worked.json');
writeFileSync(workedFile, /<!-- worked-example -->\n```json\n([\s\S]*?)\n```/.exec(doc)[1]);
const examples = readdirSync(join(root, 'docs/examples')).filter((f) => f.endsWith('.json'))
  .map((f) => join(root, 'docs/examples', f));

test('the docs\' worked example: the keys read for the values is said in the teacher\'s sentence', () => {
  const verdict = cli('grade', workedFile, 'context', '[0.633, 0.943]', '0');
  assert.equal(verdict.verdict, 'incorrect');
  assert.equal(verdict.misconception, 'keys-as-values');
  const sentence = 'Your context is the weighted average of the keys; the values are what a read returns.';
  // (The first mistake named, in the teacher's words; a mistake of the core's that gives the same
  // value may follow it.)
  assert.ok(verdict.feedback === `Not quite: ${sentence}` || verdict.feedback.includes(`exactly this answer. ${sentence}`),
    verdict.feedback);
  assert.doesNotMatch(verdict.feedback, /from Your/);
});

test('every example file\'s own mistake is named in its own words, on every part it reaches', () => {
  assert.ok(examples.length >= 3);
  for (const file of [workedFile, ...examples]) {
    const exercise = JSON.parse(readFileSync(file, 'utf8'));
    assert.ok(exercise.mistakes?.length >= 1, `${file} has a mistake of its own`);
    let graded = 0;
    for (const seed of ['0', '1', '2']) {
      for (const part of cli('mistakes', file, seed).parts) {
        for (const own of part.mistakes.filter((m) => m.operation === '' && typeof m.answer === 'string')) {
          const written = exercise.mistakes.find((m) => m.tag === own.tag);
          // The sentence as written, up to its first placeholder.
          const lead = written.because.split('{{')[0];
          assert.ok(own.explanation.startsWith(lead), `${own.tag}: ${own.explanation}`);
          const verdict = cli('grade', file, part.name, own.answer, seed);
          assert.equal(verdict.verdict, 'incorrect', JSON.stringify(verdict));
          assert.ok(verdict.misconceptions.includes(own.tag), JSON.stringify(verdict));
          assert.ok(verdict.feedback.includes(own.explanation), verdict.feedback);
          // Never spliced into the companion's "your … comes from …".
          assert.ok(!verdict.feedback.includes(`from ${lead}`), verdict.feedback);
          graded += 1;
        }
      }
    }
    assert.ok(graded >= 1, `${file}: its own mistake was graded`);
  }
});
