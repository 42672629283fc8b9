// Reading one typed number (answer_numbers.h).
#include "answers/answer_numbers.h"

#include <string>

namespace attn::reading {
namespace {

// The reader's limits in a learner's words (docs/judging.md, "What a learner can type").
std::string OutOfRange(const std::string& text) {
  return "'" + text +
         "' is outside the numbers this companion reads: a typed number may have up to 18 digits "
         "and lie between 1e-18 and 1e18 in size (write larger or smaller values as a product, such as 2^70)";
}

// 10^-decimals as a long double, from a table rather than pow (slow in WebAssembly).
long double PowerOfTenUnit(int decimals) {
  long double unit = 1;
  for (int i = 0; i < decimals && i < 400; ++i) unit /= 10;
  for (int i = 0; i < -decimals && i < 400; ++i) unit *= 10;
  return unit;
}

Rational PowerOfTen(int k) {
  Rational out(1);
  for (int i = 0; i < k && out.valid(); ++i) out = out * Rational(10);
  return out;
}

}  // namespace

Result<Answer> ReadNumber(const Token& t, int max_digits) {
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
  if (digits > max_digits) {
    return Error(t.position, "numbers may have at most " + std::to_string(max_digits) + " digits");
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

}  // namespace attn::reading
