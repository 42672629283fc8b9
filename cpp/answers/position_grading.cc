// Grading positions, options and select-all sets (position_grading.h), and reading a
// position as a learner names it (ReadPosition, grading.h).
#include "answers/position_grading.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "answers/answer_lexer.h"
#include "answers/named_mistakes.h"
#include "answers/verdict_words.h"

namespace attn {
namespace grading {
namespace {

// Select-all: every listed position must be read, and the set must match exactly.
Verdict GradePositionSet(std::string_view text, const GradeRequest& request) {
  std::vector<std::string> chosen;
  std::string piece;
  size_t pieces = 0;
  auto flush = [&]() -> bool {
    size_t start = piece.find_first_not_of(" []()");
    size_t end = piece.find_last_not_of(" []()");
    std::string trimmed = start == std::string::npos ? "" : piece.substr(start, end - start + 1);
    piece.clear();
    if (trimmed.empty()) return true;
    ++pieces;
    auto label = ReadPosition(trimmed, request.position_labels, request.position_synonyms, request.positions_by_number);
    if (!label) return false;
    if (std::find(chosen.begin(), chosen.end(), *label) == chosen.end()) chosen.push_back(*label);
    return true;
  };
  std::string names;
  for (size_t i = 0; i < request.position_labels.size(); ++i) names += (i ? ", " : "") + request.position_labels[i];
  for (char c : text) {
    if (c == ',' || c == ';') {
      if (!flush()) return Invalid("", "Each entry must name one position (" + names + "), separated by commas.");
    } else {
      piece += c;
    }
  }
  if (!flush()) return Invalid("", "Each entry must name one position (" + names + "), separated by commas.");
  if (chosen.empty()) return Invalid("", "Select at least one, separated by commas.");
  if (pieces > 2 * request.position_labels.size()) {
    return Invalid(
        "", "That names more positions than there are (" + std::to_string(request.position_labels.size()) + ").");
  }
  auto index = [&](const std::string& l) {
    return std::find(request.position_labels.begin(), request.position_labels.end(), l) -
           request.position_labels.begin();
  };
  auto sorted = [&](std::vector<std::string> v) {
    std::sort(v.begin(), v.end(), [&](const std::string& x, const std::string& y) { return index(x) < index(y); });
    return v;
  };
  Quantity answered = Quantity::PositionSet(sorted(chosen));
  Verdict v;
  v.read_as = answered.ExactText();
  if (sorted(request.expected.positions) == answered.positions) {
    v.kind = Verdict::Kind::kCorrect;
    v.feedback = "Correct.";
    return v;
  }
  auto found = Explaining(request, [&](const Misconception& m) {
    return m.value && m.value->all_required && sorted(m.value->positions) == answered.positions;
  });
  if (!found.empty()) return Named(request, v.read_as, found);
  v.kind = Verdict::Kind::kIncorrect;
  v.feedback = "Not this selection: check each one.";
  return v;
}

std::string PositionName(const GradeRequest& request, const std::string& label) {
  auto it = std::find(request.position_labels.begin(), request.position_labels.end(), label);
  size_t i = static_cast<size_t>(it - request.position_labels.begin());
  if (i < request.position_names.size()) return request.position_names[i];
  std::string out = label;
  std::replace(out.begin(), out.end(), '_', ' ');
  return out;
}

}  // namespace

Verdict GradePosition(std::string_view text, const GradeRequest& request) {
  if (request.expected.all_required) return GradePositionSet(text, request);
  auto label = ReadPosition(text, request.position_labels, request.position_synonyms, request.positions_by_number);
  if (!label) {
    std::string names;
    for (size_t i = 0; i < request.position_labels.size(); ++i) {
      std::string name = PositionName(request, request.position_labels[i]);
      bool numbered = request.positions_by_number && name != std::to_string(i + 1);
      names += (i ? ", " : "") + (numbered ? std::to_string(i + 1) + " (" + name + ")" : name);
    }
    std::string note = request.positions_by_number ? ""
                                                   : " A plain number is not read here: write the name, or "
                                                     "PyTorch's negative index such as -1.";
    return Invalid("", "Name one of: " + names + "." + note);
  }
  Verdict v;
  v.read_as = PositionName(request, *label);
  std::string expected;
  for (size_t i = 0; i < request.expected.positions.size(); ++i)
    expected += (i ? " or " : "") + PositionName(request, request.expected.positions[i]);
  for (const auto& accepted : request.expected.positions) {
    if (accepted == *label) {
      v.kind = Verdict::Kind::kCorrect;
      v.feedback = !request.accepted_rule.empty()          ? "Correct. " + request.accepted_rule
                   : request.expected.positions.size() > 1 ? "Correct. " + expected + " tie here; any of them counts."
                                                           : "Correct.";
      return v;
    }
  }
  auto found = Explaining(request, [&](const Misconception& m) {
    return m.value && m.value->kind == Quantity::Kind::kPosition &&
           std::find(m.value->positions.begin(), m.value->positions.end(), *label) != m.value->positions.end();
  });
  if (!found.empty()) return Named(request, v.read_as, found);
  v.kind = Verdict::Kind::kIncorrect;
  v.feedback = "Not this one: " + v.read_as + " is not the " +
               (request.expected.positions.size() > 1 ? "answer" : "position") +
               " this part asks for. Work out the quantity the part compares for each position, then choose.";
  return v;
}

}  // namespace grading

// The documented forms only: a number (1-based, up to the count), a number with its name
// ("2 key"), a label ("key", "full stop"), with an optional "the", "position", "pos" or
// "source" before it, or a word the exercise declares for a position (its synonyms).
std::optional<std::string> ReadPosition(std::string_view text, const std::vector<std::string>& labels,
                                        const std::map<std::string, std::string>& synonyms, bool by_number) {
  if (text.size() > 200) return std::nullopt;
  std::string s = reading::Lower(text);
  size_t start = s.find_first_not_of(" \t");
  size_t end = s.find_last_not_of(" \t");
  if (start == std::string::npos) return std::nullopt;
  s = s.substr(start, end - start + 1);
  if (s.size() > 1 && (s.back() == '.' || s.back() == '!')) s.pop_back();  // "Yes." is yes
  if (auto it = synonyms.find(s); it != synonyms.end()) return it->second;
  if (s[0] == '-' || s[0] == '+') return std::nullopt;  // a signed number names no position
  // Words separated by single '_'; only letters and digits inside words.
  std::string cleaned;
  for (char c : s) {
    if (c == ' ' || c == '-' || c == '_' || c == ':') {
      if (!cleaned.empty() && cleaned.back() != '_') cleaned += '_';
    } else if (std::isalnum(static_cast<unsigned char>(c))) {
      cleaned += c;
    } else {
      return std::nullopt;
    }
  }
  while (!cleaned.empty() && cleaned.back() == '_') cleaned.pop_back();
  if (auto it = synonyms.find(cleaned); it != synonyms.end()) return it->second;
  for (std::string prefix : {"the_", "position_", "pos_", "source_", "option_"}) {
    if (cleaned.rfind(prefix, 0) == 0) cleaned = cleaned.substr(prefix.size());
  }
  size_t digits = 0;
  while (digits < cleaned.size() && std::isdigit(static_cast<unsigned char>(cleaned[digits]))) ++digits;
  if (auto it = synonyms.find(cleaned); it != synonyms.end()) return it->second;
  if (digits > 0) {
    if (!by_number || digits > 3 || cleaned[0] == '0') return std::nullopt;
    size_t n = std::stoul(cleaned.substr(0, digits));
    if (n < 1 || n > labels.size()) return std::nullopt;
    std::string rest = digits < cleaned.size() ? cleaned.substr(digits + 1) : "";
    if (digits < cleaned.size() && cleaned[digits] != '_') return std::nullopt;
    if (!rest.empty() && rest != reading::Lower(labels[n - 1])) return std::nullopt;
    return labels[n - 1];
  }
  for (const auto& label : labels)
    if (cleaned == reading::Lower(label)) return label;
  return std::nullopt;
}

}  // namespace attn
