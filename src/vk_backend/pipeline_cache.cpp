#include "glvk/vk_backend/pipeline_cache.h"

#include <fstream>
#include <iterator>
#include <type_traits>
#include <vector>

#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/error.h"
#include "glvk/vk_backend/image.h"

namespace glvk::vk_backend {

static_assert(std::has_unique_object_representations_v<GraphicsPipelineKey>,
              "the key is hashed and compared as bytes: it must have no padding");

std::size_t GraphicsPipelineKeyHash::operator()(const GraphicsPipelineKey& key) const {
  // FNV-1a over 64-bit words: the key is a multiple of 8 bytes (no padding, 8-byte handles first).
  static_assert(sizeof(GraphicsPipelineKey) % 8 == 0);
  const auto* words = reinterpret_cast<const std::uint64_t*>(&key);
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < sizeof key / 8; ++i) {
    hash ^= words[i];
    hash *= 0x100000001b3ull;
  }
  return std::size_t(hash ^ (hash >> 29));
}

PipelineCache::PipelineCache(const Device& device, std::string disk_directory)
    : device_(device), directory_(std::move(disk_directory)) {
  std::vector<char> initial;
  if (!directory_.empty()) {
    std::ifstream in(disk_path(), std::ios::binary);
    initial.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  VkPipelineCacheCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
  info.initialDataSize = initial.size();
  info.pInitialData = initial.empty() ? nullptr : initial.data();
  // A stale or foreign file is not an error: the driver ignores data whose header does not match
  // its own, and a rejected file leaves an empty cache.
  if (vkCreatePipelineCache(device_.handle(), &info, nullptr, &cache_) != VK_SUCCESS) {
    info.initialDataSize = 0;
    info.pInitialData = nullptr;
    check(vkCreatePipelineCache(device_.handle(), &info, nullptr, &cache_), "vkCreatePipelineCache");
  }
}

PipelineCache::~PipelineCache() {
  if (!directory_.empty()) {
    std::size_t size = 0;
    if (vkGetPipelineCacheData(device_.handle(), cache_, &size, nullptr) == VK_SUCCESS && size) {
      std::vector<char> data(size);
      if (vkGetPipelineCacheData(device_.handle(), cache_, &size, data.data()) == VK_SUCCESS) {
        std::ofstream out(disk_path(), std::ios::binary | std::ios::trunc);
        out.write(data.data(), std::streamsize(size));
      }
    }
  }
  for (auto& [key, pipeline] : pipelines_) vkDestroyPipeline(device_.handle(), pipeline, nullptr);
  vkDestroyPipelineCache(device_.handle(), cache_, nullptr);
}

std::string PipelineCache::disk_path() const {
  // One file per device and driver version: another device's data would only be rejected.
  const auto& p = device_.properties();
  return directory_ + "/glvk-" + std::to_string(p.vendorID) + "-" + std::to_string(p.deviceID) + "-" +
         std::to_string(p.driverVersion) + ".pipelines";
}

VkPipeline PipelineCache::get(const GraphicsPipelineKey& key) {
  ++lookups_;
  std::size_t hit = 0;
  while (hit < kRecent && !(recent_pipelines_[hit] && key == recent_keys_[hit])) ++hit;
  if (hit == 0) return recent_pipelines_[0];
  VkPipeline pipeline;
  if (hit < kRecent) {
    pipeline = recent_pipelines_[hit];
  } else {
    auto found = pipelines_.find(key);
    if (found == pipelines_.end()) found = pipelines_.emplace(key, create(key)).first;
    pipeline = found->second;
    hit = kRecent - 1;  // the oldest entry makes room
  }
  // Move to the front.
  for (std::size_t i = hit; i > 0; --i) {
    recent_keys_[i] = recent_keys_[i - 1];
    recent_pipelines_[i] = recent_pipelines_[i - 1];
  }
  recent_keys_[0] = key;
  recent_pipelines_[0] = pipeline;
  return pipeline;
}

VkPipeline PipelineCache::create_compute(VkPipelineLayout layout, VkShaderModule module) {
  VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  info.stage.module = module;
  info.stage.pName = "main";
  info.layout = layout;
  VkPipeline pipeline = VK_NULL_HANDLE;
  check(vkCreateComputePipelines(device_.handle(), cache_, 1, &info, nullptr, &pipeline), "vkCreateComputePipelines");
  ++created_;
  return pipeline;
}

void PipelineCache::forget(VkPipelineLayout layout) {
  std::erase_if(pipelines_, [&](const auto& entry) {
    if (entry.first.layout != layout) return false;
    vkDestroyPipeline(device_.handle(), entry.second, nullptr);
    return true;
  });
  recent_pipelines_.fill(VK_NULL_HANDLE);
}

namespace {

constexpr VkShaderStageFlagBits kStageBits[kMaxShaderStages] = {
    VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
    VK_SHADER_STAGE_GEOMETRY_BIT, VK_SHADER_STAGE_FRAGMENT_BIT};

// The dynamic states of Vulkan 1.3 core that every draw sets (see the header).
constexpr VkDynamicState kDynamicStates[] = {
    VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT,  VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT,
    VK_DYNAMIC_STATE_LINE_WIDTH,           VK_DYNAMIC_STATE_DEPTH_BIAS,
    VK_DYNAMIC_STATE_BLEND_CONSTANTS,      VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK,
    VK_DYNAMIC_STATE_STENCIL_WRITE_MASK,   VK_DYNAMIC_STATE_STENCIL_REFERENCE,
    VK_DYNAMIC_STATE_CULL_MODE,            VK_DYNAMIC_STATE_FRONT_FACE,
    VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY,   VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE,
    VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE,   VK_DYNAMIC_STATE_DEPTH_COMPARE_OP,
    VK_DYNAMIC_STATE_DEPTH_BOUNDS_TEST_ENABLE, VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE,
    VK_DYNAMIC_STATE_STENCIL_OP,           VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE,
    VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE,    VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE,
    VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE,
};

}  // namespace

VkPipeline PipelineCache::create(const GraphicsPipelineKey& key) {
  VkPipelineShaderStageCreateInfo stages[kMaxShaderStages]{};
  std::uint32_t stage_count = 0;
  for (std::uint32_t i = 0; i < kMaxShaderStages; ++i) {
    if (!key.modules[i]) continue;
    VkPipelineShaderStageCreateInfo& s = stages[stage_count++];
    s.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    s.stage = kStageBits[i];
    s.module = key.modules[i];
    s.pName = "main";
  }

  VkVertexInputAttributeDescription attributes[kMaxVertexAttributes];
  VkVertexInputBindingDescription bindings[kMaxVertexAttributes];
  VkVertexInputBindingDivisorDescriptionEXT divisors[kMaxVertexAttributes];
  std::uint32_t divisor_count = 0;
  for (std::uint32_t i = 0; i < key.attribute_count; ++i) {
    const VertexAttributeKey& a = key.attributes[i];
    attributes[i] = {a.location, a.binding, a.format, a.offset};
  }
  for (std::uint32_t i = 0; i < key.binding_count; ++i) {
    const VertexBindingKey& b = key.bindings[i];
    bindings[i] = {b.binding, 0 /* dynamic stride */, VkVertexInputRate(b.input_rate)};
    if (b.input_rate == VK_VERTEX_INPUT_RATE_INSTANCE && b.divisor != 1) divisors[divisor_count++] = {b.binding, b.divisor};
  }
  VkPipelineVertexInputDivisorStateCreateInfoEXT divisor_info{
      VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT};
  divisor_info.vertexBindingDivisorCount = divisor_count;
  divisor_info.pVertexBindingDivisors = divisors;
  VkPipelineVertexInputStateCreateInfo vertex_input{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
                                                    divisor_count ? &divisor_info : nullptr};
  vertex_input.vertexAttributeDescriptionCount = key.attribute_count;
  vertex_input.pVertexAttributeDescriptions = attributes;
  vertex_input.vertexBindingDescriptionCount = key.binding_count;
  vertex_input.pVertexBindingDescriptions = bindings;

  VkPipelineInputAssemblyStateCreateInfo assembly{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  assembly.topology = VkPrimitiveTopology(key.topology);
  VkPipelineTessellationStateCreateInfo tessellation{VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO};
  tessellation.patchControlPoints = key.patch_control_points;

  VkPipelineViewportDepthClipControlCreateInfoEXT clip_control{
      VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_DEPTH_CLIP_CONTROL_CREATE_INFO_EXT};
  clip_control.negativeOneToOne = key.depth_clip_negative_one_to_one;
  VkPipelineViewportStateCreateInfo viewport{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
                                             key.depth_clip_negative_one_to_one ? &clip_control : nullptr};

  VkPipelineRasterizationProvokingVertexStateCreateInfoEXT provoking{
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT};
  provoking.provokingVertexMode = VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT;
  VkPipelineRasterizationLineStateCreateInfoEXT line{
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_LINE_STATE_CREATE_INFO_EXT};
  line.lineRasterizationMode = VkLineRasterizationModeEXT(key.line_mode);
  line.stippledLineEnable = key.line_stipple != 0;
  line.lineStippleFactor = key.line_stipple >> 16;
  line.lineStipplePattern = std::uint16_t(key.line_stipple);
  const void* raster_next = nullptr;
  if (key.line_mode) {
    line.pNext = key.provoking_vertex_last ? &provoking : nullptr;
    raster_next = &line;
  } else if (key.provoking_vertex_last) {
    raster_next = &provoking;
  }
  VkPipelineRasterizationStateCreateInfo raster{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
                                                raster_next};
  raster.depthClampEnable = key.depth_clamp;
  raster.polygonMode = VkPolygonMode(key.polygon_mode);
  raster.lineWidth = 1.0f;

  VkPipelineMultisampleStateCreateInfo multisample{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  multisample.rasterizationSamples = VkSampleCountFlagBits(key.samples);
  multisample.sampleShadingEnable = key.sample_shading != 0;
  multisample.minSampleShading = float(key.sample_shading) / 65536.0f;
  const VkSampleMask sample_mask = key.sample_mask;
  multisample.pSampleMask = &sample_mask;
  multisample.alphaToCoverageEnable = key.alpha_to_coverage;
  multisample.alphaToOneEnable = key.alpha_to_one;

  VkPipelineDepthStencilStateCreateInfo depth_stencil{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};

  VkPipelineColorBlendAttachmentState blend_attachments[kMaxDrawColorAttachments]{};
  for (std::uint32_t i = 0; i < key.color_count; ++i) {
    const ColorBlendKey& b = key.blend[i];
    blend_attachments[i] = {b.enable,
                            VkBlendFactor(b.src_color),
                            VkBlendFactor(b.dst_color),
                            VkBlendOp(b.color_op),
                            VkBlendFactor(b.src_alpha),
                            VkBlendFactor(b.dst_alpha),
                            VkBlendOp(b.alpha_op),
                            b.write_mask};
  }
  VkPipelineColorBlendStateCreateInfo blend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  blend.logicOpEnable = key.logic_op_enable;
  blend.logicOp = VkLogicOp(key.logic_op);
  blend.attachmentCount = key.color_count;
  blend.pAttachments = blend_attachments;

  VkPipelineDynamicStateCreateInfo dynamic{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  dynamic.dynamicStateCount = std::uint32_t(std::size(kDynamicStates));
  dynamic.pDynamicStates = kDynamicStates;

  VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  rendering.colorAttachmentCount = key.color_count;
  rendering.pColorAttachmentFormats = key.color_formats.data();
  rendering.depthAttachmentFormat = key.depth_format;
  rendering.stencilAttachmentFormat = key.stencil_format;

  VkGraphicsPipelineCreateInfo info{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, &rendering};
  info.stageCount = stage_count;
  info.pStages = stages;
  info.pVertexInputState = &vertex_input;
  info.pInputAssemblyState = &assembly;
  info.pTessellationState = key.modules[1] ? &tessellation : nullptr;
  info.pViewportState = &viewport;
  info.pRasterizationState = &raster;
  info.pMultisampleState = &multisample;
  info.pDepthStencilState = &depth_stencil;
  info.pColorBlendState = &blend;
  info.pDynamicState = &dynamic;
  info.layout = key.layout;
  VkPipeline pipeline = VK_NULL_HANDLE;
  check(vkCreateGraphicsPipelines(device_.handle(), cache_, 1, &info, nullptr, &pipeline), "vkCreateGraphicsPipelines");
  ++created_;
  return pipeline;
}

}  // namespace glvk::vk_backend
