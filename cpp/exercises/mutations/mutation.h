// Wrong versions derived from an exercise's declared computation, not listed: one change to one
// step, tried at every step where it applies. A kind of change is written once, independent of
// any operation, with the sentence that explains it from the variant's numbers:
//
//   arguments   two arguments exchanged; another input or step in an argument's place; a list
//               taken in reverse order; an optional argument left out; a divisor multiplied
//               instead, or applied after the step; bounds off by one; another word (a score
//               function) for the one given                                  (arguments.cc)
//   operators   an operator put for its neighbour where the operation uses it (Dial: e^x as x
//               or 2^x, divided by the count or not at all, log-softmax, the other axis or every
//               entry, log base 2 or 10 for ln or the logarithm left out, no ReLU) (operators.cc)
//   formula     a count written as a formula in the exercise's sizes: a factor left out or
//               counted twice, a sum for a product, a term left out or counted twice, a size
//               that does not belong multiplied in, one size for another, off by one (formula.cc)
//   units       bits for bytes, another number of bytes a number                 (formula.cc)
//   results     the step's value in reverse order; a shape's axis left out or two exchanged; a
//               mask inverted, on the wrong side or of the other kind; a = ln 2 dropped
//                                                                                (results.cc)
//
// A mutant is named for a part only where its value differs from the right one there and an
// answer reproduces it at its precision (Computed::Request); the operations' written wrong
// versions, which keep the chapters' words, come first.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "exercises/computation.h"

namespace attn {

struct Mutation;

// One change at one step, worked out on this variant: the step's value with it, and its words.
struct Mutant {
  std::string tag;
  int rank = 100;
  bool names_positions = false;
  Value value;
  std::function<std::string(const Explaining&)> explain;
  const Mutation* kind = nullptr;  // set by MutantsAt
};

// The computation's counts as formulas in the exercise's sizes (its whole-number inputs as
// symbols): each step's value where it can be written so, and each size's symbol, value and words.
struct Formulas {
  std::vector<std::optional<Value>> steps;
  struct Size {
    std::string symbol, input;
    Exact value;
    std::string words;        // "t (target steps)"
    bool per_number = false;  // bytes a number (units.cc changes it, not the formula kinds)
  };
  std::vector<Size> sizes;
  const Size* Named(const std::string& symbol) const;
};
Formulas FormulasOf(const Computation& computation, const Json& exercise, uint32_t seed);

// Where a mutation is tried: one step of a computed variant.
struct MutationSite {
  const Computation& computation;
  const Values& values;
  size_t step;
  uint32_t seed;
  const StepContext& context;  // the step's context at the variant's values
  const Json& exercise;
  const Formulas& formulas;

  const Step& step_decl() const { return computation.steps()[step]; }
  const Value& right() const { return values[step]; }
  // The step's operation run in `context` (arguments, step or dial changed), in double where an
  // exact exercise's change leaves exact arithmetic; an error where it cannot be done.
  Result<Value> Apply(const StepContext& changed) const;
  // Adds the mutant where its value differs from the step's right one.
  void Add(std::vector<Mutant>& out, Mutant mutant) const;
};

struct Mutation {
  const char* kind;
  const char* family;
  const char* summary;  // what it changes, for docs/judging.md
  void (*generate)(const MutationSite& site, std::vector<Mutant>& out);
};

// Every kind, in the order they are tried.
const std::vector<const Mutation*>& Mutations();

// Every kind's mutants at one step.
std::vector<Mutant> MutantsAt(const MutationSite& site);

namespace mutations {

// Words the kinds share: an argument ("the temperature", "T"), where a value comes from ("the
// keys", "the scores"), whether it is plural, what an argument does (its spec's sentence).
std::string ArgWords(const std::string& name);
// An argument of the site's step in words: its spec's own noun ("the value after the change"), else ArgWords.
std::string ArgWords(const MutationSite& site, const std::string& name);
bool Plural(const std::string& name);
std::string SourceWords(const MutationSite& site, const ArgRef& arg);
std::string Does(const MutationSite& site, const std::string& arg);
const ArgSpec* SpecOf(const MutationSite& site, const std::string& arg);
// "your weights ... ." with the step named where it is not the part's own quantity.
std::string StepWords(const MutationSite& site);

}  // namespace mutations
}  // namespace attn
