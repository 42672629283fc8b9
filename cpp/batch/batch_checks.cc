// Row statistics of batched weights and the agreement check between two paths.
#include "batch/batch_checks.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace attn {
namespace {

Status SizeIs(const char* name, size_t got, int64_t want) {
  if (static_cast<int64_t>(got) == want) return Status();
  return Status(ErrorCode::kShapeMismatch, std::string("the ") + name + " hold " + std::to_string(got) +
                                               " numbers where the shape needs " + std::to_string(want));
}

}  // namespace

Result<RowStats> WeightRowStats(const BatchShape& shape, const MaskSpec& mask, std::span<const float> weights) {
  ATTN_RETURN_IF_ERROR(CheckBatchShape(shape));
  ATTN_RETURN_IF_ERROR(SizeIs("weights", weights.size(), shape.ScoreElements()));
  ATTN_RETURN_IF_ERROR(CheckMask(mask, shape.B, shape.T, shape.S));
  const auto rows = static_cast<size_t>(shape.Rows());
  RowStats stats{std::vector<double>(rows), std::vector<double>(rows), std::vector<double>(rows),
                 std::vector<double>(rows)};
  for (int64_t b = 0; b < shape.B; ++b) {
    for (int64_t h = 0; h < shape.H; ++h) {
      for (int64_t t = 0; t < shape.T; ++t) {
        const int64_t row = (b * shape.H + h) * shape.T + t;
        const float* w = weights.data() + row * shape.S;
        double sum = 0, entropy = 0, masked = 0;
        int64_t eligible = 0;
        for (int64_t s = 0; s < shape.S; ++s) {
          const double x = w[s];
          sum += x;
          if (x > 0) entropy -= x * std::log(x);
          if (mask.Eligible(b, t, s)) {
            ++eligible;
          } else {
            masked += std::abs(x);
          }
        }
        const auto r = static_cast<size_t>(row);
        stats.row_sums[r] = sum;
        stats.entropies[r] = entropy;
        stats.masked_mass[r] = masked;
        stats.max_entropies[r] = eligible > 0 ? std::log(static_cast<double>(eligible)) : 0.0;
      }
    }
  }
  return stats;
}

Result<Agreement> CompareBatch(const BatchShape& shape, const MaskSpec& mask, const BatchResult<float>& core,
                               std::span<const float> other_context, std::span<const float> other_weights,
                               std::span<const uint8_t> other_empty_rows, const Tolerance& tolerance) {
  ATTN_RETURN_IF_ERROR(CheckBatchShape(shape));
  ATTN_RETURN_IF_ERROR(CheckMask(mask, shape.B, shape.T, shape.S));
  ATTN_RETURN_IF_ERROR(SizeIs("core contexts", core.context.size(), shape.ContextElements()));
  ATTN_RETURN_IF_ERROR(SizeIs("contexts to compare", other_context.size(), shape.ContextElements()));
  const bool with_weights = !other_weights.empty();
  if (with_weights) {
    ATTN_RETURN_IF_ERROR(SizeIs("weights to compare", other_weights.size(), shape.ScoreElements()));
    if (core.weights.empty()) {
      return Status(ErrorCode::kInvalidInput, "weights to compare need the core's weights too");
    }
    ATTN_RETURN_IF_ERROR(SizeIs("core weights", core.weights.size(), shape.ScoreElements()));
  }
  if (!other_empty_rows.empty()) {
    ATTN_RETURN_IF_ERROR(SizeIs("all-masked flags", other_empty_rows.size(), shape.Rows()));
    ATTN_RETURN_IF_ERROR(SizeIs("core all-masked flags", core.empty_rows.size(), shape.Rows()));
  }

  Agreement a;
  auto compare = [&](float core_value, float other_value) {
    const double c = core_value;
    const double diff = std::isfinite(other_value) ? std::abs(static_cast<double>(other_value) - c)
                                                   : std::numeric_limits<double>::infinity();
    const double allowed = tolerance.abs_tol + tolerance.rel_tol * std::abs(c);
    ++a.compared;
    a.max_abs_error = std::max(a.max_abs_error, diff);
    if (c != 0) a.max_rel_error = std::max(a.max_rel_error, diff / std::abs(c));
    a.worst_ratio = std::max(a.worst_ratio, diff / allowed);
    if (!(diff <= allowed)) ++a.violations;
  };
  for (size_t i = 0; i < core.context.size(); ++i) compare(core.context[i], other_context[i]);
  if (with_weights) {
    for (int64_t b = 0; b < shape.B; ++b) {
      for (int64_t h = 0; h < shape.H; ++h) {
        for (int64_t t = 0; t < shape.T; ++t) {
          const int64_t row = (b * shape.H + h) * shape.T + t;
          for (int64_t s = 0; s < shape.S; ++s) {
            const auto i = static_cast<size_t>(row * shape.S + s);
            compare(core.weights[i], other_weights[i]);
            if (!mask.Eligible(b, t, s) && other_weights[i] != 0.0f) ++a.masked_nonzero;
          }
        }
      }
    }
  }
  for (size_t r = 0; r < other_empty_rows.size(); ++r) {
    if ((other_empty_rows[r] != 0) != (core.empty_rows[r] != 0)) ++a.empty_row_mismatches;
  }
  a.pass = a.violations == 0 && a.masked_nonzero == 0 && a.empty_row_mismatches == 0;
  return a;
}

}  // namespace attn
