// Quantities, misconceptions and working for Chapter 14 reads.
#include "exercises/models/ch14_read_model.h"

#include <algorithm>
#include <cmath>

#include "core/encoder.h"
#include "core/interventions.h"
#include "exercises/model.h"
#include "exercises/variant_drawing.h"

namespace attn {
namespace {

Result<Embeddings> EmbeddingsOf(const Json& exercise) {
  const Json* e = nullptr;
  if (exercise.contains("inputs") && exercise["inputs"].contains("embeddings")) e = &exercise["inputs"]["embeddings"];
  if (!e || !e->is_object()) return Status(ErrorCode::kInvalidInput, "the exercise declares no embeddings");
  Embeddings out;
  for (const auto& [token, text] : e->items()) {
    if (!text.is_string()) return Status(ErrorCode::kInvalidInput, "the embedding of '" + token + "' must be text");
    ATTN_ASSIGN_OR_RETURN(v, ExactVectorFromText(text.get<std::string>(), "embedding of '" + token + "'"));
    out[token] = v;
  }
  return out;
}

Result<Eigen::Index> PositionIndex(const std::vector<std::string>& labels, const std::string& name) {
  auto it = std::find(labels.begin(), labels.end(), name);
  if (it == labels.end()) return Status(ErrorCode::kInvalidInput, "there is no source position '" + name + "'");
  return static_cast<Eigen::Index>(it - labels.begin());
}

// Weights from scores by the given (possibly wrong) method; eligible positions only.
Status Normalise(Ch14Read& r, Ch14Method method, const Eligibility& eligible) {
  ATTN_ASSIGN_OR_RETURN(softmax, SoftmaxOf(r.scores, eligible));
  r.exponentials = softmax.exponentials;
  r.denominator = softmax.denominator;
  r.weights = softmax.weights;
  Eigen::Index n = 0;
  for (Eigen::Index j = 0; j < r.scores.size(); ++j) n += eligible.empty() || eligible[j];
  switch (method) {
    case Ch14Method::kDividedByCount:
      r.denominator = Exact(n);
      r.weights = r.exponentials / Exact(n);
      break;
    case Ch14Method::kZeroScoreZeroWeight: {
      for (Eigen::Index j = 0; j < r.scores.size(); ++j)
        if (r.scores(j).is_zero()) r.exponentials(j) = Exact(0);
      r.denominator = r.exponentials.sum();
      if (r.denominator.is_zero()) return Status(ErrorCode::kEmptyMemory, "no weight left");
      r.weights = r.exponentials / r.denominator;
      break;
    }
    case Ch14Method::kScoresAsWeights: r.weights = r.scores; break;
    case Ch14Method::kScoresNormalised: {
      // No exponential at all: the scores stand for the exponentials and are divided by their sum.
      Vec<Exact> kept = r.scores;
      for (Eigen::Index j = 0; j < kept.size(); ++j)
        if (!(eligible.empty() || eligible[static_cast<size_t>(j)])) kept(j) = Exact(0);
      Exact total = kept.sum();
      auto c = total.constant();
      if (total.is_zero() || !(c || total.multiple_of_ln2()))
        return Status(ErrorCode::kNotExact, "no sum to divide by");
      // Dividing by a multiple of a: the a cancels where every score is a multiple of a.
      auto k = total.multiple_of_ln2();
      Vec<Exact> weights(kept.size());
      for (Eigen::Index j = 0; j < kept.size(); ++j) {
        if (c) {
          weights(j) = kept(j) / total;
        } else {
          auto kj = kept(j).multiple_of_ln2();
          if (!kj) return Status(ErrorCode::kNotExact, "a score that is not a multiple of a");
          weights(j) = Exact(*kj / *k);
        }
      }
      r.exponentials = kept;
      r.denominator = total;
      r.weights = weights;
      break;
    }
    case Ch14Method::kExponentialsAsWeights: r.weights = r.exponentials; break;
    default: break;
  }
  return Status();
}

// The full read's weights with the removed positions set to 0 and nothing renormalised.
Status ZeroRemovedWeights(Ch14Read& r) {
  ATTN_ASSIGN_OR_RETURN(full, SoftmaxOf(r.scores, Eligibility()));
  r.exponentials = full.exponentials;
  r.denominator = full.denominator;
  r.weights = full.weights;
  for (size_t j = 0; j < r.removed.size(); ++j)
    if (r.removed[j]) r.weights(static_cast<Eigen::Index>(j)) = Exact(0);
  return Status();
}

}  // namespace

Result<Ch14ReadInputs> Ch14ReadInputsOf(const Json& exercise, const Json& part) {
  Ch14ReadInputs in;
  ATTN_ASSIGN_OR_RETURN(embeddings, EmbeddingsOf(exercise));
  in.embeddings = std::move(embeddings);
  ATTN_ASSIGN_OR_RETURN(tokens, StringListInput(exercise, part, "source"));
  in.tokens = std::move(tokens);
  ATTN_ASSIGN_OR_RETURN(query, ExactVectorInput(exercise, part, "query"));
  in.query = std::move(query);
  in.remove = StringField(part, "remove");
  in.del = StringField(part, "delete");
  if (HasInput(exercise, part, "readout")) {
    ATTN_ASSIGN_OR_RETURN(coefficients, ExactVectorInput(exercise, part, "readout"));
    in.readout = std::move(coefficients);
  }
  if (HasInput(exercise, part, "earlier_query")) {
    ATTN_ASSIGN_OR_RETURN(earlier, InputText(exercise, part, "earlier_query"));
    in.earlier_query_text = earlier;
  }
  in.query_given_by_part = HasInput(Json::object(), part, "query");
  return in;
}

Result<Ch14Read> Ch14ReadOf(const Ch14ReadInputs& in, Ch14Method method) {
  const std::vector<std::string>& tokens = in.tokens;
  std::string remove = in.remove, del = in.del;
  if (method == Ch14Method::kInterventionIgnored) {
    if (remove.empty() && del.empty()) return Status(ErrorCode::kInvalidInput, "no intervention to ignore");
    Ch14ReadInputs unchanged = in;
    unchanged.remove.clear();
    unchanged.del.clear();
    return Ch14ReadOf(unchanged, Ch14Method::kCorrect);
  }
  if (method == Ch14Method::kSwappedIntervention) {
    if (remove.empty() && del.empty()) return Status(ErrorCode::kInvalidInput, "no intervention to swap");
    std::swap(remove, del);
  }
  if (method == Ch14Method::kRemovedNotRenormalised && remove.empty()) {
    return Status(ErrorCode::kInvalidInput, "nothing is removed");
  }

  Ch14Read r;
  r.labels = tokens;
  ATTN_ASSIGN_OR_RETURN(states, EncodeRelu(tokens, in.embeddings));
  r.states = states;
  Eligibility eligible;
  if (!del.empty()) {
    ATTN_ASSIGN_OR_RETURN(index, PositionIndex(tokens, del));
    ATTN_ASSIGN_OR_RETURN(reencoded, ReencodeDeletion(tokens, in.embeddings, index));
    r.states = reencoded;
    r.labels.erase(r.labels.begin() + index);
  }
  r.removed.assign(r.labels.size(), false);
  if (!remove.empty()) {
    ATTN_ASSIGN_OR_RETURN(index, PositionIndex(tokens, remove));
    r.removed[static_cast<size_t>(index)] = true;
    if (method != Ch14Method::kZeroedScoreNotRemoved) {
      eligible.assign(r.labels.size(), true);
      eligible[static_cast<size_t>(index)] = false;
    }
  }
  ATTN_ASSIGN_OR_RETURN(scores, DotScores(r.states, in.query));
  r.scores = scores;
  if (method == Ch14Method::kZeroedScoreNotRemoved) {
    if (remove.empty()) return Status(ErrorCode::kInvalidInput, "nothing is removed");
    ATTN_ASSIGN_OR_RETURN(index, PositionIndex(tokens, remove));
    r.scores(index) = Exact(0);
  }
  if (method == Ch14Method::kRemovedNotRenormalised) {
    ATTN_RETURN_IF_ERROR(ZeroRemovedWeights(r));
  } else {
    ATTN_RETURN_IF_ERROR(Normalise(r, method, eligible));
  }
  ATTN_ASSIGN_OR_RETURN(context, ContextOf(r.weights, r.states));
  r.context = context;
  if (in.readout) {
    ATTN_ASSIGN_OR_RETURN(readout, ReadoutOf(r.context, *in.readout));
    r.readout = readout;
  }
  return r;
}

namespace {

std::vector<std::string> ArgMax(const std::vector<std::string>& labels, const std::vector<long double>& values) {
  long double best = *std::max_element(values.begin(), values.end());
  std::vector<std::string> out;
  for (size_t i = 0; i < values.size(); ++i)
    if (values[i] >= best - 1e-12L) out.push_back(labels[i]);
  return out;
}

// The positions whose frozen removal changes the readout the most.
Result<Quantity> LargestEffect(const Ch14ReadInputs& in, const Ch14Read& base) {
  if (!base.readout) return Status(ErrorCode::kInvalidInput, "the exercise declares no readout");
  std::vector<long double> changes;
  for (const auto& label : base.labels) {
    Ch14ReadInputs removal = in;
    removal.remove = label;
    ATTN_ASSIGN_OR_RETURN(read, Ch14ReadOf(removal, Ch14Method::kCorrect));
    changes.push_back(std::fabs(*(*read.readout - *base.readout).to_long_double()));
  }
  return Quantity::Position(ArgMax(base.labels, changes));
}

Result<Quantity> Select(const Ch14ReadInputs& in, const Ch14Read& r, const std::string& quantity) {
  if (quantity == "states") {
    // A frozen removal leaves the remaining stored states, unchanged.
    std::vector<Eigen::Index> kept;
    for (size_t j = 0; j < r.removed.size(); ++j)
      if (!r.removed[j]) kept.push_back(static_cast<Eigen::Index>(j));
    Mat<Exact> states(static_cast<Eigen::Index>(kept.size()), r.states.cols());
    for (size_t i = 0; i < kept.size(); ++i) states.row(static_cast<Eigen::Index>(i)) = r.states.row(kept[i]);
    return Quantity::Of(states);
  }
  if (quantity == "scores") return Quantity::Of(r.scores);
  if (quantity == "exponentials") return Quantity::Of(r.exponentials);
  if (quantity == "denominator") return Quantity::Number(r.denominator);
  if (quantity == "weights") return Quantity::Of(r.weights);
  if (quantity == "context") return Quantity::Of(r.context);
  if (quantity == "readout") {
    if (!r.readout) return Status(ErrorCode::kInvalidInput, "the exercise declares no readout");
    return Quantity::Number(*r.readout);
  }
  if (quantity == "largest_weight_position") {
    std::vector<long double> w;
    for (Eigen::Index j = 0; j < r.weights.size(); ++j) w.push_back(*r.weights(j).to_long_double());
    return Quantity::Position(ArgMax(r.labels, w));
  }
  if (quantity == "largest_effect_position") return LargestEffect(in, r);
  return Status(ErrorCode::kInvalidInput, "the model ch14.read cannot compute '" + quantity + "'");
}

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

Result<GradeRequest> Ch14ReadRequest(const Json& exercise, const Json& part, bool with_mistakes) {
  std::string quantity = StringField(part, "quantity");
  // The inputs are read from the exercise once; every method below works on them.
  ATTN_ASSIGN_OR_RETURN(in, Ch14ReadInputsOf(exercise, part));
  ATTN_ASSIGN_OR_RETURN(right, Ch14ReadOf(in, Ch14Method::kCorrect));
  GradeRequest request;
  ATTN_ASSIGN_OR_RETURN(expected, Select(in, right, quantity));
  request.expected = expected;
  request.require_exact = BoolField(part, "exact", false);
  request.position_labels = right.labels;
  // Other words for a position that the exercise declares (its tokens as written, spellings).
  if (exercise.contains("position_words") && exercise["position_words"].is_object()) {
    for (const auto& [word, label] : exercise["position_words"].items())
      if (label.is_string()) request.position_synonyms[word] = label.get<std::string>();  // written lower-case
  }
  request.parse.symbols = {"a"};

  if (!with_mistakes) return request;

  if (quantity == "largest_weight_position" || quantity == "largest_effect_position") {
    // A position part: only a mistake about positions can be named here.
    if (quantity == "largest_effect_position") {
      ATTN_ASSIGN_OR_RETURN(largest_weight, Select(in, right, "largest_weight_position"));
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
    return request;
  }

  for (const Known& known : kKnown) {
    auto wrong_read = Ch14ReadOf(in, known.method);
    if (!wrong_read.ok()) continue;  // this mistake does not apply to this part
    auto wrong = Select(in, *wrong_read, quantity);
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
    auto wrong = read.ok() ? Select(other, *read, quantity) : Result<Quantity>(read.status());
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
  return request;
}

namespace {

Json QuantityJson(const Quantity& x) {
  std::string exact = x.ExactText();
  return Json{{"exact", exact.empty() ? Json() : Json(exact)}, {"decimal", x.DecimalText()}};
}

// A query with no exact read (exp of a fraction of a): the same memory, read in double.
// The stored states and the removal do not depend on the query, so they come from an
// exact read with a zero query.
Result<Json> DecimalWorking(const Ch14ReadInputs& in, const std::string& why) {
  const Vec<Exact>& query = in.query;
  Ch14ReadInputs zero_query = in;
  zero_query.query = Vec<Exact>::Constant(query.size(), Exact(0));
  ATTN_ASSIGN_OR_RETURN(memory, Ch14ReadOf(zero_query, Ch14Method::kCorrect));
  Mat<double> states = memory.states.unaryExpr([](const Exact& x) { return x.to_double(); });
  Vec<double> q = query.unaryExpr([](const Exact& x) { return x.to_double(); });
  Eligibility eligible;
  for (bool removed : memory.removed) eligible.push_back(!removed);
  ATTN_ASSIGN_OR_RETURN(read, ReadOf(q, states, states, eligible));
  Json positions = Json::array();
  for (size_t j = 0; j < memory.labels.size(); ++j) {
    Eigen::Index i = static_cast<Eigen::Index>(j);
    Vec<Exact> state = memory.states.row(i).transpose();
    positions.push_back({{"label", memory.labels[j]},
                         {"state", QuantityJson(Quantity::Of(state))},
                         {"score", QuantityJson(Quantity::Number(read.scores(i)))},
                         {"exponential", QuantityJson(Quantity::Number(std::exp(read.scores(i))))},
                         {"weight", QuantityJson(Quantity::Number(read.softmax.weights(i)))},
                         {"removed", static_cast<bool>(memory.removed[j])}});
  }
  double denominator = 0;
  for (Eigen::Index i = 0; i < read.scores.size(); ++i)
    if (!memory.removed[static_cast<size_t>(i)]) denominator += std::exp(read.scores(i));
  if (!std::isfinite(denominator)) {
    return Status(ErrorCode::kOverflow,
                  "the scores are too large for their exponentials to be shown "
                  "(exp overflows past about 709); try a smaller query");
  }
  Json out = {{"positions", positions},
              {"denominator", QuantityJson(Quantity::Number(denominator))},
              {"context", QuantityJson(Quantity::Of(read.context))},
              {"readout", Json()},
              {"note", why + ". The read is shown in decimals."}};
  if (in.readout) {
    Vec<double> c = in.readout->unaryExpr([](const Exact& x) { return x.to_double(); });
    ATTN_ASSIGN_OR_RETURN(readout, ReadoutOf(read.context, c));
    out["readout"] = QuantityJson(Quantity::Number(readout));
  }
  return out;
}

}  // namespace

Result<Json> Ch14ReadWorking(const Json& exercise, const Json& part) {
  ATTN_ASSIGN_OR_RETURN(in, Ch14ReadInputsOf(exercise, part));
  auto exact = Ch14ReadOf(in, Ch14Method::kCorrect);
  if (!exact.ok() && (exact.status().code() == ErrorCode::kNotExact || exact.status().code() == ErrorCode::kOverflow)) {
    return DecimalWorking(in, exact.status().message());
  }
  if (!exact.ok()) return exact.status();
  const Ch14Read& r = *exact;
  Json positions = Json::array();
  for (size_t j = 0; j < r.labels.size(); ++j) {
    Eigen::Index i = static_cast<Eigen::Index>(j);
    Vec<Exact> state = r.states.row(i).transpose();
    positions.push_back({{"label", r.labels[j]},
                         {"state", QuantityJson(Quantity::Of(state))},
                         {"score", QuantityJson(Quantity::Number(r.scores(i)))},
                         {"exponential", QuantityJson(Quantity::Number(r.exponentials(i)))},
                         {"weight", QuantityJson(Quantity::Number(r.weights(i)))},
                         {"removed", static_cast<bool>(r.removed[j])}});
  }
  Json out = {{"positions", positions},
              {"denominator", QuantityJson(Quantity::Number(r.denominator))},
              {"context", QuantityJson(Quantity::Of(r.context))},
              {"readout", r.readout ? QuantityJson(Quantity::Number(*r.readout)) : Json()}};
  return out;
}

namespace {

Status DrawVariant(Json& e, SeededRandom& r) {
  ATTN_RETURN_IF_ERROR(ForInput(e, "query", [&](const std::string& text) -> Result<std::string> {
    ATTN_ASSIGN_OR_RETURN(q, ParseAnswer(text));
    bool all_zero = true;
    for (const auto& item : q.items) all_zero = all_zero && item.value.is_zero();
    if (all_zero) return text;  // a zero query is the point of the part that has one
    return Redraw(text, [&] { return std::to_string(r.Integer(-2, 2)); });
  }));
  return ForInput(e, "readout", [&](const std::string& text) {
    return Redraw(text, [&] { return std::to_string(r.Integer(1, 3)); });
  });
}

}  // namespace

extern const Model kCh14ReadModel = {
    "ch14.read",
    "exact-read",
    /*shows_inputs=*/true,
    [](const Json& exercise, const Json& part, uint32_t, bool with_mistakes) {
      return Ch14ReadRequest(exercise, part, with_mistakes);
    },
    [](const Json& exercise, const Json& part, uint32_t) { return Ch14ReadWorking(exercise, part); },
    DrawVariant,
    /*batch_cases=*/nullptr,
    Ch14ReadFollowThrough,
};

}  // namespace attn
