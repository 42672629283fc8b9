// The four-lane operations of the batched kernel (cpp/batch/lanes4.h): the polynomial exp
// against exact exp over a dense range, its fixed points and limits, the SIMD lanes
// against the scalar lanes bit for bit, and its form for arguments up to 0 against the full one.
#include "batch/lanes4.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace attn::lanes {
namespace {

// Every 1/4096 from -104 to 89 (790,529 arguments, past both ends of the finite range)
// and every 4096th float in [-2^-10, 2^-10] around 0 (481,000 more).
std::vector<float> DenseArguments() {
  std::vector<float> xs;
  for (int64_t i = -104 * 4096; i <= 89 * 4096; ++i) xs.push_back(static_cast<float>(i) / 4096.0f);
  const uint32_t top = std::bit_cast<uint32_t>(0x1p-10f);
  for (uint32_t bits = 0; bits <= top; bits += 4096) {
    xs.push_back(std::bit_cast<float>(bits));
    xs.push_back(-std::bit_cast<float>(bits));
  }
  return xs;
}

template <class L>
std::vector<float> ExpAll(const std::vector<float>& xs) {
  std::vector<float> out(xs.size());
  size_t i = 0;
  for (; i + 4 <= xs.size(); i += 4) L::Store(out.data() + i, L::Exp(L::Load(xs.data() + i)));
  for (; i < xs.size(); ++i) out[i] = Exp1<L>(xs[i]);
  return out;
}

constexpr float kLow = -87.3365478515625f;     // below: 0
constexpr float kHigh = 88.3762550354003906f;  // above: +inf

TEST(PolyExp, ErrorBoundAgainstExactExp) {
  const std::vector<float> xs = DenseArguments();
  const std::vector<float> ys = ExpAll<ScalarLanes>(xs);
  double worst_relative = 0, worst_ulp = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    const float x = xs[i];
    const double exact = std::exp(static_cast<double>(x));
    if (x < kLow) {
      EXPECT_EQ(ys[i], 0.0f) << x;
      EXPECT_LT(exact, 0x1p-126) << x;  // the absolute error is below the smallest normal float
      continue;
    }
    if (x > kHigh) {
      EXPECT_EQ(ys[i], std::numeric_limits<float>::infinity()) << x;
      continue;
    }
    ASSERT_TRUE(std::isfinite(ys[i])) << x;
    const double relative = std::abs(ys[i] - exact) / exact;
    // One ulp of the float nearest the exact value (2^-23 relative at most, 2^-24 at least).
    const double ulp = std::ldexp(1.0, std::ilogb(static_cast<float>(exact)) - 23);
    worst_relative = std::max(worst_relative, relative);
    worst_ulp = std::max(worst_ulp, std::abs(ys[i] - exact) / ulp);
  }
  // The bound lanes4.h documents; the measured worst case is printed for the record.
  EXPECT_LT(worst_relative, 1e-7);
  EXPECT_LE(worst_ulp, 1.0);
  std::printf("PolyExp over %zu arguments: worst relative error %.3g, worst %.3f ulp\n", xs.size(), worst_relative,
              worst_ulp);
}

TEST(PolyExp, FixedPointsAndLimits) {
  EXPECT_EQ(Exp1<ScalarLanes>(0.0f), 1.0f);
  EXPECT_EQ(Exp1<ScalarLanes>(-0.0f), 1.0f);
  EXPECT_EQ(Exp1<ScalarLanes>(-88.0f), 0.0f);
  EXPECT_EQ(Exp1<ScalarLanes>(-1000.0f), 0.0f);
  EXPECT_EQ(Exp1<ScalarLanes>(-std::numeric_limits<float>::max()), 0.0f);
  EXPECT_EQ(Exp1<ScalarLanes>(-std::numeric_limits<float>::infinity()), 0.0f);
  EXPECT_GT(Exp1<ScalarLanes>(kLow), 0.0f);
  EXPECT_EQ(Exp1<ScalarLanes>(std::numeric_limits<float>::infinity()), std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isinf(Exp1<ScalarLanes>(89.0f)));
  EXPECT_TRUE(std::isfinite(Exp1<ScalarLanes>(kHigh)));
  EXPECT_TRUE(std::isnan(Exp1<ScalarLanes>(std::numeric_limits<float>::quiet_NaN())));
  // Non-decreasing over the dense range (softmax weights keep their order).
  const std::vector<float> xs = DenseArguments();
  const std::vector<float> ys = ExpAll<ScalarLanes>(xs);
  for (int64_t i = 1; i <= (89 + 104) * 4096; ++i) ASSERT_LE(ys[i - 1], ys[i]) << xs[i];
}

TEST(PolyExp, SimdLanesMatchScalarLanesBitForBit) {
#ifndef ATTN_HAS_SIMD_LANES
  GTEST_SKIP() << "no SIMD lanes on this target: the scalar lanes are the only path";
#else
  std::vector<float> xs = DenseArguments();
  xs.insert(xs.end(), {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                       std::numeric_limits<float>::quiet_NaN(), kLow, kHigh, 0.0f, -0.0f});
  const std::vector<float> simd = ExpAll<SimdLanes>(xs), scalar = ExpAll<ScalarLanes>(xs);
  for (size_t i = 0; i < xs.size(); ++i) {
    ASSERT_EQ(std::bit_cast<uint32_t>(simd[i]), std::bit_cast<uint32_t>(scalar[i])) << xs[i];
  }
#endif
}

TEST(PolyExp, TheNonPositiveFormGivesTheSameBitsForEveryArgumentUpToZero) {
  std::vector<float> xs;
  for (float x : DenseArguments()) {
    if (x <= 0.0f) xs.push_back(x);
  }
  xs.insert(xs.end(), {-std::numeric_limits<float>::infinity(), kLow, -0.0f});
  while (xs.size() % 4 != 0) xs.push_back(0.0f);
  for (size_t i = 0; i < xs.size(); i += 4) {
    float full[4], non_positive[4], scalar[4];
    SimdLanes::Store(full, SimdLanes::Exp(SimdLanes::Load(xs.data() + i)));
    SimdLanes::Store(non_positive, SimdLanes::ExpOfNonPositive(SimdLanes::Load(xs.data() + i)));
    ScalarLanes::Store(scalar, ScalarLanes::ExpOfNonPositive(ScalarLanes::Load(xs.data() + i)));
    for (int l = 0; l < 4; ++l) {
      ASSERT_EQ(std::bit_cast<uint32_t>(non_positive[l]), std::bit_cast<uint32_t>(full[l])) << xs[i + l];
      ASSERT_EQ(std::bit_cast<uint32_t>(scalar[l]), std::bit_cast<uint32_t>(full[l])) << xs[i + l];
    }
  }
}

}  // namespace
}  // namespace attn::lanes
