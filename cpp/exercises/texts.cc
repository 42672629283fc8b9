// Placeholders in exercise texts, filled from the inputs as written or from the model.
#include "exercises/texts.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "answers/answer_parser.h"
#include "exercises/computed.h"
#include "exercises/variant_drawing.h"

namespace attn {
namespace {

Status Unfilled(const std::string& name, const std::string& why) {
  return Status(ErrorCode::kInvalidInput, "the text names {{" + name + "}}, " + why);
}

// The top-level items of a bracketed list as written: "[[1, 2], [3, 4]]" -> "[1, 2]", "[3, 4]".
Result<std::vector<std::string>> ItemsOf(const std::string& text) {
  size_t start = text.find_first_not_of(" \t");
  size_t end = text.find_last_not_of(" \t");
  if (start == std::string::npos || text[start] != '[' || text[end] != ']') {
    return Status(ErrorCode::kInvalidInput, "'" + text + "' is not a list");
  }
  std::vector<std::string> items;
  int depth = 0;
  std::string item;
  for (size_t i = start + 1; i < end; ++i) {
    char c = text[i];
    if (c == '[') ++depth;
    if (c == ']') --depth;
    if (c == ',' && depth == 0) {
      items.push_back(item);
      item.clear();
      continue;
    }
    item += c;
  }
  if (!item.empty() || !items.empty()) items.push_back(item);
  for (auto& x : items) {
    size_t a = x.find_first_not_of(" \t"), b = x.find_last_not_of(" \t");
    x = a == std::string::npos ? "" : x.substr(a, b - a + 1);
  }
  return items;
}

// "keys[2][1]" -> name "keys", indexes {2, 1}; "embeddings.key" -> name "embeddings", key "key".
struct Path {
  std::string name, key;
  std::vector<size_t> indexes;
};

Result<Path> PathOf(const std::string& spec) {
  Path path;
  size_t i = 0;
  auto word = [&](std::string& out) {
    while (i < spec.size() && (std::isalnum(static_cast<unsigned char>(spec[i])) || spec[i] == '_')) out += spec[i++];
  };
  word(path.name);
  if (i < spec.size() && spec[i] == '.') {
    ++i;
    word(path.key);
  }
  while (i < spec.size() && spec[i] == '[') {
    size_t close = spec.find(']', i);
    if (close == std::string::npos || close == i + 1 || close - i > 4) return Unfilled(spec, "which is not a path");
    size_t n = 0;
    for (size_t j = i + 1; j < close; ++j) {
      if (!std::isdigit(static_cast<unsigned char>(spec[j]))) return Unfilled(spec, "which is not a path");
      n = n * 10 + static_cast<size_t>(spec[j] - '0');
    }
    if (n == 0) return Unfilled(spec, "but positions count from 1");
    path.indexes.push_back(n);
    i = close + 1;
  }
  if (path.name.empty() || i != spec.size()) return Unfilled(spec, "which is not a path");
  return path;
}

Result<std::string> InputAt(const std::string& spec, const Json& exercise, const Json& part) {
  ATTN_ASSIGN_OR_RETURN(path, PathOf(spec));
  const Json* holder = nullptr;
  if (part.is_object() && part.contains(path.name))
    holder = &part[path.name];
  else if (exercise.contains("inputs") && exercise["inputs"].is_object() && exercise["inputs"].contains(path.name))
    holder = &exercise["inputs"][path.name];
  if (!holder) return Unfilled(spec, "but the exercise has no such input");
  Json value = *holder;
  if (!path.key.empty()) {
    if (!value.is_object() || !value.contains(path.key)) return Unfilled(spec, "but the input has no such entry");
    value = value[path.key];
  }
  for (size_t n : path.indexes) {
    if (value.is_array()) {
      if (n > value.size()) return Unfilled(spec, "but the list is shorter");
      value = value[n - 1];
      continue;
    }
    if (!value.is_string()) return Unfilled(spec, "but that input is not a list");
    ATTN_ASSIGN_OR_RETURN(items, ItemsOf(value.get<std::string>()));
    if (n > items.size()) return Unfilled(spec, "but the list is shorter");
    value = items[n - 1];
  }
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number() || value.is_boolean()) return value.dump();
  return Unfilled(spec, "but that input is not written as text");
}

Result<std::string> ComputedText(const std::string& ref, Computed& computed) {
  auto value = computed.ValueNamed(ref);
  if (!value.ok()) return Unfilled("=" + ref, "which the exercise does not compute: " + value.status().message());
  const Quantity q = value->ToQuantity();
  if (q.kind == Quantity::Kind::kPosition) {
    std::string out;
    // A position's label as a word in prose: "full_stop" is "full stop".
    for (size_t i = 0; i < q.positions.size(); ++i) {
      std::string word = q.positions[i];
      std::replace(word.begin(), word.end(), '_', ' ');
      out += (i ? " and " : "") + word;
    }
    return out;
  }
  std::string exact = q.ExactText();
  return exact.empty() ? q.DecimalText() : exact;
}

// A list of coefficients as a linear combination in LaTeX: [1, 2] with "c" -> c_1+2c_2,
// [3, -1] -> 3c_1-c_2; zero terms are left out.
Result<std::string> Terms(const std::string& list, const std::string& symbol) {
  ATTN_ASSIGN_OR_RETURN(items, ItemsOf(list));
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    std::string k = items[i];
    if (k == "0") continue;
    bool negative = !k.empty() && k[0] == '-';
    if (negative) k = k.substr(1);
    if (k == "1") k.clear();
    out += negative ? "-" : (out.empty() ? "" : "+");
    out += k + symbol + "_" + std::to_string(i + 1);
  }
  return out.empty() ? std::string("0") : out;
}

// Two texts that read as the same values (exactly: "[1, 0]" and "(1, 0.0)").
bool SameValues(const Answer& x, const Answer& y) {
  if (x.kind != y.kind || x.evaluated || y.evaluated) return false;
  if (x.kind == Answer::Kind::kWord) return x.word == y.word;
  if (x.kind == Answer::Kind::kNumber) return x.value == y.value;
  if (x.items.size() != y.items.size()) return false;
  for (size_t i = 0; i < x.items.size(); ++i)
    if (!SameValues(x.items[i], y.items[i])) return false;
  return true;
}

// Whether an input, as written, reads as the given text's values.
Result<bool> InputIs(const std::string& spec, const std::string& text, const Json& exercise) {
  ATTN_ASSIGN_OR_RETURN(input, InputAt(spec, exercise, Json::object()));
  auto written = ParseAnswer(input), given = ParseAnswer(text);
  if (!written.ok() || !given.ok()) return input == text;  // words (token names) compare as written
  return SameValues(*written, *given);
}

}  // namespace

Result<bool> ConditionHolds(const Json& condition, Computed& computed) {
  const Json& exercise = computed.exercise();
  if (condition.is_array()) {
    for (const auto& each : condition) {
      ATTN_ASSIGN_OR_RETURN(holds, ConditionHolds(each, computed));
      if (!holds) return false;
    }
    return true;
  }
  if (!condition.is_object()) return Status(ErrorCode::kInvalidInput, "a condition is not an object");
  for (const auto& [key, value] : condition.items()) {
    static const std::set<std::string> kKeys = {"input", "step",     "is",      "is_not", "differs_from",
                                                "tied",  "at_least", "at_most", "says"};
    if (!kKeys.count(key))
      return Status(ErrorCode::kInvalidInput, "a condition has no key '" + key +
                                                  "' (it takes input or step, is, "
                                                  "is_not, differs_from, tied, at_least, at_most)");
  }
  if (condition.contains("input")) {
    const std::string spec = StringField(condition, "input");
    bool holds = true;
    if (condition.contains("is")) {
      ATTN_ASSIGN_OR_RETURN(is, InputIs(spec, StringField(condition, "is"), exercise));
      holds = is;
    }
    if (condition.contains("is_not")) {
      ATTN_ASSIGN_OR_RETURN(is, InputIs(spec, StringField(condition, "is_not"), exercise));
      holds = holds && !is;
    }
    return holds;
  }
  if (!condition.contains("step")) return Status(ErrorCode::kInvalidInput, "a condition names an input or a step");
  auto request_for = [&](const std::string& ref) {
    const Json part = {{"name", "condition " + ref}, {"step", ref}};
    return computed.Request(part, /*with_mistakes=*/false);
  };
  const std::string ref = StringField(condition, "step");
  ATTN_ASSIGN_OR_RETURN(request, request_for(ref));
  const Quantity& q = request.expected;
  const size_t count = q.positions.size();
  bool holds = true;
  // A condition that names one position ("is": "2") needs it to be the only one unless it asks
  // about a tie: a tie is compared exactly, and a text naming one position would name only one
  // of several.
  if (condition.contains("tied")) {
    if (!condition["tied"].is_boolean()) return Status(ErrorCode::kInvalidInput, "tied is true or false");
    holds = (count > 1) == condition["tied"].get<bool>();
  } else if (q.kind == Quantity::Kind::kPosition && !q.all_required && condition.contains("is") && count > 1) {
    holds = false;
  }
  if (condition.contains("is"))
    holds = holds && Grade(StringField(condition, "is"), request).kind == Verdict::Kind::kCorrect;
  if (condition.contains("is_not"))
    holds = holds && Grade(StringField(condition, "is_not"), request).kind != Verdict::Kind::kCorrect;
  if (condition.contains("differs_from")) {
    ATTN_ASSIGN_OR_RETURN(other, request_for(StringField(condition, "differs_from")));
    holds = holds && !q.SameAs(other.expected);
  }
  for (const char* bound : {"at_least", "at_most"}) {
    if (!condition.contains(bound)) continue;
    if (q.kind != Quantity::Kind::kNumber)
      return Status(ErrorCode::kInvalidInput, std::string(bound) + " needs one number");
    auto limit =
        ParseAnswer(condition[bound].is_string() ? condition[bound].get<std::string>() : condition[bound].dump());
    if (!limit.ok() || limit->is_list())
      return Status(ErrorCode::kInvalidInput, std::string(bound) + " needs a number");
    const double x = q.approx, l = static_cast<double>(limit->Value().value_or(0));
    holds = holds && (std::string(bound) == "at_least" ? x >= l : x <= l);
  }
  return holds;
}

namespace {

// The text with each conditional passage kept or dropped: {{?name}}...{{/?}} stays when the
// exercise's condition "name" holds, {{?!name}}...{{/?}} when it does not.
Result<std::string> Conditional(const std::string& text, Computed& computed) {
  const Json& exercise = computed.exercise();
  std::string out;
  size_t at = 0;
  while (true) {
    size_t open = text.find("{{?", at);
    if (open == std::string::npos) break;
    size_t close = text.find("}}", open);
    size_t end = text.find("{{/?}}", open);
    if (close == std::string::npos || end == std::string::npos || end < close)
      return Status(ErrorCode::kInvalidInput, "a text has '{{?' without its '}}' and '{{/?}}'");
    std::string name = text.substr(open + 3, close - open - 3);
    bool negated = !name.empty() && name[0] == '!';
    if (negated) name.erase(0, 1);
    const Json conditions = exercise.value("conditions", Json::object());
    bool holds = false;
    if (conditions.is_object() && conditions.contains(name)) {
      ATTN_ASSIGN_OR_RETURN(declared, ConditionHolds(conditions[name], computed));
      holds = declared;
    } else if (name == "variant") {
      // Numbers drawn from a seed, not the exercise's own (the page says so beside them).
      holds = computed.seed() != 0 && HasDraws(exercise);
    } else {
      return Unfilled("?" + name, "but the exercise declares no such condition");
    }
    out += text.substr(at, open - at);
    if (holds != negated) out += text.substr(close + 2, end - close - 2);
    at = end + 6;
  }
  return out + text.substr(at);
}

}  // namespace

Result<std::string> RenderText(const std::string& given, Computed& computed, const Json& part) {
  const Json& exercise = computed.exercise();
  ATTN_ASSIGN_OR_RETURN(text, Conditional(given, computed));
  std::string out;
  size_t at = 0;
  while (true) {
    size_t open = text.find("{{", at);
    if (open == std::string::npos) break;
    size_t close = text.find("}}", open + 2);
    if (close == std::string::npos) return Status(ErrorCode::kInvalidInput, "a text has '{{' without '}}'");
    out += text.substr(at, open - at);
    std::string spec = text.substr(open + 2, close - open - 2);
    std::string filter;
    if (size_t bar = spec.find('|'); bar != std::string::npos) {
      filter = spec.substr(bar + 1);
      spec = spec.substr(0, bar);
    }
    if (!filter.empty()) {
      if (filter.rfind("terms:", 0) != 0 || filter.size() == 6) return Unfilled(spec + "|" + filter, "an unknown form");
      ATTN_ASSIGN_OR_RETURN(value, InputAt(spec, exercise, part));
      ATTN_ASSIGN_OR_RETURN(terms, Terms(value, filter.substr(6)));
      out += terms;
    } else if (!spec.empty() && spec[0] == '=') {
      ATTN_ASSIGN_OR_RETURN(value, ComputedText(spec.substr(1), computed));
      out += value;
    } else {
      ATTN_ASSIGN_OR_RETURN(value, InputAt(spec, exercise, part));
      out += value;
    }
    at = close + 2;
  }
  return out + text.substr(at);
}

namespace {

// The placeholder's example with the last digit of one of its numbers moved up by k (the
// first number, else the last), or of every number: "e.g. 6" -> "e.g. 7", "3a/5" -> "4a/5".
enum class Which { kFirst, kLast, kEvery };
std::string Shifted(const std::string& text, int k, Which which) {
  std::vector<size_t> last_digits;
  for (size_t i = 0; i < text.size(); ++i)
    if (std::isdigit(static_cast<unsigned char>(text[i])) &&
        (i + 1 == text.size() || !std::isdigit(static_cast<unsigned char>(text[i + 1]))))
      last_digits.push_back(i);
  std::string out = text;
  for (size_t n = 0; n < last_digits.size(); ++n) {
    bool chosen = which == Which::kEvery || (which == Which::kFirst ? n == 0 : n + 1 == last_digits.size());
    if (chosen) out[last_digits[n]] = static_cast<char>('0' + (out[last_digits[n]] - '0' + k) % 10);
  }
  return out;
}

}  // namespace

// A placeholder shows the form of an answer, never an answer: an example that grades correct
// for any part of this variant is replaced by the same form with other digits (the first
// that is readable and correct for no part), or dropped when none is found.
Status PlaceholdersThatGiveNothingAway(Json& rendered, Computed& computed) {
  std::vector<const GradeRequest*> requests;
  for (const auto& part : computed.exercise().value("parts", Json::array())) {
    const auto& request = computed.Request(part, /*with_mistakes=*/false);
    if (request.ok()) requests.push_back(&*request);
  }
  // (Parts often share an example's form: each example is tried once.)
  std::map<std::string, bool> tried;
  auto gives_away = [&](const std::string& example) {
    if (auto found = tried.find(example); found != tried.end()) return found->second;
    bool answers = std::any_of(requests.begin(), requests.end(), [&](const GradeRequest* request) {
      return Grade(example, *request).kind == Verdict::Kind::kCorrect;
    });
    return tried[example] = answers;
  };
  for (auto& part : rendered["parts"]) {
    if (!part.contains("placeholder") || !part["placeholder"].is_string()) continue;
    const std::string placeholder = part["placeholder"];
    const std::string prefix = placeholder.rfind("e.g. ", 0) == 0 ? "e.g. " : "";
    const std::string example = placeholder.substr(prefix.size());
    if (prefix.empty() || !gives_away(example)) continue;
    // First a form in lowest terms (read back as written, so not "6a/6"), then any readable one.
    std::string chosen;
    for (bool lowest_terms : {true, false}) {
      for (Which which : {Which::kFirst, Which::kLast, Which::kEvery}) {
        for (int k = 1; k <= 9 && chosen.empty(); ++k) {
          std::string other = Shifted(example, k, which);
          auto read = ParseAnswer(other);
          if (read.ok() && (!lowest_terms || read->ReadAs() == other) && !gives_away(other)) chosen = other;
        }
      }
    }
    if (chosen.empty()) {
      part.erase("placeholder");
    } else {
      part["placeholder"] = prefix + chosen;
    }
  }
  return Status();
}

Result<Json> RenderTexts(Computed& computed) {
  const Json& exercise = computed.exercise();
  Json out = exercise;
  auto render = [&](Json& holder, const char* key, const Json& part) -> Status {
    if (!holder.is_object() || !holder.contains(key) || !holder[key].is_string()) return Status();
    ATTN_ASSIGN_OR_RETURN(text, RenderText(holder[key].get<std::string>(), computed, part));
    holder[key] = text;
    return Status();
  };
  auto render_checklist = [&](Json& holder, const Json& part) -> Status {
    if (!holder.contains("checklist") || !holder["checklist"].is_array()) return Status();
    for (auto& point : holder["checklist"]) {
      if (!point.is_string()) continue;
      ATTN_ASSIGN_OR_RETURN(text, RenderText(point.get<std::string>(), computed, part));
      point = text;
    }
    return Status();
  };
  const Json none = Json::object();
  // A title chosen from the numbers: the first of "variant_titles" whose condition holds
  // ("A variant of Example 14.1" where the query is not the example's), else the title.
  for (const auto& alternative : exercise.value("variant_titles", Json::array())) {
    ATTN_ASSIGN_OR_RETURN(holds, ConditionHolds(alternative.value("when", Json::object()), computed));
    if (holds) {
      out["title"] = StringField(alternative, "title");
      break;
    }
  }
  out.erase("variant_titles");
  for (const char* key : {"title", "intro", "reference_notes"}) ATTN_RETURN_IF_ERROR(render(out, key, none));
  ATTN_RETURN_IF_ERROR(render_checklist(out, none));
  // An explain item (the written half of an exercise) is rendered against the part it
  // discusses, when it names one ("part"), so it can state that part's computed numbers.
  if (out.contains("explain") && out["explain"].is_array()) {
    for (auto& item : out["explain"]) {
      Json about = none;
      if (std::string name = StringField(item, "part"); !name.empty()) {
        for (const auto& part : exercise.value("parts", Json::array()))
          if (StringField(part, "name") == name) about = part;
        if (about == none) return Status(ErrorCode::kInvalidInput, "an explain item names no part '" + name + "'");
      }
      for (const char* key : {"prompt", "reference_notes"}) ATTN_RETURN_IF_ERROR(render(item, key, about));
      ATTN_RETURN_IF_ERROR(render_checklist(item, about));
    }
  }
  if (out.contains("premises") && out["premises"].is_array())
    for (auto& premise : out["premises"]) ATTN_RETURN_IF_ERROR(render(premise, "says", none));
  if (out.contains("parts") && out["parts"].is_array()) {
    for (size_t i = 0; i < out["parts"].size(); ++i) {
      Json& part = out["parts"][i];
      const Json& original = exercise["parts"][i];
      for (const char* key : {"prompt", "hint", "placeholder"}) ATTN_RETURN_IF_ERROR(render(part, key, original));
      if (part.contains("options") && part["options"].is_array())
        for (auto& option : part["options"]) ATTN_RETURN_IF_ERROR(render(option, "text", original));
    }
    ATTN_RETURN_IF_ERROR(PlaceholdersThatGiveNothingAway(out, computed));
  }
  out.erase("conditions");
  return out;
}

}  // namespace attn
