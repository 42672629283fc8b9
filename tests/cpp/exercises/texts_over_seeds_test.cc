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

// The top-level items of a list input as written: "[[1, 2], [3, 4]]" -> "[1, 2]", "[3, 4]".
std::vector<std::string> ItemsOfInput(const Json& exercise, const std::string& key) {
  std::vector<std::string> items;
  std::string item;
  int depth = 0;
  for (char ch : exercise["inputs"][key].get<std::string>()) {
    if (ch == '[' && ++depth == 1) continue;
    if (ch == ']' && --depth == 0) {
      items.push_back(item);
      break;
    }
    if (depth == 1 && ch == ',') {
      items.push_back(item);
      item.clear();
      continue;
    }
    if (depth >= 1) item += ch;
  }
  for (auto& x : items) {
    size_t first = x.find_first_not_of(' '), last = x.find_last_not_of(' ');
    x = first == std::string::npos ? "" : x.substr(first, last - first + 1);
  }
  return items;
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

// The position of the unique largest of exact numbers, or -1 where it is tied.
int UniqueLargest(const std::vector<Exact>& xs) {
  size_t best = 0;
  for (size_t i = 1; i < xs.size(); ++i)
    if (SignOf(xs[i] - xs[best]) > 0) best = i;
  return std::count(xs.begin(), xs.end(), xs[best]) == 1 ? static_cast<int>(best) : -1;
}

// Dot products of a query with each key row, exactly.
std::vector<Exact> DotScores(const Vec<Exact>& query, const Mat<Exact>& keys) {
  std::vector<Exact> out;
  for (Eigen::Index s = 0; s < keys.rows(); ++s) {
    Exact score = 0;
    for (Eigen::Index j = 0; j < keys.cols(); ++j) score += query(j) * keys(s, j);
    out.push_back(score);
  }
  return out;
}

// Every rendered text of the exercise (intro, notes, checklists, prompts, hints, options), in one list.
std::vector<std::pair<std::string, std::string>> AllStrings(const std::string& id, const Json& rendered) {
  std::vector<std::pair<std::string, std::string>> strings;
  StringsIn(rendered, id, strings);
  return strings;
}

// Issue 41's false sentences and give-aways, each claim held to its condition at every seed: a
// hint written from the readout's own coefficients, a "new" query that is new, a decoder of
// more than one step where the texts say steps, a ragged batch that is ragged, two queries
// that favour different keys, no intro naming what a part asks for, the companion's-numbers
// sentence only where the page does not already say so, and every part headed in words.
TEST(TextsOverSeeds, Issue41SentencesHoldAndGiveNothingAway) {
  size_t checked = 0;
  for (const auto& [id, text] : Exercises()) {
    const Json original = Json::parse(text);
    const uint32_t seeds = HasDraws(original) ? PropertySeeds(1001) : 1;
    for (const auto& part : original.value("parts", Json::array())) {
      const std::string heading = part.value("heading", "");
      EXPECT_FALSE(heading.empty()) << id << ": part " << part["name"] << " has no heading";
      EXPECT_EQ(heading.find('_'), std::string::npos) << id << ": " << heading;
      EXPECT_EQ(heading.find("{{"), std::string::npos) << id << ": a heading is not rendered: " << heading;
    }
    for (uint32_t seed = 0; seed < seeds; ++seed) {
      auto computed = Computed::Of(original, seed);
      ASSERT_TRUE(computed.ok()) << id << " seed " << seed << ": " << computed.status().message();
      Computed& c = computed.value();
      const Json& variant = c.exercise();
      auto rendered = RenderTexts(c);
      ASSERT_TRUE(rendered.ok()) << id << " seed " << seed << ": " << rendered.status().message();
      const std::string where = id + " seed " + std::to_string(seed);
      const std::string intro = rendered->value("intro", "");
      auto hint_of = [&](const std::string& name) { return PartNamed(*rendered, name).value("hint", ""); };
      for (const auto& [at, words] : AllStrings(id, *rendered)) {
        // The decimal rule is the page's, stated once beside the parts.
        EXPECT_EQ(words.find("significant figures"), std::string::npos) << where << " (" << at << "): " << words;
        // "Chosen for this companion" only at the exercise's own numbers (a variant's page says
        // its numbers are not the chapter's) and never of Exercise 19.13's widths, which are.
        if (words.find("chosen for this companion") != std::string::npos) {
          EXPECT_EQ(seed, 0u) << where << " (" << at << ")";
          EXPECT_TRUE(id != "ch19.ex13" || words.find("widths") == std::string::npos ||
                      words.find("The entries") != std::string::npos)
              << words;
        }
        ++checked;
      }
      if (id == "ch14.example3") {
        // The readout hint names the readout's own coefficients, and its formula.
        auto readout = ItemsOfInput(variant, "readout");
        const std::string hint = hint_of("readout");
        EXPECT_NE(hint.find("coefficients, " + readout[0] + " and " + readout[1] + ":"), std::string::npos)
            << where << ": " << hint;
        EXPECT_EQ(hint.find("twice"), std::string::npos) << where << ": " << hint;
      }
      if (id == "ch14.example2") {
        // "Only the query changes": the new query is not the earlier one.
        EXPECT_FALSE(Vector(variant, "query") == Vector(variant, "earlier_query")) << where << ": " << intro;
      }
      if (id == "ch14.cost" || id == "ch14.ex5") {
        // "target steps", "each waiting for the one before": more than one step.
        auto steps = ExactVectorFromText("[" + variant["inputs"]["target_steps"].get<std::string>() + "]", "t");
        ASSERT_TRUE(steps.ok());
        EXPECT_GT((*steps)(0).to_double(), 1.0) << where;
        for (const auto& [at, words] : AllStrings(id, *rendered))
          EXPECT_FALSE(std::regex_search(words, std::regex("\\b1 target steps|\\b1 reads\\b")))
              << where << ": " << words;
      }
      if (id == "ch19.ex9" || id == "ch19.ex10" || id == "ch19.ex21") {
        // "A ragged batch", "padded positions", "rows of different lengths".
        Vec<Exact> lengths = Vector(variant, "lengths");
        const Exact S(static_cast<int64_t>(std::stoll(variant["inputs"]["S"].get<std::string>())));
        bool ragged = false, padded = false;
        for (Eigen::Index i = 0; i < lengths.size(); ++i) {
          ragged = ragged || !(lengths(i) == lengths(0));
          padded = padded || SignOf(S - lengths(i)) > 0;
        }
        EXPECT_TRUE(ragged) << where << ": the lengths are all equal";
        EXPECT_TRUE(padded) << where << ": nothing is padded";
      }
      if (id == "ch19.ex18") {
        // "The two queries are chosen so that their scores rank the keys differently": each has
        // one favourite key, and they are not the same key.
        auto keys = ExactMatrixFromText(variant["inputs"]["keys"], "keys");
        ASSERT_TRUE(keys.ok());
        int first = UniqueLargest(DotScores(Vector(variant, "query"), *keys));
        int second = UniqueLargest(DotScores(Vector(variant, "query_2"), *keys));
        EXPECT_GE(first, 0) << where;
        EXPECT_GE(second, 0) << where;
        EXPECT_NE(first, second) << where << ": both queries favour key " << first + 1;
        // The control the notes propose can be built: a shift of the keys, not of the query.
        EXPECT_EQ(std::string((*rendered)["explain"][0]["reference_notes"]).find("differs from the first by a vector"),
                  std::string::npos);
      }
      if (id == "ch19.ex1") {
        // The parts ask which letter shows the query, the keys and the values: the intro names none.
        for (const char* input : {"query", "keys", "values"}) {
          EXPECT_EQ(intro.find(variant["inputs"][input].get<std::string>()), std::string::npos) << where << input;
          for (const auto& item : ItemsOfInput(variant, input))
            EXPECT_EQ(intro.find(item), std::string::npos) << where << ": the intro shows " << input << " " << item;
        }
      }
      if (id == "ch19.ex14") {
        // Part 2 asks which axis: neither the intro nor a hint nor part 1's prompt names it.
        std::string told = intro + " " + hint_of("source_axis_weights") + " " + hint_of("softmax_axis") + " " +
                           PartNamed(*rendered, "source_axis_weights").value("prompt", "");
        for (const char* answer : {"source axis", "over the sources", "each row", "last axis"})
          EXPECT_EQ(told.find(answer), std::string::npos) << where << ": " << answer;
      }
      if (id == "ch19.ex4") {
        // The written item asks for the proof, and part 2 for the shifted weights: the intro and
        // hints state neither the result nor the factoring.
        std::string told = intro + " " + hint_of("weights") + " " + hint_of("shifted_weights");
        for (const char* answer : {"leaves the weights", "as they were", "times the original", "common factor",
                                   "unchanged", "cancel", "differences between"})
          EXPECT_EQ(told.find(answer), std::string::npos) << where << ": " << answer;
      }
      if (id == "ch19.ex11") {
        // The checklist accepts what the grader accepts: a uniform rule is marked incorrect.
        auto request = c.Request(PartNamed(variant, "all_masked_policy_batched"), false);
        ASSERT_TRUE(request.ok());
        EXPECT_NE(Grade("uniform", *request).kind, Verdict::Kind::kCorrect);
        for (const auto& point : (*rendered)["explain"][0]["checklist"])
          EXPECT_EQ(point.get<std::string>().find("uniform"), std::string::npos) << point;
        EXPECT_EQ(std::string((*rendered)["explain"][0]["reference_notes"]).find("under a uniform policy, assert"),
                  std::string::npos);
      }
    }
  }
  std::printf("%zu texts checked\n", checked);
  EXPECT_GT(checked, 1000u);
}

}  // namespace
}  // namespace attn
