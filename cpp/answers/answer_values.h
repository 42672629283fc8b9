// A learner's answer as the core's numbers, so that a later part can be recomputed from
// what the learner gave for an earlier one (follow-through): a number, a vector or a
// matrix, exact where every entry was typed in an exact form or as a decimal (a decimal is
// an exact rational), in double otherwise.
#pragma once

#include <optional>

#include "answers/answer.h"
#include "core/attention.h"

namespace attn {

// nullopt when the answer is not of that form, or (for the exact forms) when an entry is
// evaluated, or (for the double forms) when an entry has no numeric value.
std::optional<Exact> ExactOf(const Answer& a);
std::optional<double> DoubleOf(const Answer& a);
std::optional<Vec<Exact>> ExactVectorOf(const Answer& a);
std::optional<Vec<double>> DoubleVectorOf(const Answer& a);
std::optional<Mat<Exact>> ExactMatrixOf(const Answer& a);
std::optional<Mat<double>> DoubleMatrixOf(const Answer& a);

}  // namespace attn
