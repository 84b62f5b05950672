// Buffer textures (GL 4.6 section 8.9): glTex(ture)Buffer(Range).
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

namespace {

// GL 4.6 table 8.18: the internal formats a buffer texture may have.
bool is_buffer_texture_format(GLenum f) {
  switch (f) {
    case GL_R8: case GL_R16: case GL_R16F: case GL_R32F: case GL_R8I: case GL_R16I: case GL_R32I: case GL_R8UI:
    case GL_R16UI: case GL_R32UI: case GL_RG8: case GL_RG16: case GL_RG16F: case GL_RG32F: case GL_RG8I:
    case GL_RG16I: case GL_RG32I: case GL_RG8UI: case GL_RG16UI: case GL_RG32UI: case GL_RGB32F: case GL_RGB32I:
    case GL_RGB32UI: case GL_RGBA8: case GL_RGBA16: case GL_RGBA16F: case GL_RGBA32F: case GL_RGBA8I:
    case GL_RGBA16I: case GL_RGBA32I: case GL_RGBA8UI: case GL_RGBA16UI: case GL_RGBA32UI:
      return true;
    default:
      return false;
  }
}

// glTexBuffer / glTexBufferRange: attach (or detach, buffer 0) a buffer's range.
void tex_buffer(Context& ctx, TextureObject& texture, GLenum internal_format, GLuint buffer, GLintptr offset,
                GLsizeiptr size, bool ranged, const char* function) {
  if (!is_buffer_texture_format(internal_format))
    return ctx.error(GL_INVALID_ENUM, "%s(internalformat = 0x%04x): not a buffer texture format", function,
                     internal_format);
  std::shared_ptr<BufferObject> object;
  if (buffer != 0) {
    object = ctx.share_group().find_buffer(buffer);
    if (!object) return ctx.error(GL_INVALID_OPERATION, "%s(buffer = %u): not a buffer object", function, buffer);
  }
  if (ranged && object) {
    if (offset < 0 || size <= 0 || !formats::range_inside(offset, size, std::uint64_t(object->size)))
      return ctx.error(GL_INVALID_VALUE, "%s: %ld bytes at %ld are not inside the %ld-byte buffer", function,
                       long(size), long(offset), long(object->size));
    if (offset % kTextureBufferOffsetAlignment)
      return ctx.error(GL_INVALID_VALUE, "%s(offset = %ld): not a multiple of %d", function, long(offset),
                       kTextureBufferOffsetAlignment);
  }
  const Format format = st::choose_format(st::format_support(ctx.st().screen()), internal_format, GL_NONE, GL_NONE,
                                          st::TextureTarget::BUFFER, 0, st::BIND_SAMPLER_VIEW);
  if (format == Format::NONE)
    return ctx.error(GL_INVALID_ENUM, "%s(internalformat = 0x%04x): this device has no buffer texture of it", function,
                     internal_format);
  texture.buffer = object;
  texture.buffer_offset = ranged ? offset : 0;
  texture.buffer_size = ranged ? size : -1;
  if (object)
    st::shadow_buffer_texture(format, std::uint64_t(object->size), std::uint64_t(texture.buffer_offset),
                              std::uint64_t(ranged ? size : object->size));
  TextureImage image;
  image.internal_format = object ? GLint(internal_format) : 0;
  image.base_format = formats::base_tex_format(internal_format);
  image.format = image.storage = format;
  texture.images[0][0] = image;
}

}  // namespace

namespace api {

void TexBuffer(Context& ctx, const char* fn, GLenum target, GLenum internalformat, GLuint buffer) {
  if (target != GL_TEXTURE_BUFFER)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): must be GL_TEXTURE_BUFFER", fn, target);
  tex_buffer(ctx, *texture_for_target(ctx, target), internalformat, buffer, 0, 0, false, fn);
}

void TexBufferRange(Context& ctx, const char* fn, GLenum target, GLenum internalformat, GLuint buffer,
                    GLintptr offset, GLsizeiptr size) {
  if (target != GL_TEXTURE_BUFFER)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): must be GL_TEXTURE_BUFFER", fn, target);
  tex_buffer(ctx, *texture_for_target(ctx, target), internalformat, buffer, offset, size, true, fn);
}

bool is_buffer_target(unsigned, GLenum target) { return target == GL_TEXTURE_BUFFER; }

void TextureBuffer(Context& ctx, const char* fn, GLuint texture, GLenum internalformat, GLuint buffer) {
  if (TextureRef t = named_texture_of(ctx, texture, is_buffer_target, 0, fn))
    tex_buffer(ctx, *t, internalformat, buffer, 0, 0, false, fn);
}

void TextureBufferRange(Context& ctx, const char* fn, GLuint texture, GLenum internalformat, GLuint buffer,
                        GLintptr offset, GLsizeiptr size) {
  if (TextureRef t = named_texture_of(ctx, texture, is_buffer_target, 0, fn))
    tex_buffer(ctx, *t, internalformat, buffer, offset, size, true, fn);
}

}  // namespace api

}  // namespace glvk::gl
