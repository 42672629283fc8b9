// The preview page (author.html, issue 40) in Chromium: a teacher's exercise file opened with
// the file field is shown as the learner sees it (the exercise page's own parts, graded by
// the core), its seeds stepped through, each part's expected value and named mistakes read
// at the seed, and the check over 1,000 seeds run in its worker with a progress bar that
// reaches the end; a file whose own test fails, a misspelt key and text that is not JSON are
// each said in a sentence, never an exception; and the page passes axe, light and dark.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { newCheckedPage, part, repoRoot, screenshot, useSite, waitReady } from './harness.mjs';
import { violationsInBothSchemes } from './a11y-helpers.mjs';
import { loadCompanion } from '../../web/companion.mjs';

const FILE = path.join(repoRoot, 'docs', 'examples', 'cost-count.json');
const doc = JSON.parse(fs.readFileSync(FILE, 'utf8'));
let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

async function openAuthor() {
  const checked = await newCheckedPage(browser);
  await checked.page.goto(`${server.url}author.html`);
  await waitReady(checked.page);
  return checked;
}

const asFile = (name, value) => ({ name, mimeType: 'application/json',
  buffer: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value, null, 2)) });

test('a teacher\'s file: the learner\'s view, seeds stepped, a mistake read, the check passes to the end', async () => {
  const companion = await loadCompanion({ core: 'exercises', exercises: [doc] });
  const atSeed1 = companion.mistakes(doc.id, { seed: 1 });
  const { page, problems } = await openAuthor();
  await page.locator('#author-file').setInputFiles(FILE);
  await page.waitForSelector('body[data-seed="0"]');
  assert.match(await page.locator('#author-message').textContent(), /cost-count\.json is open/);
  // The learner's view: the title, the intro as text, a part that the core grades.
  assert.equal(await page.locator('#exercise h2.author-title').textContent(), doc.title);
  assert.match(await page.locator('#exercise .intro').textContent(), /A batch of/);
  const weights = part(page.locator('#exercise'), 'weights');
  await weights.input.fill('4096');
  await weights.input.press('Enter');
  await weights.feedback.locator('.verdict').waitFor();
  assert.equal(await weights.feedback.getAttribute('data-verdict'), 'correct');
  // A named mistake, read at seed 0: the value, and what the learner is told.
  const row = page.locator('.author-part[data-part="weight_bytes"] tr[data-mistake="left-out:bytes_per_number"]');
  assert.equal(await row.locator('.author-mistake-value').textContent(), '4096');
  assert.ok((await row.locator('.author-explanation').textContent()).length > 20);
  assert.equal(await page.locator('.author-part[data-part="weights"] .author-expected').textContent(), '4096');
  // The working comes from the whole core, which the page loads after its first verdict.
  await page.locator('.author-part[data-part="weights"] .author-working li').nth(1).waitFor();
  // Next seed, Previous, and a seed typed.
  await page.locator('#seed-next').click();
  await page.waitForSelector('body[data-seed="1"]');
  assert.equal(await page.locator('#exercise .variant-badge').textContent(), 'Variant 1');
  const expected1 = atSeed1.parts.find((p) => p.name === 'weights').expected;
  assert.equal(await page.locator('.author-part[data-part="weights"] .author-expected').textContent(), expected1);
  await page.locator('#seed-previous').click();
  await page.waitForSelector('body[data-seed="0"]');
  assert.equal(await page.locator('#seed-previous').isDisabled(), true, 'no seed below 0');
  await page.locator('#seed-number').fill('42');
  await page.locator('#seed-number').dispatchEvent('change');
  await page.waitForSelector('body[data-seed="42"]');
  // The check over 1,000 seeds, in the worker: the bar reaches the end, every check passes.
  await page.locator('#check-run').click();
  await page.waitForSelector('body[data-checked="true"]');
  assert.equal(await page.locator('#check-progress-bar').evaluate((bar) => [bar.value, bar.max].join('/')), '1000/1000');
  assert.equal(await page.locator('.author-check-report').getAttribute('data-ok'), 'true');
  assert.match(await page.locator('.author-check-lines').textContent(), /1000 seeds, 0 to 999: every check passes/);
  await screenshot(page, 'author-page');
  assert.deepEqual(problems(), []);
});

test('a failing test, a misspelt key and text that is not JSON are each said in a sentence', async () => {
  const { page, problems } = await openAuthor();
  // A test of the teacher's own that fails: the check fails, and says which.
  const failing = { ...doc, tests: [...doc.tests, { part: 'weights', answer: '4097', expect: 'correct', seeds: [0] }] };
  await page.locator('#author-file').setInputFiles(asFile('failing.json', failing));
  await page.waitForSelector('body[data-seed="0"]');
  await page.locator('#check-run').click();
  await page.waitForSelector('body[data-checked="true"]');
  assert.equal(await page.locator('.author-check-report').getAttribute('data-ok'), 'false');
  assert.match(await page.locator('.author-check-report .check-fails').textContent(), /The check fails/);
  assert.match(await page.locator('.author-check-lines').textContent(), /answer "4097", expects correct: failed on 1 of 1 seed/);
  // A misspelt key: the core refuses the file, by the key's name, on the page and in the check.
  const misspelt = structuredClone(doc);
  misspelt.parts[0].promt = misspelt.parts[0].prompt;
  await page.locator('#author-text').fill(JSON.stringify(misspelt));
  await page.locator('#author-preview').click();
  await page.locator('#author-message .status-error').waitFor();
  assert.match(await page.locator('#author-message').textContent(), /The core refuses this file: .*promt/);
  assert.equal(await page.locator('#author-shown').isHidden(), true);
  // Not JSON: where it goes wrong.
  await page.locator('#author-text').fill('{"id": "teacher.x", "parts": [}');
  await page.locator('#author-preview').click();
  await page.waitForFunction(() => /not valid JSON/.test(document.getElementById('author-message').textContent));
  assert.match(await page.locator('#author-message').textContent(), /The pasted text is not valid JSON at line 1, column 31, where it has "}"/);
  assert.deepEqual(problems(), []);
});

test('axe: the preview page, empty and with a file open, light and dark', async () => {
  const { page, problems } = await openAuthor();
  const found = (await violationsInBothSchemes(page)).map((v) => `empty: ${v}`);
  await page.locator('#author-file').setInputFiles(FILE);
  await page.waitForSelector('body[data-seed="0"]');
  await page.locator('#exercise button.show-working, #exercise button.hint-toggle').first().click().catch(() => {});
  found.push(...(await violationsInBothSchemes(page)).map((v) => `open: ${v}`));
  assert.equal(await page.locator('h1').count(), 1);
  assert.deepEqual(found, []);
  assert.deepEqual(problems(), []);
});
