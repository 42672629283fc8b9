// Chapter 19's structured questions whose right answer is what the core does or holds:
//  - "ch19.roles" (exercise 1): the running example's arrays shown under letters in a
//    seeded order; each role is answered with a letter;
//  - "ch19.choice" (exercise 11): the all-masked-row policy, read off by running the
//    core's batched and single-query paths on an all-masked row;
//  - "ch19.open" (exercises 20 and 22): checklists, not graded.
#pragma once

#include <cstdint>

#include "exercises/exercise_inputs.h"
#include "answers/grading.h"

namespace attn {

Result<GradeRequest> Ch19RolesRequest(const Json& exercise, const Json& part, uint64_t seed);
Result<Json> Ch19RolesWorking(const Json& exercise, uint64_t seed);
Result<GradeRequest> Ch19ChoiceRequest(const Json& exercise, const Json& part);
// The demonstration beside the choice: what the batched path returns for the exercise's
// rows (weights, flags, count) and what the single-query read says for an empty row.
Result<Json> Ch19ChoiceWorking(const Json& exercise);

}  // namespace attn
