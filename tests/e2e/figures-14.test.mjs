// Chapter 14's figures page: Figure 14.1 (one memory read with two queries) drawn with
// the core's exact working for Examples 14.1 and 14.2, Figure 14.2 (the comparisons
// inside each recurrent step) sized by the core's cost working, and Table 14.4; each with
// its text alternative, and the page in the site's navigation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newCheckedPage, screenshot, useSite, waitReady } from './harness.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

// companion.work for an exercise's inputs (with some replaced), through the page's own API.
function coreWork(page, { exercise, inputs = {}, ...request }) {
  return page.evaluate(async ({ id, extra, req }) => {
    const { loadCompanion } = await import('./companion.mjs');
    const companion = await loadCompanion();
    return companion.work({ ...req, inputs: { ...companion.exercise(id).inputs, ...extra } });
  }, { id: exercise, extra: inputs, req: request });
}

async function openPage() {
  const checked = await newCheckedPage(browser);
  await checked.page.goto(`${server.url}figures-14.html`);
  await waitReady(checked.page);
  await checked.page.locator('figure[data-figure="recurrence"]').waitFor();
  return checked;
}

const both = (v) => (v.exact === v.decimal ? v.exact : `${v.exact} ≈ ${v.decimal}`);

test('the Chapter 14 page draws Figure 14.1, Figure 14.2 and Table 14.4, each with a text alternative', async () => {
  const { page, context, problems } = await openPage();
  const names = await page.locator('figure.live-figure').evaluateAll((figs) => figs.map((f) => f.dataset.figure));
  assert.deepEqual(names, ['reads', 'recurrence']);
  const headings = await page.locator('main h2').allTextContents();
  assert.deepEqual(headings.map((h) => h.split(' — ')[0]), ['Figure 14.1', 'Figure 14.2', 'Table 14.4']);
  for (const name of names) {
    const figure = page.locator(`figure[data-figure="${name}"]`);
    assert.ok((await figure.locator('svg[role="img"]').getAttribute('aria-label')).length > 40, `${name} has a text label`);
    assert.ok(await figure.locator('details.figure-data table caption').count() >= 1, `${name} has a table`);
    assert.ok(await figure.locator('details.figure-data table tbody tr').count() >= 3, `${name}'s table has rows`);
  }
  // Table 14.4: four diagnoses, four columns, a caption.
  const table = page.locator('#diagnoses table');
  assert.equal(await table.locator('caption').count(), 1);
  assert.equal(await table.locator('thead th').count(), 4);
  assert.equal(await table.locator('tbody tr').count(), 4);
  assert.equal(await table.locator('tbody th[scope="row"]').count(), 4);
  // The page is in the navigation, marked as the current page.
  assert.equal(await page.locator('header.site-header a[href="figures-14.html"][aria-current="page"]').count(), 1);
  assert.equal(await page.locator('header.site-header a[href="figures.html"]').count(), 1);
  await screenshot(page, 'figures-14-page');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('Figure 14.1 shows the core’s exact reads of Examples 14.1 and 14.2 side by side', async () => {
  const { page, context, problems } = await openPage();
  const figure = page.locator('figure[data-figure="reads"]');
  const first = await coreWork(page, { model: 'ch14.read', exercise: 'ch14.example1' });
  const second = await coreWork(page, { model: 'ch14.read', exercise: 'ch14.example2' });
  assert.deepEqual(first.positions.map((p) => p.weight.exact), ['1/2', '1/4', '1/4'], 'Example 14.1’s weights');
  assert.deepEqual(second.positions.map((p) => p.weight.exact), ['1/4', '1/2', '1/4'], 'Example 14.2’s weights');
  assert.deepEqual(JSON.parse(await figure.getAttribute('data-weights')),
    [first, second].map((r) => r.positions.map((p) => p.weight.exact)));
  assert.deepEqual(JSON.parse(await figure.getAttribute('data-contexts')), [first.context.exact, second.context.exact]);
  // The drawing: each state times its weight, the sums.
  const svgText = await figure.locator('svg text').allTextContents();
  for (const read of [first, second]) {
    assert.ok(svgText.includes(read.context.exact), `the context ${read.context.exact} is drawn`);
  }
  assert.deepEqual(svgText.filter((t) => t.startsWith('× ')), [...first.positions, ...second.positions].map((p) => `× ${p.weight.exact}`));
  assert.ok(svgText.includes('q = [1, 0]') && svgText.includes('q = [0, 1]'));
  // The text alternative: one table per read, weights and the denominator from the core.
  const tables = figure.locator('details.figure-data table');
  assert.equal(await tables.count(), 2);
  for (const [k, read] of [first, second].entries()) {
    const weights = await tables.nth(k).locator('tbody tr td:nth-child(5)').allTextContents();
    assert.deepEqual(weights, read.positions.map((p) => both(p.weight)));
    const caption = await tables.nth(k).locator('caption').textContent();
    assert.ok(caption.includes(`add up to ${both(read.denominator)}`), caption);
    assert.ok(caption.includes(both(read.context)), caption);
  }
  assert.deepEqual(problems(), []);
  await context.close();
});

test('Figure 14.2 draws every decoder step comparing with every kept state, sized by the core', async () => {
  const { page, context, problems } = await openPage();
  const figure = page.locator('figure[data-figure="recurrence"]');
  const core = await coreWork(page, { model: 'ch14.cost', exercise: 'ch14.cost' });
  const { n, t } = core.inputs;
  const dots = core.counts.find((c) => c.name === 'dot_products').value;
  assert.deepEqual([n, t, dots], [3, 4, 12]);
  assert.deepEqual(JSON.parse(await figure.getAttribute('data-sizes')), { n, t, comparisons: dots });
  assert.equal(await figure.locator('rect.fig-panel[data-step]').count(), t, 'one panel per decoder step');
  assert.equal(await figure.locator('rect.fig-compare').count(), dots, 'each step compares with every kept state');
  assert.equal(await figure.locator('text.fig-parallel-text').count(), t, 'each step marks its comparisons as simultaneous');
  const rows = await figure.locator('details.figure-data tbody tr th').allTextContents();
  assert.deepEqual(rows, ['Encoder', 'Decoder step 1', 'Decoder step 2', 'Decoder step 3', 'Decoder step 4', 'All steps']);
  const total = await figure.locator('details.figure-data tbody tr:last-child td').allTextContents();
  assert.match(total.join(' '), new RegExp(`^\\s*${dots} comparisons`));
  assert.deepEqual(problems(), []);
  await context.close();
});
