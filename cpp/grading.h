// Grading one answer against the quantity the core computed: validate first (shape,
// precision, names), then compare exactly or at the precision the learner wrote, and when
// the answer is wrong, name the mistake whose wrong method reproduces it.
//
// The decimal rule: a decimal answer counts when it equals the exact value rounded to the
// number of decimal places written (in a list, every entry is read at the precision of
// its most precise entry) and the answer shows at least 3 significant figures. Off by one
// unit in the last place is a near miss (often a truncation), and is told so.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "answer_parser.h"
#include "quantity.h"

namespace attn {

extern const char kDecimalRule[];

// A known mistake: the value it produces from the same inputs, or (for a shape mistake)
// the number of entries it produces, and a sentence that explains it with the numbers.
struct Misconception {
  std::string tag;
  std::optional<Quantity> value;
  std::optional<size_t> list_length;
  std::vector<std::string> words;  // answers such as NaN that only this mistake produces
  std::string explanation;

  static Misconception Value(std::string tag, Quantity wrong, std::string explanation) {
    Misconception m;
    m.tag = std::move(tag);
    m.value = std::move(wrong);
    m.explanation = std::move(explanation);
    return m;
  }
  static Misconception Shape(std::string tag, size_t entries, std::string explanation) {
    Misconception m;
    m.tag = std::move(tag);
    m.list_length = entries;
    m.explanation = std::move(explanation);
    return m;
  }
  static Misconception Words(std::string tag, std::vector<std::string> words, std::string explanation) {
    Misconception m;
    m.tag = std::move(tag);
    m.words = std::move(words);
    m.explanation = std::move(explanation);
    return m;
  }
};

struct GradeRequest {
  Quantity expected;
  bool require_exact = false;
  bool count = false;  // a whole count: digit groups ("1,048,576") are read as one number
  bool shape = false;  // a tensor shape: "(8, 4, 64, 512)" or "8×4×64×512"
  ParseOptions parse;
  // Source order, for position answers; the option ids, for choice answers (which are
  // graded as positions: by id, by number, or by letter when the ids are letters).
  std::vector<std::string> position_labels;
  std::vector<Misconception> misconceptions;
};

struct Verdict {
  enum class Kind { kCorrect, kIncorrect, kInvalid };
  Kind kind = Kind::kInvalid;
  std::string read_as;
  std::string feedback;
  std::string misconception;  // empty when none was recognised
  std::string expected;       // the core's value, for display after a correct answer
};

std::string VerdictName(Verdict::Kind kind);

Verdict Grade(std::string_view text, const GradeRequest& request);

// Reads a source position: "key", "2", "position 2", "full stop"; nullopt if unknown.
std::optional<std::string> ReadPosition(std::string_view text,
                                        const std::vector<std::string>& labels);

}  // namespace attn
