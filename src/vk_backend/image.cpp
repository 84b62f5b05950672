#include "glvk/vk_backend/image.h"

#include <algorithm>
#include <string>

#include "glvk/formats/format.h"

#include "glvk/vk_backend/barrier.h"
#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/error.h"
#include "glvk/vk_backend/fault_injection.h"
#include "glvk/vk_backend/object_tag.h"

namespace glvk::vk_backend {

VkImageAspectFlags format_aspects(VkFormat format) {
  switch (format) {
    case VK_FORMAT_D16_UNORM:
    case VK_FORMAT_X8_D24_UNORM_PACK32:
    case VK_FORMAT_D32_SFLOAT:
      return VK_IMAGE_ASPECT_DEPTH_BIT;
    case VK_FORMAT_S8_UINT:
      return VK_IMAGE_ASPECT_STENCIL_BIT;
    case VK_FORMAT_D16_UNORM_S8_UINT:
    case VK_FORMAT_D24_UNORM_S8_UINT:
    case VK_FORMAT_D32_SFLOAT_S8_UINT:
      return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
    default:
      return VK_IMAGE_ASPECT_COLOR_BIT;
  }
}

namespace {

// The bytes an image's texels take, every level, layer and sample (0 when the format table does
// not describe the format): the estimate of its resource size that maxResourceSize bounds.
std::uint64_t texel_bytes(const ImageDescription& d) {
  // The formats stored in this VkFormat: its own entry has the most bits per texel (the formats
  // it emulates, RGB8 in RGBA8 for example, have fewer).
  const formats::FormatDesc* native = nullptr;
  auto bits_per_texel = [](const formats::FormatDesc& f) {
    return double(f.block_bits) / (double(f.block_width) * f.block_height * std::max<std::uint32_t>(f.block_depth, 1));
  };
  for (const formats::FormatDesc& f : formats::all_formats())
    if (f.vk_format == std::uint32_t(d.format) && f.block_width && (!native || bits_per_texel(f) > bits_per_texel(*native)))
      native = &f;
  if (!native || !native->block_width) return 0;
  std::uint64_t total = 0;
  for (std::uint32_t level = 0; level < d.levels; ++level) {
    auto blocks = [level](std::uint32_t extent, std::uint32_t block) {
      return (std::uint64_t(std::max(extent >> level, 1u)) + block - 1) / block;
    };
    total += blocks(d.extent.width, native->block_width) * blocks(d.extent.height, native->block_height) *
             blocks(d.extent.depth, std::max<std::uint32_t>(native->block_depth, 1)) * native->block_bits / 8;
  }
  return total * d.layers * std::uint64_t(d.samples);
}

}  // namespace

bool linear_tiling_supported(const Device& device, const ImageDescription& description) {
  if (format_aspects(description.format) != VK_IMAGE_ASPECT_COLOR_BIT) return false;
  if (description.samples != VK_SAMPLE_COUNT_1_BIT) return false;
  const VkFormatProperties features = device.format_properties(description.format);
  if ((features.linearTilingFeatures & features.optimalTilingFeatures) != features.optimalTilingFeatures) return false;
  VkImageFormatProperties limits;
  const VkImageUsageFlags usage =
      description.usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  if (vkGetPhysicalDeviceImageFormatProperties(device.physical_device(), description.format, description.type,
                                               VK_IMAGE_TILING_LINEAR, usage, description.flags,
                                               &limits) != VK_SUCCESS)
    return false;
  return description.levels <= limits.maxMipLevels && description.layers <= limits.maxArrayLayers &&
         description.extent.width <= limits.maxExtent.width && description.extent.height <= limits.maxExtent.height &&
         description.extent.depth <= limits.maxExtent.depth;
}

Image::Image(const Device& device, const ImageDescription& description)
    : device_(device),
      description_(description),
      aspects_(format_aspects(description.format)),
      layouts_(std::size_t(description.levels) * description.layers,
               description.tiling == VK_IMAGE_TILING_LINEAR ? VK_IMAGE_LAYOUT_PREINITIALIZED
                                                            : VK_IMAGE_LAYOUT_UNDEFINED) {
  description_.usage |= VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  const bool linear = description_.tiling == VK_IMAGE_TILING_LINEAR;

  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.flags = description_.flags;
  info.imageType = description_.type;
  info.format = description_.format;
  info.extent = description_.extent;
  info.mipLevels = description_.levels;
  info.arrayLayers = description_.layers;
  info.samples = description_.samples;
  info.tiling = description_.tiling;
  info.usage = description_.usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  // A linear image keeps what the host wrote before its first use.
  info.initialLayout = linear ? VK_IMAGE_LAYOUT_PREINITIALIZED : VK_IMAGE_LAYOUT_UNDEFINED;
  // Past the device's resource size for the format: a clean out-of-memory (creating it is outside
  // the image format's limits, and its memory would be larger than a heap).
  VkImageFormatProperties limits;
  if (vkGetPhysicalDeviceImageFormatProperties(device_.physical_device(), info.format, info.imageType, info.tiling,
                                               info.usage, info.flags, &limits) == VK_SUCCESS &&
      texel_bytes(description_) > limits.maxResourceSize)
    throw Error("an image of " + std::to_string(texel_bytes(description_)) + " bytes exceeds the resource size of " +
                    device_.name(),
                VK_ERROR_OUT_OF_DEVICE_MEMORY);
  check(vkCreateImage(device_.handle(), &info, nullptr, &image_), "vkCreateImage");

  VkMemoryRequirements requirements;
  vkGetImageMemoryRequirements(device_.handle(), image_, &requirements);
  try {
    const std::uint32_t type =
        // Cached memory when there is some: the host reads linear images back directly.
        linear ? device_.memory_type(requirements.memoryTypeBits,
                                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                                     VK_MEMORY_PROPERTY_HOST_CACHED_BIT)
               : device_.memory_type(requirements.memoryTypeBits, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    // Larger than its heap: a clean out-of-memory, since such an allocation is invalid usage
    // (VUID-vkAllocateMemory-pAllocateInfo-01713), not one the driver may refuse.
    const VkPhysicalDeviceMemoryProperties& memory = device_.memory_properties();
    if (requirements.size > memory.memoryHeaps[memory.memoryTypes[type].heapIndex].size)
      throw Error("an image of " + std::to_string(requirements.size) + " bytes cannot be allocated on " +
                      device_.name(),
                  VK_ERROR_OUT_OF_DEVICE_MEMORY);
    const VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, nullptr, requirements.size, type};
    check(injected_allocation_fault(), "vkAllocateMemory (image)");
    memory_type_ = type;
    memory_size_ = requirements.size;
    if (const auto kept = device_.image_memory().take(type, requirements.size, linear)) {
      memory_ = kept->memory;
      mapped_ = static_cast<std::byte*>(kept->mapped);
    } else {
      VkResult result = vkAllocateMemory(device_.handle(), &alloc, nullptr, &memory_);
      // Idle memory kept for reuse is the first thing to give back when the device runs out.
      if (result == VK_ERROR_OUT_OF_DEVICE_MEMORY || result == VK_ERROR_OUT_OF_HOST_MEMORY)
        if (device_.image_memory().release_all(device_.handle()))
          result = vkAllocateMemory(device_.handle(), &alloc, nullptr, &memory_);
      check(result, "vkAllocateMemory (image)");
    }
    check(vkBindImageMemory(device_.handle(), image_, memory_, 0), "vkBindImageMemory");
    if (linear && !mapped_) {
      void* pointer = nullptr;
      check(vkMapMemory(device_.handle(), memory_, 0, VK_WHOLE_SIZE, 0, &pointer), "vkMapMemory (image)");
      mapped_ = static_cast<std::byte*>(pointer);
    }
  } catch (...) {
    if (memory_) vkFreeMemory(device_.handle(), memory_, nullptr);
    vkDestroyImage(device_.handle(), image_, nullptr);
    throw;
  }
}

Image::~Image() {
  vkDestroyImage(device_.handle(), image_, nullptr);
  // The memory (mapped or not) waits for the next image of its size.
  if (memory_) device_.image_memory().keep(device_.handle(), {memory_, memory_type_, memory_size_, mapped_});
}

VkImageSubresourceRange Image::whole_range() const {
  return {aspects_, 0, description_.levels, 0, description_.layers};
}

VkSubresourceLayout Image::subresource_layout(VkImageAspectFlagBits aspect, std::uint32_t level,
                                              std::uint32_t layer) const {
  const VkImageSubresource subresource{VkImageAspectFlags(aspect), level, layer};
  VkSubresourceLayout layout;
  vkGetImageSubresourceLayout(device_.handle(), image_, &subresource, &layout);
  return layout;
}

VkImageLayout Image::layout(std::uint32_t level, std::uint32_t layer) const { return layouts_[index(level, layer)]; }

void Image::record_transition(VkCommandBuffer commands, const VkImageSubresourceRange& range, VkImageLayout wanted,
                              bool discard_contents) {
  const VkImageLayout layout = layout_for(wanted);
  const std::uint32_t level_count =
      range.levelCount == VK_REMAINING_MIP_LEVELS ? description_.levels - range.baseMipLevel : range.levelCount;
  const std::uint32_t layer_count =
      range.layerCount == VK_REMAINING_ARRAY_LAYERS ? description_.layers - range.baseArrayLayer : range.layerCount;
  // A range past the image (a 3D slice taken for a layer) would write outside the tracking.
  if (range.baseMipLevel + level_count > description_.levels || range.baseArrayLayer + layer_count > description_.layers)
    throw Error("Image::record_transition: subresource range outside the image");
  std::vector<VkImageMemoryBarrier2> barriers;
  // One barrier per level and run of consecutive layers sharing their current layout.
  for (std::uint32_t level = range.baseMipLevel; level < range.baseMipLevel + level_count; ++level) {
    std::uint32_t layer = range.baseArrayLayer;
    const std::uint32_t end = range.baseArrayLayer + layer_count;
    while (layer < end) {
      const VkImageLayout current = layouts_[index(level, layer)];
      std::uint32_t run_end = layer + 1;
      while (run_end < end && layouts_[index(level, run_end)] == current) ++run_end;
      if (current != layout) {
        const VkImageSubresourceRange run{aspects_, level, 1, layer, run_end - layer};
        barriers.push_back(
            layout_transition(image_, run, discard_contents ? VK_IMAGE_LAYOUT_UNDEFINED : current, layout));
        for (std::uint32_t l = layer; l < run_end; ++l) layouts_[index(level, l)] = layout;
      }
      layer = run_end;
    }
  }
  if (barriers.empty()) return;
  VkDependencyInfo dependency{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dependency.imageMemoryBarrierCount = std::uint32_t(barriers.size());
  dependency.pImageMemoryBarriers = barriers.data();
  vkCmdPipelineBarrier2(commands, &dependency);
}

VkImageViewType attachment_view_type(const Image& image, std::uint32_t layers) {
  if (image.description().type == VK_IMAGE_TYPE_1D)
    return layers > 1 ? VK_IMAGE_VIEW_TYPE_1D_ARRAY : VK_IMAGE_VIEW_TYPE_1D;
  return layers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D;
}

ImageView::ImageView(const Device& device, const Image& image, VkImageViewType type, VkFormat format,
                     const VkComponentMapping& components, const VkImageSubresourceRange& range)
    : device_(device) {
  VkImageViewCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  info.image = image.handle();
  info.viewType = type;
  info.format = format;
  info.components = components;
  info.subresourceRange = range;
  check(vkCreateImageView(device_.handle(), &info, nullptr, &view_), "vkCreateImageView");
}

void tag_shadow_view(const Image& image, const ImageView& view, const ShadowViewDesc& desc) {
  if (!image.shadow_view_record) return;
  const ShadowViewRecord record = image.shadow_view_record(desc);
  tag_object(image.device(), VK_OBJECT_TYPE_IMAGE_VIEW, view.handle(), record.tag_name, record.bytes);
}

ImageView::~ImageView() { vkDestroyImageView(device_.handle(), view_, nullptr); }

}  // namespace glvk::vk_backend
