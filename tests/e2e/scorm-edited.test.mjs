// Issue 48: an edited exercise never lowers a grade on its own. A teacher's own exercise
// (docs/examples/cost-count.json) is packaged with --exercise-file; a learner answers two of
// its four parts right (16384 bytes for the weights, at 4 bytes a number); the teacher edits
// one number of the file (bytes_per_number 4 -> 2: the weights now take 8192 bytes) and
// uploads the rebuilt package over the old one. The learner comes back from another browser
// and does nothing: every answer shows the verdict it was given, says that the exercise has
// changed since, and the LMS's score stays as it was; nothing is written back. The learner
// then checks one answer against the exercise as it is now: no attempt is used, the verdict
// is the new one, and the score follows. In the scorm-again LMS (scorm-lms.mjs) and in the
// Moodle-like one (scorm-moodle.mjs), SCORM 1.2 and 2004.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, newCheckedPage, repoRoot, screenshot } from './harness.mjs';
import { startHost } from './embed-helpers.mjs';
import { installPackage } from './scorm-lms.mjs';
import { startMoodle } from './scorm-moodle.mjs';
import { main as scormPackage } from '../../tools/scorm-package.mjs';
import { loadCompanion } from '../../web/companion.mjs';

const FILE = path.join(repoRoot, 'docs', 'examples', 'cost-count.json');
const ID = 'teacher.cost-count';
const v1 = JSON.parse(fs.readFileSync(FILE, 'utf8'));
const v2 = structuredClone(v1);
v2.inputs.bytes_per_number = '2';
const [before1, after2] = await Promise.all([v1, v2].map((doc) => loadCompanion({ core: 'exercises', exercises: [doc] })));
const version1 = before1.exercise(ID).version;
const version2 = after2.exercise(ID).version;
// What the learner types: the core's own values at the file as it was (nothing decided here).
const expected = (companion, part) => String(companion.grade(ID, part, '0').expected ?? '').split('≈')[0].trim();
const WEIGHTS = expected(before1, 'weights');
const BYTES = expected(before1, 'weight_bytes');

let browser;
let course;
let moodle;
let out;
const zips = {};

before(async () => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'scorm-edited-'));
  const edited = path.join(out, 'cost-count.json');
  fs.writeFileSync(edited, JSON.stringify(v2, null, 2));
  for (const [name, file] of [['v1', FILE], ['v2', edited]]) {
    const [twelve, twenty04] = scormPackage(['--exercise-file', file, '--title', 'Cost of a layer', '--out', path.join(out, name)]);
    zips[name] = { '1.2': twelve, 2004: twenty04 };
  }
  browser = await launchBrowser();
  course = await startHost();
  moodle = await startMoodle();
});

after(async () => {
  await browser?.close();
  await course?.stop();
  await moodle?.stop();
  fs.rmSync(out, { recursive: true, force: true });
});

test('the edit changes what the file asks: the version, and the bytes of the weights', () => {
  assert.notEqual(version1, version2);
  assert.equal(after2.grade(ID, 'weights', WEIGHTS).verdict, 'correct', 'the count stays right');
  assert.equal(before1.grade(ID, 'weight_bytes', BYTES).verdict, 'correct');
  assert.equal(after2.grade(ID, 'weight_bytes', BYTES).verdict, 'incorrect', 'the bytes given before are wrong now');
});

async function ready(checked) {
  await checked.page.waitForFunction(() => document.getElementById('sco')?.contentDocument
    ?.querySelector('attention-exercise')?.dataset.ready === 'true');
  const frame = checked.page.frameLocator('#sco');
  return { ...checked, frame, sco: frame.locator('attention-exercise') };
}

const partOf = (sco, name) => sco.locator(`article[data-exercise="${ID}"] section.part[data-part="${name}"]`);

// A check the learner makes (the field filled, Check pressed) -> the graded event's detail.
async function check({ sco }, name, text) {
  return sco.evaluate((node, [part, typed]) => new Promise((resolve) => {
    const section = node.shadowRoot.querySelector(`section.part[data-part="${part}"]`);
    const field = section.querySelector('.answer');
    field.value = typed;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    node.addEventListener('attention-graded', (event) => resolve(event.detail), { once: true });
    section.querySelector('button.check').click();
  }), [name, text]);
}

// The SCO's record of a part in the suspend data ([text, attempts, verdict, cut?, version?])
// and the version it was given against (its own, or the exercise's shared "h").
function suspendCell(suspend, part) {
  const [data] = JSON.parse(String(suspend).slice(1));
  const cell = data[ID]['0'][part];
  return { verdict: cell[2], version: cell[4] || data[ID].h };
}

// The first visit: two parts of four right against the file as it was.
async function firstVisit(visit) {
  assert.equal((await check(visit, 'weights', WEIGHTS)).verdict, 'correct');
  assert.equal((await check(visit, 'weight_bytes', BYTES)).verdict, 'correct');
}

// Back after the edit: each answer with the verdict it was given, saying the exercise changed.
async function assertKept(visit, screenshotName = null) {
  for (const [name, text] of [['weights', WEIGHTS], ['weight_bytes', BYTES]]) {
    const feedback = partOf(visit.sco, name).locator('.feedback');
    assert.equal(await partOf(visit.sco, name).locator('.answer').inputValue(), text);
    assert.equal(await feedback.getAttribute('data-verdict'), 'correct', `${name}: the verdict it was given`);
    assert.equal(await feedback.getAttribute('data-kept'), 'version', `${name}: not checked again`);
    assert.match(await feedback.textContent(),
      /This exercise has been changed since you checked this answer, so this is the verdict it was given then, and it still counts/);
  }
  assert.equal(await partOf(visit.sco, 'weight_bytes').locator('.attempts').textContent(), '1 attempt');
  assert.equal((await visit.sco.evaluate((node) => node.getState())).correct, 2, 'the element reports the verdicts as given');
  if (screenshotName) await screenshot(visit.page, screenshotName);
}

// The learner checks the bytes against the exercise as it is now: the new verdict, no attempt used.
async function checkAgain(visit) {
  const graded = visit.sco.evaluate((node) => new Promise((resolve) => {
    node.addEventListener('attention-graded', (event) => resolve(event.detail), { once: true });
  }));
  await partOf(visit.sco, 'weight_bytes').locator('button.check-again').click();
  const event = await graded;
  assert.deepEqual([event.part, event.verdict, event.attempts, event.version], ['weight_bytes', 'incorrect', 1, version2]);
  const feedback = partOf(visit.sco, 'weight_bytes').locator('.feedback');
  assert.equal(await feedback.getAttribute('data-verdict'), 'incorrect');
  assert.equal(await feedback.getAttribute('data-kept'), null);
  assert.equal(await partOf(visit.sco, 'weight_bytes').locator('.attempts').textContent(), '1 attempt', 'no attempt used');
  assert.equal(await partOf(visit.sco, 'weights').locator('.feedback').getAttribute('data-kept'), 'version', 'the other part as it was');
}

// What the LMS holds after the check again: the lower score, the new verdict under the new version.
function assertFollowed({ raw, suspend }) {
  assert.equal(raw, '25', 'the score follows the learner\'s check');
  assert.deepEqual(suspendCell(suspend, 'weight_bytes'), { verdict: 'i', version: version2 });
  assert.deepEqual(suspendCell(suspend, 'weights'), { verdict: 'c', version: version1 }, 'the other answer as it was given');
}

for (const version of ['1.2', '2004']) {
  const tag = version === '2004' ? '2004' : '12';

  test(`scorm-again, SCORM ${version}: the rebuilt package keeps each verdict and the score until the learner checks again`, async () => {
    // This LMS keeps its record in its page's storage: the learner stays in one browser, and the
    // SCO's own copy there is removed before coming back, as in another browser.
    const key = version === '2004' ? 'lms-cmi-2004' : 'lms-cmi-12';
    const checked = await newCheckedPage(browser);
    const { page } = checked;
    const held = () => page.evaluate((name) => {
      const saved = JSON.parse(localStorage.getItem(name) ?? 'null');
      return { raw: saved?.core?.score?.raw ?? saved?.score?.raw, suspend: saved?.suspend_data };
    }, key);
    const savedAs = (raw) => page.waitForFunction(([name, want]) => {
      const saved = JSON.parse(localStorage.getItem(name) ?? 'null');
      return (saved?.core?.score?.raw ?? saved?.score?.raw) === want;
    }, [key, raw]);
    installPackage(course, `again-v1-${tag}`, zips.v1[version], version);
    await page.goto(`${course.url}again-v1-${tag}/lms.html?learner=ana`);
    await firstVisit(await ready(checked));
    await savedAs('50');
    assert.equal(suspendCell((await held()).suspend, 'weight_bytes').verdict, 'c');

    installPackage(course, `again-v2-${tag}`, zips.v2[version], version);
    await page.evaluate(() => {
      for (const name of Object.keys(localStorage)) if (name.startsWith('attention-companion:sco:')) localStorage.removeItem(name);
    });
    await page.goto(`${course.url}again-v2-${tag}/lms.html?learner=ana`);
    const back = await ready(checked);
    await assertKept(back);
    const kept = await held();
    assert.equal(kept.raw, '50', 'the score stays');
    assert.deepEqual(suspendCell(kept.suspend, 'weight_bytes'), { verdict: 'c', version: version1 }, 'nothing written back');

    await checkAgain(back);
    await savedAs('25');
    assertFollowed(await held());
    assert.deepEqual(checked.problems(), []);
    await checked.context.close();
  });

  test(`Moodle-like LMS, SCORM ${version}: the package updated from the edited file keeps each verdict and the score until the learner checks again`, async () => {
    const folder = `moodle-${tag}`;
    const open = async () => {
      const checked = await newCheckedPage(browser, { allow: [/sendBeacon/] });
      await checked.page.goto(`${moodle.url}${folder}/player.html?learner=ben`);
      return ready(checked);
    };
    const leave = async ({ page, context }) => {
      await page.locator('#exit').click();
      await page.waitForURL(/course\.html$/);
      await context.close();
    };
    const tracks = () => {
      const stored = moodle.tracks(folder, 'ben');
      return { raw: stored[version === '2004' ? 'cmi.score.raw' : 'cmi.core.score.raw'], suspend: stored['cmi.suspend_data'] };
    };
    moodle.install(folder, zips.v1[version], version);
    const first = await open();
    await firstVisit(first);
    assert.deepEqual(first.problems(), []);
    await leave(first);
    assert.equal(tracks().raw, '50');

    // The teacher uploads the rebuilt package over the old one; the learner, from another browser.
    assert.deepEqual(moodle.install(folder, zips.v2[version], version), { kept: 1, deleted: 0 });
    const back = await open();
    await assertKept(back, version === '1.2' ? 'scorm-edited-kept' : null);
    assert.equal(tracks().raw, '50', 'the score stays');
    assert.deepEqual(suspendCell(tracks().suspend, 'weight_bytes'), { verdict: 'c', version: version1 }, 'nothing written back');

    await checkAgain(back);
    assert.deepEqual(back.problems(), []);
    await leave(back);
    assertFollowed(tracks());
  });
}
