// Whether a worked solution's last line ends in the part's value, as a solution writes numbers:
// every decimal at its fixed places (Quantity::Text(true)) and the minus sign as "−".
#pragma once

#include <algorithm>
#include <string>

#include "answers/quantity.h"

namespace attn {

inline std::string WithAsciiMinus(std::string text) {
  for (size_t at = text.find("\u2212"); at != std::string::npos; at = text.find("\u2212", at)) text.replace(at, 3, "-");
  return text;
}

// The end of `last` as long as the value's text, for a test's message where it is not the value.
inline std::string LineEnd(const std::string& last, const Quantity& expected) {
  const std::string line = WithAsciiMinus(last), value = expected.Text(/*fixed_places=*/true);
  return line.substr(line.size() - std::min(line.size(), value.size()));
}

}  // namespace attn
