// Graphics pipelines glvk records for its own work: clears that Vulkan's clear commands cannot
// express (a colour write mask or a stencil write mask on part of an attachment). Pipelines are
// built on first use for each key and kept for the device's life.
#pragma once

#include <compare>
#include <cstdint>
#include <map>

#include <volk.h>

namespace glvk::vk_backend {

class Device;

// The type a colour attachment's format is written with (vec4, ivec4, uvec4 in the shader).
enum class ColorOutput : std::uint8_t { FLOAT, SINT, UINT };

// The push constants of every internal pipeline (shaders/rectangle.vert): the clear colour's raw
// bits and the clear depth.
struct ClearConstants {
  std::uint32_t color_bits[4] = {0, 0, 0, 0};
  float depth = 0.0f;
};

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

class InternalPipelines {
 public:
  explicit InternalPipelines(const Device& device);
  ~InternalPipelines();
  InternalPipelines(const InternalPipelines&) = delete;
  InternalPipelines& operator=(const InternalPipelines&) = delete;

  VkPipeline clear_pipeline(const ClearPipelineKey& key);
  // The layout every internal pipeline uses: ClearConstants as push constants, no descriptors.
  VkPipelineLayout layout() const { return layout_; }

 private:
  const Device& device_;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  VkShaderModule rectangle_vert_ = VK_NULL_HANDLE;
  VkShaderModule color_frag_[3] = {VK_NULL_HANDLE, VK_NULL_HANDLE, VK_NULL_HANDLE};  // by ColorOutput
  std::map<ClearPipelineKey, VkPipeline> clear_pipelines_;
};

}  // namespace glvk::vk_backend
