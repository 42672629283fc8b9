// The embind layer's call for worked solutions, linked into the whole core only: a page loads
// that core when a learner opens a worked solution (web/companion.mjs, solutions), so that the
// exercise and chapter cores a page waits for carry none of the working.
#include <emscripten/bind.h>

#include "api/api.h"

EMSCRIPTEN_BINDINGS(attention_solution_calls) { emscripten::function("solveExercise", &attn::SolveExercise); }
