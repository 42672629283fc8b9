// A part's grading request at one variant (computed.h): what the part's step computes, how an
// answer to it is read, and every mistake that changes its value here: each step's wrong versions
// and the exercise's own, run through the later steps (Computed::WrongRuns), and a = ln 2 rounded
// early.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "answers/judging.h"
#include "exercises/computed.h"
#include "exercises/mutations/mutation.h"
#include "exercises/texts.h"

namespace attn {
namespace {

Status Refused(const std::string& message) { return Status(ErrorCode::kInvalidInput, message); }

// The value of an exact quantity with a replaced by a rounded value (0.69 for ln 2): what a
// learner gets by putting a rounded a into the exact answer. nullopt where it has no a.
std::optional<Quantity> WithRoundedA(const Quantity& q, double a) {
  if (q.kind == Quantity::Kind::kList) {
    std::vector<Quantity> items;
    bool any = false;
    for (const auto& item : q.items) {
      auto x = WithRoundedA(item, a);
      if (!x) x = item;
      any = any || !x->SameAs(item);
      items.push_back(*x);
    }
    if (!any) return std::nullopt;
    return Quantity::List(std::move(items));
  }
  if (q.kind != Quantity::Kind::kNumber || !q.exact || q.exact->constant()) return std::nullopt;
  double value = 0;
  for (const auto& [monomial, coefficient] : q.exact->terms()) {
    double term = coefficient.to_long_double();
    for (const auto& [symbol, power] : monomial) {
      if (symbol != "a") return std::nullopt;
      term *= std::pow(a, power);
    }
    value += term;
  }
  return Quantity::Number(value);
}

// Whether a wrong value differs from the right one only where the right one is exactly 0, by
// a tiny amount: what a large but finite negative mask leaves.
bool TinyWhereZero(const Quantity& right, const Quantity& wrong, bool* any) {
  if (right.kind != wrong.kind) return false;
  if (right.kind == Quantity::Kind::kList) {
    if (right.items.size() != wrong.items.size()) return false;
    for (size_t i = 0; i < right.items.size(); ++i)
      if (!TinyWhereZero(right.items[i], wrong.items[i], any)) return false;
    return true;
  }
  if (right.kind != Quantity::Kind::kNumber) return right.SameAs(wrong);
  bool zero = right.exact ? right.exact->is_zero() : right.approx == 0;
  if (zero && wrong.approx != 0) {
    *any = true;
    return std::fabs(wrong.approx) <= static_cast<double>(kTinyForZero);
  }
  return std::fabs(right.approx - wrong.approx) <= 1e-6 * std::max(1.0, std::fabs(right.approx));
}

// The symbols of an exact quantity's formula (T, S, D_k, ...).
void SymbolsOf(const Quantity& q, std::set<std::string>& out) {
  if (q.kind == Quantity::Kind::kList) {
    for (const auto& item : q.items) SymbolsOf(item, out);
    return;
  }
  if (!q.exact) return;
  for (const auto& [monomial, coefficient] : q.exact->terms())
    for (const auto& [symbol, power] : monomial)
      if (symbol != "NaN" && symbol != "inf") out.insert(symbol);  // no formula's symbols
}

}  // namespace

const Result<GradeRequest>& Computed::Request(const Json& part, bool with_mistakes) {
  const auto key = std::make_pair(StringField(part, "name"), with_mistakes);
  if (auto found = requests_.find(key); found != requests_.end()) return found->second;
  auto build = [&]() -> Result<GradeRequest> {
    ATTN_ASSIGN_OR_RETURN(ref, PartStep(part));
    ATTN_ASSIGN_OR_RETURN(whole, Computation::Select(values_, ref));
    const Value& v = whole.Main();
    GradeRequest request;
    request.expected = whole.ToQuantity();
    request.require_exact = BoolField(part, "exact", false);
    request.leading_order = BoolField(part, "leading_order", false);
    request.count = v.form == AnswerForm::kCount || v.form == AnswerForm::kBytes;
    request.bytes = v.form == AnswerForm::kBytes;
    request.shape = v.form == AnswerForm::kShape;
    request.parse.booleans = v.mask;
    std::set<std::string> symbols;
    SymbolsOf(request.expected, symbols);
    const bool symbolic = std::any_of(symbols.begin(), symbols.end(), [](const std::string& s) { return s != "a"; });
    if (symbolic) {
      request.parse.symbols = {"T", "S", "B", "H", "D_k", "D_v"};
      request.parse.symbols.insert(symbols.begin(), symbols.end());
    } else {
      request.parse.symbols = computation_->exact() ? std::set<std::string>{"a"} : std::set<std::string>{};
    }
    request.parse.nonfinite = !computation_->exact() && v.form == AnswerForm::kNumbers && !symbolic;
    if (request.count || request.shape) {
      // The exercise's given sizes stand for their values where a count is asked: B*H*T*S.
      const Json names = exercise_.value("symbols", Json::object());
      for (const auto& [symbol, input] : names.items()) {
        const Value* given = computation_->Input(input.get<std::string>());
        if (given && given->has_exact() && given->rank == 0) request.parse.values[symbol] = (*given->exact)(0, 0);
      }
      request.parse.symbols.clear();
    }
    if (v.kind == Value::Kind::kPositions) {
      request.position_labels = v.position_labels;
      request.position_names = v.position_names;
      request.positions_by_number = v.positions_by_number;
      for (const auto& [word, label] : v.position_synonyms) request.position_synonyms[word] = label;
      request.accepted_rule = v.accepted_rule;
      request.choice = v.choice || part.contains("options");
      if (exercise_.contains("position_words") && exercise_["position_words"].is_object())
        for (const auto& [word, label] : exercise_["position_words"].items())
          if (label.is_string()) request.position_synonyms[word] = label.get<std::string>();
      if (part.contains("options") && part["options"].is_array()) {
        // The part's options are what may be answered, each named by its short label if it has one.
        request.position_labels.clear();
        request.position_names.clear();
        size_t i = 0;
        for (const auto& option : part["options"]) {
          ++i;
          request.position_labels.push_back(StringField(option, "id"));
          std::string label = StringField(option, "label");
          if (!label.empty()) request.position_names.push_back("option " + std::to_string(i) + ": " + label);
        }
        if (request.position_names.size() != request.position_labels.size()) request.position_names.clear();
        std::vector<std::string> right;
        for (const auto& p : request.expected.positions)
          if (std::find(request.position_labels.begin(), request.position_labels.end(), p) !=
              request.position_labels.end())
            right.push_back(p);
        if (right.empty()) return Refused("no option of '" + StringField(part, "name") + "' is right");
        request.expected.positions = right;
      }
    }
    // What the departure may say: the part's quantity in words, its step, whether it is a softmax's weights.
    const Noun noun = NounOf(*computation_, values_, ref);
    request.noun = noun.word;
    request.step = computation_->steps()[ref.step].name;
    const std::string field = ref.field.empty() ? values_[ref.step].main : ref.field;
    request.weights = std::string(computation_->steps()[ref.step].op->name) == "softmax" && field == "weights";
    if (!with_mistakes) return request;

    std::vector<NamedMistake> named;
    WrittenMistakes(part, ref, noun, request, named);
    DerivedMistakes(ref, noun, request, named);
    RoundedA(noun, request, named);
    std::stable_sort(named.begin(), named.end(),
                     [](const NamedMistake& a, const NamedMistake& b) { return a.rank < b.rank; });
    std::vector<MistakeOrigin>& origins = origins_[StringField(part, "name")];
    origins.clear();
    for (auto& n : named) {
      request.misconceptions.push_back(std::move(n.m));
      origins.push_back(n.origin);
    }
    return request;
  };
  auto request = build();
  return requests_.emplace(key, std::move(request)).first->second;
}

void Computed::WrittenMistakes(const Json& part, const StepRef& ref, const Noun& noun, const GradeRequest& request,
                               std::vector<NamedMistake>& named) {
  const bool position = request.expected.kind == Quantity::Kind::kPosition;
  const std::string main_field = values_[ref.step].kind == Value::Kind::kRecord ? values_[ref.step].main : "";
  for (const WrongRun& run : WrongRuns()) {
    // A step's wrong version reaches the steps computed from it; an exercise's own mistake about
    // an input, any step.
    const bool about_input =
        run.own >= 0 && !run.way && exercise_["mistakes"][static_cast<size_t>(run.own)].contains("input");
    if (!about_input && run.step != ref.step && !computation_->DependsOn(ref.step, run.step)) continue;
    if (position && !run.names_positions) continue;
    Explaining e;
    const StepContext context = computation_->ContextFor(run.step, values_, seed_);
    e.step = &context;
    e.right = &values_[run.step];
    e.wrong = &run.result;
    e.noun = noun.word;
    e.plural = noun.plural;
    std::string explanation, quiet;
    if (run.way) {
      explanation = run.way->explain(e);
      if (run.way->explain_without_values) quiet = run.way->explain_without_values(e);
    } else {
      auto because =
          RenderText(StringField(exercise_["mistakes"][static_cast<size_t>(run.own)], "because"), *this, part);
      if (!because.ok() || because->empty()) continue;
      // A clause (a small letter first: "the query of Example 14.1") completes "your X comes from
      // ..."; anything else (a sentence, maths, a number first) is shown as the author wrote it.
      const unsigned char first = static_cast<unsigned char>((*because)[0]);
      explanation = std::islower(first) ? e.Comes() + " from " + *because : *because;
    }
    Misconception m;
    if (run.result.value) {
      auto wrong = Computation::Select(*run.values, ref);
      if (!wrong.ok()) continue;
      Quantity q = wrong->ToQuantity();
      if (q.SameAs(request.expected)) continue;
      if (run.result.tiny_for_zero) {
        bool any = false;
        if (!TinyWhereZero(request.expected, q, &any) || !any) continue;
        m = Misconception::TinyForZero(run.tag, explanation);
      } else {
        if (!wrong->Finite() && !request.expected.HasNotFinite()) continue;
        if (q.kind == Quantity::Kind::kPosition) {
          // A wrong way that ties several positions gives no one answer to name.
          if (!q.all_required && q.positions.size() > 1 && request.expected.positions.size() == 1 &&
              !part.contains("options"))
            continue;
          bool offered = std::all_of(q.positions.begin(), q.positions.end(), [&](const std::string& p) {
            return std::find(request.position_labels.begin(), request.position_labels.end(), p) !=
                   request.position_labels.end();
          });
          if (!offered || q.positions.empty()) continue;
          m = Misconception::Position(run.tag, q, explanation);
        } else if (request.shape) {
          m = Misconception::ShapeValue(run.tag, q, explanation);
        } else {
          m = Misconception::Value(run.tag, q, explanation);
        }
      }
    } else {
      // Named at the step itself only, for its value as a whole (an overflow, for any field of it).
      if (run.step != ref.step) continue;
      if (run.result.beyond_double) {
        const std::string text = request.expected.ExactText();
        if (text.find("inf") == std::string::npos || text.find("-inf") != std::string::npos) continue;
        m = Misconception::BeyondDouble(run.tag, explanation);
      } else if (!ref.field.empty() && ref.field != main_field) {
        continue;
      } else if (run.result.list_length) {
        m = Misconception::Shape(run.tag, *run.result.list_length, explanation);
      } else if (!run.result.words.empty()) {
        m = Misconception::Words(run.tag, run.result.words, explanation);
      } else {
        continue;
      }
    }
    m.without_values = quiet;
    bool repeated = std::any_of(named.begin(), named.end(), [&](const NamedMistake& other) {
      if (other.m.tag != m.tag) return false;
      if (other.m.value && m.value) return other.m.value->SameAs(*m.value);
      return other.m.explanation == m.explanation;
    });
    MistakeOrigin origin;
    origin.step = computation_->steps()[run.step].name;
    origin.operation = run.way ? computation_->steps()[run.step].op->name : "";
    if (!repeated) named.push_back({run.rank, std::move(m), origin});
  }
}

// A step's or a field's value out of a step's whole value; null where it has no such field.
const Value* FieldOf(const Value& whole, const std::string& field) {
  return field.empty() ? &whole : whole.Field(field);
}

const Formulas& Computed::FormulasHere() {
  if (!formulas_) formulas_ = std::make_shared<Formulas>(FormulasOf(*computation_, exercise_, seed_));
  return *formulas_;
}

const std::vector<Mutant>& Computed::MutantsOf(size_t step) {
  auto found = mutants_.find(step);
  if (found != mutants_.end()) return found->second;
  const StepContext context = computation_->ContextFor(step, values_, seed_);
  const MutationSite site{*computation_, values_, step, seed_, context, exercise_, FormulasHere()};
  return mutants_[step] = MutantsAt(site);
}

// The derived mistakes: every kind of change at every step the part is computed from, named where it
// changes the part's value into one that no mistake named before it gives.
void Computed::DerivedMistakes(const StepRef& ref, const Noun& noun, const GradeRequest& request,
                               std::vector<NamedMistake>& named) {
  const bool position = request.expected.kind == Quantity::Kind::kPosition;
  // Each change that gives another value, its explanation written once it is kept.
  struct Candidate {
    NamedMistake named;
    size_t step;
    const Mutant* mutant;
  };
  std::vector<Candidate> derived;
  for (size_t i = 0; i <= ref.step; ++i) {
    if (i != ref.step && !computation_->DependsOn(ref.step, i)) continue;
    const std::vector<Mutant>& mutants = MutantsOf(i);
    for (size_t k = 0; k < mutants.size(); ++k) {
      const Mutant& mutant = mutants[k];
      if (position && !mutant.names_positions) continue;
      auto rerun = reruns_.find({i, k});
      if (rerun == reruns_.end())
        rerun =
            reruns_.emplace(std::make_pair(i, k), Computation::Rerun(*computation_, values_, i, mutant.value, seed_))
                .first;
      auto whole = rerun->second.Toward(ref.step);
      if (!whole.ok()) continue;
      const Value* wrong = FieldOf(**whole, ref.field);
      if (!wrong) continue;
      Quantity q = wrong->ToQuantity();
      if (q.SameAs(request.expected) || (!wrong->Finite() && !request.expected.HasNotFinite())) continue;
      if (q.kind != request.expected.kind || (position && q.positions.empty())) continue;
      // Where the part asks for an order of growth, a change that keeps it is no mistake.
      if (request.leading_order && q.exact && request.expected.exact &&
          LeadingTerms(*q.exact) == LeadingTerms(*request.expected.exact))
        continue;
      if (position) {
        // A change that ties several positions gives no one answer to name; one outside the offered ones none.
        if (!q.all_required && q.positions.size() > 1 && request.expected.positions.size() == 1 && !request.choice)
          continue;
        const bool offered = std::all_of(q.positions.begin(), q.positions.end(), [&](const std::string& p) {
          return std::find(request.position_labels.begin(), request.position_labels.end(), p) !=
                 request.position_labels.end();
        });
        if (!offered) continue;
      }
      Misconception m = position        ? Misconception::Position(mutant.tag, std::move(q), "")
                        : request.shape ? Misconception::ShapeValue(mutant.tag, std::move(q), "")
                                        : Misconception::Value(mutant.tag, std::move(q), "");
      // A generic change (an argument exchanged, a formula's factor) yields to another part's value; an
      // operator or a parameter slip is as good a story as a written one.
      m.derived = mutant.rank >= 90;
      derived.push_back({{mutant.rank, std::move(m),
                          MistakeOrigin{computation_->steps()[i].name, computation_->steps()[i].op->name,
                                        mutant.kind ? std::string(mutant.kind->family) + "/" + mutant.kind->kind : ""}},
                         i,
                         &mutant});
    }
  }
  // The smallest change first; no generic change for a value a written mistake at the same step names
  // (that is its story, in the chapter's words), and at most two stories for one value (the answer alone cannot
  // tell them apart).
  std::stable_sort(derived.begin(), derived.end(),
                   [](const Candidate& a, const Candidate& b) { return a.named.rank < b.named.rank; });
  const size_t written = named.size();
  std::map<size_t, StepContext> contexts;
  for (Candidate& c : derived) {
    NamedMistake& d = c.named;
    const auto same = [&](const NamedMistake& other) { return other.m.value && other.m.value->SameAs(*d.m.value); };
    if (std::any_of(named.begin(), named.begin() + static_cast<long>(written), [&](const NamedMistake& other) {
          return d.m.derived && same(other) && other.origin.step == d.origin.step;
        }))
      continue;
    if (std::count_if(named.begin() + static_cast<long>(written), named.end(), same) >= 2) continue;
    if (std::any_of(named.begin() + static_cast<long>(written), named.end(),
                    [&](const NamedMistake& other) { return other.m.tag == d.m.tag && same(other); }))
      continue;
    auto context = contexts.find(c.step);
    if (context == contexts.end())
      context = contexts.emplace(c.step, computation_->ContextFor(c.step, values_, seed_)).first;
    Explaining e;
    e.step = &context->second;
    e.right = &values_[c.step];
    e.noun = noun.word;
    e.plural = noun.plural;
    d.m.explanation = c.mutant->explain(e);
    named.push_back(std::move(d));
  }
}

// Where the exact answer has a = ln 2 in it: a rounded to 0.69 or 0.7 before it was used.
void Computed::RoundedA(const Noun& noun, const GradeRequest& request, std::vector<NamedMistake>& named) const {
  if (!computation_->exact() || request.expected.kind == Quantity::Kind::kPosition) return;
  for (double rounded : {0.69, 0.7}) {
    auto wrong = WithRoundedA(request.expected, rounded);
    if (!wrong) continue;
    std::string shown = rounded == 0.69 ? "0.69" : "0.7";
    Explaining e;
    e.noun = noun.word;
    e.plural = noun.plural;
    named.push_back({60,
                     Misconception::Value("a-rounded-early", *wrong,
                                          e.Comes() + " from a rounded to " + shown +
                                              " before it was used. Keep a = ln 2 exact (or at least 0.6931) "
                                              "until the last step, then round."),
                     MistakeOrigin{"", "exact arithmetic", ""}});
  }
}

}  // namespace attn
