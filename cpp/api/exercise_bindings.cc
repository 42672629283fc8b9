// The embind layer's exercise calls: text in and text out (describe an exercise, grade an
// answer, work arbitrary inputs), no logic. Linked into both cores: the exercise core
// (companion-exercises.wasm, what the pages load) and the whole core (companion.wasm, with
// batch_bindings.cc). The JS side (web/companion.mjs) parses the JSON; nothing here can throw.
#include <emscripten/bind.h>

#include "api/api.h"

EMSCRIPTEN_BINDINGS(attention_exercise_calls) {
  emscripten::function("describeExercise", &attn::DescribeExercise);
  emscripten::function("gradeAnswer", &attn::GradeAnswerIn);
  emscripten::function("work", &attn::Work);
  emscripten::function("describeMistakes", &attn::DescribeMistakes);
}
