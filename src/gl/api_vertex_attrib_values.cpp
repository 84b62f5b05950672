// The glVertexAttrib* entry points (GL 4.6 10.2.1): each converts its values and forwards them to
// set_current_attrib (api_vertex_arrays.cpp), which validates the index and stores them.
#include "api_common.h"
#include "glvk/formats/pack.h"
#include "vertex_array_state.h"

namespace glvk::gl {

bool unpack_packed_attrib(Context& ctx, const char* fn, GLenum type, bool normalized, std::uint32_t value,
                          bool allow_float, float out[4]) {
  auto field = [&](int shift, int bits) { return (value >> shift) & ((1u << bits) - 1u); };
  const int shifts[4] = {0, 10, 20, 30}, widths[4] = {10, 10, 10, 2};
  switch (type) {
    case GL_INT_2_10_10_10_REV:
      for (int i = 0; i < 4; ++i) {
        const int w = widths[i];
        const double c = double(std::int32_t(field(shifts[i], w) << (32 - w)) >> (32 - w));  // sign-extended
        out[i] = float(normalized ? normalize_signed(c, w) : c);
      }
      return true;
    case GL_UNSIGNED_INT_2_10_10_10_REV:
      for (int i = 0; i < 4; ++i) {
        const double c = field(shifts[i], widths[i]);
        out[i] = float(normalized ? normalize_unsigned(c, widths[i]) : c);
      }
      return true;
    case GL_UNSIGNED_INT_10F_11F_11F_REV:
      if (!allow_float) break;
      out[0] = formats::uf11_to_float(field(0, 11));
      out[1] = formats::uf11_to_float(field(11, 11));
      out[2] = formats::uf10_to_float(field(22, 10));
      out[3] = 1.0f;
      return true;
    default: break;
  }
  ctx.error(GL_INVALID_ENUM, "%s(type = 0x%04x): not a packed vertex type here", fn, type);
  return false;
}

namespace {

// glVertexAttribP*: the first `count` components set as a vertex array of the packed type would
// convert them, the rest (0, 0, 0, 1).
void set_current_packed(Context& ctx, const char* fn, GLuint index, GLenum type, GLboolean normalized,
                        std::uint32_t value, int count) {
  // Three components only: four of them are refused, as Mesa refuses them.
  if (type == GL_UNSIGNED_INT_10F_11F_11F_REV && count == 4)
    return ctx.error(GL_INVALID_ENUM, "%s(type = UNSIGNED_INT_10F_11F_11F_REV): has three components", fn);
  float v[4];
  if (unpack_packed_attrib(ctx, fn, type, normalized, value, true, v))
    set_current_float(ctx, fn, index, {v[0], v[1], v[2], v[3]}, count);
}

}  // namespace

namespace api {

void VertexAttribP1ui(Context& ctx, const char* fn, GLuint index, GLenum type, GLboolean normalized, GLuint value) {
  set_current_packed(ctx, fn, index, type, normalized, value, 1);
}
void VertexAttribP2ui(Context& ctx, const char* fn, GLuint index, GLenum type, GLboolean normalized, GLuint value) {
  set_current_packed(ctx, fn, index, type, normalized, value, 2);
}
void VertexAttribP3ui(Context& ctx, const char* fn, GLuint index, GLenum type, GLboolean normalized, GLuint value) {
  set_current_packed(ctx, fn, index, type, normalized, value, 3);
}
void VertexAttribP4ui(Context& ctx, const char* fn, GLuint index, GLenum type, GLboolean normalized, GLuint value) {
  set_current_packed(ctx, fn, index, type, normalized, value, 4);
}
void VertexAttribP1uiv(Context& ctx, const char* fn, GLuint index, GLenum type, GLboolean normalized, const GLuint* value) {
  if (check_values(ctx, fn, value)) set_current_packed(ctx, fn, index, type, normalized, *value, 1);
}
void VertexAttribP2uiv(Context& ctx, const char* fn, GLuint index, GLenum type, GLboolean normalized, const GLuint* value) {
  if (check_values(ctx, fn, value)) set_current_packed(ctx, fn, index, type, normalized, *value, 2);
}
void VertexAttribP3uiv(Context& ctx, const char* fn, GLuint index, GLenum type, GLboolean normalized, const GLuint* value) {
  if (check_values(ctx, fn, value)) set_current_packed(ctx, fn, index, type, normalized, *value, 3);
}
void VertexAttribP4uiv(Context& ctx, const char* fn, GLuint index, GLenum type, GLboolean normalized, const GLuint* value) {
  if (check_values(ctx, fn, value)) set_current_packed(ctx, fn, index, type, normalized, *value, 4);
}

void VertexAttrib1s(Context& ctx, const char* fn, GLuint index, GLshort v0) {
  set_current_float(ctx, fn, index, {double(v0)}, 1);
}
void VertexAttrib1sv(Context& ctx, const char* fn, GLuint index, const GLshort* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0])}, 1);
}
void VertexAttrib1f(Context& ctx, const char* fn, GLuint index, GLfloat v0) {
  set_current_float(ctx, fn, index, {double(v0)}, 1);
}
void VertexAttrib1fv(Context& ctx, const char* fn, GLuint index, const GLfloat* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0])}, 1);
}
void VertexAttrib1d(Context& ctx, const char* fn, GLuint index, GLdouble v0) {
  set_current_float(ctx, fn, index, {double(v0)}, 1);
}
void VertexAttrib1dv(Context& ctx, const char* fn, GLuint index, const GLdouble* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0])}, 1);
}
void VertexAttrib2s(Context& ctx, const char* fn, GLuint index, GLshort v0, GLshort v1) {
  set_current_float(ctx, fn, index, {double(v0), double(v1)}, 2);
}
void VertexAttrib2sv(Context& ctx, const char* fn, GLuint index, const GLshort* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0]), double(v[1])}, 2);
}
void VertexAttrib2f(Context& ctx, const char* fn, GLuint index, GLfloat v0, GLfloat v1) {
  set_current_float(ctx, fn, index, {double(v0), double(v1)}, 2);
}
void VertexAttrib2fv(Context& ctx, const char* fn, GLuint index, const GLfloat* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0]), double(v[1])}, 2);
}
void VertexAttrib2d(Context& ctx, const char* fn, GLuint index, GLdouble v0, GLdouble v1) {
  set_current_float(ctx, fn, index, {double(v0), double(v1)}, 2);
}
void VertexAttrib2dv(Context& ctx, const char* fn, GLuint index, const GLdouble* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0]), double(v[1])}, 2);
}
void VertexAttrib3s(Context& ctx, const char* fn, GLuint index, GLshort v0, GLshort v1, GLshort v2) {
  set_current_float(ctx, fn, index, {double(v0), double(v1), double(v2)}, 3);
}
void VertexAttrib3sv(Context& ctx, const char* fn, GLuint index, const GLshort* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0]), double(v[1]), double(v[2])}, 3);
}
void VertexAttrib3f(Context& ctx, const char* fn, GLuint index, GLfloat v0, GLfloat v1, GLfloat v2) {
  set_current_float(ctx, fn, index, {double(v0), double(v1), double(v2)}, 3);
}
void VertexAttrib3fv(Context& ctx, const char* fn, GLuint index, const GLfloat* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0]), double(v[1]), double(v[2])}, 3);
}
void VertexAttrib3d(Context& ctx, const char* fn, GLuint index, GLdouble v0, GLdouble v1, GLdouble v2) {
  set_current_float(ctx, fn, index, {double(v0), double(v1), double(v2)}, 3);
}
void VertexAttrib3dv(Context& ctx, const char* fn, GLuint index, const GLdouble* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0]), double(v[1]), double(v[2])}, 3);
}
void VertexAttrib4s(Context& ctx, const char* fn, GLuint index, GLshort v0, GLshort v1, GLshort v2, GLshort v3) {
  set_current_float(ctx, fn, index, {double(v0), double(v1), double(v2), double(v3)}, 4);
}
void VertexAttrib4sv(Context& ctx, const char* fn, GLuint index, const GLshort* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0]), double(v[1]), double(v[2]), double(v[3])}, 4);
}
void VertexAttrib4f(Context& ctx, const char* fn, GLuint index, GLfloat v0, GLfloat v1, GLfloat v2, GLfloat v3) {
  set_current_float(ctx, fn, index, {double(v0), double(v1), double(v2), double(v3)}, 4);
}
void VertexAttrib4fv(Context& ctx, const char* fn, GLuint index, const GLfloat* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0]), double(v[1]), double(v[2]), double(v[3])}, 4);
}
void VertexAttrib4d(Context& ctx, const char* fn, GLuint index, GLdouble v0, GLdouble v1, GLdouble v2, GLdouble v3) {
  set_current_float(ctx, fn, index, {double(v0), double(v1), double(v2), double(v3)}, 4);
}
void VertexAttrib4dv(Context& ctx, const char* fn, GLuint index, const GLdouble* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0]), double(v[1]), double(v[2]), double(v[3])}, 4);
}
void VertexAttrib4bv(Context& ctx, const char* fn, GLuint index, const GLbyte* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0]), double(v[1]), double(v[2]), double(v[3])}, 4);
}
void VertexAttrib4iv(Context& ctx, const char* fn, GLuint index, const GLint* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0]), double(v[1]), double(v[2]), double(v[3])}, 4);
}
void VertexAttrib4ubv(Context& ctx, const char* fn, GLuint index, const GLubyte* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0]), double(v[1]), double(v[2]), double(v[3])}, 4);
}
void VertexAttrib4usv(Context& ctx, const char* fn, GLuint index, const GLushort* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0]), double(v[1]), double(v[2]), double(v[3])}, 4);
}
void VertexAttrib4uiv(Context& ctx, const char* fn, GLuint index, const GLuint* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {double(v[0]), double(v[1]), double(v[2]), double(v[3])}, 4);
}
void VertexAttrib4Nbv(Context& ctx, const char* fn, GLuint index, const GLbyte* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {normalize_signed(v[0], 8), normalize_signed(v[1], 8), normalize_signed(v[2], 8), normalize_signed(v[3], 8)}, 4);
}
void VertexAttrib4Nsv(Context& ctx, const char* fn, GLuint index, const GLshort* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {normalize_signed(v[0], 16), normalize_signed(v[1], 16), normalize_signed(v[2], 16), normalize_signed(v[3], 16)}, 4);
}
void VertexAttrib4Niv(Context& ctx, const char* fn, GLuint index, const GLint* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {normalize_signed(v[0], 32), normalize_signed(v[1], 32), normalize_signed(v[2], 32), normalize_signed(v[3], 32)}, 4);
}
void VertexAttrib4Nubv(Context& ctx, const char* fn, GLuint index, const GLubyte* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {normalize_unsigned(v[0], 8), normalize_unsigned(v[1], 8), normalize_unsigned(v[2], 8), normalize_unsigned(v[3], 8)}, 4);
}
void VertexAttrib4Nusv(Context& ctx, const char* fn, GLuint index, const GLushort* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {normalize_unsigned(v[0], 16), normalize_unsigned(v[1], 16), normalize_unsigned(v[2], 16), normalize_unsigned(v[3], 16)}, 4);
}
void VertexAttrib4Nuiv(Context& ctx, const char* fn, GLuint index, const GLuint* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_float(ctx, fn, index, {normalize_unsigned(v[0], 32), normalize_unsigned(v[1], 32), normalize_unsigned(v[2], 32), normalize_unsigned(v[3], 32)}, 4);
}
void VertexAttrib4Nub(Context& ctx, const char* fn, GLuint index, GLubyte x, GLubyte y, GLubyte z, GLubyte w) {
  set_current_float(ctx, fn, index, {normalize_unsigned(x, 8), normalize_unsigned(y, 8), normalize_unsigned(z, 8), normalize_unsigned(w, 8)}, 4);
}
void VertexAttribI1i(Context& ctx, const char* fn, GLuint index, GLint v0) {
  set_current_integer(ctx, fn, index, {std::uint32_t(v0)}, 1, GL_INT);
}
void VertexAttribI1iv(Context& ctx, const char* fn, GLuint index, const GLint* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_integer(ctx, fn, index, {std::uint32_t(v[0])}, 1, GL_INT);
}
void VertexAttribI1ui(Context& ctx, const char* fn, GLuint index, GLuint v0) {
  set_current_integer(ctx, fn, index, {std::uint32_t(v0)}, 1, GL_UNSIGNED_INT);
}
void VertexAttribI1uiv(Context& ctx, const char* fn, GLuint index, const GLuint* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_integer(ctx, fn, index, {std::uint32_t(v[0])}, 1, GL_UNSIGNED_INT);
}
void VertexAttribI2i(Context& ctx, const char* fn, GLuint index, GLint v0, GLint v1) {
  set_current_integer(ctx, fn, index, {std::uint32_t(v0), std::uint32_t(v1)}, 2, GL_INT);
}
void VertexAttribI2iv(Context& ctx, const char* fn, GLuint index, const GLint* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_integer(ctx, fn, index, {std::uint32_t(v[0]), std::uint32_t(v[1])}, 2, GL_INT);
}
void VertexAttribI2ui(Context& ctx, const char* fn, GLuint index, GLuint v0, GLuint v1) {
  set_current_integer(ctx, fn, index, {std::uint32_t(v0), std::uint32_t(v1)}, 2, GL_UNSIGNED_INT);
}
void VertexAttribI2uiv(Context& ctx, const char* fn, GLuint index, const GLuint* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_integer(ctx, fn, index, {std::uint32_t(v[0]), std::uint32_t(v[1])}, 2, GL_UNSIGNED_INT);
}
void VertexAttribI3i(Context& ctx, const char* fn, GLuint index, GLint v0, GLint v1, GLint v2) {
  set_current_integer(ctx, fn, index, {std::uint32_t(v0), std::uint32_t(v1), std::uint32_t(v2)}, 3, GL_INT);
}
void VertexAttribI3iv(Context& ctx, const char* fn, GLuint index, const GLint* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_integer(ctx, fn, index, {std::uint32_t(v[0]), std::uint32_t(v[1]), std::uint32_t(v[2])}, 3, GL_INT);
}
void VertexAttribI3ui(Context& ctx, const char* fn, GLuint index, GLuint v0, GLuint v1, GLuint v2) {
  set_current_integer(ctx, fn, index, {std::uint32_t(v0), std::uint32_t(v1), std::uint32_t(v2)}, 3, GL_UNSIGNED_INT);
}
void VertexAttribI3uiv(Context& ctx, const char* fn, GLuint index, const GLuint* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_integer(ctx, fn, index, {std::uint32_t(v[0]), std::uint32_t(v[1]), std::uint32_t(v[2])}, 3, GL_UNSIGNED_INT);
}
void VertexAttribI4i(Context& ctx, const char* fn, GLuint index, GLint v0, GLint v1, GLint v2, GLint v3) {
  set_current_integer(ctx, fn, index, {std::uint32_t(v0), std::uint32_t(v1), std::uint32_t(v2), std::uint32_t(v3)}, 4, GL_INT);
}
void VertexAttribI4iv(Context& ctx, const char* fn, GLuint index, const GLint* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_integer(ctx, fn, index, {std::uint32_t(v[0]), std::uint32_t(v[1]), std::uint32_t(v[2]), std::uint32_t(v[3])}, 4, GL_INT);
}
void VertexAttribI4ui(Context& ctx, const char* fn, GLuint index, GLuint v0, GLuint v1, GLuint v2, GLuint v3) {
  set_current_integer(ctx, fn, index, {std::uint32_t(v0), std::uint32_t(v1), std::uint32_t(v2), std::uint32_t(v3)}, 4, GL_UNSIGNED_INT);
}
void VertexAttribI4uiv(Context& ctx, const char* fn, GLuint index, const GLuint* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_integer(ctx, fn, index, {std::uint32_t(v[0]), std::uint32_t(v[1]), std::uint32_t(v[2]), std::uint32_t(v[3])}, 4, GL_UNSIGNED_INT);
}
void VertexAttribI4bv(Context& ctx, const char* fn, GLuint index, const GLbyte* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_integer(ctx, fn, index, {std::uint32_t(std::int32_t(v[0])), std::uint32_t(std::int32_t(v[1])), std::uint32_t(std::int32_t(v[2])), std::uint32_t(std::int32_t(v[3]))}, 4, GL_INT);
}
void VertexAttribI4sv(Context& ctx, const char* fn, GLuint index, const GLshort* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_integer(ctx, fn, index, {std::uint32_t(std::int32_t(v[0])), std::uint32_t(std::int32_t(v[1])), std::uint32_t(std::int32_t(v[2])), std::uint32_t(std::int32_t(v[3]))}, 4, GL_INT);
}
void VertexAttribI4ubv(Context& ctx, const char* fn, GLuint index, const GLubyte* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_integer(ctx, fn, index, {std::uint32_t(std::int32_t(v[0])), std::uint32_t(std::int32_t(v[1])), std::uint32_t(std::int32_t(v[2])), std::uint32_t(std::int32_t(v[3]))}, 4, GL_UNSIGNED_INT);
}
void VertexAttribI4usv(Context& ctx, const char* fn, GLuint index, const GLushort* v) {
  if (!check_values(ctx, fn, v)) return;
  set_current_integer(ctx, fn, index, {std::uint32_t(std::int32_t(v[0])), std::uint32_t(std::int32_t(v[1])), std::uint32_t(std::int32_t(v[2])), std::uint32_t(std::int32_t(v[3]))}, 4, GL_UNSIGNED_INT);
}

// Double-precision generic attributes (GL 4.6 10.2.1): read by dvec/dmat inputs.
void VertexAttribL1d(Context& ctx, const char* fn, GLuint index, GLdouble x) {
  set_current_double(ctx, fn, index, {x}, 1);
}
void VertexAttribL1dv(Context& ctx, const char* fn, GLuint index, const GLdouble* v) {
  if (check_values(ctx, fn, v)) set_current_double(ctx, fn, index, {v[0]}, 1);
}
void VertexAttribL2d(Context& ctx, const char* fn, GLuint index, GLdouble x, GLdouble y) {
  set_current_double(ctx, fn, index, {x, y}, 2);
}
void VertexAttribL2dv(Context& ctx, const char* fn, GLuint index, const GLdouble* v) {
  if (check_values(ctx, fn, v)) set_current_double(ctx, fn, index, {v[0], v[1]}, 2);
}
void VertexAttribL3d(Context& ctx, const char* fn, GLuint index, GLdouble x, GLdouble y, GLdouble z) {
  set_current_double(ctx, fn, index, {x, y, z}, 3);
}
void VertexAttribL3dv(Context& ctx, const char* fn, GLuint index, const GLdouble* v) {
  if (check_values(ctx, fn, v)) set_current_double(ctx, fn, index, {v[0], v[1], v[2]}, 3);
}
void VertexAttribL4d(Context& ctx, const char* fn, GLuint index, GLdouble x, GLdouble y, GLdouble z, GLdouble w) {
  set_current_double(ctx, fn, index, {x, y, z, w}, 4);
}
void VertexAttribL4dv(Context& ctx, const char* fn, GLuint index, const GLdouble* v) {
  if (check_values(ctx, fn, v)) set_current_double(ctx, fn, index, {v[0], v[1], v[2], v[3]}, 4);
}

}  // namespace api
}  // namespace glvk::gl
