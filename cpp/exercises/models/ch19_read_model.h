// Chapter 19's exercises on one query (model "ch19.read"): score functions, temperature,
// masks, softmax, context, entropy, coordinate ranges, the stable-vs-naive softmax and
// the value-replacement intervention, in double. As in Chapter 14, each known mistake is
// a wrong method run on the same inputs.
#pragma once

#include "exercises/exercise_inputs.h"
#include "answers/grading.h"

namespace attn {

enum class Ch19Method {
  kCorrect,
  kMaskAfterSoftmax,       // masked entries zeroed after softmax, not renormalised
  kTemperatureMultiplied,  // scores multiplied by the temperature instead of divided
  kScaledVsUnscaled,       // dot product and scaled dot product swapped
  kBilinearTransposed,     // q^T W^T k instead of q^T W k
};

struct Ch19Read {
  Vec<double> scores;   // before temperature
  Eligibility eligible; // empty when no mask
  Vec<double> weights;
  Mat<double> values;   // empty when the exercise has none
  Vec<double> context;  // empty when the exercise has no values
};

Result<Ch19Read> Ch19ReadOf(const Json& exercise, const Json& part, Ch19Method method);
// with_mistakes = false computes only what a right answer is checked against (no known
// mistakes), for the other-part search and the variants' check.
Result<GradeRequest> Ch19ReadRequest(const Json& exercise, const Json& part, bool with_mistakes = true);
Result<Json> Ch19ReadWorking(const Json& exercise, const Json& part);

// A mask written as "[1, 1, 1, 0, 0]" or "[true, true, true, false, false]".
Result<Eligibility> MaskInput(const Json& exercise, const Json& part, const std::string& key);

}  // namespace attn
