// What the batch lab and the tests check on a batch of weights and contexts: per-row
// weight sums, entropies and masked mass (Chapter 19's audit quantities), and the
// agreement of another path's results (the WebGPU kernels) with the core's, under the
// rule |other - core| <= abs_tol + rel_tol * |core| with masked weights exactly zero.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "batch/batch_attention.h"
#include "core/masks.h"
#include "core/status.h"

namespace attn {

// One entry per row [B,H,T]; sums in double.
struct RowStats {
  std::vector<double> row_sums;       // sum of the row's weights: 1, or 0 for an all-masked row
  std::vector<double> entropies;      // -sum w ln w (natural log), 0 for an all-masked row
  std::vector<double> masked_mass;    // weight on masked sources: exactly 0 when masking works
  std::vector<double> max_entropies;  // ln(number of eligible sources), 0 for none
};

Result<RowStats> WeightRowStats(const BatchShape& shape, const MaskSpec& mask, std::span<const float> weights);

struct Agreement {
  int64_t compared = 0;              // elements compared (contexts and weights together)
  double max_abs_error = 0;          // max |other - core|
  double max_rel_error = 0;          // max |other - core| / |core| over elements with core != 0
  double worst_ratio = 0;            // max |other - core| / (abs_tol + rel_tol |core|): <= 1 passes
  int64_t violations = 0;            // elements outside the rule
  int64_t masked_nonzero = 0;        // masked weights of the other path that are not exactly 0
  int64_t empty_row_mismatches = 0;  // rows flagged all-masked by one path only
  bool pass = false;
};

struct Tolerance {
  double abs_tol = 1e-5;
  double rel_tol = 1e-4;
};

// Compares another path's context (and weights, when both are non-empty) and its
// all-masked flags (when non-empty) with the core's result.
Result<Agreement> CompareBatch(const BatchShape& shape, const MaskSpec& mask, const BatchResult<float>& core,
                               std::span<const float> other_context, std::span<const float> other_weights,
                               std::span<const uint8_t> other_empty_rows, const Tolerance& tolerance = {});

}  // namespace attn
