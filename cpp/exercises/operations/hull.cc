// Where a point lies among the values (Chapter 19's "a context lies in the convex hull of the
// values"): "ranges", the values' least and greatest coordinates; "inside_ranges", whether
// every coordinate of a point is within them (the quick check, necessary but not enough);
// "affine_weights", the weights that rebuild a point from the values; and "in_hull", whether
// the point is a mixture of the values with weights that are all at least 0, decided exactly.
#include "core/convex_hull.h"
#include "core/diagnostics.h"
#include "exercises/operations/kit.h"

namespace attn {
namespace ops {
namespace {

const std::vector<std::string> kYesNo = {"yes", "no"};

Result<Value> ApplyRanges(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(values, c.Need("values"));
  ATTN_ASSIGN_OR_RETURN(m, MatrixOf<double>(values->Main().Approximate(), "the values"));
  CoordinateRanges ranges = RangesOf(m);
  Value low = Value::List(ranges.min), high = Value::List(ranges.max);
  low.exact_shown = high.exact_shown = false;
  return Value::Record({{"min", low}, {"max", high}}, "min");
}

Result<Value> ApplyInsideRanges(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(values, c.Need("values"));
  ATTN_ASSIGN_OR_RETURN(point, c.Need("point"));
  ATTN_ASSIGN_OR_RETURN(m, MatrixOf<double>(values->Main().Approximate(), "the values"));
  ATTN_ASSIGN_OR_RETURN(p, VectorOf<double>(point->Main().Approximate(), "the point"));
  if (p.size() != m.cols()) return Status(ErrorCode::kShapeMismatch, "the point and the values differ in width");
  return Value::Choice({InsideRanges(p, RangesOf(m)) ? "yes" : "no"}, kYesNo);
}

struct Exactly {
  Mat<Exact> values;
  Vec<Exact> point;
};

Result<Exactly> ExactlyOf(const StepContext& c) {
  ATTN_ASSIGN_OR_RETURN(values, c.Need("values"));
  ATTN_ASSIGN_OR_RETURN(point, c.Need("point"));
  ATTN_ASSIGN_OR_RETURN(m, MatrixOf<Exact>(values->Main(), "the values"));
  ATTN_ASSIGN_OR_RETURN(p, VectorOf<Exact>(point->Main(), "the point"));
  return Exactly{m, p};
}

Result<Value> ApplyAffineWeights(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(in, ExactlyOf(c));
  ATTN_ASSIGN_OR_RETURN(weights, AffineWeights(in.values, in.point));
  return Value::List(weights);
}

Result<Value> ApplyInHull(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(in, ExactlyOf(c));
  ATTN_ASSIGN_OR_RETURN(hull, HullMembershipOf(in.values, in.point));
  return Value::Choice({hull.inside ? "yes" : "no"}, kYesNo);
}

// "Yes" for a point that passes the coordinate test but lies outside the hull.
Result<WrongResult> RangesNotHull(const StepContext& c, const Value& right) {
  if (right.positions != std::vector<std::string>{"no"}) return NotHere("inside");
  ATTN_ASSIGN_OR_RETURN(inside, ApplyInsideRanges(c, {}));
  if (inside.positions != std::vector<std::string>{"yes"}) return NotHere("outside the ranges too");
  Value out = right;
  out.positions = {"yes"};
  return Wrong(out);
}

std::string RangesNotHullWords(const Explaining&) {
  return "the point passes the coordinate-wise test, but that test only checks the box the values span, and the "
         "hull is smaller than the box. The weights that rebuild the point include a negative one, so no mixture "
         "with non-negative weights gives it: it lies outside the hull.";
}

}  // namespace
}  // namespace ops

using namespace ops;

extern const Operation kRangesOperation = {
    "ranges",
    "The values' least (min) and greatest (max) coordinates, coordinate by coordinate.",
    {{"values", ArgSpec::Kind::kValue, true, "the values, one a row"}},
    {{"min", "smallest coordinates", true}, {"max", "largest coordinates", true}},
    ApplyRanges,
    {},
};

extern const Operation kInsideRangesOperation = {
    "inside_ranges",
    "Whether every coordinate of a point lies within the values' range in that coordinate: yes or no.",
    {{"point", ArgSpec::Kind::kValue, true, "the point (a context, or given)"},
     {"values", ArgSpec::Kind::kValue, true, "the values, one a row"}},
    {{"", "answer", false}},
    ApplyInsideRanges,
    {},
};

extern const Operation kAffineWeightsOperation = {
    "affine_weights",
    "The weights, adding up to 1, that rebuild a point from the values (unique for affinely independent values).",
    {{"point", ArgSpec::Kind::kValue, true, "the point"}, {"values", ArgSpec::Kind::kValue, true, "the values"}},
    {{"", "weights", true}},
    ApplyAffineWeights,
    {},
};

extern const Operation kInHullOperation = {
    "in_hull",
    "Whether a point is a mixture of the values with weights that are all at least 0 (in their convex hull), "
    "decided exactly: yes or no.",
    {{"point", ArgSpec::Kind::kValue, true, "the point"}, {"values", ArgSpec::Kind::kValue, true, "the values"}},
    {{"", "answer", false}},
    ApplyInHull,
    {
        {"ranges-not-hull", nullptr, 71, true, RangesNotHull, RangesNotHullWords},
    },
};

}  // namespace attn
