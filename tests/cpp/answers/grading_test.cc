// The grading rules: exact equality, the decimal rule, near misses, exact form, shapes.
#include "answers/grading.h"

#include <gtest/gtest.h>

namespace attn {
namespace {

const Exact a = Exact::Ln2();
Exact Q(int64_t n, int64_t d = 1) { return Exact(Rational::Of(n, d)); }

GradeRequest Context() {
  GradeRequest r;
  r.expected = Quantity::List({Quantity::Number(a / Q(2)), Quantity::Number(a / Q(4))});
  return r;
}

TEST(Grading, ExactFormsAndDecimals) {
  GradeRequest r = Context();
  EXPECT_EQ(Grade("[a/2, a/4]", r).kind, Verdict::Kind::kCorrect);
  EXPECT_EQ(Grade("(ln(2)/2, ln 2/4)", r).kind, Verdict::Kind::kCorrect);
  Verdict decimal = Grade("[0.3466, 0.1733]", r);
  EXPECT_EQ(decimal.kind, Verdict::Kind::kCorrect);
  EXPECT_NE(decimal.feedback.find("4 decimal places"), std::string::npos);
  EXPECT_NE(decimal.feedback.find("a/2"), std::string::npos);
  EXPECT_EQ(Grade("[0.347, 0.173]", r).kind, Verdict::Kind::kCorrect);
  EXPECT_EQ(Grade("[0.348, 0.173]", r).kind, Verdict::Kind::kIncorrect);
}

TEST(Grading, NearMissIsToldSo) {
  GradeRequest r;
  r.expected = Quantity::Number(a / Q(2));  // 0.346574
  Verdict v = Grade("0.3465", r);           // truncated, not rounded
  EXPECT_EQ(v.kind, Verdict::Kind::kIncorrect);
  EXPECT_NE(v.feedback.find("near miss"), std::string::npos);
  EXPECT_NE(v.feedback.find("too low"), std::string::npos);
  EXPECT_EQ(v.feedback.find("0.3466"), std::string::npos);  // the value is not given away
  Verdict high = Grade("0.3467", r);
  EXPECT_EQ(high.kind, Verdict::Kind::kIncorrect);
  EXPECT_NE(high.feedback.find("too high"), std::string::npos);
}

// Under a feedback policy that hides values no verdict gives a value the learner did not
// type: not the value after a correct rounded answer, not the leading-order form, not the
// direction of a near miss (which is still flagged, for a teacher's report).
TEST(Grading, HiddenValuesAreNeverGiven) {
  GradeRequest r = Context();
  r.reveal_values = false;
  Verdict rounded = Grade("[0.3466, 0.1733]", r);
  EXPECT_EQ(rounded.kind, Verdict::Kind::kCorrect);
  EXPECT_NE(rounded.feedback.find("4 decimal places"), std::string::npos);
  EXPECT_EQ(rounded.feedback.find("a/2"), std::string::npos) << rounded.feedback;
  EXPECT_EQ(rounded.feedback.find("0.346574"), std::string::npos) << rounded.feedback;
  Verdict near = Grade("[0.3465, 0.1733]", r);
  EXPECT_EQ(near.kind, Verdict::Kind::kIncorrect);
  EXPECT_TRUE(near.near_miss);
  EXPECT_EQ(near.feedback.find("near miss"), std::string::npos) << near.feedback;
  EXPECT_EQ(near.feedback.find("too low"), std::string::npos) << near.feedback;
  r.reveal_values = true;
  Verdict told = Grade("[0.3465, 0.1733]", r);
  EXPECT_TRUE(told.near_miss);
  EXPECT_NE(told.feedback.find("too low"), std::string::npos);
  EXPECT_FALSE(Grade("[0.9, 0.1733]", r).near_miss);
  // A named mistake explained with the exercise's values is explained in its words without them.
  Misconception halved =
      Misconception::Value("halved-twice", Quantity::List({Quantity::Number(a / Q(4)), Quantity::Number(a / Q(8))}),
                           "you halved twice: the context is a/2 = 0.347, not 0.173.");
  halved.without_values = "you halved twice: halve once.";
  r.misconceptions.push_back(halved);
  Verdict named = Grade("[a/4, a/8]", r);
  EXPECT_EQ(named.misconception, "halved-twice");
  EXPECT_EQ(named.feedback, "Not quite: you halved twice: the context is a/2 = 0.347, not 0.173.");
  r.reveal_values = false;
  Verdict unnamed = Grade("[a/4, a/8]", r);
  EXPECT_EQ(unnamed.misconception, "halved-twice");
  EXPECT_EQ(unnamed.feedback, "Not quite: you halved twice: halve once.");
}

TEST(Grading, TooFewDigitsIsInvalid) {
  GradeRequest r;
  r.expected = Quantity::Number(a / Q(2));
  EXPECT_EQ(Grade("0.35", r).kind, Verdict::Kind::kInvalid);
  EXPECT_EQ(Grade("0.347", r).kind, Verdict::Kind::kCorrect);
}

// With the values hidden, a check that costs nothing never depends on the value: two-figure
// decimals that agree with it and ones that do not are declined alike, and so is a decimal
// where the exact form is asked; a wrong answer does not say which entries match.
TEST(Grading, HiddenValuesDeclineTheSameWhateverTheDigits) {
  GradeRequest r = Context();  // [0.346574, 0.173287]
  r.reveal_values = false;
  Verdict agrees = Grade("[0.35, 0.17]", r);
  Verdict differs = Grade("[0.52, 0.91]", r);
  EXPECT_EQ(agrees.kind, Verdict::Kind::kInvalid);
  EXPECT_EQ(differs.kind, Verdict::Kind::kInvalid);
  EXPECT_EQ(agrees.feedback, differs.feedback);
  EXPECT_EQ(agrees.feedback.find("agree"), std::string::npos) << agrees.feedback;
  EXPECT_EQ(Grade("[0.347, 0.17]", r).feedback.rfind("Not checked: entry 2 has fewer than 3", 0), 0u);
  Verdict wrong = Grade("[0.347, 0.999]", r);
  EXPECT_EQ(wrong.kind, Verdict::Kind::kIncorrect);
  EXPECT_EQ(wrong.feedback.find("entry"), std::string::npos) << wrong.feedback;
  r.reveal_values = true;
  EXPECT_EQ(Grade("[0.35, 0.17]", r).kind, Verdict::Kind::kInvalid);    // too few digits, and they agree
  EXPECT_EQ(Grade("[0.52, 0.91]", r).kind, Verdict::Kind::kIncorrect);  // plainly wrong
  GradeRequest exact;
  exact.expected = Quantity::Number(Q(2, 3) * a);  // 0.462098
  exact.require_exact = true;
  exact.reveal_values = false;
  EXPECT_EQ(Grade("0.4621", exact).feedback, Grade("0.9137", exact).feedback);
  EXPECT_EQ(Grade("0.9137", exact).kind, Verdict::Kind::kInvalid);
  EXPECT_EQ(Grade("2a/3", exact).kind, Verdict::Kind::kCorrect);
}

TEST(Grading, ExactFormRequired) {
  GradeRequest r;
  r.expected = Quantity::Number(Q(2, 3) * a);
  r.require_exact = true;
  Verdict v = Grade("0.4621", r);
  EXPECT_EQ(v.kind, Verdict::Kind::kInvalid);
  EXPECT_NE(v.feedback.find("exact form"), std::string::npos);
  EXPECT_EQ(Grade("2a/3", r).kind, Verdict::Kind::kCorrect);
  GradeRequest quarter;
  quarter.expected = Quantity::Number(Q(1, 4));
  quarter.require_exact = true;
  EXPECT_EQ(Grade("0.25", quarter).kind, Verdict::Kind::kCorrect);  // a decimal that is exact
}

TEST(Grading, ShapeMistakesAreInvalidAndSaySo) {
  GradeRequest r = Context();
  Verdict v = Grade("a/2", r);
  EXPECT_EQ(v.kind, Verdict::Kind::kInvalid);
  EXPECT_NE(v.feedback.find("a list of 2 numbers"), std::string::npos);
  EXPECT_NE(v.feedback.find("did not count as an attempt"), std::string::npos);
  Verdict unreadable = Grade("[a/2,, a/4]", r);
  EXPECT_EQ(unreadable.kind, Verdict::Kind::kInvalid);
  EXPECT_NE(unreadable.feedback.find("character"), std::string::npos);
}

TEST(Grading, DeepListsAreDescribedOnceALevel) {
  // 32 levels of brackets: the description is linear in the depth (it was 3^depth).
  GradeRequest r;
  r.expected = Quantity::Number(Exact(1));
  Verdict v = Grade(std::string(32, '[') + "1" + std::string(32, ']'), r);
  EXPECT_EQ(v.kind, Verdict::Kind::kInvalid);
  EXPECT_NE(v.feedback.find("a list nested 32 levels deep"), std::string::npos) << v.feedback;
  EXPECT_EQ(Grade(std::string(33, '(') + "1" + std::string(33, ')'), r).kind, Verdict::Kind::kInvalid);
  EXPECT_EQ(Grade(std::string(32, '(') + "1" + std::string(32, ')'), r).kind, Verdict::Kind::kCorrect);
}

TEST(Grading, ShapeMisconception) {
  GradeRequest r = Context();
  r.misconceptions.push_back(Misconception::Shape("context-width-is-positions", 3, "one per coordinate"));
  Verdict v = Grade("[a/2, a/4, 0]", r);
  EXPECT_EQ(v.kind, Verdict::Kind::kIncorrect);
  EXPECT_EQ(v.misconception, "context-width-is-positions");
  EXPECT_EQ(Grade("[a/2, a/4, 0, 0]", r).kind, Verdict::Kind::kInvalid);
}

TEST(Grading, DoubleOnlyValuesReadAtTheWrittenPrecision) {
  GradeRequest r;
  r.expected = Quantity::List({Quantity::Number(0.19996), Quantity::Number(0.12345)});
  EXPECT_EQ(Grade("[0.200, 0.123]", r).kind, Verdict::Kind::kCorrect);
  EXPECT_EQ(Grade("[0.2   0.123]", r).kind, Verdict::Kind::kCorrect);  // NumPy: 0.2 read as 0.200
  EXPECT_EQ(Grade("[0.2, 0.123]", r).kind, Verdict::Kind::kInvalid);   // each entry at its own places
  EXPECT_EQ(Grade("[0.2, 0.125]", r).kind, Verdict::Kind::kIncorrect);
  EXPECT_EQ(Grade("[0.2, 0.12]", r).kind, Verdict::Kind::kInvalid);  // 2 significant figures
}

TEST(Grading, Counts) {
  GradeRequest r;
  r.count = true;
  r.expected = Quantity::Number(Exact(1048576));
  for (const char* text : {"1048576", "1,048,576", "1 048 576", "2^20"}) {
    EXPECT_EQ(Grade(text, r).kind, Verdict::Kind::kCorrect) << text;
  }
  Verdict ambiguous = Grade("1,48,576", r);
  EXPECT_EQ(ambiguous.kind, Verdict::Kind::kInvalid);
  EXPECT_NE(ambiguous.feedback.find("groups digits in threes"), std::string::npos);
  EXPECT_EQ(Grade("1048576.5", r).kind, Verdict::Kind::kIncorrect);  // no rounding makes it right
  EXPECT_EQ(Grade("1.05e6", r).kind, Verdict::Kind::kInvalid);       // agrees, but not every digit
}

TEST(Grading, Positions) {
  GradeRequest r;
  r.position_labels = {"color", "key", "full_stop"};
  r.expected = Quantity::Position({"key", "full_stop"});
  for (const char* text : {"key", "2", "position 2", "Key", "full stop", "3", "the full-stop", "2: key"}) {
    EXPECT_EQ(Grade(text, r).kind, Verdict::Kind::kCorrect) << text;
  }
  EXPECT_EQ(Grade("colour", r).kind, Verdict::Kind::kInvalid);  // no such position here
  // Words the exercise declares for a position (position_words in the exercise file).
  r.position_synonyms = {{"colour", "color"}, {"\u94a5\u5319", "key"}};
  EXPECT_EQ(Grade("colour", r).kind, Verdict::Kind::kIncorrect);
  EXPECT_EQ(Grade("the colour", r).kind, Verdict::Kind::kIncorrect);
  EXPECT_EQ(Grade("\u94a5\u5319", r).kind, Verdict::Kind::kCorrect);
  EXPECT_EQ(Grade("position 7", r).kind, Verdict::Kind::kInvalid);
  EXPECT_EQ(Grade("2: color", r).kind, Verdict::Kind::kInvalid);
  // A key, value or state by its index, as an intro that names the keys k₁…k₃ writes them.
  for (const char* text : {"k2", "k\u2082", "K\u2082", "key 2", "k_2", "v2", "value 2", "h2", "state 2", "the k2"}) {
    EXPECT_EQ(Grade(text, r).kind, Verdict::Kind::kCorrect) << text;
  }
  EXPECT_EQ(Grade("k1", r).kind, Verdict::Kind::kIncorrect);
  for (const char* text : {"k4", "k0", "kk2", "q2", "k2x", "k\u2084"}) {
    EXPECT_EQ(Grade(text, r).kind, Verdict::Kind::kInvalid) << text;
  }
}

}  // namespace
}  // namespace attn
