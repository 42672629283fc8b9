// A value reading judged against one quantity (judge_steps.h): units of the wrong kind, O(...)
// where a number is asked, words, shapes and ranks, then entry by entry (judging.h) under the
// decimal rule, with the exact form or the exact count where the part asks for it. A verdict that
// is not right names the mistakes that reproduce the answer (named_mistakes.h).
#include <algorithm>
#include <cmath>
#include <set>

#include "answers/answer_units.h"
#include "answers/judge_steps.h"
#include "answers/judging.h"
#include "answers/named_mistakes.h"
#include "answers/verdict_words.h"

namespace attn::grading {
namespace {

// A shape question whose answer has the wrong number of axes: say which axis is extra or
// missing without telling the sizes that are not there.
Verdict WrongRank(const GradeRequest& request, const Answer& answer, bool name_mistakes) {
  const auto& dims = answer.items;
  const auto& want = request.expected.items;
  auto size_of = [](const Answer& d) { return d.value.constant()->num(); };
  auto want_of = [](const Quantity& q) { return q.exact->constant()->num(); };
  std::string detail;
  if (dims.size() > want.size()) {
    // The extra axes, when the wanted shape is what is left after taking them out.
    std::vector<size_t> extra;
    size_t k = 0;
    for (size_t i = 0; i < dims.size(); ++i) {
      if (k < want.size() && size_of(dims[i]) == want_of(want[k]))
        ++k;
      else
        extra.push_back(i);
    }
    if (k == want.size() && extra.size() == 1) {
      detail = " The " + Ordinal(extra[0] + 1) + " axis you wrote (size " + std::to_string(size_of(dims[extra[0]])) +
               ") has no place in this tensor.";
    } else {
      detail = " It has " + std::to_string(dims.size() - want.size()) + " axis too many.";
    }
  } else {
    detail = " It is missing " + std::string(want.size() - dims.size() == 1 ? "an axis" : "axes") +
             ": which dimension did you leave out?";
  }
  return Incorrect(request, answer,
                   "Not correct: your shape has " + std::to_string(dims.size()) +
                       (dims.size() == 1 ? " axis" : " axes") + ", and that is not this tensor's number of axes." +
                       detail,
                   name_mistakes);
}

// The value an entry of the judgment is compared with.
const Quantity& ExpectedAt(const Quantity& expected, const std::vector<size_t>& path) {
  const Quantity* q = &expected;
  for (size_t i : path) q = &q->items[i];
  return *q;
}

// A near miss of a value that the places written show exactly (1.999 for e^a = 2, 0.249 for
// 1/4): nothing was there to round, so the advice is to work exactly, not to round better.
// An empty feedback when some near entry is not of that kind.
Verdict NearAnExactValue(const GradeRequest& request, const Answer& answer, const Judgment& judgment,
                         const std::vector<const EntryJudgment*>& near) {
  std::string values;
  for (size_t i = 0; i < near.size(); ++i) {
    const Quantity& q = ExpectedAt(request.expected, near[i]->path);
    if (!q.exact || !q.exact->constant()) return Verdict();
    long double v = *q.exact->to_long_double(), unit = near[i]->answer->unit;
    if (std::fabs(std::round(v / unit) * unit - v) > 1e-12L * std::max(1.0L, std::fabs(v))) return Verdict();
    values += (i == 0 ? "" : i + 1 == near.size() ? " and " : ", ") + q.ExactText();
  }
  size_t total = judgment.entries.size();
  std::string which = total == 1 ? "your answer is"
                                 : "in your answer, " + EntriesText(near, total) + (near.size() == 1 ? " is" : " are");
  bool plural = near.size() > 1;
  std::string reason = request.parse.symbols.count("a")
                           ? " This chapter's values are exact: with a = ln 2, e^a = 2 and e^(-a) = 1/2, so work "
                             "them out exactly instead of from a rounded a."
                           : " Work it out exactly; there is nothing to round.";
  Verdict v;
  v.kind = Verdict::Kind::kIncorrect;
  v.read_as = answer.ReadAs();
  v.misconception = "exact-value-approximated";
  v.misconceptions = {v.misconception};
  v.feedback = "Not quite: " + which + " one unit off in the last digit from " + (plural ? "values" : "a value") +
               " that " + (plural ? "are" : "is") + " exact and need" + (plural ? "" : "s") + " no rounding" +
               (request.reveal_values ? " (" + values + ")" : "") + "." + reason;
  return v;
}

}  // namespace

GradeRequest RulesFor(const GradeRequest& request, const Quantity& expected) {
  GradeRequest rules;
  rules.expected = expected;
  rules.require_exact = request.require_exact;
  rules.count = request.count;
  rules.shape = request.shape;
  rules.bytes = request.bytes;
  rules.leading_order = request.leading_order;
  rules.parse = request.parse;
  rules.reveal_values = request.reveal_values;
  return rules;
}

bool Agrees(const Reading& reading, const GradeRequest& request, const Quantity& value) {
  return JudgeValue(reading, RulesFor(request, value), false).kind == Verdict::Kind::kCorrect;
}

Verdict JudgeValue(const Reading& reading, const GradeRequest& request, bool name_mistakes) {
  if (reading.kind != Reading::Kind::kValue) return Invalid(reading.read_as, reading.message);
  const Answer& answer = reading.value;
  auto Incorrect = [&](const GradeRequest& r, const Answer& a, std::string feedback) {
    return grading::Incorrect(r, a, std::move(feedback), name_mistakes);
  };
  auto FindMisconceptions = [&](const GradeRequest& r, const Answer& a) {
    return name_mistakes ? grading::FindMisconceptions(r, a) : std::vector<const Misconception*>{};
  };
  // A unit of the wrong kind, or a decimal prefix where the binary one fits (or the reverse).
  if (reading.unit && reading.unit->bytes && !request.bytes) {
    return Incorrect(request, answer, "Not correct: this part counts numbers, not bytes.");
  }
  if (reading.unit && !reading.unit->bytes && reading.unit->words_power == 0 && request.bytes) {
    // A count of numbers (or elements) where bytes are asked: wrong whatever the number, and its
    // own mistake named as well where one gives it.
    Verdict v = Incorrect(request, answer, "");
    const std::string lead = "Not correct: this part asks for bytes, and you wrote " + reading.unit->unit + ".";
    static const std::string kQuite = "Not quite";
    std::string rest = v.feedback.rfind(kQuite, 0) == 0 ? v.feedback.substr(kQuite.size()) : "";
    if (!rest.empty() && (rest[0] == ':' || rest[0] == '.')) rest = Capitalised(rest.substr(rest[0] == ':' ? 2 : 1));
    v.feedback = lead + (rest.empty() ? " Each number takes some bytes: count the bytes." : " " + rest);
    v.misconceptions.insert(v.misconceptions.begin(), "numbers-for-bytes");
    v.misconception = "numbers-for-bytes";
    v.near_miss = false;
    v.derived = false;
    return v;
  }
  if (reading.unit && reading.unit->bytes && request.expected.kind == Quantity::Kind::kNumber) {
    if (auto other = OtherFamily(*reading.unit)) {
      Answer swapped = answer;
      Rational ratio = other->factor / reading.unit->factor;
      swapped.value *= Exact(ratio);
      swapped.unit *= ratio.to_long_double();
      if (Judge(swapped, request.expected).Consistent() && !Judge(answer, request.expected).Consistent()) {
        bool decimal = reading.unit->unit.find('i') == std::string::npos;
        Verdict v;
        v.kind = Verdict::Kind::kIncorrect;
        v.read_as = answer.ReadAs();
        v.misconception = "units-decimal-vs-binary";
        v.misconceptions = {v.misconception};
        v.feedback = "Not quite: you wrote " + reading.unit->unit + ", a " + (decimal ? "decimal" : "binary") +
                     " unit (" + (decimal ? "powers of 1000" : "powers of 1024") + "), but the count matches " +
                     other->unit + " (" + (decimal ? "powers of 1024" : "powers of 1000") +
                     "): a kB is 1000 bytes and a KiB 1024, and each prefix after that multiplies by the same again.";
        return v;
      }
    }
  }

  // O(...) states how a cost grows; where a number is asked, it is not an answer.
  if (!request.leading_order) {
    for (const Answer* leaf : answer.Leaves()) {
      if (!leaf->big_o) continue;
      return Invalid(answer.ReadAs(),
                     "O(...) describes how a cost grows with the sizes; this part asks for " +
                         std::string(request.expected.kind == Quantity::Kind::kList ? "values" : "a value") +
                         ", so write it without O(...).");
    }
  }

  // Words such as NaN are read only so that the mistake that produces them can be named, or
  // where the value itself is NaN or infinite (what a naive softmax returns).
  for (const Answer* leaf : answer.Leaves()) {
    if (leaf->kind != Answer::Kind::kWord || request.expected.HasNotFinite()) continue;
    if (auto found = FindMisconceptions(request, answer); !found.empty()) return Named(request, answer.ReadAs(), found);
    return Invalid(answer.ReadAs(), leaf->word + " is not a value this part can have: give numbers.");
  }

  if (request.shape && answer.is_list() && answer.items.size() != request.expected.items.size()) {
    return WrongRank(request, answer, name_mistakes);
  }
  if (!SameShape(answer, request.expected)) {
    if (auto found = FindMisconceptions(request, answer); !found.empty()) return Named(request, answer.ReadAs(), found);
    // The example is a fixed number, never one of the exercise's (a hidden value must not be shown).
    const bool taken = request.expected.kind == Quantity::Kind::kNumber && request.expected.approx == 12345;
    std::string extra = request.count && answer.is_list()
                            ? std::string(" A space or comma separates entries unless it groups digits in threes (") +
                                  (taken ? "23,456 or 23 456" : "12,345 or 12 345") + ")."
                            : "";
    std::string mine = Describe(answer), wanted = request.expected.ShapeText();
    Verdict v = Invalid(answer.ReadAs(), mine == wanted
                                             ? "This part needs " + wanted + " in a different arrangement."
                                             : "This part needs " + wanted + "; your answer is " + mine + "." + extra);
    v.shape_mismatch = true;
    return v;
  }

  Judgment judgment = Judge(answer, request.expected, request.leading_order);
  size_t total = judgment.entries.size();
  // With the values hidden, a verdict that costs nothing must not depend on the value: unless
  // the whole answer is right, a decimal with too few figures, or an approximation where the
  // exact form or count is asked, is not checked, whatever its digits.
  if (!request.reveal_values && judgment.worst > Match::kEvaluated) {
    std::vector<const EntryJudgment*> few, approximate;
    for (const auto& e : judgment.entries) {
      if (e.match == Match::kExact) continue;
      if (e.answer->is_decimal() && e.answer->significant < kMinSignificant) few.push_back(&e);
      if (e.answer->is_decimal() || e.answer->evaluated) approximate.push_back(&e);
    }
    if (!few.empty()) {
      std::string which =
          total == 1 ? "your answer has" : EntriesText(few, total) + (few.size() == 1 ? " has" : " have");
      return Invalid(answer.ReadAs(), "Not checked: " + which +
                                          " fewer than 3 significant figures, and a decimal needs at least 3 to be "
                                          "checked here. Write more digits, or the exact form.");
    }
    if (!approximate.empty() && (request.require_exact || request.count)) {
      return Invalid(answer.ReadAs(), request.require_exact
                                          ? "Not checked: this part asks for the exact form (fractions, with a for ln "
                                            "2), so a decimal or an evaluated expression is not checked here."
                                          : "Not checked: this part asks for the exact count, so a rounded number is "
                                            "not checked here: write every digit.");
    }
  }
  Verdict v;
  v.read_as = answer.ReadAs();
  switch (judgment.worst) {
    case Match::kExact:
    case Match::kEvaluated:
    case Match::kRounded: {
      bool rounded = !EntriesWith(judgment, Match::kRounded).empty();
      bool evaluated = !EntriesWith(judgment, Match::kEvaluated).empty();
      if (request.require_exact && (rounded || evaluated) && !request.expected.ExactText().empty()) {
        return Invalid(answer.ReadAs(),
                       "Your answer agrees with the value, but this part asks for the exact form "
                       "(fractions, with a for ln 2).");
      }
      if (request.count && (rounded || evaluated)) {
        return Invalid(answer.ReadAs(),
                       "Your answer agrees with the count to the digits you wrote, but this part "
                       "asks for the exact count: write every digit.");
      }
      v.kind = Verdict::Kind::kCorrect;
      v.feedback = "Correct.";
      if (request.leading_order) {
        v.feedback = request.reveal_values
                         ? "Correct: to leading order (constant factors and smaller terms dropped), your answer is " +
                               request.expected.ExactText() + "."
                         : "Correct: to leading order (constant factors and smaller terms dropped).";
      }
      if (rounded) {
        std::set<int> places;
        for (const auto* e : EntriesWith(judgment, Match::kRounded)) places.insert(e->answer->decimals);
        std::string at = places.size() == 1 && *places.begin() >= 0 && answer.Leaves()[0]->unit_word.empty()
                             ? "at the " + std::to_string(*places.begin()) + " decimal places you wrote"
                             : "to the places you wrote";
        v.feedback = "Correct " + at + (request.reveal_values ? ": the value is " + request.expected.Text() : "") +
                     ". " + kDecimalRule;
      }
      if (evaluated) v.feedback += std::string(" ") + kEvaluatedRule;
      return v;
    }
    case Match::kTooFew: {
      auto few = EntriesWith(judgment, Match::kTooFew);
      std::string what = total == 1 ? "your answer agrees with the value at " + PlacesText(*few[0]->answer)
                                    : EntriesText(few, total) + (few.size() == 1 ? " agrees" : " agree") +
                                          " with the value at the places shown";
      // A count is exact: "1 million" for 1,048,576 is a rounded figure, not a decimal to refine.
      if (request.count)
        return Invalid(answer.ReadAs(),
                       "Your answer agrees with the count only as a rounded figure, but this part asks for the exact "
                       "count: write every digit (a product such as 2^20 is fine).");
      return Invalid(answer.ReadAs(), "Too few digits to check: " + what +
                                          ", but a decimal needs at least 3 significant figures. Write more digits, "
                                          "or the exact form. " +
                                          kDecimalRule);
    }
    case Match::kNear: {
      auto near = EntriesWith(judgment, Match::kNear);
      if (!request.reveal_values) {
        // The direction of the miss would give the value away: worded as any wrong answer.
        Verdict wrong = Incorrect(request, answer, "Not correct. Check each step against the hint.");
        wrong.near_miss = wrong.misconception.empty();
        return wrong;
      }
      if (Verdict exact = NearAnExactValue(request, answer, judgment, near); !exact.feedback.empty()) return exact;
      bool all_low = std::all_of(near.begin(), near.end(), [](const EntryJudgment* e) { return e->low; });
      bool all_high = std::none_of(near.begin(), near.end(), [](const EntryJudgment* e) { return e->low; });
      std::string which = total == 1
                              ? "Your answer is"
                              : "In your answer, " + EntriesText(near, total) + (near.size() == 1 ? " is" : " are");
      std::string direction = all_low    ? " one unit too low in the last digit: was it truncated instead of rounded?"
                              : all_high ? " one unit too high in the last digit: check the rounding."
                                         : " one unit off in the last digit: check the rounding.";
      Verdict missed = Incorrect(request, answer, "A near miss. " + which + direction + " " + kDecimalRule);
      missed.near_miss = missed.misconception.empty();
      return missed;
    }
    case Match::kNo: {
      auto wrong = EntriesWith(judgment, Match::kNo);
      for (const auto* e : EntriesWith(judgment, Match::kNear)) wrong.push_back(e);
      std::sort(wrong.begin(), wrong.end(),
                [](const EntryJudgment* x, const EntryJudgment* y) { return x->path < y->path; });
      // (With the values hidden, which entries match is not said: it would confirm the others.)
      std::string which =
          request.reveal_values && total > 1 && wrong.size() < total
              ? " In your answer, " + EntriesText(wrong, total) + (wrong.size() == 1 ? " does" : " do") + " not match."
              : "";
      return Incorrect(request, answer, "Not correct." + which + " Check each step against the hint.");
    }
  }
  return v;
}

}  // namespace attn::grading
