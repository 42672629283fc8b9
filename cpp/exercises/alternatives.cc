// The exercise's other values an answer may be (computed.h): another part's value (the weights
// typed where the scores are asked for), another step's or field's value, or a given input's,
// each distinctive enough that an answer equal to it is no coincidence.
#include <algorithm>
#include <cmath>

#include "exercises/computed.h"

namespace attn {
namespace {

bool SameShape(const Quantity& a, const Quantity& b) {
  if (a.kind != b.kind) return false;
  if (a.kind != Quantity::Kind::kList) return true;
  if (a.items.size() != b.items.size()) return false;
  for (size_t i = 0; i < a.items.size(); ++i)
    if (!SameShape(a.items[i], b.items[i])) return false;
  return true;
}

}  // namespace

bool Distinctive(const Quantity& q) {
  if (q.kind == Quantity::Kind::kPosition) return false;
  if (q.kind == Quantity::Kind::kList) return q.items.size() > 1 || (q.items.size() == 1 && Distinctive(q.items[0]));
  if (q.exact) {
    auto c = q.exact->constant();
    return !(c && c->is_integer() && c->num() >= -16 && c->num() <= 16);
  }
  return std::fabs(q.approx - std::round(q.approx)) > 1e-12 || std::fabs(q.approx) > 16;
}

std::string PartCalled(const Json& exercise, const std::string& name) {
  size_t number = 0;
  for (const auto& part : exercise.value("parts", Json::array())) {
    ++number;
    if (StringField(part, "name") != name) continue;
    std::string spoken = name;
    std::replace(spoken.begin(), spoken.end(), '_', ' ');
    std::replace(spoken.begin(), spoken.end(), '.', ' ');
    return "part " + std::to_string(number) + " (" + spoken + ")";
  }
  return name;
}

const std::vector<Alternative>& Computed::Alternatives(const Json& part) {
  const std::string name = StringField(part, "name");
  if (auto found = alternatives_.find(name); found != alternatives_.end()) return found->second;
  std::vector<Alternative>& out = alternatives_[name];
  const auto& request = Request(part, /*with_mistakes=*/false);
  if (!request.ok()) return out;
  const Quantity& expected = request->expected;
  // The other parts, in order.
  for (const auto& other : exercise_.value("parts", Json::array())) {
    const std::string other_name = StringField(other, "name");
    if (other_name == name) continue;
    const auto& theirs = Request(other, /*with_mistakes=*/false);
    if (!theirs.ok() || !Distinctive(theirs->expected)) continue;
    Alternative a{Alternative::Kind::kOtherPart, theirs->expected, PartCalled(exercise_, other_name), other_name};
    a.require_exact = theirs->require_exact;
    a.count = theirs->count;
    a.bytes = theirs->bytes;
    a.leading_order = theirs->leading_order;
    out.push_back(std::move(a));
  }
  if (expected.kind == Quantity::Kind::kPosition) return out;
  auto ref = PartStep(part);
  if (!ref.ok()) return out;
  const Computation& c = *computation_;
  // Every other step and field of this variant, of the part's shape.
  for (size_t i = 0; i < c.steps().size(); ++i) {
    const Value& whole = values_[i];
    const std::vector<std::string> fields =
        whole.kind == Value::Kind::kRecord ? whole.field_names : std::vector<std::string>{""};
    for (const std::string& field : fields) {
      if (i == ref->step && field == ref->field) continue;
      const StepRef other{i, field};
      auto selected = Computation::Select(values_, other);
      if (!selected.ok() || selected->kind != Value::Kind::kNumbers) continue;
      const Quantity q = selected->ToQuantity();
      if (!SameShape(q, expected) || q.SameAs(expected) || !Distinctive(q)) continue;
      out.push_back({Alternative::Kind::kOtherStep, q, NounOf(c, values_, other).word, c.steps()[i].name});
    }
  }
  // The given inputs, where their name is a word ("scores", "values"): a number copied from them.
  for (const auto& [input, given] : c.inputs()) {
    if (given.kind != Value::Kind::kNumbers || input.empty() ||
        !std::all_of(input.begin(), input.end(), [](char ch) { return (ch >= 'a' && ch <= 'z') || ch == '_'; }))
      continue;
    const Quantity q = given.ToQuantity();
    if (!SameShape(q, expected) || q.SameAs(expected) || !Distinctive(q)) continue;
    std::string word = input;
    std::replace(word.begin(), word.end(), '_', ' ');
    out.push_back({Alternative::Kind::kOtherStep, q, word, input});
  }
  return out;
}

}  // namespace attn
