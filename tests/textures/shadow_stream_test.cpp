// The GCN shadow end to end: a GL program (texture_probe, system libEGL/libGL only) runs on glvk
// with GLVK_SHADOW set; `glvk amd shadow` prints the stream it leaves.
#include <gtest/gtest.h>

#include <cstdio>

#include "process.h"

namespace glvk::test {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

ProcessResult run_probe(const std::string& shadow_path, const std::string& chip = "tonga") {
  return run_process({GLVK_TEXTURE_PROBE}, "", {{"__EGL_VENDOR_LIBRARY_FILENAMES", GLVK_EGL_VENDOR_JSON},
                                                {"GLVK_DEVICE", "llvmpipe"},
                                                {"GLVK_SHADOW", shadow_path},
                                                {"GLVK_SHADOW_CHIP", chip}});
}

TEST(ShadowStream, EveryTextureGetsItsRadeonsiDescriptor) {
  const std::string path = ::testing::TempDir() + "/glvk_shadow_probe.pm4";
  std::remove(path.c_str());
  const ProcessResult probe = run_probe(path);
  ASSERT_EQ(probe.exit_code, 0) << probe.err;
  const ProcessResult printed = run_process({GLVK_TOOL_PATH, "amd", "shadow", path});
  ASSERT_EQ(printed.exit_code, 0) << printed.err;
  // texture_probe creates 24 textures, one per case, each a whole-texture sampler view.
  EXPECT_EQ(count(printed.out, "SQ_IMG_RSRC_WORD0 <-"), 24u);
  EXPECT_EQ(count(printed.out, "no descriptor"), 0u) << printed.out;
  EXPECT_NE(printed.out.find("chip tonga (GFX8)"), std::string::npos);
  // Each texture's format choice asked of the GCN model too: radeonsi stores all 24 of the probe's
  // formats as lavapipe does (RGB8 padded to RGBX on both).
  EXPECT_EQ(count(printed.out, "format choice "), 24u);
  EXPECT_NE(printed.out.find("format choice GL_RGB8: vulkan R8G8B8X8_UNORM, radeonsi R8G8B8X8_UNORM"),
            std::string::npos);
  EXPECT_EQ(count(printed.out, "(differs)"), 0u) << printed.out;
  // Its first case is RGBA8: IMG_DATA_FORMAT_8_8_8_8 with the UNORM number format (seed 000's table).
  const std::size_t first = printed.out.find("DATA_FORMAT = ");
  ASSERT_NE(first, std::string::npos);
  const std::string rgba8 = "DATA_FORMAT = IMG_DATA_FORMAT_8_8_8_8";
  EXPECT_EQ(printed.out.compare(first, rgba8.size(), rgba8), 0) << printed.out.substr(first, 40);
  EXPECT_NE(printed.out.find("NUM_FORMAT = IMG_NUM_FORMAT_UNORM", first), std::string::npos);

  // The simulated addresses are deterministic: a second run writes the same bytes.
  const std::string again = ::testing::TempDir() + "/glvk_shadow_probe_again.pm4";
  ASSERT_EQ(run_probe(again).exit_code, 0);
  EXPECT_EQ(read_file(path), read_file(again));
}

TEST(ShadowStream, FramebufferStateMatchesTheSeedDump) {
  // seed 002's gl-3.0-render-integer surface, 200x200 RGBA32I, on the 4-pipe VI chip the dump
  // comes from (polaris11; see the amd tests for why not tonga).
  const std::string path = ::testing::TempDir() + "/glvk_shadow_framebuffer.pm4";
  std::remove(path.c_str());
  const ProcessResult probe =
      run_process({GLVK_FRAMEBUFFER_PROBE}, "", {{"__EGL_VENDOR_LIBRARY_FILENAMES", GLVK_EGL_VENDOR_JSON},
                                                 {"GLVK_DEVICE", "llvmpipe"},
                                                 {"GLVK_VALIDATION", "1"},
                                                 {"GLVK_SHADOW", path},
                                                 {"GLVK_SHADOW_CHIP", "polaris11"}});
  ASSERT_EQ(probe.exit_code, 0) << probe.err;
  const ProcessResult printed = run_process({GLVK_TOOL_PATH, "amd", "shadow", path});
  ASSERT_EQ(printed.exit_code, 0) << printed.err;
  // Field lines of the seed's dump (the base address differs: glvk's simulated VA).
  for (const char* line : {"CB_COLOR0_PITCH <- TILE_MAX = 24 (0x18)", "CB_COLOR0_SLICE <- TILE_MAX = 624 (0x00270)",
                           "FORMAT = COLOR_32_32_32_32", "NUMBER_TYPE = NUMBER_SINT", "COMP_SWAP = SWAP_STD",
                           "BLEND_BYPASS = 1", "CB_COLOR0_ATTRIB <- TILE_MODE_INDEX = 13 (0xd)",
                           "CB_COLOR0_CMASK_SLICE <- TILE_MAX = 3", "CB_COLOR0_FMASK_SLICE <- TILE_MAX = 624 (0x00270)"})
    EXPECT_NE(printed.out.find(line), std::string::npos) << "missing: " << line << "\n" << printed.out;
  EXPECT_NE(printed.out.find("PA_SC_WINDOW_SCISSOR_BR"), std::string::npos);
  EXPECT_EQ(count(printed.out, "no descriptor"), 0u);
}

TEST(ShadowStream, UnknownChipIsAClearErrorAndNoStream) {
  const std::string path = ::testing::TempDir() + "/glvk_shadow_unknown.pm4";
  std::remove(path.c_str());
  const ProcessResult probe = run_probe(path, "no-such-chip");
  EXPECT_EQ(probe.exit_code, 0) << "the GL program itself is unaffected";
  EXPECT_NE(probe.err.find("GLVK_SHADOW_CHIP=no-such-chip"), std::string::npos) << probe.err;
  EXPECT_TRUE(read_file(path).empty());
}

}  // namespace
}  // namespace glvk::test
