// A number as the learner typed it (3, 0.3466, .5, 9.8e-1): its exact value and, for a
// decimal, the places and significant figures it shows, within the reader's bounds.
// Internal to cpp/answers/.
#pragma once

#include "answers/answer.h"
#include "answers/answer_lexer.h"
#include "core/status.h"

namespace attn::reading {

// A number token; max_digits bounds its digits (ParseOptions::max_digits).
Result<Answer> ReadNumber(const Token& t, int max_digits);

}  // namespace attn::reading
