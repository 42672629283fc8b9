// The shapes of the chapter's batched listing (exercises/models/ch19_shape_model.cc): the
// printed (2, 3, 5) and (2, 3, 6), and on every variant five different sizes, so that each
// named mistake has a shape of its own.
#include <gtest/gtest.h>

#include <set>

#include "api/api.h"
#include "exercises/exercise_files.h"
#include "exercises/variants.h"

namespace attn {
namespace {

using Json = nlohmann::json;

Json Grade(const Json& exercise, const std::string& part, const std::string& answer) {
  return Json::parse(GradeAnswer(exercise.dump(), part, answer, 0));
}

TEST(Ch19ShapeModel, TheListingsPrintedShapes) {
  const Json listing = Json::parse(Exercises().at("ch19.shapes"));
  EXPECT_EQ(Grade(listing, "score_shape", "(2, 3, 5)")["verdict"], "correct");
  EXPECT_EQ(Grade(listing, "score_shape", "torch.Size([2, 3, 5])")["verdict"], "correct");
  EXPECT_EQ(Grade(listing, "context_shape", "(2, 3, 6)")["verdict"], "correct");
  EXPECT_EQ(Grade(listing, "context_shape", "2×3×6")["verdict"], "correct");
}

TEST(Ch19ShapeModel, EveryMistakeIsNamedOnEveryVariant) {
  const Json chapter = Json::parse(Exercises().at("ch19.shapes"));
  for (uint32_t seed = 0; seed <= 300; ++seed) {
    auto variant = VariantOf(chapter, seed);
    ASSERT_TRUE(variant.ok()) << seed;
    const Json& in = (*variant)["inputs"];
    auto size = [&](const char* key) { return in[key].get<std::string>(); };
    std::set<std::string> sizes = {size("B"), size("T"), size("S"), size("D_k"), size("D_v")};
    EXPECT_EQ(sizes.size(), 5u) << seed;
    auto shape = [](std::initializer_list<std::string> dims) {
      std::string out = "(";
      for (const auto& d : dims) out += (out.size() > 1 ? ", " : "") + d;
      return out + ")";
    };
    const std::string B = size("B"), T = size("T"), S = size("S"), Dk = size("D_k"), Dv = size("D_v");
    EXPECT_EQ(Grade(*variant, "score_shape", shape({B, T, S}))["verdict"], "correct") << seed;
    EXPECT_EQ(Grade(*variant, "context_shape", shape({B, T, Dv}))["verdict"], "correct") << seed;
    const std::pair<std::string, std::string> mistakes[][2] = {
        {{"score_shape", shape({B, S, T})}, {"", "scores-transposed"}},
        {{"score_shape", shape({B, T, Dk})}, {"", "key-width-kept"}},
        {{"context_shape", shape({B, T, Dk})}, {"", "key-width-for-value-width"}},
        {{"context_shape", shape({B, T, S})}, {"", "weights-as-context"}},
        {{"context_shape", shape({B, S, Dv})}, {"", "source-axis-kept"}},
    };
    for (const auto& m : mistakes) {
      Json v = Grade(*variant, m[0].first, m[0].second);
      EXPECT_EQ(v["verdict"], "incorrect") << seed << " " << m[0].second;
      EXPECT_EQ(v["misconception"], m[1].second) << seed << " " << m[0].second << " " << v.dump();
    }
  }
}

}  // namespace
}  // namespace attn
