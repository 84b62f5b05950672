// One C probe (system libEGL/libGL only) run on Mesa llvmpipe and on glvk, for peer comparisons.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "process.h"

namespace glvk::test {

struct PeerRuns {
  ProcessResult mesa, glvk;
};

// Runs `probe` on Mesa llvmpipe and on glvk (`glvk_vendor_json`, with validation on lavapipe); both
// must exit 0, each on the driver it names on stderr.
::testing::AssertionResult run_on_both(const std::string& probe, const std::string& glvk_vendor_json, PeerRuns& runs);

// The probe's lines on glvk equal llvmpipe's, line for line (error/state probes), at least
// `minimum_lines` of them.
void expect_same_lines(const PeerRuns& runs, int minimum_lines);

// Probe output lines "name tolerance value value ...": values per case, tolerance per case.
std::map<std::string, std::vector<double>> parse_cases(const std::string& out, std::map<std::string, double>& tolerance);

// Probes printing images (name, tolerance, then RGBA bytes of a `width`-pixel-wide image): every
// channel of every case of the glvk run within the case's tolerance of the Mesa run, `cases` cases
// in all; reports the first mismatches of each case and prints each case's largest difference.
void expect_images_match(const PeerRuns& runs, std::size_t cases, std::size_t width);

}  // namespace glvk::test
