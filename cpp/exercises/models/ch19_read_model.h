// Chapter 19's exercises on one query (model "ch19.read"): score functions, temperature,
// masks, softmax, context, entropy, coordinate ranges, the stable-vs-naive softmax and
// the value-replacement intervention, in double. As in Chapter 14, each known mistake is
// a wrong method run on the same inputs.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "answers/grading.h"
#include "exercises/exercise_inputs.h"

namespace attn {

enum class Ch19Method {
  kCorrect,
  kMaskAfterSoftmax,       // masked entries zeroed after softmax, not renormalised
  kTemperatureMultiplied,  // scores multiplied by the temperature instead of divided
  kScaledVsUnscaled,       // dot product and scaled dot product swapped
  kBilinearTransposed,     // q^T W^T k instead of q^T W k
  kDividedByCount,         // each exponential divided by the number of positions
  kScoresAsWeights,        // the scores used as the weights
  kScoresNormalised,       // the scores divided by their sum, never exponentiated
};

struct Ch19Read {
  Vec<double> scores;    // before temperature
  Eligibility eligible;  // empty when no mask
  Vec<double> weights;
  Mat<double> values;   // empty when the exercise has none
  Vec<double> context;  // empty when the exercise has no values
};

// A part's inputs, read from the exercise once (the part's own inputs override the exercise's).
struct Ch19ReadInputs {
  std::optional<Mat<double>> values, replaced_values;  // replaced: the replace/control intervention
  std::optional<Vec<double>> weights, scores;          // given directly
  std::optional<Vec<double>> query;
  std::optional<Mat<double>> keys, W, W_q, W_k;
  std::optional<Vec<double>> v, b;
  std::string score = "dot";
  std::optional<double> shift;
  double temperature = 1;
  std::string temperature_text = "1";
  std::optional<Eligibility> mask;
  std::optional<Vec<double>> readout;
};
Result<Ch19ReadInputs> Ch19ReadInputsOf(const Json& exercise, const Json& part);

// The positions (1-based labels) with the largest weight of a read, every one of them where
// several tie (ch19_read_largest.cc).
Quantity Ch19LargestWeightPosition(const Ch19ReadInputs& in, const Ch19Read& r);

// Which version of the inputs a quantity reads: after the value replacement, after the shift.
struct Ch19ReadView {
  bool replaced = false;
  bool shifted = false;
};
Result<Ch19Read> Ch19ReadOf(const Ch19ReadInputs& in, Ch19Method method, Ch19ReadView view = {});
// with_mistakes = false computes only what a right answer is checked against (no known
// mistakes), for the other-part search and the variants' check.
Result<GradeRequest> Ch19ReadRequest(const Json& exercise, const Json& part, bool with_mistakes = true);
Result<Json> Ch19ReadWorking(const Json& exercise, const Json& part);

// The parts that check a read (ch19_read_checks.cc): what a naive softmax returns
// ("naive_exponentials", "naive_weights") and whether a point lies in the values' convex hull
// ("point_weights", "point_inside_ranges", "point_in_hull"). Fills the request and returns
// true for those quantities; false for any other.
Result<bool> Ch19CheckRequest(const Json& exercise, const Json& part, const Ch19ReadInputs& in, bool with_mistakes,
                              GradeRequest& request);
// Draws a variant's "point" within the coordinate ranges of its (already drawn) values.
class SeededRandom;
Status Ch19DrawPoint(Json& exercise, SeededRandom& random);

// The part recomputed from the learner's own answers to the parts it is computed from
// (ch19_read_follow_through.cc).
struct GivenAnswer;
struct FollowThrough;
std::vector<FollowThrough> Ch19ReadFollowThrough(const Json& exercise, const Json& part,
                                                 const std::vector<GivenAnswer>& given);

// A mask written as "[1, 1, 1, 0, 0]" or "[true, true, true, false, false]".
}  // namespace attn
