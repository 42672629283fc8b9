// The working, laid out by kind from the computed steps (working.h).
#include "exercises/working.h"

#include <cmath>
#include <deque>
#include <limits>

#include "core/diagnostics.h"
#include "exercises/operation.h"

namespace attn {
namespace {

Status Refused(const std::string& message) { return Status(ErrorCode::kInvalidInput, message); }

bool IsOp(const Computation& c, size_t step, const char* name) { return std::string(c.steps()[step].op->name) == name; }

// The step an argument names, where it names one.
std::optional<size_t> StepArg(const Computation& c, size_t step, const std::string& arg) {
  for (const ArgRef& a : c.steps()[step].args)
    if (a.name == arg && a.kind == ArgRef::Kind::kStep) return a.step;
  return std::nullopt;
}

// The first step of an operation whose argument names `target`.
std::optional<size_t> Reader(const Computation& c, const char* op, const std::string& arg, size_t target) {
  for (size_t i = target + 1; i < c.steps().size(); ++i)
    if (IsOp(c, i, op) && StepArg(c, i, arg) == target) return i;
  return std::nullopt;
}

// The value of a step's argument (a step, an input or a written value).
const Value* ArgValue(const Computed& computed, size_t step, const std::string& arg) {
  const StepContext context = computed.computation().ContextFor(step, computed.values(), computed.seed());
  return context.Arg(arg);
}

Json QuantityJson(const Quantity& x) {
  std::string exact = x.ExactText();
  return Json{{"exact", exact.empty() ? Json() : Json(exact)}, {"decimal", x.DecimalText()}};
}

Json Numbers(const Vec<double>& v) {
  Json out = Json::array();
  for (Eigen::Index i = 0; i < v.size(); ++i) out.push_back(v(i));
  return out;
}

Value Entry(const Value& v, Eigen::Index i) {
  Value out = v.exact ? Value::Scalar((*v.exact)(i, 0)) : Value::Scalar(v.approx(i, 0));
  out.exact_shown = v.exact_shown;
  return out;
}

Value Row(const Value& m, Eigen::Index r) {
  Value out = m.exact ? Value::List(Vec<Exact>(m.exact->row(r).transpose()))
                      : Value::List(Vec<double>(m.approx.row(r).transpose()));
  out.exact_shown = m.exact_shown;
  return out;
}

// Chapter 14's table around a softmax step.
Result<Json> ExactRead(const Computed& computed, size_t read) {
  const Computation& c = computed.computation();
  const Values& values = computed.values();
  auto scores_step = StepArg(c, read, "scores");
  if (!scores_step) return Refused("the read's scores are not a step");
  const Value* memory = ArgValue(computed, *scores_step, "keys");
  if (!memory) return Refused("the read's scores compare no states");
  const Value& states = memory->Main();
  const Value& scores = values[*scores_step].Main();
  const Value& record = values[read];
  const Value& exps = *record.Field("exponentials");
  const Value& weights = *record.Field("weights");
  Json positions = Json::array();
  std::vector<std::string> labels = states.labels;
  bool exact = weights.exact.has_value();
  for (Eigen::Index j = 0; j < states.rows(); ++j) {
    const bool removed = !weights.Eligible(0, j);
    positions.push_back(
        {{"label", static_cast<size_t>(j) < labels.size() ? labels[static_cast<size_t>(j)] : std::to_string(j + 1)},
         {"state", QuantityJson(Row(states, j).ToQuantity())},
         {"score", QuantityJson(Entry(scores, j).ToQuantity())},
         {"exponential", QuantityJson(Entry(exps, j).ToQuantity())},
         {"weight", QuantityJson(Entry(weights, j).ToQuantity())},
         {"removed", removed}});
  }
  Json out = {{"positions", positions},
              {"denominator", QuantityJson(record.Field("denominator")->ToQuantity())},
              {"context", Json()},
              {"readout", Json()}};
  if (auto context = Reader(c, "context", "weights", read)) {
    out["context"] = QuantityJson(values[*context].ToQuantity());
    if (auto readout = Reader(c, "readout", "context", *context))
      out["readout"] = QuantityJson(values[*readout].ToQuantity());
  }
  if (!exact) out["note"] = "These scores' exponentials have no exact form. The read is shown in decimals.";
  return out;
}

// A decimal read around a softmax step, or around a context of given weights.
Result<Json> DecimalRead(const Computed& computed, size_t focus) {
  const Computation& c = computed.computation();
  const Values& values = computed.values();
  const bool softmax = IsOp(c, focus, "softmax");
  std::optional<size_t> context_step = softmax ? Reader(c, "context", "weights", focus) : std::optional<size_t>(focus);
  const Value* weights_value = softmax ? values[focus].Field("weights") : ArgValue(computed, focus, "weights");
  if (!weights_value) return Refused("no weights");
  const Value& weights = weights_value->Main();
  ATTN_ASSIGN_OR_RETURN(w, VectorOf<double>(weights.Approximate(), "the weights"));
  const Value* values_value = context_step ? ArgValue(computed, *context_step, "values") : nullptr;
  Vec<double> scores, scaled;
  double temperature = 1, shift = 0, denominator = 0;
  bool masked = false;
  if (softmax) {
    const Value* s = ArgValue(computed, focus, "scores");
    ATTN_ASSIGN_OR_RETURN(raw, VectorOf<double>(s->Approximate(), "the scores"));
    scores = raw;
    if (const Value* t = ArgValue(computed, focus, "temperature")) temperature = t->Main().approx(0, 0);
    scaled = scores / temperature;
    masked = !weights.eligible.empty();
    // Where the exponentials would overflow (scores past about 709), they are taken after the
    // largest score is subtracted, and the working says so ("shift").
    double top = -std::numeric_limits<double>::infinity();
    for (Eigen::Index j = 0; j < scaled.size(); ++j)
      if (weights.Eligible(0, j)) top = std::max(top, scaled(j));
    if (top > 700) shift = top;
  }
  Json positions = Json::array();
  double masked_mass = 0;
  for (Eigen::Index j = 0; j < w.size(); ++j) {
    const bool eligible = weights.Eligible(0, j);
    Json row = {{"label", std::to_string(j + 1)}, {"weight", w(j)}};
    if (softmax) {
      row["score"] = scores(j);
      if (temperature != 1) row["scaled"] = scaled(j);
      if (eligible) {
        row["exponential"] = std::exp(scaled(j) - shift);
        denominator += std::exp(scaled(j) - shift);
      }
    }
    if (masked) row["eligible"] = eligible;
    if (!eligible) masked_mass += w(j);
    if (values_value && values_value->Main().rows() == w.size())
      row["value"] = Numbers(values_value->Main().approx.row(j).transpose());
    positions.push_back(row);
  }
  Json out = {{"positions", positions}, {"entropy", EntropyOf(w)}, {"maskedMass", masked_mass}, {"weightSum", w.sum()}};
  if (softmax) {
    out["temperature"] = temperature;
    out["shift"] = shift;
    out["denominator"] = denominator;
  }
  if (context_step) {
    ATTN_ASSIGN_OR_RETURN(context, VectorOf<double>(values[*context_step].Approximate(), "the context"));
    ATTN_ASSIGN_OR_RETURN(m, MatrixOf<double>(values_value->Main().Approximate(), "the values"));
    CoordinateRanges ranges = RangesOf(m);
    out["context"] = Numbers(context);
    out["valueMin"] = Numbers(ranges.min);
    out["valueMax"] = Numbers(ranges.max);
    out["insideRanges"] = InsideRanges(context, ranges);
  }
  return out;
}

// Score rows with their masks and weights, around a softmax step over a matrix.
Result<Json> Rows(Computed& computed, size_t read) {
  const Values& values = computed.values();
  const Value& weights = *values[read].Field("weights");
  const Value* s = ArgValue(computed, read, "scores");
  if (!s) return Refused("no scores");
  ATTN_ASSIGN_OR_RETURN(scores, MatrixOf<double>(s->Main().Approximate(), "the scores"));
  ATTN_ASSIGN_OR_RETURN(w, MatrixOf<double>(weights.Approximate(), "the weights"));
  if (weights.rank == 1) {
    scores = Mat<double>(scores.transpose());
    w = Mat<double>(w.transpose());
  }
  Json rows = Json::array();
  for (Eigen::Index r = 0; r < w.rows(); ++r) {
    Json row = {{"scores", Json::array()}, {"weights", Json::array()}, {"eligible", Json::array()}};
    for (Eigen::Index j = 0; j < w.cols(); ++j) {
      row["scores"].push_back(scores(r, j));
      row["weights"].push_back(w(r, j));
      row["eligible"].push_back(weights.Eligible(r, j));
    }
    row["entropy"] = EntropyOf(Vec<double>(w.row(r).transpose()));
    rows.push_back(row);
  }
  const Value* mask = ArgValue(computed, read, "mask");
  const bool items = mask && mask->Main().rank == 2;
  Json out = {{"rows", rows}, {"rowsAreItems", items}};
  if (!items && w.rows() > 1) {
    // The wrong axis, shown beside the right one: normalised down each column instead.
    for (const WrongRun& run : computed.WrongRuns()) {
      if (run.step != read || !run.way || std::string(run.way->id) != "wrong-axis" || !run.result.value) continue;
      const Value* across = run.result.value->Field("weights");
      Json columns = Json::array();
      for (Eigen::Index r = 0; r < across->rows(); ++r) columns.push_back(Numbers(across->approx.row(r).transpose()));
      out["acrossTargets"] = columns;
      break;
    }
  }
  return out;
}

std::string Formula(const Computation& c, size_t step) {
  const std::string op = c.steps()[step].op->name;
  if (op == "state_numbers") {
    for (const ArgRef& a : c.steps()[step].args)
      if (a.name == "positions") return "n \u00d7 d";
    return "d";
  }
  if (op == "bytes") {
    auto count = StepArg(c, step, "count");
    return (count ? Formula(c, *count) : std::string("count")) + " \u00d7 bytes";
  }
  if (op == "dot_products") return "t \u00d7 n";
  if (op == "multiplications_per_dot") return "d";
  if (op == "additions_per_dot") return "d \u2212 1";
  if (op == "count") return "the product of the shape";
  return "";
}

Result<Json> Counts(const Computed& computed) {
  const Computation& c = computed.computation();
  Json counts = Json::array();
  for (size_t i = 0; i < c.steps().size(); ++i) {
    const std::string formula = Formula(c, i);
    if (formula.empty()) continue;
    counts.push_back(
        {{"name", c.steps()[i].name}, {"formula", formula}, {"value", computed.values()[i].ToQuantity().ExactText()}});
  }
  Json inputs = Json::object();
  const Json symbols = computed.exercise().value("symbols", Json::object());
  auto given = [&](const std::string& name) -> Json {
    const Value* v = c.Input(name);
    if (!v) return nullptr;
    auto n = IntegerOf(*v, name);
    return n.ok() ? Json(*n) : Json(v->ToQuantity().DecimalText());
  };
  for (const auto& [symbol, input] : symbols.items()) inputs[symbol] = given(input.get<std::string>());
  if (c.Input("bytes_per_number")) inputs["bytes"] = given("bytes_per_number");
  for (auto& row : counts) {
    auto parsed = Json::parse(row["value"].get<std::string>(), nullptr, false);
    if (parsed.is_number_integer()) row["value"] = parsed;
  }
  return Json{{"inputs", inputs}, {"counts", counts}};
}

Result<Json> CostSummary(const Computed& computed) {
  const Computation& c = computed.computation();
  auto sym = [](const char* s) { return Exact::Symbol(s); };
  Json out = {{"order", (sym("T") * sym("S") * sym("D_k") + sym("T") * sym("S") * sym("D_v")).to_string()}};
  auto integers = [](const Value& v) {
    Json list = Json::array();
    for (Eigen::Index i = 0; i < v.size(); ++i) list.push_back(static_cast<int64_t>(v.approx.data()[i]));
    return list;
  };
  for (size_t i = 0; i < c.steps().size(); ++i) {
    const std::string op = c.steps()[i].op->name;
    const Value& v = computed.values()[i].Main();
    if (op == "score_shape" && !out.contains("scoreShape")) out["scoreShape"] = integers(v);
    if (op == "context_shape" && !out.contains("contextShape")) out["contextShape"] = integers(v);
    if (op == "count" && !out.contains("elements")) out["elements"] = static_cast<int64_t>(v.approx(0, 0));
    if (op == "bytes" && !out.contains("weightBytes")) out["weightBytes"] = static_cast<int64_t>(v.approx(0, 0));
    if (op == "attention_multiplications") {
      if (v.form == AnswerForm::kCount)
        out["multiplications"] = static_cast<int64_t>(v.approx(0, 0));
      else
        out["order"] = v.ToQuantity().ExactText();
    }
  }
  return out;
}

Result<Json> Roles(const Computed& computed) {
  const Computation& c = computed.computation();
  for (size_t i = 0; i < c.steps().size(); ++i) {
    if (!IsOp(c, i, "letters")) continue;
    Json arrays = Json::array();
    for (const char* letter : {"A", "B", "C", "D", "E", "F"}) {
      const Value* array = computed.values()[i].Field(std::string("array.") + letter);
      if (!array) continue;
      Json shown;
      if (array->rank == 2) {
        shown = Json::array();
        for (Eigen::Index r = 0; r < array->rows(); ++r) shown.push_back(Numbers(array->approx.row(r).transpose()));
      } else {
        shown = Numbers(Vec<double>(array->approx.col(0)));
      }
      arrays.push_back({{"letter", letter}, {"array", shown}});
    }
    return Json{{"arrays", arrays}};
  }
  return Refused("no lettered arrays");
}

// Through the operation's record, so that a chapter's core without the operation links none of it.
Result<Json> Policies(const Computed& computed) {
  const Operation* policy = OperationNamed("masked_row_policy");
  if (!policy || !policy->cases) return Refused("this core has no masked-row policy");
  return policy->cases(computed.computation());
}

// The nearest softmax step a step is computed from (or, failing that, one computed from it),
// else the step itself where it is a context of given weights.
std::optional<size_t> ReadOf(const Computation& c, size_t step) {
  std::deque<size_t> queue = {step};
  std::vector<bool> seen(c.steps().size(), false);
  while (!queue.empty()) {
    size_t s = queue.front();
    queue.pop_front();
    if (seen[s]) continue;
    seen[s] = true;
    if (IsOp(c, s, "softmax")) return s;
    for (const ArgRef& a : c.steps()[s].args)
      if (a.kind == ArgRef::Kind::kStep) queue.push_back(a.step);
  }
  for (size_t s = step + 1; s < c.steps().size(); ++s)
    if (IsOp(c, s, "softmax") && c.DependsOn(s, step)) return s;
  if (IsOp(c, step, "context")) return step;
  return std::nullopt;
}

std::optional<size_t> ExerciseFocus(const Computed& computed) {
  const Computation& c = computed.computation();
  const Json working = computed.exercise().value("working", Json::object());
  if (working.is_object() && working.contains("step")) {
    auto ref = c.Resolve(StringField(working, "step"));
    if (ref.ok()) return ref->step;
  }
  for (size_t s = 0; s < c.steps().size(); ++s)
    if (IsOp(c, s, "softmax")) return s;
  for (size_t s = 0; s < c.steps().size(); ++s)
    if (IsOp(c, s, "context")) return s;
  return std::nullopt;
}

bool IsReadKind(const std::string& kind) { return kind == "exact-read" || kind == "read" || kind == "rows"; }

}  // namespace

std::string WorkingKind(const Json& exercise) {
  const Json working = exercise.value("working", Json::object());
  if (working.is_string()) return working.get<std::string>();
  const std::string kind = StringField(working, "kind");
  return kind.empty() ? "none" : kind;
}

std::optional<size_t> WorkingFocus(const Computed& computed, const Json& part) {
  if (!IsReadKind(WorkingKind(computed.exercise()))) return std::nullopt;
  if (part.is_object() && part.contains("step")) {
    auto ref = computed.PartStep(part);
    if (!ref.ok()) return std::nullopt;
    return ReadOf(computed.computation(), ref->step);
  }
  return ExerciseFocus(computed);
}

Result<Json> WorkingOf(Computed& computed, const Json& part) {
  const std::string kind = WorkingKind(computed.exercise());
  if (kind == "none") return Json::object();
  if (kind == "counts") return Counts(computed);
  if (kind == "cost-summary") return CostSummary(computed);
  if (kind == "roles") return Roles(computed);
  if (kind == "policies") return Policies(computed);
  if (!IsReadKind(kind)) return Refused("the working kind '" + kind + "' is not one the pages lay out");
  auto focus = WorkingFocus(computed, part);
  if (!focus) return Refused("there is no read to show");
  if (kind == "exact-read") {
    if (!IsOp(computed.computation(), *focus, "softmax")) return Refused("there is no read to show");
    return ExactRead(computed, *focus);
  }
  if (kind == "rows") {
    if (!IsOp(computed.computation(), *focus, "softmax")) return Refused("there is no read to show");
    return Rows(computed, *focus);
  }
  return DecimalRead(computed, *focus);
}

}  // namespace attn
