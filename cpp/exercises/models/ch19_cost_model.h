// Chapter 19's cost exercises (model "ch19.cost"): the score tensor's shape and size, the
// bytes to store the weights, and the order of the arithmetic as a polynomial in T, S,
// D_k and D_v.
#pragma once

#include "answers/grading.h"
#include "exercises/exercise_inputs.h"

namespace attn {

Result<GradeRequest> Ch19CostRequest(const Json& exercise, const Json& part);
Result<Json> Ch19CostWorking(const Json& exercise);

}  // namespace attn
