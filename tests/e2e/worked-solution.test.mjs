// Help that grows with the learner's attempts (issue 41): a learner answers Exercise 19.3's
// weights wrong four times with answers no named mistake explains. Each check says where the
// answer departs from the step (here: the learner's own weights do not add up to 1); after
// three such checks the part offers its worked solution (a screen reader hears the offer with
// the check that brings it), which the learner opens; the part then says so, and the
// learner's next check carries "solution seen" into the progress file, the class report and
// the SCORM interaction. With the teacher's setting solutions=hidden,
// nothing is offered. A cell of a fill-in table (Example 14.3) offers its worked solution the
// same way, below the table and named by the cell.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, newCheckedPage, startServer, waitReady, screenshot } from './harness.mjs';
import { scormDir, startHost } from './embed-helpers.mjs';
import { installPackage } from './scorm-lms.mjs';
import { loadCompanion } from '../../web/companion.mjs';

const E = 'ch19.ex3';
// Four answers no mistake explains, each with 3 significant figures, none adding up to 1.
const WRONG = ['[0.500, 0.400, 0.200]', '[0.600, 0.300, 0.200]', '[0.500, 0.300, 0.300]', '[0.700, 0.200, 0.200]'];
const SUMS = ['1.1', '1.1', '1.1', '1.1'];

// A cell of Example 14.3's first fill-in table, and four answers the core marks not correct
// for it: the answers of the mistakes the core names for it (the core's, as a learner types them).
const TABLE = 'ch14.example3';
const CELL = 'frozen.key.readout';
const companion = await loadCompanion();
const CELL_WRONG = [...new Set(companion.mistakes(TABLE).parts.find((part) => part.name === CELL).mistakes
  .map((mistake) => String(mistake.answer)))]
  .filter((text) => companion.grade(TABLE, CELL, text).verdict === 'incorrect').slice(0, 4);
assert.equal(CELL_WRONG.length, 4, CELL_WRONG.join(' | '));

let site;
let lms;
let browser;
before(async () => {
  site = await startServer();
  lms = await startHost();
  installPackage(lms, 'scorm12-ch19', path.join(scormDir, 'attention-companion-ch19-scorm12.zip'), '1.2');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await lms?.stop();
  await site?.stop();
});

// Checks the wrong answers in turn in `weights` (a locator of the part) and returns what each
// check showed: the feedback text and whether the solution (`solution`: where the part offers
// it) was offered after it.
async function answerWrong(weights, count, { answers = WRONG, solution = weights.locator('.solution') } = {}) {
  const seen = [];
  for (const [n, text] of answers.slice(0, count).entries()) {
    const input = weights.locator('input.answer');
    await input.fill(text);
    await input.press('Enter');
    await weights.locator(`.attempts:text-matches("^${n + 1} attempts?")`).waitFor();
    await weights.locator('.feedback[data-verdict="incorrect"]').waitFor();
    // The sentence a screen reader hears (the announcer is emptied, then filled).
    const announcer = weights.locator('.part-announcer');
    await announcer.filter({ hasText: /^Not correct/ }).waitFor();
    seen.push({ announced: await announcer.textContent(), feedback: await weights.locator('.feedback').textContent(),
      misconception: await weights.locator('.feedback').getAttribute('data-misconception'),
      offered: await solution.isVisible() });
  }
  return seen;
}

// Checks `text` in `part` (done: what shows once it is checked), reloads the page and returns
// what the offer of the worked solution (in `solution`) says then.
async function checkThenReload(page, part, text, done, solution) {
  await part.locator('input.answer').fill(text);
  await part.locator('input.answer').press('Enter');
  await done.waitFor();
  await page.reload();
  await waitReady(page);
  await part.locator('.feedback .verdict').first().waitFor();
  return solution.locator('.solution-note').textContent();
}

// The progress file the progress page exports, as text.
async function exportedProgress(page) {
  await page.goto(`${site.url}progress.html`);
  await waitReady(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('button.export-progress').click()]);
  return fs.readFileSync(await download.path(), 'utf8');
}

// The right weights of the page's variant, from the worked solution's last line (once its lines
// have come from the whole core, which the page loads when the solution is first reached for).
async function rightWeights(weights) {
  await weights.locator('.solution-steps li:not(.solution-loading)').last().waitFor();
  const last = (await weights.locator('.solution-steps li').last().textContent()).trim();
  return last.slice(last.lastIndexOf(': ') + 2);
}

test('four unexplained wrong checks: the step hint, then the offer of a worked solution; opened, the report records it', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${site.url}progress.html`);
  await waitReady(page);
  await page.getByLabel('Your name:').fill('Lee Park');
  await page.goto(`${site.url}${E}.html`);
  await waitReady(page);
  const weights = page.locator('.part[data-part="weights"]');
  const seen = await answerWrong(weights, 4);
  for (const [n, check] of seen.entries()) {
    assert.equal(check.misconception, null, `check ${n + 1} is explained by no named mistake`);
    assert.match(check.feedback, new RegExp(`Your weights add up to ${SUMS[n].replace('.', '\\.')}, not 1`), `check ${n + 1}`);
  }
  assert.deepEqual(seen.map((check) => check.offered), [false, false, true, true], 'offered after the third');
  // The offer is heard when it appears: the third check's announcement says so, the others do not.
  assert.deepEqual(seen.map((check) => /worked solution of this part is now offered/.test(check.announced)),
    [false, false, true, false], seen.map((check) => check.announced).join('\n'));
  assert.notEqual(seen[2].announced, seen[1].announced, 'the third check is not announced as the second');
  assert.equal(await weights.locator('.part-announcer').getAttribute('aria-live'), 'polite');
  const solution = weights.locator('.solution');
  assert.match(await solution.locator('.solution-note').textContent(), /A worked solution of this part is here/);
  assert.equal(await solution.locator('.solution-steps').isVisible(), false, 'not opened for the learner');
  await solution.locator('button.show-solution').click();
  await solution.locator('.solution-steps li:not(.solution-loading)').last().waitFor();
  assert.match(await solution.locator('.solution-note').textContent(), /^You saw the worked solution/);
  const steps = await solution.locator('.solution-steps li').allTextContents();
  // The given scores named in words, and the working shown: the total with each exponential written out.
  assert.ok(steps.some((line) => /^Scores .*\(given\)$/.test(line)), steps.join('\n'));
  assert.ok(steps.some((line) => /^Total = exp\(.*\) \+ exp\(.*= \d/.test(line)), steps.join('\n'));
  assert.match(steps.at(-1), /^Weights .*: \[/);
  // The notation is typeset (KaTeX, which comes once some maths needs it), as the prompts are.
  await solution.locator('.solution-steps li .katex').first().waitFor();
  await screenshot(page, 'worked-solution-19-3');

  // The learner checks the solution's weights: that try carries "solution seen".
  // Reloaded, the part still says the solution was seen.
  assert.match(await checkThenReload(page, weights, await rightWeights(weights), weights.locator('.feedback[data-verdict="correct"]'),
    weights), /^You saw the worked solution/);
  assert.equal(await weights.locator('.feedback').getAttribute('data-verdict'), 'correct');

  const file = await exportedProgress(page);
  const tries = JSON.parse(file).storage.exercises[E].seeds['0'].parts.weights.tries;
  assert.deepEqual(tries.map((entry) => entry.solutionSeen ?? false), [false, false, false, false, true]);

  await page.goto(`${site.url}report.html`);
  await waitReady(page);
  await page.locator('#report-files').setInputFiles({ name: 'lee.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  await page.locator('#report[data-state="ready"]').waitFor();
  const path19 = await page.locator(`details.report-learner tbody tr[data-part="weights"] .report-path li`).allTextContents();
  assert.equal(path19.length, 5, path19.join(' | '));
  assert.match(path19.at(-1), /^correct, solution seen/);
  assert.ok(path19.slice(0, 4).every((step) => !/solution seen/.test(step)));
  assert.deepEqual(problems(), []);
  await context.close();
});

test('with solutions=hidden, four wrong checks offer no worked solution', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${site.url}${E}.html?solutions=hidden`);
  await waitReady(page);
  assert.match(await page.locator('.policy-note').textContent(), /no worked solution of a part is offered/);
  const weights = page.locator('.part[data-part="weights"]');
  const seen = await answerWrong(weights, 4);
  assert.deepEqual(seen.map((check) => check.offered), [false, false, false, false]);
  assert.match(seen[0].feedback, /add up to 1\.1, not 1/, 'the step hint is still said');
  assert.equal(await weights.locator('button.show-solution').isVisible(), false);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('in a SCORM package, the check after the solution is opened is recorded as solution seen', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${lms.url}scorm12-ch19/lms.html`);
  const sco = page.frameLocator('#sco');
  await page.waitForFunction(() => document.getElementById('sco').contentDocument
    ?.querySelector('attention-exercise')?.dataset.ready === 'true');
  const weights = sco.locator(`attention-exercise article[data-exercise="${E}"] section.part[data-part="weights"]`);
  const seen = await answerWrong(weights, 4);
  assert.deepEqual(seen.map((check) => check.offered), [false, false, true, true]);
  await weights.locator('button.show-solution').click();
  await weights.locator('.solution-steps').waitFor();
  await weights.locator('input.answer').fill(await rightWeights(weights));
  await weights.locator('input.answer').press('Enter');
  await weights.locator('.feedback[data-verdict="correct"]').waitFor();
  await page.waitForFunction((id) => window.interactions().filter((entry) => String(entry.id).startsWith(id)).length === 5,
    `${E}.weights`);
  const ids = (await page.evaluate(() => window.interactions())).map((entry) => String(entry.id))
    .filter((id) => id.startsWith(`${E}.weights`));
  assert.equal(ids.length, 5, JSON.stringify(ids));
  assert.deepEqual(ids.map((id) => id.endsWith('.seen')), [false, false, false, false, true]);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a fill-in table cell: three wrong checks offer its worked solution below the table, heard with the third; opened, its lines are shown and recorded', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${site.url}${TABLE}.html`);
  await waitReady(page);
  const cell = page.locator(`.part-cell[data-part="${CELL}"]`);
  const below = page.locator('.part-table-block').filter({ has: cell }).locator('.cell-solutions');
  const solution = below.locator(`.solution[data-part="${CELL}"]`);
  const seen = await answerWrong(cell, 3, { answers: CELL_WRONG, solution });
  assert.deepEqual(seen.map((check) => check.offered), [false, false, true], 'offered after the third');
  assert.deepEqual(seen.map((check) => /worked solution of this part is now offered: .*below the table\.$/.test(check.announced)),
    [false, false, true], seen.map((check) => check.announced).join('\n'));
  assert.equal(await cell.locator('.part-announcer').getAttribute('aria-live'), 'polite');
  // Below the table, one offer: this cell's, named as its field is; none in the cell itself.
  assert.equal(await below.locator('.solution:visible').count(), 1);
  assert.equal(await cell.locator('.solution').count(), 0, 'the table stays compact');
  const name = await cell.locator('input.answer').getAttribute('aria-label');
  assert.equal(await solution.locator('.solution-for').textContent(), `Worked solution: ${name}`);
  assert.equal(await solution.getAttribute('role'), 'group');
  assert.match(await solution.locator('.solution-note').textContent(), /A worked solution of this part is here/);
  assert.equal(await solution.locator('.solution-steps').isVisible(), false, 'not opened for the learner');
  await solution.locator('button.show-solution').click();
  await solution.locator('.solution-steps li:not(.solution-loading)').last().waitFor();
  assert.match(await solution.locator('.solution-note').textContent(), /^You saw the worked solution/);
  // The cell's own lines, as the core works them out.
  const lines = (await companion.solutions(TABLE)).get(CELL);
  assert.ok(lines.length > 1, lines.join('\n'));
  assert.equal(await solution.locator('.solution-steps li').count(), lines.length);
  await screenshot(page, 'worked-solution-14-3-cell');

  // Recorded: the next check carries "solution seen", and reloaded, the offer says it was seen.
  assert.match(await checkThenReload(page, cell, CELL_WRONG[3], cell.locator('.attempts:text-matches("^4 attempts")'), solution),
    /^You saw the worked solution/);
  assert.equal(await cell.locator('.feedback').getAttribute('data-verdict'), 'incorrect');
  const saved = JSON.parse(await exportedProgress(page)).storage.exercises[TABLE].seeds['0'].parts[CELL];
  assert.equal(saved.solutionSeen, true);
  assert.deepEqual(saved.tries.map((entry) => entry.solutionSeen ?? false), [false, false, false, true]);
  assert.deepEqual(problems(), []);
  await context.close();
});
