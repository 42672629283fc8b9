// Arithmetic, exponentials and printing for the exact scalar.
#include "core/exact.h"

#include <cmath>
#include <cstdlib>
#include <numbers>

namespace attn {
namespace {

// The product of two monomials; nullopt when a symbol's power would pass kMaxDegree.
std::optional<Monomial> Multiply(const Monomial& x, const Monomial& y) {
  std::map<std::string, int> powers;
  for (const auto& [s, p] : x) powers[s] += p;
  for (const auto& [s, p] : y) {
    if (powers[s] > kMaxDegree - p) return std::nullopt;
    powers[s] += p;
  }
  return Monomial(powers.begin(), powers.end());
}

std::string MonomialText(const Monomial& m) {
  std::string out;
  for (const auto& [s, p] : m) {
    if (!out.empty()) out += "*";
    out += s;
    if (p != 1) out += "^" + std::to_string(p);
  }
  return out;
}

}  // namespace

Exact::Exact(Rational r) {
  if (!r.valid()) {
    error_ = {ErrorCode::kOverflow, "a number grew past the exact range (64-bit fractions)"};
  } else if (!r.is_zero()) {
    terms_[{}] = r;
  }
}

Exact Exact::Symbol(const std::string& name) {
  Exact x;
  x.terms_[{{name, 1}}] = Rational(1);
  return x;
}

Exact Exact::Error(ErrorCode code, std::string message) {
  Exact x;
  x.error_ = {code, std::move(message)};
  return x;
}

Status Exact::status() const { return valid() ? Status() : Status(error_->first, error_->second); }

std::optional<Rational> Exact::constant() const {
  if (!valid()) return std::nullopt;
  if (terms_.empty()) return Rational(0);
  if (terms_.size() == 1 && terms_.begin()->first.empty()) return terms_.begin()->second;
  return std::nullopt;
}

std::optional<Rational> Exact::multiple_of_ln2() const {
  if (!valid()) return std::nullopt;
  if (terms_.empty()) return Rational(0);
  if (terms_.size() != 1) return std::nullopt;
  const auto& [m, c] = *terms_.begin();
  if (m.size() == 1 && m[0].first == "a" && m[0].second == 1) return c;
  return std::nullopt;
}

std::optional<long double> Exact::SymbolValue(const std::string& name) {
  if (name == "a") return std::numbers::ln2_v<long double>;
  if (name == "e") return std::numbers::e_v<long double>;
  if (name.size() > 4 && name.rfind("ln(", 0) == 0 && name.back() == ')') {
    long double n = 0;
    for (size_t i = 3; i + 1 < name.size(); ++i) {
      if (name[i] < '0' || name[i] > '9') return std::nullopt;
      n = n * 10 + (name[i] - '0');
    }
    return std::log(n);
  }
  return std::nullopt;
}

bool Exact::numeric() const {
  if (!valid()) return false;
  for (const auto& [m, c] : terms_)
    for (const auto& [s, p] : m)
      if (!SymbolValue(s)) return false;
  return true;
}

bool Exact::has_symbol_other_than_a() const {
  for (const auto& [m, c] : terms_)
    for (const auto& [s, p] : m)
      if (s != "a") return true;
  return false;
}

std::optional<long double> Exact::to_long_double() const {
  if (!numeric()) return std::nullopt;
  long double sum = 0;
  for (const auto& [m, c] : terms_) {
    long double term = c.to_long_double();
    for (const auto& [s, p] : m) term *= p == 1 ? *SymbolValue(s) : std::pow(*SymbolValue(s), p);
    sum += term;
  }
  return sum;
}

double Exact::to_double() const {
  auto v = to_long_double();
  return v ? static_cast<double>(*v) : std::nan("");
}

std::string Exact::to_string() const {
  if (!valid()) return "(error: " + error_->second + ")";
  if (terms_.empty()) return "0";
  std::string out;
  // Print the highest-degree terms first: "a^2/4 + a/2 + 1".
  for (auto it = terms_.rbegin(); it != terms_.rend(); ++it) {
    const auto& [m, c] = *it;
    bool negative = c.num() < 0;
    int64_t n = negative ? -c.num() : c.num();
    std::string body;
    if (m.empty()) {
      body = std::to_string(n);
    } else {
      body = (n == 1 ? "" : std::to_string(n)) + MonomialText(m);
    }
    if (c.den() != 1) body += "/" + std::to_string(c.den());
    if (out.empty()) {
      out = negative ? "-" + body : body;
    } else {
      out += negative ? " - " + body : " + " + body;
    }
  }
  return out;
}

Exact Exact::operator-() const { return Exact(-1) * *this; }

Exact operator+(const Exact& x, const Exact& y) {
  if (!x.valid()) return x;
  if (!y.valid()) return y;
  Exact out = x;
  for (const auto& [m, c] : y.terms_) {
    Rational sum = out.terms_.count(m) ? out.terms_[m] + c : c;
    if (!sum.valid()) return Exact(Rational::Invalid());
    if (sum.is_zero()) {
      out.terms_.erase(m);
    } else {
      out.terms_[m] = sum;
    }
  }
  return out;
}

Exact operator-(const Exact& x, const Exact& y) { return x + (-y); }

Exact operator*(const Exact& x, const Exact& y) {
  if (!x.valid()) return x;
  if (!y.valid()) return y;
  Exact out;
  for (const auto& [mx, cx] : x.terms_) {
    for (const auto& [my, cy] : y.terms_) {
      Rational c = cx * cy;
      if (!c.valid()) return Exact(Rational::Invalid());
      auto m = Multiply(mx, my);
      if (!m) {
        return Exact::Error(ErrorCode::kOverflow,
                            "a power of a symbol passed " + std::to_string(kMaxDegree) + ", the largest this reads");
      }
      auto it = out.terms_.find(*m);
      if (it == out.terms_.end()) {
        out.terms_.emplace(std::move(*m), c);
      } else {
        it->second = it->second + c;
        if (!it->second.valid()) return Exact(Rational::Invalid());
        if (it->second.is_zero()) out.terms_.erase(it);
      }
      if (out.terms_.size() > kMaxTerms) {
        return Exact::Error(ErrorCode::kOverflow,
                            "the expression multiplies out to more than " + std::to_string(kMaxTerms) + " terms");
      }
    }
  }
  return out;
}

Exact operator/(const Exact& x, const Exact& y) {
  if (!x.valid()) return x;
  if (!y.valid()) return y;
  auto c = y.constant();
  if (!c) { return Exact::Error(ErrorCode::kNotExact, "division by " + y.to_string() + " has no exact form here"); }
  if (c->is_zero()) return Exact::Error(ErrorCode::kInvalidInput, "division by zero");
  return x * Exact(Rational(1) / *c);
}

Result<Exact> ExactExp(const Exact& x) {
  if (!x.valid()) return x.status();
  auto k = x.multiple_of_ln2();
  if (!k || !k->is_integer()) {
    return Status(ErrorCode::kNotExact, "exp(" + x.to_string() +
                                            ") has no exact form: only whole multiples of a = ln 2 have one "
                                            "(exp(k*a) = 2^k)");
  }
  Rational p = PowerOfTwo(k->num());
  if (!p.valid()) {
    return Status(ErrorCode::kOverflow,
                  "exp(" + x.to_string() + ") = 2^" + std::to_string(k->num()) + " is past the exact range");
  }
  return Exact(p);
}

Exact ExactPow(const Exact& x, int64_t exponent) {
  Exact out(1), base = x;
  while (exponent > 0 && out.valid() && base.valid()) {
    if (exponent & 1) out *= base;
    exponent >>= 1;
    if (exponent > 0) base *= base;
  }
  return base.valid() ? out : base;
}

int SignOf(const Exact& x) {
  if (x.is_zero()) return 0;
  auto v = x.to_long_double();
  if (!v) return 0;
  return *v > 0 ? 1 : (*v < 0 ? -1 : 0);
}

}  // namespace attn
