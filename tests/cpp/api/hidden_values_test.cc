// With the values kept back (revealValues false), no help or refusal sentence names a value of the
// exercise: its examples are fixed texts or the learner's own numbers (issue 48). Every part of every
// exercise, at seeds 0-20, is sent answers that draw help (a list where a count is asked, a unit of
// the wrong kind, O(...) where a number is asked, a word, too few digits, the wrong length, a shape
// with an axis missing), and no feedback holds any part's value, in any of the forms a page shows.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "api/api.h"
#include "exercises/computed.h"
#include "exercises/exercise_files.h"
#include "exercises/variant_drawing.h"

namespace attn {
namespace {

using Json = nlohmann::json;

// A count written with digit groups ("1,048,576"), as help texts write numbers.
std::string Grouped(const std::string& digits) {
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// The forms a part's value may be shown in that are long enough to be no coincidence.
std::set<std::string> Forms(const Quantity& q) {
  std::set<std::string> out;
  if (q.kind == Quantity::Kind::kPosition) return out;
  for (const std::string& text : {q.ExactText(), q.DecimalText()}) {
    if (text.size() < 3) continue;
    out.insert(text);
    if (text.find_first_not_of("0123456789") == std::string::npos && text.size() > 3) out.insert(Grouped(text));
  }
  return out;
}

TEST(HiddenValues, NoHelpSentenceNamesAValueOfTheExercise) {
  const char* kHelpDrawing[] = {"[8, 4, 64, 512]", "4 MiB",   "12 numbers", "O(T S)",           "nan",    "0.1",
                                "[1, 2]",          "(8, 64)", "1 million",  "[[1, 2], [3, 4]]", "e^1000", "x"};
  size_t sentences = 0;
  for (const auto& [id, text] : Exercises()) {
    const Json exercise = Json::parse(text);
    const uint32_t seeds = HasDraws(exercise) ? 21 : 1;
    for (uint32_t seed = 0; seed < seeds; ++seed) {
      auto computed = Computed::Of(exercise, seed);
      ASSERT_TRUE(computed.ok());
      std::set<std::string> hidden;
      for (const auto& part : exercise.value("parts", Json::array())) {
        auto request = computed.value().Request(part, false);
        if (request.ok())
          for (const std::string& form : Forms(request->expected)) hidden.insert(form);
      }
      for (const auto& part : exercise.value("parts", Json::array())) {
        for (const char* answer : kHelpDrawing) {
          const Json v = Json::parse(GradeAnswer(text, part["name"].get<std::string>(), answer, seed, false));
          const std::string feedback = v.value("feedback", "");
          ++sentences;
          for (const std::string& form : hidden)
            if (std::string(answer).find(form) == std::string::npos)  // (the learner's own number may be said)
              EXPECT_EQ(feedback.find(form), std::string::npos) << id << " seed " << seed << " " << part["name"] << " '"
                                                                << answer << "' names " << form << ": " << feedback;
        }
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
  std::printf("%zu help sentences read with the values kept back\n", sentences);
}

}  // namespace
}  // namespace attn
