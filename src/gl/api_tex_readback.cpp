// Texture image queries (GL 4.6 section 8.11.4): glGetTex(ture)(Sub)Image, glGetnTexImage and the
// compressed forms. Validation here; st reads the texels back (st::texture_readback).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "api_common.h"
#include "texture_internal.h"
#include "state_query.h"
#include "glvk/formats/compressed.h"
#include "glvk/formats/convert.h"
#include "glvk/st/format_choice.h"
#include "glvk/st/shadow.h"
#include "glvk/st/texture.h"
#include "glvk/st/texture_readback.h"
#include "glvk/st/texture_upload.h"
#include "glvk/st/context.h"

namespace glvk::gl {

// The shared tail of every readback (glGetTexImage, glGetTextureSubImage, glReadPixels): st reads
// `box` of `level` into the client memory or pack PBO that `client` describes (st_GetTexImage).
void read_texels(Context& ctx, st::Texture& resource, const TextureImage& image, GLenum target, unsigned level,
                 const st::Box& box, const ClientImage& client, void* pixels, GLenum format, GLenum type,
                 const char* function, bool clamp_colour, bool framebuffer_read) {
  st::ClientTexels texels = client_texels(client);
  if (!client.pbo)
    texels.destination = static_cast<std::byte*>(pixels) + (client.data - static_cast<const std::byte*>(pixels));
  st::TransferRequest request = transfer_request(image, target, format, type, ctx.pack);
  request.luminance_sums_rgb = framebuffer_read;
  const st::Result result = st::texture_readback(ctx.st(), resource, level, box, request, texels, clamp_colour);
  raise_st_failure(ctx, result, function);
}

namespace {

// A region of a level; `whole` stands for the entire image (glGetTexImage).
struct Region {
  GLint x = 0, y = 0, z = 0;
  GLsizei width = 0, height = 0, depth = 0;
  bool whole = true;
};

void get_tex_image(Context& ctx, TextureObject& texture, GLenum target, GLint level, Region region, GLenum format,
                   GLenum type, GLsizei buffer_size, void* pixels, const char* function) {
  if (level < 0 || level >= max_levels(target))
    return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", function, level);
  if (!check_format_and_type(ctx, format, type, function)) return;
  const TextureImage& image = texture.images[face_of(target)][std::size_t(level)];
  if (region.whole) {
    region.width = image.width, region.height = image.height, region.depth = image.depth;
  } else if (region.x < 0 || region.y < 0 || region.z < 0 || region.width < 0 || region.height < 0 ||
             region.depth < 0 || GLint64(region.x) + region.width > image.width ||
             GLint64(region.y) + region.height > image.height || GLint64(region.z) + region.depth > image.depth) {
    return ctx.error(GL_INVALID_VALUE, "%s: the region lies outside the %dx%dx%d image", function, image.width,
                     image.height, image.depth);
  }
  if (!region.whole && image.defined() && formats::describe(image.format).is_compressed &&
      !check_whole_blocks(ctx, image, region.x, region.y, region.width, region.height, GL_INVALID_VALUE, function))
    return;
  if (!image.defined() || !region.width || !region.height || !region.depth) return;
  if (!check_readback_compatible(ctx, image.base_format, image.format, format, function)) return;
  const unsigned dims = binding_target(target) == GL_TEXTURE_3D || depth_is_layers(target) ? 3
                        : binding_target(target) == GL_TEXTURE_1D                           ? 1
                                                                                            : 2;
  ClientImage client;
  if (!client_image(ctx, ctx.pack, GL_PIXEL_PACK_BUFFER, dims, region.width, region.height, region.depth, format,
                    type, pixels, client, function))
    return;
  if (!client.pbo && buffer_size >= 0 && client.extent_bytes + (client.data - static_cast<const std::byte*>(pixels)) >
                                             std::size_t(buffer_size))
    return ctx.error(GL_INVALID_OPERATION, "%s(bufSize = %d): the image needs more bytes", function, buffer_size);
  if (!client.pbo && !pixels) return;
  if (!resource_holds_image(texture, target, level)) return;  // no texels kept for this level

  const st::Box box =
      texture_box(target, region.x, region.y, region.z, region.width, region.height, region.depth);
  read_texels(ctx, *texture.resource, image, target, unsigned(level), box, client, pixels, format, type, function);
}

// glGetCompressedTex(ture)Image and glGetCompressedTextureSubImage: the blocks of `region` (the
// whole image, or a region the caller validated against the image) of one image, rows of blocks
// packed tightly, into client memory or the pack PBO.
void get_compressed_tex_image(Context& ctx, TextureObject& texture, GLenum target, GLint level, const Region& region,
                              GLsizei buffer_size, void* pixels, const char* function) {
  if (level < 0 || level >= max_levels(target))
    return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", function, level);
  const TextureImage& image = texture.images[face_of(target)][std::size_t(level)];
  if (!image.defined() || !formats::describe(image.format).is_compressed)
    return ctx.error(GL_INVALID_OPERATION, "%s: level %d is not a compressed image", function, level);
  const GLint x = region.whole ? 0 : region.x, y = region.whole ? 0 : region.y, z = region.whole ? 0 : region.z;
  const GLsizei w = region.whole ? image.width : region.width, h = region.whole ? image.height : region.height,
                d = region.whole ? image.depth : region.depth;
  if (!region.whole) {
    // GL 4.6 section 8.11.4: whole blocks only, except where the region reaches the image's edge.
    if (!check_region_inside(ctx, image, x, y, z, w, h, d, function) ||
        !check_whole_blocks(ctx, image, x, y, w, h, GL_INVALID_VALUE, function))
      return;
  }
  // Sized from the box st reads (1D arrays: one row of blocks per layer), so the read can never
  // write past the blocks it is given, whatever image reaches here.
  const st::Box box = texture_box(target, x, y, z, w, h, d);
  const std::size_t size = compressed_size(image.format, box.width, box.height, box.depth);
  if (buffer_size >= 0 && std::size_t(buffer_size) < size)
    return ctx.error(GL_INVALID_OPERATION, "%s(bufSize = %d): the image is %zu bytes", function, buffer_size, size);
  const std::shared_ptr<BufferObject>& pbo = bound_buffer(ctx, GL_PIXEL_PACK_BUFFER);
  const auto offset = reinterpret_cast<std::uintptr_t>(pixels);
  if (pbo && (!pbo->resource || !formats::range_inside(offset, size, pbo->size)))
    return ctx.error(GL_INVALID_OPERATION, "%s: the image reaches past the end of the pixel buffer object", function);
  if (pbo && pbo->mapped && !(pbo->access_flags & GL_MAP_PERSISTENT_BIT))
    return ctx.error(GL_INVALID_OPERATION, "%s: the pixel buffer object is mapped", function);
  if (size == 0) return;  // an empty region: nothing to read or write
  const formats::PixelFormat pf(image.format);
  const std::size_t row = pf.row_bytes(unsigned(box.width)), slice = row * pf.block_rows(unsigned(box.height));
  std::vector<std::byte> blocks(size);
  if (image.compressed_blocks) {
    // Decoded storage: the blocks as the application gave them.
    const std::size_t image_row = pf.row_bytes(unsigned(image.width));
    const std::size_t image_slice = image_row * pf.block_rows(unsigned(image.height));
    const std::size_t skip = pf.row_bytes(unsigned(x));
    const unsigned first_row = pf.block_rows(unsigned(y));
    for (GLsizei s = 0; s < d; ++s)
      for (unsigned r = 0; r < pf.block_rows(unsigned(h)); ++r)
        std::memcpy(blocks.data() + std::size_t(s) * slice + r * row,
                    image.compressed_blocks->data() + std::size_t(z + s) * image_slice + (first_row + r) * image_row + skip,
                    row);
  } else if (resource_holds_image(texture, target, level)) {
    st::texture_read(*texture.resource, unsigned(level), box, blocks.data(), row, slice);
  }
  if (pbo)
    ctx.st().buffer_subdata(*pbo->resource, st::PIPE_TRANSFER_WRITE, offset, size, blocks.data());
  else if (pixels)
    std::memcpy(pixels, blocks.data(), size);
}

}  // namespace

namespace api {

// Targets glGetTexImage accepts: no proxies, no GL_TEXTURE_CUBE_MAP (its faces instead).
bool is_get_image_target(unsigned, GLenum target) {
  return target == GL_TEXTURE_1D || target == GL_TEXTURE_2D || target == GL_TEXTURE_3D ||
         target == GL_TEXTURE_1D_ARRAY || target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_RECTANGLE ||
         target == GL_TEXTURE_CUBE_MAP_ARRAY || is_cube_face(target);
}

void GetTexImage(Context& ctx, const char* fn, GLenum target, GLint level, GLenum format, GLenum type, void* pixels) {
  if (TextureRef t = target_texture(ctx, target, is_get_image_target, 0, fn))
    get_tex_image(ctx, *t, target, level, Region{}, format, type, -1, pixels, fn);
}

// Textures glGetTexture(Sub)Image and glGetCompressedTextureImage read: the glGetTexImage targets
// and cube maps, whose faces they return as layers.
bool is_texture_image_target(unsigned, GLenum target) {
  return is_get_image_target(0, target) || target == GL_TEXTURE_CUBE_MAP;
}

// glGetTexture(Sub)Image of a cube map: `face_region` of the faces zoffset .. zoffset + depth - 1,
// one after the other as an array's layers would be.
void get_cube_faces(Context& ctx, TextureObject& t, GLint level, Region face_region, GLint zoffset, GLsizei depth,
                    GLenum format, GLenum type, GLsizei buffer_size, void* pixels, const char* function) {
  for_each_cube_face(ctx, t, level, zoffset, depth, function, [&](GLenum face, GLsizei index) {
    const TextureImage& image = t.images[std::size_t(zoffset)][std::size_t(level)];
    const long face_bytes =
        formats::image_image_stride(ctx.pack, face_region.whole ? image.width : face_region.width,
                                    face_region.whole ? image.height : face_region.height, format, type);
    if (face_bytes < 0 || !(formats::CheckedSize(face_bytes) * 6).fits_in<long>())
      return ctx.error(GL_INVALID_OPERATION, "%s: bad pixel layout", function);
    get_tex_image(ctx, t, face, level, face_region, format, type,
                  GLsizei(std::max<long>(0, buffer_size - index * face_bytes)),
                  piece_of_transfer(ctx, GL_PIXEL_PACK_BUFFER, pixels, index, std::size_t(face_bytes)), function);
  });
}

// glGetCompressedTexture(Sub)Image of a cube map: the blocks of `face_region` of the faces
// zoffset .. zoffset + depth - 1, one after the other.
void get_compressed_cube_faces(Context& ctx, TextureObject& t, GLint level, const Region& face_region, GLint zoffset,
                               GLsizei depth, GLsizei buffer_size, void* pixels, const char* function) {
  for_each_cube_face(ctx, t, level, zoffset, depth, function, [&](GLenum face, GLsizei index) {
    const TextureImage& image = t.images[std::size_t(zoffset)][std::size_t(level)];
    const std::size_t face_size =
        image.defined() && formats::describe(image.format).is_compressed
            ? compressed_size(image.format, face_region.whole ? image.width : face_region.width,
                              face_region.whole ? image.height : face_region.height, 1)
            : 0;
    get_compressed_tex_image(ctx, t, face, level, face_region,
                             GLsizei(std::max<long>(0, buffer_size - index * long(face_size))),
                             piece_of_transfer(ctx, GL_PIXEL_PACK_BUFFER, pixels, index, face_size), function);
  });
}

void GetTextureImage(Context& ctx, const char* fn, GLuint texture, GLint level, GLenum format, GLenum type,
                     GLsizei bufSize, void* pixels) {
  if (!check_buffer_size(ctx, bufSize, fn)) return;
  TextureRef t = named_texture_of(ctx, texture, is_texture_image_target, 0, fn);
  if (!t) return;
  if (t->target == GL_TEXTURE_CUBE_MAP)
    return get_cube_faces(ctx, *t, level, Region{}, 0, 6, format, type, bufSize, pixels, fn);
  get_tex_image(ctx, *t, t->target, level, Region{}, format, type, bufSize, pixels, fn);
}

void GetTextureSubImage(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                        GLint zoffset, GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type,
                        GLsizei bufSize, void* pixels) {
  if (!check_buffer_size(ctx, bufSize, fn)) return;
  TextureRef t = named_texture_of(ctx, texture, is_texture_image_target, 0, fn);
  if (!t) return;
  if (t->target == GL_TEXTURE_CUBE_MAP)
    return get_cube_faces(ctx, *t, level, Region{xoffset, yoffset, 0, width, height, 1, false}, zoffset, depth,
                          format, type, bufSize, pixels, fn);
  get_tex_image(ctx, *t, t->target, level, Region{xoffset, yoffset, zoffset, width, height, depth, false}, format,
                type, bufSize, pixels, fn);
}

void GetCompressedTexImage(Context& ctx, const char* fn, GLenum target, GLint level, void* img) {
  if (TextureRef t = target_texture(ctx, target, is_get_image_target, 0, fn))
    get_compressed_tex_image(ctx, *t, target, level, Region{}, -1, img, fn);
}

void GetCompressedTextureImage(Context& ctx, const char* fn, GLuint texture, GLint level, GLsizei bufSize,
                               void* pixels) {
  if (!check_buffer_size(ctx, bufSize, fn)) return;
  TextureRef t = named_texture_of(ctx, texture, is_texture_image_target, 0, fn);
  if (!t) return;
  if (t->target != GL_TEXTURE_CUBE_MAP)
    return get_compressed_tex_image(ctx, *t, t->target, level, Region{}, bufSize, pixels, fn);
  get_compressed_cube_faces(ctx, *t, level, Region{}, 0, 6, bufSize, pixels, fn);
}

void GetCompressedTextureSubImage(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset,
                                  GLint yoffset, GLint zoffset, GLsizei width, GLsizei height, GLsizei depth,
                                  GLsizei bufSize, void* pixels) {
  if (!check_buffer_size(ctx, bufSize, fn)) return;
  TextureRef t = named_texture_of(ctx, texture, is_texture_image_target, 0, fn);
  if (!t) return;
  if (width < 0 || height < 0 || depth < 0)
    return ctx.error(GL_INVALID_VALUE, "%s: negative width, height or depth", fn);
  if (t->target != GL_TEXTURE_CUBE_MAP)
    return get_compressed_tex_image(ctx, *t, t->target, level, Region{xoffset, yoffset, zoffset, width, height, depth, false},
                                    bufSize, pixels, fn);
  get_compressed_cube_faces(ctx, *t, level, Region{xoffset, yoffset, 0, width, height, 1, false}, zoffset, depth,
                            bufSize, pixels, fn);
}

void GetnTexImage(Context& ctx, const char* fn, GLenum target, GLint level, GLenum format, GLenum type,
                  GLsizei bufSize, void* pixels) {
  if (!check_buffer_size(ctx, bufSize, fn)) return;
  if (TextureRef t = target_texture(ctx, target, is_get_image_target, 0, fn))
    get_tex_image(ctx, *t, target, level, Region{}, format, type, bufSize, pixels, fn);
}

void GetnCompressedTexImage(Context& ctx, const char* fn, GLenum target, GLint lod, GLsizei bufSize, void* pixels) {
  if (!check_buffer_size(ctx, bufSize, fn)) return;
  if (TextureRef t = target_texture(ctx, target, is_get_image_target, 0, fn))
    get_compressed_tex_image(ctx, *t, target, lod, Region{}, bufSize, pixels, fn);
}

}  // namespace api

}  // namespace glvk::gl
