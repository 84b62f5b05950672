// Evaluators (GL 4.6 compatibility 12.1.?, "Evaluators"): glMap1/glMap2 keep Bezier control points
// per target, glEvalCoord evaluates the enabled maps on the CPU and issues the result as an
// ordinary immediate-mode vertex (drawn, compiled and selected like a glVertex), and
// glMapGrid/glEvalPoint/glEvalMesh walk a grid through glBegin/glEnd. glGetMap* and the grid state
// for glGet. The evaluated values leave the current values alone (12.1.?: only glColor, glNormal,
// ... change them).
#include <cmath>

#include "api_common.h"
#include "glvk/gl/dispatch.h"
#include "legacy_internal.h"
#include "legacy_params.h"
#include "state_query.h"
#include "vertex_array_state.h"

namespace glvk::gl {

namespace {

constexpr GLint kMaxEvalOrder = 8;  // MAX_EVAL_ORDER (api_fog_texenv.cpp answers it)

// The nine targets of each dimension in enum order (MAP1_COLOR_4 0x0D90 .. MAP1_VERTEX_4 0x0D98,
// MAP2_* from 0x0DB0).
enum MapSlot { kColor4, kIndex, kNormal, kTexCoord1, kTexCoord2, kTexCoord3, kTexCoord4, kVertex3, kVertex4 };
constexpr int kMapTargets = 9;
constexpr int kComponents[kMapTargets] = {4, 1, 3, 1, 2, 3, 4, 3, 4};

}  // namespace

// One map: its domain, orders and control points; point (i, j) (u index i, v index j) starts at
// points[(j * uorder + i) * components].
struct EvalMap {
  GLfloat u1 = 0, u2 = 1, v1 = 0, v2 = 1;
  GLint uorder = 1, vorder = 1;
  std::vector<GLfloat> points;
};

struct Evaluators {
  std::array<EvalMap, kMapTargets> map1, map2;
  GLint grid1_n = 1;
  GLfloat grid1_u1 = 0, grid1_u2 = 1;
  GLint grid2_un = 1, grid2_vn = 1;
  GLfloat grid2_u1 = 0, grid2_u2 = 1, grid2_v1 = 0, grid2_v2 = 1;
  Evaluators() {
    // Table 23.?: one control point each, the initial value of the attribute it replaces.
    for (int s = 0; s < kMapTargets; ++s) {
      std::vector<GLfloat> p(std::size_t(kComponents[s]), 0.0f);
      if (s == kColor4) p = {1, 1, 1, 1};
      if (s == kIndex || s == kTexCoord4 || s == kVertex4) p.back() = 1;
      if (s == kNormal) p[2] = 1;
      map1[std::size_t(s)].points = p;
      map2[std::size_t(s)].points = p;
    }
  }
};

namespace {

Evaluators& evaluators(Context& ctx) {
  if (!ctx.legacy.evaluators) ctx.legacy.evaluators = std::make_shared<Evaluators>();
  return *ctx.legacy.evaluators;
}

// The slot of a MAP1_* (dimension 1) or MAP2_* (2) target, or -1.
int map_slot(GLenum target, int dimension) {
  const GLenum first = dimension == 1 ? GL_MAP1_COLOR_4 : GL_MAP2_COLOR_4;
  return target >= first && target < first + kMapTargets ? int(target - first) : -1;
}
GLenum map_target(int slot, int dimension) { return (dimension == 1 ? GL_MAP1_COLOR_4 : GL_MAP2_COLOR_4) + GLenum(slot); }

// Bernstein polynomials of degree n at t and their derivatives (d/dt).
void bernstein(int n, double t, double* b, double* db) {
  for (int i = 0; i <= n; ++i) {
    double c = 1;  // binomial(n, i)
    for (int k = 1; k <= i; ++k) c = c * (n - i + k) / k;
    b[i] = c * std::pow(t, i) * std::pow(1 - t, n - i);
  }
  // d/dt B(i, n) = n (B(i - 1, n - 1) - B(i, n - 1)).
  double lower[kMaxEvalOrder] = {};
  if (n > 0) bernstein(n - 1, t, lower, nullptr);
  if (db)
    for (int i = 0; i <= n; ++i) db[i] = n == 0 ? 0 : n * ((i > 0 ? lower[i - 1] : 0) - (i < n ? lower[i] : 0));
}

// The map at (u, v) (v ignored for dimension 1) and, when asked, its partial derivatives with
// respect to u and v (12.1.?'s p, dp/du, dp/dv; the domain's scale included).
void evaluate(const EvalMap& m, int k, GLfloat u, GLfloat v, double* p, double* du = nullptr, double* dv = nullptr) {
  const double su = 1.0 / (double(m.u2) - double(m.u1)), sv = 1.0 / (double(m.v2) - double(m.v1));
  const double uu = (double(u) - m.u1) * su, vv = (double(v) - m.v1) * sv;
  double bu[kMaxEvalOrder], dbu[kMaxEvalOrder], bv[kMaxEvalOrder] = {1}, dbv[kMaxEvalOrder] = {0};
  bernstein(m.uorder - 1, uu, bu, dbu);
  if (m.vorder > 1) bernstein(m.vorder - 1, vv, bv, dbv);
  for (int c = 0; c < k; ++c) {
    p[c] = 0;
    if (du) du[c] = dv[c] = 0;
  }
  for (int j = 0; j < m.vorder; ++j)
    for (int i = 0; i < m.uorder; ++i) {
      const GLfloat* r = &m.points[std::size_t((j * m.uorder + i) * k)];
      for (int c = 0; c < k; ++c) {
        p[c] += bu[i] * bv[j] * r[c];
        if (du) {
          du[c] += dbu[i] * su * bv[j] * r[c];
          dv[c] += bu[i] * dbv[j] * sv * r[c];
        }
      }
    }
}

bool enabled(Context& ctx, int slot, int dimension) { return capability_enabled(ctx, map_target(slot, dimension)); }

// glEvalCoord1/2: every enabled map of the dimension evaluated; a vertex issued with them when
// a vertex map is enabled (VERTEX_4 before VERTEX_3; the texture coordinate map with the most
// components wins; 12.1.?), the current values restored after.
void eval_coord(Context& ctx, const char* fn, int dimension, GLfloat u, GLfloat v) {
  if (!compatibility_context(ctx, fn)) return;
  Evaluators& e = evaluators(ctx);
  const auto& maps = dimension == 1 ? e.map1 : e.map2;
  const int vertex_slot = enabled(ctx, kVertex4, dimension) ? kVertex4 : enabled(ctx, kVertex3, dimension) ? kVertex3 : -1;
  if (vertex_slot < 0) return;  // nothing is issued without a vertex
  const CurrentValues saved = ctx.legacy.current;
  CurrentValues& c = ctx.legacy.current;
  double r[4];
  if (enabled(ctx, kColor4, dimension)) {
    evaluate(maps[kColor4], 4, u, v, r);
    c.color = {GLfloat(r[0]), GLfloat(r[1]), GLfloat(r[2]), GLfloat(r[3])};
  }
  if (enabled(ctx, kIndex, dimension)) {
    evaluate(maps[kIndex], 1, u, v, r);
    c.index = GLfloat(r[0]);
  }
  for (int s = kTexCoord4; s >= kTexCoord1; --s) {
    if (!enabled(ctx, s, dimension)) continue;
    const int k = kComponents[s];
    evaluate(maps[std::size_t(s)], k, u, v, r);
    Vec4 t{0, 0, 0, 1};
    for (int i = 0; i < k; ++i) t[std::size_t(i)] = GLfloat(r[i]);
    c.texcoords[0] = t;
    break;
  }
  const int vk = kComponents[vertex_slot];
  double p[4] = {0, 0, 0, 1}, pu[4], pv[4];
  const bool auto_normal = dimension == 2 && capability_enabled(ctx, GL_AUTO_NORMAL);
  evaluate(maps[std::size_t(vertex_slot)], vk, u, v, p, auto_normal ? pu : nullptr, auto_normal ? pv : nullptr);
  if (auto_normal) {
    // 12.1.?: n = m / |m|, m = dp/du x dp/dv; for VERTEX_4 the derivatives of (x, y, z) / w,
    // whose direction is that of w dp/du - p dw/du.
    if (vk == 4)
      for (int i = 0; i < 3; ++i) {
        pu[i] = pu[i] * p[3] - p[i] * pu[3];
        pv[i] = pv[i] * p[3] - p[i] * pv[3];
      }
    double n[3] = {pu[1] * pv[2] - pu[2] * pv[1], pu[2] * pv[0] - pu[0] * pv[2], pu[0] * pv[1] - pu[1] * pv[0]};
    const double len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    if (len > 0)
      for (double& x : n) x /= len;
    c.normal = {GLfloat(n[0]), GLfloat(n[1]), GLfloat(n[2])};
  } else if (enabled(ctx, kNormal, dimension)) {
    evaluate(maps[kNormal], 3, u, v, r);
    c.normal = {GLfloat(r[0]), GLfloat(r[1]), GLfloat(r[2])};
  }
  emit_vertex(ctx, {GLfloat(p[0]), GLfloat(p[1]), GLfloat(p[2]), GLfloat(p[3])});
  ctx.legacy.current = saved;
}

// glMap1/glMap2 after their checks: the control points copied out of client memory (strides in
// values), stored, or compiled into the list being built with a copy.
template <typename T>
void map(Context& ctx, const char* fn, int dimension, GLenum target, T u1, T u2, GLint ustride, GLint uorder, T v1,
         T v2, GLint vstride, GLint vorder, const T* points) {
  if (!compatibility_context(ctx, fn)) return;
  const int slot = map_slot(target, dimension);
  if (slot < 0) return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a map of this dimension", fn, target);
  const int k = kComponents[slot];
  if (u1 == u2 || (dimension == 2 && v1 == v2)) return ctx.error(GL_INVALID_VALUE, "%s: an empty domain", fn);
  if (ustride < k || (dimension == 2 && vstride < k))
    return ctx.error(GL_INVALID_VALUE, "%s: a stride below the map's %d components", fn, k);
  if (uorder < 1 || uorder > kMaxEvalOrder || (dimension == 2 && (vorder < 1 || vorder > kMaxEvalOrder)))
    return ctx.error(GL_INVALID_VALUE, "%s: an order outside [1, MAX_EVAL_ORDER]", fn);
  // 12.1.?: the maps belong to texture unit 0.
  if (ctx.active_texture_unit != 0)
    return ctx.error(GL_INVALID_OPERATION, "%s: ACTIVE_TEXTURE is not TEXTURE0", fn);
  if (!check_values(ctx, fn, points)) return;
  EvalMap m;
  m.u1 = GLfloat(u1);
  m.u2 = GLfloat(u2);
  m.v1 = dimension == 2 ? GLfloat(v1) : 0.0f;
  m.v2 = dimension == 2 ? GLfloat(v2) : 1.0f;
  m.uorder = uorder;
  m.vorder = dimension == 2 ? vorder : 1;
  m.points.resize(std::size_t(m.uorder * m.vorder * k));
  for (int j = 0; j < m.vorder; ++j)
    for (int i = 0; i < m.uorder; ++i)
      for (int c = 0; c < k; ++c)
        m.points[std::size_t((j * m.uorder + i) * k + c)] =
            GLfloat(points[std::ptrdiff_t(i) * ustride + std::ptrdiff_t(j) * vstride + c]);
  const auto store = [slot, dimension, m](Context& c) {
    Evaluators& e = evaluators(c);
    (dimension == 1 ? e.map1 : e.map2)[std::size_t(slot)] = m;
  };
  if (ctx.legacy.compiling()) {
    record_list_command(ctx, [store, dimension](Context& c) {
      if (c.legacy.inside_begin_end()) return between_begin_end(c, dimension == 1 ? "glMap1" : "glMap2");
      if (c.active_texture_unit != 0)
        return c.error(GL_INVALID_OPERATION, "glMap%d: ACTIVE_TEXTURE is not TEXTURE0", dimension);
      store(c);
    });
    if (ctx.legacy.list_mode == GL_COMPILE) return;
  }
  store(ctx);
}

template <typename T>
void map_grid(Context& ctx, const char* fn, int dimension, GLint un, T u1, T u2, GLint vn, T v1, T v2) {
  if (!compatibility_context(ctx, fn)) return;
  if (un <= 0 || (dimension == 2 && vn <= 0))
    return ctx.error(GL_INVALID_VALUE, "%s: a grid needs at least one segment", fn);
  Evaluators& e = evaluators(ctx);
  if (dimension == 1) {
    e.grid1_n = un;
    e.grid1_u1 = GLfloat(u1);
    e.grid1_u2 = GLfloat(u2);
    return;
  }
  e.grid2_un = un;
  e.grid2_vn = vn;
  e.grid2_u1 = GLfloat(u1);
  e.grid2_u2 = GLfloat(u2);
  e.grid2_v1 = GLfloat(v1);
  e.grid2_v2 = GLfloat(v2);
}

// Grid point i of n segments over [a, b]: exactly b at i = n (12.1.?).
GLfloat grid_value(GLint i, GLint n, GLfloat a, GLfloat b) {
  return i == n ? b : GLfloat(double(i) * (double(b) - double(a)) / double(n) + double(a));
}
void eval_point1(Context& ctx, const char* fn, GLint i) {
  const Evaluators& e = evaluators(ctx);
  eval_coord(ctx, fn, 1, grid_value(i, e.grid1_n, e.grid1_u1, e.grid1_u2), 0);
}
void eval_point2(Context& ctx, const char* fn, GLint i, GLint j) {
  const Evaluators& e = evaluators(ctx);
  eval_coord(ctx, fn, 2, grid_value(i, e.grid2_un, e.grid2_u1, e.grid2_u2),
             grid_value(j, e.grid2_vn, e.grid2_v1, e.grid2_v2));
}

template <typename T>
void get_map(Context& ctx, const char* fn, GLenum target, GLenum query, T* v) {
  if (!compatibility_context(ctx, fn)) return;
  int dimension = 1, slot = map_slot(target, 1);
  if (slot < 0) {
    dimension = 2;
    slot = map_slot(target, 2);
  }
  if (slot < 0) return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a map", fn, target);
  if (query != GL_COEFF && query != GL_ORDER && query != GL_DOMAIN)
    return ctx.error(GL_INVALID_ENUM, "%s(query = 0x%04x): not COEFF, ORDER or DOMAIN", fn, query);
  if (!check_values(ctx, fn, v)) return;
  const Evaluators& e = evaluators(ctx);
  const EvalMap& m = (dimension == 1 ? e.map1 : e.map2)[std::size_t(slot)];
  std::vector<double> out;
  if (query == GL_COEFF) out.assign(m.points.begin(), m.points.end());
  else if (query == GL_ORDER) out = dimension == 1 ? std::vector<double>{double(m.uorder)}
                                                   : std::vector<double>{double(m.uorder), double(m.vorder)};
  else out = dimension == 1 ? std::vector<double>{m.u1, m.u2} : std::vector<double>{m.u1, m.u2, m.v1, m.v2};
  for (std::size_t i = 0; i < out.size(); ++i)
    v[i] = std::is_integral_v<T> ? T(std::lround(out[i])) : T(out[i]);
}

}  // namespace

bool query_evaluator_state(Context& ctx, GLenum pname, StateValue& value) {
  const auto floats = [&](std::initializer_list<GLfloat> f) { set_state_floats(value, f.begin(), f.size(), false); };
  switch (pname) {
    case GL_MAP1_GRID_DOMAIN: {
      const Evaluators& e = evaluators(ctx);
      floats({e.grid1_u1, e.grid1_u2});
      return true;
    }
    case GL_MAP1_GRID_SEGMENTS: value.set_integers({evaluators(ctx).grid1_n}); return true;
    case GL_MAP2_GRID_DOMAIN: {
      const Evaluators& e = evaluators(ctx);
      floats({e.grid2_u1, e.grid2_u2, e.grid2_v1, e.grid2_v2});
      return true;
    }
    case GL_MAP2_GRID_SEGMENTS: {
      const Evaluators& e = evaluators(ctx);
      value.set_integers({e.grid2_un, e.grid2_vn});
      return true;
    }
    default: return false;
  }
}

namespace api {

void Map1d(Context& ctx, const char* fn, GLenum target, GLdouble u1, GLdouble u2, GLint stride, GLint order,
           const GLdouble* points) {
  map(ctx, fn, 1, target, u1, u2, stride, order, 0.0, 1.0, 0, 1, points);
}
void Map1f(Context& ctx, const char* fn, GLenum target, GLfloat u1, GLfloat u2, GLint stride, GLint order,
           const GLfloat* points) {
  map(ctx, fn, 1, target, u1, u2, stride, order, 0.0f, 1.0f, 0, 1, points);
}
void Map2d(Context& ctx, const char* fn, GLenum target, GLdouble u1, GLdouble u2, GLint ustride, GLint uorder,
           GLdouble v1, GLdouble v2, GLint vstride, GLint vorder, const GLdouble* points) {
  map(ctx, fn, 2, target, u1, u2, ustride, uorder, v1, v2, vstride, vorder, points);
}
void Map2f(Context& ctx, const char* fn, GLenum target, GLfloat u1, GLfloat u2, GLint ustride, GLint uorder,
           GLfloat v1, GLfloat v2, GLint vstride, GLint vorder, const GLfloat* points) {
  map(ctx, fn, 2, target, u1, u2, ustride, uorder, v1, v2, vstride, vorder, points);
}

void MapGrid1d(Context& ctx, const char* fn, GLint un, GLdouble u1, GLdouble u2) {
  map_grid(ctx, fn, 1, un, u1, u2, 1, 0.0, 1.0);
}
void MapGrid1f(Context& ctx, const char* fn, GLint un, GLfloat u1, GLfloat u2) {
  map_grid(ctx, fn, 1, un, u1, u2, 1, 0.0f, 1.0f);
}
void MapGrid2d(Context& ctx, const char* fn, GLint un, GLdouble u1, GLdouble u2, GLint vn, GLdouble v1, GLdouble v2) {
  map_grid(ctx, fn, 2, un, u1, u2, vn, v1, v2);
}
void MapGrid2f(Context& ctx, const char* fn, GLint un, GLfloat u1, GLfloat u2, GLint vn, GLfloat v1, GLfloat v2) {
  map_grid(ctx, fn, 2, un, u1, u2, vn, v1, v2);
}

void EvalCoord1d(Context& ctx, const char* fn, GLdouble u) { eval_coord(ctx, fn, 1, GLfloat(u), 0); }
void EvalCoord1f(Context& ctx, const char* fn, GLfloat u) { eval_coord(ctx, fn, 1, u, 0); }
void EvalCoord1dv(Context& ctx, const char* fn, const GLdouble* u) {
  if (check_values(ctx, fn, u)) eval_coord(ctx, fn, 1, GLfloat(u[0]), 0);
}
void EvalCoord1fv(Context& ctx, const char* fn, const GLfloat* u) {
  if (check_values(ctx, fn, u)) eval_coord(ctx, fn, 1, u[0], 0);
}
void EvalCoord2d(Context& ctx, const char* fn, GLdouble u, GLdouble v) { eval_coord(ctx, fn, 2, GLfloat(u), GLfloat(v)); }
void EvalCoord2f(Context& ctx, const char* fn, GLfloat u, GLfloat v) { eval_coord(ctx, fn, 2, u, v); }
void EvalCoord2dv(Context& ctx, const char* fn, const GLdouble* u) {
  if (check_values(ctx, fn, u)) eval_coord(ctx, fn, 2, GLfloat(u[0]), GLfloat(u[1]));
}
void EvalCoord2fv(Context& ctx, const char* fn, const GLfloat* u) {
  if (check_values(ctx, fn, u)) eval_coord(ctx, fn, 2, u[0], u[1]);
}

void EvalPoint1(Context& ctx, const char* fn, GLint i) {
  if (compatibility_context(ctx, fn)) eval_point1(ctx, fn, i);
}
void EvalPoint2(Context& ctx, const char* fn, GLint i, GLint j) {
  if (compatibility_context(ctx, fn)) eval_point2(ctx, fn, i, j);
}

// 12.1.?: POINT and LINE meshes as glBegin(POINTS / LINE_STRIP) around the grid's points.
void EvalMesh1(Context& ctx, const char* fn, GLenum mode, GLint i1, GLint i2) {
  if (!compatibility_context(ctx, fn)) return;
  if (mode != GL_POINT && mode != GL_LINE) return ctx.error(GL_INVALID_ENUM, "%s(mode = 0x%04x): not POINT or LINE", fn, mode);
  Begin(ctx, fn, mode == GL_POINT ? GL_POINTS : GL_LINE_STRIP);
  for (GLint i = i1; i <= i2; ++i) eval_point1(ctx, fn, i);
  End(ctx, fn);
}

// FILL: one QUAD_STRIP per row j, each quad split into two triangles (the split the spec leaves to
// the implementation; Mesa's, so that pictures agree): a TRIANGLE_STRIP of the same vertices;
// LINE: a LINE_STRIP along each row and each column; POINT: POINTS.
void EvalMesh2(Context& ctx, const char* fn, GLenum mode, GLint i1, GLint i2, GLint j1, GLint j2) {
  if (!compatibility_context(ctx, fn)) return;
  if (mode != GL_POINT && mode != GL_LINE && mode != GL_FILL)
    return ctx.error(GL_INVALID_ENUM, "%s(mode = 0x%04x): not POINT, LINE or FILL", fn, mode);
  if (mode == GL_FILL) {
    for (GLint j = j1; j < j2; ++j) {
      Begin(ctx, fn, GL_TRIANGLE_STRIP);
      for (GLint i = i1; i <= i2; ++i) {
        eval_point2(ctx, fn, i, j);
        eval_point2(ctx, fn, i, j + 1);
      }
      End(ctx, fn);
    }
  } else if (mode == GL_LINE) {
    for (GLint j = j1; j <= j2; ++j) {
      Begin(ctx, fn, GL_LINE_STRIP);
      for (GLint i = i1; i <= i2; ++i) eval_point2(ctx, fn, i, j);
      End(ctx, fn);
    }
    for (GLint i = i1; i <= i2; ++i) {
      Begin(ctx, fn, GL_LINE_STRIP);
      for (GLint j = j1; j <= j2; ++j) eval_point2(ctx, fn, i, j);
      End(ctx, fn);
    }
  } else {
    Begin(ctx, fn, GL_POINTS);
    for (GLint j = j1; j <= j2; ++j)
      for (GLint i = i1; i <= i2; ++i) eval_point2(ctx, fn, i, j);
    End(ctx, fn);
  }
}

void GetMapdv(Context& ctx, const char* fn, GLenum target, GLenum query, GLdouble* v) { get_map(ctx, fn, target, query, v); }
void GetMapfv(Context& ctx, const char* fn, GLenum target, GLenum query, GLfloat* v) { get_map(ctx, fn, target, query, v); }
void GetMapiv(Context& ctx, const char* fn, GLenum target, GLenum query, GLint* v) { get_map(ctx, fn, target, query, v); }

}  // namespace api
}  // namespace glvk::gl
