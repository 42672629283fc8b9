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
#include "answers/reading.h"

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
  // Named where every entry that is inf (a double's overflow) was typed as a number beyond what a
  // double holds (e^1000), every other entry being right.
  bool beyond_double = false;
  bool derived = false;  // derived from the declared computation (not written): another part's value comes first
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
  static Misconception BeyondDouble(std::string tag, std::string explanation) {
    Misconception m;
    m.tag = std::move(tag);
    m.beyond_double = true;
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

// A value the part's answer follows from the learner's own earlier answers (follow-through):
// computed again from them, and what the verdict says of it.
struct FollowOn {
  std::vector<std::string> from;  // the parts it follows from
  std::string yours;              // "your answer to part 2 (reencode states)"
  Quantity value;
  bool several = false;        // from more than one earlier answer
  bool from_decimals = false;  // some earlier answer it follows from was typed in decimals
  bool all_right = false;      // every earlier answer it follows from is right itself
  // Why the earlier answer cannot be its own part's value, or why the value cannot be this
  // part's, when it cannot: such a follow-on is named, never credited.
  std::optional<std::string> earlier_impossible, impossible;
  // The earlier answer's own named mistake, for an impossible one: its tags and what it says.
  std::vector<std::string> earlier_mistakes;
  std::string earlier_words;  // "In part 2 (states): Not quite: ..."
};

// Another value of the exercise an unexplained answer may be: another part's, or another step's
// (or a given input's), which the departure names (never its value).
struct Alternative {
  enum class Kind { kOtherPart, kOtherStep };
  Kind kind = Kind::kOtherStep;
  Quantity value;
  std::string name;  // a part: "part 4 (weights)"; a step: what it is ("scores")
  std::string step;  // the step or input named, for the verdict's record
  // Another part's value is judged by that part's rules (a count of bytes takes a byte unit).
  bool require_exact = false, count = false, bytes = false, leading_order = false;
};

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
  bool choice = false;  // the positions are choices (letters, yes or no, options), not source positions
  std::vector<Misconception> misconceptions;
  // For a part where several answers are right (any explicit policy), the rule that made
  // this one right, stated in the verdict after "Correct.".
  std::string accepted_rule;
  // False under a feedback policy that hides values: no verdict gives a value the learner
  // did not type (the expected value after a correct rounded answer, the leading-order
  // form, the direction of a near miss).
  bool reveal_values = true;

  // The candidates besides the right value and the mistakes, for a part judged within the
  // learner's exercise: what follows from the learner's earlier answers (and whether that
  // counts, the teacher's policy), the exercise's other values, and what the departure may say
  // of the answer itself: what its value is called ("weights") and whether it adds up to 1.
  std::vector<FollowOn> follow_ons;
  bool follow_on_counts = true;
  std::vector<Alternative> alternatives;
  std::string noun;
  std::string step;      // the part's own step, for the departure's record
  bool weights = false;  // a softmax's weights: each row adds up to 1
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
  bool derived = false;                     // every mistake named is a derived one
  // The follow-on it was judged by: the parts, whether it counts, whether it is impossible.
  struct Followed {
    std::vector<std::string> from;
    bool counts = true;
    bool impossible = false;
  };
  std::optional<Followed> followed;
  // Where an unexplained answer departs from the part's step: the step (or input) named, the kind
  // ("other-step", "swapped", "sum", "length") and the sentence (in the feedback, but "length").
  struct Departure {
    std::string step, kind, sentence;
  };
  std::optional<Departure> departure;
};

std::string VerdictName(Verdict::Kind kind);

// The text read once (reading.h) and judged (Judge).
Verdict Grade(std::string_view text, const GradeRequest& request);

// The verdict on a reading: against the right value, then (where it is not right) the mistakes
// that reproduce it, what follows from the learner's earlier answers, and the departure.
Verdict Judge(const Reading& reading, const GradeRequest& request);

// The learner's value when it is one of the part's shape (no words, no O(...) where a number is
// asked): what a later part is recomputed from, for follow-through; nullopt otherwise.
std::optional<Answer> ValueOf(const Reading& reading, const GradeRequest& request);

// How a position is shown to the learner ("option 2: ...", "full stop").
std::string PositionName(const GradeRequest& request, const std::string& label);

// Reads a source position: "key", "2", "position 2", "full stop"; nullopt if unknown.
std::optional<std::string> ReadPosition(std::string_view text, const std::vector<std::string>& labels,
                                        const std::map<std::string, std::string>& synonyms = {}, bool by_number = true);

}  // namespace attn
