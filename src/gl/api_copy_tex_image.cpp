// Texture images from the read framebuffer (GL 4.6 section 8.6): glCopyTexImage1D/2D and
// glCopyTex(ture)SubImage1D/2D/3D.
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

// Copies a rectangle of the read buffer into a texture image on the CPU, converting formats with
// the destination's rebase (glCopyTexImage/glCopyTexSubImage). The destination region starts at
// (dst_x, dst_y, dst_z) of `target`'s image, so 1D arrays take the rows as layers and cube faces
// their face layer. Parts outside the read buffer are undefined and left alone.
void copy_from_read_buffer(Context& ctx, const FramebufferAttachment& src, GLint x, GLint y, GLsizei w, GLsizei h,
                           st::Texture& dst, const TextureImage& dst_image, GLenum target, GLint level, GLint dst_x,
                           GLint dst_y, GLint dst_z, const char* function) {
  ReadSource source;
  if (!read_source(ctx, src, source)) return;
  const TextureImage* si = source.image;
  st::Texture* sr = source.resource;
  const GLint src_layer = source.layer;
  const GLint x0 = std::max(x, 0), y0 = std::max(y, 0);
  const GLint x1 = GLint(std::min<GLint64>(GLint64(x) + w, si->width)), y1 = GLint(std::min<GLint64>(GLint64(y) + h, si->height));
  if (x1 <= x0 || y1 <= y0) return;
  const GLsizei cw = x1 - x0, ch = y1 - y0;
  st::Box box;
  box.x = x0, box.y = y0, box.z = src_layer, box.width = cw, box.height = ch, box.depth = 1;
  const st::Box dst_box = texture_box(target, dst_x + (x0 - x), dst_y + (y0 - y), dst_z, cw, ch, 1);
  raise_st_failure(ctx,
                   st::texture_copy_converting(*sr, source.level, box, si->storage, dst, unsigned(level), dst_box,
                                               dst_image.storage, dst_image.base_format),
                   function);
}

}  // namespace

namespace api {
namespace {

bool is_copy_tex_image_target(unsigned dims, GLenum target) {
  if (dims == 1) return target == GL_TEXTURE_1D;
  return target == GL_TEXTURE_2D || target == GL_TEXTURE_RECTANGLE || target == GL_TEXTURE_1D_ARRAY ||
         is_cube_face(target);
}

// glCopyTexSubImage{1,2,3}D accept the glTexSubImage targets of their dimension.
bool is_copy_tex_sub_image_target(unsigned dims, GLenum target) {
  if (dims < 3) return is_copy_tex_image_target(dims, target);
  return target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_CUBE_MAP_ARRAY;
}

// glCopyTexImage{1,2}D: the image is defined as glTexImage would define it, then filled from the
// read buffer.
void copy_tex_image(Context& ctx, unsigned dims, GLenum target, GLint level, GLenum internalformat, GLint x, GLint y,
                    GLsizei width, GLsizei height, GLint border, const char* function) {
  if (!is_copy_tex_image_target(dims, target))
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x)", function, target);
  // GL 1.1 3.8: glCopyTexImage takes TexImage's internal formats except the legacy counts 1-4
  // (INVALID_ENUM, as Mesa raises it).
  if (internalformat >= 1 && internalformat <= 4)
    return ctx.error(GL_INVALID_ENUM, "%s(internalformat = %u): a component count is not a format here", function,
                     internalformat);
  const GLenum base = formats::base_tex_format(internalformat);
  const FramebufferAttachment* src = copy_source_attachment(ctx, base, function);
  if (!src) return;
  const bool integer = base && formats::find_internal_format(internalformat) &&
                       formats::describe(st::choose_texture_format(st::format_support(ctx.st().screen()), target,
                                                                   internalformat, GL_NONE, GL_NONE)
                                             .format)
                           .is_pure_integer;
  const GLenum format = base == GL_DEPTH_COMPONENT ? GL_DEPTH_COMPONENT
                        : base == GL_DEPTH_STENCIL ? GL_DEPTH_STENCIL
                        : integer                  ? GL_RGBA_INTEGER
                                                   : GL_RGBA;
  const GLenum type = base == GL_DEPTH_STENCIL ? GL_UNSIGNED_INT_24_8 : integer ? GL_INT : GL_FLOAT;
  std::shared_ptr<TextureObject> texture = texture_for_target(ctx, target);
  if (raises_error(ctx, function, [&] {
        tex_image(ctx, *texture, dims, target, level, GLint(internalformat), width, height, 1, border, format, type,
                  nullptr, function);
      }))
    return;
  const TextureImage& image = texture->images[face_of(target)][std::size_t(level)];
  if (!texture->resource || !image.width || !image.height) return;
  // A border (compatibility) is not kept: the copy starts one pixel in (rows of 1D arrays are layers).
  const GLint row_border = dims == 2 && target != GL_TEXTURE_1D_ARRAY ? border : 0;
  copy_from_read_buffer(ctx, *src, x + border, y + row_border, image.width, image.height, *texture->resource, image,
                        target, level, 0, 0, 0, function);
  base_level_changed(ctx, *texture, target, level, function);
}

}  // namespace
}  // namespace api

// glCopyTex(ture)SubImage{1,2,3}D after the target check: a height-row rectangle into an existing
// image of `texture` at (xoffset, yoffset) of slice zoffset (for 1D arrays the rows are layers
// from yoffset on).
void copy_tex_sub_image(Context& ctx, TextureObject& texture, GLenum target, GLint level, GLint xoffset,
                        GLint yoffset, GLint zoffset, GLint x, GLint y, GLsizei width, GLsizei height,
                        const char* function) {
  if (level < 0 || level >= GLint(kMaxTextureLevels))
    return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", function, level);
  if (width < 0 || height < 0) return ctx.error(GL_INVALID_VALUE, "%s: negative width or height", function);
  const TextureImage& image = texture.images[face_of(target)][std::size_t(level)];
  if (!image.defined()) return ctx.error(GL_INVALID_OPERATION, "%s: level %d has no image", function, level);
  if (!check_region_inside(ctx, image, xoffset, yoffset, zoffset, width, height, 1, function)) return;
  // GL 4.6 8.7: a compressed image takes the copy in whole blocks (or up to its edge), encoded
  // again, as glTexSubImage's texels; only the formats glvk can encode.
  if (formats::describe(image.format).is_compressed &&
      (!check_online_compression(ctx, image.format, function) ||
       !check_whole_blocks(ctx, image, xoffset, yoffset, width, height, GL_INVALID_OPERATION, function)))
    return;
  const FramebufferAttachment* src = copy_source_attachment(ctx, GLenum(image.base_format), function);
  if (!src || !texture.resource || !width || !height) return;
  copy_from_read_buffer(ctx, *src, x, y, width, height, *texture.resource, image, target, level, xoffset, yoffset,
                        zoffset, function);
  base_level_changed(ctx, texture, target, level, function);
}

namespace api {
namespace {

// glCopyTexSubImage{1,2,3}D: the texture `target` names in the current unit.
void copy_tex_sub_image_of_target(Context& ctx, unsigned dims, GLenum target, GLint level, GLint xoffset,
                                  GLint yoffset, GLint zoffset, GLint x, GLint y, GLsizei width, GLsizei height,
                                  const char* function) {
  if (!is_copy_tex_sub_image_target(dims, target))
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x)", function, target);
  copy_tex_sub_image(ctx, *texture_for_target(ctx, target), target, level, xoffset, yoffset, zoffset, x, y, width,
                     height, function);
}

}  // namespace
}  // namespace api

namespace api {

void CopyTexImage1D(Context& ctx, const char* fn, GLenum target, GLint level, GLenum internalformat, GLint x, GLint y,
                    GLsizei width, GLint border) {
  copy_tex_image(ctx, 1, target, level, internalformat, x, y, width, 1, border, fn);
}

void CopyTexImage2D(Context& ctx, const char* fn, GLenum target, GLint level, GLenum internalformat, GLint x, GLint y,
                    GLsizei width, GLsizei height, GLint border) {
  copy_tex_image(ctx, 2, target, level, internalformat, x, y, width, height, border, fn);
}

void CopyTexSubImage1D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLint x, GLint y,
                       GLsizei width) {
  copy_tex_sub_image_of_target(ctx, 1, target, level, xoffset, 0, 0, x, y, width, 1, fn);
}

void CopyTexSubImage2D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLint yoffset,
                       GLint x, GLint y, GLsizei width, GLsizei height) {
  copy_tex_sub_image_of_target(ctx, 2, target, level, xoffset, yoffset, 0, x, y, width, height, fn);
}

void CopyTexSubImage3D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLint yoffset,
                       GLint zoffset, GLint x, GLint y, GLsizei width, GLsizei height) {
  copy_tex_sub_image_of_target(ctx, 3, target, level, xoffset, yoffset, zoffset, x, y, width, height, fn);
}

// The DSA forms: the texture named, its target as it was created.
void CopyTextureSubImage1D(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset, GLint x, GLint y,
                           GLsizei width) {
  if (TextureRef t = named_texture_of(ctx, texture, is_sub_image_target, 1, fn))
    copy_tex_sub_image(ctx, *t, t->target, level, xoffset, 0, 0, x, y, width, 1, fn);
}

void CopyTextureSubImage2D(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                           GLint x, GLint y, GLsizei width, GLsizei height) {
  if (TextureRef t = named_texture_of(ctx, texture, is_sub_image_target, 2, fn))
    copy_tex_sub_image(ctx, *t, t->target, level, xoffset, yoffset, 0, x, y, width, height,
                       fn);
}

void CopyTextureSubImage3D(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                           GLint zoffset, GLint x, GLint y, GLsizei width, GLsizei height) {
  TextureRef t = named_texture_of(ctx, texture, is_sub_image_or_cube_target, 3, fn);
  if (!t) return;
  if (t->target != GL_TEXTURE_CUBE_MAP)
    return copy_tex_sub_image(ctx, *t, t->target, level, xoffset, yoffset, zoffset, x, y, width, height, fn);
  for_each_cube_face(ctx, *t, level, zoffset, 1, fn, [&](GLenum face, GLsizei) {
    copy_tex_sub_image(ctx, *t, face, level, xoffset, yoffset, 0, x, y, width, height, fn);
  });
}

}  // namespace api

}  // namespace glvk::gl
