// The judgment of one answer against one quantity, entry by entry: what a careful teacher
// checks before saying anything. Each entry is judged on its own:
//   exact      an exact form equal to the value, or a decimal that is the value (0.25 for 1/4);
//              a value of exactly 0 is matched by an exact 0 and nothing else;
//   evaluated  an expression with no exact form (e^0.5, ...) within a relative 1e-9;
//   rounded    a decimal that equals the value rounded to the places it shows, with at least
//              3 significant figures;
//   too few    a decimal consistent with the value at the places it shows, but with fewer
//              than 3 significant figures: no rounding rules it out, none confirms it;
//   near       one unit off in the last place it shows, above or below, where that unit is
//              at most a tenth of the value (a value of exactly 0 has no near misses);
//   no         anything else.
// Cost formulas in symbols are compared exactly, or to leading order for a big-O question.
#pragma once

#include <set>
#include <vector>

#include "answers/answer.h"
#include "answers/quantity.h"

namespace attn {

enum class Match { kExact, kEvaluated, kRounded, kTooFew, kNear, kNo };  // best to worst

struct EntryJudgment {
  Match match = Match::kNo;
  bool low = false;          // near: the typed value is below the value
  std::vector<size_t> path;  // 0-based index of the entry in each list level
  const Answer* answer = nullptr;
};

struct Judgment {
  Match worst = Match::kExact;
  std::vector<EntryJudgment> entries;
  bool Consistent() const { return worst <= Match::kTooFew; }
};

// The relative tolerance for evaluated expressions, and the figures a decimal must show.
inline constexpr long double kEvaluatedTolerance = 1e-9L;
inline constexpr int kMinSignificant = 3;
// A near miss needs the unit of the last place to be at most this fraction of the value.
inline constexpr long double kNearMissFigures = 10;

bool SameShape(const Answer& a, const Quantity& q);
// Requires SameShape(a, q).
Judgment Judge(const Answer& a, const Quantity& q, bool leading_order = false);
// Judge's worst match, found without the entries: it stops at the first entry worse than
// kTooFew and returns that entry's match. Requires SameShape(a, q).
Match WorstMatch(const Answer& a, const Quantity& q, bool leading_order = false);

// The leading-order terms of a polynomial: constant factors and terms dominated by another
// term (every power at most the other's) dropped. nullopt when a coefficient of a leading
// term is not positive.
std::optional<std::set<Monomial>> LeadingTerms(const Exact& x);

}  // namespace attn
