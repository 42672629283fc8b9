// A learner's path and the layout fixes in the browser: previous/next links in chapter
// order, the landing page's start links, the progress summary counting a part answered
// correctly (and an open task's checklist), a matrix typed over several lines and graded
// (and restored), the read lab without a stray "null", the verdict said once with the
// decimal rule stated once on the page, the working's warning in both chapters, and the
// Chinese source tokens marked lang="zh".

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { answerPart, newCheckedPage, openExercise, part, screenshot, siteDir, useSite, waitReady } from './harness.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

// The catalogue in chapter order, as the site ships it (exercises.json is sorted by
// chapter, then order).
const catalogue = () => JSON.parse(fs.readFileSync(path.join(siteDir, 'exercises.json'), 'utf8'));
// An exercise's id from a link to it: its own page (ID.html) or a page that names it (?id=ID).
const idOf = (href) => {
  const url = new URL(href, 'http://x/');
  return url.searchParams.get('id') ?? decodeURIComponent(url.pathname.slice(1).replace(/\.html$/, ''));
};

test('every exercise page links to the previous and next exercise in chapter order', async () => {
  const ordered = catalogue();
  const { page, context, problems } = await openExercise(browser, server, ordered[0].id);
  const pager = page.locator('nav.exercise-pager');
  assert.equal(await pager.locator('a[rel="prev"]').count(), 0, 'the first exercise has no previous one');
  assert.equal(idOf(await pager.locator('a[rel="next"]').getAttribute('href')), ordered[1].id);
  assert.match(await pager.textContent(), new RegExp(`Chapter ${ordered[0].chapter}, 1 of \\d+`));

  await pager.locator('a[rel="next"]').click();
  await waitReady(page);
  assert.equal(await page.locator('h1').textContent(), ordered[1].title);
  assert.equal(idOf(await page.locator('nav.exercise-pager a[rel="prev"]').getAttribute('href')), ordered[0].id);
  assert.equal(idOf(await page.locator('nav.exercise-pager a[rel="next"]').getAttribute('href')), ordered[2].id);
  await page.locator('nav.exercise-pager a[rel="prev"]').click();
  await waitReady(page);
  assert.equal(await page.locator('h1').textContent(), ordered[0].title);

  // The last exercise of the first chapter leads into the next chapter and says so.
  const lastIndex = ordered.findLastIndex((entry) => entry.chapter === ordered[0].chapter);
  await page.goto(`${server.url}exercise.html?id=${encodeURIComponent(ordered[lastIndex].id)}`);
  await waitReady(page);
  const next = page.locator('nav.exercise-pager a[rel="next"]');
  assert.equal(idOf(await next.getAttribute('href')), ordered[lastIndex + 1].id);
  assert.match(await next.textContent(), new RegExp(`Chapter ${ordered[lastIndex + 1].chapter}: `));

  // The very last one has no next exercise, only the way back to the list.
  await page.goto(`${server.url}exercise.html?id=${encodeURIComponent(ordered.at(-1).id)}`);
  await waitReady(page);
  assert.equal(await page.locator('nav.exercise-pager a[rel="next"]').count(), 0);
  assert.equal(await page.locator('nav.exercise-pager a[href="index.html"]').count(), 1);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the landing page says which chapters the companion goes with and where each begins', async () => {
  const ordered = catalogue();
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(server.url);
  await waitReady(page);
  const start = page.locator('section.start');
  const text = await start.textContent();
  assert.match(text, /Chapter 14: cross-attention in a recurrent encoder–decoder/);
  assert.match(text, /Chapter 19: attention as query-dependent retrieval/);
  for (const chapter of [14, 19]) {
    const first = ordered.find((entry) => entry.chapter === chapter);
    const link = start.locator(`li[data-chapter="${chapter}"] a.start-link`);
    assert.equal(idOf(await link.getAttribute('href')), first.id);
    assert.equal(await link.textContent(), `Begin Chapter ${chapter} with ${first.title}`);
  }
  await screenshot(page, 'landing-start');
  await start.locator('li[data-chapter="14"] a.start-link').click();
  await waitReady(page);
  assert.equal(await page.locator('h1').textContent(), ordered.find((entry) => entry.chapter === 14).title);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the progress page counts a part answered correctly, per exercise and per chapter, and the open tasks', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch14.ex1');
  assert.equal(await answerPart(page, 'weights', '[2/5, 2/5, 1/5]'), 'correct');
  assert.equal(await answerPart(page, 'scores', '[0, 0, 0]'), 'incorrect');
  await page.goto(`${server.url}exercise.html?id=ch19.ex20`);
  await waitReady(page);
  const checklistLength = await page.locator('.checklist-box').count();
  await page.locator('.checklist-box').first().check();

  await page.goto(`${server.url}progress.html`);
  await waitReady(page);
  const row = page.locator('tr[data-exercise="ch14.ex1"] td.summary-parts');
  assert.equal(await row.getAttribute('data-correct'), '1');
  assert.match(await row.textContent(), /^\s*1 of 5 correct \(1 more tried\)$/);
  const chapter14 = page.locator('section.summary-chapter[data-chapter="14"] .chapter-total');
  assert.equal(await chapter14.getAttribute('data-correct'), '1');
  assert.match(await chapter14.textContent(), /^1 of \d+ parts correct; 0 of 10 exercises complete\.$/);
  assert.equal(await page.locator('section.summary-chapter[data-chapter="19"] .chapter-total').getAttribute('data-correct'), '0');
  assert.equal(await page.locator('.summary-overall').getAttribute('data-correct'), '1');
  assert.match(await page.locator('tr[data-exercise="ch19.ex20"]').textContent(),
    new RegExp(`Open design task, not graded: 1 of ${checklistLength} checklist points ticked`));
  assert.match(await page.locator('section.summary-chapter[data-chapter="19"] .chapter-total').textContent(),
    /Open design tasks: 1 of 2 started/);
  assert.equal(await page.locator('button.export-progress').count(), 1, 'export and import stay on the page');
  await screenshot(page, 'progress-summary');

  // An import redraws the summary.
  const file = JSON.stringify({ format: 'attention-companion-progress', version: 1, storage: { version: 2, exercises: {
    'ch14.ex2': { seeds: { 0: { parts: { denominator: { text: '6', verdict: 'correct', attempts: 1 } } } } } } } });
  await page.locator('input.import-progress').setInputFiles({ name: 'p.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  await page.waitForFunction(() => document.querySelector('tr[data-exercise="ch14.ex2"] td.summary-parts')?.dataset.correct === '1');
  assert.equal(await chapter14.getAttribute('data-correct'), '2');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the progress page fits a narrow screen', async () => {
  const { page, context, problems } = await newCheckedPage(browser, { viewport: { width: 360, height: 780 } });
  await page.goto(`${server.url}progress.html`);
  await waitReady(page);
  await page.locator('section.summary-chapter').first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a matrix answer is typed over several lines in a text area, graded, and restored as typed', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch14.ex3');
  const states = part(page, 'reencode_states');
  assert.equal(await states.input.evaluate((node) => node.localName), 'textarea');
  assert.equal(await part(page, 'frozen_context').input.evaluate((node) => node.localName), 'input', 'a vector keeps one line');
  await states.input.click();
  await page.keyboard.type('[[a, 0],');
  await page.keyboard.press('Enter');
  await page.keyboard.type(' [a, 0]]');
  assert.equal(await states.input.inputValue(), '[[a, 0],\n [a, 0]]', 'Enter started a new line');
  assert.equal(await states.feedback.locator('.verdict').count(), 0, 'Enter did not check the answer');
  const fits = () => states.input.evaluate((node) => node.scrollHeight <= node.clientHeight + 1);
  assert.ok(await fits(), 'the whole matrix is visible');
  await page.keyboard.press('Control+Enter');
  await states.feedback.locator('.verdict').waitFor();
  assert.equal(await states.feedback.getAttribute('data-verdict'), 'correct');
  assert.equal(await states.feedback.locator('.read-as code').textContent(), '[[a, 0], [a, 0]]');
  await screenshot(page, 'matrix-answer');

  await page.reload();
  await waitReady(page);
  await states.feedback.locator('.verdict').waitFor();
  assert.equal(await states.input.inputValue(), '[[a, 0],\n [a, 0]]');
  assert.equal(await states.feedback.getAttribute('data-verdict'), 'correct');

  // A longer matrix through the Check button, in Chapter 19.
  await page.goto(`${server.url}exercise.html?id=ch19.ex14`);
  await waitReady(page);
  const weights = part(page, 'source_axis_weights');
  await weights.input.fill('[[0.245, 0.0900, 0.665],\n [0.278, 0.619, 0.102]]');
  assert.ok(await weights.input.evaluate((node) => node.scrollHeight <= node.clientHeight + 1));
  await weights.section.locator('button.check').click();
  await weights.feedback.locator('.verdict').waitFor();
  assert.equal(await weights.feedback.getAttribute('data-verdict'), 'correct');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a matrix part in the embed is a text area too, checked with Ctrl+Enter', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}embed.html?exercise=ch14.ex3`);
  await waitReady(page);
  assert.equal(await answerPart(page, 'reencode_states', '[[a, 0],\n[a, 0]]'), 'correct');
  await page.reload();
  await waitReady(page);
  await part(page, 'reencode_states').feedback.locator('.verdict').waitFor();
  assert.equal(await part(page, 'reencode_states').input.inputValue(), '[[a, 0],\n[a, 0]]');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the read lab prints no "null"', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}lab-read.html`);
  await waitReady(page);
  await page.locator('#read-result[data-state="ok"]').waitFor();
  assert.doesNotMatch(await page.locator('main').innerText(), /\bnull\b/);
  await page.locator('label', { hasText: '[0, 1]' }).click();
  await page.locator('#read-result[data-query="[0, 1]"]').waitFor();
  const text = await page.locator('main').innerText();
  assert.match(text, /Previous read: c = /);
  assert.doesNotMatch(text, /\bnull\b/);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a verdict says "Correct" once, and the decimal rule is stated once on the page', async () => {
  const rule = /each decimal counts when it equals the value rounded/gi;
  for (const [id, name, answer, detail] of [
    ['ch14.ex1', 'weights', '[2/5, 2/5, 1/5]', null],
    ['ch14.example1', 'context', '[0.347, 0.173]', 'at the 3 decimal places you wrote'],
    ['ch19.running', 'weights', '[0.123, 0.361, 0.200, 0.101, 0.215]', 'at the 3 decimal places you wrote'],
  ]) {
    const { page, context, problems } = await openExercise(browser, server, id);
    assert.equal(await page.locator('.decimal-rule').count(), 1, `${id} states the rule`);
    assert.equal(await answerPart(page, name, answer), 'correct');
    const { feedback, verdictTitle } = part(page, name);
    const text = await feedback.innerText();
    assert.equal((text.match(/\bcorrect\b/gi) ?? []).length, 1, `${id}: ${text}`);
    assert.equal(await verdictTitle.textContent(), 'Correct');
    if (detail) {
      assert.equal((await feedback.locator('.verdict-detail').textContent()).trim(), detail);
      assert.equal(await feedback.locator('.rule-note a[href="#decimal-rule"]').count(), 1, 'the verdict points to the rule');
    }
    assert.equal(((await page.locator('main').innerText()).match(rule) ?? []).length, 1, `${id}: the rule once`);
    if (id === 'ch19.running') await screenshot(page, 'verdict-once-ch19');
    assert.deepEqual(problems(), []);
    await context.close();
  }
  // "Not correct." is not said under "Not correct yet".
  const { page, context, problems } = await openExercise(browser, server, 'ch19.running');
  assert.equal(await answerPart(page, 'weights', '[0.2, 0.2, 0.2, 0.2, 0.2]'), 'incorrect');
  const text = await part(page, 'weights').feedback.innerText();
  assert.equal((text.match(/not correct/gi) ?? []).length, 1, text);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('in an embed, a verdict the decimal rule decided carries the rule in a closed disclosure', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}embed.html?exercise=ch19.running`);
  await waitReady(page);
  assert.equal(await answerPart(page, 'weights', '[0.123, 0.361, 0.200, 0.101, 0.215]'), 'correct');
  const note = part(page, 'weights').feedback.locator('details.rule-note');
  assert.equal(await note.count(), 1);
  assert.equal(await note.getAttribute('open'), null);
  assert.match(await note.textContent(), /each decimal counts when it equals the value rounded/);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the working warns that it holds the answers, in Chapter 14 as in Chapter 19', async () => {
  for (const id of ['ch14.example1', 'ch19.running']) {
    const { page, context, problems } = await openExercise(browser, server, id);
    assert.match(await page.locator('.working-section .working-warning').textContent(), /it contains the answers/, id);
    assert.deepEqual(problems(), []);
    await context.close();
  }
});

test('the Chinese source tokens are marked lang="zh" with a CJK font first', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch14.example1');
  const tokens = page.locator('.intro span[lang="zh"]');
  assert.deepEqual(await tokens.allTextContents(), ['红色', '钥匙', '。']);
  assert.match(await tokens.first().evaluate((node) => getComputedStyle(node).fontFamily), /^"Noto Sans CJK SC"/);
  assert.equal(await page.locator('.intro').evaluate((node) => node.lang), '', 'the English text around them is not marked');
  assert.deepEqual(problems(), []);
  await context.close();
});
