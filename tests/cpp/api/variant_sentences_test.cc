// Sentences that hold only for some variants, each guarded by a declared condition, checked over
// seeds 0-1,000 against the numbers computed here: Example 14.2's read is "about to write the
// object" only where the object (the key) takes the most weight, alone; Exercise 19.16's batch
// is "of B examples" only where B is more than one.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "api/api.h"
#include "exercises/computed.h"
#include "exercises/exercise_files.h"
#include "property_seeds.h"

namespace attn {
namespace {

using Json = nlohmann::json;

std::string TextOf(const std::string& id) {
  for (const auto& [name, text] : Exercises())
    if (name == id) return text;
  ADD_FAILURE() << "no exercise " << id;
  return "{}";
}

bool Says(const std::string& text, const std::string& words) { return text.find(words) != std::string::npos; }

TEST(VariantSentences, TheReadIsForTheObjectOnlyWhereTheKeyWeighsMost) {
  const std::string text = TextOf("ch14.example2");
  size_t said = 0, unsaid = 0;
  for (uint32_t seed = 0; seed < PropertySeeds(1001); ++seed) {
    auto computed = Computed::Of(Json::parse(text), seed);
    ASSERT_TRUE(computed.ok()) << seed;
    auto ref = computed->computation().Resolve("read.weights");
    ASSERT_TRUE(ref.ok());
    auto weights = Computation::Select(computed->values(), *ref);
    ASSERT_TRUE(weights.ok());
    // The key is position 2: the object is read for where its weight is above every other.
    const auto& w = weights->approx;
    const bool key_most = w(1, 0) > w(0, 0) + 1e-12 && w(1, 0) > w(2, 0) + 1e-12;
    const Json described = Json::parse(DescribeExercise(text, seed));
    const std::string intro = described.value("intro", "");
    EXPECT_EQ(Says(intro, "about to write the object"), key_most) << "seed " << seed << ": " << intro;
    (key_most ? said : unsaid) += 1;
    EXPECT_FALSE(Says(described.dump(), "reading for the object")) << seed;
  }
  EXPECT_GT(said, 0u);
  EXPECT_GT(unsaid, 0u);
}

TEST(VariantSentences, ABatchOfOneIsNotOfExamples) {
  const std::string text = TextOf("ch19.ex16");
  size_t one = 0;
  for (uint32_t seed = 0; seed < PropertySeeds(1001); ++seed) {
    auto computed = Computed::Of(Json::parse(text), seed);
    ASSERT_TRUE(computed.ok()) << seed;
    const Value* B = computed->computation().Input("B");
    ASSERT_NE(B, nullptr);
    const bool single = B->approx(0, 0) == 1;
    const std::string intro = Json::parse(DescribeExercise(text, seed)).value("intro", "");
    EXPECT_EQ(Says(intro, "examples"), !single) << "seed " << seed << ": " << intro;
    EXPECT_EQ(Says(intro, "one example"), single) << "seed " << seed << ": " << intro;
    one += single;
  }
  // B = 1 is drawn at some seeds (B is a power of two from 1 to 16).
  EXPECT_GT(one, 0u);
}

}  // namespace
}  // namespace attn
