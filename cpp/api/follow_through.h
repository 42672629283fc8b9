// The grading context a page gives (its policy and the learner's earlier answers), and the
// follow-on candidates those earlier answers give a part: what it follows from, computed again
// from the learner's own numbers (Computed::FollowThroughs). The judge (answers/judge_follow_on.cc)
// says whether the answer follows and what that earns.
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

// Every way the part follows from the learner's earlier answers (each read once, as its own part
// reads it, and judged there: whether it is right itself, and its own named mistake), as the
// follow-on candidates of the part's request.
std::vector<FollowOn> FollowOnsOf(Computed& computed, const Json& part, const GradeContext& context);

}  // namespace attn
