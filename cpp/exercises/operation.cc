// What every operation shares: the context it is given, and finding one by name.
#include "exercises/operation.h"

#include "exercises/computation.h"

namespace attn {

const Value* StepContext::Arg(const std::string& name) const {
  for (const auto& [arg, value] : args)
    if (arg == name) return value;
  return nullptr;
}

Result<const Value*> StepContext::Need(const std::string& name) const {
  if (const Value* value = Arg(name)) return value;
  return Status(ErrorCode::kInvalidInput,
                "the step '" + (step ? step->name : std::string("?")) + "' needs its argument '" + name + "'");
}

std::string StepContext::Word(const std::string& name, const std::string& fallback) const {
  if (step) {
    for (const ArgRef& arg : step->args)
      if (arg.name == name && arg.kind == ArgRef::Kind::kWord) return arg.word;
  }
  return fallback;
}

bool StepContext::ComputeExactly(bool always) const {
  if (!exact && !always) return false;
  for (const auto& [name, value] : args) {
    if (!value) continue;
    const Value& v = value->Main();
    if (v.kind == Value::Kind::kNumbers && !v.exact) return false;
    if (v.kind == Value::Kind::kRecord) {
      for (const Value& entry : v.field_values)
        if (entry.kind == Value::Kind::kNumbers && !entry.exact) return false;
    }
  }
  return true;
}

const Value* GivenField(const Given& given, const std::string& field) {
  for (const auto& [name, value] : given)
    if (name == field) return &value;
  return nullptr;
}

const FieldSpec* Operation::Field(const std::string& name) const {
  for (const FieldSpec& field : fields)
    if (name == field.name) return &field;
  return nullptr;
}

const Operation* OperationNamed(const std::string& name) {
  for (const Operation* op : Operations())
    if (name == op->name) return op;
  return nullptr;
}

}  // namespace attn
