// Texture pieces the framebuffer entry points share with api_textures.cpp (private to src/gl).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "glvk/formats/gl_client.h"
#include "glvk/gl/context.h"
#include "glvk/st/context.h"
#include "glvk/st/result.h"
#include "glvk/st/texture_upload.h"

namespace glvk::st {
class Texture;
}

namespace glvk::gl {

// Where the user's pixels of a w x h x d image are: pointer to the first texel and strides. For
// 1D arrays GL's rows are the texture's layers. Null `pixels` with no PBO means "no data".
struct ClientImage {
  const std::byte* data = nullptr;       // first texel (skips applied), in client memory
  std::shared_ptr<BufferObject> pbo;
  std::uint64_t pbo_offset = 0;          // of the first texel
  std::size_t row_stride = 0, image_stride = 0;
  std::size_t extent_bytes = 0;          // from the first texel to one past the last
};

// INVALID_ENUM for unknown enums, INVALID_OPERATION for a pair GL does not define; false after
// raising the error.
bool check_format_and_type(Context& ctx, GLenum format, GLenum type, const char* function);

// Depth/stencil data only for depth/stencil images, integer data only for integer images.
bool check_compatible(Context& ctx, GLenum base_format, formats::Format texture_format, GLenum format,
                      const char* function);

// The client image of a w x h x d transfer with `store`, and the PBO bound to `pbo_target` checked.
bool client_image(Context& ctx, const formats::PixelStore& store, GLenum pbo_target, unsigned dims, GLsizei width,
                  GLsizei height, GLsizei depth, GLenum format, GLenum type, const void* pixels, ClientImage& out,
                  const char* function);

// What st needs to know of a transfer to or from `image` (of image target `target`) in the
// application's format and type with pixel store `store`.
st::TransferRequest transfer_request(const TextureImage& image, GLenum target, GLenum format, GLenum type,
                                     const formats::PixelStore& store);
// The client image as st describes it (no GL objects: the PBO is its resource).
st::ClientTexels client_texels(const ClientImage& client);
// Raises the GL error of an st failure with st's text: UNSUPPORTED is INVALID_OPERATION,
// OUT_OF_MEMORY is OUT_OF_MEMORY. True when it raised one.
bool raise_st_failure(Context& ctx, const st::Result& result, const char* function);

// Reads `box` of `level` of an image of `target` into what `client` describes (glGetTexImage,
// glReadPixels), through st. `clamp_colour`: colour components are clamped to [0, 1] first
// (glReadPixels' read colour clamp).
void read_texels(Context& ctx, st::Texture& resource, const TextureImage& image, GLenum target, unsigned level,
                 const st::Box& box, const ClientImage& client, void* pixels, GLenum format, GLenum type,
                 const char* function, bool clamp_colour = false);

// Writes compressed blocks into a region of an image (glCompressedTexSubImage's tail): as they are
// when the device has the format, else decoded into the storage format and kept beside it.
void upload_compressed(Context& ctx, TextureObject& texture, GLenum target, GLint level, TextureImage& image,
                       GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d, const std::vector<std::byte>& blocks,
                       const char* function);

// The format whose bits are an image's internal format's, the bits views and copies share: the
// compressed format, or the stored format with its RGBA channels in order and unpadded (a device
// may store GL_RGB8 as R8G8B8X8_UNORM and GL_RGB8UI as R8G8B8_UINT: both are 24-bit R, G, B to GL).
formats::Format gl_bits_format(const TextureImage& image);

// Whether two images' storages hold their GL bits alike, so raw texels of one are the other's:
// each stores exactly gl_bits_format, or both pad and order their channels the same way.
bool holds_same_bits(const TextureImage& a, const TextureImage& b);

// glTexImage{1,2,3}D after the target check (also glCopyTexImage's image definition).
void tex_image(Context& ctx, TextureObject& texture, unsigned dims, GLenum target, GLint level, GLint internal_format,
               GLsizei width, GLsizei height, GLsizei depth, GLint border, GLenum format, GLenum type,
               const void* pixels, const char* function);

// glCopyTex(ture)SubImage{1,2,3}D after the target check (api_framebuffers.cpp): `target` is the
// image target (a cube face for cube maps), so the rectangle lands in that face's image.
void copy_tex_sub_image(Context& ctx, TextureObject& texture, GLenum target, GLint level, GLint xoffset,
                        GLint yoffset, GLint zoffset, GLint x, GLint y, GLsizei width, GLsizei height,
                        const char* function);

// Runs `command` and tells whether it raised a GL error, keeping the first error sticky: an error
// pending before stays the one glGetError returns.
template <typename Command>
bool raises_error(Context& ctx, const char* function, Command command) {
  const GLenum pending = ctx.take_error();
  command();
  const GLenum raised = ctx.take_error();
  if (pending != GL_NO_ERROR || raised != GL_NO_ERROR)
    ctx.error(pending != GL_NO_ERROR ? pending : raised, "%s: see the previous message", function);
  return raised != GL_NO_ERROR;
}

inline bool is_cube_face(GLenum target) {
  return target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z;
}

// The index of a cube face target among the six faces (0 for every other target, and for none).
inline unsigned face_of(GLenum target) { return is_cube_face(target) ? target - GL_TEXTURE_CUBE_MAP_POSITIVE_X : 0; }

// INVALID_VALUE unless the w x h x d region at (x, y, z) lies inside `image` (the sub-image
// commands); false after raising it.
bool check_region_inside(Context& ctx, const TextureImage& image, GLint x, GLint y, GLint z, GLsizei width,
                         GLsizei height, GLsizei depth, const char* function);

// The texture resource box of an image region (1D arrays: rows are layers; cube faces: the face's layer).
st::Box texture_box(GLenum target, GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d);

// The texture object an image target names in the current unit (proxies and cube faces included).
std::shared_ptr<TextureObject> texture_for_target(Context& ctx, GLenum target);

// glGetTexLevelParameter / glGetRenderbufferParameter / attachment component sizes and types.
GLint component_size(const TextureImage& image, GLenum pname);
GLenum component_type(const TextureImage& image, GLenum pname);

}  // namespace glvk::gl
