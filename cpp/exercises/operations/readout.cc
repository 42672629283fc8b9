// "readout": a linear readout of a context, r = Σ_i b_i c_i (the chapter's r = c₁ + 2c₂), and
// "difference": how much an intervention changed a readout, after minus before.
#include <algorithm>
#include <cmath>

#include "exercises/operations/kit.h"

namespace attn {
namespace ops {
namespace {

// The readout as a formula in the context's coordinates: "c1 + 2c2".
std::string Formula(const Value& coefficients) {
  std::string out;
  for (Eigen::Index i = 0; i < coefficients.size(); ++i) {
    std::string k = Said(coefficients.exact ? Value::Scalar((*coefficients.exact)(i, 0))
                                            : Value::Scalar(coefficients.approx(i, 0)));
    if (k == "0") continue;
    bool negative = k[0] == '-';
    if (negative) k = k.substr(1);
    if (k == "1") k.clear();
    out += negative ? (out.empty() ? "-" : " - ") : (out.empty() ? "" : " + ");
    out += k + "c" + std::to_string(i + 1);
  }
  return out.empty() ? "0" : out;
}

enum class Way { kRight, kPlainSum };

Result<Value> Run(const StepContext& c, Way way) {
  ATTN_ASSIGN_OR_RETURN(context_value, c.Need("context"));
  ATTN_ASSIGN_OR_RETURN(coefficients_value, c.Need("coefficients"));
  return InArithmetic(c, false, [&](auto zero) -> Result<Value> {
    using S = decltype(zero);
    ATTN_ASSIGN_OR_RETURN(context, VectorOf<S>(*context_value, "the context"));
    ATTN_ASSIGN_OR_RETURN(b, VectorOf<S>(*coefficients_value, "the readout's coefficients"));
    if (way == Way::kPlainSum) b = Vec<S>::Constant(b.size(), S(1));
    ATTN_ASSIGN_OR_RETURN(r, ReadoutOf(context, b));
    Value out = Value::Scalar(r);
    out.exact_shown = c.exact && kExact<S>;
    return out;
  });
}

Result<Value> Apply(const StepContext& c, const Given&) { return Run(c, Way::kRight); }

template <Way way>
Result<WrongResult> Done(const StepContext& c, const Value&) {
  ATTN_ASSIGN_OR_RETURN(v, Run(c, way));
  return Wrong(v);
}

std::string PlainSumWords(const Explaining& e) {
  const Value* b = e.step->Arg("coefficients");
  return e.Comes() + " from adding the context's coordinates as they are. This readout weighs them: r = " +
         (b ? Formula(b->Main()) : std::string("…")) + ".";
}

// A readout of a context that mixes the values lies between the least and the greatest
// readout of a point in their box.
std::optional<std::string> ImpossibleReadout(const StepContext& c, const std::string&, const Typed& typed) {
  const Value* context = c.Arg("context");
  const Value* b = c.Arg("coefficients");
  if (!context || !b || context->Main().low.empty() || typed.value.rank != 0) return std::nullopt;
  const Value& box = context->Main();
  double low = 0, high = 0;
  for (Eigen::Index i = 0; i < b->Main().size() && static_cast<size_t>(i) < box.low.size(); ++i) {
    double k = b->Main().approx(i, 0);
    low += k * (k >= 0 ? box.low[static_cast<size_t>(i)] : box.high[static_cast<size_t>(i)]);
    high += k * (k >= 0 ? box.high[static_cast<size_t>(i)] : box.low[static_cast<size_t>(i)]);
  }
  double x = typed.value.approx(0, 0), t = typed.tolerance(0, 0) + 1e-9 * std::max(1.0, std::fabs(x));
  if (x < low - t || x > high + t)
    return "a readout of a context of these values lies between " + DecimalString(low) + " and " + DecimalString(high);
  return std::nullopt;
}

Result<Value> ApplyDifference(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(after, c.Need("after"));
  ATTN_ASSIGN_OR_RETURN(before, c.Need("before"));
  return InArithmetic(c, false, [&](auto zero) -> Result<Value> {
    using S = decltype(zero);
    ATTN_ASSIGN_OR_RETURN(a, ScalarOf<S>(*after, "the value after"));
    ATTN_ASSIGN_OR_RETURN(b, ScalarOf<S>(*before, "the value before"));
    S change = a - b;
    if constexpr (!kExact<S>) {
      // Two readouts equal in exact arithmetic differ by rounding noise in floating point;
      // the change they show is 0, not -2.2e-16.
      if (std::abs(change) <= 1e-12 * std::max({1.0, std::abs(a), std::abs(b)})) change = 0;
    }
    Value out = Value::Scalar(S(change));
    out.exact_shown = c.exact && kExact<S>;
    return out;
  });
}

}  // namespace
}  // namespace ops

using namespace ops;

extern const Operation kReadoutOperation = {
    "readout",
    "A linear readout of a context, r = Σ_i b_i c_i, with the coefficients b.",
    {{"context", ArgSpec::Kind::kValue, true, "the context"},
     {"coefficients", ArgSpec::Kind::kValue, true, "one coefficient per context coordinate"}},
    {{"", "readout", false, nullptr, "r"}},
    Apply,
    {
        {"readout-coefficients-ignored", nullptr, 55, false, Done<Way::kPlainSum>, PlainSumWords},
    },
    ImpossibleReadout,
};

extern const Operation kDifferenceOperation = {
    "difference",
    "How much a value changed: after minus before.",
    {{"after", ArgSpec::Kind::kValue, true, "the value after the change"},
     {"before", ArgSpec::Kind::kValue, true, "the value before it"}},
    {{"", "change", false}},
    ApplyDifference,
    {},
};

}  // namespace attn
