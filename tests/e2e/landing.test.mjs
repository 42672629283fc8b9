// The landing page lists every chapter's exercises with progress from saved
// answers, and links to the labs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newCheckedPage, part, screenshot, useSite, waitReady } from './harness.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

test('the landing page lists the Chapter 14 exercises and the labs', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(server.url);
  await waitReady(page);
  const chapter = page.locator('section.chapter', { has: page.locator('h2', { hasText: 'Chapter 14' }) });
  await chapter.waitFor();
  const ids = await chapter.locator('li[data-exercise]').evaluateAll((items) => items.map((li) => li.dataset.exercise));
  assert.ok(ids.includes('ch14.example1'), `exercises listed: ${ids}`);
  assert.ok(ids.includes('ch14.ex1'), `exercises listed: ${ids}`);
  const ex1 = chapter.locator('li[data-exercise="ch14.ex1"]');
  assert.match(await ex1.locator('.progress-text').textContent(), /^0 of \d+ parts correct$/);
  assert.equal(await page.locator('a[href="lab-read.html"]').count() > 0, true);
  assert.equal(await page.locator('a[href="lab-deletion.html"]').count() > 0, true);
  assert.equal(await page.locator('a[href="lab-batch.html"]').count() > 0, true);
  assert.equal(await page.locator('a[href="figures-14.html"]').count() > 0, true);
  assert.equal(await page.locator('a[href="figures.html"]').count() > 0, true);
  await screenshot(page, 'landing');

  await ex1.locator('a').click();
  await waitReady(page);
  const weights = part(page, 'weights');
  await weights.input.fill('[2/5, 2/5, 1/5]');
  await weights.input.press('Enter');
  await weights.feedback.locator('.verdict').waitFor();
  await page.goto(server.url);
  await waitReady(page);
  assert.match(await page.locator('li[data-exercise="ch14.ex1"] .progress-text').textContent(), /^1 of \d+ parts correct$/);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the landing page works at a narrow width', async () => {
  const { page, context, problems } = await newCheckedPage(browser, { viewport: { width: 360, height: 780 } });
  await page.goto(server.url);
  await waitReady(page);
  await page.locator('section.chapter').first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
  await screenshot(page, 'landing-narrow');
  assert.deepEqual(problems(), []);
  await context.close();
});
