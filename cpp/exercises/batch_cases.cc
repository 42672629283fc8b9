// The batches of "Run this batch" (batch_cases.h).
#include "exercises/batch_cases.h"

#include <tuple>

#include "core/masks.h"

namespace attn {
namespace {

// Rows with more cells than this are summarised and drawn, not tabulated.
constexpr int64_t kTableLimit = 64;

// The exercise's score rows: one a batch item where it gives lengths, else one a target.
struct Rows {
  Mat<double> scores;
  MaskSpec mask;
  bool rows_are_items = false;
  bool given_scores = false;
};

Result<Rows> RowsOf(const Computation& c) {
  Rows b;
  int64_t S = -1;
  if (const Value* s = c.Input("S")) {
    ATTN_ASSIGN_OR_RETURN(n, IntegerOf(*s, "S"));
    S = n;
  }
  if (const Value* lengths = c.Input("lengths")) {
    ATTN_ASSIGN_OR_RETURN(v, VectorOf<Exact>(*lengths, "the lengths"));
    for (Eigen::Index i = 0; i < v.size(); ++i) {
      auto n = v(i).constant();
      if (!n || !n->is_integer()) return Status(ErrorCode::kInvalidInput, "source lengths must be whole numbers");
      b.mask.lengths.push_back(n->num());
    }
    b.rows_are_items = true;
  }
  if (const Value* scores = c.Input("scores")) {
    b.given_scores = true;
    const Value& v = scores->Main();
    b.scores = v.rank == 2 ? Mat<double>(v.approx) : Mat<double>(v.approx.transpose());
  } else {
    if (S < 1 || !b.rows_are_items) return Status(ErrorCode::kInvalidInput, "the batch needs scores or lengths and S");
    b.scores = Mat<double>::Zero(static_cast<Eigen::Index>(b.mask.lengths.size()), S);
  }
  if (const Value* window = c.Input("window")) {
    ATTN_ASSIGN_OR_RETURN(w, VectorOf<Exact>(*window, "the window"));
    if (w.size() != 2 || !w(0).constant() || !w(1).constant())
      return Status(ErrorCode::kInvalidInput, "a window is written [start, end), 1-based");
    b.mask.window = {w(0).constant()->num() - 1, std::min<int64_t>(w(1).constant()->num() - 1, b.scores.cols())};
  }
  int64_t items = b.rows_are_items ? b.scores.rows() : 1, targets = b.rows_are_items ? 1 : b.scores.rows();
  ATTN_RETURN_IF_ERROR(CheckMask(b.mask, items, targets, b.scores.cols()));
  return b;
}

// One batch from the exercise's score rows. Keys and values are one-hot (the S x S identity,
// D_k = D_v = S, scale 1), so every score q.k_s is the given score s and the context that
// comes back is the masked weight row itself.
Json ScoreCase(const std::string& key, const std::string& title, const std::string& note, const Rows& b,
               const MaskSpec& mask, bool show_entropy) {
  const int64_t R = b.scores.rows(), S = b.scores.cols();
  const int64_t B = b.rows_are_items ? R : 1, T = b.rows_are_items ? 1 : R;
  Json query = Json::array(), keys = Json::array();
  for (int64_t r = 0; r < R; ++r)
    for (int64_t s = 0; s < S; ++s) query.push_back(b.scores(r, s));
  for (int64_t item = 0; item < B; ++item)
    for (int64_t i = 0; i < S * S; ++i) keys.push_back(i / S == i % S ? 1 : 0);
  Json options = {{"B", B},           {"H", 1},          {"T", T},
                  {"S", S},           {"Dk", S},         {"Dv", S},
                  {"temperature", 1}, {"scaled", false}, {"returnWeights", true}};
  Json lab = {{"B", B},
              {"H", 1},
              {"T", T},
              {"S", S},
              {"D", S},
              {"lengths", nullptr},
              {"window", nullptr},
              {"causal", mask.causal}};
  if (!mask.lengths.empty()) options["lengths"] = lab["lengths"] = mask.lengths;
  if (mask.window) options["window"] = lab["window"] = Json::array({mask.window->first, mask.window->second});
  if (mask.causal) options["causal"] = true;
  Json labels = Json::array();
  for (int64_t r = 0; r < R; ++r) {
    labels.push_back(
        b.rows_are_items
            ? "item " + std::to_string(r + 1) +
                  (mask.lengths.empty() ? "" : " (length " + std::to_string(mask.lengths[static_cast<size_t>(r)]) + ")")
            : "target " + std::to_string(r + 1));
  }
  return Json{{"key", key},
              {"title", title},
              {"note", note},
              {"options", options},
              {"inputs", {{"query", query}, {"keys", keys}, {"values", keys}}},
              {"kernels", nullptr},
              {"rowLabels", labels},
              {"table", S <= kTableLimit},
              {"showEntropy", show_entropy},
              {"lab", lab}};
}

Result<Json> RowCases(const Computed& computed) {
  ATTN_ASSIGN_OR_RETURN(b, RowsOf(computed.computation()));
  const int64_t S = b.scores.cols(), R = b.scores.rows();
  // What the batch's scores are, said once and true for this exercise: its given scores, or
  // (where it gives none) zeros.
  std::string note =
      b.given_scores
          ? "Keys and values are one-hot (the identity), so each score is the exercise's own score and the "
            "context is the weight row itself."
          : "The exercise gives no scores, so every score is 0 (keys and values are one-hot, the identity, so the "
            "context is the weight row itself): each row spreads its weight evenly over the positions its mask "
            "allows, and the non-zero weights draw the mask.";
  bool show_entropy = false;
  for (const Step& step : computed.computation().steps())
    show_entropy = show_entropy || std::string(step.op->name) == "entropy";
  Json cases = Json::array();
  if (b.mask.window) {
    // The window exercise compares the global read with the windowed one: two batches.
    MaskSpec global = b.mask;
    global.window.reset();
    const auto [start, end] = *b.mask.window;
    cases.push_back(
        ScoreCase("global", "Global: all " + std::to_string(S) + " positions eligible", note, b, global, show_entropy));
    cases.push_back(ScoreCase("window",
                              "Local window [" + std::to_string(start + 1) + ", " + std::to_string(end + 1) +
                                  "): positions " + std::to_string(start + 1) + " to " + std::to_string(end) +
                                  " eligible",
                              note, b, b.mask, show_entropy));
  } else {
    std::string shape = b.rows_are_items
                            ? std::to_string(R) + " batch items, one query each (B=" + std::to_string(R) +
                                  ", T=1), S=" + std::to_string(S)
                            : "one batch item with " + std::to_string(R) + " target rows (B=1, T=" + std::to_string(R) +
                                  "), S=" + std::to_string(S);
    cases.push_back(ScoreCase("rows", "The exercise's rows as a batch: " + shape, note, b, b.mask, show_entropy));
  }
  return Json{{"cases", cases}};
}

// The seeded workload at the exercise's sizes (queries, keys and values from the batch lab's
// default seed), scores divided by sqrt(D_k), weights materialised.
constexpr int64_t kWorkloadSeed = 19;
// Above this many weights (4x the chapter's workload) the GPU runs only the fused kernel.
constexpr int64_t kLargeWeights = int64_t{1} << 22;

Result<Json> WorkloadCases(const Computed& computed) {
  const Computation& c = computed.computation();
  int64_t n[6];
  const char* keys[] = {"B", "H", "T", "S", "D_k", "D_v"};
  for (int i = 0; i < 6; ++i) {
    const Value* v = c.Input(keys[i]);
    if (!v) return Status(ErrorCode::kInvalidInput, std::string("the workload needs the input ") + keys[i]);
    ATTN_ASSIGN_OR_RETURN(x, IntegerOf(*v, keys[i]));
    n[i] = x;
  }
  const auto [B, H, T, S, dk, dv] = std::tuple(n[0], n[1], n[2], n[3], n[4], n[5]);
  const bool big = B * H * T * S > kLargeWeights;
  auto text = [](int64_t x) { return std::to_string(x); };
  Json one = {
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
  return Json{{"cases", Json::array({one})}};
}

}  // namespace

Result<Json> BatchCases(const Computed& computed) {
  const std::string batch = StringField(computed.exercise(), "batch");
  if (batch.empty()) return Json();
  if (batch == "rows") return RowCases(computed);
  if (batch == "workload") return WorkloadCases(computed);
  return Status(ErrorCode::kInvalidInput, "\"batch\" is \"rows\" or \"workload\", not '" + batch + "'");
}

}  // namespace attn
