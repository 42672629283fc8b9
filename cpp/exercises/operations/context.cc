// "context": the weighted sum of the values (or stored states), c = Σ_j w_j v_j, one
// coordinate per value coordinate; a matrix of weights gives one context a row.
#include <algorithm>
#include <cmath>

#include "exercises/operations/kit.h"

namespace attn {
namespace ops {
namespace {

enum class Way { kRight, kRounded2, kRounded3, kUniform };

// The values' noun as the exercise names them: "states" for a Chapter 14 memory.
std::string ValuesWord(const StepContext& c) {
  for (const ArgRef& arg : c.step->args)
    if (arg.name == "values" && arg.text.find("state") != std::string::npos) return "states";
  const Value* v = c.Arg("values");
  if (v && v->Field("source")) return "states";
  return "values";
}

Result<Value> Run(const StepContext& c, Way way) {
  ATTN_ASSIGN_OR_RETURN(w_value, c.Need("weights"));
  ATTN_ASSIGN_OR_RETURN(v_value, c.Need("values"));
  const Value& weights = w_value->Main();
  const Value& values = v_value->Main();
  auto out = InArithmetic(c, false, [&](auto zero) -> Result<Value> {
    using S = decltype(zero);
    ATTN_ASSIGN_OR_RETURN(rows, RowsOf<S>(weights, "the weights"));
    ATTN_ASSIGN_OR_RETURN(v, MatrixOf<S>(values, "the values"));
    if (way == Way::kRounded2 || way == Way::kRounded3) {
      if constexpr (kExact<S>) {
        return NotHere("exact weights");
      } else {
        double scale = way == Way::kRounded2 ? 100 : 1000;
        rows = rows.unaryExpr([scale](double w) { return std::round(w * scale) / scale; });
      }
    }
    if (way == Way::kUniform) {
      auto read = [&](Eigen::Index r, Eigen::Index s) {
        return weights.Eligible(r, s) && (values.kept_rows.empty() || values.kept_rows[static_cast<size_t>(s)]);
      };
      for (Eigen::Index r = 0; r < rows.rows(); ++r) {
        int64_t n = 0;
        for (Eigen::Index s = 0; s < rows.cols(); ++s) n += read(r, s);
        if (n == 0) return NotHere("nothing to average");
        for (Eigen::Index s = 0; s < rows.cols(); ++s) rows(r, s) = read(r, s) ? S(1) / S(n) : S(0);
      }
    }
    Mat<S> contexts(rows.rows(), v.cols());
    for (Eigen::Index r = 0; r < rows.rows(); ++r) {
      ATTN_ASSIGN_OR_RETURN(context, ContextOf(Vec<S>(rows.row(r).transpose()), v));
      contexts.row(r) = context.transpose();
    }
    Value result = FromRows(contexts, weights.rank == 2 ? 2 : 1);
    result.exact_shown = c.exact && kExact<S>;
    return result;
  });
  if (!out.ok()) return out;
  Value result = std::move(out).value();
  // The box the values span, coordinate by coordinate (the rows that may be read).
  for (Eigen::Index j = 0; j < values.cols(); ++j) {
    double low = INFINITY, high = -INFINITY;
    for (Eigen::Index i = 0; i < values.rows(); ++i) {
      if (!values.kept_rows.empty() && !values.kept_rows[static_cast<size_t>(i)]) continue;
      low = std::min(low, values.approx(i, j));
      high = std::max(high, values.approx(i, j));
    }
    result.low.push_back(low);
    result.high.push_back(high);
  }
  return result;
}

Result<Value> Apply(const StepContext& c, const Given&) { return Run(c, Way::kRight); }

template <Way way>
Result<WrongResult> Done(const StepContext& c, const Value&) {
  if ((way == Way::kRounded2 || way == Way::kRounded3) && c.exact) return NotHere("exact weights");
  ATTN_ASSIGN_OR_RETURN(v, Run(c, way));
  return Wrong(v);
}

Result<WrongResult> Swapped(const StepContext&, const Value& right) {
  if (right.rank != 1 || right.rows() < 2) return NotHere("one coordinate");
  Value out = right;
  out.approx = Mat<double>(right.approx.colwise().reverse());
  if (right.exact) out.exact = Mat<Exact>(right.exact->colwise().reverse());
  return Wrong(out);
}

Result<WrongResult> OnePerPosition(const StepContext& c, const Value& right) {
  ATTN_ASSIGN_OR_RETURN(v_value, c.Need("values"));
  const Value& values = v_value->Main();
  if (right.rank != 1 || values.rows() == values.cols()) return NotHere("as many positions as coordinates");
  WrongResult out;
  out.list_length = static_cast<size_t>(values.rows());
  return out;
}

std::string RoundedWords(const Explaining& e, int places) {
  return e.Comes() + " from weights rounded to " + std::to_string(places) + " decimals before mixing the " +
         ValuesWord(*e.step) + ". Keep the weights at full precision and round only the result.";
}

std::string SwappedWords(const Explaining& e) {
  const std::string values = ValuesWord(*e.step);
  const std::string why = "first coordinate mixes the " + values + "' first coordinates, and so on.";
  if (e.noun == "context") return e.Your() + " has its coordinates in the wrong order. Its " + why;
  return e.Comes() + " from a context with its coordinates in the wrong order. A context's " + why;
}

std::string OnePerPositionWords(const Explaining& e) {
  const Value* v = e.step->Arg("values");
  const std::string positions = v ? std::to_string(v->Main().rows()) : "?";
  const std::string width = v ? std::to_string(v->Main().cols()) : "?";
  return e.Your() + " has one entry per source position (" + positions + "), but a context has one coordinate per " +
         (ValuesWord(*e.step) == "states" ? "state" : "value") + " coordinate (" + width + "): add the weighted " +
         ValuesWord(*e.step) + " coordinate by coordinate.";
}

std::string UniformWords(const Explaining& e) {
  const std::string values = ValuesWord(*e.step);
  return e.Comes() + " from averaging the " + values +
         " with equal weights. The read mixes them with the attention weights, so a position with more weight "
         "counts more.";
}

std::optional<std::string> Impossible(const StepContext& c, const std::string&, const Typed& typed) {
  auto right = Run(c, Way::kRight);
  if (!right.ok() || typed.value.rank != right->rank || typed.value.size() != right->size())
    return std::string("it does not have one coordinate per value coordinate");
  if (right->rank != 1) return std::nullopt;
  for (Eigen::Index j = 0; j < typed.value.rows() && static_cast<size_t>(j) < right->low.size(); ++j) {
    double x = typed.value.approx(j, 0), t = typed.tolerance(j, 0) + 1e-9;
    if (x < right->low[static_cast<size_t>(j)] - t || x > right->high[static_cast<size_t>(j)] + t)
      return "a context mixes the " + ValuesWord(c) + " with weights that add up to 1, so coordinate " +
             std::to_string(j + 1) + " lies between " + DecimalString(right->low[static_cast<size_t>(j)]) + " and " +
             DecimalString(right->high[static_cast<size_t>(j)]);
  }
  return std::nullopt;
}

}  // namespace
}  // namespace ops

using namespace ops;

extern const Operation kContextOperation = {
    "context",
    "The weighted sum of the values, c = Σ_j w_j v_j: one coordinate per value coordinate (a matrix of weights "
    "gives one context a row).",
    {{"weights", ArgSpec::Kind::kValue, true, "the weights (a softmax step, or given)"},
     {"values", ArgSpec::Kind::kValue, true, "the values, one a row (or a memory of stored states)"}},
    {{"", "context", false, nullptr, "c=\\sum_i \\alpha_i v_i"}},
    Apply,
    {
        {"coordinates-swapped", nullptr, 50, false, Swapped, SwappedWords},
        {"weights-rounded-early", nullptr, 51, false, Done<Way::kRounded2>,
         [](const Explaining& e) { return RoundedWords(e, 2); }},
        {"weights-rounded-early", nullptr, 52, false, Done<Way::kRounded3>,
         [](const Explaining& e) { return RoundedWords(e, 3); }},
        {"context-width-is-positions", nullptr, 53, false, OnePerPosition, OnePerPositionWords},
        {"weights-ignored", nullptr, 54, false, Done<Way::kUniform>, UniformWords},
    },
    Impossible,
};

}  // namespace attn
