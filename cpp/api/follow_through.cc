// Follow-through's verdict (follow_through.h).
#include "api/follow_through.h"

#include <algorithm>

#include "answers/verdict_words.h"

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

std::string PartCalled(const Json& exercise, const std::string& name) {
  size_t number = 0;
  for (const auto& part : exercise.value("parts", Json::array())) {
    ++number;
    if (StringField(part, "name") != name) continue;
    std::string spoken = name;
    std::replace(spoken.begin(), spoken.end(), '_', ' ');
    std::replace(spoken.begin(), spoken.end(), '.', ' ');
    return "part " + std::to_string(number) + " (" + spoken + ")";
  }
  return name;
}

std::optional<Followed> FollowThroughOf(Computed& computed, const Json& part, const std::string& answer,
                                        const GradeRequest& request, const Verdict& graded,
                                        const GradeContext& context) {
  const Json& exercise = computed.exercise();
  const std::string name = StringField(part, "name");
  std::vector<GivenAnswer> given;
  std::map<std::string, bool> right;    // whether the learner's answer to that part is itself correct
  std::map<std::string, bool> decimal;  // whether it was written in decimals
  std::map<std::string, const Json*> parts;
  for (const auto& other : exercise.value("parts", Json::array())) {
    std::string other_name = StringField(other, "name");
    auto typed = context.earlier.find(other_name);
    if (other_name == name || typed == context.earlier.end()) continue;
    auto other_request = computed.Request(other, /*with_mistakes=*/false);
    if (!other_request.ok()) continue;
    // An answer the engine could not judge there for want of digits is no ground to stand on;
    // a decimal where the exact form is asked is (it is a number; only its form was refused).
    Verdict::Kind judged = Grade(typed->second, *other_request).kind;
    GradeRequest any_form = *other_request;
    any_form.require_exact = false;
    if (Grade(typed->second, any_form).kind == Verdict::Kind::kInvalid) continue;
    if (auto read = ReadValue(typed->second, *other_request)) {
      right[other_name] = judged == Verdict::Kind::kCorrect;
      for (const Answer* leaf : read->Leaves()) decimal[other_name] = decimal[other_name] || leaf->is_decimal();
      for (const auto& p : exercise["parts"])
        if (StringField(p, "name") == other_name) parts[other_name] = &p;
      given.push_back({other_name, parts[other_name], *read});
    }
  }
  if (given.empty()) return std::nullopt;
  for (const FollowThrough& way : computed.FollowThroughs(part, given)) {
    if (way.value.SameAs(request.expected)) continue;
    GradeRequest derived = request;
    derived.expected = way.value;
    derived.misconceptions.clear();
    derived.accepted_rule.clear();
    Verdict judged = Grade(answer, derived);
    // Right for the learner's own numbers but not in the exact form this part asks for: not
    // graded, and told both. A value computed from decimals has no exact form to give: in
    // decimals it is right only for the numbers typed, so it is told the same.
    bool from_decimals =
        std::any_of(way.from.begin(), way.from.end(), [&](const std::string& f) { return decimal[f]; });
    bool form_only = false;
    if (request.require_exact && (judged.kind == Verdict::Kind::kInvalid || from_decimals)) {
      GradeRequest any_form = derived;
      any_form.require_exact = false;
      auto read = ReadValue(answer, derived);
      bool typed_decimal = false;
      if (read)
        for (const Answer* leaf : read->Leaves()) typed_decimal = typed_decimal || leaf->is_decimal();
      form_only = (judged.kind == Verdict::Kind::kInvalid || typed_decimal) &&
                  Grade(answer, any_form).kind == Verdict::Kind::kCorrect;
    }
    if (judged.kind != Verdict::Kind::kCorrect && !form_only) continue;
    std::string sources;
    for (size_t i = 0; i < way.from.size(); ++i)
      sources += (i == 0 ? "" : i + 1 == way.from.size() ? " and " : ", ") + PartCalled(exercise, way.from[i]);
    const bool several = way.from.size() > 1;
    std::string yours = "your answer" + std::string(several ? "s" : "") + " to " + sources;
    Followed out;
    out.from = way.from;
    out.verdict.read_as = judged.read_as;
    if (way.earlier_impossible || way.impossible) {
      // It follows from the earlier answers, but no input could give this part that value: the
      // earlier answers cannot all be right, and neither can this one.
      out.verdict = graded;
      out.verdict.kind = graded.kind == Verdict::Kind::kInvalid ? Verdict::Kind::kInvalid : Verdict::Kind::kIncorrect;
      std::string why =
          way.earlier_impossible
              ? "It does follow from " + yours + ", but that answer cannot be right: " + *way.earlier_impossible + "."
              : "It does follow from " + yours + ", but " + *way.impossible + ", so " +
                    (several ? "those answers are not all right" : "that answer is not right") + " either.";
      if (out.verdict.misconception.empty()) {
        // Name the earlier answer's own mistake, where one explains it.
        for (const std::string& from : way.from) {
          auto full = computed.Request(*parts[from], /*with_mistakes=*/true);
          if (!full.ok()) continue;
          GradeRequest there = *full;
          there.reveal_values = context.reveal_values;
          Verdict earlier = Grade(context.earlier.at(from), there);
          if (earlier.misconception.empty()) continue;
          out.verdict.misconception = earlier.misconception;
          out.verdict.misconceptions = earlier.misconceptions;
          why += " In " + PartCalled(exercise, from) + ": " + earlier.feedback;
          break;
        }
        if (out.verdict.misconception.empty()) {
          out.verdict.misconception = "follows-impossible-value";
          out.verdict.misconceptions = {out.verdict.misconception};
        }
        out.verdict.feedback = "Not correct. " + why;
      } else {
        out.verdict.feedback += " " + why;
      }
      out.verdict.near_miss = false;
      out.impossible = true;
      return out;
    }
    bool rounded = judged.feedback.find(kDecimalRule) != std::string::npos;
    if (form_only) {
      out.verdict.kind = Verdict::Kind::kInvalid;
      out.verdict.feedback = "This follows from " + yours +
                             ", but this part asks for the exact form (fractions, with a for ln 2). This check did "
                             "not count as an attempt.";
    } else if (context.follow_through_counts) {
      out.verdict.kind = Verdict::Kind::kCorrect;
      out.verdict.feedback =
          "Correct, following on from " + yours + ": computed from the numbers you gave there, this is right." +
          (context.reveal_values ? " From the exact values it would be " + request.expected.Text() + "." : "") +
          (rounded ? std::string(" ") + kDecimalRule : "");
    } else {
      out.verdict.kind = graded.kind == Verdict::Kind::kInvalid ? Verdict::Kind::kInvalid : Verdict::Kind::kIncorrect;
      bool all_right = std::all_of(way.from.begin(), way.from.end(), [&](const std::string& f) { return right[f]; });
      out.verdict.feedback =
          "Not correct against the exact values, but it follows correctly from " + yours +
          ". Here each part is marked against the exact values: " +
          (all_right ? "work from the unrounded values (keep more digits) " : "put right what you gave there ") +
          "and this part follows." +
          (graded.kind == Verdict::Kind::kInvalid ? " This check did not count as an attempt." : "");
    }
    return out;
  }
  return std::nullopt;
}

}  // namespace attn
