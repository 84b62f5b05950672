// Issue 20 item 6: which error glvk records when several apply to one call (src/gl/ERROR_ORDER.md).
// error_order_probe.c runs on Mesa llvmpipe and on glvk; every line must agree, but for the cases
// ERROR_ORDER.md lists as known differences, which must still differ (a fix removes its line here
// and there).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>
#include <string>

#include "peer_runs.h"

namespace glvk::test {
namespace {

std::map<std::string, std::string> lines_by_name(const std::string& out, std::size_t& count) {
  std::map<std::string, std::string> lines;
  std::istringstream in(out);
  std::string name, value;
  while (in >> name >> value) lines[name] = value;
  count = lines.size();
  return lines;
}

// ERROR_ORDER.md, "Known differences from Mesa": glvk checks a different condition first.
const std::set<std::string> kKnownDifferences = {
    // Texture specification: glvk checks levels and sizes before the internal format and the
    // internal format before the client format (Mesa: formats first), and the arguments before
    // whether the level has an image.
    "teximage2d_internalformat_format", "texsubimage2d_no_image_format", "texstorage2d_immutable_levels_format",
    "texstorage2d_levels_format_size",
    // Buffers: range before access bits; target before index; index before the name.
    "mapbufferrange_range_access", "bindbufferrange_target_index", "bindbufferbase_index_name",
    // Framebuffer attachments: enums before the texture name.
    "framebuffertexture2d_attachment_name_level", "framebuffertexture2d_textarget_name_level",
    "framebuffertexture2d_textarget_mismatch_level",
    // Multisample renderbuffers above MAX_SAMPLES: glvk raises INVALID_OPERATION (GL 4.6 9.2.4), llvmpipe none.
    "renderbufferstoragems_samples",
    // Framebuffer completeness: Mesa checks it first in blits, reads and draws; glvk after the arguments.
    "blitframebuffer_mask_filter", "blitframebuffer_depth_linear_incomplete", "readpixels_format_incomplete",
    "drawelements_type_novao", "drawarrays_no_program",
    // glDrawBuffers: glvk checks each buffer's kind (BACK on an FBO) before the enum's validity.
    "drawbuffers_back_bad",
    // Draw and vertex-array arguments: glvk checks enums (mode, type) before counts and strides.
    "drawarrays_mode_first_count_novao", "drawelements_mode_count_type", "vertexattribpointer_size_type_stride",
    "vertexattribpointer_type_stride",
};

TEST(ErrorOrderPeerComparison, SeveralErrorsRaiseTheOneMesaRaises) {
  PeerRuns runs;
  ASSERT_TRUE(run_on_both(GLVK_ERROR_ORDER_PROBE, GLVK_EGL_VENDOR_JSON, runs));
  std::size_t mesa_count = 0, glvk_count = 0;
  const auto mesa = lines_by_name(runs.mesa.out, mesa_count), glvk = lines_by_name(runs.glvk.out, glvk_count);
  ASSERT_GE(mesa_count, 120u);
  EXPECT_EQ(glvk_count, mesa_count);
  std::size_t agreeing = 0;
  for (const auto& [name, want] : mesa) {
    const auto got = glvk.find(name);
    ASSERT_NE(got, glvk.end()) << name;
    if (kKnownDifferences.count(name)) {
      EXPECT_NE(got->second, want) << name << " now agrees with Mesa: remove it from the known differences";
      continue;
    }
    EXPECT_EQ(got->second, want) << name;
    agreeing += got->second == want;
  }
  std::printf("error order: %zu cases agree with llvmpipe, %zu known differences\n", agreeing, kKnownDifferences.size());
}

}  // namespace
}  // namespace glvk::test
