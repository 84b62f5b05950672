// The compatibility built-in uniforms of GLSL programs (GLSL 1.20 7.5: gl_ModelViewMatrix,
// gl_LightSource[], gl_FrontMaterial, gl_Fog, ...), which src/glsl lowers to default-block members
// and reports as Program::state_uniforms: resolved once per link into (field, element, offset),
// written from the same context state the fixed-function program reads before every draw.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>
#include <string_view>

#include "draw_inputs.h"
#include "ff_math.h"
#include "framebuffer_internal.h"
#include "glvk/st/context.h"
#include "glvk/st/program.h"
#include "legacy_internal.h"

namespace glvk::gl {
namespace {

using Builtin = ProgramObject::BuiltinUniform;

enum Field : std::uint8_t {
  kModelView, kProjection, kModelViewProjection, kTextureMatrix,  // variant: kInverse | kTranspose
  kNormalMatrix, kNormalScale, kDepthNear, kDepthFar, kDepthDiff, kClipPlane,
  kPointSize, kPointSizeMin, kPointSizeMax, kPointFade, kPointAttC, kPointAttL, kPointAttQ,
  kMatEmission, kMatAmbient, kMatDiffuse, kMatSpecular, kMatShininess,  // variant: face
  kLightAmbient, kLightDiffuse, kLightSpecular, kLightPosition, kLightHalfVector, kLightSpotDirection,
  kLightSpotExponent, kLightSpotCutoff, kLightSpotCosCutoff, kLightAttC, kLightAttL, kLightAttQ,
  kLightModelAmbient, kSceneColor, kProductAmbient, kProductDiffuse, kProductSpecular,  // variant: face
  kTexEnvColor, kEyePlane, kObjectPlane,  // variant: coordinate S, T, R, Q
  kFogColor, kFogDensity, kFogStart, kFogEnd, kFogScale, kTwoSide, kClipPlaneEnables,
  kClampVertexColor, kFramebufferHeight, kPointCoordTransform, kTexCoordReplace,
};
constexpr std::uint8_t kInverse = 1, kTranspose = 2;

struct Name {
  std::string_view base, member;  // "gl_LightSource", "ambient"
  Field field;
  std::uint8_t variant = 0;
};
// Every lowered name with its field; matrices and per-face/per-coordinate names by variant.
constexpr Name kNames[] = {
    {"gl_ModelViewMatrix", "", kModelView}, {"gl_ModelViewMatrixInverse", "", kModelView, kInverse},
    {"gl_ModelViewMatrixTranspose", "", kModelView, kTranspose},
    {"gl_ModelViewMatrixInverseTranspose", "", kModelView, kInverse | kTranspose},
    {"gl_ProjectionMatrix", "", kProjection}, {"gl_ProjectionMatrixInverse", "", kProjection, kInverse},
    {"gl_ProjectionMatrixTranspose", "", kProjection, kTranspose},
    {"gl_ProjectionMatrixInverseTranspose", "", kProjection, kInverse | kTranspose},
    {"gl_ModelViewProjectionMatrix", "", kModelViewProjection},
    {"gl_ModelViewProjectionMatrixInverse", "", kModelViewProjection, kInverse},
    {"gl_ModelViewProjectionMatrixTranspose", "", kModelViewProjection, kTranspose},
    {"gl_ModelViewProjectionMatrixInverseTranspose", "", kModelViewProjection, kInverse | kTranspose},
    {"gl_TextureMatrix", "", kTextureMatrix}, {"gl_TextureMatrixInverse", "", kTextureMatrix, kInverse},
    {"gl_TextureMatrixTranspose", "", kTextureMatrix, kTranspose},
    {"gl_TextureMatrixInverseTranspose", "", kTextureMatrix, kInverse | kTranspose},
    {"gl_NormalMatrix", "", kNormalMatrix}, {"gl_NormalScale", "", kNormalScale},
    {"gl_DepthRange", "near", kDepthNear}, {"gl_DepthRange", "far", kDepthFar}, {"gl_DepthRange", "diff", kDepthDiff},
    {"gl_ClipPlane", "", kClipPlane},
    {"gl_Point", "size", kPointSize}, {"gl_Point", "sizeMin", kPointSizeMin}, {"gl_Point", "sizeMax", kPointSizeMax},
    {"gl_Point", "fadeThresholdSize", kPointFade}, {"gl_Point", "distanceConstantAttenuation", kPointAttC},
    {"gl_Point", "distanceLinearAttenuation", kPointAttL}, {"gl_Point", "distanceQuadraticAttenuation", kPointAttQ},
    {"gl_FrontMaterial", "emission", kMatEmission}, {"gl_FrontMaterial", "ambient", kMatAmbient},
    {"gl_FrontMaterial", "diffuse", kMatDiffuse}, {"gl_FrontMaterial", "specular", kMatSpecular},
    {"gl_FrontMaterial", "shininess", kMatShininess},
    {"gl_BackMaterial", "emission", kMatEmission, 1}, {"gl_BackMaterial", "ambient", kMatAmbient, 1},
    {"gl_BackMaterial", "diffuse", kMatDiffuse, 1}, {"gl_BackMaterial", "specular", kMatSpecular, 1},
    {"gl_BackMaterial", "shininess", kMatShininess, 1},
    {"gl_LightSource", "ambient", kLightAmbient}, {"gl_LightSource", "diffuse", kLightDiffuse},
    {"gl_LightSource", "specular", kLightSpecular}, {"gl_LightSource", "position", kLightPosition},
    {"gl_LightSource", "halfVector", kLightHalfVector}, {"gl_LightSource", "spotDirection", kLightSpotDirection},
    {"gl_LightSource", "spotExponent", kLightSpotExponent}, {"gl_LightSource", "spotCutoff", kLightSpotCutoff},
    {"gl_LightSource", "spotCosCutoff", kLightSpotCosCutoff}, {"gl_LightSource", "constantAttenuation", kLightAttC},
    {"gl_LightSource", "linearAttenuation", kLightAttL}, {"gl_LightSource", "quadraticAttenuation", kLightAttQ},
    {"gl_LightModel", "ambient", kLightModelAmbient},
    {"gl_FrontLightModelProduct", "sceneColor", kSceneColor}, {"gl_BackLightModelProduct", "sceneColor", kSceneColor, 1},
    {"gl_FrontLightProduct", "ambient", kProductAmbient}, {"gl_FrontLightProduct", "diffuse", kProductDiffuse},
    {"gl_FrontLightProduct", "specular", kProductSpecular}, {"gl_BackLightProduct", "ambient", kProductAmbient, 1},
    {"gl_BackLightProduct", "diffuse", kProductDiffuse, 1}, {"gl_BackLightProduct", "specular", kProductSpecular, 1},
    {"gl_TextureEnvColor", "", kTexEnvColor},
    {"gl_EyePlaneS", "", kEyePlane, 0}, {"gl_EyePlaneT", "", kEyePlane, 1}, {"gl_EyePlaneR", "", kEyePlane, 2},
    {"gl_EyePlaneQ", "", kEyePlane, 3}, {"gl_ObjectPlaneS", "", kObjectPlane, 0},
    {"gl_ObjectPlaneT", "", kObjectPlane, 1}, {"gl_ObjectPlaneR", "", kObjectPlane, 2},
    {"gl_ObjectPlaneQ", "", kObjectPlane, 3},
    {"gl_Fog", "color", kFogColor}, {"gl_Fog", "density", kFogDensity}, {"gl_Fog", "start", kFogStart},
    {"gl_Fog", "end", kFogEnd}, {"gl_Fog", "scale", kFogScale},
    {"gl_VertexProgramTwoSide", "", kTwoSide},  // glvk's own: VERTEX_PROGRAM_TWO_SIDE for gl_Color
    {"gl_ClipPlaneEnables", "", kClipPlaneEnables},  // glvk's own: CLIP_PLANEi enables for gl_ClipVertex
    {"gl_ClampVertexColor", "", kClampVertexColor},  // glvk's own: CLAMP_VERTEX_COLOR applies
    {"gl_FramebufferHeight", "", kFramebufferHeight},  // glvk's own: gl_FragCoord's upper-left origin
    {"gl_PointCoordTransform", "", kPointCoordTransform},  // glvk's own: POINT_SPRITE_COORD_ORIGIN
    {"gl_TexCoordReplace", "", kTexCoordReplace},  // glvk's own: COORD_REPLACE units while sprites are drawn
};

Vec4 product(const Vec4& a, const Vec4& b) { return {a[0] * b[0], a[1] * b[1], a[2] * b[2], a[3] * b[3]}; }
Vec4 light_product(const Vec4& material, const Vec4& light) {
  return {material[0] * light[0], material[1] * light[1], material[2] * light[2], material[3]};
}

Matrix4 matrix_of(Context& ctx, Field field, unsigned index) {
  const TransformState& t = ctx.transform;
  switch (field) {
    case kModelView: return t.modelview.back();
    case kProjection: return t.projection.back();
    case kModelViewProjection: return ff::multiply(t.projection.back(), t.modelview.back());
    default: return index < kMaxTextureCoords ? t.texture[index].back() : kIdentityMatrix;
  }
}

Vec4 plane(const std::array<GLdouble, 4>& p) {
  return {GLfloat(p[0]), GLfloat(p[1]), GLfloat(p[2]), GLfloat(p[3])};
}

// FIXED_ONLY colour clamping's condition: every enabled draw buffer is fixed-point (normalized).
bool fixed_point_draw_buffers(const Context& ctx) {
  const FramebufferObject* fb = ctx.current_draw_framebuffer();
  if (!fb) return true;
  for (unsigned i = 0; i < kMaxColorAttachments; ++i) {
    std::array<const FramebufferAttachment*, 2> targets{};
    const unsigned count = draw_buffer_targets(*fb, i, targets);
    for (unsigned t = 0; t < count; ++t) {
      TextureImage scratch;
      const TextureImage* image = attached_image(*targets[t], scratch);
      if (!image || !image->defined()) continue;
      const formats::FormatDesc& d = formats::describe(image->format);
      if (!d.is_unorm && !d.is_snorm) return false;
    }
  }
  return true;
}

// The value of one element as up to four columns of four floats (matrices) or one vector.
struct Value {
  float v[16] = {};
  int rows = 1, columns = 1;
};

// `fixed_vertex`: the program's vertex stage is the generated fixed-function one (ff_partner.cpp).
Value value_of(Context& ctx, const Builtin& b, bool fixed_vertex, bool sprites) {
  const LegacyState& l = ctx.legacy;
  Value out;
  auto vec4 = [&](const Vec4& v) {
    std::memcpy(out.v, v.data(), 16);
    out.rows = 4;
  };
  auto scalar = [&](float f) { out.v[0] = f; };
  const Field field = Field(b.field);
  const unsigned i = b.index;
  const LightSource& light = l.lights[i < kMaxLights ? i : 0];
  // glEnd's draw of a pair whose glMaterial calls were per-vertex: the materials it began with.
  const auto& materials = l.drawing_immediate && l.begin_materials ? *l.begin_materials : l.materials;
  const Material& material = materials[b.variant & 1];
  switch (field) {
    case kModelView: case kProjection: case kModelViewProjection: case kTextureMatrix: {
      Matrix4 m = matrix_of(ctx, field, i);
      if (b.variant & kInverse) m = ff::inverse(m);
      if (b.variant & kTranspose) m = ff::transpose(m);
      for (int k = 0; k < 16; ++k) out.v[k] = float(m[std::size_t(k)]);
      out.rows = out.columns = 4;
      break;
    }
    case kNormalMatrix: {
      const std::array<float, 9> nm = ff::normal_matrix(ff::inverse(ctx.transform.modelview.back()));
      std::memcpy(out.v, nm.data(), sizeof nm);
      out.rows = out.columns = 3;
      break;
    }
    case kNormalScale: scalar(ff::normal_scale(ff::inverse(ctx.transform.modelview.back()))); break;
    case kDepthNear: scalar(float(ctx.transform.viewports[0].near_value)); break;
    case kDepthFar: scalar(float(ctx.transform.viewports[0].far_value)); break;
    case kDepthDiff:
      scalar(float(ctx.transform.viewports[0].far_value - ctx.transform.viewports[0].near_value));
      break;
    case kClipPlane: vec4(plane(l.clip_planes[i < l.clip_planes.size() ? i : 0])); break;  // eye coordinates
    case kPointSize: scalar(ctx.render.point_size); break;
    case kPointSizeMin: scalar(l.point.size_min); break;
    case kPointSizeMax: scalar(point_size_max(ctx)); break;
    case kPointFade: scalar(l.point.fade_threshold); break;
    case kPointAttC: scalar(l.point.attenuation[0]); break;
    case kPointAttL: scalar(l.point.attenuation[1]); break;
    case kPointAttQ: scalar(l.point.attenuation[2]); break;
    case kMatEmission: vec4(material.emission); break;
    case kMatAmbient: vec4(material.ambient); break;
    case kMatDiffuse: vec4(material.diffuse); break;
    case kMatSpecular: vec4(material.specular); break;
    case kMatShininess: scalar(material.shininess); break;
    case kLightAmbient: vec4(light.ambient); break;
    case kLightDiffuse: vec4(light.diffuse); break;
    case kLightSpecular: vec4(light.specular); break;
    case kLightPosition: vec4(light.position); break;
    case kLightHalfVector: {
      // GLSL 1.20 7.5's derived Hi for an infinite viewer: normalize(P + (0, 0, 1)) with P the
      // unit direction to the light; w is 1, as in llvmpipe and zink (the spec leaves it open).
      const auto& p = light.position;
      const double len = std::sqrt(double(p[0]) * p[0] + double(p[1]) * p[1] + double(p[2]) * p[2]);
      double h[3] = {len ? p[0] / len : 0.0, len ? p[1] / len : 0.0, (len ? p[2] / len : 0.0) + 1.0};
      const double hl = std::sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
      vec4({float(hl ? h[0] / hl : 0), float(hl ? h[1] / hl : 0), float(hl ? h[2] / hl : 0), 1});
      break;
    }
    case kLightSpotDirection:
      std::memcpy(out.v, light.spot_direction.data(), 12);
      out.rows = 3;
      break;
    case kLightSpotExponent: scalar(light.spot_exponent); break;
    case kLightSpotCutoff: scalar(light.spot_cutoff); break;
    case kLightSpotCosCutoff: scalar(float(std::cos(double(light.spot_cutoff) * M_PI / 180.0))); break;
    case kLightAttC: scalar(light.constant_attenuation); break;
    case kLightAttL: scalar(light.linear_attenuation); break;
    case kLightAttQ: scalar(light.quadratic_attenuation); break;
    case kLightModelAmbient: vec4(l.light_model_ambient); break;
    case kSceneColor: {
      // Ecm + Acm * Acs; alpha is the material's diffuse alpha, the alpha of a lit colour (12.2.1.1).
      Vec4 c = product(material.ambient, l.light_model_ambient);
      for (int k = 0; k < 3; ++k) c[std::size_t(k)] += material.emission[std::size_t(k)];
      c[3] = material.diffuse[3];
      vec4(c);
      break;
    }
    // The light products' alpha is the material's, as llvmpipe, zink and NVIDIA give it (GLSL 1.20
    // 7.5 defines only the colour products).
    case kProductAmbient: vec4(light_product(material.ambient, light.ambient)); break;
    case kProductDiffuse: vec4(light_product(material.diffuse, light.diffuse)); break;
    case kProductSpecular: vec4(light_product(material.specular, light.specular)); break;
    case kTexEnvColor: vec4(i < kFixedTextureUnits ? l.texenv[i].color : Vec4{}); break;
    case kEyePlane: case kObjectPlane: {
      const TexGenCoord& c = l.texgen[i < kFixedTextureUnits ? i : 0][b.variant & 3];
      vec4(plane(b.field == kEyePlane ? c.eye_plane : c.object_plane));
      break;
    }
    case kFogColor: vec4(l.fog.color); break;
    case kFogDensity: scalar(l.fog.density); break;
    case kFogStart: scalar(l.fog.start); break;
    case kFogEnd: scalar(l.fog.end); break;
    case kFogScale: scalar(l.fog.end != l.fog.start ? 1.0f / (l.fog.end - l.fog.start) : 0.0f); break;
    case kClipPlaneEnables: {
      const std::int32_t bits = std::int32_t(ctx.render.clip_distances & 0xffu);
      std::memcpy(out.v, &bits, 4);
      break;
    }
    case kClampVertexColor: {
      const std::int32_t on = ctx.clamp_vertex_color == GL_TRUE ||
                              (ctx.clamp_vertex_color == GL_FIXED_ONLY && fixed_point_draw_buffers(ctx));
      std::memcpy(out.v, &on, 4);
      break;
    }
    case kTexCoordReplace: {  // the units whose gl_TexCoord[] the point's coordinates replace
      std::int32_t units = 0;
      for (unsigned u = 0; sprites && u < kFixedTextureUnits; ++u)
        if (l.coord_replace[u]) units |= std::int32_t(1u << u);
      std::memcpy(out.v, &units, 4);
      break;
    }
    case kPointCoordTransform: {  // t = a y + b (src/glsl's gl_PointCoord)
      const bool upper_left = l.point.sprite_coord_origin == GL_UPPER_LEFT;
      out.v[0] = upper_left ? -1.0f : 1.0f;
      out.v[1] = upper_left ? 1.0f : 0.0f;
      out.rows = 2;
      break;
    }
    case kFramebufferHeight: {
      st::DrawFramebufferInput fb;
      draw_framebuffer_targets(ctx, fb);
      scalar(float(fb.height));
      break;
    }
    case kTwoSide: {
      // gl_Color's back colour: VERTEX_PROGRAM_TWO_SIDE with a vertex shader, two-sided lighting
      // with fixed-function vertex processing (LIGHT_MODEL_TWO_SIDE, GL 4.6 compatibility 12.2.1.1).
      const bool two_side = fixed_vertex ? capability_enabled(ctx, GL_LIGHTING) && l.light_model_two_side
                                         : capability_enabled(ctx, GL_VERTEX_PROGRAM_TWO_SIDE);
      const std::int32_t on = two_side ? 1 : 0;
      std::memcpy(out.v, &on, 4);
      break;
    }
  }
  return out;
}

}  // namespace

void resolve_builtin_uniforms(ProgramObject& p, const glsl::Program& r) {
  p.builtin_uniforms.clear();
  for (const glsl::Uniform& u : r.state_uniforms) {
    // "gl_LightSource[3].ambient": base, element, member; "gl_TextureMatrix[0]": an array of size n.
    const std::string& name = u.name;
    const std::size_t open = name.find('['), dot = name.find('.');
    const std::string_view base = std::string_view(name).substr(0, std::min(open, dot));
    const std::string_view member = dot == std::string::npos ? std::string_view() : std::string_view(name).substr(dot + 1);
    const unsigned element = open != std::string::npos && dot != std::string::npos && open < dot
                                 ? unsigned(std::stoul(name.substr(open + 1)))
                                 : 0;
    for (const Name& n : kNames) {
      if (n.base != base || n.member != member) continue;
      for (std::uint32_t e = 0; e < u.array_size; ++e)
        p.builtin_uniforms.push_back({std::uint8_t(n.field), std::uint8_t(element + e), n.variant,
                                      u.offset + e * u.array_stride, u.matrix_stride});
      break;
    }
  }
}

void write_builtin_uniforms(Context& ctx, ProgramObject& p, GLenum mode) {
  // Points are drawn as sprites (14.4.1) for a point draw that no geometry or tessellation stage
  // turns into other primitives, with POINT_SPRITE enabled.
  const glsl::Program* r = p.executable ? &p.executable->reflection() : nullptr;
  const std::uint32_t reshaping = 1u << unsigned(glsl::Stage::Geometry) | 1u << unsigned(glsl::Stage::TessEvaluation);
  const bool sprites = mode == GL_POINTS && r && !(r->stages & reshaping) && capability_enabled(ctx, GL_POINT_SPRITE);
  for (const Builtin& b : p.builtin_uniforms) {
    const Value v = value_of(ctx, b, p.fixed_function, sprites);
    std::byte* at = p.default_block.data() + b.offset;
    if (b.offset + std::size_t(v.columns > 1 ? (v.columns - 1) * b.matrix_stride : 0) + std::size_t(v.rows) * 4 >
        p.default_block.size())
      continue;  // never for glslang's std140 layout; kept from writing past the block
    for (int c = 0; c < v.columns; ++c)
      std::memcpy(at + std::size_t(c) * b.matrix_stride, v.v + c * v.rows, std::size_t(v.rows) * 4);
  }
  if (!p.builtin_uniforms.empty()) ++p.uniform_serial;
}

}  // namespace glvk::gl
