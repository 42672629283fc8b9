// The <attention-exercise> web component from one script tag (the README's snippet, run
// as written) on a page of another origin: two elements share one WASM module, grade
// through the core, fire their events, keep their styles to themselves and keep answers.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newCheckedPage, screenshot } from './harness.mjs';
import { snippet, localise, hostPage, startHost } from './embed-helpers.mjs';

let site;
let course;
let browser;

// The host page's own styles, which must not reach into the elements, and its own
// .part/.feedback elements, which the elements' styles must not reach.
const HOST_STYLE = `<style>
  p, h2, h3, input, button { color: rgb(255, 0, 0) !important; font-family: serif !important; }
  .feedback, .part { display: none !important; }
</style>`;
const HOST_OWN = '<section class="part" id="host-part"><p class="feedback" id="host-feedback">The course page\'s own text.</p></section>';

before(async () => {
  site = await startServer();
  course = await startHost();
  browser = await launchBrowser();
  course.write('component.html', hostPage(`${HOST_OWN}\n${localise(snippet('component'), { companion: site.url, course: course.url })}`, HOST_STYLE));
});

after(async () => {
  await browser?.close();
  await Promise.all([site?.stop(), course?.stop()]);
});

test('two <attention-exercise> elements on another origin share one module and grade in the core', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  const logs = [];
  page.on('console', (message) => logs.push(message.text()));
  await page.goto(`${course.url}component.html`);
  const elements = page.locator('attention-exercise');
  assert.equal(await elements.count(), 2);
  await page.waitForFunction(() => [...document.querySelectorAll('attention-exercise')].every((e) => e.dataset.ready === 'true'),
    null, { timeout: 20_000 });
  assert.equal(await page.evaluate(() => window.AttentionCompanion.moduleLoads()), 1, 'one WASM module for both');
  assert.match(await elements.nth(1).locator('.aw-seed').textContent(), /Variant 7/);
  await elements.first().locator('.intro math').first().waitFor();
  assert.doesNotMatch(await elements.first().locator('.intro').textContent(), /\$/, 'the math is typeset, not left as TeX');

  // Styles stay on their side of the shadow boundary.
  const inside = elements.first().locator('section.part').first();
  assert.notEqual(await inside.evaluate((node) => getComputedStyle(node).display), 'none');
  assert.notEqual(await inside.locator('.prompt').evaluate((node) => getComputedStyle(node).color), 'rgb(255, 0, 0)');
  assert.doesNotMatch(await inside.locator('input.answer').evaluate((node) => getComputedStyle(node).fontFamily), /^serif/);
  assert.equal(await page.locator('#host-part').evaluate((node) => getComputedStyle(node).display), 'none');
  assert.equal(await page.locator('#host-feedback').evaluate((node) => getComputedStyle(node).borderStyle), 'none');
  assert.equal(await page.locator('#host-feedback').evaluate((node) => getComputedStyle(node).color), 'rgb(255, 0, 0)');

  // Grade a part of the Chapter 14 example (seed 7): the verdict comes from the core.
  await page.evaluate(() => {
    window.graded = [];
    document.addEventListener('attention-graded', (event) => window.graded.push(event.detail));
  });
  const second = elements.nth(1);
  const names = await second.locator('section.part').evaluateAll((sections) => sections.map((s) => s.dataset.part));
  const input = second.locator(`section.part[data-part="${names[0]}"] input.answer`);
  await input.fill('[7, 7, 7]');
  await input.press('Enter');
  await second.locator(`section.part[data-part="${names[0]}"] .feedback .verdict`).waitFor();
  const [graded] = await page.evaluate(() => window.graded);
  assert.equal(graded.protocol, 'attention-companion');
  assert.equal(graded.exercise, 'ch14.example1');
  assert.equal(graded.part, names[0]);
  assert.equal(graded.verdict, 'incorrect');
  assert.equal(graded.attempts, 1);
  assert.equal(graded.seed, 7);
  assert.ok(logs.some((line) => line.startsWith(`ch14.example1 ${names[0]}: incorrect, score 0, 1 attempts`)));
  const state = await second.evaluate((node) => node.getState());
  assert.equal(state.exercises[0].parts[names[0]].text, '[7, 7, 7]');
  await screenshot(page, 'embed-component');

  // The answer survives a reload (in the course page's storage), under its seed.
  await page.reload();
  await page.waitForFunction(() => [...document.querySelectorAll('attention-exercise')].every((e) => e.dataset.ready === 'true'));
  assert.equal(await page.locator('attention-exercise').nth(1)
    .locator(`section.part[data-part="${names[0]}"] input.answer`).inputValue(), '[7, 7, 7]');
  assert.equal(await page.locator('attention-exercise').first()
    .locator('input.answer').first().inputValue(), '', 'the other element has no answer');
  assert.deepEqual(problems(), []);
  await context.close();
});
