#!/usr/bin/env node
// Not a test: navigation → first graded answer, in Debian's headless Chromium, for the
// companion and, as the reference a course might otherwise use, Pyodide (the npm package,
// served locally the same way) loading and computing a 5-number softmax. Three profiles,
// interleaved in one run: cold (empty cache), warm (the same browser profile again: the
// server answers 304) and slow (cold, with the CPU 4× slower and DevTools' Fast 3G:
// 562.5 ms latency, 1.44 Mbit/s down). Also the bytes an exercise page transfers.
//   node tests/bench/load-bench.mjs [--reps 5] [--companion-only]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, repoRoot, startServer } from '../e2e/harness.mjs';

const reps = Number(process.argv[process.argv.indexOf('--reps') + 1]) || 5;
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

// Pyodide's files and a page that loads it and computes a softmax, in a folder of their own.
const pyodideDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pyodide-bench-'));
for (const file of ['pyodide.js', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json']) {
  fs.copyFileSync(path.join(repoRoot, 'node_modules', 'pyodide', file), path.join(pyodideDir, file));
}
fs.writeFileSync(path.join(pyodideDir, 'index.html'), `<!doctype html><meta charset="utf-8"><title>Pyodide</title>
<script src="pyodide.js"></script>
<script>
loadPyodide({ indexURL: './' }).then((py) => {
  const out = py.runPython('import math\\ns=[0.8,-0.3,0.5,0.1,0.2]\\nm=max(s)\\ne=[math.exp(x-m) for x in s]\\n[x/sum(e) for x in e]').toJs();
  document.body.dataset.result = JSON.stringify(out);
  document.body.dataset.doneAt = String(performance.now());
});
</script>`);

const site = await startServer();
const pyServer = await (async () => {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [path.join(repoRoot, 'tools', 'serve.mjs'), '--dir', pyodideDir, '--port', '0']);
  const url = await new Promise((resolve) => child.stdout.on('data', (d) => {
    const m = String(d).match(/(http:\/\/\S+\/)/);
    if (m) resolve(m[1]);
  }));
  return { url, stop: () => child.kill() };
})();
const browser = await launchBrowser();

// The companion: the time from navigation to the verdict of a typed answer.
async function companionRun(page) {
  await page.goto(`${site.url}exercise.html?id=ch14.example1`);
  const input = page.locator('.part[data-part="weights"] input.answer');
  await input.waitFor();
  await input.fill('[1/2, 1/4, 1/4]');
  await input.press('Enter');
  await page.locator('.part[data-part="weights"] .feedback[data-verdict="correct"]').waitFor({ timeout: 120_000 });
  return page.evaluate(() => performance.now());
}
async function pyodideRun(page) {
  await page.goto(pyServer.url);
  await page.waitForSelector('body[data-done-at]', { state: 'attached', timeout: 300_000 });
  return Number(await page.getAttribute('body', 'data-done-at'));
}

async function measure(run, profile) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  let bytes = 0;
  session.on('Network.loadingFinished', (event) => { bytes += event.encodedDataLength; });
  await session.send('Network.enable');
  if (profile === 'slow') {
    await session.send('Network.emulateNetworkConditions', FAST_3G);
    await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  if (profile === 'warm') await run(page); // fills the cache
  bytes = 0;
  const ms = await run(page);
  await context.close();
  return { ms, bytes };
}

const results = {};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (let r = 0; r < reps; r += 1) {
  for (const profile of ['cold', 'warm', 'slow']) {
    for (const [name, run] of [['companion', companionRun], ['pyodide', pyodideRun]]) {
      if (name === 'pyodide' && process.argv.includes('--companion-only')) continue;
      if (profile === 'slow' && name === 'pyodide' && r >= Math.min(reps, 3)) continue; // a minute a run
      const key = `${name} ${profile}`;
      (results[key] ??= []).push(await measure(run, profile));
    }
  }
}
console.log(`navigation → first graded answer, median of ${reps} (slow Pyodide: of ${Math.min(reps, 3)}), ms; bytes transferred`);
console.log('| profile | companion | Pyodide | Pyodide ÷ companion | companion bytes | Pyodide bytes |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const profile of ['cold', 'warm', 'slow']) {
  const c = results[`companion ${profile}`];
  const p = results[`pyodide ${profile}`];
  const cm = median(c.map((x) => x.ms));
  if (!p) {
    console.log(`| ${profile} | ${cm.toFixed(0)} | | | ${median(c.map((x) => x.bytes))} | |`);
    continue;
  }
  const pm = median(p.map((x) => x.ms));
  console.log(`| ${profile} | ${cm.toFixed(0)} | ${pm.toFixed(0)} | ${(pm / cm).toFixed(1)}× | ${median(c.map((x) => x.bytes))} | ${median(p.map((x) => x.bytes))} |`);
}
await browser.close();
await site.stop();
pyServer.stop();
fs.rmSync(pyodideDir, { recursive: true, force: true });
