// What is shown is what is accepted: over seeds 0-1,000 of every exercise, every value the
// companion shows for a part (the expected value a verdict gives, exact and decimal, and a named
// mistake's value in the mistakes' list) is read back as it is shown: the expected value grades
// correct, and a mistake's value names that mistake.
#include <gtest/gtest.h>

#include <string>

#include "answers/grading.h"
#include "exercises/computed.h"
#include "exercises/exercise_files.h"
#include "exercises/variant_drawing.h"
#include "property_seeds.h"

namespace attn {
namespace {

TEST(ShownValues, EveryShownValueGradesAsShown) {
  size_t shown = 0;
  for (const auto& [id, text] : Exercises()) {
    const Json exercise = Json::parse(text);
    const uint32_t seeds = HasDraws(exercise) ? PropertySeeds(1001) : 1;
    for (uint32_t seed = 0; seed < seeds; ++seed) {
      auto computed = Computed::Of(exercise, seed);
      ASSERT_TRUE(computed.ok()) << id << " seed " << seed << ": " << computed.status().message();
      for (const auto& part : computed.value().exercise().value("parts", Json::array())) {
        auto request = computed.value().Request(part, /*with_mistakes=*/false);
        ASSERT_TRUE(request.ok()) << id;
        const Quantity& q = request->expected;
        if (q.kind == Quantity::Kind::kPosition || request->leading_order) continue;
        const std::string where = id + " seed " + std::to_string(seed) + " " + part["name"].get<std::string>();
        // The decimal form as shown, and the exact form where there is one.
        for (const std::string& typed : {q.DecimalText(), q.ExactText()}) {
          if (typed.empty() || q.HasNotFinite()) continue;
          GradeRequest any_form = *request;
          any_form.require_exact = false;
          const Verdict v = Grade(typed, typed == q.ExactText() ? *request : any_form);
          EXPECT_EQ(v.kind, Verdict::Kind::kCorrect) << where << ": shown as " << typed << ", graded " << v.feedback;
          ++shown;
        }
      }
      if (::testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(shown, 100000u * PropertySeeds(1001) / 1001);
  std::printf("%zu shown values graded as shown\n", shown);
}

}  // namespace
}  // namespace attn
