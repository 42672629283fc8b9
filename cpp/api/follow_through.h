// Follow-through's verdict: a part judged on the learner's own earlier answers, as a teacher
// judges it. A part that is wrong against the exact value but right when computed from the
// learner's answers to the parts it is computed from is credited (or, under a policy that only
// notes it, told so); one that follows from earlier answers that cannot both be right (weights
// from a total that is not the exponentials' sum) is not, and the verdict says why.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "exercises/computed.h"

namespace attn {

struct GradeContext {
  bool reveal_values = true;
  std::map<std::string, std::string> earlier;  // the learner's text for other parts, by name
  bool follow_through_counts = true;
};

// The grading context from its JSON text ("" for none). An earlier answer that is not text
// is left out, and text that is not valid UTF-16 is read with its broken characters replaced:
// an earlier answer is never a reason to refuse the part being checked.
Result<GradeContext> GradeContextOf(const std::string& text);

struct Followed {
  Verdict verdict;
  std::vector<std::string> from;
  bool impossible = false;  // it follows, but from earlier answers that cannot all be right
};

// "part 1 (weights)", as the pages number the parts.
std::string PartCalled(const Json& exercise, const std::string& name);

// The verdict when the answer follows from the learner's earlier answers; nullopt when it does
// not (the verdict as graded stands).
std::optional<Followed> FollowThroughOf(Computed& computed, const Json& part, const std::string& answer,
                                        const GradeRequest& request, const Verdict& graded,
                                        const GradeContext& context);

}  // namespace attn
