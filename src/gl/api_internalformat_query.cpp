// glGetInternalformativ / glGetInternalformati64v (GL 4.6 22.3, ARB_internalformat_query and
// ARB_internalformat_query2): what glvk does with an internal format for a target, derived from
// the same decisions the commands make: the format st chooses on this device (st_ChooseTextureFormat,
// the renderbuffer choice and its sample counts), the format table's component sizes and types
// (as glGetTexLevelParameter reports them), the size limits and renderability. A format or target
// glvk cannot use answers the spec's "unsupported" values; image formats answer table 8.27.
#include <algorithm>
#include <limits>
#include <vector>

#include "api_common.h"
#include "image_formats.h"
#include "glvk/formats/gl_client.h"
#include "glvk/gl/texture_object.h"
#include "glvk/st/context.h"
#include "glvk/st/format_choice.h"
#include "glvk/st/texture.h"
#include "texture_internal.h"

namespace glvk::gl {

namespace {

bool is_query_target(GLenum target) {
  switch (target) {
    case GL_TEXTURE_1D: case GL_TEXTURE_1D_ARRAY: case GL_TEXTURE_2D: case GL_TEXTURE_2D_ARRAY: case GL_TEXTURE_3D:
    case GL_TEXTURE_CUBE_MAP: case GL_TEXTURE_CUBE_MAP_ARRAY: case GL_TEXTURE_RECTANGLE: case GL_TEXTURE_BUFFER:
    case GL_RENDERBUFFER: case GL_TEXTURE_2D_MULTISAMPLE: case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      return true;
    default: return false;
  }
}

bool is_multisample(GLenum target) {
  return target == GL_RENDERBUFFER || target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
}

// Targets sampled by shaders with a mipmap chain.
bool is_mipmapped(GLenum target) {
  return target != GL_TEXTURE_RECTANGLE && target != GL_TEXTURE_BUFFER && !is_multisample(target);
}

// What glvk would make of (target, internalformat): the format GL sees, or NONE.
struct Answer {
  const formats::InternalFormatInfo* info = nullptr;
  Format format = Format::NONE;
  std::uint8_t renderable = 0;  // formats::Renderable bits, where the target can be rendered to
  bool supported() const { return format != Format::NONE; }
};

Answer examine(Context& ctx, GLenum target, GLenum internal_format) {
  Answer a;
  a.info = formats::find_internal_format(internal_format);
  if (!a.info) return a;
  const GLenum base = a.info->base_format;
  const bool legacy_base = base == GL_LUMINANCE || base == GL_LUMINANCE_ALPHA || base == GL_ALPHA ||
                           base == GL_INTENSITY;
  if (legacy_base && ctx.config().core_profile) return a;  // not internal formats of the core profile
  // 8.5: depth and stencil images exist in no 3D texture (glTexImage3D's INVALID_OPERATION).
  if (target == GL_TEXTURE_3D && (base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL || base == GL_STENCIL_INDEX))
    return a;
  const st::FormatSupport& support = st::format_support(ctx.st().screen());
  const std::uint8_t renderable = formats::framebuffer_renderable(internal_format);
  if (target == GL_TEXTURE_BUFFER) {
    if (buffer_texture_layout(internal_format)) a.format = st::choose_texture_format(support, target, internal_format,
                                                                                    GL_NONE, GL_NONE).format;
    return a;
  }
  if (is_multisample(target)) {
    if (!renderable) return a;
    a.format = st::choose_renderbuffer_format(support, internal_format, 1);
  } else {
    const st::ChosenFormat chosen = st::choose_texture_format(support, target, internal_format, GL_NONE, GL_NONE);
    a.format = chosen.format;
    // Compressed images only where 8.7 allows them (2D, cube maps and arrays, 3D for BPTC).
    if (a.supported() && formats::describe(a.format).is_compressed) {
      const bool bptc = formats::describe(a.format).layout == formats::Layout::BPTC;
      const bool allowed = target == GL_TEXTURE_2D || target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_CUBE_MAP ||
                           target == GL_TEXTURE_CUBE_MAP_ARRAY || (target == GL_TEXTURE_3D && bptc);
      if (!allowed) a.format = Format::NONE;
    }
  }
  if (a.supported()) a.renderable = renderable;
  return a;
}

// The sample counts the device renders the format with, largest first, at most MAX_SAMPLES.
std::vector<GLint64> sample_counts(Context& ctx, GLenum target, GLenum internal_format, const Answer& a) {
  std::vector<GLint64> counts;
  if (!a.supported() || !a.renderable || !is_multisample(target)) return counts;
  const st::FormatSupport& support = st::format_support(ctx.st().screen());
  const st::TextureTarget resource =
      target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY ? st::TextureTarget::TEXTURE_2D_ARRAY : st::TextureTarget::TEXTURE_2D;
  const unsigned bindings = (a.renderable & formats::RENDERABLE_COLOR) ? st::BIND_RENDER_TARGET : st::BIND_DEPTH_STENCIL;
  const GLint most = max_samples(ctx);
  for (GLint count = most; count >= 2; count /= 2) {
    const Format f = st::choose_renderbuffer_format(support, internal_format, unsigned(count));
    if (f != Format::NONE && support.is_format_supported(f, resource, unsigned(count), bindings)) counts.push_back(count);
  }
  return counts;
}

// The size limits of a target (22.3: MAX_WIDTH .. MAX_LAYERS; 0 for dimensions it lacks). Layers
// are a dimension: "for 1D array targets [MAX_LAYERS] is the same as MAX_HEIGHT, for 2D and cube
// array targets the same as MAX_DEPTH".
struct Extent {
  GLint64 width = 0, height = 0, depth = 0, layers = 0;
};

Extent max_extent(GLenum target) {
  if (target == GL_TEXTURE_BUFFER) return {kMaxTextureBufferSize, 0, 0, 0};
  if (target == GL_RENDERBUFFER || is_multisample(target)) {
    const SizeLimits l = size_limits(GL_TEXTURE_2D);
    const GLint64 layers = target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY ? GLint64(kMaxArrayTextureLayers) : 0;
    return {l.width, l.height, layers, layers};
  }
  const SizeLimits l = size_limits(target);
  switch (target) {
    case GL_TEXTURE_1D: return {l.width, 0, 0, 0};
    case GL_TEXTURE_1D_ARRAY: return {l.width, l.height, 0, l.height};
    case GL_TEXTURE_2D_ARRAY: case GL_TEXTURE_CUBE_MAP_ARRAY: return {l.width, l.height, l.depth, l.depth};
    case GL_TEXTURE_3D: return {l.width, l.height, l.depth, 0};
    default: return {l.width, l.height, 0, 0};
  }
}

// GL's component size and type pnames mapped onto glGetTexLevelParameter's.
GLenum level_parameter(GLenum pname) {
  switch (pname) {
    case GL_INTERNALFORMAT_RED_SIZE: return GL_TEXTURE_RED_SIZE;
    case GL_INTERNALFORMAT_GREEN_SIZE: return GL_TEXTURE_GREEN_SIZE;
    case GL_INTERNALFORMAT_BLUE_SIZE: return GL_TEXTURE_BLUE_SIZE;
    case GL_INTERNALFORMAT_ALPHA_SIZE: return GL_TEXTURE_ALPHA_SIZE;
    case GL_INTERNALFORMAT_DEPTH_SIZE: return GL_TEXTURE_DEPTH_SIZE;
    case GL_INTERNALFORMAT_STENCIL_SIZE: return GL_TEXTURE_STENCIL_SIZE;
    case GL_INTERNALFORMAT_SHARED_SIZE: return GL_TEXTURE_SHARED_SIZE;
    case GL_INTERNALFORMAT_RED_TYPE: return GL_TEXTURE_RED_TYPE;
    case GL_INTERNALFORMAT_GREEN_TYPE: return GL_TEXTURE_GREEN_TYPE;
    case GL_INTERNALFORMAT_BLUE_TYPE: return GL_TEXTURE_BLUE_TYPE;
    case GL_INTERNALFORMAT_ALPHA_TYPE: return GL_TEXTURE_ALPHA_TYPE;
    case GL_INTERNALFORMAT_DEPTH_TYPE: return GL_TEXTURE_DEPTH_TYPE;
    default: return GL_NONE;
  }
}

// Every pname 22.3 lists, true with the values written to `out`; false for other pnames.
bool answer(Context& ctx, GLenum target, GLenum internal_format, GLenum pname, std::vector<GLint64>& out) {
  const Answer a = examine(ctx, target, internal_format);
  const bool ok = a.supported();
  const formats::FormatDesc& d = formats::describe(a.format);
  const GLenum base = a.info ? a.info->base_format : GL_NONE;
  const bool colour = ok && !d.is_depth && !d.is_stencil;
  const bool texture_target = target != GL_RENDERBUFFER && target != GL_TEXTURE_BUFFER;
  auto full_if = [&](bool c) { return c && ok ? GLint64(GL_FULL_SUPPORT) : GLint64(GL_NONE); };
  auto boolean = [&](bool c) { return GLint64(c && ok ? GL_TRUE : GL_FALSE); };
  switch (pname) {
    case GL_NUM_SAMPLE_COUNTS: out = {GLint64(sample_counts(ctx, target, internal_format, a).size())}; return true;
    case GL_SAMPLES: out = sample_counts(ctx, target, internal_format, a); return true;  // none: params untouched
    case GL_INTERNALFORMAT_SUPPORTED: out = {boolean(true)}; return true;
    case GL_INTERNALFORMAT_PREFERRED: out = {ok ? GLint64(internal_format) : GL_NONE}; return true;
    case GL_INTERNALFORMAT_RED_SIZE: case GL_INTERNALFORMAT_GREEN_SIZE: case GL_INTERNALFORMAT_BLUE_SIZE:
    case GL_INTERNALFORMAT_ALPHA_SIZE: case GL_INTERNALFORMAT_DEPTH_SIZE: case GL_INTERNALFORMAT_STENCIL_SIZE:
    case GL_INTERNALFORMAT_SHARED_SIZE: {
      TextureImage image;
      image.internal_format = GLint(internal_format);
      image.base_format = base;
      image.format = a.format;
      out = {ok ? GLint64(component_size(image, level_parameter(pname))) : 0};
      return true;
    }
    case GL_INTERNALFORMAT_RED_TYPE: case GL_INTERNALFORMAT_GREEN_TYPE: case GL_INTERNALFORMAT_BLUE_TYPE:
    case GL_INTERNALFORMAT_ALPHA_TYPE: case GL_INTERNALFORMAT_DEPTH_TYPE: case GL_INTERNALFORMAT_STENCIL_TYPE: {
      TextureImage image;
      image.internal_format = GLint(internal_format);
      image.base_format = base;
      image.format = a.format;
      // Stencil indices are unsigned integers (glGetTexLevelParameter has no stencil type).
      if (pname == GL_INTERNALFORMAT_STENCIL_TYPE)
        out = {ok && component_size(image, GL_TEXTURE_STENCIL_SIZE) ? GLint64(GL_UNSIGNED_INT) : GL_NONE};
      else
        out = {ok ? GLint64(component_type(image, level_parameter(pname))) : GL_NONE};
      return true;
    }
    case GL_MAX_WIDTH: case GL_MAX_HEIGHT: case GL_MAX_DEPTH: case GL_MAX_LAYERS: case GL_MAX_COMBINED_DIMENSIONS: {
      // Combined: the product of the dimensions (layers are one of them), the faces of cube maps
      // and the samples of multisample textures (not of renderbuffers, as Mesa and piglit count).
      const Extent e = ok ? max_extent(target) : Extent{};
      GLint64 combined = 1;
      for (GLint64 v : {e.width, e.height, e.depth})
        if (v) combined *= v;
      if (target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_CUBE_MAP_ARRAY) combined *= 6;
      if (target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY) {
        const std::vector<GLint64> counts = sample_counts(ctx, target, internal_format, a);
        if (!counts.empty()) combined *= counts.front();
      }
      out = {pname == GL_MAX_WIDTH    ? e.width
             : pname == GL_MAX_HEIGHT ? e.height
             : pname == GL_MAX_DEPTH  ? e.depth
             : pname == GL_MAX_LAYERS ? e.layers
                                      : (ok ? combined : 0)};
      return true;
    }
    case GL_COLOR_COMPONENTS: out = {boolean(colour)}; return true;
    case GL_DEPTH_COMPONENTS: out = {boolean(d.is_depth)}; return true;
    case GL_STENCIL_COMPONENTS: out = {boolean(d.is_stencil)}; return true;
    case GL_COLOR_RENDERABLE: out = {boolean(a.renderable & formats::RENDERABLE_COLOR)}; return true;
    case GL_DEPTH_RENDERABLE: out = {boolean(a.renderable & formats::RENDERABLE_DEPTH)}; return true;
    case GL_STENCIL_RENDERABLE: out = {boolean(a.renderable & formats::RENDERABLE_STENCIL)}; return true;
    case GL_FRAMEBUFFER_RENDERABLE: out = {full_if(a.renderable && target != GL_TEXTURE_BUFFER)}; return true;
    case GL_FRAMEBUFFER_RENDERABLE_LAYERED:
      out = {full_if(a.renderable && texture_target)};
      return true;
    case GL_FRAMEBUFFER_BLEND:
      out = {full_if((a.renderable & formats::RENDERABLE_COLOR) && !d.is_pure_integer && target != GL_TEXTURE_BUFFER)};
      return true;
    case GL_READ_PIXELS: out = {full_if(a.renderable && target != GL_TEXTURE_BUFFER)}; return true;
    case GL_MIPMAP: out = {boolean(is_mipmapped(target))}; return true;
    case GL_MANUAL_GENERATE_MIPMAP: case GL_AUTO_GENERATE_MIPMAP:
      // glGenerateMipmap's core rule (8.14.4): colour-renderable, filterable, uncompressed.
      out = {full_if(is_mipmapped(target) && (a.renderable & formats::RENDERABLE_COLOR) && !d.is_pure_integer &&
                     !d.is_compressed && (pname == GL_MANUAL_GENERATE_MIPMAP || !ctx.config().core_profile))};
      return true;
    case GL_FILTER: out = {full_if(texture_target && !is_multisample(target) && !d.is_pure_integer)}; return true;
    case GL_COLOR_ENCODING:
      out = {colour ? GLint64(d.colorspace == formats::Colorspace::SRGB ? GL_SRGB : GL_LINEAR) : GL_NONE};
      return true;
    case GL_SRGB_READ:
      out = {full_if(texture_target && d.colorspace == formats::Colorspace::SRGB)};
      return true;
    // Turning the decode off (TEXTURE_SRGB_DECODE_EXT, ARB/EXT_texture_sRGB_decode) is not offered.
    case GL_SRGB_DECODE_ARB: out = {GL_NONE}; return true;
    case GL_SRGB_WRITE: out = {full_if(a.renderable && d.colorspace == formats::Colorspace::SRGB)}; return true;
    case GL_VERTEX_TEXTURE: case GL_TESS_CONTROL_TEXTURE: case GL_TESS_EVALUATION_TEXTURE: case GL_GEOMETRY_TEXTURE:
    case GL_FRAGMENT_TEXTURE: case GL_COMPUTE_TEXTURE:
      out = {full_if(target != GL_RENDERBUFFER)};
      return true;
    case GL_TEXTURE_SHADOW:
      out = {full_if(d.is_depth && texture_target && !is_multisample(target) && target != GL_TEXTURE_3D)};
      return true;
    case GL_TEXTURE_GATHER: case GL_TEXTURE_GATHER_SHADOW: {
      const bool gather_target = target == GL_TEXTURE_2D || target == GL_TEXTURE_2D_ARRAY ||
                                 target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_CUBE_MAP_ARRAY ||
                                 target == GL_TEXTURE_RECTANGLE;
      out = {full_if(gather_target && (pname == GL_TEXTURE_GATHER || d.is_depth))};
      return true;
    }
    case GL_TEXTURE_COMPRESSED: out = {boolean(d.is_compressed)}; return true;
    case GL_TEXTURE_COMPRESSED_BLOCK_WIDTH: out = {ok && d.is_compressed ? GLint64(d.block_width) : 0}; return true;
    case GL_TEXTURE_COMPRESSED_BLOCK_HEIGHT: out = {ok && d.is_compressed ? GLint64(d.block_height) : 0}; return true;
    case GL_TEXTURE_COMPRESSED_BLOCK_SIZE: out = {ok && d.is_compressed ? GLint64(d.block_bits / 8) : 0}; return true;
    case GL_CLEAR_BUFFER: out = {full_if(buffer_texture_layout(internal_format).has_value())}; return true;
    case GL_TEXTURE_VIEW:
      out = {full_if(texture_target && a.info && a.info->view_class != 0)};
      return true;
    case GL_VIEW_COMPATIBILITY_CLASS:
      out = {ok && texture_target && a.info ? GLint64(a.info->view_class) : GL_NONE};
      return true;
    // 22.3: "equivalent to calling GetTexParameter with IMAGE_FORMAT_COMPATIBILITY_TYPE", which
    // answers BY_SIZE for every texture glvk makes; NONE where no such texture can exist.
    case GL_IMAGE_FORMAT_COMPATIBILITY_TYPE:
      out = {ok && texture_target ? GLint64(GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE) : GLint64(GL_NONE)};
      return true;
    // Table 8.27's row of an image format, for any resource of it but a renderbuffer (as Mesa
    // answers; multisample targets too, though MAX_IMAGE_SAMPLES is 0); 0 or NONE otherwise.
    case GL_IMAGE_TEXEL_SIZE: case GL_IMAGE_COMPATIBILITY_CLASS: case GL_IMAGE_PIXEL_FORMAT: case GL_IMAGE_PIXEL_TYPE: {
      const ImageFormat* image = ok && target != GL_RENDERBUFFER ? find_image_format(internal_format) : nullptr;
      out = {!image                                   ? GLint64(0)
             : pname == GL_IMAGE_TEXEL_SIZE           ? GLint64(image->texel_bits)
             : pname == GL_IMAGE_COMPATIBILITY_CLASS  ? GLint64(image->image_class)
             : pname == GL_IMAGE_PIXEL_FORMAT         ? GLint64(image->pixel_format)
                                                      : GLint64(image->pixel_type)};
      return true;
    }
    // What glBindImageTexture takes and draw_images.cpp binds: image formats of single-sampled
    // texture targets (no buffer images); atomics on the 32-bit integer formats (8.26).
    case GL_SHADER_IMAGE_LOAD: case GL_SHADER_IMAGE_STORE: case GL_SHADER_IMAGE_ATOMIC: {
      const bool image = texture_target && !is_multisample(target) && find_image_format(internal_format);
      const bool atomic = internal_format == GL_R32I || internal_format == GL_R32UI;
      out = {full_if(image && (pname != GL_SHADER_IMAGE_ATOMIC || atomic))};
      return true;
    }
    // Simultaneous sampling and rendering, and the preferred client formats: not promised (NONE,
    // the answer for what an implementation does not offer).
    case GL_SIMULTANEOUS_TEXTURE_AND_DEPTH_TEST:
    case GL_SIMULTANEOUS_TEXTURE_AND_STENCIL_TEST: case GL_SIMULTANEOUS_TEXTURE_AND_DEPTH_WRITE:
    case GL_SIMULTANEOUS_TEXTURE_AND_STENCIL_WRITE: case GL_READ_PIXELS_FORMAT: case GL_READ_PIXELS_TYPE:
    case GL_TEXTURE_IMAGE_FORMAT: case GL_TEXTURE_IMAGE_TYPE: case GL_GET_TEXTURE_IMAGE_FORMAT:
    case GL_GET_TEXTURE_IMAGE_TYPE:
      out = {GL_NONE};
      return true;
    default: return false;
  }
}

template <typename T>
void get_internalformat(Context& ctx, const char* fn, GLenum target, GLenum internal_format, GLenum pname,
                        GLsizei buf_size, T* params) {
  if (!is_query_target(target)) return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a query target", fn, target);
  std::vector<GLint64> values;
  if (!answer(ctx, target, internal_format, pname, values))
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not an internal format query", fn, pname);
  if (buf_size < 0) return ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", fn, buf_size);
  if (!params) return;
  // A 32-bit query of a larger value (MAX_COMBINED_DIMENSIONS) saturates rather than wraps.
  for (std::size_t i = 0; i < values.size() && i < std::size_t(buf_size); ++i)
    params[i] = T(std::clamp<GLint64>(values[i], std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
}

}  // namespace

namespace api {

void GetInternalformativ(Context& ctx, const char* fn, GLenum target, GLenum internalformat, GLenum pname,
                         GLsizei count, GLint* params) {
  get_internalformat(ctx, fn, target, internalformat, pname, count, params);
}

void GetInternalformati64v(Context& ctx, const char* fn, GLenum target, GLenum internalformat, GLenum pname,
                           GLsizei count, GLint64* params) {
  get_internalformat(ctx, fn, target, internalformat, pname, count, params);
}

}  // namespace api
}  // namespace glvk::gl
