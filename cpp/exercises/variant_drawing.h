// How a variant's inputs are drawn anew from a seed, as the exercise declares it: "draw" is a
// list, taken in order, each entry redrawing one input (keeping its shape) or a group of them:
//
//   {"input": "query", "tenths": [-1, 1]}         each number a tenth from -1 to 1
//   {"input": "readout", "integers": [1, 3]}      each number a whole number from 1 to 3
//   {"input": "lengths", "integers": [1, "S"]}    a bound may name another input
//   {"input": "B", "power_of_two": [0, 4]}        1, 2, 4, 8 or 16
//   {"input": "bytes_per_number", "one_of": ["2", "4", "8"]}
//   {"input": "D_v", "same_as": "D_k"}
//   {"input": "weights", "probability": "tenths"} entries of at least 0.1 that add up to 1
//   {"input": "scores", "tenths": [-1, 1], "at": "relevant", "there": {"tenths": [1.5, 3]}}
//                                                 the entry at the position an input names
//   {"input": "scores", "ascending": {"first": [800, 2000], "multiple": 100, "by": [1, 3]}}
//   {"input": "point", "in_box_of": "values"}     in the values' coordinate ranges, half the
//                                                 time a mixture of them, half outside their hull
//   {"group": [draws...], "until": {"distinct": ["B", "T"]} | {"not_all_equal": "lengths"} |
//    {"at_most": ["B*T", "4096"]}, "tries": 1000} drawn again, whole, until the condition holds
//                                                 (not_all_equal: the entries of one list input)
//
// A variant is then checked (exercises/computed.cc) and drawn again from the next stream of the
// same seed until it is well posed.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "core/seeded_random.h"
#include "exercises/exercise_inputs.h"

namespace attn {

// k tenths as the shortest decimal: 12 -> "1.2", -10 -> "-1".
std::string Tenths(int64_t k);

// Rewrites a number or (nested) list, keeping its shape and drawing each entry from `draw`.
Result<std::string> Redraw(const std::string& text, const std::function<std::string()>& draw);

// Whether the exercise declares how its inputs are drawn.
bool HasDraws(const Json& exercise);

// Checks the exercise's draws: each entry's input and kind known, its numbers in order; an
// unknown key is refused with its name.
Status CheckDraws(const Json& exercise);

// Redraws the exercise's inputs in place, in the declared order.
Status DrawInputs(Json& exercise, SeededRandom& random);

}  // namespace attn
