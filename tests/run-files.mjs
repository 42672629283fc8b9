// Runs test files with `node --test`, each in its own process, `--concurrency N` at a time
// (1 by default), and ends with each file's wall time, slowest first, so that the test
// output names the file that holds the suite up. Each file's TAP output is printed whole
// when it ends (never interleaved). With --times FILE, the same lines go to FILE too, for
// tests/run.sh to print after ctest (which shows a passing test's output to nobody).
// Nothing waits for ever, and nothing is stopped for being slow: the limits are on a lack of
// progress, sized for a 2-core machine that is busy with other work. A file that has printed
// nothing (no test ended, no line of its own) for --quiet-limit seconds (QUIET_LIMIT_S by
// default) is stopped with everything it started (its server, its browser) and counted as
// failed, its output so far printed; within a file, one test may run TEST_LIMIT_S (node
// --test's own timeout fails it by name, and the file goes on). --file-limit S adds a limit on
// a file's whole wall time (none by default; tests/js/run-files.test.mjs uses it). Exits 1
// when any file fails.
//
//   node tests/run-files.mjs [--concurrency N] [--quiet-limit S] [--file-limit S] [--times FILE] FILE_OR_FOLDER...

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The slowest single test takes ~100 s on the quiet 2-core VM with the other entries running
// beside it (docs/testing.md), and several times that with two CPU-bound processes beside
// the suite: these limits are there to end a hang, not to time anything.
const TEST_LIMIT_S = 900;
const QUIET_LIMIT_S = 1200;
// After SIGTERM (on which Playwright closes its browsers), a file has this long to exit.
const GRACE_MS = 10_000;

function parseArgs(argv) {
  let concurrency = 1;
  let quietLimit = QUIET_LIMIT_S;
  let fileLimit = Infinity;
  let times = null;
  const files = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--concurrency') {
      concurrency = Number(argv[(i += 1)]);
      if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('--concurrency takes a whole number of at least 1');
    } else if (argv[i] === '--quiet-limit') {
      quietLimit = Number(argv[(i += 1)]);
      if (!(quietLimit > 0)) throw new Error('--quiet-limit takes a number of seconds above 0');
    } else if (argv[i] === '--file-limit') {
      fileLimit = Number(argv[(i += 1)]);
      if (!(fileLimit > 0)) throw new Error('--file-limit takes a number of seconds above 0');
    } else if (argv[i] === '--times') {
      times = argv[(i += 1)];
    } else if (fs.statSync(argv[i]).isDirectory()) {
      files.push(...fs.readdirSync(argv[i]).filter((name) => name.endsWith('.test.mjs')).sort()
        .map((name) => path.join(argv[i], name)));
    } else {
      files.push(argv[i]);
    }
  }
  if (files.length === 0) throw new Error('no test files given');
  return { concurrency, quietLimit, fileLimit, times, files };
}

// The file runs in a process group of its own, so that stopping it stops what it spawned.
function stopGroup(child, signal) {
  try { process.kill(-child.pid, signal); } catch { /* the group has already exited */ }
}

// Runs one file; stops it (SIGTERM, then SIGKILL after GRACE_MS), saying why, when it has made
// no progress for quietLimit seconds or has run fileLimit.
function runFile(file, { quietLimit, fileLimit }) {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-reporter=tap', `--test-timeout=${TEST_LIMIT_S * 1000}`, file],
      { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const chunks = [];
    let stopped = null;
    let kill = null;
    const stop = (why) => {
      if (stopped) return;
      stopped = why;
      stopGroup(child, 'SIGTERM');
      kill = setTimeout(() => stopGroup(child, 'SIGKILL'), GRACE_MS);
    };
    // Progress is output: each test's end, and anything the file prints.
    let quiet = null;
    const heard = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => stop(`had printed nothing for ${quietLimit} s`), quietLimit * 1000);
    };
    heard();
    const limit = Number.isFinite(fileLimit) ? setTimeout(() => stop(`was still running after ${fileLimit} s`), fileLimit * 1000)
      : null;
    const take = (chunk) => {
      chunks.push(chunk);
      heard();
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      clearTimeout(quiet);
      clearTimeout(kill);
      stopGroup(child, 'SIGKILL'); // anything the file left running
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      let output = Buffer.concat(chunks).toString();
      if (stopped) output += `\n# FAILED: ${file} ${stopped} and was stopped\n`;
      resolve({ file, seconds, ok: code === 0 && !stopped, status: signal ?? code, output });
    });
  });
}

async function main() {
  const { concurrency, quietLimit, fileLimit, times, files } = parseArgs(process.argv.slice(2));
  const queue = [...files];
  const results = [];
  async function worker() {
    while (queue.length) {
      const result = await runFile(queue.shift(), { quietLimit, fileLimit });
      process.stdout.write(`\n# ${result.ok ? 'ok' : 'FAILED'}: ${result.file} (${result.seconds.toFixed(1)} s)\n${result.output}`);
      results.push(result);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  results.sort((a, b) => b.seconds - a.seconds);
  const lines = results.map((r) => `#   ${r.seconds.toFixed(1).padStart(7)} s  ${r.ok ? 'ok    ' : 'FAILED'}  ${r.file}`);
  const failed = results.filter((r) => !r.ok);
  if (times) {
    fs.mkdirSync(path.dirname(times), { recursive: true });
    fs.writeFileSync(times, results.map((r) => `${r.seconds.toFixed(1).padStart(7)} s  ${r.ok ? 'ok    ' : 'FAILED'}  ${r.file}\n`).join(''));
  }
  process.stdout.write(`\n# ${results.length} files, ${failed.length} failed, ${concurrency} at a time; wall time per file:\n` +
    `${lines.join('\n')}\n# slowest file: ${results[0].file} (${results[0].seconds.toFixed(1)} s)\n`);
  process.exitCode = failed.length ? 1 : 0;
}

main().catch((error) => {
  process.stderr.write(`run-files: ${error.message}\n`);
  process.exitCode = 2;
});
