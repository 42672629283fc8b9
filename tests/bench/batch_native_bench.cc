// The batch kernel natively (not a test): the very kernel the pages run, built for this
// machine with the native build's options (SSE2 lanes, -ffp-contract=off), on the core's
// seeded inputs. tests/bench/ort-bench.mjs starts it once per workload and times it in the
// same interleaved rounds as the WebAssembly engines: each line it reads is a count of
// calls to make, and it answers with the CPU time (this process's) and the wall time they
// took in total.
//   batch_native_bench B H T S D [lengths as a,b,... or -]
// First line written: {"checksum":…} (the sum of the context's float32 bit patterns, modulo
// 2^32, to compare with the WebAssembly run); then, for each count N read, a line
// {"cpuMs":…,"wallMs":…} for N calls. It ends at the end of its input.
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>
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

double CpuMs() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 6) {
    std::fprintf(stderr, "usage: batch_native_bench B H T S D [lengths|-]  (then one count of calls a line)\n");
    return 2;
  }
  const attn::BatchShape shape{std::atoll(argv[1]), std::atoll(argv[2]), std::atoll(argv[3]),
                               std::atoll(argv[4]), std::atoll(argv[5]), std::atoll(argv[5])};
  attn::MaskSpec mask;
  if (argc > 6) mask.lengths = LengthsOf(argv[6]);
  constexpr uint64_t kSeed = 19;  // the benchmark's seed (ort-bench.mjs draws the same inputs)
  const auto q = attn::SeededUniform(kSeed, attn::BatchTensor::kQuery, shape.QueryElements());
  const auto k = attn::SeededUniform(kSeed, attn::BatchTensor::kKeys, shape.KeyElements());
  const auto v = attn::SeededUniform(kSeed, attn::BatchTensor::kValues, shape.ValueElements());
  std::vector<float> context(static_cast<size_t>(shape.ContextElements()));
  std::vector<uint8_t> empty(static_cast<size_t>(shape.Rows()));
  const double scale = 1.0 / std::sqrt(static_cast<double>(shape.Dk));
  auto run = [&]() {
    auto done = attn::BatchAttentionInto(shape, q, k, v, mask, scale, context, empty);
    if (!done.ok()) {
      std::fprintf(stderr, "%s\n", done.status().message().c_str());
      std::exit(1);
    }
  };
  run();
  uint32_t checksum = 0;
  for (float x : context) {
    uint32_t bits;
    std::memcpy(&bits, &x, 4);
    checksum += bits;
  }
  std::printf("{\"checksum\":%u}\n", checksum);
  std::fflush(stdout);
  std::string line;
  while (std::getline(std::cin, line)) {
    const long calls = std::atol(line.c_str());
    const double cpu0 = CpuMs();
    const auto wall0 = std::chrono::steady_clock::now();
    for (long i = 0; i < calls; ++i) run();
    const double wall = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - wall0).count();
    std::printf("{\"cpuMs\":%.6f,\"wallMs\":%.6f}\n", CpuMs() - cpu0, wall);
    std::fflush(stdout);
  }
  return 0;
}
