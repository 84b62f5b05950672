// Texture parameters (GL 4.6 sections 8.10, 8.11.2, 8.11.3): glTex(ture)Parameter*, their queries
// and glGetTex(ture)LevelParameter.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "api_common.h"
#include "sampler_parameters.h"
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

// ARB_texture_compression (GL 4.6 8.7): an image given a generic compressed format that st stored
// compressed reports the specific format chosen as its internal format.
GLint reported_internal_format(const TextureImage& image) {
  if (!image.defined()) return GL_RGBA;
  static constexpr struct {
    GLenum generic;
    Format stored;
    GLenum specific;
  } kChosen[] = {{GL_COMPRESSED_RGB, Format::DXT1_RGB, GL_COMPRESSED_RGB_S3TC_DXT1_EXT},
                 {GL_COMPRESSED_RGBA, Format::DXT5_RGBA, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT},
                 {GL_COMPRESSED_RED, Format::RGTC1_UNORM, GL_COMPRESSED_RED_RGTC1},
                 {GL_COMPRESSED_RG, Format::RGTC2_UNORM, GL_COMPRESSED_RG_RGTC2},
                 {GL_COMPRESSED_SRGB, Format::DXT1_SRGB, GL_COMPRESSED_SRGB_S3TC_DXT1_EXT},
                 {GL_COMPRESSED_SRGB_ALPHA, Format::DXT5_SRGBA, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT}};
  for (const auto& c : kChosen)
    if (GLenum(image.internal_format) == c.generic && image.format == c.stored) return GLint(c.specific);
  return image.internal_format;
}

bool level_parameter(const TextureImage& image, GLenum pname, GLint& value) {
  switch (pname) {
    case GL_TEXTURE_WIDTH: value = image.width; return true;
    case GL_TEXTURE_HEIGHT: value = image.height; return true;
    case GL_TEXTURE_DEPTH: value = image.depth; return true;
    case GL_TEXTURE_INTERNAL_FORMAT: value = reported_internal_format(image); return true;
    case GL_TEXTURE_BORDER: value = 0; return true;
    case GL_TEXTURE_COMPRESSED: value = image.defined() && formats::describe(image.format).is_compressed; return true;
    case GL_TEXTURE_SAMPLES: value = image.samples; return true;
    case GL_TEXTURE_FIXED_SAMPLE_LOCATIONS: value = image.fixed_sample_locations; return true;
    // Level state of every texture (GL 4.6 table 23.16); only a buffer texture's level has a buffer.
    case GL_TEXTURE_BUFFER_DATA_STORE_BINDING: case GL_TEXTURE_BUFFER_OFFSET: case GL_TEXTURE_BUFFER_SIZE:
      value = 0;
      return true;
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
      // Checked: a 3D image's byte count may not fit a GLint (it then reads INT_MAX).
      value = image.defined() && d.is_compressed
                  ? (formats::CheckedSize(compressed_size(image.format, image.width, image.height, image.depth)))
                        .value_or<GLint>(std::numeric_limits<GLint>::max())
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

}  // namespace

// The texels of its buffer a buffer texture views: its single level's width.
GLint buffer_texels(const TextureObject& t) {
  const GLint texel = GLint(formats::describe(t.images[0][0].format).block_bits / 8);
  return texel ? GLint(buffer_range_bytes(t) / texel) : 0;
}

namespace {

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
  // Compatibility-only pnames: GL 4.6 core 8.11.3 lists no border, luminance or intensity state.
  const bool compatibility_only = pname == GL_TEXTURE_BORDER || pname == GL_TEXTURE_LUMINANCE_SIZE ||
                                  pname == GL_TEXTURE_INTENSITY_SIZE || pname == GL_TEXTURE_LUMINANCE_TYPE ||
                                  pname == GL_TEXTURE_INTENSITY_TYPE;
  if (!(compatibility_only && ctx.config().core_profile) &&
      level_parameter(t.images[is_proxy(target) ? 0 : face_of(target)][std::size_t(level)], pname, value))
    return true;
  ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a level parameter", function, pname);
  return false;
}

bool valid_swizzle(GLint s) {
  return s == GL_RED || s == GL_GREEN || s == GL_BLUE || s == GL_ALPHA || s == GL_ZERO || s == GL_ONE;
}

bool is_vector_parameter(GLenum pname) { return pname == GL_TEXTURE_BORDER_COLOR || pname == GL_TEXTURE_SWIZZLE_RGBA; }

// How a glTex(ture)Parameter* entry point finds its texture: by target or, DSA, by name.
enum class Lookup { BY_TARGET, BY_NAME };

// glTexParameter* / glTextureParameter* on `t` after the target or name check. `params` holds one
// value, or four for the vector forms (`vector`), of `type`.
void tex_parameter(Context& ctx, Lookup lookup, TextureObject& t, GLenum pname, const void* params, ParameterType type,
                   bool vector, const char* function) {
  const auto value_at = [&](int i) { return parameter_value(params, type, i); };
  const double f = value_at(0);
  const GLint v = rounded_parameter(f);
  const bool multisample = t.target == GL_TEXTURE_2D_MULTISAMPLE || t.target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
  const bool rectangle = t.target == GL_TEXTURE_RECTANGLE;
  const bool external = t.target == GL_TEXTURE_EXTERNAL_OES;
  const auto bad_value = [&] { ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): bad value %d", function, pname, v); };
  if (!vector && is_vector_parameter(pname))
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): the parameter takes a vector", function, pname);
  // Sampler state of a multisample texture: GL 4.6 8.10 names INVALID_ENUM for TexParameter* and
  // INVALID_OPERATION for TextureParameter* (the CTS and piglit check both).
  if (multisample && is_sampler_parameter(pname))
    return ctx.error(lookup == Lookup::BY_NAME ? GL_INVALID_OPERATION : GL_INVALID_ENUM,
                     "%s(pname = 0x%04x): multisample textures have no sampler state", function, pname);
  // OES_EGL_image_external: an external texture is sampled clamped to its edge, from its one level.
  if (external && (pname == GL_TEXTURE_WRAP_S || pname == GL_TEXTURE_WRAP_T) && v != GL_CLAMP_TO_EDGE) return bad_value();
  if (is_sampler_parameter(pname))
    return set_sampler_parameter(ctx, t, pname, params, type, rectangle || external, function);
  switch (pname) {
    case GL_TEXTURE_BASE_LEVEL:
    case GL_TEXTURE_MAX_LEVEL:
      if (v < 0) return ctx.error(GL_INVALID_VALUE, "%s: a level cannot be negative", function);
      if (pname == GL_TEXTURE_BASE_LEVEL && v != 0 && (multisample || rectangle || external))
        return ctx.error(GL_INVALID_OPERATION, "%s: this texture's base level must be 0", function);
      // An immutable texture keeps its levels in range (ARB_texture_storage, GL 4.6 8.17): the base
      // in [0, levels - 1], the maximum in [base, levels - 1]; queries return the clamped value.
      if (!t.immutable || t.immutable_levels <= 0)
        (pname == GL_TEXTURE_BASE_LEVEL ? t.base_level : t.max_level) = v;
      else if (const GLint last = t.immutable_levels - 1; pname == GL_TEXTURE_BASE_LEVEL)
        t.base_level = std::min(v, last);
      else
        t.max_level = std::clamp(v, std::min(t.base_level, last), last);
      return;
    case GL_TEXTURE_SWIZZLE_R: case GL_TEXTURE_SWIZZLE_G: case GL_TEXTURE_SWIZZLE_B: case GL_TEXTURE_SWIZZLE_A:
      if (!valid_swizzle(v)) return bad_value();
      t.swizzle[pname - GL_TEXTURE_SWIZZLE_R] = v;
      return;
    case GL_TEXTURE_SWIZZLE_RGBA:
      for (int i = 0; i < 4; ++i)
        if (!valid_swizzle(rounded_parameter(value_at(i)))) return bad_value();
      for (int i = 0; i < 4; ++i) t.swizzle[std::size_t(i)] = rounded_parameter(value_at(i));
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
    case GL_GENERATE_MIPMAP:
      // Compatibility profile only (GL 4.6 compatibility 8.14.4): a boolean, so any nonzero value is TRUE.
      if (ctx.config().core_profile)
        return ctx.error(GL_INVALID_ENUM, "%s(pname = GL_GENERATE_MIPMAP): not in the core profile", function);
      t.generate_mipmap = f != 0.0;
      return;
    case GL_TEXTURE_PRIORITY:
      // Compatibility profile only (GL 4.6 compatibility 8.10: clamped to [0, 1]; only a hint).
      if (ctx.config().core_profile)
        return ctx.error(GL_INVALID_ENUM, "%s(pname = GL_TEXTURE_PRIORITY): not in the core profile", function);
      t.priority = GLfloat(std::clamp(f, 0.0, 1.0));
      return;
    default: return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a texture parameter", function, pname);
  }
}

// glGetTexParameter* / glGetTextureParameter* of `t` into `params` as `type`; raises
// INVALID_ENUM for an unknown pname and writes nothing then.
void get_tex_parameter(Context& ctx, const TextureObject& t, GLenum pname, void* params, ParameterType type,
                       const char* function) {
  if (is_sampler_parameter(pname)) return get_sampler_parameter(t, pname, params, type);
  double values[4] = {0, 0, 0, 0};
  int count = 1;
  switch (pname) {
    case GL_TEXTURE_BASE_LEVEL: values[0] = t.base_level; break;
    case GL_TEXTURE_MAX_LEVEL: values[0] = t.max_level; break;
    case GL_TEXTURE_SWIZZLE_R: case GL_TEXTURE_SWIZZLE_G: case GL_TEXTURE_SWIZZLE_B: case GL_TEXTURE_SWIZZLE_A:
      values[0] = t.swizzle[pname - GL_TEXTURE_SWIZZLE_R];
      break;
    case GL_TEXTURE_SWIZZLE_RGBA:
      std::copy(t.swizzle.begin(), t.swizzle.end(), values);
      count = 4;
      break;
    case GL_DEPTH_STENCIL_TEXTURE_MODE: values[0] = t.depth_stencil_mode; break;
    case GL_DEPTH_TEXTURE_MODE:
      if (ctx.config().core_profile)
        return ctx.error(GL_INVALID_ENUM, "%s(pname = GL_DEPTH_TEXTURE_MODE): not in the core profile", function);
      values[0] = t.depth_texture_mode;
      break;
    case GL_GENERATE_MIPMAP:
      if (ctx.config().core_profile)
        return ctx.error(GL_INVALID_ENUM, "%s(pname = GL_GENERATE_MIPMAP): not in the core profile", function);
      values[0] = t.generate_mipmap;
      break;
    // Compatibility: every texture is resident (glvk has no texture memory of another kind).
    case GL_TEXTURE_PRIORITY: case GL_TEXTURE_RESIDENT:
      if (ctx.config().core_profile)
        return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not in the core profile", function, pname);
      values[0] = pname == GL_TEXTURE_PRIORITY ? double(t.priority) : 1.0;
      break;
    case GL_TEXTURE_IMMUTABLE_FORMAT: values[0] = t.immutable ? 1 : 0; break;
    case GL_TEXTURE_IMMUTABLE_LEVELS: values[0] = t.immutable_levels; break;
    case GL_TEXTURE_VIEW_MIN_LEVEL: values[0] = t.view_min_level; break;
    case GL_TEXTURE_VIEW_NUM_LEVELS: values[0] = t.view_num_levels; break;
    case GL_TEXTURE_VIEW_MIN_LAYER: values[0] = t.view_min_layer; break;
    case GL_TEXTURE_VIEW_NUM_LAYERS: values[0] = t.view_num_layers; break;
    case GL_TEXTURE_TARGET: values[0] = t.target; break;
    // OES_EGL_image_external: one unit samples an external texture (glvk's are converted to RGB).
    case GL_REQUIRED_TEXTURE_IMAGE_UNITS_OES:
      if (t.target != GL_TEXTURE_EXTERNAL_OES)
        return ctx.error(GL_INVALID_ENUM, "%s(pname = GL_REQUIRED_TEXTURE_IMAGE_UNITS_OES): not an external texture", function);
      values[0] = 1;
      break;
    // 8.26: image units match formats by size (table 8.27's classes are all by size in GL 4.6).
    case GL_IMAGE_FORMAT_COMPATIBILITY_TYPE: values[0] = GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE; break;
    default:
      return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a texture parameter", function, pname);
  }
  for (int i = 0; i < count; ++i) {
    if (type == ParameterType::FLOAT) static_cast<GLfloat*>(params)[i] = GLfloat(values[i]);
    else static_cast<GLint*>(params)[i] = rounded_parameter(values[i]);  // GLuint shares the representation
  }
}

}  // namespace

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
// find the texture (Lookup above) and in the type of their values.

TextureRef parameter_texture(Context& ctx, Lookup lookup, GLuint target_or_name, const char* function) {
  if (lookup == Lookup::BY_TARGET && target_or_name == GL_TEXTURE_EXTERNAL_OES && !ctx.config().es()) {
    ctx.error(GL_INVALID_ENUM, "%s(target = GL_TEXTURE_EXTERNAL_OES): an OpenGL ES target", function);
    return nullptr;
  }
  return lookup == Lookup::BY_TARGET ? target_texture(ctx, target_or_name, is_parameter_target, 0, function)
                                     : named_texture_of(ctx, target_or_name, is_parameter_target, 0, function);
}

void set_parameter(Context& ctx, Lookup lookup, GLuint target_or_name, GLenum pname, const void* params, ParameterType type,
                   bool vector, const char* function) {
  if (TextureRef t = parameter_texture(ctx, lookup, target_or_name, function))
    tex_parameter(ctx, lookup, *t, pname, params, type, vector, function);
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

}  // namespace api

}  // namespace glvk::gl
