// What the check says of a teacher's file beyond its values (docs/authoring.md, "What the check
// does"): a text a learner sees before answering a part that gives the part's value away (the
// issue's four ways: {{=context}} in the context's own prompt, the next part's weights in a
// hint, {{=read.weights}} in a placeholder, seed 0's answer written out in a placeholder); a
// file whose every variant fails the same way, refused at once from seed 0 and two variants; and
// each draw drawn again counted by its reason, with no share of draws over the whole.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "api/api.h"

namespace attn {
namespace {

using Json = nlohmann::json;

// The docs' worked example, cut to what these checks need.
Json Worked() {
  return Json::parse(R"({
    "id": "teacher.three-keys",
    "title": "A read over three keys",
    "intro": "A query $q={{query}}$ reads three keys holding three values.",
    "inputs": {"query": "[1, 0.5]", "keys": "[[1, 1], [0, 1], [-1, 0]]", "values": "[[2, 0], [0, 2], [1, 1]]"},
    "draw": [{"input": "query", "tenths": [-1, 1]}, {"input": "keys", "tenths": [-1, 1]},
             {"input": "values", "integers": [0, 3]}],
    "steps": [
      {"name": "scores", "op": "scores", "query": "query", "keys": "keys"},
      {"name": "read", "op": "softmax", "scores": "scores"},
      {"name": "context", "op": "context", "weights": "read.weights", "values": "values"}
    ],
    "parts": [
      {"name": "scores", "step": "scores", "prompt": "Give the three scores.", "hint": "Multiply and add.",
       "placeholder": "e.g. [0.1, 0.2, 0.3]"},
      {"name": "weights", "step": "read.weights", "prompt": "Give the weights.", "hint": "Exponentiate and divide.",
       "placeholder": "e.g. [0.2, 0.3, 0.5]"},
      {"name": "context", "step": "context", "prompt": "Give the context.", "hint": "Weigh and add.",
       "placeholder": "e.g. [1.5, 0.5]"}
    ]
  })");
}

Json Check(const Json& exercise, uint32_t seeds) { return Json::parse(CheckExercise(exercise.dump(), 0, seeds)); }

// The give-away failures of a report: "part: message" each.
std::vector<std::string> GiveAways(const Json& report) {
  std::vector<std::string> out;
  for (const auto& f : report.value("failures", Json::array()))
    if (f["check"] == "give-away") out.push_back(f.value("part", "") + ": " + f["message"].get<std::string>());
  return out;
}

bool Says(const std::vector<std::string>& said, const std::string& part, const std::string& words) {
  for (const auto& s : said)
    if (s.rfind(part + ": ", 0) == 0 && s.find(words) != std::string::npos) return true;
  return false;
}

TEST(TeacherFileCheck, TheWorkedExampleGivesNothingAway) {
  const Json report = Check(Worked(), 20);
  ASSERT_FALSE(report.contains("refused")) << report.dump(2);
  EXPECT_TRUE(GiveAways(report).empty()) << report["failures"].dump(2);
}

TEST(TeacherFileCheck, APromptHoldingThePartsOwnValueGivesItAway) {
  Json exercise = Worked();
  exercise["parts"][2]["prompt"] = "Give the context ${{=context}}$.";
  const auto said = GiveAways(Check(exercise, 5));
  EXPECT_TRUE(Says(said, "context", "the prompt of part 'context' holds {{=context}}")) << Json(said).dump(2);
}

TEST(TeacherFileCheck, AHintGivingTheNextPartsWeightsGivesThemAway) {
  Json exercise = Worked();
  exercise["parts"][0]["hint"] = "The weights will come to {{=read.weights}}.";
  const auto said = GiveAways(Check(exercise, 5));
  EXPECT_TRUE(Says(said, "weights", "the hint of part 'scores' holds {{=read.weights}}")) << Json(said).dump(2);
}

TEST(TeacherFileCheck, APlaceholderOfTheValueGivesItAway) {
  Json exercise = Worked();
  exercise["parts"][1]["placeholder"] = "e.g. {{=read.weights}}";
  const auto said = GiveAways(Check(exercise, 5));
  EXPECT_TRUE(Says(said, "weights", "the placeholder of part 'weights' holds {{=read.weights}}")) << Json(said).dump(2);
}

TEST(TeacherFileCheck, APlaceholderOfSeedZerosAnswerWrittenOutGivesItAway) {
  Json exercise = Worked();
  // Seed 0's weights as the page shows them, from the core.
  const Json mistakes = Json::parse(DescribeMistakes(exercise.dump(), 0));
  std::string shown;
  for (const auto& part : mistakes["parts"])
    if (part["name"] == "weights") shown = part["expected"].get<std::string>();
  ASSERT_FALSE(shown.empty());
  exercise["parts"][1]["placeholder"] = "e.g. " + shown;
  const auto said = GiveAways(Check(exercise, 1));
  EXPECT_TRUE(Says(said, "weights", "the placeholder of part 'weights' shows " + shown)) << Json(said).dump(2);
}

TEST(TeacherFileCheck, EveryVariantFailingAlikeIsRefusedFromTheFirstSeeds) {
  Json exercise = Worked();
  exercise["steps"][1]["temperature"] = "0";
  const Json report = Check(exercise, 1000);
  ASSERT_TRUE(report.contains("refused")) << report.dump(2).substr(0, 2000);
  EXPECT_NE(report["refused"].get<std::string>().find("all fail the same way"), std::string::npos);
  // A later slice is not refused so: its seeds are each reported.
  EXPECT_FALSE(Json::parse(CheckExercise(exercise.dump(), 50, 2)).contains("refused"));
}

TEST(TeacherFileCheck, EachRedrawIsCountedByItsReasonAndNoShareIsOverTheWhole) {
  Json exercise = Worked();
  exercise["steps"].push_back({{"name", "heaviest"}, {"op", "largest"}, {"of", "read.weights"}});
  exercise["require"] = Json::array({{{"step", "heaviest"}, {"is", "1"}}});
  const Json report = Check(exercise, 30);
  ASSERT_FALSE(report.contains("refused")) << report.dump(2);
  const int64_t draws = report["draws"], variants = report["variants"];
  EXPECT_EQ(variants, 30);
  ASSERT_GT(draws, variants);
  int64_t redrawn = 0;
  for (const auto& r : report["redrawn"]) redrawn += r["count"].get<int64_t>();
  EXPECT_EQ(redrawn, draws - variants);
  EXPECT_NE(report["redrawn"][0]["reason"].get<std::string>().find("does not hold"), std::string::npos)
      << report["redrawn"].dump(2);
  // Variants that are never drawn: seed 0 holds, no other does; its draws are all counted.
  exercise["require"] = Json::array(
      {{{"input", "query"}, {"is", "[1, 0.5]"}}, {{"input", "values"}, {"is", "[[2, 0], [0, 2], [1, 1]]"}}});
  const Json rare = Check(exercise, 3);
  ASSERT_FALSE(rare.contains("refused")) << rare.dump(2);
  EXPECT_EQ(rare["variants"], 1);
  EXPECT_LE(rare["variants"].get<int64_t>(), rare["draws"].get<int64_t>());
}

}  // namespace
}  // namespace attn
