// Printing and comparing expected quantities.
#include "answers/quantity.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace attn {

std::string DecimalString(double x, int places, bool fixed_places) {
  if (!std::isfinite(x)) return "(not finite)";
  if (x == 0) return "0";
  if (x == std::round(x) && std::fabs(x) < 1e15) {  // a whole number as one
    char whole[32];
    std::snprintf(whole, sizeof whole, "%.0f", x);
    return whole;
  }
  // At least 3 significant figures, so that what is shown is what the grader takes back.
  const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(x))));
  char buffer[64];
  // Below what any answer may hold (1e-18) a number is a rounding residue where 0 is right.
  if (magnitude < -15) return "0";
  if (magnitude < -6) {
    // A tiny number (a residue where 0 is right) in powers of ten: 1.60e-17, not 18 zeros that
    // no answer may hold.
    std::snprintf(buffer, sizeof buffer, "%.2e", x);
    return buffer;
  }
  const int needed = std::max(0, 2 - magnitude);
  std::snprintf(buffer, sizeof buffer, "%.*f", std::max(places, needed), x);
  std::string s = buffer;
  size_t point = s.find('.');
  if (point != std::string::npos) {
    // Trailing zeros go, down to the places 3 significant figures need; with fixed_places, only
    // where the shorter decimal, of at most 4 places, is the number itself (0.480 for 0.48, 0.5625
    // for 9/16), so that a rounded number keeps all its places (0.129870, not 0.12987 beside
    // 0.218445).
    std::string trimmed = s;
    while (trimmed.back() == '0' && trimmed.size() - point - 1 > static_cast<size_t>(needed)) trimmed.pop_back();
    if (trimmed.back() == '.') trimmed.pop_back();
    const size_t places_left = trimmed.find('.') == std::string::npos ? 0 : trimmed.size() - trimmed.find('.') - 1;
    if (!fixed_places || (places_left <= 4 &&
                          std::fabs(std::strtod(trimmed.c_str(), nullptr) - x) <= 1e-12 * std::max(1.0, std::fabs(x))))
      s = trimmed;
  }
  if (s == "-0") s = "0";
  return s;
}

bool Quantity::SameAs(const Quantity& other) const {
  if (kind != other.kind) return false;
  switch (kind) {
    case Kind::kNumber:
      if (exact && other.exact) return *exact == *other.exact;
      return std::abs(approx - other.approx) <= 1e-12 * std::max(1.0, std::abs(approx));
    case Kind::kList:
      if (items.size() != other.items.size()) return false;
      for (size_t i = 0; i < items.size(); ++i)
        if (!items[i].SameAs(other.items[i])) return false;
      return true;
    case Kind::kPosition: return positions == other.positions && all_required == other.all_required;
  }
  return false;
}

bool Quantity::HasNotFinite() const {
  if (kind == Kind::kList) {
    for (const auto& item : items)
      if (item.HasNotFinite()) return true;
    return false;
  }
  return kind == Kind::kNumber && exact && !std::isfinite(approx);
}

std::string Quantity::ExactText() const {
  switch (kind) {
    case Kind::kNumber: return exact ? exact->to_string() : "";
    case Kind::kPosition: {
      std::string out;
      for (size_t i = 0; i < positions.size(); ++i) out += (i ? (all_required ? ", " : " or ") : "") + positions[i];
      return out;
    }
    case Kind::kList: {
      std::string out = "[";
      for (size_t i = 0; i < items.size(); ++i) {
        std::string item = items[i].ExactText();
        if (item.empty()) return "";
        out += (i ? ", " : "") + item;
      }
      return out + "]";
    }
  }
  return "";
}

std::string Quantity::DecimalText(bool fixed_places) const {
  switch (kind) {
    case Kind::kNumber: return DecimalString(approx, 6, fixed_places);
    case Kind::kPosition: return ExactText();
    case Kind::kList: {
      std::string out = "[";
      for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i].DecimalText(fixed_places);
      return out + "]";
    }
  }
  return "";
}

std::string Quantity::Text(bool fixed_places) const {
  std::string exact_text = ExactText(), decimal = DecimalText(fixed_places);
  if (exact_text.empty()) return decimal;
  if (decimal.find("not finite") != std::string::npos) return exact_text;  // a symbolic formula
  if (exact_text == decimal) return exact_text;
  return exact_text + " \u2248 " + decimal;
}

std::string Quantity::ShapeText() const {
  switch (kind) {
    case Kind::kNumber: return "a single number";
    case Kind::kPosition: return "a source position";
    case Kind::kList: {
      if (items.empty()) return "an empty list";
      bool numbers = items[0].kind == Kind::kNumber;
      std::string inner = numbers ? "numbers" : items[0].ShapeText();
      if (!numbers && inner.rfind("a list of ", 0) == 0) inner = "lists of " + inner.substr(10);
      return "a list of " + std::to_string(items.size()) + " " + inner;
    }
  }
  return "";
}

}  // namespace attn
