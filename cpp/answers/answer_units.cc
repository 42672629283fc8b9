// The unit words and their exact factors.
#include "answers/answer_units.h"

#include <cctype>
#include <utility>
#include <vector>

namespace attn {
namespace {

struct UnitWord {
  std::string_view spelling;  // lower case
  std::string_view printed;
  int64_t factor;
  bool bytes;
};

constexpr int64_t kKi = 1024, kMi = kKi * kKi, kGi = kMi * kKi;

const UnitWord kWords[] = {
    {"b", "B", 1, true},
    {"byte", "B", 1, true},
    {"bytes", "B", 1, true},
    {"kb", "kB", 1000, true},
    {"kilobytes", "kB", 1000, true},
    {"kib", "KiB", kKi, true},
    {"kibibytes", "KiB", kKi, true},
    {"mb", "MB", 1000000, true},
    {"megabytes", "MB", 1000000, true},
    {"mib", "MiB", kMi, true},
    {"mebibytes", "MiB", kMi, true},
    {"gb", "GB", 1000000000, true},
    {"gigabytes", "GB", 1000000000, true},
    {"gib", "GiB", kGi, true},
    {"gibibytes", "GiB", kGi, true},
    {"numbers", "numbers", 1, false},
    {"number", "numbers", 1, false},
    {"elements", "numbers", 1, false},
    {"entries", "numbers", 1, false},
    {"values", "numbers", 1, false},
    {"floats", "numbers", 1, false},
    {"scalars", "numbers", 1, false},
    {"weights", "numbers", 1, false},
    {"multiplications", "multiplications", 1, false},
    {"additions", "additions", 1, false},
    {"dot products", "dot products", 1, false},
    {"products", "dot products", 1, false},
    {"comparisons", "dot products", 1, false},
};

struct Multiplier {
  std::string_view spelling;
  int64_t factor;
  int power;
};
const Multiplier kMultipliers[] = {{"thousand", 1000, 3}, {"million", 1000000, 6}, {"billion", 1000000000, 9}};

std::string Lower(std::string_view s) {
  std::string out;
  for (char c : s) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string TrimRight(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  return s;
}

// Removes `word` from the end of `s` when it stands there as a whole word after something
// (a number); leaves `s` as it was otherwise, a word with only space before it included.
bool StripWord(std::string& s, std::string_view word) {
  std::string lower = Lower(s);
  if (lower.size() <= word.size() || lower.compare(lower.size() - word.size(), word.size(), word) != 0) return false;
  char before = s[s.size() - word.size() - 1];
  if (std::isalpha(static_cast<unsigned char>(before)) || before == '_') return false;
  std::string rest = TrimRight(s.substr(0, s.size() - word.size()));
  if (rest.empty()) return false;
  s = std::move(rest);
  return true;
}

}  // namespace

std::optional<UnitSplit> SplitUnit(std::string_view text) {
  std::string s = TrimRight(std::string(text));
  UnitSplit out;
  bool found = false;
  // The longest spelling first, so that "mib" is not taken for "b".
  const UnitWord* best = nullptr;
  for (const auto& w : kWords) {
    std::string trial = s;
    if (StripWord(trial, w.spelling) && (!best || w.spelling.size() > best->spelling.size())) best = &w;
  }
  if (best) {
    StripWord(s, best->spelling);
    out.unit = best->printed;
    out.factor = Rational(best->factor);
    out.bytes = best->bytes;
    found = true;
  }
  for (const auto& m : kMultipliers) {
    if (StripWord(s, m.spelling)) {
      out.factor = out.factor * Rational(m.factor);
      out.words_power = m.power;
      found = true;
      break;
    }
  }
  if (!found || s.empty()) return std::nullopt;
  // A byte unit must follow a digit, a closing bracket or a space ("4MiB", "4 MiB").
  char last = s.back();
  if (!(std::isdigit(static_cast<unsigned char>(last)) || last == ')' || last == '.' || last == '%'))
    return std::nullopt;
  out.number = s;
  return out;
}

std::optional<UnitSplit> OtherFamily(const UnitSplit& unit) {
  static const std::pair<std::string_view, std::string_view> kPairs[] = {{"kB", "KiB"}, {"MB", "MiB"}, {"GB", "GiB"}};
  for (const auto& [decimal, binary] : kPairs) {
    std::string_view other;
    if (unit.unit == decimal)
      other = binary;
    else if (unit.unit == binary)
      other = decimal;
    else
      continue;
    for (const auto& w : kWords) {
      if (w.printed == other) {
        UnitSplit out = unit;
        out.unit = std::string(other);
        out.factor = Rational(w.factor);
        return out;
      }
    }
  }
  return std::nullopt;
}

}  // namespace attn
