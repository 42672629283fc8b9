// Help from the exercise's own steps, for a learner whose answer no named mistake explains:
//
// - where the answer departs from the part's step, when that can be told from the numbers
//   (DepartureOf): the value of another step of this variant ("your answer is this variant's
//   scores, not its weights"), two entries swapped, weights whose own sum is not 1, a list of
//   the wrong length. Each sentence is true of the answer as read: a step named is one whose
//   value the answer grades correct against, a swap is one that makes it correct, a sum is
//   the sum of the learner's own numbers. Under a policy that hides values, only what needs
//   no hidden number is said (the learner's own sum, the learner's own count of entries).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "answers/grading.h"
#include "exercises/computed.h"

namespace attn {

struct Departure {
  std::string step;  // the step it names (the part's own step, or the step or input the answer matches)
  std::string kind;  // "other-step", "swapped", "sum", "length"
  std::string sentence;
};

// Whether a value is distinctive enough that an answer equal to it is no coincidence: not a
// position, not a small whole number that several counts share.
bool Distinctive(const Quantity& q);

// `request` is the part's request as graded (its reveal_values says what may be said) and `v`
// the verdict; nullopt where a named mistake (or another part) already explains the answer, or
// where nothing true can be told.
std::optional<Departure> DepartureOf(Computed& computed, const Json& part, std::string_view answer,
                                     const GradeRequest& request, const Verdict& v);

}  // namespace attn
