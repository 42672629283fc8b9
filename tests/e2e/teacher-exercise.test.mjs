// A teacher's own exercise file (issue 40) used without a rebuild: on the site
// (exercise.html?src=…), in the iframe (embed.html?src=…), in the web component on another
// origin (<attention-exercise src="…">, the file beside the course page) and in a SCORM
// package (tools/scorm-package.mjs --exercise-file), graded by the core; a file the core
// refuses shows the refusal, a file with the id of one of the site's exercises is refused before
// any saved answer is read, and a file whose check fails is not packaged. Each answer keeps
// the version of the exercise it was given against (the store, the graded event, the SCORM
// interaction), so when the file is edited between two answers, both are kept and the class
// report, given the learner's progress file and the exercise file, shows the two versions.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launchBrowser, newCheckedPage, part, repoRoot, startServer, waitReady } from './harness.mjs';
import { hostPage, localise, startHost } from './embed-helpers.mjs';
import { snippet } from './embed-snippets.mjs';
import { installPackage } from './scorm-lms.mjs';
import { main as scormPackage } from '../../tools/scorm-package.mjs';
import { loadCompanion } from '../../web/companion.mjs';

const FILE = path.join(repoRoot, 'docs', 'examples', 'cost-count.json');
const v1 = JSON.parse(fs.readFileSync(FILE, 'utf8'));
// The file edited: a hint reworded (the answers stay the same).
const v2 = structuredClone(v1);
v2.parts[2].hint = 'Each weight takes {{bytes_per_number}} bytes: multiply.';
const versionOf = async (doc) => (await loadCompanion({ core: 'exercises', exercises: [doc] })).exercise(doc.id).version;
let version1;
let version2;
let site;
let course;
let browser;
let out;

before(async () => {
  [version1, version2] = [await versionOf(v1), await versionOf(v2)];
  site = await startServer();
  course = await startHost();
  browser = await launchBrowser();
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'teacher-exercise-'));
});

after(async () => {
  await browser?.close();
  await site?.stop();
  await course?.stop();
  fs.rmSync(out, { recursive: true, force: true });
});

// A page on which the site serves `serve()` at teacher/cost-count.json (the teacher's file,
// hosted beside the companion).
async function withTeacherFile(serve) {
  const checked = await newCheckedPage(browser);
  await checked.page.route(`${site.url}teacher/*.json`, (route) => route.fulfill({ contentType: 'application/json',
    body: JSON.stringify(serve(new URL(route.request().url()).pathname)) }));
  return checked;
}

async function grade(root, name, text) {
  const { input, feedback } = part(root, name);
  await input.fill(text);
  await input.press('Enter');
  await feedback.locator('.verdict').waitFor();
  return feedback.getAttribute('data-verdict');
}

const storedParts = (page) => page.evaluate(() => {
  const state = JSON.parse(localStorage.getItem('attention-companion:v2'));
  return state.exercises['teacher.cost-count'].seeds['0'].parts;
});

test('the site: exercise.html?src=; the file edited between two answers; the class report shows both versions', async () => {
  assert.notEqual(version1, version2);
  let served = v1;
  const { page, problems } = await withTeacherFile(() => served);
  await page.goto(`${site.url}exercise.html?src=teacher/cost-count.json`);
  await waitReady(page);
  assert.equal(await page.locator('h1').textContent(), v1.title);
  assert.equal(await page.locator('.exercise-pager').count(), 0, 'no place in the chapters');
  assert.equal(await grade(page, 'weights', '4096'), 'correct');
  assert.equal(await grade(page, 'weight_bytes', '4096'), 'incorrect');
  assert.ok(await part(page, 'weight_bytes').feedback.getAttribute('data-misconception'), 'a named mistake');
  assert.equal((await storedParts(page)).weights.version, version1);

  // The teacher edits the file; the learner comes back: the earlier answer is kept with the
  // verdict it was given (not checked again, and said so), the next one carries the new version.
  served = v2;
  await page.reload();
  await waitReady(page);
  assert.equal(await part(page, 'weights').input.inputValue(), '4096');
  assert.deepEqual(await part(page, 'weights').feedback.evaluate((node) => [node.dataset.verdict, node.dataset.kept]),
    ['correct', 'version']);
  assert.deepEqual(await part(page, 'weight_bytes').feedback.evaluate((node) => [node.dataset.verdict, node.dataset.kept]),
    ['incorrect', 'version']);
  assert.equal(await grade(page, 'weight_bytes', '16384'), 'correct');
  const parts = await storedParts(page);
  assert.equal(parts.weights.version, version1);
  assert.equal(parts.weight_bytes.version, version2);
  assert.deepEqual(parts.weight_bytes.tries.map((t) => t.version), [version1, version2]);

  // The class report, given the learner's progress file and the exercise file as it is now.
  const storage = await page.evaluate(() => JSON.parse(localStorage.getItem('attention-companion:v2')));
  const progress = { format: 'attention-companion-progress', version: 1, exportedAt: new Date().toISOString(), storage };
  await page.goto(`${site.url}report.html`);
  await waitReady(page);
  await page.locator('#report-files').setInputFiles([
    { name: 'ana.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(progress)) },
    { name: 'cost-count.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(v2)) }]);
  await page.waitForSelector('#report[data-state="ready"]');
  assert.match(await page.locator('.report-file-ok[data-file="cost-count.json"]').textContent(), /your exercise/);
  const learner = page.locator('details.report-learner').first();
  await learner.evaluate((details) => { details.open = true; });
  const rows = learner.locator('tr[data-exercise="teacher.cost-count"]');
  await rows.first().waitFor();
  // The answer given against the file before the edit says so; the one after, only its version.
  const versionCell = (name) => learner.locator(`tr[data-exercise="teacher.cost-count"][data-part="${name}"] td.report-version`);
  assert.equal(await versionCell('weights').getAttribute('data-version'), version1);
  assert.equal(await versionCell('weights').textContent(), `${version1} (an earlier version; now ${version2})`);
  assert.equal(await versionCell('weight_bytes').textContent(), version2);
  assert.deepEqual(problems(), []);
});

test('a file that calls itself ch14.ex1 is refused by exercise.html?src= and embed.html?src=; Exercise 14.1\'s saved answer stays', async () => {
  const { page, problems } = await withTeacherFile(() => ({ ...v1, id: 'ch14.ex1' }));
  await page.goto(`${site.url}index.html`);
  const saved = JSON.stringify({ version: 2, exercises: { 'ch14.ex1': { seeds: { 0: { parts: {
    scores: { text: '[a, a, 0]', verdict: 'incorrect', attempts: 2 } } } } } } });
  await page.evaluate((text) => localStorage.setItem('attention-companion:v2', text), saved);
  for (const address of ['exercise.html?src=teacher/clash.json', 'embed.html?src=teacher/clash.json']) {
    await page.goto(`${site.url}${address}`);
    await waitReady(page);
    assert.match(await page.locator('.status-error').textContent(),
      /is refused: its id "ch14\.ex1" is one of the companion’s own exercises’/, address);
    assert.equal(await page.locator('.part').count(), 0, address);
    assert.equal(await page.evaluate(() => localStorage.getItem('attention-companion:v2')), saved, address);
  }
  assert.deepEqual(problems(), []);
});

test('the iframe: embed.html?src= grades the file; a file the core refuses shows the refusal', async () => {
  const misspelt = structuredClone(v1);
  misspelt.parts[1].tempreature = '0.5';
  const { page, problems } = await withTeacherFile((pathname) => (pathname.endsWith('misspelt.json') ? misspelt : v1));
  course.write('iframe.html', hostPage(`<iframe title="My exercise" style="width:100%;height:40rem"
    src="${site.url}embed.html?src=teacher/cost-count.json&origin=${course.origin}"></iframe>`));
  await page.goto(`${course.url}iframe.html`);
  const frame = page.frameLocator('iframe');
  await frame.locator('body[data-ready="true"]').waitFor();
  assert.equal(await frame.locator('h1').textContent(), v1.title);
  assert.equal(await grade(frame, 'weights', '2*4*16*32'), 'correct');

  await page.goto(`${site.url}embed.html?src=teacher/misspelt.json`);
  await waitReady(page);
  assert.match(await page.locator('.status-error').textContent(), /could not be opened: .*tempreature/);
  await page.goto(`${site.url}embed.html?src=teacher/nowhere.json`.replace('teacher/', 'elsewhere/'));
  await waitReady(page);
  assert.match(await page.locator('#status').textContent(), /could not be fetched \(HTTP 404\)/);
  assert.deepEqual(problems().filter((p) => !/404/.test(p)), []);
});

test('docs/teachers.md\'s host-own-exercise snippet, as pasted: the link, the iframe and the component each grade the file', async () => {
  const { page, problems } = await newCheckedPage(browser);
  // The teacher's file at my/my-exercise.json beside the companion, as the guide says.
  await page.route(`${site.url}my/my-exercise.json`, (route) => route.fulfill({ contentType: 'application/json',
    body: JSON.stringify(v1), headers: { 'Access-Control-Allow-Origin': '*' } }));
  const html = localise(snippet('host-own-exercise'), { companion: site.url, course: course.url });
  course.write('own.html', hostPage(html, `<script src="${site.url}attention-exercise.js"></script>`));
  await page.goto(`${course.url}own.html`);
  const frame = page.frameLocator('iframe');
  await frame.locator('body[data-ready="true"]').waitFor();
  assert.equal(await grade(frame, 'weights', '2*4*16*32'), 'correct');
  const component = page.locator('attention-exercise');
  await component.locator('[data-ready="true"], .part').first().waitFor();
  assert.equal(await grade(component, 'weights', '2*4*16*32'), 'correct');
  await page.locator('a', { hasText: 'My exercise' }).click();
  await waitReady(page);
  assert.equal(await page.locator('h1').textContent(), v1.title);
  assert.equal(await grade(page, 'weights', '4096'), 'correct');
  assert.deepEqual(problems(), []);
});

test('the web component on another origin: src= beside the course page; the graded event carries the version', async () => {
  fs.mkdirSync(path.join(course.dir, 'teacher'), { recursive: true });
  course.write('teacher/cost-count.json', JSON.stringify(v1));
  course.write('component-src.html', hostPage(`<script src="${site.url}attention-exercise.js"></script>
<attention-exercise src="teacher/cost-count.json"></attention-exercise>
<script src="events.js"></script>`));
  course.write('events.js', `window.graded = [];
document.addEventListener('attention-graded', (event) => window.graded.push(event.detail));`);
  const { page, problems } = await newCheckedPage(browser);
  await page.goto(`${course.url}component-src.html`);
  await page.waitForFunction(() => document.querySelector('attention-exercise')?.dataset.ready === 'true');
  const element = page.locator('attention-exercise');
  assert.equal(await grade(element, 'weights', '4096'), 'correct');
  const [event] = await page.evaluate(() => window.graded);
  assert.equal(event.exercise, 'teacher.cost-count');
  assert.equal(event.version, version1);
  // The teacher edits the file: the learner's answer is kept, the next one has the new version.
  course.write('teacher/cost-count.json', JSON.stringify(v2));
  await page.reload();
  await page.waitForFunction(() => document.querySelector('attention-exercise')?.dataset.ready === 'true');
  assert.equal(await part(element, 'weights').input.inputValue(), '4096');
  assert.equal(await grade(element, 'weight_bytes', '16384'), 'correct');
  const [after] = await page.evaluate(() => window.graded);
  assert.equal(after.version, version2);
  assert.deepEqual(problems(), []);
});

test('SCORM: --exercise-file packages the file, graded in the LMS with its version; a failing file is refused', async () => {
  const [zip] = scormPackage(['--exercise-file', FILE, '--title', 'My own exercise', '--version', '1.2', '--out', out]);
  const list = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
  // (A teacher's exercise is graded on the exercise core, which holds every operation; the whole
  // core computes a worked solution when a learner reaches for one.)
  assert.deepEqual(list, ['attention-exercise-core.js', 'companion-exercises.js', 'companion-exercises.wasm',
    'companion.js', 'companion.wasm', 'imsmanifest.xml',
    'index.html', 'katex.min.js', 'sco.js', 'style.css', 'teacher-exercises.js']);
  const manifest = execFileSync('unzip', ['-p', zip, 'imsmanifest.xml'], { encoding: 'utf8' });
  assert.match(manifest, /<manifest identifier="attention-companion"/);
  assert.match(manifest, /<file href="teacher-exercises.js"\/>/);
  // The package's key does not change when the file is edited (the learners' work is kept).
  const edited = path.join(out, 'cost-count.json');
  fs.writeFileSync(edited, JSON.stringify(v2));
  const [again] = scormPackage(['--exercise-file', edited, '--title', 'Renamed', '--version', '1.2', '--out', path.join(out, 'again')]);
  const key = (file) => execFileSync('unzip', ['-p', file, 'index.html'], { encoding: 'utf8' }).match(/data-package="([^"]+)"/)[1];
  assert.equal(key(again), key(zip));
  // With a chapter's exercises: the teacher's after them.
  const [withChapter] = scormPackage(['--chapter', '14', '--exercise-file', FILE, '--title', 'Chapter 14 and mine', '--version', '2004',
    '--out', path.join(out, 'chapter')]);
  const launch = execFileSync('unzip', ['-p', withChapter, 'index.html'], { encoding: 'utf8' });
  assert.match(launch, /data-exercises="ch14\.example1,[^"]*,teacher\.cost-count"/);
  assert.match(launch, /<script src="teacher-exercises\.js"><\/script>\n<script src="sco\.js"><\/script>/);

  installPackage(course, 'own12', zip, '1.2');
  const { page, problems } = await newCheckedPage(browser);
  await page.goto(`${course.url}own12/lms.html`);
  await page.waitForFunction(() => document.getElementById('sco').contentDocument
    ?.querySelector('attention-exercise')?.dataset.ready === 'true');
  const element = page.frameLocator('#sco').locator('attention-exercise');
  assert.equal(await grade(element, 'weights', '4096'), 'correct');
  await page.waitForFunction(() => window.interactions().length > 0);
  const [interaction] = await page.evaluate(() => window.interactions());
  assert.match(interaction.id, /^teacher\.cost-count\.weights/);
  assert.ok(interaction.id.includes(version1), `the interaction ${interaction.id} names the version ${version1}`);
  assert.equal(interaction.result, 'correct');
  // The package rebuilt from the edited file, in the same LMS (its record kept): the answer
  // comes back, and the next one is sent with the new version.
  installPackage(course, 'own12-edited', again, '1.2');
  await page.goto(`${course.url}own12-edited/lms.html`);
  await page.waitForFunction(() => document.getElementById('sco').contentDocument
    ?.querySelector('attention-exercise')?.dataset.ready === 'true');
  assert.equal(await part(element, 'weights').input.inputValue(), '4096');
  assert.equal(await grade(element, 'weight_bytes', '16384'), 'correct');
  await page.waitForFunction(() => window.interactions().length > 0);
  const [next] = await page.evaluate(() => window.interactions());
  assert.match(next.id, /^teacher\.cost-count\.weight_bytes/);
  assert.ok(next.id.includes(version2), `the interaction ${next.id} names the version ${version2}`);
  assert.deepEqual(problems(), []);

  // A file whose own test fails is refused, with the check's words.
  const failing = path.join(out, 'failing.json');
  fs.writeFileSync(failing, JSON.stringify({ ...v1, tests: [{ part: 'weights', answer: '4097', expect: 'correct', seeds: [0] }] }));
  assert.throws(() => scormPackage(['--exercise-file', failing, '--title', 'Failing', '--out', out]),
    /does not pass the check over 1,000 seeds[\s\S]*answer "4097", expects correct: failed on 1 of 1 seed/);
  // And one that has a shipped exercise's id.
  const clash = path.join(out, 'clash.json');
  fs.writeFileSync(clash, JSON.stringify({ ...v1, id: 'ch14.ex1' }));
  assert.throws(() => scormPackage(['--exercise-file', clash, '--title', 'Clash', '--out', out]), /"ch14\.ex1", which is the companion's own/);
});
