// "Run this batch" as the core offers it: an exercise's batches come from the core
// (companion.exercise(id).offers.batch), built by the same C++ that grades the exercise,
// so nothing here decides which exercises have a batch or how their numbers become one.
// Plumbing only: the case's inputs become Float32Arrays for the runner, and a case's
// shape and mask become a link to the batch lab.

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

// A case's inputs as the runner takes them: Float32Arrays, or null for the core's seeded ones.
function inputsOf(inputs) {
  if (inputs === null || inputs === undefined) return null;
  if (!isObject(inputs)) throw new Error('a batch case\'s inputs are not an object');
  const out = {};
  for (const name of ['query', 'keys', 'values']) {
    const values = inputs[name];
    if (!Array.isArray(values) && !ArrayBuffer.isView(values)) throw new Error(`a batch case has no ${name}`);
    out[name] = Float32Array.from(values);
  }
  return out;
}

// {cases: [...]} for an exercise with a batch, {error} when the core could not make its
// batch (or sent one that cannot be read), null when the exercise has none. Each case is
// the core's {key, title, note, options (the batch call's), inputs ({query, keys, values}
// as Float32Arrays, or null: seeded by the core), kernels (the GPU kernels to run, or
// null for both), rowLabels, table, showEntropy, lab, countPart?}.
export function batchCasesFor(exercise) {
  const batch = exercise?.offers?.batch;
  if (batch === null || batch === undefined) return null;
  if (!isObject(batch)) return { error: 'the core sent a batch that cannot be read' };
  if (typeof batch.error === 'string') return { error: batch.error };
  if (!Array.isArray(batch.cases) || batch.cases.length === 0 || !batch.cases.every(isObject)) {
    return { error: 'the core sent no batch to run' };
  }
  try {
    return { cases: batch.cases.map((batchCase) => ({ ...batchCase, inputs: inputsOf(batchCase.inputs) })) };
  } catch (error) {
    return { error: error.message };
  }
}

// The batch lab's URL for a case: its shape and mask (the lab fills Q, K, V from a seed).
export function labHref(batchCase, base = 'lab-batch.html') {
  const { lab } = batchCase;
  const params = new URLSearchParams();
  // (One width D for keys and values, or Dk and Dv apart.)
  for (const key of ['B', 'H', 'T', 'S', 'D', 'Dk', 'Dv']) if (lab[key] !== undefined && lab[key] !== null) params.set(key, String(lab[key]));
  if (lab.lengths) params.set('lengths', lab.lengths.join(','));
  // (The lab's address counts positions from 1, as the exercises do; the core's window from 0.)
  if (lab.window) params.set('window', lab.window.map((edge) => edge + 1).join(','));
  if (lab.causal) params.set('causal', '1');
  if (lab.scaled) params.set('scaled', '1');
  if (lab.seed !== undefined && lab.seed !== null) params.set('seed', String(lab.seed));
  return `${base}?${params}`;
}
