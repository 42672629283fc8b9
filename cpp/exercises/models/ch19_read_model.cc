// Quantities, misconceptions and working for Chapter 19 single-query reads.
#include "exercises/models/ch19_read_model.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "answers/answer_parser.h"
#include "core/diagnostics.h"
#include "core/interventions.h"
#include "core/score_functions.h"
#include "exercises/model.h"
#include "exercises/variant_drawing.h"

namespace attn {

namespace {

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

template <class T>
Status ReadIf(const Json& exercise, const Json& part, const char* key, std::optional<T>& out,
              Result<T> (*read)(const Json&, const Json&, const std::string&)) {
  if (!HasInput(exercise, part, key)) return Status();
  ATTN_ASSIGN_OR_RETURN(value, read(exercise, part, key));
  out = std::move(value);
  return Status();
}

Result<ScoreParams> ParamsOf(const Ch19ReadInputs& in, Ch19Method method) {
  ScoreParams p;
  ATTN_ASSIGN_OR_RETURN(function, ScoreFunctionNamed(in.score));
  p.function = function;
  if (method == Ch19Method::kScaledVsUnscaled) {
    if (function == ScoreFunction::kDot)
      p.function = ScoreFunction::kScaled;
    else if (function == ScoreFunction::kScaled)
      p.function = ScoreFunction::kDot;
    else
      return Status(ErrorCode::kInvalidInput, "not a dot-product score");
  }
  auto need = [](const auto& field, const char* key) -> Status {
    if (field) return Status();
    return Status(ErrorCode::kInvalidInput, std::string("the exercise has no input '") + key + "'");
  };
  if (p.function == ScoreFunction::kBilinear) {
    ATTN_RETURN_IF_ERROR(need(in.W, "W"));
    p.W = method == Ch19Method::kBilinearTransposed ? Mat<double>(in.W->transpose()) : *in.W;
  } else if (method == Ch19Method::kBilinearTransposed) {
    return Status(ErrorCode::kInvalidInput, "not a bilinear score");
  }
  if (p.function == ScoreFunction::kAdditive) {
    ATTN_RETURN_IF_ERROR(need(in.W_q, "W_q"));
    ATTN_RETURN_IF_ERROR(need(in.W_k, "W_k"));
    ATTN_RETURN_IF_ERROR(need(in.v, "v"));
    p.W_q = *in.W_q;
    p.W_k = *in.W_k;
    p.v = *in.v;
    if (in.b) p.b = *in.b;
  }
  return p;
}

Result<Vec<double>> RawScores(const Ch19ReadInputs& in, Ch19Method method) {
  if (in.scores) {
    if (method == Ch19Method::kScaledVsUnscaled || method == Ch19Method::kBilinearTransposed) {
      return Status(ErrorCode::kInvalidInput, "scores are given");
    }
    return *in.scores;
  }
  if (!in.query || !in.keys)
    return Status(ErrorCode::kInvalidInput, "the exercise gives neither scores nor a query and keys");
  ATTN_ASSIGN_OR_RETURN(params, ParamsOf(in, method));
  return ScoresOf(*in.query, *in.keys, params);
}

}  // namespace

Result<Ch19ReadInputs> Ch19ReadInputsOf(const Json& exercise, const Json& part) {
  Ch19ReadInputs in;
  ATTN_RETURN_IF_ERROR(ReadIf(exercise, part, "values", in.values, DoubleMatrixInput));
  if (in.values && HasInput(exercise, part, "replace")) {
    ATTN_ASSIGN_OR_RETURN(position, CountInput(exercise, part, "replace"));
    ATTN_ASSIGN_OR_RETURN(control, DoubleVectorInput(exercise, part, "control"));
    ATTN_ASSIGN_OR_RETURN(replaced, ReplaceValue(*in.values, position - 1, control));
    in.replaced_values = replaced;
  }
  ATTN_RETURN_IF_ERROR(ReadIf(exercise, part, "weights", in.weights, DoubleVectorInput));
  ATTN_RETURN_IF_ERROR(ReadIf(exercise, part, "scores", in.scores, DoubleVectorInput));
  if (!in.weights && !in.scores) {
    ATTN_RETURN_IF_ERROR(ReadIf(exercise, part, "query", in.query, DoubleVectorInput));
    ATTN_RETURN_IF_ERROR(ReadIf(exercise, part, "keys", in.keys, DoubleMatrixInput));
    if (HasInput(exercise, part, "score")) in.score = *InputText(exercise, part, "score");
    ATTN_RETURN_IF_ERROR(ReadIf(exercise, part, "W", in.W, DoubleMatrixInput));
    ATTN_RETURN_IF_ERROR(ReadIf(exercise, part, "W_q", in.W_q, DoubleMatrixInput));
    ATTN_RETURN_IF_ERROR(ReadIf(exercise, part, "W_k", in.W_k, DoubleMatrixInput));
    ATTN_RETURN_IF_ERROR(ReadIf(exercise, part, "v", in.v, DoubleVectorInput));
    ATTN_RETURN_IF_ERROR(ReadIf(exercise, part, "b", in.b, DoubleVectorInput));
  }
  ATTN_RETURN_IF_ERROR(ReadIf(exercise, part, "shift", in.shift, DoubleInput));
  if (HasInput(exercise, part, "temperature")) {
    ATTN_ASSIGN_OR_RETURN(t, DoubleInput(exercise, part, "temperature"));
    in.temperature = t;
    in.temperature_text = *InputText(exercise, part, "temperature");
  }
  ATTN_RETURN_IF_ERROR(ReadIf(exercise, part, "mask", in.mask, MaskInput));
  ATTN_RETURN_IF_ERROR(ReadIf(exercise, part, "readout", in.readout, DoubleVectorInput));
  return in;
}

Result<Ch19Read> Ch19ReadOf(const Ch19ReadInputs& in, Ch19Method method, Ch19ReadView view) {
  Ch19Read r;
  if (in.values) r.values = view.replaced && in.replaced_values ? *in.replaced_values : *in.values;
  if (in.weights) {  // weights supplied directly (exercise 6)
    if (method != Ch19Method::kCorrect) return Status(ErrorCode::kInvalidInput, "weights are given");
    r.weights = *in.weights;
  } else {
    ATTN_ASSIGN_OR_RETURN(scores, RawScores(in, method));
    r.scores = scores;
    if (in.shift && view.shifted) r.scores.array() += *in.shift;
    double temperature = in.temperature;
    if (method == Ch19Method::kTemperatureMultiplied) {
      if (temperature == 1) return Status(ErrorCode::kInvalidInput, "temperature 1");
      temperature = 1 / temperature;
    }
    ATTN_ASSIGN_OR_RETURN(tempered, WithTemperature(r.scores, temperature));
    if (in.mask) {
      r.eligible = *in.mask;
    } else if (method == Ch19Method::kMaskAfterSoftmax) {
      return Status(ErrorCode::kInvalidInput, "no mask");
    }
    if (method == Ch19Method::kDividedByCount || method == Ch19Method::kScoresAsWeights ||
        method == Ch19Method::kScoresNormalised) {
      // The softmax's own mistakes, on an unmasked read: with a mask they say nothing more.
      if (in.mask) return Status(ErrorCode::kInvalidInput, "a masked read");
      Eigen::Index n = tempered.size();
      if (method == Ch19Method::kDividedByCount) r.weights = tempered.array().exp() / static_cast<double>(n);
      if (method == Ch19Method::kScoresAsWeights) r.weights = tempered;
      if (method == Ch19Method::kScoresNormalised) {
        double total = tempered.sum();
        if (std::fabs(total) < 1e-9) return Status(ErrorCode::kInvalidInput, "the scores add up to 0");
        r.weights = tempered / total;
      }
    } else if (method == Ch19Method::kMaskAfterSoftmax) {
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

// Whether every number of a quantity is finite (a wrong method can overflow or divide by 0).
bool Finite(const Quantity& q) {
  if (q.kind == Quantity::Kind::kList)
    return std::all_of(q.items.begin(), q.items.end(), [](const Quantity& x) { return Finite(x); });
  return q.kind != Quantity::Kind::kNumber || std::isfinite(q.approx);
}

std::vector<std::string> NumberLabels(Eigen::Index n) {
  std::vector<std::string> labels;
  for (Eigen::Index i = 1; i <= n; ++i) labels.push_back(std::to_string(i));
  return labels;
}

Result<Quantity> Readout(const Ch19ReadInputs& in, Ch19Method method, bool replaced) {
  ATTN_ASSIGN_OR_RETURN(r, Ch19ReadOf(in, method, {.replaced = replaced}));
  if (!in.readout) return Status(ErrorCode::kInvalidInput, "the exercise has no input 'readout'");
  ATTN_ASSIGN_OR_RETURN(value, ReadoutOf(r.context, *in.readout));
  return Quantity::Number(value);
}

Result<Quantity> Select(const Ch19ReadInputs& in, Ch19Method method, const std::string& q) {
  if (q == "readout_before") return Readout(in, method, false);
  if (q == "readout_after") return Readout(in, method, true);
  if (q == "readout_change") {
    ATTN_ASSIGN_OR_RETURN(before, Readout(in, method, false));
    ATTN_ASSIGN_OR_RETURN(after, Readout(in, method, true));
    return Quantity::Number(after.approx - before.approx);
  }
  ATTN_ASSIGN_OR_RETURN(r, Ch19ReadOf(in, method, {.shifted = q == "shifted_weights"}));
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
  if (q == "largest_weight_position") return Ch19LargestWeightPosition(in, r);
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

// How a mistake's sentence begins: with the quantity the part asks for ("your weights ...").
std::string Your(const std::string& q) {
  if (q == "weights" || q == "stable_weights" || q == "shifted_weights") return "your weights come";
  if (q == "scores") return "your scores come";
  if (q == "weight_sum") return "your total comes";
  if (q == "masked_mass") return "your masked mass comes";
  if (q == "readout_change") return "your change in the readout comes";
  if (q == "readout_before" || q == "readout_after") return "your readout comes";
  return "your " + q + " comes";
}

struct Known {
  Ch19Method method;
  const char* tag;
  std::string (*explanation)(const std::string& q, const Ch19ReadInputs& in);
};

const Known kKnown[] = {
    {Ch19Method::kMaskAfterSoftmax, "mask-after-softmax",
     [](const std::string& q, const Ch19ReadInputs&) -> std::string {
       return Your(q) +
              " from zeroing the masked positions after the softmax without renormalising, so the weights no "
              "longer add up to 1. Mask the scores before the softmax (send them to -infinity).";
     }},
    {Ch19Method::kTemperatureMultiplied, "temperature-multiplied",
     [](const std::string& q, const Ch19ReadInputs& in) -> std::string {
       const std::string& t = in.temperature_text;
       return Your(q) + " from multiplying the scores by the temperature " + t +
              "; temperature divides them: softmax(e / " + t + ").";
     }},
    {Ch19Method::kScaledVsUnscaled, "scaled-vs-unscaled",
     [](const std::string& q, const Ch19ReadInputs&) -> std::string {
       return Your(q) +
              " from the other dot-product score: the scaled one divides q.k by sqrt(D_k), the plain one does "
              "not. Check which this part asks for.";
     }},
    {Ch19Method::kBilinearTransposed, "bilinear-transposed",
     [](const std::string& q, const Ch19ReadInputs&) -> std::string {
       return Your(q) +
              " from W transposed. In q^T W k the query multiplies W from the left, so each score is k . (W^T q); "
              "scoring with k . (W q) swaps the roles of W's rows and columns.";
     }},
    {Ch19Method::kDividedByCount, "divided-by-count",
     [](const std::string& q, const Ch19ReadInputs&) -> std::string {
       return Your(q) +
              " from dividing each exponential by the number of positions instead of by the sum of the "
              "exponentials, so the weights do not add up to 1 (some may even be above 1).";
     }},
    {Ch19Method::kScoresAsWeights, "scores-as-weights",
     [](const std::string& q, const Ch19ReadInputs&) -> std::string {
       return Your(q) +
              " from using the scores as the weights. Weights come from the softmax: exponentiate each score, "
              "then divide by the sum of the exponentials.";
     }},
    {Ch19Method::kScoresNormalised, "scores-normalised",
     [](const std::string& q, const Ch19ReadInputs&) -> std::string {
       return Your(q) +
              " from dividing each score by the sum of the scores, without exponentiating: a negative score then "
              "gives a negative weight. Softmax exponentiates each score first, so every weight is positive.";
     }},
};

}  // namespace

Result<GradeRequest> Ch19ReadRequest(const Json& exercise, const Json& part, bool with_mistakes) {
  std::string q = StringField(part, "quantity");
  // The inputs are read from the exercise once; every method below works on them.
  ATTN_ASSIGN_OR_RETURN(in, Ch19ReadInputsOf(exercise, part));
  GradeRequest request;
  request.parse.symbols = {};  // Chapter 19 has no symbol a: its answers are numbers
  request.parse.nonfinite = true;
  ATTN_ASSIGN_OR_RETURN(checked, Ch19CheckRequest(exercise, part, in, with_mistakes, request));
  if (checked) return request;
  ATTN_ASSIGN_OR_RETURN(expected, Select(in, Ch19Method::kCorrect, q));
  request.expected = expected;
  request.shape = q == "score_shape";
  if (q == "largest_weight_position") {
    ATTN_ASSIGN_OR_RETURN(r, Ch19ReadOf(in, Ch19Method::kCorrect));
    request.position_labels = NumberLabels(r.weights.size());
  }
  if (q == "context_inside") request.position_labels = {"yes", "no"};
  if (!with_mistakes) return request;
  // A position or a yes/no question: no arithmetic mistake can be named for it.
  if (expected.kind == Quantity::Kind::kPosition) return request;
  for (const Known& known : kKnown) {
    auto wrong = Select(in, known.method, q);
    if (!wrong.ok() || wrong->SameAs(expected) || !Finite(*wrong)) continue;
    request.misconceptions.push_back(Misconception::Value(known.tag, *wrong, known.explanation(q, in)));
  }
  if (q == "entropy") {
    struct Base {
      const char* tag;
      double log;
      const char* name;
    };
    for (const Base& base : {Base{"entropy-in-bits", std::log(2.0), "bits (log base 2)"},
                             Base{"entropy-in-log10", std::log(10.0), "log base 10"}}) {
      request.misconceptions.push_back(Misconception::Value(base.tag, Quantity::Number(expected.approx / base.log),
                                                            std::string("your entropy is in ") + base.name +
                                                                ". This part asks for nats: use the natural "
                                                                "logarithm, H = -sum of w ln w."));
    }
  }
  if (q == "context") {
    ATTN_ASSIGN_OR_RETURN(r, Ch19ReadOf(in, Ch19Method::kCorrect));
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
          "your context comes from weights rounded to " + std::to_string(places) +
              " decimals before mixing the values. Keep the weights at full precision and round only the result."));
    }
    Quantity swapped = Quantity::Of(Vec<double>(r.context.reverse()));
    if (r.context.size() > 1 && !swapped.SameAs(expected)) {
      request.misconceptions.push_back(Misconception::Value(
          "coordinates-swapped", swapped,
          "your context has its coordinates in reverse order. Its first coordinate mixes the values' first "
          "coordinates, and so on."));
    }
  }
  if (q == "stable_weights" || q == "weights") {
    ATTN_ASSIGN_OR_RETURN(r, Ch19ReadOf(in, Ch19Method::kCorrect));
    if (r.scores.size()) {
      // Named only where the naive softmax overflows in double precision too (scores past 709).
      Vec<float> naive = NaiveSoftmax(Vec<float>(r.scores.cast<float>()));
      if (!naive.allFinite() && r.scores.maxCoeff() > 709.78) {
        request.misconceptions.push_back(Misconception::Words(
            "naive-overflow", {"NaN", "inf"},
            "your weights are what the naive softmax gives: exp of a score above about 709 overflows to infinity "
            "even in double precision (above about 88 in float32), and infinity / infinity is NaN. Subtract "
            "the largest score first; the weights do not change."));
      }
    }
  }
  return request;
}

Result<Json> Ch19ReadWorking(const Json& exercise, const Json& part) {
  ATTN_ASSIGN_OR_RETURN(in, Ch19ReadInputsOf(exercise, part));
  ATTN_ASSIGN_OR_RETURN(r, Ch19ReadOf(in, Ch19Method::kCorrect));
  auto list = [](const Vec<double>& v) {
    Json out = Json::array();
    for (Eigen::Index i = 0; i < v.size(); ++i) out.push_back(v(i));
    return out;
  };
  // The softmax's own steps, as the chapter takes them: the scores divided by the
  // temperature, their exponentials on the eligible positions and the sum of those. Where
  // the exponentials would overflow (scores past about 709), they are taken after the
  // largest score is subtracted, and the working says so ("shift").
  Vec<double> scaled;
  double shift = 0, denominator = 0;
  if (r.scores.size()) {
    ATTN_ASSIGN_OR_RETURN(tempered, WithTemperature(r.scores, in.temperature));
    scaled = tempered;
    double top = -std::numeric_limits<double>::infinity();
    for (Eigen::Index j = 0; j < scaled.size(); ++j)
      if (r.eligible.empty() || r.eligible[static_cast<size_t>(j)]) top = std::max(top, scaled(j));
    if (top > 700) shift = top;
  }
  Json positions = Json::array();
  for (Eigen::Index j = 0; j < r.weights.size(); ++j) {
    bool eligible = r.eligible.empty() || r.eligible[static_cast<size_t>(j)];
    Json row = {{"label", std::to_string(j + 1)}, {"weight", r.weights(j)}};
    if (r.scores.size()) row["score"] = r.scores(j);
    if (scaled.size() && in.temperature != 1) row["scaled"] = scaled(j);
    if (scaled.size() && eligible) {
      row["exponential"] = std::exp(scaled(j) - shift);
      denominator += std::exp(scaled(j) - shift);
    }
    if (!r.eligible.empty()) row["eligible"] = eligible;
    if (r.values.size()) row["value"] = list(r.values.row(j).transpose());
    positions.push_back(row);
  }
  Json out = {{"positions", positions},
              {"entropy", EntropyOf(r.weights)},
              {"maskedMass", MaskedMass(r.weights, r.eligible)},
              {"weightSum", r.weights.sum()}};
  if (scaled.size()) {
    out["temperature"] = in.temperature;
    out["shift"] = shift;
    out["denominator"] = denominator;
  }
  if (r.context.size()) {
    CoordinateRanges ranges = RangesOf(r.values);
    out["context"] = list(r.context);
    out["valueMin"] = list(ranges.min);
    out["valueMax"] = list(ranges.max);
    out["insideRanges"] = InsideRanges(r.context, ranges);
  }
  return out;
}

namespace {

Status DrawVariant(Json& e, SeededRandom& r) {
  for (const char* key : {"query", "keys", "W", "W_q", "W_k", "v", "b", "control"}) {
    ATTN_RETURN_IF_ERROR(ForInput(
        e, key, [&](const std::string& text) { return Redraw(text, [&] { return Tenths(r.Integer(-10, 10)); }); }));
  }
  ATTN_RETURN_IF_ERROR(ForInput(
      e, "values", [&](const std::string& text) { return Redraw(text, [&] { return Tenths(r.Integer(0, 10)); }); }));
  ATTN_RETURN_IF_ERROR(ForInput(e, "scores", [&](const std::string& text) -> Result<std::string> {
    ATTN_ASSIGN_OR_RETURN(s, ParseAnswer(text));
    bool large = !s.items.empty() && std::fabs(s.items[0].value.to_double()) >= 100;
    if (large) {
      // The point is the size: every score above 709, where exp overflows even in double
      // precision, and no two alike (a tie would make the weights trivially uniform).
      int64_t base = 100 * r.Integer(8, 20), step = r.Integer(1, 3), offset = 0;
      return Redraw(text, [&] { return std::to_string(base + (offset++) * step); });
    }
    return Redraw(text, [&] { return Tenths(r.Integer(-20, 20)); });
  }));
  ATTN_RETURN_IF_ERROR(ForInput(e, "weights", [&](const std::string& text) -> Result<std::string> {
    ATTN_ASSIGN_OR_RETURN(w, ParseAnswer(text));
    size_t n = w.items.size();
    std::vector<int64_t> tenths(n, 1);  // every weight at least 0.1, together 1
    for (int64_t left = 10 - static_cast<int64_t>(n); left > 0; --left)
      ++tenths[static_cast<size_t>(r.Integer(0, static_cast<int64_t>(n) - 1))];
    std::string out = "[";
    for (size_t i = 0; i < n; ++i) out += (i ? ", " : "") + Tenths(tenths[i]);
    return out + "]";
  }));
  return Ch19DrawPoint(e, r);
}

}  // namespace

extern const Model kCh19ReadModel = {
    "ch19.read",
    "read",
    /*shows_inputs=*/true,
    [](const Json& exercise, const Json& part, uint32_t, bool with_mistakes) {
      return Ch19ReadRequest(exercise, part, with_mistakes);
    },
    [](const Json& exercise, const Json& part, uint32_t) { return Ch19ReadWorking(exercise, part); },
    DrawVariant,
    /*batch_cases=*/nullptr,
    Ch19ReadFollowThrough,
};

}  // namespace attn
