// The text of an answer before the grammar reads it (answer_text.h), and the checks
// every kind of answer meets on its raw text: its length in characters, its depth of
// brackets, typographic spaces between digit groups.
#include "answers/answer_text.h"

#include <algorithm>
#include <vector>

#include "answers/answer_lexer.h"
#include "answers/answer_parser.h"

namespace attn {

using reading::IsDigit;

std::optional<size_t> CharacterCount(std::string_view text) {
  size_t count = 0;
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > text.size()) return std::nullopt;
    for (size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return std::nullopt;
    i += len;
    ++count;
  }
  return count;
}

int BracketDepth(std::string_view text) {
  int depth = 0, deepest = 0;
  for (char c : text) {
    if (c == '(' || c == '[') deepest = std::max(deepest, ++depth);
    if ((c == ')' || c == ']') && depth > 0) --depth;
  }
  return deepest;
}

std::string JoinDigitGroups(std::string_view text) {
  static const std::string_view kSpaces[] = {"\u00A0", "\u2009", "\u202F"};
  auto space_at = [&](size_t i) -> size_t {
    for (std::string_view sp : kSpaces)
      if (text.substr(i, sp.size()) == sp) return sp.size();
    return 0;
  };
  std::string out;
  for (size_t i = 0; i < text.size();) {
    size_t width = space_at(i);
    if (width > 0 && !out.empty() && IsDigit(out.back())) {
      // A group: exactly three digits, then no further digit.
      size_t j = i + width, digits = 0;
      while (j < text.size() && IsDigit(text[j])) ++j, ++digits;
      if (digits == 3) {
        i += width;
        continue;
      }
    }
    out += text[i];
    ++i;
  }
  return out;
}

namespace reading {
namespace {

// One entry of a NumPy printout: a number (sign, digits, point, exponent) or True/False.
bool NumpyEntry(std::string_view s) {
  std::string lower = Lower(s);
  if (lower == "true" || lower == "false") return true;
  size_t i = 0;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
  size_t digits = 0;
  while (i < s.size() && IsDigit(s[i])) ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && IsDigit(s[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    size_t exponent = 0;
    while (i < s.size() && IsDigit(s[i])) ++i, ++exponent;
    if (exponent == 0) return false;
  }
  return i == s.size();
}

}  // namespace

Result<std::string> Normalise(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (c < 0x20 && !IsSpace(static_cast<char>(c)))
        return Error(out.size() + 1, "a control character is not part of an answer");
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    struct Map {
      std::string_view from;
      std::string_view to;
    };
    static const Map maps[] = {{"\u2212", "-"}, {"\u2013", "-"}, {"\u00D7", "*"}, {"\u00F7", "/"}, {"\u00B7", "*"},
                               {"\u22C5", "*"}, {"\u00A0", " "}, {"\u2009", " "}, {"\u202F", " "}, {"\u221A", "sqrt"}};
    bool mapped = false;
    for (const auto& m : maps) {
      if (text.substr(i, m.from.size()) == m.from) {
        out += m.to;
        i += m.from.size();
        mapped = true;
        break;
      }
    }
    if (!mapped) {
      size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
      return Error(out.size() + 1,
                   "the character '" + std::string(text.substr(i, len)) + "' is not part of the answer language");
    }
  }
  return out;
}

std::optional<std::string> NumpySeparated(const std::string& s) {
  if (s.find(',') != std::string::npos || s.find(';') != std::string::npos) return std::nullopt;
  bool brackets = s.find('[') != std::string::npos;
  std::vector<std::pair<size_t, size_t>> entries;  // [start, end)
  for (size_t i = 0; i < s.size();) {
    char c = s[i];
    if (IsSpace(c) || c == '[' || c == ']') {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < s.size() && !IsSpace(s[j]) && s[j] != '[' && s[j] != ']') ++j;
    if (!NumpyEntry(std::string_view(s).substr(i, j - i))) return std::nullopt;
    entries.emplace_back(i, j);
    i = j;
  }
  if (entries.size() < (brackets ? 1u : 2u)) return std::nullopt;
  std::string out;
  size_t copied = 0;
  auto separates = [&](size_t from, size_t to) {
    // Between an entry (or ']') and the next entry (or '['), with only spaces between.
    char before = from > 0 ? s[from - 1] : '\0';
    char after = to < s.size() ? s[to] : '\0';
    bool ends = before == ']' || (from > 0 && !IsSpace(before) && before != '[');
    bool starts = after == '[' || (after != '\0' && !IsSpace(after) && after != ']');
    return ends && starts;
  };
  for (size_t i = 0; i < s.size();) {
    if (!IsSpace(s[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < s.size() && IsSpace(s[j])) ++j;
    if (separates(i, j)) {
      out += s.substr(copied, i - copied);
      out += kSpaceSeparator;
      copied = j;
    }
    i = j;
  }
  out += s.substr(copied);
  // "][" with no space between rows, as in "[[1 0][0 1]]".
  std::string joined;
  for (size_t i = 0; i < out.size(); ++i) {
    joined += out[i];
    if (out[i] == ']' && i + 1 < out.size() && out[i + 1] == '[') joined += kSpaceSeparator;
  }
  return joined;
}

std::optional<std::string> RowsByLine(const std::string& s) {
  // Without commas it is NumPy's printout, which NumpySeparated reads.
  if (s.find('\n') == std::string::npos || s.find(',') == std::string::npos) return std::nullopt;
  std::vector<std::string> rows;
  bool broke = false;
  for (size_t i = 0; i < s.size();) {
    if (IsSpace(s[i])) {
      broke = broke || s[i] == '\n';
      ++i;
      continue;
    }
    if (s[i] != '[' || (!rows.empty() && !broke)) return std::nullopt;
    int depth = 0;
    size_t j = i;
    for (; j < s.size(); ++j) {
      depth += s[j] == '[' ? 1 : s[j] == ']' ? -1 : 0;
      if (depth == 0) break;
    }
    if (j == s.size()) return std::nullopt;
    rows.push_back(s.substr(i, j + 1 - i));
    broke = false;
    i = j + 1;
  }
  if (rows.size() < 2) return std::nullopt;
  std::string out = "[";
  for (size_t r = 0; r < rows.size(); ++r) out += (r ? ", " : "") + rows[r];
  return out + "]";
}

void ReadAtListPrecision(Answer& answer) {
  std::vector<Answer*> decimals;
  std::vector<Answer*> stack = {&answer};
  while (!stack.empty()) {
    Answer* a = stack.back();
    stack.pop_back();
    if (a->is_list()) {
      for (auto& item : a->items) stack.push_back(&item);
    } else if (a->is_decimal()) {
      decimals.push_back(a);
    }
  }
  if (decimals.empty()) return;
  long double unit = decimals[0]->unit;
  int places = decimals[0]->decimals;
  for (const Answer* d : decimals) {
    unit = std::min(unit, d->unit);
    places = std::max(places, d->decimals);
  }
  for (Answer* d : decimals) {
    d->unit = unit;
    d->decimals = places;
    d->significant = Answer::SignificantOf(d->Value().value_or(0), unit);
  }
}

}  // namespace reading
}  // namespace attn
