// Layout transitions as data: which pipeline stages and accesses each image layout is used with,
// so a barrier waits for exactly the previous use and blocks exactly the next one.
#pragma once

#include <volk.h>

namespace glvk::vk_backend {

struct LayoutUse {
  VkPipelineStageFlags2 stages;
  VkAccessFlags2 access;
};

// Every write glvk records: transfers, attachment writes of render-target operations and shader
// stores (storage buffers and images written by draws and dispatches). Barriers that order
// "whatever came before" wait for these.
inline constexpr LayoutUse kRecordedWrites{
    VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT | VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT |
        VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT |
        VK_PIPELINE_STAGE_2_PRE_RASTERIZATION_SHADERS_BIT | VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT |
        VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
    VK_ACCESS_2_TRANSFER_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT |
        VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT};

// The stages and accesses that read or write an image in `layout`. UNDEFINED has none (nothing to
// wait for); GENERAL is conservatively everything.
LayoutUse layout_use(VkImageLayout layout);

// Records a global memory barrier: every `before` access waits for, every `after` access is blocked by it.
void memory_barrier(VkCommandBuffer commands, LayoutUse before, LayoutUse after);

// A synchronization2 barrier taking `range` of `image` from `from` to `to`, on one queue family.
VkImageMemoryBarrier2 layout_transition(VkImage image, const VkImageSubresourceRange& range, VkImageLayout from,
                                        VkImageLayout to);

}  // namespace glvk::vk_backend
