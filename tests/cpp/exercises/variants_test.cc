// Seeded variants (exercises/variant_drawing.cc, drawn and checked by exercises/computed.cc):
// reproducible, different from the chapter's numbers, well posed over many seeds, and exact in
// Chapter 14.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "answers/grading.h"
#include "api/api.h"
#include "exercises/computed.h"
#include "exercises/texts.h"
#include "exercises/variant_drawing.h"
#include "exercises/working.h"
#include "property_seeds.h"

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

Result<Json> VariantOf(const Json& exercise, uint32_t seed) {
  ATTN_ASSIGN_OR_RETURN(computed, Computed::Of(exercise, seed));
  return computed.exercise();
}

TEST(Variants, SeedZeroIsTheChapter) {
  for (const auto& e : AllExercises()) EXPECT_EQ(*VariantOf(e, 0), e) << e["id"];
}

TEST(Variants, ReproducibleAndFresh) {
  for (const auto& e : AllExercises()) {
    auto one = VariantOf(e, 42), two = VariantOf(e, 42);
    ASSERT_TRUE(one.ok()) << e["id"] << ": " << one.status().message();
    EXPECT_EQ(*one, *two) << e["id"];
    if (!HasDraws(e)) continue;
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
    for (uint32_t seed = 1; seed <= PropertySeeds(100); ++seed) {
      auto v = VariantOf(e, seed);
      ASSERT_TRUE(v.ok()) << e["id"] << " seed " << seed << ": " << v.status().message();
      Json described = Json::parse(DescribeExercise(e.dump(), seed));
      ASSERT_FALSE(described.contains("error")) << e["id"] << " seed " << seed << described.dump();
      EXPECT_FALSE(described["working"].contains("error"))
          << e["id"] << " seed " << seed << described["working"].dump();
      if (WorkingKind(e) == "exact-read") {  // exact: every exponential is a power of 2
        for (const auto& p : described["working"]["positions"])
          EXPECT_TRUE(p["exponential"]["exact"].is_string()) << e["id"];
      }
      if (WorkingKind(e) == "rows" && described["working"].contains("rows")) {
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
    for (uint32_t seed = 0; seed <= PropertySeeds(1000); ++seed) {
      auto computed = Computed::Of(e, seed);
      ASSERT_TRUE(computed.ok()) << e["id"] << " seed " << seed << ": " << computed.status().message();
      auto value = [&](const Json& step) {
        const Json part = {{"name", "premise " + step.get<std::string>()}, {"step", step}};
        return computed.value().Request(part, /*with_mistakes=*/false);
      };
      for (const auto& premise : e["premises"]) {
        auto request = value(premise["step"]);
        ASSERT_TRUE(request.ok()) << e["id"] << " seed " << seed;
        if (premise.contains("is")) {
          EXPECT_EQ(Grade(premise["is"].get<std::string>(), *request).kind, Verdict::Kind::kCorrect)
              << e["id"] << " seed " << seed << ": " << premise["says"];
        }
        if (premise.contains("is_not")) {
          EXPECT_NE(Grade(premise["is_not"].get<std::string>(), *request).kind, Verdict::Kind::kCorrect)
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
  EXPECT_GE(checked, static_cast<int>(PropertySeeds(1000)));
}

// A premise that is false for the given numbers is caught: Exercise 19.19 with position 1's
// key made the best match no longer has its largest weight at position 2.
TEST(Variants, AFalsePremiseIsRefused) {
  for (const auto& e : AllExercises()) {
    if (e["id"] != "ch19.ex19") continue;
    Json broken = e;
    broken["inputs"]["keys"] = "[[2, 0, 1], [0.9, -0.2, 0.4], [0.1, 0.3, 0.8], [-0.6, 0.2, 0.5], [0.4, -0.8, -0.2]]";
    auto refused = Computed::Of(broken, 0);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.status().message().find("Position 2 carries the largest weight"), std::string::npos)
        << refused.status().message();
    EXPECT_TRUE(Computed::Of(e, 0).ok());
  }
}

// The numbers written in a text ("0.5", "12", "1,048,576" gives 1, 048 and 576).
std::set<std::string> NumbersIn(const std::string& text) {
  static const std::regex number(R"(\d+(\.\d+)?)");
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it)
    out.insert(it->str());
  return out;
}

// Under a feedback policy that hides values, a named mistake is explained without anything the
// exercise computed. Over 40 variants of every exercise, each explanation a learner would read
// there has only numbers of the variant itself (its inputs and texts) and numbers that are the
// same in every variant (constants of the sentence, such as "add up to 1"): a number that
// changes with the variant and is not one of its inputs is a computed value.
TEST(Variants, NamedMistakesWithValuesHiddenSayNothingComputed) {
  // (exercise, part, tag, the text with its numbers blanked) -> per variant, the text's numbers
  // and those of them that are not the variant's own
  struct Seen {
    std::set<std::string> all, not_given;
  };
  std::map<std::string, std::map<uint32_t, Seen>> seen;
  int named = 0;
  for (const auto& e : AllExercises()) {
    for (uint32_t seed = 0; seed < PropertySeeds(40); ++seed) {
      auto computed = Computed::Of(e, seed);
      ASSERT_TRUE(computed.ok()) << e["id"] << " seed " << seed;
      const Json& v = computed.value().exercise();
      const std::set<std::string> given = NumbersIn(v.dump());
      for (const auto& part : v["parts"]) {
        auto request = computed.value().Request(part, true);
        ASSERT_TRUE(request.ok()) << e["id"] << " " << part["name"] << " seed " << seed;
        GradeRequest hidden = *request;
        hidden.reveal_values = false;
        for (const Misconception& m : hidden.misconceptions) {
          const std::string& text = m.without_values.empty() ? m.explanation : m.without_values;
          Seen numbers{NumbersIn(text), {}};
          for (const auto& n : numbers.all)
            if (!given.count(n)) numbers.not_given.insert(n);
          std::string key = e["id"].get<std::string>() + " " + part["name"].get<std::string>() + " " + m.tag + ": " +
                            std::regex_replace(text, std::regex(R"(\d+(\.\d+)?)"), "#");
          seen[key][seed] = numbers;
          ++named;
          if (!m.value || m.value->kind == Quantity::Kind::kPosition) continue;
          // The grade says what the policy shows: the value-free wording where there is one.
          Verdict graded = Grade(m.value->Text(), hidden);
          if (graded.misconception == m.tag && !m.without_values.empty()) {
            if (graded.misconceptions.size() == 1) {
              EXPECT_EQ(graded.feedback, "Not quite: " + m.without_values) << key;
            } else {  // several stories: each told, this one in its value-free words
              std::string told = m.without_values;
              told[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(told[0])));
              EXPECT_NE(graded.feedback.find(told), std::string::npos) << key << ": " << graded.feedback;
            }
          }
        }
      }
    }
  }
  EXPECT_GE(named, 1000);
  for (const auto& [key, by_seed] : seen) {
    std::set<std::string> constants = by_seed.begin()->second.all;  // in the text in every variant
    for (const auto& [seed, numbers] : by_seed) {
      std::set<std::string> both;
      std::set_intersection(constants.begin(), constants.end(), numbers.all.begin(), numbers.all.end(),
                            std::inserter(both, both.begin()));
      constants = both;
    }
    for (const auto& [seed, numbers] : by_seed) {
      for (const auto& n : numbers.not_given) EXPECT_TRUE(constants.count(n)) << key << " (seed " << seed << "): " << n;
    }
  }
}

}  // namespace
}  // namespace attn
