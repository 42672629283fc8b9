// The live figures: moving the temperature slider redraws the bars and the
// table with the core's weights for that temperature; the hull figure's
// context follows the weight sliders and a drag on a weight bar; the window
// slider moves the local window; every figure has a labelled SVG and a table.

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
    if (req.exercise) req.inputs = companion.exercise(req.exercise).inputs;
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
  // Exercise by exercise in chapter order: the running example, exercises 19.5, 19.7, 19.15, 19.18.
  assert.deepEqual(names, ['flow', 'mask', 'temperature', 'hull', 'window', 'heatmap']);
  for (const name of names) {
    const figure = page.locator(`figure[data-figure="${name}"]`);
    const svg = figure.locator('svg[role="img"]');
    assert.ok((await svg.getAttribute('aria-label')).length > 20, `${name} has a text label`);
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
  assert.equal(await figure.getAttribute('data-window'), '[3, 7]');
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
