// What an exercise page asks for, and when: the first graded answer waits only for the
// core, the page's bundle (and the one chunk it imports), the glue, the exercise's file (the
// exercise's own page carries it, and its chapter's pages the catalogue) and the stylesheet;
// the page's maths is typeset from the MathML the site build put in it, a variant's too, and
// KaTeX is asked for only where some maths still needs it, after the learner's first verdict
// (or a while on the page): maths drawn before then shows its TeX and is typeset when it comes.
// The figures' code and stylesheet come only when the figures are opened. An older link
// (exercise.html?id=) goes to the exercise's own page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { answerPart, newCheckedPage, openExercise, repoRoot, useSite, waitReady } from './harness.mjs';

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

const katexAsked = (requests) => requests().some((r) => /\/katex\.min\.js$/.test(r.path));

test('an exercise\'s page and its variant typeset their maths without KaTeX; the figures come when opened', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  const requests = await recordRequests(page);
  // Each formula of the intro: its TeX (KaTeX's annotation) and the numbers its MathML shows.
  const formulas = () => page.locator('.intro .math').evaluateAll((nodes) => nodes.map((node) => ({
    tex: node.querySelector('annotation')?.textContent ?? '',
    numbers: [...node.querySelectorAll('mn')].map((mn) => {
      const row = mn.parentElement;
      const signed = row.localName === 'mrow' && row.childElementCount === 2 && row.firstElementChild.textContent === '\u2212';
      return `${signed ? '-' : ''}${mn.textContent}`;
    }) })));
  const numbersOf = (tex) => [...tex.matchAll(/\{(-)(\d+(?:\.\d+)?)\}|(\d+(?:\.\d+)?)/g)].map((m) => (m[1] ? `-${m[2]}` : m[3]));
  const seen = {};
  for (const address of ['ch19.running.html', 'ch19.running.html?seed=31']) {
    await page.goto(`${server.url}${address}`);
    await waitReady(page);
    assert.ok(await page.locator('.intro math').count() > 0, `${address}: the intro is typeset`);
    assert.equal(await page.locator('.math-pending').count(), 0, `${address}: every piece of maths is typeset`);
    seen[address] = await formulas();
    // The MathML shows the numbers of its own TeX.
    for (const { tex, numbers } of seen[address]) assert.deepEqual(numbers, numbersOf(tex), `${address}: ${tex}`);
  }
  const before = new Set(seen['ch19.running.html'].map((f) => f.tex));
  assert.ok(seen['ch19.running.html?seed=31'].some((f) => /\d/.test(f.tex) && !before.has(f.tex)),
    'the variant shows numbers of its own, typeset without KaTeX');
  assert.equal(katexAsked(requests), false, 'no KaTeX: nothing needed it');
  const named = (pattern) => requests().filter((r) => pattern.test(r.path));
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

test('maths the page cannot typeset itself shows its TeX, the fields work, and KaTeX comes after the first verdict', async () => {
  // A teacher's exercise by address (exercise.html?src=): nothing of it is drawn into the page.
  const { page, context, problems } = await newCheckedPage(browser);
  const file = fs.readFileSync(path.join(repoRoot, 'docs', 'examples', 'cost-count.json'), 'utf8');
  await page.route(`${server.url}teacher/*.json`, (route) => route.fulfill({ contentType: 'application/json', body: file }));
  const requests = await recordRequests(page);
  await page.goto(`${server.url}exercise.html?src=teacher/cost-count.json`);
  await waitReady(page);
  const pending = page.locator('.intro .math-pending').first();
  assert.ok((await pending.textContent()).trim().length > 0, 'the TeX is shown meanwhile');
  assert.equal(katexAsked(requests), false, 'no KaTeX before the first verdict');
  assert.ok(['correct', 'incorrect'].includes(await answerPart(page, 'weights', '4096')), 'a field is answered before KaTeX has come');
  await page.locator('.intro math').first().waitFor();
  assert.equal(katexAsked(requests), true, 'KaTeX came after the verdict');
  await page.waitForFunction(() => document.querySelectorAll('.math-pending').length === 0);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('an older link goes to the exercise\'s own page, with its seed and policy; an id the catalogue does not list asks for no file', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  const requests = await recordRequests(page);
  for (const [old, own] of [['exercise.html?id=ch19.ex3', 'ch19.ex3.html'],
    ['exercise-14.html?id=ch14.ex1&seed=7&attempts=2', 'ch14.ex1.html?seed=7&attempts=2']]) {
    await page.goto(`${server.url}${old}`);
    await waitReady(page);
    assert.equal(page.url(), `${server.url}${own}`, old);
  }
  assert.deepEqual(requests().filter((r) => /catalogue\.json$|\/exercises\//.test(r.path)), [], 'each page carries what it needs');
  // An id the catalogue does not list asks for no file (no 404 in the console).
  await page.goto(`${server.url}exercise.html?id=ch19.nope`);
  await waitReady(page);
  assert.match(await page.locator('#status').textContent(), /could not be opened/);
  assert.deepEqual(requests().filter((r) => r.path.endsWith('/exercises/ch19.nope.json')), []);
  assert.deepEqual(problems(), []);
  await context.close();
});

// A chapter embed (22 exercises on one page for Chapter 19) asks, before the learner's first
// verdict, for the files of the exercises near the screen only; each other one waits in a
// placeholder with its title, and is drawn when it comes near, and all once the page is idle
// after the first verdict.
test('a chapter embed fetches and draws the exercises near the screen; the others come near, or after the first verdict', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  const requests = await recordRequests(page);
  await page.goto(`${server.url}embed.html?chapter=19`);
  await waitReady(page);
  const fetched = () => requests().map((r) => r.path).filter((p) => p.includes('/exercises/'));
  assert.deepEqual(fetched(), ['/exercises/ch19.running.json'], 'only the first exercise, near the screen');
  const waiting = page.locator('article.aw-exercise[data-deferred]');
  assert.equal(await waiting.count(), 23);
  assert.equal(await waiting.first().locator('h2').textContent(), 'The batched listing — what shape comes out?');
  const ex3 = page.locator('article.aw-exercise[data-exercise="ch19.ex3"]');
  await ex3.scrollIntoViewIfNeeded();
  await ex3.locator('section.part input.answer').first().waitFor();
  assert.ok(!fetched().includes('/exercises/ch19.ex22.json'), 'a far exercise is not fetched yet');
  assert.ok(['correct', 'incorrect'].includes(await answerPart(page, 'weight_sum', '1')));
  await page.waitForFunction(() => document.querySelectorAll('article[data-deferred]').length === 0);
  assert.equal(await page.locator('article.aw-exercise').count(), 24);
  assert.ok(fetched().includes('/exercises/ch19.ex22.json'));
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
// exercises, so it fetches no exercise file. A hand-made address goes to the exercise's own page.
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

  // A hand-made address, Chapter 19's exercise on Chapter 14's page, goes to the exercise's own
  // page, which starts Chapter 19's core.
  await page.goto(`${server.url}exercise-14.html?id=ch19.ex3`);
  await waitReady(page);
  assert.equal(new URL(page.url()).pathname, '/ch19.ex3.html');
  assert.equal(await answerPart(page, 'weights', '[0.5, 0.3, 0.2]'), 'incorrect');
  assert.ok(paths().includes('/companion-ch19.wasm'));
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
