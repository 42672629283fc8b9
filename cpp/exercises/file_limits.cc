// The limits of an exercise file (file_limits.h).
#include "exercises/file_limits.h"

#include <cmath>
#include <set>

namespace attn {
namespace {

Status Refused(const std::string& message) { return Status(ErrorCode::kInvalidInput, message); }

std::string Cut(std::string_view text, size_t most);

std::string Quoted(std::string_view text) { return "'" + Excerpt(text) + "'"; }

std::string Count(size_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// The deepest nesting of { and [ in JSON text (outside its strings), with the offset where it is
// first deeper than `most`; npos where it never is.
size_t TooDeepAt(const std::string& text, int most) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"')
      in_string = true;
    else if (c == '{' || c == '[') {
      if (++depth > most) return i;
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return std::string::npos;
}

int BracketDepth(const std::string& text) {
  int depth = 0, deepest = 0;
  for (char c : text) {
    if (c == '(' || c == '[') deepest = std::max(deepest, ++depth);
    if ((c == ')' || c == ']') && depth > 0) --depth;
  }
  return deepest;
}

// Every string under j, where a value is written in the answer language, nested at most kBrackets deep.
Status Brackets(const Json& j, const std::string& where) {
  if (j.is_string()) {
    const std::string& text = j.get_ref<const std::string&>();
    if (BracketDepth(text) > FileLimits::kBrackets)
      return Refused(where + " is nested more than " + std::to_string(FileLimits::kBrackets) +
                     " levels of brackets deep: " + Quoted(text));
    return Status();
  }
  if (j.is_structured())
    for (const auto& item : j) ATTN_RETURN_IF_ERROR(Brackets(item, where));
  return Status();
}

Status AtMost(const Json& exercise, const char* key, size_t most, const std::string& noun) {
  if (!exercise.contains(key) || !exercise[key].is_array()) return Status();
  const size_t n = exercise[key].size();
  if (n <= most) return Status();
  return Refused("the exercise has " + Count(n) + " " + noun + "; a file has at most " + Count(most) + " (" + key +
                 ")");
}

// Draws, a group's members counted, and each group's tries.
Status Draws(const Json& list, size_t& count) {
  if (!list.is_array()) return Status();
  for (const auto& spec : list) {
    if (++count > FileLimits::kDraws)
      return Refused("the exercise has more than " + Count(FileLimits::kDraws) +
                     " draws, a group's counted; a file has "
                     "at most " +
                     Count(FileLimits::kDraws) + " (draw)");
    if (!spec.is_object() || !spec.contains("group")) continue;
    if (spec.contains("tries")) {
      const Json& tries = spec["tries"];
      const double n = tries.is_number() ? tries.get<double>() : 0;
      if (n < 1 || n > static_cast<double>(FileLimits::kTries) || n != std::floor(n))
        return Refused("a draw group's \"tries\" is " + Quoted(tries.dump()) + "; it is a whole number from 1 to " +
                       Count(FileLimits::kTries) + " (tries)");
    }
    ATTN_RETURN_IF_ERROR(Draws(spec["group"], count));
  }
  return Status();
}

std::string Cut(std::string_view text, size_t most) {
  if (text.size() <= most) return std::string(text);
  size_t cut = most - 3;
  // (Not in the middle of a UTF-8 character: a continuation byte is 10xxxxxx.)
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + "\u2026";
}

}  // namespace

std::string Excerpt(std::string_view text) { return Cut(text, FileLimits::kExcerptChars); }

std::string Bounded(const std::string& message) { return Cut(message, FileLimits::kMessageChars); }

bool IsExerciseId(const std::string& id) {
  if (id.empty() || id.size() > FileLimits::kIdChars) return false;
  auto alnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  if (!alnum(id[0])) return false;
  for (char c : id)
    if (!alnum(c) && c != '.' && c != '_' && c != '-') return false;
  return true;
}

Result<Json> ReadExerciseText(const std::string& text) {
  if (text.size() > FileLimits::kChars)
    return Refused("the exercise file has " + Count(text.size()) + " bytes; a file has at most " +
                   Count(FileLimits::kChars) + " (size)");
  if (const size_t at = TooDeepAt(text, FileLimits::kDepth); at != std::string::npos)
    return Refused("the exercise file is nested more than " + std::to_string(FileLimits::kDepth) +
                   " levels deep (nesting), at " + Quoted(text.substr(at > 20 ? at - 20 : 0, 40)));
  Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return Refused("the exercise is not a JSON object");
  return j;
}

Status CheckFileLimits(const Json& exercise) {
  if (!exercise.is_object()) return Refused("the exercise is not a JSON object");
  if (exercise.contains("id")) {
    const Json& id = exercise["id"];
    if (!id.is_string() || !IsExerciseId(id.get<std::string>()))
      return Refused("the id " + Quoted(id.is_string() ? id.get<std::string>() : id.dump()) +
                     " is not of the form of an id: 1 to " + std::to_string(FileLimits::kIdChars) +
                     " small letters, digits, '.', '_' and '-', a letter or a digit first (such as "
                     "\"teacher.week3-read\")");
  }
  ATTN_RETURN_IF_ERROR(AtMost(exercise, "steps", FileLimits::kSteps, "steps"));
  ATTN_RETURN_IF_ERROR(AtMost(exercise, "parts", FileLimits::kParts, "parts"));
  ATTN_RETURN_IF_ERROR(AtMost(exercise, "explain", FileLimits::kParts, "written items"));
  ATTN_RETURN_IF_ERROR(AtMost(exercise, "mistakes", FileLimits::kMistakes, "mistakes of its own"));
  ATTN_RETURN_IF_ERROR(AtMost(exercise, "tests", FileLimits::kTests, "tests"));
  size_t draws = 0;
  if (exercise.contains("draw")) ATTN_RETURN_IF_ERROR(Draws(exercise["draw"], draws));
  std::set<std::string> names;
  for (const char* key : {"parts", "explain"}) {
    if (!exercise.contains(key) || !exercise[key].is_array()) continue;
    for (const auto& item : exercise[key]) {
      const std::string name = StringField(item, "name");
      if (!name.empty() && !names.insert(name).second)
        return Refused("two parts are named " + Quoted(name) + ": each part (and written item) has a name of its own");
    }
  }
  if (exercise.contains("inputs")) ATTN_RETURN_IF_ERROR(Brackets(exercise["inputs"], "an input"));
  if (exercise.contains("steps")) ATTN_RETURN_IF_ERROR(Brackets(exercise["steps"], "a step's argument"));
  return Status();
}

}  // namespace attn
