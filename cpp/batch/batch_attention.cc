// The batched core: a streaming (online-softmax) pass per row over the eligible sources,
// in blocks, with SIMD dot products and value updates under WebAssembly SIMD.
#include "batch/batch_attention.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace attn {
namespace {

constexpr int64_t kMaxDimension = int64_t{1} << 24;
constexpr int64_t kMaxElements = int64_t{1} << 28;  // 1 GiB of float32
constexpr int64_t kBlock = 64;                      // sources scored before one rescale

// q . k with four partial sums, lane l summing the products i = l (mod 4), combined as
// (s0 + s1) + (s2 + s3): one summation order on every platform, SIMD or not.
template <class F>
F Dot(const F* a, const F* b, int64_t n) {
  F s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    s0 += a[i] * b[i];
    s1 += a[i + 1] * b[i + 1];
    s2 += a[i + 2] * b[i + 2];
    s3 += a[i + 3] * b[i + 3];
  }
  for (; i < n; ++i) s0 += a[i] * b[i];
  return (s0 + s1) + (s2 + s3);
}

// Four keys against one query (the query is read once): out[j] = Dot(q, k[j], n).
template <class F>
void Dot4(const F* q, const F* const k[4], int64_t n, F out[4]) {
  for (int j = 0; j < 4; ++j) out[j] = Dot(q, k[j], n);
}

// y += (p0 v0 + p1 v1) + (p2 v2 + p3 v3): four sources folded into the context at once.
template <class F>
void Axpy4(const F p[4], const F* const v[4], F* y, int64_t n) {
  for (int64_t i = 0; i < n; ++i) y[i] += (p[0] * v[0][i] + p[1] * v[1][i]) + (p[2] * v[2][i] + p[3] * v[3][i]);
}

// y += alpha * x (LLVM vectorises this loop by itself).
template <class F>
void Axpy(F alpha, const F* x, F* y, int64_t n) {
  for (int64_t i = 0; i < n; ++i) y[i] += alpha * x[i];
}

#ifdef __wasm_simd128__
// Float reductions are not auto-vectorised without fast-math, so the float kernels are
// written with 128-bit lanes, keeping the summation order of the scalar versions above.
inline float SumLanes(v128_t acc) {
  return (wasm_f32x4_extract_lane(acc, 0) + wasm_f32x4_extract_lane(acc, 1)) +
         (wasm_f32x4_extract_lane(acc, 2) + wasm_f32x4_extract_lane(acc, 3));
}

template <>
float Dot<float>(const float* a, const float* b, int64_t n) {
  v128_t acc = wasm_f32x4_splat(0.0f);
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    acc = wasm_f32x4_add(acc, wasm_f32x4_mul(wasm_v128_load(a + i), wasm_v128_load(b + i)));
  }
  if (i == n) return SumLanes(acc);
  float s0 = wasm_f32x4_extract_lane(acc, 0);
  for (; i < n; ++i) s0 += a[i] * b[i];
  return (s0 + wasm_f32x4_extract_lane(acc, 1)) + (wasm_f32x4_extract_lane(acc, 2) + wasm_f32x4_extract_lane(acc, 3));
}

template <>
void Dot4<float>(const float* q, const float* const k[4], int64_t n, float out[4]) {
  if (n % 4 != 0) {
    for (int j = 0; j < 4; ++j) out[j] = Dot<float>(q, k[j], n);
    return;
  }
  v128_t a0 = wasm_f32x4_splat(0.0f), a1 = a0, a2 = a0, a3 = a0;
  for (int64_t i = 0; i < n; i += 4) {
    const v128_t x = wasm_v128_load(q + i);
    a0 = wasm_f32x4_add(a0, wasm_f32x4_mul(x, wasm_v128_load(k[0] + i)));
    a1 = wasm_f32x4_add(a1, wasm_f32x4_mul(x, wasm_v128_load(k[1] + i)));
    a2 = wasm_f32x4_add(a2, wasm_f32x4_mul(x, wasm_v128_load(k[2] + i)));
    a3 = wasm_f32x4_add(a3, wasm_f32x4_mul(x, wasm_v128_load(k[3] + i)));
  }
  // Transpose so that lane j holds key j: (l0 + l1) + (l2 + l3) for all four at once.
  const v128_t t0 = wasm_i32x4_shuffle(a0, a1, 0, 4, 1, 5);  // a0 b0 a1 b1
  const v128_t t1 = wasm_i32x4_shuffle(a0, a1, 2, 6, 3, 7);  // a2 b2 a3 b3
  const v128_t t2 = wasm_i32x4_shuffle(a2, a3, 0, 4, 1, 5);  // c0 d0 c1 d1
  const v128_t t3 = wasm_i32x4_shuffle(a2, a3, 2, 6, 3, 7);  // c2 d2 c3 d3
  const v128_t s01 = wasm_f32x4_add(wasm_i32x4_shuffle(t0, t2, 0, 1, 4, 5), wasm_i32x4_shuffle(t0, t2, 2, 3, 6, 7));
  const v128_t s23 = wasm_f32x4_add(wasm_i32x4_shuffle(t1, t3, 0, 1, 4, 5), wasm_i32x4_shuffle(t1, t3, 2, 3, 6, 7));
  wasm_v128_store(out, wasm_f32x4_add(s01, s23));
}

template <>
void Axpy4<float>(const float p[4], const float* const v[4], float* y, int64_t n) {
  const v128_t p0 = wasm_f32x4_splat(p[0]), p1 = wasm_f32x4_splat(p[1]);
  const v128_t p2 = wasm_f32x4_splat(p[2]), p3 = wasm_f32x4_splat(p[3]);
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const v128_t first =
        wasm_f32x4_add(wasm_f32x4_mul(p0, wasm_v128_load(v[0] + i)), wasm_f32x4_mul(p1, wasm_v128_load(v[1] + i)));
    const v128_t second =
        wasm_f32x4_add(wasm_f32x4_mul(p2, wasm_v128_load(v[2] + i)), wasm_f32x4_mul(p3, wasm_v128_load(v[3] + i)));
    wasm_v128_store(y + i, wasm_f32x4_add(wasm_v128_load(y + i), wasm_f32x4_add(first, second)));
  }
  for (; i < n; ++i) y[i] += (p[0] * v[0][i] + p[1] * v[1][i]) + (p[2] * v[2][i] + p[3] * v[3][i]);
}

template <>
void Axpy<float>(float alpha, const float* x, float* y, int64_t n) {
  const v128_t a = wasm_f32x4_splat(alpha);
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    wasm_v128_store(y + i, wasm_f32x4_add(wasm_v128_load(y + i), wasm_f32x4_mul(a, wasm_v128_load(x + i))));
  }
  for (; i < n; ++i) y[i] += alpha * x[i];
}
#endif

std::string Count(int64_t n) { return std::to_string(n); }

Status CheckSize(const char* name, size_t got, int64_t want, const char* layout) {
  if (static_cast<int64_t>(got) == want) return Status();
  return Status(ErrorCode::kShapeMismatch, std::string("the ") + name + " hold " + Count(static_cast<int64_t>(got)) +
                                               " numbers but the shape " + layout + " needs " + Count(want));
}

template <class F>
bool AllFinite(const std::vector<F>& xs) {
  return std::all_of(xs.begin(), xs.end(), [](F x) { return std::isfinite(x); });
}

// One row (one target of one item and head): streams over the eligible sources.
template <class F>
void StreamRow(const F* query, const F* keys, const F* values, const std::vector<int64_t>& eligible,
               const BatchShape& shape, F scale, F* scores, F* accumulator, F* context, F* weights) {
  const int64_t dk = shape.Dk;
  const int64_t dv = shape.Dv;
  std::fill(accumulator, accumulator + dv, F(0));
  F running_max = F(0);
  F total = F(0);
  const int64_t count = static_cast<int64_t>(eligible.size());
  for (int64_t start = 0; start < count; start += kBlock) {
    const int64_t n = std::min(kBlock, count - start);
    F block_max = std::numeric_limits<F>::lowest();
    const int64_t* sources = eligible.data() + start;
    int64_t j = 0;
    for (; j + 4 <= n; j += 4) {
      const F* k[4] = {keys + sources[j] * dk, keys + sources[j + 1] * dk, keys + sources[j + 2] * dk,
                       keys + sources[j + 3] * dk};
      Dot4(query, k, dk, scores + j);
    }
    for (; j < n; ++j) scores[j] = Dot(query, keys + sources[j] * dk, dk);
    for (j = 0; j < n; ++j) {
      scores[j] *= scale;
      block_max = std::max(block_max, scores[j]);
    }
    if (start == 0) {
      running_max = block_max;
    } else if (block_max > running_max) {
      // A larger maximum: what was summed so far shrinks by exp(old - new).
      const F shrink = std::exp(running_max - block_max);
      total *= shrink;
      for (int64_t d = 0; d < dv; ++d) accumulator[d] *= shrink;
      running_max = block_max;
    }
    for (j = 0; j < n; ++j) {
      if (weights != nullptr) weights[sources[j]] = scores[j];  // normalised below
      scores[j] = std::exp(scores[j] - running_max);
      total += scores[j];
    }
    for (j = 0; j + 4 <= n; j += 4) {
      const F* v[4] = {values + sources[j] * dv, values + sources[j + 1] * dv, values + sources[j + 2] * dv,
                       values + sources[j + 3] * dv};
      Axpy4(scores + j, v, accumulator, dv);
    }
    for (; j < n; ++j) Axpy(scores[j], values + sources[j] * dv, accumulator, dv);
  }
  const F inverse = F(1) / total;
  for (int64_t d = 0; d < dv; ++d) context[d] = accumulator[d] * inverse;
  if (weights != nullptr) {
    for (int64_t s : eligible) weights[s] = std::exp(weights[s] - running_max) * inverse;
  }
}

}  // namespace

Status CheckBatchShape(const BatchShape& shape) {
  const std::pair<const char*, int64_t> sizes[] = {{"B", shape.B}, {"H", shape.H},    {"T", shape.T},
                                                   {"S", shape.S}, {"D_k", shape.Dk}, {"D_v", shape.Dv}};
  for (const auto& [name, n] : sizes) {
    if (n < 1 || n > kMaxDimension) {
      return Status(ErrorCode::kInvalidInput,
                    std::string(name) + " = " + Count(n) + " is not a size from 1 to " + Count(kMaxDimension));
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
  ATTN_RETURN_IF_ERROR(CheckSize("queries", query.size(), shape.QueryElements(), "[B,H,T,D_k]"));
  ATTN_RETURN_IF_ERROR(CheckSize("keys", keys.size(), shape.KeyElements(), "[B,H,S,D_k]"));
  ATTN_RETURN_IF_ERROR(CheckSize("values", values.size(), shape.ValueElements(), "[B,H,S,D_v]"));
  ATTN_RETURN_IF_ERROR(CheckMask(mask, shape.B, shape.T, shape.S));
  if (!std::isfinite(options.scale) || options.scale <= 0) {
    return Status(ErrorCode::kInvalidInput, "the score scale must be a positive number");
  }

  BatchResult<F> out;
  out.context.assign(static_cast<size_t>(shape.ContextElements()), F(0));
  out.empty_rows.assign(static_cast<size_t>(shape.Rows()), 0);
  if (options.return_weights) out.weights.assign(static_cast<size_t>(shape.ScoreElements()), F(0));

  const F scale = static_cast<F>(options.scale);
  std::vector<int64_t> eligible;
  eligible.reserve(static_cast<size_t>(shape.S));
  std::vector<F> scores(kBlock);
  std::vector<F> accumulator(static_cast<size_t>(shape.Dv));
  for (int64_t b = 0; b < shape.B; ++b) {
    for (int64_t t = 0; t < shape.T; ++t) {
      // Eligibility depends on the item and target only, so it is shared by the heads.
      eligible.clear();
      for (int64_t s = 0; s < shape.S; ++s) {
        if (mask.Eligible(b, t, s)) eligible.push_back(s);
      }
      for (int64_t h = 0; h < shape.H; ++h) {
        const int64_t head = b * shape.H + h;
        const int64_t row = head * shape.T + t;
        if (eligible.empty()) {  // all masked: zeros (already there), flagged and counted
          out.empty_rows[static_cast<size_t>(row)] = 1;
          ++out.empty_row_count;
          continue;
        }
        StreamRow(query.data() + row * shape.Dk, keys.data() + head * shape.S * shape.Dk,
                  values.data() + head * shape.S * shape.Dv, eligible, shape, scale, scores.data(), accumulator.data(),
                  out.context.data() + row * shape.Dv,
                  options.return_weights ? out.weights.data() + row * shape.S : nullptr);
      }
    }
  }
  if (!AllFinite(out.context) || !AllFinite(out.weights)) {
    return Status(ErrorCode::kOverflow,
                  "a weight or context is not finite: the queries, keys, values or the scale "
                  "hold a value that is too large or not a number");
  }
  return out;
}

template Result<BatchResult<float>> BatchAttention<float>(const BatchShape&, std::span<const float>,
                                                          std::span<const float>, std::span<const float>,
                                                          const MaskSpec&, const BatchOptions&);
template Result<BatchResult<double>> BatchAttention<double>(const BatchShape&, std::span<const double>,
                                                            std::span<const double>, std::span<const double>,
                                                            const MaskSpec&, const BatchOptions&);

}  // namespace attn
