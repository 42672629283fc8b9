// The reads the figures and labs ask for by name, with inputs of their own (companion.work):
// {"model": "ch14.read" | "ch19.read" | "ch19.batch" | "ch14.cost", "inputs": {...}, and
// optionally "query", "remove", "delete", "mask", "temperature"}, written as an exercise with
// declared steps so that the one engine computes them and lays out their working.
#pragma once

#include "exercises/exercise_inputs.h"

namespace attn {

// The exercise a working request stands for, or an error naming what it lacks.
Result<Json> ExerciseForWork(const Json& request);

}  // namespace attn
