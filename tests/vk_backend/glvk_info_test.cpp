// The glvk info command as a user runs it.
#include <gtest/gtest.h>

#include "process.h"

namespace glvk::test {
namespace {

const std::string kGlvk = GLVK_TOOL_PATH;

TEST(GlvkInfo, PrintsLavapipeAndItsFormatTable) {
  const ProcessResult r = run_process({kGlvk, "info"}, "", {{"GLVK_DEVICE", "llvmpipe"}});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("llvmpipe"), std::string::npos);
  EXPECT_NE(r.out.find("memory types:"), std::string::npos);
  // R8G8B8A8_UNORM is sampled (S), filterable (F), renderable (C) and blendable (B) with optimal
  // tiling on every Vulkan device (the spec's required format support table).
  const auto row = r.out.find("VK_FORMAT_R8G8B8A8_UNORM ");
  ASSERT_NE(row, std::string::npos);
  const auto optimal = r.out.find_first_not_of(' ', r.out.find(' ', row));
  const std::string features = r.out.substr(optimal, 13);
  EXPECT_EQ(features[0], 'S') << features;
  EXPECT_EQ(features[1], 'F') << features;
  EXPECT_EQ(features[3], 'C') << features;
  EXPECT_EQ(features[4], 'B') << features;
}

TEST(GlvkInfo, JsonIsValidAndComplete) {
  const ProcessResult r = run_process({kGlvk, "info", "--json"}, "", {{"GLVK_DEVICE", "llvmpipe"}});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Parsed by an independent JSON implementation (Python's), which also checks a few fields.
  const ProcessResult check = run_process(
      {"/usr/bin/python3", "-c",
       "import json,sys; d=json.load(sys.stdin); f={x['format']:x for x in d['formats']};"
       "assert 'llvmpipe' in d['device']['name'];"
       "assert 'VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT' in f['VK_FORMAT_R8G8B8A8_UNORM']['optimal'];"
       "assert f['VK_FORMAT_R8G8B8A8_UNORM']['value'] == 37;"
       "assert len(d['memory_types']) >= 1; print(len(f))"},
      r.out);
  EXPECT_EQ(check.exit_code, 0) << check.err;
  EXPECT_GT(std::stoi(check.out), 180);  // core 1.3 alone names more than 180 formats
}

TEST(GlvkInfo, UnknownDeviceFailsAndListsDevices) {
  const ProcessResult r = run_process({kGlvk, "info"}, "", {{"GLVK_DEVICE", "nonexistent"}});
  EXPECT_NE(r.exit_code, 0);
  EXPECT_LT(r.exit_code, 128) << "crashed: " << r.err;
  EXPECT_NE(r.err.find("nonexistent"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("llvmpipe"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST(GlvkInfo, BadArgumentIsAUsageError) {
  const ProcessResult r = run_process({kGlvk, "info", "--bogus"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--bogus"), std::string::npos);
}

TEST(Glvk, UnknownCommandIsAUsageError) {
  const ProcessResult r = run_process({kGlvk, "frobnicate"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("frobnicate"), std::string::npos);
}

}  // namespace
}  // namespace glvk::test
