// What the layer reads out of descriptor writes, update templates and render passes (bindings.h).
#include <gtest/gtest.h>

#include <cstddef>

#include "bindings.h"

namespace glvk::shadow_check {
namespace {

template <class T>
T handle(uint64_t value) {
  return reinterpret_cast<T>(value);
}

// Two combined image samplers and a texel buffer view in application data with padding, at the
// offsets and strides a template names; a uniform buffer entry binds nothing the shadow encodes.
TEST(ShadowCheckBindings, TemplateEntriesAreReadAtTheirOffsetsAndStrides) {
  struct Data {
    uint32_t padding;
    struct {
      VkDescriptorImageInfo image;
      uint64_t unused;
    } images[2];
    VkBufferView texel;
  } data{};
  data.images[0].image = {handle<VkSampler>(0x10), handle<VkImageView>(0x20), VK_IMAGE_LAYOUT_GENERAL};
  data.images[1].image = {handle<VkSampler>(0x11), VK_NULL_HANDLE, VK_IMAGE_LAYOUT_GENERAL};
  data.texel = handle<VkBufferView>(0x30);
  const VkDescriptorUpdateTemplateEntry entries[] = {
      {0, 0, 2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, offsetof(Data, images), sizeof(data.images[0])},
      {1, 0, 1, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, offsetof(Data, texel), 0},
      {2, 0, 1, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 0, 0}};
  VkDescriptorUpdateTemplateCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO};
  info.descriptorUpdateEntryCount = 3;
  info.pDescriptorUpdateEntries = entries;
  const std::vector<Bound> bound = template_bindings(template_entries(info), &data);
  ASSERT_EQ(bound.size(), 4u);  // the second image info names no view
  EXPECT_EQ(bound[0].kind, amd::RecordKind::Sampler);
  EXPECT_EQ(bound[0].handle, 0x10u);
  EXPECT_EQ(bound[1].kind, amd::RecordKind::SampledImage);
  EXPECT_EQ(bound[1].handle, 0x20u);
  EXPECT_EQ(bound[2].handle, 0x11u);
  EXPECT_EQ(bound[3].kind, amd::RecordKind::BufferView);
  EXPECT_EQ(bound[3].handle, 0x30u);
}

TEST(ShadowCheckBindings, DescriptorWritesNameTheirObjects) {
  const VkDescriptorImageInfo image{VK_NULL_HANDLE, handle<VkImageView>(0x21), VK_IMAGE_LAYOUT_GENERAL};
  const VkBufferView texel = handle<VkBufferView>(0x31);
  VkWriteDescriptorSet writes[2] = {{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}, {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}};
  writes[0].descriptorCount = 1;
  writes[0].descriptorType = VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
  writes[0].pImageInfo = &image;
  writes[1].descriptorCount = 1;
  writes[1].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
  writes[1].pTexelBufferView = &texel;
  const std::vector<Bound> bound = write_bindings(2, writes);
  ASSERT_EQ(bound.size(), 2u);
  EXPECT_EQ(bound[0].kind, amd::RecordKind::SampledImage);
  EXPECT_EQ(bound[1].kind, amd::RecordKind::BufferView);
  EXPECT_EQ(bound[1].handle, 0x31u);
}

// Attachment 0 is a colour attachment of subpass 1, 1 the depth/stencil attachment of subpass 0, 2
// only an input attachment, 3 only a resolve target: no role.
TEST(ShadowCheckBindings, RenderPassGivesEachAttachmentItsRole) {
  const VkAttachmentReference colour{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
  const VkAttachmentReference depth{1, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL};
  const VkAttachmentReference input{2, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
  const VkAttachmentReference resolve{3, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
  const VkAttachmentReference unused{VK_ATTACHMENT_UNUSED, VK_IMAGE_LAYOUT_UNDEFINED};
  VkSubpassDescription subpasses[2] = {};
  subpasses[0].colorAttachmentCount = 1;
  subpasses[0].pColorAttachments = &unused;
  subpasses[0].pDepthStencilAttachment = &depth;
  subpasses[1].inputAttachmentCount = 1;
  subpasses[1].pInputAttachments = &input;
  subpasses[1].colorAttachmentCount = 1;
  subpasses[1].pColorAttachments = &colour;
  subpasses[1].pResolveAttachments = &resolve;
  VkRenderPassCreateInfo info{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
  info.attachmentCount = 4;
  info.subpassCount = 2;
  info.pSubpasses = subpasses;
  const AttachmentRoles roles = attachment_roles(info);
  ASSERT_EQ(roles.size(), 4u);
  EXPECT_EQ(roles[0], amd::RecordKind::ColorTarget);
  EXPECT_EQ(roles[1], amd::RecordKind::DepthTarget);
  EXPECT_FALSE(roles[2].has_value());
  EXPECT_FALSE(roles[3].has_value());

  VkAttachmentReference2 colour2{VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2};
  colour2.attachment = 1;
  VkSubpassDescription2 subpass2{VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2};
  subpass2.colorAttachmentCount = 1;
  subpass2.pColorAttachments = &colour2;
  VkRenderPassCreateInfo2 info2{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2};
  info2.attachmentCount = 2;
  info2.subpassCount = 1;
  info2.pSubpasses = &subpass2;
  const AttachmentRoles roles2 = attachment_roles(info2);
  EXPECT_FALSE(roles2[0].has_value());
  EXPECT_EQ(roles2[1], amd::RecordKind::ColorTarget);
}

}  // namespace
}  // namespace glvk::shadow_check
