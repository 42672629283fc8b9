// The exercise page: grading through the core, named misconceptions, invalid
// answers that cost no attempt, saved answers restored and re-graded, learner
// text shown only as text, hints and the working table.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerPart, newCheckedPage, openExercise, part, screenshot, useSite, waitReady } from './harness.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

test('a correct answer to ch14.ex1 weights is marked correct in the live region', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch14.ex1');
  await assert.doesNotReject(page.locator('h1').waitFor());
  const weights = part(page, 'weights');
  await answerPart(page, 'weights', '[2/5, 2/5, 1/5]');
  assert.equal(await weights.feedback.getAttribute('data-verdict'), 'correct');
  assert.equal((await weights.verdictTitle.textContent()).trim(), 'Correct');
  assert.equal((await weights.attempts.textContent()).trim(), '1 attempt');
  await screenshot(page, 'exercise-ex1-correct');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('dividing by the number of positions is named as the divided-by-count misconception', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch14.example1');
  const weights = part(page, 'weights');
  await answerPart(page, 'weights', '[2/3, 1/3, 1/3]');
  assert.equal(await weights.feedback.getAttribute('data-verdict'), 'incorrect');
  assert.equal(await weights.feedback.getAttribute('data-misconception'), 'divided-by-count');
  assert.ok((await weights.feedback.locator('.read-as').textContent()).length > 'Read as: '.length);
  await screenshot(page, 'exercise-example1-misconception');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('an unreadable answer is shown as invalid, costs no attempt, and answers survive a reload', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch14.example1');
  const weights = part(page, 'weights');
  const contextPart = part(page, 'context');

  await answerPart(page, 'context', 'a/2');
  assert.equal(await contextPart.feedback.getAttribute('data-verdict'), 'invalid');
  assert.match(await contextPart.verdictTitle.textContent(), /Not graded/);
  assert.equal((await contextPart.attempts.textContent()).trim(), '0 attempts');

  await answerPart(page, 'weights', '[2/3, 1/3, 1/3]');
  await answerPart(page, 'weights', '[1/2, 1/4, 1/4]');
  assert.equal(await weights.feedback.getAttribute('data-verdict'), 'correct');
  assert.equal((await weights.attempts.textContent()).trim(), '2 attempts');

  await page.reload();
  await waitReady(page);
  await weights.feedback.locator('.verdict').waitFor();
  await contextPart.feedback.locator('.verdict').waitFor();
  assert.equal(await weights.input.inputValue(), '[1/2, 1/4, 1/4]');
  assert.equal(await weights.feedback.getAttribute('data-verdict'), 'correct');
  assert.match(await weights.feedback.textContent(), /checked again/);
  assert.equal((await weights.attempts.textContent()).trim(), '2 attempts');
  assert.equal(await contextPart.input.inputValue(), 'a/2');
  assert.equal(await contextPart.feedback.getAttribute('data-verdict'), 'invalid');
  await screenshot(page, 'exercise-example1-restored');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('markup typed by a learner stays text, before and after a reload', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch14.example1');
  const probe = '<img src=x onerror=alert(1)>';
  const contextPart = part(page, 'context');
  await answerPart(page, 'context', probe);
  assert.equal(await contextPart.input.inputValue(), probe);
  assert.equal(await page.locator('main img').count(), 0);
  await page.reload();
  await waitReady(page);
  await contextPart.feedback.locator('.verdict').waitFor();
  assert.equal(await contextPart.input.inputValue(), probe);
  assert.equal(await page.locator('main img').count(), 0);
  const stored = await page.evaluate(() => localStorage.getItem('attention-companion:v2'));
  assert.equal(JSON.parse(stored).exercises['ch14.example1'].seeds['0'].parts.context.text, probe);
  await screenshot(page, 'exercise-xss-probe');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the hint toggles and the working table lists every position like Table 14.1', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch14.example1');
  const weights = part(page, 'weights');
  const toggle = weights.section.locator('button.hint-toggle');
  if (await toggle.count()) {
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.ok(await weights.section.locator('.hint').isVisible());
  }
  await page.locator('button.show-working').click();
  const table = page.locator('#working-holder table.working').first();
  await table.waitFor();
  assert.equal(await table.locator('tbody tr').count(), 3);
  const weightCells = await table.locator('tbody tr td.exact').allTextContents();
  // Columns per row: state, score, exponential, weight (exact cells).
  assert.deepEqual([weightCells[3], weightCells[7], weightCells[11]], ['1/2', '1/4', '1/4']);
  assert.match(await page.locator('#working-holder dl.summary').textContent(), /Denominator/);
  await screenshot(page, 'exercise-example1-working');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the exercise page reads well at a narrow width', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch14.ex1', { viewport: { width: 360, height: 800 } });
  await answerPart(page, 'scores', '[a, a, 0]');
  await page.locator('button.show-working').click();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
  await screenshot(page, 'exercise-ex1-narrow');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('an unknown exercise id gives a message, not a blank page', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch14.nope');
  assert.match(await page.locator('#status').textContent(), /could not be opened/);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a feedback policy in the address: one check, the working after; carried into the page\'s links', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  // (Without values=hidden, under which the working, made of values, is never shown.)
  await page.goto(`${server.url}exercise.html?id=ch14.example1&attempts=1&working=hidden&seed=5`);
  await waitReady(page);
  assert.match(await page.locator('.policy-note').textContent(), /at most one graded check/);
  const show = page.locator('button.show-working');
  assert.equal(await show.getAttribute('aria-disabled'), 'true');
  assert.match(await page.locator('.working-gate').textContent(), /correct or out of attempts/);
  for (const link of await page.locator('a.pager-next, .variant-control a').all()) {
    const href = new URL(await link.getAttribute('href'), server.url);
    assert.equal(href.searchParams.get('attempts'), '1', href.href);
    assert.equal(href.searchParams.get('working'), 'hidden', href.href);
  }
  const names = await page.locator('section.part').evaluateAll((parts) => parts.map((node) => node.dataset.part));
  for (const name of names) {
    // A wrong answer of the part's shape (answers of another shape are invalid and cost nothing).
    let verdict = 'invalid';
    for (let n = 1; verdict === 'invalid' && n <= 6; n += 1) {
      verdict = await answerPart(page, name, n === 1 ? '7' : `[${Array(n).fill('7').join(', ')}]`);
    }
    assert.equal(verdict, 'incorrect', name);
    assert.match(await part(page, name).attempts.textContent(), /1 of 1 attempt used.*no attempts left/);
    assert.equal(await part(page, name).feedback.locator('.expected').count(), 0);
  }
  assert.equal(await show.getAttribute('aria-disabled'), null, 'every part is out of attempts: the working opens');
  await show.click();
  await page.locator('#working-holder table.working').first().waitFor();
  // A value the reader cannot use is named, and that setting stays as in practice.
  await page.goto(`${server.url}exercise.html?id=ch14.example1&attempts=lots`);
  await waitReady(page);
  assert.match(await page.locator('#notice').textContent(), /attempts="lots" is not a whole number from 1 to 20/);
  assert.equal(await page.locator('.policy-note').count(), 0);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a verdict that closes a part says so when it is announced, and the field is described by its attempt line', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}exercise.html?id=ch14.ex1&attempts=1`);
  await waitReady(page);
  const weights = part(page, 'weights');
  await answerPart(page, 'weights', '[1/3, 1/3, 1/3]');
  const announcer = weights.section.locator('.part-announcer');
  await page.waitForFunction((el) => el.textContent !== '', await announcer.elementHandle());
  assert.match(await announcer.textContent(), /^Not correct.*No attempts left: this part is now closed\.$/);
  const describedBy = (await weights.input.getAttribute('aria-describedby')).split(' ');
  assert.ok(describedBy.includes(await weights.attempts.getAttribute('id')), 'the attempt line describes the field');
  assert.match(await weights.attempts.textContent(), /no attempts left: this part is closed/);
  const other = part(page, 'context');
  await answerPart(page, 'context', '[1, 0]');
  const second = other.section.locator('.part-announcer');
  await page.waitForFunction((el) => el.textContent !== '', await second.elementHandle());
  assert.match(await second.textContent(), /this part is now closed\.$/, 'a correct answer closes its part too, and says so');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a negative number in typeset maths keeps its sign against it: [0.8, −0.3], not [0.8, − 0.3]', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch19.running');
  const gaps = await page.evaluate(() => [...document.querySelectorAll('.intro math mo')]
    .filter((mo) => mo.textContent === '−' && mo.nextElementSibling?.localName === 'mn')
    .map((mo) => mo.nextElementSibling.getBoundingClientRect().left - mo.getBoundingClientRect().right));
  assert.ok(gaps.length > 0, 'the intro has negative numbers');
  assert.ok(gaps.every((gap) => gap < 1.5), `the sign sits against its number: gaps ${gaps.map((g) => g.toFixed(1))}`);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a matrix field on a phone shows every row it holds, its example and a typed answer alike', async () => {
  const { page, context, problems } = await newCheckedPage(browser, { viewport: { width: 320, height: 800 } });
  await page.goto(`${server.url}ch19.ex9.html`);
  await waitReady(page);
  const area = page.locator('textarea.answer').first();
  const hidden = () => area.evaluate((t) => t.scrollHeight - t.clientHeight);
  assert.ok(await hidden() <= 1, 'the example\'s rows all show');
  await area.fill('[[True, True, True, True, True],\n [True, True, True, False, False],\n [True, False, False, False, False]]');
  assert.ok(await hidden() <= 1, 'the three typed rows all show, wrapped or not');
  assert.ok(await area.evaluate((t) => t.getBoundingClientRect().right <= document.documentElement.clientWidth));
  assert.deepEqual(problems(), []);
  await context.close();
});
