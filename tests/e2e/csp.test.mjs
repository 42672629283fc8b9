// Every page runs under a strict Content-Security-Policy (no inline scripts, no inline
// styles but the exercise pages' own stylesheet, by the hash the site build writes in
// csp-style-src.txt, nothing from elsewhere): any violation is a console error and fails the test.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { answerPart as answerVerdict, newCheckedPage, part, repoRoot, siteDir, useSite, waitReady } from './harness.mjs';

// (An older link, exercise.html?id=, goes to the exercise's own page, whose stylesheet is inline.)
const STYLE_SRC = fs.readFileSync(path.join(siteDir, 'csp-style-src.txt'), 'utf8').trim();
const POLICY = `default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; ${STYLE_SRC}; ` +
  "img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
let server;
let browser;
useSite((s, b) => { server = s; browser = b; }, ['--header', `Content-Security-Policy: ${POLICY}`]);

// The module is linked with -sDYNAMIC_EXECUTION=0: without it embind's glue builds
// functions with `new Function`, which this policy (rightly) refuses.
test('the pages work under a strict Content-Security-Policy', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  const response = await page.goto(server.url);
  assert.equal(response.headers()['content-security-policy'], POLICY);
  await waitReady(page);
  await page.locator('section.chapter').first().waitFor();

  await page.goto(`${server.url}exercise.html?id=ch14.example1`);
  await waitReady(page);
  const weights = part(page, 'weights');
  await weights.input.fill('[1/2, 1/4, 1/4]');
  await weights.input.press('Enter');
  await weights.feedback.locator('.verdict').waitFor();
  assert.equal(await weights.feedback.getAttribute('data-verdict'), 'correct');
  await page.locator('button.show-working').click();
  await page.locator('#working-holder table.working').first().waitFor();
  assert.ok(await page.locator('.intro math').count() > 0, 'the intro math is typeset');

  await page.goto(`${server.url}lab-read.html`);
  await waitReady(page);
  await page.locator('#read-result svg.weight-bars').waitFor();
  await page.goto(`${server.url}lab-deletion.html`);
  await waitReady(page);
  await page.locator('#frozen-panel svg.weight-bars').waitFor();

  // Chapter 19: a graded part with its embedded figures, the figures page (SVG drawn by
  // script, a slider) and an open task's reveal, all under the same policy.
  await page.goto(`${server.url}exercise.html?id=ch19.running`);
  await waitReady(page);
  const ch19Weights = part(page, 'weights');
  await ch19Weights.input.fill('[0.123 0.361 0.2 0.101 0.215]');
  await ch19Weights.input.press('Enter');
  await ch19Weights.feedback.locator('.verdict').waitFor();
  assert.equal(await ch19Weights.feedback.getAttribute('data-verdict'), 'correct');
  await page.locator('details.figure-embed summary').click();
  await page.locator('details.figure-embed figure[data-figure="temperature"] svg').waitFor();
  await page.goto(`${server.url}figures.html`);
  await waitReady(page);
  await page.locator('figure[data-figure="hull"] svg.fig-hull').waitFor();
  await page.locator('figure[data-figure="temperature"] input.temperature-slider').fill('3');
  await page.waitForFunction(() => document.querySelector('figure[data-figure="temperature"]').dataset.temperature === '3');
  await page.locator('figure[data-figure="heatmap"] svg linearGradient').waitFor({ state: 'attached' });
  // Chapter 14's figures page (its two figures and the table).
  await page.goto(`${server.url}figures-14.html`);
  await waitReady(page);
  await page.locator('figure[data-figure="reads"] svg').waitFor();
  await page.locator('figure[data-figure="recurrence"] svg').waitFor();
  await page.locator('#diagnoses table').waitFor();
  // "Run this batch" (the batch runner, loaded on demand; no WebGPU here, so the WASM
  // core with its notice): weight cells shaded through the CSSOM, not style attributes.
  await page.goto(`${server.url}exercise.html?id=ch19.ex10`);
  await waitReady(page);
  await page.locator('section.batch-run button.run-batch').click();
  await page.locator('.batch-run-result[data-runs="1"] table.batch-weights td.weight-zero').first().waitFor();
  assert.equal(await page.locator('.batch-run-result').getAttribute('data-path'), 'wasm');
  await page.locator('.batch-path .fallback-notice').waitFor();
  // The batch lab: its WASM work runs in a module Worker (batch/batch-worker.mjs, with the
  // core's glue as an ES module), under the same policy.
  await page.goto(`${server.url}lab-batch.html`);
  await waitReady(page);
  await page.locator('#batch-result[data-runs="1"][data-path="wasm"]').waitFor();
  await page.goto(`${server.url}exercise.html?id=ch19.ex20`);
  await waitReady(page);
  await page.locator('ul.checklist input').first().check();
  await page.locator('button.reveal-notes').click();
  await page.locator('.reference-notes p').first().waitFor();
  assert.deepEqual(problems(), []);
  await context.close();
});

// The embeds under the same policy: embed.html (modules, companion-exercises.wasm beside its glue),
// the <attention-exercise> bundle (single-file core, constructable stylesheet) and the
// progress page; an XSS probe typed as an answer shows as typed and runs nothing.
test('the embed page, the web component and the progress page work under the strict policy', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  const probeText = '<img src=x onerror=alert(1)>';
  await page.goto(`${server.url}embed.html?exercise=ch14.example1`);
  await waitReady(page);
  await page.locator('article.aw-exercise .intro math').first().waitFor();
  for (const url of [`${server.url}embed.html?exercise=ch14.example1`, `${server.url}component.html`]) {
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === 'true'
      || document.querySelector('attention-exercise')?.dataset.ready === 'true');
    const weights = part(page, 'weights');
    await weights.input.fill('[1/2, 1/4, 1/4]');
    await weights.input.press('Enter');
    await weights.feedback.locator('.verdict').waitFor();
    assert.equal(await weights.feedback.getAttribute('data-verdict'), 'correct');
    const scores = part(page, 'scores');
    await scores.input.fill(probeText);
    await scores.input.press('Enter');
    await scores.feedback.locator('.verdict').waitFor();
    assert.equal(await scores.input.inputValue(), probeText);
    assert.equal(await page.locator('img').count(), 0, 'the probe made no element');
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.ready === 'true'
      || document.querySelector('attention-exercise')?.dataset.ready === 'true');
    await scores.feedback.locator('.verdict').waitFor();
    assert.equal(await scores.input.inputValue(), probeText, 'the probe is restored as typed');
    assert.equal(await page.locator('img').count(), 0);
  }
  await page.goto(`${server.url}progress.html`);
  await waitReady(page);
  await page.locator('button.export-progress').waitFor();
  assert.deepEqual(problems(), []);
  await context.close();
});

// A teacher's own exercise under the same policy: the preview page (its module Worker runs
// the check on the whole core) and exercise.html?src= (the file fetched from this origin),
// with markup in the file's texts shown as text and running nothing.
test('the preview page and a teacher\'s file by address work under the strict policy; the file\'s markup stays text', async () => {
  const doc = JSON.parse(fs.readFileSync(path.join(repoRoot, 'docs', 'examples', 'cost-count.json'), 'utf8'));
  const probe = '<img src=x onerror=alert(1)>';
  doc.title = `Costs ${probe}`;
  doc.parts[1].hint = `Multiply ${probe} the axes.`;
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}author.html`);
  await waitReady(page);
  await page.locator('#author-file').setInputFiles({ name: 'probe.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
  await page.waitForSelector('body[data-seed="0"]');
  assert.equal(await page.locator('#exercise h2.author-title').textContent(), doc.title);
  await page.locator('#check-run').click();
  await page.waitForSelector('body[data-checked="true"]');
  assert.equal(await page.locator('.author-check-report').getAttribute('data-ok'), 'true');
  assert.equal(await page.locator('img').count(), 0, 'the probe made no element');
  await page.route(`${server.url}mine/probe.json`, (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify(doc) }));
  await page.goto(`${server.url}exercise.html?src=mine/probe.json`);
  await waitReady(page);
  assert.equal(await page.locator('h1').textContent(), doc.title);
  assert.equal(await answerVerdict(page, 'weights', '4096'), 'correct');
  assert.equal(await page.locator('img').count(), 0);
  assert.deepEqual(problems(), []);
  await context.close();
});
