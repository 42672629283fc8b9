// Row-by-row masked softmax over given scores, with the batched all-masked rule (a row
// with no eligible source is zeros), and the wrong methods that learners use.
#include "exercises/models/ch19_batch_model.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "answers/answer_values.h"
#include "core/diagnostics.h"
#include "core/masks.h"
#include "exercises/model.h"
#include "exercises/variant_drawing.h"

namespace attn {
namespace {

enum class Method {
  kCorrect,
  kMaskAfterSoftmax,  // padded entries zeroed after the softmax, not renormalised
  kMaskIgnored,       // no padding mask at all
  kMaskInverted,      // 1 read as padding, 0 as a real token
  kWrongAxis,         // softmax down the columns, no mask
  kWrongAxisMasked,   // the mask applied, then the softmax down the columns
  kWindowIgnored,     // the local window not applied
  kWindowEverywhere,  // the local window applied to global attention too
  kWindowClosed,      // the half-open window [start, end) read as [start, end]
  kWindowShifted,     // the window's 1-based ends read as 0-based: start+1 .. end
};

}  // namespace

Result<Ch19Batch> Ch19BatchOf(const Json& exercise, const Json& part) {
  Ch19Batch b;
  if (HasInput(exercise, part, "lengths")) {
    ATTN_ASSIGN_OR_RETURN(lengths, ExactVectorInput(exercise, part, "lengths"));
    for (Eigen::Index i = 0; i < lengths.size(); ++i) {
      auto c = lengths(i).constant();
      if (!c || !c->is_integer()) return Status(ErrorCode::kInvalidInput, "source lengths must be whole numbers");
      b.mask.lengths.push_back(c->num());
    }
    b.rows_are_items = true;
  }
  int64_t S = -1;
  if (HasInput(exercise, part, "S")) {
    ATTN_ASSIGN_OR_RETURN(s, CountInput(exercise, part, "S"));
    S = s;
  }
  if (HasInput(exercise, part, "scores")) {
    ATTN_ASSIGN_OR_RETURN(text, InputText(exercise, part, "scores"));
    auto matrix = DoubleMatrixInput(exercise, part, "scores");
    if (matrix.ok()) {
      b.scores = *matrix;
    } else {
      ATTN_ASSIGN_OR_RETURN(row, DoubleVectorInput(exercise, part, "scores"));
      b.scores = Mat<double>(row.transpose());
    }
  } else {
    if (S < 1 || !b.rows_are_items) return Status(ErrorCode::kInvalidInput, "the batch needs scores or lengths and S");
    b.scores = Mat<double>::Zero(static_cast<Eigen::Index>(b.mask.lengths.size()), S);
  }
  if (S >= 0 && S != b.scores.cols()) {
    return Status(ErrorCode::kShapeMismatch, "S is " + std::to_string(S) + " but the score rows have " +
                                                 std::to_string(b.scores.cols()) + " entries");
  }
  if (b.rows_are_items && static_cast<Eigen::Index>(b.mask.lengths.size()) != b.scores.rows()) {
    return Status(ErrorCode::kShapeMismatch, "there are " + std::to_string(b.mask.lengths.size()) + " lengths for " +
                                                 std::to_string(b.scores.rows()) + " score rows");
  }
  if (HasInput(exercise, part, "causal")) b.mask.causal = *InputText(exercise, part, "causal") == "true";
  if (HasInput(exercise, part, "window")) {
    ATTN_ASSIGN_OR_RETURN(w, ExactVectorInput(exercise, part, "window"));
    if (w.size() != 2 || !w(0).constant() || !w(1).constant()) {
      return Status(ErrorCode::kInvalidInput, "a window is written [start, end), 1-based");
    }
    b.mask.window = {w(0).constant()->num() - 1, w(1).constant()->num() - 1};
  }
  if (HasInput(exercise, part, "relevant")) {
    ATTN_ASSIGN_OR_RETURN(r, CountInput(exercise, part, "relevant"));
    if (r < 1 || r > b.scores.cols()) return Status(ErrorCode::kInvalidInput, "the relevant position is out of range");
    b.relevant = r - 1;
  }
  int64_t items = b.rows_are_items ? b.scores.rows() : 1, targets = b.rows_are_items ? 1 : b.scores.rows();
  ATTN_RETURN_IF_ERROR(CheckMask(b.mask, items, targets, b.scores.cols()));
  return b;
}

namespace {

Eligibility RowEligibility(const Ch19Batch& b, Eigen::Index row, Method method) {
  MaskSpec mask = b.mask;
  if (method == Method::kMaskIgnored) mask.lengths.clear();
  if (method == Method::kWindowIgnored) mask.window.reset();
  if (method == Method::kWindowEverywhere && !mask.window) mask.window = {0, 0};
  if (method == Method::kWindowClosed && mask.window) mask.window->second += 1;
  if (method == Method::kWindowShifted && mask.window) {
    mask.window->first += 1;
    mask.window->second += 1;
  }
  if (mask.window) mask.window->second = std::min<int64_t>(mask.window->second, b.scores.cols());
  Eligibility out = b.rows_are_items ? mask.Row(row, 0, b.scores.cols()) : mask.Row(0, row, b.scores.cols());
  if (method == Method::kMaskInverted && !mask.lengths.empty()) {
    MaskSpec lengths_only;
    lengths_only.lengths = mask.lengths;
    Eligibility padding = lengths_only.Row(b.rows_are_items ? row : 0, 0, b.scores.cols());
    for (size_t s = 0; s < out.size(); ++s) out[s] = !padding[s];
  }
  return out;
}

// Weights row by row; a row with no eligible source is all zeros (the batched rule).
Result<Mat<double>> WeightsOf(const Ch19Batch& b, Method method) {
  Mat<double> out = Mat<double>::Zero(b.scores.rows(), b.scores.cols());
  if (method == Method::kWrongAxis || method == Method::kWrongAxisMasked) {
    for (Eigen::Index s = 0; s < b.scores.cols(); ++s) {
      Eligibility eligible;
      if (method == Method::kWrongAxisMasked) {
        for (Eigen::Index r = 0; r < b.scores.rows(); ++r)
          eligible.push_back(RowEligibility(b, r, Method::kCorrect)[static_cast<size_t>(s)]);
        if (std::none_of(eligible.begin(), eligible.end(), [](bool e) { return e; })) continue;
      }
      ATTN_ASSIGN_OR_RETURN(column, SoftmaxOf(Vec<double>(b.scores.col(s)), eligible));
      out.col(s) = column.weights;
    }
    return out;
  }
  for (Eigen::Index r = 0; r < b.scores.rows(); ++r) {
    Eligibility eligible = RowEligibility(b, r, method);
    if (std::none_of(eligible.begin(), eligible.end(), [](bool e) { return e; })) continue;
    Vec<double> row = b.scores.row(r).transpose();
    if (method == Method::kMaskAfterSoftmax) {
      ATTN_ASSIGN_OR_RETURN(all, SoftmaxOf(row));
      for (Eigen::Index s = 0; s < row.size(); ++s) out(r, s) = eligible[static_cast<size_t>(s)] ? all.weights(s) : 0.0;
    } else {
      ATTN_ASSIGN_OR_RETURN(softmax, SoftmaxOf(row, eligible));
      out.row(r) = softmax.weights.transpose();
    }
  }
  return out;
}

Quantity PerRow(const Mat<double>& weights, const std::function<double(const Vec<double>&, Eigen::Index)>& f) {
  std::vector<Quantity> items;
  for (Eigen::Index r = 0; r < weights.rows(); ++r) items.push_back(Quantity::Number(f(weights.row(r).transpose(), r)));
  return Quantity::List(std::move(items));
}

Result<Quantity> Select(const Ch19Batch& b, Method method, const std::string& q) {
  if (q == "padding_mask") {
    std::vector<Quantity> rows;
    bool inverted = method == Method::kMaskInverted;
    for (const auto& row : PaddingMask(b.mask.lengths, b.scores.cols())) {
      std::vector<Quantity> entries;
      for (bool e : row) entries.push_back(Quantity::Number(Exact(e != inverted ? 1 : 0)));
      rows.push_back(Quantity::List(std::move(entries)));
    }
    return Quantity::List(std::move(rows));
  }
  if (q == "softmax_axis") {
    // The axis along which the core's weights add up to one.
    ATTN_ASSIGN_OR_RETURN(w, WeightsOf(b, method));
    bool rows_sum_to_one = ((w.rowwise().sum().array() - 1.0).abs() < 1e-9).all();
    return Quantity::Position({rows_sum_to_one ? "source" : "target"});
  }
  ATTN_ASSIGN_OR_RETURN(w, WeightsOf(b, method));
  if (q == "masked_weights" || q == "source_axis_weights") return Quantity::Of(w);
  if (q == "masked_mass") {
    return PerRow(w, [&](const Vec<double>& row, Eigen::Index r) {
      return MaskedMass(row, RowEligibility(b, r, Method::kCorrect));
    });
  }
  if (q == "all_masked_rows") {
    int64_t count = 0;
    for (Eigen::Index r = 0; r < w.rows(); ++r) count += w.row(r).sum() == 0;
    return Quantity::Number(Exact(count));
  }
  if (q == "entropies") return PerRow(w, [](const Vec<double>& row, Eigen::Index) { return EntropyOf(row); });
  if (q == "max_entropies") {
    // The entropy of the flattest row the mask allows: equal scores on every eligible source.
    Ch19Batch flat = b;
    flat.scores.setZero();
    ATTN_ASSIGN_OR_RETURN(uniform, WeightsOf(flat, method));
    return PerRow(uniform, [](const Vec<double>& row, Eigen::Index) { return EntropyOf(row); });
  }
  if (q == "window_positions") {
    if (!b.mask.window) return Status(ErrorCode::kInvalidInput, "the exercise declares no window");
    Eligibility eligible = RowEligibility(b, 0, method);
    if (method != Method::kCorrect && method != Method::kWindowEverywhere && method != Method::kWindowClosed &&
        method != Method::kWindowShifted) {
      return Status(ErrorCode::kInvalidInput, "not a window mistake");
    }
    std::vector<std::string> labels;
    for (size_t s = 0; s < eligible.size(); ++s)
      if (eligible[s] || (method == Method::kWindowEverywhere && static_cast<int64_t>(s) == b.relevant))
        labels.push_back(std::to_string(s + 1));
    return Quantity::PositionSet(labels);
  }
  if (q == "global_weight_on_relevant" || q == "local_weight_on_relevant") {
    if (b.relevant < 0 || !b.mask.window)
      return Status(ErrorCode::kInvalidInput, "needs a window and a relevant position");
    Ch19Batch view = b;
    if (q == "global_weight_on_relevant") view.mask.window.reset();
    Method m = method;
    if (q == "global_weight_on_relevant" && method == Method::kWindowEverywhere) {
      view.mask.window = b.mask.window;
      m = Method::kCorrect;
    }
    ATTN_ASSIGN_OR_RETURN(weights, WeightsOf(view, m));
    return Quantity::Number(weights(0, b.relevant));
  }
  return Status(ErrorCode::kInvalidInput, "the model ch19.batch cannot compute '" + q + "'");
}

// How a mistake's sentence begins: with the quantity the part asks for.
std::string Your(const std::string& q) {
  if (q == "masked_weights" || q == "source_axis_weights") return "your weights";
  if (q == "masked_mass") return "your masked mass";
  if (q == "entropies") return "your entropies";
  if (q == "max_entropies") return "your largest entropies";
  if (q == "padding_mask") return "your mask";
  if (q == "global_weight_on_relevant" || q == "local_weight_on_relevant") return "your weight";
  if (q == "window_positions") return "your window";
  if (q == "softmax_axis") return "that axis";
  return "your " + q;
}

// "your weights come", "your masked mass comes".
std::string Comes(const std::string& q) {
  bool plural = q == "masked_weights" || q == "source_axis_weights" || q == "entropies" || q == "max_entropies";
  return Your(q) + (plural ? " come" : " comes");
}

bool IsWindowMistake(Method m) {
  return m == Method::kWindowIgnored || m == Method::kWindowEverywhere || m == Method::kWindowClosed ||
         m == Method::kWindowShifted;
}

struct Known {
  Method method;
  const char* tag;
  std::string (*explanation)(const std::string& q);
};

const Known kKnown[] = {
    {Method::kMaskAfterSoftmax, "mask-after-softmax",
     [](const std::string& q) {
       return Comes(q) +
              " from zeroing the padded positions after the softmax without renormalising, so a row no "
              "longer adds up to 1. Mask the scores before the softmax.";
     }},
    {Method::kMaskIgnored, "mask-ignored",
     [](const std::string& q) {
       return Comes(q) +
              " from rows with no mask applied at all, so the padded positions got weight; a padding key "
              "must receive exactly zero weight.";
     }},
    {Method::kMaskInverted, "mask-inverted",
     [](const std::string& q) {
       return Comes(q) +
              " from a mask the wrong way round: you marked the padding as the positions to keep. Here 1 "
              "means a real token that may be read and 0 a padded slot.";
     }},
    {Method::kWrongAxis, "wrong-axis",
     [](const std::string& q) {
       return Comes(q) +
              " from normalising down the columns (over the target positions). Each target's weights must "
              "add up to 1 across the source positions, the last axis.";
     }},
    {Method::kWrongAxisMasked, "wrong-axis",
     [](const std::string& q) {
       return Comes(q) +
              " from masking correctly but then normalising down the columns, across the rows, instead of "
              "along each row. Each row's eligible weights must add up to 1 across its own source positions.";
     }},
    {Method::kWindowClosed, "window-off-by-one",
     [](const std::string& q) {
       return Comes(q) +
              " from reading the window [start, end) as closed. It is half-open: it includes its start and "
              "stops before its end, so the end position itself is outside it.";
     }},
    {Method::kWindowShifted, "window-off-by-one",
     [](const std::string& q) {
       return Comes(q) +
              " from shifting both ends of the window by one. Its ends are already 1-based positions here; "
              "shifting them reads the window as if it were 0-based.";
     }},
    {Method::kWindowIgnored, "local-window-miss",
     [](const std::string& q) {
       return Comes(q) +
              " from the global read: the local window cannot see a position outside it, so that "
              "position gets no weight at all.";
     }},
    {Method::kWindowEverywhere, "local-window-miss",
     [](const std::string& q) {
       if (q == "window_positions")
         return std::string(
             "your window includes a position outside [start, end): the local window cannot read it, however "
             "high its score; only global attention reaches it.");
       return Comes(q) +
              " from the local window; global attention scores every source position, including the one "
              "outside the window.";
     }},
};

}  // namespace

Result<GradeRequest> Ch19BatchRequest(const Json& exercise, const Json& part, bool with_mistakes) {
  std::string q = StringField(part, "quantity");
  ATTN_ASSIGN_OR_RETURN(b, Ch19BatchOf(exercise, part));
  GradeRequest request;
  ATTN_ASSIGN_OR_RETURN(expected, Select(b, Method::kCorrect, q));
  request.expected = expected;
  request.parse.symbols = {};
  request.parse.booleans = q == "padding_mask";
  request.parse.nonfinite = true;
  if (q == "softmax_axis") {
    // Axes by name, or as PyTorch's negative index; a plain number is ambiguous (0- or 1-based).
    request.position_labels = {"batch", "target", "source"};
    request.positions_by_number = false;
    request.position_synonyms = {
        {"-1", "source"},      {"dim=-1", "source"},   {"dim = -1", "source"},    {"dim -1", "source"},
        {"axis=-1", "source"}, {"axis -1", "source"},  {"last", "source"},        {"last_axis", "source"},
        {"s", "source"},       {"sources", "source"},  {"source_axis", "source"}, {"-2", "target"},
        {"t", "target"},       {"targets", "target"},  {"target_axis", "target"}, {"-3", "batch"},
        {"b", "batch"},        {"batch_axis", "batch"}};
  }
  if (q == "window_positions") {
    for (Eigen::Index s = 1; s <= b.scores.cols(); ++s) request.position_labels.push_back(std::to_string(s));
  }
  if (!with_mistakes) return request;
  bool position = expected.kind == Quantity::Kind::kPosition;
  for (const auto& known : kKnown) {
    if (IsWindowMistake(known.method) && !b.mask.window) continue;
    // For a position part, only the mistakes about positions: the window's ends, the axis.
    bool about_positions =
        IsWindowMistake(known.method) || known.method == Method::kWrongAxis || known.method == Method::kWrongAxisMasked;
    if (position && !about_positions) continue;
    auto wrong = Select(b, known.method, q);
    if (!wrong.ok() || wrong->SameAs(expected)) continue;
    bool seen = false;
    for (const auto& m : request.misconceptions) seen = seen || (m.value && m.value->SameAs(*wrong));
    if (seen) continue;
    std::string explanation = known.explanation(q);
    request.misconceptions.push_back(position ? Misconception::Position(known.tag, *wrong, explanation)
                                              : Misconception::Value(known.tag, *wrong, explanation));
  }
  if (q == "softmax_axis") {
    request.misconceptions.push_back(Misconception::Position(
        "wrong-axis", Quantity::Position({"batch", "target"}),
        "that axis keeps the tensor's shape but normalises across targets or batch items, mixing "
        "distributions that should be separate: each target position needs its own distribution over the "
        "sources."));
  }
  if (q == "entropies" || q == "max_entropies") {
    struct Base {
      const char* tag;
      double log;
      const char* name;
    };
    for (const Base& base : {Base{"entropy-in-bits", std::log(2.0), "bits (log base 2)"},
                             Base{"entropy-in-log10", std::log(10.0), "log base 10"}}) {
      std::vector<Quantity> rows;
      for (const auto& row : expected.items) rows.push_back(Quantity::Number(row.approx / base.log));
      request.misconceptions.push_back(
          Misconception::Value(base.tag, Quantity::List(std::move(rows)),
                               Your(q) + " are in " + base.name +
                                   ". This part asks for nats: use the natural logarithm, H = -sum of w ln w."));
    }
  }
  if (q == "masked_weights" || q == "source_axis_weights" || q == "masked_mass") {
    request.misconceptions.push_back(Misconception::TinyForZero(
        "mask-not-exactly-zero",
        Your(q) + " put a tiny amount where the mask requires exactly 0. A padded key's score goes to "
                  "-infinity (or its weight is set to 0), so nothing at all is left; a value such as 1e-15 is "
                  "what a large but finite negative mask leaves."));
  }
  return request;
}

Result<Json> Ch19BatchWorking(const Json& exercise) {
  ATTN_ASSIGN_OR_RETURN(b, Ch19BatchOf(exercise, Json::object()));
  ATTN_ASSIGN_OR_RETURN(w, WeightsOf(b, Method::kCorrect));
  Json rows = Json::array();
  for (Eigen::Index r = 0; r < w.rows(); ++r) {
    Eligibility eligible = RowEligibility(b, r, Method::kCorrect);
    Json row = {{"scores", Json::array()}, {"weights", Json::array()}, {"eligible", Json::array()}};
    for (Eigen::Index s = 0; s < w.cols(); ++s) {
      row["scores"].push_back(b.scores(r, s));
      row["weights"].push_back(w(r, s));
      row["eligible"].push_back(static_cast<bool>(eligible[static_cast<size_t>(s)]));
    }
    row["entropy"] = EntropyOf(w.row(r).transpose());
    rows.push_back(row);
  }
  Json out = {{"rows", rows}, {"rowsAreItems", b.rows_are_items}};
  if (!b.rows_are_items && w.rows() > 1) {
    // The wrong axis, shown beside the right one: normalised down each column instead.
    ATTN_ASSIGN_OR_RETURN(across, WeightsOf(b, Method::kWrongAxis));
    Json columns = Json::array();
    for (Eigen::Index r = 0; r < across.rows(); ++r) {
      Json row = Json::array();
      for (Eigen::Index s = 0; s < across.cols(); ++s) row.push_back(across(r, s));
      columns.push_back(row);
    }
    out["acrossTargets"] = columns;
  }
  return out;
}

namespace {

Status DrawVariant(Json& e, SeededRandom& r) {
  int64_t S = 0;
  if (HasInput(e, Json::object(), "S")) {
    ATTN_ASSIGN_OR_RETURN(s, CountInput(e, Json::object(), "S"));
    S = s;
  }
  if (HasInput(e, Json::object(), "lengths") && (S < 1 || S > 4096)) {
    return Status(ErrorCode::kInvalidInput, "the input S must be a whole number from 1 to 4096 to draw lengths");
  }
  ATTN_RETURN_IF_ERROR(ForInput(e, "lengths", [&](const std::string& text) {
    return Redraw(text, [&] { return std::to_string(r.Integer(1, S)); });
  }));
  std::string relevant = StringField(e["inputs"], "relevant");
  ATTN_RETURN_IF_ERROR(ForInput(e, "scores", [&](const std::string& text) -> Result<std::string> {
    int64_t index = 0;
    return Redraw(text, [&] {
      ++index;
      if (!relevant.empty() && std::to_string(index) == relevant) return Tenths(r.Integer(15, 30));
      return Tenths(r.Integer(-10, 10));
    });
  }));
  return Status();
}

}  // namespace

namespace {

// The masked mass follows from the learner's own masked weights: their weight on the
// positions each row's mask excludes.
std::vector<FollowThrough> Ch19BatchFollowThrough(const Json& exercise, const Json& part,
                                                  const std::vector<GivenAnswer>& given) {
  std::vector<FollowThrough> out;
  if (StringField(part, "quantity") != "masked_mass") return out;
  auto b = Ch19BatchOf(exercise, part);
  if (!b.ok()) return out;
  for (const GivenAnswer& g : given) {
    if (StringField(*g.part, "quantity") != "masked_weights") continue;
    auto w = DoubleMatrixOf(g.answer);
    if (!w || w->rows() != b->scores.rows() || w->cols() != b->scores.cols()) continue;
    std::vector<Quantity> rows;
    for (Eigen::Index r = 0; r < w->rows(); ++r)
      rows.push_back(Quantity::Number(MaskedMass(w->row(r).transpose(), RowEligibility(*b, r, Method::kCorrect))));
    out.push_back({{g.name}, Quantity::List(std::move(rows))});
  }
  return out;
}

}  // namespace

extern const Model kCh19BatchModel = {
    "ch19.batch",
    "rows",
    /*shows_inputs=*/true,
    [](const Json& exercise, const Json& part, uint32_t, bool with_mistakes) {
      return Ch19BatchRequest(exercise, part, with_mistakes);
    },
    [](const Json& exercise, const Json&, uint32_t) { return Ch19BatchWorking(exercise); },
    DrawVariant,
    Ch19BatchCases,
    Ch19BatchFollowThrough,
};

}  // namespace attn
