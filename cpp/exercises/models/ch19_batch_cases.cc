// "Run this batch" for Chapter 19's batch exercises: the exercise's score rows as batched
// calls that the page runs on WASM and WebGPU, each with its title and a note that is true
// for this exercise.
#include "exercises/models/ch19_batch_model.h"

namespace attn {
namespace {

// Rows with more cells than this are summarised and drawn, not tabulated.
constexpr int64_t kTableLimit = 64;

// One batch from the exercise's score rows. Keys and values are one-hot (the S x S identity,
// D_k = D_v = S, scale 1), so every score q.k_s is the given score s and the context that
// comes back is the masked weight row itself.
Json ScoreCase(const std::string& key, const std::string& title, const std::string& note, const Ch19Batch& b,
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

}  // namespace

Result<Json> Ch19BatchCases(const Json& exercise) {
  ATTN_ASSIGN_OR_RETURN(b, Ch19BatchOf(exercise, Json::object()));
  const int64_t S = b.scores.cols(), R = b.scores.rows();
  // What the batch's scores are, said once and true for this exercise: its given scores, or
  // (where it gives none) zeros.
  std::string note =
      HasInput(exercise, Json::object(), "scores")
          ? "Keys and values are one-hot (the identity), so each score is the exercise's own score and the "
            "context is the weight row itself."
          : "The exercise gives no scores, so every score is 0 (keys and values are one-hot, the identity, so the "
            "context is the weight row itself): each row spreads its weight evenly over the positions its mask "
            "allows, and the non-zero weights draw the mask.";
  bool show_entropy = false;
  if (exercise.contains("parts") && exercise["parts"].is_array())
    for (const auto& part : exercise["parts"])
      show_entropy = show_entropy || StringField(part, "quantity") == "entropies";
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

}  // namespace attn
