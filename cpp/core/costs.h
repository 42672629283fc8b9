// Counts of storage and work, as the chapters state them (logical counts under declared
// assumptions, not measured memory or time).
#pragma once

#include <cstdint>
#include <vector>

#include "core/status.h"

namespace attn {

// Chapter 14, section 14.6: n source positions of width d, t target steps.
struct RecurrentReadCosts {
  int64_t context_numbers;  // d: one context is as wide as one state
  int64_t context_bytes;
  int64_t states_numbers;  // n*d
  int64_t states_bytes;
  int64_t dot_products;             // t*n: every target step scores every position
  int64_t multiplications_per_dot;  // d
  int64_t additions_per_dot;        // d - 1
};

Result<RecurrentReadCosts> RecurrentReadCostsOf(int64_t positions, int64_t width, int64_t bytes_per_number,
                                                int64_t target_steps);

// Chapter 19, global attention for one batch item and head: T queries against S keys of
// width D_k, weights applied to S values of width D_v. The multiplications are T*S*D_k
// for the scores and T*S*D_v for the weighted sum, so the order is T*S*(D_k + D_v).
// Written once for any scalar, so the same function gives numbers and the symbolic form.
template <class N>
N GlobalAttentionMultiplications(const N& T, const N& S, const N& Dk, const N& Dv) {
  return T * S * Dk + T * S * Dv;
}

struct GlobalAttentionCosts {
  std::vector<int64_t> score_shape;  // [B, H, T, S]
  int64_t elements;                  // B*H*T*S weights
  int64_t weight_bytes;
  int64_t multiplications;  // B*H*T*S*(D_k + D_v)
};

Result<GlobalAttentionCosts> GlobalAttentionCostsOf(int64_t B, int64_t H, int64_t T, int64_t S, int64_t Dk, int64_t Dv,
                                                    int64_t bytes_per_number);

}  // namespace attn
