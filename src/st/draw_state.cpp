// Render state translation (st_atom_blend, st_atom_depth_stencil_alpha, st_atom_rasterizer,
// st_atom_viewport, st_atom_scissor): GL values to the pipeline key and the dynamic state. The
// GL-vs-Vulkan differences that live here, each in one place:
// - window origin: glvk stores GL's row y at image row y, so GL's window coordinates are Vulkan's
//   framebuffer coordinates unchanged (no flip), and GL's counter-clockwise is Vulkan's clockwise
//   (Vulkan's area formula has the opposite sign): front_face();
// - clip-space depth: [-w, w] through VK_EXT_depth_clip_control (or the compiler's lowering);
// - provoking vertex: GL's default last-vertex convention through VK_EXT_provoking_vertex.
#include "draw_state.h"

#include <algorithm>
#include <cmath>

namespace glvk::st {

VkCompareOp compare_op(GLenum func) {
  switch (func) {
    case GL_NEVER: return VK_COMPARE_OP_NEVER;
    case GL_LESS: return VK_COMPARE_OP_LESS;
    case GL_EQUAL: return VK_COMPARE_OP_EQUAL;
    case GL_LEQUAL: return VK_COMPARE_OP_LESS_OR_EQUAL;
    case GL_GREATER: return VK_COMPARE_OP_GREATER;
    case GL_NOTEQUAL: return VK_COMPARE_OP_NOT_EQUAL;
    case GL_GEQUAL: return VK_COMPARE_OP_GREATER_OR_EQUAL;
    default: return VK_COMPARE_OP_ALWAYS;
  }
}

namespace {

VkStencilOp stencil_op(GLenum op) {
  switch (op) {
    case GL_ZERO: return VK_STENCIL_OP_ZERO;
    case GL_REPLACE: return VK_STENCIL_OP_REPLACE;
    case GL_INCR: return VK_STENCIL_OP_INCREMENT_AND_CLAMP;
    case GL_DECR: return VK_STENCIL_OP_DECREMENT_AND_CLAMP;
    case GL_INVERT: return VK_STENCIL_OP_INVERT;
    case GL_INCR_WRAP: return VK_STENCIL_OP_INCREMENT_AND_WRAP;
    case GL_DECR_WRAP: return VK_STENCIL_OP_DECREMENT_AND_WRAP;
    default: return VK_STENCIL_OP_KEEP;
  }
}

VkBlendFactor blend_factor(GLenum f) {
  switch (f) {
    case GL_ZERO: return VK_BLEND_FACTOR_ZERO;
    case GL_ONE: return VK_BLEND_FACTOR_ONE;
    case GL_SRC_COLOR: return VK_BLEND_FACTOR_SRC_COLOR;
    case GL_ONE_MINUS_SRC_COLOR: return VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR;
    case GL_DST_COLOR: return VK_BLEND_FACTOR_DST_COLOR;
    case GL_ONE_MINUS_DST_COLOR: return VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR;
    case GL_SRC_ALPHA: return VK_BLEND_FACTOR_SRC_ALPHA;
    case GL_ONE_MINUS_SRC_ALPHA: return VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
    case GL_DST_ALPHA: return VK_BLEND_FACTOR_DST_ALPHA;
    case GL_ONE_MINUS_DST_ALPHA: return VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA;
    case GL_CONSTANT_COLOR: return VK_BLEND_FACTOR_CONSTANT_COLOR;
    case GL_ONE_MINUS_CONSTANT_COLOR: return VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR;
    case GL_CONSTANT_ALPHA: return VK_BLEND_FACTOR_CONSTANT_ALPHA;
    case GL_ONE_MINUS_CONSTANT_ALPHA: return VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA;
    case GL_SRC_ALPHA_SATURATE: return VK_BLEND_FACTOR_SRC_ALPHA_SATURATE;
    case GL_SRC1_COLOR: return VK_BLEND_FACTOR_SRC1_COLOR;
    case GL_ONE_MINUS_SRC1_COLOR: return VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR;
    case GL_SRC1_ALPHA: return VK_BLEND_FACTOR_SRC1_ALPHA;
    case GL_ONE_MINUS_SRC1_ALPHA: return VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA;
    default: return VK_BLEND_FACTOR_ONE;
  }
}

VkBlendOp blend_op(GLenum equation) {
  switch (equation) {
    case GL_FUNC_SUBTRACT: return VK_BLEND_OP_SUBTRACT;
    case GL_FUNC_REVERSE_SUBTRACT: return VK_BLEND_OP_REVERSE_SUBTRACT;
    case GL_MIN: return VK_BLEND_OP_MIN;
    case GL_MAX: return VK_BLEND_OP_MAX;
    default: return VK_BLEND_OP_ADD;
  }
}

VkLogicOp logic_op(GLenum op) {
  switch (op) {
    case GL_CLEAR: return VK_LOGIC_OP_CLEAR;
    case GL_AND: return VK_LOGIC_OP_AND;
    case GL_AND_REVERSE: return VK_LOGIC_OP_AND_REVERSE;
    case GL_AND_INVERTED: return VK_LOGIC_OP_AND_INVERTED;
    case GL_NOOP: return VK_LOGIC_OP_NO_OP;
    case GL_XOR: return VK_LOGIC_OP_XOR;
    case GL_OR: return VK_LOGIC_OP_OR;
    case GL_NOR: return VK_LOGIC_OP_NOR;
    case GL_EQUIV: return VK_LOGIC_OP_EQUIVALENT;
    case GL_INVERT: return VK_LOGIC_OP_INVERT;
    case GL_OR_REVERSE: return VK_LOGIC_OP_OR_REVERSE;
    case GL_COPY_INVERTED: return VK_LOGIC_OP_COPY_INVERTED;
    case GL_OR_INVERTED: return VK_LOGIC_OP_OR_INVERTED;
    case GL_NAND: return VK_LOGIC_OP_NAND;
    case GL_SET: return VK_LOGIC_OP_SET;
    default: return VK_LOGIC_OP_COPY;
  }
}

VkPolygonMode polygon_mode(GLenum mode) {
  switch (mode) {
    case GL_POINT: return VK_POLYGON_MODE_POINT;
    case GL_LINE: return VK_POLYGON_MODE_LINE;
    default: return VK_POLYGON_MODE_FILL;
  }
}

bool is_triangle_mode(GLenum mode) {
  switch (mode) {
    case GL_TRIANGLES: case GL_TRIANGLE_STRIP: case GL_TRIANGLE_FAN: case GL_TRIANGLES_ADJACENCY:
    case GL_TRIANGLE_STRIP_ADJACENCY: case GL_QUADS: case GL_QUAD_STRIP: case GL_POLYGON:
      return true;
    default: return false;
  }
}

bool is_line_mode(GLenum mode) {
  return mode == GL_LINES || mode == GL_LINE_STRIP || mode == GL_LINE_LOOP || mode == GL_LINES_ADJACENCY ||
         mode == GL_LINE_STRIP_ADJACENCY;
}

}  // namespace

// The window origin note above: with GL's rows kept as Vulkan's rows, GL's CCW is Vulkan's CW.
VkFrontFace front_face(GLenum gl_front_face, GLenum clip_origin) {
  const bool ccw = gl_front_face == GL_CCW;
  // GL_UPPER_LEFT flips y in the viewport, which flips the winding once more.
  const bool flipped = clip_origin == GL_UPPER_LEFT;
  return (ccw != flipped) ? VK_FRONT_FACE_CLOCKWISE : VK_FRONT_FACE_COUNTER_CLOCKWISE;
}

void translate_render_state(const DrawCall& call, const DrawFeaturesView& features, vk_backend::GraphicsPipelineKey& key,
                            vk_backend::DrawDynamicState& dyn) {
  const RenderState& r = *call.render;
  const DrawFramebufferInput& fb = call.framebuffer;
  const bool has_depth = fb.depth.texture != nullptr, has_stencil = fb.stencil.texture != nullptr;

  // Depth and stencil: tests without the buffer behave as if disabled (GL 4.6 17.3.5, 17.3.6).
  dyn.depth_test = r.depth_test && has_depth;
  dyn.depth_write = dyn.depth_test && call.masks.depth_mask;
  dyn.depth_compare = compare_op(r.depth_func);
  dyn.stencil_test = r.stencil_test && has_stencil;
  auto face = [&](const StencilFace& f, GLuint write_mask, vk_backend::StencilFaceState& out) {
    out.fail = stencil_op(f.fail);
    out.depth_fail = stencil_op(f.depth_fail);
    out.pass = stencil_op(f.depth_pass);
    out.compare = compare_op(f.func);
    out.compare_mask = f.value_mask;
    out.write_mask = write_mask;
    // GL clamps the reference to [0, 2^s - 1] (17.3.5); Vulkan masks it.
    out.reference = std::uint32_t(std::clamp<GLint>(f.ref, 0, 255));
  };
  face(r.stencil_front, call.masks.stencil_writemask, dyn.front);
  face(r.stencil_back, call.masks.stencil_back_writemask, dyn.back);

  // Rasterization.
  dyn.cull_mode = !r.cull_face ? VK_CULL_MODE_NONE
                  : r.cull_face_mode == GL_FRONT ? VK_CULL_MODE_FRONT_BIT
                  : r.cull_face_mode == GL_BACK ? VK_CULL_MODE_BACK_BIT
                                                : VK_CULL_MODE_FRONT_AND_BACK;
  dyn.front_face = front_face(r.front_face, r.clip_origin);
  dyn.line_width = features.wide_lines ? std::clamp(r.line_width, 1.0f, features.max_line_width) : 1.0f;
  dyn.rasterizer_discard = r.rasterizer_discard;
  key.polygon_mode = is_triangle_mode(call.mode) ? polygon_mode(r.polygon_mode) : VK_POLYGON_MODE_FILL;
  const bool offset = key.polygon_mode == VK_POLYGON_MODE_FILL    ? r.polygon_offset_fill
                      : key.polygon_mode == VK_POLYGON_MODE_LINE ? r.polygon_offset_line
                                                                  : r.polygon_offset_point;
  dyn.depth_bias_enable = offset && is_triangle_mode(call.mode);
  dyn.depth_bias_constant = r.polygon_offset_units;
  dyn.depth_bias_slope = r.polygon_offset_factor;
  dyn.depth_bias_clamp = features.depth_bias_clamp ? r.polygon_offset_clamp : 0.0f;
  key.depth_clamp = r.depth_clamp;
  key.depth_clip_negative_one_to_one = features.depth_clip_control && r.clip_depth_mode == GL_NEGATIVE_ONE_TO_ONE;
  key.provoking_vertex_last = features.provoking_vertex_last && r.provoking_vertex == GL_LAST_VERTEX_CONVENTION;
  // GL's non-antialiased lines follow the diamond-exit rule (14.5.1): Vulkan's Bresenham mode.
  const bool lines = is_line_mode(call.mode) || key.polygon_mode == VK_POLYGON_MODE_LINE;
  if (lines && features.bresenham_lines) {
    key.line_mode = VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT;
    // Line stipple (compatibility 14.5.2): Vulkan's stipple counts and resets as GL's does (per
    // strip, per independent segment).
    if (features.stippled_lines) key.line_stipple = r.line_stipple;
  }

  // Multisample (GL 4.6 14.3.1 and 17.3.1): without MULTISAMPLE the fragment operations act as on
  // single-sample buffers, but the buffer's sample count stays the pipeline's.
  key.samples = fb.samples > 1 ? fb.samples : std::uint32_t(VK_SAMPLE_COUNT_1_BIT);
  const bool ms = fb.samples > 1 && r.multisample;
  key.alpha_to_coverage = ms && r.sample_alpha_to_coverage;
  key.alpha_to_one = ms && r.sample_alpha_to_one && features.alpha_to_one;
  key.sample_shading = ms && r.sample_shading ? std::uint32_t(std::lround(std::clamp(r.min_sample_shading, 0.0f, 1.0f) * 65536.0f)) : 0;
  key.sample_mask = ms && r.sample_mask ? r.sample_mask_value : ~0u;
  if (ms && r.sample_coverage) {
    // SAMPLE_COVERAGE: the value's share of the samples, as a mask (inverted on request).
    const std::uint32_t n = fb.samples;
    const std::uint32_t covered = std::uint32_t(std::lround(std::clamp(r.sample_coverage_value, 0.0f, 1.0f) * n));
    std::uint32_t coverage = covered >= 32 ? ~0u : (1u << covered) - 1;
    if (r.sample_coverage_invert) coverage = ~coverage & ((n >= 32) ? ~0u : (1u << n) - 1);
    key.sample_mask &= coverage;
  }

  // Blending and colour masks, per draw buffer.
  key.color_count = fb.color_count;
  for (unsigned i = 0; i < fb.color_count; ++i) {
    vk_backend::ColorBlendKey& b = key.blend[i];
    if (!(features.written_buffers >> i & 1u)) continue;  // write_mask 0: left as it is
    const std::array<bool, 4>& m = call.masks.color_mask[i];
    b.write_mask = (m[0] ? VK_COLOR_COMPONENT_R_BIT : 0) | (m[1] ? VK_COLOR_COMPONENT_G_BIT : 0) |
                   (m[2] ? VK_COLOR_COMPONENT_B_BIT : 0) | (m[3] ? VK_COLOR_COMPONENT_A_BIT : 0);
    // Integer buffers are never blended (17.3.8); logic ops replace blending.
    if (!call.masks.blend[i] || !features.blendable[i] || r.color_logic_op) continue;
    const BlendState& s = r.blend[i];
    b.enable = VK_TRUE;
    b.src_color = blend_factor(s.src_rgb);
    b.dst_color = blend_factor(s.dst_rgb);
    b.src_alpha = blend_factor(s.src_alpha);
    b.dst_alpha = blend_factor(s.dst_alpha);
    b.color_op = blend_op(s.equation_rgb);
    b.alpha_op = blend_op(s.equation_alpha);
    if (features.dst_alpha_one[i]) {
      // Ad = 1: DST_ALPHA is ONE, ONE_MINUS_DST_ALPHA is ZERO, SRC_ALPHA_SATURATE's min(As, 1 - Ad) is
      // ZERO (its alpha factor is 1 whatever Ad is); radeonsi gets the same from CB FORCE_DST_ALPHA_1.
      const auto at_one = [](std::uint32_t f, bool colour) -> std::uint32_t {
        if (f == VK_BLEND_FACTOR_DST_ALPHA) return VK_BLEND_FACTOR_ONE;
        if (f == VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA) return VK_BLEND_FACTOR_ZERO;
        if (colour && f == VK_BLEND_FACTOR_SRC_ALPHA_SATURATE) return VK_BLEND_FACTOR_ZERO;
        return f;
      };
      b.src_color = at_one(b.src_color, true);
      b.dst_color = at_one(b.dst_color, true);
      b.src_alpha = at_one(b.src_alpha, false);
      b.dst_alpha = at_one(b.dst_alpha, false);
    }
    // MIN and MAX ignore the factors (GL) but Vulkan reads them: keep them canonical so the key
    // does not split on values that do not matter.
    if (b.color_op == VK_BLEND_OP_MIN || b.color_op == VK_BLEND_OP_MAX) b.src_color = b.dst_color = VK_BLEND_FACTOR_ONE;
    if (b.alpha_op == VK_BLEND_OP_MIN || b.alpha_op == VK_BLEND_OP_MAX) b.src_alpha = b.dst_alpha = VK_BLEND_FACTOR_ONE;
  }
  key.logic_op_enable = r.color_logic_op && features.logic_op;
  key.logic_op = key.logic_op_enable ? logic_op(r.logic_op) : VK_LOGIC_OP_COPY;
  for (unsigned i = 0; i < 4; ++i) dyn.blend_constants[i] = std::clamp(r.blend_color[i], 0.0f, 1.0f);

  // Viewports and scissors (GL 4.6 13.6.1, 14.9.2). GL_UPPER_LEFT origin (glClipControl) flips y
  // with a negative viewport height over the same rows.
  dyn.viewport_count = features.viewports;
  for (unsigned i = 0; i < dyn.viewport_count; ++i) {
    const ViewportInput& v = call.viewports[i];
    VkViewport& out = dyn.viewports[i];
    out.x = v.x;
    out.width = v.width > 0 ? v.width : 1.0f;  // Vulkan needs a positive width; GL draws nothing at 0
    out.y = v.y;
    out.height = v.height > 0 ? v.height : 1.0f;
    if (r.clip_origin == GL_UPPER_LEFT) {
      out.y = v.y + out.height;
      out.height = -out.height;
    }
    out.minDepth = float(v.near_value);
    out.maxDepth = float(v.far_value);
    std::int64_t x0 = 0, y0 = 0, x1 = fb.width, y1 = fb.height;
    if (call.scissor_test[i]) {
      const auto& box = call.scissor_box[i];
      x0 = std::max<std::int64_t>(x0, box[0]);
      y0 = std::max<std::int64_t>(y0, box[1]);
      x1 = std::min<std::int64_t>(x1, std::int64_t(box[0]) + box[2]);
      y1 = std::min<std::int64_t>(y1, std::int64_t(box[1]) + box[3]);
    }
    if (v.width <= 0 || v.height <= 0) x1 = x0, y1 = y0;  // an empty viewport draws nothing
    dyn.scissors[i] = {{std::int32_t(x0), std::int32_t(y0)},
                       {std::uint32_t(std::max<std::int64_t>(x1 - x0, 0)), std::uint32_t(std::max<std::int64_t>(y1 - y0, 0))}};
  }
}

}  // namespace glvk::st
