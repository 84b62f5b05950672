// The default framebuffer of a window-system surface (EGL pbuffers, GLX windows and pbuffers):
// renderbuffers sized by the surface and shaped by its config, allocated through the path
// glRenderbufferStorage takes; resized, swapped and read for presentation.
#include <string>
#include <utility>

#include "framebuffer_internal.h"
#include "glvk/gl/framebuffer_object.h"
#include "glvk/gl/window_system.h"
#include "glvk/st/texture_readback.h"

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

WindowFramebufferConfig surface_buffers(GLsizei width, GLsizei height, int alpha_bits, int depth_bits,
                                        int stencil_bits, int samples, bool double_buffered) {
  WindowFramebufferConfig buffers;
  buffers.width = width;
  buffers.height = height;
  buffers.color_format = alpha_bits ? GL_RGBA8 : GL_RGB8;
  buffers.depth_bits = depth_bits;
  buffers.stencil_bits = stencil_bits;
  buffers.samples = samples;
  buffers.double_buffered = double_buffered;
  return buffers;
}

bool resize_window_framebuffer(const std::shared_ptr<st::Screen>& screen, FramebufferObject& fb, GLsizei width,
                               GLsizei height) {
  if (!fb.window) return false;
  if (fb.window->width == width && fb.window->height == height) return true;
  WindowFramebufferConfig config = *fb.window;
  config.width = width;
  config.height = height;
  config.front_frame = config.back_frame = 0;  // new storage: contents undefined
  // New storage for each buffer the framebuffer has; the renderbuffer objects stay the same, so
  // the packed depth/stencil image stays one object in both attachment points.
  for (FramebufferAttachment* a : {&fb.color[kFrontLeftSlot], &fb.color[kBackLeftSlot], &fb.depth, &fb.stencil}) {
    if (a->type != AttachmentObject::RENDERBUFFER) continue;
    RenderbufferObject& rb = *a->renderbuffer;
    if (rb.width == width && rb.height == height) continue;
    std::string why;
    if (allocate_renderbuffer(screen, rb, config.samples, rb.internal_format, width, height, why) !=
        RenderbufferAllocation::OK)
      return false;
  }
  fb.window = config;
  return true;
}

bool swap_window_buffers(const std::shared_ptr<st::Screen>& screen, FramebufferObject& fb) {
  if (!fb.window || !fb.window->double_buffered) return true;  // single-buffered: nothing to exchange
  if (!allocate_front_buffer(screen, fb)) return false;
  std::swap(fb.color[kFrontLeftSlot], fb.color[kBackLeftSlot]);
  WindowFramebufferConfig& w = *fb.window;
  ++w.swaps;
  w.back_frame = w.front_frame;  // the exchange: the old front, still holding its frame
  w.front_frame = w.swaps;       // what was drawn since the last swap
  return true;
}

bool read_colour_bgra8(Context& ctx, FramebufferObject& fb, bool back, void* pixels) {
  const bool from_back = back && fb.window && fb.window->double_buffered;
  const FramebufferAttachment& buffer = fb.color[from_back ? kBackLeftSlot : kFrontLeftSlot];
  ReadSource source;
  if (!fb.window || !read_source(ctx, buffer, source)) return false;
  const GLsizei width = source.image->width, height = source.image->height;
  ClientImage client;
  client.data = static_cast<const std::byte*>(pixels);
  client.row_stride = std::size_t(width) * 4;
  client.image_stride = client.row_stride * std::size_t(height);
  client.extent_bytes = client.image_stride;
  st::ClientTexels texels = client_texels(client);
  texels.destination = static_cast<std::byte*>(pixels);
  st::Box box;
  box.z = source.layer;
  box.width = width;
  box.height = height;
  box.depth = 1;
  // The default pack state, not the application's: presentation is not a glReadPixels.
  const st::Result result =
      st::texture_readback(ctx.st(), *source.resource, source.level, box,
                           transfer_request(*source.image, GL_TEXTURE_2D, GL_BGRA, GL_UNSIGNED_BYTE, {}), texels);
  return bool(result);
}

bool allocate_front_buffer(const std::shared_ptr<st::Screen>& screen, FramebufferObject& fb) {
  if (!fb.window || fb.color[kFrontLeftSlot].type != AttachmentObject::NONE) return true;
  return attach_surface_buffer(screen, *fb.window, fb.window->color_format, fb.color[kFrontLeftSlot]);
}

}  // namespace glvk::gl
