// Adding a model is one file and one registration line. This test is that file for a
// small demonstration model, "demo.sum" (not shipped): the total of a list of numbers,
// with one known mistake (the mean typed for the total). It registers the model the way
// exercises/model_table.cc registers the shipped ones, and then everything the pages use
// works through the JSON API with no other change: the offers, the working (laid out by the
// existing "counts" renderer), a variant, and grading with the mistake named.
#include <gtest/gtest.h>

#include "api/api.h"
#include "exercises/model.h"
#include "exercises/variant_drawing.h"

namespace attn {
namespace {

Result<Vec<Exact>> Numbers(const Json& exercise, const Json& part) {
  return ExactVectorInput(exercise, part, "numbers");
}

enum class Method { kCorrect, kMean };

Result<Exact> Total(const Vec<Exact>& numbers, Method method) {
  Exact total = numbers.sum();
  if (method == Method::kMean) return total / Exact(static_cast<int64_t>(numbers.size()));
  return total;
}

struct Known {
  Method method;
  const char* tag;
  const char* explanation;
};

const Known kKnown[] = {
    {Method::kMean, "mean-for-total", "that is the mean; the total adds the numbers without dividing by their count."},
};

Result<GradeRequest> Request(const Json& exercise, const Json& part, uint32_t, bool with_mistakes) {
  ATTN_ASSIGN_OR_RETURN(numbers, Numbers(exercise, part));  // read once per request
  ATTN_ASSIGN_OR_RETURN(total, Total(numbers, Method::kCorrect));
  GradeRequest request;
  request.expected = Quantity::Number(total);
  if (!with_mistakes) return request;
  for (const Known& known : kKnown) {
    auto wrong = Total(numbers, known.method);
    if (wrong.ok() && !(*wrong == total))
      request.misconceptions.push_back(Misconception::Value(known.tag, Quantity::Number(*wrong), known.explanation));
  }
  return request;
}

Result<Json> Working(const Json& exercise, const Json& part, uint32_t) {
  ATTN_ASSIGN_OR_RETURN(numbers, Numbers(exercise, part));
  ATTN_ASSIGN_OR_RETURN(total, Total(numbers, Method::kCorrect));
  return Json{
      {"inputs", {{"n", numbers.size()}}},
      {"counts", Json::array({{{"name", "total"}, {"formula", "sum of the numbers"}, {"value", total.to_string()}}})}};
}

Status DrawVariant(Json& exercise, SeededRandom& random) {
  return ForInput(exercise, "numbers", [&](const std::string& text) {
    return Redraw(text, [&] { return std::to_string(random.Integer(1, 9)); });
  });
}

const Model kDemoSumModel = {"demo.sum", "counts", /*shows_inputs=*/true, Request, Working, DrawVariant};

const char kExercise[] = R"({"id": "demo.ex1", "chapter": 99, "title": "A total", "model": "demo.sum",
  "inputs": {"numbers": "[1, 2, 4]"},
  "parts": [{"name": "total", "quantity": "total", "prompt": "The total of the numbers."}]})";

TEST(DemoModel, OneFileAndOneRegistrationLine) {
  ASSERT_TRUE(RegisterModel(kDemoSumModel).ok());  // the registration line
  EXPECT_FALSE(RegisterModel(kDemoSumModel).ok()) << "a name is registered once";

  const Json described = Json::parse(DescribeExercise(kExercise, 0));
  ASSERT_FALSE(described.contains("error")) << described.dump();
  EXPECT_EQ(described["offers"]["model"], "demo.sum");
  EXPECT_EQ(described["offers"]["working"], "counts");
  EXPECT_EQ(described["offers"]["variants"], true);
  EXPECT_TRUE(described["offers"]["batch"].is_null());
  EXPECT_EQ(described["working"]["counts"][0]["value"], "7");

  auto grade = [](const std::string& answer, uint32_t seed) {
    return Json::parse(GradeAnswer(kExercise, "total", answer, seed));
  };
  EXPECT_EQ(grade("7", 0)["verdict"], "correct");
  const Json mean = grade("7/3", 0);
  EXPECT_EQ(mean["verdict"], "incorrect");
  EXPECT_EQ(mean["misconception"], "mean-for-total");

  // A variant draws fresh numbers; its total is what the core computes for them.
  const Json variant = Json::parse(DescribeExercise(kExercise, 5));
  ASSERT_FALSE(variant.contains("error")) << variant.dump();
  const std::string total = variant["working"]["counts"][0]["value"];
  EXPECT_EQ(grade(total, 5)["verdict"], "correct");
}

}  // namespace
}  // namespace attn
