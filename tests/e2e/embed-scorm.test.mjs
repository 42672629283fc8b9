// The SCORM 1.2 package in Chromium against scorm-again (npm) playing the LMS: a test LMS
// page keeps the learner's CMI record in its own storage between visits (as an LMS keeps
// it in its database), frames the package's launch page, and the test answers, reloads,
// and checks the score, the lesson status, the suspend data and that resume restores the
// answers.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launchBrowser, newCheckedPage, repoRoot, screenshot } from './harness.mjs';
import { hostPage, scormDir, startHost } from './embed-helpers.mjs';

const PACKAGE = path.join(scormDir, 'attention-companion-ch14-scorm12.zip');
let lms;
let browser;

const LMS_SCRIPT = `
const saved = localStorage.getItem('lms-cmi');
window.API = new Scorm12API({ logLevel: 5, autocommit: false });
if (saved) window.API.loadFromJSON(JSON.parse(saved));
window.commits = 0;
const persist = () => {
  const core = window.API.cmi.core;
  window.commits += 1;
  localStorage.setItem('lms-cmi', JSON.stringify({
    core: { lesson_status: core.lesson_status, score: { raw: core.score.raw, min: core.score.min, max: core.score.max } },
    suspend_data: window.API.cmi.suspend_data,
  }));
};
window.API.on('LMSCommit', () => setTimeout(persist));
window.API.on('LMSFinish', () => setTimeout(persist));
const frame = document.createElement('iframe');
frame.id = 'sco';
frame.title = 'SCORM activity';
frame.style.width = '100%';
frame.style.height = '700px';
frame.src = 'package/index.html';
document.body.append(frame);
`;

before(async () => {
  lms = await startHost();
  const packageDir = path.join(lms.dir, 'package');
  fs.mkdirSync(packageDir);
  execFileSync('unzip', ['-q', PACKAGE, '-d', packageDir]);
  fs.copyFileSync(path.join(repoRoot, 'node_modules', 'scorm-again', 'dist', 'scorm12.js'), path.join(lms.dir, 'scorm12.js'));
  lms.write('lms.js', LMS_SCRIPT);
  lms.write('lms.html', hostPage('<script src="scorm12.js"></script>\n<script src="lms.js"></script>'));
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await lms?.stop();
});

test('the SCORM package has a SCORM 1.2 manifest that launches index.html', () => {
  const list = execFileSync('unzip', ['-Z1', PACKAGE], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
  assert.deepEqual(list, ['imsmanifest.xml', 'index.html', 'sco.js', 'style.css']);
  const manifest = execFileSync('unzip', ['-p', PACKAGE, 'imsmanifest.xml'], { encoding: 'utf8' });
  assert.match(manifest, /<schemaversion>1\.2<\/schemaversion>/);
  assert.match(manifest, /adlcp:scormtype="sco" href="index.html"/);
});

test('SCORM round trip through scorm-again: score, completion, suspend data and resume', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${lms.url}lms.html`);
  const sco = page.frameLocator('#sco');
  const element = sco.locator('attention-exercise');
  await page.waitForFunction(() => document.getElementById('sco').contentDocument
    ?.querySelector('attention-exercise')?.dataset.ready === 'true', null, { timeout: 20_000 });
  assert.equal(await page.evaluate(() => window.API.cmi.core.lesson_status), 'incomplete');
  const total = await element.locator('section.part').count();
  assert.ok(total > 10, `the chapter has ${total} parts`);

  // Example 14.1's weights, the chapter's own numbers: [1/2, 1/4, 1/4].
  const weights = element.locator('article[data-exercise="ch14.example1"] section.part[data-part="weights"]');
  await weights.locator('input.answer').fill('[1/2, 1/4, 1/4]');
  await weights.locator('input.answer').press('Enter');
  await weights.locator('.feedback[data-verdict="correct"]').waitFor();
  const probe = element.locator('article[data-exercise="ch14.example1"] section.part[data-part="scores"]');
  await probe.locator('input.answer').fill('<img src=x onerror=alert(1)>');
  await probe.locator('input.answer').press('Enter');
  await probe.locator('.feedback[data-verdict="invalid"]').waitFor();
  await page.waitForFunction(() => window.commits >= 2);
  const cmi = await page.evaluate(() => ({ status: window.API.cmi.core.lesson_status, raw: window.API.cmi.core.score.raw,
    max: window.API.cmi.core.score.max, suspend: window.API.cmi.suspend_data }));
  assert.equal(cmi.status, 'incomplete');
  assert.equal(cmi.raw, String(Math.round(100 / total)));
  assert.equal(cmi.max, '100');
  assert.ok(cmi.suspend.startsWith('1[') && cmi.suspend.length <= 4096, cmi.suspend);
  assert.ok(cmi.suspend.includes('[1/2, 1/4, 1/4]'), 'the raw answer is in the suspend data');
  await screenshot(page, 'embed-scorm');

  // Leave and come back: the LMS hands the record back and the answers are restored.
  await page.reload();
  await page.waitForFunction(() => document.getElementById('sco').contentDocument
    ?.querySelector('attention-exercise')?.dataset.ready === 'true', null, { timeout: 20_000 });
  assert.equal(await weights.locator('input.answer').inputValue(), '[1/2, 1/4, 1/4]');
  await weights.locator('.feedback[data-verdict="correct"] .restored').waitFor();
  assert.equal(await probe.locator('input.answer').inputValue(), '<img src=x onerror=alert(1)>');
  assert.equal(await page.evaluate(() => window.API.cmi.core.score.raw), String(Math.round(100 / total)));
  assert.equal(await weights.locator('.attempts').textContent(), '1 attempt');
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
  assert.deepEqual(back.exercises['ch19.ex0'].seeds['42'].parts.part0, { text: '', verdict: 'correct', attempts: 3 },
    'correct verdicts are kept before anything else');
  const small = { version: 2, exercises: { 'ch19.ex1': { seeds: { 7: { parts: { w: { text: '[1, 2]', verdict: 'correct', attempts: 2 } } } } } } };
  assert.deepEqual(decodeSuspend(encodeSuspend(small, ids), ids), small);
  assert.equal(decodeSuspend('{"something": "else"}', ids), null);
});
