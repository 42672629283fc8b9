// Entry-by-entry comparison of an answer with the core's quantity.
#include "answers/judging.h"

#include <algorithm>
#include <cmath>

namespace attn {
namespace {

bool Dominates(const Monomial& big, const Monomial& small) {
  if (big == small) return false;
  for (const auto& entry : small) {
    auto it = std::find_if(big.begin(), big.end(), [&](const auto& p) { return p.first == entry.first; });
    if (it == big.end() || it->second < entry.second) return false;
  }
  return true;
}

EntryJudgment JudgeEntry(const Answer& x, const Quantity& q, bool leading_order) {
  EntryJudgment e;
  e.answer = &x;
  e.match = Match::kNo;
  // NaN and inf are right only where the value itself is NaN or +infinity (Quantity::NotFinite).
  if (x.kind == Answer::Kind::kWord && q.kind == Quantity::Kind::kNumber && q.exact && !std::isfinite(q.approx)) {
    if (std::isnan(q.approx) ? x.word == "NaN" : q.approx > 0 && x.word == "inf") e.match = Match::kExact;
    return e;
  }
  if (x.kind != Answer::Kind::kNumber) return e;
  if (q.exact && !q.exact->numeric()) {  // a formula in symbols
    if (x.evaluated) return e;
    if (leading_order) {
      auto mine = LeadingTerms(x.value), theirs = LeadingTerms(*q.exact);
      if (mine && theirs && *mine == *theirs) e.match = Match::kExact;
    } else if (x.value == *q.exact) {
      e.match = Match::kExact;
    }
    return e;
  }
  auto typed = x.Value();
  if (!typed) return e;
  // A value that is exactly 0 (a masked weight, a mass that must vanish) is matched only by
  // an exact 0: no rounding, no tolerance, no near miss; 1e-15 is not 0.
  if (q.exact ? q.exact->is_zero() : q.approx == 0) {
    if (*typed == 0 && (x.evaluated || x.value.is_zero())) e.match = Match::kExact;
    return e;
  }
  long double v = q.exact ? q.exact->to_long_double().value_or(q.approx) : q.approx;
  long double scale = std::max(1.0L, std::fabs(v));
  long double diff = std::fabs(*typed - v);
  if (!x.evaluated && q.exact && x.value == *q.exact) {
    e.match = Match::kExact;
  } else if (x.unit > 0) {
    long double slack = 1e-9L * x.unit + 1e-15L * scale;
    if (!q.exact && diff <= 1e-12L * scale) {
      e.match = Match::kExact;  // the decimal is the value itself (0.2 for a weight of 0.2)
    } else if (diff <= x.unit / 2 + slack) {
      e.match = x.significant >= kMinSignificant ? Match::kRounded : Match::kTooFew;
    } else {
      // One unit above or below the correctly rounded value (a truncation, a slip in rounding),
      // where the unit is small beside the value: the answer shows at least two of its
      // significant figures (1e5 is not "one unit off" a weight of 0.04).
      long double rounded = std::round(v / x.unit) * x.unit;
      if (x.unit * kNearMissFigures <= std::fabs(v) + slack &&
          std::fabs(std::fabs(*typed - rounded) - x.unit) <= slack) {
        e.match = Match::kNear;
        e.low = *typed < v;
      }
    }
  } else if (x.evaluated || !q.exact) {
    // An expression with no exact form, or an exact form against a value computed in
    // floating point: they agree to a relative 1e-9.
    if (diff <= kEvaluatedTolerance * scale) e.match = x.evaluated ? Match::kEvaluated : Match::kExact;
  }
  return e;
}

void Collect(const Answer& a, const Quantity& q, bool leading_order, std::vector<size_t>& path, Judgment& out) {
  if (q.kind == Quantity::Kind::kList) {
    for (size_t i = 0; i < q.items.size(); ++i) {
      path.push_back(i);
      Collect(a.items[i], q.items[i], leading_order, path, out);
      path.pop_back();
    }
    return;
  }
  EntryJudgment e = JudgeEntry(a, q, leading_order);
  e.path = path;
  out.worst = std::max(out.worst, e.match);
  out.entries.push_back(e);
}

}  // namespace

bool SameShape(const Answer& a, const Quantity& q) {
  if (q.kind == Quantity::Kind::kList) {
    if (!a.is_list() || a.items.size() != q.items.size()) return false;
    for (size_t i = 0; i < a.items.size(); ++i)
      if (!SameShape(a.items[i], q.items[i])) return false;
    return true;
  }
  return !a.is_list();
}

Judgment Judge(const Answer& a, const Quantity& q, bool leading_order) {
  Judgment out;
  std::vector<size_t> path;
  Collect(a, q, leading_order, path, out);
  return out;
}

Match WorstMatch(const Answer& a, const Quantity& q, bool leading_order) {
  if (q.kind != Quantity::Kind::kList) return JudgeEntry(a, q, leading_order).match;
  Match worst = Match::kExact;
  for (size_t i = 0; i < q.items.size() && worst <= Match::kTooFew; ++i)
    worst = std::max(worst, WorstMatch(a.items[i], q.items[i], leading_order));
  return worst;
}

std::optional<std::set<Monomial>> LeadingTerms(const Exact& x) {
  if (!x.valid()) return std::nullopt;
  std::set<Monomial> out;
  for (const auto& [m, c] : x.terms()) {
    bool dominated = false;
    for (const auto& [other, unused] : x.terms())
      if (Dominates(other, m)) dominated = true;
    if (dominated) continue;
    if (c.num() <= 0) return std::nullopt;
    out.insert(m);
  }
  return out;
}

}  // namespace attn
