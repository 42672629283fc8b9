// A small, bounded reader for answers as people type them: integers, decimals, fractions,
// a / ln 2 / ln(2) / log(2), + - * / ^ and parentheses, implicit multiplication (2a/3,
// 2/3 a, 6ln2/5), unicode minus, times and divide, and lists written [x, y], (x, y) or
// x, y. Errors come back as values whose message points at the problem.
#pragma once

#include <set>
#include <string>
#include <string_view>

#include "answer.h"
#include "status.h"

namespace attn {

struct ParseOptions {
  // Names that stand for symbols in the answer; "a" is ln 2.
  std::set<std::string> symbols = {"a"};
  bool booleans = false;  // read true/false (any case) as 1/0, for masks
  bool nonfinite = false; // read nan / inf as words, so that a NaN answer can be named
  size_t max_length = 2000;
  int max_depth = 32;
  size_t max_items = 4096;
  int max_digits = 18;
};

Result<Answer> ParseAnswer(std::string_view text, const ParseOptions& options = {});

// Reads a tensor shape: "(8, 4, 64, 512)", "[8, 4, 64, 512]", "8×4×64×512", "8 x 4 x 64 x 512",
// "(5,)" or "5"; each entry a positive whole number.
Result<Answer> ParseShape(std::string_view text);

// Reads a count written with digit-group separators: "1,048,576", "1 048 576", "1048576".
// Returns nullopt when the text is not of that form; an error when the grouping is broken.
std::optional<Result<Answer>> ParseGroupedCount(std::string_view text);

}  // namespace attn
