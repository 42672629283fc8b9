// The wrong versions written for the softmax (softmax_way.h): what a frozen removal, a padding
// mask or a local window does wrong (not applied, applied after the softmax, a score of 0, a
// residue in place of 0), an exponential of 0 taken as 0, scores used as weights, the largest
// score subtracted but the result not normalised, overflow. The operator slips (the exponential,
// the normalisation, the axis, the temperature) are derived mistakes (mutations/), not written here.
#include <algorithm>
#include <cmath>

#include "exercises/operations/softmax_way.h"

namespace attn::ops::softmax {
namespace {

// The wrong versions, as ways of doing the computation; each applies only where it can differ.
template <Way way>
Result<WrongResult> Done(const StepContext& c, const Value&) {
  ATTN_ASSIGN_OR_RETURN(value, Run(c, way, {}));
  return Wrong(std::move(value));
}

const Inputs& Of(const Explaining& e, Inputs& held) {
  auto in = InputsOf(*e.step);
  if (in.ok()) held = *in;
  return held;
}

bool HasTemperature(const StepContext& c) {
  const Value* t = c.Arg("temperature");
  return t && t->Main().kind == Value::Kind::kNumbers && t->Main().approx(0, 0) != 1;
}

bool Excludes(const StepContext& c, MaskRole role = MaskRole::kNone) {
  auto in = InputsOf(c);
  return in.ok() && in->any_excluded && (role == MaskRole::kNone || in->role == role);
}

MaskRole RoleOf(const StepContext& c) {
  auto in = InputsOf(c);
  return in.ok() ? in->role : MaskRole::kNone;
}

bool IsMatrix(const StepContext& c) {
  auto in = InputsOf(c);
  return in.ok() && in->rank == 2 && in->rows > 1;
}

// The removed state's label, for a frozen removal.
std::string Removed(const Explaining& e) {
  Inputs held;
  const Inputs& in = Of(e, held);
  if (!in.scores) return "removed";
  std::vector<std::string> labels = LabelsOf(*in.scores, in.cols);
  for (Eigen::Index s = 0; s < in.cols; ++s)
    if (!in.eligible[0][static_cast<size_t>(s)]) return Spoken(labels[static_cast<size_t>(s)]) + " state";
  return "removed state";
}

std::string Excluded(MaskRole role) {
  switch (role) {
    case MaskRole::kRemoval: return "the removed position";
    case MaskRole::kWindow: return "the positions outside the window";
    case MaskRole::kCausal: return "the later positions";
    default: return "the padded positions";
  }
}

std::string ZeroScore(const Explaining& e) {
  return e.Comes() +
         " from taking e^0 as 0. A score of 0 has exponential e^0 = 1, so that position still gets weight and still "
         "counts in the total.";
}

std::string DividedByOriginalCountQuiet(const Explaining& e) {
  Inputs held;
  return e.Comes() + " from dividing by the number of positions, counting " + Excluded(Of(e, held).role) +
         " as well. Only the exponentials of the positions that may be read are added up, and divided by that sum.";
}

std::string ZeroScoreOutOfTotalQuiet(const Explaining& e) {
  return e.Comes() +
         " from leaving e^0 = 1 out of the total: a position whose score is 0 keeps its exponential 1 in its own "
         "weight, so that 1 counts in the sum as well, or the weights add up to more than 1.";
}
std::string ScoresAsWeightsQuiet(const Explaining& e) {
  return e.Comes() +
         " from using the scores as the weights. Weights come from exponentiating each score and dividing by the "
         "sum of the exponentials.";
}
std::string ShiftedNotNormalised(const Explaining& e) {
  return e.Comes() +
         " from subtracting the largest score and exponentiating, then stopping there: the largest gets e^0 = 1. "
         "Divide each of those exponentials by their sum; the weights are the same as without the subtraction.";
}

std::string MaskIgnored(const Explaining& e) {
  return e.Are() + " what the read gives before any change: with " + Removed(e) +
         " removed, the softmax runs over the positions that are left, so the other weights grow.";
}

std::string MaskAfterSoftmax(const Explaining& e) {
  if (RoleOf(*e.step) == MaskRole::kRemoval)
    return e.Comes() +
           " from setting the removed position's weight to 0 and keeping the other weights as they were, so they "
           "no longer add up to 1. After a removal the softmax runs again over the positions that are left.";
  return e.Comes() + " from setting " + Excluded(RoleOf(*e.step)) +
         "' weights to 0 after the softmax without renormalising, so they no longer add up to 1. Mask the scores "
         "before the softmax (send them to -infinity).";
}

std::string MaskedScoreZero(const Explaining& e) {
  if (RoleOf(*e.step) == MaskRole::kRemoval)
    return e.Comes() +
           " from setting the removed position's score to 0, but e^0 = 1 still counts in the total. Removing a "
           "stored state takes it out of both the scores and the sum.";
  return e.Comes() + " from setting the scores of " + Excluded(RoleOf(*e.step)) +
         " to 0 instead of -infinity, but e^0 = 1 still counts in the total. A position that may not be read "
         "must leave both the exponentials and their sum.";
}

std::string MaskTiny(const Explaining& e) {
  return e.Your() + " put a tiny amount where the mask requires exactly 0. A position that may not be read gets a " +
         "score of -infinity (or its weight set to 0), so nothing at all is left there; a value such as 1e-15 is " +
         "what a large but finite negative number leaves.";
}

// Two slips at once, the mask left out and the columns normalised: a written version, since a derived
// mistake is one change.
std::string ColumnsUnmasked(const Explaining& e) {
  return e.Comes() +
         " from normalising down the columns (over the target positions) with the mask left out as well. Each "
         "target's weights must add up to 1 across the source positions it may read, the last axis.";
}

std::string RemovedLeftOut(const Explaining&) {
  return "your weights leave the removed position out. They are right for the positions that are left, but this "
         "part lists every source position in the original order, with 0 for the removed one.";
}

std::string NaiveOverflow(const Explaining&) {
  return "your weights are what the naive softmax gives: exp of a score above about 709 overflows to infinity even "
         "in double precision (above about 88 in float32), and infinity / infinity is NaN. Subtract the largest "
         "score first; the weights do not change.";
}

std::string RoleTag(const StepContext& c, const char* removal, const char* padding, const char* window) {
  switch (RoleOf(c)) {
    case MaskRole::kRemoval: return removal;
    case MaskRole::kWindow: return window;
    default: return padding;
  }
}

Result<WrongResult> RemovedLeftOutWrong(const StepContext& c, const Value& right) {
  if (!Excludes(c, MaskRole::kRemoval) || IsMatrix(c)) return NotHere("no removal");
  const Value& w = *right.Field("weights");
  std::vector<double> kept;
  std::vector<Exact> kept_exact;
  for (Eigen::Index s = 0; s < w.rows(); ++s) {
    if (!w.Eligible(0, s)) continue;
    kept.push_back(w.approx(s, 0));
    if (w.exact) kept_exact.push_back((*w.exact)(s, 0));
  }
  Value list;
  if (w.exact) {
    Vec<Exact> v(static_cast<Eigen::Index>(kept_exact.size()));
    for (size_t i = 0; i < kept_exact.size(); ++i) v(static_cast<Eigen::Index>(i)) = kept_exact[i];
    list = Value::List(v);
  } else {
    list = Value::List(Vec<double>(Eigen::Map<Vec<double>>(kept.data(), static_cast<Eigen::Index>(kept.size()))));
  }
  list.exact_shown = w.exact_shown;
  Value record = right;
  *record.MutableField("weights") = list;
  return Wrong(std::move(record));
}

Result<WrongResult> NaiveOverflowWrong(const StepContext& c, const Value&) {
  ATTN_ASSIGN_OR_RETURN(in, InputsOf(c));
  if (in.any_excluded || HasTemperature(c)) return NotHere("a plain read only");
  if (!(in.scores->approx.maxCoeff() > 709.78)) return NotHere("no overflow in double");
  WrongResult out;
  out.words = {"NaN", "inf"};
  return out;
}

template <Way way, bool (*applies)(const StepContext&)>
Result<WrongResult> When(const StepContext& c, const Value& right) {
  if (!applies(c)) return NotHere("does not apply");
  return Done<way>(c, right);
}

bool Always(const StepContext&) { return true; }
bool Removal(const StepContext& c) { return Excludes(c, MaskRole::kRemoval); }
bool MatrixWithMask(const StepContext& c) { return IsMatrix(c) && Excludes(c); }
bool AnyExcluded(const StepContext& c) { return Excludes(c); }
bool PaddingOrWindow(const StepContext& c) { return Excludes(c) && RoleOf(c) != MaskRole::kRemoval; }
// Where the largest score is 0, subtracting it changes nothing.
bool LargestNotZero(const StepContext& c) {
  auto in = InputsOf(c);
  if (!in.ok()) return false;
  for (Eigen::Index r = 0; r < in->rows; ++r) {
    double top = -INFINITY;
    for (Eigen::Index s = 0; s < in->cols; ++s)
      if (in->eligible[static_cast<size_t>(r)][static_cast<size_t>(s)])
        top = std::max(top, in->rank == 1 ? in->scores->approx(s, 0) : in->scores->approx(r, s));
    if (top != 0) return true;
  }
  return false;
}

bool SomeZeroScore(const StepContext& c) {
  auto in = InputsOf(c);
  if (!in.ok()) return false;
  const Value& s = *in->scores;
  for (Eigen::Index i = 0; i < s.size(); ++i) {
    bool zero = s.exact ? (*s.exact).data()[i].is_zero() : s.approx.data()[i] == 0;
    if (zero) return true;
  }
  return false;
}

}  // namespace

std::vector<WrongVersion> WrongVersions() {
  return {
      {"intervention-not-applied", nullptr, 1, false, When<Way::kMaskIgnored, Removal>, MaskIgnored},
      {"removed-left-out", nullptr, 2, false, RemovedLeftOutWrong, RemovedLeftOut},
      {"removed-not-renormalised",
       [](const StepContext& c) {
         return RoleTag(c, "removed-not-renormalised", "mask-after-softmax", "mask-after-softmax");
       },
       10, false, When<Way::kMaskAfterSoftmax, AnyExcluded>, MaskAfterSoftmax},
      {"zeroed-score-not-removed",
       [](const StepContext& c) {
         return RoleTag(c, "zeroed-score-not-removed", "mask-score-zero", "mask-score-zero");
       },
       11, false, When<Way::kMaskedScoreZero, AnyExcluded>, MaskedScoreZero},
      {"wrong-axis", nullptr, 14, true, When<Way::kWrongAxis, MatrixWithMask>, ColumnsUnmasked},
      {"mask-not-exactly-zero", nullptr, 12, false,
       [](const StepContext& c, const Value& right) -> Result<WrongResult> {
         if (!PaddingOrWindow(c)) return NotHere("no padding or window");
         ATTN_ASSIGN_OR_RETURN(out, (Done<Way::kMaskTiny>(c, right)));
         out.tiny_for_zero = true;
         return out;
       },
       MaskTiny},
      {"zero-score-zero-weight", nullptr, 31, false, When<Way::kZeroScoreZeroWeight, SomeZeroScore>, ZeroScore},
      {"zero-score-out-of-total", nullptr, 31, false, When<Way::kZeroScoreOutOfTotal, SomeZeroScore>,
       ZeroScoreOutOfTotalQuiet},
      {"divided-by-count", nullptr, 30, false, When<Way::kDividedByOriginalCount, AnyExcluded>,
       DividedByOriginalCountQuiet},
      {"scores-as-weights", nullptr, 33, false, When<Way::kScoresAsWeights, Always>, ScoresAsWeightsQuiet},
      {"max-subtracted-not-normalised", nullptr, 35, false, When<Way::kShiftedNotNormalised, LargestNotZero>,
       ShiftedNotNormalised},
      {"naive-overflow", nullptr, 40, false, NaiveOverflowWrong, NaiveOverflow},
  };
}

}  // namespace attn::ops::softmax
