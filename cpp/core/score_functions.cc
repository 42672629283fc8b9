// The four score functions with shape checks that name both shapes.
#include "core/score_functions.h"

#include <cmath>

namespace attn {

Result<ScoreFunction> ScoreFunctionNamed(const std::string& name) {
  if (name.empty() || name == "dot") return ScoreFunction::kDot;
  if (name == "scaled") return ScoreFunction::kScaled;
  if (name == "bilinear") return ScoreFunction::kBilinear;
  if (name == "additive") return ScoreFunction::kAdditive;
  return Status(ErrorCode::kInvalidInput, "unknown score function '" + name + "'");
}

Result<Vec<double>> ScoresOf(const Vec<double>& query, const Mat<double>& keys, const ScoreParams& p) {
  switch (p.function) {
    case ScoreFunction::kDot: return DotScores(keys, query);
    case ScoreFunction::kScaled: {
      ATTN_ASSIGN_OR_RETURN(dot, DotScores(keys, query));
      return Vec<double>(dot / std::sqrt(static_cast<double>(keys.cols())));
    }
    case ScoreFunction::kBilinear: {
      if (p.W.rows() != query.size() || p.W.cols() != keys.cols()) {
        return Status(ErrorCode::kShapeMismatch, "the bilinear matrix W is " + ShapeText(p.W.rows(), p.W.cols()) +
                                                     " but q^T W k needs [" + std::to_string(query.size()) + " x " +
                                                     std::to_string(keys.cols()) + "]");
      }
      Vec<double> scores = keys * (p.W.transpose() * query);
      return scores;
    }
    case ScoreFunction::kAdditive: {
      if (p.W_q.cols() != query.size() || p.W_k.cols() != keys.cols() || p.W_q.rows() != p.W_k.rows() ||
          p.v.size() != p.W_q.rows() || (p.b.size() != 0 && p.b.size() != p.W_q.rows())) {
        return Status(ErrorCode::kShapeMismatch,
                      "additive scoring needs W_q [A x " + std::to_string(query.size()) + "], W_k [A x " +
                          std::to_string(keys.cols()) + "] and v of width A; got W_q " +
                          ShapeText(p.W_q.rows(), p.W_q.cols()) + ", W_k " + ShapeText(p.W_k.rows(), p.W_k.cols()) +
                          " and v of width " + std::to_string(p.v.size()));
      }
      Vec<double> projected_query = p.W_q * query;
      if (p.b.size()) projected_query += p.b;
      Vec<double> scores(keys.rows());
      for (Eigen::Index j = 0; j < keys.rows(); ++j) {
        Vec<double> hidden = projected_query + p.W_k * keys.row(j).transpose();
        scores(j) = p.v.dot(hidden.array().tanh().matrix());
      }
      return scores;
    }
  }
  return Status(ErrorCode::kInvalidInput, "unknown score function");
}

Result<Vec<double>> WithTemperature(const Vec<double>& scores, double temperature) {
  if (!(temperature > 0) || !std::isfinite(temperature)) {
    return Status(ErrorCode::kInvalidInput, "a temperature must be a positive number");
  }
  return Vec<double>(scores / temperature);
}

}  // namespace attn
