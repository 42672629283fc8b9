// Texts written from the numbers: placeholders are filled from the exercise's (or the
// variant's) inputs and steps, and no chapter number survives into a variant's words.
#include "exercises/texts.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <functional>
#include <set>

#include "answers/answer_parser.h"
#include "api/api.h"
#include "exercises/computed.h"
#include "exercises/exercise_files.h"

namespace attn {
namespace {

const char kExercise[] = R"({"id": "t", "numbers": "exact",
  "inputs": {"embeddings": {"color": "[a, 0]", "key": "[-a, a]", "full_stop": "[0, -a]"},
             "source": ["color", "key", "full_stop"], "query": "[1, 0]", "readout": "[1, 2]",
             "keys": "[[0.2, 0.7], [0.9, -0.2]]"},
  "steps": [{"name": "states", "op": "encode", "source": "source", "embeddings": "embeddings"},
            {"name": "scores", "op": "scores", "query": "query", "keys": "states"},
            {"name": "read", "op": "softmax", "scores": "scores"},
            {"name": "largest", "op": "largest", "of": "read.weights"}],
  "parts": [{"name": "w", "step": "read.weights"}]})";

std::string Rendered(const std::string& text, const Json& part = Json::object()) {
  auto computed = Computed::Of(Json::parse(kExercise), 0);
  if (!computed.ok()) return "error: " + computed.status().message();
  auto out = RenderText(text, computed.value(), part);
  return out.ok() ? *out : "error: " + out.status().message();
}

TEST(Texts, Placeholders) {
  EXPECT_EQ(Rendered("$q={{query}}$"), "$q=[1, 0]$");
  EXPECT_EQ(Rendered("{{keys[2]}} and {{keys[2][1]}}"), "[0.9, -0.2] and 0.9");
  EXPECT_EQ(Rendered("{{embeddings.key}} {{source[3]}}"), "[-a, a] full_stop");
  EXPECT_EQ(Rendered("$r={{readout|terms:c}}$"), "$r=c_1+2c_2$");
  EXPECT_EQ(Rendered("{{=largest}}"), "color");
  EXPECT_EQ(Rendered("{{=read.weights}}"), "[1/2, 1/4, 1/4]");
  EXPECT_EQ(Rendered("{{=read.denominator}}"), "4");
  EXPECT_EQ(Rendered("no placeholder"), "no placeholder");
  for (const char* bad : {"{{nothing}}", "{{keys[0]}}", "{{keys[3]}}", "{{query", "{{=nonsense}}", "{{readout|sum}}",
                          "{{keys[1]x}}", "{{embeddings.blue}}"}) {
    EXPECT_EQ(Rendered(bad).rfind("error: ", 0), 0u) << bad;
  }
}

// Every text field of a described exercise, rendered.
std::vector<std::string> TextsOf(const Json& described) {
  std::vector<std::string> out;
  auto add = [&](const Json& holder, const char* key) {
    if (holder.is_object() && holder.contains(key) && holder[key].is_string()) out.push_back(holder[key]);
  };
  add(described, "intro");
  add(described, "reference_notes");
  if (described.contains("checklist"))
    for (const auto& item : described["checklist"])
      if (item.is_string()) out.push_back(item);
  if (described.contains("premises"))
    for (const auto& premise : described["premises"]) add(premise, "says");
  if (described.contains("explain")) {
    for (const auto& item : described["explain"]) {
      add(item, "prompt");
      add(item, "reference_notes");
      for (const auto& point : item.value("checklist", Json::array()))
        if (point.is_string()) out.push_back(point);
    }
  }
  if (described.contains("tables")) {
    for (const auto& table : described["tables"]) {
      add(table, "caption");
      for (const auto& column : table.value("columns", Json::array()))
        if (column.is_string()) out.push_back(column);
    }
  }
  for (const auto& part : described.value("parts", Json::array())) {
    add(part, "prompt");
    add(part, "hint");
    if (part.contains("options"))
      for (const auto& option : part["options"]) add(option, "text");
  }
  return out;
}

// The numbers written in a text, as magnitudes (a sign may be typeset either way); digits
// that are a subscript or part of a name (k_1, D_k, h2) are not numbers.
void NumbersIn(const std::string& text, std::set<long long>& out) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) continue;
    char before = i ? text[i - 1] : ' ';
    bool part_of_name = std::isalpha(static_cast<unsigned char>(before)) || before == '_' || before == '\\';
    size_t j = i;
    while (j < text.size() &&
           (std::isdigit(static_cast<unsigned char>(text[j])) ||
            (text[j] == '.' && j + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[j + 1])))))
      ++j;
    if (!part_of_name && j - i < 18) out.insert(std::llround(std::stod(text.substr(i, j - i)) * 1e6));
    i = j;
  }
}

void NumbersIn(const Json& value, std::set<long long>& out) {
  if (value.is_string()) NumbersIn(value.get<std::string>(), out);
  if (value.is_number()) out.insert(std::llround(std::fabs(value.get<double>()) * 1e6));
  if (value.is_array() || value.is_object())
    for (const auto& item : value) NumbersIn(item, out);
}

// The sizes of a list input as written: its number of entries, and of each row's.
void SizesIn(const Json& value, std::set<long long>& out) {
  if (value.is_object() || value.is_array()) {
    if (value.is_array()) out.insert(static_cast<long long>(value.size()) * 1000000);
    for (const auto& item : value) SizesIn(item, out);
    return;
  }
  if (!value.is_string()) return;
  auto parsed = ParseAnswer(value.get<std::string>());
  if (!parsed.ok()) return;
  std::function<void(const Answer&)> sizes = [&](const Answer& a) {
    if (!a.is_list()) return;
    out.insert(static_cast<long long>(a.items.size()) * 1000000);
    for (const auto& item : a.items) sizes(item);
  };
  sizes(*parsed);
}

// The variant's own numbers: its inputs (the exercise's and the parts'), their sizes, and
// its working.
std::set<long long> VariantNumbers(const Json& described) {
  std::set<long long> out;
  NumbersIn(described.value("inputs", Json::object()), out);
  SizesIn(described.value("inputs", Json::object()), out);
  NumbersIn(described.value("working", Json::object()), out);
  for (const auto& part : described.value("parts", Json::array())) {
    for (const auto& [key, value] : part.items()) {
      if (key == "prompt" || key == "hint" || key == "placeholder" || key == "name" || key == "step" ||
          key == "options")
        continue;
      NumbersIn(value, out);
      SizesIn(value, out);
    }
  }
  return out;
}

TEST(Texts, EveryExerciseRendersForEverySeed) {
  for (const auto& [id, text] : Exercises()) {
    for (uint32_t seed = 0; seed <= 20; ++seed) {
      const Json described = Json::parse(DescribeExercise(text, seed));
      ASSERT_FALSE(described.contains("error")) << id << " seed " << seed << ": " << described["error"];
      for (const auto& words : TextsOf(described))
        EXPECT_EQ(words.find("{{"), std::string::npos) << id << ": " << words;
    }
  }
}

// For 20 seeds per exercise, every number in every text is one of the variant's numbers
// (its inputs or what the core computed from them) or a number the text states whatever
// the inputs (a chapter number, a count of positions, a fixed temperature): one that the
// chapter's version writes and that is none of the chapter's input or computed numbers.
TEST(Texts, NoChapterNumberSurvivesIntoAVariant) {
  for (const auto& [id, file] : Exercises()) {
    const Json chapter = Json::parse(DescribeExercise(file, 0));
    ASSERT_FALSE(chapter.contains("error")) << id << ": " << chapter.dump();
    std::set<long long> chapter_texts, chapter_numbers = VariantNumbers(chapter), structural;
    for (const auto& text : TextsOf(chapter)) NumbersIn(text, chapter_texts);
    for (long long n : chapter_texts)
      if (!chapter_numbers.count(n)) structural.insert(n);
    for (uint32_t seed = 1; seed <= 20; ++seed) {
      const Json variant = Json::parse(DescribeExercise(file, seed));
      ASSERT_FALSE(variant.contains("error")) << id << " seed " << seed << ": " << variant.dump();
      std::set<long long> allowed = VariantNumbers(variant);
      allowed.insert(structural.begin(), structural.end());
      allowed.insert({0, 1000000});  // 0 and 1: mask entries, "1 (or true)", e^0 = 1
      for (const auto& text : TextsOf(variant)) {
        std::set<long long> written;
        NumbersIn(text, written);
        for (long long n : written)
          EXPECT_TRUE(allowed.count(n)) << id << " seed " << seed << ": " << static_cast<double>(n) / 1e6
                                        << " is not a number of this variant, in: " << text;
      }
    }
  }
}

}  // namespace
}  // namespace attn
