// An exercise at one seed: drawing the variant until it is well posed, each part's request with
// every mistake that changes its value, and follow-through by replacing steps' values.
#include "exercises/computed.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "answers/answer_parser.h"
#include "exercises/exercise_keys.h"
#include "exercises/texts.h"
#include "exercises/variant_drawing.h"

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

// Whether a variant is well posed: every part computable, a part that asks for one position
// has exactly one right answer (variants only; the chapter's own numbers may tie), no value
// that is not a number where a number is asked, and every requirement and premise holds.
Status CheckWellPosed(Computed& computed, bool variant) {
  const Json& exercise = computed.exercise();
  for (const auto& part : exercise.value("parts", Json::array())) {
    const std::string name = StringField(part, "name");
    auto request = computed.Request(part, /*with_mistakes=*/false);
    if (!request.ok()) return Refused(name + ": " + request.status().message());
    const Quantity& q = request->expected;
    if (variant && q.kind == Quantity::Kind::kPosition && !q.all_required && q.positions.size() > 1 &&
        !part.contains("options"))
      return Refused(name + ": a tie for the largest");
    std::function<bool(const Quantity&)> finite = [&](const Quantity& x) {
      if (x.kind == Quantity::Kind::kList) return std::all_of(x.items.begin(), x.items.end(), finite);
      return x.kind != Quantity::Kind::kNumber || x.exact || std::isfinite(x.approx);
    };
    if (!finite(q)) return Refused(name + ": a value is not finite");
    if (const std::string same = StringField(part, "same_value_as"); !same.empty()) {
      const Json other = [&] {
        for (const auto& p : exercise.value("parts", Json::array()))
          if (StringField(p, "name") == same) return p;
        return Json();
      }();
      if (other.is_null()) return Refused(name + ": same_value_as names no part '" + same + "'");
      auto theirs = computed.Request(other, false);
      if (!theirs.ok() || !theirs->expected.SameAs(q))
        return Refused(name + ": its value is not the same as part " + same + "'s, as same_value_as says");
    }
  }
  for (const char* key : {"require", "premises"}) {
    for (const auto& condition : exercise.value(key, Json::array())) {
      const std::string says = StringField(condition, "says");
      auto holds = ConditionHolds(condition, computed);
      const std::string what = says.empty() ? "a requirement (" + condition.dump() + ")" : "the premise '" + says + "'";
      if (!holds.ok()) return Refused(what + ": " + holds.status().message());
      if (!*holds) return Refused(what + " does not hold");
    }
  }
  return Status();
}

}  // namespace

Result<Computed> Computed::Of(const Json& exercise, uint32_t seed, bool loose) {
  ATTN_RETURN_IF_ERROR(CheckKeys(exercise));
  ATTN_RETURN_IF_ERROR(CheckDraws(exercise));
  auto compute = [&](Json variant) -> Result<Computed> {
    Computed out;
    ATTN_ASSIGN_OR_RETURN(computation, Computation::Of(variant));
    out.computation_ = std::make_shared<const Computation>(std::move(computation));
    ATTN_ASSIGN_OR_RETURN(values, out.computation_->Evaluate(seed, loose));
    out.values_ = std::move(values);
    out.exercise_ = std::move(variant);
    out.seed_ = seed;
    return out;
  };
  if (seed == 0 || !HasDraws(exercise)) {
    // The exercise as written: its requirements and premises must hold here too (a text that
    // claims something of the chapter's own numbers must be true of them).
    ATTN_ASSIGN_OR_RETURN(out, compute(exercise));
    ATTN_RETURN_IF_ERROR(CheckWellPosed(out, /*variant=*/false));
    return out;
  }
  Status last;
  // 256 draws: a premise that holds for one draw in ten (Exercise 14.4's counterexample)
  // still fails to be drawn less than once in 10^12 seeds.
  for (uint64_t attempt = 0; attempt < 256; ++attempt) {
    Json variant = exercise;
    SeededRandom random(seed, attempt);
    ATTN_RETURN_IF_ERROR(DrawInputs(variant, random));
    variant["seed"] = seed;
    auto computed = compute(std::move(variant));
    if (!computed.ok()) {
      last = computed.status();
      continue;
    }
    last = CheckWellPosed(computed.value(), /*variant=*/true);
    if (last.ok()) {
      computed.value().draws_ = static_cast<int>(attempt) + 1;
      return computed;
    }
  }
  return Refused("no well-posed variant for seed " + std::to_string(seed) + ": " + last.message());
}

std::vector<MistakeOrigin> Computed::Origins(const Json& part) {
  auto request = Request(part, /*with_mistakes=*/true);
  if (!request.ok()) return {};
  return origins_[StringField(part, "name")];
}

Result<StepRef> Computed::PartStep(const Json& part) const {
  const std::string step = StringField(part, "step");
  if (step.empty()) return Refused("the part '" + StringField(part, "name") + "' names no step");
  auto ref = computation_->Resolve(step);
  if (!ref.ok()) return Refused("the part '" + StringField(part, "name") + "': " + ref.status().message());
  return ref;
}

Result<Value> Computed::ValueNamed(const std::string& ref) const {
  ATTN_ASSIGN_OR_RETURN(r, computation_->Resolve(ref));
  return Computation::Select(values_, r);
}

Noun NounOf(const Computation& computation, const Values& values, const StepRef& ref) {
  const Step& step = computation.steps()[ref.step];
  const Operation& op = *step.op;
  const FieldSpec* field = op.Field(ref.field);
  if (!field && ref.field.empty() && op.fields.size() > 1) {
    // The step as a whole: its main field.
    const Value& v = values[ref.step];
    field = op.Field(v.main);
  }
  if (!field && !op.fields.empty()) field = &op.fields[0];
  if (!field) return {"answer", false};
  auto selected = Computation::Select(values, ref);
  bool list = selected.ok() && selected->Main().kind == Value::Kind::kNumbers && selected->Main().rank >= 1;
  if (list && field->list_noun) return {field->list_noun, true};
  return {field->noun, field->plural};
}

const std::vector<WrongRun>& Computed::WrongRuns() {
  if (wrong_runs_) return *wrong_runs_;
  std::vector<WrongRun> runs;
  const Computation& c = *computation_;
  for (size_t i = 0; i < c.steps().size(); ++i) {
    const StepContext context = c.ContextFor(i, values_, seed_);
    for (const WrongVersion& way : c.steps()[i].op->wrong) {
      auto result = way.compute(context, values_[i]);
      if (!result.ok()) continue;
      WrongRun run;
      run.step = i;
      run.tag = way.TagFor(context);
      run.rank = way.rank;
      run.names_positions = way.names_positions;
      run.way = &way;
      run.result = *result;
      if (result->value) {
        auto values = c.Recompute(values_, i, *result->value, seed_);
        if (!values.ok()) {
          // The later steps cannot be computed from it: the mistake is named at this step only.
          Values only = values_;
          only.Set(i, *result->value);
          run.values = std::move(only);
        } else {
          run.values = std::move(values).value();
        }
      }
      runs.push_back(std::move(run));
    }
  }
  // The exercise's own mistakes: an input read in place of another, a step done another way.
  const Json mistakes = exercise_.value("mistakes", Json::array());
  for (size_t index = 0; index < mistakes.size(); ++index) {
    const Json& own = mistakes[index];
    WrongRun run;
    run.tag = StringField(own, "tag");
    run.rank = own.value("rank", 5);
    run.own = static_cast<int>(index);
    run.names_positions = own.value("names_positions", false);
    Result<Values> values = Status();
    if (own.contains("input")) {
      const std::string input = StringField(own, "input");
      const std::string becomes = StringField(own, "becomes");
      const Value* other = c.Input(becomes);
      Result<Value> replacement =
          other ? Result<Value>(*other) : ValueOfInput(Json(becomes), "'" + becomes + "'", c.exact());
      if (!replacement.ok()) continue;
      values = c.WithInput(input, *replacement, seed_);
      run.step = 0;
    } else if (own.contains("step")) {
      auto ref = c.Resolve(StringField(own, "step"));
      if (!ref.ok()) continue;
      run.step = ref->step;
      values = c.WithStepAs(values_, ref->step, own.value("as", Json::object()), seed_);
    }
    if (!values.ok()) continue;
    run.result.value = (*values)[run.step];
    run.values = std::move(values).value();
    runs.push_back(std::move(run));
  }
  wrong_runs_ = std::move(runs);
  return *wrong_runs_;
}

Result<GradeRequest> Computed::Request(const Json& part, bool with_mistakes) {
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
    if (!with_mistakes) return request;

    const Noun noun = NounOf(*computation_, values_, ref);
    const bool position = request.expected.kind == Quantity::Kind::kPosition;
    const std::string main_field = values_[ref.step].kind == Value::Kind::kRecord ? values_[ref.step].main : "";
    struct Named {
      int rank;
      Misconception m;
      MistakeOrigin origin;
    };
    std::vector<Named> named;
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
        if (!because.ok()) continue;
        explanation = e.Comes() + " from " + *because;
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
        // Named at the step itself only, for its value as a whole.
        if (run.step != ref.step || (!ref.field.empty() && ref.field != main_field)) continue;
        if (run.result.list_length) {
          m = Misconception::Shape(run.tag, *run.result.list_length, explanation);
        } else if (!run.result.words.empty()) {
          m = Misconception::Words(run.tag, run.result.words, explanation);
        } else {
          continue;
        }
      }
      m.without_values = quiet;
      bool repeated = std::any_of(named.begin(), named.end(), [&](const Named& other) {
        if (other.m.tag != m.tag) return false;
        if (other.m.value && m.value) return other.m.value->SameAs(*m.value);
        return other.m.explanation == m.explanation;
      });
      MistakeOrigin origin;
      origin.step = computation_->steps()[run.step].name;
      origin.operation = run.way ? computation_->steps()[run.step].op->name : "";
      if (!repeated) named.push_back({run.rank, std::move(m), origin});
    }
    // Where the exact answer has a = ln 2 in it: a rounded to 0.69 or 0.7 before it was used.
    if (computation_->exact() && !position) {
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
                         MistakeOrigin{"", "exact arithmetic"}});
      }
    }
    std::stable_sort(named.begin(), named.end(), [](const Named& a, const Named& b) { return a.rank < b.rank; });
    std::vector<MistakeOrigin>& origins = origins_[StringField(part, "name")];
    origins.clear();
    for (auto& n : named) {
      request.misconceptions.push_back(std::move(n.m));
      origins.push_back(n.origin);
    }
    return request;
  };
  auto request = build();
  requests_.emplace(key, request);
  return request;
}

namespace {

// A learner's value carries the right value's labels, eligibility and form (what it stands for).
Value AsStepValue(const Typed& typed, const Value& right) {
  Value v = typed.value;
  const Value& r = right.Main();
  if (v.kind == Value::Kind::kNumbers && r.kind == Value::Kind::kNumbers && v.rank == r.rank && v.rows() == r.rows() &&
      v.cols() == r.cols()) {
    v.labels = r.labels;
    v.eligible = r.eligible;
    v.kept_rows = r.kept_rows;
    v.role = r.role;
    v.low = r.low;
    v.high = r.high;
  }
  v.form = r.form;
  v.mask = r.mask;
  if (v.exact && !r.exact_shown) v.exact_shown = false;
  return v;
}

}  // namespace

std::optional<std::string> Computed::Impossible(const Json& part, const Answer& answer) {
  auto ref = PartStep(part);
  if (!ref.ok()) return std::nullopt;
  const Operation& op = *computation_->steps()[ref->step].op;
  if (!op.impossible) return std::nullopt;
  Typed typed = TypedOf(answer, computation_->exact());
  auto right = Computation::Select(values_, *ref);
  if (!right.ok()) return std::nullopt;
  typed.value = AsStepValue(typed, *right);
  const StepContext context = computation_->ContextFor(ref->step, values_, seed_);
  std::string field = ref->field;
  if (field.empty() && values_[ref->step].kind == Value::Kind::kRecord) field = values_[ref->step].main;
  return op.impossible(context, field, typed);
}

std::vector<FollowThrough> Computed::FollowThroughs(const Json& part, const std::vector<GivenAnswer>& given) {
  std::vector<FollowThrough> out;
  auto target = PartStep(part);
  if (!target.ok()) return out;
  const Computation& c = *computation_;
  const std::vector<FieldSpec>& target_fields = c.steps()[target->step].op->fields;
  auto field_index = [&](const std::vector<FieldSpec>& fields, const std::string& name) -> int {
    for (size_t i = 0; i < fields.size(); ++i)
      if (name == fields[i].name) return static_cast<int>(i);
    return -1;
  };
  struct Usable {
    std::string name;
    Replacement replacement;
    double relative = 0;
    size_t numbers = 0;
    std::optional<std::string> impossible;  // why it cannot be its step's value
  };
  std::vector<Usable> usable, unusable;
  // A part declared to have the same value as another ("same_value_as": a softmax's weights
  // after every score is shifted) follows from the learner's answer to that part as it is.
  const std::string same = StringField(part, "same_value_as");
  for (const GivenAnswer& g : given) {
    auto source = PartStep(*g.part);
    if (!source.ok()) continue;
    std::string field = source->field;
    if (field.empty() && values_[source->step].kind == Value::Kind::kRecord) field = values_[source->step].main;
    std::string target_field = target->field;
    if (target_field.empty() && values_[target->step].kind == Value::Kind::kRecord)
      target_field = values_[target->step].main;
    const bool declared_same = !same.empty() && g.name == same;
    if (declared_same) {
      // handled below, with the answer as it is
    } else if (source->step == target->step) {
      // An earlier field of the same step (a total before the weights).
      if (field_index(target_fields, field) < 0 ||
          field_index(target_fields, field) >= field_index(target_fields, target_field))
        continue;
    } else if (!c.DependsOn(target->step, source->step)) {
      continue;
    }
    std::optional<std::string> impossible = Impossible(*g.part, g.answer);
    Typed typed = TypedOf(g.answer, c.exact());
    if (!same.empty() && g.name == same) {
      FollowThrough f;
      f.from = {g.name};
      auto right = Computation::Select(values_, *source);
      if (!right.ok()) continue;
      f.value = AsStepValue(typed, *right).ToQuantity();
      f.earlier_impossible = impossible;
      out.push_back(std::move(f));
      continue;
    }
    auto right = Computation::Select(values_, *source);
    if (!right.ok()) continue;
    Value value = AsStepValue(typed, *right);
    Usable u;
    u.name = g.name;
    u.replacement.step = source->step;
    u.replacement.fields = {{values_[source->step].kind == Value::Kind::kRecord ? field : "", value}};
    u.relative = typed.relative;
    u.numbers = static_cast<size_t>(typed.value.size());
    u.impossible = impossible;
    (impossible ? unusable : usable).push_back(std::move(u));
  }
  // Every usable answer in at once, then each alone; then each answer that cannot be its step's
  // value, alone (to be named, never credited).
  std::vector<std::vector<size_t>> ways;
  if (usable.size() > 1) {
    std::vector<size_t> all;
    for (size_t i = 0; i < usable.size(); ++i) all.push_back(i);
    ways.push_back(all);
  }
  for (size_t i = 0; i < usable.size(); ++i) ways.push_back({i});
  for (size_t i = 0; i < unusable.size(); ++i) ways.push_back({usable.size() + i});
  usable.insert(usable.end(), unusable.begin(), unusable.end());
  const Operation& target_op = *c.steps()[target->step].op;
  for (const auto& way : ways) {
    std::vector<Replacement> replacements;
    std::vector<std::string> from;
    double relative = 0;
    size_t numbers = 0;
    for (size_t i : way) {
      // Two fields of one step given: both in one replacement.
      auto same = std::find_if(replacements.begin(), replacements.end(),
                               [&](const Replacement& r) { return r.step == usable[i].replacement.step; });
      if (same != replacements.end()) {
        for (const auto& f : usable[i].replacement.fields) same->fields.push_back(f);
      } else {
        replacements.push_back(usable[i].replacement);
      }
      from.push_back(usable[i].name);
      relative = std::max(relative, usable[i].relative);
      numbers += usable[i].numbers;
    }
    for (auto& r : replacements) {
      // A step's given fields in the order the operation computes them.
      const auto& fields = c.steps()[r.step].op->fields;
      std::stable_sort(r.fields.begin(), r.fields.end(), [&](const auto& a, const auto& b) {
        return field_index(fields, a.first) < field_index(fields, b.first);
      });
    }
    std::sort(replacements.begin(), replacements.end(),
              [](const Replacement& a, const Replacement& b) { return a.step < b.step; });
    auto values = c.Replace(values_, replacements, seed_);
    if (!values.ok()) continue;
    auto later = Computation::Select(*values, *target);
    if (!later.ok() || !later->Finite()) continue;
    FollowThrough f;
    f.from = from;
    f.value = later->ToQuantity();
    if (way.size() == 1) f.earlier_impossible = usable[way[0]].impossible;
    if (target_op.impossible) {
      // How finely the given numbers were typed carries into what is computed from them.
      Typed computed;
      computed.value = *later;
      const double slack = relative * static_cast<double>(numbers + 1);
      computed.tolerance = later->Main().approx.cwiseAbs() * slack;
      computed.tolerance.array() += 1e-12;
      std::string field = target->field;
      if (field.empty() && values_[target->step].kind == Value::Kind::kRecord) field = values_[target->step].main;
      const StepContext context = c.ContextFor(target->step, *values, seed_);
      if (computed.value.kind == Value::Kind::kRecord) {
        const Value* main = computed.value.Field(field);
        if (main) computed.value = *main;
      }
      f.impossible = target_op.impossible(context, field, computed);
    }
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace attn
