#include "peer_runs.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace glvk::test {

::testing::AssertionResult run_on_both(const std::string& probe, const std::string& glvk_vendor_json, PeerRuns& runs) {
  runs.mesa = run_process({probe}, "", {{"__EGL_VENDOR_LIBRARY_FILENAMES", ""},
                                        {"LIBGL_ALWAYS_SOFTWARE", "1"},
                                        {"GALLIUM_DRIVER", "llvmpipe"}});
  runs.glvk = run_process({probe}, "", {{"__EGL_VENDOR_LIBRARY_FILENAMES", glvk_vendor_json},
                                        {"GLVK_VALIDATION", "1"},
                                        {"GLVK_DEVICE", "llvmpipe"}});
  if (runs.mesa.exit_code != 0 || runs.mesa.err.find("llvmpipe") == std::string::npos)
    return ::testing::AssertionFailure() << "on llvmpipe: " << runs.mesa.err;
  if (runs.glvk.exit_code != 0 || runs.glvk.err.find("glvk") == std::string::npos)
    return ::testing::AssertionFailure() << "on glvk: " << runs.glvk.err;
  return ::testing::AssertionSuccess();
}

void expect_same_lines(const PeerRuns& runs, int minimum_lines) {
  std::istringstream expected(runs.mesa.out), actual(runs.glvk.out);
  std::string want, got;
  int lines = 0;
  while (std::getline(expected, want)) {
    ASSERT_TRUE(std::getline(actual, got)) << "glvk stopped before: " << want;
    EXPECT_EQ(got, want);
    ++lines;
  }
  EXPECT_FALSE(std::getline(actual, got)) << "glvk printed more: " << got;
  EXPECT_GE(lines, minimum_lines);
}

std::map<std::string, std::vector<double>> parse_cases(const std::string& out, std::map<std::string, double>& tolerance) {
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

void expect_images_match(const PeerRuns& runs, std::size_t cases, std::size_t width) {
  std::map<std::string, double> tolerance;
  const auto expected = parse_cases(runs.mesa.out, tolerance);
  const auto actual = parse_cases(runs.glvk.out, tolerance);
  ASSERT_EQ(expected.size(), cases);
  for (const auto& [name, values] : expected) {
    const auto it = actual.find(name);
    ASSERT_NE(it, actual.end()) << name;
    ASSERT_EQ(it->second.size(), values.size()) << name;
    int mismatches = 0;
    double worst = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
      const double d = std::abs(it->second[i] - values[i]);
      worst = std::max(worst, d);
      if (d <= tolerance[name]) continue;
      if (++mismatches <= 8) {
        const std::size_t pixel = i / 4;
        ADD_FAILURE() << name << ": pixel (" << pixel % width << ", " << pixel / width << ") channel " << i % 4
                      << ": glvk " << it->second[i] << ", llvmpipe " << values[i];
      }
    }
    EXPECT_EQ(mismatches, 0) << name;
    std::printf("%s: largest difference %g (tolerance %g)\n", name.c_str(), worst, tolerance[name]);
  }
}

}  // namespace glvk::test
