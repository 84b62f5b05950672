// Immediate mode (GL 4.6 compatibility 10.7 and the current values of 10.2.2): glBegin/glEnd,
// glVertex* capturing the current values into LegacyState::vertices, and glEnd drawing them as one
// ordinary glDrawArrays-like draw from client memory (the st draw path streams them). glRect*.
// The generated dispatch raises INVALID_OPERATION for the commands not allowed in between.
#include "api_common.h"
#include "glvk/gl/dispatch.h"
#include "legacy_internal.h"
#include "vertex_array_state.h"

namespace glvk::gl {

namespace {

// Integer attribute values as GL converts them: normalized (colours, normals: GL 4.6 equations
// 2.2/2.3) or as they are (vertices, texture and fog coordinates).
template <typename T>
GLfloat normalized(T v) {
  if constexpr (std::is_same_v<T, GLbyte>) return GLfloat(normalize_signed(v, 8));
  else if constexpr (std::is_same_v<T, GLubyte>) return GLfloat(normalize_unsigned(v, 8));
  else if constexpr (std::is_same_v<T, GLshort>) return GLfloat(normalize_signed(v, 16));
  else if constexpr (std::is_same_v<T, GLushort>) return GLfloat(normalize_unsigned(v, 16));
  else if constexpr (std::is_same_v<T, GLint>) return GLfloat(normalize_signed(v, 32));
  else if constexpr (std::is_same_v<T, GLuint>) return GLfloat(normalize_unsigned(v, 32));
  else return GLfloat(v);
}

template <typename T>
Vec4 values(const T* v, int n, bool normalize, Vec4 fill = {0, 0, 0, 1}) {
  for (int i = 0; i < n; ++i) fill[std::size_t(i)] = normalize ? normalized(v[i]) : GLfloat(v[i]);
  return fill;
}

bool legacy(Context& ctx, const char* fn) { return compatibility_context(ctx, fn); }

template <typename T>
void vertex(Context& ctx, const char* fn, const T* v, int n) {
  if (legacy(ctx, fn)) emit_vertex(ctx, values(v, n, false));
}

template <typename T>
void color(Context& ctx, const char* fn, const T* v, int n) {
  if (!legacy(ctx, fn)) return;
  ctx.legacy.current.color = values(v, n, true);
  track_color_material(ctx);
}

template <typename T>
void secondary_color(Context& ctx, const char* fn, const T* v, int n) {
  if (legacy(ctx, fn)) ctx.legacy.current.secondary_color = values(v, n, true);
}

template <typename T>
void normal(Context& ctx, const char* fn, const T* v, int n) {
  if (!legacy(ctx, fn)) return;
  const Vec4 f = values(v, n, true);
  ctx.legacy.current.normal = {f[0], f[1], f[2]};
}

void set_texcoord(Context& ctx, GLuint unit, const Vec4& v) { ctx.legacy.current.texcoords[unit] = v; }

template <typename T>
void texcoord(Context& ctx, const char* fn, const T* v, int n) {
  if (legacy(ctx, fn)) set_texcoord(ctx, 0, values(v, n, false));
}

template <typename T>
void multi_texcoord(Context& ctx, const char* fn, GLenum target, const T* v, int n) {
  if (!legacy(ctx, fn)) return;
  if (target < GL_TEXTURE0 || target >= GL_TEXTURE0 + kFixedTextureUnits)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a texture coordinate set", fn, target);
  set_texcoord(ctx, target - GL_TEXTURE0, values(v, n, false));
}

template <typename T>
void fog_coord(Context& ctx, const char* fn, const T* v, int) {
  if (legacy(ctx, fn)) ctx.legacy.current.fog_coord = GLfloat(v[0]);
}

bool is_begin_mode(GLenum mode) { return mode <= GL_PATCHES; }  // POINTS .. POLYGON, adjacency, PATCHES

// The most vertices a batch holds before glEnd draws it (about 13 MB of ImmediateVertex).
constexpr std::size_t kMaxBatchedVertices = 65536;

// Draws the first `count` vertices as `mode` (glEnd's draw; the dispatch sees no glBegin open).
void draw_vertices(Context& ctx, GLenum mode, std::size_t count) {
  LegacyState& l = ctx.legacy;
  const GLenum open = l.begin_mode;
  l.begin_mode = kOutsideBeginEnd;
  l.drawing_immediate = true;
  draw_arrays(ctx, "glEnd", mode, 0, GLsizei(count));
  l.drawing_immediate = false;
  l.begin_mode = open;
}

void end_primitive(Context& ctx) {
  LegacyState& l = ctx.legacy;
  const GLenum mode = l.begin_mode;
  l.begin_mode = kOutsideBeginEnd;
  // Batched while nothing else can observe it: not in a replayed list (its commands bypass the
  // dispatch that draws a batch), not in SELECT or FEEDBACK mode (each primitive is reported as
  // it ends), not with per-vertex generic attributes (kept for one primitive only).
  const unsigned per_primitive = independent_primitive_vertices(mode);
  if (per_primitive && l.render_mode == GL_RENDER && !l.immediate_generic_mask && !l.begin_materials &&
      !replaying_list(ctx)) {
    // An incomplete last primitive draws nothing (GL 4.6 compatibility 10.1): dropped here, so
    // that the next pair's vertices start a primitive of their own.
    const std::size_t own = l.vertices.size() - l.batched_vertices;
    l.vertices.resize(l.batched_vertices + own / per_primitive * per_primitive);
    l.batched_vertices = l.vertices.size();
    l.batch_mode = mode;
    // A program that issues nothing but pairs still has them drawn, in batches of bounded size.
    if (l.batched_vertices >= kMaxBatchedVertices) draw_immediate_batch(ctx);
    return;
  }
  if (!l.vertices.empty()) draw_vertices(ctx, mode, l.vertices.size());
  l.begin_materials.reset();
  l.vertices.clear();
  l.immediate_generics.clear();
  l.immediate_generic_mask = 0;
}

// The generic attributes' current values appended for one vertex.
void record_generics(Context& ctx) {
  for (std::size_t i = 0; i < LegacyState::kImmediateGenerics; ++i)
    ctx.legacy.immediate_generics.push_back(
        {ctx.current_attribs[i].bits[0], ctx.current_attribs[i].bits[1], ctx.current_attribs[i].bits[2],
         ctx.current_attribs[i].bits[3]});  // doubles are not immediate-mode values
}

template <typename T>
void rect(Context& ctx, const char* fn, const T* a, const T* b) {
  if (!legacy(ctx, fn)) return;
  // Begin(POLYGON); Vertex2(x1, y1); Vertex2(x2, y1); Vertex2(x2, y2); Vertex2(x1, y2); End().
  ctx.legacy.begin_mode = GL_POLYGON;
  emit_vertex(ctx, {GLfloat(a[0]), GLfloat(a[1]), 0, 1});
  emit_vertex(ctx, {GLfloat(b[0]), GLfloat(a[1]), 0, 1});
  emit_vertex(ctx, {GLfloat(b[0]), GLfloat(b[1]), 0, 1});
  emit_vertex(ctx, {GLfloat(a[0]), GLfloat(b[1]), 0, 1});
  end_primitive(ctx);
}

}  // namespace

void emit_vertex(Context& ctx, const Vec4& position) {
  LegacyState& l = ctx.legacy;
  if (!l.inside_begin_end()) return;  // glVertex outside glBegin/glEnd: undefined, nothing happens
  const CurrentValues& c = l.current;
  l.vertices.push_back({position, c.normal, c.color, c.secondary_color, c.fog_coord, c.texcoords});
  if (l.immediate_generic_mask) record_generics(ctx);
}

void draw_immediate_batch(Context& ctx) {
  LegacyState& l = ctx.legacy;
  const std::size_t count = l.batched_vertices;
  if (!count) return;
  l.batched_vertices = 0;
  draw_vertices(ctx, l.batch_mode, count);
  // An open primitive (a command allowed between glBegin and glEnd drew the batch) keeps its vertices.
  l.vertices.erase(l.vertices.begin(), l.vertices.begin() + std::ptrdiff_t(count));
}

void note_immediate_generic(Context& ctx, GLuint index) {
  LegacyState& l = ctx.legacy;
  if (index == 0 || index >= LegacyState::kImmediateGenerics || !l.inside_begin_end()) return;
  // The first one: the vertices so far get the values current when they were emitted, which no
  // call inside this glBegin has changed yet.
  if (!l.immediate_generic_mask)
    for (std::size_t v = 0; v < l.vertices.size(); ++v) record_generics(ctx);
  l.immediate_generic_mask |= 1u << index;
}

namespace api {

void Begin(Context& ctx, const char* fn, GLenum mode) {
  if (!legacy(ctx, fn)) return;
  if (!is_begin_mode(mode)) return ctx.error(GL_INVALID_ENUM, "%s(mode = 0x%04x): not a primitive mode", fn, mode);
  if (ctx.legacy.batched_vertices && mode != ctx.legacy.batch_mode) draw_immediate_batch(ctx);
  ctx.legacy.begin_mode = mode;
  ctx.legacy.vertices.resize(ctx.legacy.batched_vertices);  // the batch stays; this primitive follows
  ctx.legacy.immediate_generics.clear();
  ctx.legacy.immediate_generic_mask = 0;
  ctx.legacy.begin_materials.reset();
}

void End(Context& ctx, const char* fn) {
  if (!legacy(ctx, fn)) return;
  if (!ctx.legacy.inside_begin_end()) return ctx.error(GL_INVALID_OPERATION, "%s: no glBegin", fn);
  end_primitive(ctx);
}

void EdgeFlag(Context& ctx, const char* fn, GLboolean flag) {
  if (legacy(ctx, fn)) ctx.legacy.current.edge_flag = flag != GL_FALSE;
}
void EdgeFlagv(Context& ctx, const char* fn, const GLboolean* flag) {
  if (legacy(ctx, fn) && check_values(ctx, fn, flag)) ctx.legacy.current.edge_flag = *flag != GL_FALSE;
}

// Every gl<Attribute><N><type>(v) form forwards its values to one sink above.
#define GLVK_ARGS1(T) T x
#define GLVK_ARGS2(T) T x, T y
#define GLVK_ARGS3(T) T x, T y, T z
#define GLVK_ARGS4(T) T x, T y, T z, T w
#define GLVK_VALS1 x
#define GLVK_VALS2 x, y
#define GLVK_VALS3 x, y, z
#define GLVK_VALS4 x, y, z, w
#define GLVK_ATTRIB(Name, N, Suffix, T, sink)                                      \
  void Name##N##Suffix(Context& ctx, const char* fn, GLVK_ARGS##N(T)) {            \
    const T v[] = {GLVK_VALS##N};                                                  \
    sink(ctx, fn, v, N);                                                           \
  }                                                                                \
  void Name##N##Suffix##v(Context& ctx, const char* fn, const T* v) {              \
    if (check_values(ctx, fn, v)) sink(ctx, fn, v, N);                             \
  }
#define GLVK_MULTI(N, Suffix, T)                                                               \
  void MultiTexCoord##N##Suffix(Context& ctx, const char* fn, GLenum target, GLVK_ARGS##N(T)) { \
    const T v[] = {GLVK_VALS##N};                                                              \
    multi_texcoord(ctx, fn, target, v, N);                                                     \
  }                                                                                            \
  void MultiTexCoord##N##Suffix##v(Context& ctx, const char* fn, GLenum target, const T* v) {   \
    if (check_values(ctx, fn, v)) multi_texcoord(ctx, fn, target, v, N);                       \
  }
#define GLVK_FOUR_TYPES(M, ...) M(__VA_ARGS__, d, GLdouble) M(__VA_ARGS__, f, GLfloat) M(__VA_ARGS__, i, GLint) \
  M(__VA_ARGS__, s, GLshort)
#define GLVK_VERTEX(N, Suffix, T) GLVK_ATTRIB(Vertex, N, Suffix, T, vertex)
#define GLVK_TEXCOORD(N, Suffix, T) GLVK_ATTRIB(TexCoord, N, Suffix, T, texcoord)
#define GLVK_COLOR(N, Suffix, T) GLVK_ATTRIB(Color, N, Suffix, T, color)
#define GLVK_MULTI_N(N, Suffix, T) GLVK_MULTI(N, Suffix, T)
#define GLVK_COLOR_TYPES(M, N)                                                                  \
  M(N, b, GLbyte) M(N, d, GLdouble) M(N, f, GLfloat) M(N, i, GLint) M(N, s, GLshort) M(N, ub, GLubyte) \
  M(N, ui, GLuint) M(N, us, GLushort)

GLVK_FOUR_TYPES(GLVK_VERTEX, 2)
GLVK_FOUR_TYPES(GLVK_VERTEX, 3)
GLVK_FOUR_TYPES(GLVK_VERTEX, 4)
GLVK_FOUR_TYPES(GLVK_TEXCOORD, 1)
GLVK_FOUR_TYPES(GLVK_TEXCOORD, 2)
GLVK_FOUR_TYPES(GLVK_TEXCOORD, 3)
GLVK_FOUR_TYPES(GLVK_TEXCOORD, 4)
GLVK_FOUR_TYPES(GLVK_MULTI_N, 1)
GLVK_FOUR_TYPES(GLVK_MULTI_N, 2)
GLVK_FOUR_TYPES(GLVK_MULTI_N, 3)
GLVK_FOUR_TYPES(GLVK_MULTI_N, 4)
GLVK_COLOR_TYPES(GLVK_COLOR, 3)
GLVK_COLOR_TYPES(GLVK_COLOR, 4)
#define GLVK_SECONDARY(N, Suffix, T) GLVK_ATTRIB(SecondaryColor, N, Suffix, T, secondary_color)
GLVK_COLOR_TYPES(GLVK_SECONDARY, 3)
#define GLVK_NORMAL(N, Suffix, T) GLVK_ATTRIB(Normal, N, Suffix, T, normal)
GLVK_NORMAL(3, b, GLbyte)
GLVK_NORMAL(3, d, GLdouble)
GLVK_NORMAL(3, f, GLfloat)
GLVK_NORMAL(3, i, GLint)
GLVK_NORMAL(3, s, GLshort)

void FogCoordf(Context& ctx, const char* fn, GLfloat coord) { fog_coord(ctx, fn, &coord, 1); }
void FogCoordd(Context& ctx, const char* fn, GLdouble coord) { fog_coord(ctx, fn, &coord, 1); }
void FogCoordfv(Context& ctx, const char* fn, const GLfloat* coord) {
  if (check_values(ctx, fn, coord)) fog_coord(ctx, fn, coord, 1);
}
void FogCoorddv(Context& ctx, const char* fn, const GLdouble* coord) {
  if (check_values(ctx, fn, coord)) fog_coord(ctx, fn, coord, 1);
}

// ARB_vertex_type_2_10_10_10_rev's compatibility commands: colours and normals are normalized,
// vertices and texture coordinates are not, as their unpacked integer forms convert them.
template <typename Sink>
void packed(Context& ctx, const char* fn, GLenum type, const GLuint* value, bool normalize, Sink sink) {
  if (!legacy(ctx, fn) || !check_values(ctx, fn, value)) return;
  float v[4];
  if (unpack_packed_attrib(ctx, fn, type, normalize, *value, false, v)) sink(v);
}
#define GLVK_PACKED(Name, N, sink, normalize)                                                        \
  void Name##P##N##ui(Context& ctx, const char* fn, GLenum type, GLuint value) {                      \
    packed(ctx, fn, type, &value, normalize, [&](const GLfloat* v) { sink(ctx, fn, v, N); });          \
  }                                                                                                  \
  void Name##P##N##uiv(Context& ctx, const char* fn, GLenum type, const GLuint* value) {              \
    packed(ctx, fn, type, value, normalize, [&](const GLfloat* v) { sink(ctx, fn, v, N); });           \
  }
#define GLVK_PACKED_MULTI(N)                                                                         \
  void MultiTexCoordP##N##ui(Context& ctx, const char* fn, GLenum target, GLenum type, GLuint value) { \
    packed(ctx, fn, type, &value, false, [&](const GLfloat* v) { multi_texcoord(ctx, fn, target, v, N); }); \
  }                                                                                                  \
  void MultiTexCoordP##N##uiv(Context& ctx, const char* fn, GLenum target, GLenum type, const GLuint* value) { \
    packed(ctx, fn, type, value, false, [&](const GLfloat* v) { multi_texcoord(ctx, fn, target, v, N); }); \
  }
GLVK_PACKED(Vertex, 2, vertex, false)
GLVK_PACKED(Vertex, 3, vertex, false)
GLVK_PACKED(Vertex, 4, vertex, false)
GLVK_PACKED(TexCoord, 1, texcoord, false)
GLVK_PACKED(TexCoord, 2, texcoord, false)
GLVK_PACKED(TexCoord, 3, texcoord, false)
GLVK_PACKED(TexCoord, 4, texcoord, false)
GLVK_PACKED_MULTI(1)
GLVK_PACKED_MULTI(2)
GLVK_PACKED_MULTI(3)
GLVK_PACKED_MULTI(4)
GLVK_PACKED(Normal, 3, normal, true)
GLVK_PACKED(Color, 3, color, true)
GLVK_PACKED(Color, 4, color, true)
GLVK_PACKED(SecondaryColor, 3, secondary_color, true)

#define GLVK_RECT(Suffix, T)                                                                  \
  void Rect##Suffix(Context& ctx, const char* fn, T x1, T y1, T x2, T y2) {                   \
    const T a[] = {x1, y1}, b[] = {x2, y2};                                                   \
    rect(ctx, fn, a, b);                                                                      \
  }                                                                                           \
  void Rect##Suffix##v(Context& ctx, const char* fn, const T* v1, const T* v2) {              \
    if (check_values(ctx, fn, v1) && check_values(ctx, fn, v2)) rect(ctx, fn, v1, v2);        \
  }
GLVK_RECT(d, GLdouble)
GLVK_RECT(f, GLfloat)
GLVK_RECT(i, GLint)
GLVK_RECT(s, GLshort)

}  // namespace api
}  // namespace glvk::gl
