// Properties of the judgment over random exact values (issue 8), with a fixed seed:
//   - the value written at any precision with at least 3 significant figures is correct,
//     alone and in lists where every entry has its own precision;
//   - a value off by more than one unit in its last place is never correct;
//   - "too few digits" appears only when the written digits can round to the value.
// And the verdict templates: rendered for every kind of answer against every kind of
// part, a message never says the answer is of the shape the part needs.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "answers/grading.h"

namespace attn {
namespace {

struct RandomValue {
  Exact exact;
  long double value;
};

// p/q, or p/q times a = ln 2, with |value| between 1e-4 and 1e4.
RandomValue Draw(std::mt19937_64& rng) {
  while (true) {
    int64_t p = std::uniform_int_distribution<int64_t>(-99999, 99999)(rng);
    int64_t q = std::uniform_int_distribution<int64_t>(1, 9999)(rng);
    Exact x(Rational::Of(p, q));
    if (rng() % 3 == 0) x *= Exact::Ln2();
    long double v = *x.to_long_double();
    if (std::fabs(v) >= 1e-4L && std::fabs(v) <= 1e4L) return {x, v};
  }
}

// v written with `significant` significant figures (at least one decimal place), shifted by `units` units in its last
// place.
std::string Write(long double v, int significant, int units = 0) {
  int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(v))));
  int decimals = std::max(1, significant - 1 - magnitude);  // at least one place: a decimal
  long double unit = std::pow(10.0L, -decimals);
  long double rounded = std::round(v / unit) * unit + units * unit;
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*Lf", decimals, rounded);
  return buffer;
}

GradeRequest For(const Exact& x) {
  GradeRequest r;
  r.expected = Quantity::Number(x);
  return r;
}

TEST(JudgingProperties, TheValueAtThreeOrMoreFiguresIsCorrect) {
  std::mt19937_64 rng(20261130);
  for (int i = 0; i < 5000; ++i) {
    RandomValue x = Draw(rng);
    int significant = std::uniform_int_distribution<int>(3, 12)(rng);
    std::string text = Write(x.value, significant);
    Verdict v = Grade(text, For(x.exact));
    ASSERT_EQ(v.kind, Verdict::Kind::kCorrect) << x.exact << " written " << text << ": " << v.feedback;
  }
}

TEST(JudgingProperties, ListsAreJudgedEntryByEntry) {
  std::mt19937_64 rng(19);
  for (int i = 0; i < 2000; ++i) {
    size_t n = std::uniform_int_distribution<size_t>(2, 5)(rng);
    std::vector<Quantity> items;
    std::string text = "[";
    for (size_t k = 0; k < n; ++k) {
      RandomValue x = Draw(rng);
      items.push_back(Quantity::Number(x.exact));
      text += (k ? ", " : "") + Write(x.value, std::uniform_int_distribution<int>(3, 9)(rng));
    }
    text += "]";
    GradeRequest r;
    r.expected = Quantity::List(items);
    Verdict v = Grade(text, r);
    ASSERT_EQ(v.kind, Verdict::Kind::kCorrect) << text << ": " << v.feedback;
  }
}

TEST(JudgingProperties, MoreThanOneUnitOffIsNeverCorrect) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 5000; ++i) {
    RandomValue x = Draw(rng);
    int significant = std::uniform_int_distribution<int>(1, 10)(rng);
    int units = std::uniform_int_distribution<int>(2, 40)(rng) * (rng() % 2 ? 1 : -1);
    std::string text = Write(x.value, significant, units);
    Verdict v = Grade(text, For(x.exact));
    ASSERT_NE(v.kind, Verdict::Kind::kCorrect) << x.exact << " written " << text;
    ASSERT_EQ(v.feedback.find("Too few digits"), std::string::npos) << x.exact << " written " << text;
  }
}

TEST(JudgingProperties, TooFewDigitsOnlyWhenTheDigitsCanRoundToTheValue) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 5000; ++i) {
    RandomValue x = Draw(rng);
    int significant = std::uniform_int_distribution<int>(1, 2)(rng);
    int units = std::uniform_int_distribution<int>(-3, 3)(rng);
    std::string text = Write(x.value, significant, units);
    Verdict v = Grade(text, For(x.exact));
    if (v.feedback.find("Too few digits") == std::string::npos) continue;
    long double typed = std::stold(text);
    size_t point = text.find('.');
    long double unit = std::pow(10.0L, -static_cast<int>(text.size() - point - 1));
    ASSERT_LE(std::fabs(typed - x.value), unit / 2 * (1 + 1e-9L)) << x.exact << " written " << text;
    ASSERT_EQ(v.kind, Verdict::Kind::kInvalid);
  }
}

TEST(JudgingProperties, OneUnitOffIsANearMissEitherWay) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 2000; ++i) {
    RandomValue x = Draw(rng);
    int units = rng() % 2 ? 1 : -1;
    std::string text = Write(x.value, std::uniform_int_distribution<int>(3, 10)(rng), units);
    Verdict v = Grade(text, For(x.exact));
    ASSERT_EQ(v.kind, Verdict::Kind::kIncorrect) << text;
    // A value that the places written show exactly needs no rounding: the advice is to work
    // exactly; otherwise the direction of the miss is named.
    size_t point = text.find('.');
    long double unit = std::pow(10.0L, -static_cast<int>(point == std::string::npos ? 0 : text.size() - point - 1));
    bool exact_at_places = std::fabs(std::round(x.value / unit) * unit - x.value) <= 1e-12L * std::fabs(x.value);
    ASSERT_NE(v.feedback.find(exact_at_places ? "needs no rounding"
                              : units > 0     ? "too high"
                                              : "too low"),
              std::string::npos)
        << x.exact << " " << text << ": " << v.feedback;
  }
}

// Every shape message, for every kind of answer against every kind of part.
TEST(VerdictTemplates, ShapeMessagesNeverContradictThemselves) {
  const Exact a = Exact::Ln2();
  std::vector<Quantity> parts = {
      Quantity::Number(a),
      Quantity::List({Quantity::Number(a), Quantity::Number(Exact(1))}),
      Quantity::List({Quantity::Number(Exact(1)), Quantity::Number(Exact(2)), Quantity::Number(Exact(3))}),
      Quantity::List({Quantity::List({Quantity::Number(Exact(1)), Quantity::Number(Exact(2))}),
                      Quantity::List({Quantity::Number(Exact(3)), Quantity::Number(Exact(4))})}),
  };
  std::vector<std::string> answers = {"1",
                                      "[1, 2]",
                                      "[1, 2, 3]",
                                      "[1, nan, 3]",
                                      "nan",
                                      "[[1, 2], [3, 4]]",
                                      "[[1, 2], [3]]",
                                      "[[1, 2], 3]",
                                      "[[1, 2, 3], [4, 5, 6]]",
                                      "[]",
                                      "[[1], [2], [3]]",
                                      "inf"};
  for (const auto& part : parts) {
    for (const auto& text : answers) {
      GradeRequest r;
      r.expected = part;
      r.parse.nonfinite = true;
      Verdict v = Grade(text, r);
      std::string needs = "needs " + part.ShapeText() + ";";
      std::string is = "your answer is " + part.ShapeText() + ".";
      EXPECT_FALSE(v.feedback.find(needs) != std::string::npos && v.feedback.find(is) != std::string::npos)
          << text << ": " << v.feedback;
      EXPECT_FALSE(v.feedback.empty()) << text;
      if (v.kind == Verdict::Kind::kInvalid) EXPECT_NE(v.feedback.find("did not count"), std::string::npos) << text;
    }
  }
}

}  // namespace
}  // namespace attn
