// The grading context, and the follow-on candidates of a part (follow_through.h).
#include "api/follow_through.h"

#include <algorithm>

#include "answers/reading.h"

namespace attn {
namespace {

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The code unit of a "\uXXXX" escape at i, or -1.
int EscapeAt(const std::string& text, size_t i) {
  if (i + 6 > text.size() || text[i] != '\\' || text[i + 1] != 'u') return -1;
  int unit = 0;
  for (size_t k = 2; k < 6; ++k) {
    int d = HexDigit(text[i + k]);
    if (d < 0) return -1;
    unit = unit * 16 + d;
  }
  return unit;
}

// JSON text with each lone surrogate escape ("\ud83d" without its pair, what a text cut in the
// middle of a character holds) replaced by U+FFFD, so that the rest can be read.
std::string WithoutLoneSurrogates(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] != 'u') {
      out += text.substr(i, 2);
      ++i;
      continue;
    }
    int unit = EscapeAt(text, i);
    if (unit >= 0xD800 && unit <= 0xDBFF) {
      int next = EscapeAt(text, i + 6);
      if (next >= 0xDC00 && next <= 0xDFFF) {
        out += text.substr(i, 12);
        i += 11;
        continue;
      }
      out += "\\ufffd";
      i += 5;
      continue;
    }
    if (unit >= 0xDC00 && unit <= 0xDFFF) {
      out += "\\ufffd";
      i += 5;
      continue;
    }
    out += text[i];
  }
  return out;
}

}  // namespace

Result<GradeContext> GradeContextOf(const std::string& text) {
  GradeContext context;
  if (text.empty()) return context;
  Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) j = Json::parse(WithoutLoneSurrogates(text), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object())
    return Status(ErrorCode::kInvalidInput, "the grading context is not a JSON object");
  if (j.contains("revealValues")) {
    if (!j["revealValues"].is_boolean()) return Status(ErrorCode::kInvalidInput, "revealValues must be true or false");
    context.reveal_values = j["revealValues"].get<bool>();
  }
  if (j.contains("followThrough") && !j["followThrough"].is_null()) {
    const Json& f = j["followThrough"];
    if (!f.is_string() || (f != "counts" && f != "noted"))
      return Status(ErrorCode::kInvalidInput, "followThrough must be \"counts\" or \"noted\"");
    context.follow_through_counts = f == "counts";
  }
  if (j.contains("earlier") && !j["earlier"].is_null()) {
    if (!j["earlier"].is_object()) return Status(ErrorCode::kInvalidInput, "earlier must map part names to answers");
    for (const auto& [name, value] : j["earlier"].items())
      if (value.is_string()) context.earlier[name] = value.get<std::string>();
  }
  return context;
}

std::vector<FollowOn> FollowOnsOf(Computed& computed, const Json& part, const GradeContext& context) {
  const Json& exercise = computed.exercise();
  const std::string name = StringField(part, "name");
  struct Earlier {
    bool right = false, decimal = false;
    std::vector<std::string> mistakes;
    std::string words;
  };
  std::map<std::string, Earlier> earlier;
  std::vector<GivenAnswer> given;
  if (!exercise.contains("parts") || !exercise["parts"].is_array()) return {};
  for (const auto& other : exercise["parts"]) {
    const std::string other_name = StringField(other, "name");
    auto typed = context.earlier.find(other_name);
    if (other_name == name || typed == context.earlier.end()) continue;
    const auto& full = computed.Request(other, /*with_mistakes=*/true);
    if (!full.ok()) continue;
    GradeRequest there = *full;
    there.reveal_values = context.reveal_values;
    there.noun.clear();  // its own verdict, without a departure
    const Reading reading = ReadAnswer(typed->second, there);
    // An answer the engine could not judge there for want of digits is no ground to stand on;
    // a decimal where the exact form is asked is (it is a number; only its form was refused).
    GradeRequest any_form = there;
    any_form.require_exact = false;
    any_form.misconceptions.clear();
    if (Judge(reading, any_form).kind == Verdict::Kind::kInvalid) continue;
    auto value = ValueOf(reading, there);
    if (!value) continue;
    const Verdict verdict = Judge(reading, there);
    Earlier& e = earlier[other_name];
    e.right = verdict.kind == Verdict::Kind::kCorrect;
    for (const Answer* leaf : value->Leaves()) e.decimal = e.decimal || leaf->is_decimal();
    e.mistakes = verdict.misconceptions;
    if (!verdict.misconception.empty()) e.words = "In " + PartCalled(exercise, other_name) + ": " + verdict.feedback;
    given.push_back({other_name, &other, *value});
  }
  std::vector<FollowOn> out;
  if (given.empty()) return out;
  for (FollowThrough& way : computed.FollowThroughs(part, given)) {
    FollowOn f;
    f.from = way.from;
    f.value = std::move(way.value);
    f.several = way.from.size() > 1;
    f.earlier_impossible = way.earlier_impossible;
    f.impossible = way.impossible;
    std::string sources;
    f.all_right = true;
    for (size_t i = 0; i < way.from.size(); ++i) {
      const Earlier& e = earlier[way.from[i]];
      sources += (i == 0 ? "" : i + 1 == way.from.size() ? " and " : ", ") + PartCalled(exercise, way.from[i]);
      f.from_decimals = f.from_decimals || e.decimal;
      f.all_right = f.all_right && e.right;
      if (f.earlier_mistakes.empty() && !e.mistakes.empty()) {
        f.earlier_mistakes = e.mistakes;
        f.earlier_words = e.words;
      }
    }
    f.yours = "your answer" + std::string(f.several ? "s" : "") + " to " + sources;
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace attn
