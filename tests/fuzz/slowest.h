// The slowest input a fuzzer ran, kept for the report: when ATTN_FUZZ_SLOWEST names a file,
// the input that took longest (and its time in a first line) is written there at exit.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace attn::fuzz {

class SlowestInput {
 public:
  ~SlowestInput() {
    const char* path = std::getenv("ATTN_FUZZ_SLOWEST");
    if (!path || bytes_.empty()) return;
    // Several processes (libFuzzer's -fork jobs) share the file: keep the slowest of them.
    std::string time_path = std::string(path) + ".seconds";
    if (FILE* t = std::fopen(time_path.c_str(), "r")) {
      double before = 0;
      bool slower = std::fscanf(t, "%lf", &before) == 1 && before >= seconds_;
      std::fclose(t);
      if (slower) return;
    }
    if (FILE* t = std::fopen(time_path.c_str(), "w")) {
      std::fprintf(t, "%.6f\n", seconds_);
      std::fclose(t);
    }
    if (FILE* f = std::fopen(path, "wb")) {
      std::fwrite(bytes_.data(), 1, bytes_.size(), f);
      std::fclose(f);
      std::fprintf(stderr, "ATTN slowest input: %.6f s, %zu bytes, written to %s\n", seconds_, bytes_.size(), path);
    }
  }
  // Times one run of the target on the input.
  template <class F>
  void Time(const uint8_t* data, size_t size, F&& run) {
    auto start = std::chrono::steady_clock::now();
    run();
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (s > seconds_) {
      seconds_ = s;
      bytes_.assign(reinterpret_cast<const char*>(data), size);
    }
  }

 private:
  double seconds_ = 0;
  std::string bytes_;
};

inline SlowestInput& Slowest() {
  static SlowestInput slowest;
  return slowest;
}

// Stops the run with a message libFuzzer reports as a finding (a deadly signal).
[[noreturn]] inline void Fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "ATTN fuzz check failed: %s\n%s\n", what, detail.substr(0, 2000).c_str());
  std::abort();
}

}  // namespace attn::fuzz
