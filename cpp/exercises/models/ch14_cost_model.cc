// Counts from the inputs n, d, bytes per number and target steps; the per-position
// miscount is recognised.
#include "exercises/models/ch14_cost_model.h"

#include "answers/answer_values.h"
#include "core/costs.h"
#include "exercises/model.h"

namespace attn {
namespace {

struct CostInputs {
  int64_t n, d, bytes, steps;
};

Result<CostInputs> InputsOf(const Json& exercise) {
  Json none = Json::object();
  ATTN_ASSIGN_OR_RETURN(n, CountInput(exercise, none, "positions"));
  ATTN_ASSIGN_OR_RETURN(d, CountInput(exercise, none, "width"));
  ATTN_ASSIGN_OR_RETURN(bytes, CountInput(exercise, none, "bytes_per_number"));
  ATTN_ASSIGN_OR_RETURN(steps, CountInput(exercise, none, "target_steps"));
  return CostInputs{n, d, bytes, steps};
}

struct Row {
  const char* name;
  const char* formula;
  int64_t RecurrentReadCosts::*field;
};
const Row kRows[] = {
    {"context_numbers", "d", &RecurrentReadCosts::context_numbers},
    {"context_bytes", "d \u00d7 bytes", &RecurrentReadCosts::context_bytes},
    {"states_numbers", "n \u00d7 d", &RecurrentReadCosts::states_numbers},
    {"states_bytes", "n \u00d7 d \u00d7 bytes", &RecurrentReadCosts::states_bytes},
    {"dot_products", "t \u00d7 n", &RecurrentReadCosts::dot_products},
    {"multiplications_per_dot", "d", &RecurrentReadCosts::multiplications_per_dot},
    {"additions_per_dot", "d \u2212 1", &RecurrentReadCosts::additions_per_dot},
};

}  // namespace

Result<GradeRequest> Ch14CostRequest(const Json& exercise, const Json& part) {
  ATTN_ASSIGN_OR_RETURN(in, InputsOf(exercise));
  ATTN_ASSIGN_OR_RETURN(costs, RecurrentReadCostsOf(in.n, in.d, in.bytes, in.steps));
  std::string quantity = StringField(part, "quantity");
  for (const auto& row : kRows) {
    if (quantity != row.name) continue;
    GradeRequest request;
    request.count = true;
    request.bytes = quantity == "context_bytes" || quantity == "states_bytes";
    // The chapter's n (source positions) and d (state width) stand for their values.
    request.parse.symbols = {};
    request.parse.values = {{"n", Exact(in.n)}, {"d", Exact(in.d)}};
    request.expected = Quantity::Number(Exact(costs.*row.field));
    if (request.bytes) {
      int64_t numbers = quantity == "context_bytes" ? costs.context_numbers : costs.states_numbers;
      request.misconceptions.push_back(Misconception::Value(
          "bytes-without-width", Quantity::Number(Exact(numbers)),
          "your byte count is how many numbers there are. Each number takes " + std::to_string(in.bytes) +
              " bytes here, so the bytes are that count times " + std::to_string(in.bytes) + "."));
    }
    if (quantity == "states_numbers" || quantity == "states_bytes") {
      int64_t per_position = quantity == "states_numbers" ? in.n : in.n * in.bytes;
      request.misconceptions.push_back(Misconception::Value(
          "positions-not-numbers", Quantity::Number(Exact(per_position)),
          std::string(quantity == "states_bytes" ? "your byte count" : "your count") +
              " has one number per source position (" + std::to_string(in.n) + "), but each stored state holds " +
              std::to_string(in.d) + " numbers: " + std::to_string(in.n) + " \u00d7 " + std::to_string(in.d) + "."));
    }
    return request;
  }
  return Status(ErrorCode::kInvalidInput, "the model ch14.cost cannot compute '" + quantity + "'");
}

Result<Json> Ch14CostWorking(const Json& exercise) {
  ATTN_ASSIGN_OR_RETURN(in, InputsOf(exercise));
  ATTN_ASSIGN_OR_RETURN(costs, RecurrentReadCostsOf(in.n, in.d, in.bytes, in.steps));
  Json counts = Json::array();
  for (const auto& row : kRows) {
    counts.push_back({{"name", row.name}, {"formula", row.formula}, {"value", costs.*row.field}});
  }
  return Json{{"inputs", {{"n", in.n}, {"d", in.d}, {"bytes", in.bytes}, {"t", in.steps}}}, {"counts", counts}};
}

namespace {

// A byte count follows from the learner's count of numbers: that count times the bytes a number.
std::vector<FollowThrough> Ch14CostFollowThrough(const Json& exercise, const Json& part,
                                                 const std::vector<GivenAnswer>& given) {
  std::vector<FollowThrough> out;
  auto in = InputsOf(exercise);
  if (!in.ok()) return out;
  std::string q = StringField(part, "quantity");
  std::string source = q == "context_bytes" ? "context_numbers" : q == "states_bytes" ? "states_numbers" : "";
  for (const GivenAnswer& g : given) {
    if (source.empty() || StringField(*g.part, "quantity") != source) continue;
    if (auto count = ExactOf(g.answer)) out.push_back({{g.name}, Quantity::Number(*count * Exact(in->bytes))});
  }
  return out;
}

Status DrawVariant(Json& e, SeededRandom& r) {
  Json& in = e["inputs"];
  in["positions"] = std::to_string(r.Integer(2, 200));
  in["width"] = std::to_string(r.Integer(1, 8));
  in["bytes_per_number"] = std::to_string(int64_t{1} << r.Integer(1, 3));
  in["target_steps"] = std::to_string(r.Integer(1, 10));
  return Status();
}

}  // namespace

extern const Model kCh14CostModel = {
    "ch14.cost",
    "counts",
    /*shows_inputs=*/true,
    [](const Json& exercise, const Json& part, uint32_t, bool) { return Ch14CostRequest(exercise, part); },
    [](const Json& exercise, const Json&, uint32_t) { return Ch14CostWorking(exercise); },
    DrawVariant,
    /*batch_cases=*/nullptr,
    Ch14CostFollowThrough,
};

}  // namespace attn
