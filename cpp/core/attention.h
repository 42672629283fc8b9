// The read at the heart of both chapters: scores of one query against stored keys,
// softmax over the eligible source positions, and the context as the weighted sum of the
// values. Written once for every scalar (exact, double, float).
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "core/scalar_traits.h"
#include "core/status.h"

namespace attn {

template <class S>
using Vec = Eigen::Matrix<S, Eigen::Dynamic, 1>;
template <class S>
using Mat = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Which source positions the softmax may use; empty means all of them.
using Eligibility = std::vector<bool>;

inline std::string ShapeText(Eigen::Index rows, Eigen::Index cols) {
  return "[" + std::to_string(rows) + " x " + std::to_string(cols) + "]";
}

template <class S>
Status CheckAll(const Vec<S>& v) {
  for (Eigen::Index i = 0; i < v.size(); ++i) ATTN_RETURN_IF_ERROR(ScalarTraits<S>::Check(v(i)));
  return Status();
}

// Unscaled dot-product scores e_j = q . k_j, one per row of keys.
template <class S>
Result<Vec<S>> DotScores(const Mat<S>& keys, const Vec<S>& query) {
  if (keys.cols() != query.size()) {
    return Status(ErrorCode::kShapeMismatch, "the query has width " + std::to_string(query.size()) +
                                                 " but the keys are " + ShapeText(keys.rows(), keys.cols()) +
                                                 " (positions x width): the widths must match");
  }
  Vec<S> scores = keys * query;
  ATTN_RETURN_IF_ERROR(CheckAll(scores));
  return scores;
}

// exp of each eligible score; an ineligible position gets exactly 0.
template <class S>
Result<Vec<S>> Exponentials(const Vec<S>& scores, const Eligibility& eligible = {}) {
  Vec<S> out(scores.size());
  for (Eigen::Index j = 0; j < scores.size(); ++j) {
    if (!eligible.empty() && !eligible[j]) {
      out(j) = S(0);
      continue;
    }
    ATTN_ASSIGN_OR_RETURN(e, ScalarTraits<S>::Exp(scores(j)));
    out(j) = e;
  }
  return out;
}

template <class S>
Status CheckEligibility(Eigen::Index n, const Eligibility& eligible) {
  if (!eligible.empty() && static_cast<Eigen::Index>(eligible.size()) != n) {
    return Status(ErrorCode::kShapeMismatch, "the mask has " + std::to_string(eligible.size()) + " entries for " +
                                                 std::to_string(n) + " source positions");
  }
  bool any = n > 0;
  if (!eligible.empty()) {
    any = false;
    for (bool e : eligible) any = any || e;
  }
  if (!any) {
    return Status(ErrorCode::kEmptyMemory,
                  "no eligible source position: with every position excluded there is no "
                  "normalising total and no defined read");
  }
  return Status();
}

// The softmax pieces kept apart so that pages can show the working.
template <class S>
struct Softmax {
  Vec<S> exponentials;
  S denominator;
  Vec<S> weights;
};

// Softmax over the eligible positions. The exact scalar follows the chapters' formula as
// written (exp(k a) = 2^k stays exact); floating-point scalars subtract the largest
// eligible score first, which leaves the weights unchanged and keeps exp finite (the
// exponentials shown are then the shifted ones). NaiveSoftmax in diagnostics.h
// shows what happens without the shift.
template <class S>
Result<Softmax<S>> SoftmaxOf(const Vec<S>& scores, const Eligibility& eligible = {}) {
  ATTN_RETURN_IF_ERROR(CheckEligibility<S>(scores.size(), eligible));
  Vec<S> shifted = scores;
  if constexpr (std::is_floating_point_v<S>) {
    S top = -std::numeric_limits<S>::infinity();
    for (Eigen::Index j = 0; j < scores.size(); ++j)
      if (eligible.empty() || eligible[j]) top = std::max(top, scores(j));
    shifted.array() -= top;
  }
  ATTN_ASSIGN_OR_RETURN(exps, Exponentials(shifted, eligible));
  S denominator = exps.sum();
  ATTN_RETURN_IF_ERROR(ScalarTraits<S>::Check(denominator));
  Vec<S> weights(scores.size());
  for (Eigen::Index j = 0; j < scores.size(); ++j) weights(j) = exps(j) / denominator;
  ATTN_RETURN_IF_ERROR(CheckAll(weights));
  return Softmax<S>{exps, denominator, weights};
}

// The context c = sum_j w_j v_j: one entry per value coordinate, not per position.
template <class S>
Result<Vec<S>> ContextOf(const Vec<S>& weights, const Mat<S>& values) {
  if (values.rows() != weights.size()) {
    return Status(ErrorCode::kShapeMismatch, "there are " + std::to_string(weights.size()) +
                                                 " weights but the values are " +
                                                 ShapeText(values.rows(), values.cols()) + " (positions x width)");
  }
  Vec<S> context = values.transpose() * weights;
  ATTN_RETURN_IF_ERROR(CheckAll(context));
  return context;
}

// A linear readout r = sum_i coefficients_i * c_i (the chapter's r = c1 + 2 c2).
template <class S>
Result<S> ReadoutOf(const Vec<S>& context, const Vec<S>& coefficients) {
  if (context.size() != coefficients.size()) {
    return Status(ErrorCode::kShapeMismatch, "the readout has " + std::to_string(coefficients.size()) +
                                                 " coefficients for a context of width " +
                                                 std::to_string(context.size()));
  }
  S r = context.dot(coefficients);
  ATTN_RETURN_IF_ERROR(ScalarTraits<S>::Check(r));
  return r;
}

// One whole read, keys doubling as values (Chapter 14) or apart from them (Chapter 19).
template <class S>
struct Read {
  Vec<S> scores;
  Softmax<S> softmax;
  Vec<S> context;
};

template <class S>
Result<Read<S>> ReadOf(const Vec<S>& query, const Mat<S>& keys, const Mat<S>& values,
                       const Eligibility& eligible = {}) {
  ATTN_ASSIGN_OR_RETURN(scores, DotScores(keys, query));
  ATTN_ASSIGN_OR_RETURN(softmax, SoftmaxOf(scores, eligible));
  ATTN_ASSIGN_OR_RETURN(context, ContextOf(softmax.weights, values));
  return Read<S>{scores, softmax, context};
}

}  // namespace attn
