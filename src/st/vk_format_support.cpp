#include "glvk/st/vk_format_support.h"

namespace glvk::st {
namespace {

// Rendering through an emulated format is right only when every channel the format really has
// lands where the shader writes it; a channel the format lacks (X padding, 0, 1) may be remapped
// freely, since what is written there is never read back.
bool renders_in_place(const formats::FormatDesc& desc) {
  for (int i = 0; i < 4; ++i) {
    const bool real_channel = desc.swizzle[i] <= formats::Swizzle::W;
    if (real_channel && desc.vk_swizzle[i] != static_cast<formats::Swizzle>(i)) return false;
  }
  return true;
}

VkImageType image_type(TextureTarget target) {
  switch (target) {
    case TextureTarget::TEXTURE_1D:
    case TextureTarget::TEXTURE_1D_ARRAY:
      return VK_IMAGE_TYPE_1D;
    case TextureTarget::TEXTURE_3D:
      return VK_IMAGE_TYPE_3D;
    default:
      return VK_IMAGE_TYPE_2D;
  }
}

}  // namespace

bool VulkanFormatSupport::is_format_supported(formats::Format format, TextureTarget target, unsigned sample_count,
                                              unsigned bindings) const {
  const std::uint64_t key = std::uint64_t(format) | std::uint64_t(target) << 16 | std::uint64_t(sample_count) << 24 |
                            std::uint64_t(bindings) << 40;
  std::lock_guard lock(mutex_);
  if (const auto it = cache_.find(key); it != cache_.end()) return it->second;
  return cache_[key] = query(format, target, sample_count, bindings);
}

bool VulkanFormatSupport::query(formats::Format format, TextureTarget target, unsigned sample_count,
                                unsigned bindings) const {
  const formats::FormatDesc& desc = formats::describe(format);
  const auto vk_format = static_cast<VkFormat>(desc.vk_format);
  if (vk_format == VK_FORMAT_UNDEFINED) return false;
  // Blits and rendering write channels where the VkFormat has them, so an emulation that moves
  // real channels would scramble them.
  if ((bindings & (BIND_RENDER_TARGET | BIND_DEPTH_STENCIL | BIND_BLIT_SOURCE | BIND_BLIT_DESTINATION)) &&
      !renders_in_place(desc))
    return false;

  VkFormatProperties properties;
  vkGetPhysicalDeviceFormatProperties(physical_device_, vk_format, &properties);

  if (target == TextureTarget::BUFFER) {
    // Buffer textures are only ever sampled.
    return bindings == BIND_SAMPLER_VIEW &&
           (properties.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT);
  }

  VkFormatFeatureFlags needed = VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
  VkImageUsageFlags usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  if (bindings & BIND_SAMPLER_VIEW) {
    needed |= VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
    usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
  }
  if (bindings & BIND_RENDER_TARGET) {
    needed |= VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT;
    usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
  }
  if (bindings & BIND_DEPTH_STENCIL) {
    needed |= VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT;
    usage |= VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
  }
  if (bindings & BIND_BLIT_SOURCE) needed |= VK_FORMAT_FEATURE_BLIT_SRC_BIT;
  if (bindings & BIND_BLIT_DESTINATION) needed |= VK_FORMAT_FEATURE_BLIT_DST_BIT;
  if ((properties.optimalTilingFeatures & needed) != needed) return false;

  const bool cube = target == TextureTarget::TEXTURE_CUBE || target == TextureTarget::TEXTURE_CUBE_ARRAY;
  VkImageFormatProperties image_properties;
  if (vkGetPhysicalDeviceImageFormatProperties(physical_device_, vk_format, image_type(target),
                                               VK_IMAGE_TILING_OPTIMAL, usage,
                                               cube ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0,
                                               &image_properties) != VK_SUCCESS)
    return false;
  if (sample_count > 1) {
    if (sample_count & (sample_count - 1)) return false;  // Vulkan counts are powers of two
    if (!(image_properties.sampleCounts & sample_count)) return false;
  }
  return true;
}

}  // namespace glvk::st
