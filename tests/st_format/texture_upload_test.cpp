// choose_upload_path: seed 000's st_TexSubImage decisions, with Vulkan's blit rules.
#include <gtest/gtest.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include "glvk/st/texture_upload.h"
#include "scripted_support.h"

namespace glvk::st {
namespace {

using formats::Format;

TransferRequest request(Format texture, GLenum base, GLenum format, GLenum type) {
  TransferRequest r;
  r.texture_format = texture;
  r.texture_base_format = base;
  r.format = format;
  r.type = type;
  r.width = 16;
  r.height = 16;
  return r;
}

TEST(FormatBaseFormat, FollowsTheStoredChannels) {
  const std::pair<Format, GLenum> rows[] = {
      {Format::R8G8B8A8_UNORM, GL_RGBA},     {Format::R8G8B8X8_UNORM, GL_RGB},    {Format::B5G6R5_UNORM, GL_RGB},
      {Format::L8_UNORM, GL_LUMINANCE},      {Format::L8A8_UNORM, GL_LUMINANCE_ALPHA},
      {Format::I8_UNORM, GL_INTENSITY},      {Format::A8_UNORM, GL_ALPHA},        {Format::R8_UNORM, GL_RED},
      {Format::R8G8_UNORM, GL_RG},           {Format::Z16_UNORM, GL_DEPTH_COMPONENT},
      {Format::S8_UINT, GL_STENCIL_INDEX},   {Format::Z24_UNORM_S8_UINT, GL_DEPTH_STENCIL},
      {Format::DXT1_RGB, GL_RGB},            {Format::DXT1_RGBA, GL_RGBA},
  };
  for (const auto& [format, base] : rows)
    EXPECT_EQ(format_base_format(format), base) << formats::describe(format).name;
}

TEST(FormatMatches, ArrayAndPackedLayouts) {
  EXPECT_TRUE(format_matches_format_and_type(Format::R8G8B8A8_UNORM, GL_RGBA, GL_UNSIGNED_BYTE, false));
  EXPECT_TRUE(format_matches_format_and_type(Format::B8G8R8A8_UNORM, GL_BGRA, GL_UNSIGNED_BYTE, false));
  EXPECT_FALSE(format_matches_format_and_type(Format::R8G8B8A8_UNORM, GL_BGRA, GL_UNSIGNED_BYTE, false));
  EXPECT_TRUE(format_matches_format_and_type(Format::R32G32B32A32_FLOAT, GL_RGBA, GL_FLOAT, false));
  EXPECT_TRUE(format_matches_format_and_type(Format::B5G6R5_UNORM, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, false));
  EXPECT_TRUE(format_matches_format_and_type(Format::L8_UNORM, GL_LUMINANCE, GL_UNSIGNED_BYTE, false));
  // Normalised data never matches a pure-integer format, nor the reverse.
  EXPECT_FALSE(format_matches_format_and_type(Format::R8G8B8A8_UINT, GL_RGBA, GL_UNSIGNED_BYTE, false));
  EXPECT_TRUE(format_matches_format_and_type(Format::R8G8B8A8_UINT, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, false));
  EXPECT_FALSE(format_matches_format_and_type(Format::R8G8B8A8_UNORM, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, false));
  // Byte swapping matters only for multi-byte units.
  EXPECT_TRUE(format_matches_format_and_type(Format::R8G8B8A8_UNORM, GL_RGBA, GL_UNSIGNED_BYTE, true));
  EXPECT_FALSE(format_matches_format_and_type(Format::R32G32B32A32_FLOAT, GL_RGBA, GL_FLOAT, true));
}

TEST(UploadPath, MemcpyWhenTheUsersBytesAreTheTexels) {
  ScriptedSupport s;
  EXPECT_EQ(choose_upload_path(s, request(Format::R8G8B8A8_UNORM, GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE)).path,
            TransferPath::MEMCPY);
  EXPECT_EQ(choose_upload_path(s, request(Format::L8_UNORM, GL_LUMINANCE, GL_LUMINANCE, GL_UNSIGNED_BYTE)).path,
            TransferPath::MEMCPY);
  EXPECT_EQ(choose_upload_path(s, request(Format::Z32_FLOAT, GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_FLOAT)).path,
            TransferPath::MEMCPY);
  EXPECT_EQ(choose_upload_path(s, request(Format::R8G8B8A8_UINT, GL_RGBA, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE)).path,
            TransferPath::MEMCPY);
}

TEST(UploadPath, MissingChannelsForbidMemcpy) {
  // A GL_RGB image kept in RGBA storage needs alpha set to one: not a copy.
  ScriptedSupport s;
  EXPECT_EQ(choose_upload_path(s, request(Format::R8G8B8A8_UNORM, GL_RGB, GL_RGBA, GL_UNSIGNED_BYTE)).path,
            TransferPath::CPU_CONVERT);
}

TEST(UploadPath, SnormTexelsAreConvertedNeverCopied) {
  // BYTE -128 is -1.0 (GL 4.6 eq. 2.2), stored as round(-1 * 127) = -127 (eq. 2.4): a copy would keep
  // -128, and so might a blit between equal formats.
  ScriptedSupport s;
  s.allow(Format::R8G8B8A8_SNORM);
  TransferRequest r = request(Format::R8G8B8A8_SNORM, GL_RGBA, GL_RGBA, GL_BYTE);
  EXPECT_EQ(choose_upload_path(s, r).path, TransferPath::CPU_CONVERT);
  r.prefer_blit = true;
  EXPECT_EQ(choose_upload_path(s, r).path, TransferPath::CPU_CONVERT);
  EXPECT_TRUE(stores_canonical_snorm(Format::R16G16_SNORM));
  EXPECT_FALSE(stores_canonical_snorm(Format::R8G8B8A8_UNORM));
  EXPECT_FALSE(stores_canonical_snorm(Format::RGTC1_SNORM));
}

TEST(UploadPath, BlitWhenTheDeviceConvertsTheUsersLayout) {
  ScriptedSupport s;
  s.allow(Format::R8G8B8A8_UNORM);
  s.allow(Format::B8G8R8A8_UNORM);
  s.allow(Format::R32G32B32A32_FLOAT);
  TransferPlan plan = choose_upload_path(s, request(Format::R8G8B8A8_UNORM, GL_RGBA, GL_BGRA, GL_UNSIGNED_BYTE));
  EXPECT_EQ(plan.path, TransferPath::BLIT);
  EXPECT_EQ(plan.staging_format, Format::B8G8R8A8_UNORM);
  plan = choose_upload_path(s, request(Format::R8G8B8A8_UNORM, GL_RGBA, GL_RGBA, GL_FLOAT));
  EXPECT_EQ(plan.path, TransferPath::BLIT);
  EXPECT_EQ(plan.staging_format, Format::R32G32B32A32_FLOAT);
}

TEST(UploadPath, DevicesThatDoNotPreferBlitsConvertOnTheCpu) {
  ScriptedSupport s;
  s.allow(Format::R8G8B8A8_UNORM);
  s.allow(Format::B8G8R8A8_UNORM);
  TransferRequest r = request(Format::R8G8B8A8_UNORM, GL_RGBA, GL_BGRA, GL_UNSIGNED_BYTE);
  r.prefer_blit = false;
  EXPECT_EQ(choose_upload_path(s, r).path, TransferPath::CPU_CONVERT);
  // The copy paths do not depend on it.
  r = request(Format::R8G8B8A8_UNORM, GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE);
  r.prefer_blit = false;
  EXPECT_EQ(choose_upload_path(s, r).path, TransferPath::MEMCPY);
}

TEST(UploadPath, NoBlitSupportMeansCpu) {
  ScriptedSupport s;
  s.allow(Format::R8G8B8A8_UNORM, BIND_SAMPLER_VIEW | BIND_RENDER_TARGET);  // no blit destination
  s.allow(Format::B8G8R8A8_UNORM);
  EXPECT_EQ(choose_upload_path(s, request(Format::R8G8B8A8_UNORM, GL_RGBA, GL_BGRA, GL_UNSIGNED_BYTE)).path,
            TransferPath::CPU_CONVERT);
}

TEST(UploadPath, SrgbTexturesBlitFromSrgbStaging) {
  ScriptedSupport s;
  s.allow(Format::R8G8B8A8_SRGB);
  s.allow(Format::B8G8R8A8_UNORM);
  s.allow(Format::B8G8R8A8_SRGB);
  const TransferPlan plan =
      choose_upload_path(s, request(Format::R8G8B8A8_SRGB, GL_RGBA, GL_BGRA, GL_UNSIGNED_BYTE));
  EXPECT_EQ(plan.path, TransferPath::BLIT);
  EXPECT_EQ(plan.staging_format, Format::B8G8R8A8_SRGB);
}

TEST(UploadPath, DepthAndStencilNeverBlit) {
  ScriptedSupport s;
  s.allow(Format::Z24_UNORM_S8_UINT);
  s.allow(Format::S8_UINT_Z24_UNORM);
  s.allow(Format::Z32_FLOAT);
  EXPECT_EQ(choose_upload_path(s, request(Format::Z24_UNORM_S8_UINT, GL_DEPTH_STENCIL, GL_DEPTH_STENCIL,
                                          GL_UNSIGNED_INT_24_8))
                .path,
            TransferPath::CPU_CONVERT);
  EXPECT_EQ(choose_upload_path(s, request(Format::Z32_FLOAT, GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT))
                .path,
            TransferPath::CPU_CONVERT);
}

TEST(UploadPath, IntegersBlitOnlyToTheSameSignedness) {
  ScriptedSupport s;
  s.allow(Format::R8G8B8A8_UINT);
  s.allow(Format::R8G8B8A8_SINT);
  s.allow(Format::R16G16B16A16_UINT);
  EXPECT_EQ(choose_upload_path(s, request(Format::R16G16B16A16_UINT, GL_RGBA, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE))
                .path,
            TransferPath::BLIT);
  EXPECT_EQ(choose_upload_path(s, request(Format::R16G16B16A16_UINT, GL_RGBA, GL_RGBA_INTEGER, GL_BYTE)).path,
            TransferPath::CPU_CONVERT);
}

TEST(UploadPath, PixelTransferOpsAndSwappedBytesGoThroughTheCpu) {
  ScriptedSupport s;
  s.allow(Format::R8G8B8A8_UNORM);
  s.allow(Format::R32G32B32A32_FLOAT);
  TransferRequest r = request(Format::R8G8B8A8_UNORM, GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE);
  r.pixel_transfer_ops = true;
  EXPECT_EQ(choose_upload_path(s, r).path, TransferPath::CPU_CONVERT);
  r = request(Format::R8G8B8A8_UNORM, GL_RGBA, GL_RGBA, GL_FLOAT);
  r.pixel_store.swap_bytes = true;
  EXPECT_EQ(choose_upload_path(s, r).path, TransferPath::CPU_CONVERT);
}

TEST(UploadPath, PboIsCopiedOnTheGpuOnlyWhenVulkanCanAddressIt) {
  ScriptedSupport s;
  TransferRequest r = request(Format::R8G8B8_UNORM, GL_RGB, GL_RGB, GL_UNSIGNED_BYTE);
  r.with_pbo = true;
  r.width = 5;
  r.pixel_store.alignment = 1;  // rows of 15 bytes: five texels
  EXPECT_EQ(choose_upload_path(s, r).path, TransferPath::PBO_GPU_COPY);
  r.pixel_store.alignment = 4;  // rows of 16 bytes: not a whole number of 3-byte texels
  EXPECT_EQ(choose_upload_path(s, r).path, TransferPath::CPU_CONVERT);
  r.pixel_store.alignment = 1;
  r.pbo_offset = 1;  // the first texel is not texel-aligned
  EXPECT_EQ(choose_upload_path(s, r).path, TransferPath::CPU_CONVERT);
  r.pbo_offset = 3;
  r.pixel_store.skip_pixels = 2;
  EXPECT_EQ(choose_upload_path(s, r).path, TransferPath::PBO_GPU_COPY);
}

}  // namespace
}  // namespace glvk::st
