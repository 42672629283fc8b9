// Issue 46, item 6, "Practice that targets the mistake", in Chromium: a part answered first
// with a named mistake, then right, offers "Practise this step"; the practice shows new
// variants, and two right answers on new variants in a row mark the mistake practised, which a
// reload keeps and which is recorded in the progress file, the class report (the learner's row
// and its CSV) and, in the chapter's SCORM 1.2 package, an interaction exercise.part.practice.
// Every answer typed is the core's (describeMistakes at the seed the page shows), never written here.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, newCheckedPage, openExercise, screenshot, startServer, waitReady } from './harness.mjs';
import { scormDir, startHost, partIn } from './embed-helpers.mjs';
import { installPackage } from './scorm-lms.mjs';
import { loadCompanion } from '../../web/companion.mjs';
import { practiceId } from '../../web/embed/scorm-values.mjs';

const ID = 'ch19.ex3';
const PART = 'weights';
let companion;
let server;
let lms;
let browser;

before(async () => {
  companion = await loadCompanion();
  server = await startServer();
  lms = await startHost();
  installPackage(lms, 'scorm12-ch19', path.join(scormDir, 'attention-companion-ch19-scorm12.zip'), '1.2');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await lms?.stop();
});

// The part at a seed, as the core describes its mistakes: {expected, mistake} (a mistake the core
// tells apart from the right answer there: its answer graded as that mistake).
function atSeed(seed) {
  const described = companion.mistakes(ID, { seed }).parts.find((entry) => entry.name === PART);
  const mistake = described.mistakes.find((m) => typeof m.answer === 'string'
    && companion.grade(ID, PART, m.answer, { seed }).misconception === m.tag);
  return { expected: described.expected, mistake };
}

// Answers in the part's own field and waits for the verdict the core gives (the test's companion
// says which), so that an earlier verdict shown is not read as this one's.
async function answer(section, text, seed = 0) {
  const input = section.locator('form.answer-form:not(.practice-form) .answer');
  await input.fill(text);
  await input.press('Enter');
  const verdict = companion.grade(ID, PART, text, { seed }).verdict;
  await section.locator(`.feedback[data-verdict="${verdict}"]`).waitFor();
  return verdict;
}

// The whole loop in one part's section: the mistake, the right answer, then the practice. -> the tag.
async function practiseLoop(section) {
  const { expected, mistake } = atSeed(0);
  assert.ok(mistake, 'the part has a named mistake the core tells apart at the chapter\'s numbers');
  assert.equal(await answer(section, mistake.answer), 'incorrect');
  await section.locator(`.feedback[data-misconception="${mistake.tag}"]`).waitFor();
  assert.equal(await section.locator('button.practice-open').count(), 0, 'no practice before the part is settled');
  assert.equal(await answer(section, expected), 'correct');
  const open = section.locator('button.practice-open');
  await open.waitFor();
  const offer = await section.locator('.practice-offer').textContent();
  assert.match(offer, /named mistake/);
  assert.ok(!offer.includes(expected), 'the offer gives no value of the part away');
  await open.press('Enter');
  const seeds = [];
  for (let round = 0; round < 2; round += 1) {
    const panel = section.locator(`.practice-panel${seeds.map((s) => `:not([data-practice-seed="${s}"])`).join('')}`);
    await panel.waitFor();
    const seed = Number(await panel.getAttribute('data-practice-seed'));
    assert.ok(seed > 0 && !seeds.includes(seed), 'a new variant each time, never the chapter\'s numbers');
    seeds.push(seed);
    const there = atSeed(seed);
    assert.equal(companion.grade(ID, PART, companion.mistakes(ID, { seed }).parts.find((p) => p.name === PART).mistakes
      .find((m) => m.tag === mistake.tag).answer, { seed }).verdict, 'incorrect', 'the mistake gives another value there');
    assert.equal(await panel.locator('.inputs-variant').count(), 1, 'the variant\'s inputs are shown');
    if (round === 0) {
      // A wrong answer keeps the variant and the streak at nought.
      const field = panel.locator('.answer');
      await field.fill(companion.mistakes(ID, { seed }).parts.find((p) => p.name === PART).mistakes
        .find((m) => m.tag === mistake.tag).answer);
      await field.press('Enter');
      await panel.locator('.practice-feedback[data-verdict="incorrect"]').waitFor();
      assert.match(await section.locator('.practice-status').textContent(), /0 of 2/);
    }
    await panel.locator('.answer').fill(there.expected);
    await panel.locator('.answer').press('Enter');
  }
  await section.locator('.practice-done').waitFor();
  assert.match(await section.locator('.practice-done').textContent(), /^Practised: /);
  assert.equal(await section.locator('.practice-panel').count(), 0, 'the panel closes');
  return mistake.tag;
}

test('the practice loop on the exercise page: practised, kept on reload, in the progress file and the class report', async () => {
  const { page, context, problems } = await openExercise(browser, server, ID);
  const section = page.locator(`section.part[data-part="${PART}"]`);
  const tag = await practiseLoop(section);
  await screenshot(page, 'practice-loop-practised');
  await page.reload();
  await waitReady(page);
  await section.locator('.practice-done').waitFor();

  await page.goto(`${server.url}progress.html`);
  await waitReady(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('button.export-progress').click()]);
  const file = fs.readFileSync(await download.path(), 'utf8');
  const practice = JSON.parse(file).storage.exercises[ID].practice[PART].find((record) => record.tag === tag);
  assert.deepEqual([practice.tag, practice.practised, practice.streak, practice.seeds.length], [tag, true, 2, 2]);

  await page.goto(`${server.url}report.html`);
  await waitReady(page);
  await page.locator('#report-files').setInputFiles({ name: 'learner.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  await page.locator('#report[data-state="ready"]').waitFor();
  const row = page.locator(`details.report-learner tr[data-exercise="${ID}"][data-part="${PART}"] .report-practised`);
  assert.equal(await row.getAttribute('data-practised'), tag);
  assert.match(await row.textContent(), /practised: /);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the practice loop in the SCORM 1.2 package: recorded as the interaction exercise.part.practice.TAG, correct', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${lms.url}scorm12-ch19/lms.html`);
  const element = page.frameLocator('#sco').locator('attention-exercise');
  await page.waitForFunction(() => document.getElementById('sco').contentDocument
    ?.querySelector('attention-exercise')?.dataset.ready === 'true');
  const tag = await practiseLoop(partIn(element, ID, PART));
  await page.waitForFunction((id) => window.interactions().some((item) => item.id === id), practiceId(ID, PART, tag));
  const recorded = (await page.evaluate(() => window.interactions())).filter((item) => item.id === practiceId(ID, PART, tag));
  assert.deepEqual(recorded.map((item) => [item.student_response, item.result]), [[tag, 'correct']]);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('SCORM 1.2: relaunched mid-practice, the practice comes back from the LMS\'s suspend data where it was', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  const ready = () => page.waitForFunction(() => document.getElementById('sco').contentDocument
    ?.querySelector('attention-exercise')?.dataset.ready === 'true');
  await page.goto(`${lms.url}scorm12-ch19/lms.html`);
  await ready();
  const section = partIn(page.frameLocator('#sco').locator('attention-exercise'), ID, PART);
  const { expected, mistake } = atSeed(0);
  assert.equal(await answer(section, mistake.answer), 'incorrect');
  assert.equal(await answer(section, expected), 'correct');
  await section.locator('button.practice-open').press('Enter');
  const first = section.locator('.practice-panel');
  await first.waitFor();
  const seed = Number(await first.getAttribute('data-practice-seed'));
  await first.locator('.answer').fill(atSeed(seed).expected);
  await first.locator('.answer').press('Enter');
  const second = section.locator(`.practice-panel:not([data-practice-seed="${seed}"])`);
  await second.waitFor();
  const next = Number(await second.getAttribute('data-practice-seed'));
  // Left, this browser's copy of the work removed: what comes back is the LMS's alone.
  await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
  await page.waitForFunction(() => window.finished === true);
  assert.match((await page.evaluate(() => window.record())).suspend, /"p":/, 'the practice is in the suspend data');
  await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('attention-companion:sco:'))
    .forEach((key) => localStorage.removeItem(key)));
  await page.reload();
  await ready();
  const open = section.locator('button.practice-open');
  await open.waitFor();
  await open.press('Enter');
  const back = section.locator('.practice-panel');
  await back.waitFor();
  assert.equal(Number(await back.getAttribute('data-practice-seed')), next, 'the variant it was on');
  assert.match(await section.locator('.practice-status').textContent(), /1 of 2/, 'with its right answer in a row');
  await back.locator('.answer').fill(atSeed(next).expected);
  await back.locator('.answer').press('Enter');
  await section.locator('.practice-done').waitFor();
  await page.waitForFunction((id) => window.interactions().some((item) => item.id === id), practiceId(ID, PART, mistake.tag));
  assert.deepEqual(problems(), []);
  await context.close();
});
