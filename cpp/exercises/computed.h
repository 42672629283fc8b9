// An exercise at one seed, computed: the variant's inputs, its declared computation and every
// step's value; each part's grading request (what the part's step computes, and the known
// mistakes that change it); and follow-through, a part computed again from the learner's own
// earlier answers in place of those steps' values.
//
// A mistake is a wrong version of an operation (written once, in the operation's file) or one
// of the exercise's own ("mistakes": an input read in place of another, a step done another
// way). It is named for a part wherever the part's step is that step or computed from it,
// and only where it changes the part's value on this variant.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "exercises/computation.h"
#include "exercises/mutations/mutation.h"

namespace attn {

// One way of going wrong, worked out on this variant: the step done wrong and every step's
// value with it.
struct WrongRun {
  size_t step = 0;
  std::string tag;
  int rank = 50;
  bool names_positions = false;
  const WrongVersion* way = nullptr;  // an operation's wrong version; null for the exercise's own
  int own = -1;                       // the exercise's own mistake: its index in "mistakes"
  WrongResult result;
  std::optional<Values> values;  // where result.value: every step's value with it
};

// Where a named mistake comes from: the step done wrong and the operation whose wrong version it
// is (empty for the exercise's own mistakes; "exact arithmetic" for a rounded a), and for a derived
// mistake the kind of change (mutations/mutation.h).
struct MistakeOrigin {
  std::string step;
  std::string operation;
  std::string derived;
};

// A mistake named for a part, with its rank and where it comes from.
struct NamedMistake {
  int rank = 50;
  Misconception m;
  MistakeOrigin origin;
};

// A learner's earlier answer standing in for a step's value (follow-through).
struct GivenAnswer {
  std::string name;  // the part
  const Json* part = nullptr;
  Answer answer;
};

// One way a part follows from the learner's earlier answers: the parts it was computed from, and
// the value; `impossible` says why that value cannot be this part's value for any input (the
// earlier answers are inconsistent), when it cannot.
struct FollowThrough {
  std::vector<std::string> from;
  Quantity value;
  std::optional<std::string> impossible;
  // Why the earlier answer it follows from cannot be that part's value at all (weights that do
  // not add up to 1); such a way is never credited, only named.
  std::optional<std::string> earlier_impossible;
};

// The noun a part's answer is called by ("weights", "context", "total") and whether it is plural.
struct Noun {
  std::string word;
  bool plural = false;
};
class Computed {
 public:
  // The exercise at `seed`: its variant (seed 0 is the exercise as written), computed. With
  // `loose`, a step of an exact exercise that cannot stay exact is computed in double (the labs'
  // own queries) instead of refused.
  static Result<Computed> Of(const Json& exercise, uint32_t seed, bool loose = false);

  const Json& exercise() const { return exercise_; }
  uint32_t seed() const { return seed_; }
  // How many draws this variant took (the ones before it broke a requirement): 1 at seed 0.
  int draws() const { return draws_; }
  // The most draws a seed takes before it is refused.
  static constexpr int kMostDraws = 256;
  // Why each draw before this variant was drawn again, by reason: {reason: count}.
  const std::map<std::string, int>& redrawn() const { return redrawn_; }
  const Computation& computation() const { return *computation_; }
  const Values& values() const { return values_; }

  // The step a part asks for ("step": "read.weights").
  Result<StepRef> PartStep(const Json& part) const;
  // The value a step (or field) names, as a text names it: "read.weights".
  Result<Value> ValueNamed(const std::string& ref) const;
  // A part's grading request; with_mistakes = false: only what a right answer is checked against.
  // (Worked out once a variant: the same request again is the one kept.)
  const Result<GradeRequest>& Request(const Json& part, bool with_mistakes);
  // Every wrong run of the exercise (every step's wrong versions and the exercise's own).
  const std::vector<WrongRun>& WrongRuns();
  // Where each mistake a part's request names comes from, in the request's order.
  std::vector<MistakeOrigin> Origins(const Json& part);
  // The ways a part follows from the learner's answers to other parts.
  std::vector<FollowThrough> FollowThroughs(const Json& part, const std::vector<GivenAnswer>& given);
  // Why a learner's answer to a part could not be that part's value for any input; nullopt
  // when it could.
  std::optional<std::string> Impossible(const Json& part, const Answer& answer);
  // The exercise's other values an answer to the part may be: every other part's (distinctive)
  // value, then every other step's and field's and given input's of the part's shape (alternatives.cc).
  const std::vector<Alternative>& Alternatives(const Json& part);

 private:
  Json exercise_;
  uint32_t seed_ = 0;
  int draws_ = 1;
  std::map<std::string, int> redrawn_;
  std::shared_ptr<const Computation> computation_;
  Values values_;
  std::optional<std::vector<WrongRun>> wrong_runs_;
  std::map<std::pair<std::string, bool>, Result<GradeRequest>> requests_;
  std::map<std::string, std::vector<MistakeOrigin>> origins_;
  std::map<std::string, std::vector<Alternative>> alternatives_;
  std::shared_ptr<Formulas> formulas_;
  std::map<size_t, std::vector<Mutant>> mutants_;
  // Each derived mistake's computation, by its step and its place among the step's mutants.
  std::map<std::pair<size_t, size_t>, Computation::Rerun> reruns_;

  // A part's mistakes: the steps' written wrong versions and the exercise's own, the derived ones
  // (mutations/), and a = ln 2 rounded early (part_request.cc).
  void WrittenMistakes(const Json& part, const StepRef& ref, const Noun& noun, const GradeRequest& request,
                       std::vector<NamedMistake>& named);
  void DerivedMistakes(const StepRef& ref, const Noun& noun, const GradeRequest& request,
                       std::vector<NamedMistake>& named);
  void RoundedA(const Noun& noun, const GradeRequest& request, std::vector<NamedMistake>& named) const;
  const Formulas& FormulasHere();
  const std::vector<Mutant>& MutantsOf(size_t step);
};

Noun NounOf(const Computation& computation, const Values& values, const StepRef& ref);

// Whether a value is distinctive enough that an answer equal to it is no coincidence: not a
// position, not a small whole number that several counts share.
bool Distinctive(const Quantity& q);

// "part 1 (weights)", as the pages number the parts.
std::string PartCalled(const Json& exercise, const std::string& name);

}  // namespace attn
