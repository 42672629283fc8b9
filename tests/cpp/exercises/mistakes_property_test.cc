// The named mistakes, as a property over 1,000 seeds: every explanation speaks first of the
// quantity its part asks for ("your weights come from ...", "your entropies are in bits"),
// never of another one, and no mistake is offered for a kind of part it cannot produce: an
// arithmetic mistake is never named for a position, an option or a shape.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>

#include "exercises/computed.h"
#include "exercises/exercise_files.h"
#include "exercises/operation.h"
#include "exercises/variant_drawing.h"
#include "property_seeds.h"

namespace attn {
namespace {

using Json = nlohmann::json;

// Nouns an explanation may open with besides the part's own (NounOf): a yes/no about a point
// speaks of the point, the roles exercise of the array a letter shows.
const std::map<std::string, std::string> kAlso = {{"in_hull", "point"}, {"letters", "array"}};

// Every noun an explanation can speak of, longest first so that "masked mass" is found before
// "mass" would be.
std::regex NounPattern() {
  std::set<std::string, bool (*)(const std::string&, const std::string&)> nouns(
      [](const std::string& x, const std::string& y) { return x.size() != y.size() ? x.size() > y.size() : x < y; });
  for (const Operation* op : Operations()) {
    for (const FieldSpec& field : op->fields) {
      nouns.insert(field.noun);
      if (field.list_noun) nouns.insert(field.list_noun);
    }
  }
  for (const char* more : {"array", "weight", "score", "exponential", "state", "mass", "entropy", "position", "count",
                           "sum", "value", "values", "keys", "point", "policy", "axis", "byte count", "order"})
    nouns.insert(more);
  std::string alternatives;
  for (const auto& noun : nouns) alternatives += (alternatives.empty() ? "" : "|") + noun;
  return std::regex("\\b(" + alternatives + ")\\b", std::regex::icase);
}

// The claims an explanation makes about its variant's numbers hold there: the count of positions
// and the sum it names, negative weights, the temperature.
void CheckClaims(Computed& c, const Json& part, const Misconception& m, const std::string& where) {
  const std::vector<MistakeOrigin> origins = c.Origins(part);
  auto request = c.Request(part, true);
  size_t index = 0;
  while (index < request->misconceptions.size() && &request->misconceptions[index] != &m &&
         !(request->misconceptions[index].tag == m.tag && request->misconceptions[index].explanation == m.explanation))
    ++index;
  if (index >= origins.size() || origins[index].step.empty()) return;
  auto ref = c.computation().Resolve(origins[index].step);
  if (!ref.ok()) return;
  const Value& right = c.values()[ref->step];
  static const std::regex count_and_sum(
      R"(number of positions, (\d+), instead of by the sum of the exponentials, ([^.]+(\.\d+)?)\.)");
  std::smatch found;
  if (std::regex_search(m.explanation, found, count_and_sum)) {
    const Value& weights = *right.Field("weights");
    long eligible = 0;
    for (Eigen::Index s = 0; s < weights.rows(); ++s) eligible += weights.Eligible(0, s);
    EXPECT_EQ(std::stol(found[1]), eligible) << where;
    const Quantity total = right.Field("denominator")->ToQuantity();
    const std::string said = total.ExactText().empty() ? total.DecimalText() : total.ExactText();
    EXPECT_EQ(found[2].str(), said) << where;
  }
  if (m.explanation.find("some weights negative") != std::string::npos) {
    // The softmax done without its exponential, here (a derived mistake, mutations/operators.cc).
    StepContext context = c.computation().ContextFor(ref->step, c.values(), c.seed());
    context.dial = Dial::kExpAsIdentity;
    auto wrong = c.computation().steps()[ref->step].op->apply(context, {});
    if (!wrong.ok()) {
      for (auto& [name, value] : context.args) (void)name, (void)value;
    }
    ASSERT_TRUE(wrong.ok()) << where;
    const Value* w = wrong->Field("weights");
    EXPECT_TRUE(w && (w->approx.array() < 0).any()) << where;
  }
  static const std::regex temperature(R"(by the temperature ([0-9.]+)\.)");
  if (std::regex_search(m.explanation, found, temperature)) {
    const StepContext context = c.computation().ContextFor(ref->step, c.values(), c.seed());
    const Value* t = context.Arg("temperature");
    ASSERT_NE(t, nullptr) << where;
    EXPECT_EQ(found[1].str(), t->ToQuantity().DecimalText()) << where;
  }
}

TEST(MistakesProperty, EachSpeaksOfItsPartsOwnQuantityAndFitsItsKindOfPart) {
  const std::regex nouns = NounPattern();
  size_t checked = 0;
  std::set<std::string> tags;
  std::map<std::string, std::string> first_nouns;  // explanation -> the first noun it speaks of
  for (const auto& [id, text] : Exercises()) {
    Json exercise = Json::parse(text);
    uint32_t seeds = HasDraws(exercise) ? PropertySeeds(1000) : 1;
    for (uint32_t seed = 0; seed < seeds; ++seed) {
      auto computed = Computed::Of(exercise, seed);
      ASSERT_TRUE(computed.ok()) << id << " " << seed;
      Computed& c = computed.value();
      for (const auto& part : c.exercise()["parts"]) {
        auto ref = c.PartStep(part);
        ASSERT_TRUE(ref.ok()) << id << " " << part["name"];
        const std::string op = c.computation().steps()[ref->step].op->name;
        auto request = c.Request(part, true);
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
          // Its first noun is the part's own quantity.
          std::set<std::string> own = {NounOf(c.computation(), c.values(), *ref).word};
          if (kAlso.count(op)) own.insert(kAlso.at(op));
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
          // Never named where it gives the right value.
          if (m.value) EXPECT_FALSE(m.value->SameAs(request->expected)) << where;
          CheckClaims(c, part, m, where);
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
