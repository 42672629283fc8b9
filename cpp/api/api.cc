// Dispatch from exercise files to the models that compute their parts.
#include "api/api.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>

#include "answers/grading.h"
#include "exercises/exercise_inputs.h"
#include "exercises/model.h"
#include "exercises/texts.h"
#include "exercises/variants.h"

namespace attn {
namespace {

// JSON text out; text that is not UTF-8 (a part name from a caller) is replaced, never thrown.
std::string Dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

std::string ErrorJson(const std::string& message) { return Dump(Json{{"error", message}}); }

Result<Json> ParseJson(const std::string& text) {
  Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    return Status(ErrorCode::kInvalidInput, "the exercise is not a JSON object");
  }
  return j;
}

Result<Json> FindPart(const Json& exercise, const std::string& name) {
  if (exercise.contains("parts") && exercise["parts"].is_array()) {
    for (const auto& part : exercise["parts"])
      if (StringField(part, "name") == name) return part;
  }
  return Status(ErrorCode::kInvalidInput,
                "the exercise " + StringField(exercise, "id") + " has no part '" + name + "'");
}

// The exercise as given, or its variant for a nonzero seed.
Result<Json> ExerciseFor(const std::string& exercise_json, uint32_t seed) {
  ATTN_ASSIGN_OR_RETURN(exercise, ParseJson(exercise_json));
  return VariantOf(exercise, seed);
}

// The exercise last graded, and the grading requests of its parts, kept between calls: a
// learner checks the parts of one exercise in turn, and the search for another part that
// an answer fits asks for every part's request. Keyed by the exercise's whole text and the
// seed, so another exercise or variant starts afresh; it holds one exercise at a time.
struct GradingMemo {
  bool held = false;
  std::string text;
  uint32_t seed = 0;
  Result<Json> exercise = Status(ErrorCode::kInvalidInput, "");
  std::map<std::pair<std::string, bool>, Result<GradeRequest>> requests;
};

GradingMemo& MemoFor(const std::string& exercise_json, uint32_t seed) {
  static GradingMemo memo;
  if (!memo.held || memo.seed != seed || memo.text != exercise_json) {
    memo.held = true;
    memo.text = exercise_json;
    memo.seed = seed;
    memo.exercise = ExerciseFor(exercise_json, seed);
    memo.requests.clear();
  }
  return memo;
}

Result<GradeRequest> MemoRequest(GradingMemo& memo, const Json& part, bool with_mistakes) {
  auto key = std::make_pair(StringField(part, "name"), with_mistakes);
  auto found = memo.requests.find(key);
  if (found != memo.requests.end()) return found->second;
  auto request = RequestForPart(*memo.exercise, part, memo.seed, with_mistakes);
  memo.requests.emplace(key, request);
  return request;
}

// What the pages may offer for this exercise, decided by its model: how to lay out the
// working, whether to show the inputs and a New variant control, and the batches of
// "Run this batch" (built by the same code that grades the exercise).
Json OffersOf(const Model& model, const Json& exercise) {
  Json batch = nullptr;
  if (model.batch_cases) {
    auto cases = model.batch_cases(exercise);
    batch = cases.ok() ? *cases : Json{{"error", cases.status().message()}};
  }
  return Json{{"model", model.name},
              {"working", model.working_kind},
              {"showsInputs", model.shows_inputs},
              {"variants", model.draw_variant != nullptr},
              {"batch", batch}};
}

}  // namespace

std::string DescribeExercise(const std::string& exercise_json, uint32_t seed) {
  auto exercise = ExerciseFor(exercise_json, seed);
  if (!exercise.ok()) return ErrorJson(exercise.status().message());
  // The words are written from this exercise's (or variant's) numbers.
  auto rendered = RenderTexts(*exercise, seed);
  if (!rendered.ok()) return ErrorJson(rendered.status().message());
  Json out = *rendered;
  auto working = WorkingForPart(*exercise, Json::object(), seed);
  out["working"] = working.ok() ? *working : Json{{"error", working.status().message()}};
  // A part that changes the inputs (a removal, another query, a mask) has its own working.
  if (out.contains("parts") && out["parts"].is_array()) {
    for (auto& part : out["parts"]) {
      auto own = WorkingForPart(*exercise, part, seed);
      if (own.ok() && (!working.ok() || *own != *working)) part["working"] = *own;
    }
  }
  out["decimalRule"] = std::string(kDecimalRule);
  if (auto model = ModelFor(*exercise); model.ok()) out["offers"] = OffersOf(**model, *exercise);
  return Dump(out);
}

namespace {

// An answer that is right for another part of the same exercise (the weights typed where
// the scores are asked for) is told so, when that is the best explanation: no known
// mistake of this part explains it, exactly one other part's value matches, and that value
// is distinctive (not a small whole number that several counts share). The message names
// the other part, never its value.
bool Distinctive(const Quantity& q) {
  if (q.kind == Quantity::Kind::kPosition) return false;
  if (q.kind == Quantity::Kind::kList) return q.items.size() > 1 || (q.items.size() == 1 && Distinctive(q.items[0]));
  if (q.exact) {
    auto c = q.exact->constant();
    return !(c && c->is_integer() && c->num() >= -16 && c->num() <= 16);
  }
  return std::fabs(q.approx - std::round(q.approx)) > 1e-12 || std::fabs(q.approx) > 16;
}

void NameAnotherPart(GradingMemo& memo, const std::string& part_name, const std::string& answer, Verdict& v) {
  const Json& exercise = *memo.exercise;
  bool unexplained = v.misconception.empty() &&
                     (v.kind == Verdict::Kind::kIncorrect || (v.kind == Verdict::Kind::kInvalid && v.shape_mismatch));
  if (!unexplained || !exercise.contains("parts") || !exercise["parts"].is_array()) return;
  size_t number = 0, matched = 0;
  std::string match_name;
  size_t match_number = 0;
  std::optional<Quantity> match_value;
  for (const auto& other : exercise["parts"]) {
    ++number;
    std::string name = StringField(other, "name");
    if (name == part_name) continue;
    auto request = MemoRequest(memo, other, /*with_mistakes=*/false);
    if (!request.ok() || !Distinctive(request->expected)) continue;
    if (Grade(answer, *request).kind != Verdict::Kind::kCorrect) continue;
    // Several parts may ask for the same quantity (weights, and weights at temperature 1).
    if (match_value && match_value->SameAs(request->expected)) continue;
    ++matched;
    if (matched > 1) return;
    match_name = name;
    match_number = number;
    match_value = request->expected;
  }
  if (matched != 1) return;
  std::replace(match_name.begin(), match_name.end(), '_', ' ');
  std::replace(match_name.begin(), match_name.end(), '.', ' ');
  v.kind = Verdict::Kind::kIncorrect;
  v.misconception = "answered-another-part";
  v.misconceptions = {v.misconception};
  v.near_miss = false;
  v.feedback = "Not quite: that answers part " + std::to_string(match_number) + " (" + match_name +
               "), not this part. Check which quantity this part asks for.";
}

}  // namespace

namespace {

struct GradeContext {
  bool reveal_values = true;
  std::map<std::string, std::string> earlier;  // the learner's text for other parts, by name
  bool follow_through_counts = true;
};

Result<GradeContext> ContextOf(const std::string& text) {
  GradeContext context;
  if (text.empty()) return context;
  Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
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

// "part 1 (weights)", as the pages number the parts.
std::string PartCalled(const Json& exercise, const std::string& name) {
  size_t number = 0;
  for (const auto& part : exercise["parts"]) {
    ++number;
    if (StringField(part, "name") != name) continue;
    std::string spoken = name;
    std::replace(spoken.begin(), spoken.end(), '_', ' ');
    std::replace(spoken.begin(), spoken.end(), '.', ' ');
    return "part " + std::to_string(number) + " (" + spoken + ")";
  }
  return name;
}

struct Followed {
  Verdict verdict;
  std::vector<std::string> from;
};

// A part that is wrong against the exact value but right for the learner's own answers to
// the parts it is computed from: the verdict a teacher gives, under the context's policy.
std::optional<Followed> FollowThroughOf(GradingMemo& memo, const Json& part, const std::string& answer,
                                        const GradeRequest& request, const Verdict& graded,
                                        const GradeContext& context) {
  const Json& exercise = *memo.exercise;
  std::string name = StringField(part, "name");
  std::vector<GivenAnswer> given;
  std::map<std::string, bool> right;    // whether the learner's answer to that part is itself correct
  std::map<std::string, bool> decimal;  // whether it was written in decimals
  for (const auto& other : exercise["parts"]) {
    std::string other_name = StringField(other, "name");
    auto typed = context.earlier.find(other_name);
    if (other_name == name || typed == context.earlier.end()) continue;
    auto other_request = MemoRequest(memo, other, /*with_mistakes=*/false);
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
      given.push_back({other_name, &other, *read});
    }
  }
  for (const FollowThrough& way : FollowThroughForPart(exercise, part, given)) {
    if (way.value.SameAs(request.expected)) continue;
    GradeRequest derived = request;
    derived.expected = way.value;
    derived.misconceptions.clear();
    derived.accepted_rule.clear();
    Verdict judged = Grade(answer, derived);
    // Right for the learner's own numbers but not in the exact form this part asks for: not
    // graded, and told both.
    // A value computed from decimals has no exact form to give: in decimals it is right only
    // for the numbers typed, so it is told the same.
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
    std::string yours = "your answer" + std::string(way.from.size() > 1 ? "s" : "") + " to " + sources;
    bool rounded = judged.feedback.find(kDecimalRule) != std::string::npos;
    Followed out;
    out.from = way.from;
    out.verdict.read_as = judged.read_as;
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

}  // namespace

std::string GradeAnswerIn(const std::string& exercise_json, const std::string& part_name, const std::string& answer,
                          uint32_t seed, const std::string& context_json) {
  auto context = ContextOf(context_json);
  if (!context.ok()) return ErrorJson(context.status().message());
  GradingMemo& memo = MemoFor(exercise_json, seed);
  if (!memo.exercise.ok()) return ErrorJson(memo.exercise.status().message());
  auto part = FindPart(*memo.exercise, part_name);
  if (!part.ok()) return ErrorJson(part.status().message());
  auto found = MemoRequest(memo, *part, /*with_mistakes=*/true);
  if (!found.ok()) return ErrorJson(found.status().message());
  GradeRequest request = std::move(found).value();
  request.reveal_values = context->reveal_values;
  Verdict v = Grade(answer, request);
  Json follow = nullptr;
  if (v.kind != Verdict::Kind::kCorrect && !context->earlier.empty()) {
    if (auto followed = FollowThroughOf(memo, *part, answer, request, v, *context)) {
      v = followed->verdict;
      follow = Json{{"from", followed->from}, {"counts", context->follow_through_counts}};
    }
  }
  if (follow.is_null()) NameAnotherPart(memo, part_name, answer, v);
  return Dump(
      Json{{"verdict", VerdictName(v.kind)},
           {"readAs", v.read_as},
           {"feedback", v.feedback},
           {"misconception", v.misconception.empty() ? Json() : Json(v.misconception)},
           {"misconceptions", v.misconceptions},
           {"nearMiss", v.near_miss},
           {"followThrough", follow},
           // Where any of several answers is right, the verdict states the rule instead.
           {"expected", v.kind == Verdict::Kind::kInvalid || !request.accepted_rule.empty() || !context->reveal_values
                            ? Json()
                            : Json(request.expected.Text())}});
}

std::string GradeAnswer(const std::string& exercise_json, const std::string& part_name, const std::string& answer,
                        uint32_t seed, bool reveal_values) {
  return GradeAnswerIn(exercise_json, part_name, answer, seed, reveal_values ? "" : "{\"revealValues\": false}");
}

std::string Work(const std::string& request_json) {
  auto request = ParseJson(request_json);
  if (!request.ok()) return ErrorJson(request.status().message());
  auto working = WorkingForPart(*request, *request, 0);
  if (!working.ok()) return ErrorJson(working.status().message());
  return Dump(*working);
}

}  // namespace attn
