#include "sampler_parameters.h"

#include <algorithm>
#include <cmath>

namespace glvk::gl {

namespace {

bool valid_wrap(GLenum mode) {
  return mode == GL_REPEAT || mode == GL_CLAMP_TO_EDGE || mode == GL_CLAMP_TO_BORDER || mode == GL_MIRRORED_REPEAT ||
         mode == GL_MIRROR_CLAMP_TO_EDGE || mode == GL_CLAMP;
}

bool valid_min_filter(GLenum f) {
  return f == GL_NEAREST || f == GL_LINEAR || f == GL_NEAREST_MIPMAP_NEAREST || f == GL_LINEAR_MIPMAP_NEAREST ||
         f == GL_NEAREST_MIPMAP_LINEAR || f == GL_LINEAR_MIPMAP_LINEAR;
}

bool valid_compare_func(GLenum f) { return f >= GL_NEVER && f <= GL_ALWAYS; }

// Equation 2.2 with b = 32: a signed normalized integer as a float in [-1, 1].
GLfloat snorm32_to_float(GLint value) { return std::max(GLfloat(double(value) / 2147483647.0), -1.0f); }

// Section 2.3.5.1 with b = 32, as GL 4.6 section 2.2.2 asks of colours queried as integers.
GLint float_to_snorm32(GLfloat value) { return GLint(std::lround(std::clamp(double(value), -1.0, 1.0) * 2147483647.0)); }

}  // namespace

double parameter_value(const void* params, ParameterType type, int i) {
  switch (type) {
    case ParameterType::FLOAT: return static_cast<const GLfloat*>(params)[i];
    case ParameterType::PURE_UINT: return static_cast<const GLuint*>(params)[i];
    default: return static_cast<const GLint*>(params)[i];
  }
}

GLint rounded_parameter(double value) { return GLint(std::lround(std::clamp(value, -2147483648.0, 2147483647.0))); }

bool is_sampler_parameter(GLenum pname) {
  switch (pname) {
    case GL_TEXTURE_WRAP_S: case GL_TEXTURE_WRAP_T: case GL_TEXTURE_WRAP_R: case GL_TEXTURE_MIN_FILTER:
    case GL_TEXTURE_MAG_FILTER: case GL_TEXTURE_MIN_LOD: case GL_TEXTURE_MAX_LOD: case GL_TEXTURE_LOD_BIAS:
    case GL_TEXTURE_BORDER_COLOR: case GL_TEXTURE_COMPARE_MODE: case GL_TEXTURE_COMPARE_FUNC:
    case GL_TEXTURE_MAX_ANISOTROPY:
      return true;
    default:
      return false;
  }
}

void set_sampler_parameter(Context& ctx, SamplerParameters& s, GLenum pname, const void* params, ParameterType type,
                           bool rectangle, const char* fn) {
  const double f = parameter_value(params, type, 0);
  const GLint v = rounded_parameter(f);
  const auto bad_value = [&] { ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): bad value %d", fn, pname, v); };
  switch (pname) {
    case GL_TEXTURE_MIN_FILTER:
      // Rectangles have one level: no mipmap filters.
      if (!valid_min_filter(GLenum(v)) || (rectangle && v != GL_NEAREST && v != GL_LINEAR)) return bad_value();
      s.min_filter = GLenum(v);
      return;
    case GL_TEXTURE_MAG_FILTER:
      if (v != GL_NEAREST && v != GL_LINEAR) return bad_value();
      s.mag_filter = GLenum(v);
      return;
    case GL_TEXTURE_WRAP_S: case GL_TEXTURE_WRAP_T: case GL_TEXTURE_WRAP_R:
      // Rectangles address texels, so only the clamping modes apply to s and t; GL_CLAMP left the
      // core profile.
      if (!valid_wrap(GLenum(v)) || (v == GL_CLAMP && ctx.config().core_profile) ||
          (rectangle && pname != GL_TEXTURE_WRAP_R &&
           (v == GL_REPEAT || v == GL_MIRRORED_REPEAT || v == GL_MIRROR_CLAMP_TO_EDGE)))
        return bad_value();
      (pname == GL_TEXTURE_WRAP_S ? s.wrap_s : pname == GL_TEXTURE_WRAP_T ? s.wrap_t : s.wrap_r) = GLenum(v);
      return;
    case GL_TEXTURE_MIN_LOD: s.min_lod = GLfloat(f); return;
    case GL_TEXTURE_MAX_LOD: s.max_lod = GLfloat(f); return;
    case GL_TEXTURE_LOD_BIAS: s.lod_bias = GLfloat(f); return;
    case GL_TEXTURE_MAX_ANISOTROPY:
      // GL 4.6 8.10: values below 1.0 are INVALID_VALUE (the device's maximum clamps at draw time).
      if (f < 1.0) return ctx.error(GL_INVALID_VALUE, "%s(GL_TEXTURE_MAX_ANISOTROPY = %g): below 1.0", fn, f);
      s.max_anisotropy = GLfloat(f);
      return;
    case GL_TEXTURE_COMPARE_MODE:
      if (v != GL_NONE && v != GL_COMPARE_REF_TO_TEXTURE) return bad_value();
      s.compare_mode = GLenum(v);
      return;
    case GL_TEXTURE_COMPARE_FUNC:
      if (!valid_compare_func(GLenum(v))) return bad_value();
      s.compare_func = GLenum(v);
      return;
    case GL_TEXTURE_BORDER_COLOR:
      // Iiv/Iuiv keep the integers as they are; iv values are signed normalized (section 8.10).
      for (int i = 0; i < 4; ++i) {
        if (type == ParameterType::PURE_INT || type == ParameterType::PURE_UINT)
          s.border_color_integer[std::size_t(i)] = type == ParameterType::PURE_INT
                                                       ? static_cast<const GLint*>(params)[i]
                                                       : GLint(static_cast<const GLuint*>(params)[i]);
        else
          s.border_color[std::size_t(i)] = type == ParameterType::INT
                                               ? snorm32_to_float(static_cast<const GLint*>(params)[i])
                                               : static_cast<const GLfloat*>(params)[i];
      }
      s.border_color_type = type == ParameterType::PURE_INT    ? SamplerParameters::BorderColorType::INT
                            : type == ParameterType::PURE_UINT ? SamplerParameters::BorderColorType::UINT
                                                               : SamplerParameters::BorderColorType::FLOAT;
      return;
    default: return;
  }
}

void get_sampler_parameter(const SamplerParameters& s, GLenum pname, void* params, ParameterType type) {
  if (pname == GL_TEXTURE_BORDER_COLOR) {
    // Integer-specified colours come back as stored; float ones to iv as signed normalized.
    const bool integer = s.border_color_type != SamplerParameters::BorderColorType::FLOAT;
    for (std::size_t i = 0; i < 4; ++i) {
      const double value = integer && s.border_color_type == SamplerParameters::BorderColorType::UINT
                               ? double(GLuint(s.border_color_integer[i]))
                           : integer ? double(s.border_color_integer[i])
                                     : double(s.border_color[i]);
      if (type == ParameterType::FLOAT) static_cast<GLfloat*>(params)[i] = GLfloat(value);
      else if (integer) static_cast<GLint*>(params)[i] = s.border_color_integer[i];
      else if (type == ParameterType::INT) static_cast<GLint*>(params)[i] = float_to_snorm32(s.border_color[i]);
      else if (type == ParameterType::PURE_UINT) static_cast<GLuint*>(params)[i] = GLuint(std::max(0, rounded_parameter(value)));
      else static_cast<GLint*>(params)[i] = rounded_parameter(value);
    }
    return;
  }
  double value = 0;
  switch (pname) {
    case GL_TEXTURE_MIN_FILTER: value = s.min_filter; break;
    case GL_TEXTURE_MAG_FILTER: value = s.mag_filter; break;
    case GL_TEXTURE_WRAP_S: value = s.wrap_s; break;
    case GL_TEXTURE_WRAP_T: value = s.wrap_t; break;
    case GL_TEXTURE_WRAP_R: value = s.wrap_r; break;
    case GL_TEXTURE_MIN_LOD: value = s.min_lod; break;
    case GL_TEXTURE_MAX_LOD: value = s.max_lod; break;
    case GL_TEXTURE_LOD_BIAS: value = s.lod_bias; break;
    case GL_TEXTURE_MAX_ANISOTROPY: value = s.max_anisotropy; break;
    case GL_TEXTURE_COMPARE_MODE: value = s.compare_mode; break;
    case GL_TEXTURE_COMPARE_FUNC: value = s.compare_func; break;
    default: break;
  }
  if (type == ParameterType::FLOAT) *static_cast<GLfloat*>(params) = GLfloat(value);
  else *static_cast<GLint*>(params) = rounded_parameter(value);  // GLuint shares the representation
}

}  // namespace glvk::gl
