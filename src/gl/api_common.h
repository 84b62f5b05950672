// Shared by the hand-written entry points (api_*.cpp).
#pragma once

#include "gl_api.h"
#include "glvk/gl/context.h"

namespace glvk::gl {

// The KHR_debug enums a parameter may take.
bool is_debug_source(GLenum source);
bool is_debug_type(GLenum type);
bool is_debug_severity(GLenum severity);

}  // namespace glvk::gl
