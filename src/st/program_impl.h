// The device objects of a linked program (private to src/st).
#pragma once

#include <array>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include <volk.h>

#include "glvk/st/program.h"
#include "glvk/vk_backend/descriptor_sets.h"
#include "glvk/vk_backend/pipeline_cache.h"

namespace glvk::st {

// Destroyed with the screen's lock held, once the GPU no longer uses the program (~Program).
struct Program::Impl {
  ~Impl();
  Screen* screen = nullptr;  // Program keeps it alive
  std::array<VkShaderModule, vk_backend::kMaxShaderStages> modules{};  // by glsl::Stage (compute excluded)
  VkShaderModule compute_module = VK_NULL_HANDLE;
  VkPipeline compute_pipeline = VK_NULL_HANDLE;  // made on the first dispatch (screen lock held)
  std::unique_ptr<vk_backend::DescriptorLayout> set_layout;  // set 0 of `layout`
  VkPipelineLayout layout = VK_NULL_HANDLE;
  std::uint64_t last_use = 0;  // the last batch that draws with the program

  // The fragment module with the outputs at the locations of `kept_inside` written nowhere
  // (glsl::fragment_without_outputs), made on first use; the whole module when the mask is 0.
  // `flat_colors`: GL_FLAT shading of the compatibility colour inputs (Program::shade_model_colors).
  // `flipped`: integer outputs written as the other signedness (their buffers').
  // `alpha_test`: GL's alpha test on draw buffer zero's colour (draw.cpp's lower_alpha_test).
  VkShaderModule fragment_module(const glsl::Program& reflection, std::uint32_t kept_inside, bool flat_colors = false,
                                 std::uint32_t flipped = 0, const glsl::AlphaTest& alpha_test = {});
  // The module of `stage` (the last before rasterization) lowered for GL's point size and clip
  // state (glsl::last_stage_variant), made on first use for each combination.
  VkShaderModule last_stage_module(const glsl::Program& reflection, glsl::Stage stage,
                                   const glsl::LastStageLowering& lowering);
  // The generated tessellation control module of a program without one (glsl::pass_through_tess_control)
  // for a patch size and default levels, made on first use; throws DrawError when it cannot be made.
  VkShaderModule tess_control_module(const glsl::Program& reflection, std::uint32_t vertices,
                                     const std::array<float, 4>& outer, const std::array<float, 2>& inner);
  VkShaderModule create_module(const std::vector<std::uint32_t>& words);

 private:
  std::mutex variants_mutex_;  // programs are shared between contexts
  struct FragmentVariant {
    std::uint32_t outputs;  // kept-inside locations (bits 0-7), flipped ones (8-15), flat colours (31)
    glsl::AlphaFunc alpha_func;
    std::uint32_t alpha_ref;  // the reference's bits
    VkShaderModule module;
  };
  std::vector<FragmentVariant> fragment_variants_;
  struct LastStageVariant {
    glsl::LastStageLowering lowering;
    VkShaderModule module;
  };
  std::vector<LastStageVariant> last_stage_variants_;
  struct TessControlVariant {
    std::uint32_t vertices;
    std::array<float, 4> outer;
    std::array<float, 2> inner;
    VkShaderModule module;
  };
  std::vector<TessControlVariant> tess_control_variants_;
};

}  // namespace glvk::st
