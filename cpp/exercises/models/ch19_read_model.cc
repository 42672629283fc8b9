// Quantities, misconceptions and working for Chapter 19 single-query reads.
#include "exercises/models/ch19_read_model.h"

#include <cmath>

#include "answers/answer_parser.h"
#include "core/diagnostics.h"
#include "core/interventions.h"
#include "core/score_functions.h"

namespace attn {

Result<Eligibility> MaskInput(const Json& exercise, const Json& part, const std::string& key) {
  ATTN_ASSIGN_OR_RETURN(text, InputText(exercise, part, key));
  ParseOptions options;
  options.booleans = true;
  auto parsed = ParseAnswer(text, options);
  if (!parsed.ok() || !parsed->is_list()) {
    return Status(ErrorCode::kInvalidInput, "the mask '" + text + "' must be a list of 1/0 or true/false");
  }
  Eligibility out;
  for (const auto& item : parsed->items) {
    if (item.is_list() || !(item.value == Exact(0) || item.value == Exact(1))) {
      return Status(ErrorCode::kInvalidInput, "a mask entry must be 1/0 or true/false");
    }
    out.push_back(item.value == Exact(1));
  }
  return out;
}

namespace {

Result<ScoreParams> ParamsOf(const Json& exercise, const Json& part, Ch19Method method) {
  ScoreParams p;
  std::string name = HasInput(exercise, part, "score") ? *InputText(exercise, part, "score") : "dot";
  ATTN_ASSIGN_OR_RETURN(function, ScoreFunctionNamed(name));
  p.function = function;
  if (method == Ch19Method::kScaledVsUnscaled) {
    if (function == ScoreFunction::kDot) p.function = ScoreFunction::kScaled;
    else if (function == ScoreFunction::kScaled) p.function = ScoreFunction::kDot;
    else return Status(ErrorCode::kInvalidInput, "not a dot-product score");
  }
  if (p.function == ScoreFunction::kBilinear) {
    ATTN_ASSIGN_OR_RETURN(W, DoubleMatrixInput(exercise, part, "W"));
    p.W = W;
    if (method == Ch19Method::kBilinearTransposed) p.W = Mat<double>(W.transpose());
  } else if (method == Ch19Method::kBilinearTransposed) {
    return Status(ErrorCode::kInvalidInput, "not a bilinear score");
  }
  if (p.function == ScoreFunction::kAdditive) {
    ATTN_ASSIGN_OR_RETURN(W_q, DoubleMatrixInput(exercise, part, "W_q"));
    ATTN_ASSIGN_OR_RETURN(W_k, DoubleMatrixInput(exercise, part, "W_k"));
    ATTN_ASSIGN_OR_RETURN(v, DoubleVectorInput(exercise, part, "v"));
    p.W_q = W_q;
    p.W_k = W_k;
    p.v = v;
    if (HasInput(exercise, part, "b")) {
      ATTN_ASSIGN_OR_RETURN(b, DoubleVectorInput(exercise, part, "b"));
      p.b = b;
    }
  }
  return p;
}

Result<Vec<double>> RawScores(const Json& exercise, const Json& part, Ch19Method method) {
  if (HasInput(exercise, part, "scores")) {
    if (method == Ch19Method::kScaledVsUnscaled || method == Ch19Method::kBilinearTransposed) {
      return Status(ErrorCode::kInvalidInput, "scores are given");
    }
    return DoubleVectorInput(exercise, part, "scores");
  }
  ATTN_ASSIGN_OR_RETURN(query, DoubleVectorInput(exercise, part, "query"));
  ATTN_ASSIGN_OR_RETURN(keys, DoubleMatrixInput(exercise, part, "keys"));
  ATTN_ASSIGN_OR_RETURN(params, ParamsOf(exercise, part, method));
  return ScoresOf(query, keys, params);
}

}  // namespace

Result<Ch19Read> Ch19ReadOf(const Json& exercise, const Json& part, Ch19Method method) {
  Ch19Read r;
  if (HasInput(exercise, part, "values")) {
    ATTN_ASSIGN_OR_RETURN(values, DoubleMatrixInput(exercise, part, "values"));
    r.values = values;
    if (HasInput(exercise, part, "replace") && BoolField(part, "replaced", false)) {
      ATTN_ASSIGN_OR_RETURN(position, CountInput(exercise, part, "replace"));
      ATTN_ASSIGN_OR_RETURN(control, DoubleVectorInput(exercise, part, "control"));
      ATTN_ASSIGN_OR_RETURN(replaced, ReplaceValue(r.values, position - 1, control));
      r.values = replaced;
    }
  }
  if (HasInput(exercise, part, "weights")) {  // weights supplied directly (exercise 6)
    if (method != Ch19Method::kCorrect) return Status(ErrorCode::kInvalidInput, "weights are given");
    ATTN_ASSIGN_OR_RETURN(weights, DoubleVectorInput(exercise, part, "weights"));
    r.weights = weights;
  } else {
    ATTN_ASSIGN_OR_RETURN(scores, RawScores(exercise, part, method));
    r.scores = scores;
    if (HasInput(exercise, part, "shift")) {
      ATTN_ASSIGN_OR_RETURN(shift, DoubleInput(exercise, part, "shift"));
      if (BoolField(part, "shifted", false)) r.scores.array() += shift;
    }
    double temperature = 1;
    if (HasInput(exercise, part, "temperature")) {
      ATTN_ASSIGN_OR_RETURN(t, DoubleInput(exercise, part, "temperature"));
      temperature = t;
    }
    if (method == Ch19Method::kTemperatureMultiplied) {
      if (temperature == 1) return Status(ErrorCode::kInvalidInput, "temperature 1");
      temperature = 1 / temperature;
    }
    ATTN_ASSIGN_OR_RETURN(tempered, WithTemperature(r.scores, temperature));
    if (HasInput(exercise, part, "mask")) {
      ATTN_ASSIGN_OR_RETURN(mask, MaskInput(exercise, part, "mask"));
      r.eligible = mask;
    } else if (method == Ch19Method::kMaskAfterSoftmax) {
      return Status(ErrorCode::kInvalidInput, "no mask");
    }
    if (method == Ch19Method::kMaskAfterSoftmax) {
      ATTN_ASSIGN_OR_RETURN(all, SoftmaxOf(tempered));
      r.weights = all.weights;
      for (size_t j = 0; j < r.eligible.size(); ++j)
        if (!r.eligible[j]) r.weights(static_cast<Eigen::Index>(j)) = 0;
    } else {
      ATTN_ASSIGN_OR_RETURN(softmax, SoftmaxOf(tempered, r.eligible));
      r.weights = softmax.weights;
    }
  }
  if (r.values.size()) {
    ATTN_ASSIGN_OR_RETURN(context, ContextOf(r.weights, r.values));
    r.context = context;
  }
  return r;
}

namespace {

std::vector<std::string> NumberLabels(Eigen::Index n) {
  std::vector<std::string> labels;
  for (Eigen::Index i = 1; i <= n; ++i) labels.push_back(std::to_string(i));
  return labels;
}

Result<Quantity> Readout(const Json& exercise, const Json& part, Ch19Method method, bool replaced) {
  Json variant = part;
  variant["replaced"] = replaced;
  ATTN_ASSIGN_OR_RETURN(r, Ch19ReadOf(exercise, variant, method));
  ATTN_ASSIGN_OR_RETURN(coefficients, DoubleVectorInput(exercise, part, "readout"));
  ATTN_ASSIGN_OR_RETURN(value, ReadoutOf(r.context, coefficients));
  return Quantity::Number(value);
}

Result<Quantity> Select(const Json& exercise, const Json& part, Ch19Method method, const std::string& q) {
  if (q == "readout_before") return Readout(exercise, part, method, false);
  if (q == "readout_after") return Readout(exercise, part, method, true);
  if (q == "readout_change") {
    ATTN_ASSIGN_OR_RETURN(before, Readout(exercise, part, method, false));
    ATTN_ASSIGN_OR_RETURN(after, Readout(exercise, part, method, true));
    return Quantity::Number(after.approx - before.approx);
  }
  Json variant = part;
  if (q == "shifted_weights") variant["shifted"] = true;
  ATTN_ASSIGN_OR_RETURN(r, Ch19ReadOf(exercise, variant, method));
  auto need_context = [&]() -> Status {
    if (!r.context.size()) return Status(ErrorCode::kInvalidInput, "the exercise has no values");
    return Status();
  };
  if (q == "scores") return Quantity::Of(r.scores);
  if (q == "weights" || q == "stable_weights" || q == "shifted_weights") return Quantity::Of(r.weights);
  if (q == "weight_sum") return Quantity::Number(r.weights.sum());
  if (q == "context") {
    ATTN_RETURN_IF_ERROR(need_context());
    return Quantity::Of(r.context);
  }
  if (q == "masked_mass") return Quantity::Number(MaskedMass(r.weights, r.eligible));
  if (q == "entropy") return Quantity::Number(EntropyOf(r.weights));
  if (q == "largest_weight_position") {
    Eigen::Index best;
    r.weights.maxCoeff(&best);
    return Quantity::Position({std::to_string(best + 1)});
  }
  if (q == "score_shape") return Quantity::List({Quantity::Number(Exact(static_cast<int64_t>(r.scores.size())))});
  if (q == "value_min" || q == "value_max" || q == "context_inside") {
    if (!r.values.size()) return Status(ErrorCode::kInvalidInput, "the exercise has no values");
    CoordinateRanges ranges = RangesOf(r.values);
    if (q == "value_min") return Quantity::Of(ranges.min);
    if (q == "value_max") return Quantity::Of(ranges.max);
    ATTN_RETURN_IF_ERROR(need_context());
    return Quantity::Position({InsideRanges(r.context, ranges) ? "yes" : "no"});
  }
  return Status(ErrorCode::kInvalidInput, "the model ch19.read cannot compute '" + q + "'");
}

const char* Tag(Ch19Method m) {
  switch (m) {
    case Ch19Method::kMaskAfterSoftmax: return "mask-after-softmax";
    case Ch19Method::kTemperatureMultiplied: return "temperature-multiplied";
    case Ch19Method::kScaledVsUnscaled: return "scaled-vs-unscaled";
    case Ch19Method::kBilinearTransposed: return "bilinear-transposed";
    default: return "";
  }
}

std::string Explain(Ch19Method m, const Json& exercise, const Json& part) {
  switch (m) {
    case Ch19Method::kMaskAfterSoftmax:
      return "you zeroed the masked positions after the softmax without renormalising, so the weights no "
             "longer add up to 1. Mask the scores before the softmax (send them to -infinity).";
    case Ch19Method::kTemperatureMultiplied: {
      std::string t = HasInput(exercise, part, "temperature") ? *InputText(exercise, part, "temperature") : "1";
      return "you multiplied the scores by the temperature " + t +
             "; temperature divides them: softmax(e / " + t + ").";
    }
    case Ch19Method::kScaledVsUnscaled:
      return "that is the other dot-product score: the scaled one divides q.k by sqrt(D_k), the plain one "
             "does not. Check which this part asks for.";
    case Ch19Method::kBilinearTransposed:
      return "you used W transposed. In q^T W k the query multiplies W from the left, so each score is "
             "k . (W^T q); scoring with k . (W q) swaps the roles of W's rows and columns.";
    default:
      return "";
  }
}

}  // namespace

Result<GradeRequest> Ch19ReadRequest(const Json& exercise, const Json& part, bool with_mistakes) {
  std::string q = StringField(part, "quantity");
  GradeRequest request;
  ATTN_ASSIGN_OR_RETURN(expected, Select(exercise, part, Ch19Method::kCorrect, q));
  request.expected = expected;
  request.parse.symbols = {};  // Chapter 19 has no symbol a: its answers are numbers
  request.parse.nonfinite = true;
  request.shape = q == "score_shape";
  if (q == "largest_weight_position") {
    ATTN_ASSIGN_OR_RETURN(r, Ch19ReadOf(exercise, part, Ch19Method::kCorrect));
    request.position_labels = NumberLabels(r.weights.size());
  }
  if (q == "context_inside") request.position_labels = {"yes", "no"};
  if (!with_mistakes) return request;
  for (Ch19Method m : {Ch19Method::kMaskAfterSoftmax, Ch19Method::kTemperatureMultiplied,
                       Ch19Method::kScaledVsUnscaled, Ch19Method::kBilinearTransposed}) {
    auto wrong = Select(exercise, part, m, q);
    if (!wrong.ok() || wrong->SameAs(expected)) continue;
    request.misconceptions.push_back(Misconception::Value(Tag(m), *wrong, Explain(m, exercise, part)));
  }
  if (q == "entropy") {
    struct Base { const char* tag; double log; const char* name; };
    for (const Base& base : {Base{"entropy-in-bits", std::log(2.0), "bits (log base 2)"},
                             Base{"entropy-in-log10", std::log(10.0), "log base 10"}}) {
      request.misconceptions.push_back(Misconception::Value(
          base.tag, Quantity::Number(expected.approx / base.log),
          std::string("that is the entropy in ") + base.name + ". This part asks for nats: use the natural "
          "logarithm, H = -sum of w ln w."));
    }
  }
  if (q == "context") {
    ATTN_ASSIGN_OR_RETURN(r, Ch19ReadOf(exercise, part, Ch19Method::kCorrect));
    // The weights rounded to 2 or 3 decimals before they mix the values.
    for (int places : {2, 3}) {
      double scale = std::pow(10.0, places);
      Vec<double> rounded = r.weights.unaryExpr([scale](double w) { return std::round(w * scale) / scale; });
      auto context = ContextOf(rounded, r.values);
      if (!context.ok()) continue;
      Quantity wrong = Quantity::Of(*context);
      if (wrong.SameAs(expected)) continue;
      request.misconceptions.push_back(Misconception::Value(
          "weights-rounded-early", wrong,
          "that is the context from weights rounded to " + std::to_string(places) +
              " decimals before mixing the values. Keep the weights at full precision and round only the result."));
    }
    Quantity swapped = Quantity::Of(Vec<double>(r.context.reverse()));
    if (r.context.size() > 1 && !swapped.SameAs(expected)) {
      request.misconceptions.push_back(Misconception::Value(
          "coordinates-swapped", swapped,
          "your coordinates are in reverse order. The context's first coordinate mixes the values' first "
          "coordinates, and so on."));
    }
  }
  if (q == "stable_weights" || q == "weights") {
    ATTN_ASSIGN_OR_RETURN(r, Ch19ReadOf(exercise, part, Ch19Method::kCorrect));
    if (r.scores.size()) {
      // Named only where the naive softmax overflows in double precision too (scores past 709).
      Vec<float> naive = NaiveSoftmax(Vec<float>(r.scores.cast<float>()));
      if (!naive.allFinite() && r.scores.maxCoeff() > 709.78) {
        request.misconceptions.push_back(Misconception::Words(
            "naive-overflow", {"NaN", "inf"},
            "that is what the naive softmax gives: exp of a score above about 709 overflows to infinity "
            "even in double precision (above about 88 in float32), and infinity / infinity is NaN. Subtract "
            "the largest score first; the weights do not change."));
      }
    }
  }
  return request;
}

Result<Json> Ch19ReadWorking(const Json& exercise, const Json& part) {
  ATTN_ASSIGN_OR_RETURN(r, Ch19ReadOf(exercise, part, Ch19Method::kCorrect));
  auto list = [](const Vec<double>& v) {
    Json out = Json::array();
    for (Eigen::Index i = 0; i < v.size(); ++i) out.push_back(v(i));
    return out;
  };
  Json positions = Json::array();
  for (Eigen::Index j = 0; j < r.weights.size(); ++j) {
    Json row = {{"label", std::to_string(j + 1)}, {"weight", r.weights(j)}};
    if (r.scores.size()) row["score"] = r.scores(j);
    if (!r.eligible.empty()) row["eligible"] = static_cast<bool>(r.eligible[static_cast<size_t>(j)]);
    if (r.values.size()) row["value"] = list(r.values.row(j).transpose());
    positions.push_back(row);
  }
  Json out = {{"positions", positions},
              {"entropy", EntropyOf(r.weights)},
              {"maskedMass", MaskedMass(r.weights, r.eligible)},
              {"weightSum", r.weights.sum()}};
  if (r.context.size()) {
    CoordinateRanges ranges = RangesOf(r.values);
    out["context"] = list(r.context);
    out["valueMin"] = list(ranges.min);
    out["valueMax"] = list(ranges.max);
    out["insideRanges"] = InsideRanges(r.context, ranges);
  }
  return out;
}

}  // namespace attn
