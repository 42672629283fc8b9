#!/usr/bin/env node
// The batch benchmark (not a test): serves build/site, opens bench-batch.html in Debian's
// headless Chromium with WebGPU enabled (SwiftShader on machines without a GPU), and
// prints the table of medians and ratios to the WASM core, measured in one run, with the
// worker pool (web/batch/batch-pool.mjs) timed with one worker and with two, in alternation,
// and its speed-up.
//
//   node tests/bench/batch-bench.mjs [--reps 7] [--warmup 2] [--shape B,H,T,S,D] [--lengths a,b,...|none]
//                                    [--wasm-only] [--site DIR]
//
// --shape and --lengths time another workload than the chapter's (--lengths none: no
// padding; without --lengths a new shape has none either); --wasm-only skips plain JS and
// WebGPU; --site serves another build of the site (e.g. a copy of an older build, to
// compare two cores). The last line is the WASM compute-only median and the pool's speed-up
// as JSON, with GFLOP/s counted as 4*T*S*D per head over the eligible sources.

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
const text = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const query = new URLSearchParams({ reps: String(reps), warmup: String(warmup) });
const shape = text('shape');
if (shape) {
  const [B, H, T, S, D] = shape.split(',');
  Object.entries({ B, H, T, S, D }).forEach(([key, value]) => query.set(key, value));
  if (text('lengths') === undefined) query.set('lengths', '');
}
if (text('lengths') !== undefined) query.set('lengths', text('lengths') === 'none' ? '' : text('lengths'));
if (args.includes('--wasm-only')) query.set('paths', 'wasm');
const site = text('site');

const server = await startServer(site ? ['--dir', site] : []);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--headless=new', '--enable-unsafe-webgpu'],
});
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
  await page.goto(`${server.url}bench-batch.html?${query}`);
  await page.waitForSelector('body[data-done="true"]', { timeout: 600_000 });
  const result = await page.evaluate(() => window.benchResult);
  if (result.error) throw new Error(result.error);
  const wasmRow = result.rows.findIndex((r) => r.path.startsWith('WASM core, whole'));
  const wasm = result.rows[wasmRow].median;
  const w = result.workload;
  const lengths = w.lengths ?? Array(w.B).fill(w.S);
  const sources = lengths.reduce((sum, n) => sum + Math.min(n, w.S), 0);  // eligible sources over the items
  const gflop = (4 * w.H * w.T * sources * w.D) / 1e9;
  const compute = result.rows[wasmRow + 1].median;
  const lines = [
    `Batch benchmark: B=${w.B} H=${w.H} T=${w.T} S=${w.S} D=${w.D}, lengths ${w.lengths ? w.lengths.join('/') : 'none'}; medians of ${result.reps} runs after ${result.warmup} warm-up`,
    `Machine: ${os.cpus().length} logical CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; browser ${result.userAgent.match(/Chrome\/\S+/)?.[0] ?? result.userAgent}`,
    `WebGPU adapter: ${result.adapter}${result.adapter.includes('swiftshader') ? ' (*SwiftShader emulates a GPU on the CPU: its times are NOT a speed figure)' : ''}`,
    '',
    `| path | median ms (pools: 10th–90th percentile) | ratio to WASM call | agrees with core |`,
    `|---|---:|---:|---|`,
    ...result.rows.map((r) => `| ${r.path} | ${Number.isFinite(r.median) ? r.median.toFixed(2) : '—'}${r.spread ? ` (${r.spread.map((x) => x.toFixed(2)).join('–')})` : ''} | ${Number.isFinite(r.median) ? `${(r.median / wasm).toFixed(2)}×` : '—'} | ${r.pass === null ? '' : r.pass ? `yes (max abs ${r.maxAbsError.toExponential(1)})` : 'NO'}${r.bitsEqual === null ? '' : r.bitsEqual ? '; bits = one thread' : '; BITS DIFFER'} |`),
    '', `Worker pool speed-up (one worker's median ÷ the largest pool's, timed in alternation, ${result.poolReps} samples of 4 runs after ${result.poolWarmup} warm-up): ` +
      `${result.poolSpeedup.toFixed(2)}× with the inputs sent each run, ${result.poolSpeedupKept.toFixed(2)}× with the inputs kept in the workers`,
  ];
  lines.push('', JSON.stringify({ shape: `B${w.B} H${w.H} T${w.T} S${w.S} D${w.D}`, lengths: w.lengths ?? null,
    computeMs: compute, callMs: wasm, poolSpeedup: result.poolSpeedup, poolSpeedupKept: result.poolSpeedupKept, gflopPerS: gflop / (compute / 1000) }));
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await browser.close();
  await server.stop();
}
