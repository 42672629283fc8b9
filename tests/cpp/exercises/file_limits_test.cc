// The limits of an exercise file (exercises/file_limits.h), each accepted at its edge and refused
// one past it, by its name, with at most a short excerpt of what was written; ids outside the
// documented form and two parts of one name refused by the check and wherever a file is read.
#include "exercises/file_limits.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "api/api.h"

namespace attn {
namespace {

// A small exercise that passes the check: one softmax over two scores, one part.
Json Base() {
  return Json::parse(R"({
    "id": "teacher.limits", "title": "Limits",
    "inputs": {"scores": "[1, 2]", "other": "[2, 0]"},
    "draw": [{"input": "scores", "integers": [0, 3]}],
    "steps": [{"name": "read", "op": "softmax", "scores": "scores"}],
    "parts": [{"name": "weights", "step": "read.weights", "prompt": "Give the weights."}]
  })");
}

std::string Refusal(const Json& exercise) { return CheckFileLimits(exercise).message(); }

// What the pages get for a file (DescribeExercise): its error, or "" where it is described.
std::string Described(const std::string& text) {
  const Json out = Json::parse(DescribeExercise(text, 0));
  return out.contains("error") ? out["error"].get<std::string>() : "";
}

TEST(FileLimits, IdsOfTheDocumentedFormOnly) {
  for (const std::string& id :
       std::vector<std::string>{"a", "teacher.three-keys", "ch19.ex3", "week_3.read-2", std::string(64, 'x')})
    EXPECT_TRUE(IsExerciseId(id)) << id;
  for (const std::string& id :
       std::vector<std::string>{"", "a b", "<script>alert(1)</script>", "__proto__", "../../index", "A1", ".hidden",
                                "-x", "a/b", std::string(65, 'x'), "caf\u00e9"}) {
    EXPECT_FALSE(IsExerciseId(id)) << id;
    Json exercise = Base();
    exercise["id"] = id;
    EXPECT_NE(Refusal(exercise).find("is not of the form of an id"), std::string::npos) << id;
    EXPECT_NE(Described(exercise.dump()).find("is not of the form of an id"), std::string::npos) << id;
    const Json report = Json::parse(CheckExercise(exercise.dump(), 0, 1));
    EXPECT_NE(report.value("refused", "").find("is not of the form of an id"), std::string::npos) << id;
  }
  Json number = Base();
  number["id"] = 7;
  EXPECT_NE(Refusal(number).find("is not of the form"), std::string::npos);
  Json none = Base();
  none.erase("id");
  EXPECT_NE(Json::parse(CheckExercise(none.dump(), 0, 1)).value("refused", "").find("needs an \"id\""),
            std::string::npos);
  EXPECT_EQ(Described(Base().dump()), "");
}

TEST(FileLimits, TwoPartsOfOneNameAreRefused) {
  Json exercise = Base();
  exercise["parts"].push_back(exercise["parts"][0]);
  EXPECT_NE(Refusal(exercise).find("two parts are named 'weights'"), std::string::npos) << Refusal(exercise);
  EXPECT_NE(Described(exercise.dump()).find("two parts are named"), std::string::npos);
}

// `key` holding n copies of `item` (each with its own name where it has one).
Json WithCopies(const std::string& key, Json item, size_t n) {
  Json exercise = Base();
  exercise[key] = Json::array();
  for (size_t i = 0; i < n; ++i) {
    Json copy = item;
    if (copy.contains("name")) copy["name"] = copy["name"].get<std::string>() + std::to_string(i);
    if (copy.contains("tag")) copy["tag"] = copy["tag"].get<std::string>() + std::to_string(i);
    exercise[key].push_back(copy);
  }
  return exercise;
}

TEST(FileLimits, EachCountIsAcceptedAtItsLimitAndRefusedOnePast) {
  struct Case {
    const char* key;
    Json item;
    size_t limit;
    const char* named;
  };
  const Json part = {{"name", "w"}, {"step", "read.weights"}, {"prompt", "Give the weights."}};
  const Case cases[] = {
      {"steps", {{"name", "s"}, {"op", "softmax"}, {"scores", "scores"}}, FileLimits::kSteps, "(steps)"},
      {"parts", part, FileLimits::kParts, "(parts)"},
      {"mistakes",
       {{"tag", "m"}, {"input", "scores"}, {"becomes", "other"}, {"because", "The other scores were read."}},
       FileLimits::kMistakes,
       "(mistakes)"},
      {"tests",
       {{"part", "weights"}, {"answer", "{{=read.weights}}"}, {"expect", "correct"}},
       FileLimits::kTests,
       "(tests)"},
      {"draw", {{"input", "other"}, {"integers", Json::array({0, 3})}}, FileLimits::kDraws, "(draw)"},
  };
  for (const Case& c : cases) {
    Json at = WithCopies(c.key, c.item, c.limit);
    if (std::string(c.key) == "steps")
      at["steps"].push_back({{"name", "read"}, {"op", "softmax"}, {"scores", "scores"}});
    if (std::string(c.key) == "steps") at["steps"].erase(at["steps"].begin());
    EXPECT_TRUE(CheckFileLimits(at).ok()) << c.key << ": " << Refusal(at);
    // Within the limits, the file is read and described as a learner's page gets it.
    EXPECT_EQ(Described(at.dump()), "") << c.key;
    const Json past = WithCopies(c.key, c.item, c.limit + 1);
    EXPECT_NE(Refusal(past).find(c.named), std::string::npos) << c.key << ": " << Refusal(past);
    EXPECT_NE(Described(past.dump()).find(c.named), std::string::npos) << c.key;
  }
}

TEST(FileLimits, ADrawGroupsTriesAreBounded) {
  auto with_tries = [](Json tries) {
    Json exercise = Base();
    exercise["draw"] = Json::array({{{"group", Json::array({{{"input", "scores"}, {"integers", Json::array({0, 3})}}})},
                                     {"until", {{"not_all_equal", "scores"}}},
                                     {"tries", tries}}});
    return exercise;
  };
  EXPECT_TRUE(CheckFileLimits(with_tries(FileLimits::kTries)).ok());
  EXPECT_EQ(Described(with_tries(FileLimits::kTries).dump()), "");
  for (const Json& tries : {Json(FileLimits::kTries + 1), Json(1e9), Json(0), Json(2.5), Json("10")}) {
    const std::string said = Refusal(with_tries(tries));
    EXPECT_NE(said.find("(tries)"), std::string::npos) << tries.dump() << ": " << said;
    EXPECT_NE(Described(with_tries(tries).dump()).find("(tries)"), std::string::npos);
  }
}

TEST(FileLimits, NestingIsBoundedBeforeTheFileIsParsed) {
  auto nested = [](int levels) {
    // The exercise object is one level; a table's rows hold the rest.
    return R"({"id": "teacher.deep", "tables": )" + std::string(levels - 1, '[') + std::string(levels - 1, ']') + "}";
  };
  EXPECT_TRUE(ReadExerciseText(nested(FileLimits::kDepth)).ok()) << ReadExerciseText(nested(16)).status().message();
  const std::string said = ReadExerciseText(nested(FileLimits::kDepth + 1)).status().message();
  EXPECT_NE(said.find("(nesting)"), std::string::npos) << said;
  // 5,000 brackets: refused in words, not by running out of stack (nor in a string: those are text).
  for (const std::string& text : {nested(5000), std::string(5000, '[')}) {
    EXPECT_NE(Described(text).find("(nesting)"), std::string::npos);
    EXPECT_NE(Json::parse(CheckExercise(text, 0, 1)).value("refused", "").find("(nesting)"), std::string::npos);
  }
  EXPECT_TRUE(ReadExerciseText(R"({"id": "a", "intro": "[[[[[[[[[[[[[[[[[[[["})").ok());
  // Brackets in a value the core reads: 8 levels, then refused by name.
  Json exercise = Base();
  exercise["inputs"]["other"] = std::string(FileLimits::kBrackets, '[') + "1" + std::string(FileLimits::kBrackets, ']');
  EXPECT_TRUE(CheckFileLimits(exercise).ok());
  exercise["inputs"]["other"] = std::string(5000, '[') + "1" + std::string(5000, ']');
  const std::string deep = Refusal(exercise);
  EXPECT_NE(deep.find("levels of brackets deep"), std::string::npos) << deep;
  EXPECT_LT(deep.size(), 300u);
  EXPECT_NE(Described(exercise.dump()).find("levels of brackets deep"), std::string::npos);
}

TEST(FileLimits, TheTextIsBoundedAndARefusalQuotesOnlyAnExcerpt) {
  const std::string base = Base().dump();
  // Padded with spaces to the limit, then one past it.
  const std::string at = base.substr(0, base.size() - 1) + std::string(FileLimits::kChars - base.size(), ' ') + "}";
  ASSERT_EQ(at.size(), FileLimits::kChars);
  EXPECT_EQ(Described(at), "");
  const std::string past =
      base.substr(0, base.size() - 1) + std::string(FileLimits::kChars - base.size() + 1, ' ') + "}";
  EXPECT_NE(Described(past).find("at most 200,000 (size)"), std::string::npos) << Described(past);
  // A misspelt key of 150,000 characters is named by its first characters only.
  Json exercise = Base();
  exercise[std::string(150000, 'k')] = 1;
  const std::string said = Json::parse(CheckExercise(exercise.dump(), 0, 1))["refused"];
  EXPECT_NE(said.find("has no key 'kkkk"), std::string::npos) << said.substr(0, 200);
  EXPECT_LE(said.size(), FileLimits::kMessageChars);
  EXPECT_LE(Excerpt(std::string(1000, 'x')).size(), FileLimits::kExcerptChars);
  // (Cut on a character: "é" is two bytes.)
  const std::string cut = Excerpt(std::string(1, 'x') + std::string(300, ' ') + "\u00e9\u00e9\u00e9");
  EXPECT_LE(cut.size(), FileLimits::kExcerptChars);
  EXPECT_LE(Bounded(std::string(10000, 'y')).size(), FileLimits::kMessageChars);
}

}  // namespace
}  // namespace attn
