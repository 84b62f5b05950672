// Linked programs on the device: shader modules per stage, the push-descriptor set layout of the
// program's resources and its pipeline layout.
#include "glvk/st/program.h"

#include <cstring>

#include "glvk/st/draw.h"
#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/error.h"
#include "draw_resources.h"
#include "program_impl.h"
#include "screen_impl.h"

namespace glvk::st {

namespace {

VkShaderStageFlags stage_flags(glsl::StageMask mask) {
  constexpr VkShaderStageFlagBits bits[glsl::kStageCount] = {
      VK_SHADER_STAGE_VERTEX_BIT,   VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
      VK_SHADER_STAGE_GEOMETRY_BIT, VK_SHADER_STAGE_FRAGMENT_BIT,             VK_SHADER_STAGE_COMPUTE_BIT};
  VkShaderStageFlags flags = 0;
  for (std::size_t i = 0; i < glsl::kStageCount; ++i)
    if (mask & (1u << i)) flags |= bits[i];
  return flags;
}

VkDescriptorType descriptor_type(glsl::ResourceKind kind) {
  switch (kind) {
    case glsl::ResourceKind::UniformBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
    case glsl::ResourceKind::StorageBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    case glsl::ResourceKind::CombinedSampler: return VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    case glsl::ResourceKind::TexelBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
    case glsl::ResourceKind::StorageImage: return VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
    case glsl::ResourceKind::StorageTexelBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
  }
  return VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
}

}  // namespace

Program::Impl::~Impl() {
  Screen::Impl& s = screen->impl();
  const VkDevice device = s.device->handle();
  if (s.draw) s.draw->pipelines.forget(layout);
  for (VkShaderModule module : modules) vkDestroyShaderModule(device, module, nullptr);
  vkDestroyPipeline(device, compute_pipeline, nullptr);
  vkDestroyShaderModule(device, compute_module, nullptr);
  for (const auto& variant : fragment_variants_) vkDestroyShaderModule(device, variant.module, nullptr);
  for (const auto& variant : last_stage_variants_) vkDestroyShaderModule(device, variant.module, nullptr);
  for (const auto& variant : tess_control_variants_) vkDestroyShaderModule(device, variant.module, nullptr);
  vkDestroyPipelineLayout(device, layout, nullptr);
}

VkShaderModule Program::Impl::fragment_module(const glsl::Program& reflection, std::uint32_t kept_inside,
                                              bool flat_colors, std::uint32_t flipped, const glsl::AlphaTest& alpha_test) {
  const VkShaderModule whole = modules[std::size_t(glsl::Stage::Fragment)];
  flat_colors = flat_colors && reflection.shade_model_colors;
  const bool alpha = alpha_test.func != glsl::AlphaFunc::Always;
  if ((!kept_inside && !flat_colors && !flipped && !alpha) || !whole) return whole;
  static_assert(kMaxColorBuffers <= 8);
  const std::uint32_t outputs = kept_inside | flipped << 8 | (flat_colors ? 1u << 31 : 0u);
  // One module per reference value used, like the point sizes: programs rarely change it.
  std::uint32_t ref = 0;
  if (alpha) std::memcpy(&ref, &alpha_test.ref, 4);
  std::lock_guard lock(variants_mutex_);
  for (const FragmentVariant& v : fragment_variants_)
    if (v.outputs == outputs && v.alpha_func == alpha_test.func && v.alpha_ref == ref) return v.module;
  const VkShaderModule module =
      create_module(glsl::fragment_without_outputs(reflection, kept_inside, flat_colors, flipped, alpha_test));
  fragment_variants_.push_back({outputs, alpha_test.func, ref, module});
  return module;
}

VkShaderModule Program::Impl::last_stage_module(const glsl::Program& reflection, glsl::Stage stage,
                                                const glsl::LastStageLowering& lowering) {
  std::lock_guard lock(variants_mutex_);
  for (const LastStageVariant& v : last_stage_variants_)
    if (v.lowering == lowering) return v.module;
  const VkShaderModule module = create_module(glsl::last_stage_variant(reflection, stage, lowering));
  last_stage_variants_.push_back({lowering, module});
  return module;
}

VkShaderModule Program::Impl::tess_control_module(const glsl::Program& reflection, std::uint32_t vertices,
                                                  const std::array<float, 4>& outer, const std::array<float, 2>& inner) {
  std::lock_guard lock(variants_mutex_);
  // Levels compare by bits: a NaN level is one variant too.
  auto same = [](const auto& a, const auto& b) { return std::memcmp(a.data(), b.data(), sizeof a) == 0; };
  for (const TessControlVariant& v : tess_control_variants_)
    if (v.vertices == vertices && same(v.outer, outer) && same(v.inner, inner)) return v.module;
  glsl::PassThroughTessControl generated = glsl::pass_through_tess_control(reflection, vertices, outer, inner);
  if (generated.spirv.empty()) throw DrawError(generated.log);
  const VkShaderModule module = create_module(generated.spirv);
  tess_control_variants_.push_back({vertices, outer, inner, module});
  return module;
}

VkShaderModule Program::Impl::create_module(const std::vector<std::uint32_t>& words) {
  VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  info.codeSize = words.size() * sizeof(std::uint32_t);
  info.pCode = words.data();
  VkShaderModule module = VK_NULL_HANDLE;
  vk_backend::check(vkCreateShaderModule(screen->impl().device->handle(), &info, nullptr, &module),
                    "vkCreateShaderModule");
  return module;
}

Program::~Program() {
  if (!impl_) return;
  Screen::Impl& s = impl_->screen->impl();
  std::lock_guard lock(s.mutex);
  const std::uint64_t last_use = impl_->last_use;
  s.stream->release_after(std::shared_ptr<Impl>(std::move(impl_)), last_use);
}

std::shared_ptr<Program> link_program(const std::shared_ptr<Screen>& screen, std::span<const glsl::ShaderSource> shaders,
                                      const glsl::LinkOptions& options) {
  glsl::LinkOptions link_options = options;
  link_options.lower_depth_range = !device_has_gl_depth_range(*screen);
  const VkPhysicalDeviceLimits& limits = screen->impl().device->properties().limits;
  auto& inputs = link_options.device_input_components;
  auto& outputs = link_options.device_output_components;
  outputs[std::size_t(glsl::Stage::Vertex)] = limits.maxVertexOutputComponents;
  inputs[std::size_t(glsl::Stage::TessControl)] = limits.maxTessellationControlPerVertexInputComponents;
  outputs[std::size_t(glsl::Stage::TessControl)] = limits.maxTessellationControlPerVertexOutputComponents;
  inputs[std::size_t(glsl::Stage::TessEvaluation)] = limits.maxTessellationEvaluationInputComponents;
  outputs[std::size_t(glsl::Stage::TessEvaluation)] = limits.maxTessellationEvaluationOutputComponents;
  inputs[std::size_t(glsl::Stage::Geometry)] = limits.maxGeometryInputComponents;
  outputs[std::size_t(glsl::Stage::Geometry)] = limits.maxGeometryOutputComponents;
  inputs[std::size_t(glsl::Stage::Fragment)] = limits.maxFragmentInputComponents;
  link_options.device_patch_output_components = limits.maxTessellationControlPerPatchOutputComponents;
  return program_from_reflection(screen, glsl::link(shaders, link_options));
}

std::shared_ptr<Program> pipeline_program(const std::shared_ptr<Screen>& screen, std::span<const Program* const> programs,
                                          const std::array<int, glsl::kStageCount>& stage_program,
                                          std::vector<std::uint32_t>& default_block_bases) {
  std::vector<const glsl::Program*> reflections;
  for (const Program* p : programs) reflections.push_back(&p->reflection());
  glsl::PipelineProgram combined = glsl::combine_pipeline(reflections, stage_program);
  default_block_bases = std::move(combined.default_block_bases);
  return program_from_reflection(screen, std::move(combined.program));
}

std::shared_ptr<Program> program_from_reflection(const std::shared_ptr<Screen>& screen, glsl::Program reflection) {
  std::shared_ptr<Program> program(new Program());
  program->reflection_ = std::move(reflection);
  if (!program->reflection_.ok) return program;

  auto impl = std::make_unique<Program::Impl>();
  impl->screen = screen.get();
  program->screen_ = screen;
  const vk_backend::Device& device = *screen->impl().device;
  try {
    const glsl::Program& r = program->reflection_;
    for (std::size_t stage = 0; stage < glsl::kStageCount && stage < vk_backend::kMaxShaderStages; ++stage) {
      if (!r.spirv[stage].empty()) impl->modules[stage] = impl->create_module(r.spirv[stage]);
    }
    if (const auto& compute = r.spirv[std::size_t(glsl::Stage::Compute)]; !compute.empty())
      impl->compute_module = impl->create_module(compute);
    std::vector<VkDescriptorSetLayoutBinding> bindings;
    if (r.default_block_size)
      bindings.push_back({0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, stage_flags(r.stages), nullptr});
    for (const glsl::Resource& resource : r.resources) {
      if (resource.binding == 0 && resource.block < 0 && resource.kind == glsl::ResourceKind::UniformBuffer) continue;
      bindings.push_back({resource.binding, descriptor_type(resource.kind), resource.count,
                          stage_flags(resource.stages ? resource.stages : r.stages), nullptr});
    }
    // Pushed with each draw when the device can push them all, else written into a set per draw;
    // bindings past the device's limits fail the link, saying which.
    impl->set_layout = std::make_unique<vk_backend::DescriptorLayout>(device, bindings);
    const VkDescriptorSetLayout set_layout = impl->set_layout->handle();
    VkPipelineLayoutCreateInfo layout_info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layout_info.setLayoutCount = 1;
    layout_info.pSetLayouts = &set_layout;
    // The user clip planes a draw clipping gl_Position pushes (glsl::LastStageLowering; Vulkan
    // guarantees 128 bytes of push constants).
    const VkPushConstantRange clip_planes{VK_SHADER_STAGE_ALL_GRAPHICS, 0, glsl::kClipPlanePushConstants};
    layout_info.pushConstantRangeCount = 1;
    layout_info.pPushConstantRanges = &clip_planes;
    vk_backend::check(vkCreatePipelineLayout(device.handle(), &layout_info, nullptr, &impl->layout),
                      "vkCreatePipelineLayout");
  } catch (const vk_backend::Error& e) {
    program->reflection_.ok = false;
    program->reflection_.log += std::string("error: the device refused the program: ") + e.what() + "\n";
  }
  program->impl_ = std::move(impl);
  return program;
}

bool device_has_gl_depth_range(Screen& screen) { return screen.impl().device->draw_features().depth_clip_control; }

}  // namespace glvk::st
