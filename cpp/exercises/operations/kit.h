// What the operations' files share: running a computation in the step's arithmetic (exact or
// double), reading arguments as lists and matrices, and writing numbers into a mistake's
// sentence as the learner sees them.
#pragma once

#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include "exercises/computation.h"
#include "exercises/operation.h"

namespace attn::ops {

// Runs f(S{}) with S = Exact where the step computes exactly (see StepContext::ComputeExactly),
// else with S = double.
template <class F>
auto InArithmetic(const StepContext& context, bool always_exact, F&& f) {
  if (context.ComputeExactly(always_exact)) return f(Exact(0));
  return f(0.0);
}

template <class S>
constexpr bool kExact = std::is_same_v<S, Exact>;

// A value's numbers as rows (a list is one row), in scalar S.
template <class S>
Result<Mat<S>> RowsOf(const Value& value, const std::string& what) {
  const Value& v = value.Main();
  if (v.kind != Value::Kind::kNumbers || v.rank == 0) return Status(ErrorCode::kInvalidInput, what + " must be a list");
  ATTN_ASSIGN_OR_RETURN(m, MatrixOf<S>(v, what));
  if (v.rank == 1) return Mat<S>(m.transpose());
  return m;
}

// Rows back into a value of the given rank (1: the one row as a list).
template <class S>
Value FromRows(const Mat<S>& rows, int rank) {
  if (rank == 1) return Value::List(Vec<S>(rows.row(0).transpose()));
  return Value::Matrix(rows);
}

// Whether entry (r, s) of a value may be read, by its own eligibility.
inline bool EligibleAt(const Value& v, Eigen::Index r, Eigen::Index s) { return v.Main().Eligible(r, s); }

// A number as the learner sees it: exact where the exercise shows exact forms, else a decimal.
std::string Said(const Value& value);
std::string Said(double x);
std::string Said(const Exact& x);
std::string Said(int64_t n);
// "position 2" / "the key state" for a label.
std::string Spoken(const std::string& label);

// 1, 2, ..., n as labels.
std::vector<std::string> NumberLabels(Eigen::Index n);
// The labels of a value's entries (its own, else 1..n).
std::vector<std::string> LabelsOf(const Value& value, Eigen::Index n);

// A position written as a label ("key") or a number from 1 ("2"), as an index from 0.
Result<Eigen::Index> PositionIn(const std::string& written, const std::vector<std::string>& labels);

// The wrong result that is a value.
inline Result<WrongResult> Wrong(Value value) {
  WrongResult out;
  out.value = std::move(value);
  return out;
}
inline Status NotHere(const char* why) { return Status(ErrorCode::kInvalidInput, why); }

}  // namespace attn::ops
