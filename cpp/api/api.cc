// The interface as JSON text in and out: an exercise described at a seed, an answer graded
// (with follow-through and the search for another part it answers), the working of a read.
#include "api/api.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>

#include "answers/grading.h"
#include "api/departure.h"
#include "api/follow_through.h"
#include "api/verdict_in.h"
#include "api/worked_solution.h"
#include "exercises/batch_cases.h"
#include "exercises/computed.h"
#include "exercises/templates.h"
#include "exercises/texts.h"
#include "exercises/variant_drawing.h"
#include "exercises/working.h"

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

Result<Computed> ComputedFor(const std::string& exercise_json, uint32_t seed) {
  ATTN_ASSIGN_OR_RETURN(exercise, ParseJson(exercise_json));
  return Computed::Of(exercise, seed);
}

// The exercise last graded, computed, kept between calls: a learner checks the parts of one
// exercise in turn, and the search for another part that an answer fits asks for every part's
// request. Keyed by the exercise's whole text and the seed; it holds one exercise at a time.
struct GradingMemo {
  bool held = false;
  std::string text;
  uint32_t seed = 0;
  Result<Computed> computed = Status(ErrorCode::kInvalidInput, "");
};

GradingMemo& MemoFor(const std::string& exercise_json, uint32_t seed) {
  static GradingMemo memo;
  if (!memo.held || memo.seed != seed || memo.text != exercise_json) {
    memo.held = true;
    memo.text = exercise_json;
    memo.seed = seed;
    memo.computed = ComputedFor(exercise_json, seed);
  }
  return memo;
}

// What the pages may offer for this exercise: how to lay out the working, whether to show the
// inputs and a New variant control, the batches of "Run this batch", and the read the figures
// and labs ask for by name.
Json OffersOf(const Computed& computed) {
  const Json& exercise = computed.exercise();
  const std::string kind = WorkingKind(exercise);
  Json batch = nullptr;
  auto cases = BatchCases(computed);
  batch = cases.ok() ? *cases : Json{{"error", cases.status().message()}};
  const bool lettered = kind == "roles" || kind == "policies" || kind == "none";
  return Json{{"model", exercise.value("model", Json())},
              {"working", kind},
              {"showsInputs", exercise.value("shows_inputs", !lettered)},
              {"variants", HasDraws(exercise)},
              {"batch", batch}};
}

}  // namespace

std::string ExerciseVersion(const Json& exercise) {
  // FNV-1a over the canonical text (nlohmann's objects keep their keys sorted).
  uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : exercise.dump()) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  static const char* kDigits = "0123456789abcdef";
  std::string out;
  for (int shift = 60; shift >= 16; shift -= 4) out += kDigits[(hash >> shift) & 0xf];
  return out;
}

std::string DescribeExercise(const std::string& exercise_json, uint32_t seed) {
  auto computed = ComputedFor(exercise_json, seed);
  if (!computed.ok()) return ErrorJson(computed.status().message());
  // The words are written from this exercise's (or variant's) numbers.
  Computed& c = computed.value();
  auto rendered = RenderTexts(c);
  if (!rendered.ok()) return ErrorJson(rendered.status().message());
  Json out = *rendered;
  auto working = WorkingOf(c, Json::object());
  out["working"] = working.ok() ? *working : Json{{"error", working.status().message()}};
  // A part whose step belongs to another read (a removal, another query, a mask) has its own working.
  const auto exercise_focus = WorkingFocus(c, Json::object());
  if (out.contains("parts") && out["parts"].is_array()) {
    const Json& parts = c.exercise()["parts"];
    for (size_t i = 0; i < out["parts"].size() && i < parts.size(); ++i) {
      auto focus = WorkingFocus(c, parts[i]);
      if (!focus || focus == exercise_focus) continue;
      auto own = WorkingOf(c, parts[i]);
      if (own.ok()) out["parts"][i]["working"] = *own;
    }
    // Each part's worked solution: its chain of steps with this variant's values.
    for (size_t i = 0; i < out["parts"].size() && i < parts.size(); ++i) {
      auto solution = SolutionOf(c, parts[i]);
      if (solution.ok()) out["parts"][i]["solution"] = *solution;
    }
  }
  out["version"] = ExerciseVersion(*ParseJson(exercise_json));
  out["decimalRule"] = std::string(kDecimalRule);
  out["offers"] = OffersOf(c);
  return Dump(out);
}

namespace {

// An answer that is right for another part of the same exercise (the weights typed where
// the scores are asked for) is told so, when that is the best explanation: no known
// mistake of this part explains it, exactly one other part's value matches, and that value
// is distinctive (not a small whole number that several counts share). The message names
// the other part, never its value.
void NameAnotherPart(Computed& computed, const std::string& part_name, const std::string& answer, Verdict& v) {
  const Json& exercise = computed.exercise();
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
    auto request = computed.Request(other, /*with_mistakes=*/false);
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

Json VerdictIn(Computed& computed, const Json& part, const std::string& answer, const GradeContext& context) {
  const std::string part_name = StringField(part, "name");
  auto found = computed.Request(part, /*with_mistakes=*/true);
  if (!found.ok()) return Json{{"error", found.status().message()}};
  GradeRequest request = std::move(found).value();
  request.reveal_values = context.reveal_values;
  Verdict v = Grade(answer, request);
  Json follow = nullptr;
  if (v.kind != Verdict::Kind::kCorrect && !context.earlier.empty()) {
    if (auto followed = FollowThroughOf(computed, part, answer, request, v, context)) {
      v = followed->verdict;
      follow = Json{{"from", followed->from}, {"counts", context.follow_through_counts && !followed->impossible}};
      if (followed->impossible) follow["impossible"] = true;
    }
  }
  // Saying "that is part 4's value" would confirm part 4's hidden value for free.
  if (follow.is_null() && context.reveal_values) NameAnotherPart(computed, part_name, answer, v);
  // Where no mistake, no other part and no earlier answer explains it: the step it departs from.
  Json departure = nullptr;
  if (follow.is_null()) {
    if (auto found = DepartureOf(computed, part, answer, request, v)) {
      departure = Json{{"step", found->step}, {"kind", found->kind}, {"sentence", found->sentence}};
      // (A list of another length is said by the verdict itself: "This part needs a list of 5 numbers".)
      static const std::string kHintLine = " Check each step against the hint.";
      std::string& f = v.feedback;
      if (found->kind == "length") {
      } else if (f.size() >= kHintLine.size() &&
                 f.compare(f.size() - kHintLine.size(), kHintLine.size(), kHintLine) == 0) {
        f.insert(f.size() - kHintLine.size(), " " + found->sentence);
      } else {
        f += (f.empty() ? "" : " ") + found->sentence;
      }
    }
  }
  return Json{{"verdict", VerdictName(v.kind)},
              {"readAs", v.read_as},
              {"feedback", v.feedback},
              {"misconception", v.misconception.empty() ? Json() : Json(v.misconception)},
              {"misconceptions", v.misconceptions},
              {"nearMiss", v.near_miss},
              {"followThrough", follow},
              {"departure", departure},
              // Where any of several answers is right, the verdict states the rule instead.
              {"expected", v.kind == Verdict::Kind::kInvalid || !request.accepted_rule.empty() || !context.reveal_values
                               ? Json()
                               : Json(request.expected.Text())}};
}

std::string GradeAnswerIn(const std::string& exercise_json, const std::string& part_name, const std::string& answer,
                          uint32_t seed, const std::string& context_json) {
  auto context = GradeContextOf(context_json);
  if (!context.ok()) return ErrorJson(context.status().message());
  GradingMemo& memo = MemoFor(exercise_json, seed);
  if (!memo.computed.ok()) return ErrorJson(memo.computed.status().message());
  Computed& computed = memo.computed.value();
  auto part = FindPart(computed.exercise(), part_name);
  if (!part.ok()) return ErrorJson(part.status().message());
  return Dump(VerdictIn(computed, *part, answer, *context));
}

std::string GradeAnswer(const std::string& exercise_json, const std::string& part_name, const std::string& answer,
                        uint32_t seed, bool reveal_values) {
  return GradeAnswerIn(exercise_json, part_name, answer, seed, reveal_values ? "" : "{\"revealValues\": false}");
}

namespace {

// The expected value written with each exact 0 as a tiny number (what a large but finite
// negative mask leaves), or with every number as one word.
std::string Rewritten(const Quantity& q, const std::string& word) {
  if (q.kind == Quantity::Kind::kList) {
    std::string out = "[";
    for (size_t i = 0; i < q.items.size(); ++i) out += (i ? ", " : "") + Rewritten(q.items[i], word);
    return out + "]";
  }
  if (!word.empty()) return word;
  const bool zero = q.exact ? q.exact->is_zero() : q.approx == 0;
  return zero ? "1e-15" : DecimalString(q.approx);
}

}  // namespace

Json AnswerOf(const Misconception& m, const Quantity& expected) {
  if (m.value) {
    if (m.value->kind == Quantity::Kind::kPosition) {
      if (m.value->positions.empty()) return Json();
      // Every position a selection needs; one of them where any of the tied ones will do.
      return m.value->all_required ? m.value->ExactText() : m.value->positions[0];
    }
    const std::string exact = m.value->ExactText();
    return exact.empty() ? m.value->DecimalText() : exact;
  }
  if (m.list_length) {
    std::string out = "[";
    for (size_t i = 0; i < *m.list_length; ++i) out += (i ? ", " : "") + std::string("0");
    return out + "]";
  }
  if (!m.words.empty()) return Rewritten(expected, m.words[0]);
  if (m.tiny_for_zero) return Rewritten(expected, "");
  return nullptr;
}

std::string DescribeMistakes(const std::string& exercise_json, uint32_t seed) {
  auto computed = ComputedFor(exercise_json, seed);
  if (!computed.ok()) return ErrorJson(computed.status().message());
  Computed& c = computed.value();
  Json parts = Json::array();
  for (const auto& part : c.exercise().value("parts", Json::array())) {
    auto request = c.Request(part, /*with_mistakes=*/true);
    if (!request.ok()) return ErrorJson(StringField(part, "name") + ": " + request.status().message());
    const std::vector<MistakeOrigin> origins = c.Origins(part);
    Json mistakes = Json::array();
    for (size_t i = 0; i < request->misconceptions.size(); ++i) {
      const Misconception& m = request->misconceptions[i];
      mistakes.push_back({{"tag", m.tag},
                          {"operation", i < origins.size() ? origins[i].operation : ""},
                          {"step", i < origins.size() ? origins[i].step : ""},
                          {"answer", AnswerOf(m, request->expected)},
                          {"explanation", m.explanation}});
    }
    parts.push_back({{"name", StringField(part, "name")},
                     {"step", StringField(part, "step")},
                     {"expected", request->expected.Text()},
                     {"mistakes", mistakes}});
  }
  return Dump(Json{{"parts", parts}});
}

std::string Work(const std::string& request_json) {
  auto request = ParseJson(request_json);
  if (!request.ok()) return ErrorJson(request.status().message());
  auto exercise = ExerciseForWork(*request);
  if (!exercise.ok()) return ErrorJson(exercise.status().message());
  auto computed = Computed::Of(*exercise, 0, /*loose=*/true);
  if (!computed.ok()) return ErrorJson(computed.status().message());
  auto working = WorkingOf(computed.value(), Json::object());
  if (!working.ok()) return ErrorJson(working.status().message());
  return Dump(*working);
}

}  // namespace attn
