// Texture pieces the framebuffer entry points share with api_textures.cpp (private to src/gl).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "glvk/formats/checked_size.h"
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

// tex_pixel_transfer.cpp: when glPixelTransfer's colour scale or bias is not the identity and
// `format` is a non-integer colour format, `out` receives the w x h x d client image as tight RGBA
// floats with the scale and bias applied (GL 4.6 compatibility 8.4.4), and the result is true.
bool transfer_colours(Context& ctx, GLenum format, GLenum type, GLsizei w, GLsizei h, GLsizei d,
                      const ClientImage& client, std::vector<float>& out);
// list_tex_images.cpp: glTexImage1D/2D/3D while a display list is compiled: records the command
// with a copy of its texels (unpacked now); false when it is not to be executed now as well (GL_COMPILE,
// or an error of the pixel store). Proxy targets are not compiled (true).
bool compile_tex_image(Context& ctx, const char* fn, unsigned dims, GLenum target, GLint level, GLint internalformat,
                       GLsizei w, GLsizei h, GLsizei d, GLint border, GLenum format, GLenum type, const void* pixels);

// Holds the colour scale and bias at the identity for its lifetime: for glvk's own uploads, whose
// texels are not an application image on its way into a texture (the pixel rectangle's texture,
// scaled when it is drawn; an EGL image's copy).
class IdentityColourTransfer {
 public:
  explicit IdentityColourTransfer(Context& ctx) : ctx_(ctx), scale_(ctx.legacy.transfer.scale), bias_(ctx.legacy.transfer.bias) {
    ctx.legacy.transfer.scale = {1, 1, 1, 1};
    ctx.legacy.transfer.bias = {0, 0, 0, 0};
  }
  ~IdentityColourTransfer() {
    ctx_.legacy.transfer.scale = scale_;
    ctx_.legacy.transfer.bias = bias_;
  }
  IdentityColourTransfer(const IdentityColourTransfer&) = delete;
  IdentityColourTransfer& operator=(const IdentityColourTransfer&) = delete;

 private:
  Context& ctx_;
  Vec4 scale_, bias_;
};

// A buffer texture internal format (GL 4.6 table 8.18) as the client (format, type) with the same
// memory layout (glTexBuffer's formats, glClearBufferData's element); nullopt for other formats.
struct BufferTextureLayout {
  GLenum format, type;
};
std::optional<BufferTextureLayout> buffer_texture_layout(GLenum internal_format);

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
// (glReadPixels' read colour clamp); `framebuffer_read`: glReadPixels, whose LUMINANCE is R + G + B.
void read_texels(Context& ctx, st::Texture& resource, const TextureImage& image, GLenum target, unsigned level,
                 const st::Box& box, const ClientImage& client, void* pixels, GLenum format, GLenum type,
                 const char* function, bool clamp_colour = false, bool framebuffer_read = false);

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
// A compatibility border of 1 taken off an image (`dims` dimensions, `target`): its sides lose 2
// (not array layers), `unpack` starts one texel in; false when a side is less than 2.
bool strip_border(unsigned dims, GLenum target, GLsizei& width, GLsizei& height, GLsizei& depth,
                  formats::PixelStore& unpack);  // api_tex_image.cpp

void tex_image(Context& ctx, TextureObject& texture, unsigned dims, GLenum target, GLint level, GLint internal_format,
               GLsizei width, GLsizei height, GLsizei depth, GLint border, GLenum format, GLenum type,
               const void* pixels, const char* function);

// After the image at `level` of `target` changed: the compatibility profile's automatic mipmap
// generation (GENERATE_MIPMAP) when that level is the base level.
void base_level_changed(Context& ctx, TextureObject& texture, GLenum target, GLint level,
                        const char* function);  // api_tex_image.cpp

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

using TextureRef = std::shared_ptr<TextureObject>;
using formats::Format;

// ---------------------------------------------------------------------------------------------
// Shared by the texture entry point files (each declaration names the file that defines it).

int target_index(GLenum target);  // texture_validation.cpp

// The non-proxy target a proxy target stands for (or the target itself).
GLenum unproxied(GLenum target);  // texture_validation.cpp

bool is_proxy(GLenum target);  // texture_validation.cpp

// The binding target of an image target (cube faces belong to GL_TEXTURE_CUBE_MAP).
GLenum binding_target(GLenum target);  // texture_validation.cpp

// Image targets glTexImage{dims}D accepts (proxies included).
bool is_image_target(unsigned dims, GLenum target);  // texture_validation.cpp

// Targets glTexStorage{dims}D / glTextureStorage{dims}D accept.
bool is_storage_target(unsigned dims, GLenum target);  // texture_validation.cpp

// The largest width/height/depth a level-0 image of `target` may have (depth: layers for arrays).
struct SizeLimits {
  GLint width, height, depth;
};

SizeLimits size_limits(GLenum target);  // texture_validation.cpp

// Whether an extent given for `level` implies a level-0 extent (size << level) within `limit`:
// checked, since a GLsizei shifted by the level overflows 32 bits.
inline bool level_extent_fits(GLsizei size, GLint level, GLint limit) {
  return (formats::CheckedSize(size) << level).fits(std::uint64_t(limit));
}

// Levels a target may have: one for rectangles, log2(max size) + 1 otherwise.
GLint max_levels(GLenum target);  // texture_validation.cpp

// Whether the level's height / depth are mipmapped (1D arrays keep their layer count, etc.).
bool height_is_layers(GLenum target);  // texture_validation.cpp

bool depth_is_layers(GLenum target);  // texture_validation.cpp

bool is_depth_or_stencil_base(GLenum base);  // texture_validation.cpp

// The buffer bound to `target` (one of kBufferTargets), or null.
const std::shared_ptr<BufferObject>& bound_buffer(Context& ctx, GLenum target);  // texture_validation.cpp

// Section 8.5's rules for specifying texels (glTexImage*, glTexSubImage*), stricter than the
// readback's: depth data (DEPTH_COMPONENT or DEPTH_STENCIL) exactly for depth textures (either
// base), STENCIL_INDEX data exactly for stencil textures; then the rules check_compatible shares.
bool check_upload_compatible(Context& ctx, GLenum base_format, Format texture_format, GLenum format,
                             const char* function);  // texture_validation.cpp

// Section 8.11.4's rules for glGetTexImage: DEPTH_COMPONENT data from depth or depth/stencil
// images, DEPTH_STENCIL only from depth/stencil ones, STENCIL_INDEX from stencil or depth/stencil
// ones; then the rules check_compatible shares.
bool check_readback_compatible(Context& ctx, GLenum base_format, Format texture_format, GLenum format,
                               const char* function);  // texture_validation.cpp

// Makes sure the texture's resource can hold (face, level) as now specified: a new resource is
// allocated from the implied level-0 size when it cannot, and the levels of the old one that
// still fit are copied across (st_finalize_texture's role).
bool ensure_resource(Context& ctx, TextureObject& texture, GLenum target, GLint level, const TextureImage& image,
                     unsigned bindings, const char* function);  // api_tex_image.cpp

// One resource holds a texture's levels; a level specified later in another format or an
// inconsistent size replaces it, and the levels it cannot hold keep their GL state but no texels.
// Whether the resource holds (face, level) as its image says (format, size): reads of a level it
// does not hold return nothing rather than reading the resource with the image's layout.
bool resource_holds_image(const TextureObject& texture, GLenum target, GLint level);  // api_tex_image.cpp
// Before a write into an existing level: a resource that holds it (made as glTexImage would).
bool make_resource_hold(Context& ctx, TextureObject& texture, GLenum target, GLint level,
                        const char* function);  // api_tex_image.cpp

// Online compression (GL 4.6 section 8.7): glTexImage and glTexSubImage fill the S3TC, RGTC and
// BPTC formats from uncompressed texels, which glvk encodes (src/formats/compressed); the formats
// with no online compression (ETC2/EAC, ASTC: Mesa's _mesa_format_no_online_compression) raise
// INVALID_OPERATION.
bool check_online_compression(Context& ctx, Format format, const char* function);  // texture_validation.cpp

// The targets images of a compressed format may have (GL 4.6 section 8.7; Mesa's errors where the
// spec is silent): 2D, cube maps and their arrays take every family, 3D textures BPTC only (ASTC:
// INVALID_OPERATION), and 1D, 1D array and rectangle textures none (INVALID_ENUM). `format` is the
// chosen format; uncompressed ones pass. False after raising the error.
bool check_compressed_target(Context& ctx, GLenum target, Format format,
                             const char* function);  // texture_validation.cpp

// Regions of compressed images cover whole blocks, except where they reach the image's right or
// bottom edge. The error differs by command: INVALID_OPERATION for the uploads (GL 4.6 section 8.7),
// INVALID_VALUE for glGetTextureSubImage and glGetCompressedTextureSubImage (section 8.11.4; Mesa
// llvmpipe raises the same).
bool check_whole_blocks(Context& ctx, const TextureImage& image, GLint x, GLint y, GLsizei w, GLsizei h,
                        GLenum error, const char* function);  // texture_validation.cpp

// The texels of its buffer a buffer texture views: its single level's width.
GLint buffer_texels(const TextureObject& t);  // api_tex_parameters.cpp

// For the DSA entry points: the named texture (bound at least once), or null after raising
// INVALID_OPERATION.
TextureRef named_texture(Context& ctx, GLuint name, const char* function);  // texture_validation.cpp

// For the DSA entry points: the named texture when its target passes `valid` for `dims`, or null
// after raising INVALID_OPERATION (an unknown name or a target the command does not take).
TextureRef named_texture_of(Context& ctx, GLuint name, bool (*valid)(unsigned, GLenum), unsigned dims,
                            const char* function);  // texture_validation.cpp

// The texture a target-based call works on, after checking the target for `dims`.
TextureRef target_texture(Context& ctx, GLenum target, bool (*valid)(unsigned, GLenum), unsigned dims,
                          const char* function);  // texture_validation.cpp

// The DSA 3D commands address a cube map's faces as layers: runs `per_face(face target, index)`
// for the faces zoffset .. zoffset + depth - 1, after INVALID_VALUE unless those are faces and
// INVALID_OPERATION unless their images at `level` agree (the data is laid out for one size) and,
// for more than one face, exist (GetTextureImage of a cube map that is not cube complete).
template <typename PerFace>
void for_each_cube_face(Context& ctx, const TextureObject& t, GLint level, GLint zoffset, GLsizei depth,
                        const char* function, PerFace per_face) {
  if (level < 0 || level >= GLint(kMaxTextureLevels))
    return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", function, level);
  if (zoffset < 0 || depth < 0 || GLint64(zoffset) + depth > 6)
    return ctx.error(GL_INVALID_VALUE, "%s: faces %d..%d of a cube map", function, zoffset, zoffset + depth - 1);
  for (GLsizei f = 1; f < depth; ++f) {
    const TextureImage& first = t.images[std::size_t(zoffset)][std::size_t(level)];
    const TextureImage& face = t.images[std::size_t(zoffset + f)][std::size_t(level)];
    if (first.width == 0 || face.width == 0)
      return ctx.error(GL_INVALID_OPERATION, "%s: the cube map has no image at level %d for face %d", function, level,
                       first.width == 0 ? zoffset : zoffset + f);
    if (face.internal_format != first.internal_format || face.width != first.width)
      return ctx.error(GL_INVALID_OPERATION, "%s: the cube map's faces differ at level %d", function, level);
  }
  // Last face first: it reaches furthest into the client memory or PBO, so a size error stops the
  // command before any face is transferred.
  for (GLsizei f = depth - 1; f >= 0; --f)
    if (raises_error(ctx, function, [&] { per_face(GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X + zoffset + f), f); }))
      return;
}

// The client memory of the `index`th `bytes`-sized piece of a transfer: an address, or an offset
// into the PBO bound to `pbo_target`; null stays null ("no data") when no PBO is bound.
template <typename Pointer>
Pointer piece_of_transfer(Context& ctx, GLenum pbo_target, Pointer data, GLsizei index, std::size_t bytes) {
  if (!data && !bound_buffer(ctx, pbo_target)) return nullptr;
  return reinterpret_cast<Pointer>(reinterpret_cast<std::uintptr_t>(data) + std::size_t(index) * bytes);
}

// GL 4.6 section 2.3.1: a negative bufSize is INVALID_VALUE; false after raising it.
bool check_buffer_size(Context& ctx, GLsizei buffer_size, const char* function);  // texture_validation.cpp

// Bytes of a w x h x d image of a block-compressed format.
std::size_t compressed_size(Format format, GLsizei w, GLsizei h, GLsizei d);  // api_tex_compressed.cpp

// The largest sample count of every colour and depth format GL requires: MAX_SAMPLES.
GLint max_samples(Context& ctx);  // api_tex_multisample.cpp

// What TEXTURE_BUFFER_OFFSET_ALIGNMENT reports: Vulkan's minTexelBufferOffsetAlignment bound.
inline constexpr GLint kTextureBufferOffsetAlignment = 256;

inline constexpr GLint kMaxTextureBufferSize = 1 << 27;

// Sub-image targets: the image targets without proxies.
bool is_sub_image_target(unsigned dims, GLenum target);  // api_tex_image.cpp

// The DSA 3D sub-image commands also take cube maps (their faces are layers).
bool is_sub_image_or_cube_target(unsigned dims, GLenum target);  // api_tex_image.cpp

// Client pixels read tightly packed (alignment 1, GL's initial store otherwise) and from no pixel
// buffer: glvk's own data (glBitmap's expanded bits, glCopyPixels' read-back pixels), whatever the
// application set.
class DefaultPixelStore {
 public:
  DefaultPixelStore(Context& ctx, GLenum pbo_target, bool pack)
      : store_(pack ? ctx.pack : ctx.unpack), pbo_(const_cast<std::shared_ptr<BufferObject>&>(bound_buffer(ctx, pbo_target))) {
    saved_store_.alignment = 1;
    std::swap(store_, saved_store_);
    pbo_.swap(saved_pbo_);
  }
  ~DefaultPixelStore() {
    std::swap(store_, saved_store_);
    pbo_.swap(saved_pbo_);
  }
  DefaultPixelStore(const DefaultPixelStore&) = delete;
  DefaultPixelStore& operator=(const DefaultPixelStore&) = delete;

 private:
  formats::PixelStore& store_;
  formats::PixelStore saved_store_{};
  std::shared_ptr<BufferObject>& pbo_;
  std::shared_ptr<BufferObject> saved_pbo_;
};

}  // namespace glvk::gl
