// The batch lab's parameters, read strictly, and the work budget every run is held to.
// The same reading serves the address (lab-batch.html?B=3&H=1&T=1&S=5&Dk=4&Dv=6&lengths=5,3,1
// &window=3,7&causal=1&halfWidth=2&temperature=1&scaled=1&seed=19, as the batch exercises
// link here; D=5 gives keys and values the same width) and the form: each value is written in digits (a temperature may have a
// decimal point), within its range; anything else is refused with a message that names
// the parameter and the value, and nothing runs with a default in its place. Before
// anything is allocated, the budget bounds the multiply-adds, the returned weights and
// the inputs, so an accepted run stays within a few seconds on the WASM core.

import { readSeed, describeValue, MAX_SEED } from '../seed.mjs';

// The form's maxima (lab-batch.html's max attributes say the same).
export const MAXIMA = { B: 64, H: 16, T: 2048, S: 4096, D: 256, Dk: 256, Dv: 256 };
export const MAX_TEMPERATURE = 1000;
export const MIN_TEMPERATURE = 0.01;

// The budget of one run. work: multiply-adds of scores and contexts, B·H·T·S·(Dk + Dv);
// weights: the [B, H, T, S] weights a run returns (float32); inputs: the queries, keys and
// values, B·H·(T·Dk + S·Dk + S·Dv) numbers (float32).
export const LIMITS = { work: 2 ** 29, weights: 2 ** 23, inputs: 2 ** 23 };

// The parameters the address may carry, in the order they are checked.
export const PARAMS = ['B', 'H', 'T', 'S', 'D', 'Dk', 'Dv', 'lengths', 'window', 'causal', 'halfWidth', 'temperature', 'scaled', 'seed'];

const count = (n) => n.toLocaleString('en-US');
const shown = (text) => describeValue(text);

class ParamError extends Error {}

function whole(name, text, min, max) {
  if (!/^[0-9]{1,10}$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new ParamError(`${name} must be a whole number from ${min} to ${count(max)}, written in digits, not ${shown(text)}`);
  }
  return Number(text);
}

function list(name, text, what) {
  const items = text.trim().replace(/^\[|\]$/g, '').split(',').map((item) => item.trim());
  if (items.some((item) => !/^[0-9]{1,10}$/.test(item))) {
    throw new ParamError(`${name} must be ${what}, whole numbers written in digits and separated by commas, not ${shown(text)}`);
  }
  return items.map(Number);
}

function flag(name, text) {
  if (['1', 'true', 'on', 'yes'].includes(text)) return true;
  if (['0', 'false', 'off', 'no'].includes(text)) return false;
  throw new ParamError(`${name} must be 1 or 0 (or true or false), not ${shown(text)}`);
}

// values: {name: string} (absent names: missing or null). -> the core's batch options,
// or throws a ParamError. Cross-field rules (lengths per item, window and half-width
// within S) are checked here too; the budget is not (see checkBudget).
function optionsOf(values) {
  const text = (name) => (values[name] === undefined || values[name] === null ? null : String(values[name]));
  const options = {};
  for (const name of ['B', 'H', 'T', 'S']) {
    if (text(name) === null) throw new ParamError(`${name} is missing`);
    options[name] = whole(name, text(name), 1, MAXIMA[name]);
  }
  // The key width Dk and the value width Dv, apart as the chapter's listing has them; D gives
  // both the same width (the older addresses), and is refused beside either of them.
  const given = (name) => text(name) !== null && text(name).trim() !== '';
  if (given('D') && (given('Dk') || given('Dv'))) throw new ParamError('give D (one width for keys and values) or Dk and Dv, not both');
  if (given('D')) {
    options.Dk = whole('D', text('D'), 1, MAXIMA.D);
    options.Dv = options.Dk;
  } else {
    for (const name of ['Dk', 'Dv']) {
      if (!given(name)) throw new ParamError(`${name} is missing`);
      options[name] = whole(name, text(name), 1, MAXIMA[name]);
    }
  }
  const { B, S } = options;
  if (text('lengths') !== null && text('lengths').trim() !== '') {
    const lengths = list('lengths', text('lengths'), `${B} source ${B === 1 ? 'length' : 'lengths'} (one per batch item)`);
    if (lengths.length !== B) {
      throw new ParamError(`lengths must give one source length per batch item: B = ${B}, but ${shown(text('lengths'))} gives ${lengths.length}`);
    }
    const over = lengths.find((n) => n > S);
    if (over !== undefined) throw new ParamError(`lengths: a source length of ${over} does not fit S = ${S} source positions`);
    options.lengths = lengths;
  }
  // A window is written as the chapter writes one, [first, end): positions first to end − 1,
  // counted from 1 ("4,8" is positions 4 to 7); the core takes it counted from 0.
  if (text('window') !== null && text('window').trim() !== '') {
    const window = list('window', text('window'), 'a first position and an end (first, end)');
    if (window.length !== 2 || window[0] < 1 || window[0] > window[1] || window[1] > S + 1) {
      throw new ParamError(`window must be first,end (positions first to end − 1, counted from 1) with ` +
        `1 ≤ first ≤ end ≤ S + 1 = ${S + 1}, not ${shown(text('window'))}`);
    }
    options.window = [window[0] - 1, window[1] - 1];
  }
  if (text('halfWidth') !== null && text('halfWidth').trim() !== '') options.halfWidth = whole('halfWidth', text('halfWidth'), 0, S);
  options.causal = text('causal') === null ? false : flag('causal', text('causal'));
  options.scaled = text('scaled') === null ? false : flag('scaled', text('scaled'));
  if (text('temperature') !== null) {
    const t = text('temperature');
    if (!/^(?:[0-9]{1,6}(?:\.[0-9]{0,8})?|\.[0-9]{1,8})$/.test(t) || Number(t) < MIN_TEMPERATURE || Number(t) > MAX_TEMPERATURE) {
      throw new ParamError(`temperature must be a number from ${MIN_TEMPERATURE} to ${MAX_TEMPERATURE} written as digits ` +
        `with an optional decimal point, not ${shown(t)}`);
    }
    options.temperature = Number(t);
  } else {
    options.temperature = 1;
  }
  if (text('seed') !== null) {
    const seed = readSeed(text('seed'));
    if (!seed.ok) throw new ParamError(`seed ${shown(text('seed'))} is not a whole number from 0 to ${MAX_SEED} written in digits`);
    options.seed = seed.seed;
  }
  return options;
}

// -> {options} or {error} (a sentence without a final full stop).
export function readBatchValues(values) {
  try {
    return { options: optionsOf(values) };
  } catch (error) {
    if (error instanceof ParamError) return { error: error.message };
    throw error;
  }
}

// The address's parameters -> {present: false} when it names none of them, else
// {present: true, values} (strings, as the form holds them) or {present: true, error}.
// A parameter given twice is refused; parameters the lab does not know are ignored.
export function readBatchAddress(search) {
  const params = new URLSearchParams(search);
  if (!PARAMS.some((name) => params.has(name))) return { present: false };
  const values = {};
  for (const name of PARAMS) {
    const all = params.getAll(name);
    if (all.length > 1) return { present: true, error: `${name} is given ${all.length} times` };
    if (all.length === 1) values[name] = all[0];
  }
  return { present: true, values };
}

// The work of a run, from the core's options (D, or Dk and Dv).
export function workOf(options) {
  const { B = 1, H = 1, T, S } = options;
  const Dk = options.Dk ?? options.D;
  const Dv = options.Dv ?? options.D;
  return {
    work: B * H * T * S * (Dk + Dv),
    weights: B * H * T * S,
    inputs: B * H * (T * Dk + S * Dk + S * Dv),
  };
}

// null when a run fits the budget, else a sentence that gives the figure and the limit.
export function checkBudget(options) {
  const used = workOf(options);
  const over = [];
  if (!(used.work <= LIMITS.work)) {
    over.push(`B·H·T·S·(Dk + Dv) = ${count(used.work)} multiply-adds, over the limit of ${count(LIMITS.work)}`);
  }
  if (!(used.weights <= LIMITS.weights)) {
    over.push(`B·H·T·S = ${count(used.weights)} weights to return, over the limit of ${count(LIMITS.weights)}`);
  }
  if (!(used.inputs <= LIMITS.inputs)) {
    over.push(`B·H·(T·Dk + S·Dk + S·Dv) = ${count(used.inputs)} input numbers, over the limit of ${count(LIMITS.inputs)}`);
  }
  if (!over.length) return null;
  return `the batch is too large: ${over.join('; ')}. Make B, H, T, S, Dk or Dv smaller`;
}
