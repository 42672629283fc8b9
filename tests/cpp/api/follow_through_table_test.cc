// Whole-exercise scenarios (issue 30): a learner's answers to earlier parts are typed, then
// a later part is judged three ways: alone (against the exact value only), within the
// exercise with follow-through counting (the default policy), and with follow-through only
// noted. Every verdict is the one a careful teacher gives; the numbers were worked by hand
// (Chapter 14's in exact arithmetic with a = ln 2, Chapter 19's to the places shown).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "api/api.h"
#include "exercises/exercise_files.h"

namespace attn {
namespace {

using Json = nlohmann::json;

struct Scenario {
  const char* id;
  uint32_t seed;
  std::vector<std::pair<const char*, const char*>> earlier;  // the learner's answers to other parts
  const char* part;
  const char* answer;
  const char* alone;   // the verdict against the exact value only
  const char* counts;  // within the exercise, follow-through counting
  const char* noted;   // within the exercise, follow-through only noted
  const char* from;    // the part followed from (where counted), or nullptr
  const char* tag;     // the named mistake alone, or nullptr
};

const char* C = "correct";
const char* I = "incorrect";
const char* N = "invalid";

const Scenario kScenarios[] = {
    // Exercise 19.3: the sum of the learner's own rounded weights.
    {"ch19.ex3", 1, {{"weights", "[0.484, 0.396, 0.119]"}}, "weight_sum", "0.999", I, C, I, "weights", nullptr},
    {"ch19.ex3", 3, {{"weights", "[0.408, 0.369, 0.224]"}}, "weight_sum", "1.001", I, C, I, "weights", nullptr},
    {"ch19.ex3", 0, {{"weights", "[0.231, 0.629, 0.140]"}}, "weight_sum", "1.000", C, C, C, nullptr, nullptr},
    {"ch19.ex3", 7, {{"weights", "[0.280, 0.378, 0.342]"}}, "weight_sum", "1.000", C, C, C, nullptr, nullptr},
    // Weights that add up to 3.916 are no softmax's: a sum from them follows, but is not credited.
    {"ch19.ex3", 0, {{"weights", "[0.906, 2.46, 0.550]"}}, "weight_sum", "3.916", I, I, I, "weights", nullptr},
    {"ch19.ex3", 0, {{"weights", "[0.231, 0.629, 0.140]"}}, "weight_sum", "0.999", I, I, I, nullptr, nullptr},
    {"ch19.ex3", 0, {{"weights", "[0.231, 0.629"}}, "weight_sum", "0.999", I, I, I, nullptr, nullptr},
    {"ch19.ex3", 0, {}, "weight_sum", "1", C, C, C, nullptr, nullptr},
    {"ch19.ex3", 1, {{"weights", "[0.484, 0.396, 0.119]"}}, "weight_sum", "1", C, C, C, nullptr, nullptr},
    {"ch19.ex3", 0, {{"weights", "[0.231, 0.629, 0.140]"}}, "weight_sum", "1.01", I, I, I, nullptr, nullptr},
    // Too few digits where the weights are asked: no ground for the total to stand on.
    {"ch19.ex3", 0, {{"weights", "[0.23, 0.63, 0.14]"}}, "weight_sum", "0.999", I, I, I, nullptr, nullptr},
    // The running example: weights, contexts and temperatures from the learner's scores.
    {"ch19.running",
     0,
     {{"dot_scores", "[-0.1, 0.98, 0.39, -0.29, 0.64]"}},
     "weights",
     "[0.118, 0.346, 0.192, 0.0973, 0.247]",
     I,
     C,
     I,
     "dot_scores",
     nullptr},
    {"ch19.running",
     0,
     {{"bilinear_scores", "[-0.1, 0.98, 0.39, -0.29, 0.64]"}},
     "weights",
     "[0.118, 0.346, 0.192, 0.0973, 0.247]",
     I,
     I,
     I,
     nullptr,
     nullptr},
    {"ch19.running",
     0,
     {{"weights", "[0.123, 0.361, 0.200, 0.101, 0.215]"}},
     "context",
     "[0.512, 0.398, 0.416]",
     I,
     C,
     I,
     "weights",
     nullptr},
    {"ch19.running",
     0,
     {{"weights", "[0.123, 0.361, 0.200, 0.101, 0.215]"}},
     "context",
     "[0.511, 0.398, 0.417]",
     C,
     C,
     C,
     nullptr,
     nullptr},
    {"ch19.running",
     0,
     {{"dot_scores", "[-0.1, 0.98, 0.39, -0.29, 0.64]"}},
     "temperature_2",
     "[0.157, 0.270, 0.201, 0.143, 0.228]",
     I,
     C,
     I,
     "dot_scores",
     nullptr},
    {"ch19.running",
     0,
     {{"dot_scores", "[-0.1, 0.98, 0.39, -0.29, 0.64]"}},
     "masked_weights",
     "[0.179, 0.528, 0.293, 0, 0]",
     C,
     C,
     C,
     nullptr,
     nullptr},
    {"ch19.running",
     0,
     {{"dot_scores", "[-0.1, 0.98, 0.39, -0.29, 0.64]"}},
     "context",
     "[0.507, 0.390, 0.440]",
     I,
     C,
     I,
     "dot_scores",
     nullptr},
    {"ch19.running",
     0,
     {{"masked_weights", "[0.179, 0.528, 0.293, 0, 0]"}},
     "masked_context",
     "[0.6072, 0.4749, 0.1765]",
     I,
     C,
     I,
     "masked_weights",
     nullptr},
    // The unmasked weights are not what the masked context is computed from.
    {"ch19.running",
     0,
     {{"weights", "[0.123, 0.361, 0.200, 0.101, 0.215]"}},
     "masked_context",
     "[0.512, 0.398, 0.416]",
     I,
     I,
     I,
     nullptr,
     nullptr},
    {"ch19.running",
     0,
     {{"dot_scores", "[-0.1, 0.98, 0.39, -0.29, 0.46]"}},
     "weights",
     "[0.123, 0.361, 0.200, 0.101, 0.215]",
     C,
     C,
     C,
     nullptr,
     nullptr},
    // Exercise 19.5: each entropy from the weights at its own temperature.
    {"ch19.ex5",
     0,
     {{"temperature_0_5", "[0.0622, 0.539, 0.166, 0.0425, 0.191]"}},
     "entropy_0_5",
     "1.2544",
     I,
     C,
     I,
     "temperature_0_5",
     nullptr},
    {"ch19.ex5",
     0,
     {{"temperature_0_5", "[0.0622, 0.539, 0.166, 0.0425, 0.191]"}},
     "entropy_2",
     "1.2544",
     I,
     I,
     I,
     nullptr,
     nullptr},
    {"ch19.ex5",
     0,
     {{"temperature_2", "[0.161, 0.276, 0.205, 0.146, 0.213]"}},
     "entropy_2",
     "1.5845",
     I,
     C,
     I,
     "temperature_2",
     nullptr},
    {"ch19.ex5",
     0,
     {{"temperature_1", "[0.123, 0.361, 0.200, 0.101, 0.215]"}},
     "entropy_2",
     "1.5095",
     I,
     I,
     I,
     nullptr,
     nullptr},
    {"ch19.ex5",
     0,
     {{"temperature_0_5", "[0.0622, 0.539, 0.166, 0.0425, 0.191]"}},
     "entropy_0_5",
     "1.25",
     C,
     C,
     C,
     nullptr,
     nullptr},
    // Exercise 19.4: the shifted weights are the learner's own weights.
    {"ch19.ex4",
     0,
     {{"weights", "[0.254, 0.690, 0.0566]"}},
     "shifted_weights",
     "[0.254, 0.690, 0.0566]",
     C,
     C,
     C,
     nullptr,
     nullptr},
    {"ch19.ex4",
     0,
     {{"weights", "[0.2, 0.7, 0.1]"}},
     "shifted_weights",
     "[0.2, 0.7, 0.1]",
     I,
     C,
     I,
     "weights",
     nullptr},
    {"ch19.ex4",
     0,
     {{"weights", "[0.25, 0.69, 0.06]"}},
     "shifted_weights",
     "[0.25, 0.69, 0.06]",
     N,
     N,
     N,
     nullptr,
     nullptr},
    // Exercise 19.13: the weights from the learner's rounded additive scores.
    {"ch19.ex13",
     0,
     {{"additive_scores", "[2.13, 1.32, -0.722]"}},
     "weights",
     "[0.666, 0.296, 0.0384]",
     I,
     C,
     I,
     "additive_scores",
     nullptr},
    {"ch19.ex13",
     0,
     {{"additive_scores", "[2.125, 1.320, -0.722]"}},
     "weights",
     "[0.664, 0.297, 0.0385]",
     C,
     C,
     C,
     nullptr,
     nullptr},
    // Exercise 19.19: the change from the learner's two readouts, or from one of them.
    {"ch19.ex19",
     0,
     {{"readout_before", "1.33"}, {"readout_after", "0.893"}},
     "readout_change",
     "-0.437",
     I,
     C,
     I,
     "readout_before readout_after",
     nullptr},
    {"ch19.ex19",
     0,
     {{"readout_before", "1.326"}, {"readout_after", "0.8926"}},
     "readout_change",
     "-0.4334",
     I,
     C,
     I,
     "readout_before readout_after",
     nullptr},
    {"ch19.ex19", 0, {{"readout_before", "1.33"}}, "readout_change", "-0.437", I, C, I, "readout_before", nullptr},
    {"ch19.ex19",
     0,
     {{"readout_before", "1.326"}, {"readout_after", "0.8926"}},
     "readout_change",
     "-0.433",
     C,
     C,
     C,
     nullptr,
     nullptr},
    // Exercise 19.10: the masked mass of the learner's own masked weights.
    {"ch19.ex10",
     0,
     {{"masked_weights", "[[0.182, 0.367, 0.0819, 0.246, 0.122], [0.509, 0.114, 0.377, 0, 0], [1, 0, 0, 0, 0]]"}},
     "masked_mass",
     "[0, 0, 0]",
     C,
     C,
     C,
     nullptr,
     nullptr},
    {"ch19.ex10",
     0,
     {{"masked_weights", "[[0.182, 0.367, 0.0819, 0.246, 0.122], [0.509, 0.114, 0.376, 0.001, 0], [1, 0, 0, 0, 0]]"}},
     "masked_mass",
     "[0, 0.001, 0]",
     I,
     I,
     I,
     "masked_weights",
     "mask-not-exactly-zero"},
    {"ch19.ex10", 0, {}, "masked_mass", "[1e-15, 0, 0]", I, I, I, nullptr, "mask-not-exactly-zero"},
    // Exercise 19.16: the count from the learner's shape, the bytes from the learner's count.
    {"ch19.ex16", 0, {{"score_shape", "(8, 4, 64, 512)"}}, "elements", "1048576", C, C, C, nullptr, nullptr},
    // A shape with the heads left out is still a shape: its own count follows from it (issue 39).
    {"ch19.ex16", 0, {{"score_shape", "(8, 64, 512)"}}, "elements", "262144", I, C, I, "score_shape", nullptr},
    {"ch19.ex16", 0, {{"score_shape", "(4, 64, 512)"}}, "elements", "131072", I, C, I, "score_shape", nullptr},
    {"ch19.ex16", 0, {{"score_shape", "(8, 4, 64, 256)"}}, "elements", "524288", I, C, I, "score_shape", nullptr},
    {"ch19.ex16", 0, {{"elements", "524288"}}, "weight_bytes", "2097152", I, C, I, "elements", nullptr},
    {"ch19.ex16", 0, {{"elements", "524288"}}, "weight_bytes", "2 MiB", I, C, I, "elements", nullptr},
    {"ch19.ex16", 0, {{"elements", "1048576"}}, "weight_bytes", "4 MiB", C, C, C, nullptr, nullptr},
    {"ch19.ex16", 0, {{"score_shape", "(8, 4, 64, 256)"}}, "weight_bytes", "2097152", I, C, I, "score_shape", nullptr},
    {"ch19.ex16", 0, {{"elements", "524,288"}}, "weight_bytes", "2,097,152 bytes", I, C, I, "elements", nullptr},
    // Example 14.1: each stage of the read from the learner's own previous stage, exactly.
    {"ch14.example1", 0, {{"scores", "[a, a, 0]"}}, "exponentials", "[2, 2, 1]", I, C, I, "scores", nullptr},
    {"ch14.example1", 0, {{"exponentials", "[2, 2, 1]"}}, "denominator", "5", I, C, I, "exponentials", nullptr},
    {"ch14.example1", 0, {{"exponentials", "[2, 1, 1]"}}, "denominator", "4", C, C, C, nullptr, nullptr},
    {"ch14.example1", 0, {{"scores", "[a, a, 0]"}}, "denominator", "5", I, C, I, "scores", nullptr},
    {"ch14.example1",
     0,
     {{"exponentials", "[2, 2, 1]"}},
     "weights",
     "[2/5, 2/5, 1/5]",
     I,
     C,
     I,
     "exponentials",
     nullptr},
    {"ch14.example1", 0, {{"scores", "[a, a, 0]"}}, "weights", "[2/5, 2/5, 1/5]", I, C, I, "scores", nullptr},
    {"ch14.example1", 0, {{"denominator", "5"}}, "weights", "[2/5, 1/5, 1/5]", I, I, I, "denominator", nullptr},
    {"ch14.example1", 0, {{"weights", "[2/5, 2/5, 1/5]"}}, "context", "[2a/5, 2a/5]", I, C, I, "weights", nullptr},
    {"ch14.example1", 0, {{"weights", "[0.5, 0.25, 0.25]"}}, "context", "[0.347, 0.173]", C, C, C, nullptr, nullptr},
    {"ch14.example1", 0, {{"weights", "[1, 0, 0]"}}, "context", "[a, 0]", I, C, I, "weights", nullptr},
    {"ch14.example1",
     0,
     {{"exponentials", "[2, 0, 0]"}},
     "weights",
     "[1, 0, 0]",
     I,
     I,
     I,
     "exponentials",
     "zero-score-zero-weight"},
    {"ch14.example1", 0, {{"exponentials", "[2, 2, 1]"}}, "context", "[2a/5, 2a/5]", I, C, I, "exponentials", nullptr},
    {"ch14.example1", 0, {{"scores", "[0.693, 0, 0]"}}, "exponentials", "[2.00, 1, 1]", C, C, C, nullptr, nullptr},
    {"ch14.example1", 0, {{"scores", "[0.693, 0, 0]"}}, "exponentials", "[1.9997, 1, 1]", I, C, I, "scores", nullptr},
    {"ch14.example1",
     0,
     {{"exponentials", "[2.00, 1.00, 1.00]"}},
     "weights",
     "[0.5, 0.25, 0.25]",
     C,
     C,
     C,
     nullptr,
     nullptr},
    {"ch14.example1",
     0,
     {{"scores", "[a, 0, 0]"}},
     "exponentials",
     "[1.999, 1, 1]",
     I,
     I,
     I,
     nullptr,
     "exact-value-approximated"},
    // Exercise 14.1 (exact forms asked): the read from the learner's own previous stage.
    {"ch14.ex1", 0, {{"scores", "[a, 0, 0]"}}, "exponentials", "[2, 1, 1]", I, C, I, "scores", nullptr},
    {"ch14.ex1", 0, {{"exponentials", "[2, 1, 1]"}}, "weights", "[1/2, 1/4, 1/4]", I, C, I, "exponentials", nullptr},
    {"ch14.ex1", 0, {{"weights", "[1/2, 1/4, 1/4]"}}, "context", "[a/2, a/4]", I, C, I, "weights", nullptr},
    {"ch14.ex1", 0, {{"context", "[a/2, a/4]"}}, "readout", "a", I, C, I, "context", nullptr},
    {"ch14.ex1", 0, {{"context", "[2a/5, 2a/5]"}}, "readout", "6a/5", C, C, C, nullptr, nullptr},
    // Decimals where the exact form is asked are not graded, and told that they follow.
    {"ch14.ex1", 0, {{"weights", "[1/2, 1/4, 1/4]"}}, "context", "[0.347, 0.173]", I, N, N, "weights", nullptr},
    {"ch14.ex1", 0, {{"context", "[0.277, 0.277]"}}, "readout", "0.831", I, N, N, "context", nullptr},
    // Example 14.3: frozen removal and re-encoding, each step from the learner's own.
    {"ch14.example3",
     0,
     {{"frozen.color.weights", "[0, 2/3, 1/3]"}},
     "frozen.color.context",
     "[0, 2a/3]",
     I,
     C,
     I,
     "frozen.color.weights",
     nullptr},
    {"ch14.example3",
     0,
     {{"frozen.color.context", "[0, 2a/3]"}},
     "frozen.color.readout",
     "4a/3",
     I,
     C,
     I,
     "frozen.color.context",
     nullptr},
    {"ch14.example3",
     0,
     {{"frozen.color.weights", "[1/3, 1/3, 1/3]"}},
     "frozen.color.context",
     "[a/3, a/3]",
     I,
     I,
     I,
     "frozen.color.weights",
     "zeroed-score-not-removed"},
    {"ch14.example3",
     0,
     {{"reencode.key.states", "[[a, 0], [0, 0]]"}},
     "reencode.key.context",
     "[2a/3, 0]",
     I,
     C,
     I,
     "reencode.key.states",
     "frozen-vs-reencode"},
    {"ch14.example3",
     0,
     {{"reencode.key.context", "[2a/3, 0]"}},
     "reencode.key.readout",
     "2a/3",
     I,
     I,
     I,
     "reencode.key.context",
     "frozen-vs-reencode"},
    {"ch14.example3",
     0,
     {{"frozen.key.weights", "[2/3, 0, 1/3]"}},
     "frozen.key.context",
     "[2a/3, 0]",
     C,
     C,
     C,
     nullptr,
     nullptr},
    // The frozen context is not computed from the re-encoded states.
    {"ch14.example3",
     0,
     {{"reencode.key.states", "[[a, 0], [0, 0]]"}},
     "frozen.key.context",
     "[a, 0]",
     I,
     I,
     I,
     nullptr,
     "frozen-vs-reencode"},
    // Two stories, the chapter's own contrast named first.
    {"ch14.example3", 0, {}, "frozen.color.weights", "[1/2, 1/2]", I, I, I, nullptr, "frozen-vs-reencode"},
    {"ch14.example3", 0, {}, "frozen.key.readout", "a", I, I, I, nullptr, "frozen-vs-reencode"},
    // Exercise 14.3: the context from the learner's re-encoded states.
    {"ch14.ex3",
     0,
     {{"reencode_states", "[[a, 0], [0, 0]]"}},
     "reencode_context",
     "[2a/3, 0]",
     I,
     C,
     I,
     "reencode_states",
     "frozen-vs-reencode"},
    // The blue source: weights from the learner's states, the context from their weights; states
    // with a negative coordinate, which no ReLU encoder makes, are never followed.
    {"ch14.blue",
     0,
     {{"states", "[[0, 0], [-a, a], [0, 0]]"}},
     "weights",
     "[2/5, 1/5, 2/5]",
     I,
     I,
     I,
     "states",
     nullptr},
    {"ch14.blue",
     0,
     {{"states", "[[0, 0], [a, a], [0, 0]]"}},
     "weights",
     "[1/4, 1/2, 1/4]",
     I,
     C,
     I,
     "states",
     nullptr},
    {"ch14.blue", 0, {{"weights", "[2/5, 1/5, 2/5]"}}, "context", "[0, a/5]", I, C, I, "weights", nullptr},
    {"ch14.blue", 0, {{"states", "[[0, 0], [0, a], [0, 0]]"}}, "weights", "[1/3, 1/3, 1/3]", C, C, C, nullptr, nullptr},
    // Costs: bytes from the learner's own count of numbers.
    {"ch14.cost", 0, {{"context_numbers", "3"}}, "context_bytes", "24", I, C, I, "context_numbers", nullptr},
    {"ch14.cost", 0, {{"states_numbers", "3"}}, "states_bytes", "24", I, C, I, "states_numbers", "left-out:d"},
    {"ch14.ex5", 0, {{"storage_numbers", "100"}}, "storage_bytes", "800", I, C, I, "storage_numbers", "left-out:d"},
    {"ch14.cost", 0, {{"context_numbers", "2"}}, "context_bytes", "16 B", C, C, C, nullptr, nullptr},
    {"ch14.cost", 0, {{"states_numbers", "3"}}, "context_bytes", "24", I, I, I, nullptr, nullptr},
};

Json Grade(const Scenario& s, const char* policy, bool within) {
  Json context = {{"followThrough", policy}, {"earlier", Json::object()}};
  if (within)
    for (const auto& [part, text] : s.earlier) context["earlier"][part] = text;
  return Json::parse(GradeAnswerIn(Exercises().at(s.id), s.part, s.answer, s.seed, context.dump()));
}

std::string Where(const Scenario& s) {
  std::string out = std::string(s.id) + " seed " + std::to_string(s.seed);
  for (const auto& [part, text] : s.earlier) out += " [" + std::string(part) + ": " + text + "]";
  return out + " -> " + s.part + " " + s.answer;
}

TEST(FollowThroughTable, EveryScenarioGetsTheTeachersVerdictThreeWays) {
  EXPECT_GE(std::size(kScenarios), 80u);
  for (const Scenario& s : kScenarios) {
    Json alone = Grade(s, "counts", false);
    Json counts = Grade(s, "counts", true);
    Json noted = Grade(s, "noted", true);
    EXPECT_EQ(alone["verdict"], s.alone) << Where(s) << " alone: " << alone.dump();
    EXPECT_EQ(counts["verdict"], s.counts) << Where(s) << " counts: " << counts.dump();
    EXPECT_EQ(noted["verdict"], s.noted) << Where(s) << " noted: " << noted.dump();
    EXPECT_TRUE(alone["followThrough"].is_null()) << Where(s);
    if (s.tag) EXPECT_EQ(alone["misconception"], s.tag) << Where(s) << " alone: " << alone.dump();
    if (!s.from) {
      EXPECT_TRUE(counts["followThrough"].is_null()) << Where(s) << " counts: " << counts.dump();
      EXPECT_TRUE(noted["followThrough"].is_null()) << Where(s) << " noted: " << noted.dump();
      continue;
    }
    std::string from;
    for (const auto& name : counts["followThrough"]["from"])
      from += (from.empty() ? "" : " ") + name.get<std::string>();
    EXPECT_EQ(from, s.from) << Where(s) << ": " << counts.dump();
    if (std::string(s.counts) == I) {
      // It follows, but from answers that cannot all be right (or to a value no input gives):
      // never credited, and the verdict says why.
      for (const Json* v : {&counts, &noted}) {
        EXPECT_EQ((*v)["followThrough"]["impossible"], true) << Where(s) << ": " << v->dump();
        EXPECT_EQ((*v)["followThrough"]["counts"], false) << Where(s) << ": " << v->dump();
        EXPECT_NE((*v)["feedback"].get<std::string>().find("It does follow from your answer"), std::string::npos)
            << v->dump();
        EXPECT_FALSE((*v)["misconception"].is_null()) << Where(s) << ": " << v->dump();
      }
      continue;
    }
    EXPECT_EQ(counts["followThrough"]["counts"], true) << Where(s);
    EXPECT_EQ(noted["followThrough"]["counts"], false) << Where(s) << ": " << noted.dump();
    // The verdict says so in words, naming the part it followed from.
    for (const Json* v : {&counts, &noted})
      EXPECT_NE((*v)["feedback"].get<std::string>().find("from your answer"), std::string::npos) << v->dump();
  }
}

// Under a policy that hides values, a followed-through verdict gives no value either.
TEST(FollowThroughTable, HiddenValuesStayHidden) {
  Json context = {{"revealValues", false}, {"earlier", {{"weights", "[0.484, 0.396, 0.119]"}}}};
  Json v = Json::parse(GradeAnswerIn(Exercises().at("ch19.ex3"), "weight_sum", "0.999", 1, context.dump()));
  EXPECT_EQ(v["verdict"], "correct");
  EXPECT_TRUE(v["expected"].is_null());
  EXPECT_EQ(v["feedback"].get<std::string>().find("would be 1"), std::string::npos) << v.dump();
}

// Nor does "that is another part's value": it would confirm that part's hidden value.
TEST(FollowThroughTable, HiddenValuesAreNotConfirmedThroughAnotherPart) {
  const std::string& ex = Exercises().at("ch14.example1");
  Json shown = Json::parse(GradeAnswerIn(ex, "scores", "[2, 1, 1]", 0, "{}"));
  EXPECT_EQ(shown["misconception"], "answered-another-part") << shown.dump();
  Json hidden = Json::parse(GradeAnswerIn(ex, "scores", "[2, 1, 1]", 0, "{\"revealValues\": false}"));
  EXPECT_EQ(hidden["verdict"], "incorrect");
  EXPECT_NE(hidden["misconception"], "answered-another-part") << hidden.dump();
  EXPECT_EQ(hidden["feedback"].get<std::string>().find("part"), std::string::npos) << hidden.dump();
}

// A context the core cannot read is refused by name, never taken as none.
TEST(FollowThroughTable, ABadContextIsRefused) {
  for (const char* bad :
       {"[]", "{\"followThrough\": \"sometimes\"}", "{\"earlier\": 3}", "{\"revealValues\": 1}", "not json"}) {
    Json v = Json::parse(GradeAnswerIn(Exercises().at("ch19.ex3"), "weight_sum", "1", 0, bad));
    EXPECT_TRUE(v.contains("error")) << bad << " -> " << v.dump();
  }
}

}  // namespace
}  // namespace attn
