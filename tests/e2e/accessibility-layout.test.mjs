// Phone widths, checked in the browser with every panel open: no page scrolls sideways at
// 320 or 375 CSS px, no figure label drawn at 375 px is under 12 px, and every control at
// 320 px is at least 44 px high. Each page is loaded at 320 px (the narrowest width, from a
// fresh load) and then widened to 375 px, as a phone turned or a window dragged would be.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './harness.mjs';
import { PAGES, catalogue, newTab } from './a11y-helpers.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

// What is wrong with the page at the width it now has: sideways scrolling, labels under 12 px
// (at 375 px), controls under 44 px high (at 320 px; the embeds have their own stylesheet).
async function problemsAt(page, url, width) {
  const found = [];
  if (width === 320 && !/^(embed|component)\.html/.test(url)) {
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
  return found;
}

test('no page scrolls sideways at 320 or 375 CSS px with every panel open, no figure label drawn there is under 12 px, and every control is 44 px high', async () => {
  const found = [];
  const pages = [...PAGES, ...catalogue().map(({ id }) => `exercise.html?id=${encodeURIComponent(id)}`), 'ch14.example3.html', 'ch19.ex14.html'];
  const { page, visit, problems, close } = await newTab(browser);
  for (const url of pages) {
    await visit(`${server.url}${url}`, { width: 320 });
    for (const toggle of await page.locator('button.show-working:not([aria-disabled="true"])').all()) await toggle.click();
    // Every hint, and every reference note (which opens once something is written).
    for (const hint of await page.locator('button.hint-toggle').all()) await hint.click();
    for (const notes of await page.locator('textarea.open-notes').all()) await notes.fill('My notes so far.');
    for (const reveal of await page.locator('button.reveal-notes:not([disabled])').all()) await reveal.click();
    for (const details of await page.locator('details').all()) await details.evaluate((d) => { d.open = true; });
    for (const width of [320, 375]) {
      if (width !== 320) await page.setViewportSize({ width, height: 800 });
      await page.waitForTimeout(150); // a figure re-lays itself out on the next frame
      found.push(...(await problemsAt(page, url, width)));
    }
    assert.deepEqual(problems(), [], url);
  }
  await close();
  assert.deepEqual(found, []);
});
