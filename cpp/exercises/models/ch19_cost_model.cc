// Counts from B, H, T, S, D_k, D_v; the missing head factor is recognised.
#include "exercises/models/ch19_cost_model.h"

#include "core/costs.h"

namespace attn {
namespace {

const std::set<std::string> kSymbols = {"T", "S", "B", "H", "D_k", "D_v"};

Result<GlobalAttentionCosts> CostsOf(const Json& exercise, bool with_heads) {
  Json none = Json::object();
  int64_t n[7];
  const char* keys[] = {"B", "H", "T", "S", "D_k", "D_v", "bytes_per_number"};
  for (int i = 0; i < 7; ++i) {
    ATTN_ASSIGN_OR_RETURN(v, CountInput(exercise, none, keys[i]));
    n[i] = v;
  }
  return GlobalAttentionCostsOf(n[0], with_heads ? n[1] : 1, n[2], n[3], n[4], n[5], n[6]);
}

Quantity Shape(const std::vector<int64_t>& dims) {
  std::vector<Quantity> items;
  for (int64_t d : dims) items.push_back(Quantity::Number(Exact(d)));
  return Quantity::List(std::move(items));
}

const char kHeads[] =
    "that count leaves out the heads: each of the H heads has its own T x S weight matrix for every "
    "batch item, so the shape is (B, H, T, S).";

}  // namespace

Result<GradeRequest> Ch19CostRequest(const Json& exercise, const Json& part) {
  std::string q = StringField(part, "quantity");
  GradeRequest request;
  request.parse.symbols = kSymbols;
  if (q == "arithmetic_order") {
    request.leading_order = true;
    auto sym = [](const char* s) { return Exact::Symbol(s); };
    request.expected = Quantity::Number(GlobalAttentionMultiplications(sym("T"), sym("S"), sym("D_k"), sym("D_v")));
    request.misconceptions.push_back(Misconception::Value(
        "widths-omitted", Quantity::Number(sym("T") * sym("S")),
        "T*S counts the query-key pairs, but each pair costs D_k multiplications for its score and D_v "
        "for its share of the weighted sum."));
    return request;
  }
  ATTN_ASSIGN_OR_RETURN(costs, CostsOf(exercise, true));
  ATTN_ASSIGN_OR_RETURN(headless, CostsOf(exercise, false));
  if (q == "score_shape") {
    request.shape = true;
    request.expected = Shape(costs.score_shape);
    std::vector<int64_t> without = {costs.score_shape[0], costs.score_shape[2], costs.score_shape[3]};
    request.misconceptions.push_back(Misconception::Value("heads-omitted", Shape(without), kHeads));
    return request;
  }
  int64_t GlobalAttentionCosts::*field = q == "elements" ? &GlobalAttentionCosts::elements
                                         : q == "weight_bytes" ? &GlobalAttentionCosts::weight_bytes
                                         : q == "multiplications" ? &GlobalAttentionCosts::multiplications
                                                                  : nullptr;
  if (!field) return Status(ErrorCode::kInvalidInput, "the model ch19.cost cannot compute '" + q + "'");
  request.count = true;
  request.bytes = q == "weight_bytes";
  // The given sizes stand for their values: B*H*T*S is a count here.
  request.parse.symbols = {};
  for (const char* key : {"B", "H", "T", "S", "D_k", "D_v"}) {
    ATTN_ASSIGN_OR_RETURN(v, CountInput(exercise, Json::object(), key));
    request.parse.values[key] = Exact(v);
  }
  request.expected = Quantity::Number(Exact(costs.*field));
  if (request.bytes) {
    ATTN_ASSIGN_OR_RETURN(width, CountInput(exercise, Json::object(), "bytes_per_number"));
    request.misconceptions.push_back(Misconception::Value(
        "bytes-without-width", Quantity::Number(Exact(costs.elements)),
        "that is the number of weights. Each one takes " + std::to_string(width) +
            " bytes, so the bytes are that count times " + std::to_string(width) + "."));
  }
  request.misconceptions.push_back(Misconception::Value("heads-omitted", Quantity::Number(Exact(headless.*field)), kHeads));
  return request;
}

Result<Json> Ch19CostWorking(const Json& exercise) {
  auto sym = [](const char* s) { return Exact::Symbol(s); };
  Json out = {{"order", GlobalAttentionMultiplications(sym("T"), sym("S"), sym("D_k"), sym("D_v")).to_string()}};
  if (!exercise.contains("inputs") || !exercise["inputs"].contains("B")) return out;
  ATTN_ASSIGN_OR_RETURN(c, CostsOf(exercise, true));
  out["scoreShape"] = c.score_shape;
  out["elements"] = c.elements;
  out["weightBytes"] = c.weight_bytes;
  out["multiplications"] = c.multiplications;
  return out;
}

}  // namespace attn
