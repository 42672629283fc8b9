// A new exercise is one JSON file: its inputs, how a variant draws them, its steps as the core's
// operations, its parts pointing at steps, and any mistake of its own; no C++. This test is such a
// file for an exercise that is not shipped (a masked read at a temperature, with one mistake of
// its own), and everything the pages use works through the JSON API: the offers, the working,
// a variant, grading with the operations' mistakes and its own named, and follow-through.
#include <gtest/gtest.h>

#include "api/api.h"
#include "exercises/computed.h"

namespace attn {
namespace {

const char kExercise[] = R"({
  "id": "demo.masked", "chapter": 99, "title": "A masked read at a temperature",
  "inputs": {"scores": "[1.2, 0.4, -0.3, 0.8]", "mask": "[1, 1, 1, 0]", "tau": "2", "other_mask": "[1, 1, 0, 0]"},
  "draw": [{"input": "scores", "tenths": [-2, 2]}],
  "steps": [
    {"name": "read", "op": "softmax", "scores": "scores", "temperature": "tau", "mask": "mask"},
    {"name": "largest", "op": "largest", "of": "read.weights"}
  ],
  "mistakes": [{"tag": "other-mask", "input": "mask", "becomes": "other_mask",
                "because": "the mask {{other_mask}}, which leaves out one position too many."}],
  "working": {"kind": "read"},
  "parts": [
    {"name": "total", "step": "read.denominator", "prompt": "The sum of the exponentials."},
    {"name": "weights", "step": "read.weights", "prompt": "The weights."}
  ]})";

Json Grade(const std::string& part, const std::string& answer, uint32_t seed = 0, const std::string& context = "") {
  return Json::parse(GradeAnswerIn(kExercise, part, answer, seed, context));
}

TEST(DeclaredExercise, NeedsNoCode) {
  const Json described = Json::parse(DescribeExercise(kExercise, 0));
  ASSERT_FALSE(described.contains("error")) << described.dump();
  EXPECT_EQ(described["offers"]["working"], "read");
  EXPECT_EQ(described["offers"]["variants"], true);
  EXPECT_TRUE(described["offers"]["batch"].is_null());
  ASSERT_EQ(described["working"]["positions"].size(), 4u);
  EXPECT_EQ(described["working"]["positions"][3]["eligible"], false);

  auto computed = Computed::Of(Json::parse(kExercise), 0);
  ASSERT_TRUE(computed.ok()) << computed.status().message();
  auto weights = computed.value().ValueNamed("read.weights");
  ASSERT_TRUE(weights.ok());
  const std::string right = weights->ToQuantity().DecimalText();
  EXPECT_EQ(Grade("weights", right)["verdict"], "correct") << right;
  EXPECT_EQ(weights->approx(3, 0), 0.0) << "a masked position gets exactly 0";

  // An operation's wrong version (the temperature multiplied), and the exercise's own mistake.
  for (const auto& [tag, expect] : {std::pair{"multiplied:temperature", true}, {"other-mask", true}}) {
    bool found = false;
    auto request = computed.value().Request(Json{{"name", "weights"}, {"step", "read.weights"}}, true);
    ASSERT_TRUE(request.ok());
    for (const auto& m : request->misconceptions) {
      if (m.tag != tag) continue;
      found = true;
      Json v = Grade("weights", m.value->DecimalText());
      EXPECT_EQ(v["misconception"], tag) << v.dump();
    }
    EXPECT_EQ(found, expect) << tag;
  }

  // Follow-through: the weights from the learner's own (wrong but possible) total.
  auto total = computed.value().ValueNamed("read.denominator");
  ASSERT_TRUE(total.ok());
  const double learner_total = total->approx(0, 0) * 1.25;
  auto exps = computed.value().ValueNamed("read.exponentials");
  std::string followed = "[";
  for (int i = 0; i < 4; ++i) followed += (i ? ", " : "") + DecimalString(exps->approx(i, 0) / learner_total, 9);
  followed += "]";
  Json context = {{"earlier", {{"total", DecimalString(learner_total, 9)}}}};
  Json v = Grade("weights", followed, 0, context.dump());
  // Weights that do not add up to 1 cannot be a softmax's: not credited, and told why.
  EXPECT_EQ(v["verdict"], "incorrect") << v.dump();
  EXPECT_NE(v["feedback"].get<std::string>().find("add up to 1"), std::string::npos) << v.dump();

  // A variant draws fresh scores; its weights are what the core computes for them.
  auto variant = Computed::Of(Json::parse(kExercise), 5);
  ASSERT_TRUE(variant.ok()) << variant.status().message();
  const std::string fresh = variant.value().ValueNamed("read.weights")->ToQuantity().DecimalText();
  EXPECT_NE(fresh, right);
  EXPECT_EQ(Grade("weights", fresh, 5)["verdict"], "correct");
}

}  // namespace
}  // namespace attn
