#!/usr/bin/env node
// Not a test: the wall time of `node tools/cli.mjs check FILE` over 1,000 seeds, the command a
// teacher types, for every exercise of exercises/ and every example of docs/examples/ (and
// docs/authoring.md's worked example). Wall time, start of the process to its exit (loading
// the core included), because the check's worker threads (tools/check-threads.mjs) shorten
// the wall time and not the CPU time; on a machine others use it grows with their load, so the
// process's CPU time (every thread's and native worker's, from GNU time) and the load average are printed too. A
// shipped exercise's file is checked as a copy under a teacher's id, since the check refuses
// the companion's own ids. --cli (given more than once) compares checkouts, e.g. another
// commit's tools/cli.mjs, or this one's with a flag ("tools/cli.mjs --wasm", the path and its
// flags in one argument): each file is checked by each in turn, so that they meet the same
// minutes of the machine.
//   node tests/bench/check-cli-bench.mjs [--seeds 1000] [--cli 'PATH [FLAG]...']... [--json]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const seeds = Number(option('--seeds')) || 1000;
const root = new URL('../../', import.meta.url);
const given = args.flatMap((arg, i) => (arg === '--cli' ? [args[i + 1]] : []));
const clis = given.length ? given : [fileURLToPath(new URL('tools/cli.mjs', root))];
const scratch = mkdtempSync(join(tmpdir(), 'check-cli-bench-'));

const files = [];
const worked = readFileSync(new URL('docs/authoring.md', root), 'utf8');
files.push({ name: 'docs/authoring.md (worked example)',
  doc: JSON.parse(/<!-- worked-example -->\n```json\n([\s\S]*?)\n```/.exec(worked)[1]) });
for (const f of readdirSync(new URL('docs/examples/', root)).filter((x) => x.endsWith('.json')).sort()) {
  files.push({ name: `docs/examples/${f}`, doc: JSON.parse(readFileSync(new URL(`docs/examples/${f}`, root), 'utf8')) });
}
for (const chapter of readdirSync(new URL('exercises/', root)).sort()) {
  for (const f of readdirSync(new URL(`exercises/${chapter}/`, root)).filter((x) => x.endsWith('.json')).sort()) {
    const doc = JSON.parse(readFileSync(new URL(`exercises/${chapter}/${f}`, root), 'utf8'));
    files.push({ name: `exercises/${chapter}/${f}`, doc: { ...doc, id: `teacher.${doc.id.replace('.', '-')}` } });
  }
}

// One check by one CLI: {wall, cpu, problems}.
function timed(cli, path) {
  const start = performance.now();
  // (GNU time gives the process's CPU time, every thread's, beside the wall time.)
  const [script, ...flags] = cli.split(' ');
  const run = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, script, 'check', path, '--seeds', String(seeds),
    '--json', ...flags], { encoding: 'utf8' });
  const wall = (performance.now() - start) / 1000;
  const [user, system] = run.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  let problems;
  try {
    const report = JSON.parse(run.stdout);
    problems = report.refused ? 'refused' : report.failureCount;
  } catch {
    problems = `exit ${run.status}`;
  }
  return { wall, cpu: user + system, problems };
}

// How many cores the machine gives now: the wall time of two threads of pure computation over
// that of one (1.0: two free cores; 2.0: one), since threads shorten the check only so far.
function threadsOverOne() {
  const spin = 'let x = 0; for (let i = 0; i < 3e8; i++) x += i % 7;';
  const wall = (n) => {
    const start = performance.now();
    spawnSync(process.execPath, ['-e', `const { Worker } = require('node:worker_threads');
      for (let k = 0; k < ${n}; k++) new Worker(${JSON.stringify(spin)}, { eval: true });`]);
    return performance.now() - start;
  };
  return wall(2) / wall(1);
}

const loadBefore = loadavg()[0];
const probeBefore = threadsOverOne();
const rows = [];
for (const [i, { name, doc }] of files.entries()) {
  const path = join(scratch, `${i}.json`);
  writeFileSync(path, JSON.stringify(doc));
  const runs = new Array(clis.length);
  // (The order turns from one file to the next, so that no CLI always goes first.)
  for (let k = 0; k < clis.length; k++) {
    const at = (i + k) % clis.length;
    runs[at] = timed(clis[at], path);
  }
  rows.push({ name, runs });
}
const totals = clis.map((_, k) => ({ wall: rows.reduce((n, r) => n + r.runs[k].wall, 0),
  cpu: rows.reduce((n, r) => n + r.runs[k].cpu, 0) }));
const load = `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after, on ${availableParallelism()} cores; `
  + `two threads of pure computation took ${probeBefore.toFixed(2)}× one's wall time before, ${threadsOverOne().toFixed(2)}× after`;
if (args.includes('--json')) {
  console.log(JSON.stringify({ seeds, clis, rows, totals, load }));
} else {
  const label = (k) => (clis.length > 1 ? ` (${k + 1})` : '');
  console.log(`| exercise, ${seeds} seeds | ${clis.map((_, k) => `wall s${label(k)} | CPU s${label(k)}`).join(' | ')} | problems |`);
  console.log(`|---|${clis.map(() => '---|---|').join('')}---|`);
  for (const r of rows) {
    console.log(`| ${r.name} | ${r.runs.map((x) => `${x.wall.toFixed(2)} | ${x.cpu.toFixed(2)}`).join(' | ')} | `
      + `${[...new Set(r.runs.map((x) => x.problems))].join(' / ')} |`);
  }
  console.log(`| all ${rows.length}, one after another | ${totals.map((t) => `${t.wall.toFixed(2)} | ${t.cpu.toFixed(2)}`).join(' | ')} | |`);
  if (clis.length > 1) console.log(`\n(${clis.map((c, k) => `${k + 1}: ${c}`).join('; ')})`);
  console.log(`(${load})`);
}
