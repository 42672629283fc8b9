// The embind layer's batch calls (compute, in place, small read, agreement): typed arrays in
// and out, no logic. Linked into the whole core (companion.wasm) only; the exercise calls are
// in exercise_bindings.cc. The JS side (web/companion.mjs) parses the JSON; nothing here can
// throw.
#include <emscripten/bind.h>

#include "api/batch_request.h"

namespace {

using emscripten::val;

// A typed array (or plain array) from JS, copied into a vector; absent gives empty.
template <class T>
std::vector<T> CopyIn(const val& arrays, const char* name) {
  const val v = arrays[name];
  if (v.isUndefined() || v.isNull()) return {};
  return emscripten::convertJSArrayToNumberVector<T>(v);
}

// A vector copied out as a typed array that owns its bytes (no view into WASM memory).
template <class T>
val CopyOut(const std::vector<T>& data) {
  return val(emscripten::typed_memory_view(data.size(), data.data())).call<val>("slice");
}

// Every array a batch call may take, copied in by name; an absent one stays empty.
attn::BatchArrays ArraysFrom(const val& arrays) {
  attn::BatchArrays in;
  if (arrays.isUndefined() || arrays.isNull()) return in;
  in.query = CopyIn<float>(arrays, "query");
  in.keys = CopyIn<float>(arrays, "keys");
  in.values = CopyIn<float>(arrays, "values");
  in.explicit_mask = CopyIn<uint8_t>(arrays, "explicitMask");
  in.context = CopyIn<float>(arrays, "context");
  in.weights = CopyIn<float>(arrays, "weights");
  in.empty_rows = CopyIn<uint8_t>(arrays, "emptyRows");
  in.compare_context = CopyIn<float>(arrays, "compareContext");
  in.compare_weights = CopyIn<float>(arrays, "compareWeights");
  in.compare_empty_rows = CopyIn<uint8_t>(arrays, "compareEmptyRows");
  return in;
}

// batchAttention(optionsJson, {query, keys, values, explicitMask}) -> {summary: JSON
// text, context, weights?, ...} or {error}: one pass of the core. See cpp/api/batch_request.h.
val BatchAttention(const std::string& options, const val& arrays) {
  auto response = attn::RunBatchRequest(options, ArraysFrom(arrays));
  val out = val::object();
  if (!response.ok()) {
    out.set("error", response.status().message());
    return out;
  }
  out.set("summary", response->summary_json);
  for (const auto& [name, data] : response->float32) out.set(name, CopyOut(data));
  for (const auto& [name, data] : response->float64) out.set(name, CopyOut(data));
  for (const auto& [name, data] : response->uint8) out.set(name, CopyOut(data));
  return out;
}

// batchAgreement(optionsJson, {explicitMask, context, weights, emptyRows (the core's, from
// batchAttention), compareContext, compareWeights, compareEmptyRows}) -> {summary} or {error}:
// outputs only, no inputs and no second pass.
val BatchAgreement(const std::string& options, const val& arrays) {
  auto summary = attn::RunBatchAgreement(options, ArraysFrom(arrays));
  val out = val::object();
  out.set(summary.ok() ? "summary" : "error", summary.ok() ? *summary : summary.status().message());
  return out;
}

// The zero-copy batch call (attn::RunBatchInPlace) on buffers in the module's memory, by
// address: the summary JSON, or {"error"}.
std::string BatchInPlaceAt(const std::string& options, uintptr_t query, uintptr_t keys, uintptr_t values,
                           uintptr_t context, uintptr_t empty_rows) {
  auto at = [](uintptr_t address) { return reinterpret_cast<float*>(address); };
  return attn::RunBatchInPlace(options, at(query), at(keys), at(values), at(context),
                               reinterpret_cast<uint8_t*>(empty_rows));
}

// The lean small read (attn::SmallRead) on buffers in the module's memory, by address.
int SmallReadAt(uintptr_t query, uintptr_t keys, uintptr_t values, uintptr_t context, uintptr_t weights, int S, int Dk,
                int Dv, double scale) {
  auto at = [](uintptr_t address) { return reinterpret_cast<float*>(address); };
  return attn::SmallRead(at(query), at(keys), at(values), at(context), weights ? at(weights) : nullptr, S, Dk, Dv,
                         scale);
}

}  // namespace

EMSCRIPTEN_BINDINGS(attention_batch_calls) {
  emscripten::function("batchAttention", &BatchAttention);
  emscripten::function("smallRead", &SmallReadAt);
  emscripten::function("batchInPlace", &BatchInPlaceAt);
  emscripten::function("batchAgreement", &BatchAgreement);
}
