// Grading one answer (grading.h): the text read once (reading.h), then judged: against the right
// value (judge_value.cc, position_grading.cc), then, where it is not right, against what follows
// from the learner's earlier answers (judge_follow_on.cc), and for an answer no mistake explains,
// where it departs from the part's step (judge_departure.cc).
#include "answers/grading.h"

#include <algorithm>

#include "answers/judge_steps.h"
#include "answers/judging.h"

namespace attn {

const char kDecimalRule[] =
    "The decimal rule: each decimal counts when it equals the value rounded to the places it "
    "shows, with at least 3 significant figures (a decimal that is the value itself, such as "
    "0.25 for 1/4, always counts); one unit off in the last place is a near miss.";

const char kEvaluatedRule[] =
    "An expression with no exact form here (such as e^0.5) is evaluated in long double "
    "precision and counts when it agrees with the value to a relative 1e-9.";

std::string VerdictName(Verdict::Kind kind) {
  switch (kind) {
    case Verdict::Kind::kCorrect: return "correct";
    case Verdict::Kind::kIncorrect: return "incorrect";
    case Verdict::Kind::kInvalid: return "invalid";
  }
  return "invalid";
}

Verdict Grade(std::string_view text, const GradeRequest& request) { return Judge(ReadAnswer(text, request), request); }

Verdict Judge(const Reading& reading, const GradeRequest& request) {
  const bool position = request.expected.kind == Quantity::Kind::kPosition;
  Verdict v = position ? grading::JudgePosition(reading, request) : grading::JudgeValue(reading, request, true);
  if (v.kind == Verdict::Kind::kCorrect) return v;
  if (auto followed = grading::FollowOnVerdict(reading, request, v)) return *followed;
  grading::ExplainDeparture(reading, request, v);
  return v;
}

std::optional<Answer> ValueOf(const Reading& reading, const GradeRequest& request) {
  if (reading.kind != Reading::Kind::kValue) return std::nullopt;
  const Answer& answer = reading.value;
  // A shape with an axis too few or too many is still a shape: what is built on it (its count)
  // can follow from it.
  const bool any_axes =
      request.shape && answer.is_list() &&
      std::none_of(answer.items.begin(), answer.items.end(), [](const Answer& a) { return a.is_list(); });
  if (!any_axes && !SameShape(answer, request.expected)) return std::nullopt;
  for (const Answer* leaf : answer.Leaves())
    if (leaf->kind != Answer::Kind::kNumber || (leaf->big_o && !request.leading_order)) return std::nullopt;
  return answer;
}

}  // namespace attn
