// User clip planes (GL 4.6 compatibility 13.7.2: glClipPlane, glGetClipPlane; enabled as
// CLIP_PLANEi = CLIP_DISTANCEi in RenderState) and point parameters (14.4: glPointParameter*,
// sizes, distance attenuation, fade threshold, sprite coordinate origin) with their glGet state.
// The fixed-function program clips and sizes points by them (ff_shader_gen.cpp); GLSL programs read
// gl_ClipPlane[] and gl_Point (builtin_uniforms.cpp).
#include "api_common.h"
#include "legacy_internal.h"
#include "legacy_params.h"
#include "glvk/st/context.h"
#include "glvk/st/shader_limits.h"
#include "vertex_array_state.h"

namespace glvk::gl {

namespace {

template <typename T>
void point_parameter(Context& ctx, const char* fn, GLenum pname, const T* params, bool vector_form) {
  PointParameters& p = ctx.legacy.point;
  const bool compatibility = !ctx.config().core_profile;
  if (vector_form && !params) return ctx.error(GL_INVALID_VALUE, "%s: params is null", fn);
  const GLfloat v = GLfloat(params[0]);
  switch (pname) {
    case GL_POINT_SIZE_MIN: case GL_POINT_SIZE_MAX: case GL_POINT_FADE_THRESHOLD_SIZE:
      if (pname != GL_POINT_FADE_THRESHOLD_SIZE && !compatibility) break;
      if (v < 0) return ctx.error(GL_INVALID_VALUE, "%s(pname = 0x%04x): negative size %g", fn, pname, double(v));
      (pname == GL_POINT_SIZE_MIN ? p.size_min : pname == GL_POINT_SIZE_MAX ? p.size_max : p.fade_threshold) = v;
      return;
    case GL_POINT_DISTANCE_ATTENUATION:
      if (!compatibility || !vector_form) break;
      for (int i = 0; i < 3; ++i) p.attenuation[std::size_t(i)] = GLfloat(params[i]);
      return;
    case GL_POINT_SPRITE_COORD_ORIGIN:
      if (GLenum(v) != GL_LOWER_LEFT && GLenum(v) != GL_UPPER_LEFT)
        return ctx.error(GL_INVALID_VALUE, "%s(POINT_SPRITE_COORD_ORIGIN = 0x%04x): not LOWER_LEFT or UPPER_LEFT", fn,
                         GLenum(v));
      p.sprite_coord_origin = GLenum(v);
      return;
    default: break;
  }
  ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a point parameter of this form", fn, pname);
}

}  // namespace

GLfloat point_size_max(Context& ctx) {
  const GLfloat max = ctx.legacy.point.size_max;
  return max >= 0 ? max : st::shader_limits(ctx.st().screen()).point_size_range[1];
}

bool query_clip_point_state(Context& ctx, GLenum pname, StateValue& value) {
  const PointParameters& p = ctx.legacy.point;
  const bool compatibility = !ctx.config().core_profile;
  switch (pname) {
    case GL_POINT_FADE_THRESHOLD_SIZE: set_state_floats(value, &p.fade_threshold, 1, false); return true;
    case GL_POINT_SPRITE_COORD_ORIGIN: value.set_integers({p.sprite_coord_origin}); return true;
    default: break;
  }
  if (!compatibility) return false;
  switch (pname) {
    case GL_POINT_SIZE_MIN: set_state_floats(value, &p.size_min, 1, false); return true;
    case GL_POINT_SIZE_MAX: {
      const GLfloat max = point_size_max(ctx);
      set_state_floats(value, &max, 1, false);
      return true;
    }
    case GL_POINT_DISTANCE_ATTENUATION: set_state_floats(value, p.attenuation.data(), 3, false); return true;
    default: return false;
  }
}

namespace api {

void ClipPlane(Context& ctx, const char* fn, GLenum plane, const GLdouble* equation) {
  if (!compatibility_context(ctx, fn)) return;
  if (plane < GL_CLIP_PLANE0 || plane >= GL_CLIP_PLANE0 + ctx.legacy.clip_planes.size())
    return ctx.error(GL_INVALID_ENUM, "%s(plane = 0x%04x): not a clip plane", fn, plane);
  if (!check_values(ctx, fn, equation)) return;
  // Kept in eye coordinates: (p1 p2 p3 p4) M^-1 with the modelview matrix M of now.
  ctx.legacy.clip_planes[plane - GL_CLIP_PLANE0] = plane_to_eye(ctx, {equation[0], equation[1], equation[2], equation[3]});
}

void GetClipPlane(Context& ctx, const char* fn, GLenum plane, GLdouble* equation) {
  if (!compatibility_context(ctx, fn)) return;
  if (plane < GL_CLIP_PLANE0 || plane >= GL_CLIP_PLANE0 + ctx.legacy.clip_planes.size())
    return ctx.error(GL_INVALID_ENUM, "%s(plane = 0x%04x): not a clip plane", fn, plane);
  if (!check_values(ctx, fn, equation)) return;
  const auto& p = ctx.legacy.clip_planes[plane - GL_CLIP_PLANE0];
  for (int i = 0; i < 4; ++i) equation[i] = p[std::size_t(i)];
}

void PointParameterf(Context& ctx, const char* fn, GLenum pname, GLfloat param) {
  point_parameter(ctx, fn, pname, &param, false);
}
void PointParameteri(Context& ctx, const char* fn, GLenum pname, GLint param) {
  point_parameter(ctx, fn, pname, &param, false);
}
void PointParameterfv(Context& ctx, const char* fn, GLenum pname, const GLfloat* params) {
  point_parameter(ctx, fn, pname, params, true);
}
void PointParameteriv(Context& ctx, const char* fn, GLenum pname, const GLint* params) {
  point_parameter(ctx, fn, pname, params, true);
}

}  // namespace api

}  // namespace glvk::gl
