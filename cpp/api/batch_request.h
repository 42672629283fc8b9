// The batch calls, as the embind layer hands them over: options as JSON text (shape,
// temperature, mask, seed, what to return) plus typed arrays already copied into vectors.
//   RunBatchRequest: one pass of the float32 core; a JSON summary and named arrays
//     (context, weights, row statistics, the inputs when asked) for the binding to copy out.
//   RunBatchAgreement: how well another path's outputs (the WebGPU kernels') agree with the
//     core's outputs from an earlier RunBatchRequest; compares outputs only, computes nothing.
//
// Options: {"B","H","T","S","Dk","Dv" (or "D" for both), "temperature" (1), "scaled"
// (false: divide by sqrt(Dk) too), "lengths" ([..] one per item), "causal", "window"
// ([start, end) or null), "halfWidth" (>= 0 or null), "seed" (fills Q, K, V when the
// arrays are absent), "returnWeights", "returnInputs"}.
// Arrays: query/keys/values (float32), explicitMask (uint8 [T*S], shared by the batch);
// for the agreement, context/weights (float32)/emptyRows (uint8): the core's output, and
// compareContext/compareWeights/compareEmptyRows: another path's.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/status.h"

namespace attn {

struct BatchArrays {
  std::vector<float> query, keys, values;
  std::vector<uint8_t> explicit_mask;
  std::vector<float> context, weights;  // the core's output (agreement only)
  std::vector<uint8_t> empty_rows;
  std::vector<float> compare_context, compare_weights;  // another path's output (agreement only)
  std::vector<uint8_t> compare_empty_rows;
};

struct BatchResponse {
  std::string summary_json;  // shape, scale, normalised mask, counts, timing, agreement
  std::vector<std::pair<std::string, std::vector<float>>> float32;   // context, weights, inputs
  std::vector<std::pair<std::string, std::vector<double>>> float64;  // row statistics
  std::vector<std::pair<std::string, std::vector<uint8_t>>> uint8;   // emptyRows
};

Result<BatchResponse> RunBatchRequest(const std::string& options_json, BatchArrays arrays);

// The zero-copy batch call, for callers that write Q, K and V straight into buffers in the
// module's memory (the JS API's batchBuffers): the options as for RunBatchRequest (shape,
// mask, temperature, scaled; no seed, weights or returned inputs), the context written into
// `context` [B,H,T,Dv] and the empty-row flags into `empty_rows` [B,H,T]. The caller vouches
// for its data (buffers of the shape's sizes, finite numbers): nothing is copied in and
// nothing is scanned. -> the summary JSON (as RunBatchRequest's), or {"error": "..."}.
std::string RunBatchInPlace(const std::string& options_json, const float* query, const float* keys, const float* values,
                            float* context, uint8_t* empty_rows);

// The lean small read, for callers that write their numbers into the module's memory (the
// JS API's smallReader): one query [Dk] against S keys [S,Dk] and values [S,Dv], float32,
// by the batch kernel, its context written to `context` [Dv] and, when not null, its
// weights to `weights` [S]. No JSON, no clock, no copies in: the caller vouches that the
// buffers hold that many finite numbers. Only the sizes and the scale are checked (1 <= S,
// Dk, Dv <= 4096; a positive finite scale). Returns 0, or why it read nothing: the sizes or the
// scale out of range, or a weight or context that is not finite (an input that is not).
inline constexpr int kSmallReadSizes = -1;
inline constexpr int kSmallReadScale = -2;
inline constexpr int kSmallReadNotFinite = -3;
int SmallRead(const float* query, const float* keys, const float* values, float* context, float* weights, int S, int Dk,
              int Dv, double scale);

// {"agreement": {compared, maxAbsError, ..., pass}} as JSON text.
Result<std::string> RunBatchAgreement(const std::string& options_json, const BatchArrays& arrays);

}  // namespace attn
