// Draws: what one draw records (pipeline, descriptors, vertex and index buffers, dynamic state,
// counts) and the attachments it renders into. CommandStream keeps one dynamic-rendering pass open
// across draws for as long as the attachments stay the same; any other recorded operation (copy,
// clear, blit, submission) ends it first.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include <volk.h>

#include "glvk/vk_backend/pipeline_cache.h"

namespace glvk::vk_backend {

class Image;
class DescriptorLayout;

// One attachment: a layer range of one level of an image, seen in `format`.
struct DrawAttachment {
  Image* image = nullptr;
  VkFormat format = VK_FORMAT_UNDEFINED;
  std::uint32_t level = 0;
  std::uint32_t first_layer = 0;
  bool operator==(const DrawAttachment&) const = default;
};

struct DrawTargets {
  std::array<DrawAttachment, kMaxDrawColorAttachments> color{};
  std::uint32_t color_count = 0;  // holes (image null) are allowed below the count
  DrawAttachment depth_stencil{};
  std::uint32_t width = 0, height = 0;
  std::uint32_t layers = 1;
  bool operator==(const DrawTargets&) const = default;
};

struct StencilFaceState {
  VkStencilOp fail = VK_STENCIL_OP_KEEP, pass = VK_STENCIL_OP_KEEP, depth_fail = VK_STENCIL_OP_KEEP;
  VkCompareOp compare = VK_COMPARE_OP_ALWAYS;
  std::uint32_t compare_mask = ~0u, write_mask = ~0u, reference = 0;
};

// The dynamic state of a draw (Vulkan 1.3 core).
struct DrawDynamicState {
  std::uint32_t viewport_count = 1;
  std::array<VkViewport, 16> viewports{};
  std::array<VkRect2D, 16> scissors{};
  float line_width = 1.0f;
  bool depth_bias_enable = false;
  float depth_bias_constant = 0, depth_bias_clamp = 0, depth_bias_slope = 0;
  std::array<float, 4> blend_constants{};
  VkCullModeFlags cull_mode = VK_CULL_MODE_NONE;
  VkFrontFace front_face = VK_FRONT_FACE_COUNTER_CLOCKWISE;
  VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  bool depth_test = false, depth_write = false;
  VkCompareOp depth_compare = VK_COMPARE_OP_LESS;
  bool stencil_test = false;
  StencilFaceState front, back;
  bool rasterizer_discard = false;
  bool primitive_restart = false;
};

struct DrawVertexBuffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceSize offset = 0;
  VkDeviceSize stride = 0;
  bool operator==(const DrawVertexBuffer&) const = default;
};

inline constexpr std::uint32_t kMaxXfbBuffers = 4;
// Vertex streams a draw's queries may count (VK_EXT_transform_feedback's stream index).
inline constexpr std::uint32_t kMaxVertexStreams = 4;

// One transform feedback binding (VK_EXT_transform_feedback): where a buffer's captured vertices go.
struct DrawXfbBuffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceSize offset = 0;
  VkDeviceSize size = VK_WHOLE_SIZE;
};

struct DrawRecord {
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  // Descriptor set 0 of `layout`, of `set_layout` (pushed, or allocated from the batch's pools and
  // bound: DescriptorLayout::pushed); dstSet is ignored.
  const DescriptorLayout* set_layout = nullptr;
  std::span<const VkWriteDescriptorSet> descriptors;
  // Pushed at offset 0 for every graphics stage before the draw (none when empty).
  std::span<const std::byte> push_constants;
  std::span<const DrawVertexBuffer> vertex_buffers;  // binding i = element i
  VkBuffer index_buffer = VK_NULL_HANDLE;
  VkDeviceSize index_offset = 0;
  VkIndexType index_type = VK_INDEX_TYPE_UINT16;
  const DrawDynamicState* state = nullptr;
  // Counts (vkCmdDraw / vkCmdDrawIndexed).
  bool indexed = false;
  std::uint32_t count = 0;  // vertices or indices
  std::uint32_t instance_count = 1;
  std::uint32_t first = 0;  // first vertex or first index
  std::int32_t vertex_offset = 0;
  std::uint32_t first_instance = 0;
  // Indirect draws: the parameters come from this buffer (count: draws, stride between them).
  VkBuffer indirect_buffer = VK_NULL_HANDLE;
  VkDeviceSize indirect_offset = 0;
  std::uint32_t indirect_stride = 0;
  // Transform feedback: the draw is captured into these bindings (0..n-1) between a begin and an
  // end of its own; `xfb_counters` holds one 4-byte counter per binding, read at the begin when
  // `xfb_resume` (an earlier draw of the same capture wrote them) and written at the end.
  std::span<const DrawXfbBuffer> xfb_buffers;
  VkBuffer xfb_counters = VK_NULL_HANDLE;
  bool xfb_resume = false;
  // Queries counting this draw (pool null: unused): primitives generated and primitives written by
  // the capture, each of one vertex stream (the query's index: vkCmdBeginQueryIndexedEXT), and
  // samples passed (an occlusion query, precise when the device can count).
  struct Query {
    VkQueryPool pool = VK_NULL_HANDLE;
    std::uint32_t slot = 0;
    std::uint32_t stream = 0;
    bool indexed = false;  // a primitives generated or transform feedback stream query
  };
  std::array<Query, 2 * kMaxVertexStreams + 1> queries{};
};

// One compute dispatch (glDispatchCompute): the program's compute pipeline, its descriptors,
// and the work-group counts, given or read from `indirect_buffer` (VkDispatchIndirectCommand).
struct DispatchRecord {
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  const DescriptorLayout* set_layout = nullptr;  // as DrawRecord's
  std::span<const VkWriteDescriptorSet> descriptors;
  std::array<std::uint32_t, 3> groups{1, 1, 1};
  VkBuffer indirect_buffer = VK_NULL_HANDLE;
  VkDeviceSize indirect_offset = 0;
};

}  // namespace glvk::vk_backend
