// Damaged saved state and a core that fails to load: both give a visible
// message, never a blank page or an uncaught error.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newCheckedPage, waitReady, screenshot, part } from './harness.mjs';

const KEY = 'attention-companion:v1';
let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

for (const [name, value] of [
  ['not JSON', '{"version": 1, "exercises": {'],
  ['the wrong shape', JSON.stringify({ version: 1, exercises: { 'ch14.ex1': { parts: { weights: { text: 5 } } } } })],
  ['an unknown version', JSON.stringify({ version: 7, answers: [] })],
]) {
  test(`a saved store holding ${name} is reset with a visible notice`, async () => {
    const { page, context, problems } = await newCheckedPage(browser);
    await page.goto(server.url);
    await waitReady(page);
    await page.evaluate(([key, text]) => localStorage.setItem(key, text), [KEY, value]);
    await page.goto(`${server.url}exercise.html?id=ch14.example1`);
    await waitReady(page);
    const notice = page.locator('#notice .notice-warning');
    await notice.waitFor();
    assert.match(await notice.textContent(), /could not be read/);
    assert.ok(await page.locator('section.part').count() > 0, 'the exercise is still shown');
    const stored = JSON.parse(await page.evaluate((key) => localStorage.getItem(key), KEY));
    assert.deepEqual(stored, { version: 1, exercises: {} });

    const weights = part(page, 'weights');
    await weights.input.fill('[1/2, 1/4, 1/4]');
    await weights.input.press('Enter');
    await weights.feedback.locator('.verdict').waitFor();
    await page.reload();
    await waitReady(page);
    assert.equal(await page.locator('#notice .notice-warning').count(), 0, 'the notice is shown once');
    assert.equal(await weights.input.inputValue(), '[1/2, 1/4, 1/4]');
    if (name === 'not JSON') await screenshot(page, 'storage-reset-notice');
    assert.deepEqual(problems(), []);
    await context.close();
  });
}

test('a core that cannot be loaded gives a clear message on every page', async () => {
  const { page, context, problems } = await newCheckedPage(browser, { allow: [/Failed to load resource/] });
  await page.route('**/companion.js', (route) => route.fulfill({ status: 404, body: 'missing' }));
  for (const path of ['index.html', 'exercise.html?id=ch14.ex1', 'lab-read.html', 'lab-deletion.html']) {
    await page.goto(`${server.url}${path}`);
    await waitReady(page);
    const status = page.locator('#status .status-error');
    await status.waitFor();
    assert.match(await status.textContent(), /could not be loaded/, path);
  }
  await screenshot(page, 'core-load-failure');
  assert.deepEqual(problems(), []);
  await context.close();
});
