// The format choice asked of the GCN capability model (AmdFormatSupport): where radeonsi lacks a
// format, the choice falls back along seed 000's candidate lists, and the shadow's record says so.
#include <gtest/gtest.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include "glvk/amd_descriptors/chip.h"
#include "glvk/st/amd_format_support.h"
#include "glvk/st/shadow.h"

namespace glvk::st {
namespace {

using formats::Format;

const amd::Chip& tonga() { return *amd::find_chip("tonga"); }

TEST(AmdFormatSupport, NinetySixBitTexelsFallBackToTheNextCandidate) {
  const AmdFormatSupport gcn(tonga());
  // GCN has no 32_32_32 image format (only buffers fetch it): GL_RGB32F's list goes on to RGBX.
  EXPECT_FALSE(gcn.is_format_supported(Format::R32G32B32_FLOAT, TextureTarget::TEXTURE_2D, 0, BIND_SAMPLER_VIEW));
  const ChosenFormat chosen = choose_texture_format(gcn, GL_TEXTURE_2D, GL_RGB32F, GL_RGB, GL_FLOAT);
  EXPECT_EQ(chosen.storage, Format::R32G32B32X32_FLOAT);
  // The same for 24-bit texels: GL_RGB8 is stored with a padding byte, the list's first entry.
  EXPECT_EQ(choose_texture_format(gcn, GL_TEXTURE_2D, GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE).storage,
            Format::R8G8B8X8_UNORM);
}

TEST(AmdFormatSupport, CompressedFormatsTheChipLacksAreDecompressedOnUpload) {
  // Discrete GCN samples no ETC2: stored as RGBA8, the [decompressed] row's first format.
  const ChosenFormat etc2 =
      choose_texture_format(AmdFormatSupport(tonga()), GL_TEXTURE_2D, GL_COMPRESSED_RGB8_ETC2, GL_RGB, GL_UNSIGNED_BYTE);
  EXPECT_EQ(etc2.format, Format::ETC2_RGB8);
  EXPECT_EQ(etc2.storage, Format::R8G8B8A8_UNORM);
  EXPECT_TRUE(etc2.decompressed_on_upload());
  // S3TC it has: kept compressed.
  const ChosenFormat dxt5 = choose_texture_format(AmdFormatSupport(tonga()), GL_TEXTURE_2D,
                                                  GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_RGBA, GL_UNSIGNED_BYTE);
  EXPECT_EQ(dxt5.storage, Format::DXT5_RGBA);
  EXPECT_FALSE(dxt5.decompressed_on_upload());
}

TEST(AmdFormatSupport, BlitsAskForSamplingTheSourceAndRenderingTheDestination) {
  const AmdFormatSupport gcn(tonga());
  // RGB9E5 can be sampled but not rendered on GCN: a blit may read it, not write it.
  EXPECT_TRUE(gcn.is_format_supported(Format::R9G9B9E5_FLOAT, TextureTarget::TEXTURE_2D, 0, BIND_BLIT_SOURCE));
  EXPECT_FALSE(gcn.is_format_supported(Format::R9G9B9E5_FLOAT, TextureTarget::TEXTURE_2D, 0, BIND_BLIT_DESTINATION));
  // Depth/stencil binds the DB, which has no stencil-only format.
  EXPECT_TRUE(gcn.is_format_supported(Format::Z24_UNORM_S8_UINT, TextureTarget::TEXTURE_2D, 0, BIND_DEPTH_STENCIL));
  EXPECT_FALSE(gcn.is_format_supported(Format::S8_UINT, TextureTarget::TEXTURE_2D, 0, BIND_DEPTH_STENCIL));
}

TEST(AmdFormatSupport, TheShadowRecordNamesBothChoicesAndMarksADifference) {
  ChosenFormat vulkan;
  vulkan.format = vulkan.storage = Format::R32G32B32_FLOAT;
  EXPECT_EQ(format_choice_line(tonga(), GL_TEXTURE_2D, GL_RGB32F, GL_RGB, GL_FLOAT, vulkan),
            "format choice GL_RGB32F: vulkan R32G32B32_FLOAT, radeonsi R32G32B32X32_FLOAT (differs)");
  vulkan.format = vulkan.storage = Format::R8G8B8A8_UNORM;
  EXPECT_EQ(format_choice_line(tonga(), GL_TEXTURE_2D, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, vulkan),
            "format choice GL_RGBA8: vulkan R8G8B8A8_UNORM, radeonsi R8G8B8A8_UNORM");
  vulkan.format = Format::ETC2_RGB8;
  EXPECT_EQ(format_choice_line(tonga(), GL_TEXTURE_2D, GL_COMPRESSED_RGB8_ETC2, GL_RGB, GL_UNSIGNED_BYTE, vulkan),
            "format choice GL_COMPRESSED_RGB8_ETC2: vulkan R8G8B8A8_UNORM (decompressed on upload), radeonsi "
            "R8G8B8A8_UNORM (decompressed on upload)");
}

}  // namespace
}  // namespace glvk::st
