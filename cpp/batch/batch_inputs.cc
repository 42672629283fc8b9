// SplitMix64 streams turned into float32 uniforms on [-1, 1) with 24 random bits each
// (exactly representable, so every platform produces the same floats).
#include "batch/batch_inputs.h"

namespace attn {
namespace {

uint64_t SplitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace

std::vector<float> SeededUniform(uint64_t seed, BatchTensor tensor, int64_t count) {
  uint64_t state = seed * 0x100000001B3ULL + static_cast<uint64_t>(tensor) * 0xD6E8FEB86659FD93ULL;
  std::vector<float> out(static_cast<size_t>(count < 0 ? 0 : count));
  for (float& x : out) {
    const auto bits = static_cast<int64_t>(SplitMix64(state) >> 40);  // 24 bits
    x = static_cast<float>(bits - (int64_t{1} << 23)) / static_cast<float>(int64_t{1} << 23);
  }
  return out;
}

BatchInputs SeededBatchInputs(uint64_t seed, const BatchShape& shape) {
  return {SeededUniform(seed, BatchTensor::kQuery, shape.QueryElements()),
          SeededUniform(seed, BatchTensor::kKeys, shape.KeyElements()),
          SeededUniform(seed, BatchTensor::kValues, shape.ValueElements())};
}

}  // namespace attn
