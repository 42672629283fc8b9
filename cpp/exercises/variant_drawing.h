// What the models' variant generators share: rewriting an input written in the answer
// language entry by entry, wherever the exercise or its parts write it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "exercises/exercise_inputs.h"

namespace attn {

// k tenths as the shortest decimal: 12 -> "1.2", -10 -> "-1".
std::string Tenths(int64_t k);

// Rewrites a number or (nested) list, keeping its shape and drawing each entry from `draw`.
Result<std::string> Redraw(const std::string& text, const std::function<std::string()>& draw);

// Applies f to an input wherever it is written: the exercise's inputs and the parts.
Status ForInput(Json& exercise, const std::string& key,
                const std::function<Result<std::string>(const std::string&)>& f);

}  // namespace attn
