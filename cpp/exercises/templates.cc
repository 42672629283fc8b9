// Working requests as exercises with declared steps (templates.h).
#include "exercises/templates.h"

namespace attn {
namespace {

Status Refused(const std::string& message) { return Status(ErrorCode::kInvalidInput, message); }

Json Step(const std::string& name, const std::string& op, Json args) {
  args["name"] = name;
  args["op"] = op;
  return args;
}

// A request's own query, removal, deletion, mask or temperature, over its inputs.
std::string Text(const Json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }

Result<Json> Ch14Read(Json exercise, const Json& request) {
  Json& inputs = exercise["inputs"];
  if (request.contains("query")) inputs["query"] = Text(request["query"]);
  Json steps = Json::array();
  Json encode = {{"source", "source"}, {"embeddings", "embeddings"}};
  if (request.contains("delete")) encode["delete"] = Text(request["delete"]);
  steps.push_back(Step("states", "encode", encode));
  std::string memory = "states";
  if (request.contains("remove")) {
    steps.push_back(Step("memory", "remove_state", {{"states", "states"}, {"position", Text(request["remove"])}}));
    memory = "memory";
  }
  steps.push_back(Step("scores", "scores", {{"query", "query"}, {"keys", memory}}));
  steps.push_back(Step("read", "softmax", {{"scores", "scores"}}));
  steps.push_back(Step("context", "context", {{"weights", "read"}, {"values", memory}}));
  if (inputs.contains("readout"))
    steps.push_back(Step("r", "readout", {{"context", "context"}, {"coefficients", "readout"}}));
  exercise["numbers"] = "exact";
  exercise["steps"] = steps;
  exercise["working"] = {{"kind", "exact-read"}, {"step", "read"}};
  return exercise;
}

Result<Json> Ch19Read(Json exercise, const Json& request) {
  Json& inputs = exercise["inputs"];
  if (request.contains("query")) inputs["query"] = Text(request["query"]);
  Json steps = Json::array();
  const bool given_weights = inputs.contains("weights");
  if (!given_weights) {
    std::string scores = "scores";
    if (!inputs.contains("scores")) {
      Json args = {{"query", "query"}, {"keys", "keys"}};
      const std::string function = inputs.contains("score") ? Text(inputs["score"]) : "dot";
      args["function"] = function;
      for (const char* key : {"W", "W_q", "W_k", "v", "b"})
        if (inputs.contains(key) && (function == "bilinear" ? std::string(key) == "W" : function == "additive"))
          args[key] = key;
      steps.push_back(Step("read_scores", "scores", args));
      scores = "read_scores";
    }
    Json softmax = {{"scores", scores}};
    if (request.contains("temperature")) softmax["temperature"] = Text(request["temperature"]);
    if (request.contains("mask")) softmax["mask"] = Text(request["mask"]);
    steps.push_back(Step("read", "softmax", softmax));
  }
  if (inputs.contains("values"))
    steps.push_back(
        Step("context", "context", {{"weights", given_weights ? "weights" : "read"}, {"values", "values"}}));
  exercise["steps"] = steps;
  exercise["working"] = {{"kind", "read"}};
  return exercise;
}

Result<Json> Ch19Batch(Json exercise, const Json&) {
  const Json& inputs = exercise["inputs"];
  Json steps = Json::array();
  std::string scores = "scores";
  if (!inputs.contains("scores")) return Refused("a batch read needs its scores");
  Json softmax = {{"scores", scores}};
  if (inputs.contains("lengths")) {
    steps.push_back(Step("mask", "padding_mask", {{"lengths", "lengths"}, {"S", "S"}}));
    softmax["mask"] = "mask";
  } else if (inputs.contains("window")) {
    steps.push_back(Step("mask", "window_mask", {{"S", "S"}, {"window", "window"}}));
    softmax["mask"] = "mask";
  }
  steps.push_back(Step("read", "softmax", softmax));
  exercise["steps"] = steps;
  exercise["working"] = {{"kind", "rows"}, {"step", "read"}};
  return exercise;
}

Result<Json> Ch14Cost(Json exercise, const Json&) {
  exercise["steps"] = Json::array({
      Step("context_numbers", "state_numbers", {{"width", "width"}}),
      Step("context_bytes", "bytes", {{"count", "context_numbers"}, {"bytes_per_number", "bytes_per_number"}}),
      Step("states_numbers", "state_numbers", {{"width", "width"}, {"positions", "positions"}}),
      Step("states_bytes", "bytes", {{"count", "states_numbers"}, {"bytes_per_number", "bytes_per_number"}}),
      Step("dot_products", "dot_products", {{"steps", "target_steps"}, {"positions", "positions"}}),
      Step("multiplications_per_dot", "multiplications_per_dot", {{"width", "width"}}),
      Step("additions_per_dot", "additions_per_dot", {{"width", "width"}}),
  });
  exercise["symbols"] = {{"n", "positions"}, {"d", "width"}, {"t", "target_steps"}};
  exercise["working"] = {{"kind", "counts"}};
  return exercise;
}

}  // namespace

Result<Json> ExerciseForWork(const Json& request) {
  if (!request.is_object()) return Refused("a working request is an object");
  const std::string model = StringField(request, "model");
  Json exercise = {{"id", "work"}, {"inputs", request.value("inputs", Json::object())}};
  if (!exercise["inputs"].is_object()) return Refused("a working request's inputs are an object");
  if (model == "ch14.read") return Ch14Read(exercise, request);
  if (model == "ch19.read") return Ch19Read(exercise, request);
  if (model == "ch19.batch") return Ch19Batch(exercise, request);
  if (model == "ch14.cost") return Ch14Cost(exercise, request);
  return Refused("unknown model '" + model +
                 "': a working request names ch14.read, ch19.read, ch19.batch or ch14.cost");
}

}  // namespace attn
