// One deterministic random stream (SplitMix64) for everything seeded: exercise variants,
// the order of the role-matching letters and the batch lab's tensors. Pure integer
// arithmetic, so a seed gives the same numbers natively and in WebAssembly.
#pragma once

#include <cstdint>

namespace attn {

class SeededRandom {
 public:
  explicit SeededRandom(uint64_t seed, uint64_t stream = 0)
      : state_(seed * 0x100000001B3ULL + stream * 0xD6E8FEB86659FD93ULL) {}

  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // A whole number in [lo, hi], without modulo bias worth noticing at these sizes.
  int64_t Integer(int64_t lo, int64_t hi) {
    uint64_t span = static_cast<uint64_t>(hi - lo) + 1;
    return lo + static_cast<int64_t>((Next() >> 11) % span);
  }

 private:
  uint64_t state_;
};

}  // namespace attn
