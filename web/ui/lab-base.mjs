// The starting inputs for the labs (source, embeddings, query, readout), taken through
// the core from the exercise that declares it seeds the lab ("lab": "read" in its file:
// a worked example of the chapter), with the model that exercise names; and the working
// for the lab's inputs, asked of that model.

import { safeCall, errorOf } from './boot.mjs';

// Returns {model, inputs} or {error}.
export async function labInputs(companion, lab) {
  const list = await safeCall(() => companion.exercises());
  const problem = errorOf(list);
  if (problem) return { error: `the exercises could not be listed: ${problem}` };
  const entry = list.find((item) => item.lab === lab);
  if (!entry) return { error: `no exercise declares that it seeds the ${lab} lab` };
  const exercise = await safeCall(() => companion.exercise(entry.id));
  const opened = errorOf(exercise);
  if (opened) return { error: `the example ${entry.id} could not be opened: ${opened}` };
  const { inputs, model } = exercise;
  if (!inputs || !Array.isArray(inputs.source)) {
    return { error: `the example ${entry.id} has no source tokens to read` };
  }
  return { model, inputs };
}

// The working for `request` ({model, inputs, remove?, delete?}), or {error} (thrown,
// returned, or inside the working).
export async function workFor(companion, request) {
  const working = await safeCall(() => companion.work(request));
  const problem = errorOf(working);
  if (problem) return { error: problem };
  if (!Array.isArray(working.positions)) return { error: 'the core returned no positions for this read' };
  return working;
}
