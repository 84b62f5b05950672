// gl_call_sequence_fuzz: GL call sequences (gl_call_sequence.cpp) run on glvk through the system
// libEGL, on lavapipe with Vulkan validation, for a bounded time. Files named on the command line
// run first (the seed corpus, tests/fuzz/corpus), then random inputs drawn from --seed, until
// --runs sequences ran or --seconds passed. ctest runs the same sequences everywhere (a
// failure in CI replays on any machine; in CI under ASan+UBSan as well); a longer run is one command:
//   build-asan/tests/fuzz/gl_call_sequence_fuzz --seconds 1800 --seed 7 tests/fuzz/corpus/*
// A crash, sanitizer report or validation message fails the process; the input that was running is
// in gl_call_sequence_last.bin (written before each run) for replay: pass that file alone.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "gl_call_sequence.h"

namespace {

void run_one(const std::vector<std::uint8_t>& input) {
  {
    std::ofstream last("gl_call_sequence_last.bin", std::ios::binary | std::ios::trunc);
    last.write(reinterpret_cast<const char*>(input.data()), std::streamsize(input.size()));
  }
  glvk::fuzz::run_sequence(input.data(), input.size());
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 60;
  unsigned long long seed = 1, max_runs = ~0ull;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--seconds") && i + 1 < argc) seconds = std::atof(argv[++i]);
    else if (!std::strcmp(argv[i], "--seed") && i + 1 < argc) seed = std::strtoull(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) max_runs = std::strtoull(argv[++i], nullptr, 10);
    else files.emplace_back(argv[i]);
  }
  // glvk through libglvnd on lavapipe, every Vulkan validation message fatal (as the GL tests).
  setenv("__EGL_VENDOR_LIBRARY_FILENAMES", GLVK_EGL_VENDOR_JSON, 0);
  setenv("GLVK_VALIDATION", "1", 0);
  setenv("GLVK_DEVICE", "llvmpipe", 0);
  if (!glvk::fuzz::init_context()) {
    std::fprintf(stderr, "gl_call_sequence_fuzz: no GL context\n");
    return 1;
  }
  unsigned long long runs = 0, calls_bytes = 0;
  for (const std::string& file : files) {
    std::ifstream in(file, std::ios::binary);
    const std::vector<std::uint8_t> input{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    run_one(input);
    ++runs;
  }
  std::mt19937_64 random(seed);
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (runs < max_runs && std::chrono::steady_clock::now() < end) {
    std::vector<std::uint8_t> input(64 + random() % 1500);
    for (std::uint8_t& b : input) b = std::uint8_t(random());
    run_one(input);
    ++runs;
    calls_bytes += input.size();
  }
  std::printf("gl_call_sequence_fuzz: %llu sequences (%zu from files, %llu random bytes), seed %llu\n", runs,
              files.size(), calls_bytes, seed);
  return 0;
}
