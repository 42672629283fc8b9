// Roles by letter, and policies observed from the core's own behaviour.
#include "exercises/models/ch19_choice_model.h"

#include <algorithm>

#include "batch/batch_attention.h"
#include "exercises/models/ch19_read_model.h"
#include "core/seeded_random.h"

namespace attn {
namespace {

const std::vector<std::string> kRoles = {"query", "keys", "values", "scores", "weights", "context"};
const std::vector<std::string> kLetters = {"A", "B", "C", "D", "E", "F"};

// letters[i] is the letter that shows role i.
std::vector<std::string> LettersFor(uint64_t seed) {
  std::vector<size_t> order = {0, 1, 2, 3, 4, 5};
  SeededRandom random(seed, /*stream=*/19);
  for (size_t i = order.size() - 1; i > 0; --i) std::swap(order[i], order[static_cast<size_t>(random.Integer(0, static_cast<int64_t>(i)))]);
  std::vector<std::string> letters(6);
  for (size_t i = 0; i < 6; ++i) letters[order[i]] = kLetters[i];
  return letters;
}

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
  std::vector<double> q(static_cast<size_t>(shape.QueryElements()), 1.0), k(static_cast<size_t>(shape.KeyElements()), 1.0),
      v(static_cast<size_t>(shape.ValueElements()), 1.0);
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

}  // namespace

Result<GradeRequest> Ch19RolesRequest(const Json& exercise, const Json& part, uint64_t seed) {
  std::string q = StringField(part, "quantity");
  auto it = std::find(kRoles.begin(), kRoles.end(), q);
  if (it == kRoles.end()) return Status(ErrorCode::kInvalidInput, "the model ch19.roles has no role '" + q + "'");
  std::vector<std::string> letters = LettersFor(seed);
  GradeRequest request;
  request.position_labels = kLetters;
  request.expected = Quantity::Position({letters[static_cast<size_t>(it - kRoles.begin())]});
  auto confuse = [&](const std::string& right, const std::string& wrong, const char* tag, const char* why) {
    if (q == right)
      request.misconceptions.push_back(Misconception::Value(
          tag, Quantity::Position({letters[static_cast<size_t>(std::find(kRoles.begin(), kRoles.end(), wrong) - kRoles.begin())]}),
          why));
  };
  confuse("weights", "scores", "scores-as-weights",
          "that array holds the scores: they can be negative and need not add up to 1. The weights are their softmax.");
  confuse("scores", "weights", "scores-as-weights",
          "that array holds the weights (non-negative, adding up to 1); the scores are what softmax starts from.");
  confuse("values", "keys", "keys-as-values",
          "that array holds the keys, which the query is compared with. The values are what gets mixed into the context.");
  confuse("keys", "values", "keys-as-values",
          "that array holds the values, which get mixed into the context. The keys are what the query is compared with.");
  return request;
}

Result<Json> Ch19RolesWorking(const Json& exercise, uint64_t seed) {
  ATTN_ASSIGN_OR_RETURN(read, Ch19ReadOf(exercise, Json::object(), Ch19Method::kCorrect));
  ATTN_ASSIGN_OR_RETURN(query, DoubleVectorInput(exercise, Json::object(), "query"));
  ATTN_ASSIGN_OR_RETURN(keys, DoubleMatrixInput(exercise, Json::object(), "keys"));
  auto vec = [](const Vec<double>& v) {
    Json out = Json::array();
    for (Eigen::Index i = 0; i < v.size(); ++i) out.push_back(v(i));
    return out;
  };
  auto mat = [&](const Mat<double>& m) {
    Json out = Json::array();
    for (Eigen::Index i = 0; i < m.rows(); ++i) out.push_back(vec(m.row(i).transpose()));
    return out;
  };
  std::vector<Json> arrays = {vec(query), mat(keys), mat(read.values), vec(read.scores), vec(read.weights), vec(read.context)};
  std::vector<std::string> letters = LettersFor(seed);
  Json shown = Json::array();
  for (const auto& letter : kLetters) {
    for (size_t role = 0; role < kRoles.size(); ++role)
      if (letters[role] == letter) shown.push_back({{"letter", letter}, {"array", arrays[role]}});
  }
  return Json{{"arrays", shown}};
}

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
    for (int64_t s = 0; s < demo.shape.S; ++s) weights.push_back(demo.result->weights[static_cast<size_t>(r * demo.shape.S + s)]);
    rows.push_back({{"length", demo.mask.lengths[static_cast<size_t>(r)]},
                    {"weights", weights},
                    {"flagged", demo.result->empty_rows[static_cast<size_t>(r)] != 0}});
  }
  out["batched"] = {{"rows", rows}, {"emptyRows", demo.result->empty_row_count}};
  return out;
}

Result<GradeRequest> Ch19ChoiceRequest(const Json& exercise, const Json& part) {
  std::string q = StringField(part, "quantity");
  GradeRequest request;
  request.position_labels = OptionIds(part);
  for (size_t i = 1; i <= request.position_labels.size(); ++i) request.position_names.push_back("option " + std::to_string(i));
  std::string right;
  if (q == "all_masked_policy_batched") {
    ATTN_ASSIGN_OR_RETURN(policy, BatchedPolicy(exercise));
    right = policy;
  } else if (q == "all_masked_policy_single") {
    right = SinglePolicy();
  } else {
    return Status(ErrorCode::kInvalidInput, "the model ch19.choice cannot decide '" + q + "'");
  }
  if (std::find(request.position_labels.begin(), request.position_labels.end(), right) == request.position_labels.end()) {
    return Status(ErrorCode::kInvalidInput, "the options of '" + q + "' do not include the core's behaviour '" + right + "'");
  }
  request.expected = Quantity::Position({right});
  if (std::find(request.position_labels.begin(), request.position_labels.end(), "nan") != request.position_labels.end()) {
    request.misconceptions.push_back(Misconception::Value(
        "naive-overflow", Quantity::Position({"nan"}),
        "NaN is what an unguarded softmax produces (every exponential is 0, and 0/0 is NaN), and it then "
        "spreads silently into the context. The companion's core chooses an explicit rule instead."));
  }
  return request;
}

}  // namespace attn
