// Counts and shapes, always exact: the shape of a batch's scores (B, H, T, S) and of its contexts
// (B, T, D_v), a shape's count of entries, bytes from a count, Chapter 14's storage and work for
// a recurrent read (n states of width d, t target steps), and Chapter 19's multiplications for
// global attention, T·S·(D_k + D_v), which stays a formula where the sizes are symbols.
#include <algorithm>

#include "exercises/operations/kit.h"

namespace attn {
namespace ops {
namespace {

Result<Exact> SizeOf(const StepContext& c, const char* name) {
  ATTN_ASSIGN_OR_RETURN(v, c.Need(name));
  return ScalarOf<Exact>(*v, name);
}

Value Count(const Exact& x, AnswerForm form = AnswerForm::kCount) {
  Value v = Value::Scalar(x);
  v.form = form;
  return v;
}

Value Shape(const std::vector<Exact>& dims) {
  Vec<Exact> v(static_cast<Eigen::Index>(dims.size()));
  for (size_t i = 0; i < dims.size(); ++i) v(static_cast<Eigen::Index>(i)) = dims[i];
  Value out = Value::List(v);
  out.form = AnswerForm::kShape;
  return out;
}

// Which sizes a shape operation has.
struct Sizes {
  std::optional<Exact> B, H, T, S, Dk, Dv;
};

Result<Sizes> SizesOf(const StepContext& c) {
  Sizes s;
  for (auto [name, slot] :
       {std::pair{"B", &s.B}, {"H", &s.H}, {"T", &s.T}, {"S", &s.S}, {"D_k", &s.Dk}, {"D_v", &s.Dv}}) {
    if (!c.Has(name)) continue;
    ATTN_ASSIGN_OR_RETURN(x, SizeOf(c, name));
    *slot = x;
  }
  return s;
}

std::vector<Exact> With(std::initializer_list<std::optional<Exact>> dims) {
  std::vector<Exact> out;
  for (const auto& d : dims)
    if (d) out.push_back(*d);
  return out;
}

Result<Value> ApplyScoreShape(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(s, SizesOf(c));
  return Shape(With({s.B, s.H, s.T, s.S}));
}

Result<WrongResult> KeyWidthKept(const StepContext& c, const Value&) {
  ATTN_ASSIGN_OR_RETURN(s, SizesOf(c));
  if (!s.Dk) return NotHere("no key width given");
  return Wrong(Shape(With({s.B, s.H, s.T, s.Dk})));
}

std::string KeyWidthKeptWords(const Explaining& e) {
  return e.Your() +
         (e.noun == "shape" ? " ends with the key width D_k" : " comes from a shape that ends with the key width D_k") +
         ", but each score is a dot product: the D_k products of a query and a key are added up into one number, so "
         "that axis disappears and one axis of S keys takes its place.";
}

Result<Value> ApplyContextShape(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(s, SizesOf(c));
  return Shape(With({s.B, s.H, s.T, s.Dv}));
}

Result<WrongResult> KeyWidthForValueWidth(const StepContext& c, const Value&) {
  ATTN_ASSIGN_OR_RETURN(s, SizesOf(c));
  if (!s.Dk) return NotHere("no key width given");
  return Wrong(Shape(With({s.B, s.H, s.T, s.Dk})));
}

Result<WrongResult> WeightsAsContext(const StepContext& c, const Value&) {
  ATTN_ASSIGN_OR_RETURN(s, SizesOf(c));
  if (!s.S) return NotHere("no source length given");
  return Wrong(Shape(With({s.B, s.H, s.T, s.S})));
}

Result<WrongResult> SourceAxisKept(const StepContext& c, const Value&) {
  ATTN_ASSIGN_OR_RETURN(s, SizesOf(c));
  if (!s.S) return NotHere("no source length given");
  return Wrong(Shape(With({s.B, s.H, s.S, s.Dv})));
}

std::string KeyWidthForValueWidthWords(const Explaining& e) {
  return e.Your() +
         " ends with the key width D_k. The context mixes the values, so its last axis is the value width D_v; D_k "
         "is summed away inside the scores.";
}

std::string WeightsAsContextWords(const Explaining&) {
  return "that is the shape of the scores and weights, one number per key. The context multiplies the weights by V, "
         "which sums over the S keys and leaves one value-width vector per query: (B, T, D_v).";
}

std::string SourceAxisKeptWords(const Explaining& e) {
  return e.Your() +
         " keeps one row per key. Multiplying the weights by V sums over the source axis, so the context has one row "
         "per query, T of them, each as wide as a value.";
}

Result<Value> ApplyShapeOf(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(of, c.Need("of"));
  const Value& v = of->Main();
  if (v.kind != Value::Kind::kNumbers) return Status(ErrorCode::kInvalidInput, "shape_of needs numbers");
  if (v.rank == 0) return Shape({});
  if (v.rank == 1) return Shape({Exact(static_cast<int64_t>(v.rows()))});
  return Shape({Exact(static_cast<int64_t>(v.rows())), Exact(static_cast<int64_t>(v.cols()))});
}

// The entries of a shape multiplied: how many numbers a tensor of that shape holds.
Result<Value> ApplyCount(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(shape, c.Need("shape"));
  ATTN_ASSIGN_OR_RETURN(dims, VectorOf<Exact>(*shape, "the shape"));
  Exact total(1);
  for (Eigen::Index i = 0; i < dims.size(); ++i) total = total * dims(i);
  if (!total.valid()) return total.status();
  return Count(total);
}

std::optional<std::string> ImpossibleShape(const StepContext&, const std::string&, const Typed& typed) {
  const Value& v = typed.value;
  if (v.rank > 1) return std::string("a shape is a list of sizes");
  for (Eigen::Index i = 0; i < v.size(); ++i) {
    double x = v.approx.data()[i];
    if (!(x >= 1) || x != std::round(x)) return std::string("each size in a shape is a whole number of at least 1");
  }
  return std::nullopt;
}

std::optional<std::string> ImpossibleCount(const StepContext&, const std::string&, const Typed& typed) {
  const Value& v = typed.value;
  if (v.rank != 0) return std::string("a count is one number");
  double x = v.approx(0, 0);
  if (!(x >= 0) || x != std::round(x)) return std::string("a count is a whole number, 0 or more");
  return std::nullopt;
}

// A product of sizes that are at least 1 (numbers stored, bytes, dot products): at least 1 itself.
std::optional<std::string> ImpossibleProduct(const StepContext& c, const std::string& field, const Typed& typed) {
  if (auto whole = ImpossibleCount(c, field, typed)) return whole;
  if (typed.value.approx(0, 0) < 1) return std::string("a product of sizes that are each at least 1 is at least 1");
  return std::nullopt;
}

Result<Value> ApplyBytes(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(count, SizeOf(c, "count"));
  ATTN_ASSIGN_OR_RETURN(width, SizeOf(c, "bytes_per_number"));
  return Count(count * width, AnswerForm::kBytes);
}

// Chapter 14: the numbers n stored states of width d hold (or one state, the context: d).
Result<Value> ApplyStateNumbers(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(d, SizeOf(c, "width"));
  if (!c.Has("positions")) return Count(d);
  ATTN_ASSIGN_OR_RETURN(n, SizeOf(c, "positions"));
  return Count(n * d);
}

Result<Value> ApplyDotProducts(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(t, SizeOf(c, "steps"));
  ATTN_ASSIGN_OR_RETURN(n, SizeOf(c, "positions"));
  return Count(t * n);
}

Result<Value> ApplyMultiplicationsPerDot(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(d, SizeOf(c, "width"));
  return Count(d);
}

Result<Value> ApplyAdditionsPerDot(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(d, SizeOf(c, "width"));
  return Count(d - Exact(1));
}

// T·S·width (T·S where width is null), times B·H where given: the multiplications of one of
// global attention's two products (a formula where the sizes are symbols).
Result<Value> PairsTimes(const StepContext& c, const char* width, AnswerForm form = AnswerForm::kCount) {
  ATTN_ASSIGN_OR_RETURN(s, SizesOf(c));
  if (!s.T || !s.S) return Status(ErrorCode::kInvalidInput, "needs T and S");
  Exact per = *s.T * *s.S;
  if (width) {
    ATTN_ASSIGN_OR_RETURN(w, SizeOf(c, width));
    per = per * w;
  }
  if (s.B) per = *s.B * per;
  if (s.H) per = *s.H * per;
  if (!per.valid()) return per.status();
  Value out = Count(per, form);
  if (per.has_symbol_other_than_a()) out.form = AnswerForm::kNumbers;
  return out;
}

// Chapter 19: multiplications for global attention, T·S·D_k for the scores and T·S·D_v for the
// weighted sum (times B·H where given).
Result<Value> ApplyMultiplications(const StepContext& c, const Given&) {
  ATTN_ASSIGN_OR_RETURN(s, SizesOf(c));
  if (!s.T || !s.S || !s.Dk || !s.Dv) return Status(ErrorCode::kInvalidInput, "needs T, S, D_k and D_v");
  Exact per = *s.T * *s.S * *s.Dk + *s.T * *s.S * *s.Dv;
  if (s.B) per = *s.B * per;
  if (s.H) per = *s.H * per;
  if (!per.valid()) return per.status();
  Value out = Count(per);
  if (per.has_symbol_other_than_a()) out.form = AnswerForm::kNumbers;
  return out;
}

// The scores' products alone (QKᵀ): T·S·D_k; the weighted sum's alone: T·S·D_v.
Result<Value> ApplyScoreMultiplications(const StepContext& c, const Given&) { return PairsTimes(c, "D_k"); }
Result<Value> ApplyWeightedSumMultiplications(const StepContext& c, const Given&) { return PairsTimes(c, "D_v"); }

Result<WrongResult> WidthsOmitted(const StepContext& c, const Value& right) {
  ATTN_ASSIGN_OR_RETURN(pairs, PairsTimes(c, nullptr, right.form));
  pairs.form = right.form;
  return Wrong(pairs);
}

std::string WidthsOmittedWords(const Explaining& e) {
  return e.Your() +
         " counts only the query-key pairs, T*S, but each pair costs D_k multiplications for its score and "
         "D_v for its share of the weighted sum.";
}

std::string ScoreWidthOmittedWords(const Explaining& e) {
  return e.Your() +
         " counts only the query-key pairs, T*S, but each score is a dot product of a query and a key: D_k "
         "multiplications a pair.";
}

std::string ValueWidthOmittedWords(const Explaining& e) {
  return e.Your() +
         " counts only the query-key pairs, T*S, but each weight multiplies a whole value: D_v multiplications a "
         "pair.";
}

// QKᵀ asked alone, the weighted sum counted too.
Result<WrongResult> WeightedSumIncluded(const StepContext& c, const Value&) {
  if (!c.Has("D_v")) return NotHere("no value width given");
  ATTN_ASSIGN_OR_RETURN(all, ApplyMultiplications(c, {}));
  return Wrong(all);
}

std::string WeightedSumIncludedWords(const Explaining& e) {
  return e.Your() +
         " adds the weighted sum's T*S*D_v multiplications. The scores QK^T alone take D_k multiplications for "
         "each query-key pair; the values are multiplied only afterwards.";
}

// The weighted sum asked alone, the key width taken for the value width.
Result<WrongResult> KeyWidthForValueWidthCount(const StepContext& c, const Value& right) {
  if (!c.Has("D_k")) return NotHere("no key width given");
  ATTN_ASSIGN_OR_RETURN(v, PairsTimes(c, "D_k", right.form));
  return Wrong(v);
}

std::string KeyWidthForValueWidthCountWords(const Explaining& e) {
  return e.Your() +
         " multiplies by the key width D_k. The weighted sum multiplies each weight by a value, whose width is "
         "D_v; D_k counts the scores' products.";
}

}  // namespace
}  // namespace ops

using namespace ops;

extern const Operation kScoreShapeOperation = {
    "score_shape",
    "The shape of a batch's scores (and weights): (B, H, T, S), or (B, T, S) with no heads.",
    {{"B", ArgSpec::Kind::kValue, true, "batch items"},
     {"H", ArgSpec::Kind::kValue, false, "heads"},
     {"T", ArgSpec::Kind::kValue, true, "target positions (queries)"},
     {"S", ArgSpec::Kind::kValue, true, "source positions (keys)"},
     {"D_k", ArgSpec::Kind::kValue, false, "the key width, to name keeping it"}},
    {{"", "shape", false}},
    ApplyScoreShape,
    {
        {"key-width-kept", nullptr, 82, false, KeyWidthKept, KeyWidthKeptWords},
    },
    ImpossibleShape,
};

extern const Operation kContextShapeOperation = {
    "context_shape",
    "The shape of a batch's contexts: (B, T, D_v), or (B, H, T, D_v) with heads.",
    {{"B", ArgSpec::Kind::kValue, true, "batch items"},
     {"H", ArgSpec::Kind::kValue, false, "heads"},
     {"T", ArgSpec::Kind::kValue, true, "target positions (queries)"},
     {"D_v", ArgSpec::Kind::kValue, true, "the value width"},
     {"D_k", ArgSpec::Kind::kValue, false, "the key width, to name taking it for the value width"},
     {"S", ArgSpec::Kind::kValue, false, "source positions, to name keeping that axis"}},
    {{"", "shape", false}},
    ApplyContextShape,
    {
        {"key-width-for-value-width", nullptr, 83, false, KeyWidthForValueWidth, KeyWidthForValueWidthWords},
        {"weights-as-context", nullptr, 84, false, WeightsAsContext, WeightsAsContextWords},
        {"source-axis-kept", nullptr, 85, false, SourceAxisKept, SourceAxisKeptWords},
    },
    ImpossibleShape,
};

extern const Operation kShapeOfOperation = {
    "shape_of",
    "The shape of a list (n,) or a matrix (rows, columns).",
    {{"of", ArgSpec::Kind::kValue, true, "the list or matrix"}},
    {{"", "shape", false}},
    ApplyShapeOf,
    {},
    ImpossibleShape,
};

extern const Operation kCountOperation = {
    "count",
    "How many numbers a tensor of a shape holds: its sizes multiplied.",
    {{"shape", ArgSpec::Kind::kValue, true, "the shape"}},
    {{"", "count", false}},
    ApplyCount,
    {},
    ImpossibleProduct,
};

extern const Operation kBytesOperation = {
    "bytes",
    "Bytes for a count of numbers: the count times the bytes one number takes.",
    {{"count", ArgSpec::Kind::kValue, true, "how many numbers"},
     {"bytes_per_number", ArgSpec::Kind::kValue, true, "bytes one number takes", ArgSpec::Role::kPerNumber}},
    {{"", "byte count", false}},
    ApplyBytes,
    {},
    ImpossibleProduct,
};

extern const Operation kStateNumbersOperation = {
    "state_numbers",
    "The numbers stored states hold: positions times width (one state, the width, where positions is not given).",
    {{"width", ArgSpec::Kind::kValue, true, "a state's width d"},
     {"positions", ArgSpec::Kind::kValue, false, "how many states n"}},
    {{"", "count", false}},
    ApplyStateNumbers,
    {},
    ImpossibleProduct,
};

extern const Operation kDotProductsOperation = {
    "dot_products",
    "The dot products a recurrent decoder computes: every target step scores every stored state (t times n).",
    {{"steps", ArgSpec::Kind::kValue, true, "target steps t"}, {"positions", ArgSpec::Kind::kValue, true, "states n"}},
    {{"", "count", false}},
    ApplyDotProducts,
    {},
    ImpossibleProduct,
};

extern const Operation kMultiplicationsPerDotOperation = {
    "multiplications_per_dot",
    "The multiplications of one dot product of width d: d.",
    {{"width", ArgSpec::Kind::kValue, true, "the width d"}},
    {{"", "count", false}},
    ApplyMultiplicationsPerDot,
    {},
    ImpossibleProduct,
};

extern const Operation kAdditionsPerDotOperation = {
    "additions_per_dot",
    "The additions of one dot product of width d: d - 1 (adding up d products).",
    {{"width", ArgSpec::Kind::kValue, true, "the width d"}},
    {{"", "count", false}},
    ApplyAdditionsPerDot,
    {},
    ImpossibleCount,
};

extern const Operation kAttentionMultiplicationsOperation = {
    "attention_multiplications",
    "Multiplications for global attention: T·S·D_k for the scores and T·S·D_v for the weighted sum (times B·H "
    "where given); a formula where the sizes are symbols.",
    {{"T", ArgSpec::Kind::kValue, true, "target positions"},
     {"S", ArgSpec::Kind::kValue, true, "source positions"},
     {"D_k", ArgSpec::Kind::kValue, true, "the key width"},
     {"D_v", ArgSpec::Kind::kValue, true, "the value width"},
     {"B", ArgSpec::Kind::kValue, false, "batch items"},
     {"H", ArgSpec::Kind::kValue, false, "heads"}},
    {{"", "order", false}},
    ApplyMultiplications,
    {
        {"widths-omitted", nullptr, 90, false, WidthsOmitted, WidthsOmittedWords},
    },
};

extern const Operation kScoreMultiplicationsOperation = {
    "score_multiplications",
    "Multiplications for the scores QK^T alone: T·S·D_k, one dot product of width D_k a query-key pair (times "
    "B·H where given); a formula where the sizes are symbols.",
    {{"B", ArgSpec::Kind::kValue, false, "batch items"},
     {"H", ArgSpec::Kind::kValue, false, "heads"},
     {"T", ArgSpec::Kind::kValue, true, "target positions"},
     {"S", ArgSpec::Kind::kValue, true, "source positions"},
     {"D_k", ArgSpec::Kind::kValue, true, "the key width"},
     {"D_v", ArgSpec::Kind::kValue, false, "the value width, to name counting the weighted sum too"}},
    {{"", "count", false}},
    ApplyScoreMultiplications,
    {
        {"widths-omitted", nullptr, 90, false, WidthsOmitted, ScoreWidthOmittedWords},
        {"weighted-sum-included", nullptr, 91, false, WeightedSumIncluded, WeightedSumIncludedWords},
    },
};

extern const Operation kWeightedSumMultiplicationsOperation = {
    "weighted_sum_multiplications",
    "Multiplications for the weighted sum of the values alone: T·S·D_v, each weight times a value of width D_v "
    "(times B·H where given); a formula where the sizes are symbols.",
    {{"B", ArgSpec::Kind::kValue, false, "batch items"},
     {"H", ArgSpec::Kind::kValue, false, "heads"},
     {"T", ArgSpec::Kind::kValue, true, "target positions"},
     {"S", ArgSpec::Kind::kValue, true, "source positions"},
     {"D_v", ArgSpec::Kind::kValue, true, "the value width"},
     {"D_k", ArgSpec::Kind::kValue, false, "the key width, to name taking it for the value width"}},
    {{"", "count", false}},
    ApplyWeightedSumMultiplications,
    {
        {"widths-omitted", nullptr, 90, false, WidthsOmitted, ValueWidthOmittedWords},
        {"key-width-for-value-width", nullptr, 92, false, KeyWidthForValueWidthCount, KeyWidthForValueWidthCountWords},
    },
};

}  // namespace attn
