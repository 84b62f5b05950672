// Issue 20 item 5: a device allocation that fails becomes a GL error, never a crash. fault_probe.c
// runs once per allocation it makes, with GLVK_FAULT_INJECT=alloc=N failing the Nth (lavapipe,
// validation on: a validation message aborts the probe). Expected from GL 4.6 section 2.3.1: a
// command that runs out of memory raises GL_OUT_OF_MEMORY and the GL state is otherwise defined,
// so the context keeps working for what does not need the missing object.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "process.h"

namespace glvk::test {
namespace {

struct Line {
  std::string name, value;
  unsigned error = 0;
};

std::vector<Line> parse(const std::string& out) {
  std::vector<Line> lines;
  std::istringstream in(out);
  std::string text;
  while (std::getline(in, text)) {
    std::istringstream words(text);
    Line l;
    std::string last;
    words >> l.name >> l.value;
    if (words >> last) {  // "final ok 0x0": the error is the third word
      l.error = unsigned(std::stoul(last, nullptr, 16));
    } else {
      l.error = unsigned(std::stoul(l.value, nullptr, 16));
    }
    lines.push_back(l);
  }
  return lines;
}

ProcessResult run_probe(unsigned failing) {
  return run_process({GLVK_FAULT_PROBE}, {},
                     {{"__EGL_VENDOR_LIBRARY_FILENAMES", GLVK_EGL_VENDOR_JSON},
                      {"GLVK_VALIDATION", "1"},
                      {"GLVK_DEVICE", "llvmpipe"},
                      {"GLVK_FAULT_INJECT", failing ? "alloc=" + std::to_string(failing) : ""}});
}

TEST(FaultInjection, EveryFailedAllocationBecomesAGlErrorAndTheContextKeepsWorking) {
  const ProcessResult clean = run_probe(0);
  ASSERT_EQ(clean.exit_code, 0) << clean.err;
  const std::vector<Line> expected = parse(clean.out);
  ASSERT_GT(expected.size(), 15u);
  for (const Line& l : expected) EXPECT_EQ(l.error, 0u) << l.name;
  ASSERT_EQ(expected.back().value, "ok");

  unsigned failed_runs = 0, n = 1;
  for (; n < 400; ++n) {
    const ProcessResult r = run_probe(n);
    // 1: the allocation failed while making the context, which eglCreateContext/eglMakeCurrent refuse.
    ASSERT_TRUE(r.exit_code == 0 || (r.exit_code == 1 && r.out.empty()))
        << "allocation " << n << ": exit " << r.exit_code << "\n" << r.err;
    if (r.exit_code == 1) continue;
    const std::vector<Line> lines = parse(r.out);
    ASSERT_EQ(lines.size(), expected.size()) << "allocation " << n;
    unsigned out_of_memory = 0;
    for (const Line& l : lines) out_of_memory += l.error == 0x0505u;
    if (out_of_memory == 0) {
      EXPECT_EQ(lines.back().value, "ok") << "allocation " << n;
      break;  // the probe makes fewer than n allocations
    }
    ++failed_runs;
    // The context still works after the failure (unless the last texture's was the one that failed).
    if (lines.back().error != 0x0505u) {
      EXPECT_EQ(lines.back().value, "ok") << "allocation " << n;
    }
  }
  EXPECT_LT(n, 400u) << "the probe should make fewer allocations";
  // At least the 2D, 3D and compressed textures, the two buffers, the renderbuffer (glvk makes 7
  // device allocations here, uploads and readbacks going through memory made at those).
  EXPECT_GE(failed_runs, 6u);
  std::printf("fault injection: %u failing allocations, each one a GL error\n", failed_runs);
}

}  // namespace
}  // namespace glvk::test
