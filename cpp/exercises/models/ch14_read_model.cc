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

// The labels of the largest values, compared exactly: a tie names every label that shares the
// largest value.
std::vector<std::string> ArgMax(const std::vector<std::string>& labels, const std::vector<Exact>& values) {
  size_t best = 0;
  for (size_t i = 1; i < values.size(); ++i)
    if (SignOf(values[i] - values[best]) > 0) best = i;
  std::vector<std::string> out;
  for (size_t i = 0; i < values.size(); ++i)
    if (values[i] == values[best]) out.push_back(labels[i]);
  return out;
}

// The positions whose frozen removal changes the readout the most.
Result<Quantity> LargestEffect(const Ch14ReadInputs& in, const Ch14Read& base) {
  if (!base.readout) return Status(ErrorCode::kInvalidInput, "the exercise declares no readout");
  std::vector<Exact> changes;
  for (const auto& label : base.labels) {
    Ch14ReadInputs removal = in;
    removal.remove = label;
    ATTN_ASSIGN_OR_RETURN(read, Ch14ReadOf(removal, Ch14Method::kCorrect));
    Exact change = *read.readout - *base.readout;
    if (!change.valid()) return change.status();
    changes.push_back(SignOf(change) < 0 ? -change : change);
  }
  return Quantity::Position(ArgMax(base.labels, changes));
}

}  // namespace

Result<Quantity> Ch14ReadSelect(const Ch14ReadInputs& in, const Ch14Read& r, const std::string& quantity) {
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
    std::vector<Exact> w(r.weights.data(), r.weights.data() + r.weights.size());
    return Quantity::Position(ArgMax(r.labels, w));
  }
  if (quantity == "largest_effect_position") return LargestEffect(in, r);
  return Status(ErrorCode::kInvalidInput, "the model ch14.read cannot compute '" + quantity + "'");
}

Result<GradeRequest> Ch14ReadRequest(const Json& exercise, const Json& part, bool with_mistakes) {
  std::string quantity = StringField(part, "quantity");
  // The inputs are read from the exercise once; every method below works on them.
  ATTN_ASSIGN_OR_RETURN(in, Ch14ReadInputsOf(exercise, part));
  ATTN_ASSIGN_OR_RETURN(right, Ch14ReadOf(in, Ch14Method::kCorrect));
  GradeRequest request;
  ATTN_ASSIGN_OR_RETURN(expected, Ch14ReadSelect(in, right, quantity));
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
  ATTN_RETURN_IF_ERROR(AddCh14ReadMistakes(request, in, right, quantity));
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
