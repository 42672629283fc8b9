// "Run this batch" on the Chapter 19 batch exercises, in headless Chromium with and
// without --enable-unsafe-webgpu: with the flag (SwiftShader) the panel on ch19.ex10 says
// WebGPU ran, both kernels agree with the WASM core under the rule, the masked weights are
// exactly 0 and the weights are the exercise's own; without it the same page says the
// WASM core ran, with a visible notice, and still shows the weights; ch19.ex11's empty
// row comes back as zeros and flagged on both paths; the cost exercise shows the
// returned weights' count beside its answer field; the lab link presets the batch lab.
// The core's calls are counted during each press (the page's core factory is wrapped
// before its scripts run): one "Run this batch" case is one batchAttention and one
// batchAgreement per GPU kernel, never a second compute pass.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, newCheckedPage, waitReady, screenshot } from '../e2e/harness.mjs';
import { launchChromium } from './gpu-browser.mjs';
import { loadCompanion } from '../../web/companion.mjs';

let server;
let withGpu;
let withoutGpu;
let companion;

before(async () => {
  server = await startServer();
  [withGpu, withoutGpu, companion] = await Promise.all([
    launchChromium({ webgpu: true }), launchChromium({ webgpu: false }), loadCompanion()]);
});

after(async () => {
  await withGpu?.close();
  await withoutGpu?.close();
  await server?.stop();
});

// Before the page's scripts run: wraps the whole core's factory (companion.js defines
// createCompanionModule as a global; the page starts the exercise core, and "Run this batch"
// loads the whole one) so that every call into the core's batchAttention and batchAgreement
// is counted in window.coreCalls.
function countCoreCalls() {
  const calls = { batchAttention: 0, batchAgreement: 0 };
  window.coreCalls = calls;
  let factory;
  const counted = (...args) => Promise.resolve(factory(...args)).then((core) => {
    for (const name of Object.keys(calls)) {
      const call = core[name];
      core[name] = (...callArgs) => {
        calls[name] += 1;
        return call(...callArgs);
      };
    }
    return core;
  });
  Object.defineProperty(window, 'createCompanionModule', {
    configurable: true,
    get: () => (factory ? counted : undefined),
    set: (value) => { factory = value; },
  });
}

// Opens an exercise page, presses "Run this batch" and waits for the result; `calls` are
// the core calls the press made (batchAttention, batchAgreement).
async function runPanel(browser, id, { allow = [] } = {}) {
  const checked = await newCheckedPage(browser, { viewport: { width: 1100, height: 1000 }, allow });
  const { page } = checked;
  await page.addInitScript(countCoreCalls);
  await page.goto(`${server.url}exercise.html?id=${id}`);
  await waitReady(page);
  const before = await page.evaluate(() => ({ ...window.coreCalls }));
  await page.locator('section.batch-run button.run-batch').click();
  await page.locator('.batch-run-result[data-runs="1"]').waitFor();
  const after = await page.evaluate(() => ({ ...window.coreCalls }));
  checked.calls = Object.fromEntries(Object.keys(after).map((name) => [name, after[name] - before[name]]));
  return checked;
}

// The weights shown in the table of one case, row by row (exact float32 values).
async function shownWeights(page, caseKey = 'rows') {
  return page.locator(`.batch-case[data-case="${caseKey}"] table.batch-weights tbody tr`).evaluateAll((rows) =>
    rows.map((row) => [...row.querySelectorAll('td.weight-cell')].map((td) => Number(td.dataset.weight))));
}

// Within the agreement rule of the issue, against the core's double-precision working.
function assertWeightsMatch(shown, rows, label) {
  assert.equal(shown.length, rows.length, label);
  rows.forEach((row, r) => row.weights.forEach((want, s) => {
    const got = shown[r][s];
    if (want === 0) assert.equal(got, 0, `${label}: row ${r + 1}, position ${s + 1} must be exactly 0`);
    else assert.ok(Math.abs(got - want) <= 1e-5 + 1e-4 * Math.abs(want), `${label}: row ${r + 1}, position ${s + 1}: ${got} vs ${want}`);
  }));
}

async function agreement(page) {
  return page.locator('table.batch-agreement tbody tr').evaluateAll((rows) => rows.map((row) => ({
    kernel: row.dataset.kernel,
    pass: row.dataset.pass === 'true',
    maxAbs: Number(row.querySelector('[data-stat="max-abs"]').textContent),
    maxRel: Number(row.querySelector('[data-stat="max-rel"]').textContent),
    maskedNonZero: Number(row.querySelector('[data-stat="masked-nonzero"]').textContent),
  })));
}

test('with WebGPU, ch19.ex10 runs on the GPU, agrees with WASM, and masked weights are exactly 0', async () => {
  const { page, context, problems, calls } = await runPanel(withGpu, 'ch19.ex10');
  assert.equal(await page.locator('.batch-run-result').getAttribute('data-path'), 'webgpu');
  // One press with both kernels: the core computes the batch once and compares twice.
  assert.deepEqual(calls, { batchAttention: 1, batchAgreement: 2 }, 'core calls of one "Run this batch"');
  assert.match(await page.locator('.batch-path .path-line').textContent(), /Ran on WebGPU .* and on the WASM core/);
  assert.equal(await page.locator('table.batch-weights').getAttribute('data-source'), 'webgpu');
  const rows = await agreement(page);
  assert.deepEqual(rows.map((r) => r.kernel), ['reference', 'fused']);
  for (const row of rows) {
    console.log(`ch19.ex10 on WebGPU, ${row.kernel}: max abs error ${row.maxAbs}, max rel error ${row.maxRel}, masked ≠ 0: ${row.maskedNonZero}`);
    assert.equal(row.pass, true, `${row.kernel} agrees`);
    assert.equal(row.maskedNonZero, 0);
  }
  const { working } = companion.exercise('ch19.ex10');
  assertWeightsMatch(await shownWeights(page), working.rows, 'ch19.ex10 on WebGPU');
  assert.equal(await page.locator('.batch-case td.weight-zero').count(), 6, 'lengths 5, 3, 1 over S = 5 mask 6 positions');
  await page.locator('section.batch-run').scrollIntoViewIfNeeded();
  await screenshot(page, 'batch-exercise-ex10-webgpu');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('without WebGPU, ch19.ex10 runs on WASM with a visible notice and still shows the weights', async () => {
  const { page, context, problems, calls } = await runPanel(withoutGpu, 'ch19.ex10');
  assert.equal(await page.locator('.batch-run-result').getAttribute('data-path'), 'wasm');
  assert.deepEqual(calls, { batchAttention: 1, batchAgreement: 0 }, 'one compute call and nothing to compare');
  assert.match(await page.locator('.batch-path .path-line').textContent(), /Ran on the WASM core only/);
  const notice = page.locator('.batch-path .fallback-notice');
  assert.ok(await notice.isVisible(), 'the fallback notice is visible in the panel');
  assert.match(await notice.textContent(), /WebGPU is not available here/);
  await page.locator('#notice .notice', { hasText: 'WebGPU is not available here' }).waitFor();
  assert.equal(await page.locator('table.batch-agreement').count(), 0);
  assert.equal(await page.locator('table.batch-weights').getAttribute('data-source'), 'wasm');
  const { working } = companion.exercise('ch19.ex10');
  assertWeightsMatch(await shownWeights(page), working.rows, 'ch19.ex10 on WASM');
  await screenshot(page, 'batch-exercise-ex10-wasm');
  assert.deepEqual(problems(), []);
  await context.close();
});

for (const [label, browser] of [['WebGPU', () => withGpu], ['WASM', () => withoutGpu]]) {
  test(`ch19.ex11's all-masked row comes back as zeros and flagged (${label})`, async () => {
    const { page, context, problems } = await runPanel(browser(), 'ch19.ex11');
    const path = label === 'WebGPU' ? 'webgpu' : 'wasm';
    assert.equal(await page.locator('.batch-run-result').getAttribute('data-path'), path);
    const empty = page.locator('table.batch-weights tbody tr[data-empty="true"]');
    assert.equal(await empty.count(), 1);
    assert.equal(await empty.getAttribute('data-row'), '2');
    assert.match(await empty.locator('td.flag').textContent(), /yes/);
    assert.deepEqual((await shownWeights(page))[2], [0, 0, 0, 0, 0]);
    const counts = await page.locator('[data-stat="empty-rows"]').textContent();
    assert.match(counts, /WASM core 1/);
    if (path === 'webgpu') {
      assert.match(counts, /WebGPU reference 1; WebGPU fused 1/);
      for (const row of await agreement(page)) assert.equal(row.pass, true);
    }
    assert.deepEqual(problems(), []);
    await context.close();
  });
}

test('ch19.ex15 runs the global read and the window [3, 7) as 0-based [2, 6) (WebGPU)', async () => {
  const { page, context, problems, calls } = await runPanel(withGpu, 'ch19.ex15');
  assert.deepEqual(calls, { batchAttention: 2, batchAgreement: 4 }, 'two cases: one compute call and two comparisons each');
  const { working } = companion.exercise('ch19.ex15');
  assertWeightsMatch(await shownWeights(page, 'window'), working.rows, 'ch19.ex15 window');
  assert.ok((await shownWeights(page, 'global'))[0].every((w) => w > 0));
  for (const row of await agreement(page)) assert.equal(row.pass, true);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('ch19.ex16 runs the 8×4×64×512 workload and shows the weights\' count beside the answer field (WASM)', async () => {
  const { page, context, problems } = await runPanel(withoutGpu, 'ch19.ex16');
  assert.match(await page.locator('[data-stat="weight-count"]').textContent(), /^1,048,576 numbers, shape \[B, H, T, S\] = \(8, 4, 64, 512\)/);
  assert.match(await page.locator('section.part[data-part="elements"] .batch-count-note').textContent(), /1,048,576 float32 numbers/);
  assert.equal(await page.locator('canvas.batch-heatmap').count(), 1);
  // The lab link opens the batch lab preset to this shape.
  const href = await page.locator('a.batch-lab-link').getAttribute('href');
  assert.equal(href, 'lab-batch.html?B=8&H=4&T=64&S=512&Dk=64&Dv=64&scaled=1&seed=19');
  await page.locator('a.batch-lab-link').click();
  await waitReady(page);
  await page.locator('#batch-result[data-runs]').waitFor();
  assert.equal(await page.locator('#in-S').inputValue(), '512');
  assert.equal(await page.locator('#in-lengths').inputValue(), '');
  assert.match(await page.locator('#batch-summary').textContent(), /\(8, 4, 64, 512\) = 1,048,576 elements/);
  assert.deepEqual(problems(), []);
  await context.close();
});
