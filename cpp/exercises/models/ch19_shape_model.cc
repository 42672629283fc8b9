// The shapes of Chapter 19's batched listing (model "ch19.shapes"): queries of shape
// (B, T, D_k), keys (B, S, D_k) and values (B, S, D_v) give scores and weights of shape
// (B, T, S) and contexts of shape (B, T, D_v). Each known mistake is the shape a wrong
// reading of the matrix products gives, named only where it differs from the right one.
#include <string>
#include <vector>

#include "exercises/model.h"

namespace attn {
namespace {

struct ShapeInputs {
  int64_t B, T, S, Dk, Dv;
};

Result<ShapeInputs> ShapeInputsOf(const Json& exercise) {
  const Json none = Json::object();
  int64_t n[5];
  const char* keys[] = {"B", "T", "S", "D_k", "D_v"};
  for (int i = 0; i < 5; ++i) {
    ATTN_ASSIGN_OR_RETURN(v, CountInput(exercise, none, keys[i]));
    n[i] = v;
  }
  return ShapeInputs{n[0], n[1], n[2], n[3], n[4]};
}

Quantity Shape(const std::vector<int64_t>& dims) {
  std::vector<Quantity> items;
  for (int64_t d : dims) items.push_back(Quantity::Number(Exact(d)));
  return Quantity::List(std::move(items));
}

struct ShapeMistake {
  const char* tag;
  std::vector<int64_t> shape;
  std::string explanation;
};

std::vector<ShapeMistake> MistakesFor(const std::string& q, const ShapeInputs& in) {
  if (q == "score_shape") {
    return {
        {"scores-transposed",
         {in.B, in.S, in.T},
         "your shape has the source axis before the target axis. Q times K transposed has one row per query "
         "(T of them) and one column per key (S of them), so the scores are (B, T, S)."},
        {"key-width-kept",
         {in.B, in.T, in.Dk},
         "your shape ends with the key width D_k, but each score is a dot product: the D_k products of a query "
         "and a key are added up into one number, so that axis disappears and one axis of S keys takes its place."},
    };
  }
  if (q == "context_shape") {
    return {
        {"key-width-for-value-width",
         {in.B, in.T, in.Dk},
         "your shape ends with the key width D_k. The context mixes the values, so its last axis is the value "
         "width D_v; D_k is summed away inside the scores."},
        {"weights-as-context",
         {in.B, in.T, in.S},
         "that is the shape of the scores and weights, one number per key. The context multiplies the weights by "
         "V, which sums over the S keys and leaves one value-width vector per query: (B, T, D_v)."},
        {"source-axis-kept",
         {in.B, in.S, in.Dv},
         "your shape keeps one row per key. Multiplying the weights by V sums over the source axis, so the "
         "context has one row per query, T of them, each as wide as a value."},
    };
  }
  return {};
}

Result<GradeRequest> ShapeRequest(const Json& exercise, const Json& part, bool with_mistakes) {
  std::string q = StringField(part, "quantity");
  ATTN_ASSIGN_OR_RETURN(in, ShapeInputsOf(exercise));
  GradeRequest request;
  request.shape = true;
  request.parse.symbols = {};
  if (q == "score_shape" || q == "weights_shape")
    request.expected = Shape({in.B, in.T, in.S});
  else if (q == "context_shape")
    request.expected = Shape({in.B, in.T, in.Dv});
  else
    return Status(ErrorCode::kInvalidInput, "the model ch19.shapes cannot compute '" + q + "'");
  if (!with_mistakes) return request;
  for (const ShapeMistake& m : MistakesFor(q, in)) {
    Quantity wrong = Shape(m.shape);
    if (!wrong.SameAs(request.expected))
      request.misconceptions.push_back(Misconception::ShapeValue(m.tag, wrong, m.explanation));
  }
  return request;
}

Result<Json> ShapeWorking(const Json& exercise) {
  ATTN_ASSIGN_OR_RETURN(in, ShapeInputsOf(exercise));
  return Json{{"scoreShape", {in.B, in.T, in.S}}, {"contextShape", {in.B, in.T, in.Dv}}};
}

// Five different sizes, so that every axis can be told from the others and each named
// mistake gives a shape of its own; D_k and D_v differ, as in the chapter's listing.
Status DrawVariant(Json& e, SeededRandom& r) {
  Json& in = e["inputs"];
  for (int attempt = 0; attempt < 1000; ++attempt) {
    int64_t sizes[] = {r.Integer(2, 4), r.Integer(2, 8), r.Integer(3, 12), r.Integer(2, 8), r.Integer(2, 8)};
    bool distinct = true;
    for (int i = 0; i < 5; ++i)
      for (int j = 0; j < i; ++j) distinct = distinct && sizes[i] != sizes[j];
    if (!distinct) continue;
    const char* keys[] = {"B", "T", "S", "D_k", "D_v"};
    for (int i = 0; i < 5; ++i) in[keys[i]] = std::to_string(sizes[i]);
    return Status();
  }
  return Status(ErrorCode::kInvalidInput, "no five different sizes were drawn");
}

}  // namespace

extern const Model kCh19ShapeModel = {
    "ch19.shapes",
    "cost-summary",
    /*shows_inputs=*/true,
    [](const Json& exercise, const Json& part, uint32_t, bool with_mistakes) {
      return ShapeRequest(exercise, part, with_mistakes);
    },
    [](const Json& exercise, const Json&, uint32_t) { return ShapeWorking(exercise); },
    DrawVariant,
};

}  // namespace attn
