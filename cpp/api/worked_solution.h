// A part's worked solution, for a learner who asks for it after several wrong checks: the
// inputs the part's step reads, then each declared step from them to the part's own, named by
// the chapters' quantity (its noun, and its formula in the chapters' notation where the
// operation gives one) with this variant's value:
//
//   query = [0.8, -0.3, 0.5] (given)
//   Scores $e_i$: [1, 2, 0.500]
//   Exponentials $\exp(e_i)$: [2.718282, 7.389056, 1.648721]
//   Total $\sum_j \exp(e_j)$: 11.756059
//   Weights $\alpha_i=\exp(e_i)/\sum_j \exp(e_j)$: [0.231224, 0.628532, 0.140244]
//
// Every value is the core's, written as the grader accepts it back.
#pragma once

#include "exercises/computed.h"

namespace attn {

Result<Json> SolutionOf(Computed& computed, const Json& part);

}  // namespace attn
