// "largest_removal_effect": which stored state's frozen removal changes a readout the most
// (Chapter 14's exercise 4). The read is run once per position, with that position removed:
// a loop over positions that a list of declared steps cannot write, so it is this one
// operation; each read is the core's own (scores, softmax, context, readout), compared exactly.
#include <algorithm>

#include "exercises/operations/kit.h"

namespace attn {
namespace ops {
namespace {

Result<Exact> ReadoutWithout(const Mat<Exact>& states, const Vec<Exact>& query, const Vec<Exact>& b,
                             const Eligibility& eligible) {
  ATTN_ASSIGN_OR_RETURN(scores, DotScores(states, query));
  ATTN_ASSIGN_OR_RETURN(softmax, SoftmaxOf(scores, eligible));
  ATTN_ASSIGN_OR_RETURN(context, ContextOf(softmax.weights, states));
  return ReadoutOf(context, b);
}

Result<Value> Apply(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(memory, c.Need("states"));
  ATTN_ASSIGN_OR_RETURN(q_value, c.Need("query"));
  ATTN_ASSIGN_OR_RETURN(b_value, c.Need("coefficients"));
  ATTN_ASSIGN_OR_RETURN(states, MatrixOf<Exact>(memory->Main(), "the states"));
  ATTN_ASSIGN_OR_RETURN(query, VectorOf<Exact>(*q_value, "the query"));
  ATTN_ASSIGN_OR_RETURN(b, VectorOf<Exact>(*b_value, "the readout's coefficients"));
  const std::vector<std::string> labels = LabelsOf(memory->Main(), states.rows());
  ATTN_ASSIGN_OR_RETURN(base, ReadoutWithout(states, query, b, {}));
  std::vector<Exact> changes;
  for (Eigen::Index p = 0; p < states.rows(); ++p) {
    Eligibility eligible(static_cast<size_t>(states.rows()), true);
    eligible[static_cast<size_t>(p)] = false;
    ATTN_ASSIGN_OR_RETURN(after, ReadoutWithout(states, query, b, eligible));
    Exact change = after - base;
    if (!change.valid()) return change.status();
    changes.push_back(SignOf(change) < 0 ? -change : change);
  }
  size_t best = 0;
  for (size_t i = 1; i < changes.size(); ++i)
    if (SignOf(changes[i] - changes[best]) > 0) best = i;
  std::vector<std::string> right;
  for (size_t i = 0; i < changes.size(); ++i)
    if (changes[i] == changes[best]) right.push_back(labels[i]);
  return Value::Positions(right, labels);
}

// The position with the largest weight, where it is not one whose removal matters most.
Result<WrongResult> LargestWeight(const StepContext& c, const Value& right) {
  const Value* weights = c.Arg("weights");
  if (!weights) return NotHere("no weights given");
  const Value& w = weights->Main();
  if (!w.exact || w.rank != 1) return NotHere("no exact weights");
  size_t best = 0;
  for (Eigen::Index i = 1; i < w.rows(); ++i)
    if (SignOf((*w.exact)(i, 0) - (*w.exact)(static_cast<Eigen::Index>(best), 0)) > 0) best = static_cast<size_t>(i);
  std::vector<std::string> labels = LabelsOf(w, w.rows()), only_weight;
  for (Eigen::Index i = 0; i < w.rows(); ++i) {
    if ((*w.exact)(i, 0) != (*w.exact)(static_cast<Eigen::Index>(best), 0)) continue;
    const std::string& label = labels[static_cast<size_t>(i)];
    if (std::find(right.positions.begin(), right.positions.end(), label) == right.positions.end())
      only_weight.push_back(label);
  }
  if (only_weight.empty()) return NotHere("the same positions");
  Value out = right;
  out.positions = only_weight;
  return Wrong(out);
}

std::string LargestWeightWords(const Explaining&) {
  return "that position has the largest weight, but removing it is not what changes the readout most. Compare the "
         "readout after each removal.";
}

}  // namespace
}  // namespace ops

using namespace ops;

extern const Operation kLargestRemovalEffectOperation = {
    "largest_removal_effect",
    "The stored state (or every tied one) whose frozen removal changes the readout the most: the read run once "
    "with each position removed.",
    {{"states", ArgSpec::Kind::kValue, true, "a memory of stored states (an encode step)"},
     {"query", ArgSpec::Kind::kValue, true, "the query"},
     {"coefficients", ArgSpec::Kind::kValue, true, "the readout's coefficients"},
     {"weights", ArgSpec::Kind::kValue, false, "the read's weights, to name taking the largest weight instead"}},
    {{"", "position", false}},
    Apply,
    {
        {"largest-weight-as-largest-effect", nullptr, 70, true, LargestWeight, LargestWeightWords},
    },
};

}  // namespace attn
