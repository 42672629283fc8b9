// The comparison rules and the verdicts' wording.
#include "grading.h"

#include <cctype>
#include <cmath>
#include <cstdio>

namespace attn {

const char kDecimalRule[] =
    "A decimal counts when it equals the exact value rounded to the decimal places you "
    "wrote (in a list, each entry is read at the precision of the most precise one), "
    "with at least 3 significant figures.";

namespace {

enum class Match { kExact, kRounded, kNear, kNo };

Match CompareNumber(const Answer& a, const Quantity& q, int decimals) {
  if (q.exact && a.value == *q.exact) return Match::kExact;
  auto x = a.value.to_long_double();
  if (!x) return Match::kNo;
  long double v = q.exact ? q.exact->to_long_double().value_or(q.approx) : q.approx;
  long double diff = std::fabs(*x - v);
  if (!q.exact && diff <= 1e-9L * std::max(1.0L, std::fabs(v))) {
    // The answer is the value itself (as far as floating point can tell): -0.1, 1/5.
    return Match::kExact;
  }
  if (decimals < 0) return Match::kNo;
  long double unit = std::pow(10.0L, -decimals);
  long double slack = 1e-9L * unit + 1e-15L;
  if (diff <= 0.5L * unit + slack) return Match::kRounded;
  if (diff < unit + slack) return Match::kNear;
  return Match::kNo;
}

bool SameShape(const Answer& a, const Quantity& q) {
  if (q.kind == Quantity::Kind::kList) {
    if (!a.is_list() || a.items.size() != q.items.size()) return false;
    for (size_t i = 0; i < a.items.size(); ++i)
      if (!SameShape(a.items[i], q.items[i])) return false;
    return true;
  }
  return a.kind == Answer::Kind::kNumber;
}

std::string AnswerShape(const Answer& a) {
  if (!a.is_list()) return "a single number";
  if (a.items.empty()) return "an empty list";
  if (!a.items[0].is_list()) return "a list of " + std::to_string(a.items.size()) + " numbers";
  return "a list of " + std::to_string(a.items.size()) + " lists";
}

// The worst match over all entries (kExact < kRounded < kNear < kNo).
Match Compare(const Answer& a, const Quantity& q, int decimals) {
  if (q.kind == Quantity::Kind::kList) {
    Match worst = Match::kExact;
    for (size_t i = 0; i < q.items.size(); ++i)
      worst = std::max(worst, Compare(a.items[i], q.items[i], decimals));
    return worst;
  }
  return CompareNumber(a, q, decimals);
}

std::string Rounded(const Quantity& q, int decimals) {
  if (q.kind == Quantity::Kind::kList) {
    std::string out = "[";
    for (size_t i = 0; i < q.items.size(); ++i) out += (i ? ", " : "") + Rounded(q.items[i], decimals);
    return out + "]";
  }
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, q.approx);
  return buffer;
}

std::string Lower(std::string_view s) {
  std::string out;
  for (char c : s) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

Verdict Invalid(std::string read_as, std::string message) {
  Verdict v;
  v.kind = Verdict::Kind::kInvalid;
  v.read_as = std::move(read_as);
  v.feedback = std::move(message) + " This check did not count as an attempt.";
  return v;
}

Verdict Incorrect(const GradeRequest& request, const Answer& answer, std::string feedback) {
  Verdict v;
  v.kind = Verdict::Kind::kIncorrect;
  v.read_as = answer.ReadAs();
  v.feedback = std::move(feedback);
  int decimals = answer.MaxDecimals();
  for (const auto& m : request.misconceptions) {
    bool hit = false;
    if (!m.words.empty()) {
      std::vector<const Answer*> leaves = {&answer};
      for (const auto& item : answer.items) leaves.push_back(&item);
      for (const Answer* leaf : leaves)
        if (leaf->kind == Answer::Kind::kWord &&
            std::find(m.words.begin(), m.words.end(), leaf->word) != m.words.end())
          hit = true;
    } else if (m.list_length) {
      hit = answer.is_list() && answer.items.size() == *m.list_length &&
            !SameShape(answer, request.expected);
    } else if (m.value && SameShape(answer, *m.value)) {
      Match match = Compare(answer, *m.value, decimals);
      hit = match == Match::kExact || match == Match::kRounded;
    }
    if (hit) {
      v.misconception = m.tag;
      v.feedback = "Not quite: " + m.explanation;
      break;
    }
  }
  return v;
}

// Select-all: every listed position must be read, and the set must match exactly.
Verdict GradePositionSet(std::string_view text, const GradeRequest& request) {
  std::vector<std::string> chosen;
  std::string piece;
  auto flush = [&]() -> bool {
    size_t start = piece.find_first_not_of(" []()");
    size_t end = piece.find_last_not_of(" []()");
    std::string trimmed = start == std::string::npos ? "" : piece.substr(start, end - start + 1);
    piece.clear();
    if (trimmed.empty()) return true;
    auto label = ReadPosition(trimmed, request.position_labels);
    if (!label) return false;
    if (std::find(chosen.begin(), chosen.end(), *label) == chosen.end()) chosen.push_back(*label);
    return true;
  };
  for (char c : text) {
    if (c == ',' || c == ';') {
      if (!flush()) return Invalid(std::string(text), "Each entry must name one position or option.");
    } else {
      piece += c;
    }
  }
  if (!flush()) return Invalid(std::string(text), "Each entry must name one position or option.");
  if (chosen.empty()) return Invalid(std::string(text), "Select at least one, separated by commas.");
  auto sorted = [&](std::vector<std::string> v) {
    std::sort(v.begin(), v.end(), [&](const std::string& x, const std::string& y) {
      auto index = [&](const std::string& l) { return std::find(request.position_labels.begin(), request.position_labels.end(), l) - request.position_labels.begin(); };
      return index(x) < index(y);
    });
    return v;
  };
  Quantity answered = Quantity::PositionSet(sorted(chosen));
  Verdict v;
  v.read_as = answered.ExactText();
  v.expected = request.expected.Text();
  if (sorted(request.expected.positions) == answered.positions) {
    v.kind = Verdict::Kind::kCorrect;
    v.feedback = "Correct.";
    return v;
  }
  v.kind = Verdict::Kind::kIncorrect;
  v.feedback = "Not this selection: check each one.";
  for (const auto& m : request.misconceptions) {
    if (m.value && m.value->all_required && sorted(m.value->positions) == answered.positions) {
      v.misconception = m.tag;
      v.feedback = "Not quite: " + m.explanation;
      break;
    }
  }
  return v;
}

Verdict GradePosition(std::string_view text, const GradeRequest& request) {
  if (request.expected.all_required) return GradePositionSet(text, request);
  auto label = ReadPosition(text, request.position_labels);
  if (!label) {
    std::string names;
    for (size_t i = 0; i < request.position_labels.size(); ++i) {
      names += (i ? ", " : "") + std::to_string(i + 1) + " (" + request.position_labels[i] + ")";
    }
    return Invalid(std::string(text), "Name one source position: " + names + ".");
  }
  Verdict v;
  v.read_as = "position " + *label;
  v.expected = request.expected.Text();
  for (const auto& accepted : request.expected.positions) {
    if (accepted == *label) {
      v.kind = Verdict::Kind::kCorrect;
      v.feedback = request.expected.positions.size() > 1
                       ? "Correct. " + request.expected.ExactText() + " tie here; any of them counts."
                       : "Correct.";
      return v;
    }
  }
  v.kind = Verdict::Kind::kIncorrect;
  v.feedback = "Not this position.";
  for (const auto& m : request.misconceptions) {
    if (m.value && m.value->kind == Quantity::Kind::kPosition &&
        std::find(m.value->positions.begin(), m.value->positions.end(), *label) != m.value->positions.end()) {
      v.misconception = m.tag;
      v.feedback = "Not quite: " + m.explanation;
      break;
    }
  }
  return v;
}

}  // namespace

std::string VerdictName(Verdict::Kind kind) {
  switch (kind) {
    case Verdict::Kind::kCorrect: return "correct";
    case Verdict::Kind::kIncorrect: return "incorrect";
    case Verdict::Kind::kInvalid: return "invalid";
  }
  return "invalid";
}

std::optional<std::string> ReadPosition(std::string_view text,
                                        const std::vector<std::string>& labels) {
  std::string s = Lower(text);
  // Keep letters, digits and CJK bytes; fold separators to '_'.
  std::string cleaned;
  for (char c : s) {
    if (c == ' ' || c == '-' || c == '_' || c == ':' || c == '.') {
      if (!cleaned.empty() && cleaned.back() != '_') cleaned += '_';
    } else {
      cleaned += c;
    }
  }
  while (!cleaned.empty() && cleaned.back() == '_') cleaned.pop_back();
  for (std::string prefix : {"the_", "position_", "pos_", "source_"}) {
    if (cleaned.rfind(prefix, 0) == 0) cleaned = cleaned.substr(prefix.size());
  }
  if (s.find("\u3002") != std::string::npos || s == "." || cleaned == "fullstop" ||
      cleaned == "period" || cleaned == "stop") {
    cleaned = "full_stop";
  }
  if (cleaned == "colour" || s.find("\u7ea2\u8272") != std::string::npos) cleaned = "color";
  if (s.find("\u94a5\u5319") != std::string::npos) cleaned = "key";
  // "2", or "2_key" (a number with its name).
  size_t digits = 0;
  while (digits < cleaned.size() && std::isdigit(static_cast<unsigned char>(cleaned[digits]))) ++digits;
  if (digits > 0 && digits <= 3) {
    size_t n = std::stoul(cleaned.substr(0, digits));
    if (n < 1 || n > labels.size()) return std::nullopt;
    std::string rest = digits < cleaned.size() ? cleaned.substr(digits + 1) : "";
    if (!rest.empty() && rest != labels[n - 1]) return std::nullopt;
    return labels[n - 1];
  }
  for (const auto& label : labels)
    if (cleaned == Lower(label)) return label;
  return std::nullopt;
}

Verdict Grade(std::string_view text, const GradeRequest& request) {
  if (request.expected.kind == Quantity::Kind::kPosition) return GradePosition(text, request);

  std::optional<Result<Answer>> grouped =
      request.count ? ParseGroupedCount(text) : std::nullopt;
  Result<Answer> parsed = grouped ? *grouped
                          : request.shape ? ParseShape(text)
                                          : ParseAnswer(text, request.parse);
  if (!parsed.ok()) return Invalid("", parsed.status().message() + ".");
  const Answer& answer = *parsed;

  if (!SameShape(answer, request.expected)) {
    Verdict shape = Incorrect(request, answer, "");
    if (!shape.misconception.empty()) return shape;
    std::string extra =
        request.count && answer.is_list()
            ? " A comma here is read as a list separator unless it groups digits in threes (1,048,576)."
            : "";
    return Invalid(answer.ReadAs(), "This part needs " + request.expected.ShapeText() +
                                        "; your answer was read as " + AnswerShape(answer) + "." + extra);
  }

  int decimals = answer.MaxDecimals();
  Match match = Compare(answer, request.expected, decimals);
  if (match != Match::kExact && decimals >= 0 && answer.MaxSignificant() < 3) {
    return Invalid(answer.ReadAs(), "Too few digits to check: write at least 3 significant figures, "
                                    "or the exact form.");
  }
  if (request.count && match != Match::kExact && decimals >= 0) {
    return Invalid(answer.ReadAs(), "This part is a whole count; write it without decimals.");
  }

  Verdict v;
  v.read_as = answer.ReadAs();
  v.expected = request.expected.Text();
  switch (match) {
    case Match::kExact:
      v.kind = Verdict::Kind::kCorrect;
      v.feedback = "Correct.";
      return v;
    case Match::kRounded:
      if (request.require_exact && !request.expected.ExactText().empty()) {
        return Invalid(answer.ReadAs(),
                       "Your decimals agree with the value at the " + std::to_string(decimals) +
                           " decimal places you wrote, but this part asks for the exact form "
                           "(fractions, with a for ln 2).");
      }
      v.kind = Verdict::Kind::kCorrect;
      v.feedback = "Correct at the " + std::to_string(decimals) +
                   " decimal places you wrote: the value is " + v.expected + ". " + kDecimalRule;
      return v;
    case Match::kNear:
      return Incorrect(request, answer,
                       "A near miss: rounded to the " + std::to_string(decimals) +
                           " decimal places you wrote, the value is " +
                           Rounded(request.expected, decimals) +
                           ". The last digit is off by one; was it truncated instead of rounded?");
    case Match::kNo:
      break;
  }
  return Incorrect(request, answer, "Not correct. Check each step against the hint.");
}

}  // namespace attn
