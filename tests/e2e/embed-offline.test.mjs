// The offline folder (build/dist) straight from the disk: file:// pages, no server, no
// fetch and no modules; an answer is graded by the single-file core, and the figure pages
// and the read and deletion labs draw from that same core.

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
  await page.locator('a[href="ch14.example1.html"]').click();
  await page.waitForSelector('body[data-ready="true"]');
  assert.ok(page.url().startsWith('file://'));
  // The site's exercise page, offline: a new variant, previous and next, the progress.
  assert.equal(await page.locator('button.new-variant').count(), 1, 'New variant');
  assert.equal(await page.locator('nav.exercise-pager a[rel="next"]').getAttribute('href'), 'ch14.example2.html');
  assert.equal(await page.locator('.site-header a[href="index.html#progress"]').count(), 1, 'a link to the progress');
  const weights = page.locator('section.part[data-part="weights"]');
  await weights.locator('input.answer').fill('[1/2, 1/4, 1/4]');
  await weights.locator('input.answer').press('Enter');
  await weights.locator('.feedback[data-verdict="correct"]').waitFor();
  const context2 = page.locator('section.part[data-part="context"]');
  await context2.locator('input.answer').fill('[a, 0]');
  await context2.locator('input.answer').press('Enter');
  await context2.locator('.feedback .verdict').waitFor();
  assert.equal(await context2.locator('.feedback').getAttribute('data-verdict'), 'incorrect');
  await screenshot(page, 'embed-offline');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('build/dist carries the figure pages and the read and deletion labs, drawn from the bundled core', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  const open = async (html) => {
    await page.goto(pathToFileURL(path.join(distDir, html)).href);
    await page.waitForSelector('body[data-ready="true"]');
  };
  await open('index.html');
  for (const html of ['figures-14.html', 'figures.html', 'lab-read.html', 'lab-deletion.html']) {
    assert.equal(await page.locator(`main a[href="${html}"]`).count(), 1, `the offline index links ${html}`);
  }
  await open('figures-14.html');
  const reads = page.locator('figure[data-figure="reads"]');
  await reads.locator('svg').waitFor();
  // Example 14.1's weights, as the core computes them.
  assert.deepEqual(JSON.parse(await reads.getAttribute('data-weights'))[0], ['1/2', '1/4', '1/4']);
  assert.ok((await reads.locator('svg').getAttribute('aria-label')).length > 40, 'the figure has its text alternative');
  await page.locator('figure[data-figure="recurrence"] svg').waitFor();
  await screenshot(page, 'dist-figures-14');
  await open('figures.html');
  assert.ok(await page.locator('figure.live-figure svg').count() >= 4, 'Chapter 19 figures drawn');
  const figureLink = await page.locator('section.figure-section a[href^="ch19.running.html"]').first().getAttribute('href');
  await open('lab-read.html');
  await page.locator('#read-result[data-state="ok"]').waitFor();
  assert.match(await page.locator('#context-value').textContent(), /a/);
  await open('lab-deletion.html');
  await page.locator('main table').first().waitFor();
  await screenshot(page, 'dist-lab-deletion');
  // A figure links to its exercise in the site's form (ch19.running.html), which dist has too.
  await page.goto(new URL(figureLink, pathToFileURL(path.join(distDir, 'figures.html'))).href);
  await page.waitForSelector('body[data-ready="true"]');
  assert.ok(await page.locator('section.part').count() > 3);
  assert.deepEqual(problems(), []);
  await context.close();
});
