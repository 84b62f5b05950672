// glvk against Mesa llvmpipe on es_probe.c (issue 15 item 4): an ES program (libEGL + libGLESv2)
// binding the ES API, creating ES 2.0-3.2 contexts and the refused ones, reading their answers,
// drawing with GLSL ES 1.00 and 3.00 programs, writing sRGB buffers and compiling what GLSL ES
// forbids. Every line the same; the drawn pixels also equal the values worked by hand.
#include <gtest/gtest.h>

#include "peer_runs.h"

namespace glvk::test {
namespace {

TEST(EsPeerComparison, AnswersMatchLlvmpipe) {
  PeerRuns runs;
  ASSERT_TRUE(run_on_both(GLVK_ES_PROBE, GLVK_EGL_VENDOR_JSON, runs));
  expect_same_lines(runs, 80);
  // texel (255, 64, 255, 255) times the 1.00 shader's colour (1, 1, 0, 1) in the lower-left
  // triangle, the 3.00 es shader's uniform green in the upper-right one.
  EXPECT_NE(runs.glvk.out.find("lower left (4, 4): 255 64 0 255\n"), std::string::npos) << runs.glvk.out;
  EXPECT_NE(runs.glvk.out.find("upper right (27, 27): 0 255 0 255\n"), std::string::npos);
  // ES writes to sRGB buffers encoded (ES 3.2 15.1.6): linear 0.3 is 149, 0.3 + 0.3 blended is 203,
  // in a framebuffer object and in an EGL_GL_COLORSPACE_SRGB pbuffer.
  EXPECT_NE(runs.glvk.out.find("srgb framebuffer object cleared to 0.3 green (2, 2): 0 149 0 255\n"), std::string::npos);
  EXPECT_NE(runs.glvk.out.find("srgb framebuffer object after adding 0.3 green (2, 2): 0 203 0 255\n"), std::string::npos);
  EXPECT_NE(runs.glvk.out.find("srgb pbuffer cleared to 0.3 green (2, 2): 0 149 0 255\n"), std::string::npos);
}

}  // namespace
}  // namespace glvk::test
