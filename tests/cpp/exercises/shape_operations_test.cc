// The shapes of the chapter's batched listing (exercises/operations/costs.cc, score_shape and
// context_shape): the printed (2, 3, 5) and (2, 3, 6), and on every variant five different
// sizes, so that each named mistake has a shape of its own.
#include <gtest/gtest.h>

#include <set>

#include "api/api.h"
#include "exercises/exercise_files.h"

namespace attn {
namespace {

using Json = nlohmann::json;

Json Grade(const Json& exercise, const std::string& part, const std::string& answer, uint32_t seed = 0) {
  return Json::parse(GradeAnswer(exercise.dump(), part, answer, seed));
}

TEST(ShapeOperations, TheListingsPrintedShapes) {
  const Json listing = Json::parse(Exercises().at("ch19.shapes"));
  EXPECT_EQ(Grade(listing, "score_shape", "(2, 3, 5)")["verdict"], "correct");
  EXPECT_EQ(Grade(listing, "score_shape", "torch.Size([2, 3, 5])")["verdict"], "correct");
  EXPECT_EQ(Grade(listing, "context_shape", "(2, 3, 6)")["verdict"], "correct");
  EXPECT_EQ(Grade(listing, "context_shape", "2×3×6")["verdict"], "correct");
}

TEST(ShapeOperations, EveryMistakeIsNamedOnEveryVariant) {
  const Json chapter = Json::parse(Exercises().at("ch19.shapes"));
  for (uint32_t seed = 0; seed <= 300; ++seed) {
    Computed variant = ComputedAt("ch19.shapes", seed);
    const Json& in = variant.exercise()["inputs"];
    auto size = [&](const char* key) { return in[key].get<std::string>(); };
    std::set<std::string> sizes = {size("B"), size("T"), size("S"), size("D_k"), size("D_v")};
    EXPECT_EQ(sizes.size(), 5u) << seed;
    auto shape = [](std::initializer_list<std::string> dims) {
      std::string out = "(";
      for (const auto& d : dims) out += (out.size() > 1 ? ", " : "") + d;
      return out + ")";
    };
    const std::string B = size("B"), T = size("T"), S = size("S"), Dk = size("D_k"), Dv = size("D_v");
    EXPECT_EQ(Grade(chapter, "score_shape", shape({B, T, S}), seed)["verdict"], "correct") << seed;
    EXPECT_EQ(Grade(chapter, "context_shape", shape({B, T, Dv}), seed)["verdict"], "correct") << seed;
    const std::pair<std::string, std::string> mistakes[][2] = {
        {{"score_shape", shape({B, S, T})}, {"", "axes-swapped"}},
        {{"score_shape", shape({B, T, Dk})}, {"", "key-width-kept"}},
        {{"context_shape", shape({B, T, Dk})}, {"", "key-width-for-value-width"}},
        {{"context_shape", shape({B, T, S})}, {"", "weights-as-context"}},
        {{"context_shape", shape({B, S, Dv})}, {"", "source-axis-kept"}},
    };
    for (const auto& m : mistakes) {
      Json v = Grade(chapter, m[0].first, m[0].second, seed);
      EXPECT_EQ(v["verdict"], "incorrect") << seed << " " << m[0].second;
      EXPECT_EQ(v["misconception"], m[1].second) << seed << " " << m[0].second << " " << v.dump();
    }
  }
}

}  // namespace
}  // namespace attn
