// An overflow-checked rational number on 64-bit integers. An operation that would
// overflow (or divide by zero) yields an invalid rational instead of undefined behaviour;
// invalidity propagates, like a NaN that remembers it is an error.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace attn {

class Rational {
 public:
  Rational() = default;
  Rational(int64_t n) : num_(n) {}  // NOLINT: integers are rationals
  // Reduced to lowest terms with a positive denominator; den == 0 gives invalid.
  static Rational Of(int64_t num, int64_t den);
  static Rational Invalid() {
    Rational r;
    r.valid_ = false;
    return r;
  }
  // Parses a decimal literal such as "0.3466" or "12" exactly; nullopt if it does not fit.
  static std::optional<Rational> FromDecimal(const std::string& digits);

  bool valid() const { return valid_; }
  int64_t num() const { return num_; }
  int64_t den() const { return den_; }
  bool is_zero() const { return valid_ && num_ == 0; }
  bool is_integer() const { return valid_ && den_ == 1; }
  double to_double() const;
  long double to_long_double() const;
  std::string to_string() const;  // "3/4", "-2", "0"

  Rational operator-() const;
  friend Rational operator+(const Rational& x, const Rational& y);
  friend Rational operator-(const Rational& x, const Rational& y);
  friend Rational operator*(const Rational& x, const Rational& y);
  friend Rational operator/(const Rational& x, const Rational& y);
  friend bool operator==(const Rational& x, const Rational& y) {
    return x.valid_ && y.valid_ && x.num_ == y.num_ && x.den_ == y.den_;
  }
  friend bool operator<(const Rational& x, const Rational& y);

 private:
  int64_t num_ = 0;
  int64_t den_ = 1;
  bool valid_ = true;
};

// 2^k for an integer k as an exact rational; invalid when it does not fit.
Rational PowerOfTwo(int64_t k);

}  // namespace attn
