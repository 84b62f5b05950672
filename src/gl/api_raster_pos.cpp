// The current raster position (GL 4.6 compatibility 14.7): glRasterPos* transforms and clips a
// point like a vertex, glWindowPos* sets window coordinates directly; glPixelZoom (18.1.5); their
// glGet state. glDrawPixels, glBitmap and glCopyPixels (api_pixel_rects.cpp) draw from here.
#include <algorithm>
#include <cmath>

#include "api_common.h"
#include "fixed_function/ff_math.h"
#include "legacy_internal.h"
#include "legacy_params.h"
#include "vertex_array_state.h"

namespace glvk::gl {

namespace {

std::array<GLdouble, 4> transform(const Matrix4& m, const std::array<GLdouble, 4>& v) {
  std::array<GLdouble, 4> r{};
  for (int row = 0; row < 4; ++row)
    for (int c = 0; c < 4; ++c) r[std::size_t(row)] += m[std::size_t(c * 4 + row)] * v[std::size_t(c)];
  return r;
}

// The colours, texture coordinates and distance a new raster position takes from the current
// values (without lighting: the lit colour is not computed for raster positions yet).
void capture_current(Context& ctx, bool transform_texcoords, GLfloat eye_distance) {
  LegacyState& l = ctx.legacy;
  RasterPosition& r = l.raster;
  // Colours as a vertex's reach the rasterizer: clamped to [0, 1] (12.2.5 with CLAMP_VERTEX_COLOR).
  for (int i = 0; i < 4; ++i) {
    r.color[std::size_t(i)] = std::clamp(l.current.color[std::size_t(i)], 0.0f, 1.0f);
    r.secondary_color[std::size_t(i)] = std::clamp(l.current.secondary_color[std::size_t(i)], 0.0f, 1.0f);
  }
  for (unsigned u = 0; u < kFixedTextureUnits; ++u) {
    const Vec4& t = l.current.texcoords[u];
    if (!transform_texcoords) {
      r.texcoords[u] = t;
      continue;
    }
    const auto m = transform(ctx.transform.texture[u].back(), {t[0], t[1], t[2], t[3]});
    r.texcoords[u] = {GLfloat(m[0]), GLfloat(m[1]), GLfloat(m[2]), GLfloat(m[3])};
  }
  r.distance = l.fog.coord_src == GL_FOG_COORD ? l.current.fog_coord : eye_distance;
}

template <typename T>
void raster_pos(Context& ctx, const char* fn, const T* v, int n) {
  if (!compatibility_context(ctx, fn)) return;
  const std::array<GLdouble, 4> object{GLdouble(v[0]), GLdouble(v[1]), n > 2 ? GLdouble(v[2]) : 0.0,
                                       n > 3 ? GLdouble(v[3]) : 1.0};
  const auto eye = transform(ctx.transform.modelview.back(), object);
  const auto clip = transform(ctx.transform.projection.back(), eye);
  RasterPosition& r = ctx.legacy.raster;
  // 14.7: the point is clipped like a vertex (view volume, user clip planes); clipped: invalid.
  const GLdouble w = clip[3];
  bool inside = std::abs(clip[0]) <= w && std::abs(clip[1]) <= w;
  if (!ctx.render.depth_clamp)
    inside = inside && clip[2] <= w && clip[2] >= (ctx.render.clip_depth_mode == GL_ZERO_TO_ONE ? 0.0 : -w);
  for (unsigned i = 0; i < ctx.legacy.clip_planes.size(); ++i) {
    if (!(ctx.render.clip_distances & (1u << i))) continue;
    const auto& p = ctx.legacy.clip_planes[i];
    if (p[0] * eye[0] + p[1] * eye[1] + p[2] * eye[2] + p[3] * eye[3] < 0) inside = false;
  }
  if (!inside || w == 0) {
    r.valid = false;
    return;
  }
  const Viewport& vp = ctx.transform.viewports[0];
  const GLdouble ndc[3] = {clip[0] / w, clip[1] / w, clip[2] / w};
  const GLdouble depth = ctx.render.clip_depth_mode == GL_ZERO_TO_ONE ? ndc[2] : (ndc[2] + 1) / 2;
  r.window = {GLfloat(vp.x + (ndc[0] + 1) * vp.width / 2), GLfloat(vp.y + (ndc[1] + 1) * vp.height / 2),
              GLfloat(std::clamp(vp.near_value + depth * (vp.far_value - vp.near_value), 0.0, 1.0)), GLfloat(w)};
  r.valid = true;
  // The raster distance, which fogs the rectangle: |z_e|, the approximation of the eye distance 16.4
  // allows and glvk's vertices are fogged with (Mesa llvmpipe takes it too).
  capture_current(ctx, true, GLfloat(std::abs(eye[2])));
  if (ctx.legacy.render_mode == GL_SELECT) select_feedback_raster(ctx, 0);  // 20.1: a valid raster position hits
}

template <typename T>
void window_pos(Context& ctx, const char* fn, const T* v, int n) {
  if (!compatibility_context(ctx, fn)) return;
  const Viewport& vp = ctx.transform.viewports[0];
  const GLdouble z = n > 2 ? GLdouble(v[2]) : 0.0;
  // 14.7.1: z maps into the depth range as z_w = n + z (f - n), clamped to [0, 1]; w_c = 1.
  RasterPosition& r = ctx.legacy.raster;
  r.window = {GLfloat(v[0]), GLfloat(v[1]),
              GLfloat(std::clamp(vp.near_value + std::clamp(z, 0.0, 1.0) * (vp.far_value - vp.near_value), 0.0, 1.0)),
              1.0f};
  r.valid = true;
  capture_current(ctx, false, 0.0f);
}

}  // namespace

bool query_raster_state(Context& ctx, GLenum pname, StateValue& value) {
  const RasterPosition& r = ctx.legacy.raster;
  switch (pname) {
    case GL_CURRENT_RASTER_POSITION: set_state_floats(value, r.window.data(), 4, false); return true;
    case GL_CURRENT_RASTER_POSITION_VALID: value.set_integers({r.valid}); return true;
    case GL_CURRENT_RASTER_COLOR: set_state_floats(value, r.color.data(), 4, true); return true;
    case GL_CURRENT_RASTER_SECONDARY_COLOR: set_state_floats(value, r.secondary_color.data(), 4, true); return true;
    case GL_CURRENT_RASTER_TEXTURE_COORDS: {
      const GLuint unit = std::min<GLuint>(ctx.active_texture_unit, kFixedTextureUnits - 1);
      set_state_floats(value, r.texcoords[unit].data(), 4, false);
      return true;
    }
    case GL_CURRENT_RASTER_DISTANCE: set_state_floats(value, &r.distance, 1, false); return true;
    case GL_CURRENT_RASTER_INDEX: set_state_floats(value, &r.index, 1, false); return true;
    case GL_ZOOM_X: set_state_floats(value, &ctx.legacy.zoom_x, 1, false); return true;
    case GL_ZOOM_Y: set_state_floats(value, &ctx.legacy.zoom_y, 1, false); return true;
    default: return false;
  }
}

namespace api {

#define GLVK_POS(Name, sink, N, Suffix, T)                                                  \
  void Name##N##Suffix##v(Context& ctx, const char* fn, const T* v) {                      \
    if (check_values(ctx, fn, v)) sink(ctx, fn, v, N);                                     \
  }
#define GLVK_POS2(Name, sink, Suffix, T)                                                    \
  void Name##2##Suffix(Context& ctx, const char* fn, T x, T y) {                           \
    const T v[] = {x, y};                                                                  \
    sink(ctx, fn, v, 2);                                                                   \
  }                                                                                        \
  GLVK_POS(Name, sink, 2, Suffix, T)
#define GLVK_POS3(Name, sink, Suffix, T)                                                    \
  void Name##3##Suffix(Context& ctx, const char* fn, T x, T y, T z) {                      \
    const T v[] = {x, y, z};                                                               \
    sink(ctx, fn, v, 3);                                                                   \
  }                                                                                        \
  GLVK_POS(Name, sink, 3, Suffix, T)
#define GLVK_POS4(Name, sink, Suffix, T)                                                    \
  void Name##4##Suffix(Context& ctx, const char* fn, T x, T y, T z, T w) {                 \
    const T v[] = {x, y, z, w};                                                            \
    sink(ctx, fn, v, 4);                                                                   \
  }                                                                                        \
  GLVK_POS(Name, sink, 4, Suffix, T)
#define GLVK_POS_TYPES(M, Name, sink)                                                       \
  M(Name, sink, d, GLdouble) M(Name, sink, f, GLfloat) M(Name, sink, i, GLint) M(Name, sink, s, GLshort)

GLVK_POS_TYPES(GLVK_POS2, RasterPos, raster_pos)
GLVK_POS_TYPES(GLVK_POS3, RasterPos, raster_pos)
GLVK_POS_TYPES(GLVK_POS4, RasterPos, raster_pos)
GLVK_POS_TYPES(GLVK_POS2, WindowPos, window_pos)
GLVK_POS_TYPES(GLVK_POS3, WindowPos, window_pos)

void PixelZoom(Context& ctx, const char* fn, GLfloat xfactor, GLfloat yfactor) {
  if (!compatibility_context(ctx, fn)) return;
  ctx.legacy.zoom_x = xfactor;
  ctx.legacy.zoom_y = yfactor;
}

}  // namespace api

}  // namespace glvk::gl
