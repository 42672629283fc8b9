// What an exercise file may be, checked where a file is read (api.cc for the pages, the
// component, the CLI and the packager; the check): its text and its nesting bounded, its id of the
// documented form, its part names its own, and its work bounded (steps, parts, mistakes, draws and
// a group's tries), so that a file a learner opens can neither freeze a page nor run out of stack.
// Each limit is refused by its name, quoting at most a short excerpt of what was written.
// docs/authoring.md ("Limits") states them; tests/cpp/exercises/file_limits_test.cc holds each at
// its edge.
#pragma once

#include <string>
#include <string_view>

#include "core/status.h"
#include "exercises/exercise_inputs.h"

namespace attn {

struct FileLimits {
  static constexpr size_t kChars = 200000;      // bytes of the file's text (UTF-8)
  static constexpr int kDepth = 16;             // levels of JSON objects and lists
  static constexpr int kBrackets = 8;           // levels of brackets in one value ("[[1, 0]]" is 2)
  static constexpr size_t kSteps = 64;          // steps
  static constexpr size_t kParts = 32;          // parts (and written items)
  static constexpr size_t kMistakes = 32;       // mistakes of the file's own
  static constexpr size_t kDraws = 64;          // draws, a group's members included
  static constexpr int64_t kTries = 1000;       // a draw group's tries
  static constexpr size_t kTests = 200;         // the file's own tests
  static constexpr size_t kIdChars = 64;        // characters of an id
  static constexpr size_t kExcerptChars = 80;   // the most a refusal quotes of what was written
  static constexpr size_t kMessageChars = 600;  // the longest refusal
};

// At most FileLimits::kExcerptChars characters of text, cut on a character boundary with "…".
std::string Excerpt(std::string_view text);

// A refusal as it is said: at most kMessageChars characters (a message that quotes what was
// written keeps its start), whatever a file holds.
std::string Bounded(const std::string& message);

// The file's text read as one JSON object, refused where it is too long or nested too deep
// (before it is parsed, so that nothing recurses over it), or is not an object.
Result<Json> ReadExerciseText(const std::string& text);

// The file's id (where it has one), part names, sizes and tries within the limits above.
Status CheckFileLimits(const Json& exercise);

// Whether an id has the documented form: 1 to 64 of a-z, 0-9, '.', '_' and '-', a letter or a
// digit first ("teacher.week3-read").
bool IsExerciseId(const std::string& id);

}  // namespace attn
