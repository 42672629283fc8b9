// Derived mistakes (cpp/exercises/mutations/), as a property over 1,000 seeds of every exercise:
// each one named for a part differs from the part's value; typed as a learner types it, the answer
// is read as that value and the mistake is named (or the answer is right at the places it is
// written, and then it is told so, never named); its sentence states no number but the exercise's
// given inputs and the learner's own, never the part's value; and the part's right value, typed,
// names no mistake at all.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>

#include "api/verdict_in.h"
#include "exercises/computed.h"
#include "exercises/exercise_files.h"
#include "exercises/variant_drawing.h"
#include "property_seeds.h"

namespace attn {
namespace {

using Json = nlohmann::json;

// The numbers a text states, as written.
std::vector<std::string> NumbersIn(const std::string& text) {
  static const std::regex number(R"((^|[^A-Za-z_0-9.^])(-?\d+(\.\d+)?)(?![A-Za-z_0-9]))");
  std::vector<std::string> out;
  for (std::sregex_iterator it(text.begin(), text.end(), number), end; it != end; ++it) out.push_back((*it)[2].str());
  return out;
}

// Every number the exercise gives (its inputs, as the learner sees them); with the few a sentence
// may use in words (bytes a number, bits a byte, the double's range).
std::set<std::string> InputNumbers(const Computed& c) {
  std::set<std::string> out;
  for (const auto& [name, value] : c.computation().inputs()) {
    if (value.kind != Value::Kind::kNumbers) continue;
    for (const std::string& n : NumbersIn(value.ToQuantity().Text())) out.insert(n);
  }
  return out;
}

std::set<std::string> GivenNumbers(const Computed& c) {
  std::set<std::string> out = InputNumbers(c);
  out.insert({"0", "1", "2", "4", "8", "10", "1.8", "709.78"});
  return out;
}

TEST(DerivedMistakesProperty, NamedWhereTypedTrueToTheNumbersAndNeverTheAnswer) {
  size_t named = 0, typed = 0, accepted = 0;
  std::set<std::string> kinds;
  for (const auto& [id, text] : Exercises()) {
    Json exercise = Json::parse(text);
    const uint32_t seeds = HasDraws(exercise) ? PropertySeeds(1001) : 1;
    for (uint32_t seed = 0; seed < seeds; ++seed) {
      auto computed = Computed::Of(exercise, seed);
      ASSERT_TRUE(computed.ok()) << id << " " << seed;
      Computed& c = computed.value();
      const std::set<std::string> given = GivenNumbers(c), inputs = InputNumbers(c);
      for (const auto& part : c.exercise()["parts"]) {
        auto request = c.Request(part, true);
        ASSERT_TRUE(request.ok());
        const std::vector<MistakeOrigin> origins = c.Origins(part);
        const std::string answer_text =
            request->expected.ExactText().empty() ? request->expected.DecimalText() : request->expected.ExactText();
        for (size_t i = 0; i < request->misconceptions.size() && i < origins.size(); ++i) {
          if (origins[i].derived.empty()) continue;
          const Misconception& m = request->misconceptions[i];
          const std::string where = id + " seed " + std::to_string(seed) + " " + part["name"].get<std::string>() + " " +
                                    m.tag + ": " + m.explanation;
          ++named;
          kinds.insert(origins[i].derived);
          ASSERT_TRUE(m.value) << where;
          EXPECT_FALSE(m.value->SameAs(request->expected)) << where;
          // Its sentence: no number but what the exercise gives (its inputs, on the page already) and the
          // kind's own words (a byte is eight bits, 0 and 1 in a mask), and never the part's value.
          // (The chapter's facts, e^a = 2 and e^0 = 1, and which entry is meant, are no numbers of the variant.)
          const std::string said =
              std::regex_replace(m.explanation, std::regex(R"(e\^a = 2|e\^0 = 1|raising 2|ln 2|entry [0-9]+)"), "");
          for (const std::string& n : NumbersIn(said)) EXPECT_TRUE(given.count(n)) << where << " (states " << n << ")";
          if (answer_text.size() > 2 && !inputs.count(answer_text))
            EXPECT_EQ(m.explanation.find(answer_text), std::string::npos) << where;
          // Typed, it is named (or right at the places written).
          const Json answer = AnswerOf(m, request->expected);
          if (!answer.is_string()) continue;
          ++typed;
          const Verdict v = Grade(answer.get<std::string>(), *request);
          if (v.kind == Verdict::Kind::kCorrect) {
            ++accepted;
            EXPECT_TRUE(v.misconceptions.empty()) << where;
            continue;
          }
          const bool is_named =
              std::find(v.misconceptions.begin(), v.misconceptions.end(), m.tag) != v.misconceptions.end();
          // Another mistake with the same value may come first (at most three are explained).
          bool shared = false;
          for (const Misconception& other : request->misconceptions)
            shared = shared ||
                     (other.tag != m.tag && other.value && other.value->SameAs(*m.value) &&
                      std::find(v.misconceptions.begin(), v.misconceptions.end(), other.tag) != v.misconceptions.end());
          EXPECT_TRUE(is_named || shared) << where << " typed " << answer << " -> " << v.feedback;
          if (::testing::Test::HasFailure()) return;
        }
        // The right value typed names nothing.
        if (request->expected.kind != Quantity::Kind::kPosition && !answer_text.empty()) {
          const Verdict right = Grade(answer_text, *request);
          EXPECT_TRUE(right.misconceptions.empty()) << id << " " << seed << " " << part["name"] << " " << answer_text;
        }
      }
    }
  }
  std::printf("%zu derived mistakes named (%zu kinds), %zu typed back, %zu of them right at the places written\n",
              named, kinds.size(), typed, accepted);
  EXPECT_GE(kinds.size(), 15u);
  EXPECT_GE(named, 10000u * std::min<uint32_t>(1, PropertySeeds(1001) / 1000));
}

}  // namespace
}  // namespace attn
