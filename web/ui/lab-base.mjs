// The starting inputs for the labs (source, embeddings, query, readout),
// taken from one of the chapter's worked examples through the core: the read
// lab starts from Example 14.1, the deletion lab from Example 14.3 (the same
// states and query, plus the readout r = c1 + 2 c2).

import { safeCall, errorOf } from './boot.mjs';

// Returns {inputs} or {error}.
export async function labInputs(companion, exerciseId) {
  const exercise = await safeCall(() => companion.exercise(exerciseId));
  const problem = errorOf(exercise);
  if (problem) return { error: `the example ${exerciseId} could not be opened: ${problem}` };
  const inputs = exercise.inputs;
  if (!inputs || !Array.isArray(inputs.source)) {
    return { error: `the example ${exerciseId} has no source tokens to read` };
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
