// What a part's answer should be, as the core computed it: a number (exact where the
// chapter's world allows, always with a double for decimals), a list of quantities, or a
// source position (every tied position accepted).
#pragma once

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "core/attention.h"
#include "core/exact.h"

namespace attn {

struct Quantity {
  enum class Kind { kNumber, kList, kPosition };
  Kind kind = Kind::kNumber;
  std::optional<Exact> exact;          // kNumber, when an exact form exists
  double approx = 0;                   // kNumber
  std::vector<Quantity> items;         // kList
  std::vector<std::string> positions;  // kPosition: every accepted label
  bool all_required = false;           // kPosition: select all of them, no others

  static Quantity Number(const Exact& x) {
    Quantity q;
    q.exact = x;
    q.approx = x.to_double();
    return q;
  }
  static Quantity Number(double x) {
    Quantity q;
    q.approx = x;
    return q;
  }
  // What IEEE arithmetic returns where a computation overflows (inf) or divides infinities
  // (NaN), as the symbol NaN, inf or -inf, so that it prints and compares exactly: the value
  // a part asks for when it asks what a naive softmax returns. Answered by typing nan or inf.
  static Quantity NotFinite(double x) {
    Quantity q;
    q.exact = std::isnan(x) ? Exact::Symbol("NaN") : x > 0 ? Exact::Symbol("inf") : -Exact::Symbol("inf");
    q.approx = x;
    return q;
  }
  static Quantity List(std::vector<Quantity> items) {
    Quantity q;
    q.kind = Kind::kList;
    q.items = std::move(items);
    return q;
  }
  static Quantity Position(std::vector<std::string> labels) {
    Quantity q;
    q.kind = Kind::kPosition;
    q.positions = std::move(labels);
    return q;
  }
  static Quantity PositionSet(std::vector<std::string> labels) {
    Quantity q = Position(std::move(labels));
    q.all_required = true;
    return q;
  }
  template <class S>
  static Quantity Of(const Vec<S>& v) {
    std::vector<Quantity> items;
    for (Eigen::Index i = 0; i < v.size(); ++i) items.push_back(Number(v(i)));
    return List(std::move(items));
  }
  template <class S>
  static Quantity Of(const Mat<S>& m) {
    std::vector<Quantity> rows;
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
      Vec<S> row = m.row(i).transpose();
      rows.push_back(Of(row));
    }
    return List(std::move(rows));
  }

  bool SameAs(const Quantity& other) const;
  // A number that is NaN or infinite (NotFinite), here or in any entry.
  bool HasNotFinite() const;
  // "[a/2, a/4]" (exact, empty when a number has no exact form).
  std::string ExactText() const;
  // "[0.346574, 0.173287]", six decimals with trailing zeros trimmed (kept with fixed_places:
  // a worked solution writes every decimal of a part at one precision, 0.129870 beside 0.218445).
  std::string DecimalText(bool fixed_places = false) const;
  // "[a/2, a/4] ≈ [0.346574, 0.173287]", or only the decimals, or the position.
  std::string Text(bool fixed_places = false) const;
  // "a list of 2 numbers", "a number", "a list of 3 lists of 2 numbers".
  std::string ShapeText() const;
};

// x at `places` decimals (at least 3 significant figures), trailing zeros trimmed unless
// fixed_places; a whole number as one.
std::string DecimalString(double x, int places = 6, bool fixed_places = false);

}  // namespace attn
