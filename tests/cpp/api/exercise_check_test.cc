// The shipped exercises pass the author's check, the one a teacher's file must pass (seeds 0 to
// 1,000: every variant drawn and well posed, every text filled, every shown value accepted,
// every named mistake named when typed), one test per exercise so that ctest runs them side by
// side.
#include <gtest/gtest.h>

#include <cctype>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "api/api.h"
#include "exercises/exercise_files.h"
#include "property_seeds.h"

namespace attn {
namespace {

std::vector<std::string> ExerciseIds() {
  std::vector<std::string> ids;
  for (const auto& [id, text] : Exercises()) ids.push_back(id);
  return ids;
}

class ShippedExercise : public ::testing::TestWithParam<std::string> {};

TEST_P(ShippedExercise, PassesTheAuthorsCheck) {
  const auto report = nlohmann::json::parse(CheckExercise(Exercises().at(GetParam()), 0, PropertySeeds(1001)));
  ASSERT_FALSE(report.contains("refused")) << report.dump(2);
  EXPECT_EQ(report["failureCount"], 0) << report["failures"].dump(2);
  EXPECT_EQ(report["seeds"], PropertySeeds(1001));
  for (const auto& part : report["parts"]) EXPECT_EQ(part["shown"], PropertySeeds(1001)) << part.dump();
}

INSTANTIATE_TEST_SUITE_P(Exercises, ShippedExercise, ::testing::ValuesIn(ExerciseIds()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

}  // namespace
}  // namespace attn
