// Every word true on every variant, over seeds 0-1000 of every exercise (issue 31): no
// placeholder is an answer to any part of its variant; a Chapter 14 text names a chapter
// example for a read only where the variant's inputs are that example's; a premise about
// "the largest" names the unique maximum, recomputed here in exact arithmetic; and each
// sentence chosen from the numbers (a title, a tie) is shown exactly where its claim holds,
// recomputed here from the inputs.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "answers/grading.h"
#include "exercises/computed.h"
#include "exercises/exercise_files.h"
#include "exercises/exercise_inputs.h"
#include "exercises/texts.h"
#include "exercises/variant_drawing.h"
#include "property_seeds.h"

namespace attn {
namespace {

// Every string in the rendered exercise (title, intro, notes, prompts, hints, options,
// checklists, premises), each with where it sits; not the figures page's links to an exercise
// ("Work Example 14.2"), which name the exercise at the chapter's numbers.
void StringsIn(const Json& value, const std::string& where, std::vector<std::pair<std::string, std::string>>& out) {
  if (value.is_string()) out.emplace_back(where, value.get<std::string>());
  if (value.is_object())
    for (const auto& [key, item] : value.items())
      if (key != "inputs" && key != "position_words" && key != "figuresPage") StringsIn(item, where + "." + key, out);
  if (value.is_array())
    for (size_t i = 0; i < value.size(); ++i) StringsIn(value[i], where + "[" + std::to_string(i) + "]", out);
}

Vec<Exact> Vector(const Json& exercise, const std::string& key) {
  auto v = ExactVectorFromText(exercise["inputs"][key].get<std::string>(), key);
  EXPECT_TRUE(v.ok()) << key;
  return v.ok() ? *v : Vec<Exact>();
}

bool SameInput(const Json& x, const Json& y, const std::string& key) {
  if (!x["inputs"].contains(key) || !y["inputs"].contains(key))
    return !x["inputs"].contains(key) == !y["inputs"].contains(key);
  if (x["inputs"][key].is_string()) {
    auto a = ExactVectorFromText(x["inputs"][key], key), b = ExactVectorFromText(y["inputs"][key], key);
    if (a.ok() && b.ok()) return a->size() == b->size() && *a == *b;
  }
  return x["inputs"][key] == y["inputs"][key];
}

// Chapter 14's worked examples at the chapter's numbers: example N's file at seed 0.
const Json& ChapterExample(int n) {
  static std::map<int, Json> examples;
  if (!examples.count(n)) examples[n] = Json::parse(Exercises().at("ch14.example" + std::to_string(n)));
  return examples[n];
}

TEST(TextsOverSeeds, PlaceholdersExamplesPremisesAndChosenSentencesHold) {
  size_t placeholders = 0, example_mentions = 0, premises = 0, chosen = 0;
  const std::regex example_name("Example 14\\.([0-9])");
  // Phrases that name an example for its stored states only, which no variant changes.
  const std::regex states_of_example(
      "(states (of|from) Example 14\\.1|Example 14\\.1's (memory|stored states)|unchanged from Example 14\\.1|"
      "stored source states of Example 14\\.1|those of Example 14\\.1)");
  for (const auto& [id, text] : Exercises()) {
    const Json original = Json::parse(text);
    const uint32_t seeds = HasDraws(original) ? PropertySeeds(1001) : 1;
    for (uint32_t seed = 0; seed < seeds; ++seed) {
      auto computed = Computed::Of(original, seed);
      ASSERT_TRUE(computed.ok()) << id << " seed " << seed << ": " << computed.status().message();
      Computed& c = computed.value();
      const Json* variant = &c.exercise();
      auto rendered = RenderTexts(c);
      ASSERT_TRUE(rendered.ok()) << id << " seed " << seed << ": " << rendered.status().message();

      // No placeholder grades correct for any part of this variant.
      std::vector<GradeRequest> requests;
      for (const auto& part : (*variant)["parts"]) {
        auto request = c.Request(part, /*with_mistakes=*/false);
        if (request.ok()) requests.push_back(*request);
      }
      for (const auto& part : (*rendered)["parts"]) {
        std::string placeholder = part.value("placeholder", "");
        if (placeholder.rfind("e.g. ", 0) != 0) continue;
        ++placeholders;
        for (const auto& request : requests)
          EXPECT_NE(Grade(placeholder.substr(5), request).kind, Verdict::Kind::kCorrect)
              << id << " seed " << seed << ": the placeholder of " << part["name"] << ", " << placeholder
              << ", is an answer";
      }

      // A Chapter 14 example is named for a read only where the inputs are that example's.
      if ((*variant)["chapter"] == 14) {
        std::vector<std::pair<std::string, std::string>> strings;
        StringsIn(*rendered, id, strings);
        for (const auto& [where, words] : strings) {
          std::string rest = words;
          for (std::smatch m; std::regex_search(rest, m, example_name); rest = m.suffix()) {
            ++example_mentions;
            const Json& example = ChapterExample(std::stoi(m[1]));
            bool same_read = SameInput(*variant, example, "query") &&
                             (!(*variant)["inputs"].contains("readout") || SameInput(*variant, example, "readout"));
            // Example 14.1's stored states: its tokens' embeddings, which no variant redraws.
            bool same_states = (*variant)["inputs"].contains("embeddings");
            for (const auto& token : ChapterExample(1)["inputs"]["source"])
              same_states = same_states && (*variant)["inputs"]["embeddings"].value(token.get<std::string>(), "") ==
                                               ChapterExample(1)["inputs"]["embeddings"][token.get<std::string>()];
            bool states_only = std::regex_search(words, states_of_example) && same_states;
            bool variant_title = where == id + ".title" && words.rfind("A variant of Example", 0) == 0;
            if (variant_title) EXPECT_FALSE(same_read && original["id"] == example["id"]) << id << " seed " << seed;
            EXPECT_TRUE(same_read || states_only || variant_title)
                << id << " seed " << seed << " (" << where << ") places this read in Example 14." << m[1] << ": "
                << words;
          }
        }
      }

      // A premise naming the position with the largest weight names the unique maximum of the
      // scores, recomputed exactly (dot products of the decimal inputs).
      for (const auto& premise : (*variant).value("premises", Json::array())) {
        if (premise.value("step", "") != "largest" || !premise.contains("is")) continue;
        ++premises;
        Vec<Exact> query = Vector(*variant, "query");
        auto keys = ExactMatrixFromText((*variant)["inputs"]["keys"], "keys");
        ASSERT_TRUE(keys.ok());
        std::vector<long double> scores;
        std::vector<Exact> exact;
        for (Eigen::Index s = 0; s < keys->rows(); ++s) {
          Exact score = 0;
          for (Eigen::Index j = 0; j < keys->cols(); ++j) score += query(j) * (*keys)(s, j);
          exact.push_back(score);
        }
        size_t best = 0, ties = 0;
        for (size_t s = 1; s < exact.size(); ++s)
          if (SignOf(exact[s] - exact[best]) > 0) best = s;
        for (const auto& score : exact) ties += score == exact[best];
        EXPECT_EQ(ties, 1u) << id << " seed " << seed << ": a tie for the largest score";
        EXPECT_EQ(std::to_string(best + 1), premise["is"].get<std::string>()) << id << " seed " << seed;
      }

      // Sentences chosen from the numbers, checked against the inputs.
      if (id == "ch14.ex1") {
        ++chosen;
        Vec<Exact> q = Vector(*variant, "query");
        std::string title = (*rendered)["title"];
        bool both = !q(0).is_zero() && !q(1).is_zero();
        EXPECT_EQ(title.find("both coordinates") != std::string::npos, both) << seed << ": " << title;
        EXPECT_EQ(title.find("first coordinate only") != std::string::npos, !q(0).is_zero() && q(1).is_zero());
        EXPECT_EQ(title.find("second coordinate only") != std::string::npos, q(0).is_zero() && !q(1).is_zero());
        EXPECT_EQ(title.find("every state alike") != std::string::npos, q(0).is_zero() && q(1).is_zero());
      }
      if (id == "ch14.example3") {
        ++chosen;
        // The stored states are [a, 0], [0, a], [0, 0]: the scores are q1 a, q2 a and 0.
        Vec<Exact> q = Vector(*variant, "query");
        std::vector<Exact> scores = {q(0), q(1), Exact(0)};
        Exact top = *std::max_element(scores.begin(), scores.end(),
                                      [](const Exact& x, const Exact& y) { return SignOf(x - y) < 0; });
        bool tie = std::count(scores.begin(), scores.end(), top) > 1;
        std::string intro = (*rendered)["intro"];
        EXPECT_EQ(intro.find("share the biggest attention weight") != std::string::npos, tie) << seed;
        EXPECT_EQ(intro.find("Does the position with the biggest") != std::string::npos, !tie) << seed;
      }
      if (id == "ch14.ex4") {
        ++chosen;
        const Json part = {{"name", "t"}, {"step", "largest_effect"}};
        auto effect = c.Request(part, false);
        ASSERT_TRUE(effect.ok());
        std::string notes = (*rendered)["explain"][0]["reference_notes"];
        EXPECT_EQ(notes.find("tie") != std::string::npos, effect->expected.positions.size() > 1) << seed;
        EXPECT_EQ(notes.find("full_stop"), std::string::npos) << "an identifier in prose";
      }
    }
  }
  std::printf("%zu placeholders, %zu mentions of a chapter example, %zu premises, %zu chosen texts checked\n",
              placeholders, example_mentions, premises, chosen);
  EXPECT_GT(placeholders, 100u * PropertySeeds(1001));
  EXPECT_GT(premises, 0u);
}

}  // namespace
}  // namespace attn
