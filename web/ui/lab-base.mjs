// The starting inputs for the labs: the source, embeddings, query and readout
// of the chapter's Example 14.1, taken from that exercise's file via the core.

import { safeCall, errorOf } from './boot.mjs';

export const BASE_EXERCISE = 'ch14.example1';

// Returns {inputs} or {error}.
export async function labInputs(companion) {
  const exercise = await safeCall(() => companion.exercise(BASE_EXERCISE));
  const problem = errorOf(exercise);
  if (problem) return { error: `the example ${BASE_EXERCISE} could not be opened: ${problem}` };
  const inputs = exercise.inputs;
  if (!inputs || !Array.isArray(inputs.source)) {
    return { error: `the example ${BASE_EXERCISE} has no source tokens to read` };
  }
  return { inputs };
}

// The working for `inputs`, or {error} (thrown, returned, or inside the working).
export async function workFor(companion, inputs) {
  const working = await safeCall(() => companion.work(inputs));
  const problem = errorOf(working);
  if (problem) return { error: problem };
  if (!Array.isArray(working.positions)) return { error: 'the core returned no positions for this read' };
  return working;
}
