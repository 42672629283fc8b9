// Masks, 1 where a position may be read and 0 where not: "padding_mask" from each batch item's
// source length (positions past it are padding), and "window_mask", a local window [start, end)
// counted from 1 as the chapter writes it, and "causal_mask", T rows of S: target t reads the sources up to
// its own position and none after it. "zeros_like": a list or matrix of zeros of another's
// shape (equal scores: the flattest weights a mask allows).
#include <algorithm>

#include "exercises/operations/kit.h"

namespace attn {
namespace ops {
namespace {

Result<std::vector<int64_t>> LengthsOf(const StepContext& c, int64_t* S) {
  ATTN_ASSIGN_OR_RETURN(lengths_value, c.Need("lengths"));
  ATTN_ASSIGN_OR_RETURN(s_value, c.Need("S"));
  ATTN_ASSIGN_OR_RETURN(s, IntegerOf(*s_value, "S"));
  if (s < 1 || s > 4096) return Status(ErrorCode::kInvalidInput, "S must be a whole number from 1 to 4096");
  *S = s;
  ATTN_ASSIGN_OR_RETURN(v, VectorOf<Exact>(*lengths_value, "the lengths"));
  std::vector<int64_t> out;
  for (Eigen::Index i = 0; i < v.size(); ++i) {
    auto n = v(i).constant();
    if (!n || !n->is_integer() || n->num() < 0 || n->num() > s)
      return Status(ErrorCode::kInvalidInput,
                    "each source length is a whole number from 0 to S = " + std::to_string(s));
    out.push_back(n->num());
  }
  if (out.empty() || out.size() > 4096) return Status(ErrorCode::kInvalidInput, "there must be 1 to 4096 lengths");
  return out;
}

Value MaskValue(const Mat<Exact>& m, int rank, MaskRole role) {
  Value v = rank == 1 ? Value::List(Vec<Exact>(m.row(0).transpose())) : Value::Matrix(m);
  v.mask = true;
  v.role = role;
  return v;
}

Result<Value> Padding(const StepContext& c, bool inverted) {
  int64_t S = 0;
  ATTN_ASSIGN_OR_RETURN(lengths, LengthsOf(c, &S));
  Mat<Exact> m(static_cast<Eigen::Index>(lengths.size()), S);
  for (size_t b = 0; b < lengths.size(); ++b)
    for (int64_t s = 0; s < S; ++s) m(static_cast<Eigen::Index>(b), s) = Exact((s < lengths[b]) != inverted ? 1 : 0);
  return MaskValue(m, 2, MaskRole::kPadding);
}

Result<Value> ApplyPadding(const StepContext& c, const Given&) { return Padding(c, false); }

enum class Way { kRight, kClosed, kShifted };

Result<Value> Window(const StepContext& c, Way way) {
  ATTN_ASSIGN_OR_RETURN(s_value, c.Need("S"));
  ATTN_ASSIGN_OR_RETURN(w_value, c.Need("window"));
  ATTN_ASSIGN_OR_RETURN(S, IntegerOf(*s_value, "S"));
  if (S < 1 || S > 4096) return Status(ErrorCode::kInvalidInput, "S must be a whole number from 1 to 4096");
  ATTN_ASSIGN_OR_RETURN(w, VectorOf<Exact>(*w_value, "the window"));
  if (w.size() != 2 || !w(0).constant() || !w(1).constant() || !w(0).constant()->is_integer() ||
      !w(1).constant()->is_integer())
    return Status(ErrorCode::kInvalidInput, "a window is written [start, end), counted from 1");
  int64_t start = w(0).constant()->num(), end = w(1).constant()->num();
  if (start < 1 || end <= start || end > S + 1)
    return Status(ErrorCode::kInvalidInput, "a window [start, end) has 1 <= start < end <= S + 1");
  if (way == Way::kClosed) end += 1;
  if (way == Way::kShifted) {
    start += 1;
    end += 1;
  }
  end = std::min<int64_t>(end, S + 1);
  std::optional<int64_t> also;
  if (const std::string extra = c.Word("also"); !extra.empty()) {
    ATTN_ASSIGN_OR_RETURN(index, PositionIn(extra, NumberLabels(S)));
    also = index + 1;
  }
  Mat<Exact> m(1, S);
  for (int64_t s = 1; s <= S; ++s) m(0, s - 1) = Exact((s >= start && s < end) || (also && s == *also) ? 1 : 0);
  return MaskValue(m, 1, MaskRole::kWindow);
}

Result<Value> ApplyWindow(const StepContext& c, const Given&) { return Window(c, Way::kRight); }

template <Way way>
Result<WrongResult> WindowDone(const StepContext& c, const Value&) {
  ATTN_ASSIGN_OR_RETURN(v, Window(c, way));
  return Wrong(v);
}

std::string ClosedWords(const Explaining& e) {
  return e.Comes() +
         " from reading the window [start, end) as closed. It is half-open: it includes its start and stops before "
         "its end, so the end position itself is outside it.";
}

std::string ShiftedWords(const Explaining& e) {
  return e.Comes() +
         " from shifting both ends of the window by one. Its ends are already positions counted from 1 here; "
         "shifting them reads the window as if it counted from 0.";
}

enum class Causal { kRight, kSelfLeftOut, kReversed };

// T × S, counted from 1: target t reads source s where s <= t + offset (offset: the source positions
// before the first target, 0 where they line up). The wrong ways leave the diagonal out, or read
// the later positions instead of the earlier ones.
Result<Value> CausalOf(const StepContext& c, Causal way) {
  ATTN_ASSIGN_OR_RETURN(t_value, c.Need("T"));
  ATTN_ASSIGN_OR_RETURN(s_value, c.Need("S"));
  ATTN_ASSIGN_OR_RETURN(T, IntegerOf(*t_value, "T"));
  ATTN_ASSIGN_OR_RETURN(S, IntegerOf(*s_value, "S"));
  if (T < 1 || T > 64 || S < 1 || S > 64)
    return Status(ErrorCode::kInvalidInput, "a causal mask has T and S from 1 to 64 (one entry a pair)");
  int64_t offset = 0;
  if (c.Has("offset")) {
    ATTN_ASSIGN_OR_RETURN(o_value, c.Need("offset"));
    ATTN_ASSIGN_OR_RETURN(o, IntegerOf(*o_value, "offset"));
    if (o < 0 || o > S) return Status(ErrorCode::kInvalidInput, "the offset is a whole number from 0 to S");
    offset = o;
  }
  Mat<Exact> m(T, S);
  for (int64_t t = 1; t <= T; ++t)
    for (int64_t s = 1; s <= S; ++s) {
      const int64_t last = t + offset;  // the last source target t may read
      const bool reads = way == Causal::kRight ? s <= last : way == Causal::kSelfLeftOut ? s < last : s >= last;
      m(t - 1, s - 1) = Exact(reads ? 1 : 0);
    }
  return MaskValue(m, 2, MaskRole::kCausal);
}

Result<Value> ApplyCausal(const StepContext& c, const Given&) { return CausalOf(c, Causal::kRight); }

template <Causal way>
Result<WrongResult> CausalDone(const StepContext& c, const Value&) {
  ATTN_ASSIGN_OR_RETURN(v, CausalOf(c, way));
  return Wrong(v);
}

std::string SelfLeftOutWords(const Explaining& e) {
  return e.Your() +
         " leaves out each target's own position. Causal order forbids only the sources after the target; the "
         "source at the target's own position may be read.";
}

std::string ReversedWords(const Explaining& e) {
  return e.Your() +
         " lets each target read the sources after it instead of those before it. Causal order runs the other "
         "way: target t reads the sources up to its own position, and none later.";
}

Result<Value> ApplyZeros(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(of, c.Need("of"));
  const Value& v = of->Main();
  if (v.kind != Value::Kind::kNumbers) return Status(ErrorCode::kInvalidInput, "zeros_like needs numbers");
  Value out = v.rank == 2 ? Value::Matrix(Mat<Exact>(Mat<Exact>::Constant(v.rows(), v.cols(), Exact(0))))
                          : Value::List(Vec<Exact>(Vec<Exact>::Constant(v.rows(), Exact(0))));
  out.exact_shown = c.exact;
  out.labels = v.labels;
  return out;
}

}  // namespace
}  // namespace ops

using namespace ops;

extern const Operation kPaddingMaskOperation = {
    "padding_mask",
    "One row a batch item: 1 for its real source positions (the first `length` of them) and 0 for the padding "
    "after them.",
    {{"lengths", ArgSpec::Kind::kValue, true, "each item's source length", ArgSpec::Role::kBounds, nullptr,
      "An item of length n has its first n positions real and the rest padding."},
     {"S", ArgSpec::Kind::kValue, true, "the padded source length"}},
    {{"", "mask", false}},
    ApplyPadding,
    {},
};

extern const Operation kWindowMaskOperation = {
    "window_mask",
    "1 for the positions of a local window [start, end), counted from 1, and 0 elsewhere (with also: one more "
    "position read as well).",
    {{"S", ArgSpec::Kind::kValue, true, "the number of source positions"},
     {"window", ArgSpec::Kind::kValue, true, "[start, end), counted from 1", ArgSpec::Role::kBounds, nullptr,
      "A window [start, end) holds its start and stops before its end, counted from 1."},
     {"also", ArgSpec::Kind::kWord, false, "a position read as well as the window's"}},
    {{"", "window", false}},
    ApplyWindow,
    {
        {"window-off-by-one", nullptr, 17, true, WindowDone<Way::kClosed>, ClosedWords},
        {"window-off-by-one", nullptr, 18, true, WindowDone<Way::kShifted>, ShiftedWords},
    },
};

extern const Operation kCausalMaskOperation = {
    "causal_mask",
    "T rows of S, counted from 1: 1 where target t may read source s, which is s <= t (s <= t + offset "
    "where offset sources come before the first target), and 0 for the sources after it.",
    {{"T", ArgSpec::Kind::kValue, true, "the number of target positions (queries), at most 64"},
     {"S", ArgSpec::Kind::kValue, true, "the number of source positions (keys), at most 64"},
     {"offset", ArgSpec::Kind::kValue, false,
      "the source positions before the first target (0 if not given: target t lines up with source t)"}},
    {{"", "causal mask", false}},
    ApplyCausal,
    {
        {"causal-self-left-out", nullptr, 19, false, CausalDone<Causal::kSelfLeftOut>, SelfLeftOutWords},
        {"causal-reversed", nullptr, 20, false, CausalDone<Causal::kReversed>, ReversedWords},
    },
};

extern const Operation kZerosLikeOperation = {
    "zeros_like",
    "Zeros of another list's or matrix's shape (equal scores).",
    {{"of", ArgSpec::Kind::kValue, true, "the list or matrix whose shape is taken"}},
    {{"", "scores", true}},
    ApplyZeros,
    {},
};

}  // namespace attn
