// The render state of a context (gl::Context::render): defined in src/st (glvk/st/render_state.h),
// which translates it on every draw and cannot see src/gl.
#pragma once

#include "glvk/st/render_state.h"

namespace glvk::gl {

using st::BlendState;
using st::RenderState;
using st::StencilFace;

}  // namespace glvk::gl
