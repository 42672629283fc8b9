// Values, precision and printing of a parsed answer.
#include "answers/answer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace attn {

bool Answer::BeyondDouble() const {
  return kind == Kind::kNumber && evaluated &&
         (std::isinf(number) || std::fabs(number) > std::numeric_limits<double>::max());
}

std::optional<long double> Answer::Value() const {
  if (kind != Kind::kNumber) return std::nullopt;
  if (evaluated) return number;
  return value.to_long_double();
}

int Answer::SignificantOf(long double x, long double unit) {
  if (!(unit > 0)) return 0;
  long double units = std::round(std::fabs(x) / unit);
  int digits = 0;
  while (units >= 1 && digits < 40) {
    units = std::floor(units / 10);
    ++digits;
  }
  return digits;
}

std::vector<const Answer*> Answer::Leaves() const {
  if (kind != Kind::kList) return {this};
  std::vector<const Answer*> out;
  for (const auto& item : items)
    for (const Answer* leaf : item.Leaves()) out.push_back(leaf);
  return out;
}

std::string Answer::ReadAs() const {
  switch (kind) {
    case Kind::kWord: return word;
    case Kind::kList: {
      std::string out = "[";
      for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i].ReadAs();
      return out + "]";
    }
    case Kind::kNumber: {
      std::string body;
      char buffer[64];
      if (evaluated && BeyondDouble()) {
        body = std::string(number < 0 ? "-" : "") + "more than 1.8e308 (beyond what a double holds)";
      } else if (evaluated) {
        std::snprintf(buffer, sizeof buffer, "%.9Lg", number);
        body = std::string(buffer) + " (evaluated)";
      } else if (unit > 0 && value.constant() && unit_word.empty()) {
        std::snprintf(buffer, sizeof buffer, "%.*f", std::clamp(decimals, 0, 18), value.to_double());
        body = buffer;
      } else {
        body = value.to_string();
      }
      if (!unit_word.empty()) body += " bytes";
      return big_o ? "O(" + body + ")" : body;
    }
  }
  return "";
}

}  // namespace attn
