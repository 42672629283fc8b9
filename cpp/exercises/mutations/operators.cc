// Derived mistakes that put one operator for its neighbour (mutation.h): each Dial an operation
// declares it uses (Operation::dials) is tried at every step of that operation, with one sentence
// per dial about the operator, whatever the operation.
#include <algorithm>

#include "exercises/mutations/mutation.h"

namespace attn {
namespace {

bool MatrixRows(const Explaining& e) { return e.right && e.right->Main().rank == 2 && e.right->Main().rows() > 1; }

bool AnyNegative(const Value& v) {
  return v.Main().kind == Value::Kind::kNumbers && (v.Main().approx.array() < 0).any();
}

bool Excluding(const Explaining& e) { return e.right && !e.right->Main().eligible.empty(); }

struct DialWords {
  Dial dial;
  const char* tag;
  int rank;
  bool names_positions;
  std::string (*explain)(const Explaining& e, const Value& wrong);
};

std::string ExpAsIdentity(const Explaining& e, const Value& wrong) {
  const std::string exact = e.step && e.step->exact ? " (e^a = 2, e^0 = 1)" : "";
  if (e.noun == "exponentials")
    return "your exponentials are the scores themselves: take e to the power of each score" + exact + ".";
  return e.Comes() + " from dividing each score by the sum of the scores, without exponentiating them." +
         (AnyNegative(wrong) ? " Here that makes some weights negative." : "") +
         " Softmax takes e to the power of each score first" + exact +
         " and divides by the sum of those exponentials, so every weight is positive.";
}

std::string ExpBase2(const Explaining& e, const Value&) {
  return e.Comes() + " from raising 2, not e, to the power of each score. Softmax uses e: e^x, then divide by the sum.";
}

std::string DivideByCount(const Explaining& e, const Value&) {
  if (e.noun == "total")
    return e.Your() +
           " is the number of positions. Softmax divides each exponential by the sum of the exponentials, not by "
           "how many there are; only that sum makes the weights add up to 1.";
  return e.Comes() +
         " from dividing by the number of positions instead of by the sum of the exponentials. Only dividing by that "
         "sum gives weights that add up to 1.";
}

std::string NotNormalised(const Explaining& e, const Value&) {
  return e.Comes() +
         " from using the exponentials as the weights. Divide each by their sum, so that the weights add up to 1.";
}

std::string LogSoftmax(const Explaining& e, const Value&) {
  return e.Comes() +
         " from the log-softmax: the logarithm of each weight, which is never above 0. The weights themselves are "
         "the exponentials divided by their sum, each between 0 and 1.";
}

std::string Columns(const Explaining& e, const Value&) {
  if (!MatrixRows(e))
    return e.Comes() +
           " from normalising along the wrong axis: over the targets, of which there is one here, so each position is "
           "divided by itself and gets 1. A query's weights are normalised across the source positions, so that "
           "together they add up to 1.";
  if (e.noun == "axis")
    return "that is the axis a softmax down the columns would normalise, mixing different targets' weights. Each "
           "target's own weights must add up to 1.";
  if (Excluding(e))
    return e.Comes() +
           " from masking correctly but then normalising down the columns, across the rows, instead of along each "
           "row. Each row's eligible weights must add up to 1 across its own source positions.";
  return e.Comes() +
         " from normalising down the columns (over the target positions). Each target's weights must add up to 1 "
         "across the source positions, the last axis.";
}

std::string AllEntries(const Explaining& e, const Value&) {
  return e.Comes() +
         " from one softmax over every entry of the matrix at once, so all the entries together add up to 1. Each row "
         "is its own distribution: normalise row by row.";
}

std::string Base(const Explaining& e, const char* base) {
  return e.Your() + (e.plural ? " are" : " is") + " in " + base +
         ". This part asks for nats: use the natural logarithm, H = -Σ w ln w.";
}
std::string Log2(const Explaining& e, const Value&) { return Base(e, "bits (log base 2)"); }
std::string Log10(const Explaining& e, const Value&) { return Base(e, "log base 10"); }

std::string LnLeftOut(const Explaining& e, const Value&) {
  return e.Comes() +
         " from leaving out the logarithm at the end: n equal weights of 1/n give an entropy of ln n, not n. "
         "Entropy is measured in nats, H = -Σ w ln w.";
}

std::string ReluLeftOut(const Explaining& e, const Value&) {
  return e.Comes() +
         " from adding the embeddings up without the ReLU. After each step the encoder sets every negative coordinate "
         "to 0, and the next step adds to that.";
}

const std::vector<DialWords>& Dials() {
  static const std::vector<DialWords> dials = {
      {Dial::kExpAsIdentity, "scores-normalised", 32, false, ExpAsIdentity},
      {Dial::kExpBase2, "base-2", 36, false, ExpBase2},
      {Dial::kDivideByCount, "divided-by-count", 30, false, DivideByCount},
      {Dial::kNotNormalised, "exponentials-as-weights", 34, false, NotNormalised},
      {Dial::kLogSoftmax, "log-softmax", 37, false, LogSoftmax},
      {Dial::kColumns, "wrong-axis", 13, true, Columns},
      {Dial::kAllEntries, "all-entries", 15, false, AllEntries},
      {Dial::kLog2, "entropy-in-bits", 60, false, Log2},
      {Dial::kLog10, "entropy-in-log10", 61, false, Log10},
      {Dial::kLnLeftOut, "ln-left-out", 63, false, LnLeftOut},
      {Dial::kReluLeftOut, "relu-forgotten", 45, false, ReluLeftOut},
  };
  return dials;
}

void OtherOperator(const MutationSite& site, std::vector<Mutant>& out) {
  const Operation& op = *site.step_decl().op;
  for (const DialWords& words : Dials()) {
    if (std::find(op.dials.begin(), op.dials.end(), words.dial) == op.dials.end()) continue;
    StepContext c = site.context;
    c.dial = words.dial;
    auto value = site.Apply(c);
    if (!value.ok()) continue;
    const Value wrong = *value;
    auto explain = words.explain;
    Mutant m{words.tag, words.rank, words.names_positions, wrong, nullptr};
    m.explain = [explain, wrong](const Explaining& e) { return explain(e, wrong); };
    site.Add(out, std::move(m));
  }
}

}  // namespace

extern const Mutation kOtherOperator = {
    "neighbour-operator", "operators",
    "an operator put for its neighbour where the step uses it: e^x as x or 2^x, divided by the count or not "
    "normalised, log-softmax for softmax, down the columns or over every entry, log base 2 or 10 for ln, the "
    "logarithm left out, the ReLU left out",
    OtherOperator};

}  // namespace attn
