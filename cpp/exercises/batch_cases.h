// "Run this batch": an exercise as batched calls that the page runs on WASM and WebGPU (the
// exercise declares which: "batch": "rows", its score rows with their masks, or "workload",
// the seeded workload at its sizes). Read from the same inputs the exercise is graded on.
#pragma once

#include "exercises/computed.h"

namespace attn {

// {"cases": [{key, title, note, options, inputs, kernels, rowLabels, table, showEntropy, lab}]},
// or null where the exercise declares no batch.
Result<Json> BatchCases(const Computed& computed);

}  // namespace attn
