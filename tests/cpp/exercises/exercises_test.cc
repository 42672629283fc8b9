// Every exercise file, through the same API the pages use: the files hold inputs only,
// every part can be graded, the chapter's printed answers grade correct, and each known
// mistake is recognised by name.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "answers/quantity.h"
#include "api/api.h"
#include "exercises/exercise_files.h"

namespace attn {
namespace {

using Json = nlohmann::json;

Json GradeJson(const std::string& id, const std::string& part, const std::string& answer) {
  auto it = Exercises().find(id);
  EXPECT_NE(it, Exercises().end()) << id;
  if (it == Exercises().end()) return Json();
  return Json::parse(GradeAnswer(it->second, part, answer, 0));
}

bool HoldsAnswerField(const Json& j) {
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      if (key == "expected" || key == "answer" || key == "solution" || HoldsAnswerField(value)) return true;
    }
  }
  if (j.is_array()) {
    for (const auto& v : j)
      if (HoldsAnswerField(v)) return true;
  }
  return false;
}

TEST(ExerciseFiles, HoldInputsOnlyAndEveryPartIsGradable) {
  ASSERT_GE(Exercises().size(), 10u);
  for (const auto& [id, text] : Exercises()) {
    Json exercise = Json::parse(text);
    EXPECT_FALSE(HoldsAnswerField(exercise)) << id;
    Json described = Json::parse(DescribeExercise(text, 0));
    EXPECT_FALSE(described["working"].contains("error")) << id << ": " << described["working"].dump();
    for (const auto& part : exercise["parts"]) {
      Json v = Json::parse(GradeAnswer(text, part["name"], "[[[[", 0));
      EXPECT_FALSE(v.contains("error")) << id << "." << part["name"] << ": " << v.dump();
      EXPECT_EQ(v["verdict"], "invalid") << id << "." << part["name"];
      EXPECT_FALSE(part.value("prompt", "").empty()) << id << "." << part["name"];
    }
  }
}

// The written halves of exercises: each explain item has a unique name, a prompt, a
// checklist and reference notes, and names only parts the exercise has.
TEST(ExerciseFiles, ExplainItemsAreComplete) {
  size_t items = 0;
  for (const auto& [id, text] : Exercises()) {
    Json exercise = Json::parse(text);
    if (!exercise.contains("explain")) continue;
    ASSERT_TRUE(exercise["explain"].is_array()) << id;
    std::set<std::string> names;
    for (const auto& part : exercise["parts"]) names.insert(part["name"].get<std::string>());
    for (const auto& item : exercise["explain"]) {
      ++items;
      std::string name = item.value("name", "");
      EXPECT_FALSE(name.empty()) << id;
      EXPECT_TRUE(names.insert(name).second) << id << ": '" << name << "' names a part or another item";
      EXPECT_FALSE(item.value("prompt", "").empty()) << id << "." << name;
      EXPECT_FALSE(item.value("reference_notes", "").empty()) << id << "." << name;
      ASSERT_TRUE(item.contains("checklist") && item["checklist"].is_array()) << id << "." << name;
      EXPECT_GE(item["checklist"].size(), 3u) << id << "." << name;
      if (item.contains("part")) {
        bool found = false;
        for (const auto& part : exercise["parts"]) found = found || part["name"] == item["part"];
        EXPECT_TRUE(found) << id << "." << name << " discusses no part " << item["part"];
      }
    }
  }
  EXPECT_GE(items, 8u);
}

// A fill-in table lays out parts the exercise has, each at most once, one per column.
TEST(ExerciseFiles, TablesLayOutExistingParts) {
  size_t cells = 0;
  for (const auto& [id, text] : Exercises()) {
    Json exercise = Json::parse(text);
    if (!exercise.contains("tables")) continue;
    std::set<std::string> parts, seen;
    for (const auto& part : exercise["parts"]) parts.insert(part["name"].get<std::string>());
    for (const auto& table : exercise["tables"]) {
      EXPECT_FALSE(table.value("caption", "").empty()) << id;
      size_t columns = table["columns"].size();
      for (const auto& row : table["rows"]) {
        EXPECT_EQ(row["parts"].size(), columns) << id;
        // A row's token is a source token the exercise has (the one its parts take away), or none.
        if (!row["token"].is_null()) {
          const Json& source = exercise["inputs"]["source"];
          EXPECT_NE(std::find(source.begin(), source.end(), row["token"]), source.end()) << id << ": " << row.dump();
        }
        for (const auto& cell : row["parts"]) {
          if (cell.is_null()) continue;
          ++cells;
          std::string name = cell.get<std::string>();
          EXPECT_TRUE(parts.count(name)) << id << ": the table names no part '" << name << "'";
          EXPECT_TRUE(seen.insert(name).second) << id << ": '" << name << "' is laid out twice";
        }
      }
    }
  }
  EXPECT_GE(cells, 18u) << "Example 14.3's two tables";
}

// Exercise 19.11 asks for a policy to be defined and tested: every explicit one that keeps
// the padding out of the result is right, the verdict states that rule and what the core
// itself does; NaN and uniform weights over the padding are the named mistakes.
TEST(Chapter19, AnyExplicitAllMaskedPolicyThatKeepsPaddingOutIsRight) {
  for (const char* part : {"all_masked_policy_batched", "all_masked_policy_single"}) {
    for (const char* policy : {"zeros_flagged", "error"}) {
      Json v = GradeJson("ch19.ex11", part, policy);
      EXPECT_EQ(v["verdict"], "correct") << part << " " << policy;
      EXPECT_NE(v["feedback"].get<std::string>().find("Any explicit rule that keeps the padding out"),
                std::string::npos)
          << v.dump();
      EXPECT_NE(v["feedback"].get<std::string>().find("for comparison, the companion's"), std::string::npos);
    }
    Json nan = GradeJson("ch19.ex11", part, "nan");
    EXPECT_EQ(nan["misconception"], "nan-propagation") << nan.dump();
    EXPECT_NE(nan["feedback"].get<std::string>().find("letting NaN propagate, is not a policy"), std::string::npos);
    Json uniform = GradeJson("ch19.ex11", part, "uniform");
    EXPECT_EQ(uniform["verdict"], "incorrect") << uniform.dump();
    EXPECT_EQ(uniform["misconception"], "uniform-over-padding") << uniform.dump();
    // The options are named by their labels when none is read.
    Json letter = GradeJson("ch19.ex11", part, "A");
    EXPECT_EQ(letter["verdict"], "invalid");
    EXPECT_NE(letter["feedback"].get<std::string>().find("zero weights and a flag"), std::string::npos)
        << letter.dump();
  }
  EXPECT_NE(
      GradeJson("ch19.ex11", "all_masked_policy_batched", "2")["feedback"].get<std::string>().find("flags the row"),
      std::string::npos)
      << "the batched core's own behaviour is observed by running it";
}

struct Printed {
  const char* id;
  const char* part;
  const char* answer;
};

// Answers exactly as the chapter prints them (Tables 14.1-14.3, Examples 14.1-14.3, the
// blue source, section 14.6, reference answers 1-5).
const Printed kChapter14[] = {
    {"ch14.example1", "scores", "[a,0,0]"},
    {"ch14.example1", "exponentials", "[2,1,1]"},
    {"ch14.example1", "denominator", "2+1+1"},
    {"ch14.example1", "weights", "[1/2, 1/4, 1/4]"},
    {"ch14.example1", "context", "[a/2,a/4]"},
    {"ch14.example1", "context", "[0.346574,0.173287]"},
    {"ch14.example1", "context", "(0.3466, 0.1733)"},
    {"ch14.example2", "scores", "[0,a,0]"},
    {"ch14.example2", "weights", "[1/4,1/2,1/4]"},
    {"ch14.example2", "context", "[a/4,a/2]"},
    {"ch14.blue", "states", "[[0,0], [0,a], [0,0]]"},
    {"ch14.blue", "weights", "[1/3, 1/3, 1/3]"},
    {"ch14.blue", "context", "[0,a/3]"},
    {"ch14.example3", "readout", "a/2+2(a/4)"},
    {"ch14.example3", "frozen.color.weights", "[0, 1/2, 1/2]"},
    {"ch14.example3", "frozen.color.context", "[0, a/2]"},
    {"ch14.example3", "frozen.color.readout", "a"},
    {"ch14.example3", "frozen.key.weights", "[2/3, 0, 1/3]"},
    {"ch14.example3", "frozen.key.context", "[2a/3, 0]"},
    {"ch14.example3", "frozen.key.readout", "2a/3"},
    {"ch14.example3", "frozen.full_stop.weights", "[2/3, 1/3, 0]"},
    {"ch14.example3", "frozen.full_stop.context", "[2a/3, a/3]"},
    {"ch14.example3", "frozen.full_stop.readout", "4a/3"},
    {"ch14.example3", "reencode.color.states", "[0,a]; [0,0]"},
    {"ch14.example3", "reencode.color.context", "[0,a/2]"},
    {"ch14.example3", "reencode.color.readout", "a"},
    {"ch14.example3", "reencode.key.states", "[a,0]; [a,0]"},
    {"ch14.example3", "reencode.key.context", "[a,0]"},
    {"ch14.example3", "reencode.key.readout", "a"},
    {"ch14.example3", "reencode.full_stop.states", "[a,0]; [0,a]"},
    {"ch14.example3", "reencode.full_stop.context", "[2a/3,a/3]"},
    {"ch14.example3", "reencode.full_stop.readout", "4a/3"},
    {"ch14.cost", "context_numbers", "2"},
    {"ch14.cost", "context_bytes", "16"},
    {"ch14.cost", "states_numbers", "6"},
    {"ch14.cost", "states_bytes", "48"},
    {"ch14.cost", "dot_products", "twelve"},  // replaced below: the chapter writes words
    {"ch14.cost", "multiplications_per_dot", "2"},
    {"ch14.cost", "additions_per_dot", "1"},
    {"ch14.ex1", "scores", "[a,a,0]"},
    {"ch14.ex1", "exponentials", "[2,2,1]"},
    {"ch14.ex1", "weights", "[2/5,2/5,1/5]"},
    {"ch14.ex1", "context", "[2a/5,2a/5]"},
    {"ch14.ex1", "readout", "2a/5+2(2a/5)"},
    {"ch14.ex1", "readout", "6a/5"},
    {"ch14.ex2", "denominator", "4"},
    {"ch14.ex2", "weights", "[1/2, 1/4, 1/4]"},
    {"ch14.ex2", "zero_query_weights", "[1/3, 1/3, 1/3]"},
    {"ch14.ex3", "frozen_context", "[2a/3,0]"},
    {"ch14.ex3", "reencode_states", "[a,0], [a,0]"},
    {"ch14.ex3", "reencode_context", "[a,0]"},
    {"ch14.ex4", "largest_weight_position", "color"},
    {"ch14.ex4", "largest_effect_position", "key"},
    {"ch14.ex4", "frozen.color.readout", "a"},
    {"ch14.ex4", "frozen.key.readout", "2a/3"},
    {"ch14.ex5", "storage_numbers", "100*2"},
    {"ch14.ex5", "storage_bytes", "200*8"},
    {"ch14.ex5", "dot_products", "100*4"},
};

TEST(Chapter14, PrintedAnswersGradeCorrect) {
  for (const auto& p : kChapter14) {
    std::string answer = std::string(p.answer) == "twelve" ? "12" : p.answer;
    Json v = GradeJson(p.id, p.part, answer);
    EXPECT_EQ(v["verdict"], "correct") << p.id << " " << p.part << " " << answer << " -> " << v.dump();
  }
}

struct Mistake {
  const char* id;
  const char* part;
  const char* answer;
  const char* tag;
};

const Mistake kMistakes[] = {
    {"ch14.example1", "weights", "[2/3, 1/3, 1/3]", "divided-by-count"},
    {"ch14.example1", "denominator", "3", "divided-by-count"},
    {"ch14.example1", "exponentials", "[2, 0, 0]", "zero-score-zero-weight"},
    {"ch14.example1", "weights", "[1, 0, 0]", "zero-score-zero-weight"},
    {"ch14.example1", "weights", "[a, 0, 0]", "scores-as-weights"},
    {"ch14.example1", "weights", "[2, 1, 1]", "exponentials-as-weights"},
    {"ch14.example1", "context", "[a/2, a/4, 0]", "context-width-is-positions"},
    {"ch14.example3", "frozen.color.weights", "[1/3, 1/3, 1/3]", "zeroed-score-not-removed"},
    {"ch14.example3", "frozen.key.context", "[a, 0]", "frozen-vs-reencode"},
    {"ch14.example3", "frozen.key.readout", "a", "intervention-not-applied"},
    {"ch14.example3", "frozen.color.weights", "[1/2, 1/2]", "removed-left-out"},
    {"ch14.example1", "denominator", "a", "scores-normalised"},
    {"ch14.example1", "context", "[0.345, 0.1725]", "a-rounded-early"},
    {"ch14.example1", "context", "[0.350, 0.175]", "a-rounded-early"},
    {"ch14.example3", "reencode.key.context", "[2a/3, 0]", "frozen-vs-reencode"},
    {"ch14.example3", "reencode.key.states", "[[a, 0], [0, 0]]", "frozen-vs-reencode"},
    {"ch14.ex3", "reencode_context", "[2a/3, 0]", "frozen-vs-reencode"},
    {"ch14.cost", "states_numbers", "3", "left-out:d"},
    {"ch14.cost", "states_bytes", "24", "left-out:d"},
    {"ch14.ex5", "storage_numbers", "100", "left-out:d"},
    {"ch14.ex4", "largest_effect_position", "color", "largest-weight-as-largest-effect"},
    {"ch14.example1", "scores", "[2, 1, 1]", "answered-another-part"},
};

// Where several mistakes give the answer, each is named (the chapter's own contrast first).
bool Names(const Json& v, const std::string& tag) {
  for (const auto& t : v["misconceptions"])
    if (t == tag) return true;
  return false;
}

TEST(Chapter14, KnownMistakesAreNamed) {
  for (const auto& m : kMistakes) {
    Json v = GradeJson(m.id, m.part, m.answer);
    EXPECT_EQ(v["verdict"], "incorrect") << m.id << " " << m.part << " " << m.answer << " -> " << v.dump();
    EXPECT_TRUE(Names(v, m.tag)) << m.id << " " << m.part << " " << m.answer << " -> " << v.dump();
  }
  // The chapter's own contrast: the frozen readout `a` is both the read before the removal and
  // what deleting the token and re-encoding gives; both are named, re-encoding first.
  Json both = GradeJson("ch14.example3", "frozen.key.readout", "a");
  ASSERT_GE(both["misconceptions"].size(), 2u) << both.dump();
  EXPECT_EQ(both["misconceptions"][0], "frozen-vs-reencode") << both.dump();
  EXPECT_EQ(both["misconceptions"][1], "intervention-not-applied") << both.dump();
  // Named without the sum of the exponentials, from which the weights would take one division.
  Json divided = GradeJson("ch14.example1", "weights", "[2/3, 1/3, 1/3]");
  EXPECT_TRUE(Names(divided, "divided-by-count")) << divided.dump();
  EXPECT_EQ(divided["feedback"].get<std::string>().find("4"), std::string::npos) << divided.dump();
}

TEST(Chapter14, ExactFormWhereTheChapterAsksForIt) {
  EXPECT_EQ(GradeJson("ch14.ex1", "weights", "[0.4, 0.4, 0.2]")["verdict"], "correct");  // exact decimals
  Json decimal = GradeJson("ch14.ex1", "context", "[0.2773, 0.2773]");
  EXPECT_EQ(decimal["verdict"], "invalid");
  EXPECT_NE(decimal["feedback"].get<std::string>().find("exact form"), std::string::npos);
  EXPECT_EQ(GradeJson("ch14.example1", "context", "[0.3465, 0.1733]")["verdict"], "incorrect");
}

// Chapter 19's printed numbers (its code output, 3 decimals as numpy prints them).
const Printed kChapter19[] = {
    {"ch19.running", "dot_scores", "[-0.1   0.98  0.39 -0.29  0.46]"},
    {"ch19.running", "bilinear_scores", "[ 0.024  1.018  0.394 -0.352  0.4  ]"},
    {"ch19.running", "weights", "[0.123 0.361 0.2   0.101 0.215]"},
    {"ch19.running", "context", "[0.511 0.398 0.417]"},
    {"ch19.running", "masked_weights", "[0.179 0.528 0.293 0.    0.   ]"},
    {"ch19.running", "masked_context", "[0.607 0.475 0.176]"},
    {"ch19.ex12", "score_shape", "(5,)"},
    {"ch19.ex16", "score_shape", "(8, 4, 64, 512)"},
    {"ch19.ex16", "score_shape", "8×4×64×512"},
    {"ch19.ex16", "elements", "1,048,576"},
    {"ch19.ex16", "elements", "1048576"},
    {"ch19.ex16", "elements", "1 048 576"},
    {"ch19.ex16", "elements", "2^20"},
    {"ch19.ex17", "arithmetic_order", "O(TS(D_k+D_v))"},
    {"ch19.ex17", "arithmetic_order", "TS(Dk+Dv)"},
    {"ch19.ex17", "arithmetic_order", "T*S*Dk + T*S*Dv"},
    {"ch19.ex9", "padding_mask", "[[1,1,1,1,1],[1,1,1,0,0],[1,0,0,0,0]]"},
    {"ch19.ex9", "padding_mask",
     "[[True,True,True,True,True],[True,True,True,False,False],[True,False,False,False,False]]"},
    {"ch19.ex8", "stable_weights", "[0.0900, 0.245, 0.665]"},
    {"ch19.ex11", "all_masked_policy_batched", "zeros_flagged"},
    {"ch19.ex11", "all_masked_policy_single", "error"},
    {"ch19.ex14", "softmax_axis", "source"},
    {"ch19.ex3", "weight_sum", "1"},
    {"ch19.ex15", "window_positions", "3, 4, 5, 6"},
    {"ch19.ex15", "window_positions", "[6, 5, 4, 3]"},
};

TEST(Chapter19, PrintedAnswersGradeCorrect) {
  for (const auto& p : kChapter19) {
    Json v = GradeJson(p.id, p.part, p.answer);
    EXPECT_EQ(v["verdict"], "correct") << p.id << " " << p.part << " " << p.answer << " -> " << v.dump();
  }
  // Every numeric part grades its own expected value correct, read back at 3 decimals.
  for (const auto& [id, text] : Exercises()) {
    if (Json::parse(text)["chapter"] != 19) continue;
    const Json exercise = Json::parse(text);  // held, so that the loop does not range over a temporary's member
    for (const auto& part : exercise["parts"]) {
      Json v = GradeJson(id, part["name"], "[[[[");
      EXPECT_EQ(v["verdict"], "invalid") << id;
    }
  }
}

const Mistake kChapter19Mistakes[] = {
    {"ch19.running", "masked_weights", "[0.123, 0.361, 0.2, 0, 0]", "mask-after-softmax"},
    {"ch19.ex10", "masked_weights",
     "[[0.182, 0.367, 0.082, 0.246, 0.122], [0.158, 0.035, 0.117, 0, 0], [0.092, 0, 0, 0, 0]]", "mask-after-softmax"},
    {"ch19.ex14", "source_axis_weights", "[[0.646, 0.231, 0.931], [0.354, 0.769, 0.069]]", "wrong-axis"},
    {"ch19.ex14", "softmax_axis", "target", "wrong-axis"},
    {"ch19.running", "temperature_0_5", "[0.161, 0.276, 0.205, 0.146, 0.213]", "multiplied:temperature"},
    {"ch19.ex8", "stable_weights", "[nan, nan, nan]", "naive-overflow"},
    {"ch19.running", "dot_scores", "[-0.058, 0.566, 0.225, -0.167, 0.266]", "scaled-for-dot"},
    {"ch19.running", "bilinear_scores", "[-0.010, 0.985, 0.563, -0.160, 0.288]", "bilinear-transposed"},
    {"ch19.ex16", "elements", "262144", "left-out:H"},
    {"ch19.ex16", "score_shape", "(8, 64, 512)", "left-out:H"},
    {"ch19.ex15", "local_weight_on_relevant", "0.494", "left-out:mask"},
    {"ch19.ex15", "global_weight_on_relevant", "0", "local-window-miss"},
    {"ch19.ex15", "window_positions", "3, 4, 5, 6, 9", "local-window-miss"},
    {"ch19.ex1", "weights", "scores", "scores-as-weights"},
    {"ch19.running", "dot_scores", "[0.123 0.361 0.2 0.101 0.215]", "answered-another-part"},
    {"ch19.running", "temperature_2", "[0.123 0.361 0.2 0.101 0.215]", "left-out:temperature"},
};

TEST(Chapter19, KnownMistakesAreNamed) {
  for (const auto& m : kChapter19Mistakes) {
    std::string answer = m.answer;
    if (std::string(m.id) == "ch19.ex1") {
      // The letters are shuffled by seed: find the letter that shows the named role.
      for (const char* letter : {"A", "B", "C", "D", "E", "F"}) {
        if (Json::parse(GradeAnswer(Exercises().at("ch19.ex1"), "scores", letter, 0))["verdict"] == "correct")
          answer = letter;
      }
    }
    Json v = GradeJson(m.id, m.part, answer);
    EXPECT_EQ(v["verdict"], "incorrect") << m.id << " " << m.part << " " << answer << " -> " << v.dump();
    EXPECT_TRUE(Names(v, m.tag)) << m.id << " " << m.part << " " << answer << " -> " << v.dump();
  }
}

TEST(Api, ErrorsComeBackAsValues) {
  EXPECT_TRUE(Json::parse(GradeAnswer("not json", "x", "1", 0)).contains("error"));
  EXPECT_TRUE(Json::parse(GradeAnswer(Exercises().at("ch14.ex1"), "nope", "1", 0)).contains("error"));
  Json empty =
      Json::parse(Work(R"({"model":"ch14.read","inputs":{"embeddings":{"x":"[a]"},"source":[],"query":"[1]"}})"));
  EXPECT_NE(empty["error"].get<std::string>().find("no eligible source position"), std::string::npos);
  Json wide = Json::parse(
      Work(R"({"model":"ch14.read","inputs":{"embeddings":{"x":"[a, 0]"},"source":["x"],"query":"[1, 0, 0]"}})"));
  EXPECT_NE(wide["error"].get<std::string>().find("width 3"), std::string::npos);
  // A query with no exact read is shown in decimals, and says why.
  Json inexact = Json::parse(Work(
      R"({"model":"ch14.read","inputs":{"embeddings":{"x":"[a, 0]","z":"[-a, 0]"},"source":["x", "z"],"query":"[1/2, 0]"}})"));
  EXPECT_NE(inexact["note"].get<std::string>().find("no exact form"), std::string::npos);
  EXPECT_TRUE(inexact["context"]["exact"].is_null());
  double w = 1.0 / (1.0 + std::exp(-std::log(2.0) / 2));  // exp(a/2) / (exp(a/2) + 1)
  EXPECT_EQ(inexact["positions"][0]["weight"]["decimal"], DecimalString(w));
  Json huge = Json::parse(
      Work(R"({"model":"ch14.read","inputs":{"embeddings":{"x":"[a, 0]"},"source":["x", "x"],"query":"[2000, 0]"}})"));
  EXPECT_NE(huge["error"].get<std::string>().find("past the exact range"), std::string::npos);
}

TEST(Api, WorkingFollowsTable14_1) {
  Json w = Json::parse(DescribeExercise(Exercises().at("ch14.example1"), 0))["working"];
  ASSERT_EQ(w["positions"].size(), 3u);
  EXPECT_EQ(w["positions"][0]["state"]["exact"], "[a, 0]");
  EXPECT_EQ(w["positions"][0]["score"]["exact"], "a");
  EXPECT_EQ(w["positions"][0]["exponential"]["exact"], "2");
  EXPECT_EQ(w["positions"][1]["weight"]["exact"], "1/4");
  EXPECT_EQ(w["denominator"]["exact"], "4");
  EXPECT_EQ(w["context"]["exact"], "[a/2, a/4]");
  EXPECT_EQ(w["context"]["decimal"], "[0.346574, 0.173287]");
}

}  // namespace
}  // namespace attn
