// Lexer and recursive-descent parser for learners' answers.
#include "answer_parser.h"

#include <cctype>
#include <optional>
#include <vector>

namespace attn {
namespace {

struct Token {
  enum class Type { kNumber, kName, kOp, kOpen, kClose, kOpenBracket, kCloseBracket, kComma, kEnd };
  Type type;
  std::string text;
  size_t position;  // 1-based character position in the normalised text
};

Status Error(size_t position, const std::string& what) {
  return Status(ErrorCode::kParse,
                "could not read the answer at character " + std::to_string(position) + ": " + what);
}

// Replaces the unicode operators people paste with their ASCII forms.
Result<std::string> Normalise(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    auto starts = [&](std::string_view s) { return text.substr(i, s.size()) == s; };
    struct Map { std::string_view from; char to; };
    static const Map maps[] = {{"\u2212", '-'}, {"\u2013", '-'}, {"\u00D7", '*'},
                               {"\u00F7", '/'}, {"\u00B7", '*'}, {"\u22C5", '*'},
                               {"\u00A0", ' '}, {"\u2009", ' '}, {"\u202F", ' '}};
    bool mapped = false;
    for (const auto& m : maps) {
      if (starts(m.from)) {
        out += m.to;
        i += m.from.size();
        mapped = true;
        break;
      }
    }
    if (!mapped) {
      size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
      return Error(out.size() + 1, "the character '" + std::string(text.substr(i, len)) +
                                       "' is not part of the answer language");
    }
  }
  return out;
}

// Lists pasted from NumPy's printout, "[-0.1   0.98  0.39]" or "[[1 0] [0 1]]", separate
// entries by spaces. When a bracketed answer has no comma at all and holds only numbers,
// the spaces between entries become commas; everywhere else a space is just a space.
std::string NumpyLists(const std::string& s) {
  if (s.find('[') == std::string::npos || s.find(',') != std::string::npos) return s;
  for (char c : s) {
    if (!(std::isdigit(static_cast<unsigned char>(c)) || std::isspace(static_cast<unsigned char>(c)) ||
          c == '.' || c == '-' || c == '+' || c == '[' || c == ']')) {
      return s;
    }
  }
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (!std::isspace(static_cast<unsigned char>(s[i]))) {
      out += s[i];
      continue;
    }
    size_t j = i;
    while (j < s.size() && std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    char before = out.empty() ? '\0' : out.back();
    char after = j < s.size() ? s[j] : '\0';
    bool ends = std::isdigit(static_cast<unsigned char>(before)) || before == '.' || before == ']';
    bool starts = std::isdigit(static_cast<unsigned char>(after)) || after == '.' || after == '-' || after == '[';
    if (ends && starts) out += ", ";
    i = j - 1;
  }
  return out;
}

Result<std::vector<Token>> Lex(const std::string& s) {
  std::vector<Token> tokens;
  for (size_t i = 0; i < s.size();) {
    char c = s[i];
    size_t pos = i + 1;
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
      size_t j = i;
      while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == '.')) ++j;
      tokens.push_back({Token::Type::kNumber, s.substr(i, j - i), pos});
      i = j;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t j = i;
      while (j < s.size() && (std::isalpha(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      tokens.push_back({Token::Type::kName, s.substr(i, j - i), pos});
      i = j;
    } else {
      Token::Type type;
      switch (c) {
        case '+': case '-': case '*': case '/': case '^': type = Token::Type::kOp; break;
        case '(': type = Token::Type::kOpen; break;
        case ')': type = Token::Type::kClose; break;
        case '[': type = Token::Type::kOpenBracket; break;
        case ']': type = Token::Type::kCloseBracket; break;
        case ',': case ';': type = Token::Type::kComma; break;
        default:
          return Error(pos, std::string("the character '") + c + "' is not part of the answer language");
      }
      tokens.push_back({type, std::string(1, c), pos});
      ++i;
    }
  }
  tokens.push_back({Token::Type::kEnd, "", s.size() + 1});
  return tokens;
}

class Parser {
 public:
  Parser(std::vector<Token> tokens, const ParseOptions& options)
      : tokens_(std::move(tokens)), options_(options) {}

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

  Status Deeper() {
    if (++depth_ > options_.max_depth) {
      return Error(Peek().position, "the answer is nested more than " +
                                        std::to_string(options_.max_depth) + " levels deep");
    }
    return Status();
  }

  // expr (',' expr)* up to (not including) the closing token.
  Result<std::vector<Answer>> ListBody(Token::Type close) {
    std::vector<Answer> items;
    if (Peek().type == close && close != Token::Type::kEnd) return items;
    while (true) {
      ATTN_ASSIGN_OR_RETURN(item, Expr());
      items.push_back(std::move(item));
      if (items.size() > options_.max_items) {
        return Error(Peek().position, "a list may hold at most " +
                                          std::to_string(options_.max_items) + " entries");
      }
      if (Peek().type != Token::Type::kComma) break;
      Next();
      if (Peek().type == close || Peek().type == Token::Type::kEnd) {
        return Error(Peek().position, "an entry is missing after the last comma");
      }
    }
    return items;
  }

  static Status NotAList(const Token& t) {
    return Error(t.position, "a list cannot take part in arithmetic here");
  }

  static Answer Combine(const Answer& x, const Answer& y, Exact v) {
    return Answer::Number(std::move(v), std::max(x.decimals, y.decimals),
                          std::max(x.significant, y.significant));
  }

  Result<Answer> Expr() {
    ATTN_RETURN_IF_ERROR(Deeper());
    ATTN_ASSIGN_OR_RETURN(left, Term());
    while (PeekOp('+') || PeekOp('-')) {
      const Token& op = Next();
      ATTN_ASSIGN_OR_RETURN(right, Term());
      if (left.is_list() || right.is_list()) return NotAList(op);
      left = Combine(left, right, op.text[0] == '+' ? left.value + right.value
                                                    : left.value - right.value);
      ATTN_RETURN_IF_ERROR(CheckValue(left, op));
    }
    --depth_;
    return left;
  }

  bool StartsFactor() const {
    auto t = Peek().type;
    return t == Token::Type::kNumber || t == Token::Type::kName || t == Token::Type::kOpen;
  }

  Result<Answer> Term() {
    ATTN_ASSIGN_OR_RETURN(left, Unary());
    while (PeekOp('*') || PeekOp('/') || StartsFactor()) {
      Token op = StartsFactor() ? Token{Token::Type::kOp, "*", Peek().position} : Next();
      ATTN_ASSIGN_OR_RETURN(right, Unary());
      if (left.is_list() || right.is_list()) return NotAList(op);
      if (op.text == "/" && right.value.is_zero()) return Error(op.position, "division by zero");
      if (op.text == "/" && !right.value.constant()) {
        return Error(op.position, "division by " + right.value.to_string() +
                                      " is not supported; write the fraction with a number below the line");
      }
      left = Combine(left, right, op.text == "*" ? left.value * right.value
                                                 : left.value / right.value);
      ATTN_RETURN_IF_ERROR(CheckValue(left, op));
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
      if (op.text == "-") inner.value = -inner.value;
      return inner;
    }
    return Power();
  }

  Result<Answer> Power() {
    ATTN_ASSIGN_OR_RETURN(base, Atom());
    if (!PeekOp('^')) return base;
    const Token& op = Next();
    ATTN_RETURN_IF_ERROR(Deeper());
    ATTN_ASSIGN_OR_RETURN(exponent, Unary());
    --depth_;
    if (base.is_list() || exponent.is_list()) return NotAList(op);
    auto k = exponent.value.constant();
    if (!k || !k->is_integer() || k->num() > 64 || k->num() < -64) {
      return Error(op.position, "a power must be a whole number between -64 and 64");
    }
    Exact v = ExactPow(base.value, k->num() < 0 ? -k->num() : k->num());
    if (k->num() < 0) {
      if (!base.value.constant()) return Error(op.position, "a negative power of a symbol is not supported");
      v = Exact(1) / v;
    }
    Answer out = Combine(base, exponent, v);
    ATTN_RETURN_IF_ERROR(CheckValue(out, op));
    return out;
  }

  Result<Answer> Atom() {
    const Token& t = Peek();
    switch (t.type) {
      case Token::Type::kNumber: return NumberLiteral(Next());
      case Token::Type::kName: return Name(Next());
      case Token::Type::kOpen: {
        Next();
        ATTN_RETURN_IF_ERROR(Deeper());
        ATTN_ASSIGN_OR_RETURN(items, ListBody(Token::Type::kClose));
        --depth_;
        if (Peek().type != Token::Type::kClose) return Error(Peek().position, "a ')' is missing");
        Next();
        if (items.size() == 1) return items[0];
        return Answer::List(std::move(items));
      }
      case Token::Type::kOpenBracket: {
        Next();
        ATTN_RETURN_IF_ERROR(Deeper());
        ATTN_ASSIGN_OR_RETURN(items, ListBody(Token::Type::kCloseBracket));
        --depth_;
        if (Peek().type != Token::Type::kCloseBracket) return Error(Peek().position, "a ']' is missing");
        Next();
        return Answer::List(std::move(items));
      }
      case Token::Type::kEnd:
        return Error(t.position, t.position == 1 ? "the answer is empty" : "the answer ends too early");
      default:
        return Error(t.position, "expected a number, a name or a bracket, not '" + t.text + "'");
    }
  }

  Result<Answer> NumberLiteral(const Token& t) {
    const std::string& s = t.text;
    size_t point = s.find('.');
    if (s == "." || (point != std::string::npos && s.find('.', point + 1) != std::string::npos)) {
      return Error(t.position, "'" + s + "' is not a number");
    }
    int digits = 0, significant = 0;
    bool leading = true;
    for (char c : s) {
      if (c == '.') continue;
      ++digits;
      if (c != '0') leading = false;
      if (!leading) ++significant;
    }
    if (digits > options_.max_digits) {
      return Error(t.position, "numbers may have at most " + std::to_string(options_.max_digits) + " digits");
    }
    auto r = Rational::FromDecimal(s);
    if (!r) return Error(t.position, "the number '" + s + "' is too large");
    if (point == std::string::npos) return Answer::Number(Exact(*r));
    int decimals = static_cast<int>(s.size() - point - 1);
    return Answer::Number(Exact(*r), decimals, significant);
  }

  Result<Answer> Name(const Token& t) {
    std::string lower;
    for (char c : t.text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "ln" || lower == "log" || lower == "exp") {
      ATTN_RETURN_IF_ERROR(Deeper());
      ATTN_ASSIGN_OR_RETURN(arg, Power());
      --depth_;
      if (arg.is_list()) return NotAList(t);
      if (lower == "exp") {
        auto e = ExactExp(arg.value);
        if (!e.ok()) return Error(t.position, e.status().message());
        return Combine(arg, arg, *e);
      }
      // ln of a power of two is a whole multiple of a = ln 2.
      auto c = arg.value.constant();
      for (int64_t k = -62; c && k <= 62; ++k) {
        if (PowerOfTwo(k) == *c) return Combine(arg, arg, Exact(k) * Exact::Ln2());
      }
      return Error(t.position, t.text + " is only read exactly for powers of 2, such as ln 2 = a");
    }
    if (options_.nonfinite && (lower == "nan" || lower == "inf" || lower == "infinity")) {
      Answer word;
      word.kind = Answer::Kind::kWord;
      word.word = lower == "nan" ? "NaN" : "inf";
      return word;
    }
    if (options_.booleans && (lower == "true" || lower == "false")) {
      return Answer::Number(Exact(lower == "true" ? 1 : 0));
    }
    std::string name = t.text;
    if (name == "Dk" || name == "Dv") name = std::string("D_") + name[1];
    if (name == "D_K" || name == "D_V") name = std::string("D_") + static_cast<char>(std::tolower(name[2]));
    if (options_.symbols.count(name)) {
      if (name == "a") return Answer::Number(Exact::Ln2());
      return Answer::Number(Exact::Symbol(name));
    }
    // Juxtaposed symbols typed without a space: "TS" is T*S, "TSDk" is T*S*D_k.
    if (auto product = Segment(name)) return Answer::Number(*product);
    std::string known;
    for (const auto& s : options_.symbols) known += (known.empty() ? "" : ", ") + s;
    return Error(t.position, "'" + t.text + "' is not a name this answer can use" +
                                 (known.empty() ? "" : " (it may use: " + known + ")"));
  }

  std::optional<Exact> Segment(const std::string& name) const {
    Exact product(1);
    size_t i = 0;
    while (i < name.size()) {
      size_t best = 0;
      std::string symbol;
      for (const auto& s : options_.symbols) {
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
      product *= Exact::Symbol(symbol);
      i += best;
    }
    return product;
  }

  Status CheckValue(const Answer& a, const Token& at) {
    if (!a.value.valid()) return Error(at.position, a.value.status().message());
    return Status();
  }

  std::vector<Token> tokens_;
  const ParseOptions& options_;
  size_t index_ = 0;
  int depth_ = 0;
};

}  // namespace

Result<Answer> ParseAnswer(std::string_view text, const ParseOptions& options) {
  if (text.size() > options.max_length) {
    return Status(ErrorCode::kParse, "the answer is longer than " +
                                         std::to_string(options.max_length) + " characters");
  }
  ATTN_ASSIGN_OR_RETURN(normalised, Normalise(text));
  normalised = NumpyLists(normalised);
  ATTN_ASSIGN_OR_RETURN(tokens, Lex(normalised));
  // An "O(...)" around a cost formula is accepted and dropped.
  if (tokens.size() >= 4 && tokens[0].type == Token::Type::kName && tokens[0].text == "O" &&
      tokens[1].type == Token::Type::kOpen && tokens[tokens.size() - 2].type == Token::Type::kClose &&
      !options.symbols.count("O")) {
    tokens.erase(tokens.end() - 2);
    tokens.erase(tokens.begin(), tokens.begin() + 2);
  }
  Parser parser(std::move(tokens), options);
  return parser.Top();
}

Result<Answer> ParseShape(std::string_view text) {
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
  // "(5,)" is Python's spelling of a one-dimensional shape.
  size_t close = s.find_last_not_of(" ");
  if (close != std::string::npos && (s[close] == ')' || s[close] == ']')) {
    size_t comma = s.find_last_not_of(" ", close - 1);
    if (comma != std::string::npos && s[comma] == ',') s.erase(comma, 1);
  }
  ATTN_ASSIGN_OR_RETURN(answer, ParseAnswer(s));
  std::vector<Answer> dims = answer.is_list() ? answer.items : std::vector<Answer>{answer};
  for (const auto& d : dims) {
    auto c = d.is_list() ? std::nullopt : d.value.constant();
    if (!c || !c->is_integer() || c->num() < 1 || d.decimals >= 0) {
      return Status(ErrorCode::kParse, "a shape lists whole, positive sizes, such as (8, 4, 64, 512)");
    }
  }
  return Answer::List(dims);
}

std::optional<Result<Answer>> ParseGroupedCount(std::string_view text) {
  std::string s(text);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  size_t start = 0;
  while (start < s.size() && std::isspace(static_cast<unsigned char>(s[start]))) ++start;
  s = s.substr(start);
  char separator = 0;
  for (char c : s) {
    if (c == ',' || c == ' ') {
      if (separator && separator != c) return std::nullopt;
      separator = c;
    } else if (!std::isdigit(static_cast<unsigned char>(c))) {
      return std::nullopt;
    }
  }
  if (!separator) return std::nullopt;
  // Every group after the first must have exactly three digits.
  std::vector<std::string> groups(1);
  for (char c : s) {
    if (c == separator) groups.emplace_back();
    else groups.back() += c;
  }
  bool grouped = !groups[0].empty() && groups[0].size() <= 3;
  for (size_t i = 1; i < groups.size(); ++i) grouped = grouped && groups[i].size() == 3;
  if (!grouped) return std::nullopt;
  std::string digits;
  for (const auto& g : groups) digits += g;
  if (digits.size() > 18) {
    return Result<Answer>(Status(ErrorCode::kParse, "the count has too many digits"));
  }
  return Result<Answer>(Answer::Number(Exact(static_cast<int64_t>(std::stoll(digits)))));
}

}  // namespace attn
