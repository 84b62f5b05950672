#include "glvk/vk_backend/internal_pipelines.h"

#include <cstdint>
#include <span>

#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/error.h"
#include "glvk/vk_backend/image.h"
#include "shaders/blit_float_frag.h"
#include "shaders/blit_sint_frag.h"
#include "shaders/blit_uint_frag.h"
#include "shaders/constant_color_float_frag.h"
#include "shaders/constant_color_sint_frag.h"
#include "shaders/constant_color_uint_frag.h"
#include "shaders/rectangle_vert.h"

namespace glvk::vk_backend {

namespace {

VkShaderModule make_module(const Device& device, std::span<const std::uint32_t> words) {
  VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  info.codeSize = words.size_bytes();
  info.pCode = words.data();
  VkShaderModule module = VK_NULL_HANDLE;
  check(vkCreateShaderModule(device.handle(), &info, nullptr, &module), "vkCreateShaderModule");
  return module;
}

VkPipelineLayout make_layout(const Device& device, const VkDescriptorSetLayout* set_layout) {
  const VkPushConstantRange constants{VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                                      sizeof(ClearConstants)};
  VkPipelineLayoutCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  info.setLayoutCount = set_layout ? 1 : 0;
  info.pSetLayouts = set_layout;
  info.pushConstantRangeCount = 1;
  info.pPushConstantRanges = &constants;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  check(vkCreatePipelineLayout(device.handle(), &info, nullptr, &layout), "vkCreatePipelineLayout");
  return layout;
}

VkSampler make_sampler(const Device& device, VkFilter filter) {
  VkSamplerCreateInfo info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  info.magFilter = info.minFilter = filter;
  info.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
  info.addressModeU = info.addressModeV = info.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  info.unnormalizedCoordinates = VK_TRUE;  // positions in texels, as the blit rectangles are
  VkSampler sampler = VK_NULL_HANDLE;
  check(vkCreateSampler(device.handle(), &info, nullptr, &sampler), "vkCreateSampler");
  return sampler;
}

}  // namespace

// What distinguishes internal pipelines: the fragment shader (none for depth/stencil clears), the
// layout, the attachment formats and what the pipeline writes into them.
struct InternalPipelines::PipelineShape {
  VkShaderModule fragment = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkFormat color_format = VK_FORMAT_UNDEFINED;
  VkColorComponentFlags write_mask = 0;
  VkFormat depth_stencil_format = VK_FORMAT_UNDEFINED;
  bool write_depth = false;
  bool write_stencil = false;
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
};

InternalPipelines::InternalPipelines(const Device& device) : device_(device) {
  clear_layout_ = make_layout(device_, nullptr);
  rectangle_vert_ = make_module(device_, rectangle_vert);
  color_frag_[std::size_t(ColorOutput::FLOAT)] = make_module(device_, constant_color_float_frag);
  color_frag_[std::size_t(ColorOutput::SINT)] = make_module(device_, constant_color_sint_frag);
  color_frag_[std::size_t(ColorOutput::UINT)] = make_module(device_, constant_color_uint_frag);
  if (device_.has_push_descriptor()) {
    const VkDescriptorSetLayoutBinding source{0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1,
                                              VK_SHADER_STAGE_FRAGMENT_BIT, nullptr};
    VkDescriptorSetLayoutCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    info.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
    info.bindingCount = 1;
    info.pBindings = &source;
    check(vkCreateDescriptorSetLayout(device_.handle(), &info, nullptr, &blit_set_layout_),
          "vkCreateDescriptorSetLayout");
    blit_layout_ = make_layout(device_, &blit_set_layout_);
    nearest_sampler_ = make_sampler(device_, VK_FILTER_NEAREST);
    linear_sampler_ = make_sampler(device_, VK_FILTER_LINEAR);
    blit_frag_[std::size_t(ColorOutput::FLOAT)] = make_module(device_, blit_float_frag);
    blit_frag_[std::size_t(ColorOutput::SINT)] = make_module(device_, blit_sint_frag);
    blit_frag_[std::size_t(ColorOutput::UINT)] = make_module(device_, blit_uint_frag);
  }
}

InternalPipelines::~InternalPipelines() {
  const VkDevice device = device_.handle();
  for (auto& [key, pipeline] : clear_pipelines_) vkDestroyPipeline(device, pipeline, nullptr);
  for (auto& [key, pipeline] : blit_pipelines_) vkDestroyPipeline(device, pipeline, nullptr);
  for (VkShaderModule module : color_frag_) vkDestroyShaderModule(device, module, nullptr);
  for (VkShaderModule module : blit_frag_) vkDestroyShaderModule(device, module, nullptr);
  vkDestroyShaderModule(device, rectangle_vert_, nullptr);
  vkDestroySampler(device, nearest_sampler_, nullptr);
  vkDestroySampler(device, linear_sampler_, nullptr);
  vkDestroyPipelineLayout(device, blit_layout_, nullptr);
  vkDestroyDescriptorSetLayout(device, blit_set_layout_, nullptr);
  vkDestroyPipelineLayout(device, clear_layout_, nullptr);
}

VkPipeline InternalPipelines::clear_pipeline(const ClearPipelineKey& key) {
  if (auto found = clear_pipelines_.find(key); found != clear_pipelines_.end()) return found->second;
  PipelineShape shape;
  // Depth/stencil clears need no fragment shader: the rectangle's depth comes from the vertex.
  if (key.color_format != VK_FORMAT_UNDEFINED) shape.fragment = color_frag_[std::size_t(key.output)];
  shape.layout = clear_layout_;
  shape.color_format = key.color_format;
  shape.write_mask = key.write_mask;
  shape.depth_stencil_format = key.depth_stencil_format;
  shape.write_depth = key.write_depth;
  shape.write_stencil = key.write_stencil;
  shape.samples = key.samples;
  return clear_pipelines_.emplace(key, create_pipeline(shape)).first->second;
}

VkPipeline InternalPipelines::blit_pipeline(const BlitPipelineKey& key) {
  if (!blit_layout_) throw Error(device_.name() + " lacks VK_KHR_push_descriptor, which shader blits need");
  if (auto found = blit_pipelines_.find(key); found != blit_pipelines_.end()) return found->second;
  PipelineShape shape;
  shape.fragment = blit_frag_[std::size_t(key.output)];
  shape.layout = blit_layout_;
  shape.color_format = key.color_format;
  shape.write_mask =
      VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
  shape.samples = key.samples;
  return blit_pipelines_.emplace(key, create_pipeline(shape)).first->second;
}

VkPipeline InternalPipelines::create_pipeline(const PipelineShape& shape) {
  const bool color = shape.color_format != VK_FORMAT_UNDEFINED;
  VkPipelineShaderStageCreateInfo stages[2]{};
  stages[0] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
  stages[0].module = rectangle_vert_;
  stages[0].pName = "main";
  stages[1] = stages[0];
  stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
  stages[1].module = shape.fragment;

  const VkPipelineVertexInputStateCreateInfo vertex_input{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  VkPipelineInputAssemblyStateCreateInfo assembly{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkPipelineViewportStateCreateInfo viewport{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  viewport.viewportCount = 1;
  viewport.scissorCount = 1;
  VkPipelineRasterizationStateCreateInfo raster{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
  raster.polygonMode = VK_POLYGON_MODE_FILL;
  raster.cullMode = VK_CULL_MODE_NONE;
  raster.lineWidth = 1.0f;
  VkPipelineMultisampleStateCreateInfo multisample{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  multisample.rasterizationSamples = shape.samples;  // every sample of a covered pixel is written

  VkPipelineDepthStencilStateCreateInfo depth_stencil{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  depth_stencil.depthTestEnable = shape.write_depth;
  depth_stencil.depthWriteEnable = shape.write_depth;
  depth_stencil.depthCompareOp = VK_COMPARE_OP_ALWAYS;
  depth_stencil.stencilTestEnable = shape.write_stencil;
  VkStencilOpState replace{};
  replace.failOp = VK_STENCIL_OP_KEEP;
  replace.passOp = VK_STENCIL_OP_REPLACE;
  replace.depthFailOp = VK_STENCIL_OP_REPLACE;
  replace.compareOp = VK_COMPARE_OP_ALWAYS;
  replace.compareMask = 0xff;
  depth_stencil.front = depth_stencil.back = replace;

  VkPipelineColorBlendAttachmentState blend_attachment{};
  blend_attachment.colorWriteMask = shape.write_mask;
  VkPipelineColorBlendStateCreateInfo blend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  blend.attachmentCount = color ? 1 : 0;
  blend.pAttachments = &blend_attachment;

  const VkDynamicState dynamic_states[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR,
                                           VK_DYNAMIC_STATE_STENCIL_WRITE_MASK, VK_DYNAMIC_STATE_STENCIL_REFERENCE};
  VkPipelineDynamicStateCreateInfo dynamic{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  dynamic.dynamicStateCount = std::uint32_t(std::size(dynamic_states));
  dynamic.pDynamicStates = dynamic_states;

  VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  rendering.colorAttachmentCount = color ? 1 : 0;
  rendering.pColorAttachmentFormats = &shape.color_format;
  if (shape.depth_stencil_format != VK_FORMAT_UNDEFINED) {
    const VkImageAspectFlags aspects = format_aspects(shape.depth_stencil_format);
    if (aspects & VK_IMAGE_ASPECT_DEPTH_BIT) rendering.depthAttachmentFormat = shape.depth_stencil_format;
    if (aspects & VK_IMAGE_ASPECT_STENCIL_BIT) rendering.stencilAttachmentFormat = shape.depth_stencil_format;
  }

  VkGraphicsPipelineCreateInfo info{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, &rendering};
  info.stageCount = shape.fragment ? 2 : 1;
  info.pStages = stages;
  info.pVertexInputState = &vertex_input;
  info.pInputAssemblyState = &assembly;
  info.pViewportState = &viewport;
  info.pRasterizationState = &raster;
  info.pMultisampleState = &multisample;
  info.pDepthStencilState = &depth_stencil;
  info.pColorBlendState = &blend;
  info.pDynamicState = &dynamic;
  info.layout = shape.layout;
  VkPipeline pipeline = VK_NULL_HANDLE;
  check(vkCreateGraphicsPipelines(device_.handle(), VK_NULL_HANDLE, 1, &info, nullptr, &pipeline),
        "vkCreateGraphicsPipelines (internal)");
  return pipeline;
}

}  // namespace glvk::vk_backend
