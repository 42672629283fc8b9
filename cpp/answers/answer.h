// What a learner typed, once read: a number, a list of answers, or a word (NaN, inf).
// A number is one of three forms, and the form decides how it is judged:
//   exact      "2/5", "a/2", "ln(3)", "T*S*D_k": compared exactly;
//   decimal    "0.254", "9.8e-1", "25.4%", "4.00 MiB": an exact rational that remembers the
//              size of one unit in its last written place, compared at that precision;
//   evaluated  "e^0.5/(1+e^0.5)": no exact form exists here, so it is evaluated in long
//              double and compared to a stated relative tolerance.
// Produced by ParseAnswer in answer_parser.h.
#pragma once

#include <string>
#include <vector>

#include "core/exact.h"

namespace attn {

struct Answer {
  enum class Kind { kNumber, kList, kWord };
  Kind kind = Kind::kNumber;
  Exact value;                // kNumber: the value as written (not meaningful when evaluated)
  bool evaluated = false;     // kNumber: no exact form; `number` holds its value
  long double number = 0;     // kNumber, evaluated only
  long double unit = 0;       // kNumber: one unit in the last written place; 0 when exact
  int decimals = -1;          // kNumber: decimal places written (for the messages); -1: none
  int significant = 0;        // kNumber: significant figures shown (the fewest among its decimals)
  std::string unit_word;      // kNumber: a unit the learner wrote after it ("MiB"), if any
  bool big_o = false;         // written inside O(...)
  std::vector<Answer> items;  // kList
  std::string word;           // kWord

  static Answer Number(Exact v) {
    Answer a;
    a.value = std::move(v);
    return a;
  }
  static Answer Decimal(Exact v, long double unit, int decimals, int significant) {
    Answer a;
    a.value = std::move(v);
    a.unit = unit;
    a.decimals = decimals;
    a.significant = significant;
    return a;
  }
  static Answer Evaluated(long double x) {
    Answer a;
    a.evaluated = true;
    a.number = x;
    return a;
  }
  static Answer List(std::vector<Answer> items) {
    Answer a;
    a.kind = Kind::kList;
    a.items = std::move(items);
    return a;
  }
  bool is_list() const { return kind == Kind::kList; }
  bool is_decimal() const { return kind == Kind::kNumber && !evaluated && unit > 0; }
  // An evaluated number too large for a double (e^1000, read only where a value may overflow).
  bool BeyondDouble() const;
  // The value as a long double (nullopt for formulas in T, S, ... and for words).
  std::optional<long double> Value() const;
  // Significant figures a decimal x shows at a given unit: the digits of round(|x| / unit).
  static int SignificantOf(long double x, long double unit);
  // Every number inside, depth first.
  std::vector<const Answer*> Leaves() const;
  // How the answer was read, e.g. "[2/5, 2/5, 1/5]" or "0.3466".
  std::string ReadAs() const;
};

}  // namespace attn
