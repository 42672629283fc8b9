// What an exercise page asks for, and when: the first graded answer waits only for the
// core, the page's bundle (and the one chunk it imports), the glue, the exercise's file
// (asked for as the page starts: the page carries the catalogue; a chapter's page carries
// its chapter's exercises too) and the stylesheet; KaTeX
// is asked for once the core's WebAssembly has arrived and runs once the answer fields are
// drawn, maths drawn before then shows its TeX and is typeset when it comes, and the
// figures' code and stylesheet come only when the figures are opened.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerPart, newCheckedPage, openExercise, useSite, waitReady } from './harness.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

// The page's requests as the browser saw them: path, start and end (ms), bytes.
async function recordRequests(page) {
  const session = await page.context().newCDPSession(page);
  const requests = new Map();
  session.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { path: new URL(e.request.url).pathname, start: e.timestamp * 1000 }));
  session.on('Network.loadingFinished', (e) => Object.assign(requests.get(e.requestId) ?? {}, { end: e.timestamp * 1000, bytes: e.encodedDataLength }));
  await session.send('Network.enable');
  return () => [...requests.values()];
}

test('KaTeX is asked for after the core has arrived; the figures come when opened', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  const requests = await recordRequests(page);
  await page.goto(`${server.url}exercise.html?id=ch19.running`);
  await waitReady(page);
  const named = (pattern) => requests().filter((r) => pattern.test(r.path));
  const [wasm] = named(/\/companion-exercises\.wasm$/);
  const [katex] = named(/\/katex\.min\.js$/);
  assert.ok(wasm?.end && katex, 'both the core and KaTeX were loaded');
  assert.ok(katex.start >= wasm.end, `KaTeX was asked for ${(wasm.end - katex.start).toFixed(1)} ms before the core had arrived`);
  assert.equal(await page.locator('.math-pending').count(), 0, 'every piece of maths is typeset once the page is ready');
  assert.ok(await page.locator('.intro math').count() > 0);
  assert.deepEqual(named(/figures\.css$|all-figures|exercise-batch-panel/).map((r) => r.path), [],
    'nothing for the figures or the batch panel before they are opened');

  await page.locator('details.figure-embed > summary').click();
  await page.locator('.embedded-figures figure').first().waitFor();
  assert.equal(named(/\/figures\.css$/).length, 1, 'the figures\' stylesheet came with them');
  assert.equal(named(/all-figures/).length, 1, 'every figure\'s code in one request');
  // The figures were drawn with their stylesheet in the page.
  assert.ok(await page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.endsWith('/figures.css'))));
  assert.deepEqual(problems(), []);
  await context.close();
});

test('KaTeX downloads once the core has arrived and runs only once the answer fields are drawn', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  const requests = await recordRequests(page);
  // What the page held when KaTeX's script element was added, seen from inside the page.
  await page.addInitScript(() => {
    new MutationObserver((changes, observer) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (node.nodeName !== 'SCRIPT' || !/\/katex\.min\.js$/.test(node.src)) continue;
          observer.disconnect();
          globalThis.katexScriptAdded = {
            parts: document.querySelectorAll('#exercise .part').length,
            preloaded: !!document.querySelector('link[rel="preload"][as="script"][href$="/katex.min.js"]'),
          };
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${server.url}exercise.html?id=ch14.example1`);
  await waitReady(page);
  const parts = await page.locator('#exercise .part').count();
  assert.ok(parts >= 5);
  assert.deepEqual(await page.evaluate(() => globalThis.katexScriptAdded), { parts, preloaded: true },
    'KaTeX ran after every answer field was drawn, from the copy downloaded meanwhile');
  assert.equal(requests().filter((r) => /\/katex\.min\.js$/.test(r.path)).length, 1, 'KaTeX was downloaded once');
  assert.equal(await page.locator('.math-pending').count(), 0);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('maths drawn before KaTeX arrives shows its TeX, the fields work, and it is typeset when KaTeX comes', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/katex.min.js', async (route) => { await held; await route.continue(); });
  await page.goto(`${server.url}exercise.html?id=ch14.example1`, { waitUntil: 'domcontentloaded' }); // KaTeX's script holds the load event
  const pending = page.locator('.part .math-pending').first();
  await pending.waitFor();
  assert.ok((await pending.textContent()).trim().length > 0, 'the TeX is shown meanwhile');
  assert.equal(await answerPart(page, 'weights', '[1/2, 1/4, 1/4]'), 'correct', 'a field can be answered before KaTeX has come');
  assert.equal(await page.locator('body[data-ready="true"]').count(), 0, 'the page is not ready while maths waits');
  release();
  await waitReady(page);
  assert.equal(await page.locator('.math-pending').count(), 0);
  assert.ok(await page.locator('.part label math, .part legend math').count() > 0, 'the prompts are typeset');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the page carries the catalogue: the exercise\'s file is asked for while the core is still on its way', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  const requests = await recordRequests(page);
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/companion-exercises.wasm', async (route) => { await held; await route.continue(); });
  const exerciseFile = page.waitForRequest((request) => request.url().endsWith('/exercises/ch19.ex3.json'));
  await page.goto(`${server.url}exercise.html?id=ch19.ex3`, { waitUntil: 'domcontentloaded' });
  await exerciseFile; // (the core is held back meanwhile)
  release();
  await waitReady(page);
  assert.equal(await page.locator('a.pager-next').count(), 1, 'the pager is written from the page\'s catalogue');
  assert.deepEqual(requests().filter((r) => /catalogue\.json$/.test(r.path)), []);

  // An id the catalogue does not list asks for no file (no 404 in the console).
  await page.goto(`${server.url}exercise.html?id=ch19.nope`);
  await waitReady(page);
  assert.match(await page.locator('#status').textContent(), /could not be opened/);
  assert.deepEqual(requests().filter((r) => r.path.endsWith('/exercises/ch19.nope.json')), []);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a page for an exercise with a batch section loads the batch panel only when it is used', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch19.ex14');
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  assert.deepEqual(loaded.filter((name) => /exercise-batch-panel|all-figures/.test(name)), []);
  assert.deepEqual(problems(), []);
  await context.close();
});

// Where the site links an exercise (the index, the pager, the figures, the variants), it
// links the exercise's own page, its chapter's page with the exercise drawn in: it starts
// Chapter 14's core, which holds that chapter's exercises only, and carries those
// exercises, so it fetches no exercise file.
test('an exercise\'s page starts its chapter\'s core and carries its exercises; another chapter\'s exercise on a chapter\'s page still opens', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}index.html`);
  await waitReady(page);
  const href = await page.locator('li[data-exercise="ch14.example1"] a').first().getAttribute('href');
  assert.equal(new URL(href, server.url).pathname, '/ch14.example1.html', 'the index links the exercise\'s own page');
  const requests = await recordRequests(page);
  await page.goto(new URL(href, server.url).href);
  await waitReady(page);
  assert.equal(await answerPart(page, 'weights', '[1/2, 1/4, 1/4]'), 'correct');
  const paths = () => requests().map((r) => r.path);
  assert.ok(paths().includes('/companion-ch14.wasm'), 'Chapter 14\'s core');
  assert.deepEqual(paths().filter((p) => /companion(-exercises)?\.wasm$|companion-ch19|\/exercises\//.test(p)), [],
    'no other core and no exercise file');
  const next = await page.locator('a.pager-next').getAttribute('href');
  assert.match(next, /^ch14\.example2\.html$/, 'the pager links the next exercise\'s own page');

  // A hand-made address: Chapter 19's exercise on Chapter 14's page starts the exercise core.
  await page.goto(`${server.url}exercise-14.html?id=ch19.ex3`);
  await waitReady(page);
  assert.equal(await answerPart(page, 'weights', '[0.5, 0.3, 0.2]'), 'incorrect');
  assert.ok(paths().includes('/companion-exercises.wasm'));
  assert.ok(paths().includes('/exercises/ch19.ex3.json'), 'an exercise the page does not carry is fetched');
  assert.deepEqual(problems(), []);
  await context.close();
});

// An exercise's own page (ID.html): the site build drew its text and fields into the HTML.
test('an exercise\'s own page shows its text and fields before the core arrives, then takes over and keeps what was typed', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  // The core held back until the test lets it go.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(/companion-ch14\.wasm$/, async (route) => { await held; await route.continue(); });
  await page.goto(`${server.url}ch14.example1.html`, { waitUntil: 'domcontentloaded' });
  assert.match(await page.locator('#exercise h1').textContent(), /Example 14\.1/);
  assert.ok(await page.locator('#exercise .intro math').count() > 0, 'the maths is typeset in the HTML');
  const field = page.locator('.part[data-part="weights"] input.answer');
  assert.ok(await field.isVisible(), 'the first field is there before the core');
  assert.equal(await page.locator('#exercise form').count(), 0, 'nothing to submit before the core takes over');
  await field.click();
  await field.pressSequentially('[1/2, 1/4, 1/4]');
  await field.press('Enter'); // nothing happens yet, and the page does not navigate
  release();
  await waitReady(page);
  assert.ok(await page.locator('#exercise form').count() > 0, 'the page has taken over');
  const live = page.locator('.part[data-part="weights"] input.answer');
  assert.equal(await live.inputValue(), '[1/2, 1/4, 1/4]', 'what was typed is kept');
  assert.ok(await live.evaluate((input) => document.activeElement === input), 'and the focus');
  await live.press('Enter');
  await page.locator('.part[data-part="weights"] .feedback[data-verdict="correct"]').waitFor();
  assert.deepEqual(problems(), []);
  await context.close();
});

test('an exercise\'s own page works under a strict Content-Security-Policy with its stylesheet\'s hash', async () => {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const { siteDir, startServer } = await import('./harness.mjs');
  const styleSrc = fs.readFileSync(path.join(siteDir, 'csp-style-src.txt'), 'utf8').trim();
  const policy = `default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; ${styleSrc}; img-src 'self'; connect-src 'self'; ` +
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
  const strict = await startServer(['--header', `Content-Security-Policy: ${policy}`]);
  try {
    const { page, context, problems } = await newCheckedPage(browser);
    await page.goto(`${strict.url}ch19.running.html`);
    await waitReady(page);
    assert.equal(await answerPart(page, 'weights', '[0.123 0.361 0.2 0.101 0.215]'), 'correct');
    assert.ok(await page.evaluate(() => getComputedStyle(document.querySelector('.part')).borderTopStyle === 'solid'),
      'the inline stylesheet applies');
    assert.deepEqual(problems(), []);
    await context.close();
  } finally {
    await strict.stop();
  }
});
