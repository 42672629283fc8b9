// The working of a softmax (and of a naive one): the scaled scores where a temperature divides
// them, the positions a removal or a mask leaves out (the softmax runs over the rest: a removed
// position is no score), the total with each exponential written out, and the first weight. Where
// the exponentials overflow a double, that is said, and the stable route is shown instead: the
// largest score subtracted, the shifted scores' exponentials and their total.
#include <cmath>

#include "api/working_lines.h"

namespace attn {
namespace {

// Past this a double's exponential overflows (ln of the largest double, about 1.8 × 10^308).
constexpr double kLargestExponent = 709.78;

struct SoftmaxRead {
  const Value* scores = nullptr;  // the scores as given (a list)
  const Value* scaled = nullptr;  // the record's scaled scores
  const Value* weights = nullptr;
  std::string symbol;  // "e" without a temperature, else "s"
  std::string idx;     // the chapter's index: i (Chapter 19), j (Chapter 14)
};

std::string Exp(const Value& scaled, Eigen::Index j) { return "exp(" + EntryText(scaled, j, 0) + ")"; }

// "Position 3 (full stop) is removed: ..." for each position the softmax does not read.
std::vector<WorkingLine> LeftOut(const SoftmaxRead& r, const Value& scores_as_given) {
  std::vector<WorkingLine> out;
  std::string kept;
  Eigen::Index count = 0;
  for (Eigen::Index j = 0; j < r.weights->rows(); ++j) {
    if (r.weights->Eligible(0, j)) {
      kept += (kept.empty() ? "" : ", ") + std::to_string(j + 1);
      ++count;
      continue;
    }
    std::string what = PositionText(scores_as_given, j);
    what[0] = 'P';
    const bool removed = r.weights->role == MaskRole::kRemoval || scores_as_given.role == MaskRole::kRemoval;
    out.push_back({"", what +
                           (removed ? " is removed: its state is not read, so it has no score and no weight"
                                    : " is masked: it is not read, so it takes no part in the softmax") +
                           " (its weight is 0)."});
  }
  if (!out.empty())
    out.push_back({"", "The softmax runs over the " + std::string(count == 1 ? "position" : "positions") +
                           " left: " + kept + "."});
  return out;
}

}  // namespace

std::vector<WorkingLine> SoftmaxWorking(const WorkingStep& step) {
  const StepContext& c = *step.context;
  const Value& record = *step.value;
  SoftmaxRead r;
  r.scaled = record.Field("scaled");
  r.weights = record.Field("weights");
  const Value* given = c.Arg("scores");
  const Value* total = record.Field("denominator");
  if (!r.scaled || !r.weights || !given || !total || r.weights->rank != 1 || r.scaled->rank != 1) return {};
  const Value& scores = given->Main();
  const Value* temperature = c.Arg("temperature");
  r.symbol = temperature ? "s" : "e";
  r.idx = step.chapter == 14 ? "j" : "i";
  Eigen::Index first = -1;
  double top = -HUGE_VAL;
  for (Eigen::Index j = 0; j < r.weights->rows(); ++j) {
    if (!r.weights->Eligible(0, j)) continue;
    if (first < 0) first = j;
    top = std::max(top, r.scaled->approx(j, 0));
  }
  if (first < 0) return {};
  const std::string at = "_" + std::to_string(first + 1);
  std::vector<WorkingLine> out;
  if (temperature)
    out.push_back({"scaled", "$s" + at + " = e" + at + "/\\tau$ = " + EntryText(scores, first, 0) + " / " +
                                 FactorText(temperature->Main(), 0, 0) + " = " + EntryText(*r.scaled, first, 0)});
  for (auto& line : LeftOut(r, scores)) out.push_back({"exponentials", line.second});
  const std::string sum = "\\textstyle\\sum_" + std::string(r.idx == "j" ? "k" : "j");
  if (top > kLargestExponent) {
    // Overflow: said as overflow, then the stable route.
    out.push_back({"exponentials", "$\\exp(" + r.symbol + "_" + r.idx + ")$ overflows here: the largest score is " +
                                       NumberText(top) + ", and exp of anything above about 709.78 is beyond the " +
                                       "largest number a double holds (about 1.8 \u00d7 10^308)."});
    out.push_back({"exponentials", "The stable route: subtract the largest score, m = " + NumberText(top) +
                                       ", from every score first; the weights are the same, since exp(−m) cancels."});
    std::string shifted = "[", terms;
    double denominator = 0;
    for (Eigen::Index j = 0; j < r.weights->rows(); ++j) {
      if (!r.weights->Eligible(0, j)) continue;
      const double x = r.scaled->approx(j, 0) - top;
      shifted += (shifted.size() > 1 ? ", " : "") + NumberText(x);
      terms += (terms.empty() ? "" : " + ") + std::string("exp(") + NumberText(x) + ")";
      denominator += std::exp(x);
    }
    out.push_back({"exponentials", "Shifted scores $" + r.symbol + "_" + r.idx + " - m$: " + shifted + "]"});
    out.push_back({"exponentials", "Shifted total $" + sum + " \\exp(" + r.symbol + "_" + (r.idx == "j" ? "k" : "j") +
                                       " - m)$ = " + terms + " = " + NumberText(denominator)});
    out.push_back({"weights", "$\\alpha" + at + "$ = exp(" + NumberText(r.scaled->approx(first, 0) - top) + ") / " +
                                  NumberText(denominator) + " = " + EntryText(*r.weights, first, 0)});
    return out;
  }
  std::string terms;
  for (Eigen::Index j = 0; j < r.weights->rows(); ++j)
    if (r.weights->Eligible(0, j)) terms += (terms.empty() ? "" : " + ") + Exp(*r.scaled, j);
  out.push_back({"denominator", "Total = " + terms + " = " + EntryText(*total, 0, 0)});
  out.push_back({"weights", "$\\alpha" + at + "$ = " + Exp(*r.scaled, first) + " / " + FactorText(*total, 0, 0) +
                                " = " + EntryText(*r.weights, first, 0)});
  return out;
}

std::vector<WorkingLine> NaiveSoftmaxWorking(const WorkingStep& step) {
  const Value* given = step.context->Arg("scores");
  if (!given || given->Main().rank != 1) return {};
  const Value& scores = given->Main();
  double top = -HUGE_VAL;
  for (Eigen::Index j = 0; j < scores.rows(); ++j) top = std::max(top, scores.approx(j, 0));
  if (top <= kLargestExponent) return {};
  return {{"exponentials", "Taken as written, exp of the largest score, exp(" + NumberText(top) +
                               "), overflows: it is beyond the largest number a double holds (about 1.8 \u00d7 "
                               "10^308), so the exponentials and their total overflow."},
          {"weights", "An overflow divided by an overflow has no value, so each weight comes out not a number:"}};
}

}  // namespace attn
