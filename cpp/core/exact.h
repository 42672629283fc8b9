// The exact scalar of the chapters' world: a polynomial with checked rational
// coefficients in named symbols. Chapter 14 uses the single symbol a = ln 2, so scores
// such as a, weights such as 1/4 and contexts such as a/2 are all exact; Chapter 19's
// cost formulas use the symbols T, S, B, H, D_k and D_v. exp is exact only where the
// result is rational (exp(k*a) = 2^k for integer k); elsewhere it is an error value.
#pragma once

#include <Eigen/Core>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "core/rational.h"
#include "core/status.h"

namespace attn {

// A product of symbols with positive integer powers, sorted by name: {("S",1),("T",1)}.
using Monomial = std::vector<std::pair<std::string, int>>;

class Exact {
 public:
  Exact() = default;
  Exact(int64_t n) : Exact(Rational(n)) {}  // NOLINT: integers are exact
  Exact(Rational r);                        // NOLINT: rationals are exact
  static Exact Symbol(const std::string& name);
  static Exact Ln2() { return Symbol("a"); }
  static Exact Error(ErrorCode code, std::string message);

  bool valid() const { return !error_.has_value(); }
  Status status() const;
  bool is_zero() const { return valid() && terms_.empty(); }
  // The constant value when the polynomial has no symbols.
  std::optional<Rational> constant() const;
  // k when the value is exactly k*a for a rational k (k = 0 included).
  std::optional<Rational> multiple_of_ln2() const;
  bool has_symbol_other_than_a() const;
  // The value of a symbol that stands for a number: a = ln 2, e, ln(p) for a whole p > 1.
  // nullopt for the symbols of formulas (T, S, D_k, ...).
  static std::optional<long double> SymbolValue(const std::string& name);
  // True when every symbol has a numeric value (so to_long_double() has one).
  bool numeric() const;
  const std::map<Monomial, Rational>& terms() const { return terms_; }

  // The value with a = ln 2 (and e, ln(p)); nullopt if a formula symbol is present or it
  // is an error.
  std::optional<long double> to_long_double() const;
  double to_double() const;  // NaN when to_long_double() has no value
  // Readable exact form: "2a/3", "-a/4", "3/2", "T*S*D_k + T*S*D_v".
  std::string to_string() const;

  Exact operator-() const;
  friend Exact operator+(const Exact& x, const Exact& y);
  friend Exact operator-(const Exact& x, const Exact& y);
  friend Exact operator*(const Exact& x, const Exact& y);
  friend Exact operator/(const Exact& x, const Exact& y);  // by a nonzero constant only
  Exact& operator+=(const Exact& y) { return *this = *this + y; }
  Exact& operator-=(const Exact& y) { return *this = *this - y; }
  Exact& operator*=(const Exact& y) { return *this = *this * y; }
  Exact& operator/=(const Exact& y) { return *this = *this / y; }
  friend bool operator==(const Exact& x, const Exact& y) { return x.valid() && y.valid() && x.terms_ == y.terms_; }
  friend bool operator!=(const Exact& x, const Exact& y) { return !(x == y); }

 private:
  std::map<Monomial, Rational> terms_;  // no zero coefficients are stored
  std::optional<std::pair<ErrorCode, std::string>> error_;
};

inline std::ostream& operator<<(std::ostream& os, const Exact& x) { return os << x.to_string(); }

// exp(x), exact where it is rational: exp(k*a) = 2^k for integer k.
Result<Exact> ExactExp(const Exact& x);
// An integer power with a non-negative exponent (by squaring; the caps below apply).
Exact ExactPow(const Exact& x, int64_t exponent);

// Bounds on the work one exact value may cost: a product that would hold more terms, or
// a symbol's power past the degree cap, is an error value (never a wrap-around).
inline constexpr size_t kMaxTerms = 64;
inline constexpr int kMaxDegree = 64;

// The sign of the value with a = ln 2 (-1, 0, 1); the value must be symbol-free but a.
int SignOf(const Exact& x);

}  // namespace attn

namespace Eigen {
template <>
struct NumTraits<attn::Exact> : GenericNumTraits<attn::Exact> {
  typedef attn::Exact Real;
  typedef attn::Exact NonInteger;
  typedef attn::Exact Nested;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 4,
    AddCost = 16,
    MulCost = 16
  };
  static inline int digits10() { return 0; }
  static inline attn::Exact epsilon() { return attn::Exact(0); }
  static inline attn::Exact dummy_precision() { return attn::Exact(0); }
};
}  // namespace Eigen
