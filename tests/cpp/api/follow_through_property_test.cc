// Follow-through, as a property over 1,000 seeds: for every part that its exercise computes
// from another part, a learner who answers the earlier part correctly, rounded to 3
// (or 4) significant figures, and then computes the later part from those rounded numbers,
// is never marked incorrect for it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "api/api.h"
#include "exercises/computed.h"
#include "exercises/exercise_files.h"
#include "exercises/variant_drawing.h"
#include "property_seeds.h"

namespace attn {
namespace {

using Json = nlohmann::json;

// A number as a learner writes it rounded to `figures` significant figures (0 as "0").
// A value that is not finite is written as the learner would type it (inf, -inf, nan).
std::string Rounded(double x, int figures) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (std::fabs(x) < 1e-12) return "0";  // a value that is 0 up to the last bit of a double
  int places = std::max(0, figures - 1 - static_cast<int>(std::floor(std::log10(std::fabs(x)))));
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", places, x);
  return buffer;
}

std::string Written(const Quantity& q, int figures) {
  if (q.kind == Quantity::Kind::kList) {
    std::string out = "[";
    for (size_t i = 0; i < q.items.size(); ++i) out += (i ? ", " : "") + Written(q.items[i], figures);
    return out + "]";
  }
  // A whole count is written in full (a learner counts exactly), anything else rounded.
  if (q.exact && q.exact->constant() && q.exact->constant()->is_integer()) return q.exact->to_string();
  return Rounded(q.approx, figures);
}

struct Pair {
  Json part, source;
};

// The pairs (later part, earlier part) that follow through at the chapter's numbers.
std::vector<Pair> PairsOf(const Json& exercise) {
  std::vector<Pair> out;
  auto computed = Computed::Of(exercise, 0);
  if (!computed.ok()) return out;
  Computed& c = computed.value();
  for (const auto& part : exercise["parts"]) {
    for (const auto& source : exercise["parts"]) {
      if (source["name"] == part["name"]) continue;
      auto request = c.Request(source, false);
      if (!request.ok() || request->expected.kind == Quantity::Kind::kPosition) continue;
      auto read = ValueOf(ReadAnswer(Written(request->expected, 3), *request), *request);
      if (!read) continue;
      std::vector<GivenAnswer> given = {{source["name"], &source, *read}};
      if (!c.FollowThroughs(part, given).empty()) out.push_back({part, source});
    }
  }
  return out;
}

TEST(FollowThroughProperty, RoundedCorrectEarlierAnswersNeverMakeALaterPartIncorrect) {
  size_t pairs = 0, checks = 0, followed = 0;
  for (const auto& [id, text] : Exercises()) {
    Json exercise = Json::parse(text);
    std::vector<Pair> found = PairsOf(exercise);
    pairs += found.size();
    if (found.empty()) continue;
    uint32_t seeds = HasDraws(exercise) ? PropertySeeds(1000) : 1;
    for (uint32_t seed = 0; seed < seeds; ++seed) {
      auto computed = Computed::Of(exercise, seed);
      ASSERT_TRUE(computed.ok()) << id << " " << seed;
      Computed& c = computed.value();
      for (const Pair& pair : found) {
        const Json* part = nullptr;
        const Json* source = nullptr;
        for (const auto& p : c.exercise()["parts"]) {
          if (p["name"] == pair.part["name"]) part = &p;
          if (p["name"] == pair.source["name"]) source = &p;
        }
        auto earlier = c.Request(*source, false);
        ASSERT_TRUE(earlier.ok()) << id << " " << seed;
        for (auto [first, second] : {std::pair{3, 3}, std::pair{4, 4}, std::pair{3, 4}}) {
          std::string earlier_text = Written(earlier->expected, first);
          auto read = ValueOf(ReadAnswer(earlier_text, *earlier), *earlier);
          ASSERT_TRUE(read) << id << " " << seed << " " << (*source)["name"] << " " << earlier_text;
          std::vector<GivenAnswer> given = {{(*source)["name"], source, *read}};
          for (const FollowThrough& way : c.FollowThroughs(*part, given)) {
            if (way.impossible)
              ADD_FAILURE() << id << " seed " << seed << ": a right earlier answer gives an "
                            << "impossible value: " << *way.impossible;
            std::string later = Written(way.value, second);
            Json context = {{"earlier", {{(*source)["name"], earlier_text}}}};
            Json v = Json::parse(GradeAnswerIn(text, (*part)["name"], later, seed, context.dump()));
            ++checks;
            followed += !v["followThrough"].is_null();
            ASSERT_NE(v["verdict"], "incorrect")
                << id << " seed " << seed << ": " << (*source)["name"] << " = " << earlier_text << ", then "
                << (*part)["name"] << " = " << later << " -> " << v.dump();
          }
        }
      }
    }
  }
  // The property is about something: the models declare follow-through across both chapters.
  EXPECT_GE(pairs, 40u);
  EXPECT_GE(checks, 50u * PropertySeeds(1000));
  EXPECT_GT(followed, PropertySeeds(1000));
  std::printf("%zu pairs, %zu checks, %zu decided by follow-through\n", pairs, checks, followed);
}

}  // namespace
}  // namespace attn
