#include "bindings.h"

#include <cstring>

namespace glvk::shadow_check {
namespace {

template <class T>
uint64_t handle_of(T handle) {
  return reinterpret_cast<uint64_t>(handle);
}

// The objects one descriptor of `type` names (`image` or `texel` is read, by type).
void descriptor_bindings(VkDescriptorType type, const VkDescriptorImageInfo* image, const VkBufferView* texel,
                         std::vector<Bound>& out) {
  const auto bound = [&](amd::RecordKind kind, uint64_t handle) {
    if (handle) out.push_back({kind, handle});
  };
  switch (type) {
    case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER:
      bound(amd::RecordKind::Sampler, handle_of(image->sampler));
      [[fallthrough]];
    case VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE:
    case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
    case VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT: bound(amd::RecordKind::SampledImage, handle_of(image->imageView)); break;
    case VK_DESCRIPTOR_TYPE_SAMPLER: bound(amd::RecordKind::Sampler, handle_of(image->sampler)); break;
    case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
    case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER: bound(amd::RecordKind::BufferView, handle_of(*texel)); break;
    default: break;  // buffers, inline uniform blocks, acceleration structures: nothing the shadow encodes
  }
}

bool is_texel_buffer(VkDescriptorType type) {
  return type == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER || type == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
}

bool is_image(VkDescriptorType type) {
  return type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER || type == VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE ||
         type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE || type == VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT ||
         type == VK_DESCRIPTOR_TYPE_SAMPLER;
}

void mark(AttachmentRoles& roles, uint32_t attachment, amd::RecordKind role) {
  if (attachment != VK_ATTACHMENT_UNUSED && attachment < roles.size()) roles[attachment] = role;
}

// The colour and depth/stencil references of every subpass (VkSubpassDescription and ...2 alike).
template <class Subpass>
void mark_subpasses(AttachmentRoles& roles, uint32_t count, const Subpass* subpasses) {
  for (uint32_t s = 0; s < count; ++s) {
    for (uint32_t i = 0; i < subpasses[s].colorAttachmentCount; ++i)
      mark(roles, subpasses[s].pColorAttachments[i].attachment, amd::RecordKind::ColorTarget);
    if (subpasses[s].pDepthStencilAttachment)
      mark(roles, subpasses[s].pDepthStencilAttachment->attachment, amd::RecordKind::DepthTarget);
  }
}

}  // namespace

std::vector<Bound> write_bindings(uint32_t count, const VkWriteDescriptorSet* writes) {
  std::vector<Bound> out;
  for (uint32_t w = 0; w < count; ++w) {
    const VkWriteDescriptorSet& write = writes[w];
    if (!is_image(write.descriptorType) && !is_texel_buffer(write.descriptorType)) continue;
    for (uint32_t i = 0; i < write.descriptorCount; ++i)
      descriptor_bindings(write.descriptorType, is_image(write.descriptorType) ? &write.pImageInfo[i] : nullptr,
                          is_texel_buffer(write.descriptorType) ? &write.pTexelBufferView[i] : nullptr, out);
  }
  return out;
}

std::vector<TemplateEntry> template_entries(const VkDescriptorUpdateTemplateCreateInfo& info) {
  std::vector<TemplateEntry> out;
  for (uint32_t i = 0; i < info.descriptorUpdateEntryCount; ++i) {
    const VkDescriptorUpdateTemplateEntry& e = info.pDescriptorUpdateEntries[i];
    out.push_back({e.descriptorType, e.descriptorCount, e.offset, e.stride});
  }
  return out;
}

std::vector<Bound> template_bindings(const std::vector<TemplateEntry>& entries, const void* data) {
  std::vector<Bound> out;
  if (!data) return out;
  const auto* bytes = static_cast<const unsigned char*>(data);
  for (const TemplateEntry& e : entries) {
    if (!is_image(e.type) && !is_texel_buffer(e.type)) continue;
    for (uint32_t i = 0; i < e.count; ++i) {
      // The application's offsets and strides need not keep the structures aligned: copied out.
      const unsigned char* at = bytes + e.offset + size_t(i) * e.stride;
      VkDescriptorImageInfo image{};
      VkBufferView texel = VK_NULL_HANDLE;
      if (is_image(e.type)) std::memcpy(&image, at, sizeof image);
      else std::memcpy(&texel, at, sizeof texel);
      descriptor_bindings(e.type, &image, &texel, out);
    }
  }
  return out;
}

AttachmentRoles attachment_roles(const VkRenderPassCreateInfo& info) {
  AttachmentRoles roles(info.attachmentCount);
  mark_subpasses(roles, info.subpassCount, info.pSubpasses);
  return roles;
}

AttachmentRoles attachment_roles(const VkRenderPassCreateInfo2& info) {
  AttachmentRoles roles(info.attachmentCount);
  mark_subpasses(roles, info.subpassCount, info.pSubpasses);
  return roles;
}

}  // namespace glvk::shadow_check
