// Shared by the hand-written entry points (api_*.cpp).
#pragma once

#include "gl_api.h"
#include "glvk/gl/context.h"

namespace glvk::gl {

// The KHR_debug enums a parameter may take.
bool is_debug_source(GLenum source);
bool is_debug_type(GLenum type);
bool is_debug_severity(GLenum severity);

// The compatibility-only commands (api_transform.cpp): INVALID_OPERATION in a core context, as for
// a command the profile does not have. False when there is nothing to do.
bool compatibility_context(Context& ctx, const char* function);

// Conditional rendering (10.9, api_queries.cpp): true when the rendering command being executed
// (a draw, clear or blit, after its validation) is to be discarded. Waits for the query's result
// in the WAIT modes.
bool conditional_render_discards(Context& ctx);

}  // namespace glvk::gl
