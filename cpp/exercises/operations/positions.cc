// Operations whose answer is a position or a set of positions: "largest" (where a list is
// greatest, every tied position named, compared exactly where the numbers are exact),
// "positions_of" (where a mask lets the read look), "entry" (one position's number), and
// "normalised_axis" (the axis along which a matrix of weights adds up to 1).
#include <algorithm>
#include <cmath>

#include "exercises/operations/kit.h"

namespace attn {
namespace ops {
namespace {

// The positions where the list is greatest, among those that may be read.
Result<Value> ApplyLargest(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(of, c.Need("of"));
  const Value& v = of->Main();
  if (v.kind != Value::Kind::kNumbers || v.rank != 1) return Status(ErrorCode::kInvalidInput, "largest needs a list");
  const Eigen::Index n = v.rows();
  std::vector<std::string> labels = LabelsOf(v, n);
  std::optional<Eigen::Index> best;
  auto greater = [&](Eigen::Index i, Eigen::Index j) {
    if (v.exact) return SignOf((*v.exact)(i, 0) - (*v.exact)(j, 0)) > 0;
    return v.approx(i, 0) > v.approx(j, 0);
  };
  auto equal = [&](Eigen::Index i, Eigen::Index j) {
    if (v.exact) return (*v.exact)(i, 0) == (*v.exact)(j, 0);
    return v.approx(i, 0) == v.approx(j, 0);
  };
  for (Eigen::Index i = 0; i < n; ++i)
    if (v.Eligible(0, i) && (!best || greater(i, *best))) best = i;
  if (!best) return Status(ErrorCode::kEmptyMemory, "no position may be read");
  std::vector<std::string> right;
  for (Eigen::Index i = 0; i < n; ++i)
    if (v.Eligible(0, i) && equal(i, *best)) right.push_back(labels[static_cast<size_t>(i)]);
  return Value::Positions(right, labels);
}

// The positions a mask lets the read look at, all of them to be named.
Result<Value> ApplyPositionsOf(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(mask, c.Need("mask"));
  const Value& m = mask->Main();
  if (m.kind != Value::Kind::kNumbers || m.rank != 1)
    return Status(ErrorCode::kInvalidInput, "positions_of needs a mask");
  std::vector<std::string> labels = NumberLabels(m.rows()), right;
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    if (m.approx(i, 0) == 1) right.push_back(labels[static_cast<size_t>(i)]);
  Value out = Value::Positions(right, labels);
  out.all_required = true;
  return out;
}

// One entry of a list (or of a row of a matrix), by position.
Result<Value> ApplyEntry(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(of, c.Need("of"));
  const Value& v = of->Main();
  if (v.kind != Value::Kind::kNumbers || v.rank == 0) return Status(ErrorCode::kInvalidInput, "entry needs a list");
  const Eigen::Index cols = v.rank == 1 ? v.rows() : v.cols();
  ATTN_ASSIGN_OR_RETURN(s, PositionIn(c.Word("position"), LabelsOf(v, cols)));
  Eigen::Index r = 0;
  if (v.rank == 2) {
    ATTN_ASSIGN_OR_RETURN(row, PositionIn(c.Word("row", "1"), NumberLabels(v.rows())));
    r = row;
  }
  const Eigen::Index i = v.rank == 1 ? s : r, j = v.rank == 1 ? 0 : s;
  Value out = v.exact ? Value::Scalar((*v.exact)(i, j)) : Value::Scalar(v.approx(i, j));
  out.exact_shown = v.exact_shown;
  return out;
}

// Along which axis the weights add up to 1: the source axis (each row), else the target axis.
Result<Value> ApplyNormalisedAxis(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(w, c.Need("weights"));
  const Value& v = w->Main();
  if (v.kind != Value::Kind::kNumbers || v.rank != 2) return Status(ErrorCode::kInvalidInput, "an axis needs a matrix");
  bool rows_sum_to_one = ((v.approx.rowwise().sum().array() - 1.0).abs() < 1e-9).all();
  Value out = Value::Choice({rows_sum_to_one ? "source" : "target"}, {"batch", "target", "source"});
  // Axes by name, or as PyTorch's negative index; a plain number is ambiguous (0- or 1-based).
  out.positions_by_number = false;
  out.position_synonyms = {
      {"-1", "source"},      {"dim=-1", "source"},   {"dim = -1", "source"},    {"dim -1", "source"},
      {"axis=-1", "source"}, {"axis -1", "source"},  {"last", "source"},        {"last_axis", "source"},
      {"s", "source"},       {"sources", "source"},  {"source_axis", "source"}, {"-2", "target"},
      {"t", "target"},       {"targets", "target"},  {"target_axis", "target"}, {"-3", "batch"},
      {"b", "batch"},        {"batch_axis", "batch"}};
  return out;
}

// Normalising across targets or batch items, named on any variant: it is the axis question's
// own mistake.
Result<WrongResult> AcrossOtherAxis(const StepContext& c, const Value& right) {
  Value out = right;
  out.positions = {"batch", "target"};
  (void)c;
  return Wrong(out);
}

std::string AcrossOtherAxisWords(const Explaining&) {
  return "that axis keeps the tensor's shape but normalises across targets or batch items, mixing distributions "
         "that should be separate: each target position needs its own distribution over the sources.";
}

}  // namespace
}  // namespace ops

using namespace ops;

extern const Operation kLargestOperation = {
    "largest",
    "The position (or every tied position) where a list is greatest, among those that may be read; compared "
    "exactly where the numbers are exact.",
    {{"of", ArgSpec::Kind::kValue, true, "the list (weights or scores)"}},
    {{"", "position", false}},
    ApplyLargest,
    {},
};

extern const Operation kPositionsOfOperation = {
    "positions_of",
    "The positions a mask lets the read look at (every one to be named).",
    {{"mask", ArgSpec::Kind::kValue, true, "a mask: 1 where a position may be read"}},
    {{"", "positions", true}},
    ApplyPositionsOf,
    {},
};

extern const Operation kEntryOperation = {
    "entry",
    "One position's number in a list (or in a row of a matrix).",
    {{"of", ArgSpec::Kind::kValue, true, "the list or matrix"},
     {"position", ArgSpec::Kind::kWord, true, "the position: its label, or its number from 1"},
     {"row", ArgSpec::Kind::kWord, false, "the row of a matrix, from 1 (1 if not given)"}},
    {{"", "weight", false}},
    ApplyEntry,
    {},
};

extern const Operation kNormalisedAxisOperation = {
    "normalised_axis",
    "The axis along which a matrix of weights adds up to 1: source (each row) or target (each column).",
    {{"weights", ArgSpec::Kind::kValue, true, "the weights, one row a target"}},
    {{"", "axis", false}},
    ApplyNormalisedAxis,
    {
        {"wrong-axis", nullptr, 13, true, AcrossOtherAxis, AcrossOtherAxisWords},
    },
};

}  // namespace attn
