// Fog (GL 4.6 compatibility 16.4: glFog*) and texture environments (16.1: glTexEnv*,
// glGetTexEnv* for GL_TEXTURE_ENV's mode and colour), the current-value queries of 10.2.2, and
// query_legacy_state, which glGet asks for all compatibility fixed-function state.
#include "api_common.h"
#include "legacy_internal.h"
#include "legacy_params.h"
#include "state_query.h"

namespace glvk::gl {

namespace {

void set_fog(Context& ctx, const char* fn, GLenum pname, const LegacyParams& p, bool scalar_form) {
  if (!compatibility_context(ctx, fn)) return;
  FogState& f = ctx.legacy.fog;
  const GLfloat s = p.get(1, false)[0];
  switch (pname) {
    case GL_FOG_MODE: {
      const GLenum e = p.get_enum();
      if (e != GL_LINEAR && e != GL_EXP && e != GL_EXP2)
        return ctx.error(GL_INVALID_ENUM, "%s(FOG_MODE = 0x%04x): not a fog mode", fn, e);
      f.mode = e;
      return;
    }
    case GL_FOG_COORD_SRC: {
      const GLenum e = p.get_enum();
      if (e != GL_FOG_COORD && e != GL_FRAGMENT_DEPTH)
        return ctx.error(GL_INVALID_ENUM, "%s(FOG_COORD_SRC = 0x%04x): not a fog coordinate source", fn, e);
      f.coord_src = e;
      return;
    }
    case GL_FOG_DENSITY:
      if (s < 0) return ctx.error(GL_INVALID_VALUE, "%s(FOG_DENSITY = %g): negative", fn, double(s));
      f.density = s;
      return;
    case GL_FOG_START: f.start = s; return;
    case GL_FOG_END: f.end = s; return;
    case GL_FOG_INDEX: f.index = s; return;
    case GL_FOG_COLOR:
      if (scalar_form) break;
      f.color = p.get(4, true);
      return;
    default: break;
  }
  ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a fog parameter of this form", fn, pname);
}

// GL_COMBINE's parameters (tables 16.2-16.4); false when `pname` is not one of them.
bool set_combine(Context& ctx, const char* fn, TexEnvCombine& c, GLenum pname, const LegacyParams& p) {
  const GLenum e = p.get_enum();
  auto refuse = [&](const char* what) {
    ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x, 0x%04x): not %s", fn, pname, e, what);
    return true;
  };
  switch (pname) {
    case GL_COMBINE_RGB: case GL_COMBINE_ALPHA: {
      const bool function = e == GL_REPLACE || e == GL_MODULATE || e == GL_ADD || e == GL_ADD_SIGNED ||
                            e == GL_INTERPOLATE || e == GL_SUBTRACT;
      const bool dot3 = (e == GL_DOT3_RGB || e == GL_DOT3_RGBA) && pname == GL_COMBINE_RGB;
      if (!function && !dot3) return refuse("a combiner function");
      (pname == GL_COMBINE_RGB ? c.rgb : c.alpha) = e;
      return true;
    }
    case GL_SRC0_RGB: case GL_SRC1_RGB: case GL_SRC2_RGB:
    case GL_SRC0_ALPHA: case GL_SRC1_ALPHA: case GL_SRC2_ALPHA: {
      // TEXTUREn: the crossbar, over the fixed-function units.
      if (e != GL_TEXTURE && e != GL_CONSTANT && e != GL_PRIMARY_COLOR && e != GL_PREVIOUS &&
          !(e >= GL_TEXTURE0 && e < GL_TEXTURE0 + kFixedTextureUnits))
        return refuse("a combiner source");
      const bool rgb = pname <= GL_SRC2_RGB;
      (rgb ? c.src_rgb : c.src_alpha)[pname - (rgb ? GL_SRC0_RGB : GL_SRC0_ALPHA)] = e;
      return true;
    }
    case GL_OPERAND0_RGB: case GL_OPERAND1_RGB: case GL_OPERAND2_RGB:
      if (e != GL_SRC_COLOR && e != GL_ONE_MINUS_SRC_COLOR && e != GL_SRC_ALPHA && e != GL_ONE_MINUS_SRC_ALPHA)
        return refuse("an RGB operand");
      c.operand_rgb[pname - GL_OPERAND0_RGB] = e;
      return true;
    case GL_OPERAND0_ALPHA: case GL_OPERAND1_ALPHA: case GL_OPERAND2_ALPHA:
      if (e != GL_SRC_ALPHA && e != GL_ONE_MINUS_SRC_ALPHA) return refuse("an alpha operand");
      c.operand_alpha[pname - GL_OPERAND0_ALPHA] = e;
      return true;
    case GL_RGB_SCALE: case GL_ALPHA_SCALE: {
      const GLfloat scale = p.get(1, false)[0];
      if (scale != 1.0f && scale != 2.0f && scale != 4.0f) {
        ctx.error(GL_INVALID_VALUE, "%s(pname = 0x%04x, %g): the scale is 1.0, 2.0 or 4.0", fn, pname, double(scale));
        return true;
      }
      (pname == GL_RGB_SCALE ? c.rgb_scale : c.alpha_scale) = scale;
      return true;
    }
    default: return false;
  }
}

bool get_combine(const TexEnvCombine& c, GLenum pname, LegacyOut out) {
  switch (pname) {
    case GL_COMBINE_RGB: out.put_enum(c.rgb); return true;
    case GL_COMBINE_ALPHA: out.put_enum(c.alpha); return true;
    case GL_SRC0_RGB: case GL_SRC1_RGB: case GL_SRC2_RGB: out.put_enum(c.src_rgb[pname - GL_SRC0_RGB]); return true;
    case GL_SRC0_ALPHA: case GL_SRC1_ALPHA: case GL_SRC2_ALPHA:
      out.put_enum(c.src_alpha[pname - GL_SRC0_ALPHA]);
      return true;
    case GL_OPERAND0_RGB: case GL_OPERAND1_RGB: case GL_OPERAND2_RGB:
      out.put_enum(c.operand_rgb[pname - GL_OPERAND0_RGB]);
      return true;
    case GL_OPERAND0_ALPHA: case GL_OPERAND1_ALPHA: case GL_OPERAND2_ALPHA:
      out.put_enum(c.operand_alpha[pname - GL_OPERAND0_ALPHA]);
      return true;
    case GL_RGB_SCALE: out.put(&c.rgb_scale, 1, false); return true;
    case GL_ALPHA_SCALE: out.put(&c.alpha_scale, 1, false); return true;
    default: return false;
  }
}

// The texture environment of the active unit; null after the error (INVALID_OPERATION beyond the
// fixed-function units, as for the texture matrix).
TexEnvState* active_texenv(Context& ctx, const char* fn, GLenum target) {
  if (target != GL_TEXTURE_ENV) {
    // TEXTURE_FILTER_CONTROL and POINT_SPRITE are set_texenv's.
    ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a texture environment glvk has", fn, target);
    return nullptr;
  }
  if (ctx.active_texture_unit >= kFixedTextureUnits) {
    ctx.error(GL_INVALID_OPERATION, "%s: the active texture unit %u has no texture environment", fn,
              ctx.active_texture_unit);
    return nullptr;
  }
  return &ctx.legacy.texenv[ctx.active_texture_unit];
}

// GL_POINT_SPRITE's COORD_REPLACE of the active unit (14.4.1); null after the error.
bool* coord_replace(Context& ctx, const char* fn, GLenum pname) {
  if (pname != GL_COORD_REPLACE) {
    ctx.error(GL_INVALID_ENUM, "%s(POINT_SPRITE, pname = 0x%04x): not COORD_REPLACE", fn, pname);
    return nullptr;
  }
  if (ctx.active_texture_unit >= kFixedTextureUnits) {
    ctx.error(GL_INVALID_OPERATION, "%s: the active texture unit %u has no texture environment", fn,
              ctx.active_texture_unit);
    return nullptr;
  }
  return &ctx.legacy.coord_replace[ctx.active_texture_unit];
}

void set_texenv(Context& ctx, const char* fn, GLenum target, GLenum pname, const LegacyParams& p, bool scalar_form) {
  if (!compatibility_context(ctx, fn)) return;
  if (target == GL_POINT_SPRITE) {
    bool* replace = coord_replace(ctx, fn, pname);
    if (!replace) return;
    const GLenum e = p.get_enum();
    if (e != GL_TRUE && e != GL_FALSE)
      return ctx.error(GL_INVALID_VALUE, "%s(COORD_REPLACE = 0x%04x): not TRUE or FALSE", fn, e);
    *replace = e == GL_TRUE;
    return;
  }
  if (target == GL_TEXTURE_FILTER_CONTROL) {  // any texture image unit: ACTIVE_TEXTURE is below their count
    if (pname != GL_TEXTURE_LOD_BIAS)
      return ctx.error(GL_INVALID_ENUM, "%s(TEXTURE_FILTER_CONTROL, pname = 0x%04x): not TEXTURE_LOD_BIAS", fn, pname);
    ctx.legacy.unit_lod_bias[ctx.active_texture_unit] = p.get(1, false)[0];
    return;
  }
  TexEnvState* env = active_texenv(ctx, fn, target);
  if (!env) return;
  if (pname == GL_TEXTURE_ENV_MODE) {
    const GLenum e = p.get_enum();
    if (e != GL_MODULATE && e != GL_DECAL && e != GL_BLEND && e != GL_REPLACE && e != GL_ADD && e != GL_COMBINE)
      return ctx.error(GL_INVALID_ENUM, "%s(TEXTURE_ENV_MODE = 0x%04x): not a texture environment mode", fn, e);
    env->mode = e;
    return;
  }
  if (set_combine(ctx, fn, env->combine, pname, p)) return;
  if (pname == GL_TEXTURE_ENV_COLOR && !scalar_form) {
    env->color = p.get(4, true);
    for (GLfloat& c : env->color) c = std::clamp(c, 0.0f, 1.0f);  // clamped when specified
    return;
  }
  ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a texture environment parameter of this form", fn, pname);
}

void get_texenv(Context& ctx, const char* fn, GLenum target, GLenum pname, LegacyOut out) {
  if (!compatibility_context(ctx, fn)) return;
  if (target == GL_POINT_SPRITE) {
    if (const bool* replace = coord_replace(ctx, fn, pname)) out.put_enum(*replace ? GL_TRUE : GL_FALSE);
    return;
  }
  if (target == GL_TEXTURE_FILTER_CONTROL) {
    if (pname != GL_TEXTURE_LOD_BIAS)
      return ctx.error(GL_INVALID_ENUM, "%s(TEXTURE_FILTER_CONTROL, pname = 0x%04x): not TEXTURE_LOD_BIAS", fn, pname);
    return out.put(&ctx.legacy.unit_lod_bias[ctx.active_texture_unit], 1, false);
  }
  const TexEnvState* env = active_texenv(ctx, fn, target);
  if (!env) return;
  if (pname == GL_TEXTURE_ENV_MODE) return out.put_enum(env->mode);
  if (get_combine(env->combine, pname, out)) return;
  if (pname == GL_TEXTURE_ENV_COLOR) return out.put(env->color.data(), 4, true);
  ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a texture environment parameter", fn, pname);
}

}  // namespace

bool query_fog_texenv_state(Context& ctx, GLenum pname, StateValue& value) {
  const LegacyState& l = ctx.legacy;
  const FogState& f = l.fog;
  switch (pname) {
    case GL_FOG_MODE: value.set_integers({f.mode}); return true;
    case GL_FOG_COORD_SRC: value.set_integers({f.coord_src}); return true;
    case GL_FOG_DENSITY: set_state_floats(value, &f.density, 1, false); return true;
    case GL_FOG_START: set_state_floats(value, &f.start, 1, false); return true;
    case GL_FOG_END: set_state_floats(value, &f.end, 1, false); return true;
    case GL_FOG_INDEX: set_state_floats(value, &f.index, 1, false); return true;
    case GL_FOG_COLOR: set_state_floats(value, f.color.data(), 4, true); return true;
    // Current values (10.2.2); texture coordinates of the active texture unit.
    case GL_CURRENT_COLOR: set_state_floats(value, l.current.color.data(), 4, true); return true;
    case GL_CURRENT_SECONDARY_COLOR: set_state_floats(value, l.current.secondary_color.data(), 4, true); return true;
    case GL_CURRENT_NORMAL: set_state_floats(value, l.current.normal.data(), 3, true); return true;
    case GL_CURRENT_FOG_COORD: set_state_floats(value, &l.current.fog_coord, 1, false); return true;
    case GL_EDGE_FLAG: value.set_integers({l.current.edge_flag}); return true;
    case GL_CURRENT_TEXTURE_COORDS:
      if (ctx.active_texture_unit >= kFixedTextureUnits) return false;
      set_state_floats(value, l.current.texcoords[ctx.active_texture_unit].data(), 4, false);
      return true;
    case GL_MAX_TEXTURE_UNITS: value.set_integers({kFixedTextureUnits}); return true;
    // Limits of compatibility features glvk does not have yet (pixel maps, selection, evaluators,
    // auxiliary buffers): the minimums of GL 4.6 compatibility's implementation-dependent value
    // tables, which those features will honour; no auxiliary buffer exists.
    case GL_MAX_PIXEL_MAP_TABLE: value.set_integers({32}); return true;
    case GL_MAX_NAME_STACK_DEPTH: value.set_integers({64}); return true;
    case GL_MAX_EVAL_ORDER: value.set_integers({8}); return true;
    case GL_AUX_BUFFERS: value.set_integers({0}); return true;
    default: return false;
  }
}

bool query_legacy_state(Context& ctx, GLenum pname, StateValue& value) {
  if (ctx.config().core_profile) return false;
  return query_lighting_state(ctx, pname, value) || query_fog_texenv_state(ctx, pname, value) ||
         query_client_array_state(ctx, pname, value) || query_display_list_state(ctx, pname, value) ||
         query_raster_state(ctx, pname, value) || query_attrib_stack_state(ctx, pname, value) ||
         query_stipple_state(ctx, pname, value) || query_pixel_transfer_state(ctx, pname, value) ||
         query_color_index_state(ctx, pname, value) || query_pixel_map_state(ctx, pname, value) ||
         query_evaluator_state(ctx, pname, value) || query_select_feedback_state(ctx, pname, value) ||
         query_arb_program_state(ctx, pname, value);
}

namespace api {

void Fogf(Context& ctx, const char* fn, GLenum pname, GLfloat param) { set_fog(ctx, fn, pname, LegacyParams(&param), true); }
void Fogi(Context& ctx, const char* fn, GLenum pname, GLint param) { set_fog(ctx, fn, pname, LegacyParams(&param), true); }
void Fogfv(Context& ctx, const char* fn, GLenum pname, const GLfloat* params) {
  if (check_values(ctx, fn, params)) set_fog(ctx, fn, pname, LegacyParams(params), false);
}
void Fogiv(Context& ctx, const char* fn, GLenum pname, const GLint* params) {
  if (check_values(ctx, fn, params)) set_fog(ctx, fn, pname, LegacyParams(params), false);
}

void TexEnvf(Context& ctx, const char* fn, GLenum target, GLenum pname, GLfloat param) {
  set_texenv(ctx, fn, target, pname, LegacyParams(&param), true);
}
void TexEnvi(Context& ctx, const char* fn, GLenum target, GLenum pname, GLint param) {
  set_texenv(ctx, fn, target, pname, LegacyParams(&param), true);
}
void TexEnvfv(Context& ctx, const char* fn, GLenum target, GLenum pname, const GLfloat* params) {
  if (check_values(ctx, fn, params)) set_texenv(ctx, fn, target, pname, LegacyParams(params), false);
}
void TexEnviv(Context& ctx, const char* fn, GLenum target, GLenum pname, const GLint* params) {
  if (check_values(ctx, fn, params)) set_texenv(ctx, fn, target, pname, LegacyParams(params), false);
}
void GetTexEnvfv(Context& ctx, const char* fn, GLenum target, GLenum pname, GLfloat* params) {
  get_texenv(ctx, fn, target, pname, LegacyOut(params));
}
void GetTexEnviv(Context& ctx, const char* fn, GLenum target, GLenum pname, GLint* params) {
  get_texenv(ctx, fn, target, pname, LegacyOut(params));
}

}  // namespace api
}  // namespace glvk::gl
