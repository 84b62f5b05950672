// OpenGL ES 3.2's own commands, which GL 4.6 lacks: glBlendBarrier and glPrimitiveBoundingBox. In
// a desktop context they are not commands of the API (INVALID_OPERATION, as for a command the
// profile does not have).
#include "api_common.h"
#include "state_query.h"

namespace glvk::gl {
namespace {

bool es_context(Context& ctx, const char* fn) {
  if (ctx.config().es()) return true;
  ctx.error(GL_INVALID_OPERATION, "%s: an OpenGL ES 3.2 command, not one of this context's API", fn);
  return false;
}

}  // namespace

bool query_es_state(Context& ctx, GLenum pname, StateValue& value) {
  // GL_PRIMITIVE_BOUNDING_BOX has the value of ARB_ES3_2_compatibility's name.
  if (!ctx.config().es() || pname != GL_PRIMITIVE_BOUNDING_BOX_ARB) return false;
  GLdouble box[8];
  for (std::size_t i = 0; i < 8; ++i) box[i] = ctx.primitive_bounding_box[i];
  value.set_floats(StateValue::Type::Float, box, 8);
  return true;
}

namespace api {

// ES 3.2 17.3.6.3: orders advanced blending's framebuffer reads after earlier writes. glvk
// advertises no advanced blend equation, so there is nothing to order.
void BlendBarrier(Context& ctx, const char* fn) { es_context(ctx, fn); }

// ES 3.2 11.1.3.9: a bounding box hint for tessellation and geometry output; no errors.
void PrimitiveBoundingBox(Context& ctx, const char* fn, GLfloat minX, GLfloat minY, GLfloat minZ, GLfloat minW,
                          GLfloat maxX, GLfloat maxY, GLfloat maxZ, GLfloat maxW) {
  if (es_context(ctx, fn)) ctx.primitive_bounding_box = {minX, minY, minZ, minW, maxX, maxY, maxZ, maxW};
}

}  // namespace api
}  // namespace glvk::gl
