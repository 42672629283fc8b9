// tests/run-files.mjs, which runs the test files for ctest: a file that makes no progress (it
// prints nothing) for --quiet-limit seconds is stopped with what it spawned and counted as
// failed, with its output so far; a passing file beside it still passes; and a file that keeps
// making progress runs as long as it needs, however far past that limit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const runFiles = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'run-files.mjs');

// Running, as opposed to gone or a zombie (an orphan that this container's init may not reap).
function alive(pid) {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

test('a file that makes no progress is stopped at the quiet limit, with the process it started, and fails', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-files-'));
  const pidFile = path.join(dir, 'helper.pid');
  fs.writeFileSync(path.join(dir, 'a-hangs.test.mjs'), `
import { test } from 'node:test';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
test('waits on something that never answers', async () => {
  const helper = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  fs.writeFileSync(${JSON.stringify(pidFile)}, String(helper.pid));
  console.log('the helper is running');
  await new Promise(() => {});
});
`);
  fs.writeFileSync(path.join(dir, 'b-passes.test.mjs'), `
import { test } from 'node:test';
test('passes', () => {});
`);
  // Run as ctest runs it, not as a test nested in this one.
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const run = spawnSync(process.execPath, [runFiles, '--quiet-limit', '2', dir], { encoding: 'utf8', env });
  assert.equal(run.status, 1, run.stdout + run.stderr);
  assert.match(run.stdout, /# FAILED: \S*a-hangs\.test\.mjs had printed nothing for 2 s and was stopped/);
  assert.match(run.stdout, /the helper is running/, 'the output so far is printed');
  assert.match(run.stdout, /# ok: \S*b-passes\.test\.mjs/);
  assert.match(run.stdout, /# 2 files, 1 failed/);
  const helper = Number(fs.readFileSync(pidFile, 'utf8'));
  assert.equal(alive(helper), false, 'the process the file started is stopped too');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a file that keeps making progress is not stopped, however long it runs past the quiet limit', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-files-'));
  fs.writeFileSync(path.join(dir, 'slow.test.mjs'), `
import { test } from 'node:test';
for (let n = 1; n <= 6; n += 1) {
  test('step ' + n, async () => { await new Promise((resolve) => { setTimeout(resolve, 700); }); });
}
`);
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const run = spawnSync(process.execPath, [runFiles, '--quiet-limit', '2', dir], { encoding: 'utf8', env });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /# ok: \S*slow\.test\.mjs/);
  assert.match(run.stdout, /# 1 files, 0 failed/);
  fs.rmSync(dir, { recursive: true, force: true });
});
