// A native run of the API for the cross-platform test (tests/js/native_wasm.test.mjs):
//   describe_native <exercise.json> <seed>   prints DescribeExercise's JSON.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "api/api.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: describe_native <exercise.json> <seed>\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  std::stringstream text;
  text << in.rdbuf();
  std::cout << attn::DescribeExercise(text.str(), static_cast<uint32_t>(std::stoul(argv[2]))) << "\n";
  return 0;
}
