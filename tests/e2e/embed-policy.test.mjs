// A teacher's feedback policy that holds (issue 32): with values=hidden no expected value
// is anywhere on the page (its text, its attributes, the accessibility tree, the working,
// a figure), where in practice the same steps show them; and an embed with attempts=2
// counts the attempts made in it, whatever the open site holds.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newCheckedPage, waitReady, screenshot } from './harness.mjs';
import { hostPage, startHost } from './embed-helpers.mjs';
import { loadCompanion } from '../../web/companion.mjs';

const companion = await loadCompanion();
let site;
let course;
let browser;

before(async () => {
  site = await startServer();
  course = await startHost();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await Promise.all([site?.stop(), course?.stop()]);
});

// The expected values of Exercise 19.5, as the core gives them, and as three decimals (the
// working's and the figure's form).
const EXERCISE = 'ch19.ex5';
const expectedValues = () => companion.exercise(EXERCISE).parts.flatMap((part) => {
  for (let n = 1; n <= 6; n += 1) {
    const result = companion.grade(EXERCISE, part.name, n === 1 ? '0' : `[${Array(n).fill('0').join(', ')}]`);
    if (result.verdict !== 'invalid') return String(result.expected).match(/\d+\.\d+/g).map((x) => Number(x).toFixed(3));
  }
  return [];
});

// Everything the page holds that a learner or a screen reader could read: its text, its
// attributes' values, and the accessibility tree's names and values.
async function everythingShown(page) {
  await page.evaluate(() => {
    for (const details of document.querySelectorAll('details')) details.open = true;
  });
  const dom = await page.evaluate(() => {
    const texts = [document.body.innerText];
    for (const node of document.querySelectorAll('*')) {
      for (const attribute of node.attributes) texts.push(attribute.value);
      if (node.shadowRoot) texts.push(node.shadowRoot.textContent);
    }
    for (const svg of document.querySelectorAll('svg')) texts.push(svg.textContent);
    return texts.join('\n');
  });
  const session = await page.context().newCDPSession(page);
  const { nodes } = await session.send('Accessibility.getFullAXTree');
  const tree = nodes.flatMap((node) => [node.name?.value, node.value?.value, node.description?.value]).filter(Boolean).join('\n');
  return `${dom}\n${tree}`;
}

// Wrong answers to every part (so that no expected value is typed), every toggle opened.
async function answerAndOpen(page) {
  for (const section of await page.locator('section.part').all()) {
    await section.locator('.answer').fill('[0.1, 0.1, 0.1, 0.1, 0.6]');
    await section.locator('button.check').click();
    await section.locator('.feedback[data-verdict]').waitFor();
  }
  for (const toggle of await page.locator('button.hint-toggle, button.show-working:not([aria-disabled="true"])').all()) await toggle.click();
  for (const figure of await page.locator('details.figure-embed').all()) {
    await figure.locator('summary').click();
    await figure.locator('figure, .figure-status').first().waitFor();
  }
  await page.waitForTimeout(300);
}

test('values=hidden: no expected value in the page, its attributes, the accessibility tree, the working or a figure', async () => {
  const values = expectedValues();
  assert.ok(values.length >= 10, values.join(' '));
  for (const page of ['exercise.html?id=', 'embed.html?exercise=']) {
    // In practice the same steps show them (the check can fail).
    const practice = await newCheckedPage(browser);
    await practice.page.goto(`${site.url}${page}${EXERCISE}`);
    await waitReady(practice.page);
    await answerAndOpen(practice.page);
    const open = await everythingShown(practice.page);
    assert.ok(values.filter((value) => open.includes(value)).length >= 5, `${page}: practice shows the values`);
    await practice.context.close();

    const { page: hidden, context, problems } = await newCheckedPage(browser);
    await hidden.goto(`${site.url}${page}${EXERCISE}&values=hidden`);
    await waitReady(hidden);
    await answerAndOpen(hidden);
    const shown = await everythingShown(hidden);
    assert.deepEqual(values.filter((value) => shown.includes(value)), [], `${page}: nothing of ${values.join(' ')}`);
    assert.equal(await hidden.locator('table.working').count(), 0);
    assert.match(await hidden.locator('.working-section').textContent(), /not to show the expected values/);
    assert.equal(await hidden.locator('figure.live-figure, details.figure-embed').count(), 0, 'no figure');
    if (page.startsWith('embed')) await screenshot(hidden, 'embed-values-hidden');
    assert.deepEqual(problems(), []);
    await context.close();
  }
  // An explanation's reference notes hold the answers: under values=hidden they are not offered.
  const { page, context } = await newCheckedPage(browser);
  await page.goto(`${site.url}embed.html?exercise=ch14.ex3&values=hidden`);
  await waitReady(page);
  const explain = page.locator('section.explain-part').first();
  await explain.locator('textarea.open-notes').fill('The later state changes.');
  assert.equal(await explain.locator('button.reveal-notes').count(), 0);
  assert.match(await explain.textContent(), /reference notes, which hold them, are not shown/);
  await context.close();
});

test('an embed with attempts=2 counts the attempts made in it, whatever the open site holds', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  const embed = `${site.url}embed.html?exercise=ch14.ex1&attempts=2&origin=${encodeURIComponent(course.origin)}`;
  course.write('limited.html', hostPage(`<iframe id="attention" title="Exercise" style="width: 100%; height: 900px" src="${embed}"></iframe>\n` +
    '<script>window.received = []; addEventListener("message", (e) => window.received.push(e.data));</script>'));
  const ready = async () => {
    await page.goto(`${course.url}limited.html`);
    await page.waitForFunction(() => window.received.some((m) => m?.type === 'ready'));
    return page.evaluate(() => window.received.find((m) => m.type === 'ready'));
  };
  const frame = page.frameLocator('#attention');
  const weights = frame.locator('section.part[data-part="weights"]');
  assert.deepEqual((await ready()).exercises[0].parts.weights, { text: '', verdict: null, attempts: 0 });
  for (const wrong of ['[0.1, 0.1, 0.8]', '[0.2, 0.2, 0.6]']) {
    await weights.locator('.answer').fill(wrong);
    await weights.locator('button.check').click();
    await weights.locator(`.feedback[data-verdict="incorrect"]`).waitFor();
  }
  assert.match(await weights.locator('.attempts').textContent(), /2 of 2 attempts used.*no attempts left/);
  // The open site, same origin: its own answers, four checks, the last one correct.
  const site2 = await context.newPage();
  await site2.goto(`${site.url}exercise.html?id=ch14.ex1`);
  await waitReady(site2);
  const right = String(companion.grade('ch14.ex1', 'weights', '[0, 0, 0]').expected).split('≈')[0].trim();
  for (const text of ['[0.3, 0.3, 0.4]', '[0.4, 0.4, 0.2]', '[0.5, 0.3, 0.2]', right]) {
    await site2.locator('.part[data-part="weights"] .answer').fill(text);
    await site2.locator('.part[data-part="weights"] button.check').click();
    await site2.waitForFunction((t) => document.querySelector('.part[data-part="weights"] .feedback')?.dataset.verdict
      && document.querySelector('.part[data-part="weights"] .answer').value === t, text);
    await site2.waitForTimeout(100);
  }
  assert.equal(await site2.locator('.part[data-part="weights"] .attempts').textContent(), '4 attempts');
  await site2.close();
  // Back in the course: the embed reports its own two attempts, and stays closed.
  const again = await ready();
  assert.deepEqual(again.exercises[0].parts.weights, { text: '[0.2, 0.2, 0.6]', verdict: 'incorrect', attempts: 2 });
  await weights.locator('.feedback[data-verdict="incorrect"]').waitFor();
  assert.equal(await weights.locator('.answer').evaluate((input) => input.readOnly), true);
  assert.deepEqual(problems(), []);
  await context.close();
});
