// Accessibility, checked in the browser: every answer control's accessible name (from
// Chromium's accessibility tree) holds its prompt's maths as words; a check is announced
// once as a short sentence and a restored answer not at all; focus stays on the control
// that started a run; every control kind is reached by Tab with a visible focus. axe-core
// and the SVG labels' contrast: accessibility-axe.test.mjs; phone widths:
// accessibility-layout.test.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newCheckedPage, openExercise, part, useSite, waitReady } from './harness.mjs';
import { hasMath, spokenText } from '../../web/ui/math-speech.mjs';
import { catalogue, newTab, open as openIn } from './a11y-helpers.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });
const open = (url, scheme) => openIn(browser, url, scheme);

// The accessible name Chromium gives each answer control, by the control's DOM id.
async function accessibleNames(page) {
  const session = await page.context().newCDPSession(page);
  await session.send('DOM.getDocument', { depth: -1 });
  const { nodes } = await session.send('Accessibility.getFullAXTree');
  const byBackend = new Map(nodes.filter((n) => n.backendDOMNodeId).map((n) => [n.backendDOMNodeId, n.name?.value ?? '']));
  const ids = await page.locator('input.answer, textarea.answer, select.answer-letter, input.choice-radio').evaluateAll(
    (controls) => controls.map((c) => c.id));
  const names = new Map();
  for (const id of ids) {
    const { result: object } = await session.send('Runtime.evaluate', { expression: `document.getElementById(${JSON.stringify(id)})` });
    const { node } = await session.send('DOM.describeNode', { objectId: object.objectId });
    names.set(id, byBackend.get(node.backendNodeId) ?? '');
  }
  await session.detach();
  return names;
}

test('every answer control of every exercise is named with its maths as words', async () => {
  let spoken = 0;
  const { page, visit, close } = await newTab(browser);
  for (const { id } of catalogue()) {
    await visit(`${server.url}exercise.html?id=${encodeURIComponent(id)}`);
    const exercise = await page.evaluate(async (which) => {
      const { loadCompanion } = await import('./companion.mjs');
      return (await loadCompanion()).exercise(which);
    }, id);
    const names = await accessibleNames(page);
    for (const p of exercise.parts ?? []) {
      const section = part(page, p.name).section;
      const controls = await section.locator('input.answer, textarea.answer, select.answer-letter, input.choice-radio')
        .evaluateAll((list) => list.map((c) => ({ id: c.id, value: c.value, radio: c.type === 'radio' })));
      for (const control of controls) {
        const name = names.get(control.id);
        const option = control.radio ? p.options.find((o) => String(o.id) === control.value) : null;
        const source = option ? option.text : p.prompt;
        assert.ok(name && name.trim(), `${id}.${p.name}: an unnamed control`);
        assert.doesNotMatch(name, /\s[.,;:?]|\(\s*\)|\s{2}|\$|\\/, `${id}.${p.name}: a gap in "${name}"`);
        if (hasMath(source) && !(await section.evaluate((s) => s.classList.contains('part-cell')))) {
          spoken += 1;
          assert.equal(name.replace(/\s+/g, ' ').trim(), spokenText(source), `${id}.${p.name}`);
        }
      }
    }
  }
  await close();
  assert.ok(spoken >= 20, `${spoken} controls with maths in their prompt`);
});

test('a check is announced once, in a short sentence; a restored answer is not announced', async () => {
  const { page, context, problems } = await openExercise(browser, server, 'ch14.example1');
  const weights = part(page, 'weights');
  assert.equal(await weights.feedback.getAttribute('aria-live'), null, 'the details are not a live region');
  const announcer = weights.section.locator('.part-announcer');
  assert.equal(await announcer.getAttribute('aria-live'), 'polite');
  await weights.input.fill('[1/2, 1/4, 1/4]');
  await weights.section.locator('button.check').click();
  await page.waitForFunction(() => document.querySelector('.part[data-part="weights"] .part-announcer').textContent !== '');
  assert.equal(await announcer.textContent(), 'Correct.');
  assert.equal(await page.evaluate(() => document.activeElement?.className), 'check', 'focus stays on Check');
  await weights.input.fill('[1/3, 1/3, 1/3]');
  await weights.input.press('Enter');
  await page.waitForFunction(() => document.querySelector('.part[data-part="weights"] .part-announcer').textContent.startsWith('Not'));
  const sentence = await announcer.textContent();
  assert.match(sentence, /^Not correct: /);
  assert.ok(!sentence.includes('[1/3, 1/3, 1/3]'), 'the answer is not read back');
  await page.reload();
  await waitReady(page);
  await weights.feedback.locator('.restored').waitFor();
  assert.equal(await page.locator('.part-announcer').evaluateAll((list) => list.map((a) => a.textContent).join('')), '',
    'restored answers are shown, not announced');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('focus stays on "Run this batch" while and after it runs', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}exercise.html?id=ch19.ex9`);
  await waitReady(page);
  const run = page.locator('button.run-batch');
  await run.focus();
  await page.keyboard.press('Enter');
  await page.locator('.batch-run-result, [data-batch-state]').first().waitFor({ state: 'attached' }).catch(() => {});
  await page.waitForFunction(() => document.querySelector('button.run-batch')?.getAttribute('aria-disabled') !== 'true'
    && /again/.test(document.querySelector('button.run-batch')?.textContent ?? ''));
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('run-batch')), true);
  assert.deepEqual(problems(), []);
  await context.close();
});

// Presses Tab until focus comes back round; -> the focused elements, in order, each with
// whether it showed a focus outline.
async function tabWalk(page, limit = 400) {
  const seen = [];
  await page.locator('body').focus();
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const here = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return null;
      e.dataset.walked = 'true';
      const style = getComputedStyle(e);
      return { tag: e.localName, type: e.getAttribute('type') ?? '', outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 };
    });
    if (!here) break;
    if (seen.length && i > 5 && here.tag === seen[0].tag && await page.evaluate(() => document.activeElement?.matches('.skip-link'))) break;
    seen.push(here);
  }
  return seen;
}

test('keyboard only: every control kind is reached by Tab with a visible focus, and answers are given and checked by keys', async () => {
  for (const id of ['ch14.example3', 'ch19.ex11', 'ch19.ex1', 'ch19.running']) {
    const { page, context, problems } = await open(`${server.url}exercise.html?id=${id}`, 'light');
    const walk = await tabWalk(page);
    const missed = await page.evaluate(() => [...document.querySelectorAll(
      'main input:not([type="radio"]), main select, main textarea, main button, main a[href], main summary')]
      .filter((e) => e.getClientRects().length && !e.disabled && !e.closest('[hidden], details:not([open]) > :not(summary)')
        && e.dataset.walked !== 'true').map((e) => `${e.localName}.${e.className}`));
    assert.deepEqual(missed, [], `${id}: controls Tab never reached`);
    const kinds = new Set(walk.map((w) => `${w.tag}${w.type ? `[${w.type}]` : ''}`));
    assert.ok(walk.every((w) => w.outline), `${id}: a focused control without a visible outline`);
    if (id === 'ch14.example3') assert.ok(kinds.has('textarea') && kinds.has('input[text]'), [...kinds].join(' '));
    if (id === 'ch19.ex11') assert.ok(kinds.has('input[radio]') && kinds.has('input[checkbox]'), [...kinds].join(' '));
    if (id === 'ch19.ex1') assert.ok(kinds.has('select'), [...kinds].join(' '));
    assert.deepEqual(problems(), [], id);
    await context.close();
  }
  // Answering by keys alone: a radio group (arrows choose, Enter checks) and a text field.
  const { page, context } = await open(`${server.url}exercise.html?id=ch19.ex11`, 'light');
  await page.locator('.part[data-part="all_masked_policy_batched"] input[type="radio"]').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab'); // to Check
  await page.keyboard.press('Enter');
  await page.locator('.part[data-part="all_masked_policy_batched"] .feedback[data-verdict="correct"]').waitFor();
  await page.goto(`${server.url}exercise.html?id=ch14.example1`);
  await waitReady(page);
  await page.locator('.part[data-part="weights"] input.answer').focus();
  await page.keyboard.type('[1/2, 1/4, 1/4]');
  await page.keyboard.press('Enter');
  await page.locator('.part[data-part="weights"] .feedback[data-verdict="correct"]').waitFor();
  await context.close();
});
