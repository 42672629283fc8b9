// The working of one step of a worked solution (api/worked_solution.cc): written from the step's
// operation, by a table keyed by the operation's name, so that a teacher's exercise gets the same.
// Each operation that has working writes the formula in the chapter's notation, then the variant's
// numbers substituted for one entry (the first the step reads), every entry's result following on
// the step's own result lines. Numbers are written as the results are (exact where the exercise
// is, else in the one decimal format of DecimalString), negative factors in brackets, so that a
// substituted line can be read back and recomputed (tests/cpp/api/worked_solution_test.cc).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "exercises/computation.h"
#include "exercises/value.h"

namespace attn {

// What a step's working is written from.
struct WorkingStep {
  const Computation* computation = nullptr;
  const Values* values = nullptr;
  const StepContext* context = nullptr;
  const Value* value = nullptr;  // the step's value (a record for a softmax)
  int chapter = 19;              // the chapter's notation: 14 reads states h_j, 19 values v_i
};

// A line of working and the field of the step's value it comes before ("" for the value as a whole).
using WorkingLine = std::pair<std::string, std::string>;

// The step's working lines, in order; empty where its operation writes none.
std::vector<WorkingLine> WorkingLinesOf(const WorkingStep& step);

// One entry of a value as the working writes it: exact where the value's exact form is shown,
// else a decimal; in brackets when it is a negative factor.
std::string EntryText(const Value& v, Eigen::Index row, Eigen::Index col);
std::string FactorText(const Value& v, Eigen::Index row, Eigen::Index col);
// A decimal as the working writes it (DecimalString, with a minus sign).
std::string NumberText(double x);
// "position 3 (the full stop)", from a value's labels.
std::string PositionText(const Value& v, Eigen::Index i);

// The working of a softmax and of a naive softmax (api/working_softmax.cc); of a count
// (api/working_counts.cc).
std::vector<WorkingLine> SoftmaxWorking(const WorkingStep& step);
std::vector<WorkingLine> NaiveSoftmaxWorking(const WorkingStep& step);
std::vector<WorkingLine> CountWorking(const WorkingStep& step);
// The steps that decide an answer (api/working_decisions.cc): each removal's readout; a hull point's λ.
std::vector<WorkingLine> RemovalEffectWorking(const WorkingStep& step);
std::vector<WorkingLine> HullWorking(const WorkingStep& step);

}  // namespace attn
