// Reading one typed answer as its part reads it (reading.h).
#include "answers/reading.h"

#include <algorithm>
#include <cctype>

#include "answers/answer_parser.h"
#include "answers/grading.h"

namespace attn {
namespace {

Reading Unreadable(std::string message, std::string read_as = "") {
  Reading r;
  r.kind = Reading::Kind::kUnreadable;
  r.message = std::move(message);
  r.read_as = std::move(read_as);
  return r;
}

// "Name one of: 1 (key), 2 (color), ..." for a position that could not be read.
std::string PositionChoices(const GradeRequest& request) {
  std::string names;
  for (size_t i = 0; i < request.position_labels.size(); ++i) {
    std::string name = PositionName(request, request.position_labels[i]);
    bool numbered = request.positions_by_number && name != std::to_string(i + 1);
    names += (i ? ", " : "") + (numbered ? std::to_string(i + 1) + " (" + name + ")" : name);
  }
  std::string note = request.positions_by_number ? ""
                                                 : " A plain number is not read here: write the name, or PyTorch's "
                                                   "negative index such as -1.";
  return "Name one of: " + names + "." + note;
}

// A select-all answer: positions separated by commas, each read as one position.
Reading ReadPositionSet(std::string_view text, const GradeRequest& request) {
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
  const std::string each = "Each entry must name one position (" + names + "), separated by commas.";
  for (char c : text) {
    if (c != ',' && c != ';') {
      piece += c;
    } else if (!flush()) {
      return Unreadable(each);
    }
  }
  if (!flush()) return Unreadable(each);
  if (chosen.empty()) return Unreadable("Select at least one, separated by commas.");
  if (pieces > 2 * request.position_labels.size())
    return Unreadable("That names more positions than there are (" + std::to_string(request.position_labels.size()) +
                      ").");
  auto index = [&](const std::string& l) {
    return std::find(request.position_labels.begin(), request.position_labels.end(), l) -
           request.position_labels.begin();
  };
  std::sort(chosen.begin(), chosen.end(),
            [&](const std::string& x, const std::string& y) { return index(x) < index(y); });
  Reading r;
  r.kind = Reading::Kind::kPositionSet;
  r.labels = std::move(chosen);
  return r;
}

// The value of a numeric part: a unit after a count, digit groups, a shape, or an expression.
Reading ReadValue(std::string_view text, const GradeRequest& request) {
  Reading r;
  Result<Answer> answer = Status();
  if (request.shape) {
    answer = ParseShape(text, request.parse);
  } else {
    std::string body(text);
    if (request.count) {
      r.unit = SplitUnit(text);
      if (r.unit) body = r.unit->number;
    }
    auto grouped = request.count ? ParseGroupedCount(body) : std::nullopt;
    if (grouped) NoteRead(body);
    answer = grouped ? *grouped : ParseAnswer(body, request.parse);
  }
  if (!answer.ok()) {
    std::string message = answer.status().message();
    if (!message.empty()) message[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(message[0])));
    return Unreadable(message + ".");
  }
  Answer& a = answer.value();
  if (r.unit) {
    if (a.kind != Answer::Kind::kNumber)
      return Unreadable("A unit such as " + r.unit->unit + " follows a single number.");
    Exact factor(r.unit->factor);
    if (r.unit->words_power > 0 && !a.evaluated && a.unit == 0) {
      // "1 million" is read as 1e6 is: a number known to the figures written, not every digit.
      if (auto c = a.value.constant(); c && c->is_integer()) {
        a.unit = 1;
        a.decimals = 0;
        a.significant = Answer::SignificantOf(*a.Value(), 1);
      }
    }
    if (r.unit->words_power > 0 && a.unit > 0) a.decimals -= r.unit->words_power;
    if (a.evaluated)
      a.number *= r.unit->factor.to_long_double();
    else
      a.value *= factor;
    a.unit *= r.unit->factor.to_long_double();
    if (r.unit->bytes) a.unit_word = r.unit->unit;
  }
  r.kind = Reading::Kind::kValue;
  r.value = std::move(a);
  return r;
}

}  // namespace

Reading ReadAnswer(std::string_view raw, const GradeRequest& request) {
  auto characters = CharacterCount(raw);
  if (!characters) return Unreadable("The answer is not valid text (UTF-8).");
  if (*characters > request.parse.max_length)
    return Unreadable("The answer is longer than " + std::to_string(request.parse.max_length) + " characters.");
  // The bracket bound holds for every kind of answer, positions and shapes included.
  if (BracketDepth(raw) > request.parse.max_depth)
    return Unreadable("The answer is nested more than " + std::to_string(request.parse.max_depth) +
                      " levels of brackets deep.");
  // Digits grouped by a typographic space (2 196, as typeset pages print it) are one number.
  const std::string text = JoinDigitGroups(raw);
  if (request.expected.kind != Quantity::Kind::kPosition) return ReadValue(text, request);
  if (request.expected.all_required) return ReadPositionSet(text, request);
  auto label = ReadPosition(text, request.position_labels, request.position_synonyms, request.positions_by_number);
  if (!label) return Unreadable(PositionChoices(request));
  Reading r;
  r.kind = Reading::Kind::kPosition;
  r.label = *label;
  return r;
}

}  // namespace attn
