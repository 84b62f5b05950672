// Render state translation (draw_state.cpp): GL values of a DrawCall to the Vulkan pipeline key and
// dynamic state. Private to src/st.
#pragma once

#include <array>

#include "glvk/st/draw.h"
#include "glvk/vk_backend/draw.h"
#include "glvk/vk_backend/pipeline_cache.h"

namespace glvk::st {

// What the translation needs to know of the device and the attachments.
struct DrawFeaturesView {
  bool wide_lines = false;
  float max_line_width = 1.0f;
  bool depth_bias_clamp = false;
  bool depth_clip_control = false;
  bool provoking_vertex_last = false;
  bool bresenham_lines = false;
  bool stippled_lines = false;  // stippledBresenhamLines
  bool alpha_to_one = false;
  bool logic_op = false;
  std::array<bool, kMaxColorBuffers> blendable{};  // per draw buffer: a blendable (not integer) format
  // Per draw buffer: the GL format has no alpha (RGB, RGBX; its storage may have one), so destination
  // alpha reads as 1 (GL 4.6 17.3.6): the blend factors that read it are lowered to their value at 1.
  std::array<bool, kMaxColorBuffers> dst_alpha_one{};
  std::uint32_t written_buffers = ~0u;  // draw buffers an output of their kind is written to (others: masked)
  unsigned viewports = 1;
};

VkCompareOp compare_op(GLenum func);
VkFrontFace front_face(GLenum gl_front_face, GLenum clip_origin);

// Fills the render-state part of `key` (polygon mode, depth clamp and clip, provoking vertex,
// multisample, blend and colour masks, logic op) and `dyn`.
void translate_render_state(const DrawCall& call, const DrawFeaturesView& features,
                            vk_backend::GraphicsPipelineKey& key, vk_backend::DrawDynamicState& dyn);

}  // namespace glvk::st
