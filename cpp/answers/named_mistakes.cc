// Naming the mistake behind a wrong answer (named_mistakes.h).
#include "answers/named_mistakes.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "answers/judging.h"
#include "answers/verdict_words.h"

namespace attn::grading {
namespace {

// What the learner is told about a named mistake: its explanation, or, where values are
// hidden and the explanation uses a computed value, its wording without values.
const std::string& ExplanationFor(const GradeRequest& request, const Misconception& m) {
  return !request.reveal_values && !m.without_values.empty() ? m.without_values : m.explanation;
}

// The most mistakes one verdict explains in words, the likeliest first; every one that gives the
// answer is listed by tag, and the feedback says how many more there are.
constexpr size_t kMostExplained = 3;

// Whether a mistake of this family may be named for this part: position mistakes for
// positions and options, shape mistakes for tensor shapes, and for numbers the arithmetic
// mistakes and the lists of the wrong length.
bool FitsPart(const GradeRequest& request, const Misconception& m) {
  if (request.expected.kind == Quantity::Kind::kPosition) return m.family == Misconception::Family::kPosition;
  if (request.shape) return m.family == Misconception::Family::kShape;
  return m.family != Misconception::Family::kPosition;
}

// Every entry that is exactly 0 typed as a small number that is not 0, the rest consistent.
bool TinyForZero(const Answer& answer, const Quantity& expected) {
  Judgment j = Judge(answer, expected);
  bool tiny = false;
  for (const auto& e : j.entries) {
    if (e.match <= Match::kTooFew) continue;
    const Quantity* q = &expected;
    for (size_t i : e.path) q = &q->items[i];
    auto typed = e.answer->Value();
    bool zero = q->exact ? q->exact->is_zero() : q->approx == 0;
    if (!zero || !typed || *typed == 0 || std::fabs(*typed) > kTinyForZero) return false;
    tiny = true;
  }
  return tiny;
}

// Every entry that overflows to inf typed as a number beyond a double's range, the rest consistent.
bool BeyondDouble(const Answer& answer, const Quantity& expected) {
  if (!SameShape(answer, expected)) return false;
  std::vector<const Answer*> leaves = answer.Leaves();
  std::vector<const Quantity*> entries;
  std::function<void(const Quantity&)> flatten = [&](const Quantity& q) {
    if (q.kind == Quantity::Kind::kList) {
      for (const Quantity& item : q.items) flatten(item);
    } else {
      entries.push_back(&q);
    }
  };
  flatten(expected);
  if (entries.size() != leaves.size()) return false;
  bool any = false;
  for (size_t i = 0; i < leaves.size(); ++i) {
    if (entries[i]->kind == Quantity::Kind::kNumber && std::isinf(entries[i]->approx) && entries[i]->approx > 0) {
      if (!leaves[i]->BeyondDouble() || leaves[i]->number < 0) return false;
      any = true;
    } else if (!Judge(*leaves[i], *entries[i]).Consistent()) {
      return false;
    }
  }
  return any;
}

bool Reproduces(const GradeRequest& request, const Misconception& m, const Answer& answer) {
  if (m.beyond_double) return BeyondDouble(answer, request.expected);
  if (!m.words.empty()) {
    for (const Answer* leaf : answer.Leaves())
      if (leaf->kind == Answer::Kind::kWord && std::find(m.words.begin(), m.words.end(), leaf->word) != m.words.end())
        return true;
    return false;
  }
  if (m.tiny_for_zero) return SameShape(answer, request.expected) && TinyForZero(answer, request.expected);
  if (m.list_length) {
    return answer.is_list() && answer.items.size() == *m.list_length && !SameShape(answer, request.expected);
  }
  if (!m.value || m.value->kind == Quantity::Kind::kPosition || !SameShape(answer, *m.value)) return false;
  // A mistake is named only on an answer that shows enough digits to tell it apart: every
  // entry consistent with it, and some decimal entry with 3 significant figures.
  const Match worst = WorstMatch(answer, *m.value, request.leading_order);
  if (worst <= Match::kRounded) return true;
  if (worst == Match::kTooFew) {
    for (const Answer* leaf : answer.Leaves())
      if (leaf->is_decimal() && leaf->significant >= kMinSignificant) return true;
  }
  return false;
}

}  // namespace

std::vector<const Misconception*> Explaining(const GradeRequest& request,
                                             const std::function<bool(const Misconception&)>& reproduces) {
  std::vector<const Misconception*> found;
  for (const auto& m : request.misconceptions)
    if (FitsPart(request, m) && reproduces(m)) found.push_back(&m);
  std::vector<const Misconception*> out;
  for (const Misconception* m : found) {
    bool yields = std::any_of(found.begin(), found.end(), [&](const Misconception* other) {
      return std::find(m->yields_to.begin(), m->yields_to.end(), other->tag) != m->yields_to.end();
    });
    bool repeated = std::any_of(out.begin(), out.end(), [&](const Misconception* other) {
      return other->tag == m->tag || other->explanation == m->explanation;
    });
    if (!yields && !repeated) out.push_back(m);
  }
  return out;
}

std::vector<const Misconception*> FindMisconceptions(const GradeRequest& request, const Answer& answer) {
  return Explaining(request, [&](const Misconception& m) { return Reproduces(request, m, answer); });
}

Verdict Named(const GradeRequest& request, std::string read_as, std::vector<const Misconception*> found) {
  Verdict v;
  v.kind = Verdict::Kind::kIncorrect;
  v.read_as = std::move(read_as);
  v.derived = true;
  for (const Misconception* m : found) {
    v.misconceptions.push_back(m->tag);
    v.derived = v.derived && m->derived;
  }
  v.misconception = v.misconceptions.front();
  if (found.size() == 1) {
    v.feedback = "Not quite: " + ExplanationFor(request, *found[0]);
    return v;
  }
  static const char* const kCounts[] = {"Two", "Three"};
  const size_t explained = std::min(found.size(), kMostExplained);
  v.feedback = "Not quite. " +
               (found.size() <= kMostExplained ? std::string(kCounts[found.size() - 2]) + " different mistakes give"
                                               : std::to_string(found.size()) + " different mistakes give") +
               " exactly this answer" + (found.size() > kMostExplained ? "; the likeliest:" : ".");
  for (size_t i = 0; i < explained; ++i)
    v.feedback += std::string(i == 0 ? " " : " Or: ") + Capitalised(ExplanationFor(request, *found[i]));
  return v;
}

Verdict Incorrect(const GradeRequest& request, const Answer& answer, std::string feedback, bool name_mistakes) {
  if (name_mistakes) {
    auto found = FindMisconceptions(request, answer);
    if (!found.empty()) return Named(request, answer.ReadAs(), found);
  }
  Verdict v;
  v.kind = Verdict::Kind::kIncorrect;
  v.read_as = answer.ReadAs();
  v.feedback = std::move(feedback);
  return v;
}

}  // namespace attn::grading
