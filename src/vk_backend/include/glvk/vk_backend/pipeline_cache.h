// Graphics pipelines for draws, keyed by the state Vulkan cannot set dynamically. Everything the
// device (Vulkan 1.3 core: extended dynamic state 1 and 2) sets dynamically stays out of the key:
// viewports, scissors, line width, depth bias, blend constants, stencil masks/reference/ops,
// cull mode, front face, topology within its class, depth test/write/compare, stencil test,
// rasterizer discard, depth bias enable, primitive restart and vertex strides. A VkPipelineCache
// backs creation and can be kept on disk (GLVK_PIPELINE_CACHE=<dir>).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>

#include <volk.h>

namespace glvk::vk_backend {

class Device;

inline constexpr std::uint32_t kMaxDrawColorAttachments = 8;
// Vertex input locations a draw may use: GL's 16 attributes, and the second locations of the
// 64-bit ones (src/st reads dvec3/dvec4 columns as two 32-bit word vectors).
inline constexpr std::uint32_t kMaxVertexAttributes = 32;
inline constexpr std::uint32_t kMaxShaderStages = 5;  // vertex, tess control, tess evaluation, geometry, fragment

struct VertexAttributeKey {
  std::uint32_t location;
  std::uint32_t binding;
  VkFormat format;
  std::uint32_t offset;
};

struct VertexBindingKey {
  std::uint32_t binding;
  std::uint32_t input_rate;  // VkVertexInputRate
  std::uint32_t divisor;     // instance rate: VK_EXT_vertex_attribute_divisor (1 without it)
};

struct ColorBlendKey {
  std::uint32_t enable;
  std::uint32_t src_color, dst_color, color_op, src_alpha, dst_alpha, alpha_op;  // VkBlendFactor / VkBlendOp
  std::uint32_t write_mask;  // VkColorComponentFlags
};

// A plain byte-comparable record: build it from a value-initialized key so padding is zero.
struct GraphicsPipelineKey {
  VkPipelineLayout layout;
  std::array<VkShaderModule, kMaxShaderStages> modules;  // by stage; null when absent
  std::uint32_t topology;                                // VkPrimitiveTopology (its class is what matters)
  std::uint32_t patch_control_points;                    // tessellation: the domain origin is LOWER_LEFT
  std::uint32_t polygon_mode;                            // VkPolygonMode
  std::uint32_t depth_clamp;
  std::uint32_t depth_clip_negative_one_to_one;          // VK_EXT_depth_clip_control
  std::uint32_t provoking_vertex_last;                   // VK_EXT_provoking_vertex
  std::uint32_t line_mode;                               // VkLineRasterizationModeEXT (0: the default)
  std::uint32_t line_stipple;                            // factor << 16 | pattern; 0: no stipple
  std::uint32_t samples;                                 // VkSampleCountFlagBits
  std::uint32_t sample_shading;                          // min sample shading * 2^16, 0 when off
  std::uint32_t sample_mask;
  std::uint32_t alpha_to_coverage, alpha_to_one;
  std::uint32_t logic_op_enable, logic_op;               // VkLogicOp
  std::uint32_t color_count;
  std::array<VkFormat, kMaxDrawColorAttachments> color_formats;
  VkFormat depth_format, stencil_format;
  std::array<ColorBlendKey, kMaxDrawColorAttachments> blend;
  std::uint32_t attribute_count, binding_count;
  std::array<VertexAttributeKey, kMaxVertexAttributes> attributes;
  std::array<VertexBindingKey, kMaxVertexAttributes> bindings;

  bool operator==(const GraphicsPipelineKey& other) const { return std::memcmp(this, &other, sizeof *this) == 0; }
};

struct GraphicsPipelineKeyHash {
  std::size_t operator()(const GraphicsPipelineKey& key) const;
};

// What the device offers beyond Vulkan 1.3 core, found at device creation.
struct DrawFeatures {
  bool depth_clip_control = false;  // GL's [-1, 1] clip-space depth in the pipeline
  bool provoking_vertex_last = false;
  bool vertex_attribute_divisor = false;
  bool index_type_uint8 = false;
  bool bresenham_lines = false;  // VK_EXT_line_rasterization: GL's diamond-exit lines
  bool push_descriptor = false;
  bool transform_feedback = false;  // VK_EXT_transform_feedback with its transformFeedback feature
  bool primitives_generated_query = false;  // VK_EXT_primitives_generated_query
  // Vertex streams a geometry shader may emit and capture (VK_EXT_transform_feedback's
  // geometryStreams: maxTransformFeedbackStreams; 1 without), and whether primitives generated
  // queries count streams other than 0 (primitivesGeneratedQueryWithNonZeroStreams).
  std::uint32_t vertex_streams = 1;
  bool primitives_generated_streams = false;
  bool shader_stencil_export = false;       // VK_EXT_shader_stencil_export
  bool stippled_bresenham_lines = false;    // VK_EXT_line_rasterization's stippledBresenhamLines
  // VK_EXT_custom_border_color with customBorderColors and customBorderColorWithoutFormat: samplers
  // take GL's border colour exactly (VK_BORDER_COLOR_*_CUSTOM_EXT, no format given).
  bool custom_border_color = false;
  bool image_float_atomics = false;  // VK_EXT_shader_atomic_float's shaderImageFloat32Atomics
  bool non_seamless_cube_map = false;  // VK_EXT_non_seamless_cube_map: GL's per-face cube filtering
};

class PipelineCache {
 public:
  // `disk_directory`: where the VkPipelineCache is loaded from and saved to (empty: memory only).
  PipelineCache(const Device& device, std::string disk_directory);
  ~PipelineCache();  // saves the cache when a directory was given
  PipelineCache(const PipelineCache&) = delete;
  PipelineCache& operator=(const PipelineCache&) = delete;

  VkPipeline get(const GraphicsPipelineKey& key);
  // A compute pipeline of `module` (its entry point "main") through the same VkPipelineCache. Not
  // kept here: a program has one, and destroys it with vkDestroyPipeline when it goes.
  VkPipeline create_compute(VkPipelineLayout layout, VkShaderModule module);
  // Destroys the pipelines built with `layout` (its program is gone and the GPU is done with them),
  // so a later program whose handles happen to be equal never meets them.
  void forget(VkPipelineLayout layout);

  std::uint64_t created() const { return created_; }
  std::uint64_t lookups() const { return lookups_; }
  VkPipelineCache handle() const { return cache_; }

 private:
  VkPipeline create(const GraphicsPipelineKey& key);
  std::string disk_path() const;

  const Device& device_;
  std::string directory_;
  VkPipelineCache cache_ = VK_NULL_HANDLE;
  std::unordered_map<GraphicsPipelineKey, VkPipeline, GraphicsPipelineKeyHash> pipelines_;
  // The most recently used keys and pipelines, newest first: consecutive draws usually share a
  // pipeline or alternate between a few (a blend toggled per draw), and memcmp beats hashing.
  static constexpr std::size_t kRecent = 4;
  std::array<GraphicsPipelineKey, kRecent> recent_keys_{};
  std::array<VkPipeline, kRecent> recent_pipelines_{};
  std::uint64_t created_ = 0, lookups_ = 0;
};

}  // namespace glvk::vk_backend
