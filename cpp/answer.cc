// Printing and precision queries of a parsed answer.
#include "answer.h"

#include <cmath>
#include <cstdio>

namespace attn {

int Answer::MaxDecimals() const {
  if (kind != Kind::kList) return decimals;
  int d = -1;
  for (const auto& item : items) d = std::max(d, item.MaxDecimals());
  return d;
}

int Answer::MaxSignificant() const {
  if (kind != Kind::kList) return significant;
  int s = 0;
  for (const auto& item : items) s = std::max(s, item.MaxSignificant());
  return s;
}

std::string Answer::ReadAs() const {
  switch (kind) {
    case Kind::kWord: return word;
    case Kind::kList: {
      std::string out = "[";
      for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i].ReadAs();
      return out + "]";
    }
    case Kind::kNumber:
      if (decimals >= 0 && value.constant()) {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%.*f", std::min(decimals, 18), value.to_double());
        return buffer;
      }
      return value.to_string();
  }
  return "";
}

}  // namespace attn
