// Units a learner may write after a count: bytes with decimal or binary prefixes (B, kB,
// KiB, MB, MiB, GB, GiB, and the words), words for what is counted ("numbers",
// "elements", "dot products") and the multipliers thousand, million and billion. All of
// them convert exactly.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/rational.h"

namespace attn {

struct UnitSplit {
  std::string number;   // the text before the unit
  std::string unit;     // the unit as it is printed: "MiB", "B", "numbers"; "" for none
  Rational factor = 1;  // what one of the unit is worth
  bool bytes = false;   // a byte unit
  int words_power = 0;  // a multiplier in words (thousand 3, million 6, billion 9), else 0
};

// Splits a trailing unit off a count: "4 MiB" -> {"4", "MiB", 2^20, bytes}; nullopt when
// the text does not end in a unit word.
std::optional<UnitSplit> SplitUnit(std::string_view text);

// The same prefix in the other family (MB <-> MiB, kB <-> KiB, GB <-> GiB), for the
// decimal-vs-binary mix-up; nullopt for plain bytes and counting words.
std::optional<UnitSplit> OtherFamily(const UnitSplit& unit);

}  // namespace attn
