// Layout transitions as data: which pipeline stages and accesses each image layout is used with,
// so a barrier waits for exactly the previous use and blocks exactly the next one.
#pragma once

#include <volk.h>

namespace glvk::vk_backend {

struct LayoutUse {
  VkPipelineStageFlags2 stages;
  VkAccessFlags2 access;
};

// The stages and accesses that read or write an image in `layout`. UNDEFINED has none (nothing to
// wait for); GENERAL is conservatively everything.
LayoutUse layout_use(VkImageLayout layout);

// A synchronization2 barrier taking `range` of `image` from `from` to `to`, on one queue family.
VkImageMemoryBarrier2 layout_transition(VkImage image, const VkImageSubresourceRange& range, VkImageLayout from,
                                        VkImageLayout to);

}  // namespace glvk::vk_backend
