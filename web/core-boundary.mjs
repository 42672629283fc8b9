// The core's boundary: everything the core receives is checked and copied here, in JS, and
// what escapes a call into it is turned into an Error with a sentence. The JS API
// (companion.mjs) makes every call through these.
import { messageOf } from './error-message.mjs';

// The batch boundary: everything the core receives is checked and copied here, in JS, so
// that no getter, proxy or huge length runs inside a WebAssembly call (an exception
// thrown through the binding would leak the module's stack). Each batch call reads only
// its own arrays: the compute pass its inputs and mask, the agreement check the outputs.
export const COMPUTE_ARRAYS = { query: Float32Array, keys: Float32Array, values: Float32Array, explicitMask: Uint8Array };
export const AGREEMENT_ARRAYS = { explicitMask: Uint8Array, context: Float32Array, weights: Float32Array, emptyRows: Uint8Array,
  compareContext: Float32Array, compareWeights: Float32Array, compareEmptyRows: Uint8Array };
export const MAX_BATCH_ARRAY = 1 << 26;  // entries in one array; the core's own budget is smaller

// The sizes a small reader takes at most (cpp/api/batch_request.h's SmallRead).
export const SMALL_READ_MAX = 4096;

// Why the core's small read (SmallRead's status, cpp/api/batch_request.h) read nothing, named:
// the first input that is not a finite number, looked for only once the read has failed.
export function smallReadRefusal(status, inputs, scale) {
  if (status === -2) return `The small read was refused: its scale must be a positive finite number, not ${scale}.`;
  for (const [name, xs] of Object.entries(inputs)) {
    for (let i = 0; i < xs.length; i += 1) {
      const x = Number(xs[i]);
      if (!Number.isFinite(x)) return `The small read was refused: its ${name} hold ${x} at ${i}, not a finite number.`;
    }
  }
  return status === -3 ? 'The small read was refused: a weight or context is not finite (the numbers are too large).'
    : `The small read was refused (status ${status}).`;
}

export function batchArrays(arrays, spec) {
  if (arrays === undefined || arrays === null) return {};
  if (typeof arrays !== 'object') throw new Error('The batch arrays must be an object of typed arrays.');
  const out = {};
  for (const [name, Type] of Object.entries(spec)) {
    let value;
    try {
      value = arrays[name];
    } catch (error) {
      throw new Error(`The batch array ${name} could not be read: ${messageOf(error)}`, { cause: error });
    }
    if (value === undefined || value === null) continue;
    const isArray = Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
    if (!isArray) throw new Error(`The batch array ${name} must be a typed array or an array of numbers.`);
    const { length } = value;
    if (!Number.isSafeInteger(length) || length > MAX_BATCH_ARRAY) {
      throw new Error(`The batch array ${name} has ${length} entries; at most ${MAX_BATCH_ARRAY} are read.`);
    }
    const copy = new Type(length);
    if (ArrayBuffer.isView(value)) copy.set(value);
    else for (let i = 0; i < length; i += 1) copy[i] = Number(value[i]);
    // (A plain loop: a findIndex callback took ten times as long on the chapter's 2.2 million inputs.)
    for (let i = 0; i < length; i += 1) {
      const x = copy[i];
      if (x - x !== 0) throw new Error(`The batch array ${name} has a value that is not a finite number at ${i}.`);
    }
    out[name] = copy;
  }
  return out;
}

// Options as JSON text, refusing what JSON would silently turn into null (NaN, Infinity).
export function batchOptionsJson(options) {
  if (options === undefined || options === null) return '{}';
  let text;
  try {
    text = JSON.stringify(options, (key, value) => {
      if (typeof value === 'number' && !Number.isFinite(value)) {
        throw new Error(`The batch option ${key || '(value)'} is ${value}; give a finite number.`);
      }
      if (typeof value === 'bigint') throw new Error(`The batch option ${key} must be a plain number.`);
      return value;
    });
  } catch (error) {
    throw new Error(error?.message?.startsWith('The batch option') ? error.message
      : `The batch options could not be read: ${messageOf(error)}`, { cause: error });
  }
  if (typeof text !== 'string' || !text.startsWith('{')) throw new Error('The batch options must be an object.');
  return text;
}

// A block of the module's memory for the calls that skip the copies at the boundary
// (batchBuffers, smallReader): named float32 arrays of the given sizes, then `byteCount`
// bytes. Views are made again whenever the memory has grown since (a call into the core may
// grow it, and so replace its buffer); every use after free() is refused with `freedMessage`.
// -> {address(name or 'bytes'), floats(name), bytes(), free()}.
export function heapBlock(core, sizes, byteCount, freedMessage, what) {
  const offsets = {};
  let total = 0;
  for (const [name, n] of Object.entries(sizes)) {
    offsets[name] = total;
    total += 4 * n;
  }
  offsets.bytes = total;
  const base = inCore(() => core._malloc(total + byteCount));
  if (!base) throw new Error(`The core has no memory left for ${what}.`);
  let freed = false;
  const address = (name) => {
    if (freed) throw new Error(freedMessage);
    return base + offsets[name];
  };
  let views = { buffer: null };  // this block's views on the memory's current buffer
  const view = (name, make) => {
    const at = address(name);
    if (views.buffer !== core.HEAPU8.buffer) views = { buffer: core.HEAPU8.buffer };
    views[name] ??= make(views.buffer, at);
    return views[name];
  };
  return {
    address,
    floats: (name) => view(name, (buffer, at) => new Float32Array(buffer, at, sizes[name])),
    bytes: () => view('bytes', (buffer, at) => new Uint8Array(buffer, at, byteCount)),
    free() {
      if (!freed) core._free(base);
      freed = true;
      views = { buffer: null };
    },
  };
}

// A call into the core. The core returns errors as values; what still escapes (an abort,
// or a C++ exception that reaches JS as a bare number, such as running out of memory) is
// turned into an Error with a sentence instead of a number.
export function inCore(call) {
  try {
    return call();
  } catch (error) {
    if (error instanceof Error) throw new Error(`The attention core failed: ${error.message}`, { cause: error });
    throw new Error(`The attention core failed (${typeof error === 'number' ? 'it may have run out of memory' : String(error)}); ` +
      'reload the page to start it again.', { cause: error });
  }
}

export function parseCoreJson(text) {
  const value = JSON.parse(text);
  if (value && typeof value === 'object' && !Array.isArray(value) && typeof value.error === 'string') {
    throw new Error(value.error);
  }
  return value;
}
