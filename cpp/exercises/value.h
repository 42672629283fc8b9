// A step's value: what one operation of a declared computation returns. Numbers (a scalar, a
// list or a matrix) in double and, where every entry has one, exactly; source positions;
// words (a source's tokens); or a record of named fields (a softmax's exponentials, total
// and weights; a memory's states and the positions it keeps).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "answers/quantity.h"
#include "core/attention.h"

namespace attn {

// Where a list of scores (or a matrix, row by row) may not be read, and why: a stored state
// removed from a frozen memory (Chapter 14), padding, or a local window. Each role names
// its mistakes in its own words.
enum class MaskRole { kNone, kRemoval, kPadding, kWindow, kCausal };

// How a value is answered: as numbers, or as a whole count, a count of bytes, a tensor shape.
enum class AnswerForm { kNumbers, kCount, kBytes, kShape };

struct Value {
  enum class Kind { kNumbers, kPositions, kWords, kRecord };
  Kind kind = Kind::kNumbers;

  // kNumbers: rank 0 (one number, a 1x1 matrix), 1 (a list, n x 1) or 2 (a matrix).
  int rank = 0;
  Mat<double> approx;
  std::optional<Mat<Exact>> exact;
  // Whether the exact form is part of the answer (Chapter 14, counts and shapes); an exact form
  // kept only to compare (ties in Chapter 19's scores) is not shown or asked for.
  bool exact_shown = true;
  AnswerForm form = AnswerForm::kNumbers;
  bool mask = false;  // entries are 1 (may be read) and 0 (may not): typed as 1/0 or true/false
  // Which entries may be read, row by row (one row for a list): empty when every entry may be.
  std::vector<std::vector<bool>> eligible;
  // A memory's rows (stored states) that are kept: empty when all are. A frozen removal keeps
  // the removed state's row, unread; the states a part asks for are the kept ones.
  std::vector<bool> kept_rows;
  MaskRole role = MaskRole::kNone;
  // The labels of the list's entries or the matrix's rows (source positions); empty: 1, 2, ...
  std::vector<std::string> labels;
  // A context's bounds, coordinate by coordinate: the least and greatest of the values it mixes
  // (what a readout of it can be); empty when unknown.
  std::vector<double> low, high;

  // kPositions: the right positions (every tied one), and every label an answer may name.
  std::vector<std::string> positions;
  bool all_required = false;
  std::vector<std::string> position_labels;
  std::vector<std::string> position_names;
  std::vector<std::pair<std::string, std::string>> position_synonyms;
  bool positions_by_number = true;
  std::string accepted_rule;  // where any of several positions is right: the rule that made it so
  bool choice = false;        // choices (letters, yes or no, policies, axes), not source positions

  // kWords: a source's tokens, or one word (a score function's name).
  std::vector<std::string> words;

  // kRecord: named fields (names and values side by side: a vector of the type being defined is
  // allowed, a vector of pairs holding it is not); `main` is the one used where the step is an
  // argument as a whole.
  std::vector<std::string> field_names;
  std::vector<Value> field_values;
  std::string main;

  // Builders.
  static Value Scalar(double x);
  static Value Scalar(const Exact& x);
  template <class S>
  static Value List(const Vec<S>& v);
  template <class S>
  static Value Matrix(const Mat<S>& m);
  static Value Positions(std::vector<std::string> right, std::vector<std::string> labels);
  static Value Choice(std::vector<std::string> right, std::vector<std::string> labels);
  static Value Words(std::vector<std::string> words);
  static Value Record(std::vector<std::pair<std::string, Value>> fields, std::string main);

  bool is_numbers() const { return kind == Kind::kNumbers; }
  bool has_exact() const { return kind == Kind::kNumbers && exact.has_value(); }
  Eigen::Index rows() const { return approx.rows(); }
  Eigen::Index cols() const { return approx.cols(); }
  Eigen::Index size() const { return approx.size(); }
  // The field by name (nullptr when there is none), and the value used as a whole.
  const Value* Field(const std::string& name) const;
  Value* MutableField(const std::string& name);
  const Value& Main() const;
  // Whether entry (row, col) may be read.
  bool Eligible(Eigen::Index row, Eigen::Index col) const;
  // Every number finite (a record: its main value).
  bool Finite() const;
  // The value without an exact form (decimal arithmetic from here on).
  Value Approximate() const;

  // What a part is graded against: numbers as exact or decimal quantities (a list of lists for
  // a matrix; a value that is not finite as NaN or inf), positions, a record's main value.
  // A memory's states list the positions it keeps.
  Quantity ToQuantity() const;
  // Whether two values are the same answer (as Quantity::SameAs).
  bool SameAs(const Value& other) const;
};

// The numbers of a value as a list, a matrix or one number in scalar S: S = Exact needs the
// exact form. An error names `what` when the value is not of that shape.
template <class S>
Result<Vec<S>> VectorOf(const Value& v, const std::string& what);
template <class S>
Result<Mat<S>> MatrixOf(const Value& v, const std::string& what);
template <class S>
Result<S> ScalarOf(const Value& v, const std::string& what);
// A whole number (a count, a size, a position).
Result<int64_t> IntegerOf(const Value& v, const std::string& what);

}  // namespace attn
