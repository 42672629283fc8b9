// What a learner typed, made ready for the lexer: pasted unicode operators as ASCII,
// NumPy's comma-less printout with its separators marked, a matrix typed one row a line
// as one list; and, after the grammar has read it, a printout's decimals read at the
// list's precision. Internal to cpp/answers/ (the checks on the raw text, CharacterCount,
// BracketDepth and JoinDigitGroups, are declared in answer_parser.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "answers/answer.h"
#include "core/status.h"

namespace attn::reading {

// Replaces the unicode operators people paste with their ASCII forms.
Result<std::string> Normalise(std::string_view text);

// NumPy prints arrays with spaces between entries and no commas: "[-0.1   0.98  0.39]",
// "[[ True False]]". When an answer has no comma and every entry is a plain number or
// True/False (at least two of them, or inside brackets), the runs of spaces between
// entries become separators. Returns nullopt when the answer is not of that form.
std::optional<std::string> NumpySeparated(const std::string& s);

// A matrix typed one bracketed row a line, "[1, 0]\n[0, 1]", with nothing between the rows
// but the line breaks: the rows of one list, "[[1, 0], [0, 1]]". nullopt when the text is
// not of that form (a single row, a comma or anything else between the rows).
std::optional<std::string> RowsByLine(const std::string& s);

// NumPy prints every entry of an array with the same number of decimals and then trims
// trailing zeros ("[0.123 0.2  ]"), so each decimal of a printout is read at the finest
// precision any entry shows.
void ReadAtListPrecision(Answer& answer);

}  // namespace attn::reading
