// What the kinds of derived mistake share (mutation.h): running a step's operation with one
// change, the words for arguments and where their values come from, and the list of kinds.
#include "exercises/mutations/mutation.h"

#include <algorithm>
#include <cctype>

#include "exercises/computed.h"

namespace attn {

extern const Mutation kSwappedArguments, kInPlaceOf, kReversedArgument, kLeftOutArgument, kMultipliedDivisor,
    kDivisorAfter, kOffByOneBounds, kOtherWord, kOtherOperator, kFormulaFactor, kFormulaTerm, kSumForProduct,
    kExtraFactor, kSizeForSize, kCountOffByOne, kUnits, kReversedResult, kShapeAxes, kMaskKind, kSymbolDropped;

const std::vector<const Mutation*>& Mutations() {
  static const std::vector<const Mutation*> all = {
      &kOtherOperator, &kLeftOutArgument,  &kMultipliedDivisor, &kDivisorAfter, &kSwappedArguments,
      &kInPlaceOf,     &kReversedArgument, &kOffByOneBounds,    &kOtherWord,    &kFormulaFactor,
      &kFormulaTerm,   &kSumForProduct,    &kExtraFactor,       &kSizeForSize,  &kCountOffByOne,
      &kUnits,         &kReversedResult,   &kShapeAxes,         &kMaskKind,     &kSymbolDropped,
  };
  return all;
}

const Formulas::Size* Formulas::Named(const std::string& symbol) const {
  for (const Size& s : sizes)
    if (s.symbol == symbol) return &s;
  return nullptr;
}

Result<Value> MutationSite::Apply(const StepContext& changed) const {
  const Operation& op = *(changed.step ? changed.step->op : step_decl().op);
  auto out = op.apply(changed, {});
  if (out.ok() || !changed.exact || out.status().code() != ErrorCode::kNotExact) return out;
  // The change leaves exact arithmetic (2^a, a logarithm): the step in double.
  StepContext loose = changed;
  std::vector<Value> held;
  held.reserve(loose.args.size());
  for (auto& [name, value] : loose.args) {
    if (!value) continue;
    held.push_back(value->Approximate());
    value = &held.back();
  }
  return op.apply(loose, {});
}

void MutationSite::Add(std::vector<Mutant>& out, Mutant mutant) const {
  if (mutant.value.SameAs(right())) return;
  if (!mutant.value.Finite() && right().Finite()) return;
  out.push_back(std::move(mutant));
}

std::vector<Mutant> MutantsAt(const MutationSite& site) {
  std::vector<Mutant> out;
  for (const Mutation* kind : Mutations()) {
    const size_t before = out.size();
    kind->generate(site, out);
    for (size_t i = before; i < out.size(); ++i) out[i].kind = kind;
  }
  return out;
}

namespace mutations {

bool Plural(const std::string& name) { return name.size() > 1 && name.back() == 's' && name != "bytes_per_number"; }

std::string ArgWords(const std::string& name) {
  // A symbol (T, S, D_k, W_q) is written as it is; a word with "the".
  const bool symbol = std::any_of(name.begin(), name.end(), [](char c) { return std::isupper(c); }) || name.size() == 1;
  if (symbol) return name;
  std::string words = name;
  std::replace(words.begin(), words.end(), '_', ' ');
  return "the " + words;
}

std::string ArgWords(const MutationSite& site, const std::string& name) {
  const ArgSpec* spec = SpecOf(site, name);
  std::string about = spec && spec->about ? spec->about : "";
  if (about.rfind("the ", 0) != 0) return ArgWords(name);
  // "the values, one a row (...)" -> "the values"; "the value after the change" as it is.
  const size_t end = about.find_first_of(",:(;");
  about = about.substr(0, end);
  while (!about.empty() && about.back() == ' ') about.pop_back();
  return about;
}

const ArgSpec* SpecOf(const MutationSite& site, const std::string& arg) {
  for (const ArgSpec& spec : site.step_decl().op->args)
    if (arg == spec.name) return &spec;
  return nullptr;
}

std::string Does(const MutationSite& site, const std::string& arg) {
  const ArgSpec* spec = SpecOf(site, arg);
  return spec && spec->does ? std::string(" ") + spec->does : "";
}

std::string SourceWords(const MutationSite& site, const ArgRef& arg) {
  switch (arg.kind) {
    case ArgRef::Kind::kInput: return ArgWords(arg.input);
    case ArgRef::Kind::kStep: return "the " + NounOf(site.computation, site.values, StepRef{arg.step, arg.field}).word;
    default: return arg.text;
  }
}

std::string StepWords(const MutationSite& site) {
  return "the " + NounOf(site.computation, site.values, StepRef{site.step, ""}).word;
}

}  // namespace mutations
}  // namespace attn
