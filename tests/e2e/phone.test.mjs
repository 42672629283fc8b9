// What a learner reads on a phone (issue 41), at 320 CSS px on a touch screen, and the hull
// figure at a tablet's and a laptop's width: the inputs table's values in full; reference
// notes whose maths fits the screen; Table 14.4's caption as wide as its table; a long typed
// list shown whole; no Ctrl+Enter shortcut where there is no Ctrl key; the window strip with
// every position on the screen; the hull figure drawn at its own size, the point and the bars
// on one screen, its labels covering no dot and no other label after the weights move.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WAIT_MS, launchBrowser, newCheckedPage, screenshot, startServer, waitReady } from './harness.mjs';
import { after, before } from 'node:test';

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

// A phone: 320 CSS px, a touch screen without a mouse.
async function phone() {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true,
    serviceWorkers: 'block' });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, context, problems };
}

const outside = (page, selector) => page.evaluate((s) => [...document.querySelectorAll(s)]
  .filter((node) => node.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).length, selector);

test('at 320 px: the inputs\' values in full, the reference notes\' maths on the screen, Table 14.4\'s caption as wide as the table', async () => {
  const { page, context, problems } = await phone();
  for (const id of ['ch19.ex15', 'ch19.ex18']) {
    await page.goto(`${server.url}${id}.html`);
    await waitReady(page);
    await page.locator('details.inputs > summary').click();
    const cells = await page.locator('table.inputs-table td').evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().width));
    assert.ok(cells.every((w) => w > 200), `${id}: each value has the column's width (${cells.map(Math.round)})`);
    const fragments = await page.locator('table.inputs-table td code').evaluateAll((codes) => codes.filter((code) =>
      /^\[+$/.test(code.textContent.trim()) || code.getClientRects().length > 12).length);
    assert.equal(fragments, 0, `${id}: no value in fragments`);
  }
  await page.goto(`${server.url}ch19.ex14.html`);
  await waitReady(page);
  await page.locator('.explain-part textarea').first().fill('The rows must sum to one.');
  await page.locator('button.reveal-notes').first().click();
  const notes = page.locator('.reference-notes').first();
  await notes.locator('math').first().waitFor();
  const cut = await notes.evaluate((box) => {
    const right = box.getBoundingClientRect().right;
    return [...box.querySelectorAll('math')].filter((math) => math.getBoundingClientRect().right > right + 0.5).map((m) => m.textContent);
  });
  assert.deepEqual(cut, [], 'no maths runs past the notes\' edge');
  assert.ok(await notes.evaluate((box) => box.scrollWidth <= box.clientWidth + 1), 'the notes do not scroll sideways');
  await screenshot(page, 'phone-320-reference-notes');
  await page.goto(`${server.url}figures-14.html`);
  await waitReady(page);
  const [caption, table] = await page.locator('table.diagnoses').evaluate((t) => [t.caption.getBoundingClientRect().width,
    t.getBoundingClientRect().width]);
  assert.ok(caption >= table - 1, `the caption is ${caption} px wide in a ${table} px table`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('at 320 px on a touch screen: a long list typed is shown whole, and no Ctrl+Enter is offered', async () => {
  const { page, context, problems } = await phone();
  await page.goto(`${server.url}ch19.running.html`);
  await waitReady(page);
  const section = page.locator('.part[data-part="weights"]');
  const typed = '[0.1234, 0.3612, 0.2001, 0.1013, 0.2140]';
  await section.locator('input.answer').fill(typed);
  const echo = section.locator('.answer-echo');
  assert.equal(await echo.innerText(), `You typed: ${typed}`);
  assert.ok(await echo.isVisible());
  assert.equal(await outside(page, '.answer-echo'), 0);
  // A short one fits its field: nothing is repeated.
  await section.locator('input.answer').fill('[0.1]');
  assert.ok(await echo.isHidden());
  // A matrix's text area: Enter starts a line (said), Ctrl+Enter is neither shown nor said.
  await page.goto(`${server.url}ch19.ex9.html`);
  await waitReady(page);
  const keys = page.locator('.part[data-part="padding_mask"] .answer-keys');
  assert.equal((await keys.innerText()).trim(), 'One row a line if you like: Enter starts a new line.');
  const field = page.locator('.part[data-part="padding_mask"] textarea.answer');
  const cdp = await context.newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
    backendNodeId: (await cdp.send('DOM.describeNode', { objectId: (await cdp.send('Runtime.evaluate',
      { expression: 'document.querySelector(\'.part[data-part="padding_mask"] textarea.answer\')' })).result.objectId })).node.backendNodeId,
    fetchRelatives: false });
  assert.doesNotMatch(nodes[0].description?.value ?? '', /Ctrl/, 'nor said');
  assert.ok(await field.isVisible());
  assert.deepEqual(problems, []);
  await context.close();
});

test('at 320 px the window strip shows every position, the needed one too, on the screen', async () => {
  const { page, context, problems } = await phone();
  await page.goto(`${server.url}figures.html`);
  await waitReady(page);
  const figure = page.locator('figure[data-figure="window"]');
  await figure.locator('svg rect.fig-cell').first().waitFor();
  assert.equal(await figure.locator('rect.fig-cell').count(), 20);
  assert.equal(await outside(page, 'figure[data-figure="window"] rect.fig-cell, figure[data-figure="window"] rect.fig-relevant'), 0);
  assert.equal(await figure.locator('.figure-plot.figure-scroll').count(), 0, 'the strip does not scroll');
  const widths = await figure.locator('rect.fig-cell').evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().width));
  assert.ok(widths.every((w) => w >= 44), 'each cell a finger wide');
  const cut = await figure.locator('.figure-plot svg').evaluate((svg) => {
    const box = svg.getBoundingClientRect();
    return [...svg.querySelectorAll('text')].filter((text) => {
      const r = text.getBoundingClientRect();
      return r.left < box.left - 0.5 || r.right > box.right + 0.5;
    }).map((text) => text.textContent);
  });
  assert.deepEqual(cut, [], 'every word within the drawing');
  await screenshot(page, 'phone-320-window');
  assert.deepEqual(problems, []);
  await context.close();
});

// The labels of the hull's scatter, and its dots, as boxes on the screen.
const hullBoxes = (page) => page.locator('figure[data-figure="hull"] svg.fig-hull').evaluate((svg) => {
  const box = (node) => {
    const r = node.getBoundingClientRect();
    return { text: node.textContent, x0: r.left, y0: r.top, x1: r.right, y1: r.bottom };
  };
  return { labels: [...svg.querySelectorAll('text.fig-label, text.fig-context-label')].map(box),
    dots: [...svg.querySelectorAll('circle')].map(box) };
});
const overlaps = (a, b) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.5 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5;

for (const width of [320, 768, 1100]) {
  test(`at ${width} px the hull figure is drawn at its own size, and its labels cover no dot and no other label as the weights move`, async () => {
    const { page, context, problems } = await newCheckedPage(browser, { viewport: { width, height: 800 } });
    await page.goto(`${server.url}figures.html`);
    await waitReady(page);
    const figure = page.locator('figure[data-figure="hull"]');
    await figure.locator('svg.fig-hull circle.fig-context-point').first().waitFor();
    const sizes = await figure.locator('.figure-plot svg').evaluateAll((svgs) => svgs.map((svg) => {
      const r = svg.getBoundingClientRect();
      return { scale: r.width / svg.viewBox.baseVal.width, top: r.top, height: r.height };
    }));
    for (const { scale } of sizes) assert.ok(Math.abs(scale - 1) < 0.01, `one SVG unit a CSS pixel (${scale.toFixed(2)})`);
    if (width >= 768) {
      const [plot, bars] = sizes;
      assert.ok(Math.abs(plot.top - bars.top) < 1, 'the bars beside the plot');
      assert.ok(Math.max(plot.height, bars.height) <= 560, `both on one screen (${Math.round(plot.height)} px)`);
    }
    // The first context moved next to the second (whose weights are [0.15, 0.25, 0.6]), then away.
    for (const weights of [null, [0.2, 0.25, 0.55], [0.15, 0.3, 0.55], [1, 0, 0], [0, 0, 1]]) {
      if (weights) {
        for (const [i, w] of weights.entries()) await figure.locator('input.hull-slider').nth(i).fill(String(w));
        await page.waitForFunction((expected) => JSON.parse(document.querySelector('figure[data-figure="hull"] rect.hull-bar')
          ?.dataset.weight ?? 'null') === expected, weights[2] === undefined ? null : weights[0]);
      }
      const { labels, dots } = await hullBoxes(page);
      assert.equal(labels.length, 5);
      for (const [i, a] of labels.entries()) {
        for (const b of [...labels.slice(i + 1), ...dots]) {
          assert.ok(!overlaps(a, b), `at ${width} px with weights ${weights}: "${a.text}" covers ${b.text ? `"${b.text}"` : 'a dot'}`);
        }
      }
    }
    await screenshot(page, `hull-${width}`);
    assert.deepEqual(problems(), []);
    await context.close();
  });
}
