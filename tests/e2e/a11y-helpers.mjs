// Shared by the accessibility tests (accessibility*.test.mjs): axe-core injected through the
// DevTools protocol, the catalogue of exercises, and the pages every check visits.

import fs from 'node:fs';
import path from 'node:path';
import { newCheckedPage, repoRoot, siteDir, waitReady } from './harness.mjs';

const axeSource = fs.readFileSync(path.join(repoRoot, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
export const catalogue = () => JSON.parse(fs.readFileSync(path.join(siteDir, 'exercises.json'), 'utf8'));

// The axe rules whose outcome depends on colours: all that a change of colour scheme can
// change, since the site's dark scheme only sets other colours (web/style.css).
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

// axe's violations on the page as it is now, as "rule: target" lines: every rule, or with
// {colourOnly: true} only those that depend on colours.
export async function violations(page, { colourOnly = false } = {}) {
  if (!(await page.evaluate(() => Boolean(globalThis.axe)))) {
    await page.evaluate(axeSource); // through the DevTools protocol, so the page's CSP does not apply
  }
  const options = { resultTypes: ['violations'], ...(colourOnly ? { runOnly: { type: 'rule', values: COLOUR_RULES } } : {}) };
  return page.evaluate(async (o) => (await globalThis.axe.run(document, o)).violations
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)), options);
}

// Switches the open page to a colour scheme, as the system does at dusk, and waits two frames
// for what is drawn from the page's colours (ui/ink.mjs) to be drawn again.
export async function setScheme(page, scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(() => new Promise((done) => { requestAnimationFrame(() => requestAnimationFrame(done)); }));
}

// axe's violations in the light scheme (every rule) and then the dark one (the colour rules),
// each line prefixed with its scheme, on one page load: a page open when the scheme changes
// must be right in both.
export async function violationsInBothSchemes(page) {
  const found = [];
  for (const scheme of ['light', 'dark']) {
    await setScheme(page, scheme);
    found.push(...(await violations(page, { colourOnly: scheme === 'dark' })).map((v) => `(${scheme}) ${v}`));
  }
  return found;
}

// Waits until the page is set up (the component demo: until its elements say so; the page
// the service worker answers with offline, which has no script: once loaded).
export async function ready(page, url) {
  if (url.includes('offline.html')) return;
  if (!url.includes('component.html')) {
    await waitReady(page);
    return;
  }
  await page.waitForFunction(() => [...document.querySelectorAll('attention-exercise')]
    .every((e) => e.dataset.ready === 'true'));
}

// One page that visits URL after URL, for the checks that walk every page or exercise: a fresh
// context for each URL costs about three times the CPU of a navigation (2.4 against 0.7
// core-seconds an exercise page, measured in docs/testing.md). visit(url, {scheme, width})
// empties the site's storage (the site keeps all it saves in localStorage), so that each URL
// starts as in a fresh context, then loads url in that colour scheme (and at that width, when
// given) and waits until it is set up; problems() lists the page and console errors of this visit.
export async function newTab(browser) {
  const checked = await newCheckedPage(browser);
  let before = 0;
  return {
    page: checked.page,
    close: () => checked.context.close(),
    problems: () => checked.problems().slice(before),
    async visit(url, { scheme = 'light', width } = {}) {
      before = checked.problems().length;
      if (checked.page.url().startsWith('http')) await checked.page.evaluate(() => localStorage.clear());
      await checked.page.emulateMedia({ colorScheme: scheme });
      if (width) await checked.page.setViewportSize({ width, height: 800 });
      await checked.page.goto(url);
      await ready(checked.page, url);
    },
  };
}

// A page of its own (its own context) at url in that colour scheme, set up: {page, context, problems}.
export async function open(browser, url, scheme) {
  const tab = await newTab(browser);
  await tab.visit(url, { scheme });
  return { page: tab.page, context: tab.page.context(), problems: tab.problems };
}

export const PAGES = ['index.html', 'progress.html', 'report.html', 'author.html', 'figures.html', 'figures-14.html', 'lab-read.html', 'lab-deletion.html',
  'lab-batch.html', 'bench-batch.html?reps=1&warmup=0&poolReps=1&poolWarmup=0', 'component.html', 'embed.html?exercise=ch19.ex5', 'embed.html?chapter=14',
  // a teacher's feedback policy: the rules stated, the working held back
  'exercise.html?id=ch19.ex3&attempts=2&values=hidden&working=hidden', 'embed.html?chapter=19&attempts=1&working=hidden',
  // error states: they too have a heading and nothing axe objects to
  'exercise.html', 'exercise.html?id=no.such', 'embed.html', 'lab-batch.html?B=0', 'offline.html'];
