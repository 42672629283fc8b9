// The teachers' guide lists every exercise id with its title, as tools/exercise-ids.mjs
// generates it from the exercise files (a teacher picks ids there for embeds and packages);
// and every snippet a teacher is told to paste (README.md, docs/teachers.md) is one that a
// test runs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { END, START, exerciseIdTable, guidePath } from '../../tools/exercise-ids.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

test('the teachers\' guide\'s list of exercise ids is the one the exercise files give', () => {
  const guide = fs.readFileSync(guidePath, 'utf8');
  const start = guide.indexOf(START);
  const end = guide.indexOf(END);
  assert.ok(start >= 0 && end > start, 'docs/teachers.md has the exercise-ids block');
  assert.equal(guide.slice(start + START.length, end).trim(), exerciseIdTable(), 'run node tools/exercise-ids.mjs --write');
});

test('every snippet in README.md and docs/teachers.md is a marked block that a test runs by its name', () => {
  const tests = ['e2e', 'js'].flatMap((dir) => fs.readdirSync(path.join(repoRoot, 'tests', dir))
    .filter((name) => name.endsWith('.test.mjs')).map((name) => fs.readFileSync(path.join(repoRoot, 'tests', dir, name), 'utf8'))).join('\n');
  const named = [];
  for (const file of ['README.md', 'docs/teachers.md']) {
    const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
    // (Inside the teachers' sections, every html or sh block is a snippet to paste.)
    const section = file === 'README.md' ? text.slice(text.indexOf('## For teachers'), text.indexOf('\n## ', text.indexOf('## For teachers') + 5)) : text;
    const blocks = section.match(/^```(?:html|sh)$/gm) ?? [];
    const marked = [...section.matchAll(/<!-- snippet: ([a-z0-9-]+) -->\n```(?:html|sh)\n/g)].map((m) => m[1]);
    assert.equal(marked.length, blocks.length, `${file}: every block is marked as a snippet`);
    named.push(...marked);
  }
  assert.ok(named.length >= 7, named.join(', '));
  assert.equal(new Set(named).size, named.length, 'each name once');
  // (A test names it as snippet('NAME'), or as a key of the commands it runs through snippet().)
  for (const name of named) {
    assert.ok(tests.includes(`snippet('${name}')`) || tests.includes(`'${name}': {`), `a test runs the snippet '${name}'`);
  }
});
