// Vertex array state shared by the vertex array entry points (private to src/gl).
#pragma once

#include <algorithm>
#include <cmath>
#include <initializer_list>

#include "glvk/gl/context.h"

namespace glvk::gl {

// GL 4.6 equations 2.2 and 2.3: a `bits`-wide unsigned or signed normalized integer as a float.
inline double normalize_unsigned(double c, int bits) { return c / (std::ldexp(1.0, bits) - 1.0); }
inline double normalize_signed(double c, int bits) { return std::max(c / (std::ldexp(1.0, bits - 1) - 1.0), -1.0); }

// The bytes one element of an array of `size` components of `type` takes (size may be GL_BGRA).
std::uint32_t vertex_element_size(GLint size, GLenum type);

// glVertexAttrib*: the current value of generic attribute `index` (missing components (0, 0, 0, 1)).
void set_current_float(Context& ctx, const char* fn, GLuint index, std::initializer_list<double> values, int count);
void set_current_integer(Context& ctx, const char* fn, GLuint index, std::initializer_list<std::uint32_t> values,
                         int count, GLenum kind);
// glVertexAttribL*: four doubles, missing ones 0, 0, 1 (kind GL_DOUBLE).
void set_current_double(Context& ctx, const char* fn, GLuint index, std::initializer_list<double> values, int count);
// The packed attribute values of glVertexAttribP* and the compatibility glColorP*-style commands
// (GL 4.6 10.2.1, table 10.5's packings): x, y, z, w of `value`, normalized as equations 2.2/2.3
// say when asked. UNSIGNED_INT_10F_11F_11F_REV only with `allow_float` (w is then 1). False after
// INVALID_ENUM for any other type.
bool unpack_packed_attrib(Context& ctx, const char* fn, GLenum type, bool normalized, std::uint32_t value,
                          bool allow_float, float out[4]);
// The *v forms with a null pointer: INVALID_VALUE rather than a crash (the spec leaves it open).
bool check_values(Context& ctx, const char* fn, const void* values);

}  // namespace glvk::gl
