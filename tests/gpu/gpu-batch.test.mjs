// The WebGPU path in headless Chromium (SwiftShader here): both GPU kernels agree with the
// WASM core under |gpu - cpu| <= 1e-5 + 1e-4 |cpu| across shapes and masks, masked
// weights are exactly 0 on both paths, all-masked rows are zeros and counted alike, the
// lab shows the run, one run posts one compute request and one comparison per kernel to the
// WASM worker, and a destroyed device falls back to WASM on the next run.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, screenshot } from '../e2e/harness.mjs';
import { launchChromium, openBatchLab } from './gpu-browser.mjs';

let server;
let browser;
let lab;

before(async () => {
  server = await startServer();
  browser = await launchChromium({ webgpu: true });
  lab = await openBatchLab(browser, server.url);
});

after(async () => {
  await lab?.context.close();
  await browser?.close();
  await server?.stop();
});

// An explicit [T, S] mask: a diagonal band, with target 1 left with no source at all.
function bandMask(T, S) {
  const mask = [];
  for (let t = 0; t < T; t += 1) {
    for (let s = 0; s < S; s += 1) mask.push(t !== 1 && Math.abs(s - 2 * t) <= 3 ? 1 : 0);
  }
  return mask;
}

const CASES = [
  { name: 'B·H·T = 1, S = 1', options: { B: 1, H: 1, T: 1, S: 1, D: 4 } },
  { name: "the torch example's shapes (2, 3, 5; Dk 4, Dv 6)", options: { B: 2, H: 1, T: 3, S: 5, Dk: 4, Dv: 6 } },
  { name: 'S = 5 with lengths 5, 3, 1', options: { B: 3, H: 2, T: 5, S: 5, D: 3, lengths: [5, 3, 1] } },
  { name: 'S = 100 (not a multiple of 64), D = 7', options: { B: 2, H: 2, T: 4, S: 100, D: 7, lengths: [100, 37], seed: 3 } },
  { name: 'S = 130, Dk = 13, Dv = 5, temperature 0.5', options: { B: 2, H: 3, T: 7, S: 130, Dk: 13, Dv: 5, temperature: 0.5 } },
  { name: 'causal + window [3, 60) with empty rows', options: { B: 2, H: 2, T: 16, S: 70, D: 9, causal: true, window: [3, 60], lengths: [70, 10] } },
  { name: 'causal + half-width 2', options: { B: 2, H: 1, T: 12, S: 12, D: 6, causal: true, halfWidth: 2, lengths: [12, 7] } },
  { name: 'rows that masks leave empty (length 0, window past length)', options: { B: 3, H: 1, T: 4, S: 8, D: 5, lengths: [0, 8, 2], window: [2, 8] } },
  { name: 'explicit mask with an empty row', options: { B: 2, H: 2, T: 6, S: 17, D: 8 }, explicit: bandMask(6, 17) },
  { name: 'B·H·T = 1024, S = 200', options: { B: 4, H: 2, T: 128, S: 200, D: 16, lengths: [200, 150, 64, 1], scaled: true } },
  { name: 'B·H·T = 2048: the chapter workload 8×4×64×512, D = 64', options: { B: 8, H: 4, T: 64, S: 512, D: 64, lengths: [512, 384, 256, 128, 64, 5, 3, 1], scaled: true } },
];

test('the adapter is recorded in the log', async () => {
  const status = await lab.page.evaluate(() => window.batchLab.status());
  console.log(`WebGPU adapter: ${status.adapter} ${JSON.stringify(status.adapterInfo)}`);
  assert.equal(status.available, true, `WebGPU should be available with --enable-unsafe-webgpu: ${status.reason}`);
});

test('both GPU kernels agree with the WASM core across shapes and masks', async () => {
  const worst = { abs: 0, rel: 0, ratio: 0, where: '' };
  for (const { name, options, explicit } of CASES) {
    const out = await lab.page.evaluate(([o, e]) => window.batchLab.runCase(o, e ? { explicitMask: e } : {}),
      [{ seed: 19, ...options }, explicit ?? null]);
    assert.equal(out.path, 'webgpu', `${name}: ran on ${out.path} (${out.gpuUnavailable})`);
    assert.deepEqual(Object.keys(out.agreement).sort(), ['fused', 'reference'], `${name}: both kernels ran`);
    for (const [kernel, a] of Object.entries(out.agreement)) {
      assert.equal(a.pass, true, `${name}, ${kernel}: ${JSON.stringify(a)}`);
      assert.equal(a.violations, 0);
      assert.equal(a.maskedNonZero, 0, `${name}, ${kernel}: masked GPU weights must be exactly 0`);
      assert.equal(a.emptyRowMismatches, 0);
      assert.equal(out.gpuEmptyRowCounts[kernel], out.emptyRowCount, `${name}, ${kernel}: all-masked rows counted alike`);
      if (a.maxAbsError > worst.abs) worst.abs = a.maxAbsError;
      if (a.maxRelError > worst.rel) worst.rel = a.maxRelError;
      if (a.worstRatio > worst.ratio) Object.assign(worst, { ratio: a.worstRatio, where: `${name} (${kernel})` });
    }
    assert.ok(out.maskedMass.every((m) => m === 0), `${name}: the core's masked weights are exactly 0`);
    const expectedEmpty = out.rowSums.filter((s) => s === 0).length;
    assert.equal(out.emptyRowCount, expectedEmpty, `${name}: zero rows are exactly the flagged ones`);
    console.log(`${name}: reference max abs ${out.agreement.reference.maxAbsError.toExponential(2)}, ` +
      `fused max abs ${out.agreement.fused.maxAbsError.toExponential(2)}, all-masked rows ${out.emptyRowCount}`);
  }
  console.log(`Largest observed error: max abs ${worst.abs.toExponential(3)}, max rel ${worst.rel.toExponential(3)}, ` +
    `worst |gpu - cpu| / (1e-5 + 1e-4 |cpu|) = ${worst.ratio.toFixed(4)} in ${worst.where}`);
});

test('one lab run is one compute call in the WASM worker and one comparison per GPU kernel', async () => {
  // The requests the worker client posts to the WASM worker during one run, by type.
  const posted = await lab.page.evaluate(async () => {
    const counts = { batch: 0, agreement: 0 };
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function count(message, ...rest) {
      if (message?.type in counts) counts[message.type] += 1;
      return post.call(this, message, ...rest);
    };
    try {
      const out = await window.batchLab.runCase({ B: 2, H: 2, T: 4, S: 9, D: 3, lengths: [9, 4], seed: 5 });
      return { counts, path: out.path, passes: Object.values(out.agreement).map((a) => a.pass) };
    } finally {
      Worker.prototype.postMessage = post;
    }
  });
  assert.equal(posted.path, 'webgpu');
  assert.deepEqual(posted.counts, { batch: 1, agreement: 2 });
  assert.deepEqual(posted.passes, [true, true]);
});

test('the lab shows the WebGPU run, its agreement and a heatmap', async () => {
  const { page, problems } = lab;
  await page.locator('#presets button', { hasText: 'All-masked rows' }).click();
  await page.locator('#batch-result[data-runs="2"]').waitFor({ state: 'attached' }).catch(() => {});
  await page.waitForFunction(() => document.querySelector('#batch-summary')?.textContent.includes('0, 8, 2'));
  assert.equal(await page.locator('#path-banner').getAttribute('data-path'), 'webgpu');
  assert.match(await page.locator('#path-banner').textContent(), /Ran on WebGPU/);
  assert.equal(await page.locator('#agreement-table .pass-yes').count(), 2);
  assert.match(await page.locator('#batch-summary').textContent(), /core 8; GPU reference 8; GPU fused 8/);
  assert.equal(await page.locator('#row-table tbody tr.empty-row').count(), 4, 'item 1 has no source: every row empty');
  await page.locator('#view-b').selectOption({ label: '2' }); // items are counted from 1, as in the chapter
  assert.equal(await page.locator('#row-table tbody tr.empty-row').count(), 0);
  await page.locator('#presets button', { hasText: 'Chapter workload' }).click();
  await page.waitForFunction(() => document.querySelector('#batch-summary')?.textContent.includes('1,048,576'));
  await page.locator('#view-b').selectOption({ label: '6' });
  await screenshot(page, 'lab-batch-webgpu');
  assert.deepEqual(problems(), []);
});

test('a destroyed GPU device falls back to WASM on the next run, with a notice', async () => {
  const { page, problems } = lab;
  // The device-loss button is an engineering control, inside the closed details panel.
  await page.locator('#engineering > summary').click();
  await page.locator('#lose-device').click();
  await page.locator('#run-batch').click();
  await page.locator('#path-banner[data-path="wasm"]').waitFor();
  assert.match(await page.locator('#path-banner').textContent(), /WASM core only/);
  await page.locator('#notice .notice', { hasText: 'WebGPU stopped working' }).waitFor();
  const out = await page.evaluate(() => window.batchLab.runCase({ B: 2, H: 1, T: 3, S: 5, D: 4, lengths: [5, 2] }));
  assert.equal(out.path, 'wasm');
  assert.deepEqual(out.agreement, {});
  assert.equal(out.rowSums.length, 6);
  await screenshot(page, 'lab-batch-device-lost');
  assert.deepEqual(problems(), []);
});
