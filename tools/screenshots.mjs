#!/usr/bin/env node
/* global document, window, getComputedStyle */
// Screenshots of the pages a learner reads on a phone and a laptop, for looking at them (not a
// test): each page at 320, 375 and 1,100 CSS px, light and dark, every panel open (details,
// hints, the working, the figures, a written part's reference notes), in Debian's headless
// Chromium. The hull figure's first context is dragged once, as a learner would, before the
// figures page is taken. Full pages go to OUT/full/; with --crop, each region of a page that
// the phone work is about goes to OUT/ as well (a palette PNG through pngquant where it is
// installed), named PREFIX-PAGE-WIDTH-SCHEME-REGION.png.
//
//   node tools/screenshots.mjs [--site build/site] [--out test-results/screenshots] [--crop]
//                              [--only figures.html,ch19.ex3.html] [--widths 320,375,1100]
//                              [--prefix before-]
//
// docs/images/issue-41/ holds a selection of the cropped before/after pairs of issue 41 (all of
// them were looked at), made with (the baseline: 0d28ca3's build/site)
//   node tools/screenshots.mjs --site /tmp/before/build/site --out /tmp/shots --crop --prefix before-
//   node tools/screenshots.mjs --out /tmp/shots --crop --prefix after-
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { launchBrowser, startServer, repoRoot } from '../tests/e2e/harness.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const site = path.resolve(option('--site', path.join(repoRoot, 'build', 'site')));
const out = path.resolve(option('--out', path.join(repoRoot, 'test-results', 'screenshots')));
const prefix = option('--prefix', '');
const crop = process.argv.includes('--crop');
const widths = option('--widths', '320,375,1100').split(',').map(Number);

// Each page and the regions of it that the phone work is about: from the first element that
// `from` matches to the end of the first that `to` matches (or of the first alone).
const RULES = { name: 'rules', from: '.answer-help, .decimal-rule' };
const PAGES = [
  { file: 'ch14.example1.html', regions: [RULES] },
  { file: 'ch19.ex3.html', regions: [RULES] },
  { file: 'ch19.ex7.html', regions: [{ name: 'hull', from: 'figure[data-figure="hull"] .figure-plot' }] },
  { file: 'ch19.ex14.html', regions: [{ name: 'notes', from: '.reference-notes p:nth-of-type(2)' }] },
  { file: 'ch19.ex15.html', regions: [{ name: 'inputs', from: 'table.inputs-table' }] },
  { file: 'ch19.ex16.html', regions: [RULES] },
  { file: 'figures.html', regions: [{ name: 'heatmap', from: 'figure[data-figure="heatmap"] figcaption' },
    { name: 'hull', from: 'figure[data-figure="hull"] .figure-plot' },
    { name: 'window', from: 'figure[data-figure="window"] .figure-plot' }] },
  { file: 'figures-14.html', regions: [{ name: 'table-14-4', from: 'table.diagnoses caption', to: 'table.diagnoses tbody tr' }] },
];
const only = option('--only', null)?.split(',');

// Opens everything a learner can open: closed <details>, hints, the working, and the reference
// notes of written parts (after a few words in their field, as they ask).
async function openEverything(page) {
  await page.evaluate(() => { for (const details of document.querySelectorAll('details')) details.open = true; });
  for (const button of await page.locator('button.hint-toggle[aria-expanded="false"], button.show-working[aria-expanded="false"]').all()) {
    if (await button.isVisible() && await button.getAttribute('aria-disabled') !== 'true') await button.click();
  }
  for (const notes of await page.locator('.explain-part textarea').all()) {
    await notes.fill('My explanation.');
  }
  for (const reveal of await page.locator('button.reveal-notes').all()) {
    if (await reveal.isVisible() && await reveal.isEnabled()) await reveal.click();
  }
  await page.evaluate(() => { for (const details of document.querySelectorAll('details')) details.open = true; });
  // (An exercise's figures are drawn when their panel opens.)
  await page.waitForFunction(() => [...document.querySelectorAll('details[open] .embedded-figures')]
    .every((holder) => holder.querySelector('svg')), null, { timeout: 30_000 });
}

// Drags the first bar of the hull figure to 80% of its track, as a finger would.
async function dragHull(page) {
  const track = page.locator('figure[data-figure="hull"] svg.fig-hull-bars rect.hull-track').first();
  if (await track.count() === 0) return;
  await track.scrollIntoViewIfNeeded();
  const box = await track.boundingBox();
  if (!box) return;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await page.waitForTimeout(300);
}

async function regionBox(page, { from, to }) {
  return page.evaluate(([start, end]) => {
    const first = document.querySelector(start);
    if (!first) return null;
    const top = first.getBoundingClientRect().top + window.scrollY;
    const last = end ? document.querySelector(end) : first;
    const bottom = (last ?? first).getBoundingClientRect().bottom + window.scrollY;
    // Across, the page's column (main's content box and 8 px either side), not the empty margins.
    const main = document.querySelector('main').getBoundingClientRect();
    const padding = parseFloat(getComputedStyle(document.querySelector('main')).paddingLeft);
    const x = Math.max(0, main.left + padding - 8);
    const width = Math.min(document.documentElement.clientWidth, main.right - padding + 8) - x;
    return { x, y: Math.max(0, top - 8), width, height: bottom - top + 16 };
  }, [from, to ?? null]);
}

// A palette of at most 32 colours (pngquant, where it is installed: Debian's package).
const quantize = (file) => !spawnSync('pngquant', ['--force', '--skip-if-larger', '--speed', '1', '32', '--ext', '.png', file]).error;

fs.mkdirSync(path.join(out, 'full'), { recursive: true });
const server = await startServer([], { dir: site });
const browser = await launchBrowser();
try {
  for (const spec of PAGES.filter((p) => !only || only.includes(p.file))) {
    for (const scheme of ['light', 'dark']) {
      for (const width of widths) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
        const page = await context.newPage();
        page.on('pageerror', (error) => process.stderr.write(`${spec.file}: ${error.message}\n`));
        await page.goto(`${server.url}${spec.file}`);
        await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
        await openEverything(page);
        await page.waitForTimeout(500);
        if (spec.regions.some((region) => region.name === 'hull')) await dragHull(page);
        const name = `${prefix}${spec.file.replace(/\.html$/, '')}-${width}-${scheme}.png`;
        await page.screenshot({ path: path.join(out, 'full', name), fullPage: true });
        for (const region of crop ? spec.regions : []) {
          const box = await regionBox(page, region);
          if (!box) continue;
          const cropped = path.join(out, name.replace(/\.png$/, `-${region.name}.png`));
          await page.screenshot({ path: cropped, fullPage: true, clip: box });
          quantize(cropped);
        }
        await context.close();
        process.stdout.write(`${name}\n`);
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
