// glvk against Mesa llvmpipe on legacy_probe.c: a lit, textured, fogged surface drawn by the
// fixed-function pipeline with immediate mode, client arrays and a display list, and three
// texture-combiner scenes (COMBINE with INTERPOLATE, ADD_SIGNED, SUBTRACT, DOT3_RGB(A), scales and the
// crossbar), three evaluator scenes (glEvalMesh2 with automatic normals, a rational patch,
// glEvalCoord1/glEvalPoint1 in a fan), every pixel within the probe's stated tolerance (see TOLERANCE there for why); and
// pixel_probe.c's pixel rectangles.
#include <gtest/gtest.h>

#include "peer_runs.h"

namespace glvk::test {
namespace {

TEST(LegacyPeerComparison, FixedFunctionScenesMatchLlvmpipe) {
  PeerRuns runs;
  ASSERT_TRUE(run_on_both(GLVK_LEGACY_PROBE, GLVK_EGL_VENDOR_JSON, runs));
  expect_images_match(runs, 12, 32);
}

// pixel_probe.c: glDrawPixels (formats, unpack state, zoom, depth test, fog, texturing), depth
// glDrawPixels, glBitmap, glCopyPixels, glWindowPos and glRasterPos, and point sprites; seven scenes.
TEST(LegacyPeerComparison, PixelRectanglesMatchLlvmpipe) {
  PeerRuns runs;
  ASSERT_TRUE(run_on_both(GLVK_PIXEL_PROBE, GLVK_EGL_VENDOR_JSON, runs));
  expect_images_match(runs, 7, 32);
}

// stage_probe.c: legacy GLSL programs with only a fragment shader (fixed-function vertex
// processing: colours, lighting, two-sided lighting, texture matrices and generation, fog
// coordinates, clip planes) or only a vertex shader (texturing, colour sum, fog, alpha test,
// VERTEX_PROGRAM_TWO_SIDE); five scenes.
TEST(LegacyPeerComparison, SingleStageProgramsMatchLlvmpipe) {
  PeerRuns runs;
  ASSERT_TRUE(run_on_both(GLVK_STAGE_PROBE, GLVK_EGL_VENDOR_JSON, runs));
  expect_images_match(runs, 5, 32);
}

}  // namespace
}  // namespace glvk::test
