// Accessibility, checked by axe-core in the browser, each page loaded once and checked in
// the light and then the dark colour scheme (switched while it is open, as the system does
// at dusk, so what is drawn from the page's colours must follow): no violation on any page,
// nor on any exercise with answers checked (correct, wrong, unreadable), hints, working, reference notes and
// "Run this batch" open; and every SVG label contrasts at least 4.5:1 with what is behind it, measured from the
// screenshot's pixels (axe cannot judge SVG).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './harness.mjs';
import { contrast, decodePng } from './pixels.mjs';
import { PAGES, catalogue, newTab, setScheme, violations, violationsInBothSchemes } from './a11y-helpers.mjs';
import { loadCompanion } from '../../web/companion.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

test('axe: no violation on any page, light and dark', async () => {
  const found = [];
  const { page, visit, problems, close } = await newTab(browser);
  for (const html of PAGES) {
    await visit(`${server.url}${html}`);
    for (const details of await page.locator('details').all()) await details.evaluate((d) => { d.open = true; });
    found.push(...(await violationsInBothSchemes(page)).map((v) => `${html} ${v}`));
    if (await page.locator('h1').count() !== 1) found.push(`${html} has ${await page.locator('h1').count()} h1`);
    assert.deepEqual(problems(), [], html);
  }
  await close();
  assert.deepEqual(found, []);
});

test('axe: no violation on any exercise with answers checked, hints, working and reference notes open, light and dark', async () => {
  const found = [];
  const { page, visit, problems, close } = await newTab(browser);
  for (const { id } of catalogue()) {
    await visit(`${server.url}exercise.html?id=${encodeURIComponent(id)}`);
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
    // Every written part's reference notes, which open once something is written.
    for (const notes of await page.locator('.explain-part textarea, .open-task textarea').all()) await notes.fill('My notes.');
    for (const reveal of await page.locator('button.reveal-notes').all()) await reveal.click();
    for (const details of await page.locator('details').all()) await details.evaluate((d) => { d.open = true; });
    found.push(...(await violationsInBothSchemes(page)).map((v) => `${id} ${v}`));
    assert.deepEqual(problems(), [], id);
  }
  await close();
  assert.deepEqual(found, []);
});

// Opens every <details>, every working and hint, and runs "Run this batch" where there is one.
async function openEverything(page) {
  for (const toggle of await page.locator('button.hint-toggle, button.show-working:not([aria-disabled="true"])').all()) await toggle.click();
  for (const details of await page.locator('details').all()) await details.evaluate((d) => { d.open = true; });
  const run = page.locator('button.run-batch');
  if (await run.count()) {
    await run.click();
    await page.waitForFunction(() => /again/.test(document.querySelector('button.run-batch')?.textContent ?? ''));
  }
}

// The SVG labels on the page whose ink contrasts less than 4.5:1 with what lies behind them,
// read from a screenshot's pixels; -> {labels measured, lines found}.
async function lowContrastLabels(page, where) {
  const found = [];
  let labels = 0;
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
    if (best < 4.5) found.push(`${where} "${box.text}" ${best.toFixed(2)}:1 on rgb(${ranked[0][0]})`);
  }
  return { labels, found };
}

test('axe finds nothing after "Run this batch", and every SVG label contrasts 4.5:1 from the pixels, light and dark', async () => {
  const found = [];
  // The figure pages, the labs, 19.9's batch run, and every exercise that draws figures
  // (scaled to its column).
  const pages = ['figures.html', 'figures-14.html', 'lab-read.html', 'lab-deletion.html', 'exercise.html?id=ch19.ex9',
    ...catalogue().filter((doc) => (doc.figures ?? []).length > 0).map(({ id }) => `exercise.html?id=${encodeURIComponent(id)}`)];
  const labels = { light: 0, dark: 0 };
  const { page, visit, problems, close } = await newTab(browser);
  for (const url of pages) {
    await visit(`${server.url}${url}`);
    await openEverything(page);
    await page.waitForFunction(() => document.querySelectorAll('figure.live-figure .figure-status:not(:empty)').length === 0
      && [...document.querySelectorAll('details.figure-embed[open] .embedded-figures')].every((h) => h.childElementCount > 0));
    for (const scheme of ['light', 'dark']) {
      await setScheme(page, scheme);
      found.push(...(await violations(page, { colourOnly: scheme === 'dark' })).map((v) => `${url} (${scheme}) ${v}`));
      const measured = await lowContrastLabels(page, `${url} (${scheme})`);
      labels[scheme] += measured.labels;
      found.push(...measured.found);
    }
    assert.deepEqual(problems(), [], url);
  }
  await close();
  for (const scheme of ['light', 'dark']) assert.ok(labels[scheme] > 250, `${labels[scheme]} SVG labels measured (${scheme})`);
  assert.deepEqual(found, []);
});

// A part answered with a named mistake and then right, its practice panel open: the panel (its
// heading, the variant's inputs or lettered arrays, the part's own kind of control) scanned.
// A typed part, a choice part (radios) and a letter part (a picker); every answer is the core's.
test('axe: no violation with a part\'s practice panel open (typed, choice and letter parts), light and dark', async () => {
  const companion = await loadCompanion();
  const found = [];
  const { page, visit, problems, close } = await newTab(browser);
  for (const [id, part, control] of [['ch19.ex3', 'weights', 'input.answer'], ['ch19.ex14', 'softmax_axis', 'input[type="radio"]'],
    ['ch19.ex1', 'keys', 'select.answer-letter']]) {
    const described = companion.mistakes(id, { seed: 0 }).parts.find((entry) => entry.name === part);
    const mistake = described.mistakes.find((m) => typeof m.answer === 'string'
      && companion.grade(id, part, m.answer, { seed: 0 }).misconception === m.tag);
    await visit(`${server.url}exercise.html?id=${encodeURIComponent(id)}`);
    const section = page.locator(`section.part[data-part="${part}"]`);
    const form = section.locator('form.answer-form:not(.practice-form)');
    for (const text of [mistake.answer, described.expected]) {
      if (control === 'input.answer') await form.locator(control).fill(text);
      else if (control.startsWith('select')) await form.locator(control).selectOption(text);
      else await form.locator(`input[type="radio"][value="${text}"]`).check();
      await form.locator('button.check').click();
      await section.locator(`.feedback[data-verdict="${companion.grade(id, part, text, { seed: 0 }).verdict}"]`).waitFor();
    }
    await section.locator('button.practice-open').click();
    const panel = section.locator('.practice-panel');
    await panel.waitFor();
    assert.ok(await panel.locator(control).count() > 0, `${id} ${part}: the practice uses the part's own kind of control`);
    if (control.startsWith('select')) assert.equal(await panel.locator('.roles').count(), 1, 'with the variant\'s lettered arrays');
    found.push(...(await violationsInBothSchemes(page)).map((v) => `${id} ${part} practice ${v}`));
    assert.deepEqual(problems(), [], id);
  }
  await close();
  assert.deepEqual(found, []);
});
