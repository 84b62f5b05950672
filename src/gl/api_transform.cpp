// Transform state as GL state (no drawing yet): viewports and depth ranges (GL 4.6 section 13.6.1,
// ARB_viewport_array) and the compatibility profile's matrix stacks (GL 4.6 compatibility section
// 12.1.1), with their glGet* state.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

#include "api_common.h"
#include "state_query.h"

namespace glvk::gl {

bool compatibility_context(Context& ctx, const char* function) {
  if (!ctx.config().core_profile) return true;
  ctx.error(GL_INVALID_OPERATION, "%s: not part of the core profile", function);
  return false;
}

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

// The INVALID_VALUE of a viewport (or scissor rectangle) index; true when valid.
bool check_viewport_index(Context& ctx, GLuint index, const char* function) {
  if (index < kMaxViewports) return true;
  ctx.error(GL_INVALID_VALUE, "%s(index = %u): not below GL_MAX_VIEWPORTS (%u)", function, index, kMaxViewports);
  return false;
}

void viewport_indexed(Context& ctx, GLuint index, GLfloat x, GLfloat y, GLfloat width, GLfloat height,
                      const char* function) {
  if (!check_viewport_index(ctx, index, function) || !check_viewport_size(ctx, width, height, function)) return;
  set_viewport(ctx.transform.viewports[index], x, y, width, height);
}

// ---------------------------------------------------------------------------------------------
// Matrices (column-major: element (row r, column c) is m[c * 4 + r])

Matrix4 multiply(const Matrix4& a, const Matrix4& b) {
  Matrix4 product{};
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) {
      GLdouble sum = 0;
      for (int k = 0; k < 4; ++k) sum += a[k * 4 + r] * b[c * 4 + k];
      product[c * 4 + r] = sum;
    }
  return product;
}

Matrix4 transpose(const Matrix4& m) {
  Matrix4 t{};
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) t[r * 4 + c] = m[c * 4 + r];
  return t;
}

template <typename T>
Matrix4 from_client(const T* m) {
  Matrix4 out{};
  for (int i = 0; i < 16; ++i) out[i] = GLdouble(m[i]);
  return out;
}

// A matrix given row by row (as the spec prints them), stored column-major.
Matrix4 rows(std::initializer_list<GLdouble> row_major) {
  Matrix4 m{};
  int i = 0;
  for (GLdouble v : row_major) {
    m[(i % 4) * 4 + i / 4] = v;
    ++i;
  }
  return m;
}

std::size_t max_stack_depth(GLenum mode) {
  switch (mode) {
    case GL_MODELVIEW: return kMaxModelviewStackDepth;
    case GL_PROJECTION: return kMaxProjectionStackDepth;
    case GL_TEXTURE: return kMaxTextureStackDepth;
    case GL_COLOR: return kMaxColorMatrixStackDepth;
    default: return kMaxProgramMatrixStackDepth;  // MATRIXi_ARB
  }
}

// The texture matrix stack of the active texture unit; INVALID_OPERATION (and null) when the
// unit has no texture coordinate set (ACTIVE_TEXTURE >= MAX_TEXTURE_COORDS).
std::vector<Matrix4>* texture_stack(Context& ctx, const char* function) {
  if (ctx.active_texture_unit >= kMaxTextureCoords) {
    ctx.error(GL_INVALID_OPERATION, "%s: the active texture unit %u is not below GL_MAX_TEXTURE_COORDS (%u)",
              function, ctx.active_texture_unit, kMaxTextureCoords);
    return nullptr;
  }
  return &ctx.transform.texture[ctx.active_texture_unit];
}

// The stack of `mode`, or null after raising an error.
std::vector<Matrix4>* stack_of(Context& ctx, GLenum mode, const char* function) {
  switch (mode) {
    case GL_MODELVIEW: return &ctx.transform.modelview;
    case GL_PROJECTION: return &ctx.transform.projection;
    case GL_COLOR: return &ctx.transform.color;
    case GL_TEXTURE: return texture_stack(ctx, function);
    default: return &ctx.transform.program[mode - GL_MATRIX0_ARB];
  }
}

// The current matrix mode's stack of a compatibility context, or null (error raised).
std::vector<Matrix4>* current_stack(Context& ctx, const char* function) {
  if (!compatibility_context(ctx, function)) return nullptr;
  return stack_of(ctx, ctx.transform.matrix_mode, function);
}

// C = C * m on the current stack, after the caller's validation.
void multiply_current(std::vector<Matrix4>& stack, const Matrix4& m) { stack.back() = multiply(stack.back(), m); }

void load_matrix(Context& ctx, const Matrix4& m, const char* function) {
  if (std::vector<Matrix4>* stack = current_stack(ctx, function)) stack->back() = m;
}

void mult_matrix(Context& ctx, const Matrix4& m, const char* function) {
  if (std::vector<Matrix4>* stack = current_stack(ctx, function)) multiply_current(*stack, m);
}

void translate(Context& ctx, GLdouble x, GLdouble y, GLdouble z, const char* function) {
  mult_matrix(ctx, rows({1, 0, 0, x,  //
                    0, 1, 0, y,  //
                    0, 0, 1, z,  //
                    0, 0, 0, 1}),
              function);
}

void scale(Context& ctx, GLdouble x, GLdouble y, GLdouble z, const char* function) {
  mult_matrix(ctx, rows({x, 0, 0, 0,  //
                    0, y, 0, 0,  //
                    0, 0, z, 0,  //
                    0, 0, 0, 1}),
              function);
}

// R = u u^T + cos(theta) (I - u u^T) + sin(theta) S for the normalised axis u. The spec leaves a
// zero axis undefined: glvk leaves the matrix as it is.
void rotate(Context& ctx, GLdouble degrees, GLdouble x, GLdouble y, GLdouble z, const char* function) {
  std::vector<Matrix4>* stack = current_stack(ctx, function);
  if (!stack) return;
  const GLdouble length = std::sqrt(x * x + y * y + z * z);
  if (length == 0.0 || !std::isfinite(length)) return;
  x /= length;
  y /= length;
  z /= length;
  const GLdouble theta = degrees * (std::numbers::pi / 180.0);
  const GLdouble c = std::cos(theta), s = std::sin(theta), t = 1.0 - c;
  multiply_current(*stack, rows({x * x * t + c,     x * y * t - z * s, x * z * t + y * s, 0,  //
                                 y * x * t + z * s, y * y * t + c,     y * z * t - x * s, 0,  //
                                 z * x * t - y * s, z * y * t + x * s, z * z * t + c,     0,  //
                                 0,                 0,                 0,                 1}));
}

// The GL_*_MATRIX queries' mode, or 0.
// `ctx_mode`: MATRIX_MODE, which the CURRENT_MATRIX_ARB queries read (ARB_vertex_program).
GLenum matrix_query_mode(GLenum pname, GLenum ctx_mode, bool& transposed) {
  transposed = false;
  switch (pname) {
    case GL_MODELVIEW_MATRIX: return GL_MODELVIEW;
    case GL_CURRENT_MATRIX_ARB: return ctx_mode;
    case GL_PROJECTION_MATRIX: return GL_PROJECTION;
    case GL_TEXTURE_MATRIX: return GL_TEXTURE;
    case GL_COLOR_MATRIX: return GL_COLOR;
    default: break;
  }
  transposed = true;
  switch (pname) {
    case GL_TRANSPOSE_MODELVIEW_MATRIX: return GL_MODELVIEW;
    case GL_TRANSPOSE_CURRENT_MATRIX_ARB: return ctx_mode;
    case GL_TRANSPOSE_PROJECTION_MATRIX: return GL_PROJECTION;
    case GL_TRANSPOSE_TEXTURE_MATRIX: return GL_TEXTURE;
    case GL_TRANSPOSE_COLOR_MATRIX: return GL_COLOR;
    default: return 0;
  }
}

GLenum stack_depth_query_mode(GLenum pname, GLenum ctx_mode) {
  switch (pname) {
    case GL_CURRENT_MATRIX_STACK_DEPTH_ARB: return ctx_mode;
    case GL_MODELVIEW_STACK_DEPTH: return GL_MODELVIEW;
    case GL_PROJECTION_STACK_DEPTH: return GL_PROJECTION;
    case GL_TEXTURE_STACK_DEPTH: return GL_TEXTURE;
    case GL_COLOR_MATRIX_STACK_DEPTH: return GL_COLOR;
    default: return 0;
  }
}

// The compatibility profile's matrix state (INVALID_ENUM in core contexts: not a state there).
bool query_matrix_state(Context& ctx, GLenum pname, StateValue& value, bool& raised, const char* function) {
  bool transposed = false;
  if (const GLenum mode = matrix_query_mode(pname, ctx.transform.matrix_mode, transposed)) {
    const std::vector<Matrix4>* stack = stack_of(ctx, mode, function);
    if (!stack) {
      raised = true;
      return true;
    }
    const Matrix4 m = transposed ? transpose(stack->back()) : stack->back();
    value.set_floats(StateValue::Type::Float, m.data(), m.size());
    return true;
  }
  if (const GLenum mode = stack_depth_query_mode(pname, ctx.transform.matrix_mode)) {
    const std::vector<Matrix4>* stack = stack_of(ctx, mode, function);
    if (!stack) {
      raised = true;
      return true;
    }
    value.set_integers({GLint64(stack->size())});
    return true;
  }
  switch (pname) {
    case GL_MATRIX_MODE: value.set_integers({ctx.transform.matrix_mode}); return true;
    case GL_MAX_MODELVIEW_STACK_DEPTH: value.set_integers({GLint64(kMaxModelviewStackDepth)}); return true;
    case GL_MAX_PROJECTION_STACK_DEPTH: value.set_integers({GLint64(kMaxProjectionStackDepth)}); return true;
    case GL_MAX_TEXTURE_STACK_DEPTH: value.set_integers({GLint64(kMaxTextureStackDepth)}); return true;
    case GL_MAX_COLOR_MATRIX_STACK_DEPTH: value.set_integers({GLint64(kMaxColorMatrixStackDepth)}); return true;
    case GL_MAX_TEXTURE_COORDS: value.set_integers({kMaxTextureCoords}); return true;
    case GL_MAX_PROGRAM_MATRICES_ARB: value.set_integers({kMaxProgramMatrices}); return true;
    case GL_MAX_PROGRAM_MATRIX_STACK_DEPTH_ARB: value.set_integers({GLint64(kMaxProgramMatrixStackDepth)}); return true;
    default: return false;
  }
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

bool query_transform_state(Context& ctx, GLenum pname, StateValue& value, bool& raised, const char* function) {
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
    case GL_VIEWPORT_INDEX_PROVOKING_VERTEX:
    case GL_LAYER_PROVOKING_VERTEX: value.set_integers({kLayerViewportProvokingVertex}); return true;
    default: break;
  }
  if (ctx.config().core_profile) return false;
  // The current and raster texture coordinates of a unit with no coordinate set, like its matrix,
  // are INVALID_OPERATION (GL 4.6 compatibility 10.2.2, 14.7; as Mesa).
  if ((pname == GL_CURRENT_TEXTURE_COORDS || pname == GL_CURRENT_RASTER_TEXTURE_COORDS) && !texture_stack(ctx, function)) {
    raised = true;
    return true;
  }
  return query_matrix_state(ctx, pname, value, raised, function);
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

void Viewport(Context& ctx, const char* fn, GLint x, GLint y, GLsizei width, GLsizei height) {
  if (width < 0 || height < 0)
    return ctx.error(GL_INVALID_VALUE, "%s(width = %d, height = %d): negative", fn, width, height);
  // Every viewport, as ViewportIndexedf for each index.
  for (gl::Viewport& v : ctx.transform.viewports) set_viewport(v, GLfloat(x), GLfloat(y), GLfloat(width), GLfloat(height));
}

void ViewportIndexedf(Context& ctx, const char* fn, GLuint index, GLfloat x, GLfloat y, GLfloat w, GLfloat h) {
  viewport_indexed(ctx, index, x, y, w, h, fn);
}

void ViewportIndexedfv(Context& ctx, const char* fn, GLuint index, const GLfloat* v) {
  viewport_indexed(ctx, index, v[0], v[1], v[2], v[3], fn);
}

void ViewportArrayv(Context& ctx, const char* fn, GLuint first, GLsizei count, const GLfloat* v) {
  if (!check_viewport_range(ctx, first, count, fn)) return;
  for (GLsizei i = 0; i < count; ++i)
    if (!check_viewport_size(ctx, v[4 * i + 2], v[4 * i + 3], fn)) return;
  for (GLsizei i = 0; i < count; ++i)
    set_viewport(ctx.transform.viewports[first + GLuint(i)], v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
}

void DepthRange(Context& ctx, const char*, GLdouble n, GLdouble f) {
  for (gl::Viewport& v : ctx.transform.viewports) {
    v.near_value = clamp_depth(n);
    v.far_value = clamp_depth(f);
  }
}

void DepthRangef(Context& ctx, const char* fn, GLfloat n, GLfloat f) { DepthRange(ctx, fn, n, f); }

void DepthRangeIndexed(Context& ctx, const char* fn, GLuint index, GLdouble n, GLdouble f) {
  if (!check_viewport_index(ctx, index, fn)) return;
  ctx.transform.viewports[index].near_value = clamp_depth(n);
  ctx.transform.viewports[index].far_value = clamp_depth(f);
}

void DepthRangeArrayv(Context& ctx, const char* fn, GLuint first, GLsizei count, const GLdouble* v) {
  if (!check_viewport_range(ctx, first, count, fn)) return;
  for (GLsizei i = 0; i < count; ++i) {
    ctx.transform.viewports[first + GLuint(i)].near_value = clamp_depth(v[2 * i]);
    ctx.transform.viewports[first + GLuint(i)].far_value = clamp_depth(v[2 * i + 1]);
  }
}

// The scissor rectangles, one per viewport (ARB_viewport_array): glScissor sets them all, the
// indexed forms one or a range; clears and blits use index 0 (api_framebuffers.cpp).

void Scissor(Context& ctx, const char* fn, GLint x, GLint y, GLsizei width, GLsizei height) {
  if (!check_viewport_size(ctx, GLfloat(width), GLfloat(height), fn)) return;
  ctx.scissor_box.fill({x, y, width, height});
}

void ScissorIndexed(Context& ctx, const char* fn, GLuint index, GLint left, GLint bottom, GLsizei width,
                    GLsizei height) {
  if (!check_viewport_index(ctx, index, fn) ||
      !check_viewport_size(ctx, GLfloat(width), GLfloat(height), fn))
    return;
  ctx.scissor_box[index] = {left, bottom, width, height};
}

void ScissorIndexedv(Context& ctx, const char* fn, GLuint index, const GLint* v) {
  ScissorIndexed(ctx, fn, index, v[0], v[1], v[2], v[3]);
}

void ScissorArrayv(Context& ctx, const char* fn, GLuint first, GLsizei count, const GLint* v) {
  if (!check_viewport_range(ctx, first, count, fn)) return;
  for (GLsizei i = 0; i < count; ++i)
    if (!check_viewport_size(ctx, GLfloat(v[4 * i + 2]), GLfloat(v[4 * i + 3]), fn)) return;
  for (GLsizei i = 0; i < count; ++i)
    ctx.scissor_box[first + GLuint(i)] = {v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]};
}

// ---------------------------------------------------------------------------------------------
// Matrix stacks (compatibility profile)

void MatrixMode(Context& ctx, const char* fn, GLenum mode) {
  if (!compatibility_context(ctx, fn)) return;
  const bool program_matrix = mode >= GL_MATRIX0_ARB && mode < GL_MATRIX0_ARB + kMaxProgramMatrices;
  if (mode != GL_MODELVIEW && mode != GL_PROJECTION && mode != GL_TEXTURE && mode != GL_COLOR && !program_matrix)
    return ctx.error(GL_INVALID_ENUM, "%s(mode = 0x%04x): not a matrix mode", fn, mode);
  if (mode == GL_TEXTURE && !texture_stack(ctx, fn)) return;
  ctx.transform.matrix_mode = mode;
}

void PushMatrix(Context& ctx, const char* fn) {
  if (!compatibility_context(ctx, fn)) return;
  std::vector<Matrix4>* stack = stack_of(ctx, ctx.transform.matrix_mode, fn);
  if (!stack) return;
  if (stack->size() >= max_stack_depth(ctx.transform.matrix_mode))
    return ctx.error(GL_STACK_OVERFLOW, "%s: the stack of matrix mode 0x%04x is full (%zu)", fn,
                     ctx.transform.matrix_mode, stack->size());
  stack->push_back(stack->back());
}

void PopMatrix(Context& ctx, const char* fn) {
  if (!compatibility_context(ctx, fn)) return;
  std::vector<Matrix4>* stack = stack_of(ctx, ctx.transform.matrix_mode, fn);
  if (!stack) return;
  if (stack->size() <= 1)
    return ctx.error(GL_STACK_UNDERFLOW, "%s: the stack of matrix mode 0x%04x holds one matrix", fn,
                     ctx.transform.matrix_mode);
  stack->pop_back();
}

void LoadIdentity(Context& ctx, const char* fn) { load_matrix(ctx, kIdentityMatrix, fn); }
void LoadMatrixf(Context& ctx, const char* fn, const GLfloat* m) { load_matrix(ctx, from_client(m), fn); }
void LoadMatrixd(Context& ctx, const char* fn, const GLdouble* m) { load_matrix(ctx, from_client(m), fn); }
void MultMatrixf(Context& ctx, const char* fn, const GLfloat* m) { mult_matrix(ctx, from_client(m), fn); }
void MultMatrixd(Context& ctx, const char* fn, const GLdouble* m) { mult_matrix(ctx, from_client(m), fn); }
void LoadTransposeMatrixf(Context& ctx, const char* fn, const GLfloat* m) {
  load_matrix(ctx, transpose(from_client(m)), fn);
}
void LoadTransposeMatrixd(Context& ctx, const char* fn, const GLdouble* m) {
  load_matrix(ctx, transpose(from_client(m)), fn);
}
void MultTransposeMatrixf(Context& ctx, const char* fn, const GLfloat* m) {
  mult_matrix(ctx, transpose(from_client(m)), fn);
}
void MultTransposeMatrixd(Context& ctx, const char* fn, const GLdouble* m) {
  mult_matrix(ctx, transpose(from_client(m)), fn);
}

void Translatef(Context& ctx, const char* fn, GLfloat x, GLfloat y, GLfloat z) { translate(ctx, x, y, z, fn); }
void Translated(Context& ctx, const char* fn, GLdouble x, GLdouble y, GLdouble z) { translate(ctx, x, y, z, fn); }
void Scalef(Context& ctx, const char* fn, GLfloat x, GLfloat y, GLfloat z) { scale(ctx, x, y, z, fn); }
void Scaled(Context& ctx, const char* fn, GLdouble x, GLdouble y, GLdouble z) { scale(ctx, x, y, z, fn); }
void Rotatef(Context& ctx, const char* fn, GLfloat angle, GLfloat x, GLfloat y, GLfloat z) {
  rotate(ctx, angle, x, y, z, fn);
}
void Rotated(Context& ctx, const char* fn, GLdouble angle, GLdouble x, GLdouble y, GLdouble z) {
  rotate(ctx, angle, x, y, z, fn);
}

void Ortho(Context& ctx, const char* fn, GLdouble l, GLdouble r, GLdouble b, GLdouble t, GLdouble n, GLdouble f) {
  if (!compatibility_context(ctx, fn)) return;
  if (l == r || b == t || n == f)
    return ctx.error(GL_INVALID_VALUE, "%s(%g, %g, %g, %g, %g, %g): an empty volume", fn, l, r, b, t, n, f);
  std::vector<Matrix4>* stack = stack_of(ctx, ctx.transform.matrix_mode, fn);
  if (!stack) return;
  multiply_current(*stack, rows({2 / (r - l), 0,           0,            -(r + l) / (r - l),  //
                                 0,           2 / (t - b), 0,            -(t + b) / (t - b),  //
                                 0,           0,           -2 / (f - n), -(f + n) / (f - n),  //
                                 0,           0,           0,            1}));
}

void Frustum(Context& ctx, const char* fn, GLdouble l, GLdouble r, GLdouble b, GLdouble t, GLdouble n, GLdouble f) {
  if (!compatibility_context(ctx, fn)) return;
  if (n <= 0 || f <= 0 || l == r || b == t || n == f)
    return ctx.error(GL_INVALID_VALUE, "%s(%g, %g, %g, %g, %g, %g): near and far must be positive and "
                     "differ, the volume not empty", fn, l, r, b, t, n, f);
  std::vector<Matrix4>* stack = stack_of(ctx, ctx.transform.matrix_mode, fn);
  if (!stack) return;
  multiply_current(*stack, rows({2 * n / (r - l), 0,               (r + l) / (r - l),  0,                       //
                                 0,               2 * n / (t - b), (t + b) / (t - b),  0,                       //
                                 0,               0,               -(f + n) / (f - n), -2 * f * n / (f - n),    //
                                 0,               0,               -1,                 0}));
}

}  // namespace api
}  // namespace glvk::gl
