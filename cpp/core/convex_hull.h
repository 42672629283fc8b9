// Whether a point lies in the convex hull of a set of points (Chapter 19's "the context lies
// in the convex hull of the values"), decided exactly in rational arithmetic: the weights
// that rebuild the point from affinely independent points are solved for by elimination,
// and a point is inside when some such weights are all non-negative.
#pragma once

#include "core/attention.h"
#include "core/exact.h"

namespace attn {

// The weights w with sum_i w_i points_i = point and sum_i w_i = 1 (points one per row).
// They are unique when the points are affinely independent; an error says when they are
// not, or when no such weights exist (the point is off the points' line or plane).
Result<Vec<Exact>> AffineWeights(const Mat<Exact>& points, const Vec<Exact>& point);

struct HullMembership {
  bool inside = false;
  // Where inside: non-negative weights, one per point, that sum to 1 and rebuild the point.
  Vec<Exact> weights;
};

// By Caratheodory's theorem a point of the hull lies in the hull of at most D+1 affinely
// independent points, so every such subset is tried (the exercises have a handful of points).
Result<HullMembership> HullMembershipOf(const Mat<Exact>& points, const Vec<Exact>& point);

}  // namespace attn
