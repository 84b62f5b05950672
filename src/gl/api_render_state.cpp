// Render state as GL state (RenderState, Context::render): depth and stencil tests, blending (per
// draw buffer), logic op, culling, polygon mode and offset, line width, point size, provoking
// vertex, primitive restart, multisample state, clip control, hints and the compatibility
// profile's shade model and alpha test (GL 4.6 chapters 13, 14 and 17, section 21.5). Each command
// validates with the errors the spec names, then stores the values the draw path reads; every
// change bumps RenderState::serial. The capabilities RenderState holds are reached through
// api_state.cpp's glEnable/glIsEnabled by render_capability().
#include <algorithm>
#include <array>
#include <initializer_list>

#include "api_common.h"
#include "glvk/st/context.h"
#include "glvk/st/shader_limits.h"
#include "state_query.h"

namespace glvk::gl {
namespace {

// Stores `value` into a field of ctx.render, bumping the serial when it changes.
template <typename T>
void update(Context& ctx, T& field, const T& value) {
  if (field == value) return;
  field = value;
  ++ctx.render.serial;
}

bool is_one_of(GLenum value, std::initializer_list<GLenum> accepted) {
  return std::find(accepted.begin(), accepted.end(), value) != accepted.end();
}

// The comparison functions of the stencil and depth tests (sections 17.3.5, 17.3.6).
bool is_compare_function(GLenum func) {
  return is_one_of(func, {GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL, GL_GREATER, GL_NOTEQUAL, GL_GEQUAL, GL_ALWAYS});
}

// The stencil operations of section 17.3.5.
bool is_stencil_op(GLenum op) {
  return is_one_of(op, {GL_KEEP, GL_ZERO, GL_REPLACE, GL_INCR, GL_DECR, GL_INVERT, GL_INCR_WRAP, GL_DECR_WRAP});
}

// Table 17.1 (blend equations; the advanced ones of KHR_blend_equation_advanced are not advertised).
bool is_blend_equation(GLenum mode) {
  return is_one_of(mode, {GL_FUNC_ADD, GL_FUNC_SUBTRACT, GL_FUNC_REVERSE_SUBTRACT, GL_MIN, GL_MAX});
}

// Table 17.2 (blend factors; each one is accepted as source and as destination, the dual-source
// ones included).
bool is_blend_factor(GLenum factor) {
  return is_one_of(factor, {GL_ZERO, GL_ONE, GL_SRC_COLOR, GL_ONE_MINUS_SRC_COLOR, GL_DST_COLOR,
                            GL_ONE_MINUS_DST_COLOR, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_DST_ALPHA,
                            GL_ONE_MINUS_DST_ALPHA, GL_CONSTANT_COLOR, GL_ONE_MINUS_CONSTANT_COLOR,
                            GL_CONSTANT_ALPHA, GL_ONE_MINUS_CONSTANT_ALPHA, GL_SRC_ALPHA_SATURATE, GL_SRC1_COLOR,
                            GL_ONE_MINUS_SRC1_COLOR, GL_SRC1_ALPHA, GL_ONE_MINUS_SRC1_ALPHA});
}

bool is_face(GLenum face) { return is_one_of(face, {GL_FRONT, GL_BACK, GL_FRONT_AND_BACK}); }

bool is_hint_mode(GLenum mode) { return is_one_of(mode, {GL_FASTEST, GL_NICEST, GL_DONT_CARE}); }

// Raises INVALID_ENUM for `name` = `value` unless `valid`; true when valid.
bool check_enum(Context& ctx, const char* fn, bool valid, const char* name, GLenum value) {
  if (!valid) ctx.error(GL_INVALID_ENUM, "%s(%s = 0x%04x): not accepted", fn, name, value);
  return valid;
}

// The INVALID_VALUE of a draw buffer index (glBlendFunci and friends); true when valid.
bool check_draw_buffer(Context& ctx, const char* fn, GLuint buf) {
  if (buf < kMaxColorAttachments) return true;
  ctx.error(GL_INVALID_VALUE, "%s(buf = %u): not below GL_MAX_DRAW_BUFFERS (%u)", fn, buf, kMaxColorAttachments);
  return false;
}

// The front and/or back stencil state `face` selects (validated by the caller).
template <typename F>
void for_faces(Context& ctx, GLenum face, F&& f) {
  if (face != GL_BACK) f(ctx.render.stencil_front);
  if (face != GL_FRONT) f(ctx.render.stencil_back);
}

void stencil_func(Context& ctx, const char* fn, GLenum face, GLenum func, GLint ref, GLuint mask) {
  if (!check_enum(ctx, fn, is_face(face), "face", face) || !check_enum(ctx, fn, is_compare_function(func), "func", func))
    return;
  // ref is kept as given: the test and the queries clamp it to the stencil buffer's range.
  for_faces(ctx, face, [&](StencilFace& s) {
    update(ctx, s.func, func);
    update(ctx, s.ref, ref);
    update(ctx, s.value_mask, mask);
  });
}

void stencil_op(Context& ctx, const char* fn, GLenum face, GLenum sfail, GLenum dpfail, GLenum dppass) {
  if (!check_enum(ctx, fn, is_face(face), "face", face) || !check_enum(ctx, fn, is_stencil_op(sfail), "sfail", sfail) ||
      !check_enum(ctx, fn, is_stencil_op(dpfail), "dpfail", dpfail) ||
      !check_enum(ctx, fn, is_stencil_op(dppass), "dppass", dppass))
    return;
  for_faces(ctx, face, [&](StencilFace& s) {
    update(ctx, s.fail, sfail);
    update(ctx, s.depth_fail, dpfail);
    update(ctx, s.depth_pass, dppass);
  });
}

// The blend state of draw buffers [first, last].
void blend_func(Context& ctx, const char* fn, GLuint first, GLuint last, GLenum src_rgb, GLenum dst_rgb,
                GLenum src_alpha, GLenum dst_alpha) {
  if (!check_enum(ctx, fn, is_blend_factor(src_rgb), "srcRGB", src_rgb) ||
      !check_enum(ctx, fn, is_blend_factor(dst_rgb), "dstRGB", dst_rgb) ||
      !check_enum(ctx, fn, is_blend_factor(src_alpha), "srcAlpha", src_alpha) ||
      !check_enum(ctx, fn, is_blend_factor(dst_alpha), "dstAlpha", dst_alpha))
    return;
  for (GLuint i = first; i <= last; ++i) {
    BlendState& b = ctx.render.blend[i];
    update(ctx, b.src_rgb, src_rgb);
    update(ctx, b.dst_rgb, dst_rgb);
    update(ctx, b.src_alpha, src_alpha);
    update(ctx, b.dst_alpha, dst_alpha);
  }
}

void blend_equation(Context& ctx, const char* fn, GLuint first, GLuint last, GLenum mode_rgb, GLenum mode_alpha) {
  if (!check_enum(ctx, fn, is_blend_equation(mode_rgb), "modeRGB", mode_rgb) ||
      !check_enum(ctx, fn, is_blend_equation(mode_alpha), "modeAlpha", mode_alpha))
    return;
  for (GLuint i = first; i <= last; ++i) {
    update(ctx, ctx.render.blend[i].equation_rgb, mode_rgb);
    update(ctx, ctx.render.blend[i].equation_alpha, mode_alpha);
  }
}

constexpr GLuint kLastDrawBuffer = kMaxColorAttachments - 1;

// The field glHint sets for `target` in this context's profile, or null.
GLenum* hint(Context& ctx, GLenum target) {
  Hints& h = ctx.render.hints;
  switch (target) {
    case GL_LINE_SMOOTH_HINT: return &h.line_smooth;
    case GL_POLYGON_SMOOTH_HINT: return &h.polygon_smooth;
    case GL_TEXTURE_COMPRESSION_HINT: return &h.texture_compression;
    case GL_FRAGMENT_SHADER_DERIVATIVE_HINT: return &h.fragment_shader_derivative;
    default: break;
  }
  if (ctx.config().core_profile) return nullptr;
  switch (target) {
    case GL_PERSPECTIVE_CORRECTION_HINT: return &h.perspective_correction;
    case GL_POINT_SMOOTH_HINT: return &h.point_smooth;
    case GL_FOG_HINT: return &h.fog;
    case GL_GENERATE_MIPMAP_HINT: return &h.generate_mipmap;
    default: return nullptr;
  }
}

// GL_STENCIL_REF and GL_STENCIL_BACK_REF: comparisons and queries of ref clamp it to [0, 2^s - 1]
// for the s stencil bits of the draw framebuffer (GL 4.6 section 17.3.5); 0 without a stencil buffer.
GLint64 clamped_stencil_ref(const Context& ctx, GLint ref) {
  const GLint64 bits = framebuffer_bits(ctx.current_draw_framebuffer(), GL_STENCIL_BITS);
  return std::clamp<GLint64>(ref, 0, (GLint64(1) << bits) - 1);
}

void set_floats(StateValue& value, StateValue::Type type, std::initializer_list<GLdouble> values) {
  value.set_floats(type, values.begin(), values.size());
}

// The blend state of draw buffer `index`, or false for another pname.
bool query_blend(const Context& ctx, GLenum pname, GLuint index, StateValue& value) {
  const BlendState& b = ctx.render.blend[index];
  switch (pname) {
    case GL_BLEND_SRC_RGB: value.set_integers({b.src_rgb}); return true;
    case GL_BLEND_DST_RGB: value.set_integers({b.dst_rgb}); return true;
    case GL_BLEND_SRC_ALPHA: value.set_integers({b.src_alpha}); return true;
    case GL_BLEND_DST_ALPHA: value.set_integers({b.dst_alpha}); return true;
    case GL_BLEND_EQUATION_RGB: value.set_integers({b.equation_rgb}); return true;
    case GL_BLEND_EQUATION_ALPHA: value.set_integers({b.equation_alpha}); return true;
    default: return false;
  }
}

// The state only the compatibility profile has (INVALID_ENUM in core: the caller answers false).
bool query_compatibility_state(const Context& ctx, GLenum pname, StateValue& value) {
  const RenderState& r = ctx.render;
  switch (pname) {
    case GL_SHADE_MODEL: value.set_integers({r.shade_model}); return true;
    case GL_ALPHA_TEST_FUNC: value.set_integers({r.alpha_func}); return true;
    // An alpha value: integer queries map it as colours are (table 18.2's INT entry).
    case GL_ALPHA_TEST_REF: set_floats(value, StateValue::Type::Normalized, {r.alpha_ref}); return true;
    case GL_PERSPECTIVE_CORRECTION_HINT: value.set_integers({r.hints.perspective_correction}); return true;
    case GL_POINT_SMOOTH_HINT: value.set_integers({r.hints.point_smooth}); return true;
    case GL_FOG_HINT: value.set_integers({r.hints.fog}); return true;
    case GL_GENERATE_MIPMAP_HINT: value.set_integers({r.hints.generate_mipmap}); return true;
    // The blend factors before EXT_blend_func_separate: the RGB ones of draw buffer 0.
    case GL_BLEND_SRC: value.set_integers({r.blend[0].src_rgb}); return true;
    case GL_BLEND_DST: value.set_integers({r.blend[0].dst_rgb}); return true;
    default: return false;
  }
}

}  // namespace

CapabilityFlag render_capability(Context& ctx, GLenum cap) {
  RenderState& r = ctx.render;
  std::uint64_t* serial = &r.serial;
  if (cap >= GL_CLIP_DISTANCE0 && cap < GL_CLIP_DISTANCE0 + kMaxClipDistances)
    return {nullptr, &r.clip_distances, GLbitfield(1) << (cap - GL_CLIP_DISTANCE0), serial};
  bool* flag = nullptr;
  switch (cap) {
    case GL_DEPTH_TEST: flag = &r.depth_test; break;
    case GL_DEPTH_CLAMP: flag = &r.depth_clamp; break;
    case GL_STENCIL_TEST: flag = &r.stencil_test; break;
    case GL_COLOR_LOGIC_OP: flag = &r.color_logic_op; break;
    case GL_CULL_FACE: flag = &r.cull_face; break;
    case GL_POLYGON_OFFSET_FILL: flag = &r.polygon_offset_fill; break;
    case GL_POLYGON_OFFSET_LINE: flag = &r.polygon_offset_line; break;
    case GL_POLYGON_OFFSET_POINT: flag = &r.polygon_offset_point; break;
    case GL_PROGRAM_POINT_SIZE: flag = &r.program_point_size; break;
    case GL_RASTERIZER_DISCARD: flag = &r.rasterizer_discard; break;
    case GL_PRIMITIVE_RESTART: flag = &r.primitive_restart; break;
    case GL_PRIMITIVE_RESTART_FIXED_INDEX: flag = &r.primitive_restart_fixed_index; break;
    case GL_MULTISAMPLE: flag = &r.multisample; break;
    case GL_SAMPLE_ALPHA_TO_COVERAGE: flag = &r.sample_alpha_to_coverage; break;
    case GL_SAMPLE_ALPHA_TO_ONE: flag = &r.sample_alpha_to_one; break;
    case GL_SAMPLE_COVERAGE: flag = &r.sample_coverage; break;
    case GL_SAMPLE_SHADING: flag = &r.sample_shading; break;
    case GL_SAMPLE_MASK: flag = &r.sample_mask; break;
    case GL_ALPHA_TEST:
      if (!ctx.config().core_profile) flag = &r.alpha_test;
      break;
    default: break;
  }
  return flag ? CapabilityFlag{flag, nullptr, 0, serial} : CapabilityFlag{};
}

bool query_render_state(Context& ctx, GLenum pname, StateValue& value) {
  const RenderState& r = ctx.render;
  using Type = StateValue::Type;
  if (query_blend(ctx, pname, 0, value)) return true;
  switch (pname) {
    case GL_DEPTH_FUNC: value.set_integers({r.depth_func}); return true;
    case GL_STENCIL_FUNC: value.set_integers({r.stencil_front.func}); return true;
    case GL_STENCIL_REF: value.set_integers({clamped_stencil_ref(ctx, r.stencil_front.ref)}); return true;
    // Unsigned: glGetIntegerv saturates masks above INT_MAX (section 2.2.2), glGetInteger64v has them.
    case GL_STENCIL_VALUE_MASK: value.set_integers({r.stencil_front.value_mask}); return true;
    case GL_STENCIL_FAIL: value.set_integers({r.stencil_front.fail}); return true;
    case GL_STENCIL_PASS_DEPTH_FAIL: value.set_integers({r.stencil_front.depth_fail}); return true;
    case GL_STENCIL_PASS_DEPTH_PASS: value.set_integers({r.stencil_front.depth_pass}); return true;
    case GL_STENCIL_BACK_FUNC: value.set_integers({r.stencil_back.func}); return true;
    case GL_STENCIL_BACK_REF: value.set_integers({clamped_stencil_ref(ctx, r.stencil_back.ref)}); return true;
    case GL_STENCIL_BACK_VALUE_MASK: value.set_integers({r.stencil_back.value_mask}); return true;
    case GL_STENCIL_BACK_FAIL: value.set_integers({r.stencil_back.fail}); return true;
    case GL_STENCIL_BACK_PASS_DEPTH_FAIL: value.set_integers({r.stencil_back.depth_fail}); return true;
    case GL_STENCIL_BACK_PASS_DEPTH_PASS: value.set_integers({r.stencil_back.depth_pass}); return true;
    case GL_BLEND_COLOR:
      set_floats(value, Type::Normalized, {r.blend_color[0], r.blend_color[1], r.blend_color[2], r.blend_color[3]});
      return true;
    case GL_LOGIC_OP_MODE: value.set_integers({r.logic_op}); return true;
    case GL_CULL_FACE_MODE: value.set_integers({r.cull_face_mode}); return true;
    case GL_FRONT_FACE: value.set_integers({r.front_face}); return true;
    case GL_POLYGON_MODE: value.set_integers({r.polygon_mode, r.polygon_mode_back}); return true;
    case GL_POLYGON_OFFSET_FACTOR: set_floats(value, Type::Float, {r.polygon_offset_factor}); return true;
    case GL_POLYGON_OFFSET_UNITS: set_floats(value, Type::Float, {r.polygon_offset_units}); return true;
    case GL_POLYGON_OFFSET_CLAMP: set_floats(value, Type::Float, {r.polygon_offset_clamp}); return true;
    case GL_LINE_WIDTH: set_floats(value, Type::Float, {r.line_width}); return true;
    case GL_POINT_SIZE: set_floats(value, Type::Float, {r.point_size}); return true;
    case GL_ALIASED_LINE_WIDTH_RANGE: {
      // The device's range (st draws wide lines with it when the device has wideLines; [1, 1]
      // otherwise), so that programs asking for the largest width get what is drawn.
      const st::ShaderLimits l = st::shader_limits(ctx.st().screen());
      set_floats(value, Type::Float, {l.line_width_range[0], l.line_width_range[1]});
      return true;
    }
    // GL 4.6 table 23.64: the sizes between the range's ends are this far apart (the device's).
    case GL_POINT_SIZE_GRANULARITY:
      set_floats(value, Type::Float, {st::shader_limits(ctx.st().screen()).point_size_granularity});
      return true;
    case GL_SMOOTH_LINE_WIDTH_GRANULARITY:  // compatibility's LINE_WIDTH_GRANULARITY too
      set_floats(value, Type::Float, {st::shader_limits(ctx.st().screen()).line_width_granularity});
      return true;
    case GL_SMOOTH_LINE_WIDTH_RANGE:
      set_floats(value, Type::Float, {kSmoothLineWidthRange[0], kSmoothLineWidthRange[1]});
      return true;
    case GL_POINT_SIZE_RANGE: {
      // The device's range: st draws points of any size in it (glvk has no smooth points, so the
      // compatibility profile's smooth and aliased ranges are this one too).
      const st::ShaderLimits l = st::shader_limits(ctx.st().screen());
      set_floats(value, Type::Float, {l.point_size_range[0], l.point_size_range[1]});
      return true;
    }
    case GL_SUBPIXEL_BITS:  // the device rasterizes with its subpixel precision (GL requires 4 at least)
      value.set_integers({std::max<GLint64>(st::shader_limits(ctx.st().screen()).subpixel_bits, 4)});
      return true;
    case GL_PROVOKING_VERTEX: value.set_integers({r.provoking_vertex}); return true;
    // Quads keep their last vertex in both conventions, as on llvmpipe (st primitive_lowering).
    case GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION: value.set_integers({GL_FALSE}); return true;
    case GL_PRIMITIVE_RESTART_INDEX: value.set_integers({r.primitive_restart_index}); return true;
    case GL_SAMPLE_COVERAGE_VALUE: set_floats(value, Type::Float, {r.sample_coverage_value}); return true;
    case GL_SAMPLE_COVERAGE_INVERT: value.set_integers({r.sample_coverage_invert}); return true;
    case GL_MIN_SAMPLE_SHADING_VALUE: set_floats(value, Type::Float, {r.min_sample_shading}); return true;
    case GL_CLIP_ORIGIN: value.set_integers({r.clip_origin}); return true;
    case GL_CLIP_DEPTH_MODE: value.set_integers({r.clip_depth_mode}); return true;
    case GL_LINE_SMOOTH_HINT: value.set_integers({r.hints.line_smooth}); return true;
    case GL_POLYGON_SMOOTH_HINT: value.set_integers({r.hints.polygon_smooth}); return true;
    case GL_TEXTURE_COMPRESSION_HINT: value.set_integers({r.hints.texture_compression}); return true;
    case GL_FRAGMENT_SHADER_DERIVATIVE_HINT: value.set_integers({r.hints.fragment_shader_derivative}); return true;
    case GL_MAX_SAMPLE_MASK_WORDS: value.set_integers({kMaxSampleMaskWords}); return true;
    case GL_MAX_CLIP_DISTANCES: value.set_integers({kMaxClipDistances}); return true;
    case GL_MAX_CULL_DISTANCES:  // GL 4.5 / ARB_cull_distance: the device's (ES 3.2 has no cull distances)
    case GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES: {
      if (ctx.config().es()) return false;
      const st::ShaderLimits l = st::shader_limits(ctx.st().screen());
      value.set_integers({pname == GL_MAX_CULL_DISTANCES ? l.cull_distances : l.combined_clip_and_cull_distances});
      return true;
    }
    case GL_ALIASED_POINT_SIZE_RANGE:  // compatibility and ES state (ES 3.2 table 21.40), not core
      if (ctx.config().core_profile && !ctx.config().es()) return false;
      return query_render_state(ctx, GL_POINT_SIZE_RANGE, value);
    default: return !ctx.config().core_profile && query_compatibility_state(ctx, pname, value);
  }
}

bool query_render_state_indexed(Context& ctx, GLenum pname, GLuint index, StateValue& value, bool& raised,
                                const char* function) {
  if (pname == GL_SAMPLE_MASK_VALUE) {
    if (index >= kMaxSampleMaskWords) {
      ctx.error(GL_INVALID_VALUE, "%s(index = %u): not below GL_MAX_SAMPLE_MASK_WORDS (%u)", function, index,
                kMaxSampleMaskWords);
      raised = true;
      return true;
    }
    value.set_integers({ctx.render.sample_mask_value});
    return true;
  }
  // Compatibility's pre-separate names read the RGB factors of the draw buffer asked for, indexed
  // too (ARB_draw_buffers_blend in a compatibility context; llvmpipe answers them).
  if (!ctx.config().core_profile && (pname == GL_BLEND_SRC || pname == GL_BLEND_DST))
    pname = pname == GL_BLEND_SRC ? GL_BLEND_SRC_RGB : GL_BLEND_DST_RGB;
  if (!query_blend(ctx, pname, 0, value)) return false;
  if (index >= kMaxColorAttachments) {
    ctx.error(GL_INVALID_VALUE, "%s(index = %u): not below GL_MAX_DRAW_BUFFERS (%u)", function, index,
              kMaxColorAttachments);
    raised = true;
    return true;
  }
  query_blend(ctx, pname, index, value);
  return true;
}

namespace api {

void DepthFunc(Context& ctx, const char* fn, GLenum func) {
  if (check_enum(ctx, fn, is_compare_function(func), "func", func)) update(ctx, ctx.render.depth_func, func);
}

void StencilFunc(Context& ctx, const char* fn, GLenum func, GLint ref, GLuint mask) {
  stencil_func(ctx, fn, GL_FRONT_AND_BACK, func, ref, mask);
}
void StencilFuncSeparate(Context& ctx, const char* fn, GLenum face, GLenum func, GLint ref, GLuint mask) {
  stencil_func(ctx, fn, face, func, ref, mask);
}
void StencilOp(Context& ctx, const char* fn, GLenum fail, GLenum zfail, GLenum zpass) {
  stencil_op(ctx, fn, GL_FRONT_AND_BACK, fail, zfail, zpass);
}
void StencilOpSeparate(Context& ctx, const char* fn, GLenum face, GLenum sfail, GLenum dpfail, GLenum dppass) {
  stencil_op(ctx, fn, face, sfail, dpfail, dppass);
}

void BlendFunc(Context& ctx, const char* fn, GLenum sfactor, GLenum dfactor) {
  blend_func(ctx, fn, 0, kLastDrawBuffer, sfactor, dfactor, sfactor, dfactor);
}
void BlendFuncSeparate(Context& ctx, const char* fn, GLenum sfactorRGB, GLenum dfactorRGB, GLenum sfactorAlpha,
                       GLenum dfactorAlpha) {
  blend_func(ctx, fn, 0, kLastDrawBuffer, sfactorRGB, dfactorRGB, sfactorAlpha, dfactorAlpha);
}
void BlendFunci(Context& ctx, const char* fn, GLuint buf, GLenum src, GLenum dst) {
  if (check_draw_buffer(ctx, fn, buf)) blend_func(ctx, fn, buf, buf, src, dst, src, dst);
}
void BlendFuncSeparatei(Context& ctx, const char* fn, GLuint buf, GLenum srcRGB, GLenum dstRGB, GLenum srcAlpha,
                        GLenum dstAlpha) {
  if (check_draw_buffer(ctx, fn, buf)) blend_func(ctx, fn, buf, buf, srcRGB, dstRGB, srcAlpha, dstAlpha);
}
void BlendEquation(Context& ctx, const char* fn, GLenum mode) { blend_equation(ctx, fn, 0, kLastDrawBuffer, mode, mode); }
void BlendEquationSeparate(Context& ctx, const char* fn, GLenum modeRGB, GLenum modeAlpha) {
  blend_equation(ctx, fn, 0, kLastDrawBuffer, modeRGB, modeAlpha);
}
void BlendEquationi(Context& ctx, const char* fn, GLuint buf, GLenum mode) {
  if (check_draw_buffer(ctx, fn, buf)) blend_equation(ctx, fn, buf, buf, mode, mode);
}
void BlendEquationSeparatei(Context& ctx, const char* fn, GLuint buf, GLenum modeRGB, GLenum modeAlpha) {
  if (check_draw_buffer(ctx, fn, buf)) blend_equation(ctx, fn, buf, buf, modeRGB, modeAlpha);
}

// Kept unclamped (GL 4.6 section 17.3.7: clamped when used with a fixed-point colour buffer).
void BlendColor(Context& ctx, const char*, GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha) {
  update(ctx, ctx.render.blend_color, std::array<GLfloat, 4>{red, green, blue, alpha});
}

void LogicOp(Context& ctx, const char* fn, GLenum opcode) {
  if (check_enum(ctx, fn, opcode >= GL_CLEAR && opcode <= GL_SET, "opcode", opcode))  // the 16 ops
    update(ctx, ctx.render.logic_op, opcode);
}

void CullFace(Context& ctx, const char* fn, GLenum mode) {
  if (check_enum(ctx, fn, is_face(mode), "mode", mode)) update(ctx, ctx.render.cull_face_mode, mode);
}

void FrontFace(Context& ctx, const char* fn, GLenum mode) {
  if (check_enum(ctx, fn, mode == GL_CW || mode == GL_CCW, "mode", mode)) update(ctx, ctx.render.front_face, mode);
}

// Core GL 4.6 section 14.6.4 takes FRONT_AND_BACK only; the compatibility profile sets each face.
void PolygonMode(Context& ctx, const char* fn, GLenum face, GLenum mode) {
  const bool face_ok = ctx.config().core_profile ? face == GL_FRONT_AND_BACK : is_face(face);
  if (!check_enum(ctx, fn, face_ok, "face", face) ||
      !check_enum(ctx, fn, is_one_of(mode, {GL_POINT, GL_LINE, GL_FILL}), "mode", mode))
    return;
  if (face != GL_BACK) update(ctx, ctx.render.polygon_mode, mode);
  if (face != GL_FRONT) update(ctx, ctx.render.polygon_mode_back, mode);
}

void PolygonOffset(Context& ctx, const char*, GLfloat factor, GLfloat units) {
  update(ctx, ctx.render.polygon_offset_factor, factor);
  update(ctx, ctx.render.polygon_offset_units, units);
  update(ctx, ctx.render.polygon_offset_clamp, 0.0f);  // section 14.6.5: PolygonOffset means a clamp of 0
}

void PolygonOffsetClamp(Context& ctx, const char*, GLfloat factor, GLfloat units, GLfloat clamp) {
  update(ctx, ctx.render.polygon_offset_factor, factor);
  update(ctx, ctx.render.polygon_offset_units, units);
  update(ctx, ctx.render.polygon_offset_clamp, clamp);
}

void LineWidth(Context& ctx, const char* fn, GLfloat width) {
  if (width <= 0.0f) return ctx.error(GL_INVALID_VALUE, "%s(width = %g): not positive", fn, double(width));
  // Wide lines are deprecated: a forward-compatible core context refuses them (GL 4.6 section E.2.1).
  if (width > 1.0f && ctx.config().core_profile && ctx.config().forward_compatible)
    return ctx.error(GL_INVALID_VALUE, "%s(width = %g): wide lines in a forward-compatible context", fn,
                     double(width));
  update(ctx, ctx.render.line_width, width);
}

void PointSize(Context& ctx, const char* fn, GLfloat size) {
  if (size <= 0.0f) return ctx.error(GL_INVALID_VALUE, "%s(size = %g): not positive", fn, double(size));
  update(ctx, ctx.render.point_size, size);
}

void ProvokingVertex(Context& ctx, const char* fn, GLenum mode) {
  if (check_enum(ctx, fn, mode == GL_FIRST_VERTEX_CONVENTION || mode == GL_LAST_VERTEX_CONVENTION, "mode", mode))
    update(ctx, ctx.render.provoking_vertex, mode);
}

void PrimitiveRestartIndex(Context& ctx, const char*, GLuint index) {
  update(ctx, ctx.render.primitive_restart_index, index);
}

// The coverage value is clamped to [0, 1] (section 17.3.1).
void SampleCoverage(Context& ctx, const char*, GLfloat value, GLboolean invert) {
  update(ctx, ctx.render.sample_coverage_value, std::clamp(value, 0.0f, 1.0f));
  update(ctx, ctx.render.sample_coverage_invert, invert != GL_FALSE);
}

void SampleMaski(Context& ctx, const char* fn, GLuint maskNumber, GLbitfield mask) {
  if (maskNumber >= kMaxSampleMaskWords)
    return ctx.error(GL_INVALID_VALUE, "%s(maskNumber = %u): not below GL_MAX_SAMPLE_MASK_WORDS (%u)", fn, maskNumber,
                     kMaxSampleMaskWords);
  update(ctx, ctx.render.sample_mask_value, mask);
}

// Clamped to [0, 1] (section 14.3.1.1).
void MinSampleShading(Context& ctx, const char*, GLfloat value) {
  update(ctx, ctx.render.min_sample_shading, std::clamp(value, 0.0f, 1.0f));
}

void ClipControl(Context& ctx, const char* fn, GLenum origin, GLenum depth) {
  if (!check_enum(ctx, fn, origin == GL_LOWER_LEFT || origin == GL_UPPER_LEFT, "origin", origin) ||
      !check_enum(ctx, fn, depth == GL_NEGATIVE_ONE_TO_ONE || depth == GL_ZERO_TO_ONE, "depth", depth))
    return;
  update(ctx, ctx.render.clip_origin, origin);
  update(ctx, ctx.render.clip_depth_mode, depth);
}

void ShadeModel(Context& ctx, const char* fn, GLenum mode) {
  if (compatibility_context(ctx, fn) && check_enum(ctx, fn, mode == GL_FLAT || mode == GL_SMOOTH, "mode", mode))
    update(ctx, ctx.render.shade_model, mode);
}

// The reference value is clamped to [0, 1] (GL 4.6 compatibility section 17.3.4).
void AlphaFunc(Context& ctx, const char* fn, GLenum func, GLfloat ref) {
  if (!compatibility_context(ctx, fn) || !check_enum(ctx, fn, is_compare_function(func), "func", func)) return;
  update(ctx, ctx.render.alpha_func, func);
  update(ctx, ctx.render.alpha_ref, std::clamp(ref, 0.0f, 1.0f));
}

void Hint(Context& ctx, const char* fn, GLenum target, GLenum mode) {
  GLenum* field = hint(ctx, target);
  if (check_enum(ctx, fn, field != nullptr, "target", target) && check_enum(ctx, fn, is_hint_mode(mode), "mode", mode))
    update(ctx, *field, mode);
}

}  // namespace api
}  // namespace glvk::gl
