// Follow-through's values (computed.h): a part computed again from the learner's own earlier
// answers in place of their steps' values, at the precision they were typed, and whether a typed
// value could be its step's value at all.
#include <algorithm>

#include "exercises/computed.h"

namespace attn {
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
