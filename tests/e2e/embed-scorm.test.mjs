// The SCORM 1.2 and SCORM 2004 packages in Chromium against scorm-again (npm) playing the
// LMS (its Scorm12API and Scorm2004API): a test LMS page keeps the learner's CMI record in
// its own storage between visits (as an LMS keeps it in its database), frames the
// package's launch page, and the test answers, reloads, and checks the score, the status,
// the suspend data and that resume restores the answers.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launchBrowser, newCheckedPage, repoRoot, screenshot } from './harness.mjs';
import { scormDir, startHost, partIn, answerChoice, answerLetter, letterOf } from './embed-helpers.mjs';
import { installPackage } from './scorm-lms.mjs';

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

test('the SCORM 1.2 package has a SCORM 1.2 manifest that launches index.html', () => {
  const list = execFileSync('unzip', ['-Z1', PACKAGE], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
  assert.deepEqual(list, ['imsmanifest.xml', 'index.html', 'sco.js', 'style.css']);
  const manifest = execFileSync('unzip', ['-p', PACKAGE, 'imsmanifest.xml'], { encoding: 'utf8' });
  assert.match(manifest, /<schemaversion>1\.2<\/schemaversion>/);
  assert.match(manifest, /adlcp:scormtype="sco" href="index.html"/);
});

test('the SCORM 2004 package has a 2004 4th edition manifest and the same sco.js', () => {
  const list = execFileSync('unzip', ['-Z1', PACKAGE_2004], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
  assert.deepEqual(list, ['imsmanifest.xml', 'index.html', 'sco.js', 'style.css']);
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
    ?.querySelector('attention-exercise')?.dataset.ready === 'true', null, { timeout: 20_000 });
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
  assert.ok(cmi.suspend.startsWith('1[') && cmi.suspend.length <= 4096, cmi.suspend);
  // What the teacher's reports read: one interaction per check, in order, and one
  // objective per exercise of the chapter.
  const interactions = await page.evaluate(() => window.interactions());
  const response = version === '2004' ? 'learner_response' : 'student_response';
  assert.deepEqual(interactions.map((item) => [item.id, item[response], item.result, item.objectives[0].id]), [
    ['ch14.example1.weights', '[2/3, 1/3, 1/3]', version === '2004' ? 'incorrect' : 'wrong', 'ch14.example1'],
    ['ch14.example1.weights', '[1/2, 1/4, 1/4]', 'correct', 'ch14.example1'],
    ['ch14.example1.scores', '<img src=x onerror=alert(1)>', 'neutral', 'ch14.example1'],
  ]);
  if (version === '2004') assert.match(interactions[0].description, /^divided-by-count: .*number of positions/);
  else assert.equal(interactions[0].objectives[1].id, 'mistake.divided-by-count');
  for (const item of interactions) assert.match(item.latency, version === '2004' ? /^PT\d+\.\d\dS$/ : /^\d{2,4}:\d\d:\d\d(\.\d{1,2})?$/);
  const objectives = await page.evaluate(() => window.objectives());
  const chapter = JSON.parse(fs.readFileSync(path.join(repoRoot, 'build', 'site', 'exercises.json'), 'utf8')).filter((doc) => doc.chapter === 14);
  assert.deepEqual(objectives.map((item) => item.id), chapter.map((doc) => doc.id));
  const example1 = objectives.find((item) => item.id === 'ch14.example1');
  assert.equal(example1.score.raw, String(Math.round(100 / chapter[0].parts.length)));
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
    ?.querySelector('attention-exercise')?.dataset.ready === 'true', null, { timeout: 20_000 });
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
    ?.querySelector('attention-exercise')?.dataset.ready === 'true', null, { timeout: 30_000 });
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

test('suspend data stays within 4096 characters however long the answers', async () => {
  const { encodeSuspend, decodeSuspend } = await import('../../web/embed/suspend-data.mjs');
  const ids = Array.from({ length: 30 }, (_, i) => `ch19.ex${i}`);
  const state = { version: 2, exercises: {} };
  for (const id of ids) {
    const parts = {};
    for (let p = 0; p < 6; p += 1) {
      parts[`part${p}`] = { text: `[${'0.123456, '.repeat(30)}1]`, verdict: p === 0 ? 'correct' : 'incorrect', attempts: 3 };
    }
    state.exercises[id] = { seeds: { 0: { parts }, 42: { parts } } };
  }
  const text = encodeSuspend(state, ids);
  assert.ok(text.length <= 4096, `${text.length}`);
  const back = decodeSuspend(text, ids);
  assert.equal(back.dropped, 0);
  assert.deepEqual(back.state.exercises['ch19.ex0'].seeds['42'].parts.part0, { text: '', verdict: 'correct', attempts: 3 },
    'correct verdicts are kept before anything else');
  const small = { version: 2, exercises: { 'ch19.ex1': { seeds: { 7: { parts: { w: { text: '[1, 2]', verdict: 'correct', attempts: 2 } } } } } } };
  const plain = (value) => JSON.parse(JSON.stringify(value));
  assert.deepEqual(plain(decodeSuspend(encodeSuspend(small, ids), ids)), { state: small, dropped: 0, finished: false });
  // The learner's "I have finished" travels with the answers, within the limit.
  assert.deepEqual(plain(decodeSuspend(encodeSuspend(small, ids, { finished: true }), ids)), { state: small, dropped: 0, finished: true });
  const full = encodeSuspend(state, ids, { finished: true });
  assert.ok(full.length <= 4096 && decodeSuspend(full, ids).finished, `${full.length}`);
  assert.equal(decodeSuspend('1[{}, {"f": 2}]', ids).finished, false);
  assert.equal(decodeSuspend('{"something": "else"}', ids), null);
});

test('both API adapters report incomplete and completed, and passed or failed only under a mastery score; the API is found up the frames or the opener', async () => {
  const { ADAPTERS, bind, findApi } = await import('../../web/embed/scorm-api.mjs');
  const { Scorm12API } = await import('scorm-again/scorm12');
  const { Scorm2004API } = await import('scorm-again/scorm2004');
  // The LMSs as Moodle runs them: the mastery score overrides the status at the finish.
  for (const mastery of [null, 80]) {
    const lms12 = new Scorm12API({ logLevel: 5, mastery_override: true });
    const lms2004 = new Scorm2004API({ logLevel: 5 });
    // (A learner taking the activity for credit, in normal mode, as Moodle launches it; the
    // LMS reads the mastery score from the manifest.)
    lms12.loadFromJSON({ core: { credit: 'credit', lesson_mode: 'normal' },
      ...(mastery === null ? {} : { student_data: { mastery_score: String(mastery) } }) });
    if (mastery !== null) lms2004.loadFromJSON({ scaled_passing_score: String(mastery / 100) });
    // Every value the adapters set must be one the LMS accepts.
    const strict = (cmi) => ({ ...cmi, set: (element, value) => assert.ok(cmi.set(element, value), `${element} = ${value}`) || true });
    const cmi12 = strict(bind(lms12, ADAPTERS['1.2']));
    const cmi2004 = strict(bind(lms2004, ADAPTERS['2004']));
    assert.ok(cmi12.initialize() && cmi2004.initialize());
    ADAPTERS['1.2'].begin(cmi12);
    ADAPTERS['2004'].begin(cmi2004);
    assert.equal(lms12.cmi.core.lesson_status, 'incomplete');
    assert.equal(lms2004.cmi.completion_status, 'incomplete');
    // progress: parts settled (correct, or out of attempts), all parts, and whether the
    // learner pressed "I have finished".
    const rows = mastery === null ? [
      [{ settled: 1, total: 4 }, 25, 'incomplete', 'incomplete', 'unknown'],
      [{ settled: 3, total: 4 }, 75, 'incomplete', 'incomplete', 'unknown'],
      [{ settled: 3, total: 4, finished: true }, 75, 'completed', 'completed', 'unknown'],
      [{ settled: 4, total: 4 }, 100, 'completed', 'completed', 'unknown'],
    ] : [
      [{ settled: 1, total: 4 }, 25, 'incomplete', 'incomplete', 'unknown'],
      [{ settled: 3, total: 4 }, 75, 'incomplete', 'incomplete', 'unknown'],
      [{ settled: 3, total: 4, finished: true }, 75, 'failed', 'completed', 'failed'],
      [{ settled: 4, total: 5 }, 80, 'passed', 'incomplete', 'passed'],
      [{ settled: 4, total: 4 }, 100, 'passed', 'completed', 'passed'],
    ];
    for (const [progress, score, status12, completion, success] of rows) {
      ADAPTERS['1.2'].report(cmi12, score, progress);
      ADAPTERS['2004'].report(cmi2004, score, progress);
      assert.deepEqual([lms12.cmi.core.lesson_status, lms12.cmi.core.score.raw], [status12, String(score)], `mastery ${mastery}`);
      assert.deepEqual([lms2004.cmi.completion_status, lms2004.cmi.success_status, lms2004.cmi.score.raw, Number(lms2004.cmi.score.scaled)],
        [completion, success, String(score), score / 100], `mastery ${mastery}`);
    }
    // An interaction with a long answer and a named mistake, and an objective: every value
    // accepted; 1.2 keeps the first 255 characters, 2004 the whole text and the explanation.
    const long = `[${Array(150).fill('0.25').join(', ')}]`;
    const checked = { exercise: 'ch14.example1', part: 'weights', text: long, verdict: 'incorrect', mistake: 'divided-by-count',
      feedback: 'You divided by the number of positions.', latencyMs: 61_500, at: new Date(Date.UTC(2026, 10, 30, 9, 5, 7)) };
    ADAPTERS['1.2'].interaction(cmi12, 0, checked);
    ADAPTERS['2004'].interaction(cmi2004, 0, checked);
    ADAPTERS['1.2'].objective(cmi12, 0, { exercise: 'ch14.example1', score: 40, settled: 2, total: 5 });
    ADAPTERS['2004'].objective(cmi2004, 0, { exercise: 'ch14.example1', score: 40, settled: 2, total: 5 });
    const [i12] = JSON.parse(JSON.stringify(lms12.cmi.interactions.childArray));
    const [i2004] = JSON.parse(JSON.stringify(lms2004.cmi.interactions.childArray));
    assert.deepEqual([i12.student_response, i12.result, i12.time, i12.objectives[1].id], [long.slice(0, 255), 'wrong', '09:05:07', 'mistake.divided-by-count']);
    assert.deepEqual([i2004.learner_response, i2004.result, i2004.timestamp, i2004.latency, i2004.description],
      [long, 'incorrect', '2026-11-30T09:05:07', 'PT61.50S', 'divided-by-count: You divided by the number of positions.']);
    assert.deepEqual([lms12.cmi.objectives.childArray[0].id, lms12.cmi.objectives.childArray[0].status], ['ch14.example1', 'incomplete']);
    assert.equal(lms2004.cmi.objectives.childArray[0].score.scaled, '0.4');

    // A learner who leaves part way (score 25): never failed without a mastery score, even
    // where the LMS lets the mastery score override the status at the finish.
    ADAPTERS['1.2'].report(cmi12, 25, { settled: 1, total: 4 });
    ADAPTERS['1.2'].end(cmi12, 3723);
    ADAPTERS['2004'].end(cmi2004, 3723);
    assert.ok(cmi12.commit() && cmi12.finish() && cmi2004.commit() && cmi2004.finish());
    assert.equal(lms12.cmi.core.lesson_status, mastery === null ? 'incomplete' : 'failed', `mastery ${mastery}, after the finish`);
  }

  // Frames: the SCO two frames down in an LMS page that offers both APIs, or in a popup.
  const top = { API: 'api12', API_1484_11: 'api2004' };
  top.parent = top;
  top.top = top;
  const middle = { parent: top, top };
  const sco = { parent: middle, top };
  assert.equal(findApi('2004', sco).api, 'api2004');
  assert.equal(findApi('1.2', sco).api, 'api12');
  const lmsOnly12 = { API: 'api12' };
  lmsOnly12.parent = lmsOnly12;
  const popup = { opener: lmsOnly12 };
  popup.parent = popup;
  popup.top = popup;
  assert.equal(findApi('2004', popup).adapter, ADAPTERS['1.2'], 'falls back to the other version');
  const alone = {};
  alone.parent = alone;
  alone.top = alone;
  assert.equal(findApi('2004', alone), null);
});
