// Parts laid out as the chapter lays them out, and the written halves of exercises:
// Example 14.3's removals as two fill-in tables shaped like Tables 14.2 and 14.3 (each
// cell graded by the core and named by its row and column), the explain parts (notes, a
// checklist, reference notes only after an attempt, kept on reload and per variant, their
// opening recorded in the progress file, and counted on the progress page), and Exercise 19.11, where any explicit all-masked policy is right.

import fs from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerPart, openExercise, part, screenshot, useSite, waitReady } from './harness.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

test('Example 14.3 is two fill-in tables, shaped like Tables 14.2 and 14.3, graded cell by cell', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch14.example3');
  const tables = page.locator('table.fill-in-table');
  assert.equal(await tables.count(), 2);
  const rowHeads = async (table) => table.locator('tbody th').allTextContents();
  assert.deepEqual(await rowHeads(tables.nth(0)), ['None', '1: color', '2: key', '3: full stop']);
  assert.deepEqual(await rowHeads(tables.nth(1)), ['1: color', '2: key', '3: full stop']);
  assert.equal(await tables.nth(0).locator('.part-cell').count(), 10, 'the None row has only the readout');
  assert.equal(await tables.nth(1).locator('.part-cell').count(), 9);
  assert.equal(await page.locator('section.part').count(), 0, 'every part of 14.3 sits in a table');
  // A cell is named by its row and column, the maths as words.
  assert.equal(await part(page, 'frozen.key.readout').input.getAttribute('aria-label'), 'State left out 2: key, Readout r');
  // The chapter's Table 14.2 row for key: weights [2/3, 0, 1/3], readout 2a/3.
  assert.equal(await answerPart(page, 'frozen.key.weights', '[2/3, 0, 1/3]'), 'correct');
  assert.equal(await answerPart(page, 'frozen.key.readout', '2a/3'), 'correct');
  assert.equal(await answerPart(page, 'frozen.full_stop.readout', '2a/3'), 'incorrect');
  // Table 14.3: deleting key and encoding again leaves two equal states [a, 0].
  assert.equal(await answerPart(page, 'reencode.key.states', '[[a, 0],\n [a, 0]]'), 'correct');
  assert.equal(await answerPart(page, 'reencode.key.readout', 'a'), 'correct');
  await page.reload();
  await waitReady(page);
  await part(page, 'reencode.key.states').feedback.locator('.verdict-title').waitFor();
  assert.equal(await part(page, 'reencode.key.states').input.inputValue(), '[[a, 0],\n [a, 0]]', 'kept on reload');
  await screenshot(page, 'ch14-example3-tables');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('an explain part opens its reference notes only after an attempt, and keeps the text', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch14.ex3');
  const explain = page.locator('section.explain-part').first();
  await explain.waitFor();
  // Headed in words, never by the item's identifier ("Part 4 explain").
  assert.match(await explain.locator('h2').textContent(), /^Part \d+: [A-Z][a-z]+ /);
  const reveal = explain.locator('button.reveal-notes');
  assert.ok(await reveal.isDisabled(), 'no reference notes before an attempt');
  assert.ok(await explain.locator('.reference-notes').isHidden());
  assert.ok(await explain.locator('ul.checklist input[type="checkbox"]').count() >= 3);
  await explain.locator('textarea').fill('Re-encoding changes the later state, because the recurrence carried the deleted token into it.');
  await explain.locator('ul.checklist input[type="checkbox"]').first().check();
  assert.match(await explain.locator('.checklist-progress').textContent(), /^1 of \d+ points covered by your explanation$/);
  await reveal.click();
  await explain.locator('.reference-notes h3').waitFor();
  assert.ok((await explain.locator('.reference-notes').textContent()).length > 100);
  await screenshot(page, 'ch14-ex3-explain');
  await page.reload();
  await waitReady(page);
  const again = page.locator('section.explain-part').first();
  assert.match(await again.locator('textarea').inputValue(), /^Re-encoding changes/);
  assert.ok(await again.locator('ul.checklist input[type="checkbox"]').first().isChecked());
  assert.ok(await again.locator('.reference-notes').isVisible(), 'the notes stay open once revealed');

  // Issue 46: another variant's reference notes hold its own answers, so they are closed
  // there, and its text is its own (the numbers differ); back at the chapter's, all is kept.
  await page.goto(`${server.url}exercise.html?id=ch14.ex3&seed=4242`);
  await waitReady(page);
  const variant = page.locator('section.explain-part').first();
  await variant.waitFor();
  assert.ok(await variant.locator('.reference-notes').isHidden(), 'not revealed at a new variant');
  assert.ok(await variant.locator('button.reveal-notes').isDisabled(), 'and they open there only after an attempt');
  assert.equal(await variant.locator('textarea').inputValue(), '', 'a new variant starts with an empty explanation');
  await variant.locator('textarea').fill('A draft at this variant.');
  await page.reload();
  await waitReady(page);
  assert.equal(await page.locator('section.explain-part textarea').first().inputValue(), 'A draft at this variant.',
    'a draft is kept at its variant');
  assert.ok(await page.locator('section.explain-part .reference-notes').first().isHidden());

  // The reveal is recorded: the progress file says it, at the chapter's numbers only.
  await page.goto(`${server.url}progress.html`);
  await waitReady(page);
  const row = page.locator('tr[data-exercise="ch14.ex3"] .summary-explain');
  assert.match(await row.textContent(), /1 of 1 written explanation started \(not graded\)/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('button.export-progress').click()]);
  const seeds = JSON.parse(fs.readFileSync(await download.path(), 'utf8')).storage.exercises['ch14.ex3'].seeds;
  const item = Object.keys(seeds['0'].explain)[0];
  assert.deepEqual([seeds['0'].explain[item].revealed, seeds['4242'].explain[item].revealed], [true, false]);
  assert.equal(seeds['4242'].explain[item].notes, 'A draft at this variant.');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('Exercise 19.11: any explicit policy that keeps the padding out is right; NaN propagation and uniform weights over the padding are named', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch19.ex11');
  const batched = part(page, 'all_masked_policy_batched');
  for (const [policy, verdict, mistake] of [['error', 'correct', null], ['uniform', 'incorrect', 'uniform-over-padding'],
    ['nan', 'incorrect', 'nan-propagation']]) {
    await batched.section.locator(`input[value="${policy}"]`).check();
    await batched.section.locator('button.check').click();
    await batched.feedback.locator(`.verdict-title`).waitFor();
    await page.waitForFunction(({ v }) => document.querySelector('.part[data-part="all_masked_policy_batched"] .feedback')
      ?.dataset.verdict === v, { v: verdict });
    assert.equal(await batched.feedback.getAttribute('data-misconception'), mistake, policy);
  }
  assert.match(await batched.feedback.textContent(), /not a policy/);
  await batched.section.locator('input[value="zeros_flagged"]').check();
  await batched.section.locator('button.check').click();
  await page.waitForFunction(() => document.querySelector('.part[data-part="all_masked_policy_batched"] .feedback')
    ?.dataset.verdict === 'correct');
  assert.match(await batched.feedback.textContent(), /Any explicit rule that keeps the padding out of the result, stated and tested/);
  assert.ok(await page.locator('section.explain-part').count() >= 1, 'the test to write is an explain part');
  // Its checklist's maths is typeset, never shown as TeX.
  const points = page.locator('section.explain-part ul.checklist label');
  await points.locator('math').first().waitFor();
  const outsideMath = await points.evaluateAll((labels) => labels.map((label) => {
    const copy = label.cloneNode(true);
    for (const math of copy.querySelectorAll('math')) math.remove();
    return copy.textContent;
  }).join(' '));
  assert.doesNotMatch(outsideMath, /\$|\\infty/);
  assert.equal(await batched.feedback.locator('.expected').count(), 0, 'the rule is stated; no single value is shown');
  await screenshot(page, 'ch19-ex11-policy');
  assert.deepEqual(problems(), []);
  await context.close();
});
