// A teacher's exercise, checked as docs/authoring.md says: the document's worked example and
// the example files pass the check over 1,000 seeds, and each way a file can be wrong that the
// issue met (a misspelt setting, a false premise at seed 0, a misspelt quantity, a mask of the
// wrong length, a draw the core cannot read) is refused with the key, seed or part named. The
// files are graded through loadCompanion({exercises}), as the pages and the CLI load them.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { snippet } from '../e2e/embed-snippets.mjs';
import { test } from 'node:test';
import { loadCompanion } from '../../web/companion.mjs';
import { checkWords } from '../../web/author/check-report.mjs';
import { MARKERS, operationsTable } from '../../tools/operations-table.mjs';
import { withTable } from '../../tools/judging-table.mjs';

const doc = readFileSync(new URL('../../docs/authoring.md', import.meta.url), 'utf8');
const worked = JSON.parse(/<!-- worked-example -->\n```json\n([\s\S]*?)\n```/.exec(doc)[1]);
const examplesDir = new URL('../../docs/examples/', import.meta.url);
const examples = readdirSync(examplesDir).filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, examplesDir), 'utf8')));
const companion = await loadCompanion({ exercises: [worked, ...examples] });
const copy = (x) => structuredClone(x);

test('the worked example and every example file pass the check over 1,000 seeds, their own tests included', () => {
  assert.ok(examples.length >= 3);
  for (const exercise of [worked, ...examples]) {
    let progress = 0;
    const report = companion.check(exercise, { seeds: 1000, onProgress: (done) => { progress = done; } });
    const words = checkWords(report);
    assert.ok(words.ok, `${exercise.id}:\n${words.lines.join('\n')}`);
    assert.equal(report.seeds, 1000);
    assert.equal(progress, 1000);
    assert.ok(report.tests.length >= 3 && report.tests.every((t) => t.passed > 0 && t.failed === 0), exercise.id);
    assert.ok(report.parts.every((p) => p.shown === 1000), exercise.id);
  }
});

test('a teacher\'s exercise is described, graded and followed through by the same core as the chapters\'', () => {
  const shown = companion.exercise('teacher.three-keys', { seed: 0 });
  assert.match(shown.intro, /\[1, 0\.5\]/);
  assert.match(shown.version, /^[0-9a-f]{12}$/);
  const right = companion.grade('teacher.three-keys', 'scores', '[1.5, 0.5, -1]');
  assert.equal(right.verdict, 'correct');
  const named = companion.grade('teacher.three-keys', 'weights', '[1.5, 0.5, -1]');
  assert.ok(named.misconceptions.includes('scores-as-weights'), JSON.stringify(named));
  // The variant draws from the teacher's own ranges: values as whole numbers from 0 to 3.
  const seen = new Set();
  for (let seed = 1; seed <= 40; seed += 1) {
    const values = JSON.parse(companion.exercise('teacher.three-keys', { seed }).inputs.values);
    for (const row of values) for (const x of row) seen.add(x);
  }
  assert.deepEqual([...seen].sort(), [0, 1, 2, 3]);
});

test('each way a file goes wrong is refused, naming the key, the seed or the part', async () => {
  const refusedWith = (exercise, pattern) => {
    const report = companion.check(exercise, { seeds: 20 });
    const words = checkWords(report).lines.join('\n');
    assert.equal(checkWords(report).ok, false, words);
    assert.match(words, pattern);
    return report;
  };
  // A misspelt setting, in a part and in a step.
  const inPart = copy(worked);
  inPart.parts[1].tempreature = '0.5';
  assert.match(refusedWith(inPart, /tempreature/).refused, /the part 'weights' has no key 'tempreature'/);
  const inStep = copy(worked);
  inStep.steps[1].tempreature = '0.5';
  assert.match(refusedWith(inStep, /tempreature/).refused, /the step 'read' \(softmax\) has no argument 'tempreature'/);
  // A premise false at seed 0 (the first key carries the most weight there).
  const premise = copy(worked);
  premise.premises = [{ step: 'heaviest', is: '3', says: 'Position 3 carries the largest weight' }];
  const falseAtZero = refusedWith(premise, /Seeds? 0\b.*Position 3 carries the largest weight/);
  assert.equal(falseAtZero.failures[0].seeds[0], 0);
  // A misspelt quantity, named when the file is read, not when a learner presses Check.
  const quantity = copy(worked);
  quantity.parts[1].step = 'read.weigths';
  assert.match(refusedWith(quantity, /weigths/).refused, /the part 'weights'.*no field 'weigths'/);
  const misspelt = await loadCompanion({ exercises: [quantity], core: 'exercises' });
  assert.throws(() => misspelt.exercise(quantity.id), /no field 'weigths'/);
  // A mask of 3 entries for 4 keys: every variant fails alike, refused at once from seeds 0 to 2.
  const mask = copy(examples.find((e) => e.id === 'teacher.masked-read'));
  mask.inputs.mask = '[1, 1, 0]';
  assert.match(refusedWith(mask, /seed 0 and the next 2 variants.*fail the same way.*read: the mask has 3 entries/).refused,
    /all fail the same way/);
  // A draw the core cannot read, and one of an input the file does not have.
  const draw = copy(worked);
  draw.draw[0] = { input: 'query', tenth: [-1, 1] };
  assert.match(refusedWith(draw, /tenth/).refused, /the draw of 'query' has no key 'tenth'/);
  const missing = copy(worked);
  missing.draw.push({ input: 'temperature', tenths: [1, 2] });
  assert.match(refusedWith(missing, /temperature/).refused, /there is no input 'temperature'/);
  // A test of the teacher's own that fails is a failing check.
  const failing = copy(worked);
  failing.tests.push({ part: 'context', answer: '[0, 0]', expect: 'correct' });
  refusedWith(failing, /your test.*'\[0, 0\]'.*expects correct but is incorrect/);
});

test('docs/authoring.md lists the operations the core has', () => {
  assert.equal(withTable(doc, operationsTable(companion.operations()), MARKERS), doc,
    'run node tools/operations-table.mjs');
});

test('docs/teachers.md\'s commands, as pasted: check-own-exercise passes a good file, package-own-exercise packs it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'own-exercise-'));
  try {
    copyFileSync(new URL('cost-count.json', examplesDir), join(dir, 'my-exercise.json'));
    const root = new URL('../../', import.meta.url).pathname;
    const run = (command) => execFileSync('bash', ['-c', command.replaceAll('tools/', `${root}tools/`)],
      { cwd: dir, encoding: 'utf8' });
    assert.match(run(snippet('check-own-exercise')), /1000 seeds, 0 to 999: every check passes/);
    run(`${snippet('package-own-exercise')} --out ${join(dir, 'zips')}`);
    assert.ok(readdirSync(join(dir, 'zips')).some((f) => f.endsWith('.zip')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
