// A teacher's file never touches another exercise's answers, and is read within the core's bounds
// (docs/authoring.md, "Ids and saved answers" and "Limits"): a file with the id of one of the
// companion's exercises is refused by the pages' reader before the answer store is opened (so that
// exercise's saved answers stay as they were) and by the command line's check, an id outside the
// documented form by the core, and a file nested thousands deep is refused in words, never by running out of
// stack. The reader's bounds are the core's (cpp/exercises/file_limits.h).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, test } from 'node:test';
import { openStore, STORAGE_KEY } from '../../web/ui/storage.mjs';
import {
  fetchExercise, readExerciseText, shippedIdProblem, siteExerciseIds, MAX_EXERCISE_CHARS, MAX_EXERCISE_DEPTH,
} from '../../web/ui/teacher-exercise.mjs';
import { readExerciseDocsInNode } from '../../web/core-loading.mjs';

const root = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'teacher-ids-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const shipped = await readExerciseDocsInNode();
const shippedIds = new Set(shipped.map((doc) => doc.id));
const example = JSON.parse(readFileSync(join(root, 'docs/examples/cost-count.json'), 'utf8'));

function withStorage() {
  const map = new Map();
  globalThis.window = {
    localStorage: {
      getItem: (key) => (map.has(key) ? map.get(key) : null),
      setItem: (key, value) => { map.set(key, String(value)); },
      removeItem: (key) => { map.delete(key); },
    },
  };
  return map;
}
const realFetch = globalThis.fetch;
afterEach(() => {
  delete globalThis.window;
  globalThis.fetch = realFetch;
});

// The site serving a teacher's file (file.json) and its catalogue (catalogue.json).
function serving(files) {
  globalThis.fetch = async (url) => {
    const name = new URL(url).pathname.split('/').pop();
    return Object.hasOwn(files, name) ? new Response(files[name]) : new Response('', { status: 404 });
  };
}

test('a file calling itself ch19.ex3, opened by its address, is refused before any answer is read or saved', async () => {
  const map = withStorage();
  // A learner's answer to Exercise 19.3 on the site.
  const site = openStore().store;
  const part = shipped.find((doc) => doc.id === 'ch19.ex3').parts[0].name;
  site.savePart('ch19.ex3', part, { text: '[0.5, 0.5]', verdict: 'correct', attempts: 1 });
  const saved = map.get(STORAGE_KEY);
  // What exercise.html?src=, embed.html?src= and the component do before they open the store.
  const base = 'https://teacher.example/site/';
  serving({ 'theirs.json': JSON.stringify({ ...example, id: 'ch19.ex3' }),
    'catalogue.json': JSON.stringify(shipped.map((doc) => ({ id: doc.id }))) });
  await assert.rejects(async () => fetchExercise('theirs.json', base, { shippedIds: await siteExerciseIds(base) }),
    /is refused: its id "ch19\.ex3" is one of the companion’s own exercises’/);
  assert.equal(map.get(STORAGE_KEY), saved, 'the site\'s saved answers are untouched');
  const kept = openStore().store.part('ch19.ex3', part);
  assert.deepEqual([kept.text, kept.verdict], ['[0.5, 0.5]', 'correct']);
  // Where the site's list of exercises cannot be read, no teacher's file is opened at all.
  serving({ 'theirs.json': JSON.stringify(example) });
  await assert.rejects(siteExerciseIds(base), /could not be read, so the exercise file is not opened/);
});

test('a file with a shipped id is refused by the pages\' reader; one of its own passes', async () => {
  for (const id of shippedIds) assert.match(shippedIdProblem(id, shippedIds), /one of the companion’s own exercises’/);
  assert.equal(shippedIdProblem('teacher.cost-count', shippedIds), null);
  const base = 'https://teacher.example/site/';
  const catalogue = JSON.stringify(shipped.map((doc) => ({ id: doc.id })));
  serving({ 'mine.json': JSON.stringify(example), 'theirs.json': JSON.stringify({ ...example, id: 'ch19.ex3' }),
    'catalogue.json': catalogue });
  // The ids from the page's own catalogue, or else from the site's catalogue.json.
  const fromPage = await siteExerciseIds(base, JSON.parse(catalogue));
  const fetched = await siteExerciseIds(base, null);
  assert.deepEqual([...fetched].sort(), [...shippedIds].sort());
  assert.deepEqual([...fromPage].sort(), [...shippedIds].sort());
  await assert.rejects(fetchExercise('theirs.json', base, { shippedIds: fetched }),
    /The exercise file at https:\/\/teacher\.example\/site\/theirs\.json is refused: its id "ch19\.ex3" is one of/);
  assert.equal((await fetchExercise('mine.json', base, { shippedIds: fetched })).id, 'teacher.cost-count');
});

const check = (doc) => {
  const file = join(dir, `file-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc));
  const run = spawnSync(process.execPath, [join(root, 'tools/cli.mjs'), 'check', file, '--seeds', '3'], { encoding: 'utf8' });
  return { status: run.status, said: run.stdout + run.stderr };
};

test('the command line\'s check refuses a shipped id, an id outside the form and two parts of one name', () => {
  const taken = check({ ...example, id: 'ch19.ex3' });
  assert.equal(taken.status, 1);
  assert.match(taken.said, /The file is refused: its id "ch19\.ex3" is one of the companion’s own exercises’/);
  for (const id of ['', 'a b', '<script>x</script>', '__proto__', '../../index']) {
    const bad = check({ ...example, id });
    assert.equal(bad.status, 1, id);
    assert.match(bad.said, id === '' ? /has no \\"id\\"/ : /is not of the form of an id/, `${id}: ${bad.said}`);
  }
  const twice = check({ ...example, parts: [example.parts[0], example.parts[0]] });
  assert.equal(twice.status, 1);
  assert.match(twice.said, /two parts are named 'score_shape'/);
  assert.match(check(example).said, /every check passes/);
});

test('5,000 nested brackets are refused in words by the reader and the command line, not by the stack', () => {
  const deep = `{"id": "teacher.deep", "tables": ${'['.repeat(5000)}${']'.repeat(5000)}}`;
  assert.match(readExerciseText(deep).error, /nested more than 16 levels deep \(nesting\)/);
  const said = check(deep);
  assert.equal(said.status, 1);
  assert.match(said.said, /nested more than 16 levels deep \(nesting\)/);
  assert.doesNotMatch(said.said, /call stack/);
  assert.ok(said.said.length < 1000);
});

test('the reader\'s bounds are the core\'s', () => {
  const header = readFileSync(join(root, 'cpp/exercises/file_limits.h'), 'utf8');
  const limit = (name) => Number(new RegExp(`k${name} = ([0-9]+)`).exec(header)[1]);
  assert.equal(MAX_EXERCISE_CHARS, limit('Chars'));
  assert.equal(MAX_EXERCISE_DEPTH, limit('Depth'));
});
