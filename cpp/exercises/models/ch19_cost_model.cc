// Counts from B, H, T, S, D_k, D_v; the missing head factor is recognised.
#include "exercises/models/ch19_cost_model.h"

#include <tuple>

#include "answers/answer_values.h"
#include "core/costs.h"
#include "exercises/model.h"

namespace attn {
namespace {

const std::set<std::string> kSymbols = {"T", "S", "B", "H", "D_k", "D_v"};

// The sizes the cost exercise gives, read once for its counts and for its batch.
struct CostInputs {
  int64_t B, H, T, S, Dk, Dv, bytes;
};

Result<CostInputs> CostInputsOf(const Json& exercise) {
  Json none = Json::object();
  int64_t n[7];
  const char* keys[] = {"B", "H", "T", "S", "D_k", "D_v", "bytes_per_number"};
  for (int i = 0; i < 7; ++i) {
    ATTN_ASSIGN_OR_RETURN(v, CountInput(exercise, none, keys[i]));
    n[i] = v;
  }
  return CostInputs{n[0], n[1], n[2], n[3], n[4], n[5], n[6]};
}

Result<GlobalAttentionCosts> CostsOf(const Json& exercise, bool with_heads) {
  ATTN_ASSIGN_OR_RETURN(in, CostInputsOf(exercise));
  return GlobalAttentionCostsOf(in.B, with_heads ? in.H : 1, in.T, in.S, in.Dk, in.Dv, in.bytes);
}

Quantity Shape(const std::vector<int64_t>& dims) {
  std::vector<Quantity> items;
  for (int64_t d : dims) items.push_back(Quantity::Number(Exact(d)));
  return Quantity::List(std::move(items));
}

const char kHeads[] =
    " leaves out the heads: each of the H heads has its own T x S weight matrix for every batch item, so "
    "there are B x H x T x S weights.";

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
        "your order counts only the query-key pairs, T*S, but each pair costs D_k multiplications for its "
        "score and D_v for its share of the weighted sum."));
    return request;
  }
  ATTN_ASSIGN_OR_RETURN(costs, CostsOf(exercise, true));
  ATTN_ASSIGN_OR_RETURN(headless, CostsOf(exercise, false));
  if (q == "score_shape") {
    request.shape = true;
    request.expected = Shape(costs.score_shape);
    std::vector<int64_t> without = {costs.score_shape[0], costs.score_shape[2], costs.score_shape[3]};
    request.misconceptions.push_back(Misconception::ShapeValue(
        "heads-omitted", Shape(without),
        "your shape leaves out the heads: each of the H heads has its own T x S weight matrix for every batch "
        "item, so the shape is (B, H, T, S)."));
    return request;
  }
  int64_t GlobalAttentionCosts::*field = q == "elements"          ? &GlobalAttentionCosts::elements
                                         : q == "weight_bytes"    ? &GlobalAttentionCosts::weight_bytes
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
    request.misconceptions.push_back(
        Misconception::Value("bytes-without-width", Quantity::Number(Exact(costs.elements)),
                             "your byte count is the number of weights. Each one takes " + std::to_string(width) +
                                 " bytes, so the bytes are that count times " + std::to_string(width) + "."));
  }
  request.misconceptions.push_back(
      Misconception::Value("heads-omitted", Quantity::Number(Exact(headless.*field)),
                           std::string(q == "weight_bytes" ? "your byte count" : "your count") + kHeads));
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

namespace {

// The cost exercise's batch: the seeded workload at its shape (queries, keys and values
// from the batch lab's default seed), scores divided by sqrt(D_k), weights materialised.
constexpr int64_t kWorkloadSeed = 19;
// Above this many weights (4x the chapter's workload) the GPU runs only the fused kernel.
constexpr int64_t kLargeWeights = int64_t{1} << 22;

Result<Json> Ch19CostBatchCases(const Json& exercise) {
  if (!HasInput(exercise, Json::object(), "B")) return Json();  // the symbolic exercise has no batch
  ATTN_ASSIGN_OR_RETURN(in, CostInputsOf(exercise));
  const auto [B, H, T, S, dk, dv] = std::tuple(in.B, in.H, in.T, in.S, in.Dk, in.Dv);
  const bool big = B * H * T * S > kLargeWeights;
  auto text = [](int64_t x) { return std::to_string(x); };
  Json c = {
      {"key", "workload"},
      {"title", "The seeded workload at the exercise's shape: B=" + text(B) + ", H=" + text(H) + ", T=" + text(T) +
                    ", S=" + text(S) + ", Dk=" + text(dk) + ", Dv=" + text(dv)},
      {"note", "Queries, keys and values are filled from seed " + text(kWorkloadSeed) +
                   "; scores are divided by √Dk. The weights come back materialised, so their length is the size of "
                   "the score tensor." +
                   std::string(big ? " This shape is large: the GPU runs only the fused kernel (contexts), and the "
                                     "weights shown come from the WASM core."
                                   : "")},
      {"kernels", big ? Json::array({"fused"}) : Json(nullptr)},
      {"options",
       {{"B", B},
        {"H", H},
        {"T", T},
        {"S", S},
        {"Dk", dk},
        {"Dv", dv},
        {"temperature", 1},
        {"scaled", true},
        {"seed", kWorkloadSeed},
        {"returnWeights", true}}},
      {"inputs", nullptr},
      {"rowLabels", nullptr},
      {"table", false},
      {"showEntropy", false},
      {"countPart", "elements"},
      {"lab",
       {{"B", B},
        {"H", H},
        {"T", T},
        {"S", S},
        {"Dk", dk},
        {"Dv", dv},
        {"lengths", nullptr},
        {"window", nullptr},
        {"causal", false},
        {"scaled", true},
        {"seed", kWorkloadSeed}}}};
  return Json{{"cases", Json::array({c})}};
}

// Sizes in powers of two, redrawn until the batch's work, B*H*T*S*(D_k+D_v), is at most
// 2^29 multiply-adds (4 times the chapter's), so that "Run this batch" and the batch lab
// (whose budget this is) can run every variant.
Status DrawVariant(Json& e, SeededRandom& r) {
  Json& in = e["inputs"];
  if (!in.contains("B")) return Status();  // the symbolic exercise has nothing to vary
  for (int attempt = 0; attempt < 1000; ++attempt) {
    int64_t b = r.Integer(0, 4), h = r.Integer(1, 4), t = r.Integer(3, 7), s = r.Integer(5, 10), d = r.Integer(5, 7);
    if (b + h + t + s + d + 1 > 29) continue;
    in["B"] = std::to_string(int64_t{1} << b);
    in["H"] = std::to_string(int64_t{1} << h);
    in["T"] = std::to_string(int64_t{1} << t);
    in["S"] = std::to_string(int64_t{1} << s);
    in["D_k"] = std::to_string(int64_t{1} << d);
    in["D_v"] = std::to_string(int64_t{1} << d);
    in["bytes_per_number"] = std::to_string(int64_t{2} << r.Integer(0, 1));
    return Status();
  }
  return Status(ErrorCode::kInvalidInput, "no batch size within the work budget was drawn");
}

// The count of weights follows from the learner's shape (the product of its sizes), and the
// bytes from the learner's count or shape (times the bytes a number).
std::vector<FollowThrough> Ch19CostFollowThrough(const Json& exercise, const Json& part,
                                                 const std::vector<GivenAnswer>& given) {
  std::vector<FollowThrough> out;
  auto in = CostInputsOf(exercise);
  if (!in.ok()) return out;
  std::string q = StringField(part, "quantity");
  Exact bytes = q == "weight_bytes" ? Exact(in->bytes) : Exact(1);
  if (q != "elements" && q != "weight_bytes") return out;
  for (const GivenAnswer& g : given) {
    std::string from = StringField(*g.part, "quantity");
    std::optional<Exact> count;
    if (from == "score_shape") {
      count = Exact(1);
      for (const Answer& size : g.answer.items) {
        auto x = ExactOf(size);
        if (!x) count.reset();
        if (!count) break;
        *count *= *x;
      }
    } else if (from == "elements" && q == "weight_bytes") {
      count = ExactOf(g.answer);
    }
    if (count && count->valid()) out.push_back({{g.name}, Quantity::Number(*count * bytes)});
  }
  return out;
}

}  // namespace

extern const Model kCh19CostModel = {
    "ch19.cost",
    "cost-summary",
    /*shows_inputs=*/true,
    [](const Json& exercise, const Json& part, uint32_t, bool) { return Ch19CostRequest(exercise, part); },
    [](const Json& exercise, const Json&, uint32_t) { return Ch19CostWorking(exercise); },
    DrawVariant,
    Ch19CostBatchCases,
    Ch19CostFollowThrough,
};

}  // namespace attn
