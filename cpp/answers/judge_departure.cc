// What can truthfully be said of a wrong answer that no mistake explains (judge_steps.h): that it
// is another part's value (named, never its value), or where it departs from the part's step:
// another step's value of this variant, two entries swapped, weights whose own sum is not 1, a
// list of another length. Each sentence is true of the answer as read: a value named is one the
// answer is right for, a swap is one that makes it right, a sum is the sum of the learner's own
// numbers. With the values hidden, only what needs no hidden number is said.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "answers/judge_steps.h"

namespace attn::grading {
namespace {

std::string Count(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// The answer's entries as typed: each a number with an exact value (a typed decimal is exact as
// written); nullopt where an entry has none (e^x, a word).
std::optional<std::vector<const Answer*>> TypedNumbers(const Answer& list) {
  std::vector<const Answer*> out;
  if (list.kind != Answer::Kind::kList) return std::nullopt;
  for (const Answer& item : list.items) {
    if (item.kind != Answer::Kind::kNumber || item.evaluated || item.big_o || !item.unit_word.empty())
      return std::nullopt;
    if (!item.value.valid() || !item.value.constant()) return std::nullopt;
    out.push_back(&item);
  }
  return out;
}

// "1.12" (decimals typed: the sum at the most places typed) or "7/6" (fractions typed).
std::string SumText(const Rational& sum, const std::vector<const Answer*>& entries) {
  int places = -1;
  for (const Answer* a : entries) places = std::max(places, a->decimals);
  if (places < 0) return sum.to_string();
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*Lf", places, sum.to_long_double());
  std::string s = buffer;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

// Whether a row of the expected weights adds up to 1 (a softmax's row with a source to read).
bool SumsToOne(const Quantity& row) {
  if (row.kind != Quantity::Kind::kList || row.items.empty()) return false;
  Exact exact_sum;
  bool exact = true;
  double sum = 0;
  for (const Quantity& item : row.items) {
    if (item.kind != Quantity::Kind::kNumber || !std::isfinite(item.approx)) return false;
    sum += item.approx;
    if (item.exact)
      exact_sum += *item.exact;
    else
      exact = false;
  }
  if (exact) {
    auto c = exact_sum.constant();
    return c && *c == Rational(1);
  }
  return std::fabs(sum - 1) < 1e-9;
}

// The learner's weights whose own sum is not 1 (where no rounding of the typed places makes it 1).
std::optional<std::string> SumDeparture(const Quantity& expected, const Answer& read, const std::string& noun) {
  std::vector<std::pair<const Quantity*, const Answer*>> rows;
  const bool matrix = expected.kind == Quantity::Kind::kList && !expected.items.empty() &&
                      expected.items[0].kind == Quantity::Kind::kList;
  if (!matrix) {
    rows.push_back({&expected, &read});
  } else {
    if (read.kind != Answer::Kind::kList || read.items.size() != expected.items.size()) return std::nullopt;
    for (size_t r = 0; r < expected.items.size(); ++r) rows.push_back({&expected.items[r], &read.items[r]});
  }
  for (size_t r = 0; r < rows.size(); ++r) {
    const auto& [right, typed] = rows[r];
    if (!SumsToOne(*right)) continue;
    auto entries = TypedNumbers(*typed);
    if (!entries || entries->size() != right->items.size()) continue;
    Rational sum(0);
    long double slack = 0;
    for (const Answer* a : *entries) {
      sum = sum + *a->value.constant();
      slack += a->unit / 2;
    }
    if (!sum.valid()) continue;
    if (std::fabs(static_cast<double>(sum.to_long_double() - 1)) <= static_cast<double>(slack) + 1e-12) continue;
    const std::string total = SumText(sum, *entries);
    if (!matrix)
      return "Your " + noun + " add up to " + total + ", not 1: the weights of a softmax always add up to 1.";
    return "Row " + std::to_string(r + 1) + " of your " + noun + " adds up to " + total +
           ", not 1: each row of a softmax's weights adds up to 1.";
  }
  return std::nullopt;
}

// "that answers part 4 (weights)": exactly one other part's (distinct) value is right for it.
bool AnotherPart(const Reading& reading, const GradeRequest& request, Verdict& v) {
  const Alternative* match = nullptr;
  for (const Alternative& other : request.alternatives) {
    if (other.kind != Alternative::Kind::kOtherPart) continue;
    GradeRequest theirs = RulesFor(request, other.value);
    theirs.require_exact = other.require_exact;
    theirs.count = other.count;
    theirs.bytes = other.bytes;
    theirs.leading_order = other.leading_order;
    if (JudgeValue(reading, theirs, false).kind != Verdict::Kind::kCorrect) continue;
    // Several parts may ask for the same quantity (weights, and weights at temperature 1).
    if (match && match->value.SameAs(other.value)) continue;
    if (match) return false;
    match = &other;
  }
  if (!match) return false;
  v.kind = Verdict::Kind::kIncorrect;
  v.derived = false;
  v.misconception = "answered-another-part";
  v.misconceptions = {v.misconception};
  v.near_miss = false;
  v.feedback = "Not quite: that answers " + match->name + ", not this part. Check which quantity this part asks for.";
  return true;
}

std::optional<Verdict::Departure> DepartureOf(const Reading& reading, const GradeRequest& request, bool wrong) {
  const Quantity& expected = request.expected;
  const Answer& read = reading.value;
  // A list of another length: the learner's count of entries, and the part's (which the inputs show).
  if (expected.kind == Quantity::Kind::kList && read.kind == Answer::Kind::kList &&
      read.items.size() != expected.items.size()) {
    const bool rows = !expected.items.empty() && expected.items[0].kind == Quantity::Kind::kList;
    const char* one = rows ? "row" : "entry";
    const char* many = rows ? "rows" : "entries";
    return Verdict::Departure{request.step, "length",
                              "Your list has " + Count(read.items.size(), one, many) + "; this part asks for " +
                                  Count(expected.items.size(), one, many) + "."};
  }
  if (!wrong) return std::nullopt;
  if (request.reveal_values) {
    // The value of another step (or another field of this one), or a given input, of this variant.
    std::set<std::string> nouns;
    std::string step_named;
    for (const Alternative& other : request.alternatives) {
      if (other.kind != Alternative::Kind::kOtherStep || !Agrees(reading, request, other.value)) continue;
      nouns.insert(other.name);
      if (step_named.empty()) step_named = other.step;
    }
    if (nouns.size() == 1 && *nouns.begin() != request.noun)
      return Verdict::Departure{step_named, "other-step",
                                "Your answer is the exercise's " + *nouns.begin() + ", not its " + request.noun + "."};
    // Two entries (or rows) swapped, every other one right.
    if (expected.kind == Quantity::Kind::kList && read.kind == Answer::Kind::kList &&
        read.items.size() == expected.items.size() && expected.items.size() >= 2) {
      const bool rows = expected.items[0].kind == Quantity::Kind::kList;
      for (size_t i = 0; i < expected.items.size(); ++i) {
        for (size_t j = i + 1; j < expected.items.size(); ++j) {
          if (expected.items[i].SameAs(expected.items[j])) continue;
          Quantity swapped = expected;
          std::swap(swapped.items[i], swapped.items[j]);
          if (!Agrees(reading, request, swapped)) continue;
          const std::string which =
              std::string(rows ? "rows " : "entries ") + std::to_string(i + 1) + " and " + std::to_string(j + 1);
          return Verdict::Departure{
              request.step, "swapped",
              "Your " + which + " are swapped; every other " + (rows ? "row" : "entry") + " is right."};
        }
      }
    }
  }
  if (request.weights) {
    if (auto sentence = SumDeparture(expected, read, request.noun))
      return Verdict::Departure{request.step, "sum", *sentence};
  }
  return std::nullopt;
}

}  // namespace

void ExplainDeparture(const Reading& reading, const GradeRequest& request, Verdict& v) {
  if (reading.kind != Reading::Kind::kValue || (!v.misconception.empty() && !v.derived)) return;
  const bool wrong = v.kind == Verdict::Kind::kIncorrect;
  if (!wrong && !(v.kind == Verdict::Kind::kInvalid && v.shape_mismatch)) return;
  // Another part's value is a better story than a derived mistake that happens to give it. (Saying
  // "that is part 4's value" would confirm part 4's hidden value for free.)
  if (request.reveal_values && AnotherPart(reading, request, v)) return;
  if (!v.misconception.empty()) return;
  if (request.shape || request.leading_order || request.noun.empty()) return;
  v.departure = DepartureOf(reading, request, wrong);
  if (!v.departure || v.departure->kind == "length") return;  // a length is said by the verdict itself
  static const std::string kHintLine = " Check each step against the hint.";
  std::string& f = v.feedback;
  if (f.size() >= kHintLine.size() && f.compare(f.size() - kHintLine.size(), kHintLine.size(), kHintLine) == 0)
    f.insert(f.size() - kHintLine.size(), " " + v.departure->sentence);
  else
    f += (f.empty() ? "" : " ") + v.departure->sentence;
}

}  // namespace attn::grading
