// The reader's tokens: what a learner's answer is cut into before the grammar
// (answer_parser.cc) reads it, with the character classes the reader's files share.
// Internal to cpp/answers/.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace attn::reading {

// The separator that NumPy's printout puts between entries (a run of spaces), once recognised.
constexpr char kSpaceSeparator = '\x1f';

struct Token {
  enum class Type { kNumber, kName, kOp, kPercent, kOpen, kClose, kOpenBracket, kCloseBracket, kComma, kSpace, kEnd };
  Type type;
  std::string text;
  size_t position;  // 1-based character position in the normalised text
};

// An error at a 1-based character position of the normalised text.
Status Error(size_t position, const std::string& what);

inline bool IsDigit(char c) { return c >= '0' && c <= '9'; }
inline bool IsAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
inline bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
std::string Lower(std::string_view s);

// The normalised text (answer_text.h) as tokens, ending with a kEnd token.
Result<std::vector<Token>> Lex(const std::string& s);

}  // namespace attn::reading
