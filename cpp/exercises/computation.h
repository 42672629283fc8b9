// An exercise's declared computation: its inputs and its steps, each an operation of the core
// applied to inputs, earlier steps or written values, in order:
//
//   "steps": [
//     {"name": "scores",  "op": "scores",  "query": "query", "keys": "keys"},
//     {"name": "read",    "op": "softmax", "scores": "scores", "temperature": "2"},
//     {"name": "context", "op": "context", "weights": "read", "values": "values"}
//   ]
//
// An argument names an earlier step ("read", or one of its fields: "read.exponentials"), an
// input ("query"), or is a value written in the answer language ("[1, 1, 0]", "2"). Every
// name is checked when the computation is read: an unknown operation, argument, step, field
// or input is refused with its name. The core computes every step, exactly where the
// exercise says so ("numbers": "exact", Chapter 14's a = ln 2) and in double otherwise.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "exercises/exercise_inputs.h"
#include "exercises/operation.h"

namespace attn {

struct ArgRef {
  std::string name;  // the operation's argument
  enum class Kind { kStep, kInput, kLiteral, kWord } kind = Kind::kLiteral;
  size_t step = 0;    // kStep
  std::string field;  // kStep: "" for the step's value as a whole
  std::string input;  // kInput
  Value literal;      // kLiteral
  std::string word;   // kWord
  std::string text;   // as written
};

struct Step {
  std::string name;
  const Operation* op = nullptr;
  std::vector<ArgRef> args;
  Json declaration;
};

// A step, or one field of it, as a part or a text names it: "read" or "read.weights".
struct StepRef {
  size_t step = 0;
  std::string field;
};

// Every step's value, in order. Values are shared, not copied: a computation again after one step
// takes another value holds new values for the steps it changes and the same ones for the rest.
class Values {
 public:
  const Value& operator[](size_t i) const { return *items_[i]; }
  size_t size() const { return items_.size(); }
  void Set(size_t i, Value value) { items_[i] = std::make_shared<const Value>(std::move(value)); }
  void Push(Value value) { items_.push_back(std::make_shared<const Value>(std::move(value))); }
  void reserve(size_t n) { items_.reserve(n); }

 private:
  std::vector<std::shared_ptr<const Value>> items_;
};

// A step's fields replaced by given values (a learner's answers, for follow-through).
struct Replacement {
  size_t step = 0;
  Given fields;
};

class Computation {
 public:
  static Result<Computation> Of(const Json& exercise);

  bool exact() const { return exact_; }
  const std::vector<Step>& steps() const { return steps_; }
  const std::vector<std::pair<std::string, Value>>& inputs() const { return inputs_; }
  const Value* Input(const std::string& name) const;
  // "read" or "read.weights", checked against the steps and their operations' fields.
  Result<StepRef> Resolve(const std::string& ref) const;
  // The value of a step or one of its fields.
  static Result<Value> Select(const Values& values, const StepRef& ref);
  // Whether step `later` is computed from step `earlier`, directly or not.
  bool DependsOn(size_t later, size_t earlier) const;

  // Every step's value, in order. With `loose`, a step of an exact exercise that cannot stay
  // exact is computed in double instead of refused.
  Result<Values> Evaluate(uint32_t seed, bool loose = false) const;
  // The values after step `from` takes `value` instead: the steps computed from it again.
  Result<Values> Recompute(const Values& values, size_t from, Value value, uint32_t seed) const;
  // The values with some steps' fields replaced (the rest of each such step, and every step
  // computed from them, computed again). In exact arithmetic a step that cannot stay exact
  // with the given numbers is computed in double.
  Result<Values> Replace(const Values& values, const std::vector<Replacement>& replacements, uint32_t seed) const;
  // The values with an input taking another value (a mistake that reads the wrong input).
  Result<Values> WithInput(const std::string& input, const Value& value, uint32_t seed) const;
  // A step computed by another declaration in the same context (a mistake that does a step
  // another way): {"op": ..., args} read as any step is, in this step's place.
  Result<Values> WithStepAs(const Values& values, size_t step, const Json& declaration, uint32_t seed) const;

  // Every step's value with some inputs given other values (a count's sizes as symbols), where it
  // can be computed at all: a step that cannot (or reads one that could not) is nullopt.
  std::vector<std::optional<Value>> EvaluateWith(const std::vector<std::pair<std::string, Value>>& inputs,
                                                 uint32_t seed) const;
  // Step `from` taking another value, and the steps computed from it computed again as far as
  // each target asks: only the steps between them that the target is computed from, each once
  // for all the targets asked (a derived mistake, named for every part computed from it).
  class Rerun {
   public:
    Rerun(const Computation& computation, const Values& values, size_t from, Value value, uint32_t seed);
    // The value of step `target` (`from` or later) with the change.
    Result<const Value*> Toward(size_t target);

   private:
    enum class State : char { kNotYet, kSame, kChanged, kFailed };
    const Computation* computation_;
    Values values_;
    size_t from_;
    uint32_t seed_;
    std::vector<State> states_;
    std::map<size_t, Status> failures_;
  };

  // What the operation of `step` is given, in `values`.
  StepContext ContextFor(size_t step, const Values& values, uint32_t seed) const;

 private:
  Result<Value> Apply(size_t step, const Values& values, uint32_t seed, const Given& given, bool fallback) const;
  Result<Step> ParseStep(const Json& declaration, size_t index) const;
  Result<Values> RecomputeAfter(Values values, std::vector<bool> changed, size_t first, uint32_t seed) const;

  bool exact_ = false;
  std::vector<std::pair<std::string, Value>> inputs_;
  std::vector<Step> steps_;
  std::vector<std::vector<bool>> depends_;  // depends_[later][earlier], transitive
};

// An input or a written value as the core reads it: text in the answer language (numbers,
// lists, matrices; a word where it is not numbers), a list of words, or an object of such
// (a Chapter 14 encoder's embeddings).
Result<Value> ValueOfInput(const Json& written, const std::string& what, bool exact);

// A learner's answer as a value, with how finely it was typed (follow-through).
Typed TypedOf(const Answer& answer, bool exact);

}  // namespace attn
