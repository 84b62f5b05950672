// GL_OES_EGL_image: a texture or renderbuffer made the target of an EGL image takes the image's
// texels as its storage (shared, not copied: what one sibling draws or uploads the others see),
// until the application specifies it again (glTexImage*, glTexStorage*, glRenderbufferStorage),
// which orphans it (OES_EGL_image; the image and its other siblings keep the texels), or, made
// with EXT_EGL_image_storage's commands, as immutable storage that nothing orphans. Also the
// registry of EGLImage handles and the images of GL objects that egl/egl_images.cpp makes.
#include "egl_image.h"

#include <map>

#include "api_common.h"
#include "texture_internal.h"
#include "glvk/st/texture.h"

namespace glvk::gl {
namespace {

std::mutex& registry_mutex() {
  static auto* mutex = new std::mutex();
  return *mutex;
}
std::map<const void*, std::shared_ptr<EglImage>>& registry() {
  static auto* images = new std::map<const void*, std::shared_ptr<EglImage>>();  // used during exit too
  return *images;
}

// One level and layer of `resource` as a texture of its own sharing the image.
std::shared_ptr<st::Texture> one_level(const st::Texture& resource, const TextureImage& image, unsigned level) {
  st::TextureLayout layout;
  layout.target = st::TextureTarget::TEXTURE_2D;
  layout.format = image.storage;
  layout.width = std::uint32_t(image.width);
  layout.height = std::uint32_t(image.height);
  layout.samples = std::uint32_t(image.samples);
  return st::create_texture_view(resource, layout, level, 0).object;
}

// The dma-buf image's texels as a texture, uploaded once through glTexImage2D's path (with the
// default unpack state: the copy is tightly packed).
bool make_texture(Context& ctx, EglImage& image, const char* function) {
  if (image.texture) return true;
  TextureObject scratch(0, GL_TEXTURE_2D);
  {
    DefaultPixelStore store(ctx, GL_PIXEL_UNPACK_BUFFER, false);
    const IdentityColourTransfer identity(ctx);
    if (raises_error(ctx, function, [&] {
          tex_image(ctx, scratch, 2, GL_TEXTURE_2D, 0, image.image.internal_format, image.image.width,
                    image.image.height, 1, 0, image.pixel_format, image.pixel_type, image.pixels.data(), function);
        }))
      return false;
  }
  if (!scratch.resource) {
    ctx.error(GL_OUT_OF_MEMORY, "%s: the image's texels could not be stored", function);
    return false;
  }
  image.image = scratch.images[0][0];
  image.texture = std::move(scratch.resource);
  return true;
}

std::shared_ptr<EglImage> checked_image(Context& ctx, GLeglImageOES handle, const char* function) {
  std::shared_ptr<EglImage> image = find_egl_image(handle);
  if (!image) {
    ctx.error(GL_INVALID_VALUE, "%s(image = %p): not an EGL image", function, handle);
    return nullptr;
  }
  std::lock_guard lock(image->mutex);
  if (!make_texture(ctx, *image, function)) return nullptr;
  return image;
}

}  // namespace

void* register_egl_image(std::shared_ptr<EglImage> image) {
  std::lock_guard lock(registry_mutex());
  void* handle = image.get();
  registry()[handle] = std::move(image);
  return handle;
}

std::shared_ptr<EglImage> find_egl_image(const void* handle) {
  std::lock_guard lock(registry_mutex());
  const auto it = registry().find(handle);
  return it != registry().end() ? it->second : nullptr;
}

bool unregister_egl_image(const void* handle) {
  std::lock_guard lock(registry_mutex());
  return registry().erase(handle) != 0;
}

std::shared_ptr<EglImage> egl_image_of_texture(Context& ctx, TextureObject& texture, GLint level, int& error) {
  // EGL_KHR_gl_texture_2D_image: the level must be defined. Its storage comes into being now if
  // glTexImage2D had no data for it.
  if (level < 0 || level >= GLint(kMaxTextureLevels) || !texture.images[0][std::size_t(level)].defined() ||
      raises_error(ctx, "eglCreateImage", [&] { make_resource_hold(ctx, texture, GL_TEXTURE_2D, level, "eglCreateImage"); }) ||
      !texture.resource) {
    error = 0x300C;  // EGL_BAD_PARAMETER
    return nullptr;
  }
  auto image = std::make_shared<EglImage>();
  image->image = texture.images[0][std::size_t(level)];
  image->image.compressed_blocks = nullptr;
  image->texture = one_level(*texture.resource, image->image, unsigned(level));
  if (!image->texture) {
    error = 0x3009;  // EGL_BAD_MATCH
    return nullptr;
  }
  return image;
}

std::shared_ptr<EglImage> egl_image_of_renderbuffer(const RenderbufferObject& renderbuffer, int& error) {
  if (!renderbuffer.resource || renderbuffer.samples > 0) {
    error = 0x300C;  // EGL_BAD_PARAMETER
    return nullptr;
  }
  auto image = std::make_shared<EglImage>();
  image->image.internal_format = GLint(renderbuffer.internal_format);
  image->image.base_format = renderbuffer.base_format;
  image->image.format = renderbuffer.format;
  image->image.storage = renderbuffer.resource->layout().format;
  image->image.width = renderbuffer.width;
  image->image.height = renderbuffer.height;
  image->image.depth = 1;
  image->texture = one_level(*renderbuffer.resource, image->image, 0);
  if (!image->texture) {
    error = 0x3009;  // EGL_BAD_MATCH
    return nullptr;
  }
  return image;
}

namespace {

// The texture's images become the image's one level, its storage the image's (a target of it).
void take_image(TextureObject& texture, const EglImage& image) {
  for (auto& face : texture.images) face.fill(TextureImage{});
  texture.images[0][0] = image.image;
  texture.resource = image.texture;
  texture.egl_image_target = true;
  texture.view_min_level = texture.view_min_layer = 0;
}

// GL_EXT_EGL_image_storage: the texture's storage is the image's, immutable (one level, as every
// glvk image is one 2D level), so it is never orphaned; after the extension's errors and those of
// the TexStorage* commands it joins (ES 3.2 8.18: not the default texture, not immutable already).
void target_image_storage(Context& ctx, const TextureRef& texture, GLenum target, GLeglImageOES handle,
                          const GLint* attrib_list, const char* fn) {
  if (attrib_list && *attrib_list != GL_NONE)
    return ctx.error(GL_INVALID_VALUE, "%s: attrib_list must be null or GL_NONE", fn);
  if (!handle) return ctx.error(GL_INVALID_VALUE, "%s: image is null", fn);
  if (!texture || texture->name == 0)
    return ctx.error(GL_INVALID_OPERATION, "%s: the default texture cannot have immutable storage", fn);
  if (texture->immutable) return ctx.error(GL_INVALID_OPERATION, "%s: the texture is already immutable", fn);
  const std::shared_ptr<EglImage> image = checked_image(ctx, handle, fn);
  if (!image) return;
  // The target must match the image's kind: a 2D image (a YUV one only through EXTERNAL_OES).
  const bool external = target == GL_TEXTURE_EXTERNAL_OES;
  if (image->external_only ? !external : target != GL_TEXTURE_2D && !external)
    return ctx.error(GL_INVALID_OPERATION, "%s(target = 0x%04x): the image is not of this kind of texture", fn, target);
  take_image(*texture, *image);
  texture->immutable = true;
  texture->immutable_levels = texture->view_num_levels = texture->view_num_layers = 1;
}

bool is_image_storage_target(const Context& ctx, GLenum target) {
  switch (target) {
    case GL_TEXTURE_2D: case GL_TEXTURE_2D_ARRAY: case GL_TEXTURE_3D: case GL_TEXTURE_CUBE_MAP:
    case GL_TEXTURE_CUBE_MAP_ARRAY:
      return true;
    case GL_TEXTURE_1D: case GL_TEXTURE_1D_ARRAY: return !ctx.config().es();  // OpenGL's only
    case GL_TEXTURE_EXTERNAL_OES: return ctx.config().es();  // with OES_EGL_image_external (ES contexts)
    default: return false;
  }
}

}  // namespace

namespace api {

void EGLImageTargetTexture2DOES(Context& ctx, const char* fn, GLenum target, GLeglImageOES handle) {
  // GL_TEXTURE_EXTERNAL_OES: OES_EGL_image_external, an ES context's target.
  if (target != GL_TEXTURE_2D && (target != GL_TEXTURE_EXTERNAL_OES || !ctx.config().es()))
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not GL_TEXTURE_2D or GL_TEXTURE_EXTERNAL_OES", fn, target);
  const std::shared_ptr<TextureObject> texture = texture_for_target(ctx, target);
  if (!texture) return ctx.error(GL_INVALID_OPERATION, "%s: no texture is bound", fn);
  if (texture->immutable) return ctx.error(GL_INVALID_OPERATION, "%s: the texture is immutable", fn);
  const std::shared_ptr<EglImage> image = checked_image(ctx, handle, fn);
  if (!image) return;
  if (image->external_only && target != GL_TEXTURE_EXTERNAL_OES)
    return ctx.error(GL_INVALID_OPERATION, "%s: a YUV image is sampled through GL_TEXTURE_EXTERNAL_OES only", fn);
  take_image(*texture, *image);
}

void EGLImageTargetTexStorageEXT(Context& ctx, const char* fn, GLenum target, GLeglImageOES image, const GLint* attrib_list) {
  if (!is_image_storage_target(ctx, target))
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a texture target of EGL image storage", fn, target);
  target_image_storage(ctx, texture_for_target(ctx, target), target, image, attrib_list, fn);
}

void EGLImageTargetTextureStorageEXT(Context& ctx, const char* fn, GLuint texture, GLeglImageOES image,
                                     const GLint* attrib_list) {
  TextureRef t = named_texture(ctx, texture, fn);
  if (!t) return;
  target_image_storage(ctx, t, t->target, image, attrib_list, fn);
}

void EGLImageTargetRenderbufferStorageOES(Context& ctx, const char* fn, GLenum target, GLeglImageOES handle) {
  if (target != GL_RENDERBUFFER) return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not GL_RENDERBUFFER", fn, target);
  const std::shared_ptr<RenderbufferObject> renderbuffer = ctx.bound_renderbuffer;
  if (!renderbuffer) return ctx.error(GL_INVALID_OPERATION, "%s: no renderbuffer is bound", fn);
  const std::shared_ptr<EglImage> image = checked_image(ctx, handle, fn);
  if (!image) return;
  if (image->external_only)
    return ctx.error(GL_INVALID_OPERATION, "%s: a YUV image is sampled through GL_TEXTURE_EXTERNAL_OES only", fn);
  renderbuffer->internal_format = GLenum(image->image.internal_format);
  renderbuffer->base_format = image->image.base_format;
  renderbuffer->format = image->image.format;
  renderbuffer->width = image->image.width;
  renderbuffer->height = image->image.height;
  renderbuffer->samples = 0;
  renderbuffer->resource = image->texture;
}

}  // namespace api
}  // namespace glvk::gl
