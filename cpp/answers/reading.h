// One typed answer, read once as its part reads it: the raw text's bounds (UTF-8, length, bracket
// depth), digit groups, a unit after a count, a tensor shape, a position or a set of positions,
// or a value. Everything the judge says about the answer afterwards (judge.h) is said of this
// reading; nothing reads the text again.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "answers/answer.h"
#include "answers/answer_units.h"

namespace attn {

struct GradeRequest;

struct Reading {
  enum class Kind { kUnreadable, kValue, kPosition, kPositionSet };
  Kind kind = Kind::kUnreadable;
  std::string message;  // kUnreadable: why, as a sentence
  std::string read_as;  // kUnreadable: how much of it was read, if anything
  Answer value;         // kValue: as read, units converted
  std::optional<UnitSplit> unit;
  std::string label;                // kPosition: the position's label
  std::vector<std::string> labels;  // kPositionSet: the positions chosen, in source order
};

Reading ReadAnswer(std::string_view text, const GradeRequest& request);

}  // namespace attn
