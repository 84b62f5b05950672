// glvk against Mesa llvmpipe: the same programs (system libEGL/libGL only) run on both. texture_probe:
// every value glvk reads back must be within the probe's tolerance of llvmpipe's. error_probe: the
// GL errors and state values of the texture and framebuffer calls must be the same, line for line.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <sstream>

#include "peer_runs.h"

namespace glvk::test {
namespace {

TEST(PeerComparison, TextureReadbackMatchesLlvmpipe) {
  PeerRuns runs;
  ASSERT_TRUE(run_on_both(GLVK_TEXTURE_PROBE, GLVK_EGL_VENDOR_JSON, runs));
  const ProcessResult& mesa = runs.mesa;
  const ProcessResult& glvk = runs.glvk;

  std::map<std::string, double> tolerance;
  const auto expected = parse_cases(mesa.out, tolerance);
  const auto actual = parse_cases(glvk.out, tolerance);
  ASSERT_GE(expected.size(), 20u);
  for (const auto& [name, values] : expected) {
    const auto it = actual.find(name);
    ASSERT_NE(it, actual.end()) << name;
    ASSERT_EQ(it->second.size(), values.size()) << name;
    for (std::size_t i = 0; i < values.size(); ++i)
      EXPECT_NEAR(it->second[i], values[i], tolerance[name] + 1e-9) << name << " value " << i;
  }
}

TEST(PeerComparison, ErrorsAndStateMatchLlvmpipe) {
  PeerRuns runs;
  ASSERT_TRUE(run_on_both(GLVK_ERROR_PROBE, GLVK_EGL_VENDOR_JSON, runs));
  expect_same_lines(runs, 25);
}

}  // namespace
}  // namespace glvk::test
