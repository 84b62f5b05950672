#include "glvk/st/shader_limits.h"

#include <algorithm>

#include "glvk/st/draw.h"
#include "glvk/vk_backend/device.h"
#include "screen_impl.h"

namespace glvk::st {

ShaderLimits shader_limits(Screen& screen) {
  const vk_backend::Device& device = *screen.impl().device;
  const VkPhysicalDeviceLimits& l = device.properties().limits;
  const VkPhysicalDeviceFeatures& f = device.features();
  ShaderLimits s;
  s.vertex_input_attributes = l.maxVertexInputAttributes;
  s.vertex_input_bindings = l.maxVertexInputBindings;
  s.vertex_input_attribute_offset = l.maxVertexInputAttributeOffset;
  s.vertex_input_binding_stride = l.maxVertexInputBindingStride;
  s.per_stage_samplers = std::min(l.maxPerStageDescriptorSamplers, l.maxPerStageDescriptorSampledImages);
  s.per_stage_uniform_buffers = l.maxPerStageDescriptorUniformBuffers;
  s.per_stage_storage_buffers = l.maxPerStageDescriptorStorageBuffers;
  s.uniform_buffer_range = l.maxUniformBufferRange;
  // Vulkan counts built-in outputs against a stage's output components (Vulkan 1.3 15.1.4), so
  // gl_Position's 4 are not the program's: GL's limits for the stages before rasterization leave
  // them out, while they stay at least GL's minimum (64 for the vertex stage, 128 for the geometry
  // stage, GL 4.6 tables 23.62/23.64); a program that the device cannot take even so fails to link,
  // saying why (glsl::LinkOptions::device_output_components).
  auto without_position = [](std::uint32_t components, std::uint32_t gl_minimum) {
    return std::max(components >= 4 ? components - 4 : 0, std::min(components, gl_minimum));
  };
  s.vertex_output_components = without_position(l.maxVertexOutputComponents, 64);
  s.fragment_input_components = l.maxFragmentInputComponents;
  s.geometry_input_components = l.maxGeometryInputComponents;
  s.geometry_output_components = without_position(l.maxGeometryOutputComponents, 128);
  s.geometry_output_vertices = l.maxGeometryOutputVertices;
  s.geometry_total_output_components = l.maxGeometryTotalOutputComponents;
  s.geometry_invocations = l.maxGeometryShaderInvocations;
  s.tessellation_patch_size = l.maxTessellationPatchSize;
  s.tessellation_generation_level = l.maxTessellationGenerationLevel;
  // GL's minimum for the tessellation stages' inputs and outputs is 128 (table 23.65), Vulkan's
  // too: the values are the device's, with no room for what Vulkan counts beside the user's
  // components (gl_Position, the tessellation levels, gl_TessCoord, per-patch variables), so on a
  // device at Vulkan's minimum a program at GL's limit fails to link, saying why.
  s.tessellation = f.tessellationShader;
  s.tess_control_input_components = l.maxTessellationControlPerVertexInputComponents;
  s.tess_control_output_components = l.maxTessellationControlPerVertexOutputComponents;
  s.tess_control_total_output_components = l.maxTessellationControlTotalOutputComponents;
  s.tess_patch_components = l.maxTessellationControlPerPatchOutputComponents;
  s.tess_evaluation_input_components = l.maxTessellationEvaluationInputComponents;
  s.tess_evaluation_output_components = l.maxTessellationEvaluationOutputComponents;
  s.min_texel_offset = l.minTexelOffset;
  s.max_texel_offset = l.maxTexelOffset;
  s.min_texel_gather_offset = l.minTexelGatherOffset;
  s.max_texel_gather_offset = l.maxTexelGatherOffset;
  // Wide lines and large points are optional features of Vulkan.
  if (f.largePoints) {
    std::copy(l.pointSizeRange, l.pointSizeRange + 2, s.point_size_range);
    s.point_size_granularity = l.pointSizeGranularity;
  }
  if (f.wideLines) {
    std::copy(l.lineWidthRange, l.lineWidthRange + 2, s.line_width_range);
    s.line_width_granularity = l.lineWidthGranularity;
  }
  s.clip_distances = f.shaderClipDistance ? l.maxClipDistances : 0;
  s.cull_distances = f.shaderCullDistance ? l.maxCullDistances : 0;
  s.combined_clip_and_cull_distances = l.maxCombinedClipAndCullDistances;
  s.subpixel_bits = l.subPixelPrecisionBits;
  s.max_sampler_lod_bias = l.maxSamplerLodBias;
  s.dual_source_draw_buffers = f.dualSrcBlend ? l.maxFragmentDualSrcAttachments : 0;
  s.transform_feedback = device.draw_features().transform_feedback;
  s.vertex_streams = std::min<std::uint32_t>(device.draw_features().vertex_streams, kMaxVertexStreams);
  s.stencil_export = device.draw_features().shader_stencil_export;
  s.storage_buffer_offset_alignment = std::uint32_t(l.minStorageBufferOffsetAlignment);
  s.storage_buffer_range = l.maxStorageBufferRange;
  s.vertex_pipeline_stores = f.vertexPipelineStoresAndAtomics;
  s.fragment_stores = f.fragmentStoresAndAtomics;
  std::copy(l.maxComputeWorkGroupCount, l.maxComputeWorkGroupCount + 3, s.compute_work_group_count);
  std::copy(l.maxComputeWorkGroupSize, l.maxComputeWorkGroupSize + 3, s.compute_work_group_size);
  s.compute_work_group_invocations = l.maxComputeWorkGroupInvocations;
  s.compute_shared_memory = l.maxComputeSharedMemorySize;
  return s;
}

}  // namespace glvk::st
