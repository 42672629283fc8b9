// The models behind the exercise files ("ch14.read", "ch14.cost", "ch19.read",
// "ch19.batch", "ch19.cost", "ch19.roles", "ch19.choice", "ch19.open"): for a part, the
// grading request (expected quantity and known mistakes); for an exercise, its working.
#pragma once

#include <cstdint>

#include "exercises/exercise_inputs.h"
#include "answers/grading.h"

namespace attn {

// with_mistakes = false leaves out the known mistakes: the expected quantity and how to
// read and compare an answer only.
Result<GradeRequest> RequestForPart(const Json& exercise, const Json& part, uint32_t seed, bool with_mistakes = true);
Result<Json> WorkingForPart(const Json& exercise, const Json& part, uint32_t seed);

}  // namespace attn
