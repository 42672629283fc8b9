// Follow-through for Chapter 14's reads (model "ch14.read"): a part recomputed from the
// learner's own scores, exponentials, total, weights, context or re-encoded states. The
// read goes on from the learner's numbers in the chapter's exact arithmetic where they are
// exact (a/2, 2/5, 0.25), and in double where they are not (e^0.6931).
#include <algorithm>
#include <cmath>

#include "answers/answer_values.h"
#include "core/scalar_traits.h"
#include "exercises/model.h"
#include "exercises/models/ch14_read_model.h"

namespace attn {
namespace {

// The stages of one read, in order; a part follows from an earlier stage only.
const std::vector<std::string> kStages = {"states",  "scores",  "exponentials", "denominator",
                                          "weights", "context", "readout"};

int StageOf(const std::string& quantity) {
  auto it = std::find(kStages.begin(), kStages.end(), quantity);
  return it == kStages.end() ? -1 : static_cast<int>(it - kStages.begin());
}

Exact AsExact(const Exact& x) { return x; }
double AsDouble(const Exact& x) { return x.to_double(); }

template <class S>
bool Valid(const Vec<S>& v) {
  for (Eigen::Index i = 0; i < v.size(); ++i)
    if (!ScalarTraits<S>::Check(v(i)).ok()) return false;
  return true;
}

// The read of this part carried on from a stage the learner gave: `stage` names what `x`
// holds (a vector of scores, exponentials, weights or the context; the total in
// `total`; the states in `states`), and the read runs on to `quantity`.
template <class S, class Convert>
std::optional<Quantity> CarryOn(const std::string& quantity, const std::string& stage, Vec<S> x, std::optional<S> total,
                                std::optional<Mat<S>> states, const Ch14Read& r, const Ch14ReadInputs& in,
                                Convert convert) {
  const int target = StageOf(quantity), from = StageOf(stage);
  if (target < 0 || from < 0 || from >= target) return std::nullopt;
  Eligibility eligible;
  for (bool removed : r.removed) eligible.push_back(!removed);
  Mat<S> memory = states ? *states : Mat<S>(r.states.unaryExpr(convert));
  if (stage == "states") {
    auto scores = DotScores(memory, Vec<S>(in.query.unaryExpr(convert)));
    if (!scores.ok()) return std::nullopt;
    if (quantity == "scores") return Quantity::Of(*scores);
    x = *scores;
  }
  Vec<S> weights;
  if (stage == "states" || stage == "scores") {
    // The exponentials as the learner takes them: of the scores themselves, not shifted.
    auto exponentials = Exponentials(x, eligible);
    if (!exponentials.ok() || !Valid(*exponentials)) return std::nullopt;
    x = *exponentials;
    if (quantity == "exponentials") return Quantity::Of(x);
  }
  if (stage == "states" || stage == "scores" || stage == "exponentials") {
    S sum(0);
    for (Eigen::Index j = 0; j < x.size(); ++j)
      if (eligible[static_cast<size_t>(j)]) sum += x(j);
    if (!ScalarTraits<S>::Check(sum).ok()) return std::nullopt;
    if (quantity == "denominator") return Quantity::Number(sum);
    if (sum == S(0)) return std::nullopt;
    weights = x / sum;
  } else if (stage == "denominator") {
    if (!total || *total == S(0)) return std::nullopt;
    weights = Vec<S>(r.exponentials.unaryExpr(convert)) / *total;
  } else if (stage == "weights") {
    weights = x;
  }
  Vec<S> context = x;
  if (stage != "context") {
    if (!Valid(weights)) return std::nullopt;
    if (quantity == "weights") return Quantity::Of(weights);
    auto mixed = ContextOf(weights, memory);
    if (!mixed.ok()) return std::nullopt;
    context = *mixed;
  }
  if (quantity == "context") return Quantity::Of(context);
  if (quantity != "readout" || !in.readout) return std::nullopt;
  auto readout = ReadoutOf(context, Vec<S>(in.readout->unaryExpr(convert)));
  if (!readout.ok()) return std::nullopt;
  return Quantity::Number(*readout);
}

// The stage a given part holds, when it is this part's own read: its right answer is what
// this part's computation passes through.
bool SameStage(const std::string& stage, const Ch14Read& source, const Ch14Read& r) {
  auto same = [](const auto& x, const auto& y) { return x.rows() == y.rows() && x.cols() == y.cols() && x == y; };
  bool unremoved = std::none_of(source.removed.begin(), source.removed.end(), [](bool b) { return b; }) &&
                   std::none_of(r.removed.begin(), r.removed.end(), [](bool b) { return b; });
  if (stage == "states") return unremoved && same(source.states, r.states);
  if (stage == "scores") return same(source.scores, r.scores) && source.removed == r.removed;
  if (stage == "exponentials") return same(source.exponentials, r.exponentials) && source.removed == r.removed;
  if (stage == "denominator") return source.denominator == r.denominator && same(source.exponentials, r.exponentials);
  if (stage == "weights") return same(source.weights, r.weights) && same(source.states, r.states);
  if (stage == "context") return same(source.context, r.context);
  return false;
}

}  // namespace

std::vector<FollowThrough> Ch14ReadFollowThrough(const Json& exercise, const Json& part,
                                                 const std::vector<GivenAnswer>& given) {
  std::vector<FollowThrough> out;
  const std::string q = StringField(part, "quantity");
  auto in = Ch14ReadInputsOf(exercise, part);
  if (!in.ok()) return out;
  auto r = Ch14ReadOf(*in, Ch14Method::kCorrect);
  if (!r.ok()) return out;
  for (const GivenAnswer& g : given) {
    const std::string stage = StringField(*g.part, "quantity");
    if (StageOf(stage) < 0 || StageOf(stage) >= StageOf(q)) continue;
    auto source_in = Ch14ReadInputsOf(exercise, *g.part);
    if (!source_in.ok()) continue;
    auto source = Ch14ReadOf(*source_in, Ch14Method::kCorrect);
    if (!source.ok() || !SameStage(stage, *source, *r)) continue;
    std::optional<Quantity> value;
    // Exactly, where the learner's numbers are exact and the read stays exact; else in double.
    if (stage == "states") {
      if (auto m = ExactMatrixOf(g.answer)) value = CarryOn<Exact>(q, stage, {}, {}, m, *r, *in, AsExact);
      if (!value) {
        if (auto m = DoubleMatrixOf(g.answer)) value = CarryOn<double>(q, stage, {}, {}, m, *r, *in, AsDouble);
      }
    } else if (stage == "denominator") {
      if (auto t = ExactOf(g.answer)) value = CarryOn<Exact>(q, stage, {}, t, {}, *r, *in, AsExact);
      if (!value) {
        if (auto t = DoubleOf(g.answer)) value = CarryOn<double>(q, stage, {}, t, {}, *r, *in, AsDouble);
      }
    } else {
      if (auto x = ExactVectorOf(g.answer)) value = CarryOn<Exact>(q, stage, *x, {}, {}, *r, *in, AsExact);
      if (!value) {
        if (auto x = DoubleVectorOf(g.answer)) value = CarryOn<double>(q, stage, *x, {}, {}, *r, *in, AsDouble);
      }
    }
    if (value) out.push_back({{g.name}, *value});
  }
  return out;
}

}  // namespace attn
