// choose_format / choose_texture_format against a scripted device: the seed's rules, one by one.
#include <gtest/gtest.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include <set>
#include <utility>
#include <vector>

#include "format_choice_tables.h"
#include "glvk/st/format_choice.h"
#include "scripted_support.h"

namespace glvk::st {
namespace {

using formats::Format;

TEST(ChooseFormat, ExactTableStoresTheUsersByteLayoutForUnsizedRgba) {
  ScriptedSupport s;
  s.allow(Format::R8G8B8A8_UNORM);
  s.allow(Format::B8G8R8A8_UNORM);
  s.allow(Format::A8B8G8R8_UNORM);
  s.allow(Format::A8R8G8B8_UNORM);
  // Rows of the seed's rgba8888_tbl.
  EXPECT_EQ(choose_format(s, GL_RGBA, GL_BGRA, GL_UNSIGNED_BYTE, TextureTarget::TEXTURE_2D, 0, BIND_SAMPLER_VIEW),
            Format::B8G8R8A8_UNORM);
  EXPECT_EQ(choose_format(s, GL_RGBA, GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, TextureTarget::TEXTURE_2D, 0,
                          BIND_SAMPLER_VIEW),
            Format::A8B8G8R8_UNORM);
  EXPECT_EQ(choose_format(s, GL_RGBA, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8, TextureTarget::TEXTURE_2D, 0,
                          BIND_SAMPLER_VIEW),
            Format::A8R8G8B8_UNORM);
  EXPECT_EQ(choose_format(s, GL_RGBA, GL_ABGR_EXT, GL_UNSIGNED_INT_8_8_8_8, TextureTarget::TEXTURE_2D, 0,
                          BIND_SAMPLER_VIEW),
            Format::R8G8B8A8_UNORM);
  // Sized GL_RGBA8 ignores the user's layout: the candidate list decides.
  EXPECT_EQ(choose_format(s, GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE, TextureTarget::TEXTURE_2D, 0, BIND_SAMPLER_VIEW),
            Format::R8G8B8A8_UNORM);
}

TEST(ChooseFormat, ExactTableForUnsizedRgbUsesPaddedLayouts) {
  ScriptedSupport s;
  s.allow(Format::X8B8G8R8_UNORM);
  s.allow(Format::B8G8R8X8_UNORM);
  s.allow(Format::R8G8B8X8_UNORM);
  EXPECT_EQ(choose_format(s, GL_RGB, GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, TextureTarget::TEXTURE_2D, 0,
                          BIND_SAMPLER_VIEW),
            Format::X8B8G8R8_UNORM);
  EXPECT_EQ(choose_format(s, GL_RGB, GL_BGRA, GL_UNSIGNED_BYTE, TextureTarget::TEXTURE_2D, 0, BIND_SAMPLER_VIEW),
            Format::B8G8R8X8_UNORM);
}

TEST(ChooseFormat, UnsupportedExactFormatFallsBackToTheCandidateList) {
  ScriptedSupport s;
  s.allow(Format::R8G8B8A8_UNORM);
  EXPECT_EQ(choose_format(s, GL_RGBA, GL_BGRA, GL_UNSIGNED_BYTE, TextureTarget::TEXTURE_2D, 0, BIND_SAMPLER_VIEW),
            Format::R8G8B8A8_UNORM);
}

TEST(ChooseFormat, Unsized2101010RevPicksA2101010Layout) {
  ScriptedSupport s;
  s.allow(Format::R8G8B8A8_UNORM);
  s.allow(Format::R10G10B10A2_UNORM);
  s.allow(Format::R10G10B10X2_UNORM);
  EXPECT_EQ(choose_format(s, GL_RGBA, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, TextureTarget::TEXTURE_2D, 0,
                          BIND_SAMPLER_VIEW),
            Format::R10G10B10A2_UNORM);
  EXPECT_EQ(choose_format(s, GL_RGB, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, TextureTarget::TEXTURE_2D, 0,
                          BIND_SAMPLER_VIEW),
            Format::R10G10B10X2_UNORM);
  // Without the packed type, unsized GL_RGBA stays 8-bit.
  EXPECT_EQ(choose_format(s, GL_RGBA, GL_RGBA, GL_FLOAT, TextureTarget::TEXTURE_2D, 0, BIND_SAMPLER_VIEW),
            Format::R8G8B8A8_UNORM);
}

TEST(ChooseFormat, CandidatesAreTriedInOrder) {
  ScriptedSupport s;
  s.allow(Format::R16G16B16A16_UNORM);
  s.allow(Format::R8G8B8A8_UNORM);
  // GL_RGBA16 prefers the 16-bit layout, and falls back to 8-bit only when it is missing.
  EXPECT_EQ(choose_format(s, GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT, TextureTarget::TEXTURE_2D, 0, BIND_SAMPLER_VIEW),
            Format::R16G16B16A16_UNORM);
  ScriptedSupport only8;
  only8.allow(Format::R8G8B8A8_UNORM);
  EXPECT_EQ(choose_format(only8, GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT, TextureTarget::TEXTURE_2D, 0,
                          BIND_SAMPLER_VIEW),
            Format::R8G8B8A8_UNORM);
}

TEST(ChooseFormat, DxtSkippedWhenNotAllowed) {
  ScriptedSupport s;
  s.allow(Format::DXT1_RGB);
  s.allow(Format::R8G8B8X8_UNORM);
  EXPECT_EQ(choose_format(s, GL_COMPRESSED_RGB, GL_RGB, GL_UNSIGNED_BYTE, TextureTarget::TEXTURE_2D, 0,
                          BIND_SAMPLER_VIEW, true),
            Format::DXT1_RGB);
  EXPECT_EQ(choose_format(s, GL_COMPRESSED_RGB, GL_RGB, GL_UNSIGNED_BYTE, TextureTarget::TEXTURE_2D, 0,
                          BIND_SAMPLER_VIEW, false),
            Format::R8G8B8X8_UNORM);
}

TEST(ChooseFormat, UnknownInternalFormatIsNone) {
  ScriptedSupport s;
  s.allow(Format::R8G8B8A8_UNORM);
  EXPECT_EQ(choose_format(s, GL_TEXTURE_2D, GL_RGBA, GL_UNSIGNED_BYTE, TextureTarget::TEXTURE_2D, 0,
                          BIND_SAMPLER_VIEW),
            Format::NONE);
  EXPECT_EQ(choose_format(s, 0xdeadu, GL_RGBA, GL_UNSIGNED_BYTE, TextureTarget::TEXTURE_2D, 0, BIND_SAMPLER_VIEW),
            Format::NONE);
}

TEST(ChooseTextureFormat, BindingsRule) {
  struct Row {
    GLenum internal_format;
    unsigned bindings;
  };
  // The seed's bindings table, plus a format outside it (GL_R8: sampler view only).
  const Row rows[] = {
      {3, BIND_SAMPLER_VIEW | BIND_RENDER_TARGET},          {4, BIND_SAMPLER_VIEW | BIND_RENDER_TARGET},
      {GL_RGB, BIND_SAMPLER_VIEW | BIND_RENDER_TARGET},     {GL_RGBA8, BIND_SAMPLER_VIEW | BIND_RENDER_TARGET},
      {GL_BGRA, BIND_SAMPLER_VIEW | BIND_RENDER_TARGET},    {GL_RGB16F, BIND_SAMPLER_VIEW | BIND_RENDER_TARGET},
      {GL_RGBA32F, BIND_SAMPLER_VIEW | BIND_RENDER_TARGET}, {GL_R8, BIND_SAMPLER_VIEW},
      {GL_RGBA16, BIND_SAMPLER_VIEW},                       {GL_DEPTH_COMPONENT16, BIND_SAMPLER_VIEW | BIND_DEPTH_STENCIL},
      {GL_STENCIL_INDEX8, BIND_SAMPLER_VIEW | BIND_DEPTH_STENCIL},
      {GL_DEPTH24_STENCIL8, BIND_SAMPLER_VIEW | BIND_DEPTH_STENCIL},
      {GL_DEPTH32F_STENCIL8, BIND_SAMPLER_VIEW | BIND_DEPTH_STENCIL},
  };
  for (const Row& row : rows) {
    ScriptedSupport s;  // supports nothing: every question is recorded, the first one is the rule's
    choose_texture_format(s, GL_TEXTURE_2D, row.internal_format, GL_RGBA, GL_UNSIGNED_BYTE);
    ASSERT_FALSE(s.asked_.empty()) << row.internal_format;
    EXPECT_EQ(s.asked_.front().bindings, row.bindings) << "internal format 0x" << std::hex << row.internal_format;
  }
}

TEST(ChooseTextureFormat, RetriesWithoutRenderTarget) {
  ScriptedSupport s;
  s.allow(Format::R8G8B8A8_UNORM, BIND_SAMPLER_VIEW);  // sampled, never rendered
  const ChosenFormat chosen = choose_texture_format(s, GL_TEXTURE_2D, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE);
  EXPECT_EQ(chosen.format, Format::R8G8B8A8_UNORM);
  EXPECT_EQ(chosen.bindings, unsigned(BIND_SAMPLER_VIEW));
  EXPECT_FALSE(chosen.decompressed_on_upload());
}

TEST(ChooseTextureFormat, RenderbuffersDoNotRetry) {
  ScriptedSupport s;
  s.allow(Format::R8G8B8A8_UNORM, BIND_SAMPLER_VIEW);
  EXPECT_FALSE(choose_texture_format(s, GL_RENDERBUFFER, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE).valid());
  for (const auto& q : s.asked_) EXPECT_TRUE(q.bindings & BIND_RENDER_TARGET);
}

TEST(ChooseTextureFormat, NoCompressionFor1DTargets) {
  ScriptedSupport s;
  s.allow(Format::DXT1_RGB);
  s.allow(Format::R8G8B8X8_UNORM);
  EXPECT_EQ(choose_texture_format(s, GL_TEXTURE_2D, GL_COMPRESSED_RGB, GL_RGB, GL_UNSIGNED_BYTE).format,
            Format::DXT1_RGB);
  EXPECT_EQ(choose_texture_format(s, GL_TEXTURE_1D, GL_COMPRESSED_RGB, GL_RGB, GL_UNSIGNED_BYTE).format,
            Format::R8G8B8X8_UNORM);
  EXPECT_EQ(choose_texture_format(s, GL_TEXTURE_1D_ARRAY, GL_COMPRESSED_RGB, GL_RGB, GL_UNSIGNED_BYTE).format,
            Format::R8G8B8X8_UNORM);
}

TEST(ChooseTextureFormat, CompressedFormatTheDeviceLacksIsDecodedOnUpload) {
  ScriptedSupport s;
  s.allow(Format::R8G8B8A8_UNORM);
  s.allow(Format::R8G8B8A8_SRGB);
  s.allow(Format::R8_UNORM);
  ChosenFormat c = choose_texture_format(s, GL_TEXTURE_2D, GL_COMPRESSED_RGB8_ETC2, GL_RGB, GL_UNSIGNED_BYTE);
  EXPECT_EQ(c.format, Format::ETC2_RGB8);
  EXPECT_EQ(c.storage, Format::R8G8B8A8_UNORM);
  EXPECT_TRUE(c.decompressed_on_upload());
  c = choose_texture_format(s, GL_TEXTURE_2D, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR, GL_RGBA, GL_UNSIGNED_BYTE);
  EXPECT_EQ(c.format, Format::ASTC_4x4_SRGB);
  EXPECT_EQ(c.storage, Format::R8G8B8A8_SRGB);
  c = choose_texture_format(s, GL_TEXTURE_2D, GL_COMPRESSED_RED_RGTC1, GL_RED, GL_UNSIGNED_BYTE);
  EXPECT_EQ(c.format, Format::RGTC1_UNORM);
  EXPECT_EQ(c.storage, Format::R8_UNORM);
  // A device with the compressed format stores it as is.
  s.allow(Format::ETC2_RGB8, BIND_SAMPLER_VIEW);
  c = choose_texture_format(s, GL_TEXTURE_2D, GL_COMPRESSED_RGB8_ETC2, GL_RGB, GL_UNSIGNED_BYTE);
  EXPECT_EQ(c.format, Format::ETC2_RGB8);
  EXPECT_FALSE(c.decompressed_on_upload());
}

TEST(ChooseTextureFormat, BadTargetIsInvalid) {
  ScriptedSupport s;
  s.allow(Format::R8G8B8A8_UNORM);
  EXPECT_FALSE(choose_texture_format(s, GL_ARRAY_BUFFER, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE).valid());
}

TEST(ChooseRenderbufferFormat, PassesSampleCountAndBindings) {
  ScriptedSupport s;
  s.allow(Format::Z24_UNORM_S8_UINT, BIND_DEPTH_STENCIL);
  s.allow(Format::R8G8B8A8_UNORM, BIND_RENDER_TARGET);
  EXPECT_EQ(choose_renderbuffer_format(s, GL_DEPTH24_STENCIL8, 4), Format::Z24_UNORM_S8_UINT);
  EXPECT_EQ(s.asked_.back().samples, 4u);
  EXPECT_EQ(s.asked_.back().bindings, unsigned(BIND_DEPTH_STENCIL));
  EXPECT_EQ(choose_renderbuffer_format(s, GL_RGBA8, 0), Format::R8G8B8A8_UNORM);
  EXPECT_EQ(s.asked_.back().bindings, unsigned(BIND_RENDER_TARGET));
}

TEST(GlTargetToPipe, SeedTable) {
  const std::pair<GLenum, TextureTarget> rows[] = {
      {GL_TEXTURE_1D, TextureTarget::TEXTURE_1D},
      {GL_PROXY_TEXTURE_1D, TextureTarget::TEXTURE_1D},
      {GL_TEXTURE_2D, TextureTarget::TEXTURE_2D},
      {GL_PROXY_TEXTURE_2D, TextureTarget::TEXTURE_2D},
      {GL_TEXTURE_2D_MULTISAMPLE, TextureTarget::TEXTURE_2D},
      {GL_PROXY_TEXTURE_2D_MULTISAMPLE, TextureTarget::TEXTURE_2D},
      {GL_TEXTURE_RECTANGLE, TextureTarget::TEXTURE_RECT},
      {GL_PROXY_TEXTURE_RECTANGLE, TextureTarget::TEXTURE_RECT},
      {GL_TEXTURE_3D, TextureTarget::TEXTURE_3D},
      {GL_PROXY_TEXTURE_3D, TextureTarget::TEXTURE_3D},
      {GL_TEXTURE_CUBE_MAP, TextureTarget::TEXTURE_CUBE},
      {GL_PROXY_TEXTURE_CUBE_MAP, TextureTarget::TEXTURE_CUBE},
      {GL_TEXTURE_CUBE_MAP_POSITIVE_X, TextureTarget::TEXTURE_CUBE},
      {GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, TextureTarget::TEXTURE_CUBE},
      {GL_TEXTURE_1D_ARRAY, TextureTarget::TEXTURE_1D_ARRAY},
      {GL_PROXY_TEXTURE_1D_ARRAY, TextureTarget::TEXTURE_1D_ARRAY},
      {GL_TEXTURE_2D_ARRAY, TextureTarget::TEXTURE_2D_ARRAY},
      {GL_TEXTURE_2D_MULTISAMPLE_ARRAY, TextureTarget::TEXTURE_2D_ARRAY},
      {GL_TEXTURE_CUBE_MAP_ARRAY, TextureTarget::TEXTURE_CUBE_ARRAY},
      {GL_TEXTURE_BUFFER, TextureTarget::BUFFER},
  };
  for (const auto& [gl, pipe] : rows) EXPECT_EQ(gl_target_to_pipe(gl), pipe) << std::hex << gl;
  EXPECT_FALSE(gl_target_to_pipe(GL_RENDERBUFFER).has_value());
  EXPECT_FALSE(gl_target_to_pipe(GL_ARRAY_BUFFER).has_value());
}

// The candidate data, checked by properties the GL spec demands of any answer.
class CandidateTable : public ::testing::Test {
 protected:
  static std::vector<Format> candidates(GLenum internal_format) {
    for (std::size_t i = 0; i < tables::kInternalFormatCandidateCount; ++i) {
      const auto& row = tables::kInternalFormatCandidates[i];
      if (row.internal_format == internal_format)
        return {tables::kFormatLists + row.first, tables::kFormatLists + row.first + row.count};
    }
    return {};
  }
};

TEST_F(CandidateTable, DepthAndStencilFormatsOnlyHoldDepthOrStencil) {
  for (GLenum f : {GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT32,
                   GL_DEPTH_COMPONENT32F}) {
    ASSERT_FALSE(candidates(f).empty()) << std::hex << f;
    for (Format c : candidates(f)) EXPECT_TRUE(formats::describe(c).is_depth) << formats::describe(c).name;
  }
  for (GLenum f : {GL_STENCIL_INDEX8, GL_STENCIL_INDEX}) {
    for (Format c : candidates(f)) EXPECT_TRUE(formats::describe(c).is_stencil) << formats::describe(c).name;
  }
  for (GLenum f : {GL_DEPTH_STENCIL, GL_DEPTH24_STENCIL8, GL_DEPTH32F_STENCIL8}) {
    ASSERT_FALSE(candidates(f).empty());
    for (Format c : candidates(f)) {
      EXPECT_TRUE(formats::describe(c).is_depth && formats::describe(c).is_stencil) << formats::describe(c).name;
    }
  }
}

TEST_F(CandidateTable, IntegerFormatsOnlyHoldPureIntegers) {
  for (GLenum f : {GL_R8UI, GL_R8I, GL_RG16UI, GL_RGB32I, GL_RGBA8UI, GL_RGBA32I, GL_RGB10_A2UI}) {
    ASSERT_FALSE(candidates(f).empty()) << std::hex << f;
    for (Format c : candidates(f)) EXPECT_TRUE(formats::describe(c).is_pure_integer) << formats::describe(c).name;
  }
}

TEST_F(CandidateTable, SrgbFormatsOnlyHoldSrgb) {
  for (GLenum f : {GL_SRGB8, GL_SRGB8_ALPHA8, GL_SLUMINANCE8, GL_SLUMINANCE8_ALPHA8, GL_COMPRESSED_SRGB_S3TC_DXT1_EXT,
                   GL_COMPRESSED_SRGB8_ETC2}) {
    ASSERT_FALSE(candidates(f).empty()) << std::hex << f;
    for (Format c : candidates(f))
      EXPECT_EQ(formats::describe(c).colorspace, formats::Colorspace::SRGB) << formats::describe(c).name;
  }
}

TEST_F(CandidateTable, EverySizedColourFormatOfGl46HasCandidates) {
  // GL 4.6 table 8.12 (sized internal colour formats) and 8.13 (depth/stencil).
  const GLenum sized[] = {
      GL_R8, GL_R8_SNORM, GL_R16, GL_R16_SNORM, GL_RG8, GL_RG8_SNORM, GL_RG16, GL_RG16_SNORM, GL_R3_G3_B2, GL_RGB4,
      GL_RGB5, GL_RGB565, GL_RGB8, GL_RGB8_SNORM, GL_RGB10, GL_RGB12, GL_RGB16, GL_RGB16_SNORM, GL_RGBA2, GL_RGBA4,
      GL_RGB5_A1, GL_RGBA8, GL_RGBA8_SNORM, GL_RGB10_A2, GL_RGB10_A2UI, GL_RGBA12, GL_RGBA16, GL_RGBA16_SNORM,
      GL_SRGB8, GL_SRGB8_ALPHA8, GL_R16F, GL_RG16F, GL_RGB16F, GL_RGBA16F, GL_R32F, GL_RG32F, GL_RGB32F, GL_RGBA32F,
      GL_R11F_G11F_B10F, GL_RGB9_E5, GL_R8I, GL_R8UI, GL_R16I, GL_R16UI, GL_R32I, GL_R32UI, GL_RG8I, GL_RG8UI,
      GL_RG16I, GL_RG16UI, GL_RG32I, GL_RG32UI, GL_RGB8I, GL_RGB8UI, GL_RGB16I, GL_RGB16UI, GL_RGB32I, GL_RGB32UI,
      GL_RGBA8I, GL_RGBA8UI, GL_RGBA16I, GL_RGBA16UI, GL_RGBA32I, GL_RGBA32UI, GL_DEPTH_COMPONENT16,
      GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT32, GL_DEPTH_COMPONENT32F, GL_DEPTH24_STENCIL8, GL_DEPTH32F_STENCIL8,
      GL_STENCIL_INDEX8};
  for (GLenum f : sized) EXPECT_FALSE(candidates(f).empty()) << "no candidates for 0x" << std::hex << f;
}

}  // namespace
}  // namespace glvk::st
