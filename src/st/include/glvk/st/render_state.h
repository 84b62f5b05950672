// Per-fragment and rasterization state that draws obey (GL 4.6 chapters 14, 17), kept as GL values.
// src/gl owns it (gl::Context::render; api_render_state.cpp sets and queries it) and hands it to
// the draw path here, which translates it on every draw; it is defined in src/st because src/st
// cannot see src/gl. Capabilities that have a field here are not kept in Context::capabilities.
#pragma once

#include <array>
#include <cstdint>

#include <GL/gl.h>
#include <GL/glext.h>

#include "glvk/st/framebuffer_state.h"

namespace glvk::st {

struct BlendState {  // per draw buffer (glBlendFunci and friends)
  GLenum src_rgb = GL_ONE, dst_rgb = GL_ZERO, src_alpha = GL_ONE, dst_alpha = GL_ZERO;
  GLenum equation_rgb = GL_FUNC_ADD, equation_alpha = GL_FUNC_ADD;
};

struct StencilFace {
  GLenum func = GL_ALWAYS;
  GLint ref = 0;
  GLuint value_mask = ~0u;
  GLenum fail = GL_KEEP, depth_fail = GL_KEEP, depth_pass = GL_KEEP;
  // The write masks stay in Context::stencil_writemask / stencil_back_writemask (clears use them).
};

// glHint targets (GL 4.6 section 21.5; the compatibility profile adds the last four). Every hint is
// DONT_CARE initially and glvk obeys none of them (the spec lets hints be ignored).
struct Hints {
  GLenum line_smooth = GL_DONT_CARE, polygon_smooth = GL_DONT_CARE, texture_compression = GL_DONT_CARE,
         fragment_shader_derivative = GL_DONT_CARE;
  GLenum perspective_correction = GL_DONT_CARE, point_smooth = GL_DONT_CARE, fog = GL_DONT_CARE,
         generate_mipmap = GL_DONT_CARE;
};

struct RenderState {
  // Depth (the write mask stays Context::depth_mask).
  bool depth_test = false;
  GLenum depth_func = GL_LESS;
  bool depth_clamp = false;
  // Stencil.
  bool stencil_test = false;
  StencilFace stencil_front, stencil_back;
  // Blending (enables stay Context::blend per draw buffer).
  std::array<BlendState, kMaxColorBuffers> blend{};
  std::array<GLfloat, 4> blend_color{0, 0, 0, 0};
  bool color_logic_op = false;
  GLenum logic_op = GL_COPY;
  // Rasterization.
  bool cull_face = false;
  GLenum cull_face_mode = GL_BACK;
  GLenum front_face = GL_CCW;
  GLenum polygon_mode = GL_FILL;  // core: FRONT_AND_BACK only; compatibility keeps one per face:
  GLenum polygon_mode_back = GL_FILL;
  bool polygon_offset_fill = false, polygon_offset_line = false, polygon_offset_point = false;
  GLfloat polygon_offset_factor = 0, polygon_offset_units = 0, polygon_offset_clamp = 0;
  GLfloat line_width = 1.0f;
  // Compatibility: LINE_STIPPLE_REPEAT << 16 | LINE_STIPPLE_PATTERN while LINE_STIPPLE is enabled,
  // else 0 (gl derives it before each draw).
  GLuint line_stipple = 0;
  GLfloat point_size = 1.0f;
  bool program_point_size = false;  // GL_PROGRAM_POINT_SIZE
  bool rasterizer_discard = false;
  GLenum provoking_vertex = GL_LAST_VERTEX_CONVENTION;
  // Primitive restart.
  bool primitive_restart = false;
  bool primitive_restart_fixed_index = false;
  GLuint primitive_restart_index = 0;
  // Multisample.
  bool multisample = true;
  bool sample_alpha_to_coverage = false, sample_alpha_to_one = false, sample_coverage = false;
  GLfloat sample_coverage_value = 1.0f;
  bool sample_coverage_invert = false;
  bool sample_shading = false;
  GLfloat min_sample_shading = 0.0f;
  bool sample_mask = false;
  GLbitfield sample_mask_value = ~0u;
  // Clip control (GL 4.5) and clip distances.
  GLenum clip_origin = GL_LOWER_LEFT, clip_depth_mode = GL_NEGATIVE_ONE_TO_ONE;
  GLbitfield clip_distances = 0;  // bit i: GL_CLIP_DISTANCEi enabled
  // Compatibility: shading model (flat/smooth for fixed function), alpha test.
  GLenum shade_model = GL_SMOOTH;
  bool alpha_test = false;
  GLenum alpha_func = GL_ALWAYS;
  GLfloat alpha_ref = 0.0f;
  // Tessellation (GL 4.6 10.1.15, 11.2.3): glPatchParameteri/fv. The default levels are what
  // the tessellation primitive generator takes when no tessellation control shader is active.
  GLint patch_vertices = 3;
  std::array<GLfloat, 4> patch_default_outer_level{1, 1, 1, 1};
  std::array<GLfloat, 2> patch_default_inner_level{1, 1};
  Hints hints;  // glHint (api_render_state.cpp): no effect on drawing
  // Bumped on every change, so the draw path can tell that nothing changed since the last draw.
  std::uint64_t serial = 1;
};

}  // namespace glvk::st
