// The site works offline once visited: one exercise page is opened and answered online, then
// the network goes (the browser is set offline and the server is stopped); another exercise,
// of the other chapter, opens and grades, as does a new variant of it, from what the service
// worker kept (web/service-worker.js). A page it does not keep says so in the page, and a
// core it has lost is reported on the page with the reason.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerPart, launchBrowser, newCheckedPage, startServer, waitReady } from './harness.mjs';

test('after one visit online, another exercise and a new variant open and grade offline', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const { page, context, problems } = await newCheckedPage(browser, { serviceWorkers: 'allow',
      // Offline, a file the service worker no longer keeps fails to load (the last step).
      allow: [/Failed to load resource/, /net::ERR_/] });
    await page.goto(`${server.url}ch14.example1.html`);
    await waitReady(page);
    assert.equal(await answerPart(page, 'weights', '[1/2, 1/4, 1/4]'), 'correct');
    // The first verdict has been shown: the service worker is registered, and ready once it has
    // kept every file.
    const kept = await page.evaluate(async () => {
      const { active } = await navigator.serviceWorker.ready; // (installed: every file kept)
      if (active.state !== 'activated') {
        await new Promise((resolve) => active.addEventListener('statechange', () => {
          if (active.state === 'activated') resolve();
        }));
      }
      const names = await caches.keys();
      const cache = await caches.open(names.find((name) => name.startsWith('attention-companion-')));
      return { active: active.state, files: (await cache.keys()).length };
    });
    assert.equal(kept.active, 'activated');
    assert.ok(kept.files > 100, `${kept.files} files kept`);

    await context.setOffline(true);
    await server.stop();

    // Another exercise, of the other chapter (its own core), from what was kept.
    await page.goto(`${server.url}ch19.ex3.html`);
    await waitReady(page);
    assert.match(await page.locator('#exercise h1').textContent(), /19\.3/);
    assert.equal(await answerPart(page, 'weights', '[0.231, 0.629, 0.140]'), 'correct');

    // A new variant of it: a seed the site has never served, drawn by the kept core.
    await page.locator('button.new-variant').click();
    await page.waitForURL(/seed=\d+/);
    await waitReady(page);
    const seed = new URL(page.url()).searchParams.get('seed');
    assert.equal(await page.locator('body').getAttribute('data-seed'), seed);
    assert.match(await page.locator('.variant-badge').textContent(), new RegExp(`Variant ${seed}`));
    assert.equal(await answerPart(page, 'weights', '[0.2, 0.3, 0.5]'), 'incorrect', 'the variant grades offline');
    assert.equal(await page.locator('.math-pending').count(), 0, 'its maths typeset offline');

    // A page the service worker does not keep: the page says so.
    await page.goto(`${server.url}bench-batch.html`);
    assert.match(await page.locator('h1').textContent(), /not kept for offline use/);

    // A core it no longer has (taken out of the cache here): the exercise page says why.
    await page.goto(`${server.url}ch14.example1.html`);
    await waitReady(page);
    await page.evaluate(async () => {
      for (const name of await caches.keys()) await (await caches.open(name)).delete(new URL('companion-ch14.wasm', document.baseURI).href);
    });
    await page.goto(`${server.url}ch14.ex2.html`);
    await waitReady(page);
    assert.match(await page.locator('#status').textContent(), /could not be loaded[\s\S]*This browser is offline/);
    assert.deepEqual(problems(), []);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
});
