// The batched core's entry points: the shape, size, mask and scale checks, the lanes the
// kernel runs on (SIMD where built, else scalar; double lanes for float64), and the
// finiteness of what it wrote. The kernel itself is head_kernel.cc; which sources each query
// reads, mask_geometry.cc.
#include "batch/batch_attention.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>

#include "batch/head_kernel.h"
#include "batch/lanes4.h"

namespace attn {
namespace {

constexpr int64_t kMaxElements = int64_t{1} << 28;  // 1 GiB of float32

std::string Count(int64_t n) { return std::to_string(n); }

Status CheckSize(const char* name, size_t got, int64_t want, const char* layout) {
  if (static_cast<int64_t>(got) == want) return Status();
  return Status(ErrorCode::kShapeMismatch, std::string("the ") + name + " hold " + Count(static_cast<int64_t>(got)) +
                                               " numbers but the shape " + layout + " needs " + Count(want));
}

template <class F>
bool AllFinite(std::span<const F> xs) {
  return std::all_of(xs.begin(), xs.end(), [](F x) { return std::isfinite(x); });
}

// The checks, the kernel for F's lanes, and the finiteness of what it wrote. The outputs
// hold the shape's sizes; weights is empty unless asked for (then zeroed here, and the
// kernel writes the eligible entries).
template <class F>
Result<int64_t> RunChecked(const BatchShape& shape, std::span<const F> query, std::span<const F> keys,
                           std::span<const F> values, const MaskSpec& mask, const BatchOptions& options,
                           std::span<F> context, std::span<F> weights, std::span<uint8_t> empty_rows) {
  ATTN_RETURN_IF_ERROR(CheckBatchShape(shape));
  ATTN_RETURN_IF_ERROR(CheckSize("queries", query.size(), shape.QueryElements(), "[B,H,T,D_k]"));
  ATTN_RETURN_IF_ERROR(CheckSize("keys", keys.size(), shape.KeyElements(), "[B,H,S,D_k]"));
  ATTN_RETURN_IF_ERROR(CheckSize("values", values.size(), shape.ValueElements(), "[B,H,S,D_v]"));
  ATTN_RETURN_IF_ERROR(CheckSize("contexts", context.size(), shape.ContextElements(), "[B,H,T,D_v]"));
  ATTN_RETURN_IF_ERROR(CheckSize("row flags", empty_rows.size(), shape.Rows(), "[B,H,T]"));
  if (!weights.empty()) {
    ATTN_RETURN_IF_ERROR(CheckSize("weights", weights.size(), shape.ScoreElements(), "[B,H,T,S]"));
    std::fill(weights.begin(), weights.end(), F(0));  // the kernel writes the eligible entries only
  }
  ATTN_RETURN_IF_ERROR(CheckMask(mask, shape.B, shape.T, shape.S));
  if (!std::isfinite(options.scale) || options.scale <= 0) {
    return Status(ErrorCode::kInvalidInput, "the score scale must be a positive number");
  }
  F* w = weights.empty() ? nullptr : weights.data();
  int64_t empty_count = 0;
  const F scale = static_cast<F>(options.scale);
  if constexpr (std::is_same_v<F, float>) {
#if defined(ATTN_LANES_WASM)
    // The WebAssembly module carries the SIMD lanes only: the scalar float lanes are there to
    // test them against, which the native build does, on the same source (18 KB less to compile).
    if (options.scalar_lanes) {
      return Status(ErrorCode::kInvalidInput, "the scalar lanes are built natively only, to test the SIMD ones");
    }
    RunHeads<lanes::SimdLanes>(shape, query.data(), keys.data(), values.data(), mask, scale, context.data(), w,
                               empty_rows.data(), &empty_count);
#elif defined(ATTN_HAS_SIMD_LANES)
    if (!options.scalar_lanes) {
      RunHeads<lanes::SimdLanes>(shape, query.data(), keys.data(), values.data(), mask, scale, context.data(), w,
                                 empty_rows.data(), &empty_count);
    } else {
      RunHeads<lanes::ScalarLanes>(shape, query.data(), keys.data(), values.data(), mask, scale, context.data(), w,
                                   empty_rows.data(), &empty_count);
    }
#else
    RunHeads<lanes::ScalarLanes>(shape, query.data(), keys.data(), values.data(), mask, scale, context.data(), w,
                                 empty_rows.data(), &empty_count);
#endif
  } else {
    RunHeads<lanes::ScalarLanes64>(shape, query.data(), keys.data(), values.data(), mask, scale, context.data(), w,
                                   empty_rows.data(), &empty_count);
  }
  if (!AllFinite<F>(context) || !AllFinite<F>(weights)) {
    return Status(ErrorCode::kOverflow,
                  "a weight or context is not finite: the queries, keys, values or the scale "
                  "hold a value that is too large or not a number");
  }
  return empty_count;
}

}  // namespace

Status CheckBatchShape(const BatchShape& shape) {
  const std::pair<const char*, int64_t> sizes[] = {{"B", shape.B}, {"H", shape.H},    {"T", shape.T},
                                                   {"S", shape.S}, {"D_k", shape.Dk}, {"D_v", shape.Dv}};
  for (const auto& [name, n] : sizes) {
    if (n < 1 || n > kMaxBatchDimension) {
      return Status(ErrorCode::kInvalidInput,
                    std::string(name) + " = " + Count(n) + " is not a size from 1 to " + Count(kMaxBatchDimension));
    }
  }
  // Multiply step by step so that no product overflows before it is compared.
  auto fits = [](std::initializer_list<int64_t> factors) {
    int64_t product = 1;
    for (int64_t f : factors) {
      if (product > kMaxElements / f) return false;
      product *= f;
    }
    return true;
  };
  if (!fits({shape.B, shape.H, shape.T, shape.Dk}) || !fits({shape.B, shape.H, shape.S, shape.Dk}) ||
      !fits({shape.B, shape.H, shape.S, shape.Dv}) || !fits({shape.B, shape.H, shape.T, shape.Dv}) ||
      !fits({shape.B, shape.H, shape.T, shape.S})) {
    return Status(ErrorCode::kInvalidInput,
                  "the batch is too large: every tensor, the [B,H,T,S] scores included, must "
                  "hold at most " +
                      Count(kMaxElements) + " numbers");
  }
  return Status();
}

Result<double> ScoreScale(double temperature, bool scaled, int64_t key_width) {
  if (!std::isfinite(temperature) || temperature <= 0) {
    return Status(ErrorCode::kInvalidInput, "the temperature must be a positive number");
  }
  if (key_width < 1) return Status(ErrorCode::kInvalidInput, "the key width must be at least 1");
  const double divisor = temperature * (scaled ? std::sqrt(static_cast<double>(key_width)) : 1.0);
  return 1.0 / divisor;
}

template <class F>
Result<BatchResult<F>> BatchAttention(const BatchShape& shape, std::span<const F> query, std::span<const F> keys,
                                      std::span<const F> values, const MaskSpec& mask, const BatchOptions& options) {
  ATTN_RETURN_IF_ERROR(CheckBatchShape(shape));
  BatchResult<F> out;
  out.context.resize(static_cast<size_t>(shape.ContextElements()));
  out.empty_rows.resize(static_cast<size_t>(shape.Rows()));
  if (options.return_weights) out.weights.resize(static_cast<size_t>(shape.ScoreElements()));
  ATTN_ASSIGN_OR_RETURN(
      empty_count, RunChecked<F>(shape, query, keys, values, mask, options, out.context, out.weights, out.empty_rows));
  out.empty_row_count = empty_count;
  return out;
}

Result<int64_t> BatchAttentionInto(const BatchShape& shape, std::span<const float> query, std::span<const float> keys,
                                   std::span<const float> values, const MaskSpec& mask, double scale,
                                   std::span<float> context, std::span<uint8_t> empty_rows, std::span<float> weights) {
  return RunChecked<float>(shape, query, keys, values, mask, BatchOptions{scale, !weights.empty()}, context, weights,
                           empty_rows);
}

template Result<BatchResult<float>> BatchAttention<float>(const BatchShape&, std::span<const float>,
                                                          std::span<const float>, std::span<const float>,
                                                          const MaskSpec&, const BatchOptions&);
template Result<BatchResult<double>> BatchAttention<double>(const BatchShape&, std::span<const double>,
                                                            std::span<const double>, std::span<const double>,
                                                            const MaskSpec&, const BatchOptions&);

}  // namespace attn
