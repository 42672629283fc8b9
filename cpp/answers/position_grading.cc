// Judging positions, options and select-all sets (judge_steps.h), and reading a position as a
// learner names it (ReadPosition, grading.h).
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "answers/answer_lexer.h"
#include "answers/judge_steps.h"
#include "answers/named_mistakes.h"
#include "answers/verdict_words.h"

namespace attn {

std::string PositionName(const GradeRequest& request, const std::string& label) {
  auto it = std::find(request.position_labels.begin(), request.position_labels.end(), label);
  size_t i = static_cast<size_t>(it - request.position_labels.begin());
  if (i < request.position_names.size()) return request.position_names[i];
  std::string out = label;
  std::replace(out.begin(), out.end(), '_', ' ');
  return out;
}

namespace grading {
namespace {

// Select-all: every listed position must be read, and the set must match exactly.
Verdict JudgePositionSet(const Reading& reading, const GradeRequest& request) {
  Quantity answered = Quantity::PositionSet(reading.labels);
  Verdict v;
  v.read_as = answered.ExactText();
  auto index = [&](const std::string& l) {
    return std::find(request.position_labels.begin(), request.position_labels.end(), l) -
           request.position_labels.begin();
  };
  auto sorted = [&](std::vector<std::string> list) {
    std::sort(list.begin(), list.end(),
              [&](const std::string& x, const std::string& y) { return index(x) < index(y); });
    return list;
  };
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

}  // namespace

Verdict JudgePosition(const Reading& reading, const GradeRequest& request) {
  if (reading.kind == Reading::Kind::kPositionSet) return JudgePositionSet(reading, request);
  if (reading.kind != Reading::Kind::kPosition) return Invalid(reading.read_as, reading.message);
  const std::string& label = reading.label;
  Verdict v;
  v.read_as = PositionName(request, label);
  std::string expected;
  for (size_t i = 0; i < request.expected.positions.size(); ++i)
    expected += (i ? " or " : "") + PositionName(request, request.expected.positions[i]);
  for (const auto& accepted : request.expected.positions) {
    if (accepted == label) {
      v.kind = Verdict::Kind::kCorrect;
      v.feedback = !request.accepted_rule.empty()          ? "Correct. " + request.accepted_rule
                   : request.expected.positions.size() > 1 ? "Correct. " + expected + " tie here; any of them counts."
                                                           : "Correct.";
      return v;
    }
  }
  auto found = Explaining(request, [&](const Misconception& m) {
    return m.value && m.value->kind == Quantity::Kind::kPosition &&
           std::find(m.value->positions.begin(), m.value->positions.end(), label) != m.value->positions.end();
  });
  if (!found.empty()) return Named(request, v.read_as, found);
  v.kind = Verdict::Kind::kIncorrect;
  // A choice (a letter, yes or no, an option) is worded as a choice; a source position as a position.
  v.feedback = request.choice ? "Not correct: " + v.read_as +
                                    " is not the right choice here. Work out what the part asks of each choice, "
                                    "then choose again."
                              : "Not this one: " + v.read_as + " is not the " +
                                    (request.expected.positions.size() > 1 ? "answer" : "position") +
                                    " this part asks for. Work out the quantity the part compares for each "
                                    "position, then choose.";
  return v;
}

}  // namespace grading

// The documented forms only: a number (1-based, up to the count), a number with its name
// ("2 key"), a label ("key", "full stop"), with an optional "the", "position", "pos" or
// "source" before it, a key, value or state by its index as the chapters write them ("k2",
// "k₂", "key 2", "v_3", "h1"), or a word the exercise declares for a position (its synonyms).
namespace {

// "k₂" as "k2": the subscript digits U+2080..U+2089 (UTF-8 E2 82 80..89) as plain digits.
std::string SubscriptDigits(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (i + 2 < text.size() && static_cast<unsigned char>(text[i]) == 0xE2 &&
        static_cast<unsigned char>(text[i + 1]) == 0x82 && static_cast<unsigned char>(text[i + 2]) >= 0x80 &&
        static_cast<unsigned char>(text[i + 2]) <= 0x89) {
      out += static_cast<char>('0' + (static_cast<unsigned char>(text[i + 2]) - 0x80));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

// "key_2", "k2", "v_3", "state_1", "h4" -> the index alone; anything else as it is.
std::string IndexOfNamedVector(const std::string& cleaned) {
  for (const char* name : {"key_", "value_", "state_", "k_", "v_", "h_", "key", "value", "state", "k", "v", "h"}) {
    const std::string prefix = name;
    if (cleaned.size() <= prefix.size() || cleaned.rfind(prefix, 0) != 0) continue;
    const std::string rest = cleaned.substr(prefix.size());
    if (std::all_of(rest.begin(), rest.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      return rest;
  }
  return cleaned;
}

}  // namespace

std::optional<std::string> ReadPosition(std::string_view text, const std::vector<std::string>& labels,
                                        const std::map<std::string, std::string>& synonyms, bool by_number) {
  if (text.size() > 200) return std::nullopt;
  std::string s = reading::Lower(SubscriptDigits(text));
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
  // A token of the exercise's own ("k2" may be one) before a vector named by its index.
  if (!cleaned.empty() && !std::isdigit(static_cast<unsigned char>(cleaned[0])))
    for (const auto& label : labels)
      if (cleaned == reading::Lower(label)) return label;
  if (by_number) cleaned = IndexOfNamedVector(cleaned);
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
