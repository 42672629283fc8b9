// Which source positions a target position may read (Chapter 19's eligibility rules):
// padding from per-item source lengths, causal order, a local window (a fixed [start, end)
// range or a half-width around the target) and an explicit boolean mask. A position is
// eligible only when every rule in force allows it. The same rules serve the single-query
// reads, the batched core and the WebGPU kernels (which receive them as plain numbers).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/attention.h"

namespace attn {

struct MaskSpec {
  std::vector<int64_t> lengths;                       // per batch item: sources [0, length) are real; empty: all
  bool causal = false;                                // target t reads sources s <= t
  std::optional<std::pair<int64_t, int64_t>> window;  // sources [start, end), 0-based
  int64_t half_width = -1;                            // when >= 0: |s - t| <= half_width
  std::vector<std::vector<bool>> explicit_mask;       // [T][S], empty when unused

  bool Eligible(int64_t b, int64_t t, int64_t s) const {
    if (!lengths.empty() && s >= lengths[static_cast<size_t>(b)]) return false;
    if (causal && s > t) return false;
    if (window && (s < window->first || s >= window->second)) return false;
    // Differences of positions only, so that a huge half width cannot overflow.
    if (half_width >= 0 && (t - s > half_width || s - t > half_width)) return false;
    if (!explicit_mask.empty() && !explicit_mask[static_cast<size_t>(t)][static_cast<size_t>(s)]) return false;
    return true;
  }
  Eligibility Row(int64_t b, int64_t t, int64_t sources) const {
    Eligibility row(static_cast<size_t>(sources));
    for (int64_t s = 0; s < sources; ++s) row[static_cast<size_t>(s)] = Eligible(b, t, s);
    return row;
  }
};

// Checks the spec against a batch of B items, T targets and S sources.
Status CheckMask(const MaskSpec& mask, int64_t B, int64_t T, int64_t S);

// The padding mask of Chapter 19's exercise 9: one row per item, 1 where a source is real.
std::vector<std::vector<bool>> PaddingMask(const std::vector<int64_t>& lengths, int64_t S);

}  // namespace attn
