// The keys of an exercise file, level by level; anything else is named and refused.
#include "exercises/exercise_keys.h"

#include <set>
#include <string>

#include "exercises/file_limits.h"

namespace attn {
namespace {

using Keys = std::set<std::string>;

// Where a list of keys is given in a refusal: "it takes a, b, c".
std::string Listed(const Keys& keys) {
  std::string out;
  for (const auto& key : keys) out += (out.empty() ? "" : ", ") + key;
  return out;
}

Status CheckObject(const Json& object, const Keys& keys, const std::string& where) {
  if (!object.is_object()) return Status(ErrorCode::kInvalidInput, where + " is not an object");
  for (const auto& item : object.items()) {
    if (keys.count(item.key())) continue;
    return Status(ErrorCode::kInvalidInput,
                  where + " has no key '" + Excerpt(item.key()) + "' (a misspelling?); it takes " + Listed(keys));
  }
  return Status();
}

// Each list of objects under `key`, every entry checked; entries are named by their "name" (or
// "tag", "part") where they have one, by their place otherwise.
Status CheckEach(const Json& exercise, const std::string& key, const Keys& keys, const std::string& noun) {
  if (!exercise.contains(key)) return Status();
  const Json& list = exercise[key];
  if (!list.is_array()) return Status(ErrorCode::kInvalidInput, "the exercise's \"" + key + "\" is not a list");
  for (size_t i = 0; i < list.size(); ++i) {
    std::string where = noun + " " + std::to_string(i + 1);
    for (const char* label : {"name", "tag"}) {
      if (list[i].is_object() && list[i].contains(label) && list[i][label].is_string()) {
        where = noun + " '" + Excerpt(list[i][label].get<std::string>()) + "'";
        break;
      }
    }
    ATTN_RETURN_IF_ERROR(CheckObject(list[i], keys, where));
  }
  return Status();
}

}  // namespace

Status CheckKeys(const Json& exercise) {
  static const Keys kExercise = {
      "id",      "chapter",        "order",           "title",        "intro",   "numbers",  "inputs",  "draw",
      "symbols", "steps",          "mistakes",        "working",      "parts",   "premises", "require", "conditions",
      "tables",  "explain",        "reference_notes", "checklist",    "figures", "model",    "lab",     "demo",
      "batch",   "position_words", "variant_titles",  "shows_inputs", "tests",   "seed"};
  static const Keys kPart = {"name",        "heading", "step",          "prompt",        "hint",
                             "placeholder", "exact",   "leading_order", "same_value_as", "options"};
  static const Keys kMistake = {"tag", "because", "input", "becomes", "step", "as", "names_positions"};
  static const Keys kWritten = {"name", "part", "prompt", "checklist", "reference_notes"};
  static const Keys kTable = {"caption", "row_header", "columns", "rows"};
  static const Keys kTest = {"part", "answer", "expect", "seeds", "earlier"};
  static const Keys kWorking = {"kind", "step"};
  ATTN_RETURN_IF_ERROR(CheckObject(exercise, kExercise, "the exercise"));
  ATTN_RETURN_IF_ERROR(CheckEach(exercise, "parts", kPart, "the part"));
  ATTN_RETURN_IF_ERROR(CheckEach(exercise, "mistakes", kMistake, "the mistake"));
  ATTN_RETURN_IF_ERROR(CheckEach(exercise, "explain", kWritten, "the written item"));
  ATTN_RETURN_IF_ERROR(CheckEach(exercise, "tables", kTable, "the table"));
  ATTN_RETURN_IF_ERROR(CheckEach(exercise, "tests", kTest, "the test"));
  if (exercise.contains("working")) ATTN_RETURN_IF_ERROR(CheckObject(exercise["working"], kWorking, "the working"));
  return Status();
}

}  // namespace attn
