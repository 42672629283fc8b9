#!/usr/bin/env node
// The batch benchmark (not a test): serves build/site, opens bench-batch.html in Debian's
// headless Chromium with WebGPU enabled (SwiftShader on machines without a GPU), gives the
// page the CPU time of its renderer's threads (read here from /proc/PID/task/*/schedstat,
// in nanoseconds), and prints the table the page measured: plain JS, the WASM core's
// checked and zero-copy calls and the worker pool (one worker and two, inputs sent and
// kept) in the same interleaved rounds, each sample about --sample-ms of CPU time, every
// figure a median over the rounds with its interquartile range, every ratio taken round by round
// (web/batch/bench-rounds.mjs); then WebGPU in wall time.
//
//   node tests/bench/batch-bench.mjs [--rounds 31] [--warmup 2] [--sample-ms 20] [--shape B,H,T,S,D]
//                                    [--lengths a,b,...|none] [--wasm-only] [--no-gpu] [--site DIR] [--json]
//
// --shape and --lengths time another workload than the chapter's (--lengths none: no
// padding; without --lengths a new shape has none either); --wasm-only skips plain JS and
// WebGPU, --no-gpu WebGPU only; --site serves another build of the site (e.g. a copy of an older build, to
// compare two cores). The last line is the figures as JSON (--json: only that), GFLOP/s
// counted as 4*T*S*D per head over the eligible sources, on the zero-copy call's CPU time.

import fs from 'node:fs';
import os from 'node:os';
import process from 'node:process';
import { chromium } from 'playwright-core';
import { startServer } from '../e2e/harness.mjs';
import { withSpread, time, times } from '../../web/batch/bench-rounds.mjs';

const args = process.argv.slice(2);
const text = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const query = new URLSearchParams({ rounds: text('rounds') ?? text('reps') ?? '31', warmup: text('warmup') ?? '2',
  sampleMs: text('sample-ms') ?? '20' });
const shape = text('shape');
if (shape) {
  const [B, H, T, S, D] = shape.split(',');
  Object.entries({ B, H, T, S, D }).forEach(([key, value]) => query.set(key, value));
  if (text('lengths') === undefined) query.set('lengths', '');
}
if (text('lengths') !== undefined) query.set('lengths', text('lengths') === 'none' ? '' : text('lengths'));
if (args.includes('--wasm-only')) query.set('paths', 'wasm');
if (args.includes('--no-gpu')) query.set('gpu', '0');
const site = text('site');

// CPU time of each thread of a process, in ns (schedstat's first field: time on a CPU).
function threadTimes(pid) {
  const threads = {};
  const workers = [];
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      threads[tid] = Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      if (fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').startsWith('DedicatedWorker')) workers.push(tid);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return { threads, main: String(pid), workers };
}
const mainThreadTime = (pid) => Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]);

const server = await startServer(site ? ['--dir', site] : []);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--headless=new', '--enable-unsafe-webgpu'],
});
try {
  const cdp = await browser.newBrowserCDPSession();
  const renderers = async () => (await cdp.send('SystemInfo.getProcessInfo')).processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
  // The page's renderer: the one renderer that runs dedicated workers (the page starts its
  // pools first), else the one whose main thread worked most while the page spun between its
  // 'find' and its 'found'.
  let probe = null;
  let pid = null;
  const hasWorkers = (id) => fs.readdirSync(`/proc/${id}/task`)
    .some((tid) => { try { return fs.readFileSync(`/proc/${id}/task/${tid}/comm`, 'utf8').startsWith('DedicatedWorker'); } catch { return false; } });
  const page = await browser.newPage();
  await page.exposeFunction('benchCpu', async (step) => {
    if (step === 'find') {
      probe = new Map((await renderers()).map((id) => [id, mainThreadTime(id)]));
      return null;
    }
    if (step === 'found') {
      const withWorkers = [...probe.keys()].filter(hasWorkers);
      pid = withWorkers.length === 1 ? withWorkers[0]
        : [...probe].map(([id, before]) => [id, mainThreadTime(id) - before]).reduce((a, b) => (b[1] > a[1] ? b : a))[0];
    }
    return threadTimes(pid);
  });
  page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
  await page.goto(`${server.url}bench-batch.html?${query}`);
  await page.waitForSelector('body[data-done="true"]', { timeout: 1_800_000 });
  const result = await page.evaluate(() => window.benchResult);
  if (result.error) throw new Error(result.error);
  const w = result.workload;
  const lengths = w.lengths ?? Array(w.B).fill(w.S);
  const sources = lengths.reduce((sum, n) => sum + Math.min(n, w.S), 0);  // eligible sources over the items
  const gflop = (4 * w.H * w.T * sources * w.D) / 1e9;
  const zeroCopy = result.rows.find((r) => r.name.startsWith('WASM core, zero-copy'));
  const figures = { shape: `B${w.B} H${w.H} T${w.T} S${w.S} D${w.D}`, lengths: w.lengths ?? null, measure: result.measure,
    loadAverage: os.loadavg(), rows: Object.fromEntries(result.rows.map((r) => [r.name, { cpuMs: r.cpu, wallMs: r.wall, overKernel: r.overKernel}])),
    pool: result.pool, zeroCopyGflopPerS: gflop / (zeroCopy.cpu.median / 1000) };
  if (args.includes('--json')) {
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } else {
    const agrees = (r) => (r.pass === null ? '' : r.pass ? `yes (max abs ${r.maxAbsError.toExponential(1)})` : 'NO') +
      (r.bitsEqual === null || r.bitsEqual === undefined ? '' : r.bitsEqual ? '; bits = one thread' : '; BITS DIFFER');
    const p = result.pool;
    const lines = [
      `Batch benchmark: B=${w.B} H=${w.H} T=${w.T} S=${w.S} D=${w.D}, lengths ${w.lengths ? w.lengths.join('/') : 'none'}; ` +
        `${result.rounds} interleaved rounds after ${result.warmup} warm-up, each sample about ${result.sampleMs} ms of ${result.measure === 'cpu' ? 'CPU' : 'wall'} time`,
      `Machine: ${os.cpus().length} logical CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
        `load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; browser ${result.userAgent.match(/Chrome\/\S+/)?.[0] ?? result.userAgent}`,
      `WebGPU adapter: ${result.adapter}${result.adapter.includes('swiftshader') ? ' (*SwiftShader emulates a GPU on the CPU: its times are NOT a speed figure)' : ''}`,
      '',
      '| path | CPU time per run, median (interquartile range) | ratio to the zero-copy call (the kernel alone), per round | wall time per run | agrees with core |',
      '|---|---:|---:|---:|---|',
      ...result.rows.map((r) => `| ${r.name} | ${withSpread(r.cpu, time)} | ${withSpread(r.overKernel, times)} | ${withSpread(r.wall, time)} | ${agrees(r)} |`),
      '',
      `Worker pool, ${p.sizes[1]} workers against one, round by round: ${withSpread(p.longestSent, times)} with the inputs sent each run, ` +
        `${withSpread(p.longestKept, times)} with them kept, on the CPU time of the longest thread (the page's main thread and the busiest worker); ` +
        `in wall time ${withSpread(p.wallSent, times)} and ${withSpread(p.wallKept, times)} (needs a free core for each worker).`,
      '', JSON.stringify(figures),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
} finally {
  await browser.close();
  await server.stop();
}
