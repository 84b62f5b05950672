// Texture coordinate generation state (GL 4.6 compatibility 12.1.3): glTexGen*, glGetTexGen*
// with their errors, per coordinate of the active texture unit. The generated fixed-function
// program computes the coordinates (ff_shader_gen.cpp); GLSL programs read the planes as
// gl_EyePlaneS[] and friends (builtin_uniforms.cpp).
#include "api_common.h"
#include "fixed_function/ff_math.h"
#include "legacy_internal.h"
#include "vertex_array_state.h"

namespace glvk::gl {

namespace {

// The coordinate's state on the active unit; null after the error.
TexGenCoord* texgen_coord(Context& ctx, const char* fn, GLenum coord) {
  if (!compatibility_context(ctx, fn)) return nullptr;
  if (coord < GL_S || coord > GL_Q) {
    ctx.error(GL_INVALID_ENUM, "%s(coord = 0x%04x): not S, T, R or Q", fn, coord);
    return nullptr;
  }
  if (ctx.active_texture_unit >= kFixedTextureUnits) {
    ctx.error(GL_INVALID_OPERATION, "%s: the active texture unit %u has no texture coordinate generation", fn,
              ctx.active_texture_unit);
    return nullptr;
  }
  return &ctx.legacy.texgen[ctx.active_texture_unit][coord - GL_S];
}

// Table 12.? : the modes each coordinate takes (SPHERE_MAP for S and T, the cube map modes for S,
// T and R).
bool mode_allowed(GLenum coord, GLenum mode) {
  switch (mode) {
    case GL_OBJECT_LINEAR: case GL_EYE_LINEAR: return true;
    case GL_SPHERE_MAP: return coord == GL_S || coord == GL_T;
    case GL_NORMAL_MAP: case GL_REFLECTION_MAP: return coord != GL_Q;
    default: return false;
  }
}

template <typename T>
void tex_gen(Context& ctx, const char* fn, GLenum coord, GLenum pname, const T* params, bool vector_form) {
  TexGenCoord* c = texgen_coord(ctx, fn, coord);
  if (!c) return;
  if (vector_form && !params) return ctx.error(GL_INVALID_VALUE, "%s: params is null", fn);
  switch (pname) {
    case GL_TEXTURE_GEN_MODE: {
      const GLenum mode = GLenum(GLint(params[0]));
      if (!mode_allowed(coord, mode))
        return ctx.error(GL_INVALID_ENUM, "%s(TEXTURE_GEN_MODE = 0x%04x): not a mode of coordinate 0x%04x", fn, mode,
                         coord);
      c->mode = mode;
      return;
    }
    case GL_OBJECT_PLANE: case GL_EYE_PLANE: {
      if (!vector_form) break;
      std::array<GLdouble, 4> p{GLdouble(params[0]), GLdouble(params[1]), GLdouble(params[2]), GLdouble(params[3])};
      if (pname == GL_OBJECT_PLANE) {
        c->object_plane = p;
      } else {
        // (p1 p2 p3 p4) M^-1 with M the modelview matrix when the plane is given.
        c->eye_plane = plane_to_eye(ctx, p);
      }
      return;
    }
    default: break;
  }
  ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a texture generation parameter of this form", fn, pname);
}

template <typename T>
void get_tex_gen(Context& ctx, const char* fn, GLenum coord, GLenum pname, T* params) {
  const TexGenCoord* c = texgen_coord(ctx, fn, coord);
  if (!c) return;
  switch (pname) {
    case GL_TEXTURE_GEN_MODE: params[0] = T(c->mode); return;
    case GL_OBJECT_PLANE: case GL_EYE_PLANE: {
      const auto& p = pname == GL_OBJECT_PLANE ? c->object_plane : c->eye_plane;
      for (int i = 0; i < 4; ++i) params[i] = T(p[std::size_t(i)]);
      return;
    }
    default: ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a texture generation parameter", fn, pname);
  }
}

}  // namespace

std::array<GLdouble, 4> plane_to_eye(Context& ctx, const std::array<GLdouble, 4>& p) {
  const Matrix4 inv = ff::inverse(ctx.transform.modelview.back());
  std::array<GLdouble, 4> out{};
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) out[std::size_t(c)] += p[std::size_t(r)] * inv[std::size_t(c * 4 + r)];
  return out;
}

namespace api {

void TexGeni(Context& ctx, const char* fn, GLenum coord, GLenum pname, GLint param) {
  tex_gen(ctx, fn, coord, pname, &param, false);
}
void TexGenf(Context& ctx, const char* fn, GLenum coord, GLenum pname, GLfloat param) {
  tex_gen(ctx, fn, coord, pname, &param, false);
}
void TexGend(Context& ctx, const char* fn, GLenum coord, GLenum pname, GLdouble param) {
  tex_gen(ctx, fn, coord, pname, &param, false);
}
void TexGeniv(Context& ctx, const char* fn, GLenum coord, GLenum pname, const GLint* params) {
  tex_gen(ctx, fn, coord, pname, params, true);
}
void TexGenfv(Context& ctx, const char* fn, GLenum coord, GLenum pname, const GLfloat* params) {
  tex_gen(ctx, fn, coord, pname, params, true);
}
void TexGendv(Context& ctx, const char* fn, GLenum coord, GLenum pname, const GLdouble* params) {
  tex_gen(ctx, fn, coord, pname, params, true);
}
void GetTexGeniv(Context& ctx, const char* fn, GLenum coord, GLenum pname, GLint* params) {
  if (check_values(ctx, fn, params)) get_tex_gen(ctx, fn, coord, pname, params);
}
void GetTexGenfv(Context& ctx, const char* fn, GLenum coord, GLenum pname, GLfloat* params) {
  if (check_values(ctx, fn, params)) get_tex_gen(ctx, fn, coord, pname, params);
}
void GetTexGendv(Context& ctx, const char* fn, GLenum coord, GLenum pname, GLdouble* params) {
  if (check_values(ctx, fn, params)) get_tex_gen(ctx, fn, coord, pname, params);
}

}  // namespace api

}  // namespace glvk::gl
