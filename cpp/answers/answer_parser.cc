// Lexer and recursive-descent parser for learners' answers.
#include "answers/answer_parser.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <vector>

#include "answers/answer_functions.h"

namespace attn {
namespace {

// The separator that NumPy's printout puts between entries (a run of spaces), once recognised.
constexpr char kSpaceSeparator = '\x1f';

struct Token {
  enum class Type { kNumber, kName, kOp, kPercent, kOpen, kClose, kOpenBracket, kCloseBracket, kComma, kSpace, kEnd };
  Type type;
  std::string text;
  size_t position;  // 1-based character position in the normalised text
};

Status Error(size_t position, const std::string& what) {
  return Status(ErrorCode::kParse, "could not read the answer at character " + std::to_string(position) + ": " + what);
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string Lower(std::string_view s) {
  std::string out;
  for (char c : s) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::optional<size_t> CharacterCount(std::string_view text) {
  size_t count = 0;
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > text.size()) return std::nullopt;
    for (size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return std::nullopt;
    i += len;
    ++count;
  }
  return count;
}

int BracketDepth(std::string_view text) {
  int depth = 0, deepest = 0;
  for (char c : text) {
    if (c == '(' || c == '[') deepest = std::max(deepest, ++depth);
    if ((c == ')' || c == ']') && depth > 0) --depth;
  }
  return deepest;
}

std::string JoinDigitGroups(std::string_view text) {
  static const std::string_view kSpaces[] = {"\u00A0", "\u2009", "\u202F"};
  auto space_at = [&](size_t i) -> size_t {
    for (std::string_view sp : kSpaces)
      if (text.substr(i, sp.size()) == sp) return sp.size();
    return 0;
  };
  std::string out;
  for (size_t i = 0; i < text.size();) {
    size_t width = space_at(i);
    if (width > 0 && !out.empty() && IsDigit(out.back())) {
      // A group: exactly three digits, then no further digit.
      size_t j = i + width, digits = 0;
      while (j < text.size() && IsDigit(text[j])) ++j, ++digits;
      if (digits == 3) {
        i += width;
        continue;
      }
    }
    out += text[i];
    ++i;
  }
  return out;
}

namespace {

// Replaces the unicode operators people paste with their ASCII forms.
Result<std::string> Normalise(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (c < 0x20 && !IsSpace(static_cast<char>(c)))
        return Error(out.size() + 1, "a control character is not part of an answer");
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    struct Map {
      std::string_view from;
      std::string_view to;
    };
    static const Map maps[] = {{"\u2212", "-"}, {"\u2013", "-"}, {"\u00D7", "*"}, {"\u00F7", "/"}, {"\u00B7", "*"},
                               {"\u22C5", "*"}, {"\u00A0", " "}, {"\u2009", " "}, {"\u202F", " "}, {"\u221A", "sqrt"}};
    bool mapped = false;
    for (const auto& m : maps) {
      if (text.substr(i, m.from.size()) == m.from) {
        out += m.to;
        i += m.from.size();
        mapped = true;
        break;
      }
    }
    if (!mapped) {
      size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
      return Error(out.size() + 1,
                   "the character '" + std::string(text.substr(i, len)) + "' is not part of the answer language");
    }
  }
  return out;
}

// One entry of a NumPy printout: a number (sign, digits, point, exponent) or True/False.
bool NumpyEntry(std::string_view s) {
  std::string lower = Lower(s);
  if (lower == "true" || lower == "false") return true;
  size_t i = 0;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
  size_t digits = 0;
  while (i < s.size() && IsDigit(s[i])) ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && IsDigit(s[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    size_t exponent = 0;
    while (i < s.size() && IsDigit(s[i])) ++i, ++exponent;
    if (exponent == 0) return false;
  }
  return i == s.size();
}

// NumPy prints arrays with spaces between entries and no commas: "[-0.1   0.98  0.39]",
// "[[ True False]]". When an answer has no comma and every entry is a plain number or
// True/False (at least two of them, or inside brackets), the runs of spaces between
// entries become separators. Returns nullopt when the answer is not of that form.
std::optional<std::string> NumpySeparated(const std::string& s) {
  if (s.find(',') != std::string::npos || s.find(';') != std::string::npos) return std::nullopt;
  bool brackets = s.find('[') != std::string::npos;
  std::vector<std::pair<size_t, size_t>> entries;  // [start, end)
  for (size_t i = 0; i < s.size();) {
    char c = s[i];
    if (IsSpace(c) || c == '[' || c == ']') {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < s.size() && !IsSpace(s[j]) && s[j] != '[' && s[j] != ']') ++j;
    if (!NumpyEntry(std::string_view(s).substr(i, j - i))) return std::nullopt;
    entries.emplace_back(i, j);
    i = j;
  }
  if (entries.size() < (brackets ? 1u : 2u)) return std::nullopt;
  std::string out;
  size_t copied = 0;
  auto separates = [&](size_t from, size_t to) {
    // Between an entry (or ']') and the next entry (or '['), with only spaces between.
    char before = from > 0 ? s[from - 1] : '\0';
    char after = to < s.size() ? s[to] : '\0';
    bool ends = before == ']' || (from > 0 && !IsSpace(before) && before != '[');
    bool starts = after == '[' || (after != '\0' && !IsSpace(after) && after != ']');
    return ends && starts;
  };
  for (size_t i = 0; i < s.size();) {
    if (!IsSpace(s[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < s.size() && IsSpace(s[j])) ++j;
    if (separates(i, j)) {
      out += s.substr(copied, i - copied);
      out += kSpaceSeparator;
      copied = j;
    }
    i = j;
  }
  out += s.substr(copied);
  // "][" with no space between rows, as in "[[1 0][0 1]]".
  std::string joined;
  for (size_t i = 0; i < out.size(); ++i) {
    joined += out[i];
    if (out[i] == ']' && i + 1 < out.size() && out[i + 1] == '[') joined += kSpaceSeparator;
  }
  return joined;
}

// A matrix typed one bracketed row a line, "[1, 0]\n[0, 1]", with nothing between the rows
// but the line breaks: the rows of one list, "[[1, 0], [0, 1]]". nullopt when the text is
// not of that form (a single row, a comma or anything else between the rows).
std::optional<std::string> RowsByLine(const std::string& s) {
  // Without commas it is NumPy's printout, which NumpySeparated reads.
  if (s.find('\n') == std::string::npos || s.find(',') == std::string::npos) return std::nullopt;
  std::vector<std::string> rows;
  bool broke = false;
  for (size_t i = 0; i < s.size();) {
    if (IsSpace(s[i])) {
      broke = broke || s[i] == '\n';
      ++i;
      continue;
    }
    if (s[i] != '[' || (!rows.empty() && !broke)) return std::nullopt;
    int depth = 0;
    size_t j = i;
    for (; j < s.size(); ++j) {
      depth += s[j] == '[' ? 1 : s[j] == ']' ? -1 : 0;
      if (depth == 0) break;
    }
    if (j == s.size()) return std::nullopt;
    rows.push_back(s.substr(i, j + 1 - i));
    broke = false;
    i = j + 1;
  }
  if (rows.size() < 2) return std::nullopt;
  std::string out = "[";
  for (size_t r = 0; r < rows.size(); ++r) out += (r ? ", " : "") + rows[r];
  return out + "]";
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

// NumPy prints every entry of an array with the same number of decimals and then trims
// trailing zeros ("[0.123 0.2  ]"), so each decimal of a printout is read at the finest
// precision any entry shows.
void ReadAtListPrecision(Answer& answer) {
  std::vector<Answer*> decimals;
  std::vector<Answer*> stack = {&answer};
  while (!stack.empty()) {
    Answer* a = stack.back();
    stack.pop_back();
    if (a->is_list()) {
      for (auto& item : a->items) stack.push_back(&item);
    } else if (a->is_decimal()) {
      decimals.push_back(a);
    }
  }
  if (decimals.empty()) return;
  long double unit = decimals[0]->unit;
  int places = decimals[0]->decimals;
  for (const Answer* d : decimals) {
    unit = std::min(unit, d->unit);
    places = std::max(places, d->decimals);
  }
  for (Answer* d : decimals) {
    d->unit = unit;
    d->decimals = places;
    d->significant = Answer::SignificantOf(d->Value().value_or(0), unit);
  }
}

class Parser {
 public:
  Parser(std::vector<Token> tokens, const ParseOptions& options) : tokens_(std::move(tokens)), options_(options) {}

  Result<Answer> Top() {
    ATTN_ASSIGN_OR_RETURN(items, ListBody(Token::Type::kEnd));
    if (Peek().type != Token::Type::kEnd) return Error(Peek().position, "unexpected '" + Peek().text + "'");
    if (items.size() == 1) return items[0];
    return Answer::List(std::move(items));
  }

 private:
  const Token& Peek() const { return tokens_[index_]; }
  const Token& Next() { return tokens_[index_++]; }
  bool PeekOp(char op) const { return Peek().type == Token::Type::kOp && Peek().text[0] == op; }

  // The recursion guard: every nested operation (a sign, a power, a bracket) takes a level;
  // a bracket takes two, so brackets meet their own bound (OpenBracket) first.
  Status Deeper() {
    if (++depth_ > 4 * options_.max_depth + 16) {
      return Error(Peek().position, "the answer chains too many signs or operations inside one another");
    }
    return Status();
  }

  // Brackets, (...) and [...], nest at most max_depth levels.
  Status OpenBracket() {
    if (++brackets_ > options_.max_depth) {
      return Error(Peek().position,
                   "the answer is nested more than " + std::to_string(options_.max_depth) + " levels of brackets deep");
    }
    return Status();
  }

  // expr (sep expr)* up to (not including) the closing token; sep is a comma or, in a
  // NumPy printout, a run of spaces.
  Result<std::vector<Answer>> ListBody(Token::Type close) {
    std::vector<Answer> items;
    if (Peek().type == close && close != Token::Type::kEnd) return items;
    while (true) {
      ATTN_ASSIGN_OR_RETURN(item, Expr());
      items.push_back(std::move(item));
      if (++entries_ > options_.max_items) {
        return Error(Peek().position, "the answer may hold at most " + std::to_string(options_.max_items) + " entries");
      }
      if (Peek().type == Token::Type::kNumber) {
        return Error(Peek().position,
                     "a space between two numbers neither multiplies them nor separates "
                     "entries here: write * to multiply, or commas between list entries");
      }
      if (Peek().type != Token::Type::kComma && Peek().type != Token::Type::kSpace) break;
      Next();
      if (Peek().type == close || Peek().type == Token::Type::kEnd) {
        return Error(Peek().position, "an entry is missing after the last comma");
      }
    }
    return items;
  }

  static Status NotAList(const Token& t) { return Error(t.position, "a list cannot take part in arithmetic here"); }

  static Status CheckOperands(const Answer& x, const Answer& y, const Token& op) {
    if (x.is_list() || y.is_list()) return NotAList(op);
    if (x.kind == Answer::Kind::kWord || y.kind == Answer::Kind::kWord) {
      return Error(op.position, (x.kind == Answer::Kind::kWord ? x.word : y.word) +
                                    " is not a number and cannot take part in arithmetic");
    }
    return Status();
  }

  // The result of an operation on x and y: exact where possible, else evaluated. `exact` is
  // the exact result (possibly an error value), `number` computes the value numerically, and
  // `propagate` the size of the result's last-place unit from the operands'.
  template <class Numeric, class Propagate>
  Result<Answer> Combine(const Answer& x, const Answer& y, const Exact& exact, const Token& at, Numeric number,
                         Propagate propagate) {
    Answer out;
    if (!x.evaluated && !y.evaluated && exact.valid()) {
      out = Answer::Number(exact);
    } else if (!x.evaluated && !y.evaluated && exact.status().code() != ErrorCode::kNotExact) {
      return Error(at.position, exact.status().message());
    } else {
      auto vx = x.Value(), vy = y.Value();
      if (!vx || !vy) {
        return Error(at.position, (exact.valid() ? std::string("this") : exact.status().message()) +
                                      "; a formula in symbols cannot be evaluated as a number");
      }
      long double v = number(*vx, *vy);
      if (!std::isfinite(v)) return Error(at.position, "the value is not a finite number");
      out = Answer::Evaluated(v);
    }
    out.big_o = x.big_o || y.big_o;
    out.unit_word = x.unit_word.empty() ? y.unit_word : x.unit_word;
    if (x.unit > 0 || y.unit > 0) {
      auto vx = x.Value(), vy = y.Value();
      if (vx && vy) {
        out.unit = propagate(*vx, *vy, x.unit, y.unit);
        out.decimals = std::max(x.decimals, y.decimals);
        // The combination shows as many significant figures as its least precise decimal.
        out.significant = std::min(x.unit > 0 ? x.significant : 99, y.unit > 0 ? y.significant : 99);
      }
    }
    return out;
  }

  Result<Answer> Expr() {
    ATTN_RETURN_IF_ERROR(Deeper());
    ATTN_ASSIGN_OR_RETURN(left, Term());
    while (PeekOp('+') || PeekOp('-')) {
      const Token& op = Next();
      ATTN_ASSIGN_OR_RETURN(right, Term());
      ATTN_RETURN_IF_ERROR(CheckOperands(left, right, op));
      bool plus = op.text[0] == '+';
      Exact exact = plus ? left.value + right.value : left.value - right.value;
      ATTN_ASSIGN_OR_RETURN(
          sum, Combine(
                   left, right, exact, op, [plus](long double a, long double b) { return plus ? a + b : a - b; },
                   [](long double, long double, long double ua, long double ub) { return ua + ub; }));
      left = std::move(sum);
    }
    --depth_;
    return left;
  }

  // Implicit multiplication: a factor that starts with a name or a parenthesis, never a number.
  bool StartsImplicitFactor() const {
    auto t = Peek().type;
    return t == Token::Type::kName || t == Token::Type::kOpen;
  }

  Result<Answer> Term() {
    ATTN_ASSIGN_OR_RETURN(left, Unary());
    while (PeekOp('*') || PeekOp('/') || StartsImplicitFactor()) {
      Token op = StartsImplicitFactor() ? Token{Token::Type::kOp, "*", Peek().position} : Next();
      ATTN_ASSIGN_OR_RETURN(right, Unary());
      ATTN_RETURN_IF_ERROR(CheckOperands(left, right, op));
      bool times = op.text == "*";
      if (!times && !right.evaluated && right.value.is_zero()) return Error(op.position, "division by zero");
      Exact exact = times ? left.value * right.value : left.value / right.value;
      ATTN_ASSIGN_OR_RETURN(
          product, Combine(
                       left, right, exact, op, [times](long double a, long double b) { return times ? a * b : a / b; },
                       [times](long double a, long double b, long double ua, long double ub) {
                         return times ? std::fabs(a) * ub + std::fabs(b) * ua
                                      : (ua + std::fabs(a / b) * ub) / std::fabs(b);
                       }));
      left = std::move(product);
    }
    return left;
  }

  Result<Answer> Unary() {
    if (PeekOp('-') || PeekOp('+')) {
      const Token& op = Next();
      ATTN_RETURN_IF_ERROR(Deeper());
      ATTN_ASSIGN_OR_RETURN(inner, Unary());
      --depth_;
      if (inner.is_list()) return NotAList(op);
      if (inner.kind == Answer::Kind::kWord) {
        if (op.text == "-" && inner.word == "inf") inner.word = "-inf";
        return inner;
      }
      if (op.text == "-") {
        inner.value = -inner.value;
        inner.number = -inner.number;
      }
      return inner;
    }
    return Power();
  }

  Result<Answer> Power() {
    size_t start = index_;
    ATTN_ASSIGN_OR_RETURN(base, Postfix());
    if (!PeekOp('^')) return base;
    bool base_is_e = index_ == start + 1 && tokens_[start].type == Token::Type::kName && tokens_[start].text == "e";
    const Token& op = Next();
    ATTN_RETURN_IF_ERROR(Deeper());
    ATTN_ASSIGN_OR_RETURN(exponent, Unary());
    --depth_;
    ATTN_RETURN_IF_ERROR(CheckOperands(base, exponent, op));
    if (base_is_e) return Apply("exp", exponent, op);
    Exact exact = Exact::Error(ErrorCode::kNotExact, "a power with a fractional exponent has no exact form here");
    auto k = exponent.evaluated ? std::nullopt : exponent.value.constant();
    if (k && k->is_integer() && !base.evaluated) {
      if (k->num() > kMaxDegree || k->num() < -kMaxDegree) {
        if (!base.value.numeric()) {
          return Error(op.position, "a power of a symbol must be a whole number from -" + std::to_string(kMaxDegree) +
                                        " to " + std::to_string(kMaxDegree));
        }
      } else {
        exact = ExactPow(base.value, k->num() < 0 ? -k->num() : k->num());
        if (k->num() < 0 && exact.valid()) {
          if (!base.value.constant()) return Error(op.position, "a negative power of a symbol is not supported");
          if (exact.is_zero()) return Error(op.position, "division by zero");
          exact = Exact(1) / exact;
        }
        if (!exact.valid() && exact.status().code() == ErrorCode::kOverflow && base.value.numeric()) {
          exact = Exact::Error(ErrorCode::kNotExact, "past the exact range");
        }
      }
    } else if (!base.value.numeric() && !base.evaluated) {
      return Error(op.position, "a power of a symbol must be a whole number");
    }
    return Combine(
        base, exponent, exact, op, [](long double b, long double p) { return std::pow(b, p); },
        [](long double b, long double p, long double ub, long double up) {
          long double value = std::pow(b, p);
          return std::fabs(p * std::pow(b, p - 1)) * ub + std::fabs(std::log(std::fabs(b)) * value) * up;
        });
  }

  Result<Answer> Postfix() {
    ATTN_ASSIGN_OR_RETURN(atom, Atom());
    while (Peek().type == Token::Type::kPercent) {
      const Token& percent = Next();
      Answer hundred = Answer::Number(Exact(100));
      ATTN_RETURN_IF_ERROR(CheckOperands(atom, hundred, percent));
      int decimals = atom.decimals + 2;
      ATTN_ASSIGN_OR_RETURN(
          scaled,
          Combine(
              atom, hundred, atom.value / Exact(100), percent, [](long double a, long double) { return a / 100; },
              [](long double, long double, long double ua, long double) { return ua / 100; }));
      if (atom.unit > 0) scaled.decimals = decimals;
      if (atom.unit == 0 && !atom.evaluated && atom.value.constant() && atom.value.constant()->is_integer()) {
        // "49%" is a decimal: 0.49, written to two places.
        scaled = Answer::Decimal(scaled.value, 0.01L, 2, Answer::SignificantOf(*scaled.Value(), 0.01L));
        scaled.big_o = atom.big_o;
      }
      atom = std::move(scaled);
    }
    return atom;
  }

  Result<Answer> Atom() {
    const Token& t = Peek();
    switch (t.type) {
      case Token::Type::kNumber: return NumberLiteral(Next());
      case Token::Type::kName: return Name(Next());
      case Token::Type::kOpen: {
        Next();
        ATTN_RETURN_IF_ERROR(OpenBracket());
        ATTN_RETURN_IF_ERROR(Deeper());
        ATTN_ASSIGN_OR_RETURN(items, ListBody(Token::Type::kClose));
        --depth_;
        --brackets_;
        if (Peek().type != Token::Type::kClose) return Error(Peek().position, "a ')' is missing");
        Next();
        if (items.size() == 1) return items[0];
        return Answer::List(std::move(items));
      }
      case Token::Type::kOpenBracket: {
        Next();
        ATTN_RETURN_IF_ERROR(OpenBracket());
        ATTN_RETURN_IF_ERROR(Deeper());
        ATTN_ASSIGN_OR_RETURN(items, ListBody(Token::Type::kCloseBracket));
        --depth_;
        --brackets_;
        if (Peek().type != Token::Type::kCloseBracket) return Error(Peek().position, "a ']' is missing");
        Next();
        return Answer::List(std::move(items));
      }
      case Token::Type::kEnd:
        return Error(t.position, t.position == 1 ? "the answer is empty" : "the answer ends too early");
      default: return Error(t.position, "expected a number, a name or a bracket, not '" + t.text + "'");
    }
  }

  Result<Answer> NumberLiteral(const Token& t) {
    std::string s = t.text;
    int exponent = 0;
    size_t e = s.find_first_of("eE");
    if (e != std::string::npos) {
      std::string digits = s.substr(e + 1);
      bool negative = !digits.empty() && digits[0] == '-';
      if (!digits.empty() && (digits[0] == '-' || digits[0] == '+')) digits = digits.substr(1);
      if (digits.size() > 3) return Error(t.position, OutOfRange(t.text));
      exponent = std::stoi(digits) * (negative ? -1 : 1);
      s = s.substr(0, e);
    }
    size_t point = s.find('.');
    if (s == "." || (point != std::string::npos && s.find('.', point + 1) != std::string::npos)) {
      return Error(t.position, "'" + t.text + "' is not a number");
    }
    int digits = 0;
    for (char c : s) digits += c != '.';
    if (digits > options_.max_digits) {
      return Error(t.position, "numbers may have at most " + std::to_string(options_.max_digits) + " digits");
    }
    auto r = Rational::FromDecimal(s);
    if (!r) return Error(t.position, OutOfRange(t.text));
    Rational scale = exponent >= 0 ? PowerOfTen(exponent) : Rational(1) / PowerOfTen(-exponent);
    Rational value = *r * scale;
    if (!scale.valid() || !value.valid()) return Error(t.position, OutOfRange(t.text));
    bool is_decimal = point != std::string::npos || e != std::string::npos;
    if (!is_decimal) return Answer::Number(Exact(value));
    int decimals = (point == std::string::npos ? 0 : static_cast<int>(s.size() - point - 1)) - exponent;
    // Significant figures from the digits themselves: all but the leading zeros.
    size_t first = s.find_first_of("123456789");
    int significant = 0;
    for (size_t i = first == std::string::npos ? s.size() : first; i < s.size(); ++i) significant += s[i] != '.';
    return Answer::Decimal(Exact(value), PowerOfTenUnit(decimals), decimals, significant);
  }

  // The reader's limits in a learner's words (README, "What a learner can type").
  static std::string OutOfRange(const std::string& text) {
    return "'" + text +
           "' is outside the numbers this companion reads: a typed number may have up to 18 digits "
           "and lie between 1e-18 and 1e18 in size (write larger or smaller values as a product, such as 2^70)";
  }

  // 10^-decimals as a long double, from a table rather than pow (slow in WebAssembly).
  static long double PowerOfTenUnit(int decimals) {
    long double unit = 1;
    for (int i = 0; i < decimals && i < 400; ++i) unit /= 10;
    for (int i = 0; i < -decimals && i < 400; ++i) unit *= 10;
    return unit;
  }

  static Rational PowerOfTen(int k) {
    Rational out(1);
    for (int i = 0; i < k && out.valid(); ++i) out = out * Rational(10);
    return out;
  }

  // A function applied to its argument: exact where the form exists, else evaluated.
  Result<Answer> Apply(const std::string& function, const Answer& arg, const Token& at) {
    Answer none = Answer::Number(Exact(0));
    ATTN_RETURN_IF_ERROR(CheckOperands(arg, none, at));
    Exact exact = Exact::Error(ErrorCode::kNotExact, function + " has no exact form here");
    if (!arg.evaluated) {
      Result<Exact> r = function == "exp"    ? AnswerExp(arg.value)
                        : function == "ln"   ? AnswerLn(arg.value)
                        : function == "sqrt" ? AnswerSqrt(arg.value)
                                             : Result<Exact>(Status(ErrorCode::kNotExact, function));
      if (r.ok())
        exact = *r;
      else if (r.status().code() != ErrorCode::kNotExact)
        return Error(at.position, r.status().message());
    }
    auto value = arg.Value();
    if (value && (function == "ln" || function == "log2" || function == "log10") && *value <= 0) {
      return Error(at.position, function + " is defined only for positive numbers");
    }
    if (value && function == "sqrt" && *value < 0)
      return Error(at.position, "sqrt is defined only for numbers that are not negative");
    auto f = [&function](long double x) -> long double {
      if (function == "exp") return std::exp(x);
      if (function == "ln") return std::log(x);
      if (function == "log2") return std::log2(x);
      if (function == "log10") return std::log10(x);
      return std::sqrt(x);
    };
    auto slope = [&function, &f](long double x) -> long double {
      if (function == "exp") return std::exp(x);
      if (function == "ln") return 1 / x;
      if (function == "log2") return 1 / (x * std::numbers::ln2_v<long double>);
      if (function == "log10") return 1 / (x * std::log(10.0L));
      return 1 / (2 * f(x));
    };
    return Combine(
        arg, none, exact, at, [&f](long double x, long double) { return f(x); },
        [&slope](long double x, long double, long double ux, long double) { return std::fabs(slope(x)) * ux; });
  }

  Result<Answer> Argument(const Token& function) {
    ATTN_RETURN_IF_ERROR(Deeper());
    Result<Answer> arg = Peek().type == Token::Type::kOpen ? Atom() : Unary();
    --depth_;
    if (arg.ok() && arg->is_list()) return NotAList(function);
    return arg;
  }

  Result<Answer> Name(const Token& t) {
    std::string lower = Lower(t.text);
    if (lower == "ln" || lower == "log" || lower == "exp" || lower == "sqrt" || lower == "log2" || lower == "log10") {
      ATTN_ASSIGN_OR_RETURN(arg, Argument(t));
      return Apply(lower == "log" ? "ln" : lower, arg, t);
    }
    if (t.text == "O" && !options_.symbols.count("O") && Peek().type == Token::Type::kOpen) {
      if (inside_big_o_) return Error(t.position, "O(...) inside O(...) says nothing more: write O(...) once");
      inside_big_o_ = true;
      Result<Answer> arg = Argument(t);
      inside_big_o_ = false;
      if (!arg.ok()) return arg.status();
      if (arg->kind == Answer::Kind::kWord) return Error(t.position, "O(...) holds a formula");
      if (arg->big_o) return Error(t.position, "O(...) inside O(...) says nothing more: write O(...) once");
      Answer inner = *arg;
      inner.big_o = true;
      return inner;
    }
    if (t.text == "e" && !options_.symbols.count("e")) return Answer::Number(Exact::Symbol("e"));
    if (lower == "nan" || lower == "inf" || lower == "infinity") {
      if (!options_.nonfinite) return Error(t.position, "'" + t.text + "' is not a number an answer can have here");
      Answer word;
      word.kind = Answer::Kind::kWord;
      word.word = lower == "nan" ? "NaN" : "inf";
      return word;
    }
    if (options_.booleans && (lower == "true" || lower == "false")) {
      return Answer::Number(Exact(lower == "true" ? 1 : 0));
    }
    std::string name = Canonical(t.text);
    if (auto product = Segment(name)) return Answer::Number(*product);
    std::string known;
    for (const auto& s : Allowed()) known += (known.empty() ? "" : ", ") + s;
    return Error(t.position, "'" + t.text + "' is not a name this answer can use" +
                                 (known.empty() ? "" : " (it may use: " + known + ")"));
  }

  static std::string Canonical(const std::string& name) {
    if (name == "Dk" || name == "Dv") return std::string("D_") + name[1];
    if (name == "D_K" || name == "D_V") return std::string("D_") + static_cast<char>(std::tolower(name[2]));
    return name;
  }

  std::vector<std::string> Allowed() const {
    std::vector<std::string> out(options_.symbols.begin(), options_.symbols.end());
    for (const auto& [name, value] : options_.values) out.push_back(name);
    return out;
  }

  std::optional<Exact> SymbolValue(const std::string& symbol) const {
    auto it = options_.values.find(symbol);
    if (it != options_.values.end()) return it->second;
    if (options_.symbols.count(symbol)) return symbol == "a" ? Exact::Ln2() : Exact::Symbol(symbol);
    return std::nullopt;
  }

  // A name, or symbols typed side by side without a space: "TS" is T*S, "TSDk" is T*S*D_k.
  std::optional<Exact> Segment(const std::string& name) const {
    if (auto whole = SymbolValue(name)) return whole;
    Exact product(1);
    size_t i = 0;
    while (i < name.size()) {
      size_t best = 0;
      std::string symbol;
      for (const auto& s : Allowed()) {
        std::vector<std::string> spellings = {s};
        if (s.size() == 3 && s[0] == 'D' && s[1] == '_') spellings.push_back(std::string("D") + s[2]);
        for (const auto& spelling : spellings) {
          if (spelling.size() > best && name.compare(i, spelling.size(), spelling) == 0) {
            best = spelling.size();
            symbol = s;
          }
        }
      }
      if (best == 0 || symbol == "a") return std::nullopt;
      product *= *SymbolValue(symbol);
      if (!product.valid()) return std::nullopt;
      i += best;
    }
    return product;
  }

  std::vector<Token> tokens_;
  const ParseOptions& options_;
  size_t index_ = 0;
  int depth_ = 0;
  int brackets_ = 0;
  size_t entries_ = 0;
  bool inside_big_o_ = false;
};

}  // namespace

Result<Answer> ParseAnswer(std::string_view text, const ParseOptions& options) {
  auto characters = CharacterCount(text);
  if (!characters) return Status(ErrorCode::kParse, "the answer is not valid UTF-8 text");
  if (*characters > options.max_length) {
    return Status(ErrorCode::kParse, "the answer is longer than " + std::to_string(options.max_length) + " characters");
  }
  ATTN_ASSIGN_OR_RETURN(read, Normalise(text));
  std::string normalised = RowsByLine(read).value_or(read);
  auto numpy = NumpySeparated(normalised);
  ATTN_ASSIGN_OR_RETURN(tokens, Lex(numpy ? *numpy : normalised));
  Parser parser(std::move(tokens), options);
  ATTN_ASSIGN_OR_RETURN(answer, parser.Top());
  if (numpy) ReadAtListPrecision(answer);
  return answer;
}

Result<Answer> ParseShape(std::string_view text, const ParseOptions& options) {
  std::string s;
  for (size_t i = 0; i < text.size(); ++i) {
    // Dimension separators: ×, x, X, * and commas all separate entries of a shape.
    if (text.substr(i, 2) == "\u00D7") {
      s += ',';
      ++i;
    } else if (text[i] == 'x' || text[i] == 'X' || text[i] == '*') {
      s += ',';
    } else {
      s += text[i];
    }
  }
  // "(5,)" is Python's spelling of a one-dimensional shape; "torch.Size([5])" its printout.
  for (std::string_view prefix : {"torch.Size", "Size"}) {
    size_t at = s.find_first_not_of(' ');
    if (at != std::string::npos && s.compare(at, prefix.size(), prefix) == 0) s = s.substr(at + prefix.size());
  }
  size_t close = s.find_last_not_of(" ");
  if (close != std::string::npos && close > 0 && (s[close] == ')' || s[close] == ']')) {
    // Python's trailing comma after the last size: "(5,)", never "(,)".
    size_t comma = s.find_last_not_of(" ", close - 1);
    size_t before = comma == std::string::npos || comma == 0 ? std::string::npos : s.find_last_not_of(" ", comma - 1);
    if (comma != std::string::npos && s[comma] == ',' && before != std::string::npos && IsDigit(s[before]))
      s.erase(comma, 1);
  }
  ParseOptions shape_options;
  shape_options.symbols = {};
  shape_options.max_length = options.max_length;
  ATTN_ASSIGN_OR_RETURN(answer, ParseAnswer(s, shape_options));
  std::vector<Answer> dims = answer.is_list() ? answer.items : std::vector<Answer>{answer};
  if (dims.size() == 1 && dims[0].is_list()) {  // "([5])": a copy first, not a self-assignment
    std::vector<Answer> inner = dims[0].items;
    dims = std::move(inner);
  }
  for (const auto& d : dims) {
    auto c = d.is_list() || d.evaluated ? std::nullopt : d.value.constant();
    if (!c || !c->is_integer() || c->num() < 1 || d.unit > 0) {
      return Status(ErrorCode::kParse, "a shape lists whole, positive sizes, such as (8, 4, 64, 512)");
    }
  }
  return Answer::List(dims);
}

std::optional<Result<Answer>> ParseGroupedCount(std::string_view text) {
  std::string s(text);
  while (!s.empty() && IsSpace(s.back())) s.pop_back();
  size_t start = 0;
  while (start < s.size() && IsSpace(s[start])) ++start;
  s = s.substr(start);
  char separator = 0;
  for (char c : s) {
    if (c == ',' || c == ' ') {
      if (separator && separator != c) return std::nullopt;
      separator = c;
    } else if (!IsDigit(c)) {
      return std::nullopt;
    }
  }
  if (!separator) return std::nullopt;
  // Every group after the first must have exactly three digits.
  std::vector<std::string> groups(1);
  for (char c : s) {
    if (c == separator)
      groups.emplace_back();
    else
      groups.back() += c;
  }
  bool grouped = !groups[0].empty() && groups[0].size() <= 3;
  for (size_t i = 1; i < groups.size(); ++i) grouped = grouped && groups[i].size() == 3;
  if (!grouped) return std::nullopt;
  std::string digits;
  for (const auto& g : groups) digits += g;
  if (digits.size() > 18) return Result<Answer>(Status(ErrorCode::kParse, "the count has too many digits"));
  return Result<Answer>(Answer::Number(Exact(static_cast<int64_t>(std::stoll(digits)))));
}

}  // namespace attn
