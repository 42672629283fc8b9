// Follow-through's verdict (judge_steps.h): a part judged on the learner's own earlier answers,
// as a teacher judges it. An answer that is wrong against the exact value but right for what
// follows from the learner's answers to the parts it is computed from is credited (or, under a
// policy that only notes it, told so); one that follows from earlier answers that cannot be right
// (weights that do not add up to 1, states a ReLU encoder cannot make) is not, and the verdict
// says why.
#include <algorithm>

#include "answers/judge_steps.h"
#include "answers/verdict_words.h"

namespace attn::grading {
namespace {

// The reading judged against a follow-on's value: position or value, no mistakes named.
Verdict Against(const Reading& reading, const GradeRequest& rules) {
  if (rules.expected.kind == Quantity::Kind::kPosition) return JudgePosition(reading, rules);
  return JudgeValue(reading, rules, false);
}

// Whether some entry of the reading was typed as a decimal.
bool TypedDecimal(const Reading& reading) {
  if (reading.kind != Reading::Kind::kValue) return false;
  const auto leaves = reading.value.Leaves();
  return std::any_of(leaves.begin(), leaves.end(), [](const Answer* leaf) { return leaf->is_decimal(); });
}

Verdict Impossible(const FollowOn& way, const Verdict& graded) {
  Verdict out = graded;
  out.kind = graded.kind == Verdict::Kind::kInvalid ? Verdict::Kind::kInvalid : Verdict::Kind::kIncorrect;
  std::string why =
      way.earlier_impossible
          ? "It does follow from " + way.yours + ", but that answer cannot be right: " + *way.earlier_impossible + "."
          : "It does follow from " + way.yours + ", but " + *way.impossible + ", so " +
                (way.several ? "those answers are not all right" : "that answer is not right") + " either.";
  if (out.misconception.empty()) {
    // The earlier answer's own mistake, where one explains it.
    if (!way.earlier_mistakes.empty()) {
      out.misconceptions = way.earlier_mistakes;
      why += " " + way.earlier_words;
    } else {
      out.misconceptions = {"follows-impossible-value"};
    }
    out.misconception = out.misconceptions.front();
    out.feedback = "Not correct. " + why;
  } else {
    out.feedback += " " + why;
  }
  out.near_miss = false;
  out.followed = Verdict::Followed{way.from, false, true};
  return out;
}

}  // namespace

std::optional<Verdict> FollowOnVerdict(const Reading& reading, const GradeRequest& request, const Verdict& graded) {
  for (const FollowOn& way : request.follow_ons) {
    if (way.value.SameAs(request.expected)) continue;
    const GradeRequest rules = RulesFor(request, way.value);
    const Verdict judged = Against(reading, rules);
    // Right for the learner's own numbers but not in the exact form this part asks for: not
    // graded, and told both. A value computed from decimals has no exact form to give: in
    // decimals it is right only for the numbers typed, so it is told the same.
    bool form_only = false;
    if (request.require_exact && (judged.kind == Verdict::Kind::kInvalid || way.from_decimals)) {
      GradeRequest any_form = rules;
      any_form.require_exact = false;
      form_only = (judged.kind == Verdict::Kind::kInvalid || TypedDecimal(reading)) &&
                  Against(reading, any_form).kind == Verdict::Kind::kCorrect;
    }
    if (judged.kind != Verdict::Kind::kCorrect && !form_only) continue;
    if (way.earlier_impossible || way.impossible) return Impossible(way, graded);
    Verdict out;
    out.read_as = judged.read_as;
    out.followed = Verdict::Followed{way.from, request.follow_on_counts, false};
    const bool rounded = judged.feedback.find(kDecimalRule) != std::string::npos;
    if (form_only) {
      out.kind = Verdict::Kind::kInvalid;
      out.feedback = "This follows from " + way.yours +
                     ", but this part asks for the exact form (fractions, with a for ln 2). This check did not count "
                     "as an attempt.";
    } else if (request.follow_on_counts) {
      out.kind = Verdict::Kind::kCorrect;
      out.feedback =
          "Correct, following on from " + way.yours + ": computed from the numbers you gave there, this is right." +
          (request.reveal_values ? " From the exact values it would be " + request.expected.Text() + "." : "") +
          (rounded ? std::string(" ") + kDecimalRule : "");
    } else {
      out.kind = graded.kind == Verdict::Kind::kInvalid ? Verdict::Kind::kInvalid : Verdict::Kind::kIncorrect;
      out.feedback =
          "Not correct against the exact values, but it follows correctly from " + way.yours +
          ". Here each part is marked against the exact values: " +
          (way.all_right ? "work from the unrounded values (keep more digits) " : "put right what you gave there ") +
          "and this part follows." +
          (graded.kind == Verdict::Kind::kInvalid ? " This check did not count as an attempt." : "");
    }
    return out;
  }
  return std::nullopt;
}

}  // namespace attn::grading
