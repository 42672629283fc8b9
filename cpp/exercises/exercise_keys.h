// The keys an exercise file may hold, at each level a teacher writes: the exercise, its parts,
// its own mistakes, its working and its tests. A key that is none of them (a misspelt setting,
// "tempreature") is refused with its name and where it was found, instead of being ignored.
// Steps, draws and conditions check their own keys where they are read.
#pragma once

#include "core/status.h"
#include "exercises/exercise_inputs.h"

namespace attn {

Status CheckKeys(const Json& exercise);

}  // namespace attn
