// The live figures of Chapter 19: moving the temperature slider redraws the bars and
// the table with the core's weights for that temperature; the hull figure shows the
// chapter's two contexts, which follow the weight sliders and a drag on a weight bar; the
// window figure highlights the chapter's window (positions 4–7) and its slider moves it;
// the heatmap shows the chapter's two rows of weights; the charts have axis titles; every
// figure has a labelled SVG and a table.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newCheckedPage, screenshot, useSite, waitReady } from './harness.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

// companion.work(request) in the page, through the page's own API.
function coreWork(page, request) {
  return page.evaluate(async (req) => {
    const { loadCompanion } = await import('./companion.mjs');
    const companion = await loadCompanion();
    if (req.exercise) req.inputs = { ...companion.exercise(req.exercise).inputs, ...req.inputs };
    delete req.exercise;
    return companion.work(req);
  }, request);
}

async function openFigures() {
  const checked = await newCheckedPage(browser);
  await checked.page.goto(`${server.url}figures.html`);
  await waitReady(checked.page);
  await checked.page.locator('figure[data-figure="hull"]').waitFor();
  return checked;
}

const yourColumn = (figure) => figure.locator('table.figure-numbers tbody tr td:nth-child(5)').allTextContents();

test('every figure has a labelled SVG and a table with its numbers', async () => {
  const { page, context, problems } = await openFigures();
  const names = await page.locator('figure.live-figure').evaluateAll((figs) => figs.map((f) => f.dataset.figure));
  // Exercise by exercise in chapter order: the running example, exercises 19.5, 19.7, 19.15.
  assert.deepEqual(names, ['flow', 'heatmap', 'mask', 'temperature', 'hull', 'window']);
  for (const name of names) {
    const figure = page.locator(`figure[data-figure="${name}"]`);
    // (The hull has two drawings, the scatter and the weight bars: each is labelled.)
    for (const svg of await figure.locator('svg[role="img"]').all()) {
      assert.ok((await svg.getAttribute('aria-label')).length > 20, `${name} has a text label`);
    }
    assert.ok(await figure.locator('details table caption').count() === 1, `${name} has a table`);
    assert.ok(await figure.locator('details table tbody tr').count() >= 2, `${name}'s table has rows`);
  }
  const flowRows = await page.locator('figure[data-figure="flow"] table tbody tr td:nth-child(3)').allTextContents();
  assert.deepEqual(flowRows.slice(0, 5), ['0.123', '0.361', '0.200', '0.101', '0.215']);
  const maskAfter = await page.locator('figure[data-figure="mask"] table tbody tr td:nth-child(4)').allTextContents();
  assert.deepEqual(maskAfter.slice(0, 5), ['0.179', '0.528', '0.293', '0.000', '0.000']);
  await screenshot(page, 'figures-page');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('moving the temperature slider changes the bars and the table to the core’s weights', async () => {
  const { page, context, problems } = await openFigures();
  const figure = page.locator('figure[data-figure="temperature"]');
  const before = await yourColumn(figure);
  const barsBefore = await figure.locator('rect.bar-mine').evaluateAll((rects) => rects.map((r) => r.getAttribute('height')));
  await figure.locator('input.temperature-slider').fill('0.25');
  await page.waitForFunction(() => document.querySelector('figure[data-figure="temperature"]').dataset.temperature === '0.25');
  const after = await yourColumn(figure);
  assert.notDeepEqual(after, before);
  const barsAfter = await figure.locator('rect.bar-mine').evaluateAll((rects) => rects.map((r) => r.getAttribute('height')));
  assert.notDeepEqual(barsAfter, barsBefore, 'the bars are redrawn');
  const core = await coreWork(page, { model: 'ch19.read', exercise: 'ch19.running', temperature: '0.25' });
  assert.deepEqual(after.slice(0, 5), core.positions.map((p) => p.weight.toFixed(3)));
  assert.equal(after[5], core.entropy.toFixed(3), 'the entropy row too');
  assert.match(await figure.locator('output').textContent(), /τ = 0\.25/);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the hull figure asks the core for the context as the weights move (slider and drag)', async () => {
  const { page, context, problems } = await openFigures();
  const figure = page.locator('figure[data-figure="hull"]');
  const values = '[[0, 0], [2.6, 0.25], [0.55, 2.1]]';
  const contextNow = async () => JSON.parse(await figure.getAttribute('data-context'));
  assert.deepEqual(await contextNow(), (await coreWork(page, { model: 'ch19.read', inputs: { values, weights: '[0.6, 0.3, 0.1]' } })).context);

  await figure.locator('input.hull-slider').nth(2).fill('0.7');
  await page.waitForFunction(() => document.querySelector('figure[data-figure="hull"] output:nth-of-type(1)') !== null);
  const afterSlider = await coreWork(page, { model: 'ch19.read', inputs: { values, weights: '[0.6, 0.3, 0.7]' } });
  await page.waitForFunction((expected) => document.querySelector('figure[data-figure="hull"]').dataset.context === expected,
    JSON.stringify(afterSlider.context));
  assert.match(await figure.locator('.figure-status').textContent(), /add up to 1\.600, not 1/);

  const track = figure.locator('rect.hull-track[data-index="0"]');
  await track.scrollIntoViewIfNeeded();
  const box = await track.boundingBox();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  const dragged = await figure.locator('input.hull-slider').nth(0).inputValue();
  assert.ok(Math.abs(Number(dragged) - 0.2) <= 0.02, `the drag set weight 1 to ${dragged}`);
  const afterDrag = await coreWork(page, { model: 'ch19.read', inputs: { values, weights: `[${dragged}, 0.3, 0.7]` } });
  assert.deepEqual(await contextNow(), afterDrag.context);
  const contextRow = await figure.locator('table tbody tr', { hasText: 'Context' }).first().locator('td').allTextContents();
  assert.deepEqual(contextRow.slice(0, 2), afterDrag.context.map((x) => x.toFixed(3)));
  await screenshot(page, 'figures-hull-dragged');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the window slider moves the local window and the weights follow the core', async () => {
  const { page, context, problems } = await openFigures();
  const figure = page.locator('figure[data-figure="window"]');
  assert.equal(await figure.getAttribute('data-window'), '[4, 8]');
  await figure.locator('input.window-slider').fill('7');
  await page.waitForFunction(() => document.querySelector('figure[data-figure="window"]').dataset.window === '[7, 11]');
  const core = await coreWork(page, { model: 'ch19.batch', exercise: 'ch19.ex15' });
  assert.ok(core.rows[0].eligible.length === 10);
  const cells = await figure.locator('table tbody tr:nth-child(9) td').allTextContents();
  assert.equal(cells[2], 'yes', 'position 9 is inside the moved window');
  assert.notEqual(cells[3], '0 (masked)');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('figures sit next to their exercises and use the variant’s numbers', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}exercise.html?id=ch19.running&seed=99`);
  await waitReady(page);
  await page.locator('details.figure-embed summary').click();
  await page.locator('details.figure-embed figure[data-figure="mask"]').waitFor();
  assert.equal(await page.locator('details.figure-embed figure.live-figure').count(), 3);
  const core = await page.evaluate(async () => {
    const { loadCompanion } = await import('./companion.mjs');
    const companion = await loadCompanion();
    return companion.work({ model: 'ch19.read', inputs: companion.exercise('ch19.running', { seed: 99 }).inputs });
  });
  const shown = await page.locator('figure[data-figure="flow"] table tbody tr td:nth-child(3)').allTextContents();
  assert.deepEqual(shown.slice(0, 5), core.positions.map((p) => p.weight.toFixed(3)));
  assert.deepEqual(problems(), []);
  await context.close();
});

const CHAPTER_ROWS = [[0.05, 0.48, 0.36, 0.08, 0.03], [0.03, 0.05, 0.10, 0.37, 0.45]];

test('the heatmap shows the chapter’s two rows of weights, as the core reads them', async () => {
  const { page, context, problems } = await openFigures();
  const figure = page.locator('figure[data-figure="heatmap"]');
  const values = (await page.evaluate(async () => {
    const { loadCompanion } = await import('./companion.mjs');
    return (await loadCompanion()).exercise('ch19.running').inputs.values;
  }));
  const core = [];
  for (const row of CHAPTER_ROWS) {
    core.push((await coreWork(page, { model: 'ch19.read', inputs: { values, weights: JSON.stringify(row) } })).positions.map((p) => p.weight));
  }
  assert.deepEqual(core, CHAPTER_ROWS, 'the core returns the given weights');
  assert.deepEqual(JSON.parse(await figure.getAttribute('data-rows')), core);
  const cells = await figure.locator('svg text.fig-cell-value').allTextContents();
  assert.deepEqual(cells, ['0.05', '0.48', '0.36', '0.08', '0.03', '0.03', '0.05', '0.10', '0.37', '0.45']);
  const titles = await figure.locator('svg text.fig-title').allTextContents();
  assert.equal(titles.length, 2);
  assert.match(titles[0], /early detail/);
  assert.match(titles[1], /later detail/);
  const axes = await figure.locator('svg text.fig-axis-label').allTextContents();
  assert.ok(axes.includes('source position') && axes.includes('attention weight'), `axis titles: ${axes}`);
  const firstRow = await figure.locator('table tbody tr').first().locator('td').allTextContents();
  assert.deepEqual(firstRow.slice(0, 5), ['0.050', '0.480', '0.360', '0.080', '0.030']);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the window figure highlights the chapter’s window, positions 4 to 7, as the core’s batch working gives it', async () => {
  const { page, context, problems } = await openFigures();
  const figure = page.locator('figure[data-figure="window"]');
  const core = await coreWork(page, { model: 'ch19.batch', exercise: 'ch19.ex15', inputs: { window: '[4, 8]' } });
  const eligible = core.rows[0].eligible.flatMap((on, i) => (on ? [i + 1] : []));
  assert.deepEqual(eligible, [4, 5, 6, 7]);
  assert.deepEqual(JSON.parse(await figure.getAttribute('data-window-positions')), eligible);
  const lit = await figure.locator('rect.fig-eligible[data-strip="local"]').evaluateAll((rects) => rects.map((r) => Number(r.dataset.position)));
  assert.deepEqual(lit, [4, 5, 6, 7]);
  assert.equal(await figure.locator('rect.fig-eligible[data-strip="global"]').count(), 10, 'globally, all ten are eligible');
  assert.equal(await figure.locator('text.fig-window-text').textContent(), 'the window: positions 4–7');
  const local = await figure.locator('table tbody tr td:nth-child(5)').allTextContents();
  assert.deepEqual(local.slice(3, 7), core.rows[0].weights.slice(3, 7).map((w) => w.toFixed(3)));
  assert.match(await figure.locator('output').textContent(), /positions 4 to 7/);
  assert.deepEqual(await figure.locator('svg text.fig-axis-label').allTextContents(), ['source position']);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the hull figure shows the chapter’s two contexts, and the sliders move the chosen one', async () => {
  const { page, context, problems } = await openFigures();
  const figure = page.locator('figure[data-figure="hull"]');
  const values = '[[0, 0], [2.6, 0.25], [0.55, 2.1]]';
  const one = await coreWork(page, { model: 'ch19.read', inputs: { values, weights: '[0.6, 0.3, 0.1]' } });
  const two = await coreWork(page, { model: 'ch19.read', inputs: { values, weights: '[0.15, 0.25, 0.6]' } });
  assert.equal(await figure.locator('circle.fig-context-point').count(), 2);
  assert.deepEqual(JSON.parse(await figure.getAttribute('data-contexts')), [one.context, two.context]);
  const labels = await figure.locator('svg text.fig-context-label').allTextContents();
  assert.deepEqual(labels, ['context 1: [0.60, 0.30, 0.10]', 'context 2: [0.15, 0.25, 0.60]']);
  const axes = await figure.locator('svg text.fig-axis-label').allTextContents();
  assert.deepEqual(axes, ['value coordinate 1', 'value coordinate 2']);
  const rows = await figure.locator('table tbody tr th').allTextContents();
  assert.ok(rows.includes('context 1') && rows.includes('context 2'), `table rows: ${rows}`);

  // Choose context 2 and move its third weight: only context 2 moves.
  await figure.getByRole('radio', { name: 'context 2' }).check();
  assert.equal(await figure.locator('input.hull-slider').nth(2).inputValue(), '0.6');
  await figure.locator('input.hull-slider').nth(2).fill('0.3');
  const moved = await coreWork(page, { model: 'ch19.read', inputs: { values, weights: '[0.15, 0.25, 0.3]' } });
  await page.waitForFunction((expected) => document.querySelector('figure[data-figure="hull"]').dataset.contexts === expected,
    JSON.stringify([one.context, moved.context]));
  assert.match(await figure.locator('.figure-status').textContent(), /add up to 0\.700, not 1/);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the bar charts title their axes, and the flow figure’s caption is the companion’s own', async () => {
  const { page, context, problems } = await openFigures();
  for (const name of ['temperature', 'mask']) {
    const axes = await page.locator(`figure[data-figure="${name}"] svg text.fig-axis-label`).allTextContents();
    assert.ok(axes.includes('attention weight'), `${name} titles its vertical axis: ${axes}`);
    assert.equal(axes.filter((text) => text === 'source position').length, name === 'temperature' ? 4 : 2,
      `${name} titles each horizontal axis`);
    assert.match(await page.locator(`figure[data-figure="${name}"] svg`).getAttribute('aria-label'), /attention weight.*source position/i);
  }
  const caption = await page.locator('figure[data-figure="flow"] figcaption').textContent();
  assert.doesNotMatch(caption, /softmax turns the scores into weights/i);
  assert.doesNotMatch(caption, /mix the values into one context vector/i);
  assert.deepEqual(problems(), []);
  await context.close();
});
