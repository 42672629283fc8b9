// "masked_row_policy": what to do with a row whose every source is masked (Chapter 19's
// exercise 11). The chapter asks the learner to define and test a policy and names none, so
// every explicit policy that keeps the padding out of the result is right; the answer states
// what the companion's own core does, observed by running it: the batched core on the exercise's
// rows ("batched"), or the single-query read ("single").
#include <algorithm>
#include <cmath>

#include "batch/batch_attention.h"
#include "exercises/computation.h"
#include "exercises/operations/kit.h"

namespace attn {
namespace ops {
namespace {

// The policies a part may offer, by id.
const std::vector<std::string> kPolicies = {"nan", "zeros_flagged", "uniform", "error"};

struct Run {
  BatchShape shape;
  MaskSpec mask;
  Result<BatchResult<double>> result = Status();
};

// The rows (one target each, the given lengths) through the batched core.
Result<Run> Batched(const Value& lengths_value, const Value& s_value) {
  ATTN_ASSIGN_OR_RETURN(S, IntegerOf(s_value, "S"));
  ATTN_ASSIGN_OR_RETURN(lengths, VectorOf<Exact>(lengths_value, "the lengths"));
  Run run;
  run.shape.B = lengths.size();
  run.shape.S = S;
  for (Eigen::Index i = 0; i < lengths.size(); ++i) {
    auto n = lengths(i).constant();
    if (!n || !n->is_integer()) return Status(ErrorCode::kInvalidInput, "source lengths must be whole numbers");
    run.mask.lengths.push_back(n->num());
  }
  const BatchShape& shape = run.shape;
  std::vector<double> q(static_cast<size_t>(shape.QueryElements()), 1.0),
      k(static_cast<size_t>(shape.KeyElements()), 1.0), v(static_cast<size_t>(shape.ValueElements()), 1.0);
  BatchOptions options;
  options.return_weights = true;
  run.result = BatchAttention<double>(shape, q, k, v, run.mask, options);
  return run;
}

// What the batched core returns for a row with no eligible source.
Result<std::string> BatchedPolicy(const StepContext& c) {
  ATTN_ASSIGN_OR_RETURN(lengths_value, c.Need("lengths"));
  ATTN_ASSIGN_OR_RETURN(s_value, c.Need("S"));
  ATTN_ASSIGN_OR_RETURN(run, Batched(*lengths_value, *s_value));
  if (!run.result.ok()) return std::string("error");
  const int64_t S = run.shape.S;
  for (int64_t row = 0; row < run.shape.Rows(); ++row) {
    if (run.mask.lengths[static_cast<size_t>(row)] != 0) continue;
    bool zeros = std::all_of(run.result->weights.begin() + row * S, run.result->weights.begin() + (row + 1) * S,
                             [](double w) { return w == 0; });
    if (zeros && run.result->empty_rows[static_cast<size_t>(row)]) return std::string("zeros_flagged");
    return std::string(std::isnan(run.result->weights[static_cast<size_t>(row * S)]) ? "nan" : "uniform");
  }
  return Status(ErrorCode::kInvalidInput, "the exercise has no all-masked row to run");
}

// What the single-query read does when every source is masked.
Status SingleRead() {
  Mat<double> keys = Mat<double>::Ones(3, 2);
  Vec<double> query = Vec<double>::Ones(2);
  return ReadOf(query, keys, keys, Eligibility(3, false)).status();
}

std::string SinglePolicy() { return SingleRead().ok() ? "zeros_flagged" : "error"; }

std::string CoreDoes(const std::string& policy) {
  if (policy == "zeros_flagged") return "returns all-zero weights and a zero context, and flags the row";
  if (policy == "error") return "refuses with an error that names the empty row";
  if (policy == "uniform") return "spreads the weight evenly over every position";
  return "lets the NaN through";
}

Result<Value> Apply(const StepContext& c, const Given&) {
  const std::string where = c.Word("where", "batched");
  std::string core;
  if (where == "batched") {
    ATTN_ASSIGN_OR_RETURN(policy, BatchedPolicy(c));
    core = policy;
  } else if (where == "single") {
    core = SinglePolicy();
  } else {
    return Status(ErrorCode::kInvalidInput, "where is batched or single, not '" + where + "'");
  }
  if (core == "nan" || core == "uniform") return Status(ErrorCode::kInvalidInput, "the core has no sound policy");
  Value out = Value::Choice({"zeros_flagged", "error"}, kPolicies);
  out.accepted_rule =
      "Any explicit rule that keeps the padding out of the result, stated and tested, is a sound "
      "policy here; for comparison, the companion's " +
      std::string(where == "batched" ? "batched core " : "single read ") + CoreDoes(core) + ".";
  return out;
}

template <int which>
Result<WrongResult> Unsound(const StepContext&, const Value& right) {
  Value out = right;
  out.positions = {which == 0 ? "uniform" : "nan"};
  return Wrong(out);
}

std::string UniformWords(const Explaining&) {
  return "that policy spreads the weight over every position, padding included, so the row reads keys that the mask "
         "forbids and returns a context made of padding. It is explicit, but it lets the padding into the result, "
         "which the policy exists to prevent; a test of masking should catch it.";
}

std::string NanWords(const Explaining&) {
  return "that policy, letting NaN propagate, is not a policy. With every key masked, every exponential is 0 and "
         "softmax divides 0 by 0; the NaN then spreads silently into the context, the loss and later layers, and "
         "nothing tells the caller which row was empty. Choose an explicit rule that a test can check.";
}

}  // namespace
}  // namespace ops

using namespace ops;

namespace {

// {"single": {"error": the single read's message}, "batched": {"rows": [{length, weights,
// flagged}], "emptyRows"} or {"error"}} for the exercise's rows (its inputs lengths and S).
Result<nlohmann::json> PolicyCases(const Computation& exercise) {
  const Value* lengths = exercise.Input("lengths");
  const Value* S = exercise.Input("S");
  if (!lengths || !S) return nlohmann::json{{"single", {{"error", ""}}}};
  nlohmann::json out = {{"single", {{"error", SingleRead().message()}}}};
  ATTN_ASSIGN_OR_RETURN(run, Batched(*lengths, *S));
  if (!run.result.ok()) {
    out["batched"] = {{"error", run.result.status().message()}};
    return out;
  }
  nlohmann::json rows = nlohmann::json::array();
  for (int64_t r = 0; r < run.shape.Rows(); ++r) {
    nlohmann::json weights = nlohmann::json::array();
    for (int64_t s = 0; s < run.shape.S; ++s)
      weights.push_back(run.result->weights[static_cast<size_t>(r * run.shape.S + s)]);
    rows.push_back({{"length", run.mask.lengths[static_cast<size_t>(r)]},
                    {"weights", weights},
                    {"flagged", run.result->empty_rows[static_cast<size_t>(r)] != 0}});
  }
  out["batched"] = {{"rows", rows}, {"emptyRows", run.result->empty_row_count}};
  return out;
}

}  // namespace

extern const Operation kMaskedRowPolicyOperation = {
    "masked_row_policy",
    "What to do with a row whose every source is masked: any explicit policy that keeps the padding out (zero "
    "weights with a flag, or an error) is right; the answer says what the core itself does, by running it.",
    {{"where", ArgSpec::Kind::kWord, false, "batched (the exercise's rows through the batched core) or single"},
     {"lengths", ArgSpec::Kind::kValue, false, "each row's source length (batched)"},
     {"S", ArgSpec::Kind::kValue, false, "the padded source length (batched)"}},
    {{"", "policy", false}},
    Apply,
    {
        {"uniform-over-padding", nullptr, 92, true, Unsound<0>, UniformWords},
        {"nan-propagation", nullptr, 93, true, Unsound<1>, NanWords},
    },
    nullptr,
    {},
    PolicyCases,
};

}  // namespace attn
