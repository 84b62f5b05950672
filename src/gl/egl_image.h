// EGL images (EGL_KHR_image_base) as src/gl holds them: the texels an EGLImage names, shared by
// every texture or renderbuffer made its target (GL_OES_EGL_image), and the registry that makes
// an EGLImage handle a checked pointer. The EGL side (egl/egl_images.cpp) makes and destroys them.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

#include "glvk/gl/context.h"

namespace glvk::gl {

struct EglImage {
  // The GL description of the texels (one 2D image, one level).
  TextureImage image;
  // A one-level, one-layer st::Texture sharing the source's image (a texture level or a
  // renderbuffer), so that a texel written through any sibling is seen through the others; for a
  // dma-buf, made from `pixels` by the first target (then shared the same way).
  std::shared_ptr<st::Texture> texture;
  // A dma-buf's texels copied at import, tightly packed rows in (pixel_format, pixel_type),
  // top row first as the buffer holds them (GL's row 0 is the image's first row, as Mesa has it).
  std::vector<std::byte> pixels;
  GLenum pixel_format = GL_NONE, pixel_type = GL_NONE;
  // A YUV dma-buf's image (converted to RGBA8): a GL_TEXTURE_EXTERNAL_OES target only.
  bool external_only = false;
  std::mutex mutex;  // `texture` made once, from any thread's context
};

// A handle for `image`, valid until unregistered.
void* register_egl_image(std::shared_ptr<EglImage> image);
// The image a handle names, or null for anything else (a destroyed image, a stray pointer).
std::shared_ptr<EglImage> find_egl_image(const void* handle);
// False when the handle names no image.
bool unregister_egl_image(const void* handle);

// The texture level `level` of `texture` (GL_TEXTURE_2D, of context `ctx`) as an EGL image, or
// null with why in `error` (an EGL error code: EGL_BAD_PARAMETER for a level that is not defined,
// EGL_BAD_MATCH otherwise). A defined level without storage yet gets it.
std::shared_ptr<EglImage> egl_image_of_texture(Context& ctx, TextureObject& texture, GLint level, int& error);
// A renderbuffer's storage as an EGL image, or null (EGL_BAD_PARAMETER: no storage; multisample).
std::shared_ptr<EglImage> egl_image_of_renderbuffer(const RenderbufferObject& renderbuffer, int& error);

}  // namespace glvk::gl
