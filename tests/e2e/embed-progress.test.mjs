// Progress export to a file and import back (progress.html): the file carries a format
// and a version; importing it restores the answers; a corrupt, foreign or newer file is
// refused with a message and the saved answers stay exactly as they were; a file holding
// a version-1 store is migrated.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { newCheckedPage, part, screenshot, useSite, waitReady } from './harness.mjs';

const KEY = 'attention-companion:v2';
let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

const stored = (page) => page.evaluate((key) => localStorage.getItem(key), KEY);
async function load(page, name, text) {
  await page.locator('input.import-progress').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.waitForFunction(() => document.querySelector('.progress-outcome')?.dataset.outcome);
  const outcome = page.locator('.progress-outcome');
  const result = { kind: await outcome.getAttribute('data-outcome'), text: await outcome.textContent() };
  await outcome.evaluate((node) => { delete node.dataset.outcome; });
  return result;
}

test('progress exports to a file and imports back; bad files are refused and lose nothing', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}embed.html?exercise=ch14.example1`);
  await waitReady(page);
  const weights = part(page, 'weights');
  await weights.input.fill('[1/2, 1/4, 1/4]');
  await weights.input.press('Enter');
  await weights.feedback.locator('.verdict').waitFor();

  await page.goto(`${server.url}progress.html`);
  await waitReady(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('button.export-progress').click()]);
  assert.match(download.suggestedFilename(), /^attention-progress-\d{4}-\d\d-\d\d\.json$/);
  const file = fs.readFileSync(await download.path(), 'utf8');
  const doc = JSON.parse(file);
  assert.equal(doc.format, 'attention-companion-progress');
  assert.equal(doc.version, 1);
  assert.equal(doc.storage.exercises['ch14.example1'].seeds['0'].parts.weights.text, '[1/2, 1/4, 1/4]');

  // A fresh browser imports it.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await waitReady(page);
  const imported = await load(page, 'mine.json', file);
  assert.equal(imported.kind, 'ok', imported.text);
  assert.match(imported.text, /Imported 1 saved answer for 1 exercise/);
  const before = await stored(page);
  assert.equal(JSON.parse(before).exercises['ch14.example1'].seeds['0'].parts.weights.verdict, 'correct');

  for (const [name, text, message] of [
    ['broken.json', file.slice(0, file.length / 2), /not valid JSON/],
    ['other.json', JSON.stringify({ name: 'some other app', exercises: {} }), /not an attention companion progress file/],
    ['newer.json', JSON.stringify({ ...doc, version: 2 }), /version 2/],
    ['damaged.json', JSON.stringify({ ...doc, storage: { version: 2, exercises: { x: { seeds: { 0: { parts: { w: { text: 5 } } } } } } } }), /damaged/],
  ]) {
    const refused = await load(page, name, text);
    assert.equal(refused.kind, 'error', name);
    assert.match(refused.text, message);
    assert.match(refused.text, /Nothing was changed/);
    assert.equal(await stored(page), before, `${name} changed nothing`);
  }
  await screenshot(page, 'embed-progress');

  // A file holding a version-1 store (older companion) is migrated and merged.
  const v1 = { format: 'attention-companion-progress', version: 1, exportedAt: '2024-01-01T00:00:00.000Z',
    storage: { version: 1, exercises: { 'ch14.ex1': { seed: 3, parts: { scores: { text: '[a, 0, 0]', verdict: 'incorrect', attempts: 2 } } } } } };
  const migrated = await load(page, 'old.json', JSON.stringify(v1));
  assert.equal(migrated.kind, 'ok', migrated.text);
  const after = JSON.parse(await stored(page));
  assert.equal(after.exercises['ch14.ex1'].seeds['3'].parts.scores.attempts, 2);
  assert.equal(after.exercises['ch14.example1'].seeds['0'].parts.weights.text, '[1/2, 1/4, 1/4]', 'nothing was lost');

  await page.goto(`${server.url}embed.html?exercise=ch14.example1`);
  await waitReady(page);
  assert.equal(await part(page, 'weights').input.inputValue(), '[1/2, 1/4, 1/4]');
  assert.deepEqual(problems(), []);
  await context.close();
});

// Issue 9: an imported file with the ids "__proto__" and "constructor" and one damaged
// record: the page's prototypes are untouched, the good records come in, and the message
// says exactly what was added, replaced and dropped.
test('an import with hostile ids and a damaged record says what changed and pollutes nothing', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}progress.html`);
  await waitReady(page);
  await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ version: 2, exercises: {
    'ch14.example1': { seeds: { 0: { parts: { weights: { text: '[0, 0, 1]', verdict: 'incorrect', attempts: 1 } } } } } } })), KEY);
  await page.reload();
  await waitReady(page);
  const text = '{"format": "attention-companion-progress", "version": 1, "storage": {"version": 2, "exercises": {' +
    '"__proto__": {"seeds": {"0": {"parts": {"w": {"text": "x", "verdict": "correct", "attempts": 1}}}}, "open": {"ticked": [1], "notes": "n", "revealed": true}}, ' +
    '"constructor": {"seeds": {"0": {"parts": {"w": {"text": "y", "verdict": null, "attempts": 2}}}}}, ' +
    '"ch14.example1": {"seeds": {"0": {"parts": {"weights": {"text": "[1/2, 1/4, 1/4]", "verdict": "correct", "attempts": 2}, ' +
    '"scores": {"text": "[a, 0, 0]", "verdict": "correct", "attempts": -1}}}}}}}}';
  const result = await load(page, 'hostile.json', text);
  assert.equal(result.kind, 'ok', result.text);
  assert.equal(result.text, 'Imported 3 saved answers for 3 exercises (2 exercises new to this browser): 2 added, 1 replaced. ' +
    '1 design-task note added. 1 record in the file could not be read (damaged) and was dropped.');
  assert.deepEqual(await page.evaluate(() => [({}).open, ({}).seeds, typeof Object.prototype.w]), [undefined, undefined, 'undefined']);
  const after = JSON.parse(await stored(page));
  assert.equal(after.exercises.__proto__.seeds['0'].parts.w.text, 'x');
  assert.equal(after.exercises.constructor.seeds['0'].parts.w.attempts, 2);
  assert.equal(after.exercises['ch14.example1'].seeds['0'].parts.weights.text, '[1/2, 1/4, 1/4]');
  assert.deepEqual(problems(), []);
  await context.close();
});
