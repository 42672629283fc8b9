// Batched, masked dot-product attention for Chapter 19's tensors: queries [B,H,T,Dk],
// keys [B,H,S,Dk] and values [B,H,S,Dv] (row-major, contiguous), softmax over the source
// axis only, eligibility from a MaskSpec. A row whose every source is masked comes back
// as zeros, is flagged and is counted (the batched all-masked policy; the single-query
// read treats it as an error instead). The kernel streams: tiles of queries against blocks
// of keys with a running maximum and sum per query (online softmax), so no B*H*T*S buffer
// exists unless the weights are asked for. Its order of operations is fixed (see
// head_kernel.cc): SIMD and scalar, native and WebAssembly give the same bits. This is the reference the WebGPU
// path is checked against.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/masks.h"
#include "core/status.h"

namespace attn {

struct BatchShape {
  int64_t B = 1;   // batch items
  int64_t H = 1;   // heads
  int64_t T = 1;   // targets (queries per item and head)
  int64_t S = 1;   // sources (keys and values per item and head)
  int64_t Dk = 1;  // query and key width
  int64_t Dv = 1;  // value width

  int64_t Rows() const { return B * H * T; }               // one softmax per row
  int64_t ScoreElements() const { return B * H * T * S; }  // the [B,H,T,S] score tensor
  int64_t QueryElements() const { return B * H * T * Dk; }
  int64_t KeyElements() const { return B * H * S * Dk; }
  int64_t ValueElements() const { return B * H * S * Dv; }
  int64_t ContextElements() const { return B * H * T * Dv; }
};

// The largest size of one axis (B, H, T, S, D_k or D_v).
inline constexpr int64_t kMaxBatchDimension = int64_t{1} << 24;

// Every size at least 1 and the tensors small enough to index and allocate.
Status CheckBatchShape(const BatchShape& shape);

// The factor applied to q.k: 1 / temperature, or 1 / (temperature * sqrt(Dk)) when scaled.
Result<double> ScoreScale(double temperature, bool scaled, int64_t key_width);

struct BatchOptions {
  double scale = 1.0;           // score = scale * (q . k)
  bool return_weights = false;  // also fill the [B,H,T,S] weights
  // float only: the portable scalar lanes instead of SIMD (a check for the tests: both give
  // the same bits, see head_kernel.cc).
  bool scalar_lanes = false;
};

template <class F>
struct BatchResult {
  std::vector<F> context;           // [B,H,T,Dv]
  std::vector<F> weights;           // [B,H,T,S] when asked for, otherwise empty
  std::vector<uint8_t> empty_rows;  // [B,H,T]: 1 where every source was masked
  int64_t empty_row_count = 0;
};

// The whole batch. Sizes of the spans must match the shape; the mask is checked with
// CheckMask. Errors: shape mismatches, invalid masks, non-finite results.
template <class F>
Result<BatchResult<F>> BatchAttention(const BatchShape& shape, std::span<const F> query, std::span<const F> keys,
                                      std::span<const F> values, const MaskSpec& mask, const BatchOptions& options);

// The float32 results written straight into the caller's buffers (the zero-copy path and the
// small read): context [B,H,T,Dv], empty_rows [B,H,T] and, unless empty, weights [B,H,T,S]
// are every one written, the same bits as BatchAttention<float>. -> the count of rows with
// no eligible source.
Result<int64_t> BatchAttentionInto(const BatchShape& shape, std::span<const float> query, std::span<const float> keys,
                                   std::span<const float> values, const MaskSpec& mask, double scale,
                                   std::span<float> context, std::span<uint8_t> empty_rows,
                                   std::span<float> weights = {});

extern template Result<BatchResult<float>> BatchAttention<float>(const BatchShape&, std::span<const float>,
                                                                 std::span<const float>, std::span<const float>,
                                                                 const MaskSpec&, const BatchOptions&);
extern template Result<BatchResult<double>> BatchAttention<double>(const BatchShape&, std::span<const double>,
                                                                   std::span<const double>, std::span<const double>,
                                                                   const MaskSpec&, const BatchOptions&);

}  // namespace attn
