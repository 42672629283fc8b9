// The embind layer: three functions of text in and text out, no logic. The JS side
// (web/companion.mjs) parses the JSON into plain objects; nothing here can throw.
#include <emscripten/bind.h>

#include "api.h"

EMSCRIPTEN_BINDINGS(attention_companion) {
  emscripten::function("describeExercise", &attn::DescribeExercise);
  emscripten::function("gradeAnswer", &attn::GradeAnswer);
  emscripten::function("work", &attn::Work);
}
