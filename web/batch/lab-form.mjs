// The batch lab's form (lab-batch.html): its presets, its fields read as the parameter
// strings batch-params.mjs reads (the address's names), and filled from a preset or from
// the address. Positions are counted from 1, as in the chapter and the exercises: a window
// is [first, end), positions first to end − 1.

import { readBatchAddress, readBatchValues, checkBudget } from './batch-params.mjs';

export const PRESETS = [
  { label: 'Exercise 9: lengths 5, 3, 1', values: { B: 3, H: 2, T: 6, S: 5, Dk: 4, Dv: 4, lengths: '5, 3, 1', causal: false, windowStart: '', windowEnd: '', halfWidth: '', temperature: 1, scaled: false } },
  { label: 'Chapter workload 8×4×64×512', values: { B: 8, H: 4, T: 64, S: 512, Dk: 64, Dv: 64, lengths: '512, 384, 256, 128, 64, 5, 3, 1', causal: false, windowStart: '', windowEnd: '', halfWidth: '', temperature: 1, scaled: false } },
  { label: 'Causal with a window', values: { B: 2, H: 2, T: 16, S: 16, Dk: 8, Dv: 8, lengths: '16, 10', causal: true, windowStart: 4, windowEnd: 13, halfWidth: '', temperature: 1, scaled: false } },
  { label: 'Keys and values of different widths', values: { B: 2, H: 1, T: 3, S: 5, Dk: 4, Dv: 6, lengths: '', causal: false, windowStart: '', windowEnd: '', halfWidth: '', temperature: 1, scaled: false } },
  { label: 'All-masked rows', values: { B: 3, H: 1, T: 4, S: 8, Dk: 5, Dv: 5, lengths: '0, 8, 2', causal: false, windowStart: 3, windowEnd: 9, halfWidth: '', temperature: 1, scaled: false } },
];

const field = (id) => document.getElementById(id);

// The form's fields as the parameter strings batch-params.mjs reads.
function formValues() {
  const values = {};
  for (const [key, id] of [['B', 'in-B'], ['H', 'in-H'], ['T', 'in-T'], ['S', 'in-S'], ['Dk', 'in-Dk'], ['Dv', 'in-Dv'],
    ['lengths', 'in-lengths'],
    ['halfWidth', 'in-half-width'], ['temperature', 'in-temperature'], ['seed', 'in-seed']]) {
    const value = field(id).value.trim();
    values[key] = value === '' && ['lengths', 'halfWidth'].includes(key) ? null : value;
  }
  const start = field('in-window-start').value.trim();
  const end = field('in-window-end').value.trim();
  if ((start === '') !== (end === '')) return { error: 'a window needs both a first position and an end (or neither)' };
  values.window = start === '' ? null : `${start},${end}`;
  values.causal = field('in-causal').checked ? '1' : '0';
  values.scaled = field('in-scaled').checked ? '1' : '0';
  return { values };
}

function checked(read) {
  if (read.error) return read;
  const over = checkBudget(read.options);
  return over ? { error: over } : read;
}

// The form as the core's batch options; {error} when a field cannot be read or the batch
// is over the budget (checked before anything is allocated).
export function readOptions() {
  const form = formValues();
  if (form.error) return form;
  return checked(readBatchValues(form.values));
}

export function setForm(values) {
  const ids = { B: 'in-B', H: 'in-H', T: 'in-T', S: 'in-S', Dk: 'in-Dk', Dv: 'in-Dv', lengths: 'in-lengths', windowStart: 'in-window-start',
    windowEnd: 'in-window-end', halfWidth: 'in-half-width', temperature: 'in-temperature', seed: 'in-seed' };
  for (const [key, id] of Object.entries(ids)) {
    if (values[key] !== undefined) field(id).value = values[key] === null ? '' : String(values[key]);
  }
  field('in-causal').checked = Boolean(values.causal);
  field('in-scaled').checked = Boolean(values.scaled);
}

// A preset from the URL (lab-batch.html?B=3&H=1&T=1&S=5&Dk=4&Dv=6&lengths=5,3,1&window=3,7&causal=1
// &halfWidth=2&temperature=1&scaled=1&seed=19), as the batch exercises link here. Read
// strictly (batch-params.mjs): {present: false} without any of these parameters; else
// {present: true, options} once the form is filled from it, or {present: true, error}
// and the form is left as it was. A preset describes the whole mask: what it leaves
// out is off (all S, no window, no half-width, not causal, not scaled); a shape size,
// the temperature or the seed it leaves out keeps the form's value.
export function presetFromUrl(search = window.location.search) {
  const address = readBatchAddress(search);
  if (!address.present || address.error) return address;
  const form = formValues();
  // (An address that gives D, one width for both, replaces the form's two widths.)
  const widths = address.values.D !== undefined ? { Dk: undefined, Dv: undefined } : {};
  const values = { ...(form.values ?? {}), ...widths, lengths: null, window: null, halfWidth: null, causal: '0', scaled: '0',
    ...address.values };
  const read = checked(readBatchValues(values));
  if (read.error) return { present: true, error: read.error };
  const [windowStart, windowEnd] = read.options.window?.map((edge) => edge + 1) ?? [null, null];
  setForm({ ...values, Dk: read.options.Dk, Dv: read.options.Dv, lengths: read.options.lengths?.join(', ') ?? null,
    windowStart, windowEnd, causal: read.options.causal, scaled: read.options.scaled });
  return { present: true, options: read.options };
}
