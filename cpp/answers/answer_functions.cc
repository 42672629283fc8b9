// Exact exp, ln and sqrt for typed answers.
#include "answers/answer_functions.h"

#include <cmath>
#include <string>

namespace attn {
namespace {

Status NoExactForm(const std::string& what) { return Status(ErrorCode::kNotExact, what + " has no exact form here"); }

std::string LnSymbol(int64_t prime) { return prime == 2 ? "a" : "ln(" + std::to_string(prime) + ")"; }

// ln n for a whole n >= 1, as a sum of ln p over its prime factors (found by trial division
// up to 10^4; a larger cofactor is kept as one symbol).
Exact LnOfWhole(int64_t n) {
  Exact out(0);
  for (int64_t p = 2; p <= 10000 && p * p <= n; ++p) {
    int64_t k = 0;
    while (n % p == 0) {
      n /= p;
      ++k;
    }
    if (k) out += Exact(k) * Exact::Symbol(LnSymbol(p));
  }
  if (n > 1) out += Exact::Symbol(LnSymbol(n));
  return out;
}

std::optional<int64_t> LnSymbolPrime(const std::string& name) {
  if (name == "a") return 2;
  if (name.size() < 5 || name.rfind("ln(", 0) != 0 || name.back() != ')') return std::nullopt;
  int64_t p = 0;
  for (size_t i = 3; i + 1 < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9' || p > (INT64_MAX - 9) / 10) return std::nullopt;
    p = p * 10 + (name[i] - '0');
  }
  return p;
}

}  // namespace

Result<Exact> AnswerExp(const Exact& x) {
  if (!x.valid()) return x.status();
  Rational product(1);
  int64_t e_power = 0;
  for (const auto& [monomial, c] : x.terms()) {
    if (monomial.empty()) {  // the constant m: e^m needs a whole m >= 0
      if (!c.is_integer() || c.num() < 0 || c.num() > kMaxDegree) return NoExactForm("exp(" + x.to_string() + ")");
      e_power = c.num();
      continue;
    }
    auto prime = monomial.size() == 1 && monomial[0].second == 1 ? LnSymbolPrime(monomial[0].first) : std::nullopt;
    if (!prime || !c.is_integer() || c.num() > 62 || c.num() < -62) return NoExactForm("exp(" + x.to_string() + ")");
    Rational base(*prime), power(1);
    for (int64_t i = 0; i < (c.num() < 0 ? -c.num() : c.num()); ++i) power = power * base;
    if (!power.valid()) return NoExactForm("exp(" + x.to_string() + ")");
    product = c.num() < 0 ? product / power : product * power;
    if (!product.valid()) return NoExactForm("exp(" + x.to_string() + ")");
  }
  Exact out(product);
  if (e_power > 0) out *= ExactPow(Exact::Symbol("e"), e_power);
  if (!out.valid()) return out.status();
  return out;
}

Result<Exact> AnswerLn(const Exact& x) {
  if (!x.valid()) return x.status();
  // x must be r * e^m: one term, a positive rational coefficient, only e as a symbol.
  if (x.terms().size() != 1) return NoExactForm("ln(" + x.to_string() + ")");
  const auto& [monomial, r] = *x.terms().begin();
  int64_t m = 0;
  for (const auto& [symbol, power] : monomial) {
    if (symbol != "e") return NoExactForm("ln(" + x.to_string() + ")");
    m = power;
  }
  if (r.num() <= 0) return Status(ErrorCode::kInvalidInput, "ln is defined only for positive numbers");
  Exact out = LnOfWhole(r.num()) - LnOfWhole(r.den()) + Exact(m);
  if (!out.valid()) return out.status();
  return out;
}

Result<Exact> AnswerSqrt(const Exact& x) {
  auto c = x.constant();
  if (!c) return NoExactForm("sqrt(" + x.to_string() + ")");
  if (c->num() < 0) return Status(ErrorCode::kInvalidInput, "sqrt is defined only for numbers that are not negative");
  auto root = [](int64_t n) -> std::optional<int64_t> {
    int64_t r = static_cast<int64_t>(std::llround(std::sqrt(static_cast<long double>(n))));
    for (int64_t k = std::max<int64_t>(0, r - 1); k <= r + 1; ++k)
      if (k <= 3037000499 && k * k == n) return k;
    return std::nullopt;
  };
  auto n = root(c->num()), d = root(c->den());
  if (!n || !d) return NoExactForm("sqrt(" + x.to_string() + ")");
  return Exact(Rational::Of(*n, *d));
}

}  // namespace attn
