// Texture parameters (GL 4.6 sections 8.10, 8.11.2, 8.11.3): glTex(ture)Parameter*, their queries
// and glGetTex(ture)LevelParameter.
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

}  // namespace api

}  // namespace glvk::gl
