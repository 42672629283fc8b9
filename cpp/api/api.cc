// The interface as JSON text in and out: an exercise described at a seed, an answer graded
// (with follow-through and the search for another part it answers), the working of a read.
#include "api/api.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>

#include "answers/grading.h"
#include "api/follow_through.h"
#include "api/verdict_in.h"
#include "api/worked_solution.h"
#include "exercises/batch_cases.h"
#include "exercises/computed.h"
#include "exercises/file_limits.h"
#include "exercises/input_words.h"
#include "exercises/templates.h"
#include "exercises/texts.h"
#include "exercises/variant_drawing.h"
#include "exercises/working.h"

namespace attn {
namespace {

// JSON text out; text that is not UTF-8 (a part name from a caller) is replaced, never thrown.
std::string Dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

std::string ErrorJson(const std::string& message) { return Dump(Json{{"error", Bounded(message)}}); }

// (Bounded in size and nesting before it is parsed: file_limits.h.)
Result<Json> ParseJson(const std::string& text) { return ReadExerciseText(text); }

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
  }
  out["inputWords"] = InputWordsOf(c.exercise());
  out["version"] = ExerciseVersion(*ParseJson(exercise_json));
  out["decimalRule"] = std::string(kDecimalRule);
  out["offers"] = OffersOf(c);
  return Dump(out);
}

std::string SolveExercise(const std::string& exercise_json, uint32_t seed) {
  auto computed = ComputedFor(exercise_json, seed);
  if (!computed.ok()) return ErrorJson(computed.status().message());
  Computed& c = computed.value();
  Json parts = Json::array();
  for (const Json& part : c.exercise().value("parts", Json::array())) {
    auto solution = SolutionOf(c, part);
    parts.push_back({{"name", part.value("name", Json())}, {"solution", solution.ok() ? *solution : Json::array()}});
  }
  return Dump(Json{{"parts", parts}});
}

Json VerdictIn(Computed& computed, const Json& part, const std::string& answer, const GradeContext& context) {
  auto found = computed.Request(part, /*with_mistakes=*/true);
  if (!found.ok()) return Json{{"error", found.status().message()}};
  GradeRequest request = std::move(found).value();
  request.reveal_values = context.reveal_values;
  request.follow_on_counts = context.follow_through_counts;
  const Reading reading = ReadAnswer(answer, request);
  // The candidates besides the right value and the mistakes: what follows from the learner's
  // earlier answers, and (values shown) the exercise's other values.
  if (!context.earlier.empty()) request.follow_ons = FollowOnsOf(computed, part, context);
  if (request.reveal_values) request.alternatives = computed.Alternatives(part);
  const Verdict v = Judge(reading, request);
  Json follow = nullptr;
  if (v.followed) {
    follow = Json{{"from", v.followed->from}, {"counts", v.followed->counts && !v.followed->impossible}};
    if (v.followed->impossible) follow["impossible"] = true;
  }
  Json departure = nullptr;
  if (v.departure)
    departure = Json{{"step", v.departure->step}, {"kind", v.departure->kind}, {"sentence", v.departure->sentence}};
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
    const auto& request = c.Request(part, /*with_mistakes=*/true);
    if (!request.ok()) return ErrorJson(StringField(part, "name") + ": " + request.status().message());
    const std::vector<MistakeOrigin> origins = c.Origins(part);
    Json mistakes = Json::array();
    for (size_t i = 0; i < request->misconceptions.size(); ++i) {
      const Misconception& m = request->misconceptions[i];
      mistakes.push_back({{"tag", m.tag},
                          {"operation", i < origins.size() ? origins[i].operation : ""},
                          {"step", i < origins.size() ? origins[i].step : ""},
                          {"derived", i < origins.size() ? origins[i].derived : ""},
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
