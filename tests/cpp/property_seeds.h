// How many seeds a property test runs over each exercise.

#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>

namespace attn {

// `full`, or fewer where ATTN_PROPERTY_SEEDS sets a smaller number: the sanitized run
// (tests/fuzz/run.sh) looks for memory errors, which a few dozen seeds of every exercise
// reach, and not for more seeds; the native run checks the property over all of them.
inline uint32_t PropertySeeds(uint32_t full) {
  const char* set = std::getenv("ATTN_PROPERTY_SEEDS");
  if (!set) return full;
  return std::min(full, static_cast<uint32_t>(std::max(1, std::atoi(set))));
}

}  // namespace attn
