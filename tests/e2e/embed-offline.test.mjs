// The offline folder (build/dist) straight from the disk: file:// pages, no server, no
// fetch and no modules; an answer is graded by the single-file core.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchBrowser, newCheckedPage, screenshot } from './harness.mjs';
import { distDir } from './embed-helpers.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

test('build/dist works from file:// and grades an answer in the core', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  const index = pathToFileURL(path.join(distDir, 'index.html')).href;
  await page.goto(index);
  assert.ok(await page.locator('.exercise-list a').count() > 20);
  await page.locator('a[href="exercise.html?exercise=ch14.example1"]').click();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
  assert.ok(page.url().startsWith('file://'));
  const weights = page.locator('attention-exercise section.part[data-part="weights"]');
  await weights.locator('input.answer').fill('[1/2, 1/4, 1/4]');
  await weights.locator('input.answer').press('Enter');
  await weights.locator('.feedback[data-verdict="correct"]').waitFor();
  const context2 = page.locator('attention-exercise section.part[data-part="context"]');
  await context2.locator('input.answer').fill('[a, 0]');
  await context2.locator('input.answer').press('Enter');
  await context2.locator('.feedback .verdict').waitFor();
  assert.equal(await context2.locator('.feedback').getAttribute('data-verdict'), 'incorrect');
  await screenshot(page, 'embed-offline');
  assert.deepEqual(problems(), []);
  await context.close();
});
