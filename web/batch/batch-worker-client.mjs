// The main thread's side of batch-worker.mjs: an object with the companion's
// batchAttention(options, arrays) and batchAgreement(options, arrays), asynchronous, that
// run in a module Worker, so the batch runner (batch-runner.mjs) can use it in place of
// the companion and the page stays responsive. cancel() terminates the worker (the
// pending calls reject with BatchCancelled); the next call starts a fresh one.

export class BatchCancelled extends Error {
  constructor() {
    super('the run was cancelled');
  }
}

// The buffers of a message's arrays, transferred with it.
const buffersOf = (message) => ['query', 'keys', 'values', 'context', 'emptyRows'].filter((name) => message[name]).map((name) => message[name].buffer);

// The worker's URL goes up to the site root and down again, so that it holds from batch/ and
// from a page's bundle (pages/) alike: every module folder is one level down.
export function createWorkerCore({ url = new URL('../batch/batch-worker.mjs', import.meta.url) } = {}) {
  let worker = null;
  let nextId = 1;
  const pending = new Map();

  function failAll(error) {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function stop(error) {
    worker?.terminate();
    worker = null;
    failAll(error);
  }

  function start() {
    worker = new Worker(url, { type: 'module', name: 'attention batch' });
    worker.addEventListener('message', ({ data }) => {
      const call = pending.get(data?.id);
      if (!call) return;
      pending.delete(data.id);
      if (data.ok) call.resolve(data.result);
      else call.reject(new Error(data.message));
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      stop(new Error(`the WASM worker stopped${event.message ? `: ${event.message}` : ' (it could not be started)'}`));
    });
    worker.addEventListener('messageerror', () => stop(new Error('the WASM worker sent a message that could not be read')));
  }

  function call(message, transfer = []) {
    if (!worker) start();
    const id = nextId;
    nextId += 1;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...message }, transfer);
    });
  }

  return {
    // Resolves once the worker has loaded its core (or rejects with why it could not).
    // module: a compiled companion.wasm to share (a worker pool's), else the worker compiles its own.
    ready: (module) => call({ type: 'load', module }),
    // The same result as companion.batchAttention (the summary's fields and typed arrays).
    batchAttention: (options, arrays = {}) => call({ type: 'batch', options, arrays }),
    // The same result as companion.batchAgreement ({agreement}).
    batchAgreement: (options, arrays = {}) => call({ type: 'agreement', options, arrays }),
    // A worker pool's share (batch-pool.mjs): {shape, options, query, keys, values}, the
    // arrays' buffers transferred -> {context, emptyRows, coreMs, query, keys, values}
    // (the same arrays back, transferred again, to carry the next slice).
    batchSlice: (slice) => call({ type: 'slice', ...slice }, buffersOf(slice)),
    // The share kept in the worker by the last slice, if it is batch `number`, run again:
    // {number, options, context, emptyRows} -> {context, emptyRows, coreMs}.
    batchRerun: (rerun) => call({ type: 'rerun', ...rerun }, buffersOf(rerun)),
    busy: () => pending.size > 0,
    // Stops the work in progress; false when there was none.
    cancel() {
      const had = pending.size > 0;
      if (worker) stop(new BatchCancelled());
      return had;
    },
  };
}
