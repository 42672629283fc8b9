// The working lines of a step (working_lines.h): the table keyed by operation, the number format,
// and the working of scores and of a context.
#include "api/working_lines.h"

#include <map>

namespace attn {
namespace {

const char kTimes[] = " \u00d7 ";

std::string Minus(std::string text) {
  if (!text.empty() && text[0] == '-') text = "\u2212" + text.substr(1);
  return text;
}

// The first position a step reads (not removed, not masked), or -1.
Eigen::Index FirstRead(const Value& v) {
  for (Eigen::Index i = 0; i < v.rows(); ++i)
    if (v.Eligible(0, i)) return i;
  return -1;
}

// "a_1 b_1 + a_2 b_2 + ..." for row `ra` of `a` (or its column where `a` is a list) and row `rb` of `b`.
std::string Products(const Value& a, const Value& b, Eigen::Index rb) {
  std::string out;
  for (Eigen::Index j = 0; j < b.cols(); ++j) {
    const Eigen::Index ar = a.cols() == 1 ? j : 0, ac = a.cols() == 1 ? 0 : j;
    out += (j ? " + " : "") + FactorText(a, ar, ac) + kTimes + FactorText(b, rb, j);
  }
  return out;
}

std::string Index(Eigen::Index i) { return "_" + std::to_string(i + 1); }

// "e_i = q · k_i", then the first key's numbers: e_1 = q_1 k_11 + ... = e_1's value.
std::vector<WorkingLine> ScoresWorking(const WorkingStep& step) {
  const StepContext& c = *step.context;
  const Value* q = c.Arg("query");
  const Value* k = c.Arg("keys");
  const std::string function = c.Word("function", "dot");
  if (!q || !k || step.value->kind != Value::Kind::kNumbers || step.value->rank != 1) return {};
  const Value& query = q->Main();
  const Value& keys = k->Main();
  const Eigen::Index i = FirstRead(*step.value);
  if (i < 0 || query.cols() != 1 || keys.rows() != step.value->rows()) return {};
  const bool ch14 = step.chapter == 14;
  const std::string key = ch14 ? "h" : "k", at = Index(i), idx = ch14 ? "j" : "i";
  const std::string score = "$e" + at + "$ = ";
  std::vector<WorkingLine> out;
  if (function == "dot" && keys.cols() == query.rows()) {
    out.push_back({"", "Each score is a dot product: $e_" + idx + " = q \\cdot " + key + "_" + idx + "$."});
    out.push_back({"", score + Products(query, keys, i) + " = " + EntryText(*step.value, i, 0)});
    return out;
  }
  const Value* w = c.Arg("W");
  if (function == "bilinear" && w && w->Main().rows() == query.rows() && w->Main().cols() == keys.cols()) {
    // q^T W k_i = q · (W k_i): W k_i coordinate by coordinate, then its dot product with q.
    const Value& W = w->Main();
    out.push_back({"", "Each score is bilinear: $e_" + idx + " = q^\\top W " + key + "_" + idx + " = q \\cdot (W " +
                           key + "_" + idx + ")$."});
    Vec<double> through(W.rows());
    Value key_row = Value::List(Vec<double>(keys.approx.row(i).transpose()));
    if (keys.exact) key_row = Value::List(Vec<Exact>(keys.exact->row(i).transpose()));
    key_row.exact_shown = keys.exact_shown;
    for (Eigen::Index r = 0; r < W.rows(); ++r) {
      through(r) = (W.approx.row(r) * keys.approx.row(i).transpose())(0, 0);
      out.push_back({"", "$(W " + key + at + ")_" + std::to_string(r + 1) + "$ = " + Products(key_row, W, r) + " = " +
                             NumberText(through(r))});
    }
    out.push_back({"", score + "$q \\cdot (W " + key + at +
                           ")$ = " + Products(query, Value::Matrix(Mat<double>(through.transpose())), 0) + " = " +
                           EntryText(*step.value, i, 0)});
    return out;
  }
  return {};
}

// "c = Σ α_i v_i" (Chapter 14: Σ α_j h_j), then its first coordinate with the weights' numbers;
// a removed or masked position has weight 0 and no term.
std::vector<WorkingLine> ContextWorking(const WorkingStep& step) {
  const StepContext& c = *step.context;
  const Value* w = c.Arg("weights");
  const Value* v = c.Arg("values");
  if (!w || !v || step.value->kind != Value::Kind::kNumbers || step.value->rank != 1) return {};
  const Value& weights = w->Main();
  const Value& values = v->Main();
  if (weights.cols() != 1 || weights.rows() != values.rows() || values.cols() != step.value->rows()) return {};
  const bool ch14 = step.chapter == 14;
  const bool states = ch14 || c.Word("values").find("state") != std::string::npos;
  const std::string idx = ch14 ? "j" : "i", vec = states ? "h" : "v";
  std::string terms;
  for (Eigen::Index j = 0; j < weights.rows(); ++j) {
    if (!weights.Eligible(0, j) || (!values.kept_rows.empty() && !values.kept_rows[static_cast<size_t>(j)])) continue;
    terms += (terms.empty() ? "" : " + ") + FactorText(weights, j, 0) + kTimes + FactorText(values, j, 0);
  }
  if (terms.empty()) return {};
  return {{"", "The context mixes the " + std::string(states ? "states" : "values") + " by the weights: $c = \\sum_" +
                   idx + " \\alpha_" + idx + " " + vec + "_" + idx + "$, one coordinate at a time."},
          {"", "$c_1$ = " + terms + " = " + EntryText(*step.value, 0, 0)}};
}

// A frozen removal: which stored state the read no longer sees (the states stay as they were).
std::vector<WorkingLine> RemovalWorking(const WorkingStep& step) {
  const Value& states = step.value->Main();
  std::vector<WorkingLine> out;
  for (size_t j = 0; j < states.kept_rows.size(); ++j) {
    if (states.kept_rows[j]) continue;
    std::string what = PositionText(states, static_cast<Eigen::Index>(j));
    what[0] = 'P';
    out.push_back({step.value->kind == Value::Kind::kRecord ? "states" : "",
                   what + " is removed: its stored state stays as it was, and the read no longer sees it."});
  }
  return out;
}

// A causal mask: the rule, then how many sources the first and the last target read.
std::vector<WorkingLine> CausalWorking(const WorkingStep& step) {
  const Value& m = step.value->Main();
  if (!m.is_numbers() || m.rank != 2 || m.rows() < 1) return {};
  auto read = [&](Eigen::Index t) {
    Eigen::Index n = 0;
    for (Eigen::Index s = 0; s < m.cols(); ++s) n += m.approx(t, s) == 1 ? 1 : 0;
    return std::to_string(n) + (n == 1 ? " source" : " sources");
  };
  const Value* offset = step.context->Arg("offset");
  const std::string rule = offset && offset->is_numbers() && offset->size() == 1 && offset->approx(0, 0) != 0
                               ? "$s \\le t + " + EntryText(*offset, 0, 0) + "$ (the first " +
                                     EntryText(*offset, 0, 0) + " sources come before the first target)"
                               : "$s \\le t$";
  std::string text = "Target $t$ may read source $s$ when " + rule + ": row 1 reads " + read(0);
  if (m.rows() > 1) text += ", row " + std::to_string(m.rows()) + " reads " + read(m.rows() - 1);
  return {{"", text + "."}};
}

using Writer = std::vector<WorkingLine> (*)(const WorkingStep&);

const std::map<std::string, Writer>& Writers() {
  static const std::map<std::string, Writer> table = {
      {"scores", ScoresWorking},
      {"softmax", SoftmaxWorking},
      {"naive_softmax", NaiveSoftmaxWorking},
      {"context", ContextWorking},
      {"count", CountWorking},
      {"bytes", CountWorking},
      {"state_numbers", CountWorking},
      {"dot_products", CountWorking},
      {"multiplications_per_dot", CountWorking},
      {"additions_per_dot", CountWorking},
      {"attention_multiplications", CountWorking},
      {"score_multiplications", CountWorking},
      {"weighted_sum_multiplications", CountWorking},
      {"causal_mask", CausalWorking},
      {"largest_removal_effect", RemovalEffectWorking},
      {"in_hull", HullWorking},
      {"remove_state", RemovalWorking},
  };
  return table;
}

}  // namespace

std::string EntryText(const Value& v, Eigen::Index row, Eigen::Index col) {
  if (v.exact && v.exact_shown) return Minus((*v.exact)(row, col).to_string());
  return Minus(DecimalString(v.approx(row, col), 6, /*fixed_places=*/true));
}

std::string FactorText(const Value& v, Eigen::Index row, Eigen::Index col) {
  const std::string text = EntryText(v, row, col);
  // A negative number, a sum or a fraction in brackets: "exp(0) / (9/4)", "(−0.2) × 0.4".
  if (text.rfind("\u2212", 0) == 0 || text.find_first_of(" /") != std::string::npos) return "(" + text + ")";
  return text;
}

std::string NumberText(double x) { return Minus(DecimalString(x, 6, /*fixed_places=*/true)); }

std::string PositionText(const Value& v, Eigen::Index i) {
  std::string out = "position " + std::to_string(i + 1);
  if (static_cast<size_t>(i) >= v.labels.size()) return out;
  std::string label = v.labels[static_cast<size_t>(i)];
  for (char& ch : label)
    if (ch == '_') ch = ' ';
  return label == std::to_string(i + 1) ? out : out + " (" + label + ")";
}

std::vector<WorkingLine> WorkingLinesOf(const WorkingStep& step) {
  if (!step.context || !step.context->step || !step.value) return {};
  auto found = Writers().find(step.context->step->op->name);
  if (found == Writers().end()) return {};
  return found->second(step);
}

}  // namespace attn
