// The checks of one read (exercises/models/ch19_read_checks.cc) over the variants: what a
// naive softmax returns is NaN wherever every score overflows, and Exercise 19.7's point
// always passes the coordinate-wise test while the hull, decided exactly, says in or out.
#include <gtest/gtest.h>

#include <cmath>

#include "api/api.h"
#include "exercises/exercise_files.h"
#include "exercises/model.h"
#include "exercises/variants.h"

namespace attn {
namespace {

using Json = nlohmann::json;

Json Part(const Json& exercise, const std::string& name) {
  for (const auto& part : exercise["parts"])
    if (part["name"] == name) return part;
  return Json();
}

Quantity Expected(const Json& exercise, const std::string& name) {
  auto request = RequestForPart(exercise, Part(exercise, name), 0);
  EXPECT_TRUE(request.ok()) << name << ": " << request.status().message();
  return request.ok() ? request->expected : Quantity();
}

std::string Verdict(const Json& exercise, const std::string& part, const std::string& answer) {
  return Json::parse(GradeAnswer(exercise.dump(), part, answer, 0))["verdict"];
}

TEST(Ch19ReadChecks, TheNaiveSoftmaxIsNanOnEveryVariant) {
  const Json chapter = Json::parse(Exercises().at("ch19.ex8"));
  for (uint32_t seed = 0; seed <= 200; ++seed) {
    auto variant = VariantOf(chapter, seed);
    ASSERT_TRUE(variant.ok()) << seed << ": " << variant.status().message();
    Quantity exps = Expected(*variant, "naive_exponentials"), weights = Expected(*variant, "naive_weights");
    ASSERT_EQ(weights.items.size(), 3u);
    for (size_t i = 0; i < 3; ++i) {
      EXPECT_TRUE(std::isinf(exps.items[i].approx) && exps.items[i].approx > 0) << seed;
      EXPECT_TRUE(std::isnan(weights.items[i].approx)) << seed;
    }
    EXPECT_EQ(Verdict(*variant, "naive_weights", "[nan, nan, nan]"), "correct") << seed;
    EXPECT_EQ(Verdict(*variant, "naive_exponentials", "[inf, inf, inf]"), "correct") << seed;
    EXPECT_EQ(Verdict(*variant, "naive_weights", "[inf, inf, inf]"), "incorrect") << seed;
    EXPECT_EQ(Verdict(*variant, "stable_weights", "[nan, nan, nan]"), "incorrect") << seed;
  }
  // Where the value is a number, NaN is still not an answer: it is read only to be named.
  const Json ex3 = Json::parse(Exercises().at("ch19.ex3"));
  EXPECT_EQ(Verdict(ex3, "weights", "[nan, nan, nan]"), "invalid");
}

TEST(Ch19ReadChecks, ThePointPassesTheRangesAndTheHullDecides) {
  const Json chapter = Json::parse(Exercises().at("ch19.ex7"));
  int inside = 0, outside = 0;
  for (uint32_t seed = 0; seed <= 1000; ++seed) {
    auto variant = VariantOf(chapter, seed);
    ASSERT_TRUE(variant.ok()) << seed << ": " << variant.status().message();
    EXPECT_EQ(Expected(*variant, "point_inside_ranges").positions, std::vector<std::string>{"yes"}) << seed;
    // The weights that rebuild the point sum to 1, and the hull's answer is whether they are all >= 0.
    Quantity weights = Expected(*variant, "point_weights");
    double sum = 0;
    bool non_negative = true;
    for (const auto& w : weights.items) {
      sum += w.approx;
      non_negative = non_negative && SignOf(*w.exact) >= 0;
    }
    EXPECT_NEAR(sum, 1, 1e-12) << seed;
    const std::string in = non_negative ? "yes" : "no";
    EXPECT_EQ(Expected(*variant, "point_in_hull").positions, std::vector<std::string>{in}) << seed;
    (non_negative ? inside : outside) += 1;
    if (!non_negative) {
      Json named = Json::parse(GradeAnswer(variant->dump(), "point_in_hull", "yes", 0));
      EXPECT_EQ(named["misconception"], "ranges-not-hull") << seed;
    }
  }
  EXPECT_GT(inside, 300);
  EXPECT_GT(outside, 300);
}

}  // namespace
}  // namespace attn
