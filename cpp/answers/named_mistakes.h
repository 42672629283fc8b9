// Naming the mistake behind a wrong answer: the known mistakes of the part's family whose
// wrong method reproduces the answer (at the digits it shows), at most two named, and the
// incorrect verdict that names them. Internal to cpp/answers/.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "answers/answer.h"
#include "answers/grading.h"

namespace attn::grading {

// The known mistakes that reproduce the answer, in the model's order, without the ones that
// yield to another that also reproduces it, and without repeating an explanation.
std::vector<const Misconception*> Explaining(const GradeRequest& request,
                                             const std::function<bool(const Misconception&)>& reproduces);

std::vector<const Misconception*> FindMisconceptions(const GradeRequest& request, const Answer& answer);

// One mistake: "Not quite: <explanation>". Two: both are named, since the answer alone
// cannot tell which of them the learner made; of more, the first two in the model's order.
Verdict Named(const GradeRequest& request, std::string read_as, std::vector<const Misconception*> found);

// An incorrect verdict: the named mistakes when known ones reproduce the answer (and
// `name_mistakes`), else `feedback`.
Verdict Incorrect(const GradeRequest& request, const Answer& answer, std::string feedback, bool name_mistakes = true);

}  // namespace attn::grading
