// The author's check over the machine's cores, for tools/cli.mjs check: the seeds' slices are
// shared among worker threads (this file again, as a worker), each with the whole core loaded
// once, and added up in seed order (web/author/check-slices.mjs), so that the report is the
// one companion.check makes in one thread, word for word.
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { loadCompanion } from '../web/companion.mjs';
import { checkOverWorkers, checkSlice } from '../web/author/check-slices.mjs';
import { messageOf } from '../web/error-message.mjs';

// The check of doc over seeds from .. from + seeds - 1 (the options of companion.check), on
// `threads` worker threads (one per core by default). -> a promise of the report.
export function checkInThreads(doc, { seeds = 1000, from = 0, slice = 50, threads = availableParallelism(),
  onProgress = null } = {}) {
  const spawn = () => {
    const worker = new Worker(new URL(import.meta.url));
    return {
      post: (message) => worker.postMessage(message),
      listen: (onMessage, onError) => {
        worker.on('message', onMessage);
        worker.on('error', onError);
      },
      end: () => worker.terminate(),
    };
  };
  return checkOverWorkers({ doc, from, seeds, slice, workers: Math.max(1, threads), spawn, onProgress });
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
