// Exact convex-hull membership: the weights that rebuild a point, and whether some
// non-negative ones exist, in rationals, against points worked out by hand.
#include "core/convex_hull.h"

#include <gtest/gtest.h>

namespace attn {
namespace {

Mat<Exact> Points(std::initializer_list<std::initializer_list<int64_t>> tenths) {
  Mat<Exact> out(static_cast<Eigen::Index>(tenths.size()), static_cast<Eigen::Index>(tenths.begin()->size()));
  Eigen::Index i = 0;
  for (const auto& row : tenths) {
    Eigen::Index j = 0;
    for (int64_t x : row) out(i, j++) = Exact(Rational::Of(x, 10));
    ++i;
  }
  return out;
}

Vec<Exact> Point(std::initializer_list<int64_t> tenths) { return Points({tenths}).row(0).transpose(); }

TEST(ConvexHull, WeightsRebuildThePointExactly) {
  // Exercise 19.7's values and point: lambda = [10/27, 67/81, -16/81], worked by hand.
  Mat<Exact> values = Points({{10, 2}, {4, 9}, {-5, 6}});
  auto w = AffineWeights(values, Point({8, 7}));
  ASSERT_TRUE(w.ok()) << w.status().message();
  EXPECT_EQ((*w)(0), Exact(Rational::Of(10, 27)));
  EXPECT_EQ((*w)(1), Exact(Rational::Of(67, 81)));
  EXPECT_EQ((*w)(2), Exact(Rational::Of(-16, 81)));
  // A context mixed with the weights [0.2, 0.5, 0.3] gives those weights back.
  Vec<Exact> mixed = values.transpose() * Point({2, 5, 3});
  auto back = AffineWeights(values, mixed);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, Point({2, 5, 3}));
}

TEST(ConvexHull, InsideOnlyWithNonNegativeWeights) {
  Mat<Exact> values = Points({{10, 2}, {4, 9}, {-5, 6}});
  auto outside = HullMembershipOf(values, Point({8, 7}));  // within the coordinate ranges, outside the triangle
  ASSERT_TRUE(outside.ok());
  EXPECT_FALSE(outside->inside);
  auto inside = HullMembershipOf(values, values.transpose() * Point({2, 5, 3}));
  ASSERT_TRUE(inside.ok());
  EXPECT_TRUE(inside->inside);
  EXPECT_EQ(inside->weights, Point({2, 5, 3}));
  // On an edge and at a corner: inside (the hull is closed), with a zero weight.
  Vec<Exact> midpoint(2);
  midpoint << Exact(Rational::Of(7, 10)), Exact(Rational::Of(11, 20));  // halfway from v1 to v2
  auto edge = HullMembershipOf(values, midpoint);
  ASSERT_TRUE(edge.ok());
  EXPECT_TRUE(edge->inside);
  EXPECT_EQ(edge->weights, Point({5, 5, 0}));
  EXPECT_TRUE(HullMembershipOf(values, Point({4, 9}))->inside);
}

TEST(ConvexHull, MorePointsThanWidthPlusOne) {
  // Five points in the plane (a square and its centre): Caratheodory's subsets decide.
  Mat<Exact> square = Points({{0, 0}, {10, 0}, {10, 10}, {0, 10}, {5, 5}});
  EXPECT_TRUE(HullMembershipOf(square, Point({9, 1}))->inside);
  EXPECT_FALSE(HullMembershipOf(square, Point({11, 5}))->inside);
  // Three values in three dimensions: a point off their plane is outside.
  Mat<Exact> triangle = Points({{10, 0, 0}, {0, 10, 0}, {0, 0, 10}});
  EXPECT_TRUE(HullMembershipOf(triangle, Point({3, 3, 4}))->inside);
  EXPECT_FALSE(HullMembershipOf(triangle, Point({3, 3, 3}))->inside);
}

TEST(ConvexHull, DependentPointsAndBadShapesAreErrors) {
  Mat<Exact> line = Points({{0, 0}, {5, 5}, {10, 10}});
  auto w = AffineWeights(line, Point({2, 2}));
  ASSERT_FALSE(w.ok());
  EXPECT_NE(w.status().message().find("not affinely independent"), std::string::npos);
  EXPECT_TRUE(HullMembershipOf(line, Point({2, 2}))->inside);   // still decided, from two of them
  EXPECT_FALSE(HullMembershipOf(line, Point({2, 3}))->inside);  // off the line
  EXPECT_FALSE(AffineWeights(line, Point({1, 2, 3})).ok());
  EXPECT_FALSE(HullMembershipOf(Mat<Exact>(0, 2), Point({1, 2})).ok());
}

}  // namespace
}  // namespace attn
