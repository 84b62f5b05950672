// Framebuffer pieces shared by api_framebuffers.cpp and window_framebuffer.cpp (private to src/gl).
#pragma once

#include <memory>
#include <string>

#include "glvk/gl/framebuffer_object.h"

namespace glvk::st {
class Screen;
}

namespace glvk::gl {

enum class RenderbufferAllocation { OK, NO_FORMAT, OUT_OF_MEMORY };

// st_renderbuffer_alloc_storage: chooses the format (the sample count rounded up to one the device
// supports) and allocates the resource into `rb`; `why` says what the device refused. Arguments
// are validated by the caller.
RenderbufferAllocation allocate_renderbuffer(const std::shared_ptr<st::Screen>& screen, RenderbufferObject& rb,
                                             GLsizei samples, GLenum internal_format, GLsizei width, GLsizei height,
                                             std::string& why);

// st_DrawBufferAllocate: a double-buffered window framebuffer gets its front buffer when glDrawBuffer
// or glReadBuffer first selects it. False when the device cannot allocate it.
bool allocate_front_buffer(const std::shared_ptr<st::Screen>& screen, FramebufferObject& fb);

}  // namespace glvk::gl
