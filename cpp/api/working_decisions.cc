// The working of the steps that decide an answer: the readout after each removal (which position's
// removal moves the readout most), and the weights λ of a hull point (in the hull exactly when
// none is negative).
#include "api/working_lines.h"
#include "core/attention.h"
#include "exercises/operation.h"

namespace attn {
namespace {

Value Scalar(const Exact& x) { return Value::Scalar(x); }

// The readout with the states in `eligible` read.
Result<Exact> ReadoutWith(const Mat<Exact>& states, const Vec<Exact>& query, const Vec<Exact>& b,
                          const Eligibility& eligible) {
  ATTN_ASSIGN_OR_RETURN(scores, DotScores(states, query));
  ATTN_ASSIGN_OR_RETURN(softmax, SoftmaxOf(scores, eligible));
  ATTN_ASSIGN_OR_RETURN(context, ContextOf(softmax.weights, states));
  return ReadoutOf(context, b);
}

std::string Bracketed(const Exact& x) { return FactorText(Scalar(x), 0, 0); }

}  // namespace

std::vector<WorkingLine> RemovalEffectWorking(const WorkingStep& step) {
  const StepContext& c = *step.context;
  const Value* memory = c.Arg("states");
  const Value* q = c.Arg("query");
  const Value* coefficients = c.Arg("coefficients");
  if (!memory || !q || !coefficients) return {};
  auto states = MatrixOf<Exact>(memory->Main(), "the states");
  auto query = VectorOf<Exact>(*q, "the query");
  auto b = VectorOf<Exact>(*coefficients, "the coefficients");
  if (!states.ok() || !query.ok() || !b.ok()) return {};
  auto base = ReadoutWith(*states, *query, *b, {});
  if (!base.ok()) return {};
  std::vector<WorkingLine> out = {
      {"",
       "Run the read once with each position removed (the softmax over the rest), and compare each readout "
       "with the full read's, " +
           EntryText(Scalar(*base), 0, 0) + "."}};
  for (Eigen::Index p = 0; p < states->rows(); ++p) {
    Eligibility eligible(static_cast<size_t>(states->rows()), true);
    eligible[static_cast<size_t>(p)] = false;
    auto after = ReadoutWith(*states, *query, *b, eligible);
    if (!after.ok()) return {};
    std::string where = PositionText(memory->Main(), p);
    where[0] = 'P';
    out.push_back({"", where + " removed: readout " + EntryText(Scalar(*after), 0, 0) +
                           "; its change = " + Bracketed(*after) + " \u2212 " + Bracketed(*base) + " = " +
                           EntryText(Scalar(*after - *base), 0, 0)});
  }
  out.push_back({"", "The answer is the position whose removal moves the readout most, in size:"});
  return out;
}

std::vector<WorkingLine> HullWorking(const WorkingStep& step) {
  const StepContext& c = *step.context;
  const Value* v = c.Arg("values");
  const Value* p = c.Arg("point");
  // The weights by the affine_weights operation's record (the same arguments), so that a
  // chapter's core without it links none of the solver.
  const Operation* affine = OperationNamed("affine_weights");
  if (!v || !p || !affine) return {};
  auto solved = affine->apply(c, {});
  if (!solved.ok() || !solved->exact) return {};
  Value weights = *solved;
  weights.exact_shown = false;
  Value shown_values = v->Main();
  shown_values.exact_shown = false;
  std::string list = "[", terms, negative;
  for (Eigen::Index i = 0; i < weights.rows(); ++i) {
    list += (i ? ", " : "") + EntryText(weights, i, 0);
    terms += (i ? " + " : "") + FactorText(weights, i, 0) + " \u00d7 " + FactorText(shown_values, i, 0);
    if (SignOf((*weights.exact)(i, 0)) < 0 && negative.empty()) negative = "$\\lambda_" + std::to_string(i + 1) + "$";
  }
  Value shown_point = p->Main();
  shown_point.exact_shown = false;
  return {{"", "The weights $\\lambda_i$ that rebuild $p = \\sum_i \\lambda_i v_i$, with $\\sum_i \\lambda_i = 1$: " +
                   list + "]"},
          {"", "Check, first coordinate: $p_1$ = " + terms + " = " + EntryText(shown_point, 0, 0)},
          {"", negative.empty() ? "None of them is negative, so $p$ is a mixture of the values: in the hull."
                                : negative + " is negative, and these weights are the only ones, so $p$ is outside "
                                             "the hull."}};
}

}  // namespace attn
