// Checked rational arithmetic: every multiplication and addition goes through the
// compiler's overflow builtins, and results are kept in lowest terms.
#include "core/rational.h"

#include <numeric>

namespace attn {
namespace {

bool Mul(int64_t a, int64_t b, int64_t* out) { return !__builtin_mul_overflow(a, b, out); }
bool Add(int64_t a, int64_t b, int64_t* out) { return !__builtin_add_overflow(a, b, out); }

}  // namespace

Rational Rational::Of(int64_t num, int64_t den) {
  if (den == 0) return Invalid();
  if (num == INT64_MIN || den == INT64_MIN) return Invalid();
  if (den < 0) {
    num = -num;
    den = -den;
  }
  int64_t g = std::gcd(num < 0 ? -num : num, den);
  Rational r;
  r.num_ = g ? num / g : 0;
  r.den_ = g ? den / g : 1;
  return r;
}

std::optional<Rational> Rational::FromDecimal(const std::string& digits) {
  int64_t num = 0, den = 1;
  bool after_point = false;
  for (char c : digits) {
    if (c == '.') {
      if (after_point) return std::nullopt;
      after_point = true;
      continue;
    }
    if (c < '0' || c > '9') return std::nullopt;
    if (!Mul(num, 10, &num) || !Add(num, c - '0', &num)) return std::nullopt;
    if (after_point && !Mul(den, 10, &den)) return std::nullopt;
  }
  return Of(num, den);
}

double Rational::to_double() const {
  return valid_ ? static_cast<double>(num_) / static_cast<double>(den_) : 0.0 / 0.0;
}

long double Rational::to_long_double() const {
  return valid_ ? static_cast<long double>(num_) / static_cast<long double>(den_) : 0.0L / 0.0L;
}

std::string Rational::to_string() const {
  if (!valid_) return "(overflow)";
  if (den_ == 1) return std::to_string(num_);
  return std::to_string(num_) + "/" + std::to_string(den_);
}

Rational Rational::operator-() const {
  if (!valid_ || num_ == INT64_MIN) return Invalid();
  Rational r = *this;
  r.num_ = -num_;
  return r;
}

Rational operator+(const Rational& x, const Rational& y) {
  if (!x.valid_ || !y.valid_) return Rational::Invalid();
  int64_t a, b, n, d;
  if (!Mul(x.num_, y.den_, &a) || !Mul(y.num_, x.den_, &b) || !Add(a, b, &n) || !Mul(x.den_, y.den_, &d)) {
    // Retry through the lcm of the denominators before giving up.
    int64_t g = std::gcd(x.den_, y.den_);
    int64_t xs = y.den_ / g, ys = x.den_ / g;
    if (!Mul(x.num_, xs, &a) || !Mul(y.num_, ys, &b) || !Add(a, b, &n) || !Mul(x.den_, xs, &d)) {
      return Rational::Invalid();
    }
  }
  return Rational::Of(n, d);
}

Rational operator-(const Rational& x, const Rational& y) { return x + (-y); }

Rational operator*(const Rational& x, const Rational& y) {
  if (!x.valid_ || !y.valid_) return Rational::Invalid();
  // Cross-reduce first so that intermediate products stay small.
  int64_t g1 = std::gcd(x.num_ < 0 ? -x.num_ : x.num_, y.den_);
  int64_t g2 = std::gcd(y.num_ < 0 ? -y.num_ : y.num_, x.den_);
  if (g1 == 0) g1 = 1;
  if (g2 == 0) g2 = 1;
  int64_t n, d;
  if (!Mul(x.num_ / g1, y.num_ / g2, &n) || !Mul(x.den_ / g2, y.den_ / g1, &d)) { return Rational::Invalid(); }
  return Rational::Of(n, d);
}

Rational operator/(const Rational& x, const Rational& y) {
  if (!x.valid_ || !y.valid_ || y.num_ == 0) return Rational::Invalid();
  return x * Rational::Of(y.den_, y.num_);
}

bool operator<(const Rational& x, const Rational& y) {
  // Compare without overflow via long double for the rare large case.
  __int128 a = static_cast<__int128>(x.num_) * y.den_;
  __int128 b = static_cast<__int128>(y.num_) * x.den_;
  return a < b;
}

Rational PowerOfTwo(int64_t k) {
  if (k >= 62 || k <= -62) return Rational::Invalid();
  if (k >= 0) return Rational(int64_t{1} << k);
  return Rational::Of(1, int64_t{1} << (-k));
}

}  // namespace attn
