// Two checks of one read over the variants (exercises/operations/naive_softmax.cc and hull.cc):
// what a naive softmax returns is NaN wherever every score overflows, and Exercise 19.7's point
// always passes the coordinate-wise test while the hull, decided exactly, says in or out.
#include <gtest/gtest.h>

#include <cmath>

#include "api/api.h"
#include "exercises/exercise_files.h"

namespace attn {
namespace {

using Json = nlohmann::json;

Quantity Expected(Computed& computed, const std::string& name) {
  auto request = computed.Request(PartNamed(computed.exercise(), name), false);
  EXPECT_TRUE(request.ok()) << name << ": " << request.status().message();
  return request.ok() ? request->expected : Quantity();
}

std::string Verdict(const Json& exercise, const std::string& part, const std::string& answer, uint32_t seed = 0) {
  return Json::parse(GradeAnswer(exercise.dump(), part, answer, seed))["verdict"];
}

TEST(NaiveSoftmaxAndHull, TheNaiveSoftmaxIsNanOnEveryVariant) {
  const Json chapter = Json::parse(Exercises().at("ch19.ex8"));
  for (uint32_t seed = 0; seed <= 200; ++seed) {
    Computed variant = ComputedAt("ch19.ex8", seed);
    Quantity exps = Expected(variant, "naive_exponentials"), weights = Expected(variant, "naive_weights");
    ASSERT_EQ(weights.items.size(), 3u);
    for (size_t i = 0; i < 3; ++i) {
      EXPECT_TRUE(std::isinf(exps.items[i].approx) && exps.items[i].approx > 0) << seed;
      EXPECT_TRUE(std::isnan(weights.items[i].approx)) << seed;
    }
    EXPECT_EQ(Verdict(chapter, "naive_weights", "[nan, nan, nan]", seed), "correct") << seed;
    EXPECT_EQ(Verdict(chapter, "naive_exponentials", "[inf, inf, inf]", seed), "correct") << seed;
    EXPECT_EQ(Verdict(chapter, "naive_weights", "[inf, inf, inf]", seed), "incorrect") << seed;
    EXPECT_EQ(Verdict(chapter, "stable_weights", "[nan, nan, nan]", seed), "incorrect") << seed;
  }
  // Where the value is a number, NaN is still not an answer: it is read only to be named.
  const Json ex3 = Json::parse(Exercises().at("ch19.ex3"));
  EXPECT_EQ(Verdict(ex3, "weights", "[nan, nan, nan]"), "invalid");
}

TEST(NaiveSoftmaxAndHull, ThePointPassesTheRangesAndTheHullDecides) {
  const Json chapter = Json::parse(Exercises().at("ch19.ex7"));
  int inside = 0, outside = 0;
  for (uint32_t seed = 0; seed <= 1000; ++seed) {
    Computed variant = ComputedAt("ch19.ex7", seed);
    EXPECT_EQ(Expected(variant, "point_inside_ranges").positions, std::vector<std::string>{"yes"}) << seed;
    // The weights that rebuild the point sum to 1, and the hull's answer is whether they are all >= 0.
    Quantity weights = Expected(variant, "point_weights");
    double sum = 0;
    bool non_negative = true;
    for (const auto& w : weights.items) {
      sum += w.approx;
      non_negative = non_negative && SignOf(*w.exact) >= 0;
    }
    EXPECT_NEAR(sum, 1, 1e-12) << seed;
    const std::string in = non_negative ? "yes" : "no";
    EXPECT_EQ(Expected(variant, "point_in_hull").positions, std::vector<std::string>{in}) << seed;
    (non_negative ? inside : outside) += 1;
    if (!non_negative) {
      Json named = Json::parse(GradeAnswer(chapter.dump(), "point_in_hull", "yes", seed));
      EXPECT_EQ(named["misconception"], "ranges-not-hull") << seed;
    }
  }
  EXPECT_GT(inside, 300);
  EXPECT_GT(outside, 300);
}

}  // namespace
}  // namespace attn
