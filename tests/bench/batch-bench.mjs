#!/usr/bin/env node
// The batch benchmark (not a test): serves build/site, opens bench-batch.html in Debian's
// headless Chromium with WebGPU enabled (SwiftShader on machines without a GPU), and
// prints the table of medians and ratios to the WASM core, measured in one run.
//
//   node tests/bench/batch-bench.mjs [--reps 7] [--warmup 2]

import os from 'node:os';
import process from 'node:process';
import { chromium } from 'playwright-core';
import { startServer } from '../e2e/harness.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const reps = option('reps', 7);
const warmup = option('warmup', 2);

const server = await startServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--headless=new', '--enable-unsafe-webgpu'],
});
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
  await page.goto(`${server.url}bench-batch.html?reps=${reps}&warmup=${warmup}`);
  await page.waitForSelector('body[data-done="true"]', { timeout: 600_000 });
  const result = await page.evaluate(() => window.benchResult);
  if (result.error) throw new Error(result.error);
  const wasm = result.rows[1].median;
  const lines = [
    `Batch benchmark: B=8 H=4 T=64 S=512 D=64, lengths ${result.workload.lengths.join('/')}; medians of ${result.reps} runs after ${result.warmup} warm-up`,
    `Machine: ${os.cpus().length} logical CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; browser ${result.userAgent.match(/Chrome\/\S+/)?.[0] ?? result.userAgent}`,
    `WebGPU adapter: ${result.adapter}${result.adapter.includes('swiftshader') ? ' (*SwiftShader emulates a GPU on the CPU: its times are NOT a speed figure)' : ''}`,
    '',
    `| path | median ms | ratio to WASM call | agrees with core |`,
    `|---|---:|---:|---|`,
    ...result.rows.map((r) => `| ${r.path} | ${Number.isFinite(r.median) ? r.median.toFixed(2) : '—'} | ${Number.isFinite(r.median) ? `${(r.median / wasm).toFixed(2)}×` : '—'} | ${r.pass === null ? '' : r.pass ? `yes (max abs ${r.maxAbsError.toExponential(1)})` : 'NO'} |`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await browser.close();
  await server.stop();
}
