// Images on lavapipe with validation: data through every level and layer, linear images mapped
// directly, layout tracking that validation checks at submission.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "glvk/vk_backend/barrier.h"
#include "glvk/vk_backend/image.h"
#include "vulkan_fixture.h"
#include "vulkan_helpers.h"

namespace glvk::test {
namespace {

using vk_backend::Image;
using vk_backend::ImageDescription;

std::uint32_t level_size(std::uint32_t size, std::uint32_t level) { return std::max(1u, size >> level); }

using ImageTest = VulkanTest;

TEST_F(ImageTest, EveryLevelAndLayerRoundTrips) {
  ImageDescription d;
  d.format = VK_FORMAT_R8G8B8A8_UNORM;
  d.extent = {8, 8, 1};
  d.levels = 4;
  d.layers = 3;
  Image image(device(), d);

  // One tightly packed region per (level, layer), filled with bytes that name their position.
  std::vector<VkBufferImageCopy> regions;
  VkDeviceSize offset = 0;
  for (std::uint32_t layer = 0; layer < d.layers; ++layer)
    for (std::uint32_t level = 0; level < d.levels; ++level) {
      const std::uint32_t w = level_size(8, level), h = level_size(8, level);
      regions.push_back({offset, 0, 0, {VK_IMAGE_ASPECT_COLOR_BIT, level, layer, 1}, {0, 0, 0}, {w, h, 1}});
      offset += VkDeviceSize(w) * h * 4;
    }
  HostBuffer upload(device(), offset), readback(device(), offset);
  for (VkDeviceSize i = 0; i < offset; ++i) upload.data()[i] = std::byte((i * 31 + 7) & 0xff);
  std::memset(readback.data(), 0, offset);

  submit_and_wait(device(), [&](VkCommandBuffer cmd) {
    image.record_transition(cmd, image.whole_range(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
    vkCmdCopyBufferToImage(cmd, upload.handle(), image.handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                           std::uint32_t(regions.size()), regions.data());
    image.record_transition(cmd, image.whole_range(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    vkCmdCopyImageToBuffer(cmd, image.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback.handle(),
                           std::uint32_t(regions.size()), regions.data());
  });
  EXPECT_EQ(std::memcmp(upload.data(), readback.data(), offset), 0);
  EXPECT_EQ(image.layout(3, 2), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
}

TEST_F(ImageTest, LinearImageIsMappedAndKeepsWhatTheHostWrote) {
  ImageDescription d;
  d.format = VK_FORMAT_R8G8B8A8_UNORM;
  d.extent = {13, 5, 1};  // odd width: the row pitch is the driver's, not 13 * 4
  d.tiling = VK_IMAGE_TILING_LINEAR;
  Image image(device(), d);
  ASSERT_NE(image.mapped(), nullptr);
  EXPECT_EQ(image.layout(0, 0), VK_IMAGE_LAYOUT_PREINITIALIZED);
  const VkSubresourceLayout layout = image.subresource_layout(VK_IMAGE_ASPECT_COLOR_BIT, 0, 0);
  ASSERT_GE(layout.rowPitch, 13u * 4);
  for (std::uint32_t y = 0; y < 5; ++y)
    for (std::uint32_t x = 0; x < 13 * 4; ++x)
      image.mapped()[layout.offset + y * layout.rowPitch + x] = std::byte(y * 64 + x);

  HostBuffer readback(device(), 13 * 5 * 4);
  submit_and_wait(device(), [&](VkCommandBuffer cmd) {
    image.record_transition(cmd, image.whole_range(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    const VkBufferImageCopy region{0, 0, 0, {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1}, {0, 0, 0}, {13, 5, 1}};
    vkCmdCopyImageToBuffer(cmd, image.handle(), image.layout_for(VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL),
                           readback.handle(), 1, &region);
  });
  for (std::uint32_t y = 0; y < 5; ++y)
    for (std::uint32_t x = 0; x < 13 * 4; ++x)
      ASSERT_EQ(readback.data()[y * 13 * 4 + x], std::byte(y * 64 + x)) << x << "," << y;
  // The host may touch it again at any time: it stays in GENERAL whatever a GPU use asks for.
  EXPECT_EQ(image.layout(0, 0), VK_IMAGE_LAYOUT_GENERAL);
}

TEST_F(ImageTest, LinearTilingIsOfferedForColourButNotForDepthStencil) {
  ImageDescription colour;
  colour.format = VK_FORMAT_R8G8B8A8_UNORM;
  colour.extent = {64, 64, 1};
  colour.levels = 7;
  colour.layers = 6;
  colour.usage = VK_IMAGE_USAGE_SAMPLED_BIT;
  colour.flags = VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
  // lavapipe allows linear images with mipmaps and layers (vkGetPhysicalDeviceImageFormatProperties).
  EXPECT_TRUE(vk_backend::linear_tiling_supported(device(), colour));
  ImageDescription zs = colour;
  zs.format = VK_FORMAT_D24_UNORM_S8_UINT;
  zs.flags = 0;
  zs.layers = 1;
  EXPECT_FALSE(vk_backend::linear_tiling_supported(device(), zs));
  ImageDescription multisampled = colour;
  multisampled.levels = 1;
  multisampled.layers = 1;
  multisampled.flags = 0;
  multisampled.samples = VK_SAMPLE_COUNT_4_BIT;
  EXPECT_FALSE(vk_backend::linear_tiling_supported(device(), multisampled));
}

TEST_F(ImageTest, PartialTransitionsAreTrackedPerSubresource) {
  ImageDescription d;
  d.format = VK_FORMAT_R8G8B8A8_UNORM;
  d.extent = {4, 4, 1};
  d.levels = 3;
  d.layers = 4;
  Image image(device(), d);
  submit_and_wait(device(), [&](VkCommandBuffer cmd) {
    image.record_transition(cmd, {VK_IMAGE_ASPECT_COLOR_BIT, 1, 1, 1, 2}, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
    // Whole image next: the layers of level 1 come from TRANSFER_DST, the rest from UNDEFINED. A
    // wrong old layout here is a validation error at submission, which the fixture turns into a
    // failure.
    image.record_transition(cmd, image.whole_range(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  });
  for (std::uint32_t level = 0; level < 3; ++level)
    for (std::uint32_t layer = 0; layer < 4; ++layer)
      EXPECT_EQ(image.layout(level, layer), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
}

TEST_F(ImageTest, DepthStencilImagesCarryBothAspects) {
  ImageDescription d;
  d.format = VK_FORMAT_D32_SFLOAT_S8_UINT;
  d.extent = {16, 16, 1};
  d.usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
  Image image(device(), d);
  EXPECT_EQ(image.whole_range().aspectMask, VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT));
  submit_and_wait(device(), [&](VkCommandBuffer cmd) {
    image.record_transition(cmd, image.whole_range(), VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, true);
  });
}

TEST_F(ImageTest, ViewsWithSwizzlesAndCubes) {
  ImageDescription d;
  d.format = VK_FORMAT_R8_UNORM;
  d.extent = {8, 8, 1};
  d.layers = 6;
  d.usage = VK_IMAGE_USAGE_SAMPLED_BIT;
  d.flags = VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
  Image image(device(), d);
  // GL_LUMINANCE8 emulated on R8: R, R, R, 1.
  const VkComponentMapping luminance{VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_R,
                                     VK_COMPONENT_SWIZZLE_ONE};
  vk_backend::ImageView cube(device(), image, VK_IMAGE_VIEW_TYPE_CUBE, d.format, luminance, image.whole_range());
  vk_backend::ImageView face(device(), image, VK_IMAGE_VIEW_TYPE_2D, d.format, luminance,
                             {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 3, 1});
  EXPECT_NE(cube.handle(), VK_NULL_HANDLE);
  EXPECT_NE(face.handle(), VK_NULL_HANDLE);
}

TEST(FormatAspects, DepthStencilAndColour) {
  EXPECT_EQ(vk_backend::format_aspects(VK_FORMAT_D16_UNORM), VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT));
  EXPECT_EQ(vk_backend::format_aspects(VK_FORMAT_S8_UINT), VkImageAspectFlags(VK_IMAGE_ASPECT_STENCIL_BIT));
  EXPECT_EQ(vk_backend::format_aspects(VK_FORMAT_D24_UNORM_S8_UINT),
            VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT));
  EXPECT_EQ(vk_backend::format_aspects(VK_FORMAT_BC1_RGB_UNORM_BLOCK), VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT));
}

TEST(LayoutUse, NothingToWaitForFromUndefined) {
  const auto undefined = vk_backend::layout_use(VK_IMAGE_LAYOUT_UNDEFINED);
  EXPECT_EQ(undefined.stages, VK_PIPELINE_STAGE_2_NONE);
  EXPECT_EQ(undefined.access, VK_ACCESS_2_NONE);
  const auto dst = vk_backend::layout_use(VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  EXPECT_EQ(dst.access, VK_ACCESS_2_TRANSFER_WRITE_BIT);
  const VkImageMemoryBarrier2 b = vk_backend::layout_transition(
      VK_NULL_HANDLE, {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
      VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
  EXPECT_EQ(b.srcAccessMask, VK_ACCESS_2_TRANSFER_WRITE_BIT);
  EXPECT_TRUE(b.dstAccessMask & VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
  EXPECT_TRUE(b.dstStageMask & VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT);
}

}  // namespace
}  // namespace glvk::test
