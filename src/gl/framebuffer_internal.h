// Framebuffer pieces shared by api_framebuffers.cpp and window_framebuffer.cpp (private to src/gl).
#pragma once

#include <memory>
#include <string>

#include "glvk/gl/context.h"
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

// Framebuffer pieces the draw path reads (api_framebuffers.cpp).
// The image an attachment refers to (a renderbuffer's as a TextureImage in `scratch`); null when
// nothing is attached.
const TextureImage* attached_image(const FramebufferAttachment& a, TextureImage& scratch);
// The resource holding an attachment's texels, and the layer its 2D slice is in.
st::Texture* attached_resource(const FramebufferAttachment& a, GLint& layer);
// The colour buffers draw buffer `i` writes (two for GL_FRONT_AND_BACK of a window); the count.
unsigned draw_buffer_targets(const FramebufferObject& fb, unsigned i,
                             std::array<const FramebufferAttachment*, 2>& targets);
// glCheckFramebufferStatus of an object (null: the missing default framebuffer, UNDEFINED).
GLenum framebuffer_status(Context& ctx, const FramebufferObject* fb);

}  // namespace glvk::gl
