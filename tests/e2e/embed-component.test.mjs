// The <attention-exercise> web component from one script tag (the README's snippet, run
// as written) on a page of another origin: two elements share one WASM module, grade
// through the core, fire their events, keep their styles to themselves and keep answers.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newCheckedPage, screenshot } from './harness.mjs';
import { snippet, localise, hostPage, startHost, partIn, answerChoice, answerLetter, letterOf } from './embed-helpers.mjs';
import { loadCompanion } from '../../web/companion.mjs';

const companion = await loadCompanion();

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
  course.write('parts.html', hostPage(`<script src="${site.url}attention-exercise.js"></script>\n` +
    '<attention-exercise exercise="ch19.ex7"></attention-exercise>\n<attention-exercise exercise="ch19.ex1" seed="3"></attention-exercise>'));
});

after(async () => {
  await browser?.close();
  await Promise.all([site?.stop(), course?.stop()]);
});

test('two <attention-exercise> elements on another origin share one module and grade in the core', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  const logs = [];
  page.on('console', (message) => logs.push(message.text()));
  const asked = [];
  page.on('request', (request) => asked.push(request.url().replace(site.url, '')));
  await page.goto(`${course.url}component.html`);
  const elements = page.locator('attention-exercise');
  assert.equal(await elements.count(), 2);
  await page.waitForFunction(() => [...document.querySelectorAll('attention-exercise')].every((e) => e.dataset.ready === 'true'));
  assert.equal(await page.evaluate(() => window.AttentionCompanion.moduleLoads()), 1, 'one WASM module for both');
  // From beside the script (CORS): the chapter's core and the two exercises' files, no fallback.
  assert.deepEqual(asked.filter((url) => !url.startsWith('http')).sort(), ['attention-exercise.js', 'companion-ch14.js',
    'companion-ch14.wasm', 'exercises/ch14.ex1.json', 'exercises/ch14.example1.json']);
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

// The element shows the same part form as the exercise page: ex7's last part is a radio
// group, the roles exercise shows its arrays (letters reordered by the seed) and a letter picker.
test('<attention-exercise> answers a choice part with radio buttons and the roles exercise with letters', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${course.url}parts.html`);
  await page.evaluate(() => {
    window.graded = [];
    document.addEventListener('attention-graded', (event) => window.graded.push(event.detail));
  });
  await page.waitForFunction(() => [...document.querySelectorAll('attention-exercise')].every((e) => e.dataset.ready === 'true'));
  const [choiceElement, rolesElement] = [page.locator('attention-exercise').nth(0), page.locator('attention-exercise').nth(1)];
  const inside = partIn(choiceElement, 'ch19.ex7', 'context_inside');
  assert.equal(await inside.locator('input[type="radio"]').count(), 2);
  assert.equal(await answerChoice(choiceElement, 'ch19.ex7', 'context_inside', 'yes'), 'correct');

  assert.equal(await rolesElement.locator('.roles-array').count(), 6);
  const query = await letterOf(rolesElement, 'ch19.ex1', '[0.800, -0.300, 0.500]');
  const context3 = await letterOf(rolesElement, 'ch19.ex1', '[0.511, 0.398');
  assert.equal(await answerLetter(rolesElement, 'ch19.ex1', 'query', query), 'correct');
  assert.equal(await answerLetter(rolesElement, 'ch19.ex1', 'context', query), 'incorrect');
  assert.notEqual(query, context3);
  const graded = await page.evaluate(() => window.graded.map(({ exercise, part, verdict, attempts, seed }) => [exercise, part, verdict, attempts, seed]));
  assert.deepEqual(graded, [['ch19.ex7', 'context_inside', 'correct', 1, 0], ['ch19.ex1', 'query', 'correct', 1, 3],
    ['ch19.ex1', 'context', 'incorrect', 1, 3]]);
  assert.deepEqual((await rolesElement.evaluate((node) => node.getState())).exercises[0].parts.query, { text: query, verdict: 'correct', attempts: 1 });
  await screenshot(page, 'embed-component-choice-letters');

  // The choice and the letters come back after a reload, checked again by the core.
  await page.reload();
  await page.waitForFunction(() => [...document.querySelectorAll('attention-exercise')].every((e) => e.dataset.ready === 'true'));
  assert.ok(await inside.locator('input[value="yes"]').isChecked());
  await inside.locator('.feedback[data-verdict="correct"] .restored').waitFor();
  assert.equal(await partIn(rolesElement, 'ch19.ex1', 'query').locator('select.answer-letter').inputValue(), query);
  await partIn(rolesElement, 'ch19.ex1', 'query').locator('.feedback[data-verdict="correct"] .restored').waitFor();
  assert.deepEqual(problems(), []);
  await context.close();
});

// Where the core cannot be fetched from beside the script (here the host's connect-src
// refuses the companion's origin; file:// and a host without CORS fail the same way), the
// element loads the fallback script beside it, which carries the core and the exercises.
test('on a host page whose connect-src refuses the companion, the element falls back to attention-exercise-core.js', async () => {
  const companionOrigin = site.url.replace(/\/$/, '');
  course.write('no-connect.html', hostPage(`<script src="${site.url}attention-exercise.js"></script>\n` +
    '<attention-exercise exercise="ch14.example1"></attention-exercise>',
  `<meta http-equiv="Content-Security-Policy" content="script-src 'self' 'wasm-unsafe-eval' ${companionOrigin}; ` +
    "connect-src 'self'; style-src 'self' 'unsafe-inline'\">"));
  // The browser reports the refused fetch on the console; that is expected here.
  const { page, context, problems } = await newCheckedPage(browser, { allow: [/Content Security Policy|connect-src/i] });
  const asked = [];
  page.on('request', (request) => asked.push(request.url().replace(site.url, '')));
  await page.goto(`${course.url}no-connect.html`);
  const element = page.locator('attention-exercise');
  await page.waitForFunction(() => document.querySelector('attention-exercise')?.dataset.ready === 'true');
  assert.ok(asked.includes('attention-exercise-core.js'), 'the fallback is loaded');
  const weights = partIn(element, 'ch14.example1', 'weights');
  await weights.locator('input.answer').fill('[1/2, 1/4, 1/4]');
  await weights.locator('input.answer').press('Enter');
  await weights.locator('.feedback[data-verdict="correct"]').waitFor();
  await element.locator('.intro math').first().waitFor(); // KaTeX, a script beside it, after the verdict
  assert.deepEqual(problems(), []);
  await context.close();
});

test('on a host page whose CSP refuses WebAssembly the element says so in a sentence, not an abort text', async () => {
  const companionOrigin = site.url.replace(/\/$/, '');
  course.write('strict.html', hostPage(`<script src="${site.url}attention-exercise.js"></script>\n` +
    '<attention-exercise exercise="ch14.ex1"></attention-exercise>',
  `<meta http-equiv="Content-Security-Policy" content="script-src 'self' ${companionOrigin}; style-src 'self' 'unsafe-inline'">`));
  // The browser itself reports the refused compilation on the console; that is expected here.
  const { page, context, problems } = await newCheckedPage(browser, { allow: [/WebAssembly|wasm-unsafe-eval|Content Security Policy/i] });
  await page.goto(`${course.url}strict.html`);
  const status = page.locator('attention-exercise .status-error');
  await status.waitFor();
  assert.match(await status.textContent(), /Content-Security-Policy does not let WebAssembly run.*'wasm-unsafe-eval' in its script-src\.$/);
  assert.doesNotMatch(await status.textContent(), /Aborted|CompileError/);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the README\'s quick component shows its exercise under the teacher\'s policy', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  course.write('quick.html', hostPage(localise(snippet('quick-component'), { companion: site.url, course: course.url })));
  await page.goto(`${course.url}quick.html`);
  await page.waitForFunction(() => document.querySelector('attention-exercise')?.dataset.ready === 'true');
  const element = page.locator('attention-exercise');
  assert.equal(await element.locator('article').getAttribute('data-exercise'), 'ch19.ex3');
  assert.match(await element.locator('.policy-note').textContent(), /at most 3 graded checks/);
  assert.match(await element.locator('.attempts').first().textContent(), /0 of 3 attempts used/);
  assert.deepEqual(problems(), []);
  await context.close();
});

// Written work in the component: an explanation and a design task's plan, as events and state.
test('<attention-exercise> carries written explanations and a design task\'s plan in attention-written events and its state', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  const logs = [];
  page.on('console', (message) => logs.push(message.text()));
  const full = localise(snippet('component'), { companion: site.url, course: course.url });
  course.write('written.html', hostPage(full.replace('exercise="ch14.ex1"', 'exercise="ch14.ex4"')
    .replace('exercise="ch14.example1" seed="7"', 'exercise="ch19.ex22"')));
  await page.goto(`${course.url}written.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('attention-exercise')].every((e) => e.dataset.ready === 'true'));
  await page.evaluate(() => {
    window.written = [];
    document.addEventListener('attention-written', (event) => window.written.push(event.detail));
  });
  const [explainer, planner] = [page.locator('attention-exercise').nth(0), page.locator('attention-exercise').nth(1)];
  const explanation = 'The largest weight need not move the readout most: the value it weighs may sit near the others.';
  await explainer.locator('section.explain-part textarea.open-notes').fill(explanation);
  await planner.locator('section.open-task textarea.open-notes').fill('List what must be fixed: seeds, masks, dtype.');
  await planner.locator('section.open-task input.checklist-box').nth(2).check();
  await page.waitForFunction(() => ['what_the_counterexample_tests', 'plan'].every((item) => window.written
    .some((w) => w.item === item && w.text.length > 20)));
  const written = await page.evaluate(() => window.written);
  const explained = written.filter((w) => w.item === 'what_the_counterexample_tests').at(-1);
  assert.deepEqual([explained.protocol, explained.type, explained.exercise, explained.text], ['attention-companion', 'written', 'ch14.ex4', explanation]);
  assert.ok(logs.includes(`ch14.ex4 what_the_counterexample_tests: wrote ${explanation.length} characters`), 'the snippet\'s listener');
  const state = await planner.evaluate((node) => node.getState());
  // (Its reference notes not opened: revealed false, the record a teacher reads.)
  assert.deepEqual(state.exercises[0].written.plan, { text: 'List what must be fixed: seeds, masks, dtype.', ticked: [2],
    points: state.exercises[0].written.plan.points, revealed: false });
  assert.equal(state.total, 0, 'a design task has no graded part');
  await screenshot(page, 'embed-component-written');
  assert.deepEqual(problems(), []);
  await context.close();
});

// Issue 33: many elements share one core, each exercise described once; those far from the
// screen become ready at once (with their saved answers) and are drawn when they come near.
test('100 <attention-exercise chapter="14"> on one page share one core and all become ready; a far one is drawn when it comes near', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  course.write('hundred.html', hostPage(`<script src="${site.url}attention-exercise.js"></script>\n` +
    Array.from({ length: 100 }, (_, i) => `<attention-exercise id="e${i}" chapter="14"></attention-exercise>`).join('\n')));
  const readies = [];
  await page.exposeFunction('readyOf', (id, exercises) => readies.push([id, exercises]));
  await page.addInitScript(() => document.addEventListener('attention-ready', (event) => {
    window.readyOf(event.target.id, event.detail.exercises.length);
  }));
  await page.goto(`${course.url}hundred.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('attention-exercise')].every((e) => e.dataset.ready === 'true'));
  assert.equal(await page.evaluate(() => window.AttentionCompanion.moduleLoads()), 1, 'one core');
  const chapter = companion.exercises().filter((entry) => entry.chapter === 14);
  assert.equal(await page.evaluate(() => window.AttentionCompanion.describeCalls()), chapter.length, 'each exercise described once');
  for (let wait = 0; readies.length < 100 && wait < 100; wait += 1) await page.waitForTimeout(50); // (the events' calls back)
  assert.equal(readies.length, 100, 'a ready event each');
  assert.ok(readies.every(([, count]) => count === chapter.length));
  const first = page.locator('#e0');
  assert.equal(await first.locator('article.aw-exercise').count(), chapter.length, 'the first is drawn');
  const far = page.locator('#e60');
  assert.equal(await far.locator('article.aw-exercise').count(), 0, 'one far below is not drawn yet');
  assert.deepEqual((await far.evaluate((node) => node.getState())).exercises.map((item) => item.exercise), chapter.map((entry) => entry.id));
  await far.locator('.aw-deferred').scrollIntoViewIfNeeded();
  await far.locator('article.aw-exercise').first().waitFor();
  const input = far.locator('article[data-exercise="ch14.ex1"] section.part[data-part="weights"] .answer');
  await input.fill('[0.2, 0.3, 0.5]');
  await input.press('Enter');
  await far.locator('article[data-exercise="ch14.ex1"] section.part[data-part="weights"] .feedback[data-verdict]').waitFor();
  // A learner who asks (the button) gets the exercises at once, the focus on the first.
  const other = page.locator('#e90');
  // (Focused without scrolling: scrolled near, the element would draw itself before the key.)
  await other.locator('button.aw-show').evaluate((button) => button.focus({ preventScroll: true }));
  await page.keyboard.press('Enter');
  await other.locator('article.aw-exercise').first().waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.className), 'aw-title');
  assert.deepEqual(problems(), []);
  await context.close();
});
