// The figures at a phone's, a tablet's and a laptop's width (320, 375, 768 and 1,100 CSS
// px): each figure of both figures pages and of an exercise's figure panel is drawn (its
// marks counted: bars, cells, points, comparisons), its text is at least 12 px on screen,
// and the page does not scroll sideways; Example 14.3's fill-in tables and the batch lab
// are shot at the same widths. A weight bar of the hull figure is dragged by touch at 375
// px and the weights follow. The screenshots are kept in test-results/ (figures-WIDTH-*.png).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WAIT_MS, newCheckedPage, screenshot, useSite, waitReady } from './harness.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

const WIDTHS = [320, 375, 768, 1100];

// The marks each figure draws with the chapters' numbers, counted in its drawings.
const MARKS = {
  flow: { 'rect.bar': 5 },
  heatmap: { 'rect.fig-cell': 10 },
  mask: { 'rect.bar': 10 },
  temperature: { 'rect.bar': 20 },
  hull: { 'circle.fig-point': 3, 'circle.fig-context-point': 2, 'rect.hull-bar': 3 },
  window: { 'rect.fig-cell': 20 },
  reads: { 'rect.bar': 6 },
  recurrence: { 'rect.fig-compare': 12 },
};

// Every figure on the page: its marks by selector (those with a drawn box), the smallest text
// on screen in px, whether each drawing fits its holder or scrolls inside it.
function measureFigures(page) {
  return page.evaluate(() => [...document.querySelectorAll('figure.live-figure')].map((figure) => {
    const svgs = [...figure.querySelectorAll('.figure-plot svg')];
    const drawn = (selector) => svgs.flatMap((svg) => [...svg.querySelectorAll(selector)])
      .filter((node) => node.getBoundingClientRect().width > 0).length; // (a zero weight's bar has no height)
    const counts = {};
    for (const selector of ['rect.bar', 'rect.fig-cell', 'circle.fig-point', 'circle.fig-context-point', 'rect.hull-bar', 'rect.fig-compare']) {
      counts[selector] = drawn(selector);
    }
    let smallest = Infinity;
    for (const svg of svgs) {
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      for (const text of svg.querySelectorAll('text')) {
        if (!text.textContent.trim()) continue;
        smallest = Math.min(smallest, parseFloat(getComputedStyle(text).fontSize) * scale);
      }
    }
    const plot = figure.querySelector('.figure-plot');
    const fits = svgs.every((svg) => svg.getBoundingClientRect().right <= plot.getBoundingClientRect().right + 1)
      || getComputedStyle(plot).overflowX === 'auto';
    return { name: figure.dataset.figure, svgs: svgs.length, counts, smallest, fits };
  }));
}

const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function checkFigures(page, label, expected) {
  await page.waitForFunction((n) => document.querySelectorAll('figure.live-figure .figure-plot svg').length >= n, expected.length);
  const figures = await measureFigures(page);
  assert.deepEqual(figures.map((f) => f.name), expected, `${label}: the figures`);
  for (const figure of figures) {
    for (const [selector, count] of Object.entries(MARKS[figure.name])) {
      assert.equal(figure.counts[selector], count, `${label}: ${figure.name} draws ${count} ${selector}`);
    }
    assert.ok(figure.smallest >= 11.95, `${label}: ${figure.name}'s smallest text is ${figure.smallest.toFixed(2)} px`);
    assert.ok(figure.fits, `${label}: ${figure.name} fits its frame or scrolls inside it`);
  }
}

for (const width of WIDTHS) {
  test(`at ${width} px every figure is drawn with readable text, and nothing scrolls the page sideways`, async () => {
    const { page, context, problems } = await newCheckedPage(browser, { viewport: { width, height: 900 } });
    for (const [file, names] of [['figures.html', ['flow', 'heatmap', 'mask', 'temperature', 'hull', 'window']],
      ['figures-14.html', ['reads', 'recurrence']]]) {
      await page.goto(`${server.url}${file}`);
      await waitReady(page);
      await checkFigures(page, `${file} at ${width}`, names);
      // Every table of numbers open too.
      for (const details of await page.locator('details.figure-data').all()) await details.locator('summary').click();
      assert.equal(await overflow(page), 0, `${file} at ${width} px scrolls sideways`);
      await screenshot(page, `figures-${width}-${file.replace('.html', '')}`);
    }
    // An exercise page with its figure panel open.
    await page.goto(`${server.url}ch19.running.html`);
    await waitReady(page);
    await page.locator('details.figure-embed summary').click();
    await checkFigures(page, `ch19.running at ${width}`, ['flow', 'temperature', 'mask']);
    assert.equal(await overflow(page), 0, `the exercise page at ${width} px scrolls sideways`);
    await screenshot(page, `figures-${width}-exercise-panel`);
    // Example 14.3's fill-in tables, and the batch lab.
    await page.goto(`${server.url}ch14.example3.html`);
    await waitReady(page);
    assert.equal(await overflow(page), 0, `Example 14.3 at ${width} px scrolls sideways`);
    const cut = await page.evaluate(() => [...document.querySelectorAll('table.fill-in-table caption, table.fill-in-table .part')]
      .filter((node) => node.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).length);
    assert.equal(cut, 0, 'no caption or cell of a fill-in table reaches past the screen');
    await screenshot(page, `figures-${width}-example3`);
    await page.goto(`${server.url}lab-batch.html`);
    await waitReady(page);
    await page.locator('#batch-result[data-runs="1"]').waitFor();
    assert.equal(await overflow(page), 0, `the batch lab at ${width} px scrolls sideways`);
    await screenshot(page, `figures-${width}-lab-batch`);
    assert.deepEqual(problems(), []);
    await context.close();
  });
}

test('at 375 px a weight bar of the hull figure follows a finger, and the core reads the new weights', async () => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${server.url}figures.html`);
  await waitReady(page);
  const figure = page.locator('figure[data-figure="hull"]');
  const track = figure.locator('rect.hull-track[data-index="0"]');
  await track.scrollIntoViewIfNeeded();
  const before = JSON.parse(await figure.getAttribute('data-context'));
  const box = await track.boundingBox();
  const y = box.y + box.height / 2;
  const session = await context.newCDPSession(page);
  const touch = (type, x) => session.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', box.x + box.width * 0.6);
  for (const share of [0.5, 0.4, 0.3, 0.2]) await touch('touchMove', box.x + box.width * share);
  await touch('touchEnd');
  await page.waitForFunction(() => Number(document.querySelector('figure[data-figure="hull"] input.hull-slider').value) <= 0.25);
  const weight = Number(await figure.locator('input.hull-slider').first().inputValue());
  assert.ok(Math.abs(weight - 0.2) <= 0.03, `the finger set weight 1 to ${weight}`);
  // (Value 1 is the origin, so weight 1 moves the weight sum, not the context: the core says so.)
  await figure.locator('.figure-status', { hasText: 'not 1' }).waitFor();
  assert.match(await figure.locator('.figure-status').textContent(), new RegExp(`add up to ${(weight + 0.4).toFixed(3)}, not 1`));
  assert.equal(await figure.getAttribute('data-context'), JSON.stringify(before), 'value 1 is the origin: the context stays');
  const shown = await figure.locator('rect.hull-bar').first().getAttribute('data-weight');
  assert.equal(Number(shown).toFixed(2), weight.toFixed(2), 'the bar shows the core\'s weight');
  const row = await figure.locator('table tbody tr', { hasText: 'context 1' }).first().locator('td').allTextContents();
  assert.match(row[2], new RegExp(`^\\[${weight.toFixed(2)}, 0\\.30, 0\\.10\\]$`), 'the table has the new weights');
  assert.equal(await overflow(page), 0);
  await screenshot(page, 'figures-375-hull-touch');
  assert.deepEqual(problems, []);
  await context.close();
});
