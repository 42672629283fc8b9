// The exercise files of the checkout, by id, as the tests read them (ATTN_EXERCISES_DIR).
#pragma once

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

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

}  // namespace attn
