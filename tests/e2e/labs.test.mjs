// The read lab (query → weights and context) and the deletion lab (frozen
// removal beside delete-and-re-encode), both drawn from the core's working.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newCheckedPage, screenshot, useSite, waitReady } from './harness.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

test('the read lab updates the weights and context when the query changes', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}lab-read.html`);
  await waitReady(page);
  const result = page.locator('#read-result');
  await page.locator('#read-result[data-query="[1, 0]"]').waitFor();
  assert.equal(await result.locator('svg.weight-bars rect.bar').count(), 3);
  assert.equal(await result.locator('table.working tbody tr').count(), 3);
  const first = await page.locator('#context-value').textContent();
  assert.match(first, /^\[a\/2, a\/4\]/);

  await page.locator('label', { hasText: '[0, 1]' }).click();
  await page.locator('#read-result[data-query="[0, 1]"]').waitFor();
  const second = await page.locator('#context-value').textContent();
  assert.notEqual(second, first);
  assert.match(await result.locator('.context-before').textContent(), /a\/2, a\/4/);
  const widths = await result.locator('svg.weight-bars rect.bar').evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('width'))));
  assert.ok(widths[1] > widths[0], `key bar should be longest for [0, 1]: ${widths}`);
  await screenshot(page, 'lab-read');

  await page.locator('#query-text').fill('[2, -1]');
  await page.locator('#query-text').press('Enter');
  await page.locator('#read-result[data-query="[2, -1]"]').waitFor();

  await page.locator('#query-text').fill('[1, ');
  await page.locator('#query-text').press('Enter');
  await page.locator('#read-message .error').waitFor();
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the deletion lab sets frozen removal beside deletion with re-encoding', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}lab-deletion.html`);
  await waitReady(page);
  await page.locator('label', { hasText: 'key' }).click();
  await page.locator('#frozen-panel[data-position="key"]').waitFor();
  await page.locator('#reencode-panel[data-position="key"]').waitFor();
  const frozenReadout = await page.locator('#frozen-panel .readout-value').textContent();
  const reencodeReadout = await page.locator('#reencode-panel .readout-value').textContent();
  // Tables 14.2 and 14.3: removing the stored key state gives 2a/3; deleting
  // the key token and re-encoding gives a.
  assert.match(frozenReadout, /^2a\/3\b/);
  assert.match(reencodeReadout, /^a\b/);
  assert.match(await page.locator('#reencode-panel .context-value').textContent(), /^\[a, 0\]/);
  await screenshot(page, 'lab-deletion');

  const narrow = await newCheckedPage(browser, { viewport: { width: 360, height: 800 } });
  await narrow.page.goto(`${server.url}lab-deletion.html`);
  await waitReady(narrow.page);
  await narrow.page.locator('#frozen-panel .readout-value').waitFor();
  const overflow = await narrow.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
  await screenshot(narrow.page, 'lab-deletion-narrow');
  assert.deepEqual(narrow.problems(), []);
  await narrow.context.close();

  assert.deepEqual(problems(), []);
  await context.close();
});
