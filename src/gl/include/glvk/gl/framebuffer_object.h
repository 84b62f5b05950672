// Framebuffer and renderbuffer objects (GL state, chapter 9 of GL 4.6 / seed 002).
#pragma once

#include <cstdint>

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "glvk/formats/format.h"
#include "glvk/gl/framebuffer_completeness.h"
#include "glvk/gl/gl_headers.h"
#include "glvk/gl/texture_object.h"

namespace glvk::st {
class Screen;
class Texture;
}

namespace glvk::gl {

// A renderbuffer: one 2D image (possibly multisampled) held in a texture resource.
struct RenderbufferObject {
  explicit RenderbufferObject(GLuint object_name) : name(object_name) {}
  GLuint name;
  GLenum internal_format = GL_RGBA;
  GLenum base_format = GL_RGBA;
  formats::Format format = formats::Format::NONE;
  GLsizei width = 0, height = 0, samples = 0;
  std::shared_ptr<st::Texture> resource;
  std::string label;
};

// One attachment point (gl_renderbuffer_attachment).
struct FramebufferAttachment {
  AttachmentObject type = AttachmentObject::NONE;
  std::shared_ptr<TextureObject> texture;
  std::shared_ptr<RenderbufferObject> renderbuffer;
  GLint level = 0;
  GLenum cube_face = 0;  // the face target for cube maps attached with glFramebufferTexture2D
  GLint layer = 0;
  bool layered = false;
};

// What the default framebuffer of a window-system surface holds, from its EGLConfig.
struct WindowFramebufferConfig {
  GLsizei width = 0, height = 0;
  GLenum color_format = GL_RGBA8;  // the internal format of each colour buffer
  GLint depth_bits = 0, stencil_bits = 0;
  GLsizei samples = 0;
  bool double_buffered = true;  // a back buffer (GL_DRAW_BUFFER starts as GL_BACK); else only a front one
  // Buffer age (GLX_EXT_buffer_age, EGL_EXT_buffer_age): the swaps so far, and the frame (1 for
  // what was drawn before the first swap) each colour buffer holds, 0 while undefined.
  std::uint64_t swaps = 0, front_frame = 0, back_frame = 0;
  // Frames since the back buffer's contents were drawn (2 after the exchange of a swap), 0 when
  // they are undefined (before the second swap, after a resize, single-buffered).
  std::uint64_t back_buffer_age() const { return double_buffered && back_frame ? swaps + 1 - back_frame : 0; }
};

// The colour buffers of a window-system framebuffer, as slots of FramebufferObject::color.
inline constexpr unsigned kFrontLeftSlot = 0, kBackLeftSlot = 1;

struct FramebufferObject {
  explicit FramebufferObject(GLuint object_name) : name(object_name) {}
  GLuint name;
  // Set on the default framebuffer of a surface (name 0). Its buffers are renderbuffers in the same
  // attachment points FBOs use — the colour buffers in color[kFrontLeftSlot] and color[kBackLeftSlot]
  // (a double-buffered surface allocates its front buffer when first selected, as
  // st_DrawBufferAllocate does) — so clears, reads and blits take one path; draw_buffers and
  // read_buffer hold GL_BACK-style enums, and the framebuffer is always complete.
  std::optional<WindowFramebufferConfig> window;
  std::array<FramebufferAttachment, kMaxColorAttachments> color{};
  FramebufferAttachment depth, stencil;
  std::array<GLenum, kMaxColorAttachments> draw_buffers{GL_COLOR_ATTACHMENT0, GL_NONE, GL_NONE, GL_NONE,
                                                         GL_NONE,             GL_NONE, GL_NONE, GL_NONE};
  GLenum read_buffer = GL_COLOR_ATTACHMENT0;
  GLint default_width = 0, default_height = 0, default_layers = 0, default_samples = 0;
  GLboolean default_fixed_sample_locations = GL_FALSE;
  std::string label;
  // The last completeness answer (0: none yet) and the description it was computed from: the
  // status is a function of that description, so a draw that finds it unchanged reuses the answer
  // (framebuffer_status; every draw asks).
  struct CompletenessMemo {
    FramebufferDescription description;
    GLenum status = 0;
  };
  mutable CompletenessMemo completeness;
};

// Creates the default framebuffer of a surface (window_framebuffer.cpp); null when the device
// cannot allocate its buffers.
std::shared_ptr<FramebufferObject> create_window_framebuffer(const std::shared_ptr<st::Screen>& screen,
                                                             const WindowFramebufferConfig& config);

}  // namespace glvk::gl
