// EGL images (EGL 1.5 3.9, EGL_KHR_image_base): of a GL texture level (EGL_KHR_gl_texture_2D_image)
// or renderbuffer (EGL_KHR_gl_renderbuffer_image) of a context on the display, sharing its texels,
// and of a Linux dma-buf (EGL_EXT_image_dma_buf_import) in an RGB or YUV format. glvk's
// device (lavapipe) has no VK_EXT_external_memory_dma_buf, so a dma-buf's texels are copied at
// import (mmap of each plane): later writes to the buffer are not seen by the image. YUV formats
// (NV12, NV21, P010, YU12, YV12, YUYV, UYVY) are converted to RGBA8 then (dma_buf_yuv.h), for
// GL_TEXTURE_EXTERNAL_OES targets. The images' GL side is src/gl's egl_image.h.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>

#include "dma_buf_yuv.h"
#include "egl_api.h"
#include "egl_image.h"
#include "egl_objects.h"

namespace glvk::gl::egl {
namespace {

constexpr std::uint32_t fourcc(char a, char b, char c, char d) {
  return std::uint32_t(a) | std::uint32_t(b) << 8 | std::uint32_t(c) << 16 | std::uint32_t(d) << 24;
}

// A single-plane DRM format (drm_fourcc.h, little-endian words) as GL client data and the internal
// format holding it. Formats with an X channel take an internal format without alpha.
struct DrmFormat {
  std::uint32_t fourcc;
  std::uint32_t bytes_per_pixel;
  GLenum internal_format, format, type;
};
constexpr DrmFormat kDrmFormats[] = {
    {fourcc('A', 'R', '2', '4'), 4, GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE},  // ARGB8888: B, G, R, A bytes
    {fourcc('X', 'R', '2', '4'), 4, GL_RGB8, GL_BGRA, GL_UNSIGNED_BYTE},   // XRGB8888
    {fourcc('A', 'B', '2', '4'), 4, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE},  // ABGR8888: R, G, B, A bytes
    {fourcc('X', 'B', '2', '4'), 4, GL_RGB8, GL_RGBA, GL_UNSIGNED_BYTE},   // XBGR8888
    {fourcc('R', 'G', '1', '6'), 2, GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5},
    {fourcc('R', '8', ' ', ' '), 1, GL_R8, GL_RED, GL_UNSIGNED_BYTE},
    {fourcc('G', 'R', '8', '8'), 2, GL_RG8, GL_RG, GL_UNSIGNED_BYTE},  // R, G bytes
};

const DrmFormat* find_drm_format(std::uint32_t code) {
  for (const DrmFormat& f : kDrmFormats)
    if (f.fourcc == code) return &f;
  return nullptr;
}

// The dma-buf attributes (EGL_EXT_image_dma_buf_import); -1 where not given.
struct DmaBuf {
  EGLAttrib width = -1, height = -1, fourcc = -1;
  struct Plane {
    EGLAttrib fd = -1, offset = -1, pitch = -1;
    bool any() const { return fd != -1 || offset != -1 || pitch != -1; }
    bool complete() const { return fd >= 0 && offset >= 0 && pitch >= 0; }
  } planes[3];
  EGLAttrib colour_space = EGL_ITU_REC601_EXT, range = EGL_YUV_NARROW_RANGE_EXT;
};

// A read-only mapping of a whole dma-buf (its size from lseek, so that nothing past its end is
// touched: that would be SIGBUS, not an error).
struct Mapping {
  void* base = MAP_FAILED;
  std::size_t size = 0;
  explicit Mapping(int fd) {
    const off_t end = lseek(fd, 0, SEEK_END);
    if (end <= 0) return;
    size = std::size_t(end);
    base = mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  }
  ~Mapping() {
    if (base != MAP_FAILED) munmap(base, size);
  }
  Mapping(const Mapping&) = delete;
  Mapping& operator=(const Mapping&) = delete;
  bool ok() const { return base != MAP_FAILED; }
  // The plane at `offset` as YuvPlane (null data when the offset is past the end).
  YuvPlane plane(EGLAttrib offset, EGLAttrib pitch) const {
    if (!ok() || std::size_t(offset) >= size) return {};
    return {static_cast<const std::uint8_t*>(base) + offset, std::size_t(pitch), size - std::size_t(offset)};
  }
};

// The image of a dma-buf, its texels copied (YUV converted to RGBA8); null after setting the EGL error.
std::shared_ptr<EglImage> import_dma_buf(const DmaBuf& buf) {
  if (buf.width < 0 || buf.height < 0 || buf.fourcc < 0 || !buf.planes[0].complete())
    return fail(EGL_BAD_PARAMETER, std::shared_ptr<EglImage>());  // an incomplete attribute list
  const DrmFormat* format = find_drm_format(std::uint32_t(buf.fourcc));
  const int yuv_planes = yuv_plane_count(std::uint32_t(buf.fourcc));
  if ((!format && !yuv_planes) || buf.width == 0 || buf.height == 0 || buf.width > kMaxTextureSize ||
      buf.height > kMaxTextureSize)
    return fail(EGL_BAD_MATCH, std::shared_ptr<EglImage>());
  const int planes = format ? 1 : yuv_planes;
  for (int p = 1; p < 3; ++p) {
    if (p < planes && !buf.planes[p].complete()) return fail(EGL_BAD_PARAMETER, std::shared_ptr<EglImage>());
    if (p >= planes && buf.planes[p].any()) return fail(EGL_BAD_ATTRIBUTE, std::shared_ptr<EglImage>());
  }
  auto image = std::make_shared<EglImage>();
  image->image.width = GLsizei(buf.width);
  image->image.height = GLsizei(buf.height);
  image->image.depth = 1;
  if (!format) {
    // YUV: RGBA8 texels, for GL_TEXTURE_EXTERNAL_OES only (OES_EGL_image_external).
    YuvImage yuv;
    yuv.fourcc = std::uint32_t(buf.fourcc);
    yuv.width = int(buf.width);
    yuv.height = int(buf.height);
    yuv.colour_space = buf.colour_space == EGL_ITU_REC709_EXT    ? YuvColourSpace::BT709
                       : buf.colour_space == EGL_ITU_REC2020_EXT ? YuvColourSpace::BT2020
                                                                 : YuvColourSpace::BT601;
    yuv.full_range = buf.range == EGL_YUV_FULL_RANGE_EXT;
    std::unique_ptr<Mapping> mappings[3];
    for (int p = 0; p < planes; ++p) {
      mappings[p] = std::make_unique<Mapping>(int(buf.planes[p].fd));
      if (!mappings[p]->ok()) return fail(EGL_BAD_ACCESS, std::shared_ptr<EglImage>());
      yuv.planes[p] = mappings[p]->plane(buf.planes[p].offset, buf.planes[p].pitch);
    }
    std::vector<std::byte> rgba;
    if (!convert_yuv(yuv, rgba)) return fail(EGL_BAD_ACCESS, std::shared_ptr<EglImage>());
    image->image.internal_format = GL_RGBA8;
    image->pixel_format = GL_RGBA;
    image->pixel_type = GL_UNSIGNED_BYTE;
    image->pixels = std::move(rgba);
    image->external_only = true;
    return image;
  }
  const std::size_t row = std::size_t(buf.width) * format->bytes_per_pixel;
  const Mapping mapping(int(buf.planes[0].fd));
  if (!mapping.ok()) return fail(EGL_BAD_ACCESS, std::shared_ptr<EglImage>());
  const YuvPlane plane = mapping.plane(buf.planes[0].offset, buf.planes[0].pitch);
  if (!plane.data || plane.pitch < row || !rows_fit(plane.size, plane.pitch, std::size_t(buf.height), row))
    return fail(EGL_BAD_ACCESS, std::shared_ptr<EglImage>());
  image->image.internal_format = GLint(format->internal_format);
  image->pixel_format = format->format;
  image->pixel_type = format->type;
  image->pixels.resize(row * std::size_t(buf.height));
  for (EGLAttrib y = 0; y < buf.height; ++y)
    std::memcpy(image->pixels.data() + std::size_t(y) * row, plane.data + std::size_t(y) * plane.pitch, row);
  return image;
}

// The GL object of a context an image is made of; null after setting the EGL error.
std::shared_ptr<EglImage> image_of_gl_object(ContextObject& context, EGLenum target, GLuint name, EGLAttrib level) {
  if (name == 0) return fail(EGL_BAD_PARAMETER, std::shared_ptr<EglImage>());
  ShareGroup& group = context.gl->share_group();
  int error = EGL_BAD_PARAMETER;
  std::shared_ptr<EglImage> image;
  if (target == EGL_GL_TEXTURE_2D) {
    const std::shared_ptr<TextureObject> texture = group.find_texture(name);
    if (!texture || texture->target != GL_TEXTURE_2D) return fail(EGL_BAD_PARAMETER, std::shared_ptr<EglImage>());
    image = egl_image_of_texture(*context.gl, *texture, GLint(level), error);
  } else {
    if (level != 0) return fail(EGL_BAD_PARAMETER, std::shared_ptr<EglImage>());  // no level for renderbuffers
    const std::shared_ptr<RenderbufferObject> renderbuffer = group.find_renderbuffer(name);
    if (!renderbuffer) return fail(EGL_BAD_PARAMETER, std::shared_ptr<EglImage>());
    std::lock_guard lock(group.mutex);
    image = egl_image_of_renderbuffer(*renderbuffer, error);
  }
  return image ? image : fail(EGLint(error), std::shared_ptr<EglImage>());
}

}  // namespace

namespace api {

EGLImage CreateImage(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
                     const EGLAttrib* attrib_list) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_NO_IMAGE;
  const bool gl_object = target == EGL_GL_TEXTURE_2D || target == EGL_GL_RENDERBUFFER;
  if (!gl_object && target != EGL_LINUX_DMA_BUF_EXT) return fail(EGL_BAD_PARAMETER, EGL_NO_IMAGE);
  ContextObject* context = nullptr;
  if (gl_object && !(context = find_context(*display, ctx))) return fail(EGL_BAD_CONTEXT, EGL_NO_IMAGE);
  // EGL_EXT_image_dma_buf_import: no context, no client buffer.
  if (!gl_object && (ctx != EGL_NO_CONTEXT || buffer)) return fail(EGL_BAD_PARAMETER, EGL_NO_IMAGE);
  EGLAttrib level = 0;
  DmaBuf dma_buf;
  for (const EGLAttrib* a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
    if (a[0] == EGL_IMAGE_PRESERVED) continue;  // texels are always kept (nothing is discarded)
    if (gl_object && a[0] == EGL_GL_TEXTURE_LEVEL && target == EGL_GL_TEXTURE_2D) {
      level = a[1];
      continue;
    }
    if (gl_object) return fail(EGL_BAD_PARAMETER, EGL_NO_IMAGE);
    switch (a[0]) {
      case EGL_WIDTH: dma_buf.width = a[1]; break;
      case EGL_HEIGHT: dma_buf.height = a[1]; break;
      case EGL_LINUX_DRM_FOURCC_EXT: dma_buf.fourcc = a[1]; break;
      // The plane attributes are consecutive: FD, OFFSET, PITCH of plane 0, then 1, then 2.
      case EGL_DMA_BUF_PLANE0_FD_EXT: case EGL_DMA_BUF_PLANE1_FD_EXT: case EGL_DMA_BUF_PLANE2_FD_EXT:
        dma_buf.planes[(a[0] - EGL_DMA_BUF_PLANE0_FD_EXT) / 3].fd = a[1];
        break;
      case EGL_DMA_BUF_PLANE0_OFFSET_EXT: case EGL_DMA_BUF_PLANE1_OFFSET_EXT: case EGL_DMA_BUF_PLANE2_OFFSET_EXT:
        dma_buf.planes[(a[0] - EGL_DMA_BUF_PLANE0_OFFSET_EXT) / 3].offset = a[1];
        break;
      case EGL_DMA_BUF_PLANE0_PITCH_EXT: case EGL_DMA_BUF_PLANE1_PITCH_EXT: case EGL_DMA_BUF_PLANE2_PITCH_EXT:
        dma_buf.planes[(a[0] - EGL_DMA_BUF_PLANE0_PITCH_EXT) / 3].pitch = a[1];
        break;
      case EGL_YUV_COLOR_SPACE_HINT_EXT:
        if (a[1] != EGL_ITU_REC601_EXT && a[1] != EGL_ITU_REC709_EXT && a[1] != EGL_ITU_REC2020_EXT)
          return fail(EGL_BAD_ATTRIBUTE, EGL_NO_IMAGE);
        dma_buf.colour_space = a[1];
        break;
      case EGL_SAMPLE_RANGE_HINT_EXT:
        if (a[1] != EGL_YUV_FULL_RANGE_EXT && a[1] != EGL_YUV_NARROW_RANGE_EXT) return fail(EGL_BAD_ATTRIBUTE, EGL_NO_IMAGE);
        dma_buf.range = a[1];
        break;
      // Nearest chroma sampling (dma_buf_yuv.cpp) has no position between samples to choose.
      case EGL_YUV_CHROMA_HORIZONTAL_SITING_HINT_EXT: case EGL_YUV_CHROMA_VERTICAL_SITING_HINT_EXT:
        if (a[1] != EGL_YUV_CHROMA_SITING_0_EXT && a[1] != EGL_YUV_CHROMA_SITING_0_5_EXT)
          return fail(EGL_BAD_ATTRIBUTE, EGL_NO_IMAGE);
        break;
      default: return fail(EGL_BAD_PARAMETER, EGL_NO_IMAGE);
    }
  }
  const std::shared_ptr<EglImage> image =
      gl_object ? image_of_gl_object(*context, target, GLuint(reinterpret_cast<std::uintptr_t>(buffer)), level)
                : import_dma_buf(dma_buf);
  if (!image) return EGL_NO_IMAGE;
  void* handle = register_egl_image(image);
  display->images.insert(handle);
  set_error(EGL_SUCCESS);
  return handle;
}

EGLImageKHR CreateImageKHR(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
                           const EGLint* attrib_list) {
  const std::vector<EGLAttrib> attributes = converted_attributes<EGLAttrib>(attrib_list);
  return CreateImage(dpy, ctx, target, buffer, attributes.data());
}

EGLBoolean DestroyImage(EGLDisplay dpy, EGLImage image) {
  std::lock_guard lock(egl_mutex());
  Display* display = checked_display(dpy);
  if (!display) return EGL_FALSE;
  // Targets keep the texels (EGL 1.5 3.9.2: siblings live on).
  if (!display->images.erase(image) || !unregister_egl_image(image)) return fail(EGL_BAD_PARAMETER, EGL_FALSE);
  set_error(EGL_SUCCESS);
  return EGL_TRUE;
}

EGLBoolean DestroyImageKHR(EGLDisplay dpy, EGLImageKHR image) { return DestroyImage(dpy, image); }

}  // namespace api
}  // namespace glvk::gl::egl
