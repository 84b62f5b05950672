// What descriptor writes, descriptor update templates and render passes bind, read from their
// Vulkan structures apart from the layer's dispatch so the decoding is tested directly. The layer
// counts each bound object per kind and compares attachment records in the role a render pass
// gives them.
#pragma once

#include <glvk/amd_descriptors/shadow_record.h>

#include <vulkan/vulkan_core.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace glvk::shadow_check {

// An object a descriptor names: an image view (SampledImage), a sampler or a buffer view.
struct Bound {
  amd::RecordKind kind;
  uint64_t handle;
};

// The objects vkUpdateDescriptorSets / vkCmdPushDescriptorSetKHR writes name.
std::vector<Bound> write_bindings(uint32_t count, const VkWriteDescriptorSet* writes);

// A descriptor update template entry as the layer keeps it (the create-info's arrays do not outlive
// vkCreateDescriptorUpdateTemplate).
struct TemplateEntry {
  VkDescriptorType type;
  uint32_t count;
  size_t offset, stride;
};
std::vector<TemplateEntry> template_entries(const VkDescriptorUpdateTemplateCreateInfo& info);
// The objects vkUpdateDescriptorSetWithTemplate / vkCmdPushDescriptorSetWithTemplateKHR name in
// `data` laid out by `entries` (VkDescriptorImageInfo or VkBufferView at offset + i * stride).
std::vector<Bound> template_bindings(const std::vector<TemplateEntry>& entries, const void* data);

// The role of each attachment of a render pass: ColorTarget when a subpass renders into it as a
// colour attachment, DepthTarget as its depth/stencil attachment, nothing when it is only read
// (input attachments), resolved into or preserved.
using AttachmentRoles = std::vector<std::optional<amd::RecordKind>>;
AttachmentRoles attachment_roles(const VkRenderPassCreateInfo& info);
AttachmentRoles attachment_roles(const VkRenderPassCreateInfo2& info);

}  // namespace glvk::shadow_check
