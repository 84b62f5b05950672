// The server and client attribute stacks (GL 4.6 compatibility 21.6): glPushAttrib/glPopAttrib
// and glPushClientAttrib/glPopClientAttrib with STACK_OVERFLOW/UNDERFLOW at MAX_ATTRIB_STACK_DEPTH
// and MAX_CLIENT_ATTRIB_STACK_DEPTH (16 each), and their depth queries. A push copies the state
// groups of table 21.? that glvk keeps; a pop restores the groups its push named, field by field
// (a group's fields are spread over Context, RenderState and LegacyState).
#include <vector>

#include "api_common.h"
#include "legacy_internal.h"
#include "state_query.h"

namespace glvk::gl {

inline constexpr unsigned kMaxAttribStackDepth = 16;

struct AttribRecord {
  GLbitfield mask = 0;
  RenderState render;
  LegacyState legacy;  // a copy (without the objects it owns: saved_legacy_state)
  std::unordered_map<std::uint64_t, bool> capabilities;
  std::array<bool, kMaxViewports> scissor_test{};
  std::array<std::array<GLint, 4>, kMaxViewports> scissor_box{};
  std::array<bool, kMaxColorAttachments> blend{};
  std::array<std::array<bool, 4>, kMaxColorAttachments> color_mask{};
  bool depth_mask = true, framebuffer_srgb = false;
  GLuint stencil_writemask = 0, stencil_back_writemask = 0;
  std::array<GLfloat, 4> clear_color{};
  GLdouble clear_depth = 1;
  GLint clear_stencil = 0;
  GLenum clamp_vertex_color = 0, clamp_fragment_color = 0, clamp_read_color = 0;
  std::array<Viewport, kMaxViewports> viewports{};
  GLenum matrix_mode = GL_MODELVIEW;
  GLuint active_texture_unit = 0;
  std::array<std::array<std::shared_ptr<TextureObject>, kTextureTargetCount>, kMaxTextureUnits> bound_textures;
};

struct ClientAttribRecord {
  GLbitfield mask = 0;
  formats::PixelStore pack, unpack;
  std::shared_ptr<VertexArrayObject> bound_vertex_array;
  std::shared_ptr<BufferObject> array_buffer;
  GLuint client_active_texture = 0;
  std::unique_ptr<VertexArrayObject> arrays;  // the current vertex array object's state
};

struct AttribStacks {
  std::vector<AttribRecord> server;
  std::vector<ClientAttribRecord> client;
};

namespace {

AttribStacks& stacks(Context& ctx) {
  if (!ctx.legacy.attrib_stacks) ctx.legacy.attrib_stacks = std::make_shared<AttribStacks>();
  return *ctx.legacy.attrib_stacks;
}

// The capabilities of the capability table (api_state.cpp) a group holds; per-unit ones on every
// fixed-function unit.
constexpr GLenum kLightingCaps[] = {GL_LIGHTING, GL_COLOR_MATERIAL, GL_LIGHT0, GL_LIGHT0 + 1, GL_LIGHT0 + 2,
                                    GL_LIGHT0 + 3, GL_LIGHT0 + 4, GL_LIGHT0 + 5, GL_LIGHT0 + 6, GL_LIGHT0 + 7};
constexpr GLenum kTextureCaps[] = {GL_TEXTURE_1D, GL_TEXTURE_2D, GL_TEXTURE_3D, GL_TEXTURE_CUBE_MAP,
                                   GL_TEXTURE_RECTANGLE, GL_TEXTURE_GEN_S, GL_TEXTURE_GEN_T, GL_TEXTURE_GEN_R,
                                   GL_TEXTURE_GEN_Q};

// The values of LegacyState a record keeps; the objects it owns (lists, programs, the pixel
// texture, these stacks, immediate-mode vertices) stay out.
LegacyState saved_legacy_state(const LegacyState& l) {
  LegacyState s = l;
  s.vertices.clear();
  s.lists.reset();
  s.programs.reset();
  s.pixel_texture.reset();
  s.attrib_stacks.reset();
  s.evaluators.reset();
  s.select.reset();
  return s;
}

void restore_caps(Context& ctx, const AttribRecord& r, std::initializer_list<GLenum> caps, bool per_unit = false) {
  for (GLenum cap : caps)
    for (std::uint64_t unit = 0; unit < (per_unit ? kMaxTextureUnits : 1); ++unit) {
      const std::uint64_t key = std::uint64_t(cap) | unit << 32;
      const auto it = r.capabilities.find(key);
      if (it != r.capabilities.end()) ctx.capabilities[key] = it->second;
      else ctx.capabilities.erase(key);  // absent: the initial value
    }
}
template <std::size_t N>
void restore_caps(Context& ctx, const AttribRecord& r, const GLenum (&caps)[N], bool per_unit = false) {
  for (GLenum cap : caps) restore_caps(ctx, r, {cap}, per_unit);
}

// Enables two groups share (POLYGON_BIT or MULTISAMPLE_BIT, and ENABLE_BIT).
void restore_offset_enables(RenderState& s, const RenderState& o) {
  s.polygon_offset_fill = o.polygon_offset_fill;
  s.polygon_offset_line = o.polygon_offset_line;
  s.polygon_offset_point = o.polygon_offset_point;
}
void restore_multisample_enables(RenderState& s, const RenderState& o) {
  s.multisample = o.multisample;
  s.sample_alpha_to_coverage = o.sample_alpha_to_coverage;
  s.sample_alpha_to_one = o.sample_alpha_to_one;
  s.sample_coverage = o.sample_coverage;
}

void restore(Context& ctx, const AttribRecord& r) {
  const GLbitfield m = r.mask;
  RenderState& s = ctx.render;
  const RenderState& o = r.render;
  LegacyState& l = ctx.legacy;
  const LegacyState& L = r.legacy;
  if (m & GL_CURRENT_BIT) {
    l.current = L.current;
    l.raster = L.raster;
  }
  if (m & GL_POINT_BIT) {
    s.point_size = o.point_size;
    l.point = L.point;
    l.coord_replace = L.coord_replace;
    restore_caps(ctx, r, {GL_POINT_SMOOTH, GL_POINT_SPRITE});
  }
  if (m & GL_LINE_BIT) {
    s.line_width = o.line_width;
    l.line_stipple_factor = L.line_stipple_factor;
    l.line_stipple_pattern = L.line_stipple_pattern;
    restore_caps(ctx, r, {GL_LINE_SMOOTH, GL_LINE_STIPPLE});
  }
  if (m & GL_POLYGON_BIT) {
    s.cull_face = o.cull_face;
    s.cull_face_mode = o.cull_face_mode;
    s.front_face = o.front_face;
    s.polygon_mode = o.polygon_mode;
    s.polygon_mode_back = o.polygon_mode_back;
    restore_offset_enables(s, o);
    s.polygon_offset_factor = o.polygon_offset_factor;
    s.polygon_offset_units = o.polygon_offset_units;
    s.polygon_offset_clamp = o.polygon_offset_clamp;
    restore_caps(ctx, r, {GL_POLYGON_SMOOTH, GL_POLYGON_STIPPLE});
  }
  if (m & GL_POLYGON_STIPPLE_BIT) l.polygon_stipple = L.polygon_stipple;
  if (m & GL_PIXEL_MODE_BIT) {
    l.zoom_x = L.zoom_x;
    l.zoom_y = L.zoom_y;
    l.transfer = L.transfer;
    l.pixel_maps = L.pixel_maps;
  }
  if (m & GL_ACCUM_BUFFER_BIT) l.accum_clear = L.accum_clear;
  if (m & GL_LIGHTING_BIT) {
    l.lights = L.lights;
    l.light_model_ambient = L.light_model_ambient;
    l.light_model_local_viewer = L.light_model_local_viewer;
    l.light_model_two_side = L.light_model_two_side;
    l.light_model_color_control = L.light_model_color_control;
    l.materials = L.materials;
    l.color_material_face = L.color_material_face;
    l.color_material_mode = L.color_material_mode;
    s.shade_model = o.shade_model;
    ctx.clamp_vertex_color = r.clamp_vertex_color;
    restore_caps(ctx, r, kLightingCaps);
  }
  if (m & GL_FOG_BIT) {
    l.fog = L.fog;
    restore_caps(ctx, r, {GL_FOG});
  }
  if (m & GL_DEPTH_BUFFER_BIT) {
    s.depth_test = o.depth_test;
    s.depth_func = o.depth_func;
    ctx.clear_depth = r.clear_depth;
    ctx.depth_mask = r.depth_mask;
  }
  if (m & GL_STENCIL_BUFFER_BIT) {
    s.stencil_test = o.stencil_test;
    s.stencil_front = o.stencil_front;
    s.stencil_back = o.stencil_back;
    ctx.clear_stencil = r.clear_stencil;
    ctx.stencil_writemask = r.stencil_writemask;
    ctx.stencil_back_writemask = r.stencil_back_writemask;
  }
  if (m & GL_VIEWPORT_BIT) ctx.transform.viewports = r.viewports;
  if (m & GL_TRANSFORM_BIT) {
    ctx.transform.matrix_mode = r.matrix_mode;
    l.clip_planes = L.clip_planes;
    s.clip_distances = o.clip_distances;
    s.depth_clamp = o.depth_clamp;
    s.clip_origin = o.clip_origin;
    s.clip_depth_mode = o.clip_depth_mode;
    restore_caps(ctx, r, {GL_NORMALIZE, GL_RESCALE_NORMAL});
  }
  if (m & GL_ENABLE_BIT) {
    s.depth_test = o.depth_test;
    s.stencil_test = o.stencil_test;
    s.cull_face = o.cull_face;
    restore_offset_enables(s, o);
    s.alpha_test = o.alpha_test;
    s.clip_distances = o.clip_distances;
    s.depth_clamp = o.depth_clamp;
    s.color_logic_op = o.color_logic_op;
    restore_multisample_enables(s, o);
    s.program_point_size = o.program_point_size;
    ctx.scissor_test = r.scissor_test;
    ctx.blend = r.blend;
    ctx.capabilities = r.capabilities;
  }
  if (m & GL_COLOR_BUFFER_BIT) {
    s.alpha_test = o.alpha_test;
    s.alpha_func = o.alpha_func;
    s.alpha_ref = o.alpha_ref;
    s.blend = o.blend;
    s.blend_color = o.blend_color;
    s.color_logic_op = o.color_logic_op;
    s.logic_op = o.logic_op;
    ctx.blend = r.blend;
    ctx.color_mask = r.color_mask;
    ctx.clear_color = r.clear_color;
    ctx.framebuffer_srgb = r.framebuffer_srgb;
    ctx.clamp_fragment_color = r.clamp_fragment_color;
    ctx.clamp_read_color = r.clamp_read_color;
    l.index_write_mask = L.index_write_mask;
    l.clear_index = L.clear_index;
    restore_caps(ctx, r, {GL_DITHER, GL_INDEX_LOGIC_OP});
  }
  if (m & GL_HINT_BIT) s.hints = o.hints;
  if (m & GL_LIST_BIT) l.list_base = L.list_base;
  if (m & GL_TEXTURE_BIT) {
    ctx.active_texture_unit = r.active_texture_unit;
    ctx.bound_textures = r.bound_textures;
    l.texenv = L.texenv;
    l.unit_lod_bias = L.unit_lod_bias;
    l.texgen = L.texgen;
    restore_caps(ctx, r, kTextureCaps, true);
  }
  if (m & GL_SCISSOR_BIT) {
    ctx.scissor_test = r.scissor_test;
    ctx.scissor_box = r.scissor_box;
  }
  if (m & GL_MULTISAMPLE_BIT) {
    restore_multisample_enables(s, o);
    s.sample_coverage_value = o.sample_coverage_value;
    s.sample_coverage_invert = o.sample_coverage_invert;
  }
  ++s.serial;
}

}  // namespace

bool query_attrib_stack_state(Context& ctx, GLenum pname, StateValue& value) {
  switch (pname) {
    case GL_MAX_ATTRIB_STACK_DEPTH: case GL_MAX_CLIENT_ATTRIB_STACK_DEPTH:
      value.set_integers({kMaxAttribStackDepth});
      return true;
    case GL_ATTRIB_STACK_DEPTH: value.set_integers({GLint64(stacks(ctx).server.size())}); return true;
    case GL_CLIENT_ATTRIB_STACK_DEPTH: value.set_integers({GLint64(stacks(ctx).client.size())}); return true;
    default: return false;
  }
}

namespace api {

void PushAttrib(Context& ctx, const char* fn, GLbitfield mask) {
  if (!compatibility_context(ctx, fn)) return;
  AttribStacks& st = stacks(ctx);
  if (st.server.size() >= kMaxAttribStackDepth)
    return ctx.error(GL_STACK_OVERFLOW, "%s: the attribute stack is full (%u)", fn, kMaxAttribStackDepth);
  AttribRecord& r = st.server.emplace_back();
  r.mask = mask;
  r.render = ctx.render;
  r.legacy = saved_legacy_state(ctx.legacy);
  r.capabilities = ctx.capabilities;
  r.scissor_test = ctx.scissor_test;
  r.scissor_box = ctx.scissor_box;
  r.blend = ctx.blend;
  r.color_mask = ctx.color_mask;
  r.depth_mask = ctx.depth_mask;
  r.framebuffer_srgb = ctx.framebuffer_srgb;
  r.stencil_writemask = ctx.stencil_writemask;
  r.stencil_back_writemask = ctx.stencil_back_writemask;
  r.clear_color = ctx.clear_color;
  r.clear_depth = ctx.clear_depth;
  r.clear_stencil = ctx.clear_stencil;
  r.clamp_vertex_color = ctx.clamp_vertex_color;
  r.clamp_fragment_color = ctx.clamp_fragment_color;
  r.clamp_read_color = ctx.clamp_read_color;
  r.viewports = ctx.transform.viewports;
  r.matrix_mode = ctx.transform.matrix_mode;
  r.active_texture_unit = ctx.active_texture_unit;
  if (mask & GL_TEXTURE_BIT) r.bound_textures = ctx.bound_textures;
}

void PopAttrib(Context& ctx, const char* fn) {
  if (!compatibility_context(ctx, fn)) return;
  AttribStacks& st = stacks(ctx);
  if (st.server.empty()) return ctx.error(GL_STACK_UNDERFLOW, "%s: the attribute stack is empty", fn);
  const AttribRecord r = std::move(st.server.back());
  st.server.pop_back();
  restore(ctx, r);
}

void PushClientAttrib(Context& ctx, const char* fn, GLbitfield mask) {
  if (!compatibility_context(ctx, fn)) return;
  AttribStacks& st = stacks(ctx);
  if (st.client.size() >= kMaxAttribStackDepth)
    return ctx.error(GL_STACK_OVERFLOW, "%s: the client attribute stack is full (%u)", fn, kMaxAttribStackDepth);
  ClientAttribRecord& r = st.client.emplace_back();
  r.mask = mask;
  r.pack = ctx.pack;
  r.unpack = ctx.unpack;
  if (mask & GL_CLIENT_VERTEX_ARRAY_BIT) {
    r.bound_vertex_array = ctx.bound_vertex_array;
    r.array_buffer = ctx.bound_buffers[0];
    r.client_active_texture = ctx.legacy.client_active_texture;
    if (const VertexArrayObject* vao = ctx.current_vertex_array()) r.arrays = std::make_unique<VertexArrayObject>(*vao);
  }
}

void PopClientAttrib(Context& ctx, const char* fn) {
  if (!compatibility_context(ctx, fn)) return;
  AttribStacks& st = stacks(ctx);
  if (st.client.empty()) return ctx.error(GL_STACK_UNDERFLOW, "%s: the client attribute stack is empty", fn);
  ClientAttribRecord r = std::move(st.client.back());
  st.client.pop_back();
  if (r.mask & GL_CLIENT_PIXEL_STORE_BIT) {
    ctx.pack = r.pack;
    ctx.unpack = r.unpack;
  }
  if (r.mask & GL_CLIENT_VERTEX_ARRAY_BIT) {
    ctx.bound_vertex_array = r.bound_vertex_array;
    ctx.bound_buffers[0] = r.array_buffer;
    ctx.legacy.client_active_texture = r.client_active_texture;
    // The arrays of the object current at the push, back in that object (its name and label stay).
    if (VertexArrayObject* vao = ctx.current_vertex_array(); vao && r.arrays) {
      vao->attribs = r.arrays->attribs;
      vao->bindings = r.arrays->bindings;
      vao->given_stride = r.arrays->given_stride;
      vao->element_buffer = r.arrays->element_buffer;
      vao->legacy_arrays = r.arrays->legacy_arrays;
      vao->index_array = r.arrays->index_array;
      vao->edge_flag_array = r.arrays->edge_flag_array;
    }
  }
}

}  // namespace api

}  // namespace glvk::gl
