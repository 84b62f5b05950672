// glvk against Mesa llvmpipe on reliability_probe.c (issue 20): the GL errors and values of the
// compressed-target rules, the GL 4.6 queries and the object labels must be the same, line for
// line, in a core and in a compatibility context.
#include <gtest/gtest.h>

#include "peer_runs.h"

namespace glvk::test {
namespace {

TEST(ReliabilityPeerComparison, CoreErrorsAndValuesMatchLlvmpipe) {
  PeerRuns runs;
  ASSERT_TRUE(run_on_both(GLVK_RELIABILITY_PROBE, GLVK_EGL_VENDOR_JSON, runs));
  expect_same_lines(runs, 80);
}

TEST(ReliabilityPeerComparison, CompatibilityStateMatchesLlvmpipe) {
  PeerRuns runs;
  ASSERT_TRUE(run_on_both(GLVK_RELIABILITY_PROBE_COMPAT, GLVK_EGL_VENDOR_JSON, runs));
  expect_same_lines(runs, 5);
}

}  // namespace
}  // namespace glvk::test
