// Reading pixels (GL 4.6 section 18.2): glReadPixels, glReadnPixels and glClampColor. Validation here; st reads
// the texels back (st::texture_readback).
#include <algorithm>
#include <optional>
#include <bit>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <tuple>

#include "api_common.h"
#include "state_query.h"
#include "glvk/gl/framebuffer_completeness.h"
#include "glvk/formats/convert.h"
#include "glvk/formats/pack.h"
#include "glvk/st/format_choice.h"
#include "glvk/st/framebuffer_state.h"
#include "glvk/st/shadow.h"
#include "glvk/st/texture_upload.h"
#include "glvk/st/texture.h"
#include "framebuffer_internal.h"
#include "texture_internal.h"

namespace glvk::gl {

namespace {

// glReadPixels, and glReadnPixels with `buffer_size` >= 0: client memory past it is never written.
void read_pixels(Context& ctx, const char* fn, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
                 GLenum type, GLsizei buffer_size, void* pixels) {
  if (width < 0 || height < 0) return ctx.error(GL_INVALID_VALUE, "%s: negative width or height", fn);
  if (!check_format_and_type(ctx, format, type, fn)) return;
  FramebufferObject* fb = ctx.current_read_framebuffer();
  if (framebuffer_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE)
    return ctx.error(GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the read framebuffer is not complete", fn);
  // Which attachment: the read buffer for colour, the depth/stencil attachment for those formats.
  const FramebufferAttachment* a = nullptr;
  if (format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL) {
    a = &fb->depth;
    if (format == GL_DEPTH_STENCIL && (fb->stencil.type == AttachmentObject::NONE ||
                                       fb->stencil.texture != fb->depth.texture ||
                                       fb->stencil.renderbuffer != fb->depth.renderbuffer))
      return ctx.error(GL_INVALID_OPERATION, "%s: depth and stencil are not one image", fn);
  } else if (format == GL_STENCIL_INDEX) {
    a = &fb->stencil;
  } else {
    a = read_buffer_attachment(*fb);
    if (!a) return ctx.error(GL_INVALID_OPERATION, "%s: the read buffer is GL_NONE", fn);
  }
  TextureImage scratch;
  const TextureImage* image = attached_image(*a, scratch);
  // A surface of zero pixels (EGL's default pbuffer size) has its buffers, with nothing to read.
  if (fb->window && image && image->format != formats::Format::NONE && !image->defined()) return;
  if (!image || !image->defined())
    return ctx.error(GL_INVALID_OPERATION, "%s: the framebuffer has no buffer for format 0x%04x", fn, format);
  if (image->samples > 1 && !fb->window)
    return ctx.error(GL_INVALID_OPERATION, "%s: the read buffer is multisampled", fn);
  if (!check_compatible(ctx, image->base_format, image->format, format, fn)) return;
  ClientImage client;
  if (!client_image(ctx, ctx.pack, GL_PIXEL_PACK_BUFFER, 2, width, height, 1, format, type, pixels, client, fn))
    return;
  // KHR_robustness: the whole client image (every row as the pack state lays it out) must fit.
  if (!client.pbo && buffer_size >= 0 &&
      client.extent_bytes + std::size_t(client.data - static_cast<const std::byte*>(pixels)) > std::size_t(buffer_size))
    return ctx.error(GL_INVALID_OPERATION, "%s(bufSize = %d): the image needs more bytes", fn, buffer_size);
  if (!client.pbo && !pixels) return;
  // Pixels outside the attachment are undefined: read the part inside, leave the rest alone.
  const GLint x0 = std::max(x, 0), y0 = std::max(y, 0);
  const GLint x1 = std::min<GLint64>(GLint64(x) + width, image->width), y1 = std::min<GLint64>(GLint64(y) + height, image->height);
  if (x1 <= x0 || y1 <= y0) return;
  ReadSource source;
  if (!read_source(ctx, *a, source)) return;
  const int bpp = formats::bytes_per_pixel(format, type);
  // In 64 bits: x and y may be as low as INT_MIN. The skip lies inside the client image.
  const std::size_t skip = std::size_t(GLint64(y0) - y) * client.row_stride + std::size_t(GLint64(x0) - x) * std::size_t(bpp);
  ClientImage inside = client;
  inside.data = client.data ? client.data + skip : nullptr;
  inside.pbo_offset = client.pbo_offset + skip;
  inside.extent_bytes = std::size_t(y1 - y0 - 1) * client.row_stride + std::size_t(x1 - x0) * std::size_t(bpp);
  st::Box box;
  box.x = x0;
  box.y = y0;
  box.z = source.layer;
  box.width = x1 - x0;
  box.height = y1 - y0;
  box.depth = 1;
  void* target = client.pbo ? pixels : const_cast<std::byte*>(inside.data);
  // The read colour clamp (GL 4.6 section 18.2.8): always, never, or for fixed-point buffers
  // (unsigned and signed normalized; Mesa llvmpipe and zink clamp snorm buffers too).
  const formats::FormatDesc& stored = formats::describe(source.image->storage);
  const bool clamp = ctx.clamp_read_color == GL_TRUE ||
                     (ctx.clamp_read_color == GL_FIXED_ONLY && (stored.is_unorm || stored.is_snorm));
  read_texels(ctx, *source.resource, *source.image, GL_TEXTURE_2D, source.level, box, inside, target, format, type,
              fn, clamp, true);
}

}  // namespace

namespace api {

void ReadPixels(Context& ctx, const char* fn, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
                GLenum type, void* pixels) {
  read_pixels(ctx, fn, x, y, width, height, format, type, -1, pixels);
}

void ReadnPixels(Context& ctx, const char* fn, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
                 GLenum type, GLsizei bufSize, void* data) {
  if (!check_buffer_size(ctx, bufSize, fn)) return;
  read_pixels(ctx, fn, x, y, width, height, format, type, bufSize, data);
}

void ClampColor(Context& ctx, const char* fn, GLenum target, GLenum clamp) {
  GLenum* state = target == GL_CLAMP_READ_COLOR ? &ctx.clamp_read_color : nullptr;
  if (!ctx.config().core_profile) {
    if (target == GL_CLAMP_VERTEX_COLOR) state = &ctx.clamp_vertex_color;
    if (target == GL_CLAMP_FRAGMENT_COLOR) state = &ctx.clamp_fragment_color;
  }
  if (!state) return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x)", fn, target);
  if (clamp != GL_TRUE && clamp != GL_FALSE && clamp != GL_FIXED_ONLY)
    return ctx.error(GL_INVALID_ENUM, "%s(clamp = 0x%04x)", fn, clamp);
  *state = clamp;
}

}  // namespace api

}  // namespace glvk::gl
