// The named mistakes, as a property over 1,000 seeds (issue 30): every explanation speaks
// first of the quantity its part asks for ("your weights come from ...", "your entropies
// are in bits"), never of another one, and no mistake is offered for a kind of part it
// cannot produce: an arithmetic mistake is never named for a position, an option or a shape.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>

#include "exercises/exercise_files.h"
#include "exercises/model.h"
#include "exercises/variants.h"
#include "property_seeds.h"

namespace attn {
namespace {

using Json = nlohmann::json;

// The words a learner's answer can be called by, for each quantity a part asks for.
const std::map<std::string, std::set<std::string>> kOwnNouns = {
    {"scores", {"scores"}},
    {"exponentials", {"exponentials"}},
    {"denominator", {"total"}},
    {"weights", {"weights"}},
    {"stable_weights", {"weights"}},
    {"shifted_weights", {"weights"}},
    {"masked_weights", {"weights"}},
    {"source_axis_weights", {"weights"}},
    {"weight_sum", {"total"}},
    {"context", {"context"}},
    {"states", {"states"}},
    {"readout", {"readout"}},
    {"readout_before", {"readout"}},
    {"readout_after", {"readout"}},
    {"readout_change", {"change in the readout"}},
    {"entropy", {"entropy"}},
    {"entropies", {"entropies"}},
    {"max_entropies", {"largest entropies"}},
    {"masked_mass", {"masked mass"}},
    {"padding_mask", {"mask"}},
    {"global_weight_on_relevant", {"weight"}},
    {"local_weight_on_relevant", {"weight"}},
    {"window_positions", {"window"}},
    {"softmax_axis", {"axis"}},
    {"largest_weight_position", {"position"}},
    {"largest_effect_position", {"position"}},
    {"all_masked_policy_batched", {"policy"}},
    {"all_masked_policy_single", {"policy"}},
    {"score_shape", {"shape"}},
    {"elements", {"count"}},
    {"weight_bytes", {"byte count"}},
    {"context_numbers", {"count"}},
    {"states_numbers", {"count"}},
    {"context_bytes", {"byte count"}},
    {"states_bytes", {"byte count"}},
    {"arithmetic_order", {"order"}},
    {"context_shape", {"shape"}},
    {"naive_exponentials", {"exponentials"}},
    {"naive_weights", {"weights"}},
    {"point_in_hull", {"point"}},
};

// Every noun above (and the roles exercise's "array"), longest first so that "masked mass"
// is found before "mass" would be.
std::regex NounPattern() {
  std::set<std::string, bool (*)(const std::string&, const std::string&)> nouns(
      [](const std::string& x, const std::string& y) { return x.size() != y.size() ? x.size() > y.size() : x < y; });
  for (const auto& [quantity, own] : kOwnNouns) nouns.insert(own.begin(), own.end());
  for (const char* more : {"array", "weight", "score", "exponential", "state", "mass", "entropy", "position", "count",
                           "sum", "value", "values", "keys"})
    nouns.insert(more);
  std::string alternatives;
  for (const auto& noun : nouns) alternatives += (alternatives.empty() ? "" : "|") + noun;
  return std::regex("\\b(" + alternatives + ")\\b", std::regex::icase);
}

TEST(MistakesProperty, EachSpeaksOfItsPartsOwnQuantityAndFitsItsKindOfPart) {
  const std::regex nouns = NounPattern();
  size_t checked = 0;
  std::set<std::string> tags;
  std::map<std::string, std::string> first_nouns;  // explanation -> the first noun it speaks of
  for (const auto& [id, text] : Exercises()) {
    Json exercise = Json::parse(text);
    uint32_t seeds = HasVariants(exercise) ? PropertySeeds(1000) : 1;
    bool roles = exercise["model"] == "ch19.roles";
    for (uint32_t seed = 0; seed < seeds; ++seed) {
      auto variant = VariantOf(exercise, seed);
      ASSERT_TRUE(variant.ok()) << id << " " << seed;
      for (const auto& part : (*variant)["parts"]) {
        std::string quantity = part["quantity"];
        auto request = RequestForPart(*variant, part, seed, true);
        ASSERT_TRUE(request.ok()) << id << " " << part["name"];
        bool position = request->expected.kind == Quantity::Kind::kPosition;
        for (const Misconception& m : request->misconceptions) {
          ++checked;
          tags.insert(m.tag);
          std::string where = id + " seed " + std::to_string(seed) + " " + part["name"].get<std::string>() + " " +
                              m.tag + ": " + m.explanation;
          // Its family fits the part.
          if (position) {
            EXPECT_EQ(m.family, Misconception::Family::kPosition) << where;
          } else if (request->shape) {
            EXPECT_EQ(m.family, Misconception::Family::kShape) << where;
          } else {
            EXPECT_NE(m.family, Misconception::Family::kPosition) << where;
          }
          // Its first noun is the part's own quantity (the roles exercise names arrays).
          std::set<std::string> own = roles ? std::set<std::string>{"array"} : kOwnNouns.at(quantity);
          for (const std::string& explanation : {m.explanation, m.without_values}) {
            if (explanation.empty()) continue;
            auto known = first_nouns.find(explanation);
            if (known == first_nouns.end()) {
              std::smatch first;
              std::string noun = std::regex_search(explanation, first, nouns) ? first[1].str() : "";
              for (char& c : noun) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
              known = first_nouns.emplace(explanation, noun).first;
            }
            EXPECT_TRUE(own.count(known->second)) << where << " (first speaks of '" << known->second << "')";
          }
          if (::testing::Test::HasFailure()) return;
        }
      }
    }
  }
  EXPECT_GE(tags.size(), 30u);
  EXPECT_GE(checked, 10000u);
  std::printf("%zu named mistakes checked, %zu tags\n", checked, tags.size());
}

}  // namespace
}  // namespace attn
