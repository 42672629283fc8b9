// The operations a teacher needs for the chapters' own questions (issue 47): a causal mask of
// T × S, the multiplications of QKᵀ alone and of the weighted sum alone as counts of their own,
// and keys named k₁…k_n read as positions. Each expected value is built here from the sizes by
// loops and products, apart from the core's code.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "api/api.h"

namespace attn {
namespace {

using Json = nlohmann::json;

Json Teacher() {
  return Json::parse(R"({
    "id": "teacher.causal",
    "title": "A causal read and its cost",
    "intro": "Scores {{scores}}; T = {{T}}, S = {{S}}, D_k = {{D_k}}, D_v = {{D_v}}.",
    "inputs": {"scores": "[[1, 0, 2], [0, 1, -1], [2, 0, 1]]", "T": "3", "S": "3", "D_k": "4", "D_v": "5",
               "T2": "2", "offset": "1", "query": "[1, 0]", "keys": "[[0, 1], [2, 0], [1, 1]]"},
    "steps": [
      {"name": "mask", "op": "causal_mask", "T": "T", "S": "S"},
      {"name": "later", "op": "causal_mask", "T": "T2", "S": "S", "offset": "offset"},
      {"name": "read", "op": "softmax", "scores": "scores", "mask": "mask"},
      {"name": "qk", "op": "score_multiplications", "T": "T", "S": "S", "D_k": "D_k", "D_v": "D_v"},
      {"name": "mix", "op": "weighted_sum_multiplications", "T": "T", "S": "S", "D_v": "D_v", "D_k": "D_k"},
      {"name": "key_scores", "op": "scores", "query": "query", "keys": "keys"},
      {"name": "best", "op": "largest", "of": "key_scores"}
    ],
    "parts": [
      {"name": "mask", "step": "mask", "prompt": "Give the mask."},
      {"name": "later", "step": "later", "prompt": "Give the mask."},
      {"name": "weights", "step": "read.weights", "prompt": "Give the weights."},
      {"name": "qk", "step": "qk", "prompt": "How many multiplications?"},
      {"name": "mix", "step": "mix", "prompt": "How many multiplications?"},
      {"name": "best", "step": "best", "prompt": "Which key?"}
    ]
  })");
}

Json Grade(const std::string& part, const std::string& answer) {
  return Json::parse(GradeAnswer(Teacher().dump(), part, answer, 0));
}

// A T × S matrix of 0s and 1s, 1 where reads(t, s) (counted from 1).
template <class Rule>
std::string MaskText(int T, int S, Rule reads) {
  std::string out = "[";
  for (int t = 1; t <= T; ++t) {
    out += t > 1 ? ", [" : "[";
    for (int s = 1; s <= S; ++s) out += std::string(s > 1 ? ", " : "") + (reads(t, s) ? "1" : "0");
    out += "]";
  }
  return out + "]";
}

TEST(TeacherOperations, CausalMaskReadsUpToItsOwnPosition) {
  EXPECT_EQ(Grade("mask", MaskText(3, 3, [](int t, int s) { return s <= t; }))["verdict"], "correct");
  Json self = Grade("mask", MaskText(3, 3, [](int t, int s) { return s < t; }));
  EXPECT_EQ(self["misconception"], "causal-self-left-out") << self.dump();
  Json reversed = Grade("mask", MaskText(3, 3, [](int t, int s) { return s >= t; }));
  EXPECT_EQ(reversed["misconception"], "causal-reversed") << reversed.dump();
  // Two targets after one source position: target t reads sources up to t + 1.
  EXPECT_EQ(Grade("later", MaskText(2, 3, [](int t, int s) { return s <= t + 1; }))["verdict"], "correct");
  EXPECT_EQ(Grade("later", MaskText(2, 3, [](int t, int s) { return s <= t; }))["verdict"], "incorrect");
}

TEST(TeacherOperations, TheFirstTargetReadsOnlyItself) {
  Json v = Grade("weights", "[[1, 0, 0], [1/(e+1), e/(e+1), 0], [e^2/(e^2+1+e), 1/(e^2+1+e), e/(e^2+1+e)]]");
  EXPECT_EQ(v["verdict"], "correct") << v.dump();
}

TEST(TeacherOperations, EachProductOfGlobalAttentionCountedAlone) {
  const int T = 3, S = 3, Dk = 4, Dv = 5;
  EXPECT_EQ(Grade("qk", std::to_string(T * S * Dk))["verdict"], "correct");
  EXPECT_EQ(Grade("qk", std::to_string(T * S))["misconception"], "widths-omitted");
  EXPECT_EQ(Grade("qk", std::to_string(T * S * (Dk + Dv)))["misconception"], "weighted-sum-included");
  EXPECT_EQ(Grade("mix", std::to_string(T * S * Dv))["verdict"], "correct");
  EXPECT_EQ(Grade("mix", std::to_string(T * S))["misconception"], "widths-omitted");
  EXPECT_EQ(Grade("mix", std::to_string(T * S * Dk))["misconception"], "key-width-for-value-width");
  // The sentences speak of the product asked, not of the other one.
  const std::string qk_words = Grade("qk", std::to_string(T * S))["feedback"];
  EXPECT_EQ(qk_words.find("weighted sum"), std::string::npos) << qk_words;
  EXPECT_NE(qk_words.find("D_k"), std::string::npos) << qk_words;
  const std::string mix_words = Grade("mix", std::to_string(T * S))["feedback"];
  EXPECT_NE(mix_words.find("D_v"), std::string::npos) << mix_words;
}

TEST(TeacherOperations, KeysByIndexAreTheirPositions) {
  // q·k = [0, 2, 1]: the second key.
  for (const char* text : {"k2", "k\u2082", "key 2", "2"}) EXPECT_EQ(Grade("best", text)["verdict"], "correct") << text;
  EXPECT_EQ(Grade("best", "k3")["verdict"], "incorrect");
  EXPECT_EQ(Grade("best", "k4")["verdict"], "invalid");
}

}  // namespace
}  // namespace attn
