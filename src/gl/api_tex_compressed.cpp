// Compressed texture images (GL 4.6 section 8.7): glCompressedTex(ture)(Sub)Image and the
// compressed format list; blocks are kept beside decoded storage where the device lacks the format.
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

// Bytes of a w x h x d image of a block-compressed format.
std::size_t compressed_size(Format format, GLsizei w, GLsizei h, GLsizei d) {
  const formats::PixelFormat pf(format);
  // Callers pass sizes within the texture limits; checked all the same (SIZE_MAX never matches a
  // real imageSize and fails every allocation).
  return (formats::CheckedSize(pf.row_bytes(unsigned(w))) * pf.block_rows(unsigned(h)) * formats::CheckedSize(d))
      .value_or<std::size_t>(SIZE_MAX);
}

namespace {

// The compressed blocks a call supplies, from client memory or the bound unpack PBO (INVALID_OPERATION
// when the PBO is mapped or too small). Empty when there is no data.
bool compressed_source(Context& ctx, const void* data, std::size_t size, std::vector<std::byte>& out,
                       const char* function) {
  const std::shared_ptr<BufferObject>& pbo = bound_buffer(ctx, GL_PIXEL_UNPACK_BUFFER);
  if (pbo) {
    const auto offset = reinterpret_cast<std::uintptr_t>(data);
    if (pbo->mapped && !(pbo->access_flags & GL_MAP_PERSISTENT_BIT)) {
      ctx.error(GL_INVALID_OPERATION, "%s: the pixel buffer object is mapped", function);
      return false;
    }
    if (size && (!pbo->resource || !formats::range_inside(offset, size, pbo->size))) {
      ctx.error(GL_INVALID_OPERATION, "%s: the data reaches past the end of the pixel buffer object", function);
      return false;
    }
    out.resize(size);
    if (size) ctx.st().buffer_read(*pbo->resource, offset, size, out.data());
  } else if (data) {
    out.assign(static_cast<const std::byte*>(data), static_cast<const std::byte*>(data) + size);
  }
  return true;
}

}  // namespace

// Writes blocks of a region: as they are when the device has the format, else decoded into the
// storage format (and kept, so glGetCompressedTexImage returns what the application gave).
void upload_compressed(Context& ctx, TextureObject& texture, GLenum target, GLint level, TextureImage& image,
                       GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d, const std::vector<std::byte>& blocks,
                       const char* function) {
  if (blocks.empty() || !texture.resource || !w || !h || !d) return;
  const st::Result result = st::texture_write_blocks(*texture.resource, unsigned(level),
                                                     texture_box(target, x, y, z, w, h, d), image.format,
                                                     image.storage, blocks.data());
  if (raise_st_failure(ctx, result, function) || image.storage == image.format) return;
  const formats::PixelFormat compressed(image.format);
  const std::size_t row = compressed.row_bytes(unsigned(w)), slice = row * compressed.block_rows(unsigned(h));
  // Keep the application's blocks: patch the region's block rows into the whole image's copy.
  const formats::FormatDesc& fd = formats::describe(image.format);
  if (!image.compressed_blocks)
    image.compressed_blocks = std::make_shared<std::vector<std::byte>>(
        compressed_size(image.format, image.width, image.height, image.depth));
  const std::size_t image_row = compressed.row_bytes(unsigned(image.width));
  const std::size_t image_slice = image_row * compressed.block_rows(unsigned(image.height));
  const std::size_t x_bytes = std::size_t(x / fd.block_width) * (fd.block_bits / 8);
  for (GLsizei s = 0; s < d; ++s)
    for (unsigned r = 0; r < compressed.block_rows(unsigned(h)); ++r)
      std::memcpy(image.compressed_blocks->data() + std::size_t(z + s) * image_slice +
                      (std::size_t(y / fd.block_height) + r) * image_row + x_bytes,
                  blocks.data() + std::size_t(s) * slice + r * row, row);
}

namespace {

void compressed_tex_image(Context& ctx, TextureObject& texture, unsigned dims, GLenum target, GLint level,
                          GLenum internal_format, GLsizei width, GLsizei height, GLsizei depth, GLint border,
                          GLsizei image_size, const void* data, const char* function) {
  if (binding_target(target) == GL_TEXTURE_RECTANGLE)
    return ctx.error(GL_INVALID_ENUM, "%s: rectangle textures cannot be compressed", function);
  if (level < 0 || level >= max_levels(target))
    return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", function, level);
  const formats::InternalFormatInfo* info = formats::find_internal_format(internal_format);
  const st::ChosenFormat chosen =
      info ? st::choose_texture_format(st::format_support(ctx.st().screen()), target, internal_format, GL_NONE, GL_NONE)
           : st::ChosenFormat{};
  if (!info || !info->sized || !chosen.valid() || !formats::describe(chosen.format).is_compressed)
    return ctx.error(GL_INVALID_ENUM, "%s(internalformat = 0x%04x): not a specific compressed format", function,
                     internal_format);
  if (width < 0 || height < 0 || depth < 0)
    return ctx.error(GL_INVALID_VALUE, "%s: negative width, height or depth", function);
  if (border != 0) return ctx.error(GL_INVALID_VALUE, "%s(border = %d): must be 0", function, border);
  if (!check_compressed_target(ctx, target, chosen.format, function)) return;
  if ((is_cube_face(target) || binding_target(target) == GL_TEXTURE_CUBE_MAP_ARRAY) && width != height)
    return ctx.error(GL_INVALID_VALUE, "%s: cube map images must be square", function);
  const SizeLimits limits = size_limits(target);
  if (!level_extent_fits(width, level, limits.width) || !level_extent_fits(height, level, limits.height) ||
      (depth_is_layers(target) && depth > limits.depth) ||
      (binding_target(target) == GL_TEXTURE_3D && !level_extent_fits(depth, level, limits.depth)))
    return ctx.error(GL_INVALID_VALUE, "%s: %dx%dx%d exceeds the maximum size", function, width, height, depth);
  const std::size_t expected = compressed_size(chosen.format, width, height, dims == 3 ? depth : 1);
  if (image_size < 0 || std::size_t(image_size) != expected)
    return ctx.error(GL_INVALID_VALUE, "%s(imageSize = %d): a %dx%dx%d %s image is %zu bytes", function, image_size,
                     width, height, depth, info->name, expected);
  if (texture.immutable) return ctx.error(GL_INVALID_OPERATION, "%s: the texture is immutable", function);
  std::vector<std::byte> blocks;
  if (!compressed_source(ctx, data, expected, blocks, function)) return;

  TextureImage image;
  image.internal_format = GLint(internal_format);
  image.base_format = info->base_format;
  image.format = chosen.format;
  image.storage = chosen.storage;
  image.width = width;
  image.height = height;
  image.depth = dims == 3 ? depth : 1;
  if (is_proxy(target)) {
    texture.images[0][std::size_t(level)] = image;
    return;
  }
  if (!ensure_resource(ctx, texture, target, level, image, chosen.bindings, function)) return;
  TextureImage& stored = texture.images[face_of(target)][std::size_t(level)];
  stored = image;
  upload_compressed(ctx, texture, target, level, stored, 0, 0, 0, width, height, stored.depth, blocks, function);
}

void compressed_tex_sub_image(Context& ctx, TextureObject& texture, unsigned dims, GLenum target, GLint level,
                              GLint x, GLint y, GLint z, GLsizei width, GLsizei height, GLsizei depth, GLenum format,
                              GLsizei image_size, const void* data, const char* function) {
  if (level < 0 || level >= max_levels(target))
    return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", function, level);
  if (width < 0 || height < 0 || depth < 0)
    return ctx.error(GL_INVALID_VALUE, "%s: negative width, height or depth", function);
  TextureImage& image = texture.images[face_of(target)][std::size_t(level)];
  if (!image.defined()) return ctx.error(GL_INVALID_OPERATION, "%s: level %d has no image", function, level);
  if (GLenum(image.internal_format) != format)
    return ctx.error(GL_INVALID_OPERATION, "%s(format = 0x%04x): not the texture's internal format", function, format);
  if (!formats::describe(image.format).is_compressed)
    return ctx.error(GL_INVALID_OPERATION, "%s: level %d is not a compressed image", function, level);
  if (!check_region_inside(ctx, image, x, y, z, width, height, depth, function)) return;
  if (!check_whole_blocks(ctx, image, x, y, width, height, GL_INVALID_OPERATION, function)) return;
  const std::size_t expected = compressed_size(image.format, width, height, dims == 3 ? depth : 1);
  if (image_size < 0 || std::size_t(image_size) != expected)
    return ctx.error(GL_INVALID_VALUE, "%s(imageSize = %d): the region is %zu bytes", function, image_size, expected);
  std::vector<std::byte> blocks;
  if (!compressed_source(ctx, data, expected, blocks, function)) return;
  if (!make_resource_hold(ctx, texture, target, level, function)) return;
  upload_compressed(ctx, texture, target, level, image, x, y, z, width, height, dims == 3 ? depth : 1, blocks,
                    function);
}

}  // namespace

// The "general-purpose" specific compressed formats glvk lists (GL 4.6 section 8.7 leaves RGTC and
// BPTC out; every format here is stored natively or decoded, and S3TC is also encoded on upload).
constexpr GLenum kListedCompressedFormats[] = {
    GL_COMPRESSED_RGB_S3TC_DXT1_EXT,       GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,
    GL_COMPRESSED_RGBA_S3TC_DXT3_EXT,      GL_COMPRESSED_RGBA_S3TC_DXT5_EXT,
    GL_COMPRESSED_RGB8_ETC2,               GL_COMPRESSED_SRGB8_ETC2,
    GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2,
    GL_COMPRESSED_RGBA8_ETC2_EAC,          GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC,
    GL_COMPRESSED_R11_EAC,                 GL_COMPRESSED_SIGNED_R11_EAC,
    GL_COMPRESSED_RG11_EAC,                GL_COMPRESSED_SIGNED_RG11_EAC,
};

static_assert(std::size(kListedCompressedFormats) <= StateValue::kMaxCount);

bool query_compressed_formats(GLenum pname, StateValue& value) {
  if (pname == GL_NUM_COMPRESSED_TEXTURE_FORMATS) {
    value.set_integers({GLint64(std::size(kListedCompressedFormats))});
    return true;
  }
  if (pname != GL_COMPRESSED_TEXTURE_FORMATS) return false;
  value.type = StateValue::Type::Integer;
  value.count = std::size(kListedCompressedFormats);
  for (std::size_t i = 0; i < value.count; ++i) value.integers[i] = kListedCompressedFormats[i];
  return true;
}

namespace api {

void CompressedTexImage2D(Context& ctx, const char* fn, GLenum target, GLint level, GLenum internalformat,
                          GLsizei width, GLsizei height, GLint border, GLsizei imageSize, const void* data) {
  if (TextureRef t = target_texture(ctx, target, is_image_target, 2, fn))
    compressed_tex_image(ctx, *t, 2, target, level, internalformat, width, height, 1, border, imageSize, data,
                         fn);
}

void CompressedTexImage3D(Context& ctx, const char* fn, GLenum target, GLint level, GLenum internalformat,
                          GLsizei width, GLsizei height, GLsizei depth, GLint border, GLsizei imageSize,
                          const void* data) {
  if (TextureRef t = target_texture(ctx, target, is_image_target, 3, fn))
    compressed_tex_image(ctx, *t, 3, target, level, internalformat, width, height, depth, border, imageSize, data,
                         fn);
}

void CompressedTexSubImage2D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLint yoffset,
                             GLsizei width, GLsizei height, GLenum format, GLsizei imageSize, const void* data) {
  if (TextureRef t = target_texture(ctx, target, is_sub_image_target, 2, fn))
    compressed_tex_sub_image(ctx, *t, 2, target, level, xoffset, yoffset, 0, width, height, 1, format, imageSize,
                             data, fn);
}

void CompressedTexSubImage3D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLint yoffset,
                             GLint zoffset, GLsizei width, GLsizei height, GLsizei depth, GLenum format,
                             GLsizei imageSize, const void* data) {
  if (TextureRef t = target_texture(ctx, target, is_sub_image_target, 3, fn))
    compressed_tex_sub_image(ctx, *t, 3, target, level, xoffset, yoffset, zoffset, width, height, depth, format,
                             imageSize, data, fn);
}

void CompressedTexImage1D(Context& ctx, const char* fn, GLenum target, GLint level, GLenum internalformat,
                          GLsizei width, GLint border, GLsizei imageSize, const void* data) {
  // No compressed format has one-dimensional images: this always ends in the spec's error.
  if (TextureRef t = target_texture(ctx, target, is_image_target, 1, fn))
    compressed_tex_image(ctx, *t, 1, target, level, internalformat, width, 1, 1, border, imageSize, data,
                         fn);
}

void CompressedTexSubImage1D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLsizei width,
                             GLenum format, GLsizei imageSize, const void* data) {
  if (TextureRef t = target_texture(ctx, target, is_sub_image_target, 1, fn))
    compressed_tex_sub_image(ctx, *t, 1, target, level, xoffset, 0, 0, width, 1, 1, format, imageSize, data,
                             fn);
}

void CompressedTextureSubImage1D(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset,
                                 GLsizei width, GLenum format, GLsizei imageSize, const void* data) {
  if (TextureRef t = named_texture_of(ctx, texture, is_sub_image_target, 1, fn))
    compressed_tex_sub_image(ctx, *t, 1, t->target, level, xoffset, 0, 0, width, 1, 1, format, imageSize, data,
                             fn);
}

void CompressedTextureSubImage2D(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset,
                                 GLint yoffset, GLsizei width, GLsizei height, GLenum format, GLsizei imageSize,
                                 const void* data) {
  if (TextureRef t = named_texture_of(ctx, texture, is_sub_image_target, 2, fn))
    compressed_tex_sub_image(ctx, *t, 2, t->target, level, xoffset, yoffset, 0, width, height, 1, format,
                             imageSize, data, fn);
}

void CompressedTextureSubImage3D(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset,
                                 GLint yoffset, GLint zoffset, GLsizei width, GLsizei height, GLsizei depth,
                                 GLenum format, GLsizei imageSize, const void* data) {
  TextureRef t = named_texture_of(ctx, texture, is_sub_image_or_cube_target, 3, fn);
  if (!t) return;
  if (t->target != GL_TEXTURE_CUBE_MAP)
    return compressed_tex_sub_image(ctx, *t, 3, t->target, level, xoffset, yoffset, zoffset, width, height, depth,
                                    format, imageSize, data, fn);
  // The faces' blocks follow one another: each face takes an equal share of imageSize.
  const GLsizei face_size = depth > 0 ? imageSize / depth : imageSize;
  if (depth > 0 && face_size * depth != imageSize)
    return ctx.error(GL_INVALID_VALUE, "%s(imageSize = %d): not %d equal faces", fn, imageSize, depth);
  for_each_cube_face(ctx, *t, level, zoffset, depth, fn, [&](GLenum face, GLsizei index) {
    compressed_tex_sub_image(ctx, *t, 2, face, level, xoffset, yoffset, 0, width, height, 1, format, face_size,
                             piece_of_transfer(ctx, GL_PIXEL_UNPACK_BUFFER, data, index, std::size_t(face_size)), fn);
  });
}

}  // namespace api

}  // namespace glvk::gl
