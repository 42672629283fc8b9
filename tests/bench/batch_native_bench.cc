// The batch kernel natively (not a test): the very kernel the pages run, built for this
// machine with the native build's options (SSE2 lanes, -ffp-contract=off), timed on the
// core's seeded inputs. tests/bench/ort-bench.mjs runs it beside the WebAssembly core.
//   batch_native_bench B H T S D [lengths as a,b,... or -] [reps]
// prints {"medianMs":…,"minMs":…,"reps":…,"checksum":…} (the checksum: the sum of the
// context's float32 bit patterns, modulo 2^32, to compare with the WebAssembly run).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "batch/batch_attention.h"
#include "batch/batch_inputs.h"

namespace {

std::vector<int64_t> LengthsOf(const std::string& text) {
  std::vector<int64_t> lengths;
  if (text == "-") return lengths;
  size_t at = 0;
  while (at <= text.size()) {
    const size_t comma = text.find(',', at);
    lengths.push_back(std::stoll(text.substr(at, comma == std::string::npos ? std::string::npos : comma - at)));
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return lengths;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 6) {
    std::fprintf(stderr, "usage: batch_native_bench B H T S D [lengths|-] [reps]\n");
    return 2;
  }
  const attn::BatchShape shape{std::atoll(argv[1]), std::atoll(argv[2]), std::atoll(argv[3]),
                               std::atoll(argv[4]), std::atoll(argv[5]), std::atoll(argv[5])};
  attn::MaskSpec mask;
  if (argc > 6) mask.lengths = LengthsOf(argv[6]);
  const int reps = argc > 7 ? std::atoi(argv[7]) : 20;
  constexpr uint64_t kSeed = 19;  // the benchmark's seed (ort-bench.mjs draws the same inputs)
  const auto q = attn::SeededUniform(kSeed, attn::BatchTensor::kQuery, shape.QueryElements());
  const auto k = attn::SeededUniform(kSeed, attn::BatchTensor::kKeys, shape.KeyElements());
  const auto v = attn::SeededUniform(kSeed, attn::BatchTensor::kValues, shape.ValueElements());
  std::vector<float> context(static_cast<size_t>(shape.ContextElements()));
  std::vector<uint8_t> empty(static_cast<size_t>(shape.Rows()));
  const double scale = 1.0 / std::sqrt(static_cast<double>(shape.Dk));
  std::vector<double> times;
  for (int r = 0; r < reps + 2; ++r) {  // two warm-up runs
    const auto start = std::chrono::steady_clock::now();
    auto done = attn::BatchAttentionInto(shape, q, k, v, mask, scale, context, empty);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (!done.ok()) {
      std::fprintf(stderr, "%s\n", done.status().message().c_str());
      return 1;
    }
    if (r >= 2) times.push_back(ms);
  }
  std::sort(times.begin(), times.end());
  uint32_t checksum = 0;
  for (float x : context) {
    uint32_t bits;
    std::memcpy(&bits, &x, 4);
    checksum += bits;
  }
  std::printf("{\"medianMs\":%.6f,\"minMs\":%.6f,\"reps\":%d,\"checksum\":%u}\n", times[times.size() / 2], times[0],
              reps, checksum);
  return 0;
}
