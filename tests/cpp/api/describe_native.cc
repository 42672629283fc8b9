// A native run of the API for the cross-platform test (tests/js/native_wasm.test.mjs):
//   describe_native <exercise.json> <seed>   prints DescribeExercise's JSON;
//   describe_native --grade <exercise.json> <part> <answer> <seed> [<context JSON>]
//                                            prints GradeAnswerIn's JSON;
//   describe_native --check <exercise.json> <first seed> <seeds>
//                                            prints CheckExercise's JSON (the check's
//                                            benchmark, tests/bench/check-bench.mjs);
//   describe_native --batch '<options>'      runs the batch core on its seeded inputs
//                                            (api/batch_request.h) and prints the context's
//                                            float32 bit patterns, one hex word a line.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "api/api.h"
#include "api/batch_request.h"

namespace {

int PrintBatchBits(const std::string& options) {
  auto response = attn::RunBatchRequest(options, {});
  if (!response.ok()) {
    std::cerr << response.status().message() << "\n";
    return 1;
  }
  for (const auto& [name, values] : response->float32) {
    if (name != "context") continue;
    for (float value : values) {
      uint32_t bits;
      std::memcpy(&bits, &value, sizeof bits);
      std::printf("%08x\n", bits);
    }
  }
  return 0;
}

}  // namespace

std::string ReadFile(const char* path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "--batch") return PrintBatchBits(argv[2]);
  if ((argc == 6 || argc == 7) && std::string(argv[1]) == "--grade") {
    std::cout << attn::GradeAnswerIn(ReadFile(argv[2]), argv[3], argv[4], static_cast<uint32_t>(std::stoul(argv[5])),
                                     argc == 7 ? argv[6] : "")
              << "\n";
    return 0;
  }
  if (argc == 5 && std::string(argv[1]) == "--check") {
    std::cout << attn::CheckExercise(ReadFile(argv[2]), static_cast<uint32_t>(std::stoul(argv[3])),
                                     static_cast<uint32_t>(std::stoul(argv[4])))
              << "\n";
    return 0;
  }
  if (argc != 3) {
    std::cerr << "usage: describe_native <exercise.json> <seed> | describe_native --batch '<options>' | "
                 "describe_native --grade <exercise.json> <part> <answer> <seed> [<context>] | "
                 "describe_native --check <exercise.json> <first seed> <seeds>\n";
    return 2;
  }
  std::cout << attn::DescribeExercise(ReadFile(argv[1]), static_cast<uint32_t>(std::stoul(argv[2]))) << "\n";
  return 0;
}
