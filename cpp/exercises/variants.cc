// Input generators per model, and the well-posedness check they must pass.
#include "exercises/variants.h"

#include <cmath>
#include <functional>

#include "answers/answer_parser.h"
#include "exercises/models.h"
#include "core/seeded_random.h"

namespace attn {
namespace {

std::string Tenths(int64_t k) {
  std::string sign = k < 0 ? "-" : "";
  int64_t m = k < 0 ? -k : k;
  return m % 10 == 0 ? sign + std::to_string(m / 10) : sign + std::to_string(m / 10) + "." + std::to_string(m % 10);
}

// Rewrites a number or (nested) list in the answer language, keeping its shape and
// drawing each entry from `draw`.
Result<std::string> Redraw(const std::string& text, const std::function<std::string()>& draw) {
  ATTN_ASSIGN_OR_RETURN(answer, ParseAnswer(text));
  std::function<std::string(const Answer&)> write = [&](const Answer& a) -> std::string {
    if (!a.is_list()) return draw();
    std::string out = "[";
    for (size_t i = 0; i < a.items.size(); ++i) out += (i ? ", " : "") + write(a.items[i]);
    return out + "]";
  };
  return write(answer);
}

// Applies f to an input wherever it is written: the exercise's inputs and the parts.
Status ForInput(Json& exercise, const std::string& key, const std::function<Result<std::string>(const std::string&)>& f) {
  auto apply = [&](Json& holder) -> Status {
    if (!holder.is_object() || !holder.contains(key) || !holder[key].is_string()) return Status();
    ATTN_ASSIGN_OR_RETURN(text, f(holder[key].get<std::string>()));
    holder[key] = text;
    return Status();
  };
  if (exercise.contains("inputs")) ATTN_RETURN_IF_ERROR(apply(exercise["inputs"]));
  if (exercise.contains("parts") && exercise["parts"].is_array())
    for (auto& part : exercise["parts"]) ATTN_RETURN_IF_ERROR(apply(part));
  return Status();
}

Status Ch14Read(Json& e, SeededRandom& r) {
  ATTN_RETURN_IF_ERROR(ForInput(e, "query", [&](const std::string& text) -> Result<std::string> {
    ATTN_ASSIGN_OR_RETURN(q, ParseAnswer(text));
    bool all_zero = true;
    for (const auto& item : q.items) all_zero = all_zero && item.value.is_zero();
    if (all_zero) return text;  // a zero query is the point of the part that has one
    return Redraw(text, [&] { return std::to_string(r.Integer(-2, 2)); });
  }));
  return ForInput(e, "readout", [&](const std::string& text) {
    return Redraw(text, [&] { return std::to_string(r.Integer(1, 3)); });
  });
}

Status Ch14Cost(Json& e, SeededRandom& r) {
  Json& in = e["inputs"];
  in["positions"] = std::to_string(r.Integer(2, 200));
  in["width"] = std::to_string(r.Integer(1, 8));
  in["bytes_per_number"] = std::to_string(int64_t{1} << r.Integer(1, 3));
  in["target_steps"] = std::to_string(r.Integer(1, 10));
  return Status();
}

Status Ch19Read(Json& e, SeededRandom& r) {
  for (const char* key : {"query", "keys", "W", "W_q", "W_k", "v", "b", "control"}) {
    ATTN_RETURN_IF_ERROR(ForInput(e, key, [&](const std::string& text) {
      return Redraw(text, [&] { return Tenths(r.Integer(-10, 10)); });
    }));
  }
  ATTN_RETURN_IF_ERROR(ForInput(e, "values", [&](const std::string& text) {
    return Redraw(text, [&] { return Tenths(r.Integer(0, 10)); });
  }));
  ATTN_RETURN_IF_ERROR(ForInput(e, "scores", [&](const std::string& text) -> Result<std::string> {
    ATTN_ASSIGN_OR_RETURN(s, ParseAnswer(text));
    bool large = !s.items.empty() && std::fabs(s.items[0].value.to_double()) >= 100;
    if (large) {
      // The point is the size: every score above 709, where exp overflows even in double
      // precision, and no two alike (a tie would make the weights trivially uniform).
      int64_t base = 100 * r.Integer(8, 20), step = r.Integer(1, 3), offset = 0;
      return Redraw(text, [&] { return std::to_string(base + (offset++) * step); });
    }
    return Redraw(text, [&] { return Tenths(r.Integer(-20, 20)); });
  }));
  ATTN_RETURN_IF_ERROR(ForInput(e, "weights", [&](const std::string& text) -> Result<std::string> {
    ATTN_ASSIGN_OR_RETURN(w, ParseAnswer(text));
    size_t n = w.items.size();
    std::vector<int64_t> tenths(n, 1);  // every weight at least 0.1, together 1
    for (int64_t left = 10 - static_cast<int64_t>(n); left > 0; --left) ++tenths[static_cast<size_t>(r.Integer(0, static_cast<int64_t>(n) - 1))];
    std::string out = "[";
    for (size_t i = 0; i < n; ++i) out += (i ? ", " : "") + Tenths(tenths[i]);
    return out + "]";
  }));
  return Status();
}

Status Ch19Batch(Json& e, SeededRandom& r) {
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

// Sizes in powers of two, redrawn until the batch's work, B*H*T*S*(D_k+D_v), is at most
// 2^29 multiply-adds (4 times the chapter's), so that "Run this batch" and the batch lab
// (whose budget this is) can run every variant.
Status Ch19Cost(Json& e, SeededRandom& r) {
  Json& in = e["inputs"];
  if (!in.contains("B")) return Status();  // the symbolic exercise has nothing to vary
  for (int attempt = 0; attempt < 1000; ++attempt) {
    int64_t b = r.Integer(0, 4), h = r.Integer(1, 4), t = r.Integer(3, 7), s = r.Integer(5, 10), d = r.Integer(5, 7);
    if (b + h + t + s + d + 1 > 29) continue;
    in["B"] = std::to_string(int64_t{1} << b);
    in["H"] = std::to_string(int64_t{1} << h);
    in["T"] = std::to_string(int64_t{1} << t);
    in["S"] = std::to_string(int64_t{1} << s);
    in["D_k"] = std::to_string(int64_t{1} << d);
    in["D_v"] = std::to_string(int64_t{1} << d);
    in["bytes_per_number"] = std::to_string(int64_t{2} << r.Integer(0, 1));
    return Status();
  }
  return Status(ErrorCode::kInvalidInput, "no batch size within the work budget was drawn");
}

}  // namespace

Status CheckWellPosed(const Json& exercise) {
  if (!exercise.contains("parts") || !exercise["parts"].is_array()) return Status();
  for (const auto& part : exercise["parts"]) {
    std::string name = StringField(part, "name");
    auto request = RequestForPart(exercise, part, 0, /*with_mistakes=*/false);
    if (!request.ok()) return Status(ErrorCode::kInvalidInput, name + ": " + request.status().message());
    const Quantity& q = request->expected;
    std::string quantity = StringField(part, "quantity");
    bool asks_largest = quantity.find("largest") != std::string::npos;
    // Chapter 14's exercise 4 ties on purpose (key and full stop); variants must not.
    if (asks_largest && q.positions.size() > 1) return Status(ErrorCode::kInvalidInput, name + ": a tie for the largest");
    std::function<bool(const Quantity&)> finite = [&](const Quantity& x) {
      if (x.kind == Quantity::Kind::kList) return std::all_of(x.items.begin(), x.items.end(), finite);
      return x.kind != Quantity::Kind::kNumber || x.exact || std::isfinite(x.approx);
    };
    if (!finite(q)) return Status(ErrorCode::kInvalidInput, name + ": a value is not finite");
  }
  return Status();
}

Result<Json> VariantOf(const Json& exercise, uint32_t seed) {
  if (seed == 0) return exercise;
  // The generators write into the inputs: they must be an object of texts.
  if (exercise.contains("inputs")) {
    if (!exercise["inputs"].is_object()) return Status(ErrorCode::kInvalidInput, "the exercise's inputs are not an object");
    for (const auto& [key, value] : exercise["inputs"].items()) {
      if (!value.is_string() && !value.is_object() && !value.is_array()) {
        return Status(ErrorCode::kInvalidInput, "the input '" + key + "' must be written as text");
      }
    }
  }
  std::string model = StringField(exercise, "model");
  Status last;
  for (uint64_t attempt = 0; attempt < 64; ++attempt) {
    Json variant = exercise;
    SeededRandom random(seed, attempt);
    Status drawn;
    if (model == "ch14.read") drawn = Ch14Read(variant, random);
    else if (model == "ch14.cost") drawn = Ch14Cost(variant, random);
    else if (model == "ch19.read") drawn = Ch19Read(variant, random);
    else if (model == "ch19.batch") drawn = Ch19Batch(variant, random);
    else if (model == "ch19.cost") drawn = Ch19Cost(variant, random);
    else return variant;  // roles, choices and open tasks: the seed only reorders letters
    ATTN_RETURN_IF_ERROR(drawn);
    last = CheckWellPosed(variant);
    if (last.ok()) {
      variant["seed"] = seed;
      return variant;
    }
  }
  return Status(ErrorCode::kInvalidInput, "no well-posed variant for seed " + std::to_string(seed) + ": " + last.message());
}

}  // namespace attn
