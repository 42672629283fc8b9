// Damaged saved state and a core that fails to load: both give a visible
// message, never a blank page or an uncaught error.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newCheckedPage, part, screenshot, useSite, waitReady } from './harness.mjs';

const KEY = 'attention-companion:v2';
const V1_KEY = 'attention-companion:v1';
let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

for (const [name, value] of [
  ['not JSON', '{"version": 2, "exercises": {'],
  ['the wrong shape', JSON.stringify({ version: 2, exercises: { 'ch14.ex1': { seeds: { 0: { parts: { weights: { text: 5 } } } } } } })],
  ['an unknown version', JSON.stringify({ version: 7, answers: [] })],
]) {
  test(`a saved store holding ${name} is reset with a visible notice`, async () => {
    const { page, context, problems } = await newCheckedPage(browser);
    await page.goto(server.url);
    await waitReady(page);
    await page.evaluate(([key, text]) => localStorage.setItem(key, text), [KEY, value]);
    await page.goto(`${server.url}exercise.html?id=ch14.example1`);
    await waitReady(page);
    const notice = page.locator('#notice .notice-warning');
    await notice.waitFor();
    assert.match(await notice.textContent(), /could not be read/);
    assert.ok(await page.locator('section.part').count() > 0, 'the exercise is still shown');
    const stored = JSON.parse(await page.evaluate((key) => localStorage.getItem(key), KEY));
    assert.deepEqual(stored, { version: 2, exercises: {} });

    const weights = part(page, 'weights');
    await weights.input.fill('[1/2, 1/4, 1/4]');
    await weights.input.press('Enter');
    await weights.feedback.locator('.verdict').waitFor();
    await page.reload();
    await waitReady(page);
    assert.equal(await page.locator('#notice .notice-warning').count(), 0, 'the notice is shown once');
    assert.equal(await weights.input.inputValue(), '[1/2, 1/4, 1/4]');
    if (name === 'not JSON') await screenshot(page, 'storage-reset-notice');
    assert.deepEqual(problems(), []);
    await context.close();
  });
}

test('answers saved by version 1 of the store are migrated, each under its seed', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(server.url);
  await waitReady(page);
  const v1 = { version: 1, exercises: {
    'ch14.ex1': { parts: { weights: { text: '[2/5, 2/5, 1/5]', verdict: 'correct', attempts: 2 } } },
    'ch19.ex3': { seed: 77, parts: { weights: { text: '[0.1, 0.2, 0.7]', verdict: 'incorrect', attempts: 1 } } },
  } };
  await page.evaluate(([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); }, [V1_KEY, JSON.stringify(v1)]);
  await page.goto(`${server.url}exercise.html?id=ch14.ex1`);
  await waitReady(page);
  assert.equal(await page.locator('#notice .notice-warning').count(), 0, 'a migration is silent');
  const weights = part(page, 'weights');
  assert.equal(await weights.input.inputValue(), '[2/5, 2/5, 1/5]');
  await weights.feedback.locator('.verdict').waitFor();
  assert.equal(await weights.feedback.getAttribute('data-verdict'), 'correct');
  assert.equal((await weights.attempts.textContent()).trim(), '2 attempts');
  const [stored, old] = await page.evaluate(([key, oldKey]) => [localStorage.getItem(key), localStorage.getItem(oldKey)], [KEY, V1_KEY]);
  assert.equal(old, null, 'the version-1 key is removed');
  const state = JSON.parse(stored);
  assert.equal(state.version, 2);
  assert.equal(state.exercises['ch14.ex1'].seeds['0'].parts.weights.text, '[2/5, 2/5, 1/5]');
  assert.equal(state.exercises['ch19.ex3'].seeds['77'].parts.weights.verdict, 'incorrect');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a core that cannot be loaded gives a clear message on every page that needs one; the index needs none', async () => {
  const { page, context, problems } = await newCheckedPage(browser, { allow: [/Failed to load resource/] });
  await page.route('**/companion*.js', (route) => route.fulfill({ status: 404, body: 'missing' }));
  // The index lists the exercises without a core.
  await page.goto(`${server.url}index.html`);
  await waitReady(page);
  assert.equal(await page.locator('#status .status-error').count(), 0);
  assert.ok(await page.locator('li[data-exercise] a').count() >= 30, 'the index lists the exercises');
  for (const path of ['exercise.html?id=ch14.ex1', 'exercise-14.html?id=ch14.ex1', 'lab-read.html', 'lab-deletion.html']) {
    await page.goto(`${server.url}${path}`);
    await waitReady(page);
    const status = page.locator('#status .status-error');
    await status.waitFor();
    assert.match(await status.textContent(), /could not be loaded/, path);
  }
  await screenshot(page, 'core-load-failure');
  assert.deepEqual(problems(), []);
  await context.close();
});

// Issue 9: one damaged record no longer wipes the store, and ids such as "__proto__" and
// "constructor" are data: the page's Object.prototype is untouched and nothing throws.
test('a store with one bad record and hostile ids keeps the good answers and says how many were dropped', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(server.url);
  await waitReady(page);
  const text = '{"version": 2, "exercises": {' +
    '"ch14.example1": {"seeds": {"0": {"parts": {"weights": {"text": "[1/2, 1/4, 1/4]", "verdict": "correct", "attempts": 2}, ' +
    '"scores": {"text": "[a, 0, 0]", "verdict": "incorrect", "attempts": -1}}}}}, ' +
    '"__proto__": {"seeds": {"0": {"parts": {"w": {"text": "x", "verdict": null, "attempts": 0}}}}, "open": {"ticked": [], "notes": "polluted", "revealed": true}}, ' +
    '"constructor": {"seeds": {"0": {"parts": {"__proto__": {"text": "y", "verdict": null, "attempts": 1}}}}}}}';
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [KEY, text]);
  await page.goto(`${server.url}exercise.html?id=ch14.example1`);
  await waitReady(page);
  assert.deepEqual(await page.evaluate(() => [({}).open, ({}).seeds, Object.getPrototypeOf({}) === Object.prototype]),
    [undefined, undefined, true], 'Object.prototype is untouched');
  const notice = page.locator('#notice .notice-warning');
  await notice.waitFor();
  assert.match(await notice.textContent(), /^1 saved answer in this browser could not be read .* Your other answers are kept\./);
  assert.equal(await part(page, 'weights').input.inputValue(), '[1/2, 1/4, 1/4]', 'the good answer is kept');
  assert.equal(await part(page, 'scores').input.inputValue(), '', 'the bad one is dropped');
  const stored = JSON.parse(await page.evaluate((key) => localStorage.getItem(key), KEY));
  assert.equal(stored.exercises.__proto__.open.notes, 'polluted', 'the hostile ids are kept as data');
  assert.equal(stored.exercises['ch14.example1'].seeds['0'].parts.scores, undefined);
  for (const path of ['index.html', 'progress.html']) {
    await page.goto(`${server.url}${path}`);
    await waitReady(page);
    assert.equal(await page.evaluate(() => ({}).open), undefined, path);
  }
  assert.equal(await page.locator('#notice .notice-warning').count(), 0, 'the notice is shown once');
  assert.deepEqual(problems(), []);
  await context.close();
});

// Issue 9: seeds in the address and in the seed attribute go through the one seed parser.
test('an address or attribute seed that is not decimal digits is refused by name', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  for (const seed of [' 7 ', '0x10', '1e3', '']) {
    await page.goto(`${server.url}exercise.html?id=ch19.running&seed=${encodeURIComponent(seed)}`);
    await waitReady(page);
    assert.ok((await page.locator('#notice').textContent()).includes(`seed in the address "${seed}" is not a whole number`), seed);
    assert.equal(await page.locator('body').getAttribute('data-seed'), '0');
    await page.goto(`${server.url}embed.html?exercise=ch19.running&seed=${encodeURIComponent(seed)}`);
    await waitReady(page);
    assert.ok((await page.locator('#status .status-error').textContent()).includes(`"${seed}" is not a whole number`), seed);
    assert.equal(await page.locator('article.aw-exercise').count(), 0);
  }
  await page.goto(`${server.url}component.html`);
  await page.waitForFunction(() => document.querySelector('attention-exercise')?.dataset.ready === 'true');
  const refused = await page.evaluate(() => {
    try {
      document.querySelector('attention-exercise').setSeed('1e3');
      return 'accepted';
    } catch (error) {
      return error.message;
    }
  });
  assert.match(refused, /seed "1e3" is not a whole number/);
  await page.evaluate(() => document.querySelector('attention-exercise').setAttribute('seed', '0x10'));
  const status = page.locator('attention-exercise .status-error');
  await status.waitFor();
  assert.match(await status.textContent(), /seed attribute "0x10" is not a whole number/);
  assert.deepEqual(problems(), []);
  await context.close();
});
