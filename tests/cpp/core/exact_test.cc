// The exact scalar: checked rationals, the symbol a = ln 2, exact exp, printing.
#include "core/exact.h"

#include <gtest/gtest.h>

#include <cmath>

namespace attn {
namespace {

const Exact a = Exact::Ln2();

TEST(Rational, ReducesAndDetectsOverflow) {
  EXPECT_EQ(Rational::Of(2, 4).to_string(), "1/2");
  EXPECT_EQ(Rational::Of(3, -6).to_string(), "-1/2");
  EXPECT_FALSE(Rational::Of(1, 0).valid());
  Rational big(int64_t{1} << 62);
  EXPECT_FALSE((big * Rational(4)).valid());
  EXPECT_FALSE((big + big).valid());
  EXPECT_EQ(*Rational::FromDecimal("0.3466"), Rational::Of(1733, 5000));
  EXPECT_FALSE(Rational::FromDecimal("123456789012345678901234").has_value());
}

TEST(Exact, PrintsFractionsOfA) {
  EXPECT_EQ((a / Exact(2)).to_string(), "a/2");
  EXPECT_EQ((Exact(2) * a / Exact(3)).to_string(), "2a/3");
  EXPECT_EQ((-a / Exact(4)).to_string(), "-a/4");
  EXPECT_EQ((a * a / Exact(4) + Exact(1)).to_string(), "a^2/4 + 1");
  EXPECT_EQ(Exact(Rational::Of(3, 2)).to_string(), "3/2");
  EXPECT_EQ(Exact(0).to_string(), "0");
}

TEST(Exact, ExpIsExactOnWholeMultiplesOfA) {
  EXPECT_EQ(*ExactExp(a), Exact(2));
  EXPECT_EQ(*ExactExp(Exact(0)), Exact(1));
  EXPECT_EQ(*ExactExp(Exact(-3) * a), Exact(Rational::Of(1, 8)));
  auto half = ExactExp(a / Exact(2));
  ASSERT_FALSE(half.ok());
  EXPECT_EQ(half.status().code(), ErrorCode::kNotExact);
  EXPECT_NE(half.status().message().find("exp(a/2)"), std::string::npos);
  auto huge = ExactExp(Exact(100) * a);
  ASSERT_FALSE(huge.ok());
  EXPECT_EQ(huge.status().code(), ErrorCode::kOverflow);
}

TEST(Exact, EvaluatesWithLn2AndPropagatesErrors) {
  EXPECT_NEAR((a / Exact(2)).to_double(), 0.346574, 1e-6);
  EXPECT_TRUE(std::isnan(Exact::Symbol("T").to_double()));
  Exact bad = a / (a + Exact(1));
  EXPECT_FALSE(bad.valid());
  EXPECT_FALSE((bad + Exact(1)).valid());
  Exact overflow = Exact(Rational(int64_t{1} << 62)) * Exact(8);
  EXPECT_EQ(overflow.status().code(), ErrorCode::kOverflow);
}

TEST(Exact, PolynomialsCompareStructurally) {
  Exact T = Exact::Symbol("T"), S = Exact::Symbol("S"), Dk = Exact::Symbol("D_k"), Dv = Exact::Symbol("D_v");
  EXPECT_EQ(T * S * (Dk + Dv), T * S * Dk + S * Dv * T);
  EXPECT_NE(T * S * Dk, T * S * Dv);
}

}  // namespace
}  // namespace attn
