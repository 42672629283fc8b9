// Accessibility, checked in the browser: axe-core finds no violation on any page, light
// and dark, nor on any exercise with answers checked (correct, wrong, unreadable), hints
// and working open; every answer control's accessible name (from Chromium's accessibility
// tree) holds its prompt's maths as words; a check is announced once as a short sentence
// and a restored answer not at all; focus stays on the control that started a run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { newCheckedPage, openExercise, part, repoRoot, siteDir, useSite, waitReady } from './harness.mjs';
import { hasMath, spokenText } from '../../web/ui/math-speech.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

const axeSource = fs.readFileSync(path.join(repoRoot, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const catalogue = () => JSON.parse(fs.readFileSync(path.join(siteDir, 'exercises.json'), 'utf8'));

// axe's violations on the page as it is now, as "rule: target" lines.
async function violations(page) {
  await page.evaluate(axeSource); // through the DevTools protocol, so the page's CSP does not apply
  return page.evaluate(async () => (await globalThis.axe.run(document, { resultTypes: ['violations'] })).violations
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)));
}

async function open(url, scheme) {
  const checked = await newCheckedPage(browser);
  await checked.page.emulateMedia({ colorScheme: scheme });
  await checked.page.goto(url);
  await waitReady(checked.page);
  return checked;
}

const PAGES = ['index.html', 'progress.html', 'figures.html', 'figures-14.html', 'lab-read.html', 'lab-deletion.html',
  'lab-batch.html', 'bench-batch.html'];

for (const scheme of ['light', 'dark']) {
  test(`axe: no violation on any page (${scheme})`, async () => {
    const found = [];
    for (const html of PAGES) {
      const { page, context, problems } = await open(`${server.url}${html}`, scheme);
      for (const details of await page.locator('details').all()) await details.evaluate((d) => { d.open = true; });
      found.push(...(await violations(page)).map((v) => `${html} ${v}`));
      assert.deepEqual(problems(), [], html);
      await context.close();
    }
    assert.deepEqual(found, []);
  });

  test(`axe: no violation on any exercise with answers checked, hints and working open (${scheme})`, async () => {
    const found = [];
    for (const { id } of catalogue()) {
      const { page, context } = await open(`${server.url}exercise.html?id=${encodeURIComponent(id)}`, scheme);
      const forms = page.locator('form.answer-form');
      const answers = ['not an answer', '1', '[1, 2]']; // unreadable, and (mostly) wrong
      for (let i = 0; i < Math.min(await forms.count(), answers.length); i += 1) {
        const form = forms.nth(i);
        const field = form.locator('input.answer, textarea.answer');
        if (await field.count()) await field.fill(answers[i]);
        else if (await form.locator('input[type="radio"]').count()) await form.locator('input[type="radio"]').first().check();
        else await form.locator('select').selectOption({ index: 1 });
        await form.locator('button.check').click();
        await form.locator('xpath=..').locator('.feedback .verdict').waitFor();
      }
      for (const toggle of await page.locator('button.hint-toggle, button.show-working').all()) await toggle.click();
      for (const details of await page.locator('details').all()) await details.evaluate((d) => { d.open = true; });
      found.push(...(await violations(page)).map((v) => `${id} ${v}`));
      await context.close();
    }
    assert.deepEqual(found, []);
  });
}

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
  for (const { id } of catalogue()) {
    const { page, context } = await open(`${server.url}exercise.html?id=${encodeURIComponent(id)}`, 'light');
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
    await context.close();
  }
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
    && /again/.test(document.querySelector('button.run-batch')?.textContent ?? ''), null, { timeout: 30_000 });
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('run-batch')), true);
  assert.deepEqual(problems(), []);
  await context.close();
});
