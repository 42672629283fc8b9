#!/usr/bin/env node
// Not a test: how long a page of N <attention-exercise chapter="14"> elements takes from
// navigation until every element is ready, in Debian's headless Chromium, for N = 1, 10 and
// 100, interleaved in one run (so that the ratio to one element is judged on one machine at
// one moment), with the main thread's layout and script time and the DOM's size.
//   node tests/bench/components-bench.mjs [--reps 3]
import { launchBrowser, startServer } from '../e2e/harness.mjs';
import { hostPage, startHost } from '../e2e/embed-helpers.mjs';

const reps = Number(process.argv[process.argv.indexOf('--reps') + 1]) || 3;
const COUNTS = [1, 10, 100];
const site = await startServer();
const host = await startHost();
const browser = await launchBrowser();
for (const n of COUNTS) {
  host.write(`page-${n}.html`, hostPage(`<script src="${site.url}attention-exercise.js"></script>\n` +
    Array.from({ length: n }, () => '<attention-exercise chapter="14"></attention-exercise>').join('\n')));
}
const runs = new Map(COUNTS.map((n) => [n, []]));
for (let rep = 0; rep < reps; rep += 1) {
  for (const n of COUNTS) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const started = Date.now();
    await page.goto(`${host.url}page-${n}.html`, { timeout: 120_000 });
    await page.waitForFunction(() => [...document.querySelectorAll('attention-exercise')].every((e) => e.dataset.ready === 'true'),
      null, { timeout: 120_000, polling: 50 });
    const ms = Date.now() - started;
    const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    runs.get(n).push({ ms, layout: metrics.LayoutDuration * 1000, task: metrics.TaskDuration * 1000, nodes: metrics.Nodes });
    await context.close();
  }
}
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const one = median(runs.get(1).map((r) => r.ms));
process.stdout.write('| elements | ready (ms, median) | × one | main-thread tasks (ms) | layout (ms) | DOM nodes |\n|---:|---:|---:|---:|---:|---:|\n');
for (const n of COUNTS) {
  const list = runs.get(n);
  process.stdout.write(`| ${n} | ${median(list.map((r) => r.ms))} | ${(median(list.map((r) => r.ms)) / one).toFixed(2)} | ` +
    `${Math.round(median(list.map((r) => r.task)))} | ${Math.round(median(list.map((r) => r.layout)))} | ${median(list.map((r) => r.nodes))} |\n`);
}
await browser.close();
await site.stop();
await host.stop();
