// The seeded generator for the batch lab, the browser tests and the benchmark: fills
// Q, K and V with uniform numbers in [-1, 1) from a seed, so that the WASM core, the
// WebGPU kernels and plain JS all read identical inputs (the JS side asks the core for
// them; there is no second generator).
#pragma once

#include <cstdint>
#include <vector>

#include "batch/batch_attention.h"

namespace attn {

// Which tensor a stream fills: the same seed gives unrelated Q, K and V.
enum class BatchTensor : uint64_t { kQuery = 1, kKeys = 2, kValues = 3 };

// `count` float32 numbers in [-1, 1), a pure function of (seed, tensor, count).
std::vector<float> SeededUniform(uint64_t seed, BatchTensor tensor, int64_t count);

struct BatchInputs {
  std::vector<float> query;   // [B,H,T,Dk]
  std::vector<float> keys;    // [B,H,S,Dk]
  std::vector<float> values;  // [B,H,S,Dv]
};

BatchInputs SeededBatchInputs(uint64_t seed, const BatchShape& shape);

}  // namespace attn
