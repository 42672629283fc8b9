// Seeded variants: reproducible, different from the chapter's numbers, well posed over
// many seeds, and exact in Chapter 14.
#include "exercises/variants.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "api/api.h"
#include "exercises/model.h"

namespace attn {
namespace {

std::vector<Json> AllExercises() {
  std::vector<Json> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(ATTN_EXERCISES_DIR)) {
    if (entry.path().extension() != ".json") continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    out.push_back(Json::parse(text.str()));
  }
  return out;
}

TEST(Variants, SeedZeroIsTheChapter) {
  for (const auto& e : AllExercises()) EXPECT_EQ(*VariantOf(e, 0), e) << e["id"];
}

TEST(Variants, ReproducibleAndFresh) {
  for (const auto& e : AllExercises()) {
    auto one = VariantOf(e, 42), two = VariantOf(e, 42);
    ASSERT_TRUE(one.ok()) << e["id"] << ": " << one.status().message();
    EXPECT_EQ(*one, *two) << e["id"];
    std::string model = e["model"];
    bool numeric = model == "ch14.read" || model == "ch14.cost" || model == "ch19.read" || model == "ch19.batch" ||
                   (model == "ch19.cost" && e["inputs"].contains("B"));
    if (!numeric) continue;
    bool changed = false;
    for (uint32_t seed = 1; seed <= 5 && !changed; ++seed) {
      Json v = *VariantOf(e, seed);
      v.erase("seed");
      changed = v != e;
    }
    EXPECT_TRUE(changed) << e["id"] << " never changes";
  }
}

TEST(Variants, WellPosedOverManySeeds) {
  for (const auto& e : AllExercises()) {
    for (uint32_t seed = 1; seed <= 100; ++seed) {
      auto v = VariantOf(e, seed);
      ASSERT_TRUE(v.ok()) << e["id"] << " seed " << seed << ": " << v.status().message();
      EXPECT_TRUE(CheckWellPosed(*v).ok()) << e["id"] << " seed " << seed;
      Json described = Json::parse(DescribeExercise(e.dump(), seed));
      ASSERT_FALSE(described.contains("error")) << e["id"] << " seed " << seed << described.dump();
      EXPECT_FALSE(described["working"].contains("error"))
          << e["id"] << " seed " << seed << described["working"].dump();
      if (e["model"] == "ch14.read") {  // exact: every exponential is a power of 2
        for (const auto& p : described["working"]["positions"])
          EXPECT_TRUE(p["exponential"]["exact"].is_string()) << e["id"];
      }
      if (e["model"] == "ch19.batch" && described["working"].contains("rows")) {
        for (const auto& row : described["working"]["rows"]) {
          bool any = false;
          for (const auto& eligible : row["eligible"]) any = any || eligible.get<bool>();
          EXPECT_TRUE(any) << e["id"] << " seed " << seed << ": a row with no eligible source";
        }
      }
      for (const auto& part : e["parts"]) {
        Json g = Json::parse(GradeAnswer(e.dump(), part["name"], "0", seed));
        EXPECT_FALSE(g.contains("error")) << e["id"] << "." << part["name"] << " seed " << seed << g.dump();
      }
    }
  }
}

// Exercise 19.8 is about overflow: every variant's scores pass 709 (where exp overflows in
// double precision) and differ, so the naive softmax's NaN is named truthfully on each.
TEST(Variants, LargeScoresOverflowInEveryVariant) {
  Json ex8;
  for (const auto& e : AllExercises())
    if (e["id"] == "ch19.ex8") ex8 = e;
  ASSERT_FALSE(ex8.is_null());
  for (uint32_t seed = 1; seed <= 60; ++seed) {
    auto variant = VariantOf(ex8, seed);
    ASSERT_TRUE(variant.ok()) << seed;
    Json scores = Json::parse((*variant)["inputs"]["scores"].get<std::string>());
    std::set<int64_t> distinct;
    for (const auto& x : scores) {
      EXPECT_GT(x.get<double>(), 709.78) << seed;
      distinct.insert(x.get<int64_t>());
    }
    EXPECT_EQ(distinct.size(), scores.size()) << seed;
    Json v = Json::parse(GradeAnswer(ex8.dump(), "stable_weights", "[nan, nan, nan]", seed));
    EXPECT_EQ(v["misconception"], "naive-overflow") << seed;
  }
}

TEST(Variants, AnAnswerForOneSeedIsCheckedAgainstThatSeed) {
  for (const auto& e : AllExercises()) {
    if (e["id"] != "ch14.ex1") continue;
    Json v = *VariantOf(e, 7);
    Json working = Json::parse(DescribeExercise(e.dump(), 7))["working"];
    std::string weights = "[";
    for (size_t i = 0; i < working["positions"].size(); ++i)
      weights += (i ? ", " : "") + working["positions"][i]["weight"]["exact"].get<std::string>();
    weights += "]";
    EXPECT_EQ(Json::parse(GradeAnswer(e.dump(), "weights", weights, 7))["verdict"], "correct") << weights;
  }
}

// What an exercise's text states about its numbers (its premises) holds for the chapter's
// numbers and for every variant: over 1,000 seeds per exercise that states any, each premise
// is checked by grading its answer against the core's value for that variant.
TEST(Variants, PremisesHoldOverAThousandSeeds) {
  int checked = 0;
  for (const auto& e : AllExercises()) {
    if (!e.contains("premises")) continue;
    EXPECT_TRUE(CheckPremises(e).ok()) << e["id"] << " at seed 0: " << CheckPremises(e).message();
    for (uint32_t seed = 1; seed <= 1000; ++seed) {
      auto variant = VariantOf(e, seed);
      ASSERT_TRUE(variant.ok()) << e["id"] << " seed " << seed << ": " << variant.status().message();
      auto value = [&](const Json& quantity) {
        const Json part = {{"name", "premise"}, {"quantity", quantity}};
        return RequestForPart(*variant, part, seed, /*with_mistakes=*/false);
      };
      for (const auto& premise : e["premises"]) {
        auto request = value(premise["quantity"]);
        ASSERT_TRUE(request.ok()) << e["id"] << " seed " << seed;
        if (premise.contains("is")) {
          EXPECT_EQ(Grade(premise["is"].get<std::string>(), *request).kind, Verdict::Kind::kCorrect)
              << e["id"] << " seed " << seed << ": " << premise["says"];
        }
        if (premise.contains("differs_from")) {
          auto other = value(premise["differs_from"]);
          ASSERT_TRUE(other.ok()) << e["id"] << " seed " << seed;
          EXPECT_FALSE(request->expected.SameAs(other->expected))
              << e["id"] << " seed " << seed << ": " << premise["says"];
        }
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 1000);
}

// A premise that is false for the given numbers is caught: Exercise 19.19 with position 1's
// key made the best match no longer has its largest weight at position 2.
TEST(Variants, AFalsePremiseIsRefused) {
  for (const auto& e : AllExercises()) {
    if (e["id"] != "ch19.ex19") continue;
    Json broken = e;
    broken["inputs"]["keys"] = "[[2, 0, 1], [0.9, -0.2, 0.4], [0.1, 0.3, 0.8], [-0.6, 0.2, 0.5], [0.4, -0.8, -0.2]]";
    EXPECT_FALSE(CheckPremises(broken).ok());
    EXPECT_TRUE(CheckPremises(e).ok());
  }
}

}  // namespace
}  // namespace attn
