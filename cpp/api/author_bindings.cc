// The embind layer's calls for authors: the check of an exercise file over seeds, and the
// operations an exercise's steps may use; text in and text out. Linked into the whole core only (the author page and
// Node load it), so that the exercise pages' smaller cores do not carry it.
#include <emscripten/bind.h>

#include "api/api.h"

EMSCRIPTEN_BINDINGS(attention_author_calls) {
  emscripten::function("checkExercise", &attn::CheckExercise);
  emscripten::function("describeOperations", &attn::DescribeOperations);
}
