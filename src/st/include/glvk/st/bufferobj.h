// GL buffer-object vocabulary translated to the transfer interface (Mesa's st_cb_bufferobjects).
#pragma once

#undef GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>

#include "glvk/st/transfer.h"

namespace glvk::st {

// st_bufferobj_data's usage choice: STATIC_* -> DEFAULT, DYNAMIC_* -> DYNAMIC, STREAM_* -> STREAM,
// and any *_READ -> STAGING (the application reads it back: cached host memory).
ResourceUsage resource_usage_from_gl(GLenum usage);
// glBufferStorage flags: MAP_READ or CLIENT_STORAGE -> STAGING, MAP_WRITE or DYNAMIC_STORAGE ->
// DYNAMIC, otherwise IMMUTABLE.
ResourceUsage resource_usage_from_gl_storage(GLbitfield flags);
unsigned resource_flags_from_gl_storage(GLbitfield flags);
// st_access_flags_to_transfer_flags: GL_MAP_* bits to PIPE_TRANSFER_* bits.
unsigned transfer_usage_from_gl_access(GLbitfield access);

}  // namespace glvk::st
