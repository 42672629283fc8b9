// "naive_softmax": the softmax as a naive implementation computes it in double, exponentiating
// the scores as they are (Chapter 19's exercise 8): past a score of about 709, exp overflows to
// inf and the weights come out as NaN, as they really do. "shift": every score moved by the
// same amount, which leaves the softmax's weights unchanged.
#include <cmath>

#include "core/diagnostics.h"
#include "exercises/operations/kit.h"

namespace attn {
namespace ops {
namespace {

Result<Value> ApplyNaive(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(s, c.Need("scores"));
  ATTN_ASSIGN_OR_RETURN(scores, VectorOf<double>(s->Main().Approximate(), "the scores"));
  Value exps = Value::List(Vec<double>(scores.array().exp())), weights = Value::List(NaiveSoftmax(scores));
  exps.exact_shown = weights.exact_shown = false;
  return Value::Record({{"exponentials", exps}, {"weights", weights}}, "weights");
}

// What a stable softmax gives, typed where the naive one is asked.
Result<WrongResult> StableForNaive(const StepContext& c, const Value&) {
  ATTN_ASSIGN_OR_RETURN(s, c.Need("scores"));
  ATTN_ASSIGN_OR_RETURN(scores, VectorOf<double>(s->Main().Approximate(), "the scores"));
  Vec<double> shifted = (scores.array() - scores.maxCoeff()).exp();
  ATTN_ASSIGN_OR_RETURN(softmax, SoftmaxOf(scores));
  Value exps = Value::List(shifted), weights = Value::List(softmax.weights);
  exps.exact_shown = weights.exact_shown = false;
  return Wrong(Value::Record({{"exponentials", exps}, {"weights", weights}}, "weights"));
}

std::string StableForNaiveWords(const Explaining& e) {
  if (e.noun == "exponentials")
    return "those are the exponentials after the largest score is subtracted, which is what a stable softmax "
           "computes. The naive implementation exponentiates the scores as they are, and e to a power above about "
           "709 is larger than the largest double (about 1.8e308), so it comes out as inf.";
  return "those are the right weights, the ones a stable softmax returns. The naive implementation never gets "
         "there: each exponential overflows to inf, and dividing inf by the total, which is inf as well, gives NaN.";
}

// The weights typed as the exponentials, inf, where each is inf / inf.
Result<WrongResult> InfOverInf(const StepContext& c, const Value& right) {
  const Value* w = right.Field("weights");
  const Value* e = right.Field("exponentials");
  if (!w || !e || w->approx.allFinite() || e->approx.allFinite()) return NotHere("no overflow");
  (void)c;
  WrongResult out;
  out.words = {"inf"};
  return out;
}

// The true exponentials, beyond what a double holds (e^1000 typed where the double is inf).
Result<WrongResult> TrueExponentials(const StepContext&, const Value& right) {
  const Value* e = right.Field("exponentials");
  if (!e || e->approx.allFinite()) return NotHere("no overflow");
  WrongResult out;
  out.beyond_double = true;
  return out;
}

std::string TrueExponentialsWords(const Explaining&) {
  return "your exponentials are the true values, but a double holds nothing above about 1.8e308, which is e^709.78: "
         "the naive computation overflows at each of these.";
}

std::string InfOverInfWords(const Explaining&) {
  return "your weights stop at the exponentials, which are inf. Each weight divides an exponential by their total, "
         "which is inf as well, and inf / inf is not a number: NaN.";
}

Result<Value> ApplyShift(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(s, c.Need("scores"));
  ATTN_ASSIGN_OR_RETURN(by, c.Need("by"));
  return InArithmetic(c, false, [&](auto zero) -> Result<Value> {
    using S = decltype(zero);
    ATTN_ASSIGN_OR_RETURN(scores, VectorOf<S>(*s, "the scores"));
    ATTN_ASSIGN_OR_RETURN(k, ScalarOf<S>(*by, "the shift"));
    Vec<S> out = scores;
    for (Eigen::Index i = 0; i < out.size(); ++i) out(i) = out(i) + k;
    Value v = Value::List(out);
    v.exact_shown = c.exact && kExact<S>;
    v.labels = s->Main().labels;
    v.eligible = s->Main().eligible;
    v.role = s->Main().role;
    return v;
  });
}

}  // namespace
}  // namespace ops

using namespace ops;

extern const Operation kNaiveSoftmaxOperation = {
    "naive_softmax",
    "The softmax as a naive implementation computes it in double, exponentiating the scores as they are: past "
    "about 709 the exponentials overflow to inf and the weights are NaN.",
    {{"scores", ArgSpec::Kind::kValue, true, "the scores"}},
    {{"exponentials", "exponentials", true}, {"weights", "weights", true}},
    ApplyNaive,
    {
        {"stable-for-naive", nullptr, 72, false, StableForNaive, StableForNaiveWords},
        {"exact-for-overflow", nullptr, 71, false, TrueExponentials, TrueExponentialsWords},
        {"inf-over-inf", nullptr, 73, false,
         [](const StepContext& c, const Value& right) -> Result<WrongResult> { return InfOverInf(c, right); },
         InfOverInfWords},
    },
};

extern const Operation kShiftOperation = {
    "shift",
    "Every score moved by the same amount (the softmax's weights do not change).",
    {{"scores", ArgSpec::Kind::kValue, true, "the scores"}, {"by", ArgSpec::Kind::kValue, true, "the amount added"}},
    {{"", "scores", true}},
    ApplyShift,
    {},
};

}  // namespace attn
