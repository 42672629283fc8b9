// Follow-through under hostile earlier answers: for every part computed from another, earlier
// answers drawn at random (impossible values among them: negative weights, weights that do not
// add up to 1, negative or fractional counts, huge and tiny numbers, words, broken text, half a
// character) never make the right answer to the later part anything but correct, and no verdict
// credits a follow-through from an earlier answer that could not be its step's value, or to a
// value that could not be the later part's.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "api/api.h"
#include "exercises/computed.h"
#include "exercises/exercise_files.h"
#include "property_seeds.h"

namespace attn {
namespace {

using Json = nlohmann::json;

// A number as a learner might type it, right or not.
std::string Number(std::mt19937& random) {
  switch (std::uniform_int_distribution<int>(0, 9)(random)) {
    case 0: return "-" + std::to_string(std::uniform_int_distribution<int>(1, 9)(random));
    case 1: return "0";
    case 2: return "1e17";
    case 3: return "1e-17";
    case 4:
      return std::to_string(std::uniform_int_distribution<int>(1, 9)(random)) + "/" +
             std::to_string(std::uniform_int_distribution<int>(2, 9)(random));
    case 5: return "a";
    case 6: return "1/2";
    default: {
      char buffer[32];
      std::snprintf(buffer, sizeof buffer, "%.3f", std::uniform_real_distribution<double>(-2, 3)(random));
      return buffer;
    }
  }
}

// An earlier answer of the right form (a list as long as the value's) with hostile entries, or
// text that cannot be read at all.
std::string Hostile(const Quantity& value, std::mt19937& random) {
  switch (std::uniform_int_distribution<int>(0, 11)(random)) {
    case 0: return "banana";
    case 1: return std::string(4000, 'x');
    case 2: return "[\xF0\x9F";  // a character cut in half
    case 3: return "[1, 2";
    case 4: return "nan";
    default: break;
  }
  std::function<std::string(const Quantity&)> write = [&](const Quantity& q) -> std::string {
    if (q.kind != Quantity::Kind::kList) return Number(random);
    std::string out = "[";
    for (size_t i = 0; i < q.items.size(); ++i) out += (i ? ", " : "") + write(q.items[i]);
    return out + "]";
  };
  return write(value);
}

TEST(FollowThroughFuzz, HostileEarlierAnswersNeverRefuseNorCreditTheImpossible) {
  std::mt19937 random(20261204);
  size_t checks = 0, credited = 0, refused_credit = 0;
  for (const auto& [id, text] : Exercises()) {
    const Json exercise = Json::parse(text);
    for (uint32_t seed = 0; seed < PropertySeeds(12); ++seed) {
      auto computed = Computed::Of(exercise, seed);
      ASSERT_TRUE(computed.ok()) << id;
      Computed& c = computed.value();
      const Json& parts = c.exercise().value("parts", Json::array());
      for (const auto& part : parts) {
        auto later = c.PartStep(part);
        auto request = c.Request(part, false);
        if (!later.ok() || !request.ok() || request->expected.kind == Quantity::Kind::kPosition) continue;
        for (const auto& source : parts) {
          auto earlier = c.PartStep(source);
          auto earlier_request = c.Request(source, false);
          if (source["name"] == part["name"] || !earlier.ok() || !earlier_request.ok()) continue;
          if (earlier->step != later->step && !c.computation().DependsOn(later->step, earlier->step)) continue;
          for (int trial = 0; trial < 6; ++trial) {
            const std::string given = Hostile(earlier_request->expected, random);
            // Text that is not UTF-8 goes as the pages send it: JSON with its bytes escaped.
            const Json context = {{"earlier", {{source["name"], given}}}};
            const std::string context_text = context.dump(-1, ' ', false, Json::error_handler_t::replace);
            const std::string where = id + " seed " + std::to_string(seed) + " " + source["name"].get<std::string>() +
                                      " = " + given.substr(0, 40) + " -> " + part["name"].get<std::string>();
            // The right answer stays right, whatever was typed before it.
            const std::string right =
                request->expected.ExactText().empty() ? request->expected.DecimalText() : request->expected.ExactText();
            Json v = Json::parse(GradeAnswerIn(text, part["name"], right, seed, context_text));
            ASSERT_FALSE(v.contains("error")) << where << ": " << v.dump();
            EXPECT_EQ(v["verdict"], "correct") << where << ": " << v.dump();
            ++checks;
            // What follows from it is credited only where the earlier answer could be its step's
            // value and the later one its part's.
            auto read = ValueOf(ReadAnswer(given, *earlier_request), *earlier_request);
            if (!read) continue;
            std::vector<GivenAnswer> answers = {{source["name"], &source, *read}};
            for (const FollowThrough& way : c.FollowThroughs(part, answers)) {
              const std::string typed = way.value.ExactText().empty() ? way.value.DecimalText() : way.value.ExactText();
              // A way that lands on the right value is graded right on its own merits.
              if (way.value.HasNotFinite() || way.value.SameAs(request->expected)) continue;
              Json w = Json::parse(GradeAnswerIn(text, part["name"], typed, seed, context_text));
              ASSERT_FALSE(w.contains("error")) << where << ": " << w.dump();
              const bool counts = w["followThrough"].is_object() && w["followThrough"]["counts"] == true;
              if (counts) {
                ++credited;
                EXPECT_FALSE(c.Impossible(source, *read).has_value()) << where << " credited: " << w.dump();
                EXPECT_FALSE(way.impossible.has_value()) << where << " credited: " << w.dump();
              } else if (way.earlier_impossible || way.impossible) {
                ++refused_credit;
                EXPECT_NE(w["verdict"], "correct") << where << ": " << w.dump();
              }
            }
          }
        }
      }
    }
  }
  std::printf("%zu right answers after hostile ones; %zu follow-throughs credited, %zu refused as impossible\n", checks,
              credited, refused_credit);
  EXPECT_GT(checks, 500u * PropertySeeds(12) / 12);
  EXPECT_GT(refused_credit, 0u);
}

}  // namespace
}  // namespace attn
