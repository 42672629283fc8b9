// The author's check over the machine's cores, for tools/cli.mjs check: the seeds' slices are
// shared among workers and added up in seed order (web/author/check-slices.mjs), so that the
// report is the one companion.check makes in one thread, word for word. A worker is the native
// build of the same core (build/tests/describe_native, which the set-up builds beside the
// WebAssembly one: the check's C++ compiled for this machine, about three times as fast), one
// process a slice; or, where that is not built or fails, a worker thread (this file again)
// with the whole WebAssembly core loaded once, as the preview page's workers have.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { loadCompanion } from '../web/companion.mjs';
import { checkOverWorkers, checkSlice } from '../web/author/check-slices.mjs';
import { messageOf } from '../web/error-message.mjs';

export const NATIVE_CHECK = fileURLToPath(new URL('../build/tests/describe_native', import.meta.url));

// A worker thread with the WebAssembly core.
function threadWorker() {
  const worker = new Worker(new URL(import.meta.url));
  return {
    post: (message) => worker.postMessage(message),
    listen: (onMessage, onError) => {
      worker.on('message', onMessage);
      worker.on('error', onError);
    },
    end: () => worker.terminate(),
  };
}

// A worker that runs each slice it is given in a native process, on the file at `path`.
function nativeWorker(path) {
  let answer = () => {};
  let fail = () => {};
  let child = null;
  return {
    post: ({ index, from, seeds }) => {
      child = execFile(NATIVE_CHECK, ['--check', path, String(from), String(seeds)], { maxBuffer: 1 << 28 },
        (error, stdout) => {
          child = null;
          if (error) return fail(new Error(`the native check stopped: ${messageOf(error)}`));
          try {
            return answer({ type: 'slice', index, part: JSON.parse(stdout) });
          } catch (parse) {
            return fail(new Error(`the native check's report is not JSON: ${messageOf(parse)}`));
          }
        });
    },
    listen: (onMessage, onError) => {
      answer = onMessage;
      fail = onError;
    },
    end: () => child?.kill(),
  };
}

// The check of doc over seeds from .. from + seeds - 1 (the options of companion.check), on
// `threads` workers (one per core by default): native unless `wasm`, or where the native build
// is missing or fails. -> a promise of the report.
export async function checkInThreads(doc, { seeds = 1000, from = 0, slice = 50, threads = availableParallelism(),
  onProgress = null, wasm = false } = {}) {
  const run = (spawn) => checkOverWorkers({ doc, from, seeds, slice, workers: Math.max(1, threads), spawn,
    onProgress });
  if (wasm || !existsSync(NATIVE_CHECK)) return run(threadWorker);
  const dir = mkdtempSync(join(tmpdir(), 'attention-check-'));
  try {
    const path = join(dir, 'exercise.json');
    writeFileSync(path, JSON.stringify(doc));
    return await run(() => nativeWorker(path));
  } catch {
    return run(threadWorker);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (!isMainThread && parentPort) {
  // (Loaded before the first slice comes, so that a thread started early is ready when it does.)
  const loading = loadCompanion({ exercises: [] });
  loading.catch(() => {}); // (reported with the slice that needed it)
  parentPort.on('message', async (message) => {
    if (message?.type !== 'slice') return;
    try {
      parentPort.postMessage(checkSlice(await loading, message));
    } catch (error) {
      parentPort.postMessage({ type: 'failed', message: messageOf(error) });
    }
  });
}
