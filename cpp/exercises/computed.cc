// An exercise at one seed (computed.h): drawing the variant until it is well posed, the steps'
// values, and every step's wrong versions and the exercise's own mistakes run through the later
// steps. A part's request is in part_request.cc, follow-through's values in follow_on_values.cc,
// the other values an answer may be in alternatives.cc.
#include "exercises/computed.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "answers/answer_parser.h"
#include "exercises/exercise_keys.h"
#include "exercises/file_limits.h"
#include "exercises/texts.h"
#include "exercises/variant_drawing.h"

namespace attn {
namespace {

Status Refused(const std::string& message) { return Status(ErrorCode::kInvalidInput, message); }

// Whether a variant is well posed: every part computable, a part that asks for one position
// has exactly one right answer (variants only; the chapter's own numbers may tie), no value
// that is not a number where a number is asked, and every requirement and premise holds.
Status CheckWellPosed(Computed& computed, bool variant) {
  const Json& exercise = computed.exercise();
  for (const auto& part : exercise.value("parts", Json::array())) {
    const std::string name = StringField(part, "name");
    const auto& request = computed.Request(part, /*with_mistakes=*/false);
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
      const auto& theirs = computed.Request(other, false);
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
  ATTN_RETURN_IF_ERROR(CheckFileLimits(exercise));
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
  std::map<std::string, int> redrawn;
  // 256 draws: a premise that holds for one draw in ten (Exercise 14.4's counterexample)
  // still fails to be drawn less than once in 10^12 seeds.
  for (uint64_t attempt = 0; attempt < kMostDraws; ++attempt) {
    Json variant = exercise;
    SeededRandom random(seed, attempt);
    ATTN_RETURN_IF_ERROR(DrawInputs(variant, random));
    variant["seed"] = seed;
    auto computed = compute(std::move(variant));
    if (!computed.ok()) {
      last = computed.status();
      ++redrawn[last.message()];
      continue;
    }
    last = CheckWellPosed(computed.value(), /*variant=*/true);
    if (last.ok()) {
      computed.value().draws_ = static_cast<int>(attempt) + 1;
      computed.value().redrawn_ = std::move(redrawn);
      return computed;
    }
    ++redrawn[last.message()];
  }
  return Refused("no well-posed variant for seed " + std::to_string(seed) + ": " + last.message());
}

std::vector<MistakeOrigin> Computed::Origins(const Json& part) {
  const auto& request = Request(part, /*with_mistakes=*/true);
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

}  // namespace attn
