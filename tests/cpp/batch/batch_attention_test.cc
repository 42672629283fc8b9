// The batched core (cpp/batch_attention.h) against the single-query read of
// cpp/attention.h, every mask rule, the all-masked policy, Chapter 19's torch shapes and
// element count, and the batch request the lab and the WebGPU tests use.
#include "batch/batch_attention.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>

#include "batch/batch_checks.h"
#include "batch/batch_inputs.h"
#include "core/attention.h"

namespace attn {
namespace {

template <class F>
std::vector<F> Seeded(uint64_t seed, BatchTensor tensor, int64_t n) {
  std::vector<float> f = SeededUniform(seed, tensor, n);
  return std::vector<F>(f.begin(), f.end());
}

template <class F>
struct Tensors {
  std::vector<F> q, k, v;
};

template <class F>
Tensors<F> Inputs(const BatchShape& shape, uint64_t seed = 7) {
  return {Seeded<F>(seed, BatchTensor::kQuery, shape.QueryElements()),
          Seeded<F>(seed, BatchTensor::kKeys, shape.KeyElements()),
          Seeded<F>(seed, BatchTensor::kValues, shape.ValueElements())};
}

template <class F>
Result<BatchResult<F>> RunBatch(const BatchShape& shape, const Tensors<F>& x, const MaskSpec& mask, double scale = 1.0,
                                bool weights = true) {
  return BatchAttention<F>(shape, x.q, x.k, x.v, mask, BatchOptions{scale, weights});
}

// Every row of the batch against ReadOf on the same row (double, so the two must agree
// to rounding). All-masked rows must be zeros where ReadOf reports kEmptyMemory.
void ExpectMatchesReadOf(const BatchShape& shape, const MaskSpec& mask, double scale) {
  const Tensors<double> x = Inputs<double>(shape, 11);
  auto batch = RunBatch(shape, x, mask, scale);
  ASSERT_TRUE(batch.ok()) << batch.status().message();
  int64_t empty = 0;
  for (int64_t b = 0; b < shape.B; ++b) {
    for (int64_t h = 0; h < shape.H; ++h) {
      const int64_t head = b * shape.H + h;
      Mat<double> keys(shape.S, shape.Dk), values(shape.S, shape.Dv);
      for (int64_t s = 0; s < shape.S; ++s) {
        for (int64_t d = 0; d < shape.Dk; ++d) keys(s, d) = x.k[(head * shape.S + s) * shape.Dk + d];
        for (int64_t d = 0; d < shape.Dv; ++d) values(s, d) = x.v[(head * shape.S + s) * shape.Dv + d];
      }
      for (int64_t t = 0; t < shape.T; ++t) {
        const int64_t row = head * shape.T + t;
        Vec<double> q(shape.Dk);
        for (int64_t d = 0; d < shape.Dk; ++d) q(d) = x.q[row * shape.Dk + d] * scale;
        auto read = ReadOf(q, keys, values, mask.Row(b, t, shape.S));
        if (!read.ok()) {
          EXPECT_EQ(read.status().code(), ErrorCode::kEmptyMemory);
          EXPECT_EQ(batch->empty_rows[row], 1);
          ++empty;
          for (int64_t d = 0; d < shape.Dv; ++d) EXPECT_EQ(batch->context[row * shape.Dv + d], 0.0);
          for (int64_t s = 0; s < shape.S; ++s) EXPECT_EQ(batch->weights[row * shape.S + s], 0.0);
          continue;
        }
        EXPECT_EQ(batch->empty_rows[row], 0);
        for (int64_t s = 0; s < shape.S; ++s) {
          EXPECT_NEAR(batch->weights[row * shape.S + s], read->softmax.weights(s), 1e-12);
          if (read->softmax.weights(s) == 0.0) { EXPECT_EQ(batch->weights[row * shape.S + s], 0.0); }
        }
        for (int64_t d = 0; d < shape.Dv; ++d) {
          EXPECT_NEAR(batch->context[row * shape.Dv + d], read->context(d), 1e-12);
        }
      }
    }
  }
  EXPECT_EQ(batch->empty_row_count, empty);
}

TEST(BatchAttention, AgreesWithReadOfWithoutMask) {
  ExpectMatchesReadOf(BatchShape{2, 3, 4, 7, 5, 3}, MaskSpec{}, 1.0);
}

TEST(BatchAttention, AgreesWithReadOfAcrossBlocksWithEveryRule) {
  // S = 200 spans several streaming blocks of 64, so the running maximum is rescaled.
  const BatchShape shape{3, 2, 9, 200, 12, 7};
  MaskSpec lengths;
  lengths.lengths = {200, 130, 1};
  ExpectMatchesReadOf(shape, lengths, 2.5);
  MaskSpec causal;
  causal.causal = true;
  causal.lengths = {5, 200, 0};
  ExpectMatchesReadOf(shape, causal, 0.5);
  MaskSpec window;
  window.window = std::make_pair(int64_t{3}, int64_t{70});
  window.half_width = 4;
  ExpectMatchesReadOf(shape, window, 1.0);
  MaskSpec explicit_mask;
  explicit_mask.explicit_mask.assign(9, std::vector<bool>(200, false));
  for (int64_t t = 0; t < 9; ++t)
    for (int64_t s = 0; s < 200; s += t + 1) explicit_mask.explicit_mask[t][s] = t != 4;
  ExpectMatchesReadOf(shape, explicit_mask, 1.0);
}

TEST(BatchAttention, LargeScoresStayFinite) {
  // Scores around 1000 overflow a naive exp; the streaming softmax shifts by the maximum.
  const BatchShape shape{1, 1, 2, 130, 4, 2};
  auto result = RunBatch(shape, Inputs<float>(shape), MaskSpec{}, 3000.0);
  ASSERT_TRUE(result.ok()) << result.status().message();
  auto stats = WeightRowStats(shape, MaskSpec{}, result->weights);
  for (double sum : stats->row_sums) EXPECT_NEAR(sum, 1.0, 1e-5);
}

TEST(BatchAttention, FloatAgreesWithDouble) {
  const BatchShape shape{2, 2, 16, 300, 64, 64};
  MaskSpec mask;
  mask.lengths = {300, 37};
  mask.causal = false;
  auto f = RunBatch(shape, Inputs<float>(shape), mask, 0.125);
  auto d = RunBatch(shape, Inputs<double>(shape), mask, 0.125);
  ASSERT_TRUE(f.ok() && d.ok());
  for (size_t i = 0; i < f->context.size(); ++i) EXPECT_NEAR(f->context[i], d->context[i], 1e-6);
  for (size_t i = 0; i < f->weights.size(); ++i) EXPECT_NEAR(f->weights[i], d->weights[i], 1e-6);
}

TEST(BatchAttention, StreamingWithoutWeightsGivesTheSameContext) {
  const BatchShape shape{2, 4, 8, 150, 16, 24};
  MaskSpec mask;
  mask.lengths = {150, 70};
  mask.causal = true;
  const auto x = Inputs<float>(shape);
  auto with = RunBatch(shape, x, mask, 0.25, true);
  auto without = RunBatch(shape, x, mask, 0.25, false);
  ASSERT_TRUE(with.ok() && without.ok());
  EXPECT_TRUE(without->weights.empty());
  EXPECT_EQ(with->context, without->context);
  EXPECT_EQ(with->empty_rows, without->empty_rows);
}

TEST(BatchAttention, MaskedWeightsAreExactlyZeroAndRowsSumToOne) {
  const BatchShape shape{3, 2, 6, 9, 4, 3};
  MaskSpec mask;
  mask.lengths = {5, 3, 1};  // exercise 9's lengths
  auto result = RunBatch(shape, Inputs<float>(shape), mask);
  ASSERT_TRUE(result.ok());
  auto stats = WeightRowStats(shape, mask, result->weights);
  ASSERT_TRUE(stats.ok());
  for (int64_t r = 0; r < shape.Rows(); ++r) {
    EXPECT_EQ(stats->masked_mass[r], 0.0);
    EXPECT_NEAR(stats->row_sums[r], 1.0, 1e-6);
  }
  // Item 2 has one source: its weight is exactly 1 and its entropy 0 = ln 1.
  for (int64_t h = 0; h < 2; ++h) {
    const int64_t row = (2 * 2 + h) * 6;
    EXPECT_EQ(result->weights[row * 9], 1.0f);
    EXPECT_EQ(stats->entropies[row], 0.0);
  }
  EXPECT_NEAR(stats->max_entropies[0], std::log(5.0), 1e-12);
}

TEST(BatchAttention, AllMaskedRowsAreZerosFlaggedAndCounted) {
  const BatchShape shape{2, 3, 4, 6, 2, 5};
  MaskSpec mask;
  mask.lengths = {0, 6};
  mask.window = std::make_pair(int64_t{2}, int64_t{6});
  mask.causal = true;  // item 1: targets 0 and 1 see no source in [2, 6)
  auto result = RunBatch(shape, Inputs<float>(shape), mask);
  ASSERT_TRUE(result.ok()) << result.status().message();
  EXPECT_EQ(result->empty_row_count, 3 * 4 + 3 * 2);
  for (int64_t h = 0; h < 3; ++h) {
    for (int64_t t = 0; t < 4; ++t) {
      EXPECT_EQ(result->empty_rows[(0 * 3 + h) * 4 + t], 1);
      EXPECT_EQ(result->empty_rows[(1 * 3 + h) * 4 + t], t < 2 ? 1 : 0);
    }
  }
  for (int64_t i = 0; i < 3 * 4 * 5; ++i) EXPECT_EQ(result->context[i], 0.0f);  // item 0
  for (float x : result->context) EXPECT_TRUE(std::isfinite(x));
  for (float x : result->weights) EXPECT_TRUE(std::isfinite(x));
}

TEST(BatchAttention, OneSourceReturnsItsValue) {
  const BatchShape shape{2, 2, 3, 1, 5, 4};
  const auto x = Inputs<float>(shape);
  auto result = RunBatch(shape, x, MaskSpec{}, 10.0);
  ASSERT_TRUE(result.ok());
  for (float w : result->weights) EXPECT_EQ(w, 1.0f);
  for (int64_t row = 0; row < shape.Rows(); ++row) {
    const int64_t head = row / shape.T;
    for (int64_t d = 0; d < 4; ++d) EXPECT_EQ(result->context[row * 4 + d], x.v[head * 4 + d]);
  }
}

TEST(BatchAttention, TorchExampleShapes) {
  // B, T, S, D_k, D_v = 2, 3, 5, 4, 6 (one head): weights (2, 3, 5), contexts (2, 3, 6).
  const BatchShape shape{2, 1, 3, 5, 4, 6};
  auto result = RunBatch(shape, Inputs<float>(shape), MaskSpec{});
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result->weights.size(), 2u * 3u * 5u);
  EXPECT_EQ(result->context.size(), 2u * 3u * 6u);
  float first_row = 0;
  for (int s = 0; s < 5; ++s) first_row += result->weights[s];
  EXPECT_NEAR(first_row, 1.0f, 1e-6f);
}

TEST(BatchAttention, ScoreElementCountForTheChapterWorkload) {
  const BatchShape shape{8, 4, 64, 512, 64, 64};
  EXPECT_EQ(shape.ScoreElements(), 1048576);
  MaskSpec mask;
  mask.lengths = {512, 384, 256, 128, 64, 5, 3, 1};
  auto result = RunBatch(shape, Inputs<float>(shape), mask, 0.125);
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(static_cast<int64_t>(result->weights.size()), 1048576);
  EXPECT_EQ(result->empty_row_count, 0);
}

TEST(BatchAttention, ErrorsAreValues) {
  const BatchShape shape{1, 1, 2, 3, 2, 2};
  auto x = Inputs<float>(shape);
  x.k.pop_back();
  auto bad_keys = RunBatch(shape, x, MaskSpec{});
  EXPECT_EQ(bad_keys.status().code(), ErrorCode::kShapeMismatch);
  EXPECT_NE(bad_keys.status().message().find("keys"), std::string::npos);
  MaskSpec too_long;
  too_long.lengths = {4};
  EXPECT_EQ(RunBatch(shape, Inputs<float>(shape), too_long).status().code(), ErrorCode::kInvalidInput);
  EXPECT_FALSE(CheckBatchShape(BatchShape{0, 1, 1, 1, 1, 1}).ok());
  EXPECT_FALSE(CheckBatchShape(BatchShape{1 << 20, 1 << 20, 1, 1, 1, 1}).ok());
  EXPECT_FALSE(ScoreScale(0.0, false, 4).ok());
  EXPECT_DOUBLE_EQ(*ScoreScale(2.0, true, 4), 0.25);
  auto x2 = Inputs<float>(shape);
  x2.q[0] = std::nanf("");
  EXPECT_EQ(RunBatch(shape, x2, MaskSpec{}).status().code(), ErrorCode::kOverflow);
}

// The masks the lane tests run under: every rule, across blocks of 64 and tiles of 4.
std::vector<MaskSpec> EveryRule(int64_t T, int64_t S) {
  std::vector<MaskSpec> masks(6);
  masks[1].lengths = {S, S / 2 + 3, 1};
  masks[2].causal = true;
  masks[2].lengths = {S, 5, 0};
  masks[3].window = std::make_pair(int64_t{2}, S - S / 4);
  masks[3].half_width = 17;
  masks[4].explicit_mask.assign(static_cast<size_t>(T), std::vector<bool>(static_cast<size_t>(S), false));
  for (int64_t t = 0; t < T; ++t) {
    for (int64_t s = 0; s < S; s += t % 7 + 1) masks[4].explicit_mask[t][s] = t % 5 != 2;
  }
  masks[5].half_width = 0;
  return masks;
}

template <class F>
bool SameBits(const std::vector<F>& a, const std::vector<F>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(F)) == 0);
}

TEST(BatchAttention, SimdAndScalarLanesAgreeBitForBit) {
  // Odd widths (column tails of 4 and 1), T not a multiple of the tile, S not a multiple of
  // the panel or the block; every mask rule; with and without weights.
  for (const BatchShape& shape :
       {BatchShape{3, 2, 13, 150, 13, 7}, BatchShape{3, 1, 70, 200, 64, 64}, BatchShape{3, 2, 5, 9, 3, 12}}) {
    const auto x = Inputs<float>(shape, 5);
    for (const MaskSpec& mask : EveryRule(shape.T, shape.S)) {
      for (bool weights : {false, true}) {
        BatchOptions simd{0.3, weights}, scalar{0.3, weights, true};
        auto a = BatchAttention<float>(shape, x.q, x.k, x.v, mask, simd);
        auto b = BatchAttention<float>(shape, x.q, x.k, x.v, mask, scalar);
        ASSERT_TRUE(a.ok() && b.ok()) << a.status().message();
        EXPECT_TRUE(SameBits(a->context, b->context)) << shape.T << "x" << shape.S;
        EXPECT_TRUE(SameBits(a->weights, b->weights)) << shape.T << "x" << shape.S;
        EXPECT_EQ(a->empty_rows, b->empty_rows);
      }
    }
  }
}

TEST(BatchAttention, IntoTheCallersBuffersWritesEveryEntryWithTheSameBits) {
  // The zero-copy path writes into buffers that hold whatever was there before: every
  // context number and row flag must be written, all-masked rows included.
  const BatchShape shape{3, 2, 13, 150, 13, 7};
  const auto x = Inputs<float>(shape, 5);
  for (const MaskSpec& mask : EveryRule(shape.T, shape.S)) {
    auto reference = BatchAttention<float>(shape, x.q, x.k, x.v, mask, BatchOptions{0.3, false});
    ASSERT_TRUE(reference.ok()) << reference.status().message();
    std::vector<float> context(static_cast<size_t>(shape.ContextElements()), std::nanf(""));
    std::vector<uint8_t> flags(static_cast<size_t>(shape.Rows()), 7);
    auto count = BatchAttentionInto(shape, x.q, x.k, x.v, mask, 0.3, context, flags);
    ASSERT_TRUE(count.ok()) << count.status().message();
    EXPECT_TRUE(SameBits(context, reference->context));
    EXPECT_EQ(flags, reference->empty_rows);
    EXPECT_EQ(*count, reference->empty_row_count);
  }
  std::vector<float> small(3);
  std::vector<uint8_t> flags(static_cast<size_t>(shape.Rows()));
  EXPECT_EQ(BatchAttentionInto(shape, x.q, x.k, x.v, MaskSpec{}, 0.3, small, flags).status().code(),
            ErrorCode::kShapeMismatch);
}

TEST(BatchAttention, MaskedWeightsAreExactlyZeroUnderEveryRule) {
  const BatchShape shape{3, 2, 11, 140, 8, 5};
  const auto x = Inputs<float>(shape, 3);
  for (const MaskSpec& mask : EveryRule(shape.T, shape.S)) {
    auto result = RunBatch(shape, x, mask, 0.7);
    ASSERT_TRUE(result.ok()) << result.status().message();
    for (int64_t b = 0; b < shape.B; ++b) {
      for (int64_t h = 0; h < shape.H; ++h) {
        for (int64_t t = 0; t < shape.T; ++t) {
          const int64_t row = (b * shape.H + h) * shape.T + t;
          float sum = 0;
          for (int64_t s = 0; s < shape.S; ++s) {
            const float w = result->weights[row * shape.S + s];
            if (!mask.Eligible(b, t, s)) { ASSERT_EQ(std::bit_cast<uint32_t>(w), 0u) << b << " " << t << " " << s; }
            sum += w;
          }
          if (!result->empty_rows[row]) { EXPECT_NEAR(sum, 1.0f, 1e-5f); }
        }
      }
    }
  }
}

// Float against the float64 path on the benchmark's shapes (one item and head of each
// large one: the heads are independent), within 1e-6 on every context and weight.
TEST(BatchAttention, FloatAgreesWithDoubleOnTheBenchmarkShapes) {
  struct Case {
    BatchShape shape;
    std::vector<int64_t> lengths;
  };
  const Case cases[] = {{{8, 4, 64, 512, 64, 64}, {512, 384, 256, 128, 64, 5, 3, 1}},  // the chapter workload
                        {{2, 2, 64, 512, 64, 64}, {}},                                 // dense T64 S512
                        {{1, 1, 1024, 1024, 64, 64}, {}},                              // T = S = 1024
                        {{1, 1, 64, 8192, 64, 64}, {}}};                               // T64 S8192
  for (const Case& c : cases) {
    MaskSpec mask;
    mask.lengths = c.lengths;
    const double scale = 0.125;  // scaled scores: 1 / sqrt(64)
    const bool weights = c.shape.ScoreElements() <= (int64_t{1} << 20);
    auto f = RunBatch(c.shape, Inputs<float>(c.shape, 19), mask, scale, weights);
    auto d = RunBatch(c.shape, Inputs<double>(c.shape, 19), mask, scale, weights);
    ASSERT_TRUE(f.ok() && d.ok());
    double worst = 0;
    for (size_t i = 0; i < f->context.size(); ++i) worst = std::max(worst, std::abs(f->context[i] - d->context[i]));
    for (size_t i = 0; i < f->weights.size(); ++i) worst = std::max(worst, std::abs(f->weights[i] - d->weights[i]));
    EXPECT_LE(worst, 1e-6) << c.shape.T << "x" << c.shape.S;
    std::printf("T=%lld S=%lld: largest |float - double| %.2g\n", static_cast<long long>(c.shape.T),
                static_cast<long long>(c.shape.S), worst);
  }
}

TEST(BatchInputs, SeededUniformIsDeterministicAndInRange) {
  const auto a = SeededUniform(5, BatchTensor::kKeys, 1000);
  EXPECT_EQ(a, SeededUniform(5, BatchTensor::kKeys, 1000));
  EXPECT_NE(a, SeededUniform(5, BatchTensor::kValues, 1000));
  EXPECT_NE(a, SeededUniform(6, BatchTensor::kKeys, 1000));
  for (float x : a) {
    EXPECT_GE(x, -1.0f);
    EXPECT_LT(x, 1.0f);
  }
}

}  // namespace
}  // namespace attn
