// "sum": the total of a list's entries (a distribution's weights add up to 1), and
// "masked_mass": the weight a read puts where it may not read (0 for a correct mask), one a row
// for a matrix.
#include <cmath>

#include "exercises/operations/kit.h"

namespace attn {
namespace ops {
namespace {

Result<Value> ApplySum(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(of, c.Need("of"));
  return InArithmetic(c, false, [&](auto zero) -> Result<Value> {
    using S = decltype(zero);
    ATTN_ASSIGN_OR_RETURN(m, MatrixOf<S>(of->Main(), "what is added"));
    S total = S(0);
    for (Eigen::Index i = 0; i < m.size(); ++i) total += m.data()[i];
    Value out = Value::Scalar(total);
    out.exact_shown = c.exact && kExact<S>;
    return out;
  });
}

Result<Value> ApplyMaskedMass(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(w_value, c.Need("weights"));
  const Value& weights = w_value->Main();
  const Value* mask = c.Arg("mask");
  ATTN_ASSIGN_OR_RETURN(rows, RowsOf<double>(weights.Approximate(), "the weights"));
  Vec<double> mass = Vec<double>::Zero(rows.rows());
  for (Eigen::Index r = 0; r < rows.rows(); ++r) {
    for (Eigen::Index s = 0; s < rows.cols(); ++s) {
      bool may = weights.Eligible(r, s);
      if (mask) {
        const Value& m = mask->Main();
        double x = m.rank == 1 ? m.approx(s, 0) : m.approx(r, s);
        may = x == 1;
      }
      if (!may) mass(r) += rows(r, s);
    }
  }
  Value out = weights.rank == 2 ? Value::List(mass) : Value::Scalar(mass(0));
  out.exact_shown = false;
  return out;
}

}  // namespace
}  // namespace ops

using namespace ops;

extern const Operation kSumOperation = {
    "sum",
    "The total of the entries (a distribution's weights add up to 1).",
    {{"of", ArgSpec::Kind::kValue, true, "the numbers to add"}},
    {{"", "total", false}},
    ApplySum,
    {},
};

extern const Operation kMaskedMassOperation = {
    "masked_mass",
    "The weight a read puts on positions it may not read: 0 for a correct mask (one a row for a matrix).",
    {{"weights", ArgSpec::Kind::kValue, true, "the weights (a softmax step)"},
     {"mask", ArgSpec::Kind::kValue, false, "which positions may be read (else the weights' own)"}},
    {{"", "masked mass", false, "masked masses"}},
    ApplyMaskedMass,
    {},
};

}  // namespace attn
