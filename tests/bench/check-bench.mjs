#!/usr/bin/env node
// Not a test: how long the author's check takes over 1,000 seeds of one exercise, in the WASM
// core under Node (one thread, so one core): each teacher example of docs/examples/ and
// docs/authoring.md's worked example, and the chapters' slowest and fastest exercises. Times are
// the process's CPU time (process.cpuUsage()), which a shared machine's load changes far less
// than the wall time; the native build's time (tests/cpp/api/describe_native --check) is given
// beside it where the build has it.
//   node tests/bench/check-bench.mjs [--seeds 1000]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCompanion } from '../../web/companion.mjs';

const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const seeds = Number(option('--seeds')) || 1000;
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const root = new URL('../../', import.meta.url);
const doc = readFileSync(new URL('docs/authoring.md', root), 'utf8');
const files = [{ name: 'docs/authoring.md (worked example)',
  doc: JSON.parse(/<!-- worked-example -->\n```json\n([\s\S]*?)\n```/.exec(doc)[1]) }];
for (const f of readdirSync(new URL('docs/examples/', root)).filter((x) => x.endsWith('.json'))) {
  files.push({ name: `docs/examples/${f}`, doc: JSON.parse(readFileSync(new URL(`docs/examples/${f}`, root), 'utf8')) });
}
for (const id of ['ch14/example3', 'ch19/running', 'ch19/ex3']) {
  files.push({ name: `exercises/${id}.json`, doc: JSON.parse(readFileSync(new URL(`exercises/${id}.json`, root), 'utf8')) });
}
const companion = await loadCompanion({ exercises: [] });
const native = new URL('build/tests/describe_native', root);
const scratch = mkdtempSync(join(tmpdir(), 'check-bench-'));
console.log(`| exercise | WASM, CPU s for ${seeds} seeds | native, CPU s | problems |`);
console.log('|---|---|---|---|');
for (const { name, doc: exercise } of files) {
  const start = cpuNow();
  const report = companion.check(exercise, { seeds });
  const wasm = cpuNow() - start;
  let nativeTime = '—';
  if (existsSync(native)) {
    const path = join(scratch, 'exercise.json');
    writeFileSync(path, JSON.stringify(exercise));
    const out = execFileSync('bash', ['-c', `TIMEFORMAT=%U,%S; { time "${native.pathname}" --check "${path}" 0 ${seeds} >/dev/null; } 2>&1`],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const [user, system] = out.trim().split(',').map(Number);
    nativeTime = Number.isFinite(user + system) ? (user + system).toFixed(2) : '—';
  }
  console.log(`| ${name} | ${wasm.toFixed(2)} | ${nativeTime} | ${report.refused ? 'refused' : report.failureCount} |`);
}
