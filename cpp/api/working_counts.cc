// The working of a count: its product of named sizes, then their numbers (n × d = 5 × 4 = 20).
#include <algorithm>
#include <map>

#include "api/working_lines.h"

namespace attn {
namespace {

// The size each argument names, in the chapters' notation.
const std::map<std::string, std::string>& Symbols() {
  static const std::map<std::string, std::string> table = {
      {"width", "d"},
      {"positions", "n"},
      {"steps", "t"},
      {"B", "B"},
      {"H", "H"},
      {"T", "T"},
      {"S", "S"},
      {"D_k", "D_k"},
      {"D_v", "D_v"},
      {"count", "\\text{count}"},
      {"bytes_per_number", "\\text{bytes per number}"},
  };
  return table;
}

struct Factor {
  std::string symbol;
  std::string number;
};

// The step's sizes, in the order its operation declares its arguments (a score shape's B, H, T, S:
// its axes' order), where each is one number; none where one is not.
std::vector<Factor> Sizes(const StepContext& c) {
  std::vector<Factor> out;
  std::vector<std::pair<std::string, const Value*>> args = c.args;
  if (c.step && c.step->op) {
    auto rank = [&](const std::string& name) {
      for (size_t i = 0; i < c.step->op->args.size(); ++i)
        if (c.step->op->args[i].name == name) return i;
      return c.step->op->args.size();
    };
    std::stable_sort(args.begin(), args.end(),
                     [&](const auto& x, const auto& y) { return rank(x.first) < rank(y.first); });
  }
  for (const auto& [name, value] : args) {
    auto symbol = Symbols().find(name);
    if (symbol == Symbols().end() || !value || !value->is_numbers() || value->size() != 1) continue;
    if (value->exact && (*value->exact)(0, 0).has_symbol_other_than_a()) return {};
    out.push_back({symbol->second, EntryText(value->Main(), 0, 0)});
  }
  return out;
}

std::string Product(const std::vector<Factor>& factors, bool symbols) {
  std::string out;
  for (const Factor& f : factors)
    out += (out.empty() ? "" : symbols ? " \\times " : " \u00d7 ") + (symbols ? f.symbol : f.number);
  return out;
}

// A count from a shape: the shape's sizes, each named by the size of the step that made the shape
// it is (in order), where every one is named.
std::vector<WorkingLine> FromShape(const WorkingStep& step) {
  const Value* shape = step.context->Arg("shape");
  if (!shape || !shape->is_numbers()) return {};
  std::vector<Factor> sizes;
  for (const ArgRef& a : step.context->step->args) {
    if (a.name != "shape" || a.kind != ArgRef::Kind::kStep || !step.computation || !step.values) continue;
    const StepContext maker = step.computation->ContextFor(a.step, *step.values, step.context->seed);
    sizes = Sizes(maker);
  }
  std::vector<Factor> factors;
  bool named = true;
  size_t next = 0;
  for (Eigen::Index i = 0; i < shape->size(); ++i) {
    const std::string number = EntryText(*shape, i, 0);
    while (next < sizes.size() && sizes[next].number != number) ++next;
    named = named && next < sizes.size();
    factors.push_back({named ? sizes[next++].symbol : "", number});
  }
  return {{"", "The count is the product of the shape's sizes: " +
                   (named ? "$" + Product(factors, true) + "$ = " : std::string("")) + Product(factors, false) + " = " +
                   EntryText(*step.value, 0, 0)}};
}

}  // namespace

std::vector<WorkingLine> CountWorking(const WorkingStep& step) {
  const std::string op = step.context->step->op->name;
  if (!step.value->is_numbers() || step.value->size() != 1) return {};
  if (op == "count") return FromShape(step);
  std::vector<Factor> sizes = Sizes(*step.context);
  if (sizes.empty()) return {};
  const std::string result = EntryText(*step.value, 0, 0);
  if (op == "additions_per_dot")
    return {{"", "A dot product of width d adds its d products: $d - 1$ additions = " + sizes[0].number +
                     " \u2212 1 = " + result}};
  if (op == "attention_multiplications") {
    // B·H·(T·S·D_k + T·S·D_v): the scores' products and the weighted sum's.
    std::map<std::string, std::string> n;
    for (const Factor& f : sizes) n[f.symbol] = f.number;
    if (!n.count("T") || !n.count("S") || !n.count("D_k") || !n.count("D_v")) return {};
    std::string outer, outer_symbols;
    for (const char* s : {"B", "H"})
      if (n.count(s)) {
        outer += n[s] + " \u00d7 ";
        outer_symbols += std::string(s) + " \\times ";
      }
    return {{"",
             "Each of the T × S query-key pairs costs D_k multiplications for its score and D_v for its share of the "
             "weighted sum: $" +
                 outer_symbols + "(T \\times S \\times D_k + T \\times S \\times D_v)$ = " + outer + "(" + n["T"] +
                 " \u00d7 " + n["S"] + " \u00d7 " + n["D_k"] + " + " + n["T"] + " \u00d7 " + n["S"] + " \u00d7 " +
                 n["D_v"] + ") = " + result}};
  }
  if (op == "score_multiplications" || op == "weighted_sum_multiplications") {
    // B·H·T·S·D_k for QKᵀ, B·H·T·S·D_v for the weighted sum; the other width names a mistake only.
    const bool scores = op == "score_multiplications";
    std::vector<Factor> used;
    for (const Factor& f : sizes)
      if (f.symbol != (scores ? "D_v" : "D_k")) used.push_back(f);
    return {{"", std::string(scores ? "Each of the T × S query-key pairs costs D_k multiplications for its score"
                                    : "Each of the T × S weights multiplies a value of width D_v") +
                     ": $" + Product(used, true) + "$ = " + Product(used, false) + " = " + result}};
  }
  if (sizes.size() == 1) return {};  // one size is its own count: nothing to multiply
  if (op == "bytes")
    return {{"", "Bytes: the count times the bytes per number = " + Product(sizes, false) + " = " + result}};
  return {{"", "$" + Product(sizes, true) + "$ = " + Product(sizes, false) + " = " + result}};
}

}  // namespace attn
