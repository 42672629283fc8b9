// Counts of storage and work, as the chapters state them (logical counts under declared
// assumptions, not measured memory or time).
#pragma once

#include <cstdint>

#include "status.h"

namespace attn {

// Chapter 14, section 14.6: n source positions of width d, t target steps.
struct RecurrentReadCosts {
  int64_t context_numbers;          // d: one context is as wide as one state
  int64_t context_bytes;
  int64_t states_numbers;           // n*d
  int64_t states_bytes;
  int64_t dot_products;             // t*n: every target step scores every position
  int64_t multiplications_per_dot;  // d
  int64_t additions_per_dot;        // d - 1
};

Result<RecurrentReadCosts> RecurrentReadCostsOf(int64_t positions, int64_t width,
                                                int64_t bytes_per_number, int64_t target_steps);

}  // namespace attn
