// Clearing the buffers (GL 4.6 section 17.4.3): glClear, glClearBuffer*, glClearNamedFramebuffer*,
// the clear values and write masks, and their queries. Validation and what each clear covers here;
// st chooses the way and clears (st::clear_color, st::clear_depth_stencil).
#include <algorithm>
#include <optional>
#include <bit>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <tuple>

#include "api_common.h"
#include "state_query.h"
#include "glvk/gl/framebuffer_completeness.h"
#include "glvk/formats/convert.h"
#include "glvk/formats/pack.h"
#include "glvk/st/clear.h"
#include "glvk/st/format_choice.h"
#include "glvk/st/framebuffer_state.h"
#include "glvk/st/shadow.h"
#include "glvk/st/texture_upload.h"
#include "glvk/st/texture.h"
#include "framebuffer_internal.h"
#include "texture_internal.h"

namespace glvk::gl {

namespace {

// ------------------------------------------------------------------------------------------ clears

// The clear value of a colour buffer, as the glClearBuffer variant gave it (st's type).
using st::ColorClear;

// The layers a clear covers: every layer of a layered attachment (GL 4.6 section 9.8), else one.
void clear_layers(const FramebufferAttachment& a, const TextureImage& image, GLint& first, GLint& count) {
  GLint layer = 0;
  attached_resource(a, layer);
  first = layer;
  count = 1;
  if (a.layered) {
    first = 0;
    count = attachment_layer_count(a, image);
  }
}

// What a clear of attachment `a` covers: its image, the layers (clear_layers) and the scissored
// rectangle; false when there is nothing to clear.
bool clear_region(const Context& ctx, const FramebufferAttachment& a, const TextureImage& image,
                  st::ClearRegion& region) {
  const ScissoredRect rect = scissored_rect(ctx, image);
  if (rect.empty()) return false;
  GLint first = 0, layers = 1;
  clear_layers(a, image, first, layers);
  region = image_clear_region(image, unsigned(a.level), first, layers, rect.x0, rect.y0, rect.x1, rect.y1);
  return true;
}

// st refuses only multisample buffers whose storage cannot be a render target: a debug message,
// not an error (nothing is written).
void report_clear_failure(Context& ctx, const st::Result& result, const char* function) {
  if (!result)
    ctx.debug_message(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_MEDIUM,
                      std::string(function) + ": " + result.message);
}

void clear_color_attachment(Context& ctx, const FramebufferAttachment& a, const ColorClear& value,
                            const std::array<bool, 4>& mask, const char* function) {
  TextureImage scratch;
  const TextureImage* image = attached_image(a, scratch);
  GLint ignored = 0;
  st::Texture* resource = attached_resource(a, ignored);
  if (!image || !image->defined() || !resource || !(mask[0] || mask[1] || mask[2] || mask[3])) return;
  st::ClearRegion region;
  if (!clear_region(ctx, a, *image, region)) return;
  report_clear_failure(ctx, st::clear_color(*resource, region, value, mask, ctx.framebuffer_srgb), function);
}

void clear_depth_stencil_attachment(Context& ctx, const FramebufferAttachment& a, bool depth, GLfloat depth_value,
                                    bool stencil, GLint stencil_value, const char* function) {
  TextureImage scratch;
  const TextureImage* image = attached_image(a, scratch);
  GLint ignored = 0;
  st::Texture* resource = attached_resource(a, ignored);
  if (!image || !image->defined() || !resource) return;
  const formats::FormatDesc& d = formats::describe(image->storage);
  depth = depth && d.is_depth && ctx.depth_mask;
  const GLuint stencil_mask = ctx.stencil_writemask & 0xff;
  stencil = stencil && d.is_stencil && stencil_mask != 0;
  if (!depth && !stencil) return;
  // Fixed-point depth buffers take values clamped to [0, 1]. Float buffers may hold more through
  // glClearBufferfv, but Vulkan's clears take [0, 1] only (without VK_EXT_depth_range_unrestricted).
  depth_value = std::clamp(depth_value, 0.0f, 1.0f);
  st::ClearRegion region;
  if (!clear_region(ctx, a, *image, region)) return;
  report_clear_failure(ctx,
                       st::clear_depth_stencil(*resource, region, depth, depth_value, stencil,
                                               std::uint32_t(stencil_value) & 0xff, stencil_mask),
                       function);
}

// `fb` when a clear may go into it, or null after INVALID_FRAMEBUFFER_OPERATION or when
// conditional rendering discards the clear; the shadow sees the framebuffer state the clear uses.
FramebufferObject* clear_target(Context& ctx, FramebufferObject* fb, const char* function) {
  if (framebuffer_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE) {
    ctx.error(GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the draw framebuffer is not complete", function);
    return nullptr;
  }
  if (conditional_render_discards(ctx)) return nullptr;
  shadow_draw_framebuffer(*fb);
  return fb;
}

}  // namespace

st::ClearKind clear_kind(const formats::FormatDesc& d) {
  if (!d.is_pure_integer) return st::ClearKind::FLOAT;
  for (int c = 0; c < d.nr_channels; ++c)
    if (d.channel[c].type == formats::ChannelType::SIGNED) return st::ClearKind::SINT;
  return st::ClearKind::UINT;
}

st::ClearKind attachment_kind(const FramebufferAttachment& a) {
  TextureImage scratch;
  const TextureImage* image = attached_image(a, scratch);
  if (!image || !image->defined()) return st::ClearKind::FLOAT;
  return clear_kind(formats::describe(image->format));
}

st::ClearRegion image_clear_region(const TextureImage& image, unsigned level, GLint first_layer, GLint layers,
                                   GLint x0, GLint y0, GLint x1, GLint y1) {
  st::ClearRegion region;
  region.storage = image.storage;
  region.base_format = image.base_format;
  region.width = image.width;
  region.height = image.height;
  region.samples = image.samples;
  region.level = level;
  region.first_layer = first_layer;
  region.layers = layers;
  region.x0 = x0, region.y0 = y0, region.x1 = x1, region.y1 = y1;
  return region;
}

namespace {

// glClear's value for a buffer of `value.kind`: the integer clear colour of EXT_texture_integer as
// given (its bits) for integer buffers, converted to float for the others; the float clear colour
// converted for integer buffers (GL 4.6 17.4.3 leaves that undefined; truncation is glvk's choice).
void color_clear_value(const Context& ctx, ColorClear& value) {
  for (std::size_t c = 0; c < 4; ++c) {
    const GLuint bits = ctx.clear_color_integer[c];
    switch (ctx.clear_color_kind) {
      case GL_INT: value.f[c] = GLfloat(std::int32_t(bits)); value.i[c] = std::int32_t(bits); value.u[c] = bits; break;
      case GL_UNSIGNED_INT: value.f[c] = GLfloat(bits); value.i[c] = std::int32_t(bits); value.u[c] = bits; break;
      default:
        value.f[c] = ctx.clear_color[c];
        value.i[c] = GLint(ctx.clear_color[c]);
        value.u[c] = GLuint(std::max(0.0f, ctx.clear_color[c]));
    }
  }
}

// EXT_texture_integer's RGBA_INTEGER_MODE_EXT: whether a colour draw buffer of the draw framebuffer
// holds integers.
bool integer_draw_buffers(const Context& ctx) {
  const FramebufferObject* fb = ctx.current_draw_framebuffer();
  if (!fb) return false;
  for (unsigned i = 0; i < kMaxColorAttachments; ++i) {
    std::array<const FramebufferAttachment*, 2> targets{};
    const unsigned count = draw_buffer_targets(*fb, i, targets);
    for (unsigned t = 0; t < count; ++t)
      if (attachment_kind(*targets[t]) != st::ClearKind::FLOAT) return true;
  }
  return false;
}

// The state kept per viewport (SCISSOR_BOX, SCISSOR_TEST) or per draw buffer (COLOR_WRITEMASK,
// BLEND) at `index`, which the caller checked against indexed_state_count.
void indexed_state(const Context& ctx, GLenum pname, GLuint index, StateValue& value) {
  switch (pname) {
    case GL_SCISSOR_BOX: {
      const auto& b = ctx.scissor_box[index];
      value.set_integers({b[0], b[1], b[2], b[3]});
      break;
    }
    case GL_SCISSOR_TEST: value.set_integers({ctx.scissor_test[index]}); break;
    case GL_BLEND: value.set_integers({ctx.blend[index]}); break;
    default: {
      const auto& m = ctx.color_mask[index];
      value.set_integers({m[0], m[1], m[2], m[3]});
    }
  }
}

// How many indices indexed_state has for `pname`; 0 when it is not indexed state of this file.
GLuint indexed_state_count(GLenum pname) {
  switch (pname) {
    case GL_SCISSOR_BOX: case GL_SCISSOR_TEST: return kMaxViewports;
    case GL_COLOR_WRITEMASK: case GL_BLEND: return kMaxColorAttachments;
    default: return 0;
  }
}

}  // namespace

bool query_clear_state(const Context& ctx, GLenum pname, StateValue& value) {
  switch (pname) {
    case GL_SCISSOR_BOX: case GL_COLOR_WRITEMASK: indexed_state(ctx, pname, 0, value); return true;
    case GL_COLOR_CLEAR_VALUE: {
      // An integer clear colour reads back as its integers (EXT_texture_integer keeps them unconverted).
      if (ctx.clear_color_kind != GL_FLOAT) {
        GLdouble c[4];
        ColorClear v;
        color_clear_value(ctx, v);
        std::copy(v.f, v.f + 4, c);
        value.set_floats(StateValue::Type::Float, c, 4);
        return true;
      }
      const GLdouble c[4] = {ctx.clear_color[0], ctx.clear_color[1], ctx.clear_color[2], ctx.clear_color[3]};
      value.set_floats(StateValue::Type::Normalized, c, 4);
      return true;
    }
    case GL_RGBA_INTEGER_MODE_EXT: value.set_integers({integer_draw_buffers(ctx)}); return true;
    case GL_DEPTH_CLEAR_VALUE: value.set_floats(StateValue::Type::Normalized, &ctx.clear_depth, 1); return true;
    case GL_STENCIL_CLEAR_VALUE: value.set_integers({ctx.clear_stencil}); return true;
    case GL_DEPTH_WRITEMASK: value.set_integers({ctx.depth_mask}); return true;
    case GL_CLAMP_READ_COLOR: value.set_integers({ctx.clamp_read_color}); return true;
    case GL_CLAMP_VERTEX_COLOR: case GL_CLAMP_FRAGMENT_COLOR:
      if (ctx.config().core_profile) return false;
      value.set_integers({pname == GL_CLAMP_VERTEX_COLOR ? ctx.clamp_vertex_color : ctx.clamp_fragment_color});
      return true;
    case GL_STENCIL_WRITEMASK: value.set_integers({ctx.stencil_writemask}); return true;
    case GL_STENCIL_BACK_WRITEMASK: value.set_integers({ctx.stencil_back_writemask}); return true;
    default: return false;
  }
}

bool query_clear_state_indexed(Context& ctx, GLenum pname, GLuint index, StateValue& value, bool& raised,
                               const char* function) {
  const GLuint count = indexed_state_count(pname);
  if (count == 0) return false;
  if (index >= count) {
    ctx.error(GL_INVALID_VALUE, "%s(index = %u): not below %s (%u)", function, index,
              count == kMaxViewports ? "GL_MAX_VIEWPORTS" : "GL_MAX_DRAW_BUFFERS", count);
    raised = true;
    return true;
  }
  indexed_state(ctx, pname, index, value);
  return true;
}

namespace api {

void ClearColor(Context& ctx, const char*, GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha) {
  ctx.clear_color = {red, green, blue, alpha};
  ctx.clear_color_kind = GL_FLOAT;
}

void ClearColorIiEXT(Context& ctx, const char*, GLint red, GLint green, GLint blue, GLint alpha) {
  ctx.clear_color_integer = {GLuint(red), GLuint(green), GLuint(blue), GLuint(alpha)};
  ctx.clear_color_kind = GL_INT;
}

void ClearColorIuiEXT(Context& ctx, const char*, GLuint red, GLuint green, GLuint blue, GLuint alpha) {
  ctx.clear_color_integer = {red, green, blue, alpha};
  ctx.clear_color_kind = GL_UNSIGNED_INT;
}

void ClearDepth(Context& ctx, const char*, GLdouble depth) {
  ctx.clear_depth = std::clamp(depth, 0.0, 1.0);
}

void ClearDepthf(Context& ctx, const char* fn, GLfloat depth) { ClearDepth(ctx, fn, depth); }

void ClearStencil(Context& ctx, const char*, GLint s) {
  ctx.clear_stencil = s;
}

void ColorMask(Context& ctx, const char*, GLboolean red, GLboolean green, GLboolean blue, GLboolean alpha) {
  for (auto& mask : ctx.color_mask) mask = {red != 0, green != 0, blue != 0, alpha != 0};
  ++ctx.render.serial;  // draws obey the write masks too
}

void ColorMaski(Context& ctx, const char* fn, GLuint index, GLboolean r, GLboolean g, GLboolean b, GLboolean a) {
  if (index >= kMaxColorAttachments) return ctx.error(GL_INVALID_VALUE, "%s(index = %u)", fn, index);
  ctx.color_mask[index] = {r != 0, g != 0, b != 0, a != 0};
  ++ctx.render.serial;
}

void DepthMask(Context& ctx, const char*, GLboolean flag) {
  ctx.depth_mask = flag != 0;
  ++ctx.render.serial;
}

void StencilMask(Context& ctx, const char*, GLuint mask) {
  ctx.stencil_writemask = ctx.stencil_back_writemask = mask;
  ++ctx.render.serial;
}

void StencilMaskSeparate(Context& ctx, const char* fn, GLenum face, GLuint mask) {
  if (face != GL_FRONT && face != GL_BACK && face != GL_FRONT_AND_BACK)
    return ctx.error(GL_INVALID_ENUM, "%s(face = 0x%04x)", fn, face);
  if (face != GL_BACK) ctx.stencil_writemask = mask;
  if (face != GL_FRONT) ctx.stencil_back_writemask = mask;
  ++ctx.render.serial;
}

void Clear(Context& ctx, const char* fn, GLbitfield mask) {
  if (mask & ~GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT | GL_ACCUM_BUFFER_BIT))
    return ctx.error(GL_INVALID_VALUE, "%s(mask = 0x%x): unknown bits", fn, mask);
  FramebufferObject* fb = clear_target(ctx, ctx.current_draw_framebuffer(), fn);
  if (!fb) return;
  if (mask & GL_COLOR_BUFFER_BIT)
    for (unsigned i = 0; i < kMaxColorAttachments; ++i) {
      std::array<const FramebufferAttachment*, 2> targets{};
      const unsigned count = draw_buffer_targets(*fb, i, targets);
      for (unsigned t = 0; t < count; ++t) {
        const FramebufferAttachment& a = *targets[t];
        ColorClear value;
        value.kind = attachment_kind(a);
        color_clear_value(ctx, value);
        clear_color_attachment(ctx, a, value, ctx.color_mask[i], fn);
      }
    }
  const bool depth = mask & GL_DEPTH_BUFFER_BIT, stencil = mask & GL_STENCIL_BUFFER_BIT;
  if (depth && stencil && fb->depth.type != AttachmentObject::NONE && fb->depth.texture == fb->stencil.texture &&
      fb->depth.renderbuffer == fb->stencil.renderbuffer) {
    clear_depth_stencil_attachment(ctx, fb->depth, true, GLfloat(ctx.clear_depth), true, ctx.clear_stencil,
                                   fn);
  } else {
    if (depth)
      clear_depth_stencil_attachment(ctx, fb->depth, true, GLfloat(ctx.clear_depth), false, 0, fn);
    if (stencil) clear_depth_stencil_attachment(ctx, fb->stencil, false, 0, true, ctx.clear_stencil, fn);
  }
}

// glClearBuffer* and glClearNamedFramebuffer*: one colour draw buffer of `fb`, or its depth/stencil
// buffers.
static void clear_buffer(Context& ctx, FramebufferObject* fb, GLenum buffer, GLint drawbuffer, const ColorClear* color,
                         const GLfloat* depth, const GLint* stencil, const char* function) {
  if (buffer == GL_COLOR) {
    if (drawbuffer < 0 || drawbuffer >= GLint(kMaxColorAttachments))
      return ctx.error(GL_INVALID_VALUE, "%s(drawbuffer = %d): out of range", function, drawbuffer);
  } else if (drawbuffer != 0) {
    return ctx.error(GL_INVALID_VALUE, "%s(drawbuffer = %d): must be 0 for depth and stencil", function, drawbuffer);
  }
  fb = clear_target(ctx, fb, function);
  if (!fb) return;
  if (buffer == GL_COLOR) {
    std::array<const FramebufferAttachment*, 2> targets{};
    const unsigned count = draw_buffer_targets(*fb, unsigned(drawbuffer), targets);
    for (unsigned t = 0; t < count; ++t)
      clear_color_attachment(ctx, *targets[t], *color, ctx.color_mask[std::size_t(drawbuffer)], function);
    return;
  }
  if (depth && stencil && fb->depth.texture == fb->stencil.texture && fb->depth.renderbuffer == fb->stencil.renderbuffer)
    return clear_depth_stencil_attachment(ctx, fb->depth, true, *depth, true, *stencil, function);
  if (depth) clear_depth_stencil_attachment(ctx, fb->depth, true, *depth, false, 0, function);
  if (stencil) clear_depth_stencil_attachment(ctx, fb->stencil, false, 0, true, *stencil, function);
}

// The bodies of the four glClearBuffer* forms, shared with glClearNamedFramebuffer*.
static void clear_buffer_fv(Context& ctx, FramebufferObject* fb, GLenum buffer, GLint drawbuffer, const GLfloat* value,
                            const char* function) {
  if (buffer != GL_COLOR && buffer != GL_DEPTH) return ctx.error(GL_INVALID_ENUM, "%s(buffer = 0x%04x)", function, buffer);
  ColorClear color;
  std::copy(value, value + (buffer == GL_COLOR ? 4 : 1), color.f);
  clear_buffer(ctx, fb, buffer, drawbuffer, &color, buffer == GL_DEPTH ? value : nullptr, nullptr, function);
}

static void clear_buffer_iv(Context& ctx, FramebufferObject* fb, GLenum buffer, GLint drawbuffer, const GLint* value,
                            const char* function) {
  if (buffer != GL_COLOR && buffer != GL_STENCIL)
    return ctx.error(GL_INVALID_ENUM, "%s(buffer = 0x%04x)", function, buffer);
  ColorClear color;
  color.kind = st::ClearKind::SINT;
  std::copy(value, value + (buffer == GL_COLOR ? 4 : 1), color.i);
  clear_buffer(ctx, fb, buffer, drawbuffer, &color, nullptr, buffer == GL_STENCIL ? value : nullptr, function);
}

static void clear_buffer_uiv(Context& ctx, FramebufferObject* fb, GLenum buffer, GLint drawbuffer, const GLuint* value,
                             const char* function) {
  if (buffer != GL_COLOR) return ctx.error(GL_INVALID_ENUM, "%s(buffer = 0x%04x)", function, buffer);
  ColorClear color;
  color.kind = st::ClearKind::UINT;
  std::copy(value, value + 4, color.u);
  clear_buffer(ctx, fb, buffer, drawbuffer, &color, nullptr, nullptr, function);
}

static void clear_buffer_fi(Context& ctx, FramebufferObject* fb, GLenum buffer, GLint drawbuffer, GLfloat depth,
                            GLint stencil, const char* function) {
  if (buffer != GL_DEPTH_STENCIL) return ctx.error(GL_INVALID_ENUM, "%s(buffer = 0x%04x)", function, buffer);
  clear_buffer(ctx, fb, buffer, drawbuffer, nullptr, &depth, &stencil, function);
}

void ClearBufferfv(Context& ctx, const char* fn, GLenum buffer, GLint drawbuffer, const GLfloat* value) {
  clear_buffer_fv(ctx, ctx.current_draw_framebuffer(), buffer, drawbuffer, value, fn);
}

void ClearBufferiv(Context& ctx, const char* fn, GLenum buffer, GLint drawbuffer, const GLint* value) {
  clear_buffer_iv(ctx, ctx.current_draw_framebuffer(), buffer, drawbuffer, value, fn);
}

void ClearBufferuiv(Context& ctx, const char* fn, GLenum buffer, GLint drawbuffer, const GLuint* value) {
  clear_buffer_uiv(ctx, ctx.current_draw_framebuffer(), buffer, drawbuffer, value, fn);
}

void ClearBufferfi(Context& ctx, const char* fn, GLenum buffer, GLint drawbuffer, GLfloat depth, GLint stencil) {
  clear_buffer_fi(ctx, ctx.current_draw_framebuffer(), buffer, drawbuffer, depth, stencil, fn);
}

// The named forms take framebuffer zero as the default draw framebuffer (GL 4.6 section 17.4.3.1).
void ClearNamedFramebufferfv(Context& ctx, const char* fn, GLuint framebuffer, GLenum buffer, GLint drawbuffer,
                             const GLfloat* value) {
  FramebufferObject* fb = nullptr;
  if (named_framebuffer(ctx, framebuffer, fb, GL_DRAW_FRAMEBUFFER, fn))
    clear_buffer_fv(ctx, fb, buffer, drawbuffer, value, fn);
}

void ClearNamedFramebufferiv(Context& ctx, const char* fn, GLuint framebuffer, GLenum buffer, GLint drawbuffer,
                             const GLint* value) {
  FramebufferObject* fb = nullptr;
  if (named_framebuffer(ctx, framebuffer, fb, GL_DRAW_FRAMEBUFFER, fn))
    clear_buffer_iv(ctx, fb, buffer, drawbuffer, value, fn);
}

void ClearNamedFramebufferuiv(Context& ctx, const char* fn, GLuint framebuffer, GLenum buffer, GLint drawbuffer,
                              const GLuint* value) {
  FramebufferObject* fb = nullptr;
  if (named_framebuffer(ctx, framebuffer, fb, GL_DRAW_FRAMEBUFFER, fn))
    clear_buffer_uiv(ctx, fb, buffer, drawbuffer, value, fn);
}

void ClearNamedFramebufferfi(Context& ctx, const char* fn, GLuint framebuffer, GLenum buffer, GLint drawbuffer,
                             GLfloat depth, GLint stencil) {
  FramebufferObject* fb = nullptr;
  if (named_framebuffer(ctx, framebuffer, fb, GL_DRAW_FRAMEBUFFER, fn))
    clear_buffer_fi(ctx, fb, buffer, drawbuffer, depth, stencil, fn);
}

}  // namespace api

}  // namespace glvk::gl
