// Chapter 19 in the page: numeric parts graded by the core (with a named
// misconception), a choice answered with radio buttons, the roles exercise
// answered with letters read off the shown arrays, the open task's reveal
// after an attempt, the ch19 working tables and the landing page's titles.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerPart, newCheckedPage, openExercise, part, screenshot, useSite, waitReady } from './harness.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

test('the running example grades the printed weights, names masking after softmax, and shows its working', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch19.running');
  assert.match(await page.locator('.decimal-rule').textContent(), /rounded to the places it shows, with at least 3 significant figures/);
  assert.equal(await answerPart(page, 'weights', '[0.123 0.361 0.2 0.101 0.215]'), 'correct');
  assert.equal(await answerPart(page, 'dot_scores', '[-0.1, 0.98, 0.39, -0.29, 0.46]'), 'correct');
  assert.equal(await answerPart(page, 'masked_weights', '[0.123, 0.361, 0.200, 0, 0]'), 'incorrect');
  const masked = part(page, 'masked_weights');
  assert.equal(await masked.feedback.getAttribute('data-misconception'), 'mask-after-softmax');
  assert.equal(await masked.feedback.locator('.expected').count(), 0, 'the value is not given away');
  assert.equal(await answerPart(page, 'masked_weights', '[0.179, 0.528, 0.293, 0, 0]'), 'correct');

  await page.locator('button.show-working').click();
  const table = page.locator('#working-holder table.working').first();
  await table.waitFor();
  assert.equal(await table.locator('tbody tr').count(), 5);
  const firstRow = await table.locator('tbody tr').first().locator('td').allTextContents();
  // The chapter's steps, each to 4 significant figures: score, exponential, weight.
  assert.deepEqual(await table.locator('thead th').allTextContents().then((h) => h.slice(1, 4)),
    ['Score', 'Exponential', 'Weight']);
  assert.deepEqual(firstRow.slice(0, 3), ['-0.1', '0.9048', '0.1226']);
  assert.match(await page.locator('#working-holder dl.summary').first().textContent(), /Context vector\s*\[0\.5115, 0\.3980, 0\.4165\]/);
  assert.ok(await page.locator('#working-holder h3', { hasText: 'Masked weights' }).count() > 0, 'the masked parts have their own working');
  await screenshot(page, 'ch19-running-graded');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a choice part is a radio group graded by option id', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch19.ex11');
  const batched = part(page, 'all_masked_policy_batched');
  const radios = batched.section.locator('input[type="radio"]');
  assert.equal(await radios.count(), 4);
  await batched.section.locator('button.check').click();
  await batched.feedback.locator('.verdict').waitFor();
  assert.equal(await batched.feedback.getAttribute('data-verdict'), 'empty', 'no choice, no attempt');
  await batched.section.getByLabel('Give the row all-zero weights', { exact: false }).check();
  await batched.section.locator('button.check').click();
  await batched.feedback.locator('.verdict-title').waitFor();
  assert.equal(await batched.feedback.getAttribute('data-verdict'), 'correct');
  const single = part(page, 'all_masked_policy_single');
  await single.section.locator('input[value="nan"]').check();
  await single.section.locator('button.check').click();
  await single.feedback.locator('.verdict-title').waitFor();
  assert.equal(await single.feedback.getAttribute('data-verdict'), 'incorrect');
  await page.reload();
  await waitReady(page);
  await batched.feedback.locator('.verdict-title').waitFor();
  assert.ok(await batched.section.locator('input[value="zeros_flagged"]').isChecked(), 'the choice is restored');
  assert.equal(await batched.feedback.getAttribute('data-verdict'), 'correct');
  await screenshot(page, 'ch19-ex11-choice');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the roles exercise shows arrays A–F from the core and takes letters', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch19.ex1');
  const arrays = page.locator('.roles-array');
  assert.equal(await arrays.count(), 6);
  const letterOf = async (start) => {
    for (const item of await arrays.all()) {
      if ((await item.locator('dd code').textContent()).startsWith(start)) return item.getAttribute('data-letter');
    }
    return null;
  };
  const queryLetter = await letterOf('[0.800, -0.300, 0.500]');
  const weightsLetter = await letterOf('[0.123, 0.361, 0.200, 0.101, 0.215]');
  assert.ok(queryLetter && weightsLetter, 'the query and weights arrays are shown');
  const query = part(page, 'query');
  await query.section.locator('select.answer-letter').selectOption(queryLetter);
  await query.section.locator('button.check').click();
  await query.feedback.locator('.verdict-title').waitFor();
  assert.equal(await query.feedback.getAttribute('data-verdict'), 'correct');
  const weights = part(page, 'weights');
  await weights.section.locator('select.answer-letter').selectOption(queryLetter);
  await weights.section.locator('button.check').click();
  await weights.feedback.locator('.verdict-title').waitFor();
  assert.equal(await weights.feedback.getAttribute('data-verdict'), 'incorrect');
  await weights.section.locator('select.answer-letter').selectOption(weightsLetter);
  await weights.section.locator('button.check').click();
  await weights.feedback.locator('.verdict-correct').waitFor();
  assert.deepEqual(problems(), []);
  await context.close();
});

test('an open task reveals its reference notes only after an attempt, and remembers it', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch19.ex20');
  assert.equal(await page.locator('section.part').count(), 0);
  const reveal = page.locator('button.reveal-notes');
  assert.ok(await reveal.isDisabled(), 'no reveal before an attempt');
  assert.ok(await page.locator('.reference-notes').isHidden());
  assert.ok(await page.locator('.answer-help').isHidden(), 'no answer syntax help on an open task');
  const boxes = page.locator('ul.checklist input[type="checkbox"]');
  assert.equal(await boxes.count(), 10);
  await boxes.nth(0).check();
  await boxes.nth(4).check();
  assert.match(await page.locator('.checklist-progress').textContent(), /^2 of 10/);
  assert.ok(await reveal.isEnabled());
  await reveal.click();
  await page.locator('.reference-notes p').first().waitFor();
  assert.match(await page.locator('.reference-notes').textContent(), /interventions/);
  await page.locator('textarea.open-notes').fill('<b>record the mask</b>');
  await screenshot(page, 'ch19-ex20-open-task');
  await page.reload();
  await waitReady(page);
  assert.ok(await page.locator('.reference-notes').isVisible(), 'still revealed after a reload');
  assert.ok(await boxes.nth(4).isChecked());
  assert.equal(await page.locator('textarea.open-notes').inputValue(), '<b>record the mask</b>');
  assert.equal(await page.locator('main b').count(), 0);
  await page.goto(server.url);
  await waitReady(page);
  assert.match(await page.locator('li[data-exercise="ch19.ex20"] .progress-text').textContent(), /2 points ticked, reference notes read/);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the landing page names both chapters and marks the open tasks', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(server.url);
  await waitReady(page);
  assert.match(await page.locator('#chapter-14').textContent(), /Chapter 14: Attention: where should the current output look\?/);
  assert.match(await page.locator('#chapter-19').textContent(), /Chapter 19: Attention as query-dependent retrieval/);
  assert.equal(await page.locator('section.chapter li[data-exercise^="ch19."]').count(), 24, 'the running example, the batched listing and the 22 exercises');
  assert.match(await page.locator('li[data-exercise="ch19.ex22"] .progress-text').textContent(), /Open design task/);
  assert.ok(await page.locator('a[href="figures.html"]').count() > 0);
  await screenshot(page, 'landing-ch19');
  assert.deepEqual(problems(), []);
  await context.close();
});
