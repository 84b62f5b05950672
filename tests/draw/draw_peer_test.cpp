// glvk against Mesa llvmpipe on draw_probe.c: every pixel of every scene within the scene's stated
// tolerance (one unit where interpolation or filter weights may round differently, exact for flat
// shading). lavapipe and llvmpipe share Mesa's rasterizer, so coverage must agree exactly.
#include <gtest/gtest.h>

#include "peer_runs.h"

namespace glvk::test {
namespace {

TEST(DrawPeerComparison, ScenesMatchLlvmpipe) {
  PeerRuns runs;
  ASSERT_TRUE(run_on_both(GLVK_DRAW_PROBE, GLVK_EGL_VENDOR_JSON, runs));
  expect_images_match(runs, 7, 32);
}

}  // namespace
}  // namespace glvk::test
