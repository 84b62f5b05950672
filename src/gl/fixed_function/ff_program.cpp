// Fixed-function programs as draws see them: the state key from the context, one generated and
// linked program per key (cached in the context), the ff_* uniforms written from context state on
// every draw, and the vertex inputs (legacy arrays, current values, immediate-mode vertices).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>

#include "draw_inputs.h"
#include "ff_math.h"
#include "ff_program.h"
#include "legacy_internal.h"
#include "vertex_array_state.h"
#include "glvk/st/context.h"
#include "glvk/st/program.h"
#include "glvk/st/shader_limits.h"

namespace glvk::gl {

class FixedFunctionCache {
 public:
  using Entry = ff::ProgramEntry;  // program null: the generated program failed to link
  std::map<ff::Key, Entry> entries;
};

namespace {

using ff::BaseClass;
using ff::TexTarget;

// The unit's enabled target by GL's priority (cube map, 3D, rectangle, 2D, 1D: GL 4.6
// compatibility 16.1 with ARB_texture_rectangle's place for rectangles), or None.
struct UnitTarget {
  TexTarget target;
  GLenum cap, sampler;
};
constexpr UnitTarget kTargetPriority[] = {
    {TexTarget::Cube, GL_TEXTURE_CUBE_MAP, GL_SAMPLER_CUBE},
    {TexTarget::Tex3D, GL_TEXTURE_3D, GL_SAMPLER_3D},
    {TexTarget::Rect, GL_TEXTURE_RECTANGLE, GL_SAMPLER_2D_RECT},
    {TexTarget::Tex2D, GL_TEXTURE_2D, GL_SAMPLER_2D},
    {TexTarget::Tex1D, GL_TEXTURE_1D, GL_SAMPLER_1D},
};

BaseClass base_class(GLenum base, GLenum depth_texture_mode) {
  if (base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL) base = depth_texture_mode;
  switch (base) {
    case GL_ALPHA: return BaseClass::Alpha;
    case GL_INTENSITY: return BaseClass::Intensity;
    case GL_LUMINANCE_ALPHA: case GL_RGBA: return BaseClass::ColorAlpha;
    default: return BaseClass::Color;  // LUMINANCE, RED, RG, RGB: alpha is 1
  }
}

ff::EnvMode env_mode(GLenum mode) {
  switch (mode) {
    case GL_REPLACE: return ff::EnvMode::Replace;
    case GL_DECAL: return ff::EnvMode::Decal;
    case GL_BLEND: return ff::EnvMode::Blend;
    case GL_ADD: return ff::EnvMode::Add;
    case GL_COMBINE: return ff::EnvMode::Combine;
    default: return ff::EnvMode::Modulate;
  }
}

std::uint8_t color_material_bits(GLenum mode) {
  switch (mode) {
    case GL_AMBIENT: return ff::kCmAmbient;
    case GL_DIFFUSE: return ff::kCmDiffuse;
    case GL_SPECULAR: return ff::kCmSpecular;
    case GL_EMISSION: return ff::kCmEmission;
    default: return ff::kCmAmbient | ff::kCmDiffuse;  // AMBIENT_AND_DIFFUSE
  }
}

ff::TexGen texgen_mode(GLenum mode) {
  switch (mode) {
    case GL_OBJECT_LINEAR: return ff::TexGen::ObjectLinear;
    case GL_SPHERE_MAP: return ff::TexGen::SphereMap;
    case GL_NORMAL_MAP: return ff::TexGen::NormalMap;
    case GL_REFLECTION_MAP: return ff::TexGen::ReflectionMap;
    default: return ff::TexGen::EyeLinear;
  }
}

ff::CombineKey combine_key(const TexEnvCombine& c) {
  ff::CombineKey k;
  k.rgb = std::uint16_t(c.rgb);
  k.alpha = std::uint16_t(c.alpha);
  for (std::size_t i = 0; i < 3; ++i) {
    k.src_rgb[i] = std::uint16_t(c.src_rgb[i]);
    k.src_alpha[i] = std::uint16_t(c.src_alpha[i]);
    k.operand_rgb[i] = std::uint16_t(c.operand_rgb[i]);
    k.operand_alpha[i] = std::uint16_t(c.operand_alpha[i]);
  }
  k.rgb_scale = std::uint8_t(c.rgb_scale);
  k.alpha_scale = std::uint8_t(c.alpha_scale);
  return k;
}

// The crossbar (GL 4.6 compatibility 16.1): a unit whose combiner reads TEXTUREn of a unit that is
// not texturing blends as if texturing were off for it: its colour passes through (REPLACE with
// PREVIOUS), while its own texture stays sampled for the units that read it.
void apply_crossbar_rule(ff::Key& k) {
  for (ff::TextureUnitKey& unit : k.units) {
    if (unit.mode != ff::EnvMode::Combine || unit.target == ff::TexTarget::None) continue;
    const unsigned used_rgb = unit.combine.rgb == GL_REPLACE ? 1 : unit.combine.rgb == GL_INTERPOLATE ? 3 : 2;
    const unsigned used_alpha = unit.combine.alpha == GL_REPLACE ? 1 : unit.combine.alpha == GL_INTERPOLATE ? 3 : 2;
    bool missing = false;
    for (unsigned i = 0; i < 3; ++i) {
      for (const std::uint16_t src : {i < used_rgb ? unit.combine.src_rgb[i] : std::uint16_t(0),
                                      i < used_alpha ? unit.combine.src_alpha[i] : std::uint16_t(0)})
        if (src >= GL_TEXTURE0 && src < GL_TEXTURE0 + kFixedTextureUnits &&
            k.units[src - GL_TEXTURE0].target == ff::TexTarget::None)
          missing = true;
    }
    if (missing) {
      ff::CombineKey pass;
      pass.rgb = pass.alpha = GL_REPLACE;
      pass.src_rgb[0] = pass.src_alpha[0] = GL_PREVIOUS;
      pass.operand_rgb[0] = GL_SRC_COLOR;
      pass.operand_alpha[0] = GL_SRC_ALPHA;
      pass.rgb_scale = pass.alpha_scale = 1;
      unit.combine = pass;
    }
  }
}

bool is_polygon_mode(GLenum mode) {
  switch (mode) {
    case GL_TRIANGLES: case GL_TRIANGLE_STRIP: case GL_TRIANGLE_FAN: case GL_QUADS: case GL_QUAD_STRIP:
    case GL_POLYGON: case GL_TRIANGLES_ADJACENCY: case GL_TRIANGLE_STRIP_ADJACENCY:
      return true;
    default: return false;
  }
}

}  // namespace

namespace ff {

Key state_key(Context& ctx, GLenum mode) {
  const LegacyState& l = ctx.legacy;
  ff::Key k;
  // A pixel rectangle's colours were decided at glRasterPos: no lighting (18.1.5 sends its
  // fragments through texturing, colour sum, fog and the per-fragment operations).
  k.pixels = l.pixel_source;
  if (k.pixels == PixelSource::Color)
    k.pixel_transfer = l.transfer.scale != Vec4{1, 1, 1, 1} || l.transfer.bias != Vec4{0, 0, 0, 0};
  if (k.pixels == PixelSource::Depth || k.pixels == PixelSource::DepthDirect)
    k.pixel_transfer = l.transfer.depth_scale != 1 || l.transfer.depth_bias != 0;
  // Stencil indices (and DEPTH_STENCIL's depth) bypass everything but the pixel ownership and
  // scissor tests and the write masks (GL 1.1 4.3.1): no colour, texturing, fog or alpha test.
  if (k.pixels == PixelSource::Stencil || k.pixels == PixelSource::DepthDirect) return k;
  k.lighting = k.pixels == PixelSource::None && capability_enabled(ctx, GL_LIGHTING);
  if (k.lighting) {
    for (unsigned i = 0; i < kMaxLights; ++i) {
      if (!capability_enabled(ctx, GL_LIGHT0 + i)) continue;
      k.lights |= std::uint8_t(1u << i);
      if (l.lights[i].position[3] != 0.0f) k.local_lights |= std::uint8_t(1u << i);
      // 12.2.1.1's spot factor is defined for directional lights too (P_pli V is then the light's
      // direction reversed), as llvmpipe computes it.
      if (l.lights[i].spot_cutoff != 180.0f) k.spot_lights |= std::uint8_t(1u << i);
    }
    k.two_side = l.light_model_two_side;
    k.local_viewer = l.light_model_local_viewer;
    k.separate_specular = l.light_model_color_control == GL_SEPARATE_SPECULAR_COLOR;
    if (capability_enabled(ctx, GL_COLOR_MATERIAL)) {
      const std::uint8_t bits = color_material_bits(l.color_material_mode);
      if (l.color_material_face != GL_BACK) k.color_material[0] = bits;
      if (l.color_material_face != GL_FRONT) k.color_material[1] = bits;
    }
  }
  // Lighting and texture generation read the eye normal.
  k.normalize = capability_enabled(ctx, GL_NORMALIZE);
  k.rescale_normal = capability_enabled(ctx, GL_RESCALE_NORMAL);
  if (k.pixels == PixelSource::None) {
    k.clip_planes = std::uint8_t(ctx.render.clip_distances & 0xffu);
    k.point_attenuation = l.point.attenuation != std::array<GLfloat, 3>{1, 0, 0};
  }
  k.flat = ctx.render.shade_model == GL_FLAT;
  k.color_sum = capability_enabled(ctx, GL_COLOR_SUM) || (k.lighting && k.separate_specular);
  if (capability_enabled(ctx, GL_FOG)) {
    k.fog = l.fog.mode == GL_LINEAR ? 1 : l.fog.mode == GL_EXP ? 2 : 3;
    k.fog_coord_attrib = l.fog.coord_src == GL_FOG_COORD || k.pixels != PixelSource::None;
  }
  // 14.4.1: point sprites replace the texture coordinates of units with COORD_REPLACE.
  if (k.pixels == PixelSource::None && mode == GL_POINTS && capability_enabled(ctx, GL_POINT_SPRITE)) {
    for (unsigned u = 0; u < kFixedTextureUnits; ++u)
      if (l.coord_replace[u]) k.coord_replace |= std::uint8_t(1u << u);
    k.sprite_upper_left = k.coord_replace && l.point.sprite_coord_origin == GL_UPPER_LEFT;
  }
  // Polygons rasterized as filled ones (not as their edges or vertices: polygon mode LINE/POINT).
  k.polygon_stipple = k.pixels == PixelSource::None && is_polygon_mode(mode) &&
                      capability_enabled(ctx, GL_POLYGON_STIPPLE) && ctx.render.polygon_mode == GL_FILL &&
                      ctx.render.polygon_mode_back == GL_FILL;
  for (unsigned u = 0; u < kFixedTextureUnits; ++u) {
    for (const UnitTarget& t : kTargetPriority) {
      if (!capability_enabled(ctx, t.cap, u)) continue;
      // The highest enabled target decides; an incomplete texture there turns the unit off
      // (GL 4.6 compatibility 8.17.1 for fixed-function texturing).
      const st::TextureInput in = texture_input(ctx, GLint(u), t.sampler);
      if (in.texture) {
        const ff::EnvMode env = env_mode(l.texenv[u].mode);
        k.units[u] = {t.target, {}, env, base_class(in.base_format, in.depth_texture_mode),
                      env == ff::EnvMode::Combine ? combine_key(l.texenv[u].combine) : ff::CombineKey{},
                      gl_clamp_coords(in)};
        k.units[u].shadow = (in.base_format == GL_DEPTH_COMPONENT || in.base_format == GL_DEPTH_STENCIL) &&
                            in.sampler.compare_mode == GL_COMPARE_REF_TO_TEXTURE &&
                            (t.target == ff::TexTarget::Tex1D || t.target == ff::TexTarget::Tex2D ||
                             t.target == ff::TexTarget::Rect);
        // A pixel rectangle's texture coordinates are the raster position's, already generated.
        for (unsigned c = 0; c < 4 && k.pixels == PixelSource::None; ++c)
          if (capability_enabled(ctx, GL_TEXTURE_GEN_S + c, u)) k.units[u].texgen[c] = texgen_mode(l.texgen[u][c].mode);
      }
      break;
    }
  }
  apply_crossbar_rule(k);
  return k;
}

Key partner_key(Context& ctx, GLenum mode, Partner partner, std::uint8_t reads) {
  const Key full = state_key(ctx, mode);
  Key k;
  k.partner = partner;
  if (partner == Partner::UserFragment) {
    // The vertex stage's fields only, and the texture coordinates of every unit the fragment
    // shader may read, generated whether or not the unit textures.
    // An input the generated stage reads only for an output nobody reads is left out of the
    // text (the optimizer would drop it, and the draw would feed an attribute nobody consumes):
    // no lighting unless the colours are read.
    k.partner_reads = reads;
    k.lighting = full.lighting && (reads & (kReadsColor | kReadsSecondary));
    k.lights = full.lights;
    k.local_lights = full.local_lights;
    k.spot_lights = full.spot_lights;
    k.two_side = full.two_side;
    k.local_viewer = full.local_viewer;
    k.separate_specular = full.separate_specular;
    k.color_material = full.color_material;
    k.normalize = full.normalize;
    k.rescale_normal = full.rescale_normal;
    k.clip_planes = full.clip_planes;
    k.point_attenuation = full.point_attenuation;
    k.fog_coord_attrib = (reads & kReadsFog) && ctx.legacy.fog.coord_src == GL_FOG_COORD;
    for (unsigned u = 0; u < kFixedTextureUnits && (reads & kReadsTexCoord); ++u)
      for (unsigned c = 0; c < 4; ++c)
        if (capability_enabled(ctx, GL_TEXTURE_GEN_S + c, u)) k.units[u].texgen[c] = texgen_mode(ctx.legacy.texgen[u][c].mode);
    return k;
  }
  // The fragment stage's fields: with a vertex shader, lighting does not force the colour sum
  // (GL 4.6 compatibility 16.3) and colours are not flat-shaded by a generated stage.
  k.fog = full.fog;
  k.polygon_stipple = full.polygon_stipple;
  k.coord_replace = full.coord_replace;
  k.sprite_upper_left = full.sprite_upper_left;
  k.color_sum = capability_enabled(ctx, GL_COLOR_SUM);
  k.units = full.units;
  for (TextureUnitKey& unit : k.units) unit.texgen = {};
  return k;
}

}  // namespace ff

namespace {

FixedFunctionCache::Entry* find_or_link(Context& ctx, const char* fn, const ff::Key& key) {
  if (!ctx.legacy.programs) ctx.legacy.programs = std::make_shared<FixedFunctionCache>();
  auto [it, inserted] = ctx.legacy.programs->entries.try_emplace(key);
  FixedFunctionCache::Entry& e = it->second;
  if (!inserted) return e.program ? &e : nullptr;
  const glsl::ShaderSource sources[] = {{glsl::Stage::Vertex, ff::vertex_shader(key)},
                                        {glsl::Stage::Fragment, ff::fragment_shader(key)}};
  glsl::LinkOptions options;
  options.compile.point_coord_from_state = false;  // the fragment shader places the sprite origin itself
  std::shared_ptr<st::Program> linked = st::link_program(ctx.st().shared_screen(), sources, options);
  if (!linked->linked()) {
    // A glvk bug, not the application's: reported once per key.
    ctx.error(GL_INVALID_OPERATION, "%s: the generated fixed-function program does not link: %s", fn,
              linked->reflection().log.c_str());
    return nullptr;
  }
  ff::adopt_program(e, std::move(linked), true);
  return &e;
}

// Writes uniform `name` (absent when the program does not use it): `columns` columns of `rows` floats.
void put(ff::ProgramEntry& e, const std::string& name, const GLfloat* v, int rows, int columns = 1) {
  const auto it = e.uniforms.find(name);
  if (it == e.uniforms.end()) return;
  const glsl::Uniform& u = *it->second;
  std::byte* at = e.program->default_block.data() + u.offset;
  for (int c = 0; c < columns; ++c) std::memcpy(at + std::size_t(c) * u.matrix_stride, v + c * rows, std::size_t(rows) * 4);
}
void put_scalar(ff::ProgramEntry& e, const std::string& name, GLfloat v) { put(e, name, &v, 1); }

void put_matrix(ff::ProgramEntry& e, const std::string& name, const Matrix4& m) {
  GLfloat f[16];
  for (int i = 0; i < 16; ++i) f[i] = GLfloat(m[std::size_t(i)]);
  put(e, name, f, 4, 4);
}

void put_vec4(ff::ProgramEntry& e, const std::string& name, const Vec4& v) { put(e, name, v.data(), 4); }

}  // namespace

void ff::adopt_program(ProgramEntry& e, std::shared_ptr<st::Program> linked, bool fixed_function) {
  auto p = std::make_shared<ProgramObject>(0);
  p->fixed_function = fixed_function;
  p->linked = true;
  p->executable = std::move(linked);
  const glsl::Program& r = p->executable->reflection();
  reset_uniforms(*p, r);
  std::size_t flat = 0;
  for (const glsl::Resource& res : r.resources) {
    if (!glsl::is_sampler(res.kind)) continue;
    const std::string& name = res.uniform >= 0 ? r.uniforms[std::size_t(res.uniform)].name : std::string();
    for (std::uint32_t i = 0; i < res.count; ++i, ++flat) {
      if (name == "ff_pixels") p->sampler_units[flat] = -1;
      else if (name.rfind("ff_texture", 0) == 0) p->sampler_units[flat] = GLint(std::stoi(name.substr(std::strlen("ff_texture"))));
    }
  }
  e.program = std::move(p);
  e.uniforms.clear();
  for (const glsl::Uniform& u : r.uniforms) e.uniforms.emplace(u.name, &u);
}

void ff::write_uniforms(Context& ctx, const Key& key, ProgramEntry& e) {
  const LegacyState& l = ctx.legacy;
  const Matrix4& mv = ctx.transform.modelview.back();
  put_matrix(e, "ff_modelview", mv);
  put_matrix(e, "ff_mvp", ff::multiply(ctx.transform.projection.back(), mv));
  // 14.4: the point size clamped to [POINT_SIZE_MIN, POINT_SIZE_MAX] (after attenuation when on).
  const GLfloat size_max = std::min(point_size_max(ctx), st::shader_limits(ctx.st().screen()).point_size_range[1]);
  put_scalar(e, "ff_point_size", key.point_attenuation ? ctx.render.point_size
                                                       : std::clamp(ctx.render.point_size, l.point.size_min, size_max));
  const GLfloat size_range[2] = {l.point.size_min, size_max};
  put(e, "ff_point_size_range", size_range, 2);
  put(e, "ff_point_attenuation", l.point.attenuation.data(), 3);
  for (unsigned i = 0; i < 8; ++i) {
    if (!(key.clip_planes & (1u << i))) continue;
    const auto& p = l.clip_planes[i];
    const Vec4 plane{GLfloat(p[0]), GLfloat(p[1]), GLfloat(p[2]), GLfloat(p[3])};
    put_vec4(e, "ff_clip_plane" + std::to_string(i), plane);
  }
  if (e.uniforms.count("ff_normal_matrix")) {
    const Matrix4 inv = ff::inverse(mv);
    put(e, "ff_normal_matrix", ff::normal_matrix(inv).data(), 3, 3);
    put_scalar(e, "ff_normal_scale", key.rescale_normal ? ff::normal_scale(inv) : 1.0f);
  }
  if (key.lighting) {
    put_vec4(e, "ff_light_model_ambient", l.light_model_ambient);
    for (int f = 0; f < 2; ++f) {
      const Material& m = l.materials[std::size_t(f)];
      const std::string p = "ff_mat" + std::to_string(f) + "_";
      put_vec4(e, p + "ambient", m.ambient);
      put_vec4(e, p + "diffuse", m.diffuse);
      put_vec4(e, p + "specular", m.specular);
      put_vec4(e, p + "emission", m.emission);
      put_scalar(e, p + "shininess", m.shininess);
    }
    for (unsigned i = 0; i < kMaxLights; ++i) {
      if (!(key.lights & (1u << i))) continue;
      const LightSource& s = l.lights[i];
      const std::string p = "ff_light" + std::to_string(i) + "_";
      put_vec4(e, p + "ambient", s.ambient);
      put_vec4(e, p + "diffuse", s.diffuse);
      put_vec4(e, p + "specular", s.specular);
      Vec4 position = s.position;
      if (position[3] != 0.0f)  // a point: its Euclidean position
        position = {position[0] / position[3], position[1] / position[3], position[2] / position[3], 1.0f};
      put_vec4(e, p + "position", position);
      const GLfloat attenuation[3] = {s.constant_attenuation, s.linear_attenuation, s.quadratic_attenuation};
      put(e, p + "attenuation", attenuation, 3);
      const auto& d = s.spot_direction;
      const double length = std::sqrt(double(d[0]) * d[0] + double(d[1]) * d[1] + double(d[2]) * d[2]);
      const GLfloat dir[3] = {length ? GLfloat(d[0] / length) : 0.0f, length ? GLfloat(d[1] / length) : 0.0f,
                              length ? GLfloat(d[2] / length) : 0.0f};
      put(e, p + "spot_direction", dir, 3);
      const GLfloat spot[2] = {s.spot_exponent, GLfloat(std::cos(double(s.spot_cutoff) * M_PI / 180.0))};
      put(e, p + "spot", spot, 2);
    }
  }
  if (key.fog) {
    put_vec4(e, "ff_fog_color", l.fog.color);
    const GLfloat range = l.fog.end - l.fog.start;
    const Vec4 params{l.fog.density, l.fog.start, l.fog.end, range != 0.0f ? 1.0f / range : 0.0f};
    put_vec4(e, "ff_fog_params", params);
  }
  if (key.pixels != PixelSource::None) put_vec4(e, "ff_pixel_rect", l.pixel_rect);
  if (key.pixel_transfer) {
    const bool depth = key.pixels == PixelSource::Depth || key.pixels == PixelSource::DepthDirect;
    put_vec4(e, "ff_pixel_scale", depth ? Vec4{l.transfer.depth_scale, 1, 1, 1} : l.transfer.scale);
    put_vec4(e, "ff_pixel_bias", depth ? Vec4{l.transfer.depth_bias, 0, 0, 0} : l.transfer.bias);
  }
  auto stipple = e.uniforms.find("ff_polygon_stipple[0]");  // arrays are reflected by their first element
  if (stipple == e.uniforms.end()) stipple = e.uniforms.find("ff_polygon_stipple");
  if (const auto it = stipple; it != e.uniforms.end()) {
    for (std::size_t row = 0; row < 32; ++row) {
      const GLubyte* b = &l.polygon_stipple[row * 4];
      const std::uint32_t word = std::uint32_t(b[0]) << 24 | std::uint32_t(b[1]) << 16 | std::uint32_t(b[2]) << 8 | b[3];
      std::memcpy(e.program->default_block.data() + it->second->offset + (row / 4) * it->second->array_stride +
                      (row % 4) * 4,
                  &word, 4);
    }
  }
  for (unsigned u = 0; u < kFixedTextureUnits; ++u) {
    if (key.units[u].target != TexTarget::None)
      put_vec4(e, "ff_texenv" + std::to_string(u) + "_color", l.texenv[u].color);
    if (!ff::writes_texcoord(key, u)) continue;
    put_matrix(e, "ff_texture_matrix" + std::to_string(u), ctx.transform.texture[u].back());
    for (unsigned c = 0; c < 4; ++c) {
      const ff::TexGen g = key.units[u].texgen[c];
      if (g != ff::TexGen::ObjectLinear && g != ff::TexGen::EyeLinear) continue;
      const auto& p = g == ff::TexGen::ObjectLinear ? l.texgen[u][c].object_plane : l.texgen[u][c].eye_plane;
      const Vec4 plane{GLfloat(p[0]), GLfloat(p[1]), GLfloat(p[2]), GLfloat(p[3])};
      put_vec4(e, "ff_texgen" + std::to_string(u) + (g == ff::TexGen::ObjectLinear ? "_object" : "_eye") +
                      std::to_string(c), plane);
    }
  }
  ++e.program->uniform_serial;
}

namespace {

void set_floats(st::VertexAttribInput& in, const GLfloat* v, int n) {
  GLfloat f[4] = {0, 0, 0, 1};
  std::memcpy(f, v, std::size_t(n) * 4);
  std::memcpy(in.current.data(), f, 16);
}

// An immediate-mode field of ImmediateVertex as a float array in client memory.
void immediate_array(st::VertexAttribInput& in, const std::vector<ImmediateVertex>& vertices, std::size_t offset,
                     int size) {
  in.enabled = true;
  in.buffer = nullptr;
  in.pointer = reinterpret_cast<std::uintptr_t>(vertices.data()) + offset;
  in.type = GL_FLOAT;
  in.size = size;
  in.normalized = false;
  in.kind = GL_FLOAT;
  in.stride = GLsizei(sizeof(ImmediateVertex));
  in.divisor = 0;
}

}  // namespace

bool legacy_array_normalized(unsigned slot, GLenum type) {
  return (slot == kAttribNormal || slot == kAttribColor || slot == kAttribSecondaryColor) && type != GL_FLOAT &&
         type != GL_DOUBLE && type != GL_HALF_FLOAT;
}

ProgramObject* fixed_function_program(Context& ctx, const char* fn, GLenum mode) {
  const ff::Key key = ff::state_key(ctx, mode);
  FixedFunctionCache::Entry* e = find_or_link(ctx, fn, key);
  if (!e) return nullptr;
  ff::write_uniforms(ctx, key, *e);
  return e->program.get();
}

namespace {

// The GL names of the built-in attributes by LegacyAttrib (GLSL 1.20 7.3).
constexpr std::string_view kAttribNames[kLegacyAttribCount] = {
    "gl_Vertex", "gl_Normal", "gl_Color", "gl_SecondaryColor", "gl_FogCoord", "gl_MultiTexCoord0",
    "gl_MultiTexCoord1", "gl_MultiTexCoord2", "gl_MultiTexCoord3", "gl_MultiTexCoord4", "gl_MultiTexCoord5",
    "gl_MultiTexCoord6", "gl_MultiTexCoord7"};

// glEnd's vertices: where each LegacyAttrib is in ImmediateVertex, and its component count.
struct ImmediateField {
  std::size_t offset;
  int size;
};
ImmediateField immediate_field(unsigned slot) {
  switch (slot) {
    case kAttribVertex: return {offsetof(ImmediateVertex, position), 4};
    case kAttribNormal: return {offsetof(ImmediateVertex, normal), 3};
    case kAttribColor: return {offsetof(ImmediateVertex, color), 4};
    case kAttribSecondaryColor: return {offsetof(ImmediateVertex, secondary_color), 4};
    case kAttribFogCoord: return {offsetof(ImmediateVertex, fog_coord), 1};
    default: return {offsetof(ImmediateVertex, texcoords) + (slot - kAttribTexCoord0) * sizeof(Vec4), 4};
  }
}

// One LegacyAttrib's input: glEnd's vertices, else its enabled legacy array, else its current
// value. The vertex position falls back to generic attribute 0 (which it aliases).
void legacy_attrib_input(Context& ctx, unsigned slot, st::VertexAttribInput& in) {
  const LegacyState& l = ctx.legacy;
  in = {};
  in.current = ctx.current_attribs[0].bits;
  if (l.drawing_immediate) {
    const ImmediateField f = immediate_field(slot);
    immediate_array(in, l.vertices, f.offset, f.size);
    return;
  }
  switch (slot) {
    case kAttribVertex: break;
    case kAttribNormal: set_floats(in, l.current.normal.data(), 3); break;
    case kAttribColor: set_floats(in, l.current.color.data(), 4); break;
    case kAttribSecondaryColor: set_floats(in, l.current.secondary_color.data(), 4); break;
    case kAttribFogCoord: set_floats(in, &l.current.fog_coord, 1); break;
    default: set_floats(in, l.current.texcoords[slot - kAttribTexCoord0].data(), 4); break;
  }
  const VertexArrayObject& vao = *ctx.current_vertex_array();
  const LegacyArray& a = vao.legacy_arrays[slot];
  const bool has_data = a.buffer ? a.buffer->resource != nullptr : a.pointer != 0;
  if (a.enabled && has_data) {
    in.enabled = true;
    in.buffer = a.buffer ? a.buffer->resource.get() : nullptr;
    in.pointer = std::uintptr_t(a.pointer);
    in.type = a.type;
    in.size = a.size;
    in.normalized = legacy_array_normalized(slot, a.type);
    in.kind = GL_FLOAT;
    in.stride = a.stride ? a.stride : GLsizei(vertex_element_size(a.size, a.type));
  }
  // Generic attribute 0 aliases the vertex position; its array wins when enabled.
  if (slot == kAttribVertex) generic_array_input(vao, 0, in);
}

}  // namespace

bool fixed_function_vertex_inputs(Context& ctx, const ProgramObject& program, st::DrawCall& call) {
  for (GLuint i = 0; i < st::kMaxVertexAttribs; ++i) {
    call.attribs[i] = {};
    call.attribs[i].current = ctx.current_attribs[i].bits;
  }
  if (!program.fixed_function) {  // a GLSL program in immediate mode: glVertex is generic attribute 0
    legacy_attrib_input(ctx, kAttribVertex, call.attribs[0]);
    // Generic attributes set between glBegin and glEnd: each vertex's own value.
    const LegacyState& l = ctx.legacy;
    for (unsigned i = 1; i < LegacyState::kImmediateGenerics && i < st::kMaxVertexAttribs; ++i) {
      if (!(l.immediate_generic_mask >> i & 1u) || l.immediate_generics.size() < l.vertices.size() * LegacyState::kImmediateGenerics)
        continue;
      st::VertexAttribInput& in = call.attribs[i];
      const GLenum kind = ctx.current_attribs[i].kind;
      if (kind != GL_FLOAT && kind != GL_INT && kind != GL_UNSIGNED_INT) continue;  // 64-bit values keep the current one
      in.enabled = true;
      in.buffer = nullptr;
      in.pointer = reinterpret_cast<std::uintptr_t>(l.immediate_generics.data() + i);
      in.type = kind;  // the bits as stored: 32-bit floats or integers
      in.size = 4;
      in.normalized = false;
      in.kind = kind == GL_FLOAT ? GLenum(GL_FLOAT) : GLenum(GL_INT);
      in.stride = GLsizei(LegacyState::kImmediateGenerics * sizeof(l.immediate_generics[0]));
      in.divisor = 0;
    }
    return true;
  }
  for (unsigned i = 0; i < kLegacyAttribCount; ++i) legacy_attrib_input(ctx, i, call.attribs[i]);
  return call.attribs[kAttribVertex].enabled;
}

void generic_zero_input(Context& ctx, st::VertexAttribInput& in) { legacy_attrib_input(ctx, kAttribVertex, in); }

void builtin_attribute_inputs(Context& ctx, const glsl::Program& r, st::DrawCall& call) {
  for (const glsl::InterfaceVariable& a : r.attributes) {
    if (a.location < 0 || a.location >= GLint(st::kMaxVertexAttribs) || a.name.compare(0, 3, "gl_") != 0) continue;
    for (unsigned slot = 0; slot < kLegacyAttribCount; ++slot)
      if (a.name == kAttribNames[slot]) legacy_attrib_input(ctx, slot, call.attribs[std::size_t(a.location)]);
  }
}

}  // namespace glvk::gl
