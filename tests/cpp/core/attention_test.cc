// Chapter 14's printed numbers, reproduced by the core: Tables 14.1-14.3, Examples
// 14.1-14.3, the blue source, section 14.6 and the reference answers to exercises 1-5.
#include "core/attention.h"

#include <gtest/gtest.h>

#include "core/costs.h"
#include "core/encoder.h"
#include "core/interventions.h"

namespace attn {
namespace {

const Exact a = Exact::Ln2();
Exact Q(int64_t n, int64_t d = 1) { return Exact(Rational::Of(n, d)); }

Vec<Exact> V(std::initializer_list<Exact> xs) {
  Vec<Exact> v(static_cast<Eigen::Index>(xs.size()));
  Eigen::Index i = 0;
  for (const auto& x : xs) v(i++) = x;
  return v;
}

Embeddings ChapterEmbeddings() {
  return {{"color", V({a, 0})}, {"key", V({-a, a})}, {"full_stop", V({0, -a})}, {"blue", V({0, 0})}};
}
const std::vector<std::string> kRed = {"color", "key", "full_stop"};

Mat<Exact> Rows(std::initializer_list<Vec<Exact>> rows) {
  Mat<Exact> m(static_cast<Eigen::Index>(rows.size()), rows.begin()->size());
  Eigen::Index i = 0;
  for (const auto& r : rows) m.row(i++) = r.transpose();
  return m;
}

TEST(Encoder, ReproducesTheRedAndBlueStates) {
  auto red = EncodeRelu(kRed, ChapterEmbeddings());
  ASSERT_TRUE(red.ok());
  EXPECT_EQ(*red, Rows({V({a, 0}), V({0, a}), V({0, 0})}));
  auto blue = EncodeRelu({"blue", "key", "full_stop"}, ChapterEmbeddings());
  EXPECT_EQ(*blue, Rows({V({0, 0}), V({0, a}), V({0, 0})}));
}

TEST(Read, Table14_1AndExample14_1) {
  auto states = *EncodeRelu(kRed, ChapterEmbeddings());
  auto read = ReadOf(V({1, 0}), states, states);
  ASSERT_TRUE(read.ok()) << read.status().message();
  EXPECT_EQ(read->scores, V({a, 0, 0}));
  EXPECT_EQ(read->softmax.exponentials, V({2, 1, 1}));
  EXPECT_EQ(read->softmax.denominator, Exact(4));
  EXPECT_EQ(read->softmax.weights, V({Q(1, 2), Q(1, 4), Q(1, 4)}));
  EXPECT_EQ(read->context, V({a / Q(2), a / Q(4)}));
  EXPECT_NEAR(read->context(0).to_double(), 0.346574, 1e-6);
  EXPECT_NEAR(read->context(1).to_double(), 0.173287, 1e-6);
  EXPECT_EQ(*ReadoutOf(read->context, V({1, 2})), a);
}

TEST(Read, Example14_2) {
  auto states = *EncodeRelu(kRed, ChapterEmbeddings());
  auto read = *ReadOf(V({0, 1}), states, states);
  EXPECT_EQ(read.scores, V({0, a, 0}));
  EXPECT_EQ(read.softmax.weights, V({Q(1, 4), Q(1, 2), Q(1, 4)}));
  EXPECT_EQ(read.context, V({a / Q(4), a / Q(2)}));
}

TEST(Read, BlueSourceGivesUniformWeights) {
  auto states = *EncodeRelu({"blue", "key", "full_stop"}, ChapterEmbeddings());
  auto read = *ReadOf(V({1, 0}), states, states);
  EXPECT_EQ(read.softmax.weights, V({Q(1, 3), Q(1, 3), Q(1, 3)}));
  EXPECT_EQ(read.context, V({0, a / Q(3)}));
}

TEST(Interventions, Table14_2FrozenRemoval) {
  auto states = *EncodeRelu(kRed, ChapterEmbeddings());
  struct Row {
    Vec<Exact> weights, context;
    Exact readout;
  };
  std::vector<Row> table = {
      {V({0, Q(1, 2), Q(1, 2)}), V({0, a / Q(2)}), a},
      {V({Q(2, 3), 0, Q(1, 3)}), V({Q(2, 3) * a, 0}), Q(2, 3) * a},
      {V({Q(2, 3), Q(1, 3), 0}), V({Q(2, 3) * a, a / Q(3)}), Q(4, 3) * a},
  };
  for (Eigen::Index p = 0; p < 3; ++p) {
    // The removed state leaves both the scores and the sum: a read with it ineligible.
    Eligibility eligible(3, true);
    eligible[static_cast<size_t>(p)] = false;
    auto read = ReadOf(V({1, 0}), states, states, eligible);
    ASSERT_TRUE(read.ok());
    EXPECT_EQ(read->softmax.weights, table[p].weights) << "removed " << p;
    EXPECT_EQ(read->context, table[p].context) << "removed " << p;
    EXPECT_EQ(*ReadoutOf(read->context, V({1, 2})), table[p].readout) << "removed " << p;
  }
}

TEST(Interventions, Table14_3ReencodeDeletion) {
  struct Row {
    Mat<Exact> states;
    Vec<Exact> context;
    Exact readout;
  };
  std::vector<Row> table = {
      {Rows({V({0, a}), V({0, 0})}), V({0, a / Q(2)}), a},
      {Rows({V({a, 0}), V({a, 0})}), V({a, 0}), a},
      {Rows({V({a, 0}), V({0, a})}), V({Q(2, 3) * a, a / Q(3)}), Q(4, 3) * a},
  };
  for (Eigen::Index p = 0; p < 3; ++p) {
    auto states = ReencodeDeletion(kRed, ChapterEmbeddings(), p);
    ASSERT_TRUE(states.ok());
    EXPECT_EQ(*states, table[p].states) << "deleted " << p;
    auto read = *ReadOf(V({1, 0}), *states, *states);
    EXPECT_EQ(read.context, table[p].context) << "deleted " << p;
    EXPECT_EQ(*ReadoutOf(read.context, V({1, 2})), table[p].readout) << "deleted " << p;
  }
}

TEST(Exercises, ReferenceAnswers1To3) {
  auto states = *EncodeRelu(kRed, ChapterEmbeddings());
  auto one = *ReadOf(V({1, 1}), states, states);  // exercise 1
  EXPECT_EQ(one.scores, V({a, a, 0}));
  EXPECT_EQ(one.softmax.exponentials, V({2, 2, 1}));
  EXPECT_EQ(one.softmax.denominator, Exact(5));
  EXPECT_EQ(one.softmax.weights, V({Q(2, 5), Q(2, 5), Q(1, 5)}));
  EXPECT_EQ(one.context, V({Q(2, 5) * a, Q(2, 5) * a}));
  EXPECT_EQ(*ReadoutOf(one.context, V({1, 2})), Q(6, 5) * a);
  auto zero = *ReadOf(V({0, 0}), states, states);  // exercise 2
  EXPECT_EQ(zero.softmax.denominator, Exact(3));
  EXPECT_EQ(zero.softmax.weights, V({Q(1, 3), Q(1, 3), Q(1, 3)}));
  auto frozen = *ReadOf(V({1, 0}), states, states, Eligibility{true, false, true});  // exercise 3
  EXPECT_EQ(frozen.context, V({Q(2, 3) * a, 0}));
  auto reencoded = *ReencodeDeletion(kRed, ChapterEmbeddings(), 1);
  EXPECT_EQ((*ReadOf(V({1, 0}), reencoded, reencoded)).context, V({a, 0}));
}

TEST(Costs, Section14_6AndExercise5) {
  auto c = *RecurrentReadCostsOf(3, 2, 8, 4);
  EXPECT_EQ(c.context_numbers, 2);
  EXPECT_EQ(c.context_bytes, 16);
  EXPECT_EQ(c.states_numbers, 6);
  EXPECT_EQ(c.states_bytes, 48);
  EXPECT_EQ(c.dot_products, 12);
  EXPECT_EQ(c.multiplications_per_dot, 2);
  EXPECT_EQ(c.additions_per_dot, 1);
  auto five = *RecurrentReadCostsOf(100, 2, 8, 4);
  EXPECT_EQ(five.states_numbers, 200);
  EXPECT_EQ(five.states_bytes, 1600);
  EXPECT_EQ(five.dot_products, 400);
}

TEST(Errors, AreValuesWithClearMessages) {
  auto states = *EncodeRelu(kRed, ChapterEmbeddings());
  Eligibility none(3, false);
  auto empty = ReadOf(V({1, 0}), states, states, none);
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().code(), ErrorCode::kEmptyMemory);
  EXPECT_NE(empty.status().message().find("no eligible source position"), std::string::npos);
  auto wide = ReadOf(V({1, 0, 0}), states, states);
  ASSERT_FALSE(wide.ok());
  EXPECT_EQ(wide.status().code(), ErrorCode::kShapeMismatch);
  EXPECT_NE(wide.status().message().find("width 3"), std::string::npos);
  EXPECT_NE(wide.status().message().find("[3 x 2]"), std::string::npos);
  auto inexact = ReadOf(V({Q(1, 2), 0}), states, states);
  ASSERT_FALSE(inexact.ok());
  EXPECT_EQ(inexact.status().code(), ErrorCode::kNotExact);
  auto overflow = ReadOf(V({100, 0}), states, states);
  ASSERT_FALSE(overflow.ok());
  EXPECT_EQ(overflow.status().code(), ErrorCode::kOverflow);
}

TEST(Read, DoubleAgreesWithExact) {
  auto states = *EncodeRelu(kRed, ChapterEmbeddings());
  Mat<double> s(3, 2);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 2; ++j) s(i, j) = states(i, j).to_double();
  Vec<double> q(2);
  q << 1, 1;
  auto read = *ReadOf(q, s, s);
  EXPECT_NEAR(read.softmax.weights(0), 0.4, 1e-12);
  EXPECT_NEAR(read.context(1), 0.4 * std::log(2.0), 1e-12);
}

}  // namespace
}  // namespace attn
