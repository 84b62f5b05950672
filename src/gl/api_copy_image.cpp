// glCopyImageSubData (GL 4.6 section 18.3.3): raw texel copies between textures and renderbuffers
// of compatible internal formats (one view class, or a compressed block the size of an
// uncompressed texel). Lowered to vkCmdCopyImage when both stored formats hold the GL bits the
// same way (st::texture_copy); otherwise the bits go through the CPU, out of and back into each
// side's storage format (decoded compressed images keep their blocks beside the texels).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "api_common.h"
#include "texture_internal.h"
#include "glvk/formats/convert.h"
#include "glvk/formats/gl_client.h"
#include "glvk/gl/framebuffer_object.h"
#include "glvk/st/texture.h"

namespace glvk::gl {
namespace {

using formats::FormatDesc;

bool is_copy_target(GLenum target) {
  switch (target) {
    case GL_RENDERBUFFER: case GL_TEXTURE_1D: case GL_TEXTURE_2D: case GL_TEXTURE_3D: case GL_TEXTURE_1D_ARRAY:
    case GL_TEXTURE_2D_ARRAY: case GL_TEXTURE_RECTANGLE: case GL_TEXTURE_CUBE_MAP: case GL_TEXTURE_CUBE_MAP_ARRAY:
    case GL_TEXTURE_2D_MULTISAMPLE: case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      return true;
    default:
      return false;
  }
}

// One side of a copy: the object, its image of the level (a cube map's faces count as its depth)
// and the resource holding the texels.
struct CopySide {
  std::shared_ptr<TextureObject> texture;  // null for a renderbuffer
  std::shared_ptr<RenderbufferObject> renderbuffer;
  GLenum target = 0;
  GLint level = 0;
  TextureImage image;
  std::shared_ptr<st::Texture> resource;
};

// Whether every image a level needs is there and consistent (GL 4.6 section 8.17): the base level
// (all faces of a cube map, square and alike) and, for another level, the mipmap chain from the
// base up to it. Immutable textures are complete by construction.
bool complete_for_copy(const TextureObject& t, GLint level) {
  if (t.immutable) return true;
  const GLint base = t.base_level;
  if (base >= GLint(kMaxTextureLevels) || level < base || level > t.max_level) return false;
  const unsigned faces = t.target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
  const TextureImage& first = t.images[0][std::size_t(base)];
  if (!first.defined() || !first.width || !first.height || !first.depth) return false;
  const bool layered = t.target == GL_TEXTURE_1D_ARRAY || t.target == GL_TEXTURE_2D_ARRAY ||
                       t.target == GL_TEXTURE_CUBE_MAP_ARRAY;
  for (GLint l = base; l <= level; ++l) {
    const int shift = l - base;
    const GLsizei w = std::max(1, first.width >> shift);
    const GLsizei h = t.target == GL_TEXTURE_1D_ARRAY ? first.height : std::max(1, first.height >> shift);
    const GLsizei d = layered ? first.depth : t.target == GL_TEXTURE_3D ? std::max(1, first.depth >> shift) : 1;
    for (unsigned f = 0; f < faces; ++f) {
      const TextureImage& image = t.images[f][std::size_t(l)];
      if (image.internal_format != first.internal_format || image.width != w || image.height != h ||
          image.depth != d || (faces == 6 && image.width != image.height))
        return false;
    }
  }
  return true;
}

// Resolves (name, target, level) into `side`; false after raising the spec's error.
bool find_side(Context& ctx, GLuint name, GLenum target, GLint level, CopySide& side, const char* which,
               const char* function) {
  if (!is_copy_target(target)) {
    ctx.error(GL_INVALID_ENUM, "%s(%sTarget = 0x%04x): not a renderbuffer or texture target", function, which, target);
    return false;
  }
  side.target = target;
  side.level = level;
  if (target == GL_RENDERBUFFER) {
    side.renderbuffer = ctx.share_group().find_renderbuffer(name);
    if (!side.renderbuffer) {
      ctx.error(GL_INVALID_VALUE, "%s(%sName = %u): not a renderbuffer", function, which, name);
      return false;
    }
    const RenderbufferObject& rb = *side.renderbuffer;
    if (level != 0 || !rb.resource) {
      ctx.error(GL_INVALID_VALUE, "%s(%sLevel = %d): renderbuffer %u has no such image", function, which, level, name);
      return false;
    }
    side.image.internal_format = GLint(rb.internal_format);
    side.image.base_format = rb.base_format;
    side.image.format = side.image.storage = rb.format;
    side.image.width = rb.width;
    side.image.height = rb.height;
    side.image.depth = 1;
    side.image.samples = rb.samples;
    side.resource = rb.resource;
    return true;
  }
  side.texture = name ? ctx.share_group().find_texture(name) : nullptr;
  if (!side.texture || !side.texture->target) {
    ctx.error(GL_INVALID_VALUE, "%s(%sName = %u): not a texture", function, which, name);
    return false;
  }
  if (side.texture->target != target) {
    ctx.error(GL_INVALID_ENUM, "%s(%sTarget = 0x%04x): texture %u has target 0x%04x", function, which, target, name,
              side.texture->target);
    return false;
  }
  if (level < 0 || level >= GLint(kMaxTextureLevels) || !side.texture->images[0][std::size_t(level)].defined()) {
    ctx.error(GL_INVALID_VALUE, "%s(%sLevel = %d): texture %u has no such level", function, which, level, name);
    return false;
  }
  if (!complete_for_copy(*side.texture, level)) {
    ctx.error(GL_INVALID_OPERATION, "%s: texture %u is not complete", function, name);
    return false;
  }
  side.image = side.texture->images[0][std::size_t(level)];
  if (target == GL_TEXTURE_CUBE_MAP) side.image.depth = 6;
  side.resource = side.texture->resource;
  // A mutable texture's resource holds the levels consistent with the last one specified.
  const st::TextureLayout* layout = side.resource ? &side.resource->layout() : nullptr;
  if (layout && (std::uint32_t(level) >= layout->levels ||
                 layout->level_width(unsigned(level)) != std::uint32_t(side.image.width))) {
    ctx.error(GL_INVALID_OPERATION, "%s: level %d of texture %u does not fit the texture's other levels", function,
              level, name);
    return false;
  }
  return true;
}

// GL 4.6 section 18.3.3: the same or view-compatible internal formats, or a compressed format
// whose block is as large as a texel of an uncompressed format of the 64- or 128-bit class.
bool copy_compatible(const TextureImage& a, const TextureImage& b) {
  if (formats::view_compatible(GLenum(a.internal_format), GLenum(b.internal_format))) return true;
  const FormatDesc& da = formats::describe(a.format);
  const FormatDesc& db = formats::describe(b.format);
  if (da.is_compressed == db.is_compressed) return false;
  const formats::InternalFormatInfo* plain =
      formats::find_internal_format(GLenum(da.is_compressed ? b.internal_format : a.internal_format));
  return plain && (plain->view_class == GL_VIEW_CLASS_64_BITS || plain->view_class == GL_VIEW_CLASS_128_BITS) &&
         da.block_bits == db.block_bits;
}

// INVALID_VALUE unless a compressed image's region starts on a block and covers whole blocks or
// reaches the image's edge.
bool check_block_aligned(Context& ctx, const TextureImage& image, GLint x, GLint y, GLsizei w, GLsizei h,
                         const char* which, const char* function) {
  const FormatDesc& d = formats::describe(image.format);
  if (!d.is_compressed) return true;
  const GLint bw = d.block_width, bh = d.block_height;
  if (x % bw == 0 && y % bh == 0 && (w % bw == 0 || x + w == image.width) && (h % bh == 0 || y + h == image.height))
    return true;
  ctx.error(GL_INVALID_VALUE, "%s: the %s region is not aligned to %dx%d blocks", function, which, bw, bh);
  return false;
}

bool decoded(const TextureImage& image) {
  return image.storage != image.format && formats::describe(image.format).is_compressed;
}

// The region's bits in gl_bits_format (blocks, slices then rows, tightly packed).
std::vector<std::byte> read_gl_bits(const CopySide& side, const st::Box& box) {
  const TextureImage& image = side.image;
  const GLsizei slices = box.depth;
  const formats::PixelFormat gl_format(gl_bits_format(image));
  const std::size_t row = gl_format.row_bytes(std::uint32_t(box.width));
  const std::uint32_t rows = gl_format.block_rows(std::uint32_t(box.height));
  std::vector<std::byte> bits(row * rows * std::size_t(slices));
  if (decoded(image)) {
    // The application's blocks, kept beside the decoded texels (per face for cube maps).
    const FormatDesc& d = formats::describe(image.format);
    const std::size_t image_row = gl_format.row_bytes(std::uint32_t(image.width));
    const std::size_t image_slice = image_row * gl_format.block_rows(std::uint32_t(image.height));
    const std::size_t x_bytes = std::size_t(box.x / d.block_width) * (d.block_bits / 8);
    for (GLsizei s = 0; s < slices; ++s) {
      const bool cube = side.target == GL_TEXTURE_CUBE_MAP;
      const TextureImage& source = cube ? side.texture->images[std::size_t(box.z + s)][std::size_t(side.level)] : image;
      if (!source.compressed_blocks) continue;
      const std::size_t slice_offset = cube ? 0 : std::size_t(box.z + s) * image_slice;
      for (std::uint32_t r = 0; r < rows; ++r)
        std::memcpy(bits.data() + (std::size_t(s) * rows + r) * row,
                    source.compressed_blocks->data() + slice_offset +
                        (std::size_t(box.y / d.block_height) + r) * image_row + x_bytes,
                    row);
    }
    return bits;
  }
  st::texture_read_as(*side.resource, unsigned(side.level), box, image.storage, gl_bits_format(image), bits.data());
  return bits;
}

// Writes bits in gl_bits_format into the region, through its storage format.
void write_gl_bits(Context& ctx, CopySide& side, const st::Box& box, GLint x, GLint y, GLint z, GLsizei w, GLsizei h,
                   const std::vector<std::byte>& bits, const char* function) {
  const TextureImage& image = side.image;
  const GLsizei slices = box.depth;
  const formats::PixelFormat gl_format(gl_bits_format(image));
  const std::size_t row = gl_format.row_bytes(std::uint32_t(box.width));
  const std::uint32_t rows = gl_format.block_rows(std::uint32_t(box.height));
  if (decoded(image)) {
    // Decoded into the storage format, and the blocks kept (glCompressedTexSubImage's path).
    const unsigned faces = side.target == GL_TEXTURE_CUBE_MAP ? unsigned(slices) : 1;
    for (unsigned f = 0; f < faces; ++f) {
      const bool cube = side.target == GL_TEXTURE_CUBE_MAP;
      const GLenum target = cube ? GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X + unsigned(z) + f) : side.target;
      TextureImage& stored = side.texture->images[cube ? std::size_t(z) + f : 0][std::size_t(side.level)];
      const std::size_t bytes = row * rows * (cube ? 1 : std::size_t(slices));
      const std::vector<std::byte> part(bits.begin() + std::ptrdiff_t(f * bytes),
                                        bits.begin() + std::ptrdiff_t((f + 1) * bytes));
      upload_compressed(ctx, *side.texture, target, side.level, stored, x, y, cube ? 0 : z, w, h, cube ? 1 : slices,
                        part, function);
    }
    return;
  }
  st::texture_write_as(*side.resource, unsigned(side.level), box, image.storage, gl_bits_format(image), bits.data());
}

}  // namespace

formats::Format gl_bits_format(const TextureImage& image) {
  if (formats::describe(image.format).is_compressed) return image.format;
  unsigned components = 0;
  switch (image.base_format) {
    case GL_RED: components = 1; break;
    case GL_RG: components = 2; break;
    case GL_RGB: components = 3; break;
    case GL_RGBA: components = 4; break;
    default: return image.storage;  // luminance, alpha, depth/stencil: copied only to themselves
  }
  const formats::Format ordered = formats::rgba_ordered_format(image.storage, components);
  return ordered != formats::Format::NONE ? ordered : image.storage;
}

bool holds_same_bits(const TextureImage& a, const TextureImage& b) {
  if (gl_bits_format(a) == a.storage && gl_bits_format(b) == b.storage) return true;
  const FormatDesc& da = formats::describe(a.storage);
  const FormatDesc& db = formats::describe(b.storage);
  if (da.block_bits != db.block_bits || da.nr_channels != db.nr_channels) return false;
  for (int i = 0; i < 4; ++i)
    if (da.swizzle[i] != db.swizzle[i] || da.channel[i].size != db.channel[i].size ||
        da.channel[i].shift != db.channel[i].shift)
      return false;
  return true;
}

namespace api {

void CopyImageSubData(Context& ctx, const char* fn, GLuint srcName, GLenum srcTarget, GLint srcLevel, GLint srcX,
                      GLint srcY, GLint srcZ, GLuint dstName, GLenum dstTarget, GLint dstLevel, GLint dstX,
                      GLint dstY, GLint dstZ, GLsizei srcWidth, GLsizei srcHeight, GLsizei srcDepth) {
  CopySide src, dst;
  if (!find_side(ctx, srcName, srcTarget, srcLevel, src, "src", fn) ||
      !find_side(ctx, dstName, dstTarget, dstLevel, dst, "dst", fn))
    return;
  if (!copy_compatible(src.image, dst.image))
    return ctx.error(GL_INVALID_OPERATION, "%s: %s and %s are not copy-compatible", fn,
                     formats::find_internal_format(GLenum(src.image.internal_format))->name,
                     formats::find_internal_format(GLenum(dst.image.internal_format))->name);
  if (std::max(src.image.samples, 1) != std::max(dst.image.samples, 1))
    return ctx.error(GL_INVALID_OPERATION, "%s: %d and %d samples", fn, src.image.samples, dst.image.samples);
  if (srcWidth < 0 || srcHeight < 0 || srcDepth < 0)
    return ctx.error(GL_INVALID_VALUE, "%s: negative width, height or depth", fn);
  // The destination region in its own texels: one compressed block per uncompressed texel.
  const FormatDesc& sd = formats::describe(src.image.format);
  const FormatDesc& dd = formats::describe(dst.image.format);
  // (64-bit: the application's sizes may be anything up to INT_MAX.)
  const GLint64 dst_width = (GLint64(srcWidth) + sd.block_width - 1) / sd.block_width * dd.block_width;
  const GLint64 dst_height = (GLint64(srcHeight) + sd.block_height - 1) / sd.block_height * dd.block_height;
  // A compressed destination's last blocks may hang over its edge.
  const auto clip = [&](GLint64 offset, GLint64 extent, GLint64 size, GLint64 block) {
    return dd.is_compressed && offset + extent > size && offset + extent - size < block ? size - offset : extent;
  };
  const GLint64 wide_width = clip(dstX, dst_width, dst.image.width, dd.block_width);
  const GLint64 wide_height = clip(dstY, dst_height, dst.image.height, dd.block_height);
  if (wide_width > INT32_MAX || wide_height > INT32_MAX)
    return ctx.error(GL_INVALID_VALUE, "%s: the destination region lies outside the image", fn);
  const GLsizei clipped_width = GLsizei(wide_width), clipped_height = GLsizei(wide_height);
  if (!check_region_inside(ctx, src.image, srcX, srcY, srcZ, srcWidth, srcHeight, srcDepth, fn) ||
      !check_region_inside(ctx, dst.image, dstX, dstY, dstZ, clipped_width, clipped_height, srcDepth, fn) ||
      !check_block_aligned(ctx, src.image, srcX, srcY, srcWidth, srcHeight, "source", fn) ||
      !check_block_aligned(ctx, dst.image, dstX, dstY, clipped_width, clipped_height, "destination", fn))
    return;
  if (!srcWidth || !srcHeight || !srcDepth || !src.resource || !dst.resource) return;

  const GLenum src_box_target = src.target == GL_RENDERBUFFER ? GL_TEXTURE_2D : src.target;
  const GLenum dst_box_target = dst.target == GL_RENDERBUFFER ? GL_TEXTURE_2D : dst.target;
  const st::Box src_box = texture_box(src_box_target, srcX, srcY, srcZ, srcWidth, srcHeight, srcDepth);
  const st::Box dst_box = texture_box(dst_box_target, dstX, dstY, dstZ, clipped_width, clipped_height, srcDepth);
  // Raw GPU copies when both storages hold exactly the GL bits, else through them on the CPU.
  const formats::Format src_bits = gl_bits_format(src.image), dst_bits = gl_bits_format(dst.image);
  if (formats::describe(src_bits).block_bits != formats::describe(dst_bits).block_bits)
    return ctx.error(GL_INVALID_OPERATION, "%s: this device holds %s as %s and %s as %s, which differ in size",
                     fn, formats::find_internal_format(GLenum(src.image.internal_format))->name,
                     formats::describe(src_bits).name,
                     formats::find_internal_format(GLenum(dst.image.internal_format))->name,
                     formats::describe(dst_bits).name);
  if (!decoded(src.image) && !decoded(dst.image) && holds_same_bits(src.image, dst.image) &&
      st::can_copy_raw(src.image.storage, dst.image.storage)) {
    st::texture_copy(*src.resource, unsigned(srcLevel), src_box, *dst.resource, unsigned(dstLevel), dst_box);
    return;
  }
  if (src.image.samples > 1)
    return ctx.debug_message(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_OTHER, 3, GL_DEBUG_SEVERITY_MEDIUM,
                             std::string(fn) + ": multisample images stored in different formats are not copied");
  write_gl_bits(ctx, dst, dst_box, dstX, dstY, dstZ, clipped_width, clipped_height, read_gl_bits(src, src_box), fn);
}

}  // namespace api
}  // namespace glvk::gl
