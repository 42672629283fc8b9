// Where an unexplained wrong answer departs from the part's step, and a part's worked solution
// (departure.h).
#include "api/departure.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <utility>
#include <vector>

namespace attn {

bool Distinctive(const Quantity& q) {
  if (q.kind == Quantity::Kind::kPosition) return false;
  if (q.kind == Quantity::Kind::kList) return q.items.size() > 1 || (q.items.size() == 1 && Distinctive(q.items[0]));
  if (q.exact) {
    auto c = q.exact->constant();
    return !(c && c->is_integer() && c->num() >= -16 && c->num() <= 16);
  }
  return std::fabs(q.approx - std::round(q.approx)) > 1e-12 || std::fabs(q.approx) > 16;
}

namespace {

// Whether the answer is right against another value, read and judged as the part reads and
// judges (its decimal rule), with no mistakes to name.
bool GradesAs(std::string_view answer, const GradeRequest& base, const Quantity& value) {
  GradeRequest request = base;
  request.expected = value;
  return Grade(answer, request).kind == Verdict::Kind::kCorrect;
}

bool SameShape(const Quantity& a, const Quantity& b) {
  if (a.kind != b.kind) return false;
  if (a.kind != Quantity::Kind::kList) return true;
  if (a.items.size() != b.items.size()) return false;
  for (size_t i = 0; i < a.items.size(); ++i)
    if (!SameShape(a.items[i], b.items[i])) return false;
  return true;
}

std::string Count(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// The answer's value as its entries were typed: each a number with an exact value (a typed
// decimal is exact as written); nullopt where an entry has none (e^x, a word).
std::optional<std::vector<const Answer*>> TypedNumbers(const Answer& list) {
  std::vector<const Answer*> out;
  if (list.kind != Answer::Kind::kList) return std::nullopt;
  for (const Answer& item : list.items) {
    if (item.kind != Answer::Kind::kNumber || item.evaluated || item.big_o || !item.unit_word.empty())
      return std::nullopt;
    if (!item.value.valid() || !item.value.constant()) return std::nullopt;
    out.push_back(&item);
  }
  return out;
}

// "1.12" (decimals typed: the sum at the most places typed) or "7/6" (fractions typed).
std::string SumText(const Rational& sum, const std::vector<const Answer*>& entries) {
  int places = -1;
  for (const Answer* a : entries) places = std::max(places, a->decimals);
  if (places < 0) return sum.to_string();
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*Lf", places, sum.to_long_double());
  std::string s = buffer;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

// Whether a row of the expected weights adds up to 1 (a softmax's row with a source to read).
bool SumsToOne(const Quantity& row) {
  if (row.kind != Quantity::Kind::kList || row.items.empty()) return false;
  Exact exact_sum;
  bool exact = true;
  double sum = 0;
  for (const Quantity& item : row.items) {
    if (item.kind != Quantity::Kind::kNumber || !std::isfinite(item.approx)) return false;
    sum += item.approx;
    if (item.exact)
      exact_sum += *item.exact;
    else
      exact = false;
  }
  if (exact) {
    auto c = exact_sum.constant();
    return c && *c == Rational(1);
  }
  return std::fabs(sum - 1) < 1e-9;
}

// The learner's weights whose own sum is not 1 (where no rounding of the typed places makes it
// 1): the sentence, or nullopt.
std::optional<std::string> SumDeparture(const Quantity& expected, const Answer& read, const std::string& noun) {
  std::vector<std::pair<const Quantity*, const Answer*>> rows;
  const bool matrix = expected.kind == Quantity::Kind::kList && !expected.items.empty() &&
                      expected.items[0].kind == Quantity::Kind::kList;
  if (!matrix) {
    rows.push_back({&expected, &read});
  } else {
    if (read.kind != Answer::Kind::kList || read.items.size() != expected.items.size()) return std::nullopt;
    for (size_t r = 0; r < expected.items.size(); ++r) rows.push_back({&expected.items[r], &read.items[r]});
  }
  for (size_t r = 0; r < rows.size(); ++r) {
    const auto& [right, typed] = rows[r];
    if (!SumsToOne(*right)) continue;
    auto entries = TypedNumbers(*typed);
    if (!entries || entries->size() != right->items.size()) continue;
    Rational sum(0);
    long double slack = 0;
    for (const Answer* a : *entries) {
      sum = sum + *a->value.constant();
      slack += a->unit / 2;
    }
    if (!sum.valid()) continue;
    if (std::fabs(static_cast<double>(sum.to_long_double() - 1)) <= static_cast<double>(slack) + 1e-12) continue;
    const std::string total = SumText(sum, *entries);
    if (!matrix) {
      return "Your " + noun + " add up to " + total + ", not 1: the weights of a softmax always add up to 1.";
    }
    return "Row " + std::to_string(r + 1) + " of your " + noun + " adds up to " + total +
           ", not 1: each row of a softmax's weights adds up to 1.";
  }
  return std::nullopt;
}

}  // namespace

std::optional<Departure> DepartureOf(Computed& computed, const Json& part, std::string_view answer,
                                     const GradeRequest& request, const Verdict& v) {
  if (!v.misconception.empty()) return std::nullopt;
  const bool wrong = v.kind == Verdict::Kind::kIncorrect;
  if (!wrong && !(v.kind == Verdict::Kind::kInvalid && v.shape_mismatch)) return std::nullopt;
  const Quantity& expected = request.expected;
  if (expected.kind == Quantity::Kind::kPosition || request.shape || request.leading_order) return std::nullopt;
  auto ref = computed.PartStep(part);
  if (!ref.ok()) return std::nullopt;
  const Computation& c = computed.computation();
  const std::string part_step = c.steps()[ref->step].name;
  const Noun noun = NounOf(c, computed.values(), *ref);
  auto parsed = ParseAnswer(answer, request.parse);
  if (!parsed.ok()) return std::nullopt;
  const Answer& read = *parsed;

  // A list of another length: the learner's count of entries, and the part's (which the inputs show).
  if (expected.kind == Quantity::Kind::kList && read.kind == Answer::Kind::kList &&
      read.items.size() != expected.items.size()) {
    const bool rows = !expected.items.empty() && expected.items[0].kind == Quantity::Kind::kList;
    const char* one = rows ? "row" : "entry";
    const char* many = rows ? "rows" : "entries";
    return Departure{part_step, "length",
                     "Your list has " + Count(read.items.size(), one, many) + "; this part asks for " +
                         Count(expected.items.size(), one, many) + "."};
  }
  if (!wrong) return std::nullopt;

  GradeRequest base = request;
  base.misconceptions.clear();
  base.accepted_rule.clear();
  base.reveal_values = true;

  if (request.reveal_values) {
    // The value of another step (or another field of this one) of this variant.
    std::set<std::string> nouns;
    std::string step_named;
    const Values& values = computed.values();
    for (size_t i = 0; i < c.steps().size(); ++i) {
      const Value& whole = values[i];
      std::vector<std::string> fields;
      if (whole.kind == Value::Kind::kRecord)
        fields = whole.field_names;
      else
        fields = {""};
      for (const std::string& field : fields) {
        if (i == ref->step && field == ref->field) continue;
        StepRef other{i, field};
        auto selected = Computation::Select(values, other);
        if (!selected.ok() || selected->kind != Value::Kind::kNumbers) continue;
        const Quantity q = selected->ToQuantity();
        if (!SameShape(q, expected) || q.SameAs(expected) || !Distinctive(q)) continue;
        if (!GradesAs(answer, base, q)) continue;
        nouns.insert(NounOf(c, values, other).word);
        if (step_named.empty()) step_named = c.steps()[i].name;
      }
    }
    // The given inputs, where their name is a word ("scores", "values"): a number copied
    // from the inputs.
    for (const auto& [input, given] : c.inputs()) {
      if (given.kind != Value::Kind::kNumbers || input.empty() ||
          !std::all_of(input.begin(), input.end(), [](char ch) { return (ch >= 'a' && ch <= 'z') || ch == '_'; }))
        continue;
      const Quantity q = given.ToQuantity();
      if (!SameShape(q, expected) || q.SameAs(expected) || !Distinctive(q)) continue;
      if (!GradesAs(answer, base, q)) continue;
      std::string word = input;
      std::replace(word.begin(), word.end(), '_', ' ');
      nouns.insert(word);
      if (step_named.empty()) step_named = input;
    }
    if (nouns.size() == 1 && *nouns.begin() != noun.word) {
      return Departure{step_named, "other-step",
                       "Your answer is the exercise's " + *nouns.begin() + ", not its " + noun.word + "."};
    }
    // Two entries (or rows) swapped, every other one right.
    if (expected.kind == Quantity::Kind::kList && read.kind == Answer::Kind::kList &&
        read.items.size() == expected.items.size() && expected.items.size() >= 2) {
      const bool rows = expected.items[0].kind == Quantity::Kind::kList;
      for (size_t i = 0; i < expected.items.size(); ++i) {
        for (size_t j = i + 1; j < expected.items.size(); ++j) {
          if (expected.items[i].SameAs(expected.items[j])) continue;
          Quantity swapped = expected;
          std::swap(swapped.items[i], swapped.items[j]);
          if (!GradesAs(answer, base, swapped)) continue;
          const std::string which =
              std::string(rows ? "rows " : "entries ") + std::to_string(i + 1) + " and " + std::to_string(j + 1);
          return Departure{part_step, "swapped",
                           "Your " + which + " are swapped; every other " + (rows ? "row" : "entry") + " is right."};
        }
      }
    }
  }

  // Weights whose own sum is not 1.
  const Step& step = c.steps()[ref->step];
  const std::string field = ref->field.empty() ? computed.values()[ref->step].main : ref->field;
  if (std::string(step.op->name) == "softmax" && field == "weights") {
    if (auto sentence = SumDeparture(expected, read, noun.word)) return Departure{part_step, "sum", *sentence};
  }
  return std::nullopt;
}

}  // namespace attn
