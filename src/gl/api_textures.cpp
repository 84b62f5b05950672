// Texture objects and texel transfers: names and bindings, glTexImage/glTexSubImage/glTexStorage
// (and their DSA forms), glGetTexImage, level and texture parameters, and glPixelStore.
// Every entry point validates first and raises the error the GL 4.6 spec names; a call that
// raises an error changes nothing. Texels move through st (format choice, path choice, resources).
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

using formats::Format;
using TextureRef = std::shared_ptr<TextureObject>;

int target_index(GLenum target) {
  for (std::size_t i = 0; i < kTextureTargetCount; ++i)
    if (kTextureTargets[i] == target) return int(i);
  return -1;
}

// The non-proxy target a proxy target stands for (or the target itself).
GLenum unproxied(GLenum target) {
  switch (target) {
    case GL_PROXY_TEXTURE_1D: return GL_TEXTURE_1D;
    case GL_PROXY_TEXTURE_2D: return GL_TEXTURE_2D;
    case GL_PROXY_TEXTURE_3D: return GL_TEXTURE_3D;
    case GL_PROXY_TEXTURE_1D_ARRAY: return GL_TEXTURE_1D_ARRAY;
    case GL_PROXY_TEXTURE_2D_ARRAY: return GL_TEXTURE_2D_ARRAY;
    case GL_PROXY_TEXTURE_RECTANGLE: return GL_TEXTURE_RECTANGLE;
    case GL_PROXY_TEXTURE_CUBE_MAP: return GL_TEXTURE_CUBE_MAP;
    case GL_PROXY_TEXTURE_CUBE_MAP_ARRAY: return GL_TEXTURE_CUBE_MAP_ARRAY;
    case GL_PROXY_TEXTURE_2D_MULTISAMPLE: return GL_TEXTURE_2D_MULTISAMPLE;
    case GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY: return GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
    default: return target;
  }
}

bool is_proxy(GLenum target) { return unproxied(target) != target; }

// The binding target of an image target (cube faces belong to GL_TEXTURE_CUBE_MAP).
GLenum binding_target(GLenum target) { return is_cube_face(target) ? GL_TEXTURE_CUBE_MAP : unproxied(target); }

// Image targets glTexImage{dims}D accepts (proxies included).
bool is_image_target(unsigned dims, GLenum target) {
  switch (dims) {
    case 1: return target == GL_TEXTURE_1D || target == GL_PROXY_TEXTURE_1D;
    case 2:
      return target == GL_TEXTURE_2D || target == GL_PROXY_TEXTURE_2D || target == GL_TEXTURE_1D_ARRAY ||
             target == GL_PROXY_TEXTURE_1D_ARRAY || target == GL_TEXTURE_RECTANGLE ||
             target == GL_PROXY_TEXTURE_RECTANGLE || is_cube_face(target) || target == GL_PROXY_TEXTURE_CUBE_MAP;
    case 3:
      return target == GL_TEXTURE_3D || target == GL_PROXY_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY ||
             target == GL_PROXY_TEXTURE_2D_ARRAY || target == GL_TEXTURE_CUBE_MAP_ARRAY ||
             target == GL_PROXY_TEXTURE_CUBE_MAP_ARRAY;
    default: return false;
  }
}

// Targets glTexStorage{dims}D / glTextureStorage{dims}D accept.
bool is_storage_target(unsigned dims, GLenum target) {
  switch (dims) {
    case 1: return target == GL_TEXTURE_1D || target == GL_PROXY_TEXTURE_1D;
    case 2:
      return target == GL_TEXTURE_2D || target == GL_PROXY_TEXTURE_2D || target == GL_TEXTURE_1D_ARRAY ||
             target == GL_PROXY_TEXTURE_1D_ARRAY || target == GL_TEXTURE_RECTANGLE ||
             target == GL_PROXY_TEXTURE_RECTANGLE || target == GL_TEXTURE_CUBE_MAP ||
             target == GL_PROXY_TEXTURE_CUBE_MAP;
    case 3:
      return target == GL_TEXTURE_3D || target == GL_PROXY_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY ||
             target == GL_PROXY_TEXTURE_2D_ARRAY || target == GL_TEXTURE_CUBE_MAP_ARRAY ||
             target == GL_PROXY_TEXTURE_CUBE_MAP_ARRAY;
    default: return false;
  }
}

// The largest width/height/depth a level-0 image of `target` may have (depth: layers for arrays).
struct SizeLimits {
  GLint width, height, depth;
};
SizeLimits size_limits(GLenum target) {
  switch (binding_target(target)) {
    case GL_TEXTURE_1D: return {kMaxTextureSize, 1, 1};
    case GL_TEXTURE_1D_ARRAY: return {kMaxTextureSize, kMaxArrayTextureLayers, 1};
    case GL_TEXTURE_3D: return {kMax3DTextureSize, kMax3DTextureSize, kMax3DTextureSize};
    case GL_TEXTURE_2D_ARRAY: return {kMaxTextureSize, kMaxTextureSize, kMaxArrayTextureLayers};
    case GL_TEXTURE_CUBE_MAP: return {kMaxCubeMapTextureSize, kMaxCubeMapTextureSize, 1};
    case GL_TEXTURE_CUBE_MAP_ARRAY: return {kMaxCubeMapTextureSize, kMaxCubeMapTextureSize, kMaxArrayTextureLayers};
    case GL_TEXTURE_RECTANGLE: return {kMaxRectangleTextureSize, kMaxRectangleTextureSize, 1};
    default: return {kMaxTextureSize, kMaxTextureSize, 1};
  }
}

// Levels a target may have: one for rectangles, log2(max size) + 1 otherwise.
GLint max_levels(GLenum target) {
  const GLenum t = binding_target(target);
  if (t == GL_TEXTURE_RECTANGLE) return 1;
  GLint size = t == GL_TEXTURE_3D ? kMax3DTextureSize : kMaxTextureSize, levels = 1;
  while (size >>= 1) ++levels;
  return levels;
}

// Whether the level's height / depth are mipmapped (1D arrays keep their layer count, etc.).
bool height_is_layers(GLenum target) { return binding_target(target) == GL_TEXTURE_1D_ARRAY; }
bool depth_is_layers(GLenum target) {
  const GLenum t = binding_target(target);
  return t == GL_TEXTURE_2D_ARRAY || t == GL_TEXTURE_CUBE_MAP_ARRAY;
}

bool is_depth_or_stencil_base(GLenum base) {
  return base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL || base == GL_STENCIL_INDEX;
}

bool is_depth_or_stencil_format(GLenum format) {
  return format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL || format == GL_STENCIL_INDEX;
}

// The buffer bound to `target` (one of kBufferTargets), or null.
const std::shared_ptr<BufferObject>& bound_buffer(Context& ctx, GLenum target) {
  return ctx.bound_buffers[std::size_t(std::find(std::begin(kBufferTargets), std::end(kBufferTargets), target) -
                                       std::begin(kBufferTargets))];
}

}  // namespace

// The texture object a target names in the current unit (default texture when 0 is bound),
// proxies included.
TextureRef texture_for_target(Context& ctx, GLenum target) {
  const int index = target_index(binding_target(target));
  if (index < 0) return nullptr;
  if (is_proxy(target)) {
    auto& proxy = ctx.proxy_textures[std::size_t(index)];
    if (!proxy) proxy = std::make_shared<TextureObject>(0, binding_target(target));
    return proxy;
  }
  if (auto& bound = ctx.bound_textures[ctx.active_texture_unit][std::size_t(index)]) return bound;
  auto& default_texture = ctx.default_textures[std::size_t(index)];
  if (!default_texture) default_texture = std::make_shared<TextureObject>(0, binding_target(target));
  return default_texture;
}

namespace {

// GL 4.6 table 8.5: the formats each packed type takes. The format library's packed table also
// holds pairs only OpenGL ES or unadvertised extensions accept (RGB/UNSIGNED_INT_2_10_10_10_REV,
// BGR/UNSIGNED_SHORT_5_6_5, ABGR_EXT), which GL 4.6 refuses.
bool packed_type_takes(GLenum type, GLenum format) {
  switch (type) {
    case GL_UNSIGNED_BYTE_3_3_2:
    case GL_UNSIGNED_BYTE_2_3_3_REV:
    case GL_UNSIGNED_SHORT_5_6_5:
    case GL_UNSIGNED_SHORT_5_6_5_REV: return format == GL_RGB || format == GL_RGB_INTEGER;
    case GL_UNSIGNED_SHORT_4_4_4_4:
    case GL_UNSIGNED_SHORT_4_4_4_4_REV:
    case GL_UNSIGNED_SHORT_5_5_5_1:
    case GL_UNSIGNED_SHORT_1_5_5_5_REV:
    case GL_UNSIGNED_INT_8_8_8_8:
    case GL_UNSIGNED_INT_8_8_8_8_REV:
    case GL_UNSIGNED_INT_10_10_10_2:
    case GL_UNSIGNED_INT_2_10_10_10_REV:
      return format == GL_RGBA || format == GL_BGRA || format == GL_RGBA_INTEGER || format == GL_BGRA_INTEGER;
    case GL_UNSIGNED_INT_10F_11F_11F_REV:
    case GL_UNSIGNED_INT_5_9_9_9_REV: return format == GL_RGB;
    case GL_UNSIGNED_INT_24_8:
    case GL_FLOAT_32_UNSIGNED_INT_24_8_REV: return format == GL_DEPTH_STENCIL;
    default: return true;  // not a packed type of table 8.5
  }
}

// The floating-point types of table 8.2.
bool is_float_type(GLenum type) {
  return type == GL_HALF_FLOAT || type == GL_FLOAT || type == GL_UNSIGNED_INT_10F_11F_11F_REV ||
         type == GL_UNSIGNED_INT_5_9_9_9_REV || type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV;
}

}  // namespace

// Validates a client (format, type) pair: INVALID_ENUM for unknown enums, for DEPTH_STENCIL with
// any type but its two and for integer formats with floating-point types (section 8.4.4.1);
// INVALID_OPERATION for a pair GL does not define (table 8.5). Returns false after raising the error.
bool check_format_and_type(Context& ctx, GLenum format, GLenum type, const char* function) {
  if (!formats::gl_client_format_name(format)) {
    ctx.error(GL_INVALID_ENUM, "%s(format = 0x%04x): not a pixel format", function, format);
    return false;
  }
  if (!formats::gl_type_name(type)) {
    ctx.error(GL_INVALID_ENUM, "%s(type = 0x%04x): not a pixel type", function, type);
    return false;
  }
  if ((format == GL_DEPTH_STENCIL && type != GL_UNSIGNED_INT_24_8 && type != GL_FLOAT_32_UNSIGNED_INT_24_8_REV) ||
      (formats::is_integer_format(format) && is_float_type(type))) {
    ctx.error(GL_INVALID_ENUM, "%s: format %s does not take type %s", function, formats::gl_client_format_name(format),
              formats::gl_type_name(type));
    return false;
  }
  if (!packed_type_takes(type, format) || formats::bytes_per_pixel(format, type) <= 0 ||
      !formats::PixelFormat::from_gl(format, type)) {
    ctx.error(GL_INVALID_OPERATION, "%s: format %s does not go with type %s", function,
              formats::gl_client_format_name(format), formats::gl_type_name(type));
    return false;
  }
  return true;
}


namespace {

// Section 8.5's rules for specifying texels (glTexImage*, glTexSubImage*), stricter than the
// readback's: depth data (DEPTH_COMPONENT or DEPTH_STENCIL) exactly for depth textures (either
// base), STENCIL_INDEX data exactly for stencil textures; then the rules check_compatible shares.
bool check_upload_compatible(Context& ctx, GLenum base_format, Format texture_format, GLenum format,
                             const char* function) {
  const bool depth_base = base_format == GL_DEPTH_COMPONENT || base_format == GL_DEPTH_STENCIL;
  const bool depth_data = format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL;
  if (depth_base != depth_data || (base_format == GL_STENCIL_INDEX) != (format == GL_STENCIL_INDEX)) {
    ctx.error(GL_INVALID_OPERATION, "%s: format %s does not match the texture's base format", function,
              formats::gl_client_format_name(format));
    return false;
  }
  return check_compatible(ctx, base_format, texture_format, format, function);
}

// Section 8.11.4's rules for glGetTexImage: DEPTH_COMPONENT data from depth or depth/stencil
// images, DEPTH_STENCIL only from depth/stencil ones, STENCIL_INDEX from stencil or depth/stencil
// ones; then the rules check_compatible shares.
bool check_readback_compatible(Context& ctx, GLenum base_format, Format texture_format, GLenum format,
                               const char* function) {
  const bool fits = format == GL_DEPTH_COMPONENT ? base_format == GL_DEPTH_COMPONENT || base_format == GL_DEPTH_STENCIL
                    : format == GL_DEPTH_STENCIL ? base_format == GL_DEPTH_STENCIL
                    : format == GL_STENCIL_INDEX ? base_format == GL_STENCIL_INDEX || base_format == GL_DEPTH_STENCIL
                                                 : true;
  if (!fits) {
    ctx.error(GL_INVALID_OPERATION, "%s: format %s cannot be read from the texture's base format", function,
              formats::gl_client_format_name(format));
    return false;
  }
  return check_compatible(ctx, base_format, texture_format, format, function);
}

}  // namespace

// Checks the format/type against the texture image's kind: depth/stencil data only for
// depth/stencil textures, integer data only for integer textures.
bool check_compatible(Context& ctx, GLenum base_format, Format texture_format, GLenum format, const char* function) {
  if (is_depth_or_stencil_base(base_format) != is_depth_or_stencil_format(format)) {
    ctx.error(GL_INVALID_OPERATION, "%s: format %s does not match the texture's base format", function,
              formats::gl_client_format_name(format));
    return false;
  }
  if (!is_depth_or_stencil_base(base_format) &&
      formats::is_integer_format(format) != formats::describe(texture_format).is_pure_integer) {
    ctx.error(GL_INVALID_OPERATION, "%s: integer and non-integer data and textures do not mix", function);
    return false;
  }
  return true;
}




// Computes the client image and checks a bound PBO: INVALID_OPERATION when the transfer would
// read or write past its end or the buffer is mapped.
bool client_image(Context& ctx, const formats::PixelStore& store, GLenum pbo_target, unsigned dims, GLsizei width,
                  GLsizei height, GLsizei depth, GLenum format, GLenum type, const void* pixels, ClientImage& out,
                  const char* function) {
  const long row = formats::image_row_stride(store, width, format, type);
  const long image = formats::image_image_stride(store, width, height, format, type);
  const formats::PixelAddress first = formats::image_address(dims, store, width, height, format, type, 0, 0, 0);
  const formats::PixelAddress last =
      formats::image_address(dims, store, width, height, format, type, std::max(depth, 1) - 1,
                             std::max(height, 1) - 1, 0);
  if (row < 0 || first.offset < 0 || last.offset < 0) {
    ctx.error(GL_INVALID_OPERATION, "%s: bad pixel layout", function);
    return false;
  }
  out.row_stride = std::size_t(row);
  out.image_stride = std::size_t(dims == 3 ? image : row * std::max(height, 1));
  const std::size_t end = std::size_t(last.offset) + std::size_t(formats::bytes_per_pixel(format, type)) * width;
  out.extent_bytes = end - std::size_t(first.offset);

  for (std::size_t i = 0; i < kBufferTargetCount; ++i)
    if (kBufferTargets[i] == pbo_target) out.pbo = ctx.bound_buffers[i];
  if (out.pbo) {
    const auto offset = reinterpret_cast<std::uintptr_t>(pixels);
    if (out.pbo->mapped && !(out.pbo->access_flags & GL_MAP_PERSISTENT_BIT)) {
      ctx.error(GL_INVALID_OPERATION, "%s: the pixel buffer object is mapped", function);
      return false;
    }
    if (width && height && depth && (!out.pbo->resource || offset + end > std::uint64_t(out.pbo->size))) {
      ctx.error(GL_INVALID_OPERATION, "%s: the transfer reaches past the end of the pixel buffer object", function);
      return false;
    }
    out.pbo_offset = offset + std::uint64_t(first.offset);
  } else if (pixels) {
    out.data = static_cast<const std::byte*>(pixels) + first.offset;
  }
  return true;
}

bool check_region_inside(Context& ctx, const TextureImage& image, GLint x, GLint y, GLint z, GLsizei width,
                         GLsizei height, GLsizei depth, const char* function) {
  if (x >= 0 && y >= 0 && z >= 0 && GLint64(x) + width <= image.width && GLint64(y) + height <= image.height &&
      GLint64(z) + depth <= image.depth)
    return true;
  ctx.error(GL_INVALID_VALUE, "%s: the region lies outside the %dx%dx%d image", function, image.width, image.height,
            image.depth);
  return false;
}

// The texture resource box of an image region.
st::Box texture_box(GLenum target, GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d) {
  st::Box box;
  box.x = x;
  box.width = w;
  if (height_is_layers(target)) {
    box.y = 0;
    box.height = 1;
    box.z = y;
    box.depth = h;
  } else {
    box.y = y;
    box.height = h;
    box.z = is_cube_face(target) ? GLint(face_of(target)) : z;
    box.depth = is_cube_face(target) ? 1 : d;
  }
  return box;
}

// Texel transfers hand st a description without GL objects; st's failures become GL errors.
st::TransferRequest transfer_request(const TextureImage& image, GLenum target, GLenum format, GLenum type,
                                     const formats::PixelStore& store) {
  st::TransferRequest request;
  request.texture_format = image.storage;
  request.texture_base_format = image.base_format;
  request.format = format;
  request.type = type;
  request.pixel_store = store;
  request.target = *st::gl_target_to_pipe(binding_target(target));
  return request;
}

st::ClientTexels client_texels(const ClientImage& client) {
  st::ClientTexels texels;
  texels.data = client.data;
  texels.pbo = client.pbo ? client.pbo->resource.get() : nullptr;
  texels.pbo_offset = client.pbo_offset;
  texels.extent_bytes = client.extent_bytes;
  texels.row_stride = client.row_stride;
  texels.image_stride = client.image_stride;
  return texels;
}

bool raise_st_failure(Context& ctx, const st::Result& result, const char* function) {
  if (result) return false;
  ctx.error(result.failure == st::Failure::OUT_OF_MEMORY ? GL_OUT_OF_MEMORY : GL_INVALID_OPERATION, "%s: %s",
            function, result.message.c_str());
  return true;
}

namespace {

// Writes a region of texels from the client (or a PBO) into the texture: st chooses the path and
// carries it out (st_TexSubImage). Raises INVALID_OPERATION if the data cannot be converted.
void upload(Context& ctx, TextureObject& texture, GLenum target, GLint level, const TextureImage& image, GLint x,
            GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d, GLenum format, GLenum type, const ClientImage& client,
            const char* function) {
  if (!w || !h || !d || (!client.data && !client.pbo) || !texture.resource) return;
  const st::Result result =
      st::texture_upload(ctx.st(), *texture.resource, unsigned(level), texture_box(target, x, y, z, w, h, d),
                         transfer_request(image, target, format, type, ctx.unpack), client_texels(client));
  raise_st_failure(ctx, result, function);
}

// The level-0 size implied by specifying `level` at w x h x d.
st::TextureLayout implied_layout(GLenum target, GLint level, GLsizei w, GLsizei h, GLsizei d, Format storage) {
  st::TextureLayout layout;
  layout.target = *st::gl_target_to_pipe(binding_target(target));
  layout.format = storage;
  layout.width = std::uint32_t(w) << level;
  layout.height = height_is_layers(target) ? 1 : std::uint32_t(h) << level;
  layout.depth = binding_target(target) == GL_TEXTURE_3D ? std::uint32_t(d) << level : 1;
  if (binding_target(target) == GL_TEXTURE_1D || binding_target(target) == GL_TEXTURE_1D_ARRAY) layout.height = 1;
  layout.layers = height_is_layers(target) ? std::uint32_t(h)
                  : depth_is_layers(target) ? std::uint32_t(d)
                  : binding_target(target) == GL_TEXTURE_CUBE_MAP ? 6u
                                                                   : 1u;
  layout.levels = binding_target(target) == GL_TEXTURE_RECTANGLE ? 1 : st::full_mip_count(layout);
  return layout;
}

bool resource_holds(const st::Texture& resource, GLenum target, GLint level, GLsizei w, GLsizei h, GLsizei d,
                    Format storage) {
  const st::TextureLayout& l = resource.layout();
  if (l.format != storage || std::uint32_t(level) >= l.levels) return false;
  const st::TextureLayout wanted = implied_layout(target, level, w, h, d, storage);
  return l.level_width(unsigned(level)) == std::uint32_t(w) &&
         l.level_height(unsigned(level)) == wanted.level_height(unsigned(level)) &&
         l.level_depth(unsigned(level)) == wanted.level_depth(unsigned(level)) && l.layers == wanted.layers;
}

// Makes sure the texture's resource can hold (face, level) as now specified: a new resource is
// allocated from the implied level-0 size when it cannot, and the levels of the old one that
// still fit are copied across (st_finalize_texture's role).
bool ensure_resource(Context& ctx, TextureObject& texture, GLenum target, GLint level, const TextureImage& image,
                     unsigned bindings, const char* function) {
  if (!image.width || !image.height || !image.depth) return true;
  if (texture.resource &&
      resource_holds(*texture.resource, target, level, image.width, image.height, image.depth, image.storage))
    return true;
  const st::TextureLayout layout = implied_layout(target, level, image.width, image.height, image.depth, image.storage);
  st::Made<st::Texture> made = st::create_texture(ctx.st().shared_screen(), layout, bindings);
  if (!made.object) {
    ctx.error(GL_OUT_OF_MEMORY, "%s: cannot allocate the texture (%s)", function, made.result.message.c_str());
    return false;
  }
  std::shared_ptr<st::Texture> fresh = std::move(made.object);
  if (texture.resource && texture.resource->layout().format == layout.format) {
    for (unsigned l = 0; l < layout.levels && l < texture.resource->layout().levels; ++l) {
      if (GLint(l) == level) continue;
      const st::TextureLayout& old = texture.resource->layout();
      if (old.level_width(l) == layout.level_width(l) && old.level_height(l) == layout.level_height(l) &&
          old.level_depth(l) == layout.level_depth(l) && old.layers == layout.layers)
        st::texture_copy_level(*texture.resource, l, *fresh, l);
    }
  }
  texture.resource = std::move(fresh);
  return true;
}

// Online compression (GL 4.6 section 8.7): glTexImage and glTexSubImage fill the S3TC, RGTC and
// BPTC formats from uncompressed texels, which glvk encodes (src/formats/compressed); the formats
// with no online compression (ETC2/EAC, ASTC: Mesa's _mesa_format_no_online_compression) raise
// INVALID_OPERATION.
bool check_online_compression(Context& ctx, Format format, const char* function) {
  const formats::FormatDesc& d = formats::describe(format);
  if (!d.is_compressed || formats::can_encode(formats::CompressedFamily(d.compressed_family))) return true;
  ctx.error(GL_INVALID_OPERATION, "%s: %s images take compressed data only (glCompressedTexImage)", function, d.name);
  return false;
}

// Regions of compressed images cover whole blocks, except where they reach the image's right or
// bottom edge. The error differs by command: INVALID_OPERATION for the uploads (GL 4.6 section 8.7),
// INVALID_VALUE for glGetTextureSubImage and glGetCompressedTextureSubImage (section 8.11.4; Mesa
// llvmpipe raises the same).
bool check_whole_blocks(Context& ctx, const TextureImage& image, GLint x, GLint y, GLsizei w, GLsizei h,
                        GLenum error, const char* function) {
  const formats::FormatDesc& d = formats::describe(image.format);
  const GLint bw = GLint(d.block_width), bh = GLint(d.block_height);
  if (x % bw == 0 && y % bh == 0 && (w % bw == 0 || GLint64(x) + w == image.width) &&
      (h % bh == 0 || GLint64(y) + h == image.height))
    return true;
  ctx.error(error, "%s: the region is not made of whole %dx%d blocks", function, bw, bh);
  return false;
}

// The texels of a glTexImage/glTexSubImage into a compressed image: converted to RGBA float with the
// image's rebase (components the base format lacks become 0 and 1), encoded block by block, then
// stored as glCompressedTexSubImage stores blocks. sRGB images take their encoded values as they
// are, like every other upload.
void upload_by_compressing(Context& ctx, TextureObject& texture, GLenum target, GLint level, TextureImage& image,
                           GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d, GLenum format, GLenum type,
                           const ClientImage& client, const char* function) {
  if (!w || !h || !d || (!client.data && !client.pbo) || !texture.resource) return;
  std::vector<std::byte> blocks;
  const st::Result result =
      st::compress_texels(ctx.st(), transfer_request(image, target, format, type, ctx.unpack), image.format,
                          texture_box(target, x, y, z, w, h, d), client_texels(client), blocks);
  if (raise_st_failure(ctx, result, function)) return;
  upload_compressed(ctx, texture, target, level, image, x, y, z, w, h, d, blocks, function);
}

}  // namespace

void tex_image(Context& ctx, TextureObject& texture, unsigned dims, GLenum target, GLint level, GLint internal_format,
               GLsizei width, GLsizei height, GLsizei depth, GLint border, GLenum format, GLenum type,
               const void* pixels, const char* function) {
  if (level < 0 || level >= max_levels(target))
    return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", function, level);
  const formats::InternalFormatInfo* info = formats::find_internal_format(GLenum(internal_format));
  if (!info) return ctx.error(GL_INVALID_VALUE, "%s(internalformat = 0x%04x): not an internal format", function,
                              internal_format);
  if (width < 0 || height < 0 || depth < 0)
    return ctx.error(GL_INVALID_VALUE, "%s: negative width, height or depth", function);
  if (border != 0) return ctx.error(GL_INVALID_VALUE, "%s(border = %d): must be 0", function, border);
  if (!check_format_and_type(ctx, format, type, function)) return;
  if (is_cube_face(target) || unproxied(target) == GL_TEXTURE_CUBE_MAP || unproxied(target) == GL_TEXTURE_CUBE_MAP_ARRAY)
    if (width != height) return ctx.error(GL_INVALID_VALUE, "%s: cube map images must be square", function);
  if (unproxied(target) == GL_TEXTURE_CUBE_MAP_ARRAY && depth % 6 != 0)
    return ctx.error(GL_INVALID_VALUE, "%s: a cube map array's depth must be a multiple of 6", function);
  if (is_depth_or_stencil_base(info->base_format) && binding_target(target) == GL_TEXTURE_3D)
    return ctx.error(GL_INVALID_OPERATION, "%s: depth/stencil formats cannot be 3D textures", function);
  const st::ChosenFormat chosen =
      st::choose_texture_format(st::format_support(ctx.st().screen()), target, GLenum(internal_format), format, type);
  if (!is_proxy(target)) st::shadow_format_choice(target, GLenum(internal_format), format, type, chosen);
  if (!chosen.valid())
    return ctx.error(GL_INVALID_VALUE, "%s(internalformat = %s): no format of this device can store it", function,
                     info->name);
  if (!check_upload_compatible(ctx, info->base_format, chosen.format, format, function)) return;
  if (texture.immutable) return ctx.error(GL_INVALID_OPERATION, "%s: the texture is immutable", function);
  if (!check_online_compression(ctx, chosen.format, function)) return;

  const SizeLimits limits = size_limits(target);
  const bool too_large = (width << level) > limits.width || (height_is_layers(target) ? height > limits.height
                                                                                     : (height << level) > limits.height) ||
                         (depth_is_layers(target) ? depth > limits.depth
                                                  : binding_target(target) == GL_TEXTURE_3D && (depth << level) > limits.depth);
  TextureImage image;
  image.internal_format = internal_format;
  image.base_format = info->base_format;
  image.format = chosen.format;
  image.storage = chosen.storage;
  image.width = width;
  image.height = dims >= 2 ? height : 1;
  image.depth = dims == 3 ? depth : 1;
  if (is_proxy(target)) {
    // A proxy answers whether the image would fit: all zeros when it would not.
    texture.images[0][std::size_t(level)] = too_large ? TextureImage{} : image;
    return;
  }
  if (too_large) return ctx.error(GL_INVALID_VALUE, "%s: %dx%dx%d at level %d exceeds the maximum size", function,
                                  width, height, depth, level);
  ClientImage client;
  if (!client_image(ctx, ctx.unpack, GL_PIXEL_UNPACK_BUFFER, dims, width, image.height, image.depth, format, type,
                    pixels, client, function))
    return;
  if (!ensure_resource(ctx, texture, target, level, image, chosen.bindings, function)) return;
  TextureImage& stored = texture.images[face_of(target)][std::size_t(level)];
  stored = image;
  if (formats::describe(image.format).is_compressed)
    return upload_by_compressing(ctx, texture, target, level, stored, 0, 0, 0, width, image.height, image.depth, format,
                                 type, client, function);
  upload(ctx, texture, target, level, image, 0, 0, 0, width, image.height, image.depth, format, type, client, function);
}

namespace {

void tex_sub_image(Context& ctx, TextureObject& texture, unsigned dims, GLenum target, GLint level, GLint x, GLint y,
                   GLint z, GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type,
                   const void* pixels, const char* function) {
  if (level < 0 || level >= max_levels(target))
    return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", function, level);
  if (width < 0 || height < 0 || depth < 0)
    return ctx.error(GL_INVALID_VALUE, "%s: negative width, height or depth", function);
  if (!check_format_and_type(ctx, format, type, function)) return;
  const TextureImage& image = texture.images[face_of(target)][std::size_t(level)];
  if (!image.defined())
    return ctx.error(GL_INVALID_OPERATION, "%s: level %d has no image", function, level);
  if (!check_region_inside(ctx, image, x, y, z, width, height, depth, function)) return;
  if (!check_upload_compatible(ctx, image.base_format, image.format, format, function)) return;
  const bool compressed = formats::describe(image.format).is_compressed;
  if (compressed && (!check_online_compression(ctx, image.format, function) ||
                     !check_whole_blocks(ctx, image, x, y, width, height, GL_INVALID_OPERATION, function)))
    return;
  ClientImage client;
  if (!client_image(ctx, ctx.unpack, GL_PIXEL_UNPACK_BUFFER, dims, width, height, depth, format, type, pixels, client,
                    function))
    return;
  if (compressed)
    return upload_by_compressing(ctx, texture, target, level, texture.images[face_of(target)][std::size_t(level)], x, y,
                                 z, width, height, depth, format, type, client, function);
  upload(ctx, texture, target, level, image, x, y, z, width, height, depth, format, type, client, function);
}

void tex_storage(Context& ctx, TextureObject& texture, unsigned dims, GLenum target, GLsizei levels,
                 GLenum internal_format, GLsizei width, GLsizei height, GLsizei depth, const char* function) {
  if (width < 1 || height < 1 || depth < 1 || levels < 1)
    return ctx.error(GL_INVALID_VALUE, "%s: levels, width, height and depth must be at least 1", function);
  const formats::InternalFormatInfo* info = formats::find_internal_format(internal_format);
  if (!info || !info->sized)
    return ctx.error(GL_INVALID_ENUM, "%s(internalformat = 0x%04x): not a sized internal format", function,
                     internal_format);
  if (texture.name == 0 && !is_proxy(target))
    return ctx.error(GL_INVALID_OPERATION, "%s: the default texture cannot have immutable storage", function);
  if (texture.immutable) return ctx.error(GL_INVALID_OPERATION, "%s: the texture is already immutable", function);
  if ((binding_target(target) == GL_TEXTURE_CUBE_MAP || binding_target(target) == GL_TEXTURE_CUBE_MAP_ARRAY) &&
      width != height)
    return ctx.error(GL_INVALID_VALUE, "%s: cube map images must be square", function);
  if (binding_target(target) == GL_TEXTURE_CUBE_MAP_ARRAY && depth % 6 != 0)
    return ctx.error(GL_INVALID_VALUE, "%s: a cube map array's depth must be a multiple of 6", function);
  const SizeLimits limits = size_limits(target);
  if (width > limits.width || height > limits.height || depth > limits.depth)
    return ctx.error(GL_INVALID_VALUE, "%s: %dx%dx%d exceeds the maximum size", function, width, height, depth);
  // levels may not exceed log2(largest mipmapped dimension) + 1.
  GLint largest = width;
  if (!height_is_layers(target) && dims >= 2) largest = std::max<GLint>(largest, height);
  if (binding_target(target) == GL_TEXTURE_3D) largest = std::max<GLint>(largest, depth);
  GLint possible = 1;
  while (largest >>= 1) ++possible;
  if (levels > possible || (binding_target(target) == GL_TEXTURE_RECTANGLE && levels != 1))
    return ctx.error(GL_INVALID_OPERATION, "%s(levels = %d): more levels than the size allows", function, levels);
  if (is_depth_or_stencil_base(info->base_format) && binding_target(target) == GL_TEXTURE_3D)
    return ctx.error(GL_INVALID_OPERATION, "%s: depth/stencil formats cannot be 3D textures", function);
  const st::ChosenFormat chosen = st::choose_texture_format(st::format_support(ctx.st().screen()), target,
                                                            internal_format, GL_NONE, GL_NONE);
  if (!is_proxy(target)) st::shadow_format_choice(target, internal_format, GL_NONE, GL_NONE, chosen);
  if (!chosen.valid())
    return ctx.error(GL_INVALID_ENUM, "%s(internalformat = %s): no format of this device can store it", function,
                     info->name);

  TextureObject staged = texture;  // fill a copy so a failure leaves the texture unchanged
  for (auto& face : staged.images) face.fill(TextureImage{});
  const unsigned faces = binding_target(target) == GL_TEXTURE_CUBE_MAP ? 6 : 1;
  for (GLsizei l = 0; l < levels; ++l) {
    TextureImage image;
    image.internal_format = GLint(internal_format);
    image.base_format = info->base_format;
    image.format = chosen.format;
    image.storage = chosen.storage;
    image.width = std::max(1, width >> l);
    image.height = dims < 2 ? 1 : height_is_layers(target) ? height : std::max(1, height >> l);
    image.depth = dims < 3 ? 1 : binding_target(target) == GL_TEXTURE_3D ? std::max(1, depth >> l) : depth;
    for (unsigned f = 0; f < faces; ++f) staged.images[f][std::size_t(l)] = image;
  }
  if (!is_proxy(target)) {
    st::TextureLayout layout = implied_layout(faces == 6 ? GL_TEXTURE_CUBE_MAP_POSITIVE_X : target, 0, width,
                                              dims < 2 ? 1 : height, dims < 3 ? 1 : depth, chosen.storage);
    layout.levels = std::uint32_t(levels);
    layout.viewable = true;
    layout.mutable_format = info->view_class != 0;
    st::Made<st::Texture> made = st::create_texture(ctx.st().shared_screen(), layout, chosen.bindings);
    if (!made.object)
      return ctx.error(GL_OUT_OF_MEMORY, "%s: cannot allocate the texture (%s)", function,
                       made.result.message.c_str());
    staged.resource = std::move(made.object);
  }
  staged.immutable = !is_proxy(target);
  staged.immutable_levels = is_proxy(target) ? 0 : levels;
  staged.view_num_levels = staged.immutable_levels;
  staged.view_num_layers = is_proxy(target) ? 0 : GLint(staged.resource->layout().layers);
  texture = std::move(staged);
}

}  // namespace

// The shared tail of every readback (glGetTexImage, glGetTextureSubImage, glReadPixels): st reads
// `box` of `level` into the client memory or pack PBO that `client` describes (st_GetTexImage).
void read_texels(Context& ctx, st::Texture& resource, const TextureImage& image, GLenum target, unsigned level,
                 const st::Box& box, const ClientImage& client, void* pixels, GLenum format, GLenum type,
                 const char* function, bool clamp_colour) {
  st::ClientTexels texels = client_texels(client);
  if (!client.pbo)
    texels.destination = static_cast<std::byte*>(pixels) + (client.data - static_cast<const std::byte*>(pixels));
  const st::Result result = st::texture_readback(ctx.st(), resource, level, box,
                                                 transfer_request(image, target, format, type, ctx.pack), texels,
                                                 clamp_colour);
  raise_st_failure(ctx, result, function);
}

namespace {

// A region of a level; `whole` stands for the entire image (glGetTexImage).
struct Region {
  GLint x = 0, y = 0, z = 0;
  GLsizei width = 0, height = 0, depth = 0;
  bool whole = true;
};

void get_tex_image(Context& ctx, TextureObject& texture, GLenum target, GLint level, Region region, GLenum format,
                   GLenum type, GLsizei buffer_size, void* pixels, const char* function) {
  if (level < 0 || level >= max_levels(target))
    return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", function, level);
  if (!check_format_and_type(ctx, format, type, function)) return;
  const TextureImage& image = texture.images[face_of(target)][std::size_t(level)];
  if (region.whole) {
    region.width = image.width, region.height = image.height, region.depth = image.depth;
  } else if (region.x < 0 || region.y < 0 || region.z < 0 || region.width < 0 || region.height < 0 ||
             region.depth < 0 || GLint64(region.x) + region.width > image.width ||
             GLint64(region.y) + region.height > image.height || GLint64(region.z) + region.depth > image.depth) {
    return ctx.error(GL_INVALID_VALUE, "%s: the region lies outside the %dx%dx%d image", function, image.width,
                     image.height, image.depth);
  }
  if (!region.whole && image.defined() && formats::describe(image.format).is_compressed &&
      !check_whole_blocks(ctx, image, region.x, region.y, region.width, region.height, GL_INVALID_VALUE, function))
    return;
  if (!image.defined() || !region.width || !region.height || !region.depth) return;
  if (!check_readback_compatible(ctx, image.base_format, image.format, format, function)) return;
  const unsigned dims = binding_target(target) == GL_TEXTURE_3D || depth_is_layers(target) ? 3
                        : binding_target(target) == GL_TEXTURE_1D                           ? 1
                                                                                            : 2;
  ClientImage client;
  if (!client_image(ctx, ctx.pack, GL_PIXEL_PACK_BUFFER, dims, region.width, region.height, region.depth, format,
                    type, pixels, client, function))
    return;
  if (!client.pbo && buffer_size >= 0 && client.extent_bytes + (client.data - static_cast<const std::byte*>(pixels)) >
                                             std::size_t(buffer_size))
    return ctx.error(GL_INVALID_OPERATION, "%s(bufSize = %d): the image needs more bytes", function, buffer_size);
  if (!client.pbo && !pixels) return;
  if (!texture.resource) return;

  const st::Box box =
      texture_box(target, region.x, region.y, region.z, region.width, region.height, region.depth);
  read_texels(ctx, *texture.resource, image, target, unsigned(level), box, client, pixels, format, type, function);
}

}  // namespace

// Component sizes/types of a level as glGetTexLevelParameter reports them: only the components
// the base format has, from the format actually chosen.
GLint component_size(const TextureImage& image, GLenum pname) {
  const formats::FormatDesc& d = formats::describe(image.format);
  const auto channel_bits = [&](int rgba) -> GLint {
    const formats::Swizzle s = d.swizzle[rgba];
    return s <= formats::Swizzle::W ? d.channel[int(s)].size : 0;
  };
  const GLenum base = image.base_format;
  const bool luminance = base == GL_LUMINANCE || base == GL_LUMINANCE_ALPHA;
  const bool has_alpha = base == GL_RGBA || base == GL_ALPHA || base == GL_LUMINANCE_ALPHA || base == GL_INTENSITY;
  switch (pname) {
    case GL_TEXTURE_RED_SIZE:
      return (base == GL_RED || base == GL_RG || base == GL_RGB || base == GL_RGBA) ? channel_bits(0) : 0;
    case GL_TEXTURE_GREEN_SIZE: return (base == GL_RG || base == GL_RGB || base == GL_RGBA) ? channel_bits(1) : 0;
    case GL_TEXTURE_BLUE_SIZE: return (base == GL_RGB || base == GL_RGBA) ? channel_bits(2) : 0;
    case GL_TEXTURE_ALPHA_SIZE: return has_alpha && base != GL_INTENSITY ? channel_bits(3) : 0;
    case GL_TEXTURE_LUMINANCE_SIZE: return luminance ? channel_bits(0) : 0;
    case GL_TEXTURE_INTENSITY_SIZE: return base == GL_INTENSITY ? channel_bits(0) : 0;
    case GL_TEXTURE_DEPTH_SIZE: return d.is_depth ? d.channel[int(d.swizzle[0])].size : 0;
    case GL_TEXTURE_STENCIL_SIZE: return d.is_stencil ? d.channel[int(d.swizzle[1])].size : 0;
    case GL_TEXTURE_SHARED_SIZE: return image.format == Format::R9G9B9E5_FLOAT ? 5 : 0;
    default: return 0;
  }
}


GLenum component_type(const TextureImage& image, GLenum pname) {
  const GLint size = component_size(image, pname == GL_TEXTURE_RED_TYPE         ? GL_TEXTURE_RED_SIZE
                                           : pname == GL_TEXTURE_GREEN_TYPE     ? GL_TEXTURE_GREEN_SIZE
                                           : pname == GL_TEXTURE_BLUE_TYPE      ? GL_TEXTURE_BLUE_SIZE
                                           : pname == GL_TEXTURE_ALPHA_TYPE     ? GL_TEXTURE_ALPHA_SIZE
                                           : pname == GL_TEXTURE_LUMINANCE_TYPE ? GL_TEXTURE_LUMINANCE_SIZE
                                           : pname == GL_TEXTURE_INTENSITY_TYPE ? GL_TEXTURE_INTENSITY_SIZE
                                                                                : GL_TEXTURE_DEPTH_SIZE);
  if (!size) return GL_NONE;
  const formats::FormatDesc& d = formats::describe(image.format);
  const int rgba = pname == GL_TEXTURE_GREEN_TYPE ? 1 : pname == GL_TEXTURE_BLUE_TYPE ? 2
                   : pname == GL_TEXTURE_ALPHA_TYPE ? 3 : 0;
  const formats::Channel& c = d.channel[int(d.swizzle[rgba])];
  if (c.type == formats::ChannelType::FLOAT) return GL_FLOAT;
  if (c.pure_integer) return c.type == formats::ChannelType::SIGNED ? GL_INT : GL_UNSIGNED_INT;
  return c.type == formats::ChannelType::SIGNED ? GL_SIGNED_NORMALIZED : GL_UNSIGNED_NORMALIZED;
}

namespace {

bool level_parameter(const TextureImage& image, GLenum pname, GLint& value) {
  switch (pname) {
    case GL_TEXTURE_WIDTH: value = image.width; return true;
    case GL_TEXTURE_HEIGHT: value = image.height; return true;
    case GL_TEXTURE_DEPTH: value = image.depth; return true;
    case GL_TEXTURE_INTERNAL_FORMAT: value = image.defined() ? image.internal_format : GL_RGBA; return true;
    case GL_TEXTURE_BORDER: value = 0; return true;
    case GL_TEXTURE_COMPRESSED: value = image.defined() && formats::describe(image.format).is_compressed; return true;
    case GL_TEXTURE_SAMPLES: value = image.samples; return true;
    case GL_TEXTURE_FIXED_SAMPLE_LOCATIONS: value = image.fixed_sample_locations; return true;
    case GL_TEXTURE_RED_SIZE: case GL_TEXTURE_GREEN_SIZE: case GL_TEXTURE_BLUE_SIZE: case GL_TEXTURE_ALPHA_SIZE:
    case GL_TEXTURE_LUMINANCE_SIZE: case GL_TEXTURE_INTENSITY_SIZE: case GL_TEXTURE_DEPTH_SIZE:
    case GL_TEXTURE_STENCIL_SIZE: case GL_TEXTURE_SHARED_SIZE:
      value = image.defined() ? component_size(image, pname) : 0;
      return true;
    case GL_TEXTURE_RED_TYPE: case GL_TEXTURE_GREEN_TYPE: case GL_TEXTURE_BLUE_TYPE: case GL_TEXTURE_ALPHA_TYPE:
    case GL_TEXTURE_LUMINANCE_TYPE: case GL_TEXTURE_INTENSITY_TYPE: case GL_TEXTURE_DEPTH_TYPE:
      value = image.defined() ? GLint(component_type(image, pname)) : GL_NONE;
      return true;
    case GL_TEXTURE_COMPRESSED_IMAGE_SIZE: {
      const formats::FormatDesc& d = formats::describe(image.format);
      value = image.defined() && d.is_compressed
                  ? GLint(((image.width + d.block_width - 1) / d.block_width) *
                          ((image.height + d.block_height - 1) / d.block_height) * image.depth * (d.block_bits / 8))
                  : 0;
      return true;
    }
    default: return false;
  }
}

// The bytes of its buffer a buffer texture views (0 without a buffer).
GLsizeiptr buffer_range_bytes(const TextureObject& t) {
  return !t.buffer ? 0 : t.buffer_size >= 0 ? t.buffer_size : t.buffer->size - t.buffer_offset;
}

// The texels of its buffer a buffer texture views: its single level's width.
GLint buffer_texels(const TextureObject& t) {
  const GLint texel = GLint(formats::describe(t.images[0][0].format).block_bits / 8);
  return texel ? GLint(buffer_range_bytes(t) / texel) : 0;
}

// glGetTexLevelParameter* / glGetTextureLevelParameter* of (`target`'s face, `level`) of `t`,
// after the target or name check; false after the spec's error.
bool get_tex_level_parameter(Context& ctx, const TextureObject& t, GLenum target, GLint level, GLenum pname,
                             GLint& value, const char* function) {
  if (level < 0 || level >= max_levels(target)) {
    ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", function, level);
    return false;
  }
  if (target == GL_TEXTURE_BUFFER && level == 0) {
    // A buffer texture's single level is its buffer range, in texels.
    switch (pname) {
      case GL_TEXTURE_BUFFER_DATA_STORE_BINDING: value = t.buffer ? GLint(t.buffer->name) : 0; return true;
      case GL_TEXTURE_BUFFER_OFFSET: value = GLint(t.buffer_offset); return true;
      case GL_TEXTURE_BUFFER_SIZE: value = GLint(buffer_range_bytes(t)); return true;
      case GL_TEXTURE_WIDTH: value = buffer_texels(t); return true;
      case GL_TEXTURE_HEIGHT: case GL_TEXTURE_DEPTH: value = t.buffer ? 1 : 0; return true;
      default: break;
    }
  }
  if (level_parameter(t.images[is_proxy(target) ? 0 : face_of(target)][std::size_t(level)], pname, value)) return true;
  ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a level parameter", function, pname);
  return false;
}

bool valid_wrap(GLenum mode) {
  return mode == GL_REPEAT || mode == GL_CLAMP_TO_EDGE || mode == GL_CLAMP_TO_BORDER || mode == GL_MIRRORED_REPEAT ||
         mode == GL_MIRROR_CLAMP_TO_EDGE || mode == GL_CLAMP;
}
bool valid_min_filter(GLenum f) {
  return f == GL_NEAREST || f == GL_LINEAR || f == GL_NEAREST_MIPMAP_NEAREST || f == GL_LINEAR_MIPMAP_NEAREST ||
         f == GL_NEAREST_MIPMAP_LINEAR || f == GL_LINEAR_MIPMAP_LINEAR;
}
bool valid_swizzle(GLint s) {
  return s == GL_RED || s == GL_GREEN || s == GL_BLUE || s == GL_ALPHA || s == GL_ZERO || s == GL_ONE;
}
bool valid_compare_func(GLenum f) { return f >= GL_NEVER && f <= GL_ALWAYS; }

// How a glTexParameter / glGetTexParameter form passes its values: f/fv, i/iv, Iiv, Iuiv.
enum class ParameterType { FLOAT, INT, PURE_INT, PURE_UINT };

bool is_vector_parameter(GLenum pname) { return pname == GL_TEXTURE_BORDER_COLOR || pname == GL_TEXTURE_SWIZZLE_RGBA; }

// The sampler state of GL 4.6 table 23.18, which multisample textures do not have.
bool is_sampler_parameter(GLenum pname) {
  switch (pname) {
    case GL_TEXTURE_WRAP_S: case GL_TEXTURE_WRAP_T: case GL_TEXTURE_WRAP_R: case GL_TEXTURE_MIN_FILTER:
    case GL_TEXTURE_MAG_FILTER: case GL_TEXTURE_MIN_LOD: case GL_TEXTURE_MAX_LOD: case GL_TEXTURE_LOD_BIAS:
    case GL_TEXTURE_BORDER_COLOR: case GL_TEXTURE_COMPARE_MODE: case GL_TEXTURE_COMPARE_FUNC:
      return true;
    default:
      return false;
  }
}

// Equation 2.2 with b = 32: a signed normalized integer as a float in [-1, 1].
GLfloat snorm32_to_float(GLint value) { return std::max(GLfloat(double(value) / 2147483647.0), -1.0f); }

// Section 2.3.5.1 with b = 32, as GL 4.6 section 2.2.2 asks of colours queried as integers.
GLint float_to_snorm32(GLfloat value) { return GLint(std::lround(std::clamp(double(value), -1.0, 1.0) * 2147483647.0)); }

// A float parameter queried or set as an integer: rounded to the nearest, within GLint's range.
GLint rounded(double value) { return GLint(std::lround(std::clamp(value, -2147483648.0, 2147483647.0))); }

// glTexParameter* / glTextureParameter* on `t` after the target or name check. `params` holds one
// value, or four for the vector forms (`vector`), of `type`.
void tex_parameter(Context& ctx, TextureObject& t, GLenum pname, const void* params, ParameterType type, bool vector,
                   const char* function) {
  const auto value_at = [&](int i) -> double {
    switch (type) {
      case ParameterType::FLOAT: return static_cast<const GLfloat*>(params)[i];
      case ParameterType::PURE_UINT: return static_cast<const GLuint*>(params)[i];
      default: return static_cast<const GLint*>(params)[i];
    }
  };
  const double f = value_at(0);
  const GLint v = rounded(f);
  const bool multisample = t.target == GL_TEXTURE_2D_MULTISAMPLE || t.target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
  const bool rectangle = t.target == GL_TEXTURE_RECTANGLE;
  const auto bad_value = [&] { ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): bad value %d", function, pname, v); };
  if (!vector && is_vector_parameter(pname))
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): the parameter takes a vector", function, pname);
  if (multisample && is_sampler_parameter(pname))
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): multisample textures have no sampler state", function,
                     pname);
  switch (pname) {
    case GL_TEXTURE_MIN_FILTER:
      // Rectangles have one level: no mipmap filters.
      if (!valid_min_filter(GLenum(v)) || (rectangle && v != GL_NEAREST && v != GL_LINEAR)) return bad_value();
      t.min_filter = GLenum(v);
      return;
    case GL_TEXTURE_MAG_FILTER:
      if (v != GL_NEAREST && v != GL_LINEAR) return bad_value();
      t.mag_filter = GLenum(v);
      return;
    case GL_TEXTURE_WRAP_S: case GL_TEXTURE_WRAP_T: case GL_TEXTURE_WRAP_R:
      // Rectangles address texels, so only the clamping modes apply to s and t; GL_CLAMP left the
      // core profile.
      if (!valid_wrap(GLenum(v)) || (v == GL_CLAMP && ctx.config().core_profile) ||
          (rectangle && pname != GL_TEXTURE_WRAP_R &&
           (v == GL_REPEAT || v == GL_MIRRORED_REPEAT || v == GL_MIRROR_CLAMP_TO_EDGE)))
        return bad_value();
      (pname == GL_TEXTURE_WRAP_S ? t.wrap_s : pname == GL_TEXTURE_WRAP_T ? t.wrap_t : t.wrap_r) = GLenum(v);
      return;
    case GL_TEXTURE_BASE_LEVEL:
    case GL_TEXTURE_MAX_LEVEL:
      if (v < 0) return ctx.error(GL_INVALID_VALUE, "%s: a level cannot be negative", function);
      if (pname == GL_TEXTURE_BASE_LEVEL && v != 0 && (multisample || rectangle))
        return ctx.error(GL_INVALID_OPERATION, "%s: this texture's base level must be 0", function);
      (pname == GL_TEXTURE_BASE_LEVEL ? t.base_level : t.max_level) = v;
      return;
    case GL_TEXTURE_MIN_LOD: t.min_lod = GLfloat(f); return;
    case GL_TEXTURE_MAX_LOD: t.max_lod = GLfloat(f); return;
    case GL_TEXTURE_LOD_BIAS: t.lod_bias = GLfloat(f); return;
    case GL_TEXTURE_SWIZZLE_R: case GL_TEXTURE_SWIZZLE_G: case GL_TEXTURE_SWIZZLE_B: case GL_TEXTURE_SWIZZLE_A:
      if (!valid_swizzle(v)) return bad_value();
      t.swizzle[pname - GL_TEXTURE_SWIZZLE_R] = v;
      return;
    case GL_TEXTURE_SWIZZLE_RGBA:
      for (int i = 0; i < 4; ++i)
        if (!valid_swizzle(rounded(value_at(i)))) return bad_value();
      for (int i = 0; i < 4; ++i) t.swizzle[std::size_t(i)] = rounded(value_at(i));
      return;
    case GL_TEXTURE_COMPARE_MODE:
      if (v != GL_NONE && v != GL_COMPARE_REF_TO_TEXTURE) return bad_value();
      t.compare_mode = GLenum(v);
      return;
    case GL_TEXTURE_COMPARE_FUNC:
      if (!valid_compare_func(GLenum(v))) return bad_value();
      t.compare_func = GLenum(v);
      return;
    case GL_DEPTH_STENCIL_TEXTURE_MODE:
      if (v != GL_DEPTH_COMPONENT && v != GL_STENCIL_INDEX) return bad_value();
      t.depth_stencil_mode = GLenum(v);
      return;
    case GL_DEPTH_TEXTURE_MODE:
      // Compatibility profile only (ARB_depth_texture): how a depth texel becomes a colour.
      if (ctx.config().core_profile)
        return ctx.error(GL_INVALID_ENUM, "%s(pname = GL_DEPTH_TEXTURE_MODE): not in the core profile", function);
      if (v != GL_LUMINANCE && v != GL_INTENSITY && v != GL_ALPHA && v != GL_RED) return bad_value();
      t.depth_texture_mode = GLenum(v);
      return;
    case GL_TEXTURE_BORDER_COLOR:
      // Iiv/Iuiv keep the integers as they are; iv values are signed normalized (section 8.10).
      for (int i = 0; i < 4; ++i) {
        if (type == ParameterType::PURE_INT || type == ParameterType::PURE_UINT)
          t.border_color_integer[std::size_t(i)] = type == ParameterType::PURE_INT
                                                       ? static_cast<const GLint*>(params)[i]
                                                       : GLint(static_cast<const GLuint*>(params)[i]);
        else
          t.border_color[std::size_t(i)] = type == ParameterType::INT
                                               ? snorm32_to_float(static_cast<const GLint*>(params)[i])
                                               : static_cast<const GLfloat*>(params)[i];
      }
      t.border_color_type = type == ParameterType::PURE_INT    ? TextureObject::BorderColorType::INT
                            : type == ParameterType::PURE_UINT ? TextureObject::BorderColorType::UINT
                                                               : TextureObject::BorderColorType::FLOAT;
      return;
    default: return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a texture parameter", function, pname);
  }
}

// glGetTexParameter* / glGetTextureParameter* of `t` into `params` as `type`; raises
// INVALID_ENUM for an unknown pname and writes nothing then.
void get_tex_parameter(Context& ctx, const TextureObject& t, GLenum pname, void* params, ParameterType type,
                       const char* function) {
  double values[4] = {0, 0, 0, 0};
  int count = 1;
  switch (pname) {
    case GL_TEXTURE_MIN_FILTER: values[0] = t.min_filter; break;
    case GL_TEXTURE_MAG_FILTER: values[0] = t.mag_filter; break;
    case GL_TEXTURE_WRAP_S: values[0] = t.wrap_s; break;
    case GL_TEXTURE_WRAP_T: values[0] = t.wrap_t; break;
    case GL_TEXTURE_WRAP_R: values[0] = t.wrap_r; break;
    case GL_TEXTURE_BASE_LEVEL: values[0] = t.base_level; break;
    case GL_TEXTURE_MAX_LEVEL: values[0] = t.max_level; break;
    case GL_TEXTURE_MIN_LOD: values[0] = t.min_lod; break;
    case GL_TEXTURE_MAX_LOD: values[0] = t.max_lod; break;
    case GL_TEXTURE_LOD_BIAS: values[0] = t.lod_bias; break;
    case GL_TEXTURE_SWIZZLE_R: case GL_TEXTURE_SWIZZLE_G: case GL_TEXTURE_SWIZZLE_B: case GL_TEXTURE_SWIZZLE_A:
      values[0] = t.swizzle[pname - GL_TEXTURE_SWIZZLE_R];
      break;
    case GL_TEXTURE_SWIZZLE_RGBA:
      std::copy(t.swizzle.begin(), t.swizzle.end(), values);
      count = 4;
      break;
    case GL_TEXTURE_COMPARE_MODE: values[0] = t.compare_mode; break;
    case GL_TEXTURE_COMPARE_FUNC: values[0] = t.compare_func; break;
    case GL_DEPTH_STENCIL_TEXTURE_MODE: values[0] = t.depth_stencil_mode; break;
    case GL_DEPTH_TEXTURE_MODE:
      if (ctx.config().core_profile)
        return ctx.error(GL_INVALID_ENUM, "%s(pname = GL_DEPTH_TEXTURE_MODE): not in the core profile", function);
      values[0] = t.depth_texture_mode;
      break;
    case GL_TEXTURE_IMMUTABLE_FORMAT: values[0] = t.immutable ? 1 : 0; break;
    case GL_TEXTURE_IMMUTABLE_LEVELS: values[0] = t.immutable_levels; break;
    case GL_TEXTURE_VIEW_MIN_LEVEL: values[0] = t.view_min_level; break;
    case GL_TEXTURE_VIEW_NUM_LEVELS: values[0] = t.view_num_levels; break;
    case GL_TEXTURE_VIEW_MIN_LAYER: values[0] = t.view_min_layer; break;
    case GL_TEXTURE_VIEW_NUM_LAYERS: values[0] = t.view_num_layers; break;
    case GL_TEXTURE_TARGET: values[0] = t.target; break;
    case GL_TEXTURE_BORDER_COLOR: {
      // Integer-specified colours come back as stored; float ones to iv as signed normalized.
      const bool integer = t.border_color_type != TextureObject::BorderColorType::FLOAT;
      for (std::size_t i = 0; i < 4; ++i) {
        const double value = integer && t.border_color_type == TextureObject::BorderColorType::UINT
                                 ? double(GLuint(t.border_color_integer[i]))
                             : integer ? double(t.border_color_integer[i])
                                       : double(t.border_color[i]);
        if (type == ParameterType::FLOAT) static_cast<GLfloat*>(params)[i] = GLfloat(value);
        else if (integer) static_cast<GLint*>(params)[i] = t.border_color_integer[i];
        else if (type == ParameterType::INT) static_cast<GLint*>(params)[i] = float_to_snorm32(t.border_color[i]);
        else if (type == ParameterType::PURE_UINT) static_cast<GLuint*>(params)[i] = GLuint(std::max(0, rounded(value)));
        else static_cast<GLint*>(params)[i] = rounded(value);
      }
      return;
    }
    default:
      return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a texture parameter", function, pname);
  }
  for (int i = 0; i < count; ++i) {
    if (type == ParameterType::FLOAT) static_cast<GLfloat*>(params)[i] = GLfloat(values[i]);
    else static_cast<GLint*>(params)[i] = rounded(values[i]);  // GLuint shares the representation
  }
}

void create_names(Context& ctx, GLsizei n, GLuint* names, GLenum target, const char* function) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", function, n);
  std::lock_guard lock(ctx.share_group().mutex);
  for (GLsizei i = 0; i < n; ++i) {
    const GLuint name = ctx.share_group().allocate_texture_name();
    ctx.share_group().textures[name] = target ? std::make_shared<TextureObject>(name, target) : nullptr;
    names[i] = name;
  }
}

// For the DSA entry points: the named texture (bound at least once), or null after raising
// INVALID_OPERATION.
TextureRef named_texture(Context& ctx, GLuint name, const char* function) {
  TextureRef t = ctx.share_group().find_texture(name);
  if (t && t->target) return t;
  ctx.error(GL_INVALID_OPERATION, "%s(texture = %u): not an existing texture object", function, name);
  return nullptr;
}

// For the DSA entry points: the named texture when its target passes `valid` for `dims`, or null
// after raising INVALID_OPERATION (an unknown name or a target the command does not take).
TextureRef named_texture_of(Context& ctx, GLuint name, bool (*valid)(unsigned, GLenum), unsigned dims,
                            const char* function) {
  TextureRef t = named_texture(ctx, name, function);
  if (t && !valid(dims, t->target)) {
    ctx.error(GL_INVALID_OPERATION, "%s(texture = %u): its target 0x%04x does not take this command", function, name,
              t->target);
    return nullptr;
  }
  return t;
}

// The texture a target-based call works on, after checking the target for `dims`.
TextureRef target_texture(Context& ctx, GLenum target, bool (*valid)(unsigned, GLenum), unsigned dims,
                          const char* function) {
  if (!valid(dims, target)) {
    ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a valid target", function, target);
    return nullptr;
  }
  return texture_for_target(ctx, target);
}

// The DSA 3D commands address a cube map's faces as layers: runs `per_face(face target, index)`
// for the faces zoffset .. zoffset + depth - 1, after INVALID_VALUE unless those are faces and
// INVALID_OPERATION unless their images at `level` agree (the data is laid out for one size).
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
bool check_buffer_size(Context& ctx, GLsizei buffer_size, const char* function) {
  if (buffer_size >= 0) return true;
  ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", function, buffer_size);
  return false;
}

// glBindTextureUnit / glBindTextures: `name` on its own target of `unit`, or 0 to put every
// target of the unit back to its default texture; INVALID_OPERATION for a name with no object.
void bind_texture_unit(Context& ctx, GLuint unit, GLuint name, const char* function) {
  auto& targets = ctx.bound_textures[unit];
  if (name == 0) {
    for (auto& bound : targets) bound = nullptr;
    return;
  }
  if (TextureRef t = named_texture(ctx, name, function)) targets[std::size_t(target_index(t->target))] = std::move(t);
}

// glInvalidateTex(Sub)Image: the texture after the checks both make (GL 4.6 section 8.20), or
// null after INVALID_VALUE.
TextureRef invalidated_texture(Context& ctx, GLuint name, GLint level, const char* function) {
  TextureRef t = ctx.share_group().find_texture(name);
  if (!t || !t->target) {
    ctx.error(GL_INVALID_VALUE, "%s(texture = %u): not an existing texture object", function, name);
    return nullptr;
  }
  const bool single_level = t->target == GL_TEXTURE_RECTANGLE || t->target == GL_TEXTURE_BUFFER ||
                            t->target == GL_TEXTURE_2D_MULTISAMPLE || t->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
  if (level < 0 || level >= max_levels(t->target) || (single_level && level != 0)) {
    ctx.error(GL_INVALID_VALUE, "%s(level = %d): not a level of this texture", function, level);
    return nullptr;
  }
  return t;
}

// Bytes of a w x h x d image of a block-compressed format.
std::size_t compressed_size(Format format, GLsizei w, GLsizei h, GLsizei d) {
  const formats::PixelFormat pf(format);
  return pf.row_bytes(unsigned(w)) * pf.block_rows(unsigned(h)) * std::size_t(d);
}

// The compressed blocks a call supplies, from client memory or the bound unpack PBO (INVALID_OPERATION
// when the PBO is mapped or too small). Empty when there is no data.
bool compressed_source(Context& ctx, const void* data, std::size_t size, std::vector<std::byte>& out,
                       const char* function) {
  const std::shared_ptr<BufferObject>& pbo = bound_buffer(ctx, GL_PIXEL_UNPACK_BUFFER);
  if (pbo) {
    const auto offset = reinterpret_cast<std::uintptr_t>(data);
    if (pbo->mapped && !(pbo->access_flags & GL_MAP_PERSISTENT_BIT)) {
      ctx.error(GL_INVALID_OPERATION, "%s: the pixel buffer object is mapped", function);
      return false;
    }
    if (size && (!pbo->resource || offset + size > std::uint64_t(pbo->size))) {
      ctx.error(GL_INVALID_OPERATION, "%s: the data reaches past the end of the pixel buffer object", function);
      return false;
    }
    out.resize(size);
    if (size) ctx.st().buffer_read(*pbo->resource, offset, size, out.data());
  } else if (data) {
    out.assign(static_cast<const std::byte*>(data), static_cast<const std::byte*>(data) + size);
  }
  return true;
}

}  // namespace

// Writes blocks of a region: as they are when the device has the format, else decoded into the
// storage format (and kept, so glGetCompressedTexImage returns what the application gave).
void upload_compressed(Context& ctx, TextureObject& texture, GLenum target, GLint level, TextureImage& image,
                       GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d, const std::vector<std::byte>& blocks,
                       const char* function) {
  if (blocks.empty() || !texture.resource || !w || !h || !d) return;
  const st::Result result = st::texture_write_blocks(*texture.resource, unsigned(level),
                                                     texture_box(target, x, y, z, w, h, d), image.format,
                                                     image.storage, blocks.data());
  if (raise_st_failure(ctx, result, function) || image.storage == image.format) return;
  const formats::PixelFormat compressed(image.format);
  const std::size_t row = compressed.row_bytes(unsigned(w)), slice = row * compressed.block_rows(unsigned(h));
  // Keep the application's blocks: patch the region's block rows into the whole image's copy.
  const formats::FormatDesc& fd = formats::describe(image.format);
  if (!image.compressed_blocks)
    image.compressed_blocks = std::make_shared<std::vector<std::byte>>(
        compressed_size(image.format, image.width, image.height, image.depth));
  const std::size_t image_row = compressed.row_bytes(unsigned(image.width));
  const std::size_t image_slice = image_row * compressed.block_rows(unsigned(image.height));
  const std::size_t x_bytes = std::size_t(x / fd.block_width) * (fd.block_bits / 8);
  for (GLsizei s = 0; s < d; ++s)
    for (unsigned r = 0; r < compressed.block_rows(unsigned(h)); ++r)
      std::memcpy(image.compressed_blocks->data() + std::size_t(z + s) * image_slice +
                      (std::size_t(y / fd.block_height) + r) * image_row + x_bytes,
                  blocks.data() + std::size_t(s) * slice + r * row, row);
}

namespace {

void compressed_tex_image(Context& ctx, TextureObject& texture, unsigned dims, GLenum target, GLint level,
                          GLenum internal_format, GLsizei width, GLsizei height, GLsizei depth, GLint border,
                          GLsizei image_size, const void* data, const char* function) {
  if (binding_target(target) == GL_TEXTURE_RECTANGLE)
    return ctx.error(GL_INVALID_ENUM, "%s: rectangle textures cannot be compressed", function);
  if (level < 0 || level >= max_levels(target))
    return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", function, level);
  const formats::InternalFormatInfo* info = formats::find_internal_format(internal_format);
  const st::ChosenFormat chosen =
      info ? st::choose_texture_format(st::format_support(ctx.st().screen()), target, internal_format, GL_NONE, GL_NONE)
           : st::ChosenFormat{};
  if (!info || !info->sized || !chosen.valid() || !formats::describe(chosen.format).is_compressed)
    return ctx.error(GL_INVALID_ENUM, "%s(internalformat = 0x%04x): not a specific compressed format", function,
                     internal_format);
  if (width < 0 || height < 0 || depth < 0)
    return ctx.error(GL_INVALID_VALUE, "%s: negative width, height or depth", function);
  if (border != 0) return ctx.error(GL_INVALID_VALUE, "%s(border = %d): must be 0", function, border);
  if (binding_target(target) == GL_TEXTURE_1D_ARRAY || binding_target(target) == GL_TEXTURE_3D)
    return ctx.error(GL_INVALID_OPERATION, "%s: %s cannot be stored in this target", function, info->name);
  if ((is_cube_face(target) || binding_target(target) == GL_TEXTURE_CUBE_MAP_ARRAY) && width != height)
    return ctx.error(GL_INVALID_VALUE, "%s: cube map images must be square", function);
  const SizeLimits limits = size_limits(target);
  if ((width << level) > limits.width || (height << level) > limits.height ||
      (depth_is_layers(target) && depth > limits.depth))
    return ctx.error(GL_INVALID_VALUE, "%s: %dx%dx%d exceeds the maximum size", function, width, height, depth);
  const std::size_t expected = compressed_size(chosen.format, width, height, dims == 3 ? depth : 1);
  if (image_size < 0 || std::size_t(image_size) != expected)
    return ctx.error(GL_INVALID_VALUE, "%s(imageSize = %d): a %dx%dx%d %s image is %zu bytes", function, image_size,
                     width, height, depth, info->name, expected);
  if (texture.immutable) return ctx.error(GL_INVALID_OPERATION, "%s: the texture is immutable", function);
  std::vector<std::byte> blocks;
  if (!compressed_source(ctx, data, expected, blocks, function)) return;

  TextureImage image;
  image.internal_format = GLint(internal_format);
  image.base_format = info->base_format;
  image.format = chosen.format;
  image.storage = chosen.storage;
  image.width = width;
  image.height = height;
  image.depth = dims == 3 ? depth : 1;
  if (is_proxy(target)) {
    texture.images[0][std::size_t(level)] = image;
    return;
  }
  if (!ensure_resource(ctx, texture, target, level, image, chosen.bindings, function)) return;
  TextureImage& stored = texture.images[face_of(target)][std::size_t(level)];
  stored = image;
  upload_compressed(ctx, texture, target, level, stored, 0, 0, 0, width, height, stored.depth, blocks, function);
}

void compressed_tex_sub_image(Context& ctx, TextureObject& texture, unsigned dims, GLenum target, GLint level,
                              GLint x, GLint y, GLint z, GLsizei width, GLsizei height, GLsizei depth, GLenum format,
                              GLsizei image_size, const void* data, const char* function) {
  if (level < 0 || level >= max_levels(target))
    return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", function, level);
  if (width < 0 || height < 0 || depth < 0)
    return ctx.error(GL_INVALID_VALUE, "%s: negative width, height or depth", function);
  TextureImage& image = texture.images[face_of(target)][std::size_t(level)];
  if (!image.defined()) return ctx.error(GL_INVALID_OPERATION, "%s: level %d has no image", function, level);
  if (GLenum(image.internal_format) != format)
    return ctx.error(GL_INVALID_OPERATION, "%s(format = 0x%04x): not the texture's internal format", function, format);
  if (!formats::describe(image.format).is_compressed)
    return ctx.error(GL_INVALID_OPERATION, "%s: level %d is not a compressed image", function, level);
  if (!check_region_inside(ctx, image, x, y, z, width, height, depth, function)) return;
  if (!check_whole_blocks(ctx, image, x, y, width, height, GL_INVALID_OPERATION, function)) return;
  const std::size_t expected = compressed_size(image.format, width, height, dims == 3 ? depth : 1);
  if (image_size < 0 || std::size_t(image_size) != expected)
    return ctx.error(GL_INVALID_VALUE, "%s(imageSize = %d): the region is %zu bytes", function, image_size, expected);
  std::vector<std::byte> blocks;
  if (!compressed_source(ctx, data, expected, blocks, function)) return;
  upload_compressed(ctx, texture, target, level, image, x, y, z, width, height, dims == 3 ? depth : 1, blocks,
                    function);
}

// glGetCompressedTex(ture)Image and glGetCompressedTextureSubImage: the blocks of `region` (the
// whole image, or a region the caller validated against the image) of one image, rows of blocks
// packed tightly, into client memory or the pack PBO.
void get_compressed_tex_image(Context& ctx, TextureObject& texture, GLenum target, GLint level, const Region& region,
                              GLsizei buffer_size, void* pixels, const char* function) {
  if (level < 0 || level >= max_levels(target))
    return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", function, level);
  const TextureImage& image = texture.images[face_of(target)][std::size_t(level)];
  if (!image.defined() || !formats::describe(image.format).is_compressed)
    return ctx.error(GL_INVALID_OPERATION, "%s: level %d is not a compressed image", function, level);
  const GLint x = region.whole ? 0 : region.x, y = region.whole ? 0 : region.y, z = region.whole ? 0 : region.z;
  const GLsizei w = region.whole ? image.width : region.width, h = region.whole ? image.height : region.height,
                d = region.whole ? image.depth : region.depth;
  if (!region.whole) {
    // GL 4.6 section 8.11.4: whole blocks only, except where the region reaches the image's edge.
    if (!check_region_inside(ctx, image, x, y, z, w, h, d, function) ||
        !check_whole_blocks(ctx, image, x, y, w, h, GL_INVALID_VALUE, function))
      return;
  }
  const std::size_t size = compressed_size(image.format, w, h, d);
  if (buffer_size >= 0 && std::size_t(buffer_size) < size)
    return ctx.error(GL_INVALID_OPERATION, "%s(bufSize = %d): the image is %zu bytes", function, buffer_size, size);
  const std::shared_ptr<BufferObject>& pbo = bound_buffer(ctx, GL_PIXEL_PACK_BUFFER);
  const auto offset = reinterpret_cast<std::uintptr_t>(pixels);
  if (pbo && (!pbo->resource || offset + size > std::uint64_t(pbo->size)))
    return ctx.error(GL_INVALID_OPERATION, "%s: the image reaches past the end of the pixel buffer object", function);
  if (pbo && pbo->mapped && !(pbo->access_flags & GL_MAP_PERSISTENT_BIT))
    return ctx.error(GL_INVALID_OPERATION, "%s: the pixel buffer object is mapped", function);
  if (size == 0) return;  // an empty region: nothing to read or write
  const formats::PixelFormat pf(image.format);
  const std::size_t row = pf.row_bytes(unsigned(w)), slice = row * pf.block_rows(unsigned(h));
  std::vector<std::byte> blocks(size);
  if (image.compressed_blocks) {
    // Decoded storage: the blocks as the application gave them.
    const std::size_t image_row = pf.row_bytes(unsigned(image.width));
    const std::size_t image_slice = image_row * pf.block_rows(unsigned(image.height));
    const std::size_t skip = pf.row_bytes(unsigned(x));
    const unsigned first_row = pf.block_rows(unsigned(y));
    for (GLsizei s = 0; s < d; ++s)
      for (unsigned r = 0; r < pf.block_rows(unsigned(h)); ++r)
        std::memcpy(blocks.data() + std::size_t(s) * slice + r * row,
                    image.compressed_blocks->data() + std::size_t(z + s) * image_slice + (first_row + r) * image_row + skip,
                    row);
  } else if (texture.resource) {
    st::texture_read(*texture.resource, unsigned(level), texture_box(target, x, y, z, w, h, d), blocks.data(), row, slice);
  }
  if (pbo)
    ctx.st().buffer_subdata(*pbo->resource, st::PIPE_TRANSFER_WRITE, offset, size, blocks.data());
  else if (pixels)
    std::memcpy(pixels, blocks.data(), size);
}

// glGenerateMipmap: levels base+1 .. q from the base level (GL 4.6 section 8.14.4).
void generate_mipmap(Context& ctx, TextureObject& texture, const char* function) {
  const GLenum target = texture.target;
  if (target != GL_TEXTURE_1D && target != GL_TEXTURE_2D && target != GL_TEXTURE_3D &&
      target != GL_TEXTURE_1D_ARRAY && target != GL_TEXTURE_2D_ARRAY && target != GL_TEXTURE_CUBE_MAP &&
      target != GL_TEXTURE_CUBE_MAP_ARRAY)
    return ctx.error(GL_INVALID_ENUM, "%s: target 0x%04x has no mipmaps", function, target);
  const GLint base = texture.base_level;
  if (base >= GLint(kMaxTextureLevels) || !texture.images[0][std::size_t(base)].defined())
    return ctx.error(GL_INVALID_OPERATION, "%s: the base level has no image", function);
  const TextureImage base_image = texture.images[0][std::size_t(base)];
  const unsigned faces = target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
  for (unsigned f = 1; f < faces; ++f) {
    const TextureImage& other = texture.images[f][std::size_t(base)];
    if (other.internal_format != base_image.internal_format || other.width != base_image.width)
      return ctx.error(GL_INVALID_OPERATION, "%s: the cube map is not cube complete", function);
  }
  // Only colour-renderable, filterable formats: no depth/stencil, integer or compressed images.
  const formats::FormatDesc& d = formats::describe(base_image.format);
  if (!(formats::framebuffer_renderable(GLenum(base_image.internal_format)) & formats::RENDERABLE_COLOR) ||
      d.is_pure_integer || d.is_compressed)
    return ctx.error(GL_INVALID_OPERATION, "%s: %s is not colour-renderable and filterable", function,
                     formats::find_internal_format(GLenum(base_image.internal_format))->name);
  if (!base_image.width || !texture.resource) return;

  // q: the last level a full chain from the base reaches, capped by MAX_LEVEL and storage.
  GLint largest = std::max(base_image.width, height_is_layers(target) ? 1 : base_image.height);
  if (target == GL_TEXTURE_3D) largest = std::max(largest, base_image.depth);
  GLint last = base;
  while (largest > 1 && last + 1 < GLint(kMaxTextureLevels)) largest >>= 1, ++last;
  last = std::min(last, texture.max_level);
  if (texture.immutable) last = std::min(last, texture.view_num_levels - 1);  // a view's own levels
  const GLenum image_target = target == GL_TEXTURE_CUBE_MAP ? GL_TEXTURE_CUBE_MAP_POSITIVE_X : target;
  for (GLint level = base + 1; level <= last; ++level) {
    TextureImage image = base_image;
    image.compressed_blocks = nullptr;
    image.width = std::max(1, base_image.width >> (level - base));
    image.height = height_is_layers(target) ? base_image.height : std::max(1, base_image.height >> (level - base));
    image.depth = target == GL_TEXTURE_3D ? std::max(1, base_image.depth >> (level - base)) : base_image.depth;
    if (!ensure_resource(ctx, texture, image_target, level, image, st::BIND_SAMPLER_VIEW, function)) return;
    for (unsigned f = 0; f < faces; ++f) texture.images[f][std::size_t(level)] = image;
  }
  if (last > base) st::texture_generate_mipmap(*texture.resource, unsigned(base), unsigned(last));
}

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

// The largest sample count of every colour and depth format GL requires: MAX_SAMPLES.
GLint max_samples(Context& ctx) {
  GLint most = 1;
  for (GLsizei count = 2; count <= 64; count *= 2)
    if (device_sample_count(ctx, Format::R8G8B8A8_UNORM, count, st::BIND_RENDER_TARGET) == count &&
        device_sample_count(ctx, Format::Z32_FLOAT, count, st::BIND_DEPTH_STENCIL) == count)
      most = count;
  return most;
}

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

// What TEXTURE_BUFFER_OFFSET_ALIGNMENT reports: Vulkan's minTexelBufferOffsetAlignment bound.
constexpr GLint kTextureBufferOffsetAlignment = 256;
constexpr GLint kMaxTextureBufferSize = 1 << 27;

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
    if (offset < 0 || size <= 0 || offset + size > object->size)
      return ctx.error(GL_INVALID_VALUE, "%s: [%ld, %ld) is not inside the %ld-byte buffer", function, long(offset),
                       long(offset + size), long(object->size));
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

// Texture state for glGetIntegerv (api_state.cpp asks here for what it does not know).
bool query_texture_integer(Context& ctx, GLenum pname, GLint64& value) {
  static constexpr std::pair<GLenum, GLenum> kBindings[] = {
      {GL_TEXTURE_BINDING_1D, GL_TEXTURE_1D},
      {GL_TEXTURE_BINDING_2D, GL_TEXTURE_2D},
      {GL_TEXTURE_BINDING_3D, GL_TEXTURE_3D},
      {GL_TEXTURE_BINDING_1D_ARRAY, GL_TEXTURE_1D_ARRAY},
      {GL_TEXTURE_BINDING_2D_ARRAY, GL_TEXTURE_2D_ARRAY},
      {GL_TEXTURE_BINDING_RECTANGLE, GL_TEXTURE_RECTANGLE},
      {GL_TEXTURE_BINDING_CUBE_MAP, GL_TEXTURE_CUBE_MAP},
      {GL_TEXTURE_BINDING_CUBE_MAP_ARRAY, GL_TEXTURE_CUBE_MAP_ARRAY},
      {GL_TEXTURE_BINDING_BUFFER, GL_TEXTURE_BUFFER},
      {GL_TEXTURE_BINDING_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE},
      {GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_2D_MULTISAMPLE_ARRAY}};
  for (const auto& [query, target] : kBindings)
    if (pname == query) {
      const auto& bound = ctx.bound_textures[ctx.active_texture_unit][std::size_t(target_index(target))];
      value = bound ? bound->name : 0;
      return true;
    }
  const formats::PixelStore* store = nullptr;
  GLenum local = pname;
  if (pname >= GL_PACK_SWAP_BYTES && pname <= GL_PACK_ALIGNMENT) {
    store = &ctx.pack;
    local = pname - GL_PACK_SWAP_BYTES + GL_UNPACK_SWAP_BYTES;
  } else if (pname == GL_PACK_SKIP_IMAGES || pname == GL_PACK_IMAGE_HEIGHT) {
    store = &ctx.pack;
    local = pname == GL_PACK_SKIP_IMAGES ? GL_UNPACK_SKIP_IMAGES : GL_UNPACK_IMAGE_HEIGHT;
  } else {
    store = &ctx.unpack;
  }
  switch (local) {
    case GL_UNPACK_SWAP_BYTES: value = store->swap_bytes; return true;
    case GL_UNPACK_LSB_FIRST: value = store->lsb_first; return true;
    case GL_UNPACK_ROW_LENGTH: value = store->row_length; return true;
    case GL_UNPACK_SKIP_ROWS: value = store->skip_rows; return true;
    case GL_UNPACK_SKIP_PIXELS: value = store->skip_pixels; return true;
    case GL_UNPACK_ALIGNMENT: value = store->alignment; return true;
    case GL_UNPACK_SKIP_IMAGES: value = store->skip_images; return true;
    case GL_UNPACK_IMAGE_HEIGHT: value = store->image_height; return true;
    default: break;
  }
  switch (pname) {
    case GL_ACTIVE_TEXTURE: value = GL_TEXTURE0 + ctx.active_texture_unit; return true;
    case GL_MAX_TEXTURE_SIZE: value = kMaxTextureSize; return true;
    case GL_MAX_3D_TEXTURE_SIZE: value = kMax3DTextureSize; return true;
    case GL_MAX_CUBE_MAP_TEXTURE_SIZE: value = kMaxCubeMapTextureSize; return true;
    case GL_MAX_RECTANGLE_TEXTURE_SIZE: value = kMaxRectangleTextureSize; return true;
    case GL_MAX_ARRAY_TEXTURE_LAYERS: value = kMaxArrayTextureLayers; return true;
    case GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS: value = kMaxTextureUnits; return true;
    case GL_MAX_SAMPLES: case GL_MAX_COLOR_TEXTURE_SAMPLES: case GL_MAX_DEPTH_TEXTURE_SAMPLES:
    case GL_MAX_INTEGER_SAMPLES:
      value = max_samples(ctx);
      return true;
    case GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT: value = kTextureBufferOffsetAlignment; return true;
    case GL_MAX_TEXTURE_BUFFER_SIZE: value = kMaxTextureBufferSize; return true;
    default: return false;
  }
}

namespace api {

void PixelStorei(Context& ctx, const char* fn, GLenum pname, GLint param) {
  const bool pack = (pname >= GL_PACK_SWAP_BYTES && pname <= GL_PACK_ALIGNMENT) || pname == GL_PACK_SKIP_IMAGES ||
                    pname == GL_PACK_IMAGE_HEIGHT;
  formats::PixelStore& store = pack ? ctx.pack : ctx.unpack;
  const GLenum local = !pack ? pname
                       : pname == GL_PACK_SKIP_IMAGES  ? GL_UNPACK_SKIP_IMAGES
                       : pname == GL_PACK_IMAGE_HEIGHT ? GL_UNPACK_IMAGE_HEIGHT
                                                       : pname - GL_PACK_SWAP_BYTES + GL_UNPACK_SWAP_BYTES;
  switch (local) {
    case GL_UNPACK_SWAP_BYTES: store.swap_bytes = param != 0; return;
    case GL_UNPACK_LSB_FIRST: store.lsb_first = param != 0; return;
    case GL_UNPACK_ALIGNMENT:
      if (param != 1 && param != 2 && param != 4 && param != 8)
        return ctx.error(GL_INVALID_VALUE, "%s(alignment = %d): must be 1, 2, 4 or 8", fn, param);
      store.alignment = param;
      return;
    case GL_UNPACK_ROW_LENGTH: case GL_UNPACK_SKIP_ROWS: case GL_UNPACK_SKIP_PIXELS: case GL_UNPACK_SKIP_IMAGES:
    case GL_UNPACK_IMAGE_HEIGHT:
      if (param < 0) return ctx.error(GL_INVALID_VALUE, "%s(pname = 0x%04x, %d): negative", fn, pname, param);
      (local == GL_UNPACK_ROW_LENGTH    ? store.row_length
       : local == GL_UNPACK_SKIP_ROWS   ? store.skip_rows
       : local == GL_UNPACK_SKIP_PIXELS ? store.skip_pixels
       : local == GL_UNPACK_SKIP_IMAGES ? store.skip_images
                                        : store.image_height) = param;
      return;
    default:
      return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a pixel-store parameter", fn, pname);
  }
}

void PixelStoref(Context& ctx, const char* fn, GLenum pname, GLfloat param) {
  // Booleans are non-zero tests; integers round (GL 4.6 section 8.4.1).
  PixelStorei(ctx, fn, pname, (pname == GL_UNPACK_SWAP_BYTES || pname == GL_PACK_SWAP_BYTES || pname == GL_UNPACK_LSB_FIRST ||
                      pname == GL_PACK_LSB_FIRST)
                         ? GLint(param != 0.0f)
                         : GLint(param + (param < 0 ? -0.5f : 0.5f)));
}

void ActiveTexture(Context& ctx, const char* fn, GLenum texture) {
  if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + kMaxTextureUnits)
    return ctx.error(GL_INVALID_ENUM, "%s(0x%04x): not a texture unit", fn, texture);
  ctx.active_texture_unit = texture - GL_TEXTURE0;
}

void GenTextures(Context& ctx, const char* fn, GLsizei n, GLuint* textures) {
  create_names(ctx, n, textures, 0, fn);
}

void CreateTextures(Context& ctx, const char* fn, GLenum target, GLsizei n, GLuint* textures) {
  if (target_index(target) < 0)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a texture target", fn, target);
  create_names(ctx, n, textures, target, fn);
}

void DeleteTextures(Context& ctx, const char* fn, GLsizei n, const GLuint* textures) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  for (GLsizei i = 0; i < n; ++i) {
    if (textures[i] == 0) continue;
    TextureRef t = ctx.share_group().find_texture(textures[i]);
    // Deleting a bound texture rebinds 0 in every unit of the current context, and detaches it
    // from the bound framebuffers (GL 4.6 section 9.2.8).
    if (t) {
      for (auto& unit : ctx.bound_textures)
        for (auto& bound : unit)
          if (bound == t) bound = nullptr;
      for (FramebufferObject* fb : {ctx.draw_framebuffer.get(), ctx.read_framebuffer.get()}) {
        if (!fb) continue;
        for (FramebufferAttachment* a : {&fb->depth, &fb->stencil})
          if (a->texture == t) *a = FramebufferAttachment{};
        for (FramebufferAttachment& a : fb->color)
          if (a.texture == t) a = FramebufferAttachment{};
      }
    }
    std::lock_guard lock(ctx.share_group().mutex);
    ctx.share_group().textures.erase(textures[i]);
  }
}

GLboolean IsTexture(Context& ctx, const char*, GLuint texture) {
  const TextureRef t = ctx.share_group().find_texture(texture);
  return t && t->target ? GL_TRUE : GL_FALSE;
}

void BindTexture(Context& ctx, const char* fn, GLenum target, GLuint texture) {
  const int index = target_index(target);
  if (index < 0) return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a texture target", fn, target);
  TextureRef t;
  if (texture != 0) {
    std::lock_guard lock(ctx.share_group().mutex);
    auto& textures = ctx.share_group().textures;
    auto it = textures.find(texture);
    if (it == textures.end()) {
      if (ctx.config().core_profile)
        return ctx.error(GL_INVALID_OPERATION, "%s(texture = %u): not a name from glGenTextures", fn, texture);
      it = textures.emplace(texture, nullptr).first;  // the compatibility profile creates it
    }
    if (!it->second) it->second = std::make_shared<TextureObject>(texture, target);
    if (it->second->target != target)
      return ctx.error(GL_INVALID_OPERATION, "%s(texture = %u): it was created with another target", fn,
                       texture);
    t = it->second;
  }
  ctx.bound_textures[ctx.active_texture_unit][std::size_t(index)] = std::move(t);
}

void TexImage1D(Context& ctx, const char* fn, GLenum target, GLint level, GLint internalformat, GLsizei width,
                GLint border, GLenum format, GLenum type, const void* pixels) {
  if (TextureRef t = target_texture(ctx, target, is_image_target, 1, fn))
    tex_image(ctx, *t, 1, target, level, internalformat, width, 1, 1, border, format, type, pixels, fn);
}

void TexImage2D(Context& ctx, const char* fn, GLenum target, GLint level, GLint internalformat, GLsizei width,
                GLsizei height, GLint border, GLenum format, GLenum type, const void* pixels) {
  if (TextureRef t = target_texture(ctx, target, is_image_target, 2, fn))
    tex_image(ctx, *t, 2, target, level, internalformat, width, height, 1, border, format, type, pixels,
              fn);
}

void TexImage3D(Context& ctx, const char* fn, GLenum target, GLint level, GLint internalformat, GLsizei width,
                GLsizei height, GLsizei depth, GLint border, GLenum format, GLenum type, const void* pixels) {
  if (TextureRef t = target_texture(ctx, target, is_image_target, 3, fn))
    tex_image(ctx, *t, 3, target, level, internalformat, width, height, depth, border, format, type, pixels,
              fn);
}

// Sub-image targets: the image targets without proxies.
bool is_sub_image_target(unsigned dims, GLenum target) { return is_image_target(dims, target) && !is_proxy(target); }

// The DSA 3D sub-image commands also take cube maps (their faces are layers).
bool is_sub_image_or_cube_target(unsigned dims, GLenum target) {
  return is_sub_image_target(dims, target) || (dims == 3 && target == GL_TEXTURE_CUBE_MAP);
}

void TexSubImage1D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLsizei width,
                   GLenum format, GLenum type, const void* pixels) {
  if (TextureRef t = target_texture(ctx, target, is_sub_image_target, 1, fn))
    tex_sub_image(ctx, *t, 1, target, level, xoffset, 0, 0, width, 1, 1, format, type, pixels, fn);
}

void TexSubImage2D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLint yoffset,
                   GLsizei width, GLsizei height, GLenum format, GLenum type, const void* pixels) {
  if (TextureRef t = target_texture(ctx, target, is_sub_image_target, 2, fn))
    tex_sub_image(ctx, *t, 2, target, level, xoffset, yoffset, 0, width, height, 1, format, type, pixels,
                  fn);
}

void TexSubImage3D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLint yoffset,
                   GLint zoffset, GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type,
                   const void* pixels) {
  if (TextureRef t = target_texture(ctx, target, is_sub_image_target, 3, fn))
    tex_sub_image(ctx, *t, 3, target, level, xoffset, yoffset, zoffset, width, height, depth, format, type, pixels,
                  fn);
}

void TexStorage1D(Context& ctx, const char* fn, GLenum target, GLsizei levels, GLenum internalformat, GLsizei width) {
  if (TextureRef t = target_texture(ctx, target, is_storage_target, 1, fn))
    tex_storage(ctx, *t, 1, target, levels, internalformat, width, 1, 1, fn);
}

void TexStorage2D(Context& ctx, const char* fn, GLenum target, GLsizei levels, GLenum internalformat, GLsizei width,
                  GLsizei height) {
  if (TextureRef t = target_texture(ctx, target, is_storage_target, 2, fn))
    tex_storage(ctx, *t, 2, target, levels, internalformat, width, height, 1, fn);
}

void TexStorage3D(Context& ctx, const char* fn, GLenum target, GLsizei levels, GLenum internalformat, GLsizei width,
                  GLsizei height, GLsizei depth) {
  if (TextureRef t = target_texture(ctx, target, is_storage_target, 3, fn))
    tex_storage(ctx, *t, 3, target, levels, internalformat, width, height, depth, fn);
}

void TextureStorage2D(Context& ctx, const char* fn, GLuint texture, GLsizei levels, GLenum internalformat,
                      GLsizei width, GLsizei height) {
  TextureRef t = named_texture(ctx, texture, fn);
  if (!t) return;
  if (!is_storage_target(2, t->target))
    return ctx.error(GL_INVALID_OPERATION, "%s: texture %u is not two-dimensional", fn, texture);
  tex_storage(ctx, *t, 2, t->target, levels, internalformat, width, height, 1, fn);
}

void TextureStorage3D(Context& ctx, const char* fn, GLuint texture, GLsizei levels, GLenum internalformat,
                      GLsizei width, GLsizei height, GLsizei depth) {
  TextureRef t = named_texture(ctx, texture, fn);
  if (!t) return;
  if (!is_storage_target(3, t->target))
    return ctx.error(GL_INVALID_OPERATION, "%s: texture %u is not three-dimensional", fn, texture);
  tex_storage(ctx, *t, 3, t->target, levels, internalformat, width, height, depth, fn);
}

void TextureSubImage2D(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                       GLsizei width, GLsizei height, GLenum format, GLenum type, const void* pixels) {
  TextureRef t = named_texture(ctx, texture, fn);
  if (!t) return;
  if (!is_sub_image_target(2, t->target))
    return ctx.error(GL_INVALID_OPERATION, "%s: texture %u is not two-dimensional", fn, texture);
  tex_sub_image(ctx, *t, 2, t->target, level, xoffset, yoffset, 0, width, height, 1, format, type, pixels,
                fn);
}

void TextureSubImage3D(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                       GLint zoffset, GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type,
                       const void* pixels) {
  TextureRef t = named_texture_of(ctx, texture, is_sub_image_or_cube_target, 3, fn);
  if (!t) return;
  if (t->target != GL_TEXTURE_CUBE_MAP)
    return tex_sub_image(ctx, *t, 3, t->target, level, xoffset, yoffset, zoffset, width, height, depth, format, type,
                         pixels, fn);
  // One face after the other in the client image, as consecutive images of a 3D transfer.
  const long face_bytes = formats::image_image_stride(ctx.unpack, width, height, format, type);
  for_each_cube_face(ctx, *t, level, zoffset, depth, fn, [&](GLenum face, GLsizei index) {
    tex_sub_image(ctx, *t, 2, face, level, xoffset, yoffset, 0, width, height, 1, format, type,
                  piece_of_transfer(ctx, GL_PIXEL_UNPACK_BUFFER, pixels, index, std::size_t(face_bytes)), fn);
  });
}

// Targets glGetTexImage accepts: no proxies, no GL_TEXTURE_CUBE_MAP (its faces instead).
bool is_get_image_target(unsigned, GLenum target) {
  return target == GL_TEXTURE_1D || target == GL_TEXTURE_2D || target == GL_TEXTURE_3D ||
         target == GL_TEXTURE_1D_ARRAY || target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_RECTANGLE ||
         target == GL_TEXTURE_CUBE_MAP_ARRAY || is_cube_face(target);
}

void GetTexImage(Context& ctx, const char* fn, GLenum target, GLint level, GLenum format, GLenum type, void* pixels) {
  if (TextureRef t = target_texture(ctx, target, is_get_image_target, 0, fn))
    get_tex_image(ctx, *t, target, level, Region{}, format, type, -1, pixels, fn);
}

// Textures glGetTexture(Sub)Image and glGetCompressedTextureImage read: the glGetTexImage targets
// and cube maps, whose faces they return as layers.
bool is_texture_image_target(unsigned, GLenum target) {
  return is_get_image_target(0, target) || target == GL_TEXTURE_CUBE_MAP;
}

// glGetTexture(Sub)Image of a cube map: `face_region` of the faces zoffset .. zoffset + depth - 1,
// one after the other as an array's layers would be.
void get_cube_faces(Context& ctx, TextureObject& t, GLint level, Region face_region, GLint zoffset, GLsizei depth,
                    GLenum format, GLenum type, GLsizei buffer_size, void* pixels, const char* function) {
  for_each_cube_face(ctx, t, level, zoffset, depth, function, [&](GLenum face, GLsizei index) {
    const TextureImage& image = t.images[std::size_t(zoffset)][std::size_t(level)];
    const long face_bytes =
        formats::image_image_stride(ctx.pack, face_region.whole ? image.width : face_region.width,
                                    face_region.whole ? image.height : face_region.height, format, type);
    get_tex_image(ctx, t, face, level, face_region, format, type,
                  GLsizei(std::max<long>(0, buffer_size - index * face_bytes)),
                  piece_of_transfer(ctx, GL_PIXEL_PACK_BUFFER, pixels, index, std::size_t(face_bytes)), function);
  });
}

// glGetCompressedTexture(Sub)Image of a cube map: the blocks of `face_region` of the faces
// zoffset .. zoffset + depth - 1, one after the other.
void get_compressed_cube_faces(Context& ctx, TextureObject& t, GLint level, const Region& face_region, GLint zoffset,
                               GLsizei depth, GLsizei buffer_size, void* pixels, const char* function) {
  for_each_cube_face(ctx, t, level, zoffset, depth, function, [&](GLenum face, GLsizei index) {
    const TextureImage& image = t.images[std::size_t(zoffset)][std::size_t(level)];
    const std::size_t face_size =
        image.defined() && formats::describe(image.format).is_compressed
            ? compressed_size(image.format, face_region.whole ? image.width : face_region.width,
                              face_region.whole ? image.height : face_region.height, 1)
            : 0;
    get_compressed_tex_image(ctx, t, face, level, face_region,
                             GLsizei(std::max<long>(0, buffer_size - index * long(face_size))),
                             piece_of_transfer(ctx, GL_PIXEL_PACK_BUFFER, pixels, index, face_size), function);
  });
}

void GetTextureImage(Context& ctx, const char* fn, GLuint texture, GLint level, GLenum format, GLenum type,
                     GLsizei bufSize, void* pixels) {
  if (!check_buffer_size(ctx, bufSize, fn)) return;
  TextureRef t = named_texture_of(ctx, texture, is_texture_image_target, 0, fn);
  if (!t) return;
  if (t->target == GL_TEXTURE_CUBE_MAP)
    return get_cube_faces(ctx, *t, level, Region{}, 0, 6, format, type, bufSize, pixels, fn);
  get_tex_image(ctx, *t, t->target, level, Region{}, format, type, bufSize, pixels, fn);
}

void GetTextureSubImage(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                        GLint zoffset, GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type,
                        GLsizei bufSize, void* pixels) {
  if (!check_buffer_size(ctx, bufSize, fn)) return;
  TextureRef t = named_texture_of(ctx, texture, is_texture_image_target, 0, fn);
  if (!t) return;
  if (t->target == GL_TEXTURE_CUBE_MAP)
    return get_cube_faces(ctx, *t, level, Region{xoffset, yoffset, 0, width, height, 1, false}, zoffset, depth,
                          format, type, bufSize, pixels, fn);
  get_tex_image(ctx, *t, t->target, level, Region{xoffset, yoffset, zoffset, width, height, depth, false}, format,
                type, bufSize, pixels, fn);
}

}  // namespace api

// The "general-purpose" specific compressed formats glvk lists (GL 4.6 section 8.7 leaves RGTC and
// BPTC out; every format here is stored natively or decoded, and S3TC is also encoded on upload).
constexpr GLenum kListedCompressedFormats[] = {
    GL_COMPRESSED_RGB_S3TC_DXT1_EXT,       GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,
    GL_COMPRESSED_RGBA_S3TC_DXT3_EXT,      GL_COMPRESSED_RGBA_S3TC_DXT5_EXT,
    GL_COMPRESSED_RGB8_ETC2,               GL_COMPRESSED_SRGB8_ETC2,
    GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2,
    GL_COMPRESSED_RGBA8_ETC2_EAC,          GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC,
    GL_COMPRESSED_R11_EAC,                 GL_COMPRESSED_SIGNED_R11_EAC,
    GL_COMPRESSED_RG11_EAC,                GL_COMPRESSED_SIGNED_RG11_EAC,
};
static_assert(std::size(kListedCompressedFormats) <= StateValue::kMaxCount);

bool query_compressed_formats(GLenum pname, StateValue& value) {
  if (pname == GL_NUM_COMPRESSED_TEXTURE_FORMATS) {
    value.set_integers({GLint64(std::size(kListedCompressedFormats))});
    return true;
  }
  if (pname != GL_COMPRESSED_TEXTURE_FORMATS) return false;
  value.type = StateValue::Type::Integer;
  value.count = std::size(kListedCompressedFormats);
  for (std::size_t i = 0; i < value.count; ++i) value.integers[i] = kListedCompressedFormats[i];
  return true;
}

namespace api {

// Targets glGetTexLevelParameter accepts: image targets (proxies included) and buffer/multisample.
bool is_level_parameter_target(unsigned, GLenum target) {
  return is_image_target(1, target) || is_image_target(2, target) || is_image_target(3, target) ||
         target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY ||
         target == GL_PROXY_TEXTURE_2D_MULTISAMPLE || target == GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY ||
         target == GL_TEXTURE_BUFFER;
}

void GetTexLevelParameteriv(Context& ctx, const char* fn, GLenum target, GLint level, GLenum pname, GLint* params) {
  GLint value = 0;
  if (TextureRef t = target_texture(ctx, target, is_level_parameter_target, 0, fn))
    if (get_tex_level_parameter(ctx, *t, target, level, pname, value, fn)) *params = value;
}

void GetTexLevelParameterfv(Context& ctx, const char* fn, GLenum target, GLint level, GLenum pname, GLfloat* params) {
  GLint value = 0;
  if (TextureRef t = target_texture(ctx, target, is_level_parameter_target, 0, fn))
    if (get_tex_level_parameter(ctx, *t, target, level, pname, value, fn))
      *params = GLfloat(value);
}

// A cube map's level parameters are those of its first face for the DSA query.
void GetTextureLevelParameteriv(Context& ctx, const char* fn, GLuint texture, GLint level, GLenum pname,
                                GLint* params) {
  GLint value = 0;
  if (TextureRef t = named_texture(ctx, texture, fn))
    if (get_tex_level_parameter(ctx, *t, t->target, level, pname, value, fn))
      *params = value;
}

void GetTextureLevelParameterfv(Context& ctx, const char* fn, GLuint texture, GLint level, GLenum pname,
                                GLfloat* params) {
  GLint value = 0;
  if (TextureRef t = named_texture(ctx, texture, fn))
    if (get_tex_level_parameter(ctx, *t, t->target, level, pname, value, fn))
      *params = GLfloat(value);
}

// Targets glTexParameter and glGetTexParameter accept: every binding target but TEXTURE_BUFFER.
bool is_parameter_target(unsigned, GLenum target) { return target_index(target) >= 0 && target != GL_TEXTURE_BUFFER; }

// The 24 glTex(ture)Parameter* / glGetTex(ture)Parameter* entry points differ only in how they
// find the texture (by target or, DSA, by name) and in the type of their values.
enum class Lookup { BY_TARGET, BY_NAME };

TextureRef parameter_texture(Context& ctx, Lookup lookup, GLuint target_or_name, const char* function) {
  return lookup == Lookup::BY_TARGET ? target_texture(ctx, target_or_name, is_parameter_target, 0, function)
                                     : named_texture_of(ctx, target_or_name, is_parameter_target, 0, function);
}

void set_parameter(Context& ctx, Lookup lookup, GLuint target_or_name, GLenum pname, const void* params, ParameterType type,
                   bool vector, const char* function) {
  if (TextureRef t = parameter_texture(ctx, lookup, target_or_name, function))
    tex_parameter(ctx, *t, pname, params, type, vector, function);
}

void get_parameter(Context& ctx, Lookup lookup, GLuint target_or_name, GLenum pname, void* params, ParameterType type,
                   const char* function) {
  if (TextureRef t = parameter_texture(ctx, lookup, target_or_name, function))
    get_tex_parameter(ctx, *t, pname, params, type, function);
}

void TexParameterf(Context& ctx, const char* fn, GLenum target, GLenum pname, GLfloat param) {
  set_parameter(ctx, Lookup::BY_TARGET, target, pname, &param, ParameterType::FLOAT, false, fn);
}

void TexParameterfv(Context& ctx, const char* fn, GLenum target, GLenum pname, const GLfloat* params) {
  set_parameter(ctx, Lookup::BY_TARGET, target, pname, params, ParameterType::FLOAT, true, fn);
}

void TexParameteri(Context& ctx, const char* fn, GLenum target, GLenum pname, GLint param) {
  set_parameter(ctx, Lookup::BY_TARGET, target, pname, &param, ParameterType::INT, false, fn);
}

void TexParameteriv(Context& ctx, const char* fn, GLenum target, GLenum pname, const GLint* params) {
  set_parameter(ctx, Lookup::BY_TARGET, target, pname, params, ParameterType::INT, true, fn);
}

void TexParameterIiv(Context& ctx, const char* fn, GLenum target, GLenum pname, const GLint* params) {
  set_parameter(ctx, Lookup::BY_TARGET, target, pname, params, ParameterType::PURE_INT, true, fn);
}

void TexParameterIuiv(Context& ctx, const char* fn, GLenum target, GLenum pname, const GLuint* params) {
  set_parameter(ctx, Lookup::BY_TARGET, target, pname, params, ParameterType::PURE_UINT, true, fn);
}

void TextureParameterf(Context& ctx, const char* fn, GLuint texture, GLenum pname, GLfloat param) {
  set_parameter(ctx, Lookup::BY_NAME, texture, pname, &param, ParameterType::FLOAT, false, fn);
}

void TextureParameterfv(Context& ctx, const char* fn, GLuint texture, GLenum pname, const GLfloat* params) {
  set_parameter(ctx, Lookup::BY_NAME, texture, pname, params, ParameterType::FLOAT, true, fn);
}

void TextureParameteri(Context& ctx, const char* fn, GLuint texture, GLenum pname, GLint param) {
  set_parameter(ctx, Lookup::BY_NAME, texture, pname, &param, ParameterType::INT, false, fn);
}

void TextureParameteriv(Context& ctx, const char* fn, GLuint texture, GLenum pname, const GLint* params) {
  set_parameter(ctx, Lookup::BY_NAME, texture, pname, params, ParameterType::INT, true, fn);
}

void TextureParameterIiv(Context& ctx, const char* fn, GLuint texture, GLenum pname, const GLint* params) {
  set_parameter(ctx, Lookup::BY_NAME, texture, pname, params, ParameterType::PURE_INT, true, fn);
}

void TextureParameterIuiv(Context& ctx, const char* fn, GLuint texture, GLenum pname, const GLuint* params) {
  set_parameter(ctx, Lookup::BY_NAME, texture, pname, params, ParameterType::PURE_UINT, true, fn);
}

void GetTexParameterfv(Context& ctx, const char* fn, GLenum target, GLenum pname, GLfloat* params) {
  get_parameter(ctx, Lookup::BY_TARGET, target, pname, params, ParameterType::FLOAT, fn);
}

void GetTexParameteriv(Context& ctx, const char* fn, GLenum target, GLenum pname, GLint* params) {
  get_parameter(ctx, Lookup::BY_TARGET, target, pname, params, ParameterType::INT, fn);
}

void GetTexParameterIiv(Context& ctx, const char* fn, GLenum target, GLenum pname, GLint* params) {
  get_parameter(ctx, Lookup::BY_TARGET, target, pname, params, ParameterType::PURE_INT, fn);
}

void GetTexParameterIuiv(Context& ctx, const char* fn, GLenum target, GLenum pname, GLuint* params) {
  get_parameter(ctx, Lookup::BY_TARGET, target, pname, params, ParameterType::PURE_UINT, fn);
}

void GetTextureParameterfv(Context& ctx, const char* fn, GLuint texture, GLenum pname, GLfloat* params) {
  get_parameter(ctx, Lookup::BY_NAME, texture, pname, params, ParameterType::FLOAT, fn);
}

void GetTextureParameteriv(Context& ctx, const char* fn, GLuint texture, GLenum pname, GLint* params) {
  get_parameter(ctx, Lookup::BY_NAME, texture, pname, params, ParameterType::INT, fn);
}

void GetTextureParameterIiv(Context& ctx, const char* fn, GLuint texture, GLenum pname, GLint* params) {
  get_parameter(ctx, Lookup::BY_NAME, texture, pname, params, ParameterType::PURE_INT, fn);
}

void GetTextureParameterIuiv(Context& ctx, const char* fn, GLuint texture, GLenum pname, GLuint* params) {
  get_parameter(ctx, Lookup::BY_NAME, texture, pname, params, ParameterType::PURE_UINT, fn);
}



void CompressedTexImage2D(Context& ctx, const char* fn, GLenum target, GLint level, GLenum internalformat,
                          GLsizei width, GLsizei height, GLint border, GLsizei imageSize, const void* data) {
  if (TextureRef t = target_texture(ctx, target, is_image_target, 2, fn))
    compressed_tex_image(ctx, *t, 2, target, level, internalformat, width, height, 1, border, imageSize, data,
                         fn);
}

void CompressedTexImage3D(Context& ctx, const char* fn, GLenum target, GLint level, GLenum internalformat,
                          GLsizei width, GLsizei height, GLsizei depth, GLint border, GLsizei imageSize,
                          const void* data) {
  if (TextureRef t = target_texture(ctx, target, is_image_target, 3, fn))
    compressed_tex_image(ctx, *t, 3, target, level, internalformat, width, height, depth, border, imageSize, data,
                         fn);
}

void CompressedTexSubImage2D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLint yoffset,
                             GLsizei width, GLsizei height, GLenum format, GLsizei imageSize, const void* data) {
  if (TextureRef t = target_texture(ctx, target, is_sub_image_target, 2, fn))
    compressed_tex_sub_image(ctx, *t, 2, target, level, xoffset, yoffset, 0, width, height, 1, format, imageSize,
                             data, fn);
}

void CompressedTexSubImage3D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLint yoffset,
                             GLint zoffset, GLsizei width, GLsizei height, GLsizei depth, GLenum format,
                             GLsizei imageSize, const void* data) {
  if (TextureRef t = target_texture(ctx, target, is_sub_image_target, 3, fn))
    compressed_tex_sub_image(ctx, *t, 3, target, level, xoffset, yoffset, zoffset, width, height, depth, format,
                             imageSize, data, fn);
}

void GetCompressedTexImage(Context& ctx, const char* fn, GLenum target, GLint level, void* img) {
  if (TextureRef t = target_texture(ctx, target, is_get_image_target, 0, fn))
    get_compressed_tex_image(ctx, *t, target, level, Region{}, -1, img, fn);
}

void GetCompressedTextureImage(Context& ctx, const char* fn, GLuint texture, GLint level, GLsizei bufSize,
                               void* pixels) {
  if (!check_buffer_size(ctx, bufSize, fn)) return;
  TextureRef t = named_texture_of(ctx, texture, is_texture_image_target, 0, fn);
  if (!t) return;
  if (t->target != GL_TEXTURE_CUBE_MAP)
    return get_compressed_tex_image(ctx, *t, t->target, level, Region{}, bufSize, pixels, fn);
  get_compressed_cube_faces(ctx, *t, level, Region{}, 0, 6, bufSize, pixels, fn);
}

void GetCompressedTextureSubImage(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset,
                                  GLint yoffset, GLint zoffset, GLsizei width, GLsizei height, GLsizei depth,
                                  GLsizei bufSize, void* pixels) {
  if (!check_buffer_size(ctx, bufSize, fn)) return;
  TextureRef t = named_texture_of(ctx, texture, is_texture_image_target, 0, fn);
  if (!t) return;
  if (width < 0 || height < 0 || depth < 0)
    return ctx.error(GL_INVALID_VALUE, "%s: negative width, height or depth", fn);
  if (t->target != GL_TEXTURE_CUBE_MAP)
    return get_compressed_tex_image(ctx, *t, t->target, level, Region{xoffset, yoffset, zoffset, width, height, depth, false},
                                    bufSize, pixels, fn);
  get_compressed_cube_faces(ctx, *t, level, Region{xoffset, yoffset, 0, width, height, 1, false}, zoffset, depth,
                            bufSize, pixels, fn);
}


void GenerateMipmap(Context& ctx, const char* fn, GLenum target) {
  const int index = target_index(target);
  if (index < 0 || target == GL_TEXTURE_BUFFER || target == GL_TEXTURE_RECTANGLE ||
      target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a mipmapped target", fn, target);
  generate_mipmap(ctx, *texture_for_target(ctx, target), fn);
}

void GenerateTextureMipmap(Context& ctx, const char* fn, GLuint texture) {
  if (TextureRef t = named_texture(ctx, texture, fn))
    generate_mipmap(ctx, *t, fn);
}


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

// ---- Direct state access forms and the remaining texture commands (issue 5) ----

void TextureStorage1D(Context& ctx, const char* fn, GLuint texture, GLsizei levels, GLenum internalformat,
                      GLsizei width) {
  if (TextureRef t = named_texture_of(ctx, texture, is_storage_target, 1, fn))
    tex_storage(ctx, *t, 1, t->target, levels, internalformat, width, 1, 1, fn);
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

void TextureSubImage1D(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset, GLsizei width,
                       GLenum format, GLenum type, const void* pixels) {
  if (TextureRef t = named_texture_of(ctx, texture, is_sub_image_target, 1, fn))
    tex_sub_image(ctx, *t, 1, t->target, level, xoffset, 0, 0, width, 1, 1, format, type, pixels,
                  fn);
}

void CompressedTexImage1D(Context& ctx, const char* fn, GLenum target, GLint level, GLenum internalformat,
                          GLsizei width, GLint border, GLsizei imageSize, const void* data) {
  // No compressed format has one-dimensional images: this always ends in the spec's error.
  if (TextureRef t = target_texture(ctx, target, is_image_target, 1, fn))
    compressed_tex_image(ctx, *t, 1, target, level, internalformat, width, 1, 1, border, imageSize, data,
                         fn);
}

void CompressedTexSubImage1D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLsizei width,
                             GLenum format, GLsizei imageSize, const void* data) {
  if (TextureRef t = target_texture(ctx, target, is_sub_image_target, 1, fn))
    compressed_tex_sub_image(ctx, *t, 1, target, level, xoffset, 0, 0, width, 1, 1, format, imageSize, data,
                             fn);
}

void CompressedTextureSubImage1D(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset,
                                 GLsizei width, GLenum format, GLsizei imageSize, const void* data) {
  if (TextureRef t = named_texture_of(ctx, texture, is_sub_image_target, 1, fn))
    compressed_tex_sub_image(ctx, *t, 1, t->target, level, xoffset, 0, 0, width, 1, 1, format, imageSize, data,
                             fn);
}

void CompressedTextureSubImage2D(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset,
                                 GLint yoffset, GLsizei width, GLsizei height, GLenum format, GLsizei imageSize,
                                 const void* data) {
  if (TextureRef t = named_texture_of(ctx, texture, is_sub_image_target, 2, fn))
    compressed_tex_sub_image(ctx, *t, 2, t->target, level, xoffset, yoffset, 0, width, height, 1, format,
                             imageSize, data, fn);
}

void CompressedTextureSubImage3D(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset,
                                 GLint yoffset, GLint zoffset, GLsizei width, GLsizei height, GLsizei depth,
                                 GLenum format, GLsizei imageSize, const void* data) {
  TextureRef t = named_texture_of(ctx, texture, is_sub_image_or_cube_target, 3, fn);
  if (!t) return;
  if (t->target != GL_TEXTURE_CUBE_MAP)
    return compressed_tex_sub_image(ctx, *t, 3, t->target, level, xoffset, yoffset, zoffset, width, height, depth,
                                    format, imageSize, data, fn);
  // The faces' blocks follow one another: each face takes an equal share of imageSize.
  const GLsizei face_size = depth > 0 ? imageSize / depth : imageSize;
  if (depth > 0 && face_size * depth != imageSize)
    return ctx.error(GL_INVALID_VALUE, "%s(imageSize = %d): not %d equal faces", fn, imageSize, depth);
  for_each_cube_face(ctx, *t, level, zoffset, depth, fn, [&](GLenum face, GLsizei index) {
    compressed_tex_sub_image(ctx, *t, 2, face, level, xoffset, yoffset, 0, width, height, 1, format, face_size,
                             piece_of_transfer(ctx, GL_PIXEL_UNPACK_BUFFER, data, index, std::size_t(face_size)), fn);
  });
}

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

void BindTextureUnit(Context& ctx, const char* fn, GLuint unit, GLuint texture) {
  if (unit >= kMaxTextureUnits)
    return ctx.error(GL_INVALID_VALUE, "%s(unit = %u): beyond MAX_COMBINED_TEXTURE_IMAGE_UNITS", fn, unit);
  bind_texture_unit(ctx, unit, texture, fn);
}

void BindTextures(Context& ctx, const char* fn, GLuint first, GLsizei count, const GLuint* textures) {
  if (count < 0) return ctx.error(GL_INVALID_VALUE, "%s(count = %d): negative", fn, count);
  if (std::uint64_t(first) + std::uint64_t(count) > kMaxTextureUnits)
    return ctx.error(GL_INVALID_OPERATION, "%s(first = %u, count = %d): beyond the last unit", fn, first,
                     count);
  // An entry naming no texture raises the error but the others are still bound (section 2.3.1's
  // multi-bind rule); a null array unbinds every unit of the range.
  for (GLsizei i = 0; i < count; ++i)
    bind_texture_unit(ctx, first + GLuint(i), textures ? textures[i] : 0, fn);
}

void GetnTexImage(Context& ctx, const char* fn, GLenum target, GLint level, GLenum format, GLenum type,
                  GLsizei bufSize, void* pixels) {
  if (!check_buffer_size(ctx, bufSize, fn)) return;
  if (TextureRef t = target_texture(ctx, target, is_get_image_target, 0, fn))
    get_tex_image(ctx, *t, target, level, Region{}, format, type, bufSize, pixels, fn);
}

void GetnCompressedTexImage(Context& ctx, const char* fn, GLenum target, GLint lod, GLsizei bufSize, void* pixels) {
  if (!check_buffer_size(ctx, bufSize, fn)) return;
  if (TextureRef t = target_texture(ctx, target, is_get_image_target, 0, fn))
    get_compressed_tex_image(ctx, *t, target, lod, Region{}, bufSize, pixels, fn);
}

void InvalidateTexImage(Context& ctx, const char* fn, GLuint texture, GLint level) {
  // Validation only: invalidated texels become undefined, and keeping them is one way to be so.
  invalidated_texture(ctx, texture, level, fn);
}

void InvalidateTexSubImage(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                           GLint zoffset, GLsizei width, GLsizei height, GLsizei depth) {
  TextureRef t = invalidated_texture(ctx, texture, level, fn);
  if (!t) return;
  if (width < 0 || height < 0 || depth < 0)
    return ctx.error(GL_INVALID_VALUE, "%s: negative width, height or depth", fn);
  // The level's extent; missing dimensions count as 1, a cube map's faces as 6 layers.
  TextureImage extent = t->images[0][std::size_t(level)];
  if (t->target == GL_TEXTURE_BUFFER) extent.width = buffer_texels(*t), extent.height = extent.depth = 1;
  if (t->target == GL_TEXTURE_CUBE_MAP && extent.defined()) extent.depth = 6;
  check_region_inside(ctx, extent, xoffset, yoffset, zoffset, width, height, depth, fn);
}

}  // namespace api
}  // namespace glvk::gl
