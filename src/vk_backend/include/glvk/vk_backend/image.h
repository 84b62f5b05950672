// Images and their memory: one VkImage with its own allocation, with the layout of every
// subresource tracked so transitions are recorded from the layout it really has.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include <volk.h>

namespace glvk::vk_backend {

class Device;

struct ImageDescription {
  VkImageType type = VK_IMAGE_TYPE_2D;
  VkFormat format = VK_FORMAT_UNDEFINED;
  VkExtent3D extent{1, 1, 1};
  std::uint32_t levels = 1;
  std::uint32_t layers = 1;
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
  VkImageUsageFlags usage = 0;  // transfer source and destination are always added
  // OPTIMAL images live in device-local memory; LINEAR ones in host-visible coherent memory,
  // mapped for their whole life (the "map the texture directly" case of seed 003). The host may
  // touch a LINEAR image's memory whenever the GPU is not using it, so its subresources go from
  // PREINITIALIZED to GENERAL at the first GPU use and stay there (layout_for).
  VkImageTiling tiling = VK_IMAGE_TILING_OPTIMAL;
  VkImageCreateFlags flags = 0;  // e.g. CUBE_COMPATIBLE, MUTABLE_FORMAT
};

// Which aspects a format has (colour, depth, stencil).
VkImageAspectFlags format_aspects(VkFormat format);

// Whether `description` can be created with LINEAR tiling on `device` and serve every use an
// OPTIMAL image of it would: a single-sample colour format whose linear features include its
// optimal ones (so blits, sampling and attachments keep working), and levels, layers and extent
// within what vkGetPhysicalDeviceImageFormatProperties allows for LINEAR. Depth/stencil images
// are never linear here: Vulkan leaves the memory layout of their aspects undefined.
bool linear_tiling_supported(const Device& device, const ImageDescription& description);

// A view CommandStream creates of an image: the format it is seen in, one level, a layer range,
// and whether a shader samples it (the shader blit's source) rather than rendering into it.
struct ShadowViewDesc {
  VkFormat format = VK_FORMAT_UNDEFINED;
  std::uint32_t level = 0, first_layer = 0, layer_count = 1;
  bool sampled = false;
};
// The shadow-check record of such a view (DESIGN.md "Shadow check protocol"): bytes to tag the
// view with under the returned tag name, or no bytes for no tag.
struct ShadowViewRecord {
  std::uint64_t tag_name = 0;
  std::vector<std::uint8_t> bytes;
};
using ShadowViewRecordFn = std::function<ShadowViewRecord(const ShadowViewDesc&)>;

class Image {
 public:
  Image(const Device& device, const ImageDescription& description);
  ~Image();
  Image(const Image&) = delete;
  Image& operator=(const Image&) = delete;

  VkImage handle() const { return image_; }
  const Device& device() const { return device_; }
  const ImageDescription& description() const { return description_; }
  VkImageAspectFlags aspects() const { return aspects_; }
  VkImageSubresourceRange whole_range() const;

  // LINEAR images: the mapped memory and where a subresource lies in it.
  std::byte* mapped() const { return mapped_; }
  bool host_accessible() const { return mapped_ != nullptr; }
  VkDeviceSize memory_size() const { return memory_size_; }
  VkSubresourceLayout subresource_layout(VkImageAspectFlagBits aspect, std::uint32_t level,
                                         std::uint32_t layer) const;

  // The tracked layout of one subresource (all aspects of a subresource move together).
  VkImageLayout layout(std::uint32_t level, std::uint32_t layer) const;

  // The layout a use that wants `wanted` gets: `wanted` itself, except GENERAL for host-accessible
  // images, whose memory the host may read or write between any two GPU uses.
  VkImageLayout layout_for(VkImageLayout wanted) const {
    return host_accessible() ? VK_IMAGE_LAYOUT_GENERAL : wanted;
  }

  // Records into `commands` the barriers that bring every subresource of `range` into
  // layout_for(`layout`),
  // one barrier per run of subresources that share their current layout, and updates tracking.
  // discard_contents: the old contents are not needed (transition from UNDEFINED).
  void record_transition(VkCommandBuffer commands, const VkImageSubresourceRange& range, VkImageLayout layout,
                         bool discard_contents = false);

  // The serial of the last command batch that uses this image (0: never used by the GPU).
  std::uint64_t last_use = 0;

  // Set by the image's owner when the shadow-check layer is on: every view CommandStream creates to
  // render into (draws, clears, blits, resolves) or to sample as a blit source is tagged with what
  // it returns (tag_shadow_view).
  ShadowViewRecordFn shadow_view_record;

 private:
  std::size_t index(std::uint32_t level, std::uint32_t layer) const { return layer * description_.levels + level; }

  const Device& device_;
  ImageDescription description_;
  VkImageAspectFlags aspects_;
  VkImage image_ = VK_NULL_HANDLE;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  std::uint32_t memory_type_ = 0;
  VkDeviceSize memory_size_ = 0;
  std::byte* mapped_ = nullptr;
  std::vector<VkImageLayout> layouts_;  // per (level, layer)
};

// The view type of an attachment of `layers` layers of `image`: 1D (array) for a 1D image, else
// 2D (array); a 3D image's depth slices are seen as 2D layers (2D_ARRAY_COMPATIBLE).
VkImageViewType attachment_view_type(const Image& image, std::uint32_t layers);

// A view of an image (sampler view or render target surface).
class ImageView;
// Tags `view`, a view of `image` described by `desc`, with image.shadow_view_record's answer;
// nothing when the image has none.
void tag_shadow_view(const Image& image, const ImageView& view, const ShadowViewDesc& desc);

class ImageView {
 public:
  ImageView(const Device& device, const Image& image, VkImageViewType type, VkFormat format,
            const VkComponentMapping& components, const VkImageSubresourceRange& range);
  ~ImageView();
  ImageView(const ImageView&) = delete;
  ImageView& operator=(const ImageView&) = delete;
  VkImageView handle() const { return view_; }

 private:
  const Device& device_;
  VkImageView view_ = VK_NULL_HANDLE;
};

}  // namespace glvk::vk_backend
