// Every page runs under a strict Content-Security-Policy (no inline scripts
// or styles, nothing from elsewhere): any violation is a console error and
// fails the test.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newCheckedPage, waitReady, part } from './harness.mjs';

const POLICY = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
  "img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
let server;
let browser;

before(async () => {
  server = await startServer(['--header', `Content-Security-Policy: ${POLICY}`]);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

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
  assert.deepEqual(problems(), []);
  await context.close();
});
