// Exact convex-hull membership by elimination over subsets of the points.
#include "core/convex_hull.h"

#include <string>
#include <vector>

namespace attn {
namespace {

// The most points tried subset by subset (2^16 subsets); the exercises have three to five.
constexpr Eigen::Index kMostPoints = 16;

// Solves sum_j w_j columns_j = rhs by Gauss-Jordan elimination on an augmented copy.
Result<Vec<Exact>> Solve(Mat<Exact> system, Vec<Exact> rhs) {
  const Eigen::Index rows = system.rows(), cols = system.cols();
  Eigen::Index pivot_row = 0;
  std::vector<Eigen::Index> pivot_of(static_cast<size_t>(cols), -1);
  for (Eigen::Index c = 0; c < cols && pivot_row < rows; ++c) {
    Eigen::Index found = -1;
    for (Eigen::Index r = pivot_row; r < rows && found < 0; ++r)
      if (!system(r, c).is_zero()) found = r;
    if (found < 0) continue;
    system.row(found).swap(system.row(pivot_row));
    std::swap(rhs(found), rhs(pivot_row));
    const Exact lead = system(pivot_row, c);
    for (Eigen::Index k = 0; k < cols; ++k) system(pivot_row, k) /= lead;
    rhs(pivot_row) /= lead;
    for (Eigen::Index r = 0; r < rows; ++r) {
      if (r == pivot_row || system(r, c).is_zero()) continue;
      const Exact factor = system(r, c);
      for (Eigen::Index k = 0; k < cols; ++k) system(r, k) -= factor * system(pivot_row, k);
      rhs(r) -= factor * rhs(pivot_row);
    }
    pivot_of[static_cast<size_t>(c)] = pivot_row++;
  }
  for (Eigen::Index r = 0; r < rows; ++r)
    for (Eigen::Index k = 0; k < cols; ++k)
      if (!system(r, k).valid()) return system(r, k).status();
  for (Eigen::Index r = pivot_row; r < rows; ++r) {
    if (!rhs(r).valid()) return rhs(r).status();
    if (!rhs(r).is_zero()) return Status(ErrorCode::kInvalidInput, "no weights rebuild the point from these points");
  }
  Vec<Exact> out(cols);
  for (Eigen::Index c = 0; c < cols; ++c) {
    if (pivot_of[static_cast<size_t>(c)] < 0)
      return Status(ErrorCode::kInvalidInput, "the points are not affinely independent, so the weights are not unique");
    out(c) = rhs(pivot_of[static_cast<size_t>(c)]);
  }
  return out;
}

}  // namespace

Result<Vec<Exact>> AffineWeights(const Mat<Exact>& points, const Vec<Exact>& point) {
  if (points.rows() == 0) return Status(ErrorCode::kInvalidInput, "there are no points");
  if (points.cols() != point.size()) {
    return Status(ErrorCode::kShapeMismatch, "the point has width " + std::to_string(point.size()) +
                                                 " but the points have width " + std::to_string(points.cols()));
  }
  const Eigen::Index n = points.rows(), d = points.cols();
  Mat<Exact> system(d + 1, n);
  Vec<Exact> rhs(d + 1);
  for (Eigen::Index i = 0; i < d; ++i) {
    for (Eigen::Index j = 0; j < n; ++j) system(i, j) = points(j, i);
    rhs(i) = point(i);
  }
  for (Eigen::Index j = 0; j < n; ++j) system(d, j) = Exact(1);
  rhs(d) = Exact(1);
  return Solve(system, rhs);
}

Result<HullMembership> HullMembershipOf(const Mat<Exact>& points, const Vec<Exact>& point) {
  const Eigen::Index n = points.rows();
  if (n == 0) return Status(ErrorCode::kInvalidInput, "there are no points");
  if (n > kMostPoints) return Status(ErrorCode::kInvalidInput, "too many points to decide the hull exactly");
  if (points.cols() != point.size()) return AffineWeights(points, point).status();
  HullMembership out;
  for (uint32_t subset = 1; subset < (uint32_t{1} << n); ++subset) {
    std::vector<Eigen::Index> chosen;
    for (Eigen::Index j = 0; j < n; ++j)
      if (subset & (uint32_t{1} << j)) chosen.push_back(j);
    if (static_cast<Eigen::Index>(chosen.size()) > points.cols() + 1) continue;
    Mat<Exact> some(static_cast<Eigen::Index>(chosen.size()), points.cols());
    for (size_t k = 0; k < chosen.size(); ++k) some.row(static_cast<Eigen::Index>(k)) = points.row(chosen[k]);
    auto weights = AffineWeights(some, point);
    if (!weights.ok() && weights.status().code() != ErrorCode::kInvalidInput) return weights.status();
    if (!weights.ok()) continue;  // dependent points, or the point is off their span
    bool non_negative = true;
    for (Eigen::Index k = 0; k < weights->size(); ++k) non_negative = non_negative && SignOf((*weights)(k)) >= 0;
    if (!non_negative) continue;
    out.inside = true;
    out.weights = Vec<Exact>::Constant(n, Exact(0));
    for (size_t k = 0; k < chosen.size(); ++k) out.weights(chosen[k]) = (*weights)(static_cast<Eigen::Index>(k));
    return out;
  }
  return out;
}

}  // namespace attn
