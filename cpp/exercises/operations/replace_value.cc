// "replace_value": Chapter 19's intervention on one value: the value at a position replaced by
// a control value, everything else (the scores, so the weights) as it was.
#include <cmath>

#include "core/interventions.h"
#include "exercises/operations/kit.h"

namespace attn {
namespace ops {
namespace {

Result<Value> Apply(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(values, c.Need("values"));
  ATTN_ASSIGN_OR_RETURN(control, c.Need("control"));
  const Value& v = values->Main();
  ATTN_ASSIGN_OR_RETURN(position, PositionIn(c.Word("position"), LabelsOf(v, v.rows())));
  return InArithmetic(c, false, [&](auto zero) -> Result<Value> {
    using S = decltype(zero);
    ATTN_ASSIGN_OR_RETURN(m, MatrixOf<S>(v, "the values"));
    ATTN_ASSIGN_OR_RETURN(k, VectorOf<S>(*control, "the control value"));
    ATTN_ASSIGN_OR_RETURN(replaced, ReplaceValue(m, position, k));
    Value out = Value::Matrix(replaced);
    out.exact_shown = c.exact && kExact<S>;
    out.labels = v.labels;
    return out;
  });
}

// The position deleted and the other weights renormalised, instead of its value replaced: for
// every later read with the step's weights, the context of the other positions alone. Written
// as values (that position's row becomes that context, so any mixture with these weights gives
// exactly it), so that the steps after it need not know.
Result<WrongResult> Deleted(const StepContext& c, const Value& right) {
  const Value* weights = c.Arg("weights");
  if (!weights) return NotHere("the weights that mix the values are not given");
  ATTN_ASSIGN_OR_RETURN(values, c.Need("values"));
  const Value& v = values->Main();
  ATTN_ASSIGN_OR_RETURN(position, PositionIn(c.Word("position"), LabelsOf(v, v.rows())));
  ATTN_ASSIGN_OR_RETURN(w, VectorOf<double>(weights->Main().Approximate(), "the weights"));
  ATTN_ASSIGN_OR_RETURN(m, MatrixOf<double>(v.Approximate(), "the values"));
  if (w.size() != m.rows()) return NotHere("weights of another length");
  double rest = 1 - w(position);
  if (!(rest > 1e-12)) return NotHere("no weight elsewhere");
  Vec<double> others = Vec<double>::Zero(m.cols());
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    if (i != position) others += w(i) * m.row(i).transpose();
  others /= rest;
  Value out = right.Approximate();
  out.approx = m;
  out.approx.row(position) = others.transpose();
  return Wrong(out);
}

std::string DeletedWords(const Explaining& e) {
  return e.Comes() +
         " from deleting the position and renormalising the other weights. The intervention keeps the "
         "position and its weight, and only swaps its value for the control value.";
}

}  // namespace
}  // namespace ops

using namespace ops;

extern const Operation kReplaceValueOperation = {
    "replace_value",
    "The values with the one at a position replaced by a control value; the scores and weights stay as they were.",
    {{"values", ArgSpec::Kind::kValue, true, "the values, one a row"},
     {"position", ArgSpec::Kind::kWord, true, "the position, from 1 (or its label)"},
     {"control", ArgSpec::Kind::kValue, true, "the control value put in its place"},
     {"weights", ArgSpec::Kind::kValue, false,
      "the weights that will mix them, to name deleting the position instead"}},
    {{"", "values", true}},
    Apply,
    {
        {"value-deleted-renormalised", nullptr, 58, false, Deleted, DeletedWords},
    },
};

}  // namespace attn
