// The README lists every exercise id with its title, as tools/exercise-ids.mjs generates it
// from the exercise files (a teacher picks ids there for embeds and packages).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { END, START, exerciseIdTable, readmePath } from '../../tools/exercise-ids.mjs';

test('the README\'s list of exercise ids is the one the exercise files give', () => {
  const readme = fs.readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  assert.ok(start >= 0 && end > start, 'the README has the exercise-ids block');
  assert.equal(readme.slice(start + START.length, end).trim(), exerciseIdTable(),
    'run node tools/exercise-ids.mjs --write');
});
