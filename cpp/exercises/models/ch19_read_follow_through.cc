// Follow-through for Chapter 19's single reads (model "ch19.read"): a part recomputed from
// the learner's own scores, weights, context or readouts. A part follows from another where
// that part's right answer is what this part's computation takes in: the weights at
// temperature 2 follow from the dot-product scores (the same raw scores), not from the
// weights at temperature 1; the masked context from the masked weights, not the unmasked.
#include <algorithm>
#include <cmath>

#include "answers/answer_values.h"
#include "core/diagnostics.h"
#include "core/score_functions.h"
#include "exercises/model.h"
#include "exercises/models/ch19_read_model.h"

namespace attn {
namespace {

bool Close(const Vec<double>& x, const Vec<double>& y) {
  if (x.size() != y.size() || x.size() == 0) return false;
  for (Eigen::Index i = 0; i < x.size(); ++i)
    if (std::fabs(x(i) - y(i)) > 1e-12 * std::max(1.0, std::fabs(x(i)))) return false;
  return true;
}

bool IsWeights(const std::string& q) { return q == "weights" || q == "stable_weights" || q == "shifted_weights"; }

// What this part is, computed from a weight vector (the learner's, or from their scores).
std::optional<Quantity> FromWeights(const std::string& q, const Ch19ReadInputs& in, const Ch19Read& r,
                                    const Vec<double>& w) {
  if (!w.allFinite()) return std::nullopt;
  if (IsWeights(q)) return Quantity::Of(w);
  if (q == "weight_sum") return Quantity::Number(w.sum());
  if (q == "masked_mass" && !r.eligible.empty()) return Quantity::Number(MaskedMass(w, r.eligible));
  if (q == "entropy") {
    if (w.minCoeff() < 0) return std::nullopt;
    return Quantity::Number(EntropyOf(w));
  }
  if (!r.values.size()) return std::nullopt;
  const Mat<double>& values = q == "readout_after" && in.replaced_values ? *in.replaced_values : r.values;
  auto context = ContextOf(w, values);
  if (!context.ok()) return std::nullopt;
  if (q == "context") return Quantity::Of(*context);
  if ((q == "readout_before" || q == "readout_after") && in.readout) {
    auto readout = ReadoutOf(*context, *in.readout);
    if (readout.ok()) return Quantity::Number(*readout);
  }
  return std::nullopt;
}

}  // namespace

std::vector<FollowThrough> Ch19ReadFollowThrough(const Json& exercise, const Json& part,
                                                 const std::vector<GivenAnswer>& given) {
  std::vector<FollowThrough> out;
  const std::string q = StringField(part, "quantity");
  auto in = Ch19ReadInputsOf(exercise, part);
  if (!in.ok()) return out;
  auto r = Ch19ReadOf(*in, Ch19Method::kCorrect, {.shifted = q == "shifted_weights"});
  if (!r.ok()) return out;
  std::optional<std::pair<std::string, double>> before, after;
  for (const GivenAnswer& g : given) {
    const std::string from = StringField(*g.part, "quantity");
    auto source_in = Ch19ReadInputsOf(exercise, *g.part);
    if (!source_in.ok()) continue;
    auto source = Ch19ReadOf(*source_in, Ch19Method::kCorrect, {.shifted = from == "shifted_weights"});
    if (!source.ok()) continue;
    std::optional<Quantity> value;
    if (IsWeights(from) && !IsWeights(q) && Close(source->weights, r->weights)) {
      // Another weights part gives the same weights; a weights part is not recomputed from them.
      if (auto w = DoubleVectorOf(g.answer); w && w->size() == r->weights.size()) value = FromWeights(q, *in, *r, *w);
    } else if (q == "shifted_weights" && from == "weights" && Close(source->weights, r->weights)) {
      // Shifting every score by the same amount leaves the weights as they were.
      if (auto w = DoubleVectorOf(g.answer); w && w->size() == r->weights.size()) value = Quantity::Of(*w);
    } else if (from == "scores" && q != "scores" && Close(source->scores, r->scores)) {
      auto s = DoubleVectorOf(g.answer);
      if (!s || s->size() != r->scores.size()) continue;
      auto tempered = WithTemperature(*s, in->temperature);
      if (!tempered.ok()) continue;
      auto softmax = SoftmaxOf(*tempered, r->eligible);
      if (softmax.ok()) value = FromWeights(q, *in, *r, softmax->weights);
    } else if (from == "context" && (q == "readout_before") && in->readout && Close(source->context, r->context)) {
      if (auto c = DoubleVectorOf(g.answer); c && c->size() == r->context.size()) {
        auto readout = ReadoutOf(*c, *in->readout);
        if (readout.ok()) value = Quantity::Number(*readout);
      }
    } else if (q == "readout_change" && (from == "readout_before" || from == "readout_after")) {
      if (auto x = DoubleOf(g.answer)) (from == "readout_before" ? before : after) = std::make_pair(g.name, *x);
    }
    if (value) out.push_back({{g.name}, *value});
  }
  if (q == "readout_change" && (before || after) && in->readout) {
    // The change from the learner's readouts, the one not given taken as the core computes it.
    auto exact = [&](bool replaced) -> std::optional<double> {
      auto read = Ch19ReadOf(*in, Ch19Method::kCorrect, {.replaced = replaced});
      if (!read.ok()) return std::nullopt;
      auto readout = ReadoutOf(read->context, *in->readout);
      return readout.ok() ? std::optional<double>(*readout) : std::nullopt;
    };
    auto b = before ? std::optional<double>(before->second) : exact(false);
    auto a = after ? std::optional<double>(after->second) : exact(true);
    std::vector<std::string> from;
    if (before) from.push_back(before->first);
    if (after) from.push_back(after->first);
    if (a && b) out.push_back({from, Quantity::Number(*a - *b)});
  }
  return out;
}

}  // namespace attn
