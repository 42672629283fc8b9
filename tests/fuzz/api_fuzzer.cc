// libFuzzer target for the JSON API (issue 9). The exercise files are loaded once; the first
// bytes of an input choose what is called:
//   byte 0       mode (below), byte 1 the exercise (in id order), byte 2 the part,
//   bytes 3..6   the seed (little-endian), the rest: text.
//   mode % 16 < 10   GradeAnswer(exercise, part, text, seed)
//             10     GradeAnswer(exercise, first line of text as the part name, the rest, seed)
//             11     DescribeExercise(exercise, seed)
//             12     DescribeExercise(text, seed), GradeAnswer(text, part, "1", seed) and the
//                    author's check of text over two seeds (a teacher's file)
//             13     Work(text)
//             14     Work({"model": the exercise's model, "inputs": text})
//             15     the exercise with text as its "inputs" (byte 2 even) or its "steps" (odd):
//                    DescribeExercise, GradeAnswer and the author's check at the seed
// The API must never throw, crash or trip a sanitizer, and always answers a JSON object:
// a verdict or an {"error": ...}.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "api/api.h"
#include "slowest.h"

namespace attn {
namespace {

using Json = nlohmann::json;

struct Exercise {
  std::string id, text, model;
  Json json;
  std::vector<std::string> parts;
};

std::vector<Exercise> Load() {
  std::map<std::string, Exercise> by_id;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(ATTN_EXERCISES_DIR)) {
    if (entry.path().extension() != ".json") continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    Exercise e;
    e.text = text.str();
    e.json = Json::parse(e.text);
    e.id = e.json.at("id").get<std::string>();
    e.model = e.json.value("model", "");
    if (e.json.contains("parts"))
      for (const auto& part : e.json["parts"]) e.parts.push_back(part.at("name").get<std::string>());
    by_id[e.id] = std::move(e);
  }
  std::vector<Exercise> out;
  for (auto& [id, e] : by_id) out.push_back(std::move(e));
  return out;
}

const std::vector<Exercise>& Exercises() {
  static const std::vector<Exercise> exercises = Load();
  return exercises;
}

Json Checked(const char* call, const std::string& out, const std::string& input) {
  Json j = Json::parse(out, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object())
    fuzz::Fail(call, "returned text that is not a JSON object: " + out + "\ninput: " + input);
  return j;
}

void CheckGrade(const std::string& out, const std::string& input) {
  Json j = Checked("GradeAnswer", out, input);
  if (j.contains("error")) return;
  const Json& verdict = j.contains("verdict") ? j["verdict"] : Json();
  if (verdict != "correct" && verdict != "incorrect" && verdict != "invalid")
    fuzz::Fail("GradeAnswer", "returned neither a verdict nor an error: " + out + "\ninput: " + input);
}

void Run(const uint8_t* data, size_t size) {
  const auto& exercises = Exercises();
  uint8_t head[7] = {0, 0, 0, 0, 0, 0, 0};
  size_t n = size < 7 ? size : 7;
  for (size_t i = 0; i < n; ++i) head[i] = data[i];
  std::string text(reinterpret_cast<const char*>(data) + n, size - n);
  const Exercise& e = exercises[head[1] % exercises.size()];
  std::string part = e.parts.empty() ? std::string("x") : e.parts[head[2] % e.parts.size()];
  uint32_t seed = uint32_t(head[3]) | uint32_t(head[4]) << 8 | uint32_t(head[5]) << 16 | uint32_t(head[6]) << 24;
  int mode = head[0] % 16;
  if (mode < 10) {
    CheckGrade(GradeAnswer(e.text, part, text, seed), text);
  } else if (mode == 10) {
    size_t newline = text.find('\n');
    std::string name = text.substr(0, newline);
    std::string answer = newline == std::string::npos ? std::string("1") : text.substr(newline + 1);
    CheckGrade(GradeAnswer(e.text, name, answer, seed), text);
  } else if (mode == 11) {
    Checked("DescribeExercise", DescribeExercise(e.text, seed), e.id);
  } else if (mode == 12) {
    Checked("DescribeExercise", DescribeExercise(text, seed), text);
    CheckGrade(GradeAnswer(text, part, "1", seed), text);
    Checked("CheckExercise", CheckExercise(text, seed, 2), text);
  } else if (mode == 13) {
    Checked("Work", Work(text), text);
  } else if (mode == 14) {
    Checked("Work", Work("{\"model\": " + Json(e.model).dump() + ", \"inputs\": " + text + "}"), text);
  } else {
    Json inputs = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (inputs.is_discarded()) return;
    Json changed = e.json;
    changed[head[2] % 2 == 0 ? "inputs" : "steps"] = inputs;
    std::string exercise = changed.dump(-1, ' ', false, Json::error_handler_t::replace);
    Checked("DescribeExercise", DescribeExercise(exercise, seed), text);
    CheckGrade(GradeAnswer(exercise, part, "1", seed), text);
    Checked("CheckExercise", CheckExercise(exercise, seed, 1), text);
  }
}

}  // namespace
}  // namespace attn

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)attn::Exercises();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  attn::fuzz::Slowest().Time(data, size, [&] { attn::Run(data, size); });
  return 0;
}
