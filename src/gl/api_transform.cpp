// Transform state as GL state (no drawing yet): viewports and depth ranges (GL 4.6 section 13.6.1,
// ARB_viewport_array), with their glGet* state.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "api_common.h"
#include "state_query.h"

namespace glvk::gl {
namespace {

// ---------------------------------------------------------------------------------------------
// Viewports

GLdouble clamp_depth(GLdouble value) { return std::clamp(value, 0.0, 1.0); }

// ViewportIndexedf after validation: the origin is clamped to VIEWPORT_BOUNDS_RANGE, the size to
// MAX_VIEWPORT_DIMS.
void set_viewport(Viewport& v, GLfloat x, GLfloat y, GLfloat width, GLfloat height) {
  v.x = std::clamp(x, kViewportBoundsMin, kViewportBoundsMax);
  v.y = std::clamp(y, kViewportBoundsMin, kViewportBoundsMax);
  v.width = std::min(width, GLfloat(kMaxViewportDims));
  v.height = std::min(height, GLfloat(kMaxViewportDims));
}

// The INVALID_VALUE of [first, first + count) against MAX_VIEWPORTS; true when valid.
bool check_viewport_range(Context& ctx, GLuint first, GLsizei count, const char* function) {
  if (count < 0) {
    ctx.error(GL_INVALID_VALUE, "%s(count = %d): negative", function, count);
    return false;
  }
  if (std::uint64_t(first) + std::uint64_t(count) > kMaxViewports) {
    ctx.error(GL_INVALID_VALUE, "%s(first = %u, count = %d): beyond GL_MAX_VIEWPORTS (%u)", function, first, count,
              kMaxViewports);
    return false;
  }
  return true;
}

bool check_viewport_size(Context& ctx, GLfloat width, GLfloat height, const char* function) {
  if (width < 0 || height < 0) {
    ctx.error(GL_INVALID_VALUE, "%s(width = %g, height = %g): negative", function, double(width), double(height));
    return false;
  }
  return true;
}

void viewport_indexed(GLuint index, GLfloat x, GLfloat y, GLfloat width, GLfloat height, const char* function) {
  Context* ctx = current_context();
  if (!ctx) return;
  if (index >= kMaxViewports)
    return ctx->error(GL_INVALID_VALUE, "%s(index = %u): not below GL_MAX_VIEWPORTS (%u)", function, index,
                      kMaxViewports);
  if (!check_viewport_size(*ctx, width, height, function)) return;
  set_viewport(ctx->transform.viewports[index], x, y, width, height);
}

void viewport_value(const Viewport& v, StateValue& value) {
  const GLdouble rect[] = {v.x, v.y, v.width, v.height};
  value.set_floats(StateValue::Type::Float, rect, 4);
}

void depth_range_value(const Viewport& v, StateValue& value) {
  const GLdouble range[] = {v.near_value, v.far_value};
  value.set_floats(StateValue::Type::Normalized, range, 2);
}

}  // namespace

bool query_transform_state(Context& ctx, GLenum pname, StateValue& value, bool& raised) {
  switch (pname) {
    case GL_VIEWPORT: viewport_value(ctx.transform.viewports[0], value); return true;
    case GL_DEPTH_RANGE: depth_range_value(ctx.transform.viewports[0], value); return true;
    case GL_MAX_VIEWPORT_DIMS: value.set_integers({kMaxViewportDims, kMaxViewportDims}); return true;
    case GL_MAX_VIEWPORTS: value.set_integers({kMaxViewports}); return true;
    case GL_VIEWPORT_BOUNDS_RANGE: {
      const GLdouble range[] = {kViewportBoundsMin, kViewportBoundsMax};
      value.set_floats(StateValue::Type::Float, range, 2);
      return true;
    }
    case GL_VIEWPORT_SUBPIXEL_BITS: value.set_integers({kViewportSubpixelBits}); return true;
    case GL_VIEWPORT_INDEX_PROVOKING_VERTEX: value.set_integers({kViewportIndexProvokingVertex}); return true;
    default: break;
  }
  (void)raised;
  return false;
}

bool query_transform_state_indexed(Context& ctx, GLenum pname, GLuint index, StateValue& value, bool& raised,
                                   const char* function) {
  if (pname != GL_VIEWPORT && pname != GL_DEPTH_RANGE) return false;
  if (index >= kMaxViewports) {
    ctx.error(GL_INVALID_VALUE, "%s(index = %u): not below GL_MAX_VIEWPORTS (%u)", function, index, kMaxViewports);
    raised = true;
    return true;
  }
  if (pname == GL_VIEWPORT)
    viewport_value(ctx.transform.viewports[index], value);
  else
    depth_range_value(ctx.transform.viewports[index], value);
  return true;
}

namespace api {

// ---------------------------------------------------------------------------------------------
// Viewports and depth ranges

void Viewport(GLint x, GLint y, GLsizei width, GLsizei height) {
  Context* ctx = current_context();
  if (!ctx) return;
  if (width < 0 || height < 0)
    return ctx->error(GL_INVALID_VALUE, "glViewport(width = %d, height = %d): negative", width, height);
  // Every viewport, as ViewportIndexedf for each index.
  for (gl::Viewport& v : ctx->transform.viewports) set_viewport(v, GLfloat(x), GLfloat(y), GLfloat(width), GLfloat(height));
}

void ViewportIndexedf(GLuint index, GLfloat x, GLfloat y, GLfloat w, GLfloat h) {
  viewport_indexed(index, x, y, w, h, "glViewportIndexedf");
}

void ViewportIndexedfv(GLuint index, const GLfloat* v) {
  viewport_indexed(index, v[0], v[1], v[2], v[3], "glViewportIndexedfv");
}

void ViewportArrayv(GLuint first, GLsizei count, const GLfloat* v) {
  Context* ctx = current_context();
  if (!ctx) return;
  if (!check_viewport_range(*ctx, first, count, "glViewportArrayv")) return;
  for (GLsizei i = 0; i < count; ++i)
    if (!check_viewport_size(*ctx, v[4 * i + 2], v[4 * i + 3], "glViewportArrayv")) return;
  for (GLsizei i = 0; i < count; ++i)
    set_viewport(ctx->transform.viewports[first + GLuint(i)], v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
}

void DepthRange(GLdouble n, GLdouble f) {
  Context* ctx = current_context();
  if (!ctx) return;
  for (gl::Viewport& v : ctx->transform.viewports) {
    v.near_value = clamp_depth(n);
    v.far_value = clamp_depth(f);
  }
}

void DepthRangef(GLfloat n, GLfloat f) { DepthRange(n, f); }

void DepthRangeIndexed(GLuint index, GLdouble n, GLdouble f) {
  Context* ctx = current_context();
  if (!ctx) return;
  if (index >= kMaxViewports)
    return ctx->error(GL_INVALID_VALUE, "glDepthRangeIndexed(index = %u): not below GL_MAX_VIEWPORTS (%u)", index,
                      kMaxViewports);
  ctx->transform.viewports[index].near_value = clamp_depth(n);
  ctx->transform.viewports[index].far_value = clamp_depth(f);
}

void DepthRangeArrayv(GLuint first, GLsizei count, const GLdouble* v) {
  Context* ctx = current_context();
  if (!ctx) return;
  if (!check_viewport_range(*ctx, first, count, "glDepthRangeArrayv")) return;
  for (GLsizei i = 0; i < count; ++i) {
    ctx->transform.viewports[first + GLuint(i)].near_value = clamp_depth(v[2 * i]);
    ctx->transform.viewports[first + GLuint(i)].far_value = clamp_depth(v[2 * i + 1]);
  }
}

}  // namespace api
}  // namespace glvk::gl
