// glTexImage1D/2D/3D in display lists (GL 4.6 compatibility 21.4.1): compiled with their texels,
// unpacked when the command is compiled with the pixel store (and pixel unpack buffer) of that
// moment, as every pixel command's client data; proxy targets execute at once and are not
// compiled. The replay specifies the image from the kept copy, rows packed tightly (the byte swap
// of compile time still to apply); pixel transfer, server state, applies when the list runs.
#include <cstring>
#include <memory>
#include <vector>

#include "api_common.h"
#include "glvk/gl/dispatch.h"
#include "glvk/st/context.h"
#include "legacy_internal.h"
#include "texture_internal.h"

namespace glvk::gl {

bool compile_tex_image(Context& ctx, const char* fn, unsigned dims, GLenum target, GLint level, GLint internalformat,
                       GLsizei w, GLsizei h, GLsizei d, GLint border, GLenum format, GLenum type, const void* pixels) {
  if (is_proxy(target)) return true;
  // COLOR_INDEX texels keep their indices as read (FLOAT, the index arithmetic and lookup left to
  // the replay: pixel transfer state applies when the list runs).
  if (format == GL_COLOR_INDEX && dims <= 2 && w >= 0 && h >= 0 && is_color_index_type(type)) {
    auto indices = std::make_shared<std::vector<GLfloat>>();
    const PixelTransfer transfer = ctx.legacy.transfer;
    ctx.legacy.transfer.index_shift = ctx.legacy.transfer.index_offset = 0;
    const bool read = (!pixels && !bound_buffer(ctx, GL_PIXEL_UNPACK_BUFFER)) ||
                      unpack_color_indices(ctx, fn, w, dims == 1 ? 1 : h, type, pixels, *indices);
    ctx.legacy.transfer = transfer;
    if (!read) return false;
    record_list_command(ctx, [=](Context& c) {
      if (c.legacy.inside_begin_end()) return between_begin_end(c, fn);
      DefaultPixelStore store(c, GL_PIXEL_UNPACK_BUFFER, false);
      if (TextureRef t = target_texture(c, target, is_image_target, dims, fn))
        tex_image(c, *t, dims, target, level, internalformat, w, h, d, border, GL_COLOR_INDEX, GL_FLOAT,
                  indices->empty() ? nullptr : indices->data(), fn);
    });
    return ctx.legacy.list_mode == GL_COMPILE_AND_EXECUTE;
  }
  std::shared_ptr<std::vector<std::byte>> texels;  // null: no data
  const int bpp = formats::bytes_per_pixel(format, type);
  if (bpp > 0 && w > 0 && h > 0 && d > 0 && (pixels || bound_buffer(ctx, GL_PIXEL_UNPACK_BUFFER))) {
    ClientImage client;
    if (!client_image(ctx, ctx.unpack, GL_PIXEL_UNPACK_BUFFER, dims, w, h, d, format, type, pixels, client, fn))
      return false;
    std::vector<std::byte> pbo_bytes;
    const std::byte* base = client.data;
    if (client.pbo) {
      pbo_bytes.resize(client.extent_bytes);
      ctx.st().buffer_read(*client.pbo->resource, client.pbo_offset, pbo_bytes.size(), pbo_bytes.data());
      base = pbo_bytes.data();
    }
    const std::size_t row = std::size_t(bpp) * std::size_t(w);
    texels = std::make_shared<std::vector<std::byte>>(row * std::size_t(h) * std::size_t(d));
    for (GLsizei z = 0; z < d; ++z)
      for (GLsizei y = 0; y < h; ++y)
        std::memcpy(texels->data() + row * (std::size_t(z) * std::size_t(h) + std::size_t(y)),
                    base + client.image_stride * std::size_t(z) + client.row_stride * std::size_t(y), row);
  }
  const bool swap = ctx.unpack.swap_bytes;
  record_list_command(ctx, [=](Context& c) {
    if (c.legacy.inside_begin_end()) return between_begin_end(c, fn);  // a list called in glBegin
    DefaultPixelStore store(c, GL_PIXEL_UNPACK_BUFFER, false);
    c.unpack.swap_bytes = swap;
    if (TextureRef t = target_texture(c, target, is_image_target, dims, fn))
      tex_image(c, *t, dims, target, level, internalformat, w, h, d, border, format, type,
                texels ? texels->data() : nullptr, fn);
  });
  return ctx.legacy.list_mode == GL_COMPILE_AND_EXECUTE;
}

}  // namespace glvk::gl
