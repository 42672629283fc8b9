// Grading a position, an option or a select-all set of them: read by number, by name or
// by a declared synonym (ReadPosition, grading.h), compared by label, and a wrong choice
// named when a known position mistake makes it. Internal to cpp/answers/.
#pragma once

#include <string_view>

#include "answers/grading.h"

namespace attn::grading {

// A part whose expected quantity is a position (or, for select-all, a set of them).
Verdict GradePosition(std::string_view text, const GradeRequest& request);

}  // namespace attn::grading
