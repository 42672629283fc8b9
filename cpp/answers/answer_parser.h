// A small, bounded reader for answers as people type them:
//   numbers       3, -2, 0.3466, .5, 2/5, 9.8e-1, 50%, and the symbols the part allows
//                 (a = ln 2 in Chapter 14; T, S, D_k, ... in cost formulas; a given symbol
//                 such as B = 8 stands for its value);
//   arithmetic    + - * / ^ (also **) and parentheses; implicit multiplication between a
//                 number and a symbol or a parenthesis (2a/3, 2(a/4)), never between two
//                 numbers: "0.5 2" is two entries, not a product;
//   functions     e, e^x, exp, ln and log (natural), sqrt, O(...) around a cost formula;
//   lists         [x, y], (x, y) or x, y; NumPy's comma-less printout "[0.1 0.25]" and
//                 "[[ True False]]" (read at the list's precision, as NumPy prints it).
// Unicode minus, times, divide and dots are read as - * /. Errors come back as values
// whose message points at the problem. Every bound is counted in characters.
// The reader's parts: answer_text (the raw text's checks, pasted operators, NumPy's
// printout, rows typed one a line), answer_lexer (tokens), answer_numbers (one typed
// number), answer_parser.cc (the grammar) and shape_and_count.cc (shapes, grouped counts).
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>

#include "answers/answer.h"
#include "core/status.h"

namespace attn {

struct ParseOptions {
  // Names that stand for symbols in the answer; "a" is ln 2.
  std::set<std::string> symbols = {"a"};
  // Names that stand for a given value (the exercise's B = 8, ...).
  std::map<std::string, Exact> values;
  bool booleans = false;     // read true/false (any case) as 1/0, for masks
  bool nonfinite = false;    // read nan / inf as words, so that a NaN answer can be named
  size_t max_length = 2000;  // characters
  int max_depth = 32;        // levels of brackets and nested operators
  size_t max_items = 4096;   // entries in all lists together
  int max_digits = 18;       // digits in one number
};

Result<Answer> ParseAnswer(std::string_view text, const ParseOptions& options = {});

// Reads a tensor shape: "(8, 4, 64, 512)", "[8, 4, 64, 512]", "8×4×64×512", "8 x 4 x 64 x 512",
// "(5,)" or "5"; each entry a positive whole number.
Result<Answer> ParseShape(std::string_view text, const ParseOptions& options = {});

// Reads a count written with digit-group separators: "1,048,576", "1 048 576", "1048576".
// Returns nullopt when the text is not of that form.
std::optional<Result<Answer>> ParseGroupedCount(std::string_view text);

// How many times the parser (ParseAnswer, ParseShape) read a text equal to `watched` since the
// last WatchReads: the test that one grade reads its answer once counts with it.
void WatchReads(std::string watched);
int ReadsOfWatched();
void NoteRead(std::string_view text);  // the parser's own count
namespace reading {
// ParseAnswer without counting the read (for a reader that has counted it: ParseShape).
Result<Answer> ParseUncounted(std::string_view text, const ParseOptions& options);
}  // namespace reading

// The deepest nesting of brackets, ( and [ alike, in a text (unbalanced ones counted as
// they open), so that every kind of answer meets the same bound.
int BracketDepth(std::string_view text);

// The text with each typographic space (no-break U+00A0, thin U+2009, narrow no-break
// U+202F) that groups digits in threes removed: "2\u202f196" is 2196, as typeset pages
// print it. Other typographic spaces are left for the reader, which reads them as spaces.
std::string JoinDigitGroups(std::string_view text);

// The length of a UTF-8 text in characters (code points); nullopt when it is not UTF-8.
std::optional<size_t> CharacterCount(std::string_view text);

}  // namespace attn
