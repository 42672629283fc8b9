// Which position of a Chapter 19 read carries the largest weight, decided in exact arithmetic
// where the scores have an exact form, so that a tie is a tie and not the first of two
// floating-point neighbours.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "core/rational.h"
#include "exercises/models/ch19_read_model.h"

namespace attn {
namespace {

// The decimal a double was read from (its shortest form that reads back the same), as a
// rational: 0.7 is 7/10, not the binary fraction nearest it. nullopt where it does not fit.
std::optional<Rational> DecimalOf(double x) {
  if (!std::isfinite(x)) return std::nullopt;
  char text[40];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*e", digits - 1, x);
    if (std::strtod(text, nullptr) == x) break;
  }
  std::string s(text);
  bool negative = s[0] == '-';
  if (negative) s.erase(0, 1);
  size_t e = s.find('e');
  int exponent = std::atoi(s.c_str() + e + 1);
  auto value = Rational::FromDecimal(s.substr(0, e));
  if (!value || std::abs(exponent) > 18) return std::nullopt;
  for (int i = 0; i < std::abs(exponent); ++i) *value = exponent > 0 ? *value * Rational(10) : *value / Rational(10);
  if (!value->valid()) return std::nullopt;
  return negative ? -*value : *value;
}

// The scores of a read in exact rationals, where they have an exact form: given weights or
// scores, dot products (scaled or not: one positive factor keeps their order) and bilinear
// products of given decimals. nullopt otherwise (additive scores, a number past int64).
std::optional<std::vector<Rational>> ExactOrder(const Ch19ReadInputs& in) {
  auto of = [](const Vec<double>& v) -> std::optional<std::vector<Rational>> {
    std::vector<Rational> out;
    for (Eigen::Index i = 0; i < v.size(); ++i) {
      auto x = DecimalOf(v(i));
      if (!x) return std::nullopt;
      out.push_back(*x);
    }
    return out;
  };
  if (in.weights) return of(*in.weights);
  if (in.scores) return of(*in.scores);
  if (!in.query || !in.keys) return std::nullopt;
  bool dot = in.score.empty() || in.score == "dot" || in.score == "scaled";
  if (!dot && in.score != "bilinear") return std::nullopt;
  if (!dot && !in.W) return std::nullopt;
  auto q = of(*in.query);
  if (!q) return std::nullopt;
  std::vector<Rational> query = *q;
  if (!dot) {  // q^T W: the query seen through W, then a dot product with each key
    std::vector<Rational> seen(static_cast<size_t>(in.W->cols()), Rational(0));
    for (Eigen::Index i = 0; i < in.W->rows(); ++i)
      for (Eigen::Index j = 0; j < in.W->cols(); ++j) {
        auto w = DecimalOf((*in.W)(i, j));
        if (!w || static_cast<size_t>(i) >= query.size()) return std::nullopt;
        seen[static_cast<size_t>(j)] = seen[static_cast<size_t>(j)] + query[static_cast<size_t>(i)] * *w;
      }
    query = seen;
  }
  std::vector<Rational> scores;
  for (Eigen::Index s = 0; s < in.keys->rows(); ++s) {
    if (static_cast<size_t>(in.keys->cols()) != query.size()) return std::nullopt;
    Rational sum(0);
    for (Eigen::Index j = 0; j < in.keys->cols(); ++j) {
      auto k = DecimalOf((*in.keys)(s, j));
      if (!k) return std::nullopt;
      sum = sum + query[static_cast<size_t>(j)] * *k;
    }
    if (!sum.valid()) return std::nullopt;
    scores.push_back(sum);
  }
  return scores;
}

// The positions (1-based) with the largest weight. Softmax at one temperature keeps the order
// of the scores, so they are the eligible positions with the largest score; compared exactly
// where the scores have an exact form, so that a tie names every position that shares it.
}  // namespace

Quantity Ch19LargestWeightPosition(const Ch19ReadInputs& in, const Ch19Read& r) {
  auto eligible = [&](size_t i) { return r.eligible.empty() || r.eligible[i]; };
  std::vector<std::string> out;
  if (auto exact = ExactOrder(in); exact && exact->size() == static_cast<size_t>(r.weights.size())) {
    std::optional<size_t> best;
    for (size_t i = 0; i < exact->size(); ++i)
      if (eligible(i) && (!best || (*exact)[*best] < (*exact)[i])) best = i;
    for (size_t i = 0; best && i < exact->size(); ++i)
      if (eligible(i) && (*exact)[i] == (*exact)[*best]) out.push_back(std::to_string(i + 1));
    return Quantity::Position(out);
  }
  Eigen::Index best;
  r.weights.maxCoeff(&best);
  return Quantity::Position({std::to_string(best + 1)});
}

}  // namespace attn
