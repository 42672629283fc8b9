// Seeded variants in the page: "New variant" puts a seed in the address, the
// inputs shown are the variant's, a part answered with the core's value for
// that seed grades correct, and the answer comes back after a reload, kept
// apart from the chapter's numbers (seed 0).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newCheckedPage, part, screenshot, useSite, waitReady } from './harness.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

// The core's working for (id, seed), read in the page through the same API the page uses.
function coreWorking(page, id, seed) {
  return page.evaluate(async ([exerciseId, s]) => {
    const { loadCompanion } = await import('./companion.mjs');
    const companion = await loadCompanion();
    const doc = companion.exercise(exerciseId, { seed: s });
    return { working: doc.working, inputs: doc.inputs };
  }, [id, seed]);
}

async function newVariant(page) {
  const before = page.url();
  await page.locator('button.new-variant').click();
  await page.waitForURL((url) => url.href !== before && url.searchParams.has('seed'));
  await waitReady(page);
  const seed = Number(new URL(page.url()).searchParams.get('seed'));
  assert.ok(Number.isInteger(seed) && seed > 0, `a seed in the address: ${page.url()}`);
  assert.equal(await page.locator('body').getAttribute('data-seed'), String(seed));
  return seed;
}

test('a Chapter 19 variant round trip: new seed, core answer correct, reload restores it', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}exercise.html?id=ch19.running`);
  await waitReady(page);
  const chapterQuery = await page.locator('tr[data-input="query"] code').textContent();
  const seed = await newVariant(page);
  const { working, inputs } = await coreWorking(page, 'ch19.running', seed);
  assert.equal(await page.locator('tr[data-input="query"] code').textContent(), inputs.query, 'the variant’s inputs are shown');
  assert.notEqual(inputs.query, chapterQuery);
  assert.match(await page.locator('.variant-badge').textContent(), new RegExp(`Variant ${seed}`));
  // Each weight at 3 significant figures, as the decimal rule asks of every entry.
  const typed = `[${working.positions.map((p) => p.weight.toPrecision(3)).join(', ')}]`;
  const weights = part(page, 'weights');
  await weights.input.fill(typed);
  await weights.input.press('Enter');
  await weights.feedback.locator('.verdict-title').waitFor();
  assert.equal(await weights.feedback.getAttribute('data-verdict'), 'correct', `weights ${typed} for seed ${seed}`);
  await screenshot(page, 'variant-ch19-running');

  await page.reload();
  await waitReady(page);
  await weights.feedback.locator('.verdict-title').waitFor();
  assert.equal(await weights.input.inputValue(), typed);
  assert.equal(await weights.feedback.getAttribute('data-verdict'), 'correct');

  await page.locator('a.back-to-chapter').click();
  await waitReady(page);
  assert.equal(new URL(page.url()).searchParams.get('seed'), null);
  assert.equal(await weights.input.inputValue(), '', 'the chapter’s numbers have their own answers');
  assert.match(await page.locator('.variant-list').textContent(), new RegExp(String(seed)));
  const stored = JSON.parse(await page.evaluate(() => localStorage.getItem('attention-companion:v2')));
  assert.equal(stored.exercises['ch19.running'].seeds[String(seed)].parts.weights.text, typed);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a Chapter 14 variant stays exact and grades with its seed', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}exercise.html?id=ch14.ex1`);
  await waitReady(page);
  const seed = await newVariant(page);
  const { working } = await coreWorking(page, 'ch14.ex1', seed);
  const typed = `[${working.positions.map((p) => p.weight.exact).join(', ')}]`;
  const weights = part(page, 'weights');
  await weights.input.fill(typed);
  await weights.input.press('Enter');
  await weights.feedback.locator('.verdict-title').waitFor();
  assert.equal(await weights.feedback.getAttribute('data-verdict'), 'correct', `weights ${typed} for seed ${seed}`);
  await page.reload();
  await waitReady(page);
  await weights.feedback.locator('.verdict-title').waitFor();
  assert.equal(await weights.feedback.getAttribute('data-verdict'), 'correct');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a seed in the address opens that variant; a bad seed falls back to the chapter with a notice', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}exercise.html?id=ch19.ex16&seed=4242`);
  await waitReady(page);
  const { inputs } = await coreWorking(page, 'ch19.ex16', 4242);
  assert.equal(await page.locator('tr[data-input="B"] code').textContent(), inputs.B);
  await page.goto(`${server.url}exercise.html?id=ch19.ex16&seed=-3`);
  await waitReady(page);
  assert.match(await page.locator('#notice').textContent(), /not a whole number/);
  assert.equal(await page.locator('body').getAttribute('data-seed'), '0');
  await page.goto(`${server.url}exercise.html?id=ch19.ex11&seed=9`);
  await waitReady(page);
  assert.match(await page.locator('#notice').textContent(), /no numeric variants/);
  assert.equal(await page.locator('button.new-variant').count(), 0, 'no variant control on a choice exercise');
  assert.deepEqual(problems(), []);
  await context.close();
});
