// Grading one answer against the quantity the core computed: read it, check its shape,
// judge it entry by entry (judging.h), and when it is wrong, name the mistake whose wrong
// method reproduces it. Its parts: grading.cc (the bounds, reading and judging a value,
// and every verdict's wording about it), position_grading (positions, options, select-all
// sets), named_mistakes (which known mistakes reproduce a wrong answer) and verdict_words
// (the words verdicts share).
//
// The decimal rule (kDecimalRule, quoted in the feedback where it decided the verdict):
// each decimal entry counts when it equals the value rounded to the places that entry
// shows, with at least 3 significant figures; a decimal that is the value itself (0.25 for
// 1/4) always counts. One unit off in the last place, either way, is a near miss. A
// decimal that agrees at the places shown but has fewer than 3 significant figures is "too
// few digits": not graded, no attempt used; one that no rounding could make right is wrong.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "answers/answer_parser.h"
#include "answers/quantity.h"

namespace attn {

extern const char kDecimalRule[];
extern const char kEvaluatedRule[];

// A known mistake: the value it produces from the same inputs, or (for a shape mistake)
// the number of entries it produces, and a sentence that explains it, which may use the
// exercise's inputs and computed values. Where it uses a computed value (the sum of the
// exponentials, say), `without_values` says the same without it, for a feedback policy that
// hides values; where it is empty, the explanation uses none.
//
// Its family says what kind of part it can be named for: an arithmetic mistake (a wrong
// method that produces wrong numbers) only where numbers are asked, a position mistake only
// where a position, an option or a set of positions is asked, a shape mistake where a list
// of the wrong length comes back. The grader never names a mistake outside its family, and
// the tests check that no model offers one.
struct Misconception {
  enum class Family { kArithmetic, kPosition, kShape };
  std::string tag;
  Family family = Family::kArithmetic;
  std::optional<Quantity> value;
  std::optional<size_t> list_length;
  std::vector<std::string> words;  // answers such as NaN that only this mistake produces
  // Named where an entry that is exactly 0 was typed as a small number that is not 0 (at most
  // kTinyForZero in size), every other entry being right: the residue of a large negative mask.
  bool tiny_for_zero = false;
  std::string explanation;
  std::string without_values;
  // Tags of mistakes that, when they explain the same answer, are the better story: this
  // one is then not named (an answer that leaves the removed position out is not "what
  // re-encoding gives" merely because re-encoding has the same numbers).
  std::vector<std::string> yields_to;

  static Misconception Value(std::string tag, Quantity wrong, std::string explanation) {
    Misconception m;
    m.tag = std::move(tag);
    m.value = std::move(wrong);
    m.explanation = std::move(explanation);
    return m;
  }
  // A wrong position, option or set of positions.
  static Misconception Position(std::string tag, Quantity wrong, std::string explanation) {
    Misconception m = Value(std::move(tag), std::move(wrong), std::move(explanation));
    m.family = Family::kPosition;
    return m;
  }
  // A value of the wrong form: a list of the wrong length (list_length), or a wrong shape.
  static Misconception Shape(std::string tag, size_t entries, std::string explanation) {
    Misconception m;
    m.tag = std::move(tag);
    m.family = Family::kShape;
    m.list_length = entries;
    m.explanation = std::move(explanation);
    return m;
  }
  static Misconception ShapeValue(std::string tag, Quantity wrong, std::string explanation) {
    Misconception m = Value(std::move(tag), std::move(wrong), std::move(explanation));
    m.family = Family::kShape;
    return m;
  }
  static Misconception Words(std::string tag, std::vector<std::string> words, std::string explanation) {
    Misconception m;
    m.tag = std::move(tag);
    m.words = std::move(words);
    m.explanation = std::move(explanation);
    return m;
  }
  static Misconception TinyForZero(std::string tag, std::string explanation) {
    Misconception m;
    m.tag = std::move(tag);
    m.tiny_for_zero = true;
    m.explanation = std::move(explanation);
    return m;
  }
};

// The largest typed size that counts as the residue of a large negative mask for a 0.
inline constexpr long double kTinyForZero = 1e-3L;

struct GradeRequest {
  Quantity expected;
  bool require_exact = false;
  bool count = false;          // a whole count: digit groups ("1,048,576") are read as one number
  bool shape = false;          // a tensor shape: "(8, 4, 64, 512)" or "8×4×64×512"
  bool bytes = false;          // a count of bytes: B, kB, KiB, MB, MiB, ... are read and converted
  bool leading_order = false;  // a big-O question: compared to leading order
  ParseOptions parse;
  // Source order, for position answers; the option ids, for choice answers (which are
  // graded as positions: by id, by number, or by letter when the ids are letters).
  std::vector<std::string> position_labels;
  // How each position is shown to the learner ("option 2"); the labels themselves if empty.
  std::vector<std::string> position_names;
  // Other words for a position (lower case: "-1", "last" for the source axis), and whether
  // a plain number names the position at that place in the list (not for tensor axes,
  // where 0-based and 1-based counting disagree).
  std::map<std::string, std::string> position_synonyms;
  bool positions_by_number = true;
  std::vector<Misconception> misconceptions;
  // For a part where several answers are right (any explicit policy), the rule that made
  // this one right, stated in the verdict after "Correct.".
  std::string accepted_rule;
  // False under a feedback policy that hides values: no verdict gives a value the learner
  // did not type (the expected value after a correct rounded answer, the leading-order
  // form, the direction of a near miss).
  bool reveal_values = true;
};

struct Verdict {
  enum class Kind { kCorrect, kIncorrect, kInvalid };
  Kind kind = Kind::kInvalid;
  std::string read_as;
  std::string feedback;
  std::string misconception;                // empty when none was recognised; the first when several
  std::vector<std::string> misconceptions;  // every mistake named, in the order the feedback names them
  bool shape_mismatch = false;              // read, but not of the shape the part asks for
  bool near_miss = false;                   // incorrect only by one unit in some entry's last digit
};

std::string VerdictName(Verdict::Kind kind);

Verdict Grade(std::string_view text, const GradeRequest& request);

// The learner's answer to a numeric or shape part read as that part reads it, when it is a value of
// the part's shape (no words, no O(...) where a number is asked); nullopt otherwise. What a
// later part is recomputed from, for follow-through.
std::optional<Answer> ReadValue(std::string_view text, const GradeRequest& request);

// Reads a source position: "key", "2", "position 2", "full stop"; nullopt if unknown.
std::optional<std::string> ReadPosition(std::string_view text, const std::vector<std::string>& labels,
                                        const std::map<std::string, std::string>& synonyms = {}, bool by_number = true);

}  // namespace attn
