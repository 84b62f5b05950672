// Framebuffer objects (GL 4.6 chapter 9 and section 17.4.1): names, bindings, attachments,
// completeness, draw and read buffers, framebuffer parameters, invalidation, and the framebuffer
// state glGet reports.
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
#include "glvk/st/format_choice.h"
#include "glvk/st/framebuffer_state.h"
#include "glvk/st/shadow.h"
#include "glvk/st/texture_upload.h"
#include "glvk/st/texture.h"
#include "framebuffer_internal.h"
#include "texture_internal.h"

namespace glvk::gl {

namespace {

// Attaches `texture` (null: detach) at `level`; face for cube maps by glFramebufferTexture2D,
// layer for glFramebufferTextureLayer, layered for glFramebufferTexture on layered targets.
void attach_texture(Context& ctx, FramebufferObject& fb, GLenum attachment, GLuint texture, GLint level, GLenum face,
                    GLint layer, bool use_layer, const char* function) {
  if (!check_attachment_enum(ctx, attachment, function)) return;
  FramebufferAttachment a;
  if (texture) {
    std::shared_ptr<TextureObject> t = ctx.share_group().find_texture(texture);
    if (!t || !t->target)
      return ctx.error(GL_INVALID_OPERATION, "%s(texture = %u): not an existing texture", function, texture);
    if (t->target == GL_TEXTURE_BUFFER)
      return ctx.error(GL_INVALID_OPERATION, "%s: buffer textures cannot be attached", function);
    const GLint max_level = t->target == GL_TEXTURE_RECTANGLE || t->target == GL_TEXTURE_2D_MULTISAMPLE ||
                                    t->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY
                                ? 0
                                : GLint(kMaxTextureLevels) - 1;
    if (level < 0 || level > max_level)
      return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range for the texture", function, level);
    const bool layered_target = t->target == GL_TEXTURE_3D || t->target == GL_TEXTURE_1D_ARRAY ||
                                t->target == GL_TEXTURE_2D_ARRAY || t->target == GL_TEXTURE_CUBE_MAP ||
                                t->target == GL_TEXTURE_CUBE_MAP_ARRAY || t->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
    if (use_layer) {
      if (!layered_target || t->target == GL_TEXTURE_CUBE_MAP)
        return ctx.error(GL_INVALID_OPERATION, "%s: texture %u has no layers to choose from", function, texture);
      const GLint max_layers = t->target == GL_TEXTURE_3D ? kMax3DTextureSize : kMaxArrayTextureLayers;
      if (layer < 0 || layer >= max_layers)
        return ctx.error(GL_INVALID_VALUE, "%s(layer = %d): out of range", function, layer);
    }
    if (face) {
      if (t->target != GL_TEXTURE_CUBE_MAP)
        return ctx.error(GL_INVALID_OPERATION, "%s: texture %u is not a cube map", function, texture);
    }
    a.type = AttachmentObject::TEXTURE;
    a.texture = std::move(t);
    a.level = level;
    a.cube_face = face;
    a.layer = use_layer ? layer : 0;
    a.layered = !use_layer && !face && layered_target;
  }
  // DEPTH_STENCIL_ATTACHMENT sets both points.
  if (attachment == GL_DEPTH_STENCIL_ATTACHMENT) {
    fb.depth = a;
    fb.stencil = a;
  } else {
    *attachment_point(fb, attachment) = a;
  }
}

void attach_renderbuffer(Context& ctx, FramebufferObject& fb, GLenum attachment, GLenum renderbuffer_target,
                         GLuint renderbuffer, const char* function) {
  if (!check_attachment_enum(ctx, attachment, function)) return;
  if (renderbuffer_target != GL_RENDERBUFFER)
    return ctx.error(GL_INVALID_ENUM, "%s(renderbuffertarget = 0x%04x): must be GL_RENDERBUFFER", function,
                     renderbuffer_target);
  FramebufferAttachment a;
  if (renderbuffer) {
    RenderbufferRef rb = ctx.share_group().find_renderbuffer(renderbuffer);
    if (!rb) return ctx.error(GL_INVALID_OPERATION, "%s(renderbuffer = %u): not a renderbuffer", function, renderbuffer);
    a.type = AttachmentObject::RENDERBUFFER;
    a.renderbuffer = std::move(rb);
  }
  if (attachment == GL_DEPTH_STENCIL_ATTACHMENT) {
    fb.depth = a;
    fb.stencil = a;
  } else {
    *attachment_point(fb, attachment) = a;
  }
}

// The buffer of a default framebuffer a table 9.1 enum names (an empty attachment for buffers it
// lacks), or null after INVALID_OPERATION for other enums.
const FramebufferAttachment* default_buffer_point(Context& ctx, const FramebufferObject& fb, GLenum attachment,
                                                  const char* function) {
  static const FramebufferAttachment absent;
  const unsigned present = present_buffer_bits(&fb);
  switch (attachment) {
    case GL_FRONT_LEFT:
      if (!(present & FRONT_LEFT_BIT)) return &absent;
      // Until first selected the front buffer is not allocated; it is shaped like the back one.
      return fb.color[kFrontLeftSlot].type != AttachmentObject::NONE ? &fb.color[kFrontLeftSlot]
                                                                      : &fb.color[kBackLeftSlot];
    case GL_BACK_LEFT: return present & BACK_LEFT_BIT ? &fb.color[kBackLeftSlot] : &absent;
    case GL_FRONT_RIGHT: case GL_BACK_RIGHT: return &absent;
    case GL_DEPTH: return &fb.depth;
    case GL_STENCIL: return &fb.stencil;
    default:
      ctx.error(GL_INVALID_OPERATION, "%s(attachment = 0x%04x): not a buffer of the default framebuffer", function,
                attachment);
      return nullptr;
  }
}

// glGetFramebufferAttachmentParameteriv on an attachment of an object or a buffer of a default
// framebuffer (null: the surfaceless one, which has no buffers).
void attachment_parameter(Context& ctx, FramebufferObject* fb, GLenum attachment, GLenum pname, GLint* params,
                          const char* function) {
  const FramebufferAttachment* a = nullptr;
  if (!fb) {
    return ctx.error(GL_INVALID_OPERATION, "%s: the default framebuffer of a surfaceless context has no buffers",
                     function);
  } else if (fb->window) {
    if (!(a = default_buffer_point(ctx, *fb, attachment, function))) return;
  } else {
    if (!check_attachment_enum(ctx, attachment, function)) return;
    a = attachment == GL_DEPTH_STENCIL_ATTACHMENT ? &fb->depth : attachment_point(*fb, attachment);
    if (attachment == GL_DEPTH_STENCIL_ATTACHMENT && (fb->depth.texture != fb->stencil.texture ||
                                                      fb->depth.renderbuffer != fb->stencil.renderbuffer))
      return ctx.error(GL_INVALID_OPERATION, "%s: depth and stencil hold different images", function);
  }
  if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE) {
    *params = a->type == AttachmentObject::NONE           ? GL_NONE
              : fb->window                                ? GL_FRAMEBUFFER_DEFAULT
              : a->type == AttachmentObject::TEXTURE      ? GL_TEXTURE
                                                          : GL_RENDERBUFFER;
    return;
  }
  if (a->type == AttachmentObject::NONE) {
    if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME) {
      *params = 0;
      return;
    }
    return ctx.error(GL_INVALID_OPERATION, "%s(pname = 0x%04x): nothing is attached", function, pname);
  }
  TextureImage scratch;
  const TextureImage& image = *attached_image(*a, scratch);
  const bool texture = a->type == AttachmentObject::TEXTURE;
  switch (pname) {
    case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME:
      *params = GLint(texture ? a->texture->name : a->renderbuffer->name);
      return;
    case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL:
    case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE:
    case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER:
    case GL_FRAMEBUFFER_ATTACHMENT_LAYERED:
      if (!texture) break;
      *params = pname == GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL       ? a->level
                : pname == GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE ? GLint(a->cube_face)
                : pname == GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER         ? a->layer
                                                                           : GLint(a->layered);
      return;
    case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE: *params = component_size(image, GL_TEXTURE_RED_SIZE); return;
    case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE: *params = component_size(image, GL_TEXTURE_GREEN_SIZE); return;
    case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE: *params = component_size(image, GL_TEXTURE_BLUE_SIZE); return;
    case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE: *params = component_size(image, GL_TEXTURE_ALPHA_SIZE); return;
    case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE: *params = component_size(image, GL_TEXTURE_DEPTH_SIZE); return;
    case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE: *params = component_size(image, GL_TEXTURE_STENCIL_SIZE); return;
    case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE: {
      if (attachment == GL_DEPTH_STENCIL_ATTACHMENT)
        return ctx.error(GL_INVALID_OPERATION, "%s: no single component type for depth+stencil", function);
      const formats::FormatDesc& d = formats::describe(image.format);
      const bool stencil_point = attachment == GL_STENCIL_ATTACHMENT || attachment == GL_STENCIL;
      const int rgba = d.is_depth && !stencil_point ? int(d.swizzle[0])
                       : d.is_stencil                                    ? int(d.swizzle[1])
                                                                         : int(d.swizzle[0]);
      const formats::Channel& c = d.channel[rgba <= 3 ? rgba : 0];
      *params = c.type == formats::ChannelType::FLOAT ? GL_FLOAT
                : c.pure_integer ? (c.type == formats::ChannelType::SIGNED ? GL_INT : GL_UNSIGNED_INT)
                : c.type == formats::ChannelType::SIGNED ? GL_SIGNED_NORMALIZED
                                                         : GL_UNSIGNED_NORMALIZED;
      return;
    }
    case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING:
      *params = formats::describe(image.format).colorspace == formats::Colorspace::SRGB ? GL_SRGB : GL_LINEAR;
      return;
    default:
      break;
  }
  ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not an attachment parameter here", function, pname);
}

}  // namespace

// glDrawBuffer (`single`) and glDrawBuffers on a framebuffer object or a default framebuffer
// (null: the surfaceless one), with the errors of GL 4.6 section 17.4.1.
void draw_buffers(Context& ctx, FramebufferObject* fb, GLsizei n, const GLenum* buffers, bool single,
                  const char* function) {
  if (n < 0 || n > GLsizei(kMaxColorAttachments))
    return ctx.error(GL_INVALID_VALUE, "%s(n = %d): out of range", function, n);
  const bool default_framebuffer = is_default_framebuffer(fb);
  bool selects_front = false;
  for (GLsizei i = 0; i < n; ++i) {
    const GLenum b = buffers[i];
    if (b == GL_NONE) continue;
    const std::optional<unsigned> named = default_buffer_bits(b);
    if (!named && !is_color_attachment_enum(b))
      return ctx.error(GL_INVALID_ENUM, "%s(0x%04x): not a colour buffer", function, b);
    // Enums naming several buffers are glDrawBuffer's only (GL_BACK alone is allowed from GL 4.5 on).
    if (!single && (b == GL_FRONT || b == GL_LEFT || b == GL_RIGHT || b == GL_FRONT_AND_BACK))
      return ctx.error(GL_INVALID_ENUM, "%s(0x%04x): names several buffers", function, b);
    if (!default_framebuffer) {
      if (named)
        return ctx.error(GL_INVALID_OPERATION, "%s(0x%04x): not a colour attachment of a framebuffer object",
                         function, b);
      if (draw_buffer_index(b) < 0)
        return ctx.error(GL_INVALID_OPERATION, "%s(0x%04x): beyond GL_MAX_DRAW_BUFFERS", function, b);
    } else {
      if (!named)
        return ctx.error(GL_INVALID_OPERATION, "%s(0x%04x): the default framebuffer has no colour attachments",
                         function, b);
      if (!single && b == GL_BACK && n != 1)
        return ctx.error(GL_INVALID_OPERATION, "%s: GL_BACK must be the only buffer", function);
      const unsigned written = written_buffer_bits(fb, b);
      if (!written)
        return ctx.error(GL_INVALID_OPERATION, "%s(0x%04x): the default framebuffer has no such buffer", function, b);
      selects_front = selects_front || (written & FRONT_LEFT_BIT);
    }
    for (GLsizei j = 0; j < i; ++j)
      if (buffers[j] == b) return ctx.error(GL_INVALID_OPERATION, "%s: 0x%04x listed twice", function, b);
  }
  if (!fb) return;
  if (selects_front && !allocate_front_buffer(ctx.st().shared_screen(), *fb))
    return ctx.error(GL_OUT_OF_MEMORY, "%s: cannot allocate the front buffer", function);
  for (unsigned i = 0; i < kMaxColorAttachments; ++i) fb->draw_buffers[i] = GLsizei(i) < n ? buffers[i] : GL_NONE;
}

// glReadBuffer on a framebuffer object or a default framebuffer (null: the surfaceless one), with
// the errors of GL 4.6 section 18.2.1.
void read_buffer(Context& ctx, FramebufferObject* fb, GLenum mode, const char* function) {
  if (mode == GL_NONE) {
    if (fb) fb->read_buffer = GL_NONE;
    return;
  }
  const std::optional<unsigned> named = default_buffer_bits(mode);
  if (!named && !is_color_attachment_enum(mode))
    return ctx.error(GL_INVALID_ENUM, "%s(0x%04x): not a colour buffer", function, mode);
  if (!is_default_framebuffer(fb)) {
    if (named)
      return ctx.error(GL_INVALID_OPERATION, "%s(0x%04x): not a colour attachment of a framebuffer object", function,
                       mode);
    if (draw_buffer_index(mode) < 0)
      return ctx.error(GL_INVALID_OPERATION, "%s(0x%04x): beyond GL_MAX_COLOR_ATTACHMENTS", function, mode);
    fb->read_buffer = mode;
    return;
  }
  if (!named)
    return ctx.error(GL_INVALID_OPERATION, "%s(0x%04x): the default framebuffer has no colour attachments", function,
                     mode);
  const unsigned selected = read_buffer_bit(mode) & present_buffer_bits(fb);
  if (!selected)
    return ctx.error(GL_INVALID_OPERATION, "%s(0x%04x): the default framebuffer has no such buffer", function, mode);
  if (selected == FRONT_LEFT_BIT && !allocate_front_buffer(ctx.st().shared_screen(), *fb))
    return ctx.error(GL_OUT_OF_MEMORY, "%s: cannot allocate the front buffer", function);
  fb->read_buffer = mode;
}

namespace {

// GL_IMPLEMENTATION_COLOR_READ_FORMAT/TYPE: the (format, type) whose bytes are the read buffer's
// texels as stored — the pair glReadPixels copies without conversion, found by the same match the
// memcpy path uses, the image's own base format first — else the widest pair of the buffer's kind.
// False after INVALID_OPERATION (incomplete framebuffer, no read buffer).
bool implementation_read_format(Context& ctx, const FramebufferObject* fb, GLenum& format, GLenum& type,
                                const char* function) {
  if (framebuffer_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE) {
    ctx.error(GL_INVALID_OPERATION, "%s: the read framebuffer is not complete", function);
    return false;
  }
  const FramebufferAttachment* a = read_buffer_attachment(*fb);
  TextureImage scratch;
  const TextureImage* image = a ? attached_image(*a, scratch) : nullptr;
  // (A zero-pixel surface's buffer has a format but no texels.)
  if (!image || image->format == formats::Format::NONE) {
    ctx.error(GL_INVALID_OPERATION, "%s: the read framebuffer has no read buffer", function);
    return false;
  }
  const formats::FormatDesc& d = formats::describe(image->format);
  const bool integer = d.is_pure_integer;
  const GLenum base = image->base_format;
  const GLenum own = base == GL_RED ? (integer ? GL_RED_INTEGER : GL_RED)
                     : base == GL_RG ? (integer ? GL_RG_INTEGER : GL_RG)
                     : base == GL_RGB ? (integer ? GL_RGB_INTEGER : GL_RGB)
                                      : (integer ? GL_RGBA_INTEGER : GL_RGBA);
  static constexpr GLenum kTypes[] = {
      GL_UNSIGNED_BYTE, GL_BYTE, GL_UNSIGNED_SHORT, GL_SHORT, GL_UNSIGNED_INT, GL_INT, GL_HALF_FLOAT, GL_FLOAT,
      GL_UNSIGNED_SHORT_5_6_5, GL_UNSIGNED_SHORT_5_6_5_REV, GL_UNSIGNED_SHORT_4_4_4_4, GL_UNSIGNED_SHORT_4_4_4_4_REV,
      GL_UNSIGNED_SHORT_5_5_5_1, GL_UNSIGNED_SHORT_1_5_5_5_REV, GL_UNSIGNED_INT_8_8_8_8, GL_UNSIGNED_INT_8_8_8_8_REV,
      GL_UNSIGNED_INT_10_10_10_2, GL_UNSIGNED_INT_2_10_10_10_REV, GL_UNSIGNED_INT_10F_11F_11F_REV,
      GL_UNSIGNED_INT_5_9_9_9_REV};
  for (const GLenum candidate : {own, integer ? GLenum(GL_BGRA_INTEGER) : GLenum(GL_BGRA)})
    for (const GLenum candidate_type : kTypes)
      if (st::format_matches_format_and_type(image->format, candidate, candidate_type, false)) {
        format = candidate;
        type = candidate_type;
        return true;
      }
  const formats::Channel& c = d.channel[0];
  format = integer ? GL_RGBA_INTEGER : GL_RGBA;
  type = c.type == formats::ChannelType::FLOAT    ? GL_FLOAT
         : integer                                 ? (c.type == formats::ChannelType::SIGNED ? GL_INT : GL_UNSIGNED_INT)
         : c.type == formats::ChannelType::SIGNED ? GL_BYTE
                                                   : GL_UNSIGNED_BYTE;
  return true;
}

// The framebuffer-dependent values of GL 4.6 table 23.73, for glGetFramebufferParameteriv and
// glGetIntegerv; false for other pnames, `raised` after an error.
bool framebuffer_dependent_state(Context& ctx, const FramebufferObject* fb, GLenum pname, GLint64& value, bool& raised,
                                 const char* function) {
  switch (pname) {
    case GL_SAMPLES: value = framebuffer_samples(fb); return true;
    case GL_SAMPLE_BUFFERS: value = framebuffer_samples(fb) > 0 ? 1 : 0; return true;
    case GL_DOUBLEBUFFER: value = fb && fb->window && fb->window->double_buffered; return true;
    case GL_STEREO: value = GL_FALSE; return true;
    case GL_IMPLEMENTATION_COLOR_READ_FORMAT:
    case GL_IMPLEMENTATION_COLOR_READ_TYPE: {
      GLenum format = GL_NONE, type = GL_NONE;
      raised = !implementation_read_format(ctx, fb, format, type, function);
      value = pname == GL_IMPLEMENTATION_COLOR_READ_FORMAT ? format : type;
      return true;
    }
    default: return false;
  }
}

// GL_RED_BITS .. GL_STENCIL_BITS of the draw framebuffer (glGetIntegerv, compatibility profile only:
// core removed them). False for other pnames.
bool buffer_bits(const Context& ctx, const FramebufferObject* fb, GLenum pname, GLint64& value) {
  switch (pname) {
    case GL_RED_BITS: case GL_GREEN_BITS: case GL_BLUE_BITS: case GL_ALPHA_BITS: case GL_DEPTH_BITS:
    case GL_STENCIL_BITS:
      if (ctx.config().core_profile) return false;
      value = framebuffer_bits(fb, pname);
      return true;
    default: return false;
  }
}

void framebuffer_parameter(Context& ctx, FramebufferObject* fb, GLenum pname, GLint param, const char* function) {
  if (is_default_framebuffer(fb)) return ctx.error(GL_INVALID_OPERATION, "%s: the default framebuffer has no parameters", function);
  switch (pname) {
    case GL_FRAMEBUFFER_DEFAULT_WIDTH:
    case GL_FRAMEBUFFER_DEFAULT_HEIGHT:
      if (param < 0 || param > kMaxTextureSize)
        return ctx.error(GL_INVALID_VALUE, "%s(0x%04x, %d): out of range", function, pname, param);
      (pname == GL_FRAMEBUFFER_DEFAULT_WIDTH ? fb->default_width : fb->default_height) = param;
      return;
    case GL_FRAMEBUFFER_DEFAULT_LAYERS:
      if (param < 0 || param > kMaxArrayTextureLayers)
        return ctx.error(GL_INVALID_VALUE, "%s(0x%04x, %d): out of range", function, pname, param);
      fb->default_layers = param;
      return;
    case GL_FRAMEBUFFER_DEFAULT_SAMPLES:
      if (param < 0 || param > 64) return ctx.error(GL_INVALID_VALUE, "%s(samples = %d): out of range", function, param);
      fb->default_samples = param;
      return;
    case GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS: fb->default_fixed_sample_locations = param != 0; return;
    default: return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a framebuffer parameter", function, pname);
  }
}

void get_framebuffer_parameter(Context& ctx, FramebufferObject* fb, GLenum pname, GLint* params, const char* function) {
  switch (pname) {
    case GL_FRAMEBUFFER_DEFAULT_WIDTH: case GL_FRAMEBUFFER_DEFAULT_HEIGHT: case GL_FRAMEBUFFER_DEFAULT_LAYERS:
    case GL_FRAMEBUFFER_DEFAULT_SAMPLES: case GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS:
      if (is_default_framebuffer(fb)) return ctx.error(GL_INVALID_OPERATION, "%s: the default framebuffer has no defaults", function);
      *params = pname == GL_FRAMEBUFFER_DEFAULT_WIDTH    ? fb->default_width
                : pname == GL_FRAMEBUFFER_DEFAULT_HEIGHT ? fb->default_height
                : pname == GL_FRAMEBUFFER_DEFAULT_LAYERS ? fb->default_layers
                : pname == GL_FRAMEBUFFER_DEFAULT_SAMPLES ? fb->default_samples
                                                          : GLint(fb->default_fixed_sample_locations);
      return;
    default: {
      GLint64 value = 0;
      bool raised = false;
      if (!framebuffer_dependent_state(ctx, fb, pname, value, raised, function))
        return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a framebuffer parameter", function, pname);
      if (!raised) *params = GLint(value);
    }
  }
}

}  // namespace

GLint64 framebuffer_bits(const FramebufferObject* fb, GLenum pname) {
  GLenum texture_pname;
  switch (pname) {
    case GL_RED_BITS: texture_pname = GL_TEXTURE_RED_SIZE; break;
    case GL_GREEN_BITS: texture_pname = GL_TEXTURE_GREEN_SIZE; break;
    case GL_BLUE_BITS: texture_pname = GL_TEXTURE_BLUE_SIZE; break;
    case GL_ALPHA_BITS: texture_pname = GL_TEXTURE_ALPHA_SIZE; break;
    case GL_DEPTH_BITS: texture_pname = GL_TEXTURE_DEPTH_SIZE; break;
    default: texture_pname = GL_TEXTURE_STENCIL_SIZE; break;
  }
  if (!fb) return 0;
  const FramebufferAttachment* a = pname == GL_DEPTH_BITS ? &fb->depth : pname == GL_STENCIL_BITS ? &fb->stencil : nullptr;
  std::array<const FramebufferAttachment*, 2> targets{};
  if (!a && draw_buffer_targets(*fb, 0, targets) > 0) a = targets[0];
  TextureImage scratch;
  const TextureImage* image = a && a->type != AttachmentObject::NONE ? attached_image(*a, scratch) : nullptr;
  return image && image->defined() ? component_size(*image, texture_pname) : 0;
}

// Framebuffer state for glGetIntegerv (api_state.cpp asks here for what it does not know).
bool query_framebuffer_integer(Context& ctx, GLenum pname, GLint64& value, bool& raised, const char* function) {
  const FramebufferObject* draw = ctx.current_draw_framebuffer();
  const FramebufferObject* read = ctx.current_read_framebuffer();
  switch (pname) {
    case GL_DRAW_FRAMEBUFFER_BINDING: value = ctx.draw_framebuffer ? ctx.draw_framebuffer->name : 0; return true;
    case GL_READ_FRAMEBUFFER_BINDING: value = ctx.read_framebuffer ? ctx.read_framebuffer->name : 0; return true;
    case GL_RENDERBUFFER_BINDING: value = ctx.bound_renderbuffer ? ctx.bound_renderbuffer->name : 0; return true;
    case GL_MAX_COLOR_ATTACHMENTS: case GL_MAX_DRAW_BUFFERS: value = kMaxColorAttachments; return true;
    case GL_MAX_RENDERBUFFER_SIZE: case GL_MAX_FRAMEBUFFER_WIDTH: case GL_MAX_FRAMEBUFFER_HEIGHT:
      value = kMaxTextureSize;
      return true;
    case GL_MAX_FRAMEBUFFER_LAYERS: value = kMaxArrayTextureLayers; return true;
    case GL_MAX_FRAMEBUFFER_SAMPLES: value = 64; return true;
    case GL_READ_BUFFER: value = read ? read->read_buffer : GL_NONE; return true;
    case GL_DRAW_BUFFER: value = draw ? draw->draw_buffers[0] : GL_NONE; return true;
    // The read format describes the read framebuffer; the other framebuffer-dependent values the draw one.
    case GL_IMPLEMENTATION_COLOR_READ_FORMAT: case GL_IMPLEMENTATION_COLOR_READ_TYPE:
      return framebuffer_dependent_state(ctx, read, pname, value, raised, function);
    default:
      if (pname >= GL_DRAW_BUFFER0 && pname < GL_DRAW_BUFFER0 + kMaxColorAttachments) {
        value = draw ? draw->draw_buffers[pname - GL_DRAW_BUFFER0] : GL_NONE;
        return true;
      }
      if (buffer_bits(ctx, draw, pname, value)) return true;
      return framebuffer_dependent_state(ctx, draw, pname, value, raised, function);
  }
}

namespace api {

void GenFramebuffers(Context& ctx, const char* fn, GLsizei n, GLuint* framebuffers) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  for (GLsizei i = 0; i < n; ++i) {
    while (ctx.framebuffers.count(ctx.next_framebuffer_name) || ctx.next_framebuffer_name == 0)
      ++ctx.next_framebuffer_name;
    framebuffers[i] = ctx.next_framebuffer_name;
    ctx.framebuffers[framebuffers[i]] = nullptr;  // reserved until first bound
  }
}

void CreateFramebuffers(Context& ctx, const char* fn, GLsizei n, GLuint* framebuffers) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  GenFramebuffers(ctx, fn, n, framebuffers);
  for (GLsizei i = 0; i < n; ++i) ctx.framebuffers[framebuffers[i]] = std::make_shared<FramebufferObject>(framebuffers[i]);
}

void DeleteFramebuffers(Context& ctx, const char* fn, GLsizei n, const GLuint* framebuffers) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  for (GLsizei i = 0; i < n; ++i) {
    auto it = ctx.framebuffers.find(framebuffers[i]);
    if (framebuffers[i] == 0 || it == ctx.framebuffers.end()) continue;
    // Deleting a bound framebuffer binds zero in its place.
    if (it->second && ctx.draw_framebuffer == it->second) ctx.draw_framebuffer = nullptr;
    if (it->second && ctx.read_framebuffer == it->second) ctx.read_framebuffer = nullptr;
    ctx.framebuffers.erase(it);
  }
}

GLboolean IsFramebuffer(Context& ctx, const char*, GLuint framebuffer) {
  return lookup_framebuffer(ctx, framebuffer) ? GL_TRUE : GL_FALSE;
}

}  // namespace api

namespace {

// glBindFramebuffer and glBindFramebufferEXT. A name never generated is an error of the core
// profile; the compatibility profile and EXT_framebuffer_object create the object on first bind.
void bind_framebuffer(Context& ctx, GLenum target, GLuint framebuffer, bool any_name, const char* function) {
  if (!is_framebuffer_target(target))
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a framebuffer target", function, target);
  FramebufferRef fb;
  if (framebuffer) {
    auto it = ctx.framebuffers.find(framebuffer);
    if (it == ctx.framebuffers.end()) {
      if (!any_name)
        return ctx.error(GL_INVALID_OPERATION, "%s(%u): not a name from glGenFramebuffers", function, framebuffer);
      it = ctx.framebuffers.emplace(framebuffer, nullptr).first;
    }
    if (!it->second) it->second = std::make_shared<FramebufferObject>(framebuffer);
    fb = it->second;
  }
  if (target == GL_FRAMEBUFFER || target == GL_DRAW_FRAMEBUFFER) ctx.draw_framebuffer = fb;
  if (target == GL_FRAMEBUFFER || target == GL_READ_FRAMEBUFFER) ctx.read_framebuffer = fb;
}

}  // namespace

namespace api {

void BindFramebuffer(Context& ctx, const char* fn, GLenum target, GLuint framebuffer) {
  bind_framebuffer(ctx, target, framebuffer, ctx.config().bind_creates_names(), fn);
}

void BindFramebufferEXT(Context& ctx, const char* fn, GLenum target, GLuint framebuffer) {
  bind_framebuffer(ctx, target, framebuffer, true, fn);
}

// The framebuffer object a target-based attachment call works on (INVALID_OPERATION for 0).
static FramebufferObject* target_framebuffer(Context& ctx, GLenum target, const char* function) {
  if (!is_framebuffer_target(target)) {
    ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a framebuffer target", function, target);
    return nullptr;
  }
  FramebufferObject* fb = bound_framebuffer(ctx, target);
  if (is_default_framebuffer(fb)) {
    ctx.error(GL_INVALID_OPERATION, "%s: the default framebuffer has no attachments to change", function);
    return nullptr;
  }
  return fb;
}

void FramebufferTexture(Context& ctx, const char* fn, GLenum target, GLenum attachment, GLuint texture, GLint level) {
  if (FramebufferObject* fb = target_framebuffer(ctx, target, fn))
    attach_texture(ctx, *fb, attachment, texture, level, 0, 0, false, fn);
}

void FramebufferTextureLayer(Context& ctx, const char* fn, GLenum target, GLenum attachment, GLuint texture,
                             GLint level, GLint layer) {
  if (FramebufferObject* fb = target_framebuffer(ctx, target, fn))
    attach_texture(ctx, *fb, attachment, texture, level, 0, layer, true, fn);
}

// glFramebufferTexture1D/2D/3D: the texture's target must be the one named.
static void framebuffer_texture_nd(Context& ctx, GLenum target, GLenum attachment, GLenum textarget, GLuint texture,
                            GLint level, GLint layer, unsigned dims, const char* function) {
  FramebufferObject* fb = target_framebuffer(ctx, target, function);
  if (!fb) return;
  const bool cube_face = is_cube_face(textarget);
  const bool valid = dims == 1   ? textarget == GL_TEXTURE_1D
                     : dims == 3 ? textarget == GL_TEXTURE_3D
                                 : textarget == GL_TEXTURE_2D || textarget == GL_TEXTURE_RECTANGLE || cube_face ||
                                       textarget == GL_TEXTURE_2D_MULTISAMPLE;
  if (texture && !valid) return ctx.error(GL_INVALID_ENUM, "%s(textarget = 0x%04x): not allowed", function, textarget);
  if (texture) {
    std::shared_ptr<TextureObject> t = ctx.share_group().find_texture(texture);
    if (t && t->target && t->target != (cube_face ? GLenum(GL_TEXTURE_CUBE_MAP) : textarget))
      return ctx.error(GL_INVALID_OPERATION, "%s: texture %u is not a 0x%04x texture", function, texture, textarget);
  }
  attach_texture(ctx, *fb, attachment, texture, level, cube_face ? textarget : 0, layer, dims == 3, function);
}

void FramebufferTexture1D(Context& ctx, const char* fn, GLenum target, GLenum attachment, GLenum textarget,
                          GLuint texture, GLint level) {
  framebuffer_texture_nd(ctx, target, attachment, textarget, texture, level, 0, 1, fn);
}

void FramebufferTexture2D(Context& ctx, const char* fn, GLenum target, GLenum attachment, GLenum textarget,
                          GLuint texture, GLint level) {
  framebuffer_texture_nd(ctx, target, attachment, textarget, texture, level, 0, 2, fn);
}

void FramebufferTexture3D(Context& ctx, const char* fn, GLenum target, GLenum attachment, GLenum textarget,
                          GLuint texture, GLint level, GLint zoffset) {
  framebuffer_texture_nd(ctx, target, attachment, textarget, texture, level, zoffset, 3, fn);
}

void FramebufferRenderbuffer(Context& ctx, const char* fn, GLenum target, GLenum attachment,
                             GLenum renderbuffertarget, GLuint renderbuffer) {
  if (FramebufferObject* fb = target_framebuffer(ctx, target, fn))
    attach_renderbuffer(ctx, *fb, attachment, renderbuffertarget, renderbuffer, fn);
}

void NamedFramebufferTexture(Context& ctx, const char* fn, GLuint framebuffer, GLenum attachment, GLuint texture,
                             GLint level) {
  FramebufferObject* fb = nullptr;
  if (named_framebuffer(ctx, framebuffer, fb, GL_NONE, fn))
    attach_texture(ctx, *fb, attachment, texture, level, 0, 0, false, fn);
}

void NamedFramebufferTextureLayer(Context& ctx, const char* fn, GLuint framebuffer, GLenum attachment, GLuint texture,
                                  GLint level, GLint layer) {
  FramebufferObject* fb = nullptr;
  if (named_framebuffer(ctx, framebuffer, fb, GL_NONE, fn))
    attach_texture(ctx, *fb, attachment, texture, level, 0, layer, true, fn);
}

void NamedFramebufferRenderbuffer(Context& ctx, const char* fn, GLuint framebuffer, GLenum attachment,
                                  GLenum renderbuffertarget, GLuint renderbuffer) {
  FramebufferObject* fb = nullptr;
  if (named_framebuffer(ctx, framebuffer, fb, GL_NONE, fn))
    attach_renderbuffer(ctx, *fb, attachment, renderbuffertarget, renderbuffer, fn);
}

GLenum CheckFramebufferStatus(Context& ctx, const char* fn, GLenum target) {
  if (!is_framebuffer_target(target)) {
    ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a framebuffer target", fn, target);
    return 0;
  }
  return framebuffer_status(ctx, bound_framebuffer(ctx, target));
}

GLenum CheckNamedFramebufferStatus(Context& ctx, const char* fn, GLuint framebuffer, GLenum target) {
  if (!is_framebuffer_target(target)) {
    ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x)", fn, target);
    return 0;
  }
  // Zero names the default framebuffer of `target` (the read or the draw surface's).
  FramebufferObject* fb = nullptr;
  if (!named_framebuffer(ctx, framebuffer, fb, target == GL_READ_FRAMEBUFFER ? GL_READ_FRAMEBUFFER : GL_DRAW_FRAMEBUFFER,
                         fn))
    return 0;
  return framebuffer_status(ctx, fb);
}

void GetFramebufferAttachmentParameteriv(Context& ctx, const char* fn, GLenum target, GLenum attachment, GLenum pname,
                                         GLint* params) {
  if (!is_framebuffer_target(target))
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x)", fn, target);
  attachment_parameter(ctx, bound_framebuffer(ctx, target), attachment, pname, params,
                       fn);
}

void GetNamedFramebufferAttachmentParameteriv(Context& ctx, const char* fn, GLuint framebuffer, GLenum attachment,
                                              GLenum pname, GLint* params) {
  FramebufferObject* fb = nullptr;
  if (named_framebuffer(ctx, framebuffer, fb, GL_DRAW_FRAMEBUFFER, fn))
    attachment_parameter(ctx, fb, attachment, pname, params, fn);
}

void DrawBuffers(Context& ctx, const char* fn, GLsizei n, const GLenum* bufs) {
  draw_buffers(ctx, ctx.current_draw_framebuffer(), n, bufs, false, fn);
}

void DrawBuffer(Context& ctx, const char* fn, GLenum buf) {
  draw_buffers(ctx, ctx.current_draw_framebuffer(), 1, &buf, true, fn);
}

void NamedFramebufferDrawBuffers(Context& ctx, const char* fn, GLuint framebuffer, GLsizei n, const GLenum* bufs) {
  FramebufferObject* fb = nullptr;
  if (named_framebuffer(ctx, framebuffer, fb, GL_DRAW_FRAMEBUFFER, fn))
    draw_buffers(ctx, fb, n, bufs, false, fn);
}

void NamedFramebufferDrawBuffer(Context& ctx, const char* fn, GLuint framebuffer, GLenum buf) {
  FramebufferObject* fb = nullptr;
  if (named_framebuffer(ctx, framebuffer, fb, GL_DRAW_FRAMEBUFFER, fn))
    draw_buffers(ctx, fb, 1, &buf, true, fn);
}

void ReadBuffer(Context& ctx, const char* fn, GLenum src) {
  read_buffer(ctx, ctx.current_read_framebuffer(), src, fn);
}

void NamedFramebufferReadBuffer(Context& ctx, const char* fn, GLuint framebuffer, GLenum src) {
  FramebufferObject* fb = nullptr;
  if (named_framebuffer(ctx, framebuffer, fb, GL_READ_FRAMEBUFFER, fn))
    read_buffer(ctx, fb, src, fn);
}

void FramebufferParameteri(Context& ctx, const char* fn, GLenum target, GLenum pname, GLint param) {
  if (!is_framebuffer_target(target))
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x)", fn, target);
  framebuffer_parameter(ctx, bound_framebuffer(ctx, target), pname, param, fn);
}

void NamedFramebufferParameteri(Context& ctx, const char* fn, GLuint framebuffer, GLenum pname, GLint param) {
  FramebufferObject* fb = nullptr;
  if (named_framebuffer(ctx, framebuffer, fb, GL_NONE, fn))
    framebuffer_parameter(ctx, fb, pname, param, fn);
}

void GetFramebufferParameteriv(Context& ctx, const char* fn, GLenum target, GLenum pname, GLint* params) {
  if (!is_framebuffer_target(target))
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x)", fn, target);
  get_framebuffer_parameter(ctx, bound_framebuffer(ctx, target), pname, params, fn);
}

// GL 4.6 14.3.1: the sample positions of the draw framebuffer (its GL_SAMPLES).
void GetMultisamplefv(Context& ctx, const char* fn, GLenum pname, GLuint index, GLfloat* val) {
  if (pname != GL_SAMPLE_POSITION)
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not SAMPLE_POSITION", fn, pname);
  const GLint samples = framebuffer_samples(ctx.current_draw_framebuffer());
  float position[2];
  if (index >= GLuint(samples) || !st::standard_sample_position(std::uint32_t(samples), index, position))
    return ctx.error(GL_INVALID_VALUE, "%s(index = %u): the draw framebuffer has %d samples", fn, index, samples);
  if (!val) return ctx.error(GL_INVALID_VALUE, "%s: val is null", fn);
  val[0] = position[0];
  val[1] = position[1];
}

void GetNamedFramebufferParameteriv(Context& ctx, const char* fn, GLuint framebuffer, GLenum pname, GLint* param) {
  FramebufferObject* fb = nullptr;
  if (named_framebuffer(ctx, framebuffer, fb, GL_DRAW_FRAMEBUFFER, fn))
    get_framebuffer_parameter(ctx, fb, pname, param, fn);
}

// glInvalidate(Sub)Framebuffer and the named forms (GL 4.6 section 17.4.4): the arguments are
// checked; the contents may become undefined, and glvk keeps them, which is allowed.
static void invalidate_framebuffer(Context& ctx, const FramebufferObject* fb, GLsizei count, const GLenum* attachments,
                                   GLsizei width, GLsizei height, const char* function) {
  if (count < 0) return ctx.error(GL_INVALID_VALUE, "%s(numAttachments = %d): negative", function, count);
  if (width < 0 || height < 0) return ctx.error(GL_INVALID_VALUE, "%s: negative width or height", function);
  for (GLsizei i = 0; i < count; ++i) {
    const GLenum a = attachments[i];
    if (is_default_framebuffer(fb)) {
      const bool legacy_buffer = !ctx.config().core_profile && (a == GL_ACCUM || (a >= GL_AUX0 && a <= GL_AUX3));
      if (a != GL_COLOR && a != GL_DEPTH && a != GL_STENCIL && a != GL_FRONT_LEFT && a != GL_FRONT_RIGHT &&
          a != GL_BACK_LEFT && a != GL_BACK_RIGHT && !legacy_buffer)
        return ctx.error(GL_INVALID_ENUM, "%s(0x%04x): not a buffer of the default framebuffer", function, a);
      continue;
    }
    if (is_color_attachment_enum(a) && draw_buffer_index(a) < 0)
      return ctx.error(GL_INVALID_OPERATION, "%s(0x%04x): beyond GL_MAX_COLOR_ATTACHMENTS", function, a);
    if (draw_buffer_index(a) < 0 && a != GL_DEPTH_ATTACHMENT && a != GL_STENCIL_ATTACHMENT &&
        a != GL_DEPTH_STENCIL_ATTACHMENT)
      return ctx.error(GL_INVALID_ENUM, "%s(0x%04x): not an attachment of a framebuffer object", function, a);
  }
}

void InvalidateFramebuffer(Context& ctx, const char* fn, GLenum target, GLsizei numAttachments,
                           const GLenum* attachments) {
  if (!is_framebuffer_target(target))
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x)", fn, target);
  invalidate_framebuffer(ctx, bound_framebuffer(ctx, target), numAttachments, attachments, 0, 0,
                         fn);
}

void InvalidateSubFramebuffer(Context& ctx, const char* fn, GLenum target, GLsizei numAttachments,
                              const GLenum* attachments, GLint, GLint, GLsizei width, GLsizei height) {
  if (!is_framebuffer_target(target))
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x)", fn, target);
  invalidate_framebuffer(ctx, bound_framebuffer(ctx, target), numAttachments, attachments, width, height,
                         fn);
}

void InvalidateNamedFramebufferData(Context& ctx, const char* fn, GLuint framebuffer, GLsizei numAttachments,
                                    const GLenum* attachments) {
  FramebufferObject* fb = nullptr;
  if (named_framebuffer(ctx, framebuffer, fb, GL_DRAW_FRAMEBUFFER, fn))
    invalidate_framebuffer(ctx, fb, numAttachments, attachments, 0, 0, fn);
}

void InvalidateNamedFramebufferSubData(Context& ctx, const char* fn, GLuint framebuffer, GLsizei numAttachments,
                                       const GLenum* attachments, GLint, GLint, GLsizei width, GLsizei height) {
  FramebufferObject* fb = nullptr;
  if (named_framebuffer(ctx, framebuffer, fb, GL_DRAW_FRAMEBUFFER, fn))
    invalidate_framebuffer(ctx, fb, numAttachments, attachments, width, height,
                           fn);
}

}  // namespace api

}  // namespace glvk::gl
