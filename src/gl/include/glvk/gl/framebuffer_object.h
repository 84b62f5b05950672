// Framebuffer and renderbuffer objects (GL state, chapter 9 of GL 4.6 / seed 002).
#pragma once

#include <array>
#include <memory>
#include <string>

#include "glvk/formats/format.h"
#include "glvk/gl/framebuffer_completeness.h"
#include "glvk/gl/gl_headers.h"
#include "glvk/gl/texture_object.h"

namespace glvk::st {
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

struct FramebufferObject {
  explicit FramebufferObject(GLuint object_name) : name(object_name) {}
  GLuint name;
  std::array<FramebufferAttachment, kMaxColorAttachments> color{};
  FramebufferAttachment depth, stencil;
  std::array<GLenum, kMaxColorAttachments> draw_buffers{GL_COLOR_ATTACHMENT0, GL_NONE, GL_NONE, GL_NONE,
                                                         GL_NONE,             GL_NONE, GL_NONE, GL_NONE};
  GLenum read_buffer = GL_COLOR_ATTACHMENT0;
  GLint default_width = 0, default_height = 0, default_layers = 0, default_samples = 0;
  GLboolean default_fixed_sample_locations = GL_FALSE;
  std::string label;
};

}  // namespace glvk::gl
