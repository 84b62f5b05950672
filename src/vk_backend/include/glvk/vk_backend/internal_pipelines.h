// Graphics pipelines glvk records for its own work: clears that Vulkan's clear commands cannot
// express (a colour write mask or a stencil write mask on part of an attachment) and blits that
// vkCmdBlitImage cannot do (multisample destinations, formats without blit support). Pipelines
// are built on first use for each key and kept for the device's life.
#pragma once

#include <compare>
#include <cstdint>
#include <map>

#include <volk.h>

namespace glvk::vk_backend {

class Device;

// The type a colour attachment's format is written with (vec4, ivec4, uvec4 in the shader).
enum class ColorOutput : std::uint8_t { FLOAT, SINT, UINT };

// The push constants of the clear pipelines (shaders/rectangle.vert, constant_color.frag): the
// clear colour's raw bits and the clear depth.
struct ClearConstants {
  std::uint32_t color_bits[4] = {0, 0, 0, 0};
  float depth = 0.0f;
};

// The push constants of the blit pipelines (shaders/blit.frag): the source position of a
// destination pixel centre c is offset + c * scale. `depth` is rectangle.vert's, kept at 0.
struct BlitConstants {
  float offset[2] = {0, 0};
  float scale[2] = {1, 1};
  float depth = 0.0f;
};
static_assert(sizeof(BlitConstants) == sizeof(ClearConstants), "one push-constant range serves both");

// One clear pipeline: either a colour attachment (color_format set) written through `write_mask`,
// or a depth/stencil attachment whose depth and/or stencil it writes (stencil through the dynamic
// write mask and reference).
struct ClearPipelineKey {
  VkFormat color_format = VK_FORMAT_UNDEFINED;
  ColorOutput output = ColorOutput::FLOAT;
  VkColorComponentFlags write_mask = 0;
  VkFormat depth_stencil_format = VK_FORMAT_UNDEFINED;
  bool write_depth = false;
  bool write_stencil = false;
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
  auto operator<=>(const ClearPipelineKey&) const = default;
};

// One blit pipeline: the destination's format and sample count, and the source's sample type
// (which is the destination's: GL blits never mix integer and float buffers).
struct BlitPipelineKey {
  VkFormat color_format = VK_FORMAT_UNDEFINED;
  ColorOutput output = ColorOutput::FLOAT;
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
  auto operator<=>(const BlitPipelineKey&) const = default;
};

class InternalPipelines {
 public:
  explicit InternalPipelines(const Device& device);
  ~InternalPipelines();
  InternalPipelines(const InternalPipelines&) = delete;
  InternalPipelines& operator=(const InternalPipelines&) = delete;

  VkPipeline clear_pipeline(const ClearPipelineKey& key);
  // The clear pipelines' layout: ClearConstants as push constants, no descriptors.
  VkPipelineLayout clear_layout() const { return clear_layout_; }

  // Needs VK_KHR_push_descriptor: the source is pushed as descriptor set 0, binding 0.
  VkPipeline blit_pipeline(const BlitPipelineKey& key);
  VkPipelineLayout blit_layout() const { return blit_layout_; }
  // Unnormalized-coordinate samplers, clamped to the edge, with the blit's filter.
  VkSampler blit_sampler(bool linear) const { return linear ? linear_sampler_ : nearest_sampler_; }

 private:
  struct PipelineShape;
  VkPipeline create_pipeline(const PipelineShape& shape);

  const Device& device_;
  VkPipelineLayout clear_layout_ = VK_NULL_HANDLE;
  VkDescriptorSetLayout blit_set_layout_ = VK_NULL_HANDLE;
  VkPipelineLayout blit_layout_ = VK_NULL_HANDLE;
  VkSampler nearest_sampler_ = VK_NULL_HANDLE;
  VkSampler linear_sampler_ = VK_NULL_HANDLE;
  VkShaderModule rectangle_vert_ = VK_NULL_HANDLE;
  VkShaderModule color_frag_[3] = {VK_NULL_HANDLE, VK_NULL_HANDLE, VK_NULL_HANDLE};  // by ColorOutput
  VkShaderModule blit_frag_[3] = {VK_NULL_HANDLE, VK_NULL_HANDLE, VK_NULL_HANDLE};   // by ColorOutput
  std::map<ClearPipelineKey, VkPipeline> clear_pipelines_;
  std::map<BlitPipelineKey, VkPipeline> blit_pipelines_;
};

}  // namespace glvk::vk_backend
