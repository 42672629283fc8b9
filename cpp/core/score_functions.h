// Chapter 19's score functions, comparing one query with every key:
//  dot        e_j = q . k_j
//  scaled     e_j = q . k_j / sqrt(D_k)
//  bilinear   e_j = q^T W k_j
//  additive   e_j = v^T tanh(W_q q + W_k k_j + b), where q and k may differ in width
// and temperature, which divides every score before softmax.
#pragma once

#include <string>

#include "core/attention.h"

namespace attn {

enum class ScoreFunction { kDot, kScaled, kBilinear, kAdditive };

Result<ScoreFunction> ScoreFunctionNamed(const std::string& name);

struct ScoreParams {
  ScoreFunction function = ScoreFunction::kDot;
  Mat<double> W;         // bilinear: D_q x D_k
  Mat<double> W_q, W_k;  // additive: A x D_q and A x D_k
  Vec<double> b, v;      // additive: A (b may be empty)
};

Result<Vec<double>> ScoresOf(const Vec<double>& query, const Mat<double>& keys, const ScoreParams& params);

// Scores divided by a positive temperature.
Result<Vec<double>> WithTemperature(const Vec<double>& scores, double temperature);

}  // namespace attn
