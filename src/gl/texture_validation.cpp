// Validation and descriptions the texture entry points share (GL 4.6 chapter 8): targets and their
// limits, format/type pairs (table 8.5), the depth/stencil and integer rules, client images and
// pixel buffer objects, regions and whole blocks, texture lookups by target or name, and what st
// is handed (transfer_request, client_texels) and how its failures become GL errors.
#include <algorithm>
#include <array>
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

namespace {

bool is_depth_or_stencil_format(GLenum format) {
  return format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL || format == GL_STENCIL_INDEX;
}

}  // namespace

// The buffer bound to `target` (one of kBufferTargets), or null.
const std::shared_ptr<BufferObject>& bound_buffer(Context& ctx, GLenum target) {
  return ctx.bound_buffers[std::size_t(std::find(std::begin(kBufferTargets), std::end(kBufferTargets), target) -
                                       std::begin(kBufferTargets))];
}

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
  // -1: a bad pair, or a layout (pixel store values up to GLint's range) past 63 bits.
  const formats::CheckedSize image_stride = dims == 3 ? formats::CheckedSize(image)
                                                      : formats::CheckedSize(row) * std::max(height, 1);
  const formats::CheckedSize end_size =
      formats::CheckedSize(last.offset) + formats::CheckedSize(formats::bytes_per_pixel(format, type)) * width;
  if (row < 0 || first.offset < 0 || last.offset < 0 || !image_stride.fits_in<long>() ||
      !end_size.fits_in<long>()) {
    ctx.error(GL_INVALID_OPERATION, "%s: bad pixel layout", function);
    return false;
  }
  out.row_stride = std::size_t(row);
  out.image_stride = std::size_t(image_stride.value());
  const std::size_t end = std::size_t(end_size.value());
  out.extent_bytes = end - std::size_t(first.offset);

  for (std::size_t i = 0; i < kBufferTargetCount; ++i)
    if (kBufferTargets[i] == pbo_target) out.pbo = ctx.bound_buffers[i];
  if (out.pbo) {
    const auto offset = reinterpret_cast<std::uintptr_t>(pixels);
    if (out.pbo->mapped && !(out.pbo->access_flags & GL_MAP_PERSISTENT_BIT)) {
      ctx.error(GL_INVALID_OPERATION, "%s: the pixel buffer object is mapped", function);
      return false;
    }
    if (width && height && depth && (!out.pbo->resource || !formats::range_inside(offset, end, out.pbo->size))) {
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

bool check_compressed_target(Context& ctx, GLenum target, Format format, const char* function) {
  const formats::FormatDesc& d = formats::describe(format);
  if (!d.is_compressed) return true;
  const auto family = formats::CompressedFamily(d.compressed_family);
  const bool bptc = family == formats::CompressedFamily::BC6H_UFLOAT ||
                    family == formats::CompressedFamily::BC6H_SFLOAT || family == formats::CompressedFamily::BC7;
  switch (binding_target(target)) {
    case GL_TEXTURE_2D: case GL_TEXTURE_CUBE_MAP: case GL_TEXTURE_2D_ARRAY: case GL_TEXTURE_CUBE_MAP_ARRAY:
      return true;
    case GL_TEXTURE_3D:
      if (bptc) return true;
      if (family == formats::CompressedFamily::ASTC_LDR) {
        ctx.error(GL_INVALID_OPERATION, "%s: %s images cannot be 3D", function, d.name);
        return false;
      }
      break;
    default: break;
  }
  ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): %s images cannot have this target", function, target, d.name);
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

namespace {

// Compressed formats have no channels of their own: the resolution each component keeps (R, G, B,
// A), as Mesa answers it (llvmpipe: S3TC 4 bits a component, RGTC and BPTC unorm 8, BPTC float 16);
// the ETC2/EAC and ASTC families by their decoded precision.
GLint compressed_component_bits(formats::CompressedFamily family, int rgba) {
  using F = formats::CompressedFamily;
  static constexpr std::array<GLint, 4> kS3tcRgb{4, 4, 4, 0}, kS3tc{4, 4, 4, 4}, kRed8{8, 0, 0, 0}, kRg8{8, 8, 0, 0},
      kRgb16{16, 16, 16, 0}, kRgba8{8, 8, 8, 8}, kRgb8{8, 8, 8, 0}, kRgb8A1{8, 8, 8, 1}, kRed11{11, 0, 0, 0},
      kRg11{11, 11, 0, 0};
  switch (family) {
    case F::BC1_RGB: return kS3tcRgb[std::size_t(rgba)];
    case F::BC1_RGBA: case F::BC2: case F::BC3: return kS3tc[std::size_t(rgba)];
    case F::BC4_UNORM: case F::BC4_SNORM: return kRed8[std::size_t(rgba)];
    case F::BC5_UNORM: case F::BC5_SNORM: return kRg8[std::size_t(rgba)];
    case F::BC6H_UFLOAT: case F::BC6H_SFLOAT: return kRgb16[std::size_t(rgba)];
    case F::ETC1_RGB8: case F::ETC2_RGB8: return kRgb8[std::size_t(rgba)];
    case F::ETC2_RGB8A1: return kRgb8A1[std::size_t(rgba)];
    case F::EAC_R11_UNORM: case F::EAC_R11_SNORM: return kRed11[std::size_t(rgba)];
    case F::EAC_RG11_UNORM: case F::EAC_RG11_SNORM: return kRg11[std::size_t(rgba)];
    default: return kRgba8[std::size_t(rgba)];  // BC7, ETC2_RGBA8, ASTC (LDR)
  }
}

GLenum compressed_component_type(formats::CompressedFamily family) {
  using F = formats::CompressedFamily;
  switch (family) {
    case F::BC6H_UFLOAT: case F::BC6H_SFLOAT: return GL_FLOAT;
    case F::BC4_SNORM: case F::BC5_SNORM: case F::EAC_R11_SNORM: case F::EAC_RG11_SNORM: return GL_SIGNED_NORMALIZED;
    default: return GL_UNSIGNED_NORMALIZED;
  }
}

}  // namespace

// Component sizes/types of a level as glGetTexLevelParameter reports them: only the components
// the base format has, from the format actually chosen.
GLint component_size(const TextureImage& image, GLenum pname) {
  const formats::FormatDesc& d = formats::describe(image.format);
  const auto channel_bits = [&](int rgba) -> GLint {
    if (d.is_compressed) return compressed_component_bits(formats::CompressedFamily(d.compressed_family), rgba);
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
  if (d.is_compressed) return compressed_component_type(formats::CompressedFamily(d.compressed_family));
  const int rgba = pname == GL_TEXTURE_GREEN_TYPE ? 1 : pname == GL_TEXTURE_BLUE_TYPE ? 2
                   : pname == GL_TEXTURE_ALPHA_TYPE ? 3 : 0;
  const formats::Channel& c = d.channel[int(d.swizzle[rgba])];
  if (c.type == formats::ChannelType::FLOAT) return GL_FLOAT;
  if (c.pure_integer) return c.type == formats::ChannelType::SIGNED ? GL_INT : GL_UNSIGNED_INT;
  return c.type == formats::ChannelType::SIGNED ? GL_SIGNED_NORMALIZED : GL_UNSIGNED_NORMALIZED;
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

// GL 4.6 section 2.3.1: a negative bufSize is INVALID_VALUE; false after raising it.
bool check_buffer_size(Context& ctx, GLsizei buffer_size, const char* function) {
  if (buffer_size >= 0) return true;
  ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", function, buffer_size);
  return false;
}

}  // namespace glvk::gl
