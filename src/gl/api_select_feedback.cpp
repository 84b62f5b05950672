// Selection and feedback (GL 4.6 compatibility 20.1 "Selection", 20.2 "Feedback"): glRenderMode,
// glSelectBuffer, the name stack (glInitNames, glLoadName, glPushName, glPopName),
// glFeedbackBuffer and glPassThrough, and their glGet state.
//
// In SELECT or FEEDBACK mode nothing is rasterized: glEnd and every draw command hand their
// vertices here instead (`select_feedback_primitive`, from api_draw.cpp's execute_draw; arrays
// are read element by element as glArrayElement reads them). The vertices are transformed on the
// CPU by the modelview and projection matrices, assembled into the draw's primitives, culled as
// the rasterizer would (CULL_FACE), clipped in homogeneous clip coordinates against the view
// volume and the enabled user clip planes (Sutherland-Hodgman, attributes interpolated
// linearly) and mapped to window coordinates through viewport 0. Selection takes each surviving
// primitive's window z range into the pending hit; feedback writes the tokens of 20.2 with the
// vertex colour clamped to [0, 1] (lighting is not evaluated on this path) and texture
// coordinates of unit 0 through its texture matrix. Programs' vertex shaders are not run: the
// fixed-function transform stands in for them.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "api_common.h"
#include "legacy_internal.h"
#include "legacy_params.h"
#include "glvk/st/context.h"
#include "state_query.h"

namespace glvk::gl {

inline constexpr std::size_t kMaxNameStackDepth = 64;  // MAX_NAME_STACK_DEPTH (api_fog_texenv.cpp)

struct SelectFeedback {
  // Selection (20.1).
  GLuint* select_buffer = nullptr;
  GLsizei select_size = 0;
  bool select_buffer_given = false;
  std::vector<GLuint> names;
  bool hit = false;
  double hit_min = 1, hit_max = 0;
  GLsizei select_count = 0;  // words written
  GLint hits = 0;
  bool select_overflow = false;
  // Feedback (20.2).
  GLfloat* feedback_buffer = nullptr;
  GLsizei feedback_size = 0;
  GLenum feedback_type = GL_2D;
  bool feedback_buffer_given = false;
  GLsizei feedback_count = 0;
  bool feedback_overflow = false;
};

namespace {

SelectFeedback& state(Context& ctx) {
  if (!ctx.legacy.select) ctx.legacy.select = std::make_shared<SelectFeedback>();
  return *ctx.legacy.select;
}

using Vec4d = std::array<double, 4>;

Vec4d transform(const Matrix4& m, const Vec4d& v) {
  Vec4d r{};
  for (int row = 0; row < 4; ++row)
    for (int c = 0; c < 4; ++c) r[std::size_t(row)] += m[std::size_t(c * 4 + row)] * v[std::size_t(c)];
  return r;
}

// A vertex on its way through clipping: clip and eye coordinates, colour, texture coordinates.
struct ClipVertex {
  Vec4d clip, eye, color, tex;
};

ClipVertex lerp(const ClipVertex& a, const ClipVertex& b, double t) {
  ClipVertex r;
  for (std::size_t i = 0; i < 4; ++i) {
    r.clip[i] = a.clip[i] + (b.clip[i] - a.clip[i]) * t;
    r.eye[i] = a.eye[i] + (b.eye[i] - a.eye[i]) * t;
    r.color[i] = a.color[i] + (b.color[i] - a.color[i]) * t;
    r.tex[i] = a.tex[i] + (b.tex[i] - a.tex[i]) * t;
  }
  return r;
}

// The clip planes in force: the view volume's six (13.7: -w <= x, y <= w; z from -w, or 0 with
// ZERO_TO_ONE, unless depth clamping) and the enabled user planes (eye coordinates).
struct Planes {
  Context& ctx;
  std::vector<int> list;  // 0..5: view volume; 6 + i: user plane i
  explicit Planes(Context& c) : ctx(c) {
    for (int i = 0; i < 6; ++i)
      if (i < 4 || !ctx.render.depth_clamp) list.push_back(i);
    for (int i = 0; i < 8; ++i)
      if (ctx.render.clip_distances & (1u << i)) list.push_back(6 + i);
  }
  double distance(int plane, const ClipVertex& v) const {
    const Vec4d& c = v.clip;
    switch (plane) {
      case 0: return c[3] + c[0];
      case 1: return c[3] - c[0];
      case 2: return c[3] + c[1];
      case 3: return c[3] - c[1];
      case 4: return ctx.render.clip_depth_mode == GL_ZERO_TO_ONE ? c[2] : c[3] + c[2];
      case 5: return c[3] - c[2];
      default: {
        const auto& p = ctx.legacy.clip_planes[std::size_t(plane - 6)];
        return p[0] * v.eye[0] + p[1] * v.eye[1] + p[2] * v.eye[2] + p[3] * v.eye[3];
      }
    }
  }
};

// Clips a polygon (closed) or a line / point (open) against every plane; empty when outside.
std::vector<ClipVertex> clip(const Planes& planes, std::vector<ClipVertex> poly, bool closed) {
  for (int plane : planes.list) {
    if (poly.empty()) break;
    std::vector<ClipVertex> out;
    if (poly.size() == 1) {
      if (planes.distance(plane, poly[0]) >= 0) out = poly;
    } else if (!closed) {  // a segment
      const double da = planes.distance(plane, poly[0]), db = planes.distance(plane, poly[1]);
      if (da < 0 && db < 0) return {};
      ClipVertex a = poly[0], b = poly[1];
      if (da < 0) a = lerp(poly[0], poly[1], da / (da - db));
      if (db < 0) b = lerp(poly[0], poly[1], da / (da - db));
      out = {a, b};
    } else {
      for (std::size_t i = 0; i < poly.size(); ++i) {
        const ClipVertex& a = poly[i];
        const ClipVertex& b = poly[(i + 1) % poly.size()];
        const double da = planes.distance(plane, a), db = planes.distance(plane, b);
        if (da >= 0) out.push_back(a);
        if ((da >= 0) != (db >= 0)) out.push_back(lerp(a, b, da / (da - db)));
      }
    }
    poly = std::move(out);
  }
  return poly;
}

// Window coordinates (13.8) of a clipped vertex: x, y, z and the clip w.
Vec4d window(Context& ctx, const ClipVertex& v) {
  const Viewport& vp = ctx.transform.viewports[0];
  const double w = v.clip[3];
  const double ndc[3] = {v.clip[0] / w, v.clip[1] / w, v.clip[2] / w};
  const double depth = ctx.render.clip_depth_mode == GL_ZERO_TO_ONE ? ndc[2] : (ndc[2] + 1) / 2;
  return {vp.x + (ndc[0] + 1) * vp.width / 2, vp.y + (ndc[1] + 1) * vp.height / 2,
          vp.near_value + depth * (vp.far_value - vp.near_value), w};
}

void feedback_value(SelectFeedback& s, double v) {
  if (s.feedback_count < s.feedback_size) s.feedback_buffer[s.feedback_count] = GLfloat(v);
  else s.feedback_overflow = true;
  ++s.feedback_count;
}

// Table 20.?: the values of one vertex for the feedback type.
void feedback_vertex(SelectFeedback& s, const Vec4d& win, const Vec4d& color, const Vec4d& tex) {
  const GLenum type = s.feedback_type;
  feedback_value(s, win[0]);
  feedback_value(s, win[1]);
  if (type != GL_2D) feedback_value(s, win[2]);
  if (type == GL_4D_COLOR_TEXTURE) feedback_value(s, win[3]);
  if (type == GL_3D_COLOR || type == GL_3D_COLOR_TEXTURE || type == GL_4D_COLOR_TEXTURE)
    for (double c : color) feedback_value(s, std::clamp(c, 0.0, 1.0));
  if (type == GL_3D_COLOR_TEXTURE || type == GL_4D_COLOR_TEXTURE)
    for (double t : tex) feedback_value(s, t);
}

void add_hit(SelectFeedback& s, double z) {
  s.hit = true;
  s.hit_min = std::min(s.hit_min, z);
  s.hit_max = std::max(s.hit_max, z);
}

// One primitive after clipping: a hit (selection) or its tokens (feedback).
void emit(Context& ctx, GLenum token, const std::vector<ClipVertex>& vertices) {
  if (vertices.empty()) return;
  SelectFeedback& s = state(ctx);
  if (ctx.legacy.render_mode == GL_SELECT) {
    for (const ClipVertex& v : vertices) add_hit(s, window(ctx, v)[2]);
    return;
  }
  feedback_value(s, token);
  if (token == GL_POLYGON_TOKEN) feedback_value(s, double(vertices.size()));
  for (const ClipVertex& v : vertices) feedback_vertex(s, window(ctx, v), v.color, v.tex);
}

void point(Context& ctx, const Planes& planes, const ClipVertex& v) {
  emit(ctx, GL_POINT_TOKEN, clip(planes, {v}, false));
}
void line(Context& ctx, const Planes& planes, const ClipVertex& a, const ClipVertex& b, bool reset) {
  emit(ctx, reset ? GL_LINE_RESET_TOKEN : GL_LINE_TOKEN, clip(planes, {a, b}, false));
}

// A polygon: culled by its window-space area's sign (14.6.1), then drawn as its face's polygon
// mode says (14.6.4: points or edges, or filled).
void polygon(Context& ctx, const Planes& planes, const std::vector<ClipVertex>& poly) {
  const RenderState& r = ctx.render;
  double area = 0;
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const ClipVertex& a = poly[i];
    const ClipVertex& b = poly[(i + 1) % poly.size()];
    area += a.clip[0] / a.clip[3] * (b.clip[1] / b.clip[3]) - b.clip[0] / b.clip[3] * (a.clip[1] / a.clip[3]);
  }
  const bool front = (area > 0) == (r.front_face == GL_CCW);
  if (r.cull_face && (r.cull_face_mode == GL_FRONT_AND_BACK || (r.cull_face_mode == GL_FRONT) == front)) return;
  const GLenum mode = front ? r.polygon_mode : r.polygon_mode_back;
  if (mode == GL_POINT) {
    for (const ClipVertex& v : poly) point(ctx, planes, v);
  } else if (mode == GL_LINE) {
    for (std::size_t i = 0; i < poly.size(); ++i) line(ctx, planes, poly[i], poly[(i + 1) % poly.size()], i == 0);
  } else {
    emit(ctx, GL_POLYGON_TOKEN, clip(planes, poly, true));
  }
}

// The pending hit record (20.1): names count, min and max z scaled to 2^32 - 1, the names.
void write_hit(SelectFeedback& s) {
  if (!s.hit) return;
  const auto put = [&](GLuint w) {
    if (s.select_count < s.select_size) s.select_buffer[s.select_count] = w;
    else s.select_overflow = true;
    ++s.select_count;
  };
  put(GLuint(s.names.size()));
  put(GLuint(std::llround(std::clamp(s.hit_min, 0.0, 1.0) * 4294967295.0)));
  put(GLuint(std::llround(std::clamp(s.hit_max, 0.0, 1.0) * 4294967295.0)));
  for (GLuint n : s.names) put(n);
  ++s.hits;
  s.hit = false;
  s.hit_min = 1;
  s.hit_max = 0;
}

// The name stack commands act in SELECT mode only (20.1); others ignore them.
SelectFeedback* selecting(Context& ctx, const char* fn) {
  if (!compatibility_context(ctx, fn) || ctx.legacy.render_mode != GL_SELECT) return nullptr;
  return &state(ctx);
}

}  // namespace

void select_feedback_primitive(Context& ctx, GLenum mode, std::span<const ImmediateVertex> vertices) {
  const Matrix4& mv = ctx.transform.modelview.back();
  const Matrix4& proj = ctx.transform.projection.back();
  const Matrix4& tm = ctx.transform.texture[0].back();
  std::vector<ClipVertex> v(vertices.size());
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    const ImmediateVertex& in = vertices[i];
    v[i].eye = transform(mv, {in.position[0], in.position[1], in.position[2], in.position[3]});
    v[i].clip = transform(proj, v[i].eye);
    v[i].color = {in.color[0], in.color[1], in.color[2], in.color[3]};
    const Vec4& t = in.texcoords[0];
    v[i].tex = transform(tm, {t[0], t[1], t[2], t[3]});
  }
  const Planes planes(ctx);
  const std::size_t n = v.size();
  switch (mode) {
    case GL_POINTS:
      for (const ClipVertex& p : v) point(ctx, planes, p);
      break;
    case GL_LINES:
      for (std::size_t i = 0; i + 1 < n; i += 2) line(ctx, planes, v[i], v[i + 1], true);
      break;
    case GL_LINE_STRIP:
    case GL_LINE_LOOP:
      for (std::size_t i = 0; i + 1 < n; ++i) line(ctx, planes, v[i], v[i + 1], i == 0);
      if (mode == GL_LINE_LOOP && n > 1) line(ctx, planes, v[n - 1], v[0], n == 2);
      break;
    case GL_TRIANGLES:
      for (std::size_t i = 0; i + 2 < n; i += 3) polygon(ctx, planes, {v[i], v[i + 1], v[i + 2]});
      break;
    case GL_TRIANGLE_STRIP:
      for (std::size_t i = 0; i + 2 < n; ++i)
        polygon(ctx, planes, i % 2 ? std::vector<ClipVertex>{v[i + 1], v[i], v[i + 2]}
                                   : std::vector<ClipVertex>{v[i], v[i + 1], v[i + 2]});
      break;
    case GL_TRIANGLE_FAN:
      for (std::size_t i = 1; i + 1 < n; ++i) polygon(ctx, planes, {v[0], v[i], v[i + 1]});
      break;
    case GL_QUADS:
      for (std::size_t i = 0; i + 3 < n; i += 4) polygon(ctx, planes, {v[i], v[i + 1], v[i + 2], v[i + 3]});
      break;
    case GL_QUAD_STRIP:
      for (std::size_t i = 0; i + 3 < n; i += 2) polygon(ctx, planes, {v[i], v[i + 1], v[i + 3], v[i + 2]});
      break;
    case GL_POLYGON:
      if (n >= 3) polygon(ctx, planes, v);
      break;
    default: break;  // adjacency and patches need a program's stages: nothing is selected
  }
}

void select_feedback_raster(Context& ctx, GLenum token) {
  const RasterPosition& r = ctx.legacy.raster;
  if (!r.valid) return;
  SelectFeedback& s = state(ctx);
  if (ctx.legacy.render_mode == GL_SELECT) return add_hit(s, r.window[2]);
  if (!token) return;
  feedback_value(s, token);
  const Vec4& t = r.texcoords[0];
  feedback_vertex(s, {r.window[0], r.window[1], r.window[2], r.window[3]},
                  {r.color[0], r.color[1], r.color[2], r.color[3]}, {t[0], t[1], t[2], t[3]});
}

void select_feedback_draw(Context& ctx, const DrawParams& d) {
  if (ctx.legacy.drawing_immediate) return select_feedback_primitive(ctx, d.mode, ctx.legacy.vertices);
  // The elements the draw reads (indices resolved, the base vertex added), then issued as
  // glArrayElement would issue them.
  std::vector<GLint> elements(std::size_t(std::max(d.count, 0)));
  if (d.index_type) {
    const std::size_t size = index_size(d.index_type);
    std::vector<std::byte> bytes(elements.size() * size);
    const std::shared_ptr<BufferObject>& buffer = ctx.bound_buffers[kElementArrayTarget];
    const auto offset = std::uint64_t(reinterpret_cast<std::uintptr_t>(d.indices));
    if (buffer) {
      if (!buffer->resource || offset + bytes.size() > std::uint64_t(buffer->size)) return;
      ctx.st().buffer_read(*buffer->resource, offset, bytes.size(), bytes.data());
    } else if (d.indices) {
      std::memcpy(bytes.data(), d.indices, bytes.size());
    } else {
      return;
    }
    for (std::size_t i = 0; i < elements.size(); ++i) {
      std::uint32_t index = 0;
      std::memcpy(&index, bytes.data() + i * size, size);  // little-endian: the low bytes
      elements[i] = GLint(index) + d.base_vertex;
    }
  } else {
    for (std::size_t i = 0; i < elements.size(); ++i) elements[i] = d.first + GLint(i);
  }
  const std::vector<ImmediateVertex> vertices = array_vertices(ctx, elements);
  for (GLsizei instance = 0; instance < d.instance_count; ++instance) select_feedback_primitive(ctx, d.mode, vertices);
}

bool query_select_feedback_state(Context& ctx, GLenum pname, StateValue& value) {
  switch (pname) {
    case GL_RENDER_MODE: value.set_integers({ctx.legacy.render_mode}); return true;
    case GL_NAME_STACK_DEPTH: value.set_integers({GLint64(ctx.legacy.select ? ctx.legacy.select->names.size() : 0)}); return true;
    case GL_SELECTION_BUFFER_SIZE: value.set_integers({ctx.legacy.select ? ctx.legacy.select->select_size : 0}); return true;
    case GL_FEEDBACK_BUFFER_SIZE: value.set_integers({ctx.legacy.select ? ctx.legacy.select->feedback_size : 0}); return true;
    case GL_FEEDBACK_BUFFER_TYPE:
      value.set_integers({ctx.legacy.select ? ctx.legacy.select->feedback_type : GL_2D});
      return true;
    default: return false;
  }
}

bool select_feedback_pointer(Context& ctx, GLenum pname, void** params) {
  if (ctx.config().core_profile || (pname != GL_SELECTION_BUFFER_POINTER && pname != GL_FEEDBACK_BUFFER_POINTER))
    return false;
  const SelectFeedback& s = state(ctx);
  if (params)
    *params = pname == GL_SELECTION_BUFFER_POINTER ? static_cast<void*>(s.select_buffer) : static_cast<void*>(s.feedback_buffer);
  return true;
}

namespace api {

GLint RenderMode(Context& ctx, const char* fn, GLenum mode) {
  if (!compatibility_context(ctx, fn)) return 0;
  if (mode != GL_RENDER && mode != GL_SELECT && mode != GL_FEEDBACK) {
    ctx.error(GL_INVALID_ENUM, "%s(mode = 0x%04x): not a render mode", fn, mode);
    return 0;
  }
  SelectFeedback& s = state(ctx);
  if ((mode == GL_SELECT && !s.select_buffer_given) || (mode == GL_FEEDBACK && !s.feedback_buffer_given)) {
    ctx.error(GL_INVALID_OPERATION, "%s: no %s buffer was given", fn, mode == GL_SELECT ? "selection" : "feedback");
    return 0;
  }
  // 20.1/20.2: leaving a mode returns its count, -1 after an overflow.
  GLint result = 0;
  if (ctx.legacy.render_mode == GL_SELECT) {
    write_hit(s);
    result = s.select_overflow ? -1 : s.hits;
    s.names.clear();
  } else if (ctx.legacy.render_mode == GL_FEEDBACK) {
    result = s.feedback_overflow ? -1 : s.feedback_count;
  }
  s.select_count = 0;
  s.hits = 0;
  s.select_overflow = false;
  s.hit = false;
  s.hit_min = 1;
  s.hit_max = 0;
  s.feedback_count = 0;
  s.feedback_overflow = false;
  ctx.legacy.render_mode = mode;
  return result;
}

void SelectBuffer(Context& ctx, const char* fn, GLsizei size, GLuint* buffer) {
  if (!compatibility_context(ctx, fn)) return;
  if (size < 0) return ctx.error(GL_INVALID_VALUE, "%s(size = %d): negative", fn, size);
  if (ctx.legacy.render_mode == GL_SELECT) return ctx.error(GL_INVALID_OPERATION, "%s: in SELECT mode", fn);
  SelectFeedback& s = state(ctx);
  s.select_buffer = buffer;
  s.select_size = size;
  s.select_buffer_given = true;
}

void FeedbackBuffer(Context& ctx, const char* fn, GLsizei size, GLenum type, GLfloat* buffer) {
  if (!compatibility_context(ctx, fn)) return;
  if (type != GL_2D && type != GL_3D && type != GL_3D_COLOR && type != GL_3D_COLOR_TEXTURE &&
      type != GL_4D_COLOR_TEXTURE)
    return ctx.error(GL_INVALID_ENUM, "%s(type = 0x%04x): not a feedback type", fn, type);
  if (size < 0) return ctx.error(GL_INVALID_VALUE, "%s(size = %d): negative", fn, size);
  if (ctx.legacy.render_mode == GL_FEEDBACK) return ctx.error(GL_INVALID_OPERATION, "%s: in FEEDBACK mode", fn);
  SelectFeedback& s = state(ctx);
  s.feedback_buffer = buffer;
  s.feedback_size = size;
  s.feedback_type = type;
  s.feedback_buffer_given = true;
}

void InitNames(Context& ctx, const char* fn) {
  if (SelectFeedback* s = selecting(ctx, fn)) {
    write_hit(*s);
    s->names.clear();
  }
}

void LoadName(Context& ctx, const char* fn, GLuint name) {
  SelectFeedback* s = selecting(ctx, fn);
  if (!s) return;
  if (s->names.empty()) return ctx.error(GL_INVALID_OPERATION, "%s: the name stack is empty", fn);
  write_hit(*s);
  s->names.back() = name;
}

void PushName(Context& ctx, const char* fn, GLuint name) {
  SelectFeedback* s = selecting(ctx, fn);
  if (!s) return;
  if (s->names.size() >= kMaxNameStackDepth)
    return ctx.error(GL_STACK_OVERFLOW, "%s: the name stack is full (%zu)", fn, kMaxNameStackDepth);
  write_hit(*s);
  s->names.push_back(name);
}

void PopName(Context& ctx, const char* fn) {
  SelectFeedback* s = selecting(ctx, fn);
  if (!s) return;
  if (s->names.empty()) return ctx.error(GL_STACK_UNDERFLOW, "%s: the name stack is empty", fn);
  write_hit(*s);
  s->names.pop_back();
}

void PassThrough(Context& ctx, const char* fn, GLfloat token) {
  if (!compatibility_context(ctx, fn) || ctx.legacy.render_mode != GL_FEEDBACK) return;
  SelectFeedback& s = state(ctx);
  feedback_value(s, GL_PASS_THROUGH_TOKEN);
  feedback_value(s, token);
}

}  // namespace api
}  // namespace glvk::gl
