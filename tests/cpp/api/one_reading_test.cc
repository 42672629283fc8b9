// One answer is read once per grade (issue 45): the judge compares that reading with every
// candidate (the right value, the mistakes, what follows from earlier answers, the other parts'
// values), and no step of the grade reads the text again. Each earlier answer is read once too.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "answers/answer_parser.h"
#include "api/api.h"
#include "exercises/exercise_files.h"

namespace attn {
namespace {

using Json = nlohmann::json;

struct Case {
  const char* id;
  const char* part;
  const char* answer;
  Json earlier;
};

TEST(OneReading, AGradeReadsItsAnswerOnceAndEachEarlierAnswerOnce) {
  const Case cases[] = {
      {"ch19.ex3", "weights", "[0.2213, 0.6012, 0.1775]", Json::object()},
      {"ch19.ex3", "weight_sum", "0.999", {{"weights", "[0.484, 0.396, 0.119]"}}},
      {"ch14.ex1", "context", "[a/3, 2a/9]", {{"weights", "[2/5, 2/5, 1/5]"}}},
      {"ch14.cost", "states_bytes", "13", {{"states_numbers", "7"}}},
      {"ch19.ex16", "elements", "262145", Json::object()},
      {"ch19.ex16", "score_shape", "(8, 64, 4, 512)", Json::object()},
      {"ch19.ex17", "arithmetic_order", "O(T S D_v)", Json::object()},
      {"ch14.ex4", "largest_effect_position", "color", Json::object()},
  };
  for (const Case& c : cases) {
    const std::string context = Json{{"earlier", c.earlier}}.dump();
    // The exercise computed first, so that only the grade's own reading is counted.
    GradeAnswerIn(Exercises().at(c.id), c.part, "warm up", 0, context);
    WatchReads(c.answer);
    Json v = Json::parse(GradeAnswerIn(Exercises().at(c.id), c.part, c.answer, 0, context));
    // (A position is read by its own reader, not the parser.)
    const bool position = std::string(c.part).find("position") != std::string::npos;
    EXPECT_EQ(ReadsOfWatched(), position ? 0 : 1) << c.id << " " << c.part << " " << c.answer << " -> " << v.dump();
    for (const auto& [part, earlier] : c.earlier.items()) {
      WatchReads(earlier.get<std::string>());
      GradeAnswerIn(Exercises().at(c.id), c.part, c.answer, 0, context);
      EXPECT_EQ(ReadsOfWatched(), 1) << c.id << " earlier " << part << " " << earlier;
    }
  }
  WatchReads("");
}

}  // namespace
}  // namespace attn
