// Accessibility, checked in the browser: axe-core finds no violation on any page, light
// and dark, nor on any exercise with answers checked (correct, wrong, unreadable), hints,
// working and "Run this batch" open; every SVG label contrasts at least 4.5:1 with what is
// behind it, measured from the screenshot's pixels (axe cannot judge SVG); no page
// scrolls sideways at 375 or 320 CSS px and no figure label is under 12 px there; every
// answer control's accessible name (from Chromium's accessibility tree) holds its
// prompt's maths as words; a check is announced once as a short sentence and a restored
// answer not at all; focus stays on the control that started a run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { newCheckedPage, openExercise, part, repoRoot, siteDir, useSite, waitReady } from './harness.mjs';
import { hasMath, spokenText } from '../../web/ui/math-speech.mjs';
import { contrast, decodePng } from './pixels.mjs';

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

// Waits until the page is set up (the component demo: until its elements say so).
async function ready(page, url) {
  if (!url.includes('component.html')) {
    await waitReady(page);
    return;
  }
  await page.waitForFunction(() => [...document.querySelectorAll('attention-exercise')]
    .every((e) => e.dataset.ready === 'true'), null, { timeout: 20_000 });
}

async function open(url, scheme) {
  const checked = await newCheckedPage(browser);
  await checked.page.emulateMedia({ colorScheme: scheme });
  await checked.page.goto(url);
  await ready(checked.page, url);
  return checked;
}

const PAGES = ['index.html', 'progress.html', 'report.html', 'figures.html', 'figures-14.html', 'lab-read.html', 'lab-deletion.html',
  'lab-batch.html', 'bench-batch.html?reps=1&warmup=0&poolReps=1&poolWarmup=0', 'component.html', 'embed.html?exercise=ch19.ex5', 'embed.html?chapter=14',
  // a teacher's feedback policy: the rules stated, the working held back
  'exercise.html?id=ch19.ex3&attempts=2&values=hidden&working=hidden', 'embed.html?chapter=19&attempts=1&working=hidden',
  // error states: they too have a heading and nothing axe objects to
  'exercise.html', 'exercise.html?id=no.such', 'embed.html', 'lab-batch.html?B=0'];

for (const scheme of ['light', 'dark']) {
  test(`axe: no violation on any page (${scheme})`, async () => {
    const found = [];
    for (const html of PAGES) {
      const { page, context, problems } = await open(`${server.url}${html}`, scheme);
      for (const details of await page.locator('details').all()) await details.evaluate((d) => { d.open = true; });
      found.push(...(await violations(page)).map((v) => `${html} ${v}`));
      if (await page.locator('h1').count() !== 1) found.push(`${html} has ${await page.locator('h1').count()} h1`);
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
      for (const toggle of await page.locator('button.hint-toggle, button.show-working:not([aria-disabled="true"])').all()) await toggle.click();
      for (const details of await page.locator('details').all()) await details.evaluate((d) => { d.open = true; });
      found.push(...(await violations(page)).map((v) => `${id} ${v}`));
      await context.close();
    }
    assert.deepEqual(found, []);
  });
}

// Opens every <details>, every working and hint, and runs "Run this batch" where there is one.
async function openEverything(page) {
  for (const toggle of await page.locator('button.hint-toggle, button.show-working:not([aria-disabled="true"])').all()) await toggle.click();
  for (const details of await page.locator('details').all()) await details.evaluate((d) => { d.open = true; });
  const run = page.locator('button.run-batch');
  if (await run.count()) {
    await run.click();
    await page.waitForFunction(() => /again/.test(document.querySelector('button.run-batch')?.textContent ?? ''), null,
      { timeout: 60_000 });
  }
}

for (const scheme of ['light', 'dark']) {
  test(`axe finds nothing after "Run this batch", and every SVG label contrasts 4.5:1 from the pixels (${scheme})`, async () => {
    const found = [];
    // The figure pages, the labs, 19.9's batch run, and every exercise that draws figures
    // (scaled to its column).
    const pages = ['figures.html', 'figures-14.html', 'lab-read.html', 'lab-deletion.html', 'exercise.html?id=ch19.ex9',
      ...catalogue().filter((doc) => (doc.figures ?? []).length > 0).map(({ id }) => `exercise.html?id=${encodeURIComponent(id)}`)];
    let labels = 0;
    for (const url of pages) {
      const { page, context, problems } = await open(`${server.url}${url}`, scheme);
      await openEverything(page);
      await page.waitForFunction(() => document.querySelectorAll('figure.live-figure .figure-status:not(:empty)').length === 0
        && [...document.querySelectorAll('details.figure-embed[open] .embedded-figures')].every((h) => h.childElementCount > 0));
      found.push(...(await violations(page)).map((v) => `${url} ${v}`));
      const boxes = await page.evaluate(() => [...document.querySelectorAll('svg text')].map((t) => {
        const b = t.getBoundingClientRect();
        return { x: b.x + window.scrollX, y: b.y + window.scrollY, w: b.width, h: b.height, text: t.textContent };
      }).filter((b) => b.w > 2 && b.h > 2));
      const shot = decodePng(await page.screenshot({ fullPage: true }));
      for (const box of boxes) {
        // The background is the commonest colour in the label's box; the ink, the colour
        // there (seen on at least two pixels) that contrasts most with it.
        const counts = new Map();
        for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(shot.height, Math.ceil(box.y + box.h)); y += 1) {
          for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(shot.width, Math.ceil(box.x + box.w)); x += 1) {
            const at = (y * shot.width + x) * shot.channels;
            const key = `${shot.data[at]},${shot.data[at + 1]},${shot.data[at + 2]}`;
            counts.set(key, (counts.get(key) ?? 0) + 1);
          }
        }
        const ranked = [...counts].sort((a, b) => b[1] - a[1]);
        if (!ranked.length) continue;
        labels += 1;
        const ground = ranked[0][0].split(',').map(Number);
        const best = Math.max(1, ...ranked.filter(([, n]) => n >= 2).map(([key]) => contrast(ground, key.split(',').map(Number))));
        if (best < 4.5) found.push(`${url} "${box.text}" ${best.toFixed(2)}:1 on rgb(${ranked[0][0]})`);
      }
      assert.deepEqual(problems(), [], url);
      await context.close();
    }
    assert.ok(labels > 250, `${labels} SVG labels measured`);
    assert.deepEqual(found, []);
  });
}

test('no page scrolls sideways at 375 or 320 CSS px with every panel open, no figure label drawn there is under 12 px, and every control is 44 px high', async () => {
  const found = [];
  const pages = [...PAGES, ...catalogue().map(({ id }) => `exercise.html?id=${encodeURIComponent(id)}`), 'ch14.example3.html', 'ch19.ex14.html'];
  for (const width of [375, 320]) {
    for (const url of pages) {
      const { page, context } = await newCheckedPage(browser, { viewport: { width, height: 800 } });
      await page.goto(`${server.url}${url}`);
      await ready(page, url);
      for (const toggle of await page.locator('button.show-working:not([aria-disabled="true"])').all()) await toggle.click();
      // Every hint, and every reference note (which opens once something is written).
      for (const hint of await page.locator('button.hint-toggle').all()) await hint.click();
      for (const notes of await page.locator('textarea.open-notes').all()) await notes.fill('My notes so far.');
      for (const reveal of await page.locator('button.reveal-notes:not([disabled])').all()) await reveal.click();
      for (const details of await page.locator('details').all()) await details.evaluate((d) => { d.open = true; });
      await page.waitForTimeout(150);
      if (width === 320 && !/^(embed|component)\.html/.test(url)) { // (the embeds have their own stylesheet)
        const low = await page.evaluate(() => [...document.querySelectorAll('main button, main select, main textarea, main summary, '
          + 'main input:not([type="radio"]):not([type="checkbox"]):not([type="hidden"]):not([type="file"])')]
          .filter((c) => c.getClientRects().length && c.getBoundingClientRect().height < 43.5)
          .map((c) => `${c.localName}.${c.className} ${c.getBoundingClientRect().height.toFixed(1)} px`).slice(0, 3));
        if (low.length) found.push(`${url} at 320 px has controls under 44 px: ${low.join(', ')}`);
      }
      const { over, small } = await page.evaluate(() => ({
        over: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        small: [...document.querySelectorAll('svg text')].filter((t) => {
          const m = t.ownerSVGElement.getScreenCTM();
          return m && t.getClientRects().length && parseFloat(getComputedStyle(t).fontSize) * m.a < 12;
        }).map((t) => t.textContent).slice(0, 3),
      }));
      if (over > 0) found.push(`${url} at ${width} px scrolls ${over} px sideways`);
      if (width === 375 && small.length) found.push(`${url} at 375 px draws labels under 12 px: ${small.join(', ')}`);
      await context.close();
    }
  }
  assert.deepEqual(found, []);
});

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
