// Reads the batch lab's options, fills the inputs from the seed when none were given,
// runs the float32 core, and adds the row statistics and the agreement when asked.
#include "api/batch_request.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include "batch/batch_attention.h"
#include "batch/batch_checks.h"
#include "batch/batch_inputs.h"
#include "core/masks.h"

namespace attn {
namespace {

using Json = nlohmann::json;

Status Invalid(const std::string& message) { return Status(ErrorCode::kInvalidInput, message); }

// A JSON null where a number belongs is what NaN or Infinity become in JSON text: refused,
// never read as "absent".
Status NullOption(const char* name) {
  return Invalid(std::string("the option ") + name + " is null (NaN and Infinity arrive as null): give a number");
}

// An integer option; `fallback` when absent.
Result<int64_t> IntegerOption(const Json& options, const char* name, std::optional<int64_t> fallback) {
  if (!options.contains(name)) {
    if (fallback) return *fallback;
    return Invalid(std::string("the option ") + name + " is missing");
  }
  if (options[name].is_null()) return NullOption(name);
  const Json& v = options[name];
  if (v.is_number_integer()) return v.get<int64_t>();
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (std::isfinite(d) && d == std::floor(d) && std::abs(d) < 9e15) return static_cast<int64_t>(d);
  }
  return Invalid(std::string("the option ") + name + " must be a whole number");
}

Result<double> NumberOption(const Json& options, const char* name, double fallback) {
  if (!options.contains(name)) return fallback;
  if (options[name].is_null()) return NullOption(name);
  if (!options[name].is_number()) return Invalid(std::string("the option ") + name + " must be a number");
  return options[name].get<double>();
}

Result<bool> BoolOption(const Json& options, const char* name) {
  if (!options.contains(name)) return false;
  if (!options[name].is_boolean()) return Invalid(std::string("the option ") + name + " must be true or false");
  return options[name].get<bool>();
}

Result<std::vector<int64_t>> IntegerList(const Json& options, const char* name) {
  std::vector<int64_t> out;
  if (!options.contains(name)) return out;
  if (!options[name].is_array()) return Invalid(std::string("the option ") + name + " must be a list");
  for (const Json& v : options[name]) {
    if (!v.is_number_integer()) return Invalid(std::string("the option ") + name + " must list whole numbers");
    out.push_back(v.get<int64_t>());
  }
  return out;
}

// One size of the shape, named as the caller wrote it: from 1 to the core's limit.
Result<int64_t> SizeOption(const Json& options, const char* name, std::optional<int64_t> fallback) {
  ATTN_ASSIGN_OR_RETURN(n, IntegerOption(options, name, fallback));
  if (n < 1 || n > kMaxBatchDimension) {
    return Invalid(std::string("the option ") + name + " = " + std::to_string(n) + " is not a size from 1 to " +
                   std::to_string(kMaxBatchDimension));
  }
  return n;
}

// The widths: D for both, or Dk and Dv each (either one given alone takes D for the other).
// A width that is neither given nor given by D is named as the one missing.
Result<int64_t> WidthOption(const Json& options, const char* name) {
  if (options.contains(name)) return SizeOption(options, name, std::nullopt);
  if (options.contains("D")) return SizeOption(options, "D", std::nullopt);
  return Invalid(std::string("the option ") + name + " is missing: give " + name + ", or D for both widths");
}

Result<BatchShape> ShapeOf(const Json& options) {
  if (!options.contains("D") && !options.contains("Dk") && !options.contains("Dv")) {
    return Invalid("the option D is missing: give the width D, or Dk and Dv");
  }
  ATTN_ASSIGN_OR_RETURN(b, SizeOption(options, "B", 1));
  ATTN_ASSIGN_OR_RETURN(h, SizeOption(options, "H", 1));
  ATTN_ASSIGN_OR_RETURN(t, SizeOption(options, "T", std::nullopt));
  ATTN_ASSIGN_OR_RETURN(s, SizeOption(options, "S", std::nullopt));
  ATTN_ASSIGN_OR_RETURN(dk, WidthOption(options, "Dk"));
  ATTN_ASSIGN_OR_RETURN(dv, WidthOption(options, "Dv"));
  const BatchShape shape{b, h, t, s, dk, dv};
  ATTN_RETURN_IF_ERROR(CheckBatchShape(shape));
  return shape;
}

Result<MaskSpec> MaskOf(const Json& options, const BatchShape& shape, const std::vector<uint8_t>& explicit_mask) {
  MaskSpec mask;
  ATTN_ASSIGN_OR_RETURN(lengths, IntegerList(options, "lengths"));
  mask.lengths = lengths;
  ATTN_ASSIGN_OR_RETURN(causal, BoolOption(options, "causal"));
  mask.causal = causal;
  ATTN_ASSIGN_OR_RETURN(window, IntegerList(options, "window"));
  if (!window.empty()) {
    if (window.size() != 2) return Invalid("the window is written [start, end)");
    mask.window = std::make_pair(window[0], window[1]);
  }
  if (options.contains("halfWidth")) {
    ATTN_ASSIGN_OR_RETURN(half_width, IntegerOption(options, "halfWidth", std::nullopt));
    if (half_width < 0) return Invalid("the option halfWidth must be 0 or more (leave it out for no limit)");
    // |s - t| < max(T, S) for every target t and source s: a half width of max(T, S) or more
    // limits nothing, and the clamp keeps t + half_width within range.
    mask.half_width = std::min(half_width, std::max(shape.T, shape.S));
  }
  if (!explicit_mask.empty()) {
    if (static_cast<int64_t>(explicit_mask.size()) != shape.T * shape.S) {
      return Status(ErrorCode::kShapeMismatch, "the explicit mask has " + std::to_string(explicit_mask.size()) +
                                                   " entries where T x S = " + std::to_string(shape.T * shape.S));
    }
    mask.explicit_mask.assign(static_cast<size_t>(shape.T), std::vector<bool>(static_cast<size_t>(shape.S)));
    for (int64_t t = 0; t < shape.T; ++t) {
      for (int64_t s = 0; s < shape.S; ++s) {
        mask.explicit_mask[static_cast<size_t>(t)][static_cast<size_t>(s)] =
            explicit_mask[static_cast<size_t>(t * shape.S + s)] != 0;
      }
    }
  }
  ATTN_RETURN_IF_ERROR(CheckMask(mask, shape.B, shape.T, shape.S));
  return mask;
}

// The mask as the GPU kernels take it: every rule written out as plain numbers.
Json MaskJson(const MaskSpec& mask, const BatchShape& shape) {
  std::vector<int64_t> lengths = mask.lengths;
  if (lengths.empty()) lengths.assign(static_cast<size_t>(shape.B), shape.S);
  Json window = Json(nullptr);
  if (mask.window) window = Json::array({mask.window->first, mask.window->second});
  return Json{{"lengths", lengths},
              {"causal", mask.causal},
              {"window", window},
              {"halfWidth", mask.half_width},
              {"explicit", !mask.explicit_mask.empty()}};
}

// What one call may cost, checked before anything is allocated.
constexpr int64_t kMaxWork = int64_t{1} << 31;     // multiply-adds: B*H*T*S*(D_k + D_v)
constexpr int64_t kMaxBytes = int64_t{256} << 20;  // the call's arrays together

// Multiplies without overflow: nullopt past the int64 range.
std::optional<int64_t> Product(std::initializer_list<int64_t> factors) {
  int64_t out = 1;
  for (int64_t f : factors) {
    if (f != 0 && out > INT64_MAX / f) return std::nullopt;
    out *= f;
  }
  return out;
}

Status CheckBudget(const BatchShape& shape, bool weights, bool inputs_returned) {
  auto work = Product({shape.B, shape.H, shape.T, shape.S, shape.Dk + shape.Dv});
  if (!work || *work > kMaxWork) {
    return Invalid("the batch needs " + (work ? std::to_string(*work) : std::string("too many")) +
                   " multiply-adds (B*H*T*S*(D_k+D_v)); one call may do at most " + std::to_string(kMaxWork));
  }
  // Inputs, context, weights (when returned), the returned input copies, statistics.
  int64_t numbers = shape.QueryElements() + shape.KeyElements() + shape.ValueElements() + 2 * shape.ContextElements();
  if (weights) numbers += 2 * shape.ScoreElements();
  if (inputs_returned) numbers += shape.QueryElements() + shape.KeyElements() + shape.ValueElements();
  int64_t bytes = 4 * numbers + 40 * shape.Rows();
  if (bytes > kMaxBytes) {
    return Invalid("the batch needs about " + std::to_string(bytes >> 20) +
                   " MiB of memory; one call may use at most " + std::to_string(kMaxBytes >> 20) + " MiB");
  }
  return Status();
}

Json AgreementJson(const Agreement& a, const Tolerance& tolerance) {
  return Json{{"compared", a.compared},
              {"maxAbsError", a.max_abs_error},
              {"maxRelError", a.max_rel_error},
              {"worstRatio", a.worst_ratio},
              {"violations", a.violations},
              {"maskedNonZero", a.masked_nonzero},
              {"emptyRowMismatches", a.empty_row_mismatches},
              {"absTol", tolerance.abs_tol},
              {"relTol", tolerance.rel_tol},
              {"pass", a.pass}};
}

// What every batch call reads from its options.
struct Call {
  BatchShape shape;
  MaskSpec mask;
  double temperature = 1;
  bool scaled = false;
  double scale = 1;
};

Result<Call> CallOf(const Json& options, const std::vector<uint8_t>& explicit_mask) {
  Call call;
  ATTN_ASSIGN_OR_RETURN(shape, ShapeOf(options));
  call.shape = shape;
  ATTN_ASSIGN_OR_RETURN(mask, MaskOf(options, shape, explicit_mask));
  call.mask = mask;
  ATTN_ASSIGN_OR_RETURN(temperature, NumberOption(options, "temperature", 1.0));
  call.temperature = temperature;
  ATTN_ASSIGN_OR_RETURN(scaled, BoolOption(options, "scaled"));
  call.scaled = scaled;
  ATTN_ASSIGN_OR_RETURN(scale, ScoreScale(temperature, scaled, shape.Dk));
  call.scale = scale;
  return call;
}

// The options every batch call reads, and those only the checked call reads (the agreement
// takes the checked call's options as they are). Any other name is refused: a misspelt option
// would otherwise change nothing without a word.
constexpr std::string_view kCallOptions[] = {"B",       "H",      "T",      "S",      "D",         "Dk",         "Dv",
                                             "lengths", "causal", "window", "scaled", "halfWidth", "temperature"};
constexpr std::string_view kComputeOptions[] = {"seed", "returnWeights", "returnInputs"};

// The edits (insert, delete, replace a letter) that turn a into b.
size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// Every name in the options is one the call reads, else an error that names it, the option
// it is nearest to (two edits at most) and the call's options.
Status CheckNames(const Json& options, bool compute) {
  std::vector<std::string_view> known(std::begin(kCallOptions), std::end(kCallOptions));
  if (compute) known.insert(known.end(), std::begin(kComputeOptions), std::end(kComputeOptions));
  for (const auto& [name, value] : options.items()) {
    if (std::find(known.begin(), known.end(), name) != known.end()) continue;
    if (!compute &&
        std::find(std::begin(kComputeOptions), std::end(kComputeOptions), name) != std::end(kComputeOptions)) {
      return Invalid("the zero-copy call has no option " + name + ": only the checked call (batchAttention) reads it");
    }
    std::string_view nearest;
    size_t best = 3;
    for (std::string_view option : known) {
      const size_t d = EditDistance(name, option);
      if (d < best && d < option.size()) best = d, nearest = option;
    }
    std::string message = "the batch call has no option \"" + name.substr(0, 40) + "\"";
    if (!nearest.empty()) message += " (did you mean " + std::string(nearest) + "?)";
    message += "; its options are";
    for (size_t i = 0; i < known.size(); ++i) message += (i ? ", " : " ") + std::string(known[i]);
    return Invalid(message);
  }
  return Status();
}

// compute: the checked call's options are read (seed, returnWeights, returnInputs); the
// zero-copy call takes the others only.
Result<Json> OptionsOf(const std::string& options_json, bool compute) {
  Json options = Json::parse(options_json, nullptr, /*allow_exceptions=*/false);
  if (options.is_discarded() || !options.is_object()) return Invalid("the batch options are not a JSON object");
  ATTN_RETURN_IF_ERROR(CheckNames(options, compute));
  return options;
}

// What every batch call reports: the path, the shape, the scale and how it was set, the
// mask written out, the all-masked rows and the kernel's time.
Json SummaryJson(const Call& call, int64_t empty_row_count, double core_ms) {
  const BatchShape& shape = call.shape;
  return Json{
      {"path", "wasm"},
      {"shape", {{"B", shape.B}, {"H", shape.H}, {"T", shape.T}, {"S", shape.S}, {"Dk", shape.Dk}, {"Dv", shape.Dv}}},
      {"scale", call.scale},
      {"temperature", call.temperature},
      {"scaled", call.scaled},
      {"mask", MaskJson(call.mask, shape)},
      {"emptyRowCount", empty_row_count},
      {"coreMs", core_ms}};
}

}  // namespace

Result<BatchResponse> RunBatchRequest(const std::string& options_json, BatchArrays arrays) {
  ATTN_ASSIGN_OR_RETURN(options, OptionsOf(options_json, /*compute=*/true));
  ATTN_ASSIGN_OR_RETURN(call, CallOf(options, arrays.explicit_mask));
  const BatchShape& shape = call.shape;
  ATTN_ASSIGN_OR_RETURN(return_weights, BoolOption(options, "returnWeights"));
  ATTN_ASSIGN_OR_RETURN(return_inputs, BoolOption(options, "returnInputs"));
  ATTN_ASSIGN_OR_RETURN(seed, IntegerOption(options, "seed", int64_t{19}));
  if (seed < 0 || seed > 0xffffffffLL) return Invalid("the option seed must be a whole number from 0 to 4294967295");
  ATTN_RETURN_IF_ERROR(CheckBudget(shape, return_weights, return_inputs));

  const bool given = !arrays.query.empty() || !arrays.keys.empty() || !arrays.values.empty();
  if (!given) {
    BatchInputs seeded = SeededBatchInputs(static_cast<uint64_t>(seed), shape);
    arrays.query = std::move(seeded.query);
    arrays.keys = std::move(seeded.keys);
    arrays.values = std::move(seeded.values);
  }
  BatchOptions run{call.scale, return_weights};

  const auto start = std::chrono::steady_clock::now();
  ATTN_ASSIGN_OR_RETURN(result, BatchAttention<float>(shape, arrays.query, arrays.keys, arrays.values, call.mask, run));
  const double core_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

  Json summary = SummaryJson(call, result.empty_row_count, core_ms);
  summary["scoreShape"] = {shape.B, shape.H, shape.T, shape.S};
  summary["scoreElements"] = shape.ScoreElements();
  summary["seed"] = given ? Json(nullptr) : Json(seed);
  BatchResponse response;
  if (return_weights) {
    ATTN_ASSIGN_OR_RETURN(stats, WeightRowStats(shape, call.mask, result.weights));
    response.float64.emplace_back("rowSums", std::move(stats.row_sums));
    response.float64.emplace_back("entropies", std::move(stats.entropies));
    response.float64.emplace_back("maskedMass", std::move(stats.masked_mass));
    response.float64.emplace_back("maxEntropies", std::move(stats.max_entropies));
  }
  response.summary_json = summary.dump();
  response.float32.emplace_back("context", std::move(result.context));
  if (return_weights) response.float32.emplace_back("weights", std::move(result.weights));
  if (return_inputs) {
    response.float32.emplace_back("query", std::move(arrays.query));
    response.float32.emplace_back("keys", std::move(arrays.keys));
    response.float32.emplace_back("values", std::move(arrays.values));
  }
  response.uint8.emplace_back("emptyRows", std::move(result.empty_rows));
  return response;
}

namespace {

// The zero-copy call is made again and again with the same options (a worker's share, a
// caller's loop): the last options read, and their summary up to the two numbers that change
// from call to call, are kept, so that a repeated call reads and writes no JSON object.
struct InPlaceMemo {
  std::string options_json;
  Call call;
  std::string summary_head;  // the summary without emptyRowCount, coreMs and its closing brace
};

Result<std::string> InPlace(const std::string& options_json, const float* query, const float* keys, const float* values,
                            float* context, uint8_t* empty_rows) {
  thread_local InPlaceMemo memo;  // per thread: a native caller may run batches on several
  if (memo.summary_head.empty() || memo.options_json != options_json) {
    ATTN_ASSIGN_OR_RETURN(options, OptionsOf(options_json, /*compute=*/false));
    ATTN_ASSIGN_OR_RETURN(read, CallOf(options, {}));
    ATTN_RETURN_IF_ERROR(CheckBudget(read.shape, false, false));
    Json head = SummaryJson(read, 0, 0);
    head.erase("emptyRowCount");
    head.erase("coreMs");
    std::string text = head.dump();
    text.pop_back();
    memo = InPlaceMemo{options_json, std::move(read), std::move(text)};
  }
  const Call& call = memo.call;
  const BatchShape& shape = call.shape;
  const auto start = std::chrono::steady_clock::now();
  ATTN_ASSIGN_OR_RETURN(
      empty_row_count,
      BatchAttentionInto(shape, std::span<const float>(query, static_cast<size_t>(shape.QueryElements())),
                         std::span<const float>(keys, static_cast<size_t>(shape.KeyElements())),
                         std::span<const float>(values, static_cast<size_t>(shape.ValueElements())), call.mask,
                         call.scale, std::span<float>(context, static_cast<size_t>(shape.ContextElements())),
                         std::span<uint8_t>(empty_rows, static_cast<size_t>(shape.Rows()))));
  const double core_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return memo.summary_head + ",\"emptyRowCount\":" + std::to_string(empty_row_count) +
         ",\"coreMs\":" + Json(core_ms).dump() + "}";
}

}  // namespace

std::string RunBatchInPlace(const std::string& options_json, const float* query, const float* keys, const float* values,
                            float* context, uint8_t* empty_rows) {
  auto summary = InPlace(options_json, query, keys, values, context, empty_rows);
  return summary.ok() ? *summary : Json{{"error", summary.status().message()}}.dump();
}

Result<std::string> RunBatchAgreement(const std::string& options_json, const BatchArrays& arrays) {
  ATTN_ASSIGN_OR_RETURN(options, OptionsOf(options_json, /*compute=*/true));
  ATTN_ASSIGN_OR_RETURN(call, CallOf(options, arrays.explicit_mask));
  if (arrays.context.empty() || arrays.compare_context.empty()) {
    return Invalid("the agreement needs the core's context and the context to compare");
  }
  // The core's result as RunBatchRequest returned it; CompareBatch checks every size.
  BatchResult<float> core;
  core.context = arrays.context;
  core.weights = arrays.weights;
  core.empty_rows = arrays.empty_rows;
  const Tolerance tolerance;
  ATTN_ASSIGN_OR_RETURN(agreement, CompareBatch(call.shape, call.mask, core, arrays.compare_context,
                                                arrays.compare_weights, arrays.compare_empty_rows, tolerance));
  return Json{{"agreement", AgreementJson(agreement, tolerance)}}.dump();
}

int SmallRead(const float* query, const float* keys, const float* values, float* context, float* weights, int S, int Dk,
              int Dv, double scale) {
  constexpr int kMaxSmall = 4096;
  if (S < 1 || Dk < 1 || Dv < 1 || S > kMaxSmall || Dk > kMaxSmall || Dv > kMaxSmall) return kSmallReadSizes;
  if (!std::isfinite(scale) || scale <= 0) return kSmallReadScale;
  BatchShape shape{.B = 1, .H = 1, .T = 1, .S = S, .Dk = Dk, .Dv = Dv};
  uint8_t empty = 0;
  auto result = BatchAttentionInto(
      shape, std::span<const float>(query, Dk), std::span<const float>(keys, static_cast<size_t>(S) * Dk),
      std::span<const float>(values, static_cast<size_t>(S) * Dv), MaskSpec{}, scale, std::span<float>(context, Dv),
      std::span<uint8_t>(&empty, 1), weights ? std::span<float>(weights, S) : std::span<float>());
  return result.ok() ? 0 : kSmallReadNotFinite;
}

}  // namespace attn
