// Reading answers as people type them, and refusing what cannot be read.
#include "answers/answer_parser.h"

#include <gtest/gtest.h>

namespace attn {
namespace {

const Exact a = Exact::Ln2();
Exact Q(int64_t n, int64_t d = 1) { return Exact(Rational::Of(n, d)); }

Exact Scalar(const std::string& text) {
  auto r = ParseAnswer(text);
  EXPECT_TRUE(r.ok()) << text << ": " << r.status().message();
  if (!r.ok()) return Exact::Error(ErrorCode::kParse, "");
  EXPECT_FALSE(r->is_list()) << text;
  return r->value;
}

TEST(AnswerParser, EquivalentFormsOfOneValue) {
  for (const char* text : {"a/2", "ln(2)/2", "ln 2/2", "log(2)/2", "1/2 a", "a*0.5", "(1/2)a", "a \u00f7 2",
                           "0.5\u00d7a", "ln(4)/4", "2a/4"}) {
    EXPECT_EQ(Scalar(text), a / Q(2)) << text;
  }
  EXPECT_EQ(Scalar("2a/3"), Q(2, 3) * a);
  EXPECT_EQ(Scalar("2/3 a"), Q(2, 3) * a);
  EXPECT_EQ(Scalar("6ln2/5"), Q(6, 5) * a);
  EXPECT_EQ(Scalar("\u2212a/4"), -a / Q(4));
  EXPECT_EQ(Scalar("2^-2"), Q(1, 4));
  EXPECT_EQ(Scalar("exp(a)"), Q(2));
  EXPECT_EQ(Scalar("a/2 + 2(a/4)"), a);
}

TEST(AnswerParser, DecimalsRememberTheirPrecision) {
  auto r = *ParseAnswer("0.3466");
  EXPECT_EQ(r.decimals, 4);
  EXPECT_EQ(r.significant, 4);
  EXPECT_EQ(r.ReadAs(), "0.3466");
  auto list = *ParseAnswer("[0.123, 0.2]");
  EXPECT_EQ(list.items[1].decimals, 1);  // each entry keeps its own precision
  auto printout = *ParseAnswer("[0.123 0.2  ]");
  EXPECT_EQ(printout.items[1].decimals, 3);  // NumPy trims zeros: read as 0.200
  EXPECT_EQ(printout.items[1].significant, 3);
  EXPECT_EQ((*ParseAnswer("0.05")).significant, 1);
}

TEST(AnswerParser, ListsInThreeSpellings) {
  for (const char* text : {"[a/4, a/2]", "(a/4, a/2)", "a/4, a/2", " [ a/4 ,a/2 ] "}) {
    auto r = ParseAnswer(text);
    ASSERT_TRUE(r.ok()) << text;
    ASSERT_TRUE(r->is_list()) << text;
    ASSERT_EQ(r->items.size(), 2u) << text;
    EXPECT_EQ(r->items[1].value, a / Q(2)) << text;
  }
  auto nested = *ParseAnswer("[[a, 0], [0, a]]");
  ASSERT_EQ(nested.items.size(), 2u);
  EXPECT_TRUE(nested.items[0].is_list());
  EXPECT_EQ((*ParseAnswer("[a]")).items.size(), 1u);
  EXPECT_EQ((*ParseAnswer("[2/5, 2/5, 1/5]")).ReadAs(), "[2/5, 2/5, 1/5]");
}

TEST(AnswerParser, NumpyPrintouts) {
  auto r = *ParseAnswer("[ 0.024  1.018  0.394 -0.352  0.4  ]");
  ASSERT_EQ(r.items.size(), 5u);
  EXPECT_EQ(r.items[3].value, Exact(Rational::Of(-352, 1000)));
  auto m = *ParseAnswer("[[1 0]\n [0 1]]");
  ASSERT_EQ(m.items.size(), 2u);
  EXPECT_EQ(m.items[1].items.size(), 2u);
  EXPECT_EQ((*ParseAnswer("[2 a]")).items.size(), 1u);  // not a printout: 2a
}

TEST(AnswerParser, RefusesWithAPointer) {
  struct Case {
    const char* text;
    const char* says;
  };
  for (const auto& c : std::vector<Case>{{"", "empty"},
                                         {"a/", "ends too early"},
                                         {"[a, 0", "']' is missing"},
                                         {"b", "'b' is not a name"},
                                         {"1..2", "not a number"},
                                         {"a/0", "division by zero"},
                                         {"2 3a", "space between two numbers"},
                                         {"ln(-1)", "positive"},
                                         {"nan", "not a number"},
                                         {"[1, 2] + 1", "list cannot"},
                                         {"1 @ 2", "'@'"},
                                         {"1,", "missing after the last comma"},
                                         {"123456789012345678901", "at most 18 digits"},
                                         {"e^", "ends too early"}}) {
    auto r = ParseAnswer(c.text);
    ASSERT_FALSE(r.ok()) << c.text;
    EXPECT_NE(r.status().message().find(c.says), std::string::npos) << c.text << " -> " << r.status().message();
  }
  EXPECT_NE(ParseAnswer("a/").status().message().find("character 3"), std::string::npos);
  ParseOptions formula;
  formula.symbols = {"T"};
  EXPECT_NE(ParseAnswer("T^65", formula).status().message().find("from -64 to 64"), std::string::npos);
}

TEST(AnswerParser, StaysWithinItsBounds) {
  EXPECT_FALSE(ParseAnswer(std::string(5000, '1')).ok());
  std::string deep = std::string(100, '(') + "1" + std::string(100, ')');
  auto r = ParseAnswer(deep);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("nested"), std::string::npos);
  std::string many = "[";
  for (int i = 0; i < 5000; ++i) many += "1,";
  many += "1]";
  EXPECT_FALSE(ParseAnswer(many).ok());
}

TEST(AnswerParser, GroupedCounts) {
  EXPECT_EQ((**ParseGroupedCount("1,048,576")).value, Exact(1048576));
  EXPECT_EQ((**ParseGroupedCount("1 048 576")).value, Exact(1048576));
  EXPECT_FALSE(ParseGroupedCount("1048576").has_value());
  EXPECT_FALSE(ParseGroupedCount("1,48,576").has_value());
  EXPECT_FALSE(ParseGroupedCount("1,048 576").has_value());
}

}  // namespace
}  // namespace attn
