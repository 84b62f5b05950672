// Buffer textures (GL 4.6 section 8.9): glTex(ture)Buffer(Range).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <optional>
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

std::optional<BufferTextureLayout> buffer_texture_layout(GLenum internal_format) {
  // GL 4.6 table 8.18: each format's components, and the client (format, type) that has its layout.
  static constexpr std::array<std::array<GLenum, 3>, 33> kTable = {{
      {GL_R8, GL_RED, GL_UNSIGNED_BYTE},           {GL_R16, GL_RED, GL_UNSIGNED_SHORT},
      {GL_R16F, GL_RED, GL_HALF_FLOAT},            {GL_R32F, GL_RED, GL_FLOAT},
      {GL_R8I, GL_RED_INTEGER, GL_BYTE},           {GL_R16I, GL_RED_INTEGER, GL_SHORT},
      {GL_R32I, GL_RED_INTEGER, GL_INT},           {GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE},
      {GL_R16UI, GL_RED_INTEGER, GL_UNSIGNED_SHORT}, {GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT},
      {GL_RG8, GL_RG, GL_UNSIGNED_BYTE},           {GL_RG16, GL_RG, GL_UNSIGNED_SHORT},
      {GL_RG16F, GL_RG, GL_HALF_FLOAT},            {GL_RG32F, GL_RG, GL_FLOAT},
      {GL_RG8I, GL_RG_INTEGER, GL_BYTE},           {GL_RG16I, GL_RG_INTEGER, GL_SHORT},
      {GL_RG32I, GL_RG_INTEGER, GL_INT},           {GL_RG8UI, GL_RG_INTEGER, GL_UNSIGNED_BYTE},
      {GL_RG16UI, GL_RG_INTEGER, GL_UNSIGNED_SHORT}, {GL_RG32UI, GL_RG_INTEGER, GL_UNSIGNED_INT},
      {GL_RGB32F, GL_RGB, GL_FLOAT},               {GL_RGB32I, GL_RGB_INTEGER, GL_INT},
      {GL_RGB32UI, GL_RGB_INTEGER, GL_UNSIGNED_INT}, {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE},
      {GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT},     {GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT},
      {GL_RGBA32F, GL_RGBA, GL_FLOAT},             {GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE},
      {GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT},     {GL_RGBA32I, GL_RGBA_INTEGER, GL_INT},
      {GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE}, {GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT},
      {GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT},
  }};
  for (const auto& [internal, format, type] : kTable)
    if (internal == internal_format) return BufferTextureLayout{format, type};
  return std::nullopt;
}

namespace {

// glTexBuffer / glTexBufferRange: attach (or detach, buffer 0) a buffer's range.
void tex_buffer(Context& ctx, TextureObject& texture, GLenum internal_format, GLuint buffer, GLintptr offset,
                GLsizeiptr size, bool ranged, const char* function) {
  if (!buffer_texture_layout(internal_format))
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
