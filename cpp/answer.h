// What a learner typed, once read: a number (an exact value, remembering how many decimal
// places and significant figures its decimals were written with), a list of answers, or
// a word. Produced by ParseAnswer in answer_parser.h.
#pragma once

#include <string>
#include <vector>

#include "exact.h"

namespace attn {

struct Answer {
  enum class Kind { kNumber, kList, kWord };
  Kind kind = Kind::kNumber;
  Exact value;             // kNumber: the value, exactly as written
  int decimals = -1;       // kNumber: most decimal places in its decimal literals; -1: none
  int significant = 0;     // kNumber: most significant figures in its decimal literals
  std::vector<Answer> items;  // kList
  std::string word;           // kWord

  static Answer Number(Exact v, int decimals = -1, int significant = 0) {
    Answer a;
    a.value = std::move(v);
    a.decimals = decimals;
    a.significant = significant;
    return a;
  }
  static Answer List(std::vector<Answer> items) {
    Answer a;
    a.kind = Kind::kList;
    a.items = std::move(items);
    return a;
  }
  bool is_list() const { return kind == Kind::kList; }
  // The most decimal places / significant figures written anywhere inside.
  int MaxDecimals() const;
  int MaxSignificant() const;
  // How the answer was read, e.g. "[2/5, 2/5, 1/5]" or "0.3466".
  std::string ReadAs() const;
};

}  // namespace attn
