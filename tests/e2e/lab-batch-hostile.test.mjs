// Issue 9, the batch lab under hostile addresses: parameters are read strictly (a bad one
// is refused by name and nothing runs with a default in its place), a batch over the
// work budget is refused before anything is allocated, and the WASM work runs in a module
// Worker, so the tab answers whatever the address asks (a run at the budget is still running
// when it does), and a run in progress shows its progress and a Cancel button that stops it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newCheckedPage, screenshot, useSite } from './harness.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

// Opens the address without waiting for the page's work, then checks that the tab answers (a
// script of the test runs in it: no work holds the page's thread to the end) and shows either
// the refusal or the running control (or a result). How soon it answers is a benchmark's
// question (tests/bench/), not this test's.
async function openResponsive(page, query) {
  await page.goto(`${server.url}lab-batch.html${query}`, { waitUntil: 'domcontentloaded' });
  assert.equal(await page.evaluate(() => 1), 1, `${query}: the tab answers`);
  await page.waitForFunction(() => document.querySelector('#batch-message [data-refused]')
    || !document.getElementById('batch-running').hidden || document.querySelector('#batch-result[data-runs]'));
}

const refusal = (page) => page.locator('#batch-message [data-refused="true"]');

for (const [query, pattern] of [
  ['?B=1&H=16&T=2048&S=4096&D=256', /too large.*multiply-adds, over the limit of 536,870,912.*weights to return, over the limit of 8,388,608/],
  ['?T=4096&S=4096&D=4096', /T must be a whole number from 1 to 2,048.*not "4096"/],
  ['?T=16384&S=16384&D=1', /T must be a whole number from 1 to 2,048.*not "16384"/],
  ['?B=64&H=16&T=2048&S=4096&D=256', /too large/],
]) {
  test(`lab-batch.html${query} is refused at once with the limit, and the tab stays responsive`, async () => {
    const { page, context, problems } = await newCheckedPage(browser);
    await openResponsive(page, query);
    await refusal(page).waitFor();
    const text = await refusal(page).textContent();
    assert.match(text, pattern);
    assert.match(text, /Nothing was run/);
    assert.equal(await page.locator('#batch-result').isHidden(), true, 'no result from silent defaults');
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.evaluate(() => document.querySelector('#batch-result').dataset.runs), undefined);
    if (query.startsWith('?B=1&')) await screenshot(page, 'lab-batch-refused');
    assert.deepEqual(problems(), []);
    await context.close();
  });
}

test('each bad address parameter is refused by name, and nothing runs in its place', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  for (const [query, pattern] of [
    ['?window=abc', /window must be a first position and an end.*"abc"/],
    ['?window=4,2', /window must be first,end .*counted from 1.* 1 ≤ first ≤ end ≤ S \+ 1 = 6.*"4,2"/],
    ['?window=0,3', /window must be first,end .*"0,3"/],
    ['?seed=1e400', /seed "1e400" is not a whole number/],
    ['?seed=-1', /seed "-1" is not a whole number/],
    ['?B=NaN', /B must be a whole number from 1 to 64.*"NaN"/],
    ['?halfWidth=-2', /halfWidth must be a whole number from 0 to 5.*"-2"/],
    ['?D=2.5', /D must be a whole number from 1 to 256.*"2.5"/],
    ['?H=17', /H must be a whole number from 1 to 16.*"17"/],
    ['?S=0x10', /S must be a whole number.*"0x10"/],
    ['?B=', /B must be a whole number.*""/],
    ['?temperature=1e3', /temperature must be a number.*"1e3"/],
    ['?temperature=0', /temperature must be a number from 0.01/],
    ['?causal=maybe', /causal must be 1 or 0.*"maybe"/],
    ['?B=2&lengths=5,3,1', /one source length per batch item: B = 2/],
    ['?lengths=9,3,1', /a source length of 9 does not fit S = 5/],
    ['?T=2&T=3', /T is given 2 times/],
  ]) {
    await openResponsive(page, query);
    await refusal(page).waitFor();
    assert.match(await refusal(page).textContent(), pattern, query);
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.evaluate(() => document.querySelector('#batch-result').dataset.runs), undefined, `${query} ran something`);
  }
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a run at the budget goes to the worker: the tab answers, Cancel stops it, the next run works', async () => {
  const { page, context, problems } = await newCheckedPage(browser, { allow: [/No available adapters/] });
  // Exactly at the budget: B·H·T·S·(Dk + Dv) = 2^29 multiply-adds, 2^23 weights.
  await openResponsive(page, '?B=4&H=4&T=512&S=1024&D=32');
  // The tab answers while the worker computes: the run is still going when it does.
  assert.deepEqual(await page.evaluate(() => ({ running: !document.getElementById('batch-running').hidden,
    result: document.querySelector('#batch-result').dataset.runs ?? null })), { running: true, result: null });
  await page.locator('#batch-result[data-runs="1"]').waitFor();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.locator('#batch-running').isHidden(), true, 'the progress line goes once the run is done');

  // A run started and cancelled at once: the worker is stopped, nothing new is shown.
  await page.evaluate(() => {
    document.getElementById('batch-form').requestSubmit();
    document.getElementById('cancel-batch').click();
  });
  await page.locator('#batch-message [data-cancelled="true"]').waitFor();
  assert.equal(await page.locator('#batch-result').getAttribute('data-runs'), '1');
  assert.equal(await page.locator('#batch-running').isHidden(), true);

  // While a run is in progress, the tab answers and shows the progress and Cancel.
  await page.locator('#in-B').fill('2');
  await page.locator('#in-lengths').fill('');
  await page.evaluate(() => document.getElementById('batch-form').requestSubmit());
  const during = await page.evaluate(() => ({ running: !document.getElementById('batch-running').hidden,
    text: document.getElementById('batch-elapsed').textContent }));
  assert.equal(during.running, true);
  assert.match(during.text, /Running the batch/);
  assert.equal(await page.locator('#cancel-batch').isVisible(), true);
  await page.locator('#batch-result[data-runs="2"]').waitFor();
  assert.match(await page.locator('#batch-summary').textContent(), /\(2, 4, 512, 1024\)/);
  assert.deepEqual(problems(), []);
  await context.close();
});
