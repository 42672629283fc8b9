#!/usr/bin/env node
// Not a test: navigation → first graded answer, in Debian's headless Chromium, for the
// companion and, as the reference a course might otherwise use, Pyodide (the npm package,
// served locally the same way) loading and computing a 5-number softmax. Three profiles,
// interleaved in one run: cold (empty cache), warm (the same browser profile again: the
// server answers 304) and slow (cold, with the CPU 4× slower and DevTools' Fast 3G:
// 562.5 ms latency, 1.44 Mbit/s down). Also the bytes an exercise page transfers, and
// Lighthouse's mobile performance score (a devDependency, run on Debian's Chromium) for three
// exercise pages.
//   node tests/bench/load-bench.mjs [--reps 5] [--companion-only] [--no-lighthouse]
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
const pyServer = await startServer([], { dir: pyodideDir });
const browser = await launchBrowser();

// The companion: the time from navigation to the verdict of an answer entered the moment
// its field exists, measured in the page as Pyodide's is (the harness's own round trips,
// each tens of milliseconds, would otherwise count): a script that the page runs first
// fills the field, submits its form as Enter does, and notes when the verdict is shown.
function answerAtOnce() {
  new MutationObserver((changes, observer) => {
    const input = document.querySelector('.part[data-part="weights"] input.answer');
    if (input && !input.dataset.benchTyped) {
      input.dataset.benchTyped = 'true';
      input.value = '[1/2, 1/4, 1/4]';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.form.requestSubmit();
    }
    if (document.querySelector('.part[data-part="weights"] .feedback[data-verdict="correct"]')) {
      document.body.dataset.gradedAt = String(performance.now());
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });
}
async function companionRun(page) {
  await page.goto(`${site.url}exercise.html?id=ch14.example1`, { waitUntil: 'commit' });
  await page.waitForSelector('body[data-graded-at]', { state: 'attached', timeout: 120_000 });
  return Number(await page.getAttribute('body', 'data-graded-at'));
}
async function pyodideRun(page) {
  await page.goto(pyServer.url);
  await page.waitForSelector('body[data-done-at]', { state: 'attached', timeout: 300_000 });
  return Number(await page.getAttribute('body', 'data-done-at'));
}

async function measure(run, profile) {
  const context = await browser.newContext();
  if (run === companionRun) await context.addInitScript(answerAtOnce);
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

// Lighthouse (mobile: its simulated 4× CPU and slow 4G), performance category only.
if (!process.argv.includes('--no-lighthouse')) {
  const { execFileSync } = await import('node:child_process');
  console.log('\n| Lighthouse mobile performance | score | LCP | TBT | CLS |\n|---|---:|---:|---:|---:|');
  for (const id of ['ch14.example1', 'ch19.running', 'ch14.example3']) {
    const report = JSON.parse(execFileSync(path.join(repoRoot, 'node_modules', '.bin', 'lighthouse'), [
      `${site.url}exercise.html?id=${id}`, '--only-categories=performance', '--output=json', '--output-path=stdout',
      '--quiet', '--chrome-flags=--headless=new --no-sandbox --disable-gpu'], {
      env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, maxBuffer: 256 << 20 }).toString());
    const audit = (name) => report.audits[name].displayValue;
    console.log(`| exercise.html?id=${id} | ${Math.round(report.categories.performance.score * 100)} | ` +
      `${audit('largest-contentful-paint')} | ${audit('total-blocking-time')} | ${audit('cumulative-layout-shift')} |`);
  }
}
await site.stop();
await pyServer.stop();
fs.rmSync(pyodideDir, { recursive: true, force: true });
