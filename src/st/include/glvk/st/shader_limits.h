// What the device allows shaders and draws, in GL-independent terms (the pipe_screen shader caps
// role): src/gl answers the GL implementation limits from it, clamped to glvk's own tables.
#pragma once

#include <cstdint>

namespace glvk::st {

class Screen;

struct ShaderLimits {
  std::uint32_t vertex_input_attributes = 16, vertex_input_bindings = 16;
  std::uint32_t vertex_input_attribute_offset = 2047, vertex_input_binding_stride = 2048;
  std::uint32_t per_stage_samplers = 16, per_stage_uniform_buffers = 12, per_stage_storage_buffers = 4;
  std::uint32_t uniform_buffer_range = 16384;
  std::uint32_t vertex_output_components = 64, fragment_input_components = 64;
  std::uint32_t geometry_input_components = 64, geometry_output_components = 64, geometry_output_vertices = 256,
                geometry_total_output_components = 1024, geometry_invocations = 32;
  std::uint32_t tessellation_patch_size = 32, tessellation_generation_level = 64;
  bool tessellation = false;  // the device's tessellationShader feature
  std::uint32_t tess_control_input_components = 128, tess_control_output_components = 128,
                tess_control_total_output_components = 4096, tess_patch_components = 120,
                tess_evaluation_input_components = 128, tess_evaluation_output_components = 128;
  std::int32_t min_texel_offset = -8;
  std::uint32_t max_texel_offset = 7;
  std::int32_t min_texel_gather_offset = -8;
  std::uint32_t max_texel_gather_offset = 7;
  float point_size_range[2] = {1, 1};
  float line_width_range[2] = {1, 1};
  // pointSizeGranularity / lineWidthGranularity (0 without large points / wide lines).
  float point_size_granularity = 0, line_width_granularity = 0;
  std::uint32_t clip_distances = 8;
  // gl_CullDistance (shaderCullDistance; 0 without it) and clip + cull together.
  std::uint32_t cull_distances = 8, combined_clip_and_cull_distances = 8;
  std::uint32_t subpixel_bits = 4;  // VkPhysicalDeviceLimits::subPixelPrecisionBits (GL_SUBPIXEL_BITS)
  std::uint32_t dual_source_draw_buffers = 0;  // maxFragmentDualSrcAttachments with dualSrcBlend, else 0
  float max_sampler_lod_bias = 2;  // maxSamplerLodBias: samplers clamp the bias to it (GL_MAX_TEXTURE_LOD_BIAS)
  // glBeginTransformFeedback can capture: VK_EXT_transform_feedback on the device.
  bool transform_feedback = false;
  // Vertex streams a geometry shader may emit to and capture (geometryStreams; at most
  // kMaxVertexStreams): GL_MAX_VERTEX_STREAMS.
  std::uint32_t vertex_streams = 1;
  bool stencil_export = false;  // fragment shaders may write gl_FragStencilRefARB
  // Shader storage (minStorageBufferOffsetAlignment, maxStorageBufferRange) and whether the stages
  // before rasterization and the fragment stage may store (vertexPipeline/fragmentStoresAndAtomics).
  std::uint32_t storage_buffer_offset_alignment = 256, storage_buffer_range = 1u << 27;
  bool vertex_pipeline_stores = false, fragment_stores = false;
  // Compute (maxComputeWorkGroupCount/Size/Invocations, maxComputeSharedMemorySize).
  std::uint32_t compute_work_group_count[3] = {65535, 65535, 65535};
  std::uint32_t compute_work_group_size[3] = {1024, 1024, 64};
  std::uint32_t compute_work_group_invocations = 1024, compute_shared_memory = 32768;
};

ShaderLimits shader_limits(Screen& screen);

}  // namespace glvk::st
