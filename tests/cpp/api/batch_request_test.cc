// The batch calls of the JSON layer: one compute pass, and the agreement of outputs.
#include "api/batch_request.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace attn {
namespace {

TEST(BatchRequest, SummaryArraysAndAgreement) {
  const std::string options = R"({"B":2,"H":1,"T":3,"S":5,"D":4,"lengths":[5,0],"causal":true,"seed":3,)"
                              R"("returnWeights":true,"returnInputs":true})";
  auto first = RunBatchRequest(options, {});
  ASSERT_TRUE(first.ok()) << first.status().message();
  const auto summary = nlohmann::json::parse(first->summary_json);
  EXPECT_EQ(summary["emptyRowCount"], 3);
  EXPECT_EQ(summary["scoreElements"], 30);
  EXPECT_EQ(summary["mask"]["lengths"], nlohmann::json::array({5, 0}));
  auto array = [&](const std::string& name) {
    for (auto& [n, v] : first->float32)
      if (n == name) return v;
    return std::vector<float>{};
  };
  EXPECT_EQ(array("query").size(), 24u);
  EXPECT_EQ(array("weights").size(), 30u);

  // The agreement compares outputs only: the core's from the call above, and another path's.
  const std::string mask = R"({"B":2,"T":3,"S":5,"D":4,"lengths":[5,0],"causal":true})";
  BatchArrays same;
  same.context = array("context");
  same.weights = array("weights");
  for (auto& [n, v] : first->uint8)
    if (n == "emptyRows") same.empty_rows = v;
  same.compare_context = array("context");
  same.compare_weights = array("weights");
  same.compare_empty_rows = same.empty_rows;
  auto agree = RunBatchAgreement(mask, same);
  ASSERT_TRUE(agree.ok()) << agree.status().message();
  auto a = nlohmann::json::parse(*agree)["agreement"];
  EXPECT_EQ(a["pass"], true);
  EXPECT_EQ(a["maxAbsError"], 0.0);

  BatchArrays off = same;
  off.compare_context[0] += 1e-3f;
  off.compare_weights[1] = 1e-9f;  // a masked source (causal: target 0 sees source 0 only)
  auto disagree = RunBatchAgreement(mask, off);
  ASSERT_TRUE(disagree.ok()) << disagree.status().message();
  auto d = nlohmann::json::parse(*disagree)["agreement"];
  EXPECT_EQ(d["pass"], false);
  EXPECT_EQ(d["maskedNonZero"], 1);
  EXPECT_GE(d["violations"].get<int>(), 1);

  // Outputs of the wrong size, or none, are refused with a message.
  BatchArrays short_weights = same;
  short_weights.weights.pop_back();
  EXPECT_FALSE(RunBatchAgreement(mask, short_weights).ok());
  BatchArrays flags_only = same;
  flags_only.empty_rows.clear();
  EXPECT_FALSE(RunBatchAgreement(mask, flags_only).ok());
  EXPECT_FALSE(RunBatchAgreement(mask, {}).ok());

  EXPECT_FALSE(RunBatchRequest(R"({"T":3})", {}).ok());
  EXPECT_FALSE(RunBatchRequest(R"({"T":3,"S":2,"D":2,"temperature":-1})", {}).ok());
  EXPECT_FALSE(RunBatchRequest("not json", {}).ok());
}

TEST(BatchRequest, HalfWidthOfMaxTSOrMoreLimitsNothing) {
  // More targets than sources: a half width of S would leave the targets past 2S nothing.
  auto wide = RunBatchRequest(R"({"T":1000,"S":4,"D":2,"halfWidth":1000})", {});
  ASSERT_TRUE(wide.ok()) << wide.status().message();
  EXPECT_EQ(nlohmann::json::parse(wide->summary_json)["emptyRowCount"], 0);
  auto open = RunBatchRequest(R"({"T":1000,"S":4,"D":2})", {});
  ASSERT_TRUE(open.ok());
  EXPECT_EQ(wide->float32[0].second, open->float32[0].second);
}

TEST(BatchRequest, OptionsAreRefusedByTheirNames) {
  auto typo = RunBatchRequest(R"({"T":2,"S":2,"D":2,"temprature":0.5})", {});
  ASSERT_FALSE(typo.ok());
  EXPECT_NE(typo.status().message().find("no option \"temprature\" (did you mean temperature?)"), std::string::npos)
      << typo.status().message();
  auto dv = RunBatchRequest(R"({"T":2,"S":2,"Dk":2})", {});
  ASSERT_FALSE(dv.ok());
  EXPECT_NE(dv.status().message().find("the option Dv is missing"), std::string::npos) << dv.status().message();
  const std::string seeded =
      RunBatchInPlace(R"({"T":2,"S":2,"D":2,"seed":1})", nullptr, nullptr, nullptr, nullptr, nullptr);
  EXPECT_NE(seeded.find("zero-copy call has no option seed"), std::string::npos) << seeded;
}

}  // namespace
}  // namespace attn
