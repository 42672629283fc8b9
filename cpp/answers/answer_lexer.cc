// The reader's lexer: numbers (with an exponent), names (log2 and log10 keep their
// digits), operators (** is ^), brackets, commas and NumPy's space separators.
#include "answers/answer_lexer.h"

#include <cctype>

namespace attn::reading {

Status Error(size_t position, const std::string& what) {
  return Status(ErrorCode::kParse, "could not read the answer at character " + std::to_string(position) + ": " + what);
}

std::string Lower(std::string_view s) {
  std::string out;
  for (char c : s) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

Result<std::vector<Token>> Lex(const std::string& s) {
  std::vector<Token> tokens;
  for (size_t i = 0; i < s.size();) {
    char c = s[i];
    size_t pos = i + 1;
    if (IsSpace(c)) {
      ++i;
    } else if (c == kSpaceSeparator) {
      tokens.push_back({Token::Type::kSpace, " ", pos});
      ++i;
    } else if (IsDigit(c) || c == '.') {
      size_t j = i;
      while (j < s.size() && (IsDigit(s[j]) || s[j] == '.')) ++j;
      // Scientific notation: 9.8e-1, 2E5 (an e followed by digits, with an optional sign).
      if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
        size_t k = j + 1;
        if (k < s.size() && (s[k] == '-' || s[k] == '+')) ++k;
        if (k < s.size() && IsDigit(s[k])) {
          while (k < s.size() && IsDigit(s[k])) ++k;
          j = k;
        }
      }
      tokens.push_back({Token::Type::kNumber, s.substr(i, j - i), pos});
      i = j;
    } else if (IsAlpha(c) || c == '_') {
      size_t j = i;
      while (j < s.size() && (IsAlpha(s[j]) || s[j] == '_')) ++j;
      std::string name = s.substr(i, j - i);
      // log2 and log10 keep their digits.
      for (const char* base : {"10", "2"}) {
        std::string_view b(base);
        if (Lower(name) == "log" && s.compare(j, b.size(), b) == 0) {
          name += base;
          j += b.size();
          break;
        }
      }
      tokens.push_back({Token::Type::kName, name, pos});
      i = j;
    } else if (c == '*' && i + 1 < s.size() && s[i + 1] == '*') {
      tokens.push_back({Token::Type::kOp, "^", pos});
      i += 2;
    } else {
      Token::Type type;
      switch (c) {
        case '+':
        case '-':
        case '*':
        case '/':
        case '^': type = Token::Type::kOp; break;
        case '%': type = Token::Type::kPercent; break;
        case '(': type = Token::Type::kOpen; break;
        case ')': type = Token::Type::kClose; break;
        case '[': type = Token::Type::kOpenBracket; break;
        case ']': type = Token::Type::kCloseBracket; break;
        case ',':
        case ';': type = Token::Type::kComma; break;
        default: return Error(pos, std::string("the character '") + c + "' is not part of the answer language");
      }
      tokens.push_back({type, std::string(1, c), pos});
      ++i;
    }
  }
  tokens.push_back({Token::Type::kEnd, "", s.size() + 1});
  return tokens;
}

}  // namespace attn::reading
