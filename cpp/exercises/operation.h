// One operation of the core, as an exercise's declared steps use it ("scores", "softmax",
// "context", ...): its arguments, the fields it returns in the order it computes them, how
// it computes them (resuming from fields a learner gave), its known wrong versions, and what
// values of its fields are possible at all. Each operation is one file in
// exercises/operations/, registered by one line in exercises/operation_table.cc; a wrong
// version is written there once and is named in every exercise, at every step, where it
// changes the value a part asks for.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "answers/grading.h"
#include "exercises/value.h"

namespace attn {

struct Step;
class Computation;

// One operator of an operation put for its neighbour, which a derived mistake (mutations/) asks
// of any step whose operation uses that operator (Operation::dials): e^x taken as x or as 2^x,
// the exponentials divided by their count or not at all, the log-softmax for the softmax, a
// softmax down the columns or over every entry, a logarithm in base 2 or 10 for ln or left out,
// the ReLU left out.
enum class Dial {
  kNone,
  kExpAsIdentity,
  kExpBase2,
  kDivideByCount,
  kNotNormalised,
  kLogSoftmax,
  kColumns,
  kAllEntries,
  kLog2,
  kLog10,
  kLnLeftOut,
  kReluLeftOut,
};

// What an operation is given: its arguments' values by name, the exercise's arithmetic and
// the variant's seed. Arguments that are words (a function's name, a position) are in `words`.
struct StepContext {
  const Step* step = nullptr;
  std::vector<std::pair<std::string, const Value*>> args;
  bool exact = false;  // the exercise computes exactly (Chapter 14: a = ln 2)
  uint32_t seed = 0;
  Dial dial = Dial::kNone;  // the operator a derived mistake puts for its neighbour; kNone: the right way

  const Value* Arg(const std::string& name) const;
  bool Has(const std::string& name) const { return Arg(name) != nullptr; }
  // The argument, or an error that names it.
  Result<const Value*> Need(const std::string& name) const;
  // A word argument ("dot", "key"), or `fallback` when it is not given.
  std::string Word(const std::string& name, const std::string& fallback = "") const;
  // Whether the step computes exactly: the exercise does (or the operation always does, for
  // counts), and every numeric argument has an exact form.
  bool ComputeExactly(bool always = false) const;
};

// A step's own fields as given (by a learner's earlier answer, or by a wrong version), in the
// order the operation computes them: it computes the later fields from these.
using Given = std::vector<std::pair<std::string, Value>>;
const Value* GivenField(const Given& given, const std::string& field);

// What a wrong version gives: the step's value done that way (later steps are computed from
// it), or, named at this step only, a list of another length, words that only this mistake
// produces (NaN, inf), or a tiny number typed where the value is exactly 0.
struct WrongResult {
  std::optional<Value> value;
  std::optional<size_t> list_length;
  std::vector<std::string> words;
  bool tiny_for_zero = false;
  bool beyond_double = false;  // a number too large for a double typed where the double overflows to inf
};

// The learner's quantity a mistake's sentence speaks of ("your weights ...", "your context
// ..."), and the numbers it may state: the step done wrong, its right and wrong values.
struct Explaining {
  const StepContext* step = nullptr;
  const Value* right = nullptr;
  const WrongResult* wrong = nullptr;
  std::string noun;  // "weights", "context", "total"
  bool plural = false;

  std::string Your() const { return "your " + noun; }
  // "your weights come" / "your context comes"
  std::string Comes() const { return Your() + (plural ? " come" : " comes"); }
  std::string Are() const { return Your() + (plural ? " are" : " is"); }
};

struct WrongVersion {
  const char* id;  // the way it is done wrong; the tag unless `tag` says otherwise
  // The tag by the step's arguments (a mask's role names its mistakes in its own words).
  std::string (*tag)(const StepContext&) = nullptr;
  int rank = 50;                 // where several explain one answer, lower is named first
  bool names_positions = false;  // may be named where a position or an option is asked
  Result<WrongResult> (*compute)(const StepContext&, const Value& right) = nullptr;
  std::string (*explain)(const Explaining&) = nullptr;
  // The same without any value the learner did not type (a policy that hides values); null
  // where the explanation states none.
  std::string (*explain_without_values)(const Explaining&) = nullptr;

  std::string TagFor(const StepContext& context) const { return tag ? tag(context) : id; }
};

// An argument of an operation: numbers (a step, an input or a literal such as "[1, 0]") or
// a word ("dot", a source token).
struct ArgSpec {
  const char* name;
  enum class Kind { kValue, kWord } kind = Kind::kValue;
  bool required = true;
  const char* about = "";  // what it is, for docs/authoring.md and derived mistakes' sentences
  // What a derived mistake may do with it beyond what any argument allows (mutations/): a divisor
  // (the temperature) may be multiplied instead, or applied after the step; a count of bytes per
  // number may be another width; bounds (a window, lengths) may be off by one; a word may be one
  // of its alternatives (a score function).
  enum class Role { kValue, kDivisor, kPerNumber, kBounds, kWord } role = Role::kValue;
  const char* alternatives = nullptr;  // kWord: the other words it may be, separated by spaces
  const char* does = nullptr;          // what it does, as a sentence a derived mistake's explanation ends with
};

// A field of the operation's value: its name, and how a learner's answer to it is called.
struct FieldSpec {
  const char* name;
  const char* noun;
  bool plural = false;
  const char* list_noun = nullptr;  // where the value is one a row ("entropies"); plural
  // The field in the chapters' notation (TeX), for a worked solution: "\\alpha_i". Null: none.
  const char* notation = nullptr;
};

// A learner's value for a field, with how finely it was typed: half a unit in the last place
// of each decimal entry (0 for an exact entry), per entry.
struct Typed {
  Value value;
  Mat<double> tolerance;
  // The largest relative tolerance of any entry (what the typed numbers can vouch for).
  double relative = 0;
};

struct Operation {
  const char* name;
  const char* summary;  // what it computes, in a sentence (docs/authoring.md)
  std::vector<ArgSpec> args;
  // The fields in the order they are computed; for an operation with one value, one entry
  // named "" that gives its noun.
  std::vector<FieldSpec> fields;
  // Computes the value, taking the fields in `given` as they are (follow-through, a wrong
  // version's part of the work) and computing the rest from them.
  Result<Value> (*apply)(const StepContext&, const Given& given) = nullptr;
  std::vector<WrongVersion> wrong;
  // Why a value typed for a field could not be that field's value for any input (weights that
  // are negative or do not add up to 1, a count that is not a whole number); nullopt when it
  // could be. Null: any value of the right shape could be.
  std::optional<std::string> (*impossible)(const StepContext&, const std::string& field, const Typed& typed) = nullptr;
  // The operators it puts for their neighbours when a step's context asks (StepContext::dial).
  std::vector<Dial> dials = {};
  // The table of cases the working panel lays out for an exercise built on this operation, from
  // the exercise's inputs (masked_row_policy: each row of the given lengths through the batched
  // core); null for the others. Reached through the record, so that a core whose table leaves
  // the operation out (a chapter's) links none of its code.
  Result<nlohmann::json> (*cases)(const Computation& exercise) = nullptr;

  const FieldSpec* Field(const std::string& name) const;
};

// Every operation, in the order of operation_table.cc, and one by name.
const std::vector<const Operation*>& Operations();
const Operation* OperationNamed(const std::string& name);

}  // namespace attn
