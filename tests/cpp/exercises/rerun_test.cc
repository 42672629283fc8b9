// Computation::Rerun, which the derived mistakes share among a variant's parts: asked for many
// targets in any order, each target's value is the one the whole computation gives when the
// step takes the other value (Computation::Recompute), for every step of every shipped exercise.
// The other value is the step's own at the next seed.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "exercises/computed.h"
#include "exercises/exercise_files.h"

namespace attn {
namespace {

using Json = nlohmann::json;

TEST(Rerun, EachTargetIsWhatTheWholeComputationGivesInAnyOrder) {
  size_t compared = 0;
  for (const auto& [id, text] : Exercises()) {
    const Json exercise = Json::parse(text);
    for (uint32_t seed = 0; seed < 3; ++seed) {
      auto here = Computed::Of(exercise, seed);
      auto there = Computed::Of(exercise, seed + 1);
      if (!here.ok() || !there.ok()) continue;
      const Computation& computation = here->computation();
      const size_t steps = computation.steps().size();
      for (size_t from = 0; from < steps; ++from) {
        const Value& other = there->values()[from];
        auto whole = computation.Recompute(here->values(), from, other, seed);
        Computation::Rerun rerun(computation, here->values(), from, other, seed);
        // The last step first, then the rest from the first: later targets reuse what earlier ones computed.
        for (size_t n = 0; n + from < steps; ++n) {
          const size_t target = n == 0 ? steps - 1 : from + n - 1;
          if (target != from && !computation.DependsOn(target, from)) continue;
          auto value = rerun.Toward(target);
          if (!whole.ok()) continue;  // (a step the target is not computed from may fail alone)
          ASSERT_TRUE(value.ok()) << id << " seed " << seed << " step " << from << " target " << target;
          EXPECT_TRUE((*value)->ToQuantity().SameAs((*whole)[target].ToQuantity()))
              << id << " seed " << seed << " step " << from << " target " << target;
          ++compared;
        }
      }
    }
  }
  EXPECT_GT(compared, 1000u);
}

}  // namespace
}  // namespace attn
