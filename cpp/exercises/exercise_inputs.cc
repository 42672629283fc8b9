// Exercise inputs through the same parser that reads learners' answers.
#include "exercises/exercise_inputs.h"

#include <cmath>
#include <unordered_map>

#include "answers/answer_parser.h"

namespace attn {
namespace {

Status Missing(const std::string& key) {
  return Status(ErrorCode::kInvalidInput, "the exercise has no input '" + key + "'");
}

const Json* Find(const Json& exercise, const Json& part, const std::string& key) {
  if (part.is_object() && part.contains(key)) return &part[key];
  if (exercise.is_object() && exercise.contains("inputs") && exercise["inputs"].is_object() &&
      exercise["inputs"].contains(key)) {
    return &exercise["inputs"][key];
  }
  return nullptr;
}

// An exercise's inputs are read once per part's request, and a wrong answer's search for
// another part it fits builds every part's request: the same few texts are parsed again and
// again (on the running example, 9 parts' keys and values per grade). The parses are kept
// (per thread) by their text, up to kKeptParses of them, then all are dropped.
const Result<Answer>& ParsedInput(const std::string& text) {
  constexpr size_t kKeptParses = 64;
  thread_local std::unordered_map<std::string, Result<Answer>> kept;
  auto it = kept.find(text);
  if (it != kept.end()) return it->second;
  if (kept.size() >= kKeptParses) kept.clear();
  return kept.emplace(text, ParseAnswer(text)).first->second;
}

Result<Answer> ParseInput(const std::string& text, const std::string& what) {
  const Result<Answer>& parsed = ParsedInput(text);
  if (!parsed.ok()) {
    return Status(ErrorCode::kInvalidInput, "the input " + what + " '" + text + "': " + parsed.status().message());
  }
  return parsed;
}

}  // namespace

std::string StringField(const Json& object, const std::string& key) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_string()) return "";
  return object[key].get<std::string>();
}

bool BoolField(const Json& object, const std::string& key, bool fallback) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_boolean()) return fallback;
  return object[key].get<bool>();
}

bool HasInput(const Json& exercise, const Json& part, const std::string& key) {
  return Find(exercise, part, key) != nullptr;
}

Result<std::string> InputText(const Json& exercise, const Json& part, const std::string& key) {
  const Json* value = Find(exercise, part, key);
  if (!value) return Missing(key);
  if (value->is_string()) return value->get<std::string>();
  if (value->is_number_integer()) return std::to_string(value->get<int64_t>());
  return Status(ErrorCode::kInvalidInput, "the input '" + key + "' must be written as text");
}

Result<Exact> ExactScalarInput(const Json& exercise, const Json& part, const std::string& key) {
  ATTN_ASSIGN_OR_RETURN(text, InputText(exercise, part, key));
  ATTN_ASSIGN_OR_RETURN(answer, ParseInput(text, key));
  if (answer.is_list()) return Status(ErrorCode::kInvalidInput, "the input '" + key + "' must be one number");
  return answer.value;
}

Result<int64_t> CountInput(const Json& exercise, const Json& part, const std::string& key) {
  ATTN_ASSIGN_OR_RETURN(x, ExactScalarInput(exercise, part, key));
  auto c = x.constant();
  if (!c || !c->is_integer()) {
    return Status(ErrorCode::kInvalidInput, "the input '" + key + "' must be a whole number");
  }
  return c->num();
}

Result<Vec<Exact>> ExactVectorFromText(const std::string& text, const std::string& what) {
  ATTN_ASSIGN_OR_RETURN(answer, ParseInput(text, what));
  std::vector<Answer> items = answer.is_list() ? answer.items : std::vector<Answer>{answer};
  Vec<Exact> v(static_cast<Eigen::Index>(items.size()));
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].is_list()) {
      return Status(ErrorCode::kInvalidInput, "the input " + what + " must be a flat list of numbers");
    }
    v(static_cast<Eigen::Index>(i)) = items[i].value;
  }
  return v;
}

Result<Mat<Exact>> ExactMatrixFromText(const std::string& text, const std::string& what) {
  ATTN_ASSIGN_OR_RETURN(answer, ParseInput(text, what));
  if (!answer.is_list() || answer.items.empty() || !answer.items[0].is_list()) {
    return Status(ErrorCode::kInvalidInput, "the input " + what + " must be a list of rows");
  }
  size_t cols = answer.items[0].items.size();
  Mat<Exact> m(static_cast<Eigen::Index>(answer.items.size()), static_cast<Eigen::Index>(cols));
  for (size_t i = 0; i < answer.items.size(); ++i) {
    const Answer& row = answer.items[i];
    if (!row.is_list() || row.items.size() != cols) {
      return Status(ErrorCode::kShapeMismatch,
                    "the rows of " + what + " must all have " + std::to_string(cols) + " entries");
    }
    for (size_t j = 0; j < cols; ++j) {
      if (row.items[j].is_list()) return Status(ErrorCode::kInvalidInput, what + " is nested too deeply");
      m(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = row.items[j].value;
    }
  }
  return m;
}

Result<Vec<Exact>> ExactVectorInput(const Json& exercise, const Json& part, const std::string& key) {
  ATTN_ASSIGN_OR_RETURN(text, InputText(exercise, part, key));
  return ExactVectorFromText(text, "'" + key + "'");
}

Result<Vec<double>> DoubleVectorInput(const Json& exercise, const Json& part, const std::string& key) {
  ATTN_ASSIGN_OR_RETURN(exact, ExactVectorInput(exercise, part, key));
  Vec<double> out(exact.size());
  for (Eigen::Index i = 0; i < exact.size(); ++i) out(i) = exact(i).to_double();
  if (!out.allFinite()) return Status(ErrorCode::kInvalidInput, "the input '" + key + "' must hold plain numbers");
  return out;
}

Result<Mat<double>> DoubleMatrixInput(const Json& exercise, const Json& part, const std::string& key) {
  ATTN_ASSIGN_OR_RETURN(text, InputText(exercise, part, key));
  ATTN_ASSIGN_OR_RETURN(exact, ExactMatrixFromText(text, "'" + key + "'"));
  Mat<double> out(exact.rows(), exact.cols());
  for (Eigen::Index i = 0; i < exact.rows(); ++i)
    for (Eigen::Index j = 0; j < exact.cols(); ++j) out(i, j) = exact(i, j).to_double();
  if (!out.allFinite()) return Status(ErrorCode::kInvalidInput, "the input '" + key + "' must hold plain numbers");
  return out;
}

Result<double> DoubleInput(const Json& exercise, const Json& part, const std::string& key) {
  ATTN_ASSIGN_OR_RETURN(x, ExactScalarInput(exercise, part, key));
  double d = x.to_double();
  if (!std::isfinite(d)) return Status(ErrorCode::kInvalidInput, "the input '" + key + "' must be a plain number");
  return d;
}

Result<std::vector<std::string>> StringListInput(const Json& exercise, const Json& part, const std::string& key) {
  const Json* value = Find(exercise, part, key);
  if (!value) return Missing(key);
  if (!value->is_array()) return Status(ErrorCode::kInvalidInput, "the input '" + key + "' must be a list");
  std::vector<std::string> out;
  for (const auto& item : *value) {
    if (!item.is_string()) return Status(ErrorCode::kInvalidInput, "the input '" + key + "' must list names");
    out.push_back(item.get<std::string>());
  }
  return out;
}

}  // namespace attn
