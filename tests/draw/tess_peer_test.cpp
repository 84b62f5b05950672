// glvk against Mesa llvmpipe on tess_probe.c: tessellation control and evaluation shaders, the
// generated triangles' positions and winding (culled back faces), fractional spacing, and a
// program without a tessellation control shader drawn with glPatchParameterfv's default levels.
// Every pixel within one unit (interpolation may round differently).
#include <gtest/gtest.h>

#include "peer_runs.h"

namespace glvk::test {
namespace {

TEST(TessellationPeerComparison, ScenesMatchLlvmpipe) {
  PeerRuns runs;
  ASSERT_TRUE(run_on_both(GLVK_TESS_PROBE, GLVK_EGL_VENDOR_JSON, runs));
  expect_images_match(runs, 4, 32);
}

}  // namespace
}  // namespace glvk::test
