// is_format_supported answered by a Vulkan physical device (the role radeonsi's
// si_is_format_supported plays for Mesa's state tracker).
#pragma once

#include <mutex>
#include <unordered_map>

#include <volk.h>

#include "glvk/st/format_choice.h"

namespace glvk::st {

class VulkanFormatSupport final : public FormatSupport {
 public:
  explicit VulkanFormatSupport(VkPhysicalDevice physical_device) : physical_device_(physical_device) {}

  // A format is supported when its VkFormat (emulation swizzle included) has, with optimal tiling,
  // the features every binding needs plus transfer source/destination, and the image type, cube
  // compatibility and sample count are accepted by vkGetPhysicalDeviceImageFormatProperties.
  // Formats emulated through a swizzle that moves a real channel (L8 as R8 with RRR1, A8R8G8B8 as
  // R8G8B8A8 rotated) are never render targets or depth buffers: writes would land in the wrong
  // channel. Padding remapped to 1 (R8G8B8X8 as R8G8B8A8) renders fine.
  bool is_format_supported(formats::Format format, TextureTarget target, unsigned sample_count,
                           unsigned bindings) const override;

 private:
  bool query(formats::Format format, TextureTarget target, unsigned sample_count, unsigned bindings) const;

  VkPhysicalDevice physical_device_;
  mutable std::mutex mutex_;
  mutable std::unordered_map<std::uint64_t, bool> cache_;
};

}  // namespace glvk::st
