// The steps of judging one reading (Judge, grading.h), each in its own file. Internal to
// cpp/answers/.
//   judge_value.cc      a value against one quantity: the decimal rule, units, shapes, the exact
//                       form, near misses; an incorrect verdict names the mistakes that reproduce it
//   position_grading.cc a position, an option or a select-all set
//   judge_follow_on.cc  the value that follows from the learner's earlier answers
//   judge_departure.cc  another part's value, another step's, two entries swapped, a sum not 1
#pragma once

#include <optional>

#include "answers/grading.h"

namespace attn::grading {

// The request's rules with another expected value and no candidates (what a follow-on or an
// alternative is judged by).
GradeRequest RulesFor(const GradeRequest& request, const Quantity& expected);

// A value reading against request.expected; with `name_mistakes`, a verdict that is not right names
// the request's mistakes that reproduce the answer.
Verdict JudgeValue(const Reading& reading, const GradeRequest& request, bool name_mistakes);

// Whether the reading is right for `value` under the request's rules (no mistakes, no candidates).
bool Agrees(const Reading& reading, const GradeRequest& request, const Quantity& value);

Verdict JudgePosition(const Reading& reading, const GradeRequest& request);

// The verdict when the answer follows from one of request.follow_ons; nullopt when none.
std::optional<Verdict> FollowOnVerdict(const Reading& reading, const GradeRequest& request, const Verdict& graded);

// An unexplained wrong answer: the other part it answers, or where it departs from the part's
// step, said in the verdict (feedback and departure) where something true can be said.
void ExplainDeparture(const Reading& reading, const GradeRequest& request, Verdict& v);

}  // namespace attn::grading
