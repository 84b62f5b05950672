// Multisample textures (GL 4.6 section 8.8): glTexImage/glTexStorage(2D|3D)Multisample and DSA forms.
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

// The sample count the device renders `format` with for a request of `samples` (rounded up to a
// supported count), or 0 when none is that large.
GLsizei device_sample_count(Context& ctx, Format format, GLsizei samples, unsigned bindings) {
  for (GLsizei count = 1; count <= 64; count *= 2)
    if (count >= samples &&
        st::format_support(ctx.st().screen()).is_format_supported(format, st::TextureTarget::TEXTURE_2D,
                                                                  unsigned(count), bindings))
      return count;
  return 0;
}

}  // namespace

// The largest sample count of every colour and depth format GL requires: MAX_SAMPLES.
GLint max_samples(Context& ctx) {
  GLint most = 1;
  for (GLsizei count = 2; count <= 64; count *= 2)
    if (device_sample_count(ctx, Format::R8G8B8A8_UNORM, count, st::BIND_RENDER_TARGET) == count &&
        device_sample_count(ctx, Format::Z32_FLOAT, count, st::BIND_DEPTH_STENCIL) == count)
      most = count;
  return most;
}

namespace {

// glTexImage{2,3}DMultisample and glTexStorage{2,3}DMultisample.
void tex_image_multisample(Context& ctx, TextureObject& texture, GLenum target, GLsizei samples,
                           GLenum internal_format, GLsizei width, GLsizei height, GLsizei depth,
                           GLboolean fixed_locations, bool storage, const char* function) {
  if (samples < 1) return ctx.error(GL_INVALID_VALUE, "%s(samples = %d): must be at least 1", function, samples);
  const formats::InternalFormatInfo* info = formats::find_internal_format(internal_format);
  const unsigned renderable = info ? formats::framebuffer_renderable(internal_format) : 0;
  if (!renderable || (storage && !info->sized))
    return ctx.error(GL_INVALID_ENUM, "%s(internalformat = 0x%04x): not a renderable %sformat", function,
                     internal_format, storage ? "sized " : "");
  if (width < 1 || height < 1 || depth < 1 || width > kMaxTextureSize || height > kMaxTextureSize ||
      depth > kMaxArrayTextureLayers)
    return ctx.error(GL_INVALID_VALUE, "%s: %dx%dx%d is not a valid size", function, width, height, depth);
  if (samples > max_samples(ctx))
    return ctx.error(GL_INVALID_OPERATION, "%s(samples = %d): more than GL_MAX_SAMPLES (%d)", function, samples,
                     max_samples(ctx));
  if (texture.immutable) return ctx.error(GL_INVALID_OPERATION, "%s: the texture is immutable", function);
  const unsigned bindings = renderable & formats::RENDERABLE_COLOR ? st::BIND_RENDER_TARGET : st::BIND_DEPTH_STENCIL;
  // As st_renderbuffer_alloc_storage does: the first count from the request up that some
  // candidate format supports.
  Format format = Format::NONE;
  GLsizei count = samples;
  for (; count <= max_samples(ctx) && format == Format::NONE; ++count)
    format = st::choose_renderbuffer_format(st::format_support(ctx.st().screen()), internal_format, unsigned(count));
  --count;
  if (format == Format::NONE)
    return ctx.error(GL_INVALID_OPERATION, "%s: %s cannot be multisampled %d times on this device", function,
                     info->name, samples);
  TextureImage image;
  image.internal_format = GLint(internal_format);
  image.base_format = info->base_format;
  image.format = image.storage = format;
  image.width = width;
  image.height = height;
  image.depth = depth;
  image.samples = count;
  image.fixed_sample_locations = fixed_locations;
  if (is_proxy(target)) {
    texture.images[0][0] = image;
    return;
  }
  st::TextureLayout layout;
  layout.target = binding_target(target) == GL_TEXTURE_2D_MULTISAMPLE_ARRAY ? st::TextureTarget::TEXTURE_2D_ARRAY
                                                                            : st::TextureTarget::TEXTURE_2D;
  layout.format = format;
  layout.width = std::uint32_t(width);
  layout.height = std::uint32_t(height);
  layout.layers = std::uint32_t(depth);
  layout.samples = std::uint32_t(count);
  layout.viewable = storage;
  layout.mutable_format = storage && info->view_class != 0;
  st::Made<st::Texture> made = st::create_texture(ctx.st().shared_screen(), layout, bindings);
  if (!made.object)
    return ctx.error(GL_OUT_OF_MEMORY, "%s: cannot allocate the texture (%s)", function, made.result.message.c_str());
  texture.resource = std::move(made.object);
  texture.images[0][0] = image;
  texture.immutable = storage;
  texture.immutable_levels = storage ? 1 : 0;
  texture.view_num_levels = texture.immutable_levels;
  texture.view_num_layers = storage ? depth : 0;
}

}  // namespace

namespace api {

void TexImage2DMultisample(Context& ctx, const char* fn, GLenum target, GLsizei samples, GLenum internalformat,
                           GLsizei width, GLsizei height, GLboolean fixedsamplelocations) {
  if (target != GL_TEXTURE_2D_MULTISAMPLE && target != GL_PROXY_TEXTURE_2D_MULTISAMPLE)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a multisample target", fn, target);
  tex_image_multisample(ctx, *texture_for_target(ctx, target), target, samples, internalformat, width, height, 1,
                        fixedsamplelocations, false, fn);
}

void TexImage3DMultisample(Context& ctx, const char* fn, GLenum target, GLsizei samples, GLenum internalformat,
                           GLsizei width, GLsizei height, GLsizei depth, GLboolean fixedsamplelocations) {
  if (target != GL_TEXTURE_2D_MULTISAMPLE_ARRAY && target != GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a multisample array target", fn,
                     target);
  tex_image_multisample(ctx, *texture_for_target(ctx, target), target, samples, internalformat, width, height,
                        depth, fixedsamplelocations, false, fn);
}

void TexStorage2DMultisample(Context& ctx, const char* fn, GLenum target, GLsizei samples, GLenum internalformat,
                             GLsizei width, GLsizei height, GLboolean fixedsamplelocations) {
  if (target != GL_TEXTURE_2D_MULTISAMPLE && target != GL_PROXY_TEXTURE_2D_MULTISAMPLE)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a multisample target", fn, target);
  TextureRef t = texture_for_target(ctx, target);
  if (t->name == 0 && !is_proxy(target))
    return ctx.error(GL_INVALID_OPERATION, "%s: the default texture cannot be immutable", fn);
  tex_image_multisample(ctx, *t, target, samples, internalformat, width, height, 1, fixedsamplelocations, true,
                        fn);
}

void TexStorage3DMultisample(Context& ctx, const char* fn, GLenum target, GLsizei samples, GLenum internalformat,
                             GLsizei width, GLsizei height, GLsizei depth, GLboolean fixedsamplelocations) {
  if (target != GL_TEXTURE_2D_MULTISAMPLE_ARRAY && target != GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a multisample array target", fn,
                     target);
  TextureRef t = texture_for_target(ctx, target);
  if (t->name == 0 && !is_proxy(target))
    return ctx.error(GL_INVALID_OPERATION, "%s: the default texture cannot be immutable", fn);
  tex_image_multisample(ctx, *t, target, samples, internalformat, width, height, depth, fixedsamplelocations, true,
                        fn);
}

bool is_2d_multisample_target(unsigned, GLenum target) { return target == GL_TEXTURE_2D_MULTISAMPLE; }

bool is_2d_multisample_array_target(unsigned, GLenum target) { return target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY; }

void TextureStorage2DMultisample(Context& ctx, const char* fn, GLuint texture, GLsizei samples, GLenum internalformat,
                                 GLsizei width, GLsizei height, GLboolean fixedsamplelocations) {
  if (TextureRef t = named_texture_of(ctx, texture, is_2d_multisample_target, 0, fn))
    tex_image_multisample(ctx, *t, t->target, samples, internalformat, width, height, 1, fixedsamplelocations, true,
                          fn);
}

void TextureStorage3DMultisample(Context& ctx, const char* fn, GLuint texture, GLsizei samples, GLenum internalformat,
                                 GLsizei width, GLsizei height, GLsizei depth, GLboolean fixedsamplelocations) {
  if (TextureRef t =
          named_texture_of(ctx, texture, is_2d_multisample_array_target, 0, fn))
    tex_image_multisample(ctx, *t, t->target, samples, internalformat, width, height, depth, fixedsamplelocations,
                          true, fn);
}

}  // namespace api

}  // namespace glvk::gl
