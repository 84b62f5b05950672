// The default framebuffer of a window-system surface (EGL pbuffers): renderbuffers sized by the
// surface and shaped by its config, allocated through the path glRenderbufferStorage takes.
#include <string>

#include "framebuffer_internal.h"
#include "glvk/gl/framebuffer_object.h"

namespace glvk::gl {
namespace {

// The depth/stencil internal format for a config's depth and stencil sizes (GL_NONE for neither).
GLenum depth_stencil_format(GLint depth_bits, GLint stencil_bits) {
  if (depth_bits && stencil_bits) return depth_bits > 24 ? GL_DEPTH32F_STENCIL8 : GL_DEPTH24_STENCIL8;
  if (stencil_bits) return GL_STENCIL_INDEX8;
  if (!depth_bits) return GL_NONE;
  return depth_bits <= 16 ? GL_DEPTH_COMPONENT16 : depth_bits <= 24 ? GL_DEPTH_COMPONENT24 : GL_DEPTH_COMPONENT32F;
}

// A renderbuffer of `internal_format` in the surface's size and sample count, attached at `point`.
bool attach_surface_buffer(const std::shared_ptr<st::Screen>& screen, const WindowFramebufferConfig& config,
                           GLenum internal_format, FramebufferAttachment& point) {
  auto renderbuffer = std::make_shared<RenderbufferObject>(0);
  std::string why;
  if (allocate_renderbuffer(screen, *renderbuffer, config.samples, internal_format, config.width, config.height,
                            why) != RenderbufferAllocation::OK)
    return false;
  point = FramebufferAttachment{};
  point.type = AttachmentObject::RENDERBUFFER;
  point.renderbuffer = std::move(renderbuffer);
  return true;
}

}  // namespace

std::shared_ptr<FramebufferObject> create_window_framebuffer(const std::shared_ptr<st::Screen>& screen,
                                                             const WindowFramebufferConfig& config) {
  auto fb = std::make_shared<FramebufferObject>(0);
  fb->window = config;
  const unsigned colour_slot = config.double_buffered ? kBackLeftSlot : kFrontLeftSlot;
  if (!attach_surface_buffer(screen, config, config.color_format, fb->color[colour_slot])) return nullptr;
  if (const GLenum zs = depth_stencil_format(config.depth_bits, config.stencil_bits); zs != GL_NONE) {
    FramebufferAttachment zs_buffer;
    if (!attach_surface_buffer(screen, config, zs, zs_buffer)) return nullptr;
    // One packed image when the config has both, as DEPTH_STENCIL_ATTACHMENT would attach it.
    if (config.depth_bits) fb->depth = zs_buffer;
    if (config.stencil_bits) fb->stencil = zs_buffer;
  }
  const GLenum initial = config.double_buffered ? GL_BACK : GL_FRONT;
  fb->draw_buffers.fill(GL_NONE);
  fb->draw_buffers[0] = initial;
  fb->read_buffer = initial;
  return fb;
}

bool allocate_front_buffer(const std::shared_ptr<st::Screen>& screen, FramebufferObject& fb) {
  if (!fb.window || fb.color[kFrontLeftSlot].type != AttachmentObject::NONE) return true;
  return attach_surface_buffer(screen, *fb.window, fb.window->color_format, fb.color[kFrontLeftSlot]);
}

}  // namespace glvk::gl
