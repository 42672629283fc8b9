// The verdicts and their wording: read, check the shape, judge, name the mistake.
#include "answers/grading.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <functional>
#include <set>

#include "answers/answer_units.h"
#include "answers/judging.h"

namespace attn {

const char kDecimalRule[] =
    "The decimal rule: each decimal counts when it equals the value rounded to the places it "
    "shows, with at least 3 significant figures (a decimal that is the value itself, such as "
    "0.25 for 1/4, always counts); one unit off in the last place is a near miss.";

const char kEvaluatedRule[] =
    "An expression with no exact form here (such as e^0.5) is evaluated in long double "
    "precision and counts when it agrees with the value to a relative 1e-9.";

namespace {

std::string Ordinal(size_t n) {
  std::string suffix = "th";
  if (n % 100 < 11 || n % 100 > 13) {
    if (n % 10 == 1) suffix = "st";
    if (n % 10 == 2) suffix = "nd";
    if (n % 10 == 3) suffix = "rd";
  }
  return std::to_string(n) + suffix;
}

std::string EntryName(const std::vector<size_t>& path) {
  if (path.empty()) return "your answer";
  if (path.size() == 1) return "entry " + std::to_string(path[0] + 1);
  std::string out = "row " + std::to_string(path[0] + 1);
  for (size_t i = 1; i < path.size(); ++i) out += ", entry " + std::to_string(path[i] + 1);
  return out;
}

// "entries 2 and 3", "entry 1", "4 of the 15 entries".
std::string EntriesText(const std::vector<const EntryJudgment*>& entries, size_t total) {
  if (entries.size() > 4) return std::to_string(entries.size()) + " of the " + std::to_string(total) + " entries";
  std::string out;
  for (size_t i = 0; i < entries.size(); ++i) {
    std::string name = EntryName(entries[i]->path);
    if (i > 0 && name.rfind("entry ", 0) == 0) name = name.substr(6);
    out += (i == 0 ? "" : i + 1 == entries.size() ? " and " : ", ") + name;
  }
  if (entries.size() > 1 && out.rfind("entry ", 0) == 0) out = "entries " + out.substr(6);
  return out;
}

std::vector<const EntryJudgment*> EntriesWith(const Judgment& j, Match match) {
  std::vector<const EntryJudgment*> out;
  for (const auto& e : j.entries)
    if (e.match == match) out.push_back(&e);
  return out;
}

std::string PlacesText(const Answer& a) {
  if (!a.unit_word.empty() || a.decimals < 0) return "the last digit it shows";
  return a.decimals == 1 ? "the 1 decimal place it shows"
                         : "the " + std::to_string(a.decimals) + " decimal places it shows";
}

// What the learner's answer is, in words that never repeat the expected shape's wording
// unless the shapes truly match.
std::string Describe(const Answer& a) {
  switch (a.kind) {
    case Answer::Kind::kWord: return "the word " + a.word + " (not a number)";
    case Answer::Kind::kNumber: return "a single number";
    case Answer::Kind::kList: break;
  }
  if (a.items.empty()) return "an empty list";
  size_t n = a.items.size();
  std::string count = std::to_string(n);
  for (size_t i = 0; i < n; ++i) {
    if (a.items[i].kind == Answer::Kind::kWord) {
      return "a list of " + count + " entries whose " + Ordinal(i + 1) + " entry is " + a.items[i].word +
             ", not a number";
    }
  }
  bool numbers =
      std::all_of(a.items.begin(), a.items.end(), [](const Answer& x) { return x.kind == Answer::Kind::kNumber; });
  if (numbers) return "a list of " + count + (n == 1 ? " number" : " numbers");
  bool lists = std::all_of(a.items.begin(), a.items.end(), [](const Answer& x) { return x.is_list(); });
  if (!lists) return "a list of " + count + " entries that mixes numbers and lists";
  size_t depth = 1;
  for (const Answer* x = &a; x->is_list() && !x->items.empty() && x->items[0].is_list(); x = &x->items[0]) ++depth;
  if (depth > 3) return "a list nested " + std::to_string(depth) + " levels deep";
  // Each level is described once (the depth is bounded, and so is the work).
  std::string inner = Describe(a.items[0]);
  for (size_t i = 1; i < n; ++i) {
    if (Describe(a.items[i]) != inner) return "a list of " + count + " lists that are not all alike";
  }
  if (inner.rfind("a list of ", 0) == 0) inner = "lists of " + inner.substr(10);
  return "a list of " + count + " " + inner;
}

Verdict Invalid(std::string read_as, std::string message) {
  Verdict v;
  v.kind = Verdict::Kind::kInvalid;
  v.read_as = std::move(read_as);
  v.feedback = std::move(message) + " This check did not count as an attempt.";
  return v;
}

// What the learner is told about a named mistake: its explanation, or, where values are
// hidden and the explanation uses a computed value, its wording without values.
const std::string& ExplanationFor(const GradeRequest& request, const Misconception& m) {
  return !request.reveal_values && !m.without_values.empty() ? m.without_values : m.explanation;
}

// The most mistakes one verdict names.
constexpr size_t kMostNamed = 2;

// Whether a mistake of this family may be named for this part: position mistakes for
// positions and options, shape mistakes for tensor shapes, and for numbers the arithmetic
// mistakes and the lists of the wrong length.
bool FitsPart(const GradeRequest& request, const Misconception& m) {
  if (request.expected.kind == Quantity::Kind::kPosition) return m.family == Misconception::Family::kPosition;
  if (request.shape) return m.family == Misconception::Family::kShape;
  return m.family != Misconception::Family::kPosition;
}

// Every entry that is exactly 0 typed as a small number that is not 0, the rest consistent.
bool TinyForZero(const Answer& answer, const Quantity& expected) {
  Judgment j = Judge(answer, expected);
  bool tiny = false;
  for (const auto& e : j.entries) {
    if (e.match <= Match::kTooFew) continue;
    const Quantity* q = &expected;
    for (size_t i : e.path) q = &q->items[i];
    auto typed = e.answer->Value();
    bool zero = q->exact ? q->exact->is_zero() : q->approx == 0;
    if (!zero || !typed || *typed == 0 || std::fabs(*typed) > kTinyForZero) return false;
    tiny = true;
  }
  return tiny;
}

bool Reproduces(const GradeRequest& request, const Misconception& m, const Answer& answer) {
  if (!m.words.empty()) {
    for (const Answer* leaf : answer.Leaves())
      if (leaf->kind == Answer::Kind::kWord && std::find(m.words.begin(), m.words.end(), leaf->word) != m.words.end())
        return true;
    return false;
  }
  if (m.tiny_for_zero) return SameShape(answer, request.expected) && TinyForZero(answer, request.expected);
  if (m.list_length) {
    return answer.is_list() && answer.items.size() == *m.list_length && !SameShape(answer, request.expected);
  }
  if (!m.value || m.value->kind == Quantity::Kind::kPosition || !SameShape(answer, *m.value)) return false;
  // A mistake is named only on an answer that shows enough digits to tell it apart: every
  // entry consistent with it, and some decimal entry with 3 significant figures.
  Judgment j = Judge(answer, *m.value, request.leading_order);
  if (j.worst <= Match::kRounded) return true;
  if (j.worst == Match::kTooFew) {
    for (const Answer* leaf : answer.Leaves())
      if (leaf->is_decimal() && leaf->significant >= kMinSignificant) return true;
  }
  return false;
}

// The known mistakes that reproduce the answer, in the model's order, without the ones that
// yield to another that also reproduces it, and without repeating an explanation.
std::vector<const Misconception*> Explaining(const GradeRequest& request,
                                             const std::function<bool(const Misconception&)>& reproduces) {
  std::vector<const Misconception*> found;
  for (const auto& m : request.misconceptions)
    if (FitsPart(request, m) && reproduces(m)) found.push_back(&m);
  std::vector<const Misconception*> out;
  for (const Misconception* m : found) {
    bool yields = std::any_of(found.begin(), found.end(), [&](const Misconception* other) {
      return std::find(m->yields_to.begin(), m->yields_to.end(), other->tag) != m->yields_to.end();
    });
    bool repeated = std::any_of(out.begin(), out.end(), [&](const Misconception* other) {
      return other->tag == m->tag || other->explanation == m->explanation;
    });
    if (!yields && !repeated) out.push_back(m);
  }
  return out;
}

std::vector<const Misconception*> FindMisconceptions(const GradeRequest& request, const Answer& answer) {
  return Explaining(request, [&](const Misconception& m) { return Reproduces(request, m, answer); });
}

std::string Capitalised(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

// One mistake: "Not quite: <explanation>". Two: both are named, since the answer alone
// cannot tell which of them the learner made; of more, the first two in the model's order.
Verdict Named(const GradeRequest& request, std::string read_as, std::vector<const Misconception*> found) {
  if (found.size() > kMostNamed) found.resize(kMostNamed);
  Verdict v;
  v.kind = Verdict::Kind::kIncorrect;
  v.read_as = std::move(read_as);
  for (const Misconception* m : found) v.misconceptions.push_back(m->tag);
  v.misconception = v.misconceptions.front();
  if (found.size() == 1) {
    v.feedback = "Not quite: " + ExplanationFor(request, *found[0]);
    return v;
  }
  v.feedback = "Not quite. Two different mistakes give exactly this answer.";
  for (size_t i = 0; i < found.size(); ++i)
    v.feedback += std::string(i == 0 ? " " : " Or: ") + Capitalised(ExplanationFor(request, *found[i]));
  return v;
}

// An incorrect verdict: the named mistakes when known ones reproduce the answer, else `feedback`.
Verdict Incorrect(const GradeRequest& request, const Answer& answer, std::string feedback) {
  auto found = FindMisconceptions(request, answer);
  if (!found.empty()) return Named(request, answer.ReadAs(), found);
  Verdict v;
  v.kind = Verdict::Kind::kIncorrect;
  v.read_as = answer.ReadAs();
  v.feedback = std::move(feedback);
  return v;
}

// A shape question whose answer has the wrong number of axes: say which axis is extra or
// missing without telling the sizes that are not there.
Verdict WrongRank(const GradeRequest& request, const Answer& answer) {
  const auto& dims = answer.items;
  const auto& want = request.expected.items;
  auto size_of = [](const Answer& d) { return d.value.constant()->num(); };
  auto want_of = [](const Quantity& q) { return q.exact->constant()->num(); };
  std::string detail;
  if (dims.size() > want.size()) {
    // The extra axes, when the wanted shape is what is left after taking them out.
    std::vector<size_t> extra;
    size_t k = 0;
    for (size_t i = 0; i < dims.size(); ++i) {
      if (k < want.size() && size_of(dims[i]) == want_of(want[k]))
        ++k;
      else
        extra.push_back(i);
    }
    if (k == want.size() && extra.size() == 1) {
      detail = " The " + Ordinal(extra[0] + 1) + " axis you wrote (size " + std::to_string(size_of(dims[extra[0]])) +
               ") has no place in this tensor.";
    } else {
      detail = " It has " + std::to_string(dims.size() - want.size()) + " axis too many.";
    }
  } else {
    detail = " It is missing " + std::string(want.size() - dims.size() == 1 ? "an axis" : "axes") +
             ": which dimension did you leave out?";
  }
  return Incorrect(request, answer,
                   "Not correct: your shape has " + std::to_string(dims.size()) +
                       (dims.size() == 1 ? " axis" : " axes") + ", and that is not this tensor's number of axes." +
                       detail);
}

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

std::string Lower(std::string_view s) {
  std::string out;
  for (char c : s) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Reads the answer text for a numeric part: units (counts), digit groups (counts), shapes.
struct Reading {
  Result<Answer> answer = Status();
  std::optional<UnitSplit> unit;
};

bool SameOptions(const ParseOptions& x, const ParseOptions& y) {
  return x.symbols == y.symbols && x.values == y.values && x.booleans == y.booleans && x.nonfinite == y.nonfinite &&
         x.max_length == y.max_length && x.max_depth == y.max_depth && x.max_items == y.max_items &&
         x.max_digits == y.max_digits;
}

// One answer is read against several parts in a row (the search for the part it answers
// asks every other part of the exercise), so the last reading is kept: the same text under
// the same options is read once, which keeps a long answer's worst case to one parse.
Result<Answer> ParseOnce(const std::string& text, const ParseOptions& options) {
  struct Last {
    std::string text;
    ParseOptions options;
    Result<Answer> answer = Status();
  };
  thread_local std::optional<Last> last;
  if (!last || last->text != text || !SameOptions(last->options, options))
    last = Last{text, options, ParseAnswer(text, options)};
  return last->answer;
}

Reading ReadAnswer(std::string_view text, const GradeRequest& request) {
  Reading r;
  if (request.shape) {
    r.answer = ParseShape(text, request.parse);
    return r;
  }
  std::string body(text);
  if (request.count) {
    r.unit = SplitUnit(text);
    if (r.unit) body = r.unit->number;
  }
  auto grouped = request.count ? ParseGroupedCount(body) : std::nullopt;
  r.answer = grouped ? *grouped : ParseOnce(body, request.parse);
  if (!r.answer.ok() || !r.unit) return r;
  Answer& a = r.answer.value();
  if (a.kind != Answer::Kind::kNumber) {
    r.answer = Status(ErrorCode::kParse, "a unit such as " + r.unit->unit + " follows a single number");
    return r;
  }
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
  return r;
}

// The value an entry of the judgment is compared with.
const Quantity& ExpectedAt(const Quantity& expected, const std::vector<size_t>& path) {
  const Quantity* q = &expected;
  for (size_t i : path) q = &q->items[i];
  return *q;
}

// A near miss of a value that the places written show exactly (1.999 for e^a = 2, 0.249 for
// 1/4): nothing was there to round, so the advice is to work exactly, not to round better.
// An empty feedback when some near entry is not of that kind.
Verdict NearAnExactValue(const GradeRequest& request, const Answer& answer, const Judgment& judgment,
                         const std::vector<const EntryJudgment*>& near) {
  std::string values;
  for (size_t i = 0; i < near.size(); ++i) {
    const Quantity& q = ExpectedAt(request.expected, near[i]->path);
    if (!q.exact || !q.exact->constant()) return Verdict();
    long double v = *q.exact->to_long_double(), unit = near[i]->answer->unit;
    if (std::fabs(std::round(v / unit) * unit - v) > 1e-12L * std::max(1.0L, std::fabs(v))) return Verdict();
    values += (i == 0 ? "" : i + 1 == near.size() ? " and " : ", ") + q.ExactText();
  }
  size_t total = judgment.entries.size();
  std::string which = total == 1 ? "your answer is"
                                 : "in your answer, " + EntriesText(near, total) + (near.size() == 1 ? " is" : " are");
  bool plural = near.size() > 1;
  std::string reason = request.parse.symbols.count("a")
                           ? " This chapter's values are exact: with a = ln 2, e^a = 2 and e^(-a) = 1/2, so work "
                             "them out exactly instead of from a rounded a."
                           : " Work it out exactly; there is nothing to round.";
  Verdict v;
  v.kind = Verdict::Kind::kIncorrect;
  v.read_as = answer.ReadAs();
  v.misconception = "exact-value-approximated";
  v.misconceptions = {v.misconception};
  v.feedback = "Not quite: " + which + " one unit off in the last digit from " + (plural ? "values" : "a value") +
               " that " + (plural ? "are" : "is") + " exact and need" + (plural ? "" : "s") + " no rounding" +
               (request.reveal_values ? " (" + values + ")" : "") + "." + reason;
  return v;
}

}  // namespace

std::optional<Answer> ReadValue(std::string_view text, const GradeRequest& request) {
  if (request.expected.kind == Quantity::Kind::kPosition) return std::nullopt;
  auto characters = CharacterCount(text);
  if (!characters || *characters > request.parse.max_length || BracketDepth(text) > request.parse.max_depth)
    return std::nullopt;
  const std::string grouped = JoinDigitGroups(text);
  Reading reading = ReadAnswer(grouped, request);
  if (!reading.answer.ok() || !SameShape(*reading.answer, request.expected)) return std::nullopt;
  for (const Answer* leaf : reading.answer->Leaves())
    if (leaf->kind != Answer::Kind::kNumber || (leaf->big_o && !request.leading_order)) return std::nullopt;
  return *reading.answer;
}

std::string VerdictName(Verdict::Kind kind) {
  switch (kind) {
    case Verdict::Kind::kCorrect: return "correct";
    case Verdict::Kind::kIncorrect: return "incorrect";
    case Verdict::Kind::kInvalid: return "invalid";
  }
  return "invalid";
}

// The documented forms only: a number (1-based, up to the count), a number with its name
// ("2 key"), a label ("key", "full stop"), with an optional "the", "position", "pos" or
// "source" before it, or a word the exercise declares for a position (its synonyms).
std::optional<std::string> ReadPosition(std::string_view text, const std::vector<std::string>& labels,
                                        const std::map<std::string, std::string>& synonyms, bool by_number) {
  if (text.size() > 200) return std::nullopt;
  std::string s = Lower(text);
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
    if (!rest.empty() && rest != Lower(labels[n - 1])) return std::nullopt;
    return labels[n - 1];
  }
  for (const auto& label : labels)
    if (cleaned == Lower(label)) return label;
  return std::nullopt;
}

Verdict Grade(std::string_view text, const GradeRequest& request) {
  auto characters = CharacterCount(text);
  if (!characters) return Invalid("", "The answer is not valid text (UTF-8).");
  if (*characters > request.parse.max_length) {
    return Invalid("", "The answer is longer than " + std::to_string(request.parse.max_length) + " characters.");
  }
  // The bracket bound holds for every kind of answer, positions and shapes included.
  if (BracketDepth(text) > request.parse.max_depth) {
    return Invalid(
        "", "The answer is nested more than " + std::to_string(request.parse.max_depth) + " levels of brackets deep.");
  }
  // Digits grouped by a typographic space (2 196, as typeset pages print it) are one number.
  const std::string grouped = JoinDigitGroups(text);
  text = grouped;
  if (request.expected.kind == Quantity::Kind::kPosition) return GradePosition(text, request);

  Reading reading = ReadAnswer(text, request);
  if (!reading.answer.ok()) {
    std::string message = reading.answer.status().message();
    if (!message.empty()) message[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(message[0])));
    return Invalid("", message + ".");
  }
  const Answer& answer = *reading.answer;

  // A unit of the wrong kind, or a decimal prefix where the binary one fits (or the reverse).
  if (reading.unit && reading.unit->bytes && !request.bytes) {
    return Incorrect(request, answer, "Not correct: this part counts numbers, not bytes.");
  }
  if (reading.unit && reading.unit->bytes && request.expected.kind == Quantity::Kind::kNumber) {
    if (auto other = OtherFamily(*reading.unit)) {
      Answer swapped = answer;
      Rational ratio = other->factor / reading.unit->factor;
      swapped.value *= Exact(ratio);
      swapped.unit *= ratio.to_long_double();
      if (Judge(swapped, request.expected).Consistent() && !Judge(answer, request.expected).Consistent()) {
        bool decimal = reading.unit->unit.find('i') == std::string::npos;
        Verdict v;
        v.kind = Verdict::Kind::kIncorrect;
        v.read_as = answer.ReadAs();
        v.misconception = "units-decimal-vs-binary";
        v.misconceptions = {v.misconception};
        v.feedback = "Not quite: you wrote " + reading.unit->unit + ", a " + (decimal ? "decimal" : "binary") +
                     " unit (" + (decimal ? "powers of 1000" : "powers of 1024") + "), but the count matches " +
                     other->unit + " (" + (decimal ? "powers of 1024" : "powers of 1000") +
                     "). 1 MB is 1,000,000 bytes; 1 MiB is 1,048,576 bytes.";
        return v;
      }
    }
  }

  // O(...) states how a cost grows; where a number is asked, it is not an answer.
  if (!request.leading_order) {
    for (const Answer* leaf : answer.Leaves()) {
      if (!leaf->big_o) continue;
      return Invalid(answer.ReadAs(),
                     "O(...) describes how a cost grows with the sizes; this part asks for " +
                         std::string(request.expected.kind == Quantity::Kind::kList ? "values" : "a value") +
                         ", so write it without O(...).");
    }
  }

  // Words such as NaN are read only so that the mistake that produces them can be named, or
  // where the value itself is NaN or infinite (what a naive softmax returns).
  for (const Answer* leaf : answer.Leaves()) {
    if (leaf->kind != Answer::Kind::kWord || request.expected.HasNotFinite()) continue;
    if (auto found = FindMisconceptions(request, answer); !found.empty()) return Named(request, answer.ReadAs(), found);
    return Invalid(answer.ReadAs(), leaf->word + " is not a value this part can have: give numbers.");
  }

  if (request.shape && answer.is_list() && answer.items.size() != request.expected.items.size()) {
    return WrongRank(request, answer);
  }
  if (!SameShape(answer, request.expected)) {
    if (auto found = FindMisconceptions(request, answer); !found.empty()) return Named(request, answer.ReadAs(), found);
    std::string extra =
        request.count && answer.is_list()
            ? " A space or comma separates entries unless it groups digits in threes (1,048,576 or 1 048 576)."
            : "";
    std::string mine = Describe(answer), wanted = request.expected.ShapeText();
    Verdict v = Invalid(answer.ReadAs(), mine == wanted
                                             ? "This part needs " + wanted + " in a different arrangement."
                                             : "This part needs " + wanted + "; your answer is " + mine + "." + extra);
    v.shape_mismatch = true;
    return v;
  }

  Judgment judgment = Judge(answer, request.expected, request.leading_order);
  size_t total = judgment.entries.size();
  Verdict v;
  v.read_as = answer.ReadAs();
  switch (judgment.worst) {
    case Match::kExact:
    case Match::kEvaluated:
    case Match::kRounded: {
      bool rounded = !EntriesWith(judgment, Match::kRounded).empty();
      bool evaluated = !EntriesWith(judgment, Match::kEvaluated).empty();
      if (request.require_exact && (rounded || evaluated) && !request.expected.ExactText().empty()) {
        return Invalid(answer.ReadAs(),
                       "Your answer agrees with the value, but this part asks for the exact form "
                       "(fractions, with a for ln 2).");
      }
      if (request.count && (rounded || evaluated)) {
        return Invalid(answer.ReadAs(),
                       "Your answer agrees with the count to the digits you wrote, but this part "
                       "asks for the exact count: write every digit.");
      }
      v.kind = Verdict::Kind::kCorrect;
      v.feedback = "Correct.";
      if (request.leading_order) {
        v.feedback = request.reveal_values
                         ? "Correct: to leading order (constant factors and smaller terms dropped), your answer is " +
                               request.expected.ExactText() + "."
                         : "Correct: to leading order (constant factors and smaller terms dropped).";
      }
      if (rounded) {
        std::set<int> places;
        for (const auto* e : EntriesWith(judgment, Match::kRounded)) places.insert(e->answer->decimals);
        std::string at = places.size() == 1 && *places.begin() >= 0 && answer.Leaves()[0]->unit_word.empty()
                             ? "at the " + std::to_string(*places.begin()) + " decimal places you wrote"
                             : "to the places you wrote";
        v.feedback = "Correct " + at + (request.reveal_values ? ": the value is " + request.expected.Text() : "") +
                     ". " + kDecimalRule;
      }
      if (evaluated) v.feedback += std::string(" ") + kEvaluatedRule;
      return v;
    }
    case Match::kTooFew: {
      auto few = EntriesWith(judgment, Match::kTooFew);
      std::string what = total == 1 ? "your answer agrees with the value at " + PlacesText(*few[0]->answer)
                                    : EntriesText(few, total) + (few.size() == 1 ? " agrees" : " agree") +
                                          " with the value at the places shown";
      return Invalid(answer.ReadAs(), "Too few digits to check: " + what +
                                          ", but a decimal needs at least 3 significant figures. Write more digits, "
                                          "or the exact form. " +
                                          kDecimalRule);
    }
    case Match::kNear: {
      auto near = EntriesWith(judgment, Match::kNear);
      if (Verdict exact = NearAnExactValue(request, answer, judgment, near); !exact.feedback.empty()) return exact;
      if (!request.reveal_values) {
        // The direction of the miss would give the value away: worded as any wrong answer.
        Verdict wrong = Incorrect(request, answer, "Not correct. Check each step against the hint.");
        wrong.near_miss = wrong.misconception.empty();
        return wrong;
      }
      bool all_low = std::all_of(near.begin(), near.end(), [](const EntryJudgment* e) { return e->low; });
      bool all_high = std::none_of(near.begin(), near.end(), [](const EntryJudgment* e) { return e->low; });
      std::string which = total == 1
                              ? "Your answer is"
                              : "In your answer, " + EntriesText(near, total) + (near.size() == 1 ? " is" : " are");
      std::string direction = all_low    ? " one unit too low in the last digit: was it truncated instead of rounded?"
                              : all_high ? " one unit too high in the last digit: check the rounding."
                                         : " one unit off in the last digit: check the rounding.";
      Verdict missed = Incorrect(request, answer, "A near miss. " + which + direction + " " + kDecimalRule);
      missed.near_miss = missed.misconception.empty();
      return missed;
    }
    case Match::kNo: {
      auto wrong = EntriesWith(judgment, Match::kNo);
      for (const auto* e : EntriesWith(judgment, Match::kNear)) wrong.push_back(e);
      std::sort(wrong.begin(), wrong.end(),
                [](const EntryJudgment* x, const EntryJudgment* y) { return x->path < y->path; });
      std::string which = total > 1 && wrong.size() < total ? " In your answer, " + EntriesText(wrong, total) +
                                                                  (wrong.size() == 1 ? " does" : " do") + " not match."
                                                            : "";
      return Incorrect(request, answer, "Not correct." + which + " Check each step against the hint.");
    }
  }
  return v;
}

}  // namespace attn
