// Policies for a row whose every source is masked (model "ch19.choice"): any explicit one
// is right, NaN propagation is the named mistake, and the verdict reports what the core's
// batched call and single read do, observed by running them.
#include <algorithm>

#include "batch/batch_attention.h"
#include "exercises/model.h"
#include "exercises/models/ch19_batch_model.h"

namespace attn {
namespace {

std::vector<std::string> OptionIds(const Json& part) {
  std::vector<std::string> ids;
  if (part.contains("options") && part["options"].is_array())
    for (const auto& o : part["options"]) ids.push_back(StringField(o, "id"));
  return ids;
}

struct Demo {
  BatchShape shape;
  MaskSpec mask;
  Result<BatchResult<double>> result = Status();
};

// The exercise's rows (one target per item, the given lengths) through the batched core.
Result<Demo> RunBatched(const Json& exercise) {
  ATTN_ASSIGN_OR_RETURN(lengths, ExactVectorInput(exercise, Json::object(), "lengths"));
  ATTN_ASSIGN_OR_RETURN(S, CountInput(exercise, Json::object(), "S"));
  Demo demo;
  demo.shape.B = lengths.size();
  demo.shape.S = S;
  for (Eigen::Index i = 0; i < lengths.size(); ++i) {
    auto n = lengths(i).constant();
    if (!n || !n->is_integer()) return Status(ErrorCode::kInvalidInput, "source lengths must be whole numbers");
    demo.mask.lengths.push_back(n->num());
  }
  const BatchShape& shape = demo.shape;
  std::vector<double> q(static_cast<size_t>(shape.QueryElements()), 1.0),
      k(static_cast<size_t>(shape.KeyElements()), 1.0), v(static_cast<size_t>(shape.ValueElements()), 1.0);
  BatchOptions options;
  options.return_weights = true;
  demo.result = BatchAttention<double>(shape, q, k, v, demo.mask, options);
  return demo;
}

// What the batched core returns for a row with no eligible source.
Result<std::string> BatchedPolicy(const Json& exercise) {
  ATTN_ASSIGN_OR_RETURN(demo, RunBatched(exercise));
  if (!demo.result.ok()) return std::string("error");
  const auto& result = demo.result;
  const auto& mask = demo.mask;
  const int64_t S = demo.shape.S;
  for (int64_t row = 0; row < demo.shape.Rows(); ++row) {
    if (!mask.lengths.empty() && mask.lengths[static_cast<size_t>(row)] == 0) {
      bool zeros = std::all_of(result->weights.begin() + row * S, result->weights.begin() + (row + 1) * S,
                               [](double w) { return w == 0; });
      if (zeros && result->empty_rows[static_cast<size_t>(row)]) return std::string("zeros_flagged");
      return std::string(std::isnan(result->weights[static_cast<size_t>(row * S)]) ? "nan" : "uniform");
    }
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

Result<Json> Ch19ChoiceWorking(const Json& exercise) {
  Json out = {{"single", {{"error", SingleRead().message()}}}};
  ATTN_ASSIGN_OR_RETURN(demo, RunBatched(exercise));
  if (!demo.result.ok()) {
    out["batched"] = {{"error", demo.result.status().message()}};
    return out;
  }
  Json rows = Json::array();
  for (int64_t r = 0; r < demo.shape.Rows(); ++r) {
    Json weights = Json::array();
    for (int64_t s = 0; s < demo.shape.S; ++s)
      weights.push_back(demo.result->weights[static_cast<size_t>(r * demo.shape.S + s)]);
    rows.push_back({{"length", demo.mask.lengths[static_cast<size_t>(r)]},
                    {"weights", weights},
                    {"flagged", demo.result->empty_rows[static_cast<size_t>(r)] != 0}});
  }
  out["batched"] = {{"rows", rows}, {"emptyRows", demo.result->empty_row_count}};
  return out;
}

// How the core's own behaviour is said in a verdict, by option id.
std::string CoreDoes(const std::string& policy) {
  if (policy == "zeros_flagged") return "returns all-zero weights and a zero context, and flags the row";
  if (policy == "error") return "refuses with an error that names the empty row";
  if (policy == "uniform") return "spreads the weight evenly over every position";
  return "lets the NaN through";
}

// The chapter asks the learner to define and test a policy and names none, so every
// explicit option is right; letting softmax's 0/0 through (NaN) is the one mistake. The
// verdict says what the companion's own core does, observed by running it.
Result<GradeRequest> Ch19ChoiceRequest(const Json& exercise, const Json& part) {
  std::string q = StringField(part, "quantity");
  GradeRequest request;
  request.position_labels = OptionIds(part);
  // Each option is named by its short label where the file gives one ("option 2: an error").
  for (size_t i = 0; i < request.position_labels.size(); ++i) {
    std::string label = StringField(part["options"][i], "label");
    request.position_names.push_back("option " + std::to_string(i + 1) + (label.empty() ? "" : ": " + label));
  }
  std::string core, where;
  if (q == "all_masked_policy_batched") {
    ATTN_ASSIGN_OR_RETURN(policy, BatchedPolicy(exercise));
    core = policy;
    where = "the companion's batched core";
  } else if (q == "all_masked_policy_single") {
    core = SinglePolicy();
    where = "the companion's single read";
  } else {
    return Status(ErrorCode::kInvalidInput, "the model ch19.choice cannot decide '" + q + "'");
  }
  // A policy is sound when it is explicit and keeps the padding out of the result: NaN is no
  // policy, and uniform weights over every position read keys that the mask forbids.
  std::vector<std::string> sound;
  for (const auto& id : request.position_labels)
    if (id != "nan" && id != "uniform") sound.push_back(id);
  if (sound.empty()) return Status(ErrorCode::kInvalidInput, "'" + q + "' offers no sound policy");
  if (core == "nan" || core == "uniform")
    return Status(ErrorCode::kInvalidInput, "the core has no sound policy for '" + q + "'");
  request.expected = Quantity::Position(sound);
  request.accepted_rule =
      "Any explicit rule that keeps the padding out of the result, stated and tested, is a "
      "sound policy here; for comparison, " +
      where + " " + CoreDoes(core) + ".";
  auto offered = [&](const char* id) {
    return std::find(request.position_labels.begin(), request.position_labels.end(), id) !=
           request.position_labels.end();
  };
  if (offered("uniform")) {
    request.misconceptions.push_back(Misconception::Position(
        "uniform-over-padding", Quantity::Position({"uniform"}),
        "that policy spreads the weight over every position, padding included, so the row reads keys that the "
        "mask forbids and returns a context made of padding. It is explicit, but it lets the padding into the "
        "result, which the policy exists to prevent; a test of masking should catch it."));
  }
  if (std::find(request.position_labels.begin(), request.position_labels.end(), "nan") !=
      request.position_labels.end()) {
    request.misconceptions.push_back(Misconception::Position(
        "nan-propagation", Quantity::Position({"nan"}),
        "that policy, letting NaN propagate, is not a policy. With every key masked, every exponential is 0 and "
        "softmax "
        "divides 0 by 0; the NaN then spreads silently into the context, the loss and later layers, and "
        "nothing tells the caller which row was empty. Choose an explicit rule that a test can check."));
  }
  return request;
}

}  // namespace

extern const Model kCh19ChoiceModel = {
    "ch19.choice",
    "policies",
    /*shows_inputs=*/false,
    [](const Json& exercise, const Json& part, uint32_t, bool) { return Ch19ChoiceRequest(exercise, part); },
    [](const Json& exercise, const Json&, uint32_t) { return Ch19ChoiceWorking(exercise); },
    /*draw_variant=*/nullptr,
    // The rows with their lengths as a batch, when the exercise gives lengths (Exercise 19.11).
    [](const Json& exercise) -> Result<Json> {
      if (!HasInput(exercise, Json::object(), "lengths")) return Json();
      return Ch19BatchCases(exercise);
    },
};

}  // namespace attn
