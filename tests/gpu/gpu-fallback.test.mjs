// Without --enable-unsafe-webgpu, Chromium here gives no WebGPU adapter: the batch lab
// says so, runs on the WASM core, and still shows weights, row statistics and timings.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, screenshot } from '../e2e/harness.mjs';
import { launchChromium, openBatchLab } from './gpu-browser.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchChromium({ webgpu: false });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('with no WebGPU adapter the lab runs on WASM and says so', async () => {
  const { page, context, problems } = await openBatchLab(browser, server.url);
  const status = await page.evaluate(() => window.batchLab.status());
  console.log(`Without the flag: available=${status.available}, reason: ${status.reason}`);
  assert.equal(status.available, false);
  await page.locator('#notice .notice', { hasText: 'WebGPU is not available here' }).waitFor();
  assert.equal(await page.locator('#path-banner').getAttribute('data-path'), 'wasm');
  assert.match(await page.locator('#path-banner').textContent(), /Ran on the WASM core only/);
  assert.equal(await page.locator('#row-table tbody tr').count(), 6);
  // The view a learner opens on shows masking: the first padded item (lengths 5, 3, 1 of
  // S = 5 -> item 2, counted from 1 as in the chapter), said in words, with the engineering
  // tables in a closed panel.
  assert.equal(await page.locator('#view-b').inputValue(), '1');
  assert.equal(await page.locator('#view-b option:checked').textContent(), '2');
  assert.match(await page.locator('#view-mask').textContent(), /Item 2 has length 3 of 5: sources 4–5 are padding/);
  assert.equal(await page.locator('#engineering').evaluate((d) => d.open), false);
  assert.ok(!(await page.locator('#in-scaled').isChecked()), 'the chapter leaves ÷√D to Chapter 20');
  // The canvas's numbers are offered as a table too: item 2's 6 rows, its padding 0 (masked).
  assert.equal(await page.locator('#weights-table tbody tr').count(), 6);
  assert.equal(await page.locator('#weights-table tbody tr').first().locator('td').nth(4).textContent(), '0 (masked)');
  assert.match(await page.locator('#timings-table').textContent(), /WASM core/);
  const out = await page.evaluate(() => window.batchLab.runCase({ B: 3, H: 1, T: 2, S: 5, D: 4, lengths: [5, 3, 1], seed: 4 }));
  assert.equal(out.path, 'wasm');
  assert.ok(out.maskedMass.every((m) => m === 0));
  await screenshot(page, 'lab-batch-wasm-only');
  assert.deepEqual(problems(), []);
  await context.close();
});
