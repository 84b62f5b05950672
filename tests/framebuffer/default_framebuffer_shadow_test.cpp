// The GCN shadow sees the default framebuffer of a pbuffer: pbuffer_shadow_probe clears one under
// GLVK_SHADOW and `glvk amd shadow` prints the CB/DB state the clear emitted.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "process.h"

namespace glvk::test {
namespace {

TEST(DefaultFramebufferShadow, ClearEmitsTheSurfaceColourAndDepthBuffers) {
  const std::string path = ::testing::TempDir() + "/glvk_shadow_pbuffer.pm4";
  std::remove(path.c_str());
  const ProcessResult probe =
      run_process({GLVK_PBUFFER_PROBE}, "", {{"__EGL_VENDOR_LIBRARY_FILENAMES", GLVK_EGL_VENDOR_JSON},
                                             {"GLVK_DEVICE", "llvmpipe"},
                                             {"GLVK_VALIDATION", "1"},
                                             {"GLVK_SHADOW", path},
                                             {"GLVK_SHADOW_CHIP", "tonga"}});
  ASSERT_EQ(probe.exit_code, 0) << probe.err;
  const ProcessResult printed = run_process({GLVK_TOOL_PATH, "amd", "shadow", path});
  ASSERT_EQ(printed.exit_code, 0) << printed.err;
  // A 64x32 surface in 8x8 tiles: pitch TILE_MAX = 64 / 8 - 1 = 7, slice TILE_MAX = 64 * 32 / 64 - 1 = 31.
  for (const char* line : {"CB_COLOR0_PITCH <- TILE_MAX = 7", "CB_COLOR0_SLICE <- TILE_MAX = 31 (0x0001f)",
                           "FORMAT = COLOR_8_8_8_8", "NUMBER_TYPE = NUMBER_UNORM", "DB_Z_INFO <- FORMAT = Z_24",
                           "DB_STENCIL_INFO <- FORMAT = STENCIL_8", "DB_DEPTH_SIZE <- PITCH_TILE_MAX = 7",
                           "DB_DEPTH_SLICE <- SLICE_TILE_MAX = 31 (0x0001f)", "BR_X = 64 (0x040)",
                           "BR_Y = 32 (0x020)"})
    EXPECT_NE(printed.out.find(line), std::string::npos) << "missing: " << line << "\n" << printed.out;
  // One colour buffer is drawn (GL_BACK): no second colour slot.
  EXPECT_EQ(printed.out.find("CB_COLOR1_BASE"), std::string::npos) << printed.out;
}

}  // namespace
}  // namespace glvk::test
