// Chapter 14's exercises on one cross-attention read (model "ch14.read"): the encoder's
// states, scores, exponentials, softmax, context and readout, with the two deletions of
// section 14.5. The same computation runs with each known wrong method, so that a wrong
// answer can be recognised by the mistake that produces it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "answers/grading.h"
#include "core/encoder.h"
#include "exercises/exercise_inputs.h"

namespace attn {

enum class Ch14Method {
  kCorrect,
  kDividedByCount,          // exponentials divided by the number of positions
  kZeroScoreZeroWeight,     // exp(0) taken as 0
  kScoresAsWeights,         // stopped before exponentiating
  kExponentialsAsWeights,   // stopped before normalising
  kZeroedScoreNotRemoved,   // removed position's score set to 0 instead of removing it
  kSwappedIntervention,     // frozen removal answered with re-encoding, or the other way
  kRemovedNotRenormalised,  // frozen removal: the weight zeroed, the others left as they were
  kScoresNormalised,        // the scores divided by their sum, never exponentiated
  kInterventionIgnored,     // the read before the removal or deletion, as if nothing changed
};

// Everything one read produces, as a given method computes it.
struct Ch14Read {
  std::vector<std::string> labels;  // source positions in order (after any deletion)
  Mat<Exact> states;
  Vec<Exact> scores, exponentials, weights, context;
  Exact denominator;
  std::optional<Exact> readout;
  std::vector<bool> removed;  // frozen removal: the removed position, still listed
};

// A part's inputs, read from the exercise once (the part's query, remove and delete
// override the exercise's).
struct Ch14ReadInputs {
  Embeddings embeddings;
  std::vector<std::string> tokens;
  Vec<Exact> query;
  std::string remove, del;                        // a frozen removal and a re-encode deletion, by token
  std::optional<Vec<Exact>> readout;              // the readout's coefficients
  std::optional<std::string> earlier_query_text;  // an earlier example's query, as written
  bool query_given_by_part = false;
};
Result<Ch14ReadInputs> Ch14ReadInputsOf(const Json& exercise, const Json& part);

// The read of those inputs, as a given method computes it.
Result<Ch14Read> Ch14ReadOf(const Ch14ReadInputs& in, Ch14Method method);

// The quantity a part asks for ("weights", "readout", "largest_effect_position", ...) from a read.
Result<Quantity> Ch14ReadSelect(const Ch14ReadInputs& in, const Ch14Read& r, const std::string& quantity);
// Adds to a part's request (its expected value set) the mistakes that the part can show: each
// known wrong method rerun, and the mistakes about a removal, a rounded a, an earlier query and
// a context's coordinates (ch14_read_mistakes.cc).
Status AddCh14ReadMistakes(GradeRequest& request, const Ch14ReadInputs& in, const Ch14Read& right,
                           const std::string& quantity);
// The grading request for a part: expected quantity and misconceptions.
// with_mistakes = false computes only what a right answer is checked against (no known
// mistakes), for the other-part search and the variants' check.
Result<GradeRequest> Ch14ReadRequest(const Json& exercise, const Json& part, bool with_mistakes = true);

// The working of a read for display: positions with state, score, exponential, weight.
Result<Json> Ch14ReadWorking(const Json& exercise, const Json& part);

// The part recomputed from the learner's own answers to the parts it is computed from
// (ch14_read_follow_through.cc).
struct GivenAnswer;
struct FollowThrough;
std::vector<FollowThrough> Ch14ReadFollowThrough(const Json& exercise, const Json& part,
                                                 const std::vector<GivenAnswer>& given);

}  // namespace attn
