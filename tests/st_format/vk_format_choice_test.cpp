// Format choice against the real device (lavapipe), validation enabled.
#include <gtest/gtest.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include "glvk/st/format_choice.h"
#include "glvk/st/vk_format_support.h"
#include "vulkan_fixture.h"

namespace glvk::test {
namespace {

using formats::Format;
using st::BIND_DEPTH_STENCIL;
using st::BIND_RENDER_TARGET;
using st::BIND_SAMPLER_VIEW;
using st::TextureTarget;

class VulkanFormatChoice : public VulkanTest {
 protected:
  void SetUp() override {
    VulkanTest::SetUp();
    support_ = std::make_unique<st::VulkanFormatSupport>(device().physical_device());
  }
  st::ChosenFormat choose(GLenum internal_format, GLenum format = GL_RGBA, GLenum type = GL_UNSIGNED_BYTE,
                          GLenum target = GL_TEXTURE_2D) {
    return st::choose_texture_format(*support_, target, internal_format, format, type);
  }
  std::unique_ptr<st::VulkanFormatSupport> support_;
};

TEST_F(VulkanFormatChoice, Rgba8IsRenderable) {
  const st::ChosenFormat c = choose(GL_RGBA8);
  EXPECT_EQ(c.format, Format::R8G8B8A8_UNORM);
  EXPECT_EQ(c.bindings, unsigned(BIND_SAMPLER_VIEW | BIND_RENDER_TARGET));
}

TEST_F(VulkanFormatChoice, BgraUploadsStoreBgra) {
  EXPECT_EQ(choose(GL_RGBA, GL_BGRA, GL_UNSIGNED_BYTE).format, Format::B8G8R8A8_UNORM);
}

TEST_F(VulkanFormatChoice, DepthStencilFormatsHaveBothAspects) {
  const st::ChosenFormat c = choose(GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8);
  ASSERT_TRUE(c.valid());
  EXPECT_TRUE(formats::describe(c.format).is_depth);
  EXPECT_TRUE(formats::describe(c.format).is_stencil);
  EXPECT_EQ(c.bindings, unsigned(BIND_SAMPLER_VIEW | BIND_DEPTH_STENCIL));
  EXPECT_EQ(choose(GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT).format, Format::Z32_FLOAT);
}

TEST_F(VulkanFormatChoice, LuminanceIsEmulatedForSamplingOnly) {
  const st::ChosenFormat c = choose(GL_LUMINANCE8, GL_LUMINANCE, GL_UNSIGNED_BYTE);
  ASSERT_TRUE(c.valid());
  EXPECT_EQ(c.format, Format::L8_UNORM);
  EXPECT_FALSE(support_->is_format_supported(Format::L8_UNORM, TextureTarget::TEXTURE_2D, 0, BIND_RENDER_TARGET));
}

TEST_F(VulkanFormatChoice, Bc1IsNativeEtc2IsDecodedOnUpload) {
  // lavapipe reports BC formats and no ETC2 (see `glvk info`).
  const st::ChosenFormat bc1 = choose(GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_RGB);
  EXPECT_EQ(bc1.format, Format::DXT1_RGB);
  EXPECT_FALSE(bc1.decompressed_on_upload());
  const st::ChosenFormat etc2 = choose(GL_COMPRESSED_RGB8_ETC2, GL_RGB);
  EXPECT_EQ(etc2.format, Format::ETC2_RGB8);
  EXPECT_EQ(etc2.storage, Format::R8G8B8A8_UNORM);
}

TEST_F(VulkanFormatChoice, PaddedFormatsRenderSwizzledOnesDoNot) {
  // R8G8B8X8 is R8G8B8A8 with alpha read as 1: writes land in place.
  EXPECT_TRUE(support_->is_format_supported(Format::R8G8B8X8_UNORM, TextureTarget::TEXTURE_2D, 0, BIND_RENDER_TARGET));
  // A8R8G8B8 is R8G8B8A8 read rotated: a shader's red would land in alpha.
  EXPECT_FALSE(support_->is_format_supported(Format::A8R8G8B8_UNORM, TextureTarget::TEXTURE_2D, 0, BIND_RENDER_TARGET));
  EXPECT_TRUE(support_->is_format_supported(Format::A8R8G8B8_UNORM, TextureTarget::TEXTURE_2D, 0, BIND_SAMPLER_VIEW));
}

TEST_F(VulkanFormatChoice, ImageTypeLimitsApply) {
  // The Vulkan spec allows multisampling only for 2D images: sampleCounts is 1 for any other type.
  EXPECT_FALSE(support_->is_format_supported(Format::R8G8B8A8_UNORM, TextureTarget::TEXTURE_3D, 4, BIND_SAMPLER_VIEW));
  EXPECT_TRUE(support_->is_format_supported(Format::R8G8B8A8_UNORM, TextureTarget::TEXTURE_3D, 0, BIND_SAMPLER_VIEW));
  // A buffer texture is sampled, never rendered.
  EXPECT_TRUE(support_->is_format_supported(Format::R8G8B8A8_UNORM, TextureTarget::BUFFER, 0, BIND_SAMPLER_VIEW));
  EXPECT_FALSE(support_->is_format_supported(Format::R8G8B8A8_UNORM, TextureTarget::BUFFER, 0,
                                             BIND_SAMPLER_VIEW | BIND_RENDER_TARGET));
}

TEST_F(VulkanFormatChoice, MultisampleCountsComeFromTheDevice) {
  EXPECT_TRUE(support_->is_format_supported(Format::R8G8B8A8_UNORM, TextureTarget::TEXTURE_2D, 4, BIND_RENDER_TARGET));
  EXPECT_FALSE(support_->is_format_supported(Format::R8G8B8A8_UNORM, TextureTarget::TEXTURE_2D, 3, BIND_RENDER_TARGET));
  EXPECT_FALSE(support_->is_format_supported(Format::R8G8B8A8_UNORM, TextureTarget::TEXTURE_2D, 64, BIND_RENDER_TARGET));
}

TEST_F(VulkanFormatChoice, EverySizedInternalFormatGetsAFormat) {
  for (GLenum f : {GL_R8, GL_RG16, GL_RGB565, GL_RGB10_A2, GL_RGBA16F, GL_RGB32F, GL_R11F_G11F_B10F, GL_RGB9_E5,
                   GL_SRGB8_ALPHA8, GL_RGBA8UI, GL_RGB16I, GL_RGBA16_SNORM, GL_DEPTH_COMPONENT16, GL_STENCIL_INDEX8,
                   GL_ALPHA8, GL_INTENSITY16, GL_LUMINANCE8_ALPHA8, GL_RGBA4, GL_RGB5_A1, GL_R3_G3_B2})
    EXPECT_TRUE(choose(f).valid()) << "no format for 0x" << std::hex << f;
}

}  // namespace
}  // namespace glvk::test
