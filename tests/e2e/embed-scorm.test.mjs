// The SCORM 1.2 and SCORM 2004 packages in Chromium against scorm-again (npm) playing the
// LMS (its Scorm12API and Scorm2004API): a test LMS page keeps the learner's CMI record in
// its own storage between visits (as an LMS keeps it in its database), frames the
// package's launch page, and the test answers, reloads, and checks the score, the status,
// the suspend data and that resume restores the answers. (The SCO's logic in Node:
// tests/js/scorm-session.test.mjs; a Moodle-like LMS: scorm-moodle.test.mjs.)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launchBrowser, newCheckedPage, repoRoot, screenshot } from './harness.mjs';
import { scormDir, startHost, partIn, answerChoice, answerLetter, letterOf } from './embed-helpers.mjs';
import { installPackage } from './scorm-lms.mjs';
import { loadCompanion } from '../../web/companion.mjs';

const companion = loadCompanion({ core: 'exercises' });

const PACKAGE = path.join(scormDir, 'attention-companion-ch14-scorm12.zip');
const PACKAGE_2004 = path.join(scormDir, 'attention-companion-ch14-scorm2004.zip');
const PACKAGE_CH19 = path.join(scormDir, 'attention-companion-ch19-scorm12.zip');
let lms;
let browser;

before(async () => {
  lms = await startHost();
  for (const [folder, zip, version] of [['scorm12', PACKAGE, '1.2'], ['scorm2004', PACKAGE_2004, '2004'],
    ['scorm12-ch19', PACKAGE_CH19, '1.2']]) installPackage(lms, folder, zip, version);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await lms?.stop();
});

// What a chapter's package holds: the SCO (its page, script and stylesheet), what sco.js
// fetches from beside itself (the chapter's core, its exercises' files, KaTeX) and the fallback
// it loads where it cannot fetch (attention-exercise-core.js: web/embed/core-beside.mjs), and the
// whole core, which a learner's worked solution is computed by (companion.solutions).
const chapterFiles = async (chapter) => ['attention-exercise-core.js', `companion-ch${chapter}.js`, `companion-ch${chapter}.wasm`,
  'companion.js', 'companion.wasm',
  ...(await companion).exercises().filter((entry) => entry.chapter === chapter).map((entry) => `exercises/${entry.id}.json`),
  'imsmanifest.xml', 'index.html', 'katex.min.js', 'sco.js', 'style.css'].sort();

test('the SCORM 1.2 package has a SCORM 1.2 manifest that launches index.html', async () => {
  const list = execFileSync('unzip', ['-Z1', PACKAGE], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
  assert.deepEqual(list, await chapterFiles(14));
  assert.deepEqual(execFileSync('unzip', ['-Z1', PACKAGE_CH19], { encoding: 'utf8' }).split('\n').filter(Boolean).sort(), await chapterFiles(19));
  const manifest = execFileSync('unzip', ['-p', PACKAGE, 'imsmanifest.xml'], { encoding: 'utf8' });
  assert.match(manifest, /<schemaversion>1\.2<\/schemaversion>/);
  assert.match(manifest, /adlcp:scormtype="sco" href="index.html"/);
});

test('the SCORM 2004 package has a 2004 4th edition manifest and the same sco.js', async () => {
  const list = execFileSync('unzip', ['-Z1', PACKAGE_2004], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
  assert.deepEqual(list, await chapterFiles(14));
  const manifest = execFileSync('unzip', ['-p', PACKAGE_2004, 'imsmanifest.xml'], { encoding: 'utf8' });
  assert.match(manifest, /<schemaversion>2004 4th Edition<\/schemaversion>/);
  assert.match(manifest, /xmlns:adlcp="http:\/\/www\.adlnet\.org\/xsd\/adlcp_v1p3"/);
  assert.match(manifest, /adlcp:scormType="sco" href="index.html"/);
  assert.match(execFileSync('unzip', ['-p', PACKAGE_2004, 'index.html'], { encoding: 'utf8' }), /data-scorm="2004"/);
  const crc = (zip) => execFileSync('unzip', ['-v', zip, 'sco.js'], { encoding: 'utf8' }).match(/\b([0-9a-f]{8})\s+sco\.js/)[1];
  assert.equal(crc(PACKAGE_2004), crc(PACKAGE), 'one runtime (sco.js) for both versions');
});

async function roundTrip(version, folder) {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${lms.url}${folder}/lms.html`);
  const sco = page.frameLocator('#sco');
  const element = sco.locator('attention-exercise');
  await page.waitForFunction(() => document.getElementById('sco').contentDocument
    ?.querySelector('attention-exercise')?.dataset.ready === 'true');
  assert.equal((await page.evaluate(() => window.record())).status, 'incomplete');
  const total = await element.locator('section.part').count();
  assert.ok(total > 10, `the chapter has ${total} parts`);

  // Example 14.1's weights, first divided by the count (a named mistake), then the
  // chapter's own numbers: [1/2, 1/4, 1/4].
  const weights = element.locator('article[data-exercise="ch14.example1"] section.part[data-part="weights"]');
  await weights.locator('input.answer').fill('[2/3, 1/3, 1/3]');
  await weights.locator('input.answer').press('Enter');
  await weights.locator('.feedback[data-misconception="divided-by-count"]').waitFor();
  await weights.locator('input.answer').fill('[1/2, 1/4, 1/4]');
  await weights.locator('input.answer').press('Enter');
  await weights.locator('.feedback[data-verdict="correct"]').waitFor();
  const probe = element.locator('article[data-exercise="ch14.example1"] section.part[data-part="scores"]');
  await probe.locator('input.answer').fill('<img src=x onerror=alert(1)>');
  await probe.locator('input.answer').press('Enter');
  await probe.locator('.feedback[data-verdict="invalid"]').waitFor();
  await page.waitForFunction(() => window.commits >= 2);
  const cmi = await page.evaluate(() => window.record());
  const raw = Math.round(100 / total);
  assert.equal(cmi.status, 'incomplete');
  assert.equal(cmi.raw, String(raw));
  assert.equal(cmi.min, '0');
  assert.equal(cmi.max, '100');
  if (version === '2004') {
    assert.equal(cmi.success, 'unknown');
    assert.equal(Number(cmi.scaled), raw / 100);
  }
  assert.ok(cmi.suspend.startsWith('2[{"ch14.example1":') && cmi.suspend.length <= 4096, cmi.suspend);
  // What the teacher's reports read: in 1.2 one interaction per check, in order; in 2004
  // one per part, kept up to date (its last answer); and one objective per exercise begun.
  // Each 1.2 id ends in the exercise's version (.h + its content hash, as the core gives it).
  const interactions = await page.evaluate(() => window.interactions());
  const { version: hash } = (await companion).exercise('ch14.example1');
  if (version === '2004') {
    // (In 2004 one interaction a part, kept up to date: the version is in its description.)
    assert.deepEqual(interactions.map((item) => [item.id, item.learner_response, item.result, item.description]), [
      ['ch14.example1.weights', '[1/2, 1/4, 1/4]', 'correct', `version: ${hash}`],
      ['ch14.example1.scores', '<img src=x onerror=alert(1)>', 'neutral', `version: ${hash}`],
    ]);
  } else {
    assert.deepEqual(interactions.map((item) => [item.id, item.student_response, item.result, item.objectives[0].id]), [
      [`ch14.example1.weights.h${hash}`, '[2/3, 1/3, 1/3]', 'wrong', 'ch14.example1'],
      [`ch14.example1.weights.h${hash}`, '[1/2, 1/4, 1/4]', 'correct', 'ch14.example1'],
      [`ch14.example1.scores.h${hash}`, '<img src=x onerror=alert(1)>', 'neutral', 'ch14.example1'],
    ]);
  }
  for (const item of interactions) assert.match(item.latency, version === '2004' ? /^PT\d+\.\d\dS$/ : /^\d{2,4}:\d\d:\d\d(\.\d{1,2})?$/);
  const objectives = await page.evaluate(() => window.objectives());
  const chapter = JSON.parse(fs.readFileSync(path.join(repoRoot, 'build', 'site', 'exercises.json'), 'utf8')).filter((doc) => doc.chapter === 14);
  assert.deepEqual(objectives.map((item) => item.id), ['ch14.example1']);
  const example1 = objectives.find((item) => item.id === 'ch14.example1');
  const share = Math.round(100 / chapter[0].parts.length);
  if (version === '2004') assert.equal(Number(example1.score.scaled), share / 100);
  else assert.equal(example1.score.raw, String(share));
  assert.ok(cmi.suspend.includes('[1/2, 1/4, 1/4]'), 'the raw answer is in the suspend data');
  await screenshot(page, version === '2004' ? 'embed-scorm2004' : 'embed-scorm');

  // Leave (the SCO finishes: the LMS may now override the status) and come back: the LMS
  // hands the record back and the answers are restored. Left part way, at a score far
  // under 100, the learner is still incomplete after the finish, not failed.
  await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
  await page.waitForFunction(() => window.finished === true);
  assert.equal((await page.evaluate(() => window.record())).status, 'incomplete');
  await page.reload();
  await page.waitForFunction(() => document.getElementById('sco').contentDocument
    ?.querySelector('attention-exercise')?.dataset.ready === 'true');
  assert.equal(await weights.locator('input.answer').inputValue(), '[1/2, 1/4, 1/4]');
  await weights.locator('.feedback[data-verdict="correct"] .restored').waitFor();
  assert.equal(await probe.locator('input.answer').inputValue(), '<img src=x onerror=alert(1)>');
  const back = await page.evaluate(() => window.record());
  assert.equal(back.raw, String(raw));
  assert.equal(back.status, 'incomplete');
  assert.equal(await weights.locator('.attempts').textContent(), '2 attempts');
  assert.deepEqual(problems(), []);
  await context.close();
}

test('SCORM 1.2 round trip through scorm-again: score, completion, suspend data and resume', () => roundTrip('1.2', 'scorm12'));

test('SCORM 2004 round trip through scorm-again: score, completion and success, suspend data and resume',
  () => roundTrip('2004', 'scorm2004'));

// Chapter 19's package: a choice part (a radio group) and the roles exercise's letter
// picker are recorded as typed answers are: in the suspend data, the score and on resume.
test('SCORM: a choice part and a letters part are graded, reported and restored like typed answers', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${lms.url}scorm12-ch19/lms.html`);
  const sco = page.frameLocator('#sco');
  const element = sco.locator('attention-exercise');
  const ready = () => page.waitForFunction(() => document.getElementById('sco').contentDocument
    ?.querySelector('attention-exercise')?.dataset.ready === 'true');
  await ready();
  const total = await element.locator('section.part').count();
  assert.ok(total > 40, `the chapter has ${total} parts`);
  assert.equal(await partIn(element, 'ch19.ex14', 'softmax_axis').locator('input[type="radio"]').count(), 3);
  assert.equal(await answerChoice(element, 'ch19.ex14', 'softmax_axis', 'source'), 'correct');
  const query = await letterOf(element, 'ch19.ex1', '[0.800, -0.300, 0.500]');
  assert.equal(await answerLetter(element, 'ch19.ex1', 'query', query), 'correct');
  assert.equal(await answerLetter(element, 'ch19.ex1', 'keys', query), 'incorrect');
  const raw = String(Math.round((100 * 2) / total));
  await page.waitForFunction((expected) => window.record().raw === expected && window.record().suspend.includes('"keys"'), raw);
  const cmi = await page.evaluate(() => window.record());
  assert.equal(cmi.status, 'incomplete');
  assert.ok(cmi.suspend.includes('"softmax_axis":["source",1,"c"]'), cmi.suspend);
  assert.ok(cmi.suspend.includes(`"query":["${query}",1,"c"]`), cmi.suspend);
  assert.ok(cmi.suspend.includes(`"keys":["${query}",1,"i"]`), cmi.suspend);
  // (The exercise's version, which its answers were given against, is kept once for them all.)
  const { version: hash } = (await companion).exercise('ch19.ex14');
  assert.ok(cmi.suspend.includes(`"h":"${hash}"`), cmi.suspend);
  await screenshot(page, 'embed-scorm-choice-letters');

  await page.reload();
  await ready();
  const axis = partIn(element, 'ch19.ex14', 'softmax_axis');
  assert.ok(await axis.locator('input[value="source"]').isChecked(), 'the choice is restored');
  await axis.locator('.feedback[data-verdict="correct"] .restored').waitFor();
  assert.equal(await axis.locator('.attempts').textContent(), '1 attempt');
  const letters = partIn(element, 'ch19.ex1', 'query');
  assert.equal(await letters.locator('select.answer-letter').inputValue(), query, 'the letter is restored');
  await letters.locator('.feedback[data-verdict="correct"] .restored').waitFor();
  await partIn(element, 'ch19.ex1', 'keys').locator('.feedback[data-verdict="incorrect"] .restored').waitFor();
  assert.equal((await page.evaluate(() => window.record())).raw, raw);
  assert.deepEqual(problems(), []);
  await context.close();
});
