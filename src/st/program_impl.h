// The device objects of a linked program (private to src/st).
#pragma once

#include <array>
#include <memory>

#include <volk.h>

#include "glvk/st/program.h"
#include "glvk/vk_backend/pipeline_cache.h"

namespace glvk::st {

// Destroyed with the screen's lock held, once the GPU no longer uses the program (~Program).
struct Program::Impl {
  ~Impl();
  Screen* screen = nullptr;  // Program keeps it alive
  std::array<VkShaderModule, vk_backend::kMaxShaderStages> modules{};  // by glsl::Stage (compute excluded)
  VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  std::uint32_t descriptor_count = 0;
  std::uint64_t last_use = 0;  // the last batch that draws with the program
};

}  // namespace glvk::st
