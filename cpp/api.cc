// Dispatch from exercise files to the models that compute their parts.
#include "api.h"

#include "ch14_cost_model.h"
#include "ch14_read_model.h"
#include "exercise_inputs.h"

namespace attn {
namespace {

std::string ErrorJson(const std::string& message) { return Json{{"error", message}}.dump(); }

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

Result<GradeRequest> RequestFor(const Json& exercise, const Json& part) {
  std::string model = StringField(exercise, "model");
  if (model == "ch14.read") return Ch14ReadRequest(exercise, part);
  if (model == "ch14.cost") return Ch14CostRequest(exercise, part);
  return Status(ErrorCode::kInvalidInput, "unknown model '" + model + "'");
}

Result<Json> WorkingFor(const Json& exercise, const Json& part) {
  std::string model = StringField(exercise, "model");
  if (model == "ch14.read") return Ch14ReadWorking(exercise, part);
  if (model == "ch14.cost") return Ch14CostWorking(exercise);
  return Status(ErrorCode::kInvalidInput, "unknown model '" + model + "'");
}

}  // namespace

std::string DescribeExercise(const std::string& exercise_json) {
  auto exercise = ParseJson(exercise_json);
  if (!exercise.ok()) return ErrorJson(exercise.status().message());
  Json out = *exercise;
  auto working = WorkingFor(*exercise, Json::object());
  out["working"] = working.ok() ? *working : Json{{"error", working.status().message()}};
  out["decimalRule"] = std::string(kDecimalRule);
  return out.dump();
}

std::string GradeAnswer(const std::string& exercise_json, const std::string& part_name,
                        const std::string& answer) {
  auto exercise = ParseJson(exercise_json);
  if (!exercise.ok()) return ErrorJson(exercise.status().message());
  auto part = FindPart(*exercise, part_name);
  if (!part.ok()) return ErrorJson(part.status().message());
  auto request = RequestFor(*exercise, *part);
  if (!request.ok()) return ErrorJson(request.status().message());
  Verdict v = Grade(answer, *request);
  return Json{{"verdict", VerdictName(v.kind)},
              {"readAs", v.read_as},
              {"feedback", v.feedback},
              {"misconception", v.misconception.empty() ? Json() : Json(v.misconception)},
              {"expected", v.kind == Verdict::Kind::kInvalid ? Json() : Json(request->expected.Text())}}
      .dump();
}

std::string Work(const std::string& request_json) {
  auto request = ParseJson(request_json);
  if (!request.ok()) return ErrorJson(request.status().message());
  auto working = WorkingFor(*request, *request);
  if (!working.ok()) return ErrorJson(working.status().message());
  return working->dump();
}

}  // namespace attn
