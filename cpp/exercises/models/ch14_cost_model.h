// Chapter 14's storage and work counts as exercises (model "ch14.cost").
#pragma once

#include "answers/grading.h"
#include "exercises/exercise_inputs.h"

namespace attn {

Result<GradeRequest> Ch14CostRequest(const Json& exercise, const Json& part);
Result<Json> Ch14CostWorking(const Json& exercise);

}  // namespace attn
