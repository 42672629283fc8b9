// Reading an exercise's declared steps, and computing them: all of them, again after one step
// takes another value (a wrong version, a learner's answer), or with an input changed.
#include "exercises/computation.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "answers/answer_parser.h"
#include "answers/answer_values.h"

namespace attn {
namespace {

Status Refused(const std::string& message) { return Status(ErrorCode::kInvalidInput, message); }

bool IsName(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// The symbols a written value may use: a = ln 2 where the exercise is exact, and the
// sizes of a cost formula, which stand for themselves where no input gives them.
ParseOptions LiteralOptions(bool exact) {
  ParseOptions options;
  options.symbols = {"T", "S", "B", "H", "D_k", "D_v", "n", "d"};
  if (exact) options.symbols.insert("a");
  options.booleans = true;
  return options;
}

Result<Value> ValueOfAnswer(const Answer& answer, const std::string& what) {
  if (answer.kind == Answer::Kind::kWord) return Value::Words({answer.word});
  if (!answer.is_list()) {
    if (answer.evaluated) return Value::Scalar(static_cast<double>(answer.number));
    return Value::Scalar(answer.value);
  }
  if (answer.items.empty()) return Refused(what + " is an empty list");
  bool matrix = answer.items[0].is_list();
  for (const auto& item : answer.items)
    if (item.is_list() != matrix) return Refused(what + " mixes numbers and lists");
  if (!matrix) {
    if (auto v = ExactVectorOf(answer)) return Value::List(*v);
    if (auto v = DoubleVectorOf(answer)) return Value::List(*v);
    return Refused(what + " is not a list of numbers");
  }
  if (auto m = ExactMatrixOf(answer)) return Value::Matrix(*m);
  if (auto m = DoubleMatrixOf(answer)) return Value::Matrix(*m);
  return Refused(what + " is not a matrix of numbers (every row as long as the first)");
}

}  // namespace

Result<Value> ValueOfInput(const Json& written, const std::string& what, bool exact) {
  if (written.is_number_integer()) return Value::Scalar(Exact(written.get<int64_t>()));
  if (written.is_array()) {
    std::vector<std::string> words;
    for (const auto& w : written) {
      if (!w.is_string()) return Refused(what + " must be a list of words");
      words.push_back(w.get<std::string>());
    }
    return Value::Words(words);
  }
  if (written.is_object()) {
    std::vector<std::pair<std::string, Value>> fields;
    for (const auto& [key, entry] : written.items()) {
      ATTN_ASSIGN_OR_RETURN(value, ValueOfInput(entry, what + "." + key, exact));
      fields.emplace_back(key, std::move(value));
    }
    return Value::Record(std::move(fields), "");
  }
  if (!written.is_string()) return Refused(what + " must be written as text");
  const std::string text = written.get<std::string>();
  auto parsed = ParseAnswer(text, LiteralOptions(exact));
  if (!parsed.ok() || parsed->kind == Answer::Kind::kWord) {
    if (IsName(text)) return Value::Words({text});
    if (!parsed.ok()) return Refused(what + " '" + text + "': " + parsed.status().message());
  }
  ATTN_ASSIGN_OR_RETURN(value, ValueOfAnswer(*parsed, what + " '" + text + "'"));
  if (!exact) value.exact_shown = false;
  return value;
}

Typed TypedOf(const Answer& answer, bool exact) {
  Typed out;
  auto value = ValueOfAnswer(answer, "the answer");
  if (!value.ok()) return out;
  out.value = *value;
  if (!exact) out.value.exact_shown = false;
  out.tolerance = Mat<double>::Zero(out.value.rows(), out.value.cols());
  std::vector<const Answer*> leaves = answer.Leaves();
  Eigen::Index n = 0;
  for (const Answer* leaf : leaves) {
    if (n >= out.tolerance.size()) break;
    double half =
        leaf->evaluated ? 1e-9 * std::fabs(static_cast<double>(leaf->number)) : static_cast<double>(leaf->unit) / 2;
    out.tolerance(n / out.tolerance.cols(), n % out.tolerance.cols()) = half;
    double size = std::fabs(out.value.approx(n / out.value.cols(), n % out.value.cols()));
    if (half > 0) out.relative = std::max(out.relative, size > 0 ? half / size : 1.0);
    ++n;
  }
  return out;
}

const Value* Computation::Input(const std::string& name) const {
  for (const auto& [input, value] : inputs_)
    if (input == name) return &value;
  return nullptr;
}

Result<Computation> Computation::Of(const Json& exercise) {
  Computation c;
  const std::string numbers = StringField(exercise, "numbers");
  if (!numbers.empty() && numbers != "exact" && numbers != "decimal")
    return Refused("\"numbers\" must be \"exact\" or \"decimal\", not '" + numbers + "'");
  c.exact_ = numbers == "exact";
  if (exercise.contains("inputs")) {
    if (!exercise["inputs"].is_object()) return Refused("the exercise's inputs are not an object");
    for (const auto& [key, written] : exercise["inputs"].items()) {
      if (!IsName(key)) return Refused("the input name '" + key + "' is not a name (letters, digits and _)");
      ATTN_ASSIGN_OR_RETURN(value, ValueOfInput(written, "the input '" + key + "'", c.exact_));
      c.inputs_.emplace_back(key, std::move(value));
    }
  }
  const Json steps = exercise.value("steps", Json::array());
  if (!steps.is_array()) return Refused("the exercise's steps are not a list");
  for (size_t i = 0; i < steps.size(); ++i) {
    ATTN_ASSIGN_OR_RETURN(step, c.ParseStep(steps[i], i));
    c.steps_.push_back(std::move(step));
  }
  c.depends_.assign(c.steps_.size(), std::vector<bool>(c.steps_.size(), false));
  for (size_t i = 0; i < c.steps_.size(); ++i) {
    for (const ArgRef& arg : c.steps_[i].args) {
      if (arg.kind != ArgRef::Kind::kStep) continue;
      c.depends_[i][arg.step] = true;
      for (size_t k = 0; k < i; ++k)
        if (c.depends_[arg.step][k]) c.depends_[i][k] = true;
    }
  }
  return c;
}

Result<Step> Computation::ParseStep(const Json& declaration, size_t index) const {
  if (!declaration.is_object()) return Refused("step " + std::to_string(index + 1) + " is not an object");
  Step step;
  step.declaration = declaration;
  step.name = StringField(declaration, "name");
  if (!IsName(step.name))
    return Refused("step " + std::to_string(index + 1) + " needs a \"name\" (letters, digits and _)");
  for (size_t i = 0; i < index && i < steps_.size(); ++i)
    if (steps_[i].name == step.name) return Refused("two steps are named '" + step.name + "'");
  if (Input(step.name)) return Refused("the step '" + step.name + "' has the name of an input");
  const std::string op_name = StringField(declaration, "op");
  step.op = OperationNamed(op_name);
  const std::string called = "the step '" + step.name + "'";
  if (!step.op) {
    std::string known;
    for (const Operation* op : Operations()) known += (known.empty() ? "" : ", ") + std::string(op->name);
    return Refused(called + " uses the operation '" + op_name + "', which is not one of the core's: " + known);
  }
  auto takes = [&] {
    std::string list;
    for (const ArgSpec& a : step.op->args) list += (list.empty() ? "" : ", ") + std::string(a.name);
    return list;
  };
  for (const auto& item : declaration.items()) {
    const std::string key = item.key();
    const Json& written = item.value();
    if (key == "name" || key == "op") continue;
    auto spec =
        std::find_if(step.op->args.begin(), step.op->args.end(), [&](const ArgSpec& a) { return key == a.name; });
    if (spec == step.op->args.end())
      return Refused(called + " (" + op_name + ") has no argument '" + key + "'; it takes " + takes());
    ArgRef arg;
    arg.name = key;
    if (written.is_number()) {
      arg.text = written.dump();
    } else if (written.is_string()) {
      arg.text = written.get<std::string>();
    } else {
      return Refused(called + ": the argument '" + key + "' must be written as text");
    }
    if (spec->kind == ArgSpec::Kind::kWord) {
      arg.kind = ArgRef::Kind::kWord;
      arg.word = arg.text;
      if (const Value* input = Input(arg.text)) {
        if (input->kind == Value::Kind::kWords && input->words.size() == 1) arg.word = input->words[0];
        if (input->kind == Value::Kind::kNumbers && input->rank == 0) {
          auto whole = IntegerOf(*input, arg.text);
          arg.word = whole.ok() ? std::to_string(*whole) : input->ToQuantity().DecimalText();
        }
      }
      step.args.push_back(std::move(arg));
      continue;
    }
    const std::string text = arg.text;
    const size_t dot = text.find('.');
    const std::string head = text.substr(0, dot);
    auto earlier = std::find_if(steps_.begin(), steps_.begin() + static_cast<long>(std::min(index, steps_.size())),
                                [&](const Step& s) { return s.name == head; });
    if (IsName(head) && earlier != steps_.begin() + static_cast<long>(std::min(index, steps_.size()))) {
      arg.kind = ArgRef::Kind::kStep;
      arg.step = static_cast<size_t>(earlier - steps_.begin());
      if (dot != std::string::npos) {
        arg.field = text.substr(dot + 1);
        if (!earlier->op->Field(arg.field) || arg.field.empty())
          return Refused(called + ": the step '" + head + "' (" + earlier->op->name + ") has no field '" + arg.field +
                         "'");
      }
    } else if (dot == std::string::npos && Input(text)) {
      arg.kind = ArgRef::Kind::kInput;
      arg.input = text;
    } else {
      auto literal = ValueOfInput(Json(text), "'" + text + "'", exact_);
      if (!literal.ok() || (literal->kind == Value::Kind::kWords && IsName(text)))
        return Refused(called + ": '" + text + "' (its " + key + ") is neither an earlier step, an input nor a value" +
                       (literal.ok() ? std::string() : ": " + literal.status().message()));
      arg.kind = ArgRef::Kind::kLiteral;
      arg.literal = *literal;
    }
    step.args.push_back(std::move(arg));
  }
  for (const ArgSpec& spec : step.op->args) {
    bool given = std::any_of(step.args.begin(), step.args.end(), [&](const ArgRef& a) { return a.name == spec.name; });
    if (spec.required && !given) return Refused(called + " (" + op_name + ") needs its argument '" + spec.name + "'");
  }
  return step;
}

Result<StepRef> Computation::Resolve(const std::string& ref) const {
  const size_t dot = ref.find('.');
  const std::string head = ref.substr(0, dot);
  for (size_t i = 0; i < steps_.size(); ++i) {
    if (steps_[i].name != head) continue;
    StepRef out{i, dot == std::string::npos ? "" : ref.substr(dot + 1)};
    if (!out.field.empty() && !steps_[i].op->Field(out.field))
      return Refused("the step '" + head + "' (" + steps_[i].op->name + ") has no field '" + out.field + "'");
    return out;
  }
  return Refused("there is no step '" + head + "'");
}

Result<Value> Computation::Select(const Values& values, const StepRef& ref) {
  const Value& whole = values[ref.step];
  if (ref.field.empty()) return whole;
  const Value* field = whole.Field(ref.field);
  if (!field) return Refused("the step has no field '" + ref.field + "'");
  return *field;
}

bool Computation::DependsOn(size_t later, size_t earlier) const {
  return later < depends_.size() && earlier < depends_.size() && depends_[later][earlier];
}

StepContext Computation::ContextFor(size_t step, const Values& values, uint32_t seed) const {
  StepContext context;
  context.step = &steps_[step];
  context.exact = exact_;
  context.seed = seed;
  for (const ArgRef& arg : steps_[step].args) {
    const Value* value = nullptr;
    switch (arg.kind) {
      case ArgRef::Kind::kStep:
        value = arg.field.empty() ? &values[arg.step] : values[arg.step].Field(arg.field);
        break;
      case ArgRef::Kind::kInput: value = Input(arg.input); break;
      case ArgRef::Kind::kLiteral: value = &arg.literal; break;
      case ArgRef::Kind::kWord: break;
    }
    context.args.emplace_back(arg.name, value);
  }
  return context;
}

Result<Value> Computation::Apply(size_t step, const Values& values, uint32_t seed, const Given& given,
                                 bool fallback) const {
  const Operation& op = *steps_[step].op;
  StepContext context = ContextFor(step, values, seed);
  Result<Value> out = Status();
  if (given.size() == 1 && given[0].first.empty()) {
    out = given[0].second;
  } else {
    out = op.apply(context, given);
  }
  if (out.ok() || !fallback || !exact_ || out.status().code() != ErrorCode::kNotExact) return out;
  // The given numbers leave exact arithmetic (a decimal exponential of a typed score): the
  // step is computed in double.
  std::vector<Value> approximate;
  approximate.reserve(context.args.size());
  for (auto& [name, value] : context.args) {
    if (!value) continue;
    approximate.push_back(value->Approximate());
    value = &approximate.back();
  }
  Given loose;
  for (const auto& [field, value] : given) loose.emplace_back(field, value.Approximate());
  return op.apply(context, loose);
}

Result<Values> Computation::Evaluate(uint32_t seed, bool loose) const {
  Values values;
  values.reserve(steps_.size());
  for (size_t i = 0; i < steps_.size(); ++i) {
    auto value = Apply(i, values, seed, {}, /*fallback=*/loose);
    if (!value.ok()) return Refused(steps_[i].name + ": " + value.status().message());
    values.Push(std::move(value).value());
  }
  return values;
}

Result<Values> Computation::RecomputeAfter(Values values, std::vector<bool> changed, size_t first,
                                           uint32_t seed) const {
  for (size_t j = first; j < steps_.size(); ++j) {
    if (changed[j]) continue;
    bool reads_changed = std::any_of(steps_[j].args.begin(), steps_[j].args.end(), [&](const ArgRef& arg) {
      return arg.kind == ArgRef::Kind::kStep && changed[arg.step];
    });
    if (!reads_changed) continue;
    ATTN_ASSIGN_OR_RETURN(value, Apply(j, values, seed, {}, /*fallback=*/true));
    values.Set(j, std::move(value));
    changed[j] = true;
  }
  return values;
}

Result<Values> Computation::Recompute(const Values& values, size_t from, Value value, uint32_t seed) const {
  Values out = values;
  out.Set(from, std::move(value));
  std::vector<bool> changed(steps_.size(), false);
  changed[from] = true;
  return RecomputeAfter(std::move(out), std::move(changed), from + 1, seed);
}

Result<Values> Computation::Replace(const Values& values, const std::vector<Replacement>& replacements,
                                    uint32_t seed) const {
  Values out = values;
  std::vector<bool> changed(steps_.size(), false);
  for (size_t j = 0; j < steps_.size(); ++j) {
    auto replacement =
        std::find_if(replacements.begin(), replacements.end(), [&](const Replacement& r) { return r.step == j; });
    bool reads_changed = std::any_of(steps_[j].args.begin(), steps_[j].args.end(), [&](const ArgRef& arg) {
      return arg.kind == ArgRef::Kind::kStep && changed[arg.step];
    });
    if (replacement == replacements.end() && !reads_changed) continue;
    const Given none;
    ATTN_ASSIGN_OR_RETURN(value,
                          Apply(j, out, seed, replacement == replacements.end() ? none : replacement->fields, true));
    out.Set(j, std::move(value));
    changed[j] = true;
  }
  return out;
}

std::vector<std::optional<Value>> Computation::EvaluateWith(const std::vector<std::pair<std::string, Value>>& inputs,
                                                            uint32_t seed) const {
  Computation changed = *this;
  for (const auto& [name, value] : inputs)
    for (auto& [held_name, held] : changed.inputs_)
      if (held_name == name) held = value;
  std::vector<std::optional<Value>> out(steps_.size());
  Values values;
  values.reserve(steps_.size());
  for (size_t i = 0; i < steps_.size(); ++i) {
    const bool reads_failed = std::any_of(steps_[i].args.begin(), steps_[i].args.end(), [&](const ArgRef& arg) {
      return arg.kind == ArgRef::Kind::kStep && !out[arg.step];
    });
    if (!reads_failed) {
      auto value = changed.Apply(i, values, seed, {}, /*fallback=*/false);
      if (value.ok()) out[i] = *value;
    }
    values.Push(out[i] ? *out[i] : Value());
  }
  return out;
}

Computation::Rerun::Rerun(const Computation& computation, const Values& values, size_t from, Value value, uint32_t seed)
    : computation_(&computation), values_(values), from_(from), seed_(seed) {
  states_.assign(values_.size(), State::kNotYet);
  values_.Set(from, std::move(value));
  states_[from] = State::kChanged;
}

Result<const Value*> Computation::Rerun::Toward(size_t target) {
  const auto& steps = computation_->steps_;
  // Every step the target is computed from reads only steps it is computed from too, so each
  // step's state, once found for one target, holds for the next.
  for (size_t j = from_ + 1; j <= target && j < steps.size(); ++j) {
    if (j != target && !computation_->DependsOn(target, j)) continue;
    if (states_[j] == State::kFailed) return failures_.at(j);
    if (states_[j] != State::kNotYet) continue;
    const bool reads_changed = std::any_of(steps[j].args.begin(), steps[j].args.end(), [&](const ArgRef& arg) {
      return arg.kind == ArgRef::Kind::kStep && states_[arg.step] == State::kChanged;
    });
    if (!reads_changed) {
      states_[j] = State::kSame;
      continue;
    }
    auto next = computation_->Apply(j, values_, seed_, {}, /*fallback=*/true);
    if (!next.ok()) {
      states_[j] = State::kFailed;
      return failures_.emplace(j, next.status()).first->second;
    }
    values_.Set(j, std::move(next).value());
    states_[j] = State::kChanged;
  }
  return &values_[target];
}

Result<Values> Computation::WithInput(const std::string& input, const Value& value, uint32_t seed) const {
  Computation changed = *this;
  bool found = false;
  for (auto& [name, held] : changed.inputs_) {
    if (name != input) continue;
    held = value;
    found = true;
  }
  if (!found) return Refused("there is no input '" + input + "'");
  return changed.Evaluate(seed);
}

Result<Values> Computation::WithStepAs(const Values& values, size_t step, const Json& declaration,
                                       uint32_t seed) const {
  Json named = declaration;
  named["name"] = steps_[step].name;
  Computation other = *this;
  ATTN_ASSIGN_OR_RETURN(parsed, other.ParseStep(named, step));
  other.steps_[step] = std::move(parsed);
  ATTN_ASSIGN_OR_RETURN(value, other.Apply(step, values, seed, {}, /*fallback=*/true));
  return Recompute(values, step, std::move(value), seed);
}

}  // namespace attn
