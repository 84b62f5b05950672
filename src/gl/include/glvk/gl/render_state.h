// The render state of a context (gl::Context::render; api_render_state.cpp sets and queries it):
// defined in src/st (glvk/st/render_state.h), which translates it on every draw and cannot see
// src/gl; and the limits of that state.
#pragma once

#include "glvk/gl/gl_headers.h"
#include "glvk/st/render_state.h"

namespace glvk::gl {

using st::BlendState;
using st::Hints;
using st::RenderState;
using st::StencilFace;

// Limits of this state: the minimums of GL 4.6's implementation-dependent value tables,
// which every Vulkan device meets (wide lines and large points are optional features there).
inline constexpr GLuint kMaxSampleMaskWords = 1;  // 32 samples at most
inline constexpr GLuint kMaxClipDistances = 8;
inline constexpr GLfloat kSmoothLineWidthRange[2] = {1.0f, 1.0f};

}  // namespace glvk::gl
