// The grammar of a learner's answer: a recursive-descent parser over the lexer's tokens
// (answer_lexer.h) for lists, arithmetic, functions and names, within the bounds of
// ParseOptions; numbers are read by answer_numbers.h, the text made ready by answer_text.h.
#include "answers/answer_parser.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <vector>

#include "answers/answer_functions.h"
#include "answers/answer_lexer.h"
#include "answers/answer_numbers.h"
#include "answers/answer_text.h"

namespace attn {
namespace reading {
namespace {

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
      // Beyond what a double holds (e^1000) is read only where a part's value may itself overflow
      // (a naive softmax), so that the overflow can be named.
      const bool beyond = std::isinf(v) || std::fabs(v) > std::numeric_limits<double>::max();
      if (std::isnan(v) || (beyond && !options_.nonfinite))
        return Error(at.position, "the value is not a finite number");
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
      case Token::Type::kNumber: return ReadNumber(Next(), options_.max_digits);
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
}  // namespace reading

namespace {
thread_local std::string watched_text;
thread_local int watched_reads = 0;
}  // namespace

void WatchReads(std::string watched) {
  watched_text = std::move(watched);
  watched_reads = 0;
}
int ReadsOfWatched() { return watched_reads; }
void NoteRead(std::string_view text) {
  if (!watched_text.empty() && text == watched_text) ++watched_reads;
}

Result<Answer> ParseAnswer(std::string_view text, const ParseOptions& options) {
  NoteRead(text);
  return reading::ParseUncounted(text, options);
}

Result<Answer> reading::ParseUncounted(std::string_view text, const ParseOptions& options) {
  auto characters = CharacterCount(text);
  if (!characters) return Status(ErrorCode::kParse, "the answer is not valid UTF-8 text");
  if (*characters > options.max_length) {
    return Status(ErrorCode::kParse, "the answer is longer than " + std::to_string(options.max_length) + " characters");
  }
  ATTN_ASSIGN_OR_RETURN(read, reading::Normalise(text));
  std::string normalised = reading::RowsByLine(read).value_or(read);
  auto numpy = reading::NumpySeparated(normalised);
  ATTN_ASSIGN_OR_RETURN(tokens, reading::Lex(numpy ? *numpy : normalised));
  reading::Parser parser(std::move(tokens), options);
  ATTN_ASSIGN_OR_RETURN(answer, parser.Top());
  if (numpy) reading::ReadAtListPrecision(answer);
  return answer;
}

}  // namespace attn
