// The compatibility profile's fixed-function state (GL 4.6 compatibility chapters 10, 12, 16):
// current vertex attributes, lighting, materials, fog, texture environments, the legacy client
// arrays and immediate mode. src/gl/fixed_function/ turns it into generated GLSL and uniforms.
#pragma once

#include <array>
#include <optional>
#include <cstdint>
#include <memory>
#include <vector>

#include "glvk/gl/gl_headers.h"
#include "glvk/gl/texture_object.h"

namespace glvk::gl {

struct BufferObject;
struct TextureObject;
class FixedFunctionCache;  // fixed_function/ff_program.cpp
class DisplayLists;        // api_display_lists.cpp
struct AttribStacks;       // api_attrib_stacks.cpp
struct Evaluators;         // api_evaluators.cpp
struct SelectFeedback;     // api_select_feedback.cpp

inline constexpr unsigned kMaxLights = 8;
inline constexpr unsigned kFixedTextureUnits = 8;  // GL_MAX_TEXTURE_UNITS (= MAX_TEXTURE_COORDS)

// The vertex inputs of generated fixed-function programs. A legacy array and its current value
// feed the input of the same index (the vertex position aliases generic attribute 0).
enum LegacyAttrib : unsigned {
  kAttribVertex = 0,
  kAttribNormal = 1,
  kAttribColor = 2,
  kAttribSecondaryColor = 3,
  kAttribFogCoord = 4,
  kAttribTexCoord0 = 5,  // .. kAttribTexCoord0 + 7
  kLegacyAttribCount = kAttribTexCoord0 + kFixedTextureUnits,
};

using Vec4 = std::array<GLfloat, 4>;

struct LightSource {  // GL 4.6 compatibility table 12.2; positions and directions in eye coordinates
  Vec4 ambient{0, 0, 0, 1}, diffuse{0, 0, 0, 1}, specular{0, 0, 0, 1};
  Vec4 position{0, 0, 1, 0};
  std::array<GLfloat, 3> spot_direction{0, 0, -1};
  GLfloat spot_exponent = 0, spot_cutoff = 180;
  GLfloat constant_attenuation = 1, linear_attenuation = 0, quadratic_attenuation = 0;
};

struct Material {
  Vec4 ambient{0.2f, 0.2f, 0.2f, 1}, diffuse{0.8f, 0.8f, 0.8f, 1}, specular{0, 0, 0, 1}, emission{0, 0, 0, 1};
  GLfloat shininess = 0;
  std::array<GLfloat, 3> color_indexes{0, 1, 1};
};

struct FogState {
  GLenum mode = GL_EXP;
  GLfloat density = 1, start = 0, end = 1, index = 0;
  Vec4 color{0, 0, 0, 0};
  GLenum coord_src = GL_FRAGMENT_DEPTH;
};

// GL_COMBINE's functions, sources and operands (GL 4.6 compatibility 16.1, tables 16.2-16.4: the
// ARB_texture_env_combine, _crossbar and _dot3 state), initial values of table 23.20.
struct TexEnvCombine {
  GLenum rgb = GL_MODULATE, alpha = GL_MODULATE;
  std::array<GLenum, 3> src_rgb{GL_TEXTURE, GL_PREVIOUS, GL_CONSTANT};
  std::array<GLenum, 3> src_alpha{GL_TEXTURE, GL_PREVIOUS, GL_CONSTANT};
  std::array<GLenum, 3> operand_rgb{GL_SRC_COLOR, GL_SRC_COLOR, GL_SRC_ALPHA};
  std::array<GLenum, 3> operand_alpha{GL_SRC_ALPHA, GL_SRC_ALPHA, GL_SRC_ALPHA};
  GLfloat rgb_scale = 1.0f, alpha_scale = 1.0f;
  bool operator==(const TexEnvCombine&) const = default;
};

struct TexEnvState {  // per texture unit (GL_TEXTURE_ENV)
  GLenum mode = GL_MODULATE;
  Vec4 color{0, 0, 0, 0};
  TexEnvCombine combine;
};

// Texture coordinate generation of one coordinate (S, T, R or Q) of a unit (GL 4.6 compatibility
// 12.1.3, table 23.19): the mode and the planes (the eye plane in eye coordinates: transformed by the
// inverse modelview matrix when it was given). Initial planes: S (1,0,0,0), T (0,1,0,0), R = Q = 0.
struct TexGenCoord {
  GLenum mode = GL_EYE_LINEAR;
  std::array<GLdouble, 4> object_plane{}, eye_plane{};
};
inline std::array<TexGenCoord, 4> initial_texgen() {
  std::array<TexGenCoord, 4> t{};
  t[0].object_plane[0] = t[0].eye_plane[0] = 1;
  t[1].object_plane[1] = t[1].eye_plane[1] = 1;
  return t;
}

// Point parameters (14.4, table 23.10); size_max < 0 stands for the device's largest point size.
struct PointParameters {
  GLfloat size_min = 0, size_max = -1, fade_threshold = 1;
  std::array<GLfloat, 3> attenuation{1, 0, 0};
  GLenum sprite_coord_origin = GL_UPPER_LEFT;
};

// A legacy client array (glVertexPointer and friends); kept per vertex array object.
struct LegacyArray {
  bool enabled = false;
  GLint size = 4;
  GLenum type = GL_FLOAT;
  GLsizei stride = 0;  // as given (0: tightly packed)
  std::shared_ptr<BufferObject> buffer;  // GL_ARRAY_BUFFER when the pointer was given
  GLintptr pointer = 0;                  // offset into `buffer`, or the client address
};

// Table 23.? initial sizes: normals 3, secondary colours 3, fog coordinates 1, the others 4.
inline std::array<LegacyArray, kLegacyAttribCount> initial_legacy_arrays() {
  std::array<LegacyArray, kLegacyAttribCount> a{};
  a[kAttribNormal].size = 3;
  a[kAttribSecondaryColor].size = 3;
  a[kAttribFogCoord].size = 1;
  return a;
}

// The attribute values glVertex captures (GL 4.6 compatibility 10.2.2).
struct CurrentValues {
  Vec4 color{1, 1, 1, 1};
  Vec4 secondary_color{0, 0, 0, 1};
  std::array<GLfloat, 3> normal{0, 0, 1};
  std::array<Vec4, kFixedTextureUnits> texcoords = [] {
    std::array<Vec4, kFixedTextureUnits> t;
    t.fill({0, 0, 0, 1});
    return t;
  }();
  GLfloat fog_coord = 0;
  bool edge_flag = true;
  GLfloat index = 1;  // CURRENT_INDEX (glIndex*; kept for queries, nothing is drawn in colour index)
};

// One vertex of immediate mode, as the generated program reads it (interleaved, floats).
struct ImmediateVertex {
  Vec4 position;
  std::array<GLfloat, 3> normal;
  Vec4 color, secondary_color;
  GLfloat fog_coord;
  std::array<Vec4, kFixedTextureUnits> texcoords;
};

inline constexpr GLenum kOutsideBeginEnd = ~0u;

// The current raster position (GL 4.6 compatibility 14.7, table 23.13): window coordinates x, y,
// z and the clip w, and the data glRasterPos/glWindowPos captured with it.
struct RasterPosition {
  Vec4 window{0, 0, 0, 1};
  bool valid = true;
  GLfloat distance = 0;
  Vec4 color{1, 1, 1, 1};
  Vec4 secondary_color{0, 0, 0, 1};
  std::array<Vec4, kFixedTextureUnits> texcoords = [] {
    std::array<Vec4, kFixedTextureUnits> t;
    t.fill({0, 0, 0, 1});
    return t;
  }();
  GLfloat index = 1;
};

// Pixel transfer (GL 4.6 compatibility 8.4.1.?, table 23.?): the scales and biases of colour
// (R, G, B, A) and depth, the index shift and offset, MAP_COLOR and MAP_STENCIL.
struct PixelTransfer {
  Vec4 scale{1, 1, 1, 1}, bias{0, 0, 0, 0};
  GLfloat depth_scale = 1, depth_bias = 0;
  GLint index_shift = 0, index_offset = 0;
  bool map_color = false, map_stencil = false;
  bool operator==(const PixelTransfer&) const = default;
};

// What a pixel rectangle draw (glDrawPixels, glBitmap, glCopyPixels) makes the fixed-function
// program take as its fragments' source (FixedFunctionKey::pixels).
// What a pixel rectangle's fragments take from its texture. DepthDirect and Stencil (the parts of
// DEPTH_STENCIL data and stencil indices) bypass every fragment operation but the scissor test and
// the write masks.
enum class PixelSource : std::uint8_t { None, Color, Bitmap, Depth, DepthDirect, Stencil };

struct LegacyState {
  CurrentValues current;
  std::array<LightSource, kMaxLights> lights = [] {
    std::array<LightSource, kMaxLights> l{};
    l[0].diffuse = {1, 1, 1, 1};  // LIGHT0 starts white (table 12.2)
    l[0].specular = {1, 1, 1, 1};
    return l;
  }();
  Vec4 light_model_ambient{0.2f, 0.2f, 0.2f, 1};
  bool light_model_local_viewer = false, light_model_two_side = false;
  GLenum light_model_color_control = GL_SINGLE_COLOR;
  std::array<Material, 2> materials{};  // front, back
  GLenum color_material_face = GL_FRONT_AND_BACK, color_material_mode = GL_AMBIENT_AND_DIFFUSE;
  FogState fog;
  std::array<TexEnvState, kFixedTextureUnits> texenv{};
  // TEXTURE_FILTER_CONTROL's TEXTURE_LOD_BIAS of each texture image unit (GL 4.6 compatibility
  // 8.14.1): added to the sampler's bias for every lookup through the unit, shaders' too.
  std::array<GLfloat, kMaxTextureUnits> unit_lod_bias{};
  GLuint client_active_texture = 0;
  // Colour-index state without colour-index rendering (glvk's framebuffers are RGBA): kept for
  // glGet and the attribute stacks. The accumulation buffer's clear value likewise.
  GLuint index_write_mask = ~0u;
  GLfloat clear_index = 0;
  Vec4 accum_clear{0, 0, 0, 0};

  // Immediate mode: the primitive between glBegin and glEnd (kOutsideBeginEnd otherwise) and the
  // vertices captured so far, drawn by glEnd as one ordinary draw from client memory — or, for
  // independent primitives (points, lines, triangles, quads), kept as a batch that later pairs of
  // the same mode extend: the first `batched_vertices` of `vertices`, of mode `batch_mode`, drawn
  // as one draw by the next command that is not a per-vertex value, glBegin or glEnd
  // (draw_immediate_batch, called by the generated dispatch), as Mesa's vbo module does.
  GLenum begin_mode = kOutsideBeginEnd;
  std::vector<ImmediateVertex> vertices;
  std::size_t batched_vertices = 0;
  GLenum batch_mode = 0;
  bool inside_begin_end() const { return begin_mode != kOutsideBeginEnd; }
  bool drawing_immediate = false;  // glEnd's draw: the vertex inputs are `vertices`
  // The materials as glBegin left them, once glMaterial changed them between glBegin and glEnd:
  // such changes are per-vertex values for fixed-function lighting, while a GLSL program's
  // gl_FrontMaterial/gl_BackMaterial read the state the pair began with for its draw (as Mesa
  // does). Cleared when the pair is drawn.
  std::optional<std::array<Material, 2>> begin_materials;
  // Generic attributes 1..15 that glVertexAttrib* set between glBegin and glEnd (bit i): from the
  // first such call every vertex carries the values of all of them (GL 4.6 compatibility 10.2.2:
  // they are per-vertex state like the colour), kImmediateGenerics entries per vertex.
  static constexpr std::size_t kImmediateGenerics = 16;
  std::uint32_t immediate_generic_mask = 0;
  std::vector<std::array<std::uint32_t, 4>> immediate_generics;  // [vertex * kImmediateGenerics + attribute]

  // Display lists: the list being compiled (0: none), its mode, glListBase, the lists.
  GLuint compiling_list = 0;
  GLenum list_mode = 0;
  GLuint list_base = 0;
  bool compiling() const { return compiling_list != 0; }
  std::shared_ptr<DisplayLists> lists;

  std::array<std::array<TexGenCoord, 4>, kFixedTextureUnits> texgen = [] {
    std::array<std::array<TexGenCoord, 4>, kFixedTextureUnits> t;
    t.fill(initial_texgen());
    return t;
  }();
  PointParameters point;
  std::array<bool, kFixedTextureUnits> coord_replace{};  // GL_POINT_SPRITE's COORD_REPLACE per unit

  // Stipple patterns (14.5.2, 14.6.2): the polygon's 32x32 bits as glPolygonStipple unpacks them
  // (row 0 first, MSB-first bytes), the line's factor and pattern.
  std::array<GLubyte, 128> polygon_stipple = [] {
    std::array<GLubyte, 128> p;
    p.fill(0xff);
    return p;
  }();
  GLint line_stipple_factor = 1;
  GLushort line_stipple_pattern = 0xffff;

  // User clip planes (13.7.2; enabled by RenderState::clip_distances): in eye coordinates.
  std::array<std::array<GLdouble, 4>, 8> clip_planes{};

  // Pixel rectangles (14.7, 18.1): the raster position, glPixelZoom, the texture a rectangle is
  // drawn from (kept across draws; re-specified by each), and the source of the draw in progress.
  RasterPosition raster;
  GLfloat zoom_x = 1, zoom_y = 1;
  PixelTransfer transfer;
  // glPixelMap's ten tables (I_TO_I .. A_TO_A in enum order; 18.? initial: one entry, 0).
  static constexpr std::size_t kPixelMaps = 10;
  std::array<std::vector<GLfloat>, kPixelMaps> pixel_maps = [] {
    std::array<std::vector<GLfloat>, kPixelMaps> m;
    m.fill(std::vector<GLfloat>{0});
    return m;
  }();
  std::shared_ptr<TextureObject> pixel_texture;
  PixelSource pixel_source = PixelSource::None;
  Vec4 pixel_rect{0, 0, 1, 1};  // the draw in progress: window x, y of its first pixel; zoom x, y

  // Evaluator maps and grids (12.1.?, api_evaluators.cpp); selection and feedback (20.?,
  // api_select_feedback.cpp): the render mode, the name stack and the buffers.
  std::shared_ptr<Evaluators> evaluators;
  std::shared_ptr<SelectFeedback> select;
  GLenum render_mode = GL_RENDER;

  // glPushAttrib/glPushClientAttrib's stacks.
  std::shared_ptr<AttribStacks> attrib_stacks;

  // Generated fixed-function programs, one per state key (shared_ptr: the type is private).
  std::shared_ptr<FixedFunctionCache> programs;
};

}  // namespace glvk::gl
