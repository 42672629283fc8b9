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

#include "exercises/operations/softmax_way.h"

namespace attn {
namespace ops::softmax {

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

namespace {

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
  if (way == Way::kLogSoftmax) {
    // ln of each weight that may be read: a natural logarithm has no exact form here.
    if constexpr (kExact<S>) {
      return Status(ErrorCode::kNotExact, "done in double");
    } else {
      for (Eigen::Index r = 0; r < R; ++r)
        for (Eigen::Index s = 0; s < C; ++s)
          if (in.eligible[static_cast<size_t>(r)][static_cast<size_t>(s)])
            out.weights(r, s) = std::log(out.weights(r, s));
    }
  }
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

}  // namespace

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

namespace {

// The way a derived mistake's operator asks for (StepContext::dial), or the right one.
Way WayOf(const StepContext& c) {
  switch (c.dial) {
    case Dial::kExpAsIdentity: return Way::kScoresNormalised;
    case Dial::kExpBase2: return Way::kBase2;
    case Dial::kDivideByCount: return Way::kDividedByCount;
    case Dial::kNotNormalised: return Way::kExponentialsAsWeights;
    case Dial::kLogSoftmax: return Way::kLogSoftmax;
    case Dial::kColumns: {
      auto in = InputsOf(c);
      if (in.ok() && in->rank == 2 && in->rows > 1 && in->any_excluded) return Way::kWrongAxisMasked;
      return Way::kWrongAxis;
    }
    case Dial::kAllEntries: {
      auto in = InputsOf(c);
      return in.ok() && in->rank == 2 && in->rows > 1 ? Way::kAllEntries : Way::kRight;
    }
    default: return Way::kRight;
  }
}

Result<Value> Apply(const StepContext& c, const Given& given) {
  const Way way = WayOf(c);
  if (c.dial != Dial::kNone && way == Way::kRight) return NotHere("no such operator here");
  return Run(c, way, given);
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
}  // namespace ops::softmax

using namespace ops::softmax;

extern const Operation kSoftmaxOperation = {
    "softmax",
    "Weights from scores: each score divided by the temperature, exponentiated over the positions that may be "
    "read, and divided by the total of those exponentials; a list, or a matrix row by row.",
    {{"scores", ArgSpec::Kind::kValue, true, "the scores: a list, or a matrix whose rows are normalised apart"},
     {"temperature", ArgSpec::Kind::kValue, false, "a positive number that divides every score (1 if not given)",
      ArgSpec::Role::kDivisor, nullptr, "The temperature divides every score before the softmax."},
     {"mask", ArgSpec::Kind::kValue, false, "1 where a position may be read, 0 where not (a list, or one a row)",
      ArgSpec::Role::kValue, nullptr,
      "A position the mask marks 0 gets exactly 0: it leaves both the exponentials and their total."}},
    {{"scaled", "scaled scores", true, nullptr, "s_i=e_i/\\tau"},
     {"exponentials", "exponentials", true, nullptr, "\\exp(s_i)"},
     {"denominator", "total", false, nullptr, "\\textstyle\\sum_j \\exp(s_j)"},
     {"weights", "weights", true, nullptr, "\\alpha_i=\\exp(s_i)/\\textstyle\\sum_j \\exp(s_j)"}},
    Apply,
    WrongVersions(),
    Impossible,
    {Dial::kExpAsIdentity, Dial::kExpBase2, Dial::kDivideByCount, Dial::kNotNormalised, Dial::kLogSoftmax,
     Dial::kColumns, Dial::kAllEntries},
};

}  // namespace attn
