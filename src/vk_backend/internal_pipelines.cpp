#include "glvk/vk_backend/internal_pipelines.h"

#include <cstdint>
#include <span>

#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/error.h"
#include "glvk/vk_backend/image.h"
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

}  // namespace

InternalPipelines::InternalPipelines(const Device& device) : device_(device) {
  const VkPushConstantRange constants{VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                                      sizeof(ClearConstants)};
  VkPipelineLayoutCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  info.pushConstantRangeCount = 1;
  info.pPushConstantRanges = &constants;
  check(vkCreatePipelineLayout(device_.handle(), &info, nullptr, &layout_), "vkCreatePipelineLayout");
  rectangle_vert_ = make_module(device_, rectangle_vert);
  color_frag_[std::size_t(ColorOutput::FLOAT)] = make_module(device_, constant_color_float_frag);
  color_frag_[std::size_t(ColorOutput::SINT)] = make_module(device_, constant_color_sint_frag);
  color_frag_[std::size_t(ColorOutput::UINT)] = make_module(device_, constant_color_uint_frag);
}

InternalPipelines::~InternalPipelines() {
  for (auto& [key, pipeline] : clear_pipelines_) vkDestroyPipeline(device_.handle(), pipeline, nullptr);
  for (VkShaderModule module : color_frag_) vkDestroyShaderModule(device_.handle(), module, nullptr);
  vkDestroyShaderModule(device_.handle(), rectangle_vert_, nullptr);
  vkDestroyPipelineLayout(device_.handle(), layout_, nullptr);
}

VkPipeline InternalPipelines::clear_pipeline(const ClearPipelineKey& key) {
  if (auto found = clear_pipelines_.find(key); found != clear_pipelines_.end()) return found->second;
  const bool color = key.color_format != VK_FORMAT_UNDEFINED;

  VkPipelineShaderStageCreateInfo stages[2]{};
  stages[0] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
  stages[0].module = rectangle_vert_;
  stages[0].pName = "main";
  stages[1] = stages[0];
  stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
  stages[1].module = color_frag_[std::size_t(key.output)];

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
  multisample.rasterizationSamples = key.samples;  // every sample of a covered pixel is written

  VkPipelineDepthStencilStateCreateInfo depth_stencil{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  depth_stencil.depthTestEnable = key.write_depth;
  depth_stencil.depthWriteEnable = key.write_depth;
  depth_stencil.depthCompareOp = VK_COMPARE_OP_ALWAYS;
  depth_stencil.stencilTestEnable = key.write_stencil;
  VkStencilOpState replace{};
  replace.failOp = VK_STENCIL_OP_KEEP;
  replace.passOp = VK_STENCIL_OP_REPLACE;
  replace.depthFailOp = VK_STENCIL_OP_REPLACE;
  replace.compareOp = VK_COMPARE_OP_ALWAYS;
  replace.compareMask = 0xff;
  depth_stencil.front = depth_stencil.back = replace;

  VkPipelineColorBlendAttachmentState blend_attachment{};
  blend_attachment.colorWriteMask = key.write_mask;
  VkPipelineColorBlendStateCreateInfo blend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  blend.attachmentCount = color ? 1 : 0;
  blend.pAttachments = &blend_attachment;

  const VkDynamicState dynamic_states[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR,
                                           VK_DYNAMIC_STATE_STENCIL_WRITE_MASK, VK_DYNAMIC_STATE_STENCIL_REFERENCE};
  VkPipelineDynamicStateCreateInfo dynamic{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  dynamic.dynamicStateCount = std::uint32_t(std::size(dynamic_states));
  dynamic.pDynamicStates = dynamic_states;

  const VkFormat depth_stencil_format = key.depth_stencil_format;
  VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  rendering.colorAttachmentCount = color ? 1 : 0;
  rendering.pColorAttachmentFormats = &key.color_format;
  const VkImageAspectFlags aspects = format_aspects(depth_stencil_format);
  if (depth_stencil_format != VK_FORMAT_UNDEFINED) {
    if (aspects & VK_IMAGE_ASPECT_DEPTH_BIT) rendering.depthAttachmentFormat = depth_stencil_format;
    if (aspects & VK_IMAGE_ASPECT_STENCIL_BIT) rendering.stencilAttachmentFormat = depth_stencil_format;
  }

  VkGraphicsPipelineCreateInfo info{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, &rendering};
  // Depth/stencil clears need no fragment shader: the rectangle's depth comes from the vertex.
  info.stageCount = color ? 2 : 1;
  info.pStages = stages;
  info.pVertexInputState = &vertex_input;
  info.pInputAssemblyState = &assembly;
  info.pViewportState = &viewport;
  info.pRasterizationState = &raster;
  info.pMultisampleState = &multisample;
  info.pDepthStencilState = &depth_stencil;
  info.pColorBlendState = &blend;
  info.pDynamicState = &dynamic;
  info.layout = layout_;
  VkPipeline pipeline = VK_NULL_HANDLE;
  check(vkCreateGraphicsPipelines(device_.handle(), VK_NULL_HANDLE, 1, &info, nullptr, &pipeline),
        "vkCreateGraphicsPipelines (clear)");
  clear_pipelines_.emplace(key, pipeline);
  return pipeline;
}

}  // namespace glvk::vk_backend
