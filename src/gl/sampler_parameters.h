// Sampler state parameters (GL 4.6 8.10, table 23.18) shared by glTexParameter* and
// glSamplerParameter* (and their queries): validation, conversion and storage. Private to src/gl.
#pragma once

#include "glvk/gl/context.h"
#include "glvk/gl/texture_object.h"

namespace glvk::gl {

// How a glTexParameter / glSamplerParameter form passes its values: f/fv, i/iv, Iiv, Iuiv.
enum class ParameterType { FLOAT, INT, PURE_INT, PURE_UINT };

// Whether `pname` is sampler state (the rest of texture parameters are texture-only).
bool is_sampler_parameter(GLenum pname);

// Sets sampler state `pname` from `params` (one value, or four for the border colour); raises the
// spec's error for a bad value and changes nothing then. `rectangle`: the state of a rectangle
// texture, which takes no mipmap filters and only the clamping wraps.
void set_sampler_parameter(Context& ctx, SamplerParameters& s, GLenum pname, const void* params, ParameterType type,
                           bool rectangle, const char* fn);
// Writes sampler state `pname` into `params` as `type` (the caller checked is_sampler_parameter).
void get_sampler_parameter(const SamplerParameters& s, GLenum pname, void* params, ParameterType type);

// Value `i` of a parameter array passed as `type`, as a double.
double parameter_value(const void* params, ParameterType type, int i);

// A float parameter queried or set as an integer: rounded to the nearest, within GLint's range.
GLint rounded_parameter(double value);

}  // namespace glvk::gl
