// Lighting state (GL 4.6 compatibility 12.2.1-12.2.3): glLight*, glLightModel*, glMaterial*,
// glColorMaterial and their queries, with the errors of 12.2.2. Positions and spot directions are
// stored in eye coordinates (transformed by the modelview matrix when given).
#include <cmath>

#include "api_common.h"
#include "legacy_internal.h"
#include "legacy_params.h"
#include "state_query.h"

namespace glvk::gl {

namespace {

LightSource* find_light(Context& ctx, const char* fn, GLenum light) {
  if (light < GL_LIGHT0 || light >= GL_LIGHT0 + kMaxLights) {
    ctx.error(GL_INVALID_ENUM, "%s(light = 0x%04x): not a light", fn, light);
    return nullptr;
  }
  return &ctx.legacy.lights[light - GL_LIGHT0];
}

bool is_color_pname(GLenum pname) {
  return pname == GL_AMBIENT || pname == GL_DIFFUSE || pname == GL_SPECULAR || pname == GL_EMISSION ||
         pname == GL_AMBIENT_AND_DIFFUSE || pname == GL_LIGHT_MODEL_AMBIENT || pname == GL_FOG_COLOR;
}

// Table 12.2: the values glLight takes (count), and whether the scalar forms take it.
int light_param_count(GLenum pname) {
  switch (pname) {
    case GL_AMBIENT: case GL_DIFFUSE: case GL_SPECULAR: case GL_POSITION: return 4;
    case GL_SPOT_DIRECTION: return 3;
    case GL_SPOT_EXPONENT: case GL_SPOT_CUTOFF: case GL_CONSTANT_ATTENUATION: case GL_LINEAR_ATTENUATION:
    case GL_QUADRATIC_ATTENUATION:
      return 1;
    default: return 0;
  }
}

Vec4 transform(const Matrix4& m, const Vec4& v, int n) {
  Vec4 out{};
  for (int r = 0; r < 4; ++r) {
    double s = 0;
    for (int c = 0; c < n; ++c) s += m[std::size_t(c * 4 + r)] * v[std::size_t(c)];
    out[std::size_t(r)] = GLfloat(s);
  }
  return out;
}

void set_light(Context& ctx, const char* fn, GLenum light, GLenum pname, const LegacyParams& p, bool scalar_form) {
  if (!compatibility_context(ctx, fn)) return;
  LightSource* l = find_light(ctx, fn, light);
  if (!l) return;
  const int count = light_param_count(pname);
  if (count == 0 || (scalar_form && count != 1))
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a light parameter of this form", fn, pname);
  const Vec4 v = p.get(count, is_color_pname(pname));
  const GLfloat s = v[0];
  switch (pname) {
    case GL_AMBIENT: l->ambient = v; return;
    case GL_DIFFUSE: l->diffuse = v; return;
    case GL_SPECULAR: l->specular = v; return;
    case GL_POSITION: l->position = transform(ctx.transform.modelview.back(), v, 4); return;
    case GL_SPOT_DIRECTION: {  // the upper 3x3 of the modelview matrix
      const Vec4 d = transform(ctx.transform.modelview.back(), {v[0], v[1], v[2], 0}, 3);
      l->spot_direction = {d[0], d[1], d[2]};
      return;
    }
    case GL_SPOT_EXPONENT:
      if (s < 0 || s > 128) return ctx.error(GL_INVALID_VALUE, "%s(SPOT_EXPONENT = %g): not in [0, 128]", fn, double(s));
      l->spot_exponent = s;
      return;
    case GL_SPOT_CUTOFF:
      if ((s < 0 || s > 90) && s != 180)
        return ctx.error(GL_INVALID_VALUE, "%s(SPOT_CUTOFF = %g): not in [0, 90] or 180", fn, double(s));
      l->spot_cutoff = s;
      return;
    default:
      if (s < 0) return ctx.error(GL_INVALID_VALUE, "%s(attenuation = %g): negative", fn, double(s));
      (pname == GL_CONSTANT_ATTENUATION ? l->constant_attenuation
       : pname == GL_LINEAR_ATTENUATION ? l->linear_attenuation
                                        : l->quadratic_attenuation) = s;
  }
}

void get_light(Context& ctx, const char* fn, GLenum light, GLenum pname, LegacyOut out) {
  if (!compatibility_context(ctx, fn)) return;
  const LightSource* l = find_light(ctx, fn, light);
  if (!l) return;
  switch (pname) {
    case GL_AMBIENT: return out.put(l->ambient.data(), 4, true);
    case GL_DIFFUSE: return out.put(l->diffuse.data(), 4, true);
    case GL_SPECULAR: return out.put(l->specular.data(), 4, true);
    case GL_POSITION: return out.put(l->position.data(), 4, false);
    case GL_SPOT_DIRECTION: return out.put(l->spot_direction.data(), 3, false);
    case GL_SPOT_EXPONENT: return out.put(&l->spot_exponent, 1, false);
    case GL_SPOT_CUTOFF: return out.put(&l->spot_cutoff, 1, false);
    case GL_CONSTANT_ATTENUATION: return out.put(&l->constant_attenuation, 1, false);
    case GL_LINEAR_ATTENUATION: return out.put(&l->linear_attenuation, 1, false);
    case GL_QUADRATIC_ATTENUATION: return out.put(&l->quadratic_attenuation, 1, false);
    default: ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a light parameter", fn, pname);
  }
}

void set_light_model(Context& ctx, const char* fn, GLenum pname, const LegacyParams& p, bool scalar_form) {
  if (!compatibility_context(ctx, fn)) return;
  LegacyState& l = ctx.legacy;
  switch (pname) {
    case GL_LIGHT_MODEL_AMBIENT:
      if (scalar_form) break;
      l.light_model_ambient = p.get(4, true);
      return;
    case GL_LIGHT_MODEL_LOCAL_VIEWER: l.light_model_local_viewer = p.get(1, false)[0] != 0; return;
    case GL_LIGHT_MODEL_TWO_SIDE: l.light_model_two_side = p.get(1, false)[0] != 0; return;
    case GL_LIGHT_MODEL_COLOR_CONTROL: {
      const GLenum e = p.get_enum();
      if (e != GL_SINGLE_COLOR && e != GL_SEPARATE_SPECULAR_COLOR)
        return ctx.error(GL_INVALID_ENUM, "%s(LIGHT_MODEL_COLOR_CONTROL = 0x%04x): not a colour control", fn, e);
      l.light_model_color_control = e;
      return;
    }
    default: break;
  }
  ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a light model parameter of this form", fn, pname);
}

// GL_FRONT, GL_BACK, GL_FRONT_AND_BACK as a face mask (bit 0 front, bit 1 back); 0 after the error.
unsigned faces(Context& ctx, const char* fn, GLenum face, bool both_allowed) {
  if (face == GL_FRONT) return 1;
  if (face == GL_BACK) return 2;
  if (face == GL_FRONT_AND_BACK && both_allowed) return 3;
  ctx.error(GL_INVALID_ENUM, "%s(face = 0x%04x): not a face here", fn, face);
  return 0;
}

void set_material(Context& ctx, const char* fn, GLenum face, GLenum pname, const LegacyParams& p, bool scalar_form) {
  if (!compatibility_context(ctx, fn)) return;
  const unsigned mask = faces(ctx, fn, face, true);
  if (!mask) return;
  const bool vector = pname == GL_AMBIENT || pname == GL_DIFFUSE || pname == GL_SPECULAR || pname == GL_EMISSION ||
                      pname == GL_AMBIENT_AND_DIFFUSE || pname == GL_COLOR_INDEXES;
  if (!vector && pname != GL_SHININESS)
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a material parameter", fn, pname);
  // glMaterialf/i with a vector parameter: the spec gives the scalar forms SHININESS only, but
  // Mesa (llvmpipe, zink) takes the value as the first component without an error and programs
  // (piglit's gl-1.0-beginend-coverage) rely on it; the other components stay as they were.
  const int count = pname == GL_SHININESS ? 1 : pname == GL_COLOR_INDEXES ? 3 : 4;
  Vec4 v = p.get(scalar_form ? 1 : count, is_color_pname(pname));
  if (scalar_form && vector) {
    const Material& old = ctx.legacy.materials[mask & 1 ? 0 : 1];
    const Vec4 kept = pname == GL_AMBIENT || pname == GL_AMBIENT_AND_DIFFUSE ? old.ambient
                      : pname == GL_DIFFUSE                                   ? old.diffuse
                      : pname == GL_SPECULAR                                  ? old.specular
                      : pname == GL_EMISSION                                  ? old.emission
                                                                              : Vec4{old.color_indexes[0], old.color_indexes[1], old.color_indexes[2], 0};
    v = {v[0], kept[1], kept[2], kept[3]};
  }
  if (pname == GL_SHININESS && (v[0] < 0 || v[0] > 128))
    return ctx.error(GL_INVALID_VALUE, "%s(SHININESS = %g): not in [0, 128]", fn, double(v[0]));
  if (ctx.legacy.inside_begin_end() && !ctx.legacy.begin_materials) ctx.legacy.begin_materials = ctx.legacy.materials;
  for (unsigned f = 0; f < 2; ++f) {
    if (!(mask & (1u << f))) continue;
    Material& m = ctx.legacy.materials[f];
    switch (pname) {
      case GL_AMBIENT: m.ambient = v; break;
      case GL_DIFFUSE: m.diffuse = v; break;
      case GL_AMBIENT_AND_DIFFUSE: m.ambient = m.diffuse = v; break;
      case GL_SPECULAR: m.specular = v; break;
      case GL_EMISSION: m.emission = v; break;
      case GL_SHININESS: m.shininess = v[0]; break;
      default: m.color_indexes = {v[0], v[1], v[2]}; break;
    }
  }
  // 12.2.3: while COLOR_MATERIAL is enabled the tracked parameters always equal the current colour,
  // so glMaterial cannot change them (llvmpipe agrees).
  track_color_material(ctx);
}

void get_material(Context& ctx, const char* fn, GLenum face, GLenum pname, LegacyOut out) {
  if (!compatibility_context(ctx, fn)) return;
  const unsigned mask = faces(ctx, fn, face, false);
  if (!mask) return;
  const Material& m = ctx.legacy.materials[mask == 1 ? 0 : 1];
  switch (pname) {
    case GL_AMBIENT: return out.put(m.ambient.data(), 4, true);
    case GL_DIFFUSE: return out.put(m.diffuse.data(), 4, true);
    case GL_SPECULAR: return out.put(m.specular.data(), 4, true);
    case GL_EMISSION: return out.put(m.emission.data(), 4, true);
    case GL_SHININESS: return out.put(&m.shininess, 1, false);
    case GL_COLOR_INDEXES: return out.put(m.color_indexes.data(), 3, false);
    default: ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a material parameter", fn, pname);
  }
}

}  // namespace

void track_color_material(Context& ctx) {
  if (!capability_enabled(ctx, GL_COLOR_MATERIAL)) return;
  const LegacyState& l = ctx.legacy;
  const Vec4& c = l.current.color;
  for (unsigned f = 0; f < 2; ++f) {
    if ((f == 0 && l.color_material_face == GL_BACK) || (f == 1 && l.color_material_face == GL_FRONT)) continue;
    Material& m = ctx.legacy.materials[f];
    switch (l.color_material_mode) {
      case GL_AMBIENT: m.ambient = c; break;
      case GL_DIFFUSE: m.diffuse = c; break;
      case GL_SPECULAR: m.specular = c; break;
      case GL_EMISSION: m.emission = c; break;
      default: m.ambient = m.diffuse = c; break;
    }
  }
}

bool query_lighting_state(Context& ctx, GLenum pname, StateValue& value) {
  const LegacyState& l = ctx.legacy;
  switch (pname) {
    case GL_LIGHT_MODEL_AMBIENT: set_state_floats(value, l.light_model_ambient.data(), 4, true); return true;
    case GL_LIGHT_MODEL_LOCAL_VIEWER: value.set_integers({l.light_model_local_viewer}); return true;
    case GL_LIGHT_MODEL_TWO_SIDE: value.set_integers({l.light_model_two_side}); return true;
    case GL_LIGHT_MODEL_COLOR_CONTROL: value.set_integers({l.light_model_color_control}); return true;
    case GL_COLOR_MATERIAL_FACE: value.set_integers({l.color_material_face}); return true;
    case GL_COLOR_MATERIAL_PARAMETER: value.set_integers({l.color_material_mode}); return true;
    case GL_MAX_LIGHTS: value.set_integers({kMaxLights}); return true;
    default: return false;
  }
}

namespace api {

void Lightf(Context& ctx, const char* fn, GLenum light, GLenum pname, GLfloat param) {
  set_light(ctx, fn, light, pname, LegacyParams(&param), true);
}
void Lighti(Context& ctx, const char* fn, GLenum light, GLenum pname, GLint param) {
  set_light(ctx, fn, light, pname, LegacyParams(&param), true);
}
void Lightfv(Context& ctx, const char* fn, GLenum light, GLenum pname, const GLfloat* params) {
  if (check_values(ctx, fn, params)) set_light(ctx, fn, light, pname, LegacyParams(params), false);
}
void Lightiv(Context& ctx, const char* fn, GLenum light, GLenum pname, const GLint* params) {
  if (check_values(ctx, fn, params)) set_light(ctx, fn, light, pname, LegacyParams(params), false);
}
void GetLightfv(Context& ctx, const char* fn, GLenum light, GLenum pname, GLfloat* params) {
  get_light(ctx, fn, light, pname, LegacyOut(params));
}
void GetLightiv(Context& ctx, const char* fn, GLenum light, GLenum pname, GLint* params) {
  get_light(ctx, fn, light, pname, LegacyOut(params));
}

void LightModelf(Context& ctx, const char* fn, GLenum pname, GLfloat param) {
  set_light_model(ctx, fn, pname, LegacyParams(&param), true);
}
void LightModeli(Context& ctx, const char* fn, GLenum pname, GLint param) {
  set_light_model(ctx, fn, pname, LegacyParams(&param), true);
}
void LightModelfv(Context& ctx, const char* fn, GLenum pname, const GLfloat* params) {
  if (check_values(ctx, fn, params)) set_light_model(ctx, fn, pname, LegacyParams(params), false);
}
void LightModeliv(Context& ctx, const char* fn, GLenum pname, const GLint* params) {
  if (check_values(ctx, fn, params)) set_light_model(ctx, fn, pname, LegacyParams(params), false);
}

void Materialf(Context& ctx, const char* fn, GLenum face, GLenum pname, GLfloat param) {
  set_material(ctx, fn, face, pname, LegacyParams(&param), true);
}
void Materiali(Context& ctx, const char* fn, GLenum face, GLenum pname, GLint param) {
  set_material(ctx, fn, face, pname, LegacyParams(&param), true);
}
void Materialfv(Context& ctx, const char* fn, GLenum face, GLenum pname, const GLfloat* params) {
  if (check_values(ctx, fn, params)) set_material(ctx, fn, face, pname, LegacyParams(params), false);
}
void Materialiv(Context& ctx, const char* fn, GLenum face, GLenum pname, const GLint* params) {
  if (check_values(ctx, fn, params)) set_material(ctx, fn, face, pname, LegacyParams(params), false);
}
void GetMaterialfv(Context& ctx, const char* fn, GLenum face, GLenum pname, GLfloat* params) {
  get_material(ctx, fn, face, pname, LegacyOut(params));
}
void GetMaterialiv(Context& ctx, const char* fn, GLenum face, GLenum pname, GLint* params) {
  get_material(ctx, fn, face, pname, LegacyOut(params));
}

void ColorMaterial(Context& ctx, const char* fn, GLenum face, GLenum mode) {
  if (!compatibility_context(ctx, fn) || !faces(ctx, fn, face, true)) return;
  if (mode != GL_EMISSION && mode != GL_AMBIENT && mode != GL_DIFFUSE && mode != GL_SPECULAR &&
      mode != GL_AMBIENT_AND_DIFFUSE)
    return ctx.error(GL_INVALID_ENUM, "%s(mode = 0x%04x): not a colour material mode", fn, mode);
  ctx.legacy.color_material_face = face;
  ctx.legacy.color_material_mode = mode;
  track_color_material(ctx);
}

}  // namespace api
}  // namespace glvk::gl
