// The exercise files of the checkout, by id, as the tests read them (ATTN_EXERCISES_DIR).
#pragma once

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>

#include "exercises/computed.h"

namespace attn {

inline const std::map<std::string, std::string>& Exercises() {
  static const auto* exercises = [] {
    auto* out = new std::map<std::string, std::string>();
    for (const auto& entry : std::filesystem::recursive_directory_iterator(ATTN_EXERCISES_DIR)) {
      if (entry.path().extension() != ".json") continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      (*out)[nlohmann::json::parse(text.str())["id"]] = text.str();
    }
    return out;
  }();
  return *exercises;
}

// A shipped exercise at a seed, computed (the test fails where it cannot be).
inline Computed ComputedAt(const std::string& id, uint32_t seed) {
  auto computed = Computed::Of(nlohmann::json::parse(Exercises().at(id)), seed);
  if (!computed.ok())
    throw std::runtime_error(id + " seed " + std::to_string(seed) + ": " + computed.status().message());
  return std::move(computed).value();
}

// The part of an exercise by name (null where there is none).
inline nlohmann::json PartNamed(const nlohmann::json& exercise, const std::string& name) {
  for (const auto& part : exercise.value("parts", nlohmann::json::array()))
    if (part.value("name", "") == name) return part;
  return nullptr;
}

}  // namespace attn
