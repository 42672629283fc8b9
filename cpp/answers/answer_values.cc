// Conversions from a read answer to the core's scalars, vectors and matrices.
#include "answers/answer_values.h"

#include <cmath>

namespace attn {

std::optional<Exact> ExactOf(const Answer& a) {
  if (a.kind != Answer::Kind::kNumber || a.evaluated || !a.value.valid()) return std::nullopt;
  return a.value;
}

std::optional<double> DoubleOf(const Answer& a) {
  auto v = a.Value();
  if (!v || !std::isfinite(static_cast<double>(*v))) return std::nullopt;
  return static_cast<double>(*v);
}

namespace {

template <class S, class One>
std::optional<Vec<S>> VectorOf(const Answer& a, One one) {
  if (!a.is_list() || a.items.empty()) return std::nullopt;
  Vec<S> out(static_cast<Eigen::Index>(a.items.size()));
  for (size_t i = 0; i < a.items.size(); ++i) {
    auto x = one(a.items[i]);
    if (!x) return std::nullopt;
    out(static_cast<Eigen::Index>(i)) = *x;
  }
  return out;
}

template <class S, class One>
std::optional<Mat<S>> MatrixOf(const Answer& a, One one) {
  if (!a.is_list() || a.items.empty() || !a.items[0].is_list()) return std::nullopt;
  const auto rows = static_cast<Eigen::Index>(a.items.size());
  const auto cols = static_cast<Eigen::Index>(a.items[0].items.size());
  Mat<S> out(rows, cols);
  for (Eigen::Index r = 0; r < rows; ++r) {
    auto row = VectorOf<S>(a.items[static_cast<size_t>(r)], one);
    if (!row || row->size() != cols) return std::nullopt;
    out.row(r) = row->transpose();
  }
  return out;
}

}  // namespace

std::optional<Vec<Exact>> ExactVectorOf(const Answer& a) { return VectorOf<Exact>(a, ExactOf); }
std::optional<Vec<double>> DoubleVectorOf(const Answer& a) { return VectorOf<double>(a, DoubleOf); }
std::optional<Mat<Exact>> ExactMatrixOf(const Answer& a) { return MatrixOf<Exact>(a, ExactOf); }
std::optional<Mat<double>> DoubleMatrixOf(const Answer& a) { return MatrixOf<double>(a, DoubleOf); }

}  // namespace attn
