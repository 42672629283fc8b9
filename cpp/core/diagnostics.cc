// Entropy, masked mass, ranges and the naive softmax.
#include "core/diagnostics.h"

#include <cmath>

namespace attn {

double EntropyOf(const Vec<double>& weights) {
  double h = 0;
  for (Eigen::Index j = 0; j < weights.size(); ++j)
    if (weights(j) > 0) h -= weights(j) * std::log(weights(j));
  return h;
}

double MaskedMass(const Vec<double>& weights, const Eligibility& eligible) {
  double mass = 0;
  for (Eigen::Index j = 0; j < weights.size(); ++j)
    if (!eligible.empty() && !eligible[static_cast<size_t>(j)]) mass += weights(j);
  return mass;
}

CoordinateRanges RangesOf(const Mat<double>& values) {
  return {values.colwise().minCoeff().transpose(), values.colwise().maxCoeff().transpose()};
}

bool InsideRanges(const Vec<double>& context, const CoordinateRanges& ranges, double tolerance) {
  for (Eigen::Index i = 0; i < context.size(); ++i) {
    if (context(i) < ranges.min(i) - tolerance || context(i) > ranges.max(i) + tolerance) return false;
  }
  return true;
}

Vec<float> NaiveSoftmax(const Vec<float>& scores) {
  Vec<float> exps(scores.size());
  for (Eigen::Index j = 0; j < scores.size(); ++j) exps(j) = std::exp(scores(j));
  volatile float total = exps.sum();  // volatile: the overflow must really happen
  return exps / static_cast<float>(total);
}

Vec<double> NaiveSoftmax(const Vec<double>& scores) {
  Vec<double> exps = scores.array().exp();
  volatile double total = exps.sum();
  return exps / static_cast<double>(total);
}

}  // namespace attn
