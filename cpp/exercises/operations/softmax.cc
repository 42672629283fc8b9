// "softmax": scores (a list, or a matrix row by row) divided by a temperature, exponentiated
// over the positions that may be read, and normalised by their total into weights. The
// positions that may not be read come from the scores themselves (a stored state removed
// from a frozen memory) or from a mask (padding, a local window); such a position gets
// exactly 0, and a row of a matrix with none left gets all zeros (the batched rule).
// Exactly (2^k for e^(k a)) where the exercise is exact; in double otherwise, subtracting the
// largest score first so that exp stays finite.
#include <algorithm>
#include <cmath>
#include <limits>

#include "exercises/operations/kit.h"

namespace attn {
namespace ops {
namespace {

// What the step reads: scores as rows, the rows' eligibility, the temperature, and the role
// of whatever excludes positions.
struct Inputs {
  const Value* scores = nullptr;
  const Value* mask = nullptr;
  int rank = 1;
  Eigen::Index rows = 0, cols = 0;
  std::vector<std::vector<bool>> eligible;  // rows x cols
  bool any_excluded = false;
  MaskRole role = MaskRole::kNone;
  const Value* temperature = nullptr;
};

Result<Inputs> InputsOf(const StepContext& c) {
  Inputs in;
  ATTN_ASSIGN_OR_RETURN(scores, c.Need("scores"));
  in.scores = &scores->Main();
  if (in.scores->kind != Value::Kind::kNumbers || in.scores->rank == 0)
    return Status(ErrorCode::kInvalidInput, "softmax needs a list of scores (or a matrix, row by row)");
  in.rank = in.scores->rank;
  in.rows = in.rank == 1 ? 1 : in.scores->rows();
  in.cols = in.rank == 1 ? in.scores->rows() : in.scores->cols();
  in.mask = c.Arg("mask");
  if (in.mask) in.mask = &in.mask->Main();
  in.temperature = c.Arg("temperature");
  if (in.mask) {
    const Value& m = *in.mask;
    bool row_mask = m.rank == 1 && m.rows() == in.cols;
    bool full_mask = m.rank == 2 && m.rows() == in.rows && m.cols() == in.cols;
    if (m.kind != Value::Kind::kNumbers || !(row_mask || full_mask))
      return Status(ErrorCode::kShapeMismatch, "the mask has " + std::to_string(m.size()) +
                                                   " entries, but the scores have " + std::to_string(in.cols) +
                                                   " positions" + (in.rows > 1 ? " a row" : ""));
  }
  in.role = in.scores->role;
  in.eligible.assign(static_cast<size_t>(in.rows), std::vector<bool>(static_cast<size_t>(in.cols), true));
  for (Eigen::Index r = 0; r < in.rows; ++r) {
    for (Eigen::Index s = 0; s < in.cols; ++s) {
      bool ok = in.rank == 1 ? in.scores->Eligible(0, s) : in.scores->Eligible(r, s);
      if (in.mask) {
        double m = in.mask->rank == 1 ? in.mask->approx(s, 0) : in.mask->approx(r, s);
        if (m != 0 && m != 1) return Status(ErrorCode::kInvalidInput, "a mask's entries are 1 (read) and 0 (not read)");
        ok = ok && m == 1;
      }
      in.eligible[static_cast<size_t>(r)][static_cast<size_t>(s)] = ok;
      in.any_excluded = in.any_excluded || !ok;
    }
  }
  if (in.mask && in.role == MaskRole::kNone)
    in.role = in.mask->role == MaskRole::kNone ? MaskRole::kPadding : in.mask->role;
  return in;
}

bool RowEmpty(const std::vector<bool>& row) {
  return std::none_of(row.begin(), row.end(), [](bool e) { return e; });
}

// How the computation is done: the right way, or one of the wrong ways below.
enum class Way {
  kRight,
  kDividedByCount,
  kZeroScoreZeroWeight,
  kZeroScoreOutOfTotal,
  kDividedByOriginalCount,
  kScoresNormalised,
  kScoresAsWeights,
  kExponentialsAsWeights,
  kShiftedNotNormalised,
  kBase2,
  kTemperatureMultiplied,
  kTemperatureIgnored,
  kMaskIgnored,
  kMaskAfterSoftmax,
  kMaskedScoreZero,
  kMaskTiny,
  kWrongAxis,
  kWrongAxisMasked,
  kAllEntries,
};

template <class S>
Result<S> ExpOf(const S& x, bool base2) {
  if constexpr (kExact<S>) {
    if (base2) {
      auto c = x.constant();
      if (!c || !c->is_integer() || c->num() < -62 || c->num() > 62)
        return Status(ErrorCode::kNotExact, "2 to that power has no exact form here");
      int64_t k = c->num();
      return k >= 0 ? Exact(Rational(int64_t{1} << k)) : Exact(Rational::Of(1, int64_t{1} << -k));
    }
    return ExactExp(x);
  } else {
    return base2 ? std::exp2(x) : std::exp(x);
  }
}

template <class S>
bool IsZero(const S& x) {
  if constexpr (kExact<S>)
    return x.is_zero();
  else
    return x == 0;
}

// x / y; exactly only where y is a constant or both are multiples of a (the a cancels).
template <class S>
Result<S> Divide(const S& x, const S& y) {
  if constexpr (kExact<S>) {
    if (y.constant()) return x / y;
    auto kx = x.multiple_of_ln2(), ky = y.multiple_of_ln2();
    if (kx && ky && !ky->is_zero()) return Exact(*kx / *ky);
    return Status(ErrorCode::kNotExact, "no exact quotient");
  } else {
    return x / y;
  }
}

template <class S>
bool TooSmall(const S& x) {
  if constexpr (kExact<S>)
    return x.is_zero();
  else
    return std::fabs(x) < 1e-9;
}

template <class S>
struct Record {
  Mat<S> scaled, exponentials, weights;
  Vec<S> denominators;  // one a row
};

// The softmax of the rows, done `way`, with `given` fields taken as they are.
template <class S>
Result<Record<S>> Compute(const StepContext& /*context*/, const Inputs& in, Way way, const Given& given) {
  ATTN_ASSIGN_OR_RETURN(scores, RowsOf<S>(*in.scores, "the scores"));
  Record<S> out;
  const Eigen::Index R = in.rows, C = in.cols;
  std::vector<std::vector<bool>> eligible = in.eligible;
  if (way == Way::kMaskIgnored || way == Way::kMaskAfterSoftmax || way == Way::kMaskedScoreZero ||
      way == Way::kWrongAxis)
    for (auto& row : eligible) row.assign(row.size(), true);
  // The scores divided by the temperature.
  S tau = S(1);
  if (in.temperature) {
    ATTN_ASSIGN_OR_RETURN(t, ScalarOf<S>(*in.temperature, "the temperature"));
    tau = t;
    if constexpr (kExact<S>) {
      if (SignOf(tau) <= 0) return Status(ErrorCode::kInvalidInput, "a temperature must be positive");
    } else {
      if (!(tau > 0) || !std::isfinite(tau)) return Status(ErrorCode::kInvalidInput, "a temperature must be positive");
    }
  }
  out.scaled = scores;
  if (way == Way::kTemperatureMultiplied)
    out.scaled = scores * tau;
  else if (way != Way::kTemperatureIgnored)
    out.scaled = scores / tau;
  if (const Value* g = GivenField(given, "scaled")) {
    ATTN_ASSIGN_OR_RETURN(rows, RowsOf<S>(*g, "the scaled scores"));
    out.scaled = rows;
  }
  if (way == Way::kMaskedScoreZero) {
    for (Eigen::Index r = 0; r < R; ++r)
      for (Eigen::Index s = 0; s < C; ++s)
        if (!in.eligible[static_cast<size_t>(r)][static_cast<size_t>(s)]) out.scaled(r, s) = S(0);
  }
  // The softmax over the columns (the wrong axis): done here whole and returned.
  if (way == Way::kWrongAxis || way == Way::kWrongAxisMasked || way == Way::kAllEntries) {
    if constexpr (kExact<S>) {
      return Status(ErrorCode::kNotExact, "done in double");
    } else {
      out.exponentials = Mat<S>::Zero(R, C);
      out.weights = Mat<S>::Zero(R, C);
      out.denominators = Vec<S>::Zero(R);
      if (way == Way::kAllEntries) {
        double top = -std::numeric_limits<double>::infinity();
        for (Eigen::Index r = 0; r < R; ++r)
          for (Eigen::Index s = 0; s < C; ++s)
            if (eligible[static_cast<size_t>(r)][static_cast<size_t>(s)]) top = std::max(top, out.scaled(r, s));
        double total = 0;
        for (Eigen::Index r = 0; r < R; ++r)
          for (Eigen::Index s = 0; s < C; ++s)
            if (eligible[static_cast<size_t>(r)][static_cast<size_t>(s)]) total += std::exp(out.scaled(r, s) - top);
        if (!(total > 0)) return NotHere("nothing to normalise");
        for (Eigen::Index r = 0; r < R; ++r)
          for (Eigen::Index s = 0; s < C; ++s)
            if (eligible[static_cast<size_t>(r)][static_cast<size_t>(s)])
              out.weights(r, s) = std::exp(out.scaled(r, s) - top) / total;
        return out;
      }
      for (Eigen::Index s = 0; s < C; ++s) {
        Eligibility column;
        for (Eigen::Index r = 0; r < R; ++r) column.push_back(eligible[static_cast<size_t>(r)][static_cast<size_t>(s)]);
        if (RowEmpty(column)) continue;
        ATTN_ASSIGN_OR_RETURN(softmax, SoftmaxOf(Vec<double>(out.scaled.col(s)), column));
        out.weights.col(s) = softmax.weights;
      }
      return out;
    }
  }
  out.exponentials = Mat<S>::Zero(R, C);
  out.denominators = Vec<S>::Zero(R);
  out.weights = Mat<S>::Zero(R, C);
  const Value* given_exps = GivenField(given, "exponentials");
  const Value* given_total = GivenField(given, "denominator");
  const Value* given_weights = GivenField(given, "weights");
  Mat<S> typed_exps, typed_weights;
  if (given_exps) {
    ATTN_ASSIGN_OR_RETURN(rows, RowsOf<S>(*given_exps, "the exponentials"));
    if (rows.rows() != R || rows.cols() != C) return Status(ErrorCode::kShapeMismatch, "exponentials of another shape");
    typed_exps = rows;
  }
  Vec<S> typed_totals;
  if (given_total) {
    const Value& t = given_total->Main();
    if (t.rank == 0 && R == 1) {
      ATTN_ASSIGN_OR_RETURN(x, ScalarOf<S>(t, "the total"));
      typed_totals = Vec<S>::Constant(1, x);
    } else {
      ATTN_ASSIGN_OR_RETURN(v, VectorOf<S>(t, "the totals"));
      if (v.size() != R) return Status(ErrorCode::kShapeMismatch, "totals of another length");
      typed_totals = v;
    }
  }
  if (given_weights) {
    ATTN_ASSIGN_OR_RETURN(rows, RowsOf<S>(*given_weights, "the weights"));
    if (rows.rows() != R || rows.cols() != C) return Status(ErrorCode::kShapeMismatch, "weights of another shape");
    typed_weights = rows;
  }
  for (Eigen::Index r = 0; r < R; ++r) {
    const auto& row = eligible[static_cast<size_t>(r)];
    if (RowEmpty(row)) {
      if (in.rank == 1) {
        return Status(ErrorCode::kEmptyMemory,
                      "no eligible source position: with every position excluded there is no normalising total and "
                      "no defined read");
      }
      continue;  // the batched rule: a row with no eligible source is all zeros
    }
    // The exponentials as a learner writes them (of the scaled scores as they are); the
    // weights in double subtract the row's largest score first, which leaves them unchanged.
    S top = S(0);
    if constexpr (!kExact<S>) {
      top = -std::numeric_limits<S>::infinity();
      for (Eigen::Index s = 0; s < C; ++s)
        if (row[static_cast<size_t>(s)]) top = std::max(top, out.scaled(r, s));
    }
    // The largest eligible score, exactly where the arithmetic is exact (for the stable version
    // that stops before normalising).
    S exact_top = S(0);
    if constexpr (kExact<S>) {
      bool first = true;
      for (Eigen::Index s = 0; s < C; ++s)
        if (row[static_cast<size_t>(s)] && (first || SignOf(out.scaled(r, s) - exact_top) > 0)) {
          exact_top = out.scaled(r, s);
          first = false;
        }
    }
    Vec<S> stable = Vec<S>::Zero(C);
    for (Eigen::Index s = 0; s < C; ++s) {
      if (!row[static_cast<size_t>(s)]) continue;
      if (way == Way::kZeroScoreZeroWeight && IsZero(out.scaled(r, s))) continue;
      const bool base2 = way == Way::kBase2;
      if (way == Way::kScoresNormalised) {
        out.exponentials(r, s) = out.scaled(r, s);
        stable(s) = out.scaled(r, s);
        continue;
      }
      if (way == Way::kMaskTiny && !in.eligible[static_cast<size_t>(r)][static_cast<size_t>(s)]) continue;
      ATTN_ASSIGN_OR_RETURN(e, ExpOf<S>(out.scaled(r, s), base2));
      out.exponentials(r, s) = e;
      if constexpr (kExact<S>) {
        stable(s) = e;
      } else {
        stable(s) = base2 ? std::exp2(out.scaled(r, s) - top) : std::exp(out.scaled(r, s) - top);
      }
    }
    if (way == Way::kMaskTiny) {
      // A large but finite negative number in place of -infinity: the masked positions keep a
      // residue of about e^-20 of the largest weight.
      if constexpr (!kExact<S>) {
        for (Eigen::Index s = 0; s < C; ++s)
          if (!in.eligible[static_cast<size_t>(r)][static_cast<size_t>(s)]) stable(s) = std::exp(-20.0);
      } else {
        return Status(ErrorCode::kNotExact, "done in double");
      }
    }
    if (given_exps) {
      for (Eigen::Index s = 0; s < C; ++s)
        out.exponentials(r, s) = row[static_cast<size_t>(s)] ? typed_exps(r, s) : S(0);
      stable = Vec<S>(out.exponentials.row(r).transpose());
    }
    S total = S(0), stable_total = S(0);
    for (Eigen::Index s = 0; s < C; ++s) {
      // The exponential e^0 = 1 written down, then left out of the total.
      if (way == Way::kZeroScoreOutOfTotal && IsZero(out.scaled(r, s))) continue;
      total += out.exponentials(r, s);
      stable_total += stable(s);
    }
    if (way == Way::kDividedByCount || way == Way::kDividedByOriginalCount) {
      // The positions that may be read; or all of them, the removed or padded ones counted too.
      Eigen::Index n = way == Way::kDividedByCount ? std::count(row.begin(), row.end(), true) : C;
      total = S(static_cast<int64_t>(n));
      if constexpr (!kExact<S>)
        stable_total = total * std::exp(-top);
      else
        stable_total = total;
    }
    if (given_total) {
      total = typed_totals(r);
      stable_total = total;
      stable = Vec<S>(out.exponentials.row(r).transpose());
    }
    out.denominators(r) = total;
    if (way == Way::kZeroScoreOutOfTotal) {
      // The total as written is right; only the division leaves e^0 out (taking it as 0 in the
      // total is zero-score-zero-weight's).
      S full = S(0);
      for (Eigen::Index s = 0; s < C; ++s) full += out.exponentials(r, s);
      out.denominators(r) = full;
    }
    if constexpr (kExact<S>) {
      if (!total.valid()) return total.status();
    }
    if (TooSmall(stable_total)) return NotHere("a total of 0");
    for (Eigen::Index s = 0; s < C; ++s) {
      if (way == Way::kScoresAsWeights) {
        out.weights(r, s) = out.scaled(r, s);
      } else if (way == Way::kExponentialsAsWeights) {
        out.weights(r, s) = out.exponentials(r, s);
      } else if (way == Way::kShiftedNotNormalised) {
        if constexpr (kExact<S>) {
          if (row[static_cast<size_t>(s)]) {
            ATTN_ASSIGN_OR_RETURN(e, ExpOf<S>(out.scaled(r, s) - exact_top, false));
            out.weights(r, s) = e;
          }
        } else {
          out.weights(r, s) = stable(s);
        }
      } else {
        ATTN_ASSIGN_OR_RETURN(w, Divide(stable(s), stable_total));
        out.weights(r, s) = w;
      }
    }
    if (way == Way::kMaskAfterSoftmax) {
      for (Eigen::Index s = 0; s < C; ++s)
        if (!in.eligible[static_cast<size_t>(r)][static_cast<size_t>(s)]) out.weights(r, s) = S(0);
    }
  }
  if (given_weights) out.weights = typed_weights;
  if constexpr (kExact<S>) {
    for (Eigen::Index i = 0; i < out.weights.size(); ++i)
      if (!out.weights.data()[i].valid()) return out.weights.data()[i].status();
  }
  return out;
}

template <class S>
Value ValueOf(const Inputs& in, const Record<S>& r, bool exact_shown) {
  auto field = [&](const Mat<S>& rows) {
    Value v = FromRows(rows, in.rank);
    v.exact_shown = exact_shown;
    v.labels = in.scores->labels;
    if (in.any_excluded) v.eligible = in.eligible;  // empty: every position may be read
    v.role = in.role;
    return v;
  };
  Value scaled = field(r.scaled), exps = field(r.exponentials), weights = field(r.weights);
  Value total = Value::List(r.denominators);
  if (in.rank == 1) {
    if constexpr (kExact<S>)
      total = Value::Scalar(Exact(r.denominators(0)));
    else
      total = Value::Scalar(static_cast<double>(r.denominators(0)));
  }
  total.exact_shown = exact_shown;
  return Value::Record({{"scaled", scaled}, {"exponentials", exps}, {"denominator", total}, {"weights", weights}},
                       "weights");
}

Result<Value> Run(const StepContext& c, Way way, const Given& given) {
  ATTN_ASSIGN_OR_RETURN(in, InputsOf(c));
  return InArithmetic(c, false, [&](auto zero) -> Result<Value> {
    using S = decltype(zero);
    auto record = Compute<S>(c, in, way, given);
    if constexpr (kExact<S>) {
      // A wrong way that leaves exact arithmetic (base 2 of a, the columns) is done in double.
      if (!record.ok() && way != Way::kRight && record.status().code() == ErrorCode::kNotExact) {
        StepContext loose = c;
        std::vector<Value> held;
        held.reserve(c.args.size());
        for (auto& [name, value] : loose.args) {
          if (!value) continue;
          held.push_back(value->Approximate());
          value = &held.back();
        }
        ATTN_ASSIGN_OR_RETURN(in2, InputsOf(loose));
        ATTN_ASSIGN_OR_RETURN(r2, Compute<double>(loose, in2, way, {}));
        return ValueOf(in, r2, false);
      }
    }
    if (!record.ok()) return record.status();
    return ValueOf(in, *record, c.exact);
  });
}

Result<Value> Apply(const StepContext& c, const Given& given) { return Run(c, Way::kRight, given); }

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
    default: return "the padded positions";
  }
}

const Value* TotalOf(const Value& right) { return right.Field("denominator"); }

std::string DividedByCount(const Explaining& e) {
  Inputs held;
  const Inputs& in = Of(e, held);
  std::string out = e.Comes() + " from dividing by the number of positions";
  if (in.rows == 1 && in.scores) {
    Eigen::Index n = std::count(in.eligible[0].begin(), in.eligible[0].end(), true);
    out += ", " + std::to_string(n) + ", instead of by the sum of the exponentials, " + Said(*TotalOf(*e.right)) + ".";
  } else {
    out += " in each row instead of by the sum of that row's exponentials.";
  }
  return out + " Only dividing by that sum gives weights that add up to 1.";
}
std::string DividedByCountQuiet(const Explaining& e) {
  return e.Comes() +
         " from dividing by the number of positions instead of by the sum of the exponentials. Only dividing by "
         "that sum gives weights that add up to 1.";
}

std::string ZeroScore(const Explaining& e) {
  return e.Comes() +
         " from taking e^0 as 0. A score of 0 has exponential e^0 = 1, so that position still gets weight and still "
         "counts in the total.";
}

std::string DividedByOriginalCount(const Explaining& e) {
  Inputs held;
  const Inputs& in = Of(e, held);
  std::string out = e.Comes() + " from dividing by the number of positions, " + std::to_string(in.cols) +
                    ", counting " + Excluded(in.role) + " as well";
  if (in.rows == 1 && in.scores)
    out += ", instead of by the sum of the exponentials that are left, " + Said(*TotalOf(*e.right));
  return out + ". Only the exponentials of the positions that may be read are added up, and divided by that sum.";
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

std::string ZeroScoreOutOfTotal(const Explaining& e) {
  std::string out = e.Comes() + " from leaving e^0 = 1 out of the total";
  if (e.right && TotalOf(*e.right) && TotalOf(*e.right)->rank == 0)
    out += " (the sum of the exponentials is " + Said(*TotalOf(*e.right)) + ")";
  return out +
         ": a position whose score is 0 keeps its exponential 1 in its own weight, so that 1 counts in the sum "
         "as well, or the weights add up to more than 1.";
}

std::string ScoresNormalised(const Explaining& e) {
  if (e.noun == "exponentials")
    return "your exponentials are the scores themselves: take e to the power of each score" +
           std::string(e.step->exact ? " (e^a = 2, e^0 = 1)." : ".");
  std::string out = e.Comes() + " from dividing each score by the sum of the scores, without exponentiating them.";
  bool negative = false;
  if (e.wrong->value) {
    const Value* w = e.wrong->value->Field("weights");
    negative = w && (w->approx.array() < 0).any();
  }
  if (negative) out += " Here that makes some weights negative.";
  return out + " Softmax takes e to the power of each score first" +
         std::string(e.step->exact ? " (e^a = 2, e^0 = 1)" : "") +
         " and divides by the sum of those exponentials, so every weight is positive.";
}

std::string ScoresAsWeights(const Explaining& e) {
  return e.Comes() + " from using the scores as the weights. Weights come from exponentiating each score and " +
         "dividing by the sum of the exponentials" +
         (IsMatrix(*e.step) || !TotalOf(*e.right) ? std::string(".") : " (" + Said(*TotalOf(*e.right)) + ").");
}
std::string ScoresAsWeightsQuiet(const Explaining& e) {
  return e.Comes() +
         " from using the scores as the weights. Weights come from exponentiating each score and dividing by the "
         "sum of the exponentials.";
}

std::string ExponentialsAsWeights(const Explaining& e) {
  return e.Comes() + " from using the exponentials as the weights. Divide each by their sum" +
         (IsMatrix(*e.step) || !TotalOf(*e.right) ? std::string("") : ", " + Said(*TotalOf(*e.right))) +
         ", so that the weights add up to 1.";
}
std::string ExponentialsAsWeightsQuiet(const Explaining& e) {
  return e.Comes() +
         " from using the exponentials as the weights. Divide each by their sum, so that the weights "
         "add up to 1.";
}

std::string ShiftedNotNormalised(const Explaining& e) {
  return e.Comes() +
         " from subtracting the largest score and exponentiating, then stopping there: the largest gets e^0 = 1. "
         "Divide each of those exponentials by their sum; the weights are the same as without the subtraction.";
}

std::string Base2(const Explaining& e) {
  return e.Comes() + " from raising 2, not e, to the power of each score. Softmax uses e: e^x, then divide by the sum.";
}

std::string TemperatureText(const StepContext& c) {
  const Value* t = c.Arg("temperature");
  return t ? Said(*t) : "1";
}

std::string TemperatureMultiplied(const Explaining& e) {
  std::string t = TemperatureText(*e.step);
  return e.Comes() + " from multiplying the scores by the temperature " + t +
         ". The temperature divides them: softmax(e / " + t + ").";
}

std::string TemperatureIgnored(const Explaining& e) {
  std::string t = TemperatureText(*e.step);
  return e.Comes() + " from the scores as they are, at temperature 1. Divide every score by " + t +
         " before the softmax.";
}

std::string MaskIgnored(const Explaining& e) {
  switch (RoleOf(*e.step)) {
    case MaskRole::kRemoval:
      return e.Are() + " what the read gives before any change: with " + Removed(e) +
             " removed, the softmax runs over the positions that are left, so the other weights grow.";
    case MaskRole::kWindow:
      return e.Comes() +
             " from the read with no window: the local window cannot see a position outside it, so that position "
             "gets no weight at all.";
    default:
      return e.Comes() +
             " from the read with no mask applied, so the padded positions got weight. A padded position must get "
             "exactly 0.";
  }
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

std::string WrongAxis(const Explaining& e) {
  if (!IsMatrix(*e.step))
    return e.Comes() +
           " from normalising along the wrong axis: over the targets, of which there is one here, so each position is "
           "divided by itself and gets 1. A query's weights are normalised across the source positions, so that "
           "together they add up to 1.";
  if (e.noun == "axis")
    return "that is the axis a softmax down the columns would normalise. Each target's weights must add up to 1 "
           "across the source positions, the last axis.";
  return e.Comes() +
         " from normalising down the columns (over the target positions). Each target's weights must add up to 1 "
         "across the source positions, the last axis.";
}

std::string WrongAxisMasked(const Explaining& e) {
  return e.Comes() +
         " from masking correctly but then normalising down the columns, across the rows, instead of along each "
         "row. Each row's eligible weights must add up to 1 across its own source positions.";
}

std::string AllEntries(const Explaining& e) {
  return e.Comes() +
         " from one softmax over every entry of the matrix at once, so all the entries together add up to 1. Each "
         "row is its own distribution: normalise row by row.";
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
bool AnyExcluded(const StepContext& c) { return Excludes(c); }
bool PaddingOrWindow(const StepContext& c) { return Excludes(c) && RoleOf(c) != MaskRole::kRemoval; }
bool WithTemperatureOtherThan1(const StepContext& c) { return HasTemperature(c); }
bool Matrix(const StepContext& c) { return IsMatrix(c); }
// A single row read along the wrong axis: each position normalised on its own (one target).
bool AnyRows(const StepContext& c) {
  auto in = InputsOf(c);
  return in.ok();
}
bool MatrixWithMask(const StepContext& c) { return IsMatrix(c) && Excludes(c); }
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

std::optional<std::string> Impossible(const StepContext& c, const std::string& field, const Typed& typed) {
  auto in = InputsOf(c);
  if (!in.ok()) return std::nullopt;
  auto rows = RowsOf<double>(typed.value, "the answer");
  if (!rows.ok() || rows->rows() != in->rows || rows->cols() != in->cols) {
    if (field == "denominator") {
      if (typed.value.rank == 0 && !(typed.value.approx(0, 0) + typed.tolerance(0, 0) > 0))
        return std::string("a sum of exponentials is positive");
      return std::nullopt;
    }
    return std::string("it does not have one entry per position");
  }
  Mat<double> tol = typed.value.rank == 1 ? Mat<double>(typed.tolerance.transpose()) : typed.tolerance;
  for (Eigen::Index r = 0; r < in->rows; ++r) {
    const auto& row = in->eligible[static_cast<size_t>(r)];
    double sum = 0, slack = 1e-9;
    for (Eigen::Index s = 0; s < in->cols; ++s) {
      double x = (*rows)(r, s), t = tol(r, s);
      bool may = row[static_cast<size_t>(s)];
      if (field == "weights" || field == "exponentials") {
        if (!may && std::fabs(x) > t) return std::string("a position that may not be read has nothing there");
        if (x + t < 0)
          return std::string(field == "weights" ? "a weight cannot be negative" : "an exponential is positive");
        if (field == "exponentials" && may && !(x + t > 0)) return std::string("an exponential is positive");
      }
      sum += x;
      slack += t;
    }
    if (field == "weights" && !RowEmpty(row) && std::fabs(sum - 1) > slack)
      return "weights add up to 1, and these add up to " + DecimalString(sum);
    if (field == "weights" && RowEmpty(row) && std::fabs(sum) > slack)
      return std::string("a row with nothing to read has no weight");
  }
  return std::nullopt;
}

}  // namespace
}  // namespace ops

using namespace ops;

extern const Operation kSoftmaxOperation = {
    "softmax",
    "Weights from scores: each score divided by the temperature, exponentiated over the positions that may be "
    "read, and divided by the total of those exponentials; a list, or a matrix row by row.",
    {{"scores", ArgSpec::Kind::kValue, true, "the scores: a list, or a matrix whose rows are normalised apart"},
     {"temperature", ArgSpec::Kind::kValue, false, "a positive number that divides every score (1 if not given)"},
     {"mask", ArgSpec::Kind::kValue, false, "1 where a position may be read, 0 where not (a list, or one a row)"}},
    {{"scaled", "scaled scores", true, nullptr, "s_i=e_i/\\tau"},
     {"exponentials", "exponentials", true, nullptr, "\\exp(s_i)"},
     {"denominator", "total", false, nullptr, "\\textstyle\\sum_j \\exp(s_j)"},
     {"weights", "weights", true, nullptr, "\\alpha_i=\\exp(s_i)/\\textstyle\\sum_j \\exp(s_j)"}},
    Apply,
    {
        {"intervention-not-applied",
         [](const StepContext& c) {
           return RoleTag(c, "intervention-not-applied", "mask-ignored", "local-window-miss");
         },
         1, false, When<Way::kMaskIgnored, AnyExcluded>, MaskIgnored},
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
        {"mask-not-exactly-zero", nullptr, 12, false,
         [](const StepContext& c, const Value& right) -> Result<WrongResult> {
           if (!PaddingOrWindow(c)) return NotHere("no padding or window");
           ATTN_ASSIGN_OR_RETURN(out, (Done<Way::kMaskTiny>(c, right)));
           out.tiny_for_zero = true;
           return out;
         },
         MaskTiny},
        {"wrong-axis", nullptr, 13, true, When<Way::kWrongAxis, AnyRows>, WrongAxis},
        {"wrong-axis", nullptr, 14, true, When<Way::kWrongAxisMasked, MatrixWithMask>, WrongAxisMasked},
        {"all-entries", nullptr, 15, false, When<Way::kAllEntries, Matrix>, AllEntries},
        {"temperature-multiplied", nullptr, 20, false, When<Way::kTemperatureMultiplied, WithTemperatureOtherThan1>,
         TemperatureMultiplied},
        {"temperature-ignored", nullptr, 21, false, When<Way::kTemperatureIgnored, WithTemperatureOtherThan1>,
         TemperatureIgnored},
        {"divided-by-count", nullptr, 30, false, When<Way::kDividedByCount, Always>, DividedByCount,
         DividedByCountQuiet},
        {"zero-score-zero-weight", nullptr, 31, false, When<Way::kZeroScoreZeroWeight, SomeZeroScore>, ZeroScore},
        {"zero-score-out-of-total", nullptr, 31, false, When<Way::kZeroScoreOutOfTotal, SomeZeroScore>,
         ZeroScoreOutOfTotal, ZeroScoreOutOfTotalQuiet},
        {"divided-by-count", nullptr, 30, false, When<Way::kDividedByOriginalCount, AnyExcluded>,
         DividedByOriginalCount, DividedByOriginalCountQuiet},
        {"scores-normalised", nullptr, 32, false, When<Way::kScoresNormalised, Always>, ScoresNormalised},
        {"scores-as-weights", nullptr, 33, false, When<Way::kScoresAsWeights, Always>, ScoresAsWeights,
         ScoresAsWeightsQuiet},
        {"exponentials-as-weights", nullptr, 34, false, When<Way::kExponentialsAsWeights, Always>,
         ExponentialsAsWeights, ExponentialsAsWeightsQuiet},
        {"max-subtracted-not-normalised", nullptr, 35, false, When<Way::kShiftedNotNormalised, LargestNotZero>,
         ShiftedNotNormalised},
        {"base-2", nullptr, 36, false, When<Way::kBase2, Always>, Base2},
        {"naive-overflow", nullptr, 40, false, NaiveOverflowWrong, NaiveOverflow},
    },
    Impossible,
};

}  // namespace attn
