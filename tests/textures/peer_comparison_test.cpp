// glvk against Mesa llvmpipe: the same programs (system libEGL/libGL only) run on both. texture_probe:
// every value glvk reads back must be within the probe's tolerance of llvmpipe's. error_probe: the
// GL errors and state values of the texture and framebuffer calls must be the same, line for line.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <sstream>

#include "process.h"

namespace glvk::test {
namespace {

std::map<std::string, std::vector<double>> parse(const std::string& out, std::map<std::string, double>& tolerance) {
  std::map<std::string, std::vector<double>> cases;
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string name;
    double t = 0;
    fields >> name >> t;
    tolerance[name] = t;
    double v;
    while (fields >> v) cases[name].push_back(v);
  }
  return cases;
}

// `probe` run on Mesa llvmpipe and on glvk (with validation); both must succeed, each on the driver
// it names on stderr.
struct PeerRuns {
  ProcessResult mesa, glvk;
};

::testing::AssertionResult run_on_both(const std::string& probe, PeerRuns& runs) {
  runs.mesa = run_process({probe}, "", {{"__EGL_VENDOR_LIBRARY_FILENAMES", ""},
                                        {"LIBGL_ALWAYS_SOFTWARE", "1"},
                                        {"GALLIUM_DRIVER", "llvmpipe"}});
  runs.glvk = run_process({probe}, "", {{"__EGL_VENDOR_LIBRARY_FILENAMES", GLVK_EGL_VENDOR_JSON},
                                        {"GLVK_VALIDATION", "1"},
                                        {"GLVK_DEVICE", "llvmpipe"}});
  if (runs.mesa.exit_code != 0 || runs.mesa.err.find("llvmpipe") == std::string::npos)
    return ::testing::AssertionFailure() << "on llvmpipe: " << runs.mesa.err;
  if (runs.glvk.exit_code != 0 || runs.glvk.err.find("glvk") == std::string::npos)
    return ::testing::AssertionFailure() << "on glvk: " << runs.glvk.err;
  return ::testing::AssertionSuccess();
}

TEST(PeerComparison, TextureReadbackMatchesLlvmpipe) {
  PeerRuns runs;
  ASSERT_TRUE(run_on_both(GLVK_TEXTURE_PROBE, runs));
  const ProcessResult& mesa = runs.mesa;
  const ProcessResult& glvk = runs.glvk;

  std::map<std::string, double> tolerance;
  const auto expected = parse(mesa.out, tolerance);
  const auto actual = parse(glvk.out, tolerance);
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
  ASSERT_TRUE(run_on_both(GLVK_ERROR_PROBE, runs));
  std::istringstream expected(runs.mesa.out), actual(runs.glvk.out);
  std::string want, got;
  int lines = 0;
  while (std::getline(expected, want)) {
    ASSERT_TRUE(std::getline(actual, got)) << "glvk stopped before: " << want;
    EXPECT_EQ(got, want);
    ++lines;
  }
  EXPECT_FALSE(std::getline(actual, got)) << "glvk printed more: " << got;
  EXPECT_GE(lines, 25);
}

}  // namespace
}  // namespace glvk::test
