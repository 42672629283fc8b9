// Reading an exercise file's inputs, which are written in the answer language
// ("[a, 0]", "[[1, 0], [0, 1]]", "8"), into the core's exact and double types.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/attention.h"
#include "core/status.h"

namespace attn {

using Json = nlohmann::json;

// The string at key (in the part first, then in the exercise's "inputs").
Result<std::string> InputText(const Json& exercise, const Json& part, const std::string& key);
bool HasInput(const Json& exercise, const Json& part, const std::string& key);

Result<Exact> ExactScalarInput(const Json& exercise, const Json& part, const std::string& key);
Result<int64_t> CountInput(const Json& exercise, const Json& part, const std::string& key);
Result<Vec<Exact>> ExactVectorInput(const Json& exercise, const Json& part, const std::string& key);
Result<Vec<Exact>> ExactVectorFromText(const std::string& text, const std::string& what);
Result<Mat<Exact>> ExactMatrixFromText(const std::string& text, const std::string& what);
// Decimal inputs for Chapter 19, read exactly and then converted to double.
Result<Vec<double>> DoubleVectorInput(const Json& exercise, const Json& part, const std::string& key);
Result<Mat<double>> DoubleMatrixInput(const Json& exercise, const Json& part, const std::string& key);
Result<double> DoubleInput(const Json& exercise, const Json& part, const std::string& key);

Result<std::vector<std::string>> StringListInput(const Json& exercise, const Json& part, const std::string& key);

// A string field, or "" when absent or not a string.
std::string StringField(const Json& object, const std::string& key);
// A boolean field, or fallback when absent or not a boolean.
bool BoolField(const Json& object, const std::string& key, bool fallback);

}  // namespace attn
