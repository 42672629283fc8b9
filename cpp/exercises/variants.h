// Seeded variants of the numeric exercises: the same questions on fresh inputs. Seed 0
// is the chapter's own numbers. Chapter 14's variants stay exact (whole-number queries
// against states that are whole multiples of a, so every exponential is a power of 2);
// Chapter 19's use short decimals. A variant is redrawn (from the same seed, so still
// reproducible) until it is well posed: every part computable, no tie where a part asks
// for the largest, no row masked out entirely unless the exercise is about that.
#pragma once

#include <cstdint>

#include "exercises/exercise_inputs.h"

namespace attn {

Result<Json> VariantOf(const Json& exercise, uint32_t seed);

// Whether the exercise's model draws variants (numeric ones, not only reordered letters).
bool HasVariants(const Json& exercise);

// Why a variant is not well posed, or OK. Includes CheckPremises.
Status CheckWellPosed(const Json& exercise);

// Whether every statement the exercise's text makes about its numbers holds for these
// inputs: "premises": [{"quantity", "is", "is_not" and/or "differs_from", "says"}]. A
// premise with "is" holds when that value grades correct for a part asking for `quantity`
// ("position 2 carries the largest weight" is {"quantity": "largest_weight_position",
// "is": "2"}); with "is_not", when it does not ("the exponentials do not add up to 3");
// with "differs_from", when the two quantities' values differ ("the largest weight is not
// the largest effect"). A variant is redrawn until all hold.
Status CheckPremises(const Json& exercise);

}  // namespace attn
