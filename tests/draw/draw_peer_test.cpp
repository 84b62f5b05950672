// glvk against Mesa llvmpipe on draw_probe.c: every pixel of every scene within the scene's stated
// tolerance (one unit where interpolation or filter weights may round differently, exact for flat
// shading). lavapipe and llvmpipe share Mesa's rasterizer, so coverage must agree exactly.
#include <gtest/gtest.h>

#include <cmath>

#include "peer_runs.h"

namespace glvk::test {
namespace {

TEST(DrawPeerComparison, ScenesMatchLlvmpipe) {
  PeerRuns runs;
  ASSERT_TRUE(run_on_both(GLVK_DRAW_PROBE, GLVK_EGL_VENDOR_JSON, runs));
  std::map<std::string, double> tolerance;
  const auto expected = parse_cases(runs.mesa.out, tolerance);
  const auto actual = parse_cases(runs.glvk.out, tolerance);
  ASSERT_EQ(expected.size(), 7u);
  for (const auto& [name, values] : expected) {
    const auto it = actual.find(name);
    ASSERT_NE(it, actual.end()) << name;
    ASSERT_EQ(it->second.size(), values.size()) << name;
    int mismatches = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (std::abs(it->second[i] - values[i]) <= tolerance[name]) continue;
      if (++mismatches <= 8) {
        const std::size_t pixel = i / 4;
        ADD_FAILURE() << name << ": pixel (" << pixel % 32 << ", " << pixel / 32 << ") channel " << i % 4
                      << ": glvk " << it->second[i] << ", llvmpipe " << values[i];
      }
    }
    EXPECT_EQ(mismatches, 0) << name;
  }
}

}  // namespace
}  // namespace glvk::test
