// Issue 13, a teacher's package: chosen exercises (tools/scorm-package.mjs), per-learner
// variants and a feedback policy given as the manifest's launch parameters, run under
// scorm-again (the test LMS of scorm-lms.mjs, which appends those parameters to the launch
// as Moodle does). Two learners get different variants of the same exercise, and the same
// learner the same variant again on relaunch; the policy limits the checks, words the
// feedback without values and does not show the working, which is made of values.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, newCheckedPage, repoRoot, screenshot } from './harness.mjs';
import { startHost } from './embed-helpers.mjs';
import { installPackage } from './scorm-lms.mjs';
import { main as scormPackage } from '../../tools/scorm-package.mjs';
import { learnerSeed } from '../../web/embed/learner-seed.mjs';
import { loadCompanion } from '../../web/companion.mjs';

const SALT = 'spring';
const EXERCISE = 'ch19.ex3';
let lms;
let browser;
let companion;
let out;

before(async () => {
  companion = await loadCompanion();
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'teacher-package-'));
  const zips = scormPackage(['--exercises', `${EXERCISE},ch19.ex1,ch19.ex11`, '--title', 'Retrieval practice',
    '--per-learner', '--salt', SALT, '--attempts', '2', '--values', 'hidden', '--working', 'hidden', '--out', out]);
  lms = await startHost();
  installPackage(lms, 'chosen', zips[0], '1.2');
  installPackage(lms, 'chosen2004', zips[1], '2004');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await lms?.stop();
  fs.rmSync(out, { recursive: true, force: true });
});

async function launch(page, learner, folder = 'chosen') {
  await page.goto(`${lms.url}${folder}/lms.html?learner=${encodeURIComponent(learner)}`);
  await page.waitForFunction(() => document.getElementById('sco').contentDocument
    ?.querySelector('attention-exercise')?.dataset.ready === 'true');
  return page.frameLocator('#sco').locator('attention-exercise');
}

// The part's expected value as the core gives it (for answers of the right shape).
function expectedOf(id, part, seed) {
  for (let n = 1; n <= 12; n += 1) {
    const result = companion.grade(id, part, n === 1 ? '0' : `[${Array(n).fill('0').join(', ')}]`, { seed });
    if (result.verdict !== 'invalid') return String(result.expected);
  }
  throw new Error(`no answer of the right shape for ${id}/${part}`);
}

test('two learners get different variants of the same exercise; the same learner the same one on relaunch', async () => {
  const seen = {};
  for (const learner of ['ana', 'ben']) {
    const { page, problems } = await newCheckedPage(browser);
    const element = await launch(page, learner);
    const seed = learnerSeed(learner, EXERCISE, SALT);
    const article = element.locator(`article[data-exercise="${EXERCISE}"]`);
    assert.match(await article.locator('.aw-seed').textContent(), new RegExp(`Variant ${seed}\\b`));
    seen[learner] = await article.locator('.inputs').first().textContent();
    // 19.1 has no numbers to redraw but letters its arrays in the learner's own order; 19.11
    // has no variants and keeps its one version.
    assert.match(await element.locator('article[data-exercise="ch19.ex1"] .aw-seed').textContent(),
      new RegExp(`Variant ${learnerSeed(learner, 'ch19.ex1', SALT)}: the same question, laid out in another order`));
    assert.equal(await element.locator('article[data-exercise="ch19.ex11"] .aw-seed').count(), 0);
    // An answer, then a relaunch: the same variant, the answer restored.
    const weights = article.locator('section.part[data-part="weights"]');
    await weights.locator('input.answer').fill('[0.9, 0.05, 0.05]');
    await weights.locator('input.answer').press('Enter');
    await weights.locator('.feedback[data-verdict]').waitFor();
    const [interaction] = await page.evaluate(() => window.interactions());
    assert.match(interaction.id, new RegExp(`^${EXERCISE.replaceAll('.', '\\.')}\\.weights\\.v${seed}\\.h[0-9a-f]{12}$`),
      'the interaction names the variant and the exercise\'s version');
    await page.waitForFunction(() => window.commits >= 1);
    await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
    await page.waitForFunction(() => window.finished === true);
    await page.reload();
    await page.waitForFunction(() => document.getElementById('sco').contentDocument
      ?.querySelector('attention-exercise')?.dataset.ready === 'true');
    assert.match(await article.locator('.aw-seed').textContent(), new RegExp(`Variant ${seed}\\b`));
    assert.equal(await article.locator('.inputs').first().textContent(), seen[learner]);
    assert.equal(await weights.locator('input.answer').inputValue(), '[0.9, 0.05, 0.05]');
    assert.deepEqual(problems(), []);
    await page.context().close();
  }
  assert.notEqual(learnerSeed('ana', EXERCISE, SALT), learnerSeed('ben', EXERCISE, SALT));
  assert.notEqual(seen.ana, seen.ben, 'the two learners see different numbers');
  // The SCORM 2004 package reads the learner's id from cmi.learner_id: the same numbers.
  const { page, problems } = await newCheckedPage(browser);
  const element = await launch(page, 'ana', 'chosen2004');
  const article = element.locator(`article[data-exercise="${EXERCISE}"]`);
  assert.match(await article.locator('.aw-seed').textContent(), new RegExp(`Variant ${learnerSeed('ana', EXERCISE, SALT)}\\b`));
  assert.equal(await article.locator('.inputs').first().textContent(), seen.ana);
  assert.deepEqual(problems(), []);
  await page.context().close();
});

test('the package\'s policy: two checks a part, feedback without values, no working', async () => {
  const { page, problems } = await newCheckedPage(browser);
  const element = await launch(page, 'cy');
  const seed = learnerSeed('cy', EXERCISE, SALT);
  assert.match(await element.locator('.policy-note').textContent(),
    /at most 2 graded checks.*closed once it is correct or out of checks.*gives no value you did not type.*are not shown; and a part offers its worked solution once it is correct or out of checks\.$/);
  assert.doesNotMatch(await element.locator('.policy-note').textContent(), /working opens/, 'values hidden keep it closed');
  const article = element.locator(`article[data-exercise="${EXERCISE}"]`);
  // Values hidden: the working, made of values, is not offered at all, and the learner is told.
  assert.equal(await article.locator('button.show-working').count(), 0);
  assert.match(await article.locator('.working-section .working-gate').textContent(), /not to show the expected values/);

  // A correct answer rounded to three significant figures: correct, and no value given back.
  const expected = expectedOf(EXERCISE, 'weights', seed);
  const decimals = expected.split('≈').at(-1).trim().replace(/-?\d+\.\d+/g, (x) => Number(x).toPrecision(3));
  const weights = article.locator('section.part[data-part="weights"]');
  await weights.locator('input.answer').fill(decimals);
  await weights.locator('input.answer').press('Enter');
  await weights.locator('.feedback[data-verdict="correct"]').waitFor();
  const said = await weights.locator('.feedback').textContent();
  assert.doesNotMatch(said, /the value is|Exact answer|core’s value/, said);
  assert.equal(await weights.locator('.feedback .expected').count(), 0);
  assert.match(await weights.locator('.attempts').textContent(), /1 of 2 attempts used.*closed: it is correct/);

  // Two wrong answers close the other part; a third check is refused and counts nothing.
  const sum = article.locator('section.part[data-part="weight_sum"]');
  for (const wrong of ['7', '9']) {
    await sum.locator('input.answer').fill(wrong);
    await sum.locator('input.answer').press('Enter');
    await sum.locator(`.feedback[data-verdict="incorrect"]`).waitFor();
  }
  assert.match(await sum.locator('.attempts').textContent(), /2 of 2 attempts used.*no attempts left/);
  assert.equal(await sum.locator('input.answer').evaluate((input) => input.readOnly), true);
  // Closed, it says only that, and what is left: never "not correct yet", never "check again".
  const closedSays = await sum.locator('.feedback').textContent();
  assert.match(closedSays, /^Not correctNo attempts left: this part is closed/);
  assert.doesNotMatch(closedSays, /yet|Check each step|try/i);
  const before = (await page.evaluate(() => window.interactions())).length;
  await sum.locator('button.check').click({ force: true });
  await page.waitForTimeout(200);
  assert.equal((await page.evaluate(() => window.interactions())).length, before, 'a closed part is not checked');
  assert.match(await sum.locator('.attempts').textContent(), /2 of 2 attempts used/);

  // Every part settled: still no working (it would give the values away).
  assert.equal(await article.locator('table.working').count(), 0);
  await screenshot(page, 'scorm-teacher-policy');

  // The other exercises are not settled: incomplete until the learner says they have
  // finished, and still completed on the next visit.
  await page.waitForFunction(() => window.commits >= 3);
  assert.equal((await page.evaluate(() => window.record())).status, 'incomplete');
  const frame = page.frameLocator('#sco');
  await frame.locator('button.sco-finish').click();
  await frame.locator('.sco-finish-note', { hasText: 'completed' }).waitFor();
  assert.equal((await page.evaluate(() => window.record())).status, 'completed');
  await frame.locator('button.sco-finish').scrollIntoViewIfNeeded();
  await page.locator('#sco').screenshot({ path: path.join(repoRoot, 'test-results', 'scorm-teacher-finished.png') });
  await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
  await page.waitForFunction(() => window.finished === true);
  await page.reload();
  await page.waitForFunction(() => document.getElementById('sco').contentDocument
    ?.querySelector('attention-exercise')?.dataset.ready === 'true');
  assert.equal(await frame.locator('button.sco-finish').getAttribute('aria-disabled'), 'true');
  assert.equal((await page.evaluate(() => window.record())).status, 'completed');
  assert.match(await sum.locator('.attempts').textContent(), /2 of 2 attempts used.*no attempts left/, 'closed parts stay closed');
  assert.deepEqual(problems(), []);
});
