// "entropy": how spread a weight distribution is, H = -Σ w ln w in nats (0 ln 0 = 0); a matrix
// of weights gives one entropy a row.
#include <cmath>

#include "core/diagnostics.h"
#include "exercises/operations/kit.h"

namespace attn {
namespace ops {
namespace {

enum class Way { kRight, kBits, kLog10, kSign, kLnLeftOut };

Result<Value> Run(const StepContext& c, Way way) {
  ATTN_ASSIGN_OR_RETURN(w_value, c.Need("weights"));
  const Value& weights = w_value->Main();
  ATTN_ASSIGN_OR_RETURN(rows, RowsOf<double>(weights.Approximate(), "the weights"));
  Vec<double> h(rows.rows());
  for (Eigen::Index r = 0; r < rows.rows(); ++r) {
    h(r) = EntropyOf(Vec<double>(rows.row(r).transpose()));
    if (way == Way::kBits) h(r) /= std::log(2.0);
    if (way == Way::kLog10) h(r) /= std::log(10.0);
    if (way == Way::kSign) h(r) = -h(r);
    if (way == Way::kLnLeftOut) h(r) = std::exp(h(r));
  }
  Value out = weights.rank == 2 ? Value::List(h) : Value::Scalar(h(0));
  out.exact_shown = false;
  return out;
}

// The way a derived mistake's operator asks for (StepContext::dial). Leaving out the logarithm is
// asked only of weights that are all equal (n of them, ln n, read as n).
Result<Value> Apply(const StepContext& c, const Given&) {
  switch (c.dial) {
    case Dial::kNone: return Run(c, Way::kRight);
    case Dial::kLog2: return Run(c, Way::kBits);
    case Dial::kLog10: return Run(c, Way::kLog10);
    case Dial::kLnLeftOut: {
      ATTN_ASSIGN_OR_RETURN(w_value, c.Need("weights"));
      ATTN_ASSIGN_OR_RETURN(rows, RowsOf<double>(w_value->Main().Approximate(), "the weights"));
      for (Eigen::Index r = 0; r < rows.rows(); ++r)
        if ((rows.row(r).array() - rows(r, 0)).abs().maxCoeff() > 1e-12) return NotHere("weights not all equal");
      return Run(c, Way::kLnLeftOut);
    }
    default: return NotHere("no such operator here");
  }
}

template <Way way>
Result<WrongResult> Done(const StepContext& c, const Value&) {
  ATTN_ASSIGN_OR_RETURN(v, Run(c, way));
  return Wrong(v);
}

std::string SignWords(const Explaining& e) {
  return e.Comes() +
         " from leaving out the minus sign: each w ln w is negative or 0 (a weight is at most 1), so "
         "H = -Σ w ln w is positive or 0.";
}

std::optional<std::string> Impossible(const StepContext& c, const std::string&, const Typed& typed) {
  const Value* w = c.Arg("weights");
  if (!w) return std::nullopt;
  const Value& weights = w->Main();
  Eigen::Index n = weights.rank == 2 ? weights.cols() : weights.rows();
  for (Eigen::Index i = 0; i < typed.value.size(); ++i) {
    double x = typed.value.approx.data()[i], t = typed.tolerance.data()[i] + 1e-9;
    if (x < -t) return std::string("an entropy is never negative");
    if (x > std::log(static_cast<double>(n)) + t)
      return "an entropy over " + std::to_string(n) + " positions is at most ln " + std::to_string(n);
  }
  return std::nullopt;
}

}  // namespace
}  // namespace ops

using namespace ops;

extern const Operation kEntropyOperation = {
    "entropy",
    "How spread the weights are: H = -Σ w ln w in nats (one entropy a row for a matrix).",
    {{"weights", ArgSpec::Kind::kValue, true, "the weights (a list, or a matrix row by row)"}},
    {{"", "entropy", false, "entropies", "H=-\\sum_i \\alpha_i\\ln\\alpha_i"}},
    Apply,
    {
        {"entropy-sign-dropped", nullptr, 62, false, Done<Way::kSign>, SignWords},
    },
    Impossible,
    {Dial::kLog2, Dial::kLog10, Dial::kLnLeftOut},
};

}  // namespace attn
