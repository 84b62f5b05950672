// glvk against Mesa llvmpipe on api_probe.c (issue 15): EXT_texture_integer's formats, errors,
// integer clears and RGBA_INTEGER_MODE_EXT; ARB_ES2_compatibility's commands and queries; limits
// glvk answered with INVALID_ENUM before; glGenerateMipmap of RGB9_E5, depth and compressed images;
// glCopyTexImage into depth and compressed formats and with a border of 1. Every line the same.
#include <gtest/gtest.h>

#include "peer_runs.h"

namespace glvk::test {
namespace {

TEST(ApiPeerComparison, AnswersMatchLlvmpipe) {
  PeerRuns runs;
  ASSERT_TRUE(run_on_both(GLVK_API_PROBE, GLVK_EGL_VENDOR_JSON, runs));
  expect_same_lines(runs, 70);
}

}  // namespace
}  // namespace glvk::test
