// "scores": one query compared with every key (or stored state), by a score function: the dot
// product q·k, the scaled one q·k/√D_k, the bilinear qᵀWk, or the additive vᵀtanh(W_q q + W_k k
// + b). The dot and bilinear products of exact inputs are kept exactly, so that a tie between
// two scores is a tie. Keys from a frozen memory keep its removed state listed, not to be read.
#include <cmath>

#include "core/score_functions.h"
#include "exercises/operations/kit.h"

namespace attn {
namespace ops {
namespace {

std::string FunctionOf(const StepContext& c) { return c.Word("function", "dot"); }

template <class S>
Result<Vec<S>> Scores(const StepContext& c, const std::string& function, bool transposed_keys, bool transposed_w) {
  ATTN_ASSIGN_OR_RETURN(q_value, c.Need("query"));
  ATTN_ASSIGN_OR_RETURN(k_value, c.Need("keys"));
  ATTN_ASSIGN_OR_RETURN(query, VectorOf<S>(*q_value, "the query"));
  ATTN_ASSIGN_OR_RETURN(keys, MatrixOf<S>(*k_value, "the keys"));
  if (transposed_keys) {
    if (keys.rows() != keys.cols()) return NotHere("keys that are not square");
    keys = Mat<S>(keys.transpose());
  }
  if (function == "dot") return DotScores(keys, query);
  if (function == "bilinear") {
    ATTN_ASSIGN_OR_RETURN(w_value, c.Need("W"));
    ATTN_ASSIGN_OR_RETURN(W, MatrixOf<S>(*w_value, "W"));
    if (W.rows() != query.size() || W.cols() != keys.cols())
      return Status(ErrorCode::kShapeMismatch, "the bilinear matrix W is " + ShapeText(W.rows(), W.cols()) +
                                                   " but q^T W k needs [" + std::to_string(query.size()) + " x " +
                                                   std::to_string(keys.cols()) + "]");
    Mat<S> seen = transposed_w ? Mat<S>(W) : Mat<S>(W.transpose());
    if (transposed_w && W.rows() != W.cols()) return NotHere("W is not square");
    Vec<S> through = seen * query;
    return DotScores(keys, through);
  }
  if constexpr (kExact<S>) {
    return Status(ErrorCode::kNotExact, "the " + function + " score has no exact form here");
  } else {
    ScoreParams p;
    ATTN_ASSIGN_OR_RETURN(f, ScoreFunctionNamed(function));
    p.function = f;
    if (function == "additive" || function == "additive_without_tanh") {
      ATTN_ASSIGN_OR_RETURN(wq, c.Need("W_q"));
      ATTN_ASSIGN_OR_RETURN(wk, c.Need("W_k"));
      ATTN_ASSIGN_OR_RETURN(v, c.Need("v"));
      ATTN_ASSIGN_OR_RETURN(Wq, MatrixOf<double>(*wq, "W_q"));
      ATTN_ASSIGN_OR_RETURN(Wk, MatrixOf<double>(*wk, "W_k"));
      ATTN_ASSIGN_OR_RETURN(vv, VectorOf<double>(*v, "v"));
      p.W_q = Wq;
      p.W_k = Wk;
      p.v = vv;
      if (const Value* b = c.Arg("b")) {
        ATTN_ASSIGN_OR_RETURN(bb, VectorOf<double>(*b, "b"));
        p.b = bb;
      }
    }
    return ScoresOf(query, keys, p);
  }
}

Result<Value> Run(const StepContext& c, const std::string& function, bool transposed_keys = false,
                  bool transposed_w = false) {
  ATTN_ASSIGN_OR_RETURN(k_value, c.Need("keys"));
  const Value& keys = k_value->Main();
  // Dot and bilinear products of exact inputs stay exact (ties are ties) in either arithmetic.
  bool exactly = (function == "dot" || function == "bilinear");
  Result<Value> out = Status();
  if (exactly && c.ComputeExactly(/*always=*/true)) {
    auto scores = Scores<Exact>(c, function, transposed_keys, transposed_w);
    if (scores.ok()) {
      out = Value::List(*scores);
      out.value().exact_shown = c.exact;
    } else if (scores.status().code() != ErrorCode::kNotExact) {
      return scores.status();
    }
  }
  if (!out.ok()) {
    // Decimal inputs of a learner's, in an exact exercise: their numbers in double.
    StepContext loose = c;
    std::vector<Value> held;
    held.reserve(c.args.size());
    for (auto& [name, value] : loose.args) {
      if (!value) continue;
      held.push_back(value->Approximate());
      value = &held.back();
    }
    ATTN_ASSIGN_OR_RETURN(scores, Scores<double>(loose, function, transposed_keys, transposed_w));
    out = Value::List(scores);
    out.value().exact_shown = false;
  }
  Value v = std::move(out).value();
  if (!transposed_keys) v.labels = keys.labels;
  if (!keys.kept_rows.empty()) {
    v.eligible = {keys.kept_rows};
    v.role = MaskRole::kRemoval;
  }
  return v;
}

Result<Value> Apply(const StepContext& c, const Given&) {
  const std::string f = FunctionOf(c);
  if (f != "dot" && f != "scaled" && f != "bilinear" && f != "additive")
    return Status(ErrorCode::kInvalidInput, "a score function is dot, scaled, bilinear or additive, not '" + f + "'");
  return Run(c, f);
}

Result<WrongResult> BilinearTransposed(const StepContext& c, const Value&) {
  if (FunctionOf(c) != "bilinear") return NotHere("not bilinear");
  ATTN_ASSIGN_OR_RETURN(v, Run(c, "bilinear", false, true));
  return Wrong(v);
}

Result<WrongResult> KeysTransposed(const StepContext& c, const Value&) {
  if (FunctionOf(c) != "dot") return NotHere("not a dot product");
  ATTN_ASSIGN_OR_RETURN(v, Run(c, "dot", true));
  return Wrong(v);
}

Result<WrongResult> Cosine(const StepContext& c, const Value&) {
  if (FunctionOf(c) != "dot" && FunctionOf(c) != "scaled") return NotHere("not a dot product");
  ATTN_ASSIGN_OR_RETURN(q_value, c.Need("query"));
  ATTN_ASSIGN_OR_RETURN(k_value, c.Need("keys"));
  ATTN_ASSIGN_OR_RETURN(query, VectorOf<double>(q_value->Approximate(), "the query"));
  ATTN_ASSIGN_OR_RETURN(keys, MatrixOf<double>(k_value->Approximate(), "the keys"));
  ATTN_ASSIGN_OR_RETURN(dot, DotScores(keys, query));
  double qn = query.norm();
  if (qn == 0) return NotHere("a zero query");
  for (Eigen::Index j = 0; j < keys.rows(); ++j) {
    double kn = keys.row(j).norm();
    if (kn == 0) return NotHere("a zero key");
    dot(j) /= qn * kn;
  }
  Value v = Value::List(dot);
  v.exact_shown = false;
  const Value& keys_value = k_value->Main();
  v.labels = keys_value.labels;
  if (!keys_value.kept_rows.empty()) {
    v.eligible = {keys_value.kept_rows};
    v.role = MaskRole::kRemoval;
  }
  return Wrong(v);
}

Result<WrongResult> TanhOmitted(const StepContext& c, const Value&) {
  if (FunctionOf(c) != "additive") return NotHere("not additive");
  ATTN_ASSIGN_OR_RETURN(wq, c.Need("W_q"));
  ATTN_ASSIGN_OR_RETURN(wk, c.Need("W_k"));
  ATTN_ASSIGN_OR_RETURN(v, c.Need("v"));
  ATTN_ASSIGN_OR_RETURN(q_value, c.Need("query"));
  ATTN_ASSIGN_OR_RETURN(k_value, c.Need("keys"));
  ATTN_ASSIGN_OR_RETURN(Wq, MatrixOf<double>(wq->Approximate(), "W_q"));
  ATTN_ASSIGN_OR_RETURN(Wk, MatrixOf<double>(wk->Approximate(), "W_k"));
  ATTN_ASSIGN_OR_RETURN(vv, VectorOf<double>(v->Approximate(), "v"));
  ATTN_ASSIGN_OR_RETURN(query, VectorOf<double>(q_value->Approximate(), "the query"));
  ATTN_ASSIGN_OR_RETURN(keys, MatrixOf<double>(k_value->Approximate(), "the keys"));
  if (Wq.cols() != query.size() || Wk.cols() != keys.cols() || Wq.rows() != Wk.rows() || vv.size() != Wq.rows())
    return NotHere("shapes");
  Vec<double> projected = Wq * query;
  if (const Value* b = c.Arg("b")) {
    ATTN_ASSIGN_OR_RETURN(bb, VectorOf<double>(b->Approximate(), "b"));
    if (bb.size() == projected.size()) projected += bb;
  }
  Vec<double> scores(keys.rows());
  for (Eigen::Index j = 0; j < keys.rows(); ++j) scores(j) = vv.dot(projected + Wk * keys.row(j).transpose());
  Value out = Value::List(scores);
  out.exact_shown = false;
  return Wrong(out);
}

std::string KeysWord(const StepContext& c) {
  for (const ArgRef& arg : c.step->args)
    if (arg.name == "keys" && arg.text.find("state") != std::string::npos) return "states";
  return "keys";
}

std::string BilinearTransposedWords(const Explaining& e) {
  return e.Comes() +
         " from W transposed. In qᵀWk the query multiplies W from the left, so each score is k·(Wᵀq); scoring with "
         "k·(Wq) swaps the roles of W's rows and columns.";
}

std::string KeysTransposedWords(const Explaining& e) {
  const std::string k = KeysWord(*e.step);
  return e.Comes() + " from the columns of the " + k + "' matrix instead of its rows. Each " +
         (k == "states" ? "state" : "key") + " is a row: score j is the query's dot product with row j.";
}

std::string CosineWords(const Explaining& e) {
  return e.Comes() + " from the cosine similarity: each dot product divided by the lengths of the query and the " +
         (KeysWord(*e.step) == "states" ? std::string("state") : std::string("key")) +
         ". This score is the dot product itself, with no division by lengths.";
}

std::string TanhOmittedWords(const Explaining& e) {
  return e.Comes() +
         " from leaving out the tanh: the additive score puts W_q q + W_k k + b through tanh before the dot product "
         "with v.";
}

}  // namespace
}  // namespace ops

using namespace ops;

extern const Operation kScoresOperation = {
    "scores",
    "One query compared with every key (each row of the keys, or each stored state), by the score function: dot "
    "(q·k), scaled (q·k/√D_k), bilinear (qᵀWk) or additive (vᵀtanh(W_q q + W_k k + b)).",
    {{"query", ArgSpec::Kind::kValue, true, "the query, a list"},
     {"keys", ArgSpec::Kind::kValue, true, "the keys, one a row (or a memory of stored states)"},
     {"function", ArgSpec::Kind::kWord, false, "dot (the default), scaled, bilinear or additive", ArgSpec::Role::kWord,
      "dot scaled", "The dot score is q·k; the scaled one divides it by the square root of the keys' width."},
     {"W", ArgSpec::Kind::kValue, false, "the bilinear matrix"},
     {"W_q", ArgSpec::Kind::kValue, false, "the additive score's query matrix"},
     {"W_k", ArgSpec::Kind::kValue, false, "the additive score's key matrix"},
     {"v", ArgSpec::Kind::kValue, false, "the additive score's output vector"},
     {"b", ArgSpec::Kind::kValue, false, "the additive score's bias (optional)"}},
    {{"", "scores", true, nullptr, "e_i"}},
    Apply,
    {
        {"bilinear-transposed", nullptr, 41, false, BilinearTransposed, BilinearTransposedWords},
        {"keys-transposed", nullptr, 42, false, KeysTransposed, KeysTransposedWords},
        {"cosine-for-dot", nullptr, 43, false, Cosine, CosineWords},
        {"tanh-omitted", nullptr, 44, false, TanhOmitted, TanhOmittedWords},
    },
};

}  // namespace attn
