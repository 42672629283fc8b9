// What the API's calls share inside the core: one answer judged within a computed exercise (the
// verdict JSON GradeAnswerIn returns), what a learner who made a named mistake types, and the
// version of an exercise's content. DescribeExercise, GradeAnswerIn, DescribeMistakes and
// CheckExercise use the same ones, so that the check judges exactly as a learner is judged.
#pragma once

#include <string>

#include "api/follow_through.h"
#include "exercises/computed.h"

namespace attn {

Json VerdictIn(Computed& computed, const Json& part, const std::string& answer, const GradeContext& context);

// The answer a learner who made the mistake types: its value (exactly where it has an exact
// form), a list of the wrong length, its words, or the value with a tiny residue for an exact 0;
// null where no one answer shows it.
Json AnswerOf(const Misconception& m, const Quantity& expected);

// A short hash of the exercise's content (its JSON, whitespace and key order aside): an edited
// exercise has another version, so answers given against the old one are never silently
// judged against the new one.
std::string ExerciseVersion(const Json& exercise);

}  // namespace attn
