// Two checks the chapter asks for on one read (model "ch19.read"): what a naive softmax,
// exponentiating the scores as they are, returns for large scores (Exercise 19.8), and
// whether a point lies in the convex hull of the values, decided exactly (Exercise 19.7).
#include <cmath>

#include "core/convex_hull.h"
#include "core/diagnostics.h"
#include "exercises/model.h"
#include "exercises/models/ch19_read_model.h"
#include "exercises/variant_drawing.h"

namespace attn {
namespace {

// Each entry as a number, or as NaN / inf where the double arithmetic gives one.
Quantity NumbersOf(const Vec<double>& v) {
  std::vector<Quantity> items;
  for (Eigen::Index i = 0; i < v.size(); ++i)
    items.push_back(std::isfinite(v(i)) ? Quantity::Number(v(i)) : Quantity::NotFinite(v(i)));
  return Quantity::List(std::move(items));
}

Status NaiveRequest(const Ch19ReadInputs& in, const std::string& q, bool with_mistakes, GradeRequest& request) {
  ATTN_ASSIGN_OR_RETURN(r, Ch19ReadOf(in, Ch19Method::kCorrect));
  if (!r.scores.size() || in.mask || in.temperature != 1)
    return Status(ErrorCode::kInvalidInput, "the naive softmax is asked of plain scores");
  const Vec<double> exponentials = r.scores.array().exp();
  request.expected = NumbersOf(q == "naive_exponentials" ? exponentials : NaiveSoftmax(r.scores));
  if (!with_mistakes) return Status();
  if (q == "naive_exponentials") {
    Vec<double> shifted = (r.scores.array() - r.scores.maxCoeff()).exp();
    request.misconceptions.push_back(Misconception::Value(
        "stable-for-naive", Quantity::Of(shifted),
        "those are the exponentials after the largest score is subtracted, which is what a stable softmax "
        "computes. The naive implementation exponentiates the scores as they are, and e to a power above about "
        "709 is larger than the largest double (about 1.8e308), so it comes out as inf."));
    return Status();
  }
  request.misconceptions.push_back(Misconception::Value(
      "stable-for-naive", Quantity::Of(r.weights),
      "those are the right weights, the ones a stable softmax returns. The naive implementation never gets "
      "there: each exponential overflows to inf, and dividing inf by the total, which is inf as well, gives NaN."));
  request.misconceptions.push_back(Misconception::Words(
      "inf-over-inf", {"inf"},
      "your weights stop at the exponentials, which are inf. Each weight divides an exponential by their total, "
      "which is inf as well, and inf / inf is not a number: NaN."));
  return Status();
}

struct HullInputs {
  Mat<Exact> values;
  Vec<Exact> point;
};

Result<HullInputs> HullInputsOf(const Json& exercise, const Json& part) {
  ATTN_ASSIGN_OR_RETURN(values_text, InputText(exercise, part, "values"));
  ATTN_ASSIGN_OR_RETURN(point_text, InputText(exercise, part, "point"));
  ATTN_ASSIGN_OR_RETURN(values, ExactMatrixFromText(values_text, "values"));
  ATTN_ASSIGN_OR_RETURN(point, ExactVectorFromText(point_text, "point"));
  return HullInputs{values, point};
}

Status HullRequest(const Json& exercise, const Json& part, const std::string& q, bool with_mistakes,
                   GradeRequest& request) {
  ATTN_ASSIGN_OR_RETURN(in, HullInputsOf(exercise, part));
  // The weights that rebuild the point must be unique for the part that asks for them, so
  // the values must be affinely independent (a triangle, not three points on a line).
  ATTN_ASSIGN_OR_RETURN(weights, AffineWeights(in.values, in.point));
  const Mat<double> values = in.values.unaryExpr([](const Exact& x) { return x.to_double(); });
  const Vec<double> point = in.point.unaryExpr([](const Exact& x) { return x.to_double(); });
  const bool in_ranges = InsideRanges(point, RangesOf(values));
  if (q == "point_weights") {
    std::vector<Quantity> items;
    for (Eigen::Index i = 0; i < weights.size(); ++i) items.push_back(Quantity::Number(weights(i)));
    request.expected = Quantity::List(std::move(items));
    return Status();
  }
  request.position_labels = {"yes", "no"};
  if (q == "point_inside_ranges") {
    request.expected = Quantity::Position({in_ranges ? "yes" : "no"});
    return Status();
  }
  ATTN_ASSIGN_OR_RETURN(hull, HullMembershipOf(in.values, in.point));
  request.expected = Quantity::Position({hull.inside ? "yes" : "no"});
  if (with_mistakes && in_ranges && !hull.inside) {
    request.misconceptions.push_back(Misconception::Position(
        "ranges-not-hull", Quantity::Position({"yes"}),
        "the point passes the coordinate-wise test, but that test only checks the box the values span, and the "
        "hull is smaller than the box. The weights that rebuild the point include a negative one, so no "
        "mixture with non-negative weights gives it: it lies outside the hull."));
  }
  return Status();
}

// k hundredths as a decimal: 15 -> "0.15", -50 -> "-0.5", 100 -> "1".
std::string Hundredths(int64_t k) {
  const int64_t m = k < 0 ? -k : k;
  std::string out = std::string(k < 0 ? "-" : "") + std::to_string(m / 100);
  if (m % 100 == 0) return out;
  out += "." + std::to_string(m % 100 / 10);
  return m % 10 == 0 ? out : out + std::to_string(m % 10);
}

}  // namespace

Result<bool> Ch19CheckRequest(const Json& exercise, const Json& part, const Ch19ReadInputs& in, bool with_mistakes,
                              GradeRequest& request) {
  const std::string q = StringField(part, "quantity");
  if (q == "naive_exponentials" || q == "naive_weights") {
    ATTN_RETURN_IF_ERROR(NaiveRequest(in, q, with_mistakes, request));
    return true;
  }
  if (q == "point_weights" || q == "point_inside_ranges" || q == "point_in_hull") {
    ATTN_RETURN_IF_ERROR(HullRequest(exercise, part, q, with_mistakes, request));
    return true;
  }
  return false;
}

Status Ch19DrawPoint(Json& exercise, SeededRandom& random) {
  if (!exercise.contains("inputs") || !exercise["inputs"].contains("point")) return Status();
  ATTN_ASSIGN_OR_RETURN(values_text, InputText(exercise, Json::object(), "values"));
  ATTN_ASSIGN_OR_RETURN(values, ExactMatrixFromText(values_text, "values"));
  // Half the variants mix the values with weights of at least a tenth each (a point strictly
  // inside); the others draw each coordinate in tenths within the values' range in that
  // coordinate until the point is outside the hull. Either way the point passes the
  // coordinate-wise test, and only the hull tells the two apart.
  std::string out;
  if (random.Integer(0, 1) == 0) {
    const int64_t n = values.rows();
    std::vector<int64_t> tenths(static_cast<size_t>(n), 1);
    for (int64_t left = 10 - n; left > 0; --left) ++tenths[static_cast<size_t>(random.Integer(0, n - 1))];
    out = "[";
    for (Eigen::Index c = 0; c < values.cols(); ++c) {
      Exact x(0);
      for (Eigen::Index i = 0; i < n; ++i) x += Exact(Rational::Of(tenths[static_cast<size_t>(i)], 10)) * values(i, c);
      auto hundredths = x.constant();
      if (!hundredths || !(*hundredths * Rational(100)).is_integer())
        return Status(ErrorCode::kInvalidInput, "the values are not written in tenths");
      std::string digits = Hundredths((*hundredths * Rational(100)).num());
      out += (c ? ", " : "") + digits;
    }
    exercise["inputs"]["point"] = out + "]";
    return Status();
  }
  for (int attempt = 0; attempt < 64; ++attempt) {
    out = "[";
    for (Eigen::Index c = 0; c < values.cols(); ++c) {
      double low = values.col(c).unaryExpr([](const Exact& x) { return x.to_double(); }).minCoeff();
      double high = values.col(c).unaryExpr([](const Exact& x) { return x.to_double(); }).maxCoeff();
      int64_t tenth = random.Integer(static_cast<int64_t>(std::ceil(low * 10 - 1e-9)),
                                     static_cast<int64_t>(std::floor(high * 10 + 1e-9)));
      out += (c ? ", " : "") + Tenths(tenth);
    }
    out += "]";
    ATTN_ASSIGN_OR_RETURN(point, ExactVectorFromText(out, "point"));
    auto hull = HullMembershipOf(values, point);
    if (!hull.ok() || !hull->inside) break;  // outside (or an error, which redraws the variant)
  }
  exercise["inputs"]["point"] = out;
  return Status();
}

}  // namespace attn
