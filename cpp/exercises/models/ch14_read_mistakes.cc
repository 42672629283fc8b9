// The known wrong methods of a Chapter 14 read, and the other mistakes a part of one can
// show: each is the computation rerun the wrong way, explained for the quantity the part asks for.
#include <algorithm>
#include <cmath>

#include "exercises/models/ch14_read_model.h"

namespace attn {
namespace {

// How many positions the read normalises over, and the sum it should divide by.
std::string PositionCount(const Ch14Read& right) {
  Eigen::Index n = 0;
  for (bool removed : right.removed) n += !removed;
  return std::to_string(n);
}

// A position's token as a word: "full_stop" is "full stop".
std::string Spoken(std::string label) {
  std::replace(label.begin(), label.end(), '_', ' ');
  return label;
}

// How a mistake's sentence begins: with the quantity the part asks for, so that every
// explanation speaks of the learner's own answer ("your weights ...", "your context ...").
std::string Your(const std::string& quantity) {
  if (quantity == "denominator") return "your total";
  return "your " + quantity;
}
bool Plural(const std::string& quantity) {
  return quantity == "states" || quantity == "scores" || quantity == "exponentials" || quantity == "weights";
}
std::string Is(const std::string& quantity) { return Plural(quantity) ? " are" : " is"; }
std::string Comes(const std::string& quantity) { return Plural(quantity) ? " come" : " comes"; }

// The known wrong methods, in the order they are tried: the intervention mistakes come
// first, because when two wrong methods give the same answer, the one about what this part
// asks (a removal or a deletion) is the likelier story. Each explanation is written for the
// quantity the part asks for.
struct Known {
  Ch14Method method;
  const char* tag;
  std::string (*explanation)(const std::string& q, const Ch14Read& right, const Ch14ReadInputs& in);
  // The explanation without its computed values, where it has any.
  std::string (*without_values)(const std::string& q) = nullptr;
  std::vector<std::string> yields_to = {};
};

const Known kKnown[] = {
    {Ch14Method::kInterventionIgnored, "intervention-not-applied",
     [](const std::string& q, const Ch14Read&, const Ch14ReadInputs& in) -> std::string {
       return Your(q) + Is(q) + " what the read gives before any change: " +
              (!in.remove.empty() ? "with the " + Spoken(in.remove) +
                                        " state removed, the softmax runs over the positions that are left, so the "
                                        "other weights grow."
                                  : "with the " + Spoken(in.del) +
                                        " token deleted, the encoder runs again over the shorter source, and the "
                                        "read uses its states.");
     }},
    {Ch14Method::kSwappedIntervention,
     "frozen-vs-reencode",
     [](const std::string& q, const Ch14Read&, const Ch14ReadInputs& in) -> std::string {
       return !in.remove.empty() ? Your(q) + Comes(q) +
                                       " from deleting the token and re-encoding the shorter source. Here the "
                                       "stored states stay frozen: only the removed position leaves the read."
                                 : Your(q) + Comes(q) +
                                       " from removing the frozen stored state. Here the token is deleted and the "
                                       "encoder runs again, so the states after it can change.";
     },
     nullptr,
     {"intervention-not-applied", "removed-left-out"}},
    {Ch14Method::kZeroedScoreNotRemoved, "zeroed-score-not-removed",
     [](const std::string& q, const Ch14Read&, const Ch14ReadInputs&) -> std::string {
       return Your(q) + Comes(q) +
              " from setting the removed position's score to 0, but e^0 = 1 still counts in the total. "
              "Removing a stored state takes it out of both the scores and the sum.";
     }},
    {Ch14Method::kRemovedNotRenormalised, "removed-not-renormalised",
     [](const std::string& q, const Ch14Read&, const Ch14ReadInputs&) -> std::string {
       return Your(q) + Comes(q) +
              " from setting the removed position's weight to 0 and keeping the other weights as they were, so "
              "they no longer add up to 1. After a removal the softmax runs again over the positions that are left.";
     }},
    {Ch14Method::kDividedByCount, "divided-by-count",
     [](const std::string& q, const Ch14Read& right, const Ch14ReadInputs&) -> std::string {
       return Your(q) + Comes(q) + " from dividing by the number of positions, " + PositionCount(right) +
              ", instead of by the sum of the exponentials, " + right.denominator.to_string() +
              ". Dividing by the count does not give weights that add up to 1.";
     },
     [](const std::string& q) -> std::string {
       return Your(q) + Comes(q) +
              " from dividing by the number of positions instead of by the sum of the exponentials. Dividing by "
              "the count does not give weights that add up to 1.";
     }},
    {Ch14Method::kZeroScoreZeroWeight, "zero-score-zero-weight",
     [](const std::string& q, const Ch14Read&, const Ch14ReadInputs&) -> std::string {
       return Your(q) + Comes(q) +
              " from taking e^0 as 0. A score of 0 has exponential e^0 = 1, so that position still gets weight "
              "and still counts in the total.";
     }},
    {Ch14Method::kScoresNormalised, "scores-normalised",
     [](const std::string& q, const Ch14Read&, const Ch14ReadInputs&) -> std::string {
       if (q == "exponentials")
         return "your exponentials are the scores themselves: take e to the power of each score (e^a = 2, "
                "e^0 = 1).";
       return Your(q) + Comes(q) +
              " from dividing the scores by their sum without exponentiating them. Softmax takes e to the power "
              "of each score first (e^a = 2, e^0 = 1) and divides by the sum of those exponentials.";
     }},
    {Ch14Method::kScoresAsWeights, "scores-as-weights",
     [](const std::string& q, const Ch14Read& right, const Ch14ReadInputs&) -> std::string {
       return Your(q) + Comes(q) +
              " from using the scores as the weights. Weights come from exponentiating each score and dividing "
              "by the sum of the exponentials (" +
              right.denominator.to_string() + ").";
     },
     [](const std::string& q) -> std::string {
       return Your(q) + Comes(q) +
              " from using the scores as the weights. Weights come from exponentiating each score and dividing "
              "by the sum of the exponentials.";
     }},
    {Ch14Method::kExponentialsAsWeights, "exponentials-as-weights",
     [](const std::string& q, const Ch14Read& right, const Ch14ReadInputs&) -> std::string {
       return Your(q) + Comes(q) + " from using the exponentials as the weights. Divide each by their sum, " +
              right.denominator.to_string() + ", so that the weights add up to 1.";
     },
     [](const std::string& q) -> std::string {
       return Your(q) + Comes(q) +
              " from using the exponentials as the weights. Divide each by their sum, so that the weights add "
              "up to 1.";
     }},
};

// The value of an exact quantity with a replaced by a rounded value (0.69 for ln 2): what a
// learner gets by putting a rounded a into the exact answer. nullopt where it has no a.
std::optional<Quantity> WithRoundedA(const Quantity& q, double a) {
  if (q.kind == Quantity::Kind::kList) {
    std::vector<Quantity> items;
    bool any = false;
    for (const auto& item : q.items) {
      auto x = WithRoundedA(item, a);
      if (!x) x = item;
      any = any || !x->SameAs(item);
      items.push_back(*x);
    }
    if (!any) return std::nullopt;
    return Quantity::List(std::move(items));
  }
  if (q.kind != Quantity::Kind::kNumber || !q.exact || q.exact->constant()) return std::nullopt;
  double value = 0;
  for (const auto& [monomial, coefficient] : q.exact->terms()) {
    double term = coefficient.to_long_double();
    for (const auto& [symbol, power] : monomial) {
      if (symbol != "a") return std::nullopt;
      term *= std::pow(a, power);
    }
    value += term;
  }
  return Quantity::Number(value);
}

}  // namespace

Status AddCh14ReadMistakes(GradeRequest& request, const Ch14ReadInputs& in, const Ch14Read& right,
                           const std::string& quantity) {
  const Quantity& expected = request.expected;

  if (quantity == "largest_weight_position" || quantity == "largest_effect_position") {
    // A position part: only a mistake about positions can be named here.
    if (quantity == "largest_effect_position") {
      ATTN_ASSIGN_OR_RETURN(largest_weight, Ch14ReadSelect(in, right, "largest_weight_position"));
      std::vector<std::string> only_weight;
      for (const auto& p : largest_weight.positions)
        if (std::find(expected.positions.begin(), expected.positions.end(), p) == expected.positions.end())
          only_weight.push_back(p);
      if (!only_weight.empty()) {
        request.misconceptions.push_back(Misconception::Position(
            "largest-weight-as-largest-effect", Quantity::Position(only_weight),
            "that position has the largest weight, but removing it is not what changes the readout most. "
            "Compare the readout after each removal."));
      }
    }
    return Status();
  }

  for (const Known& known : kKnown) {
    auto wrong_read = Ch14ReadOf(in, known.method);
    if (!wrong_read.ok()) continue;  // this mistake does not apply to this part
    auto wrong = Ch14ReadSelect(in, *wrong_read, quantity);
    if (!wrong.ok() || wrong->SameAs(expected)) continue;
    request.misconceptions.push_back(Misconception::Value(known.tag, *wrong, known.explanation(quantity, right, in)));
    if (known.without_values) request.misconceptions.back().without_values = known.without_values(quantity);
    request.misconceptions.back().yields_to = known.yields_to;
    // An answer that is the read before the change is that story, whatever else it matches.
    if (known.method != Ch14Method::kInterventionIgnored)
      request.misconceptions.back().yields_to.push_back("intervention-not-applied");
  }
  // A frozen removal's weights typed for the positions that are left only, without the 0.
  if (quantity == "weights" && !in.remove.empty()) {
    std::vector<Quantity> kept;
    for (size_t j = 0; j < right.removed.size(); ++j)
      if (!right.removed[j]) kept.push_back(expected.items[j]);
    request.misconceptions.push_back(
        Misconception::Value("removed-left-out", Quantity::List(std::move(kept)),
                             "your weights leave the removed position out. They are right for the positions that "
                             "are left, but this part lists every source position in the original order, with 0 "
                             "for the removed one."));
  }
  // a rounded to 0.69 or 0.7 before use: the exact answer's a replaced by the rounded value.
  for (double rounded : {0.69, 0.7}) {
    auto wrong = WithRoundedA(expected, rounded);
    if (!wrong) continue;
    std::string shown = rounded == 0.69 ? "0.69" : "0.7";
    request.misconceptions.push_back(Misconception::Value(
        "a-rounded-early", *wrong,
        Your(quantity) + Comes(quantity) + " from a rounded to " + shown +
            " before it was used. Keep a = ln 2 exact (or at least 0.6931) until the last step, then round."));
  }
  // The read of an earlier example's query typed for this one (Example 14.1's for 14.2).
  if (in.earlier_query_text && !in.query_given_by_part &&
      (quantity == "scores" || quantity == "weights" || quantity == "context" || quantity == "exponentials")) {
    const std::string& earlier = *in.earlier_query_text;
    Ch14ReadInputs other = in;
    auto earlier_query = ExactVectorFromText(earlier, "earlier query");
    if (earlier_query.ok()) other.query = *earlier_query;
    auto read = earlier_query.ok() ? Ch14ReadOf(other, Ch14Method::kCorrect) : Result<Ch14Read>(earlier_query.status());
    auto wrong = read.ok() ? Ch14ReadSelect(other, *read, quantity) : Result<Quantity>(read.status());
    if (wrong.ok() && !wrong->SameAs(expected)) {
      request.misconceptions.push_back(
          Misconception::Value("earlier-query", *wrong,
                               Your(quantity) + Comes(quantity) + " from the earlier query " + earlier +
                                   ". This read uses a different query: score every state against it again, then "
                                   "redo the softmax and the sum."));
    }
  }
  // A context with its coordinates in the wrong order.
  if (quantity == "context" && right.context.size() > 1) {
    Vec<Exact> reversed = right.context.reverse();
    Quantity swapped = Quantity::Of(reversed);
    if (!swapped.SameAs(expected)) {
      request.misconceptions.push_back(Misconception::Value(
          "coordinates-swapped", swapped,
          "your context has its coordinates in the wrong order. Its first coordinate is the weighted sum of the "
          "states' first coordinates, and so on."));
    }
  }
  if (quantity == "context" && right.states.rows() != right.states.cols()) {
    request.misconceptions.push_back(Misconception::Shape(
        "context-width-is-positions", static_cast<size_t>(right.states.rows()),
        "your context has one entry per source position (" + std::to_string(right.states.rows()) +
            "), but a context has one coordinate per state coordinate (" + std::to_string(right.states.cols()) +
            "): add the weighted states coordinate by coordinate."));
  }
  return Status();
}

}  // namespace attn
