// Tessellation state (GL 4.6 10.1.15 and 11.2.3): glPatchParameteri (PATCH_VERTICES) and
// glPatchParameterfv (the default tessellation levels used without a tessellation control
// shader), their glGet state and the tessellation stages' component limits (GL 4.6 table 23.65;
// MAX_PATCH_VERTICES and MAX_TESS_GEN_LEVEL are in draw_queries.cpp).
#include <algorithm>

#include "api_common.h"
#include "glvk/st/context.h"
#include "glvk/st/shader_limits.h"
#include "state_query.h"

namespace glvk::gl {

bool query_tessellation_state(Context& ctx, GLenum pname, StateValue& value) {
  const st::RenderState& r = ctx.render;
  switch (pname) {
    case GL_PATCH_VERTICES: value.set_integers({r.patch_vertices}); return true;
    case GL_PATCH_DEFAULT_OUTER_LEVEL: case GL_PATCH_DEFAULT_INNER_LEVEL: {
      const bool outer = pname == GL_PATCH_DEFAULT_OUTER_LEVEL;
      const GLfloat* levels = outer ? r.patch_default_outer_level.data() : r.patch_default_inner_level.data();
      GLdouble d[4];
      std::copy(levels, levels + (outer ? 4 : 2), d);
      value.set_floats(StateValue::Type::Float, d, outer ? 4 : 2);
      return true;
    }
    default: break;
  }
  const st::ShaderLimits l = st::shader_limits(ctx.st().screen());
  switch (pname) {
    case GL_MAX_TESS_CONTROL_INPUT_COMPONENTS: value.set_integers({l.tess_control_input_components}); return true;
    case GL_MAX_TESS_CONTROL_OUTPUT_COMPONENTS: value.set_integers({l.tess_control_output_components}); return true;
    case GL_MAX_TESS_CONTROL_TOTAL_OUTPUT_COMPONENTS:
      value.set_integers({l.tess_control_total_output_components});
      return true;
    case GL_MAX_TESS_PATCH_COMPONENTS: value.set_integers({l.tess_patch_components}); return true;
    case GL_MAX_TESS_EVALUATION_INPUT_COMPONENTS: value.set_integers({l.tess_evaluation_input_components}); return true;
    case GL_MAX_TESS_EVALUATION_OUTPUT_COMPONENTS:
      value.set_integers({l.tess_evaluation_output_components});
      return true;
    default: return false;
  }
}

namespace api {

void PatchParameteri(Context& ctx, const char* fn, GLenum pname, GLint value) {
  if (pname != GL_PATCH_VERTICES) return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not PATCH_VERTICES", fn, pname);
  const GLint max = GLint(st::shader_limits(ctx.st().screen()).tessellation_patch_size);
  if (value <= 0 || value > max)
    return ctx.error(GL_INVALID_VALUE, "%s(value = %d): not in 1..MAX_PATCH_VERTICES (%d)", fn, value, max);
  ctx.render.patch_vertices = value;
  ++ctx.render.serial;
}

void PatchParameterfv(Context& ctx, const char* fn, GLenum pname, const GLfloat* values) {
  if (pname != GL_PATCH_DEFAULT_OUTER_LEVEL && pname != GL_PATCH_DEFAULT_INNER_LEVEL)
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not PATCH_DEFAULT_OUTER_LEVEL or PATCH_DEFAULT_INNER_LEVEL",
                     fn, pname);
  if (!values) return ctx.error(GL_INVALID_VALUE, "%s: values is null", fn);
  if (pname == GL_PATCH_DEFAULT_OUTER_LEVEL)
    std::copy(values, values + 4, ctx.render.patch_default_outer_level.begin());
  else
    std::copy(values, values + 2, ctx.render.patch_default_inner_level.begin());
  ++ctx.render.serial;
}

}  // namespace api
}  // namespace glvk::gl
