// Framebuffer and renderbuffer objects (GL 4.6 chapter 9, seed 002): names and bindings,
// attachments, completeness, attachment and object queries, draw/read buffers, glReadPixels.
// Every entry point validates first and raises the error the spec names; a call that raises an
// error changes nothing.
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

using FramebufferRef = std::shared_ptr<FramebufferObject>;
using RenderbufferRef = std::shared_ptr<RenderbufferObject>;

bool is_framebuffer_target(GLenum target) {
  return target == GL_FRAMEBUFFER || target == GL_DRAW_FRAMEBUFFER || target == GL_READ_FRAMEBUFFER;
}

// The framebuffer `target` selects (GL_FRAMEBUFFER means draw): the bound object, else the default
// framebuffer; null for the default framebuffer of a surfaceless context.
FramebufferObject* bound_framebuffer(Context& ctx, GLenum target) {
  return target == GL_READ_FRAMEBUFFER ? ctx.current_read_framebuffer() : ctx.current_draw_framebuffer();
}

// A default framebuffer (a surface's, or the missing one of a surfaceless context: null).
bool is_default_framebuffer(const FramebufferObject* fb) { return !fb || fb->window; }

// The attachment point an enum names, or null.
FramebufferAttachment* attachment_point(FramebufferObject& fb, GLenum attachment) {
  if (attachment >= GL_COLOR_ATTACHMENT0 && attachment < GL_COLOR_ATTACHMENT0 + kMaxColorAttachments)
    return &fb.color[attachment - GL_COLOR_ATTACHMENT0];
  if (attachment == GL_DEPTH_ATTACHMENT) return &fb.depth;
  if (attachment == GL_STENCIL_ATTACHMENT) return &fb.stencil;
  return nullptr;
}

// Raises the error for a bad attachment enum: INVALID_ENUM for what is no attachment at all,
// INVALID_OPERATION for COLOR_ATTACHMENTi beyond MAX_COLOR_ATTACHMENTS.
bool check_attachment_enum(Context& ctx, GLenum attachment, const char* function) {
  if (attachment >= GL_COLOR_ATTACHMENT0 + kMaxColorAttachments && attachment < GL_COLOR_ATTACHMENT0 + 32) {
    ctx.error(GL_INVALID_OPERATION, "%s(attachment = 0x%04x): beyond GL_MAX_COLOR_ATTACHMENTS", function, attachment);
    return false;
  }
  if (!(attachment >= GL_COLOR_ATTACHMENT0 && attachment < GL_COLOR_ATTACHMENT0 + kMaxColorAttachments) &&
      attachment != GL_DEPTH_ATTACHMENT && attachment != GL_STENCIL_ATTACHMENT &&
      attachment != GL_DEPTH_STENCIL_ATTACHMENT) {
    ctx.error(GL_INVALID_ENUM, "%s(attachment = 0x%04x): not an attachment point", function, attachment);
    return false;
  }
  return true;
}

// The image an attachment refers to: a texture's (face, level), or the renderbuffer's as a
// TextureImage in `scratch`. Null when nothing is attached.
const TextureImage* attached_image(const FramebufferAttachment& a, TextureImage& scratch) {
  if (a.type == AttachmentObject::TEXTURE) {
    const unsigned face = face_of(a.cube_face);
    const TextureImage& image = a.texture->images[face][std::size_t(a.level)];
    if (a.texture->target != GL_TEXTURE_1D_ARRAY) return &image;
    // A 1D array keeps its layers in `height`; as an attachment each layer is one row high.
    scratch = image;
    scratch.height = image.defined() ? 1 : 0;
    scratch.depth = image.height;
    return &scratch;
  }
  if (a.type == AttachmentObject::RENDERBUFFER) {
    const RenderbufferObject& rb = *a.renderbuffer;
    scratch = TextureImage{};
    scratch.internal_format = rb.width ? GLint(rb.internal_format) : 0;
    scratch.base_format = rb.base_format;
    scratch.format = scratch.storage = rb.format;
    scratch.width = rb.width;
    scratch.height = rb.height;
    scratch.depth = 1;
    scratch.samples = rb.samples;
    return &scratch;
  }
  return nullptr;
}

// The resource holding an attachment's texels, and the layer its 2D slice is in.
st::Texture* attached_resource(const FramebufferAttachment& a, GLint& layer) {
  if (a.type == AttachmentObject::RENDERBUFFER) {
    layer = 0;
    return a.renderbuffer->resource.get();
  }
  if (a.type != AttachmentObject::TEXTURE) return nullptr;
  layer = a.cube_face ? GLint(face_of(a.cube_face)) : a.layer;
  return a.texture->resource.get();
}

AttachmentDescription describe_attachment(Context& ctx, const FramebufferAttachment& a) {
  AttachmentDescription d;
  d.object = a.type;
  TextureImage scratch;
  const TextureImage* image = attached_image(a, scratch);
  if (!image) return d;
  d.image = a.type == AttachmentObject::TEXTURE ? static_cast<const void*>(image)
                                                 : static_cast<const void*>(a.renderbuffer.get());
  const unsigned renderable = image->defined() ? formats::framebuffer_renderable(GLenum(image->internal_format)) : 0;
  d.renderable = renderable;
  d.width = std::uint32_t(image->width);
  d.height = std::uint32_t(image->height);
  const GLenum target = a.type == AttachmentObject::TEXTURE ? a.texture->target : GL_RENDERBUFFER;
  d.layer_count = target == GL_TEXTURE_CUBE_MAP ? 6 : std::uint32_t(std::max(image->depth, 1));
  d.layer = std::uint32_t(a.layer);
  d.layered = a.layered;
  d.texture_target = target;
  d.samples = std::uint32_t(image->samples);
  d.fixed_sample_locations = image->fixed_sample_locations;
  if (a.type == AttachmentObject::TEXTURE) {
    const TextureObject& t = *a.texture;
    // A view's immutable levels are its original's; its own levels are TEXTURE_VIEW_NUM_LEVELS.
    const GLint last = t.immutable ? t.view_num_levels - 1 : GLint(kMaxTextureLevels) - 1;
    d.level_complete = image->defined() && a.level >= t.base_level && a.level <= std::min(last, t.max_level);
  }
  // The implementation-dependent rule: the device renders to the format chosen for the image.
  const unsigned bindings = renderable & formats::RENDERABLE_COLOR ? st::BIND_RENDER_TARGET : st::BIND_DEPTH_STENCIL;
  d.device_renderable = image->defined() && st::format_support(ctx.st().screen())
                                                .is_format_supported(image->storage, st::TextureTarget::TEXTURE_2D,
                                                                     unsigned(image->samples), bindings);
  return d;
}

int draw_buffer_index(GLenum buffer) {
  return buffer >= GL_COLOR_ATTACHMENT0 && buffer < GL_COLOR_ATTACHMENT0 + kMaxColorAttachments
             ? int(buffer - GL_COLOR_ATTACHMENT0)
             : -1;
}

// Any COLOR_ATTACHMENTm enum, m up to 31 (beyond MAX_COLOR_ATTACHMENTS is an INVALID_OPERATION).
bool is_color_attachment_enum(GLenum buffer) {
  return buffer >= GL_COLOR_ATTACHMENT0 && buffer <= GL_COLOR_ATTACHMENT31;
}

// The colour buffers of a default framebuffer as bits (GL 4.6 table 17.4).
enum : unsigned { FRONT_LEFT_BIT = 1, FRONT_RIGHT_BIT = 2, BACK_LEFT_BIT = 4, BACK_RIGHT_BIT = 8 };

// The buffers a default-framebuffer enum names; nullopt for enums that are not in table 17.4.
std::optional<unsigned> default_buffer_bits(GLenum buffer) {
  switch (buffer) {
    case GL_FRONT_LEFT: return FRONT_LEFT_BIT;
    case GL_FRONT_RIGHT: return FRONT_RIGHT_BIT;
    case GL_BACK_LEFT: return BACK_LEFT_BIT;
    case GL_BACK_RIGHT: return BACK_RIGHT_BIT;
    case GL_FRONT: return FRONT_LEFT_BIT | FRONT_RIGHT_BIT;
    case GL_BACK: return BACK_LEFT_BIT | BACK_RIGHT_BIT;
    case GL_LEFT: return FRONT_LEFT_BIT | BACK_LEFT_BIT;
    case GL_RIGHT: return FRONT_RIGHT_BIT | BACK_RIGHT_BIT;
    case GL_FRONT_AND_BACK: return FRONT_LEFT_BIT | FRONT_RIGHT_BIT | BACK_LEFT_BIT | BACK_RIGHT_BIT;
    case GL_AUX0: case GL_AUX1: case GL_AUX2: case GL_AUX3: return 0u;  // glvk allocates no aux buffers
    default: return std::nullopt;
  }
}

// The colour buffers a default framebuffer has (none without a surface; no stereo).
unsigned present_buffer_bits(const FramebufferObject* fb) {
  if (!fb || !fb->window) return 0;
  return fb->window->double_buffered ? FRONT_LEFT_BIT | BACK_LEFT_BIT : FRONT_LEFT_BIT;
}

// The present buffers a draw-buffer enum writes; GL_BACK of a single-buffered framebuffer is its
// (front) left buffer (GL 4.6 section 17.4.1).
unsigned written_buffer_bits(const FramebufferObject* fb, GLenum buffer) {
  const unsigned present = present_buffer_bits(fb);
  if (buffer == GL_BACK && !(present & BACK_LEFT_BIT)) return present & FRONT_LEFT_BIT;
  return default_buffer_bits(buffer).value_or(0) & present;
}

// The one buffer glReadBuffer's enum selects: the left one of a pair, the front one of front and back.
unsigned read_buffer_bit(GLenum buffer) {
  switch (buffer) {
    case GL_FRONT_LEFT: case GL_FRONT: case GL_LEFT: case GL_FRONT_AND_BACK: return FRONT_LEFT_BIT;
    case GL_FRONT_RIGHT: case GL_RIGHT: return FRONT_RIGHT_BIT;
    case GL_BACK_LEFT: case GL_BACK: return BACK_LEFT_BIT;
    case GL_BACK_RIGHT: return BACK_RIGHT_BIT;
    default: return 0;
  }
}

// The colour buffers draw buffer `i` writes: the attachment a framebuffer object names, or every
// present buffer of a default framebuffer the enum names (GL_FRONT_AND_BACK: two). Returns the count.
unsigned draw_buffer_targets(const FramebufferObject& fb, unsigned i,
                             std::array<const FramebufferAttachment*, 2>& targets) {
  if (!fb.window) {
    const int index = draw_buffer_index(fb.draw_buffers[i]);
    if (index < 0) return 0;
    targets[0] = &fb.color[std::size_t(index)];
    return 1;
  }
  const unsigned bits = written_buffer_bits(&fb, fb.draw_buffers[i]);
  unsigned count = 0;
  if (bits & FRONT_LEFT_BIT) targets[count++] = &fb.color[kFrontLeftSlot];
  if (bits & BACK_LEFT_BIT) targets[count++] = &fb.color[kBackLeftSlot];
  return count;
}

// The colour buffer reads take (glReadBuffer's choice), or null for GL_NONE.
const FramebufferAttachment* read_buffer_attachment(const FramebufferObject& fb) {
  if (!fb.window) {
    const int index = draw_buffer_index(fb.read_buffer);
    return index < 0 ? nullptr : &fb.color[std::size_t(index)];
  }
  const unsigned bit = read_buffer_bit(fb.read_buffer) & present_buffer_bits(&fb);
  return bit == FRONT_LEFT_BIT ? &fb.color[kFrontLeftSlot] : bit == BACK_LEFT_BIT ? &fb.color[kBackLeftSlot] : nullptr;
}

// glCheckFramebufferStatus on an object (the default framebuffer has none in a surfaceless context).
GLenum framebuffer_status(Context& ctx, const FramebufferObject* fb) {
  if (!fb) return GL_FRAMEBUFFER_UNDEFINED;
  if (fb->window) return GL_FRAMEBUFFER_COMPLETE;  // a surface's framebuffer is always complete
  FramebufferDescription d;
  for (unsigned i = 0; i < kMaxColorAttachments; ++i) {
    d.color[i] = describe_attachment(ctx, fb->color[i]);
    d.draw_buffers[i] = draw_buffer_index(fb->draw_buffers[i]);
  }
  d.depth = describe_attachment(ctx, fb->depth);
  d.stencil = describe_attachment(ctx, fb->stencil);
  d.read_buffer = draw_buffer_index(fb->read_buffer);
  d.default_width = std::uint32_t(fb->default_width);
  d.default_height = std::uint32_t(fb->default_height);
  d.default_layers = std::uint32_t(fb->default_layers);
  d.default_samples = std::uint32_t(fb->default_samples);
  d.default_fixed_sample_locations = fb->default_fixed_sample_locations;
  // GL 4.1 took ARB_ES2_compatibility in: the draw/read buffer rules apply to older contexts only.
  CompletenessRules rules;
  rules.draw_and_read_buffer_rules = ctx.config().major * 10 + ctx.config().minor < 41;
  return check_framebuffer_completeness(d, rules);
}

// SAMPLES of a complete framebuffer (GL 4.6 section 9.2.3.1): the sample count its attachments
// share (0 for single-sample ones), or the default of an attachment-less one.
GLint framebuffer_samples(const FramebufferObject* fb) {
  if (!fb) return 0;
  TextureImage scratch;
  const auto samples_of = [&](const FramebufferAttachment& a) {
    const TextureImage* image = a.type == AttachmentObject::NONE ? nullptr : attached_image(a, scratch);
    return image && image->defined() ? std::optional<GLint>(image->samples > 1 ? image->samples : 0) : std::nullopt;
  };
  for (const FramebufferAttachment& a : fb->color)
    if (const auto samples = samples_of(a)) return *samples;
  for (const FramebufferAttachment* a : {&fb->depth, &fb->stencil})
    if (const auto samples = samples_of(*a)) return *samples;
  return fb->default_samples;
}

// Whether two attachment points name the same image (DEPTH_STENCIL_ATTACHMENT sets both).
bool same_attachment(const FramebufferAttachment& a, const FramebufferAttachment& b) {
  return a.type == b.type && a.texture == b.texture && a.renderbuffer == b.renderbuffer && a.level == b.level &&
         a.cube_face == b.cube_face && a.layer == b.layer && a.layered == b.layered;
}

FramebufferRef lookup_framebuffer(Context& ctx, GLuint name) {
  if (!name) return nullptr;
  auto it = ctx.framebuffers.find(name);
  return it == ctx.framebuffers.end() ? nullptr : it->second;
}

// For the DSA entry points: a framebuffer object, or for 0 where `default_target` allows it
// (GL_DRAW_FRAMEBUFFER or GL_READ_FRAMEBUFFER; GL_NONE: not allowed) that default framebuffer.
bool named_framebuffer(Context& ctx, GLuint name, FramebufferObject*& out, GLenum default_target,
                       const char* function) {
  if (name == 0 && default_target != GL_NONE) {
    out = default_target == GL_READ_FRAMEBUFFER ? ctx.window_read_framebuffer.get() : ctx.window_draw_framebuffer.get();
    return true;
  }
  out = lookup_framebuffer(ctx, name).get();
  if (!out) ctx.error(GL_INVALID_OPERATION, "%s(framebuffer = %u): not a framebuffer object", function, name);
  return out != nullptr;
}

void renderbuffer_storage(Context& ctx, RenderbufferObject& rb, GLsizei samples, GLenum internal_format, GLsizei width,
                          GLsizei height, const char* function) {
  const formats::InternalFormatInfo* info = formats::find_internal_format(internal_format);
  const unsigned renderable = info ? formats::framebuffer_renderable(internal_format) : 0;
  if (!renderable)
    return ctx.error(GL_INVALID_ENUM, "%s(internalformat = 0x%04x): not a renderable format", function,
                     internal_format);
  if (width < 0 || height < 0 || width > kMaxTextureSize || height > kMaxTextureSize)
    return ctx.error(GL_INVALID_VALUE, "%s: %dx%d is not a valid renderbuffer size", function, width, height);
  if (samples < 0) return ctx.error(GL_INVALID_VALUE, "%s(samples = %d): negative", function, samples);
  std::string why;
  const RenderbufferAllocation result =
      allocate_renderbuffer(ctx.st().shared_screen(), rb, samples, internal_format, width, height, why);
  if (result == RenderbufferAllocation::NO_FORMAT)
    return ctx.error(samples ? GL_INVALID_OPERATION : GL_INVALID_ENUM, "%s: %s with %d samples is not renderable here",
                     function, info->name, samples);
  if (result == RenderbufferAllocation::OUT_OF_MEMORY)
    return ctx.error(GL_OUT_OF_MEMORY, "%s: cannot allocate the renderbuffer (%s)", function, why.c_str());
}

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



// The GCN shadow of the draw framebuffer (si_emit_framebuffer_state): the derived state of
// st_update_framebuffer_state decides the colour slots, the size and the depth/stencil buffer.
void shadow_draw_framebuffer(const FramebufferObject& fb) {
  if (!st::shadow_enabled()) return;
  std::array<st::Surface, kMaxColorAttachments> surfaces{};
  std::array<st::ShadowAttachment, kMaxColorAttachments> bound{};
  st::FramebufferInput input;
  input.num_draw_buffers = kMaxColorAttachments;
  const auto describe_surface = [](const FramebufferAttachment& a, st::Surface& surface,
                                   st::ShadowAttachment& shadow) {
    TextureImage scratch;
    const TextureImage* image = attached_image(a, scratch);
    GLint layer = 0;
    st::Texture* resource = attached_resource(a, layer);
    if (!image || !image->defined() || !resource) return false;
    const std::uint32_t layers = a.layered ? std::uint32_t(a.texture && a.texture->target == GL_TEXTURE_CUBE_MAP
                                                               ? 6
                                                               : std::max(image->depth, 1))
                                           : 1;
    surface = {std::uint32_t(image->width), std::uint32_t(image->height), layers, std::uint32_t(image->samples),
               a.layered};
    shadow = {resource, unsigned(a.level), a.layered ? 0u : unsigned(layer),
              a.layered ? unsigned(layers - 1) : unsigned(layer)};
    return true;
  };
  // Every buffer a draw buffer writes takes a colour slot of its own (GL_FRONT_AND_BACK: two).
  unsigned slot = 0;
  for (unsigned i = 0; i < kMaxColorAttachments; ++i) {
    std::array<const FramebufferAttachment*, 2> targets{};
    const unsigned count = draw_buffer_targets(fb, i, targets);
    if (count == 0) {
      ++slot;
      continue;
    }
    for (unsigned t = 0; t < count && slot < kMaxColorAttachments; ++t, ++slot)
      if (describe_surface(*targets[t], surfaces[slot], bound[slot])) input.draw_surfaces[slot] = &surfaces[slot];
  }
  st::Surface zs_surface;
  st::ShadowAttachment zs_bound;
  const FramebufferAttachment& zs = fb.depth.type != AttachmentObject::NONE ? fb.depth : fb.stencil;
  if (describe_surface(zs, zs_surface, zs_bound)) input.depth = &zs_surface;
  const st::FramebufferState state = st::update_framebuffer_state(input);
  std::array<const st::ShadowAttachment*, 8> slots{};
  for (unsigned i = 0; i < state.nr_cbufs; ++i) slots[i] = state.cbufs[i] ? &bound[i] : nullptr;
  st::shadow_framebuffer(slots, state.nr_cbufs, state.zsbuf ? &zs_bound : nullptr, state.width, state.height);
}

// ------------------------------------------------------------------------------------------ clears

// The clear value of a colour buffer, as the glClearBuffer variant gave it.
struct ColorClear {
  st::ClearKind kind = st::ClearKind::FLOAT;
  GLfloat f[4] = {0, 0, 0, 0};
  GLint i[4] = {0, 0, 0, 0};
  GLuint u[4] = {0, 0, 0, 0};
};

// The rectangle of an image that clears and blits may write: the image, cut by scissor box 0 when
// that test is on (the only per-fragment operation both obey; GL 4.6 sections 17.4.3 and 18.3.1
// name the first scissor rectangle).
struct ScissoredRect {
  GLint x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
};

ScissoredRect scissored_rect(const Context& ctx, const TextureImage& image) {
  ScissoredRect r{0, 0, image.width, image.height};
  if (ctx.scissor_test[0]) {
    const auto& box = ctx.scissor_box[0];
    r.x0 = std::max(r.x0, box[0]);
    r.y0 = std::max(r.y0, box[1]);
    r.x1 = GLint(std::min<GLint64>(r.x1, GLint64(box[0]) + box[2]));
    r.y1 = GLint(std::min<GLint64>(r.y1, GLint64(box[1]) + box[3]));
  }
  return r;
}

// The layers a clear covers: every layer of a layered attachment (GL 4.6 section 9.8), else one.
void clear_layers(const FramebufferAttachment& a, const TextureImage& image, GLint& first, GLint& count) {
  GLint layer = 0;
  attached_resource(a, layer);
  first = layer;
  count = 1;
  if (a.layered) {
    first = 0;
    count = a.texture->target == GL_TEXTURE_CUBE_MAP ? 6 : std::max(image.depth, 1);
  }
}

// The clear's rectangle in `count` layers from `first` (3D: depth slices).
st::Box clear_box(const ScissoredRect& r, GLint first, GLint count) {
  st::Box box;
  box.x = r.x0;
  box.y = r.y0;
  box.z = first;
  box.width = r.x1 - r.x0;
  box.height = r.y1 - r.y0;
  box.depth = count;
  return box;
}

// The clear value and write mask moved to the channels of the storage format (the rebase of the
// CPU path: GL_RGB stored as RGBA writes alpha 1). False when the storage reorders channels through
// a component swizzle, which a render target cannot express.
bool storage_clear_value(const TextureImage& image, const ColorClear& value, const std::array<bool, 4>& mask,
                         std::uint32_t (&words)[4], std::array<bool, 4>& storage_mask) {
  const formats::FormatDesc& d = formats::describe(image.storage);
  formats::Swizzle map[4] = {formats::Swizzle::X, formats::Swizzle::Y, formats::Swizzle::Z, formats::Swizzle::W};
  formats::compute_rgba2base2rgba_component_mapping(image.base_format, map);
  const std::uint32_t one = value.kind == st::ClearKind::FLOAT ? std::bit_cast<std::uint32_t>(1.0f) : 1u;
  for (unsigned c = 0; c < 4; ++c) {
    const formats::Swizzle own = formats::Swizzle(c);
    if (d.vk_swizzle[c] != own && d.vk_swizzle[c] != formats::Swizzle::ZERO && d.vk_swizzle[c] != formats::Swizzle::ONE)
      return false;
    if (map[c] <= formats::Swizzle::W) {
      const unsigned from = unsigned(map[c]);
      words[c] = value.kind == st::ClearKind::FLOAT  ? std::bit_cast<std::uint32_t>(value.f[from])
                 : value.kind == st::ClearKind::SINT ? std::uint32_t(value.i[from])
                                                     : value.u[from];
      storage_mask[c] = mask[from];
    } else {
      words[c] = map[c] == formats::Swizzle::ONE ? one : 0u;
      storage_mask[c] = true;  // a channel the base format lacks always holds its constant
    }
  }
  return true;
}

void clear_color_attachment(Context& ctx, const FramebufferAttachment& a, const ColorClear& value,
                            const std::array<bool, 4>& mask, const char* function) {
  TextureImage scratch;
  const TextureImage* image = attached_image(a, scratch);
  GLint ignored = 0;
  st::Texture* resource = attached_resource(a, ignored);
  if (!image || !image->defined() || !resource || !(mask[0] || mask[1] || mask[2] || mask[3])) return;
  const ScissoredRect rect = scissored_rect(ctx, *image);
  if (rect.empty()) return;
  GLint first = 0, layers = 1;
  clear_layers(a, *image, first, layers);
  const formats::FormatDesc& d = formats::describe(image->storage);
  const bool srgb = d.colorspace == formats::Colorspace::SRGB;
  // GL writes sRGB-encoded values only with GL_FRAMEBUFFER_SRGB; otherwise the bits go as they are.
  const formats::Format target = srgb && !ctx.framebuffer_srgb ? d.linear_equivalent : image->storage;
  const bool whole = rect.x0 == 0 && rect.y0 == 0 && rect.x1 == image->width && rect.y1 == image->height;
  const bool full_mask = mask[0] && mask[1] && mask[2] && mask[3];
  const bool unencoded_srgb = srgb && !ctx.framebuffer_srgb;
  std::uint32_t words[4];
  std::array<bool, 4> storage_mask;
  const bool storage_channels = storage_clear_value(*image, value, mask, words, storage_mask);
  const bool exact_storage = storage_channels && st::format_base_format(image->storage) == image->base_format;
  if (whole && full_mask && exact_storage && !unencoded_srgb) {
    st::texture_clear_color(*resource, unsigned(a.level), unsigned(first), unsigned(layers), words, value.kind);
    return;
  }
  // Scissored or masked: the rectangle is drawn into the attachment.
  if (storage_channels && st::texture_clear_color_region(*resource, unsigned(a.level), clear_box(rect, first, layers),
                                                         words, value.kind, storage_mask, unencoded_srgb))
    return;
  if (image->samples > 1) {
    ctx.debug_message(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_MEDIUM,
                      std::string(function) + ": the multisample buffer's storage cannot be a render target");
    return;
  }
  // Read, change the unmasked channels, write: through RGBA of the clear value's kind.
  const formats::Format rgba = value.kind == st::ClearKind::FLOAT ? formats::Format::R32G32B32A32_FLOAT
                               : value.kind == st::ClearKind::SINT ? formats::Format::R32G32B32A32_SINT
                                                                   : formats::Format::R32G32B32A32_UINT;
  const formats::PixelFormat stored(target), wide(rgba);
  const GLsizei w = rect.x1 - rect.x0, h = rect.y1 - rect.y0;
  const std::size_t row = stored.row_bytes(unsigned(w)), wide_row = std::size_t(w) * 16;
  std::vector<std::byte> texels(row * std::size_t(h)), values(wide_row * std::size_t(h));
  formats::Swizzle map[4];
  formats::ConvertParams to_storage;
  if (formats::compute_rgba2base2rgba_component_mapping(image->base_format, map)) to_storage.rebase_swizzle = map;
  for (GLint layer = first; layer < first + layers; ++layer) {
    const st::Box box = clear_box(rect, layer, 1);
    if (!full_mask) {
      st::texture_read(*resource, unsigned(a.level), box, texels.data(), row, row * std::size_t(h));
      if (formats::convert(values.data(), wide, wide_row, texels.data(), stored, row, unsigned(w), unsigned(h)) !=
          formats::ConvertStatus::OK)
        return;  // mismatched clear type and buffer: undefined results, nothing written
    }
    for (std::size_t t = 0; t < std::size_t(w) * std::size_t(h); ++t)
      for (int c = 0; c < 4; ++c)
        if (mask[std::size_t(c)])
          std::memcpy(values.data() + t * 16 + std::size_t(c) * 4,
                      value.kind == st::ClearKind::FLOAT ? static_cast<const void*>(&value.f[c])
                      : value.kind == st::ClearKind::SINT ? static_cast<const void*>(&value.i[c])
                                                          : static_cast<const void*>(&value.u[c]),
                      4);
    if (formats::convert(texels.data(), stored, row, values.data(), wide, wide_row, unsigned(w), unsigned(h),
                         to_storage) != formats::ConvertStatus::OK)
      return;
    st::texture_write(*resource, unsigned(a.level), box, texels.data(), row, row * std::size_t(h));
  }
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
  const ScissoredRect rect = scissored_rect(ctx, *image);
  if (rect.empty()) return;
  GLint first = 0, layers = 1;
  clear_layers(a, *image, first, layers);
  const bool whole = rect.x0 == 0 && rect.y0 == 0 && rect.x1 == image->width && rect.y1 == image->height;
  if (whole && (!stencil || stencil_mask == 0xff)) {
    st::texture_clear_depth_stencil(*resource, unsigned(a.level), unsigned(first), unsigned(layers), depth, depth_value,
                                    stencil, std::uint32_t(stencil_value) & 0xff);
    return;
  }
  // Scissored, or a partial stencil write mask: the rectangle is drawn into the attachment.
  if (st::texture_clear_depth_stencil_region(*resource, unsigned(a.level), clear_box(rect, first, layers), depth,
                                             depth_value, stencil, std::uint32_t(stencil_value) & 0xff, stencil_mask))
    return;
  if (image->samples > 1) {
    ctx.debug_message(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_MEDIUM,
                      std::string(function) + ": the multisample buffer's storage cannot be a render target");
    return;
  }
  const GLsizei w = rect.x1 - rect.x0, h = rect.y1 - rect.y0;
  const std::size_t count = std::size_t(w) * std::size_t(h), row = std::size_t(w) * (d.block_bits / 8);
  std::vector<std::byte> texels(row * std::size_t(h));
  std::vector<float> depths(count, depth_value);
  std::vector<std::uint8_t> stencils(count);
  for (GLint layer = first; layer < first + layers; ++layer) {
    const st::Box box = clear_box(rect, layer, 1);
    st::texture_read(*resource, unsigned(a.level), box, texels.data(), row, texels.size());
    if (depth) formats::pack_depth_float(d, depths.data(), texels.data(), count);
    if (stencil) {
      formats::unpack_stencil_uint(d, texels.data(), stencils.data(), count);
      for (std::uint8_t& s : stencils)
        s = std::uint8_t((s & ~stencil_mask) | (GLuint(stencil_value) & stencil_mask));
      formats::pack_stencil_uint(d, stencils.data(), texels.data(), count);
    }
    st::texture_write(*resource, unsigned(a.level), box, texels.data(), row, texels.size());
  }
}

// `fb` when a clear may go into it, or null after INVALID_FRAMEBUFFER_OPERATION; the shadow sees
// the framebuffer state the clear uses.
FramebufferObject* clear_target(Context& ctx, FramebufferObject* fb, const char* function) {
  if (framebuffer_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE) {
    ctx.error(GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the draw framebuffer is not complete", function);
    return nullptr;
  }
  shadow_draw_framebuffer(*fb);
  return fb;
}

// The colour kind of a draw buffer's attachment, for glClear's choice of clear value.
st::ClearKind attachment_kind(const FramebufferAttachment& a) {
  TextureImage scratch;
  const TextureImage* image = attached_image(a, scratch);
  if (!image || !image->defined()) return st::ClearKind::FLOAT;
  const formats::FormatDesc& d = formats::describe(image->format);
  if (!d.is_pure_integer) return st::ClearKind::FLOAT;
  for (int c = 0; c < d.nr_channels; ++c)
    if (d.channel[c].type == formats::ChannelType::SIGNED) return st::ClearKind::SINT;
  return st::ClearKind::UINT;
}


// ------------------------------------------------------------------------------------------ blits

// One axis of a blit clipped to both images (the _mesa_clip_blit role): src [s0, s1) maps onto
// dst [d0, d1) (either may run backwards for a flip); the parts outside either image are dropped
// and the other side shrinks in proportion. False when nothing is left.
bool clip_blit_axis(double& s0, double& s1, double& d0, double& d1, double src_size, double dst_size) {
  const auto clip = [](double& a0, double& a1, double& b0, double& b1, double size) {
    const double scale = (b1 - b0) / (a1 - a0);
    const double lo = std::min(a0, a1), hi = std::max(a0, a1);
    const double new_lo = std::max(lo, 0.0), new_hi = std::min(hi, size);
    if (new_hi <= new_lo) return false;
    // Both ends are remapped from the unclipped span before either is replaced.
    const double b_at_lo = b0 + (new_lo - a0) * scale, b_at_hi = b0 + (new_hi - a0) * scale;
    if (a0 <= a1) {
      b0 = b_at_lo, b1 = b_at_hi, a0 = new_lo, a1 = new_hi;
    } else {
      b0 = b_at_hi, b1 = b_at_lo, a0 = new_hi, a1 = new_lo;
    }
    return true;
  };
  if (s1 == s0 || d1 == d0) return false;
  return clip(d0, d1, s0, s1, dst_size) && clip(s0, s1, d0, d1, src_size);
}

// A single-sample w x h texture of `storage` that blits may render into (a stand-in for a part of
// an attachment).
std::unique_ptr<st::Texture> scratch_texture(Context& ctx, formats::Format storage, GLint w, GLint h) {
  st::TextureLayout layout;
  layout.format = storage;
  layout.width = std::uint32_t(w);
  layout.height = std::uint32_t(h);
  const formats::FormatDesc& d = formats::describe(storage);
  return std::make_unique<st::Texture>(ctx.st().shared_screen(), layout,
                                       d.is_depth || d.is_stencil ? st::BIND_DEPTH_STENCIL : st::BIND_RENDER_TARGET);
}

// Blits one attachment into another (for depth/stencil attachments, the aspects `depth` and
// `stencil`); the formats were checked by the caller.
void blit_attachment(Context& ctx, const FramebufferAttachment& src, const FramebufferAttachment& dst,
                     const GLint (&rect)[8], bool linear, bool depth, bool stencil, const char* function) {
  TextureImage src_scratch, dst_scratch;
  const TextureImage* si = attached_image(src, src_scratch);
  const TextureImage* di = attached_image(dst, dst_scratch);
  GLint src_layer = 0, dst_layer = 0;
  st::Texture* sr = attached_resource(src, src_layer);
  st::Texture* dr = attached_resource(dst, dst_layer);
  if (!si || !di || !sr || !dr || !si->defined() || !di->defined()) return;
  double sx0 = rect[0], sy0 = rect[1], sx1 = rect[2], sy1 = rect[3];
  double dx0 = rect[4], dy0 = rect[5], dx1 = rect[6], dy1 = rect[7];
  if (!clip_blit_axis(sx0, sx1, dx0, dx1, si->width, di->width) ||
      !clip_blit_axis(sy0, sy1, dy0, dy1, si->height, di->height))
    return;
  const int s[4] = {int(std::lround(sx0)), int(std::lround(sy0)), int(std::lround(sx1)), int(std::lround(sy1))};
  const int d[4] = {int(std::lround(dx0)), int(std::lround(dy0)), int(std::lround(dx1)), int(std::lround(dy1))};
  // GL 4.6 section 18.3.1: of the per-fragment operations only the scissor test applies to blits.
  // It discards destination pixels without moving the others' source positions, so a cut blit
  // goes whole into a stand-in of the destination rectangle and the scissored part is copied on.
  const ScissoredRect writable = scissored_rect(ctx, *di);
  const ScissoredRect covered{std::min(d[0], d[2]), std::min(d[1], d[3]), std::max(d[0], d[2]), std::max(d[1], d[3])};
  const ScissoredRect target{std::max(covered.x0, writable.x0), std::max(covered.y0, writable.y0),
                             std::min(covered.x1, writable.x1), std::min(covered.y1, writable.y1)};
  if (target.empty()) return;
  const bool cut = target.x0 > covered.x0 || target.y0 > covered.y0 || target.x1 < covered.x1 || target.y1 < covered.y1;
  st::BlitOptions options;
  options.linear = linear;
  options.depth = depth;
  options.stencil = stencil;
  options.srgb = ctx.framebuffer_srgb;
  st::BlitOptions exact = options;
  exact.linear = false;
  exact.srgb = false;  // stand-ins keep the bits

  st::Texture* from = sr;
  unsigned from_level = unsigned(src.level);
  GLint from_layer = src_layer;
  std::unique_ptr<st::Texture> source_copy, staged;
  bool done = true;
  if (sr == dr && src.level == dst.level && src_layer == dst_layer) {
    // Source and destination in one image: Vulkan forbids the overlap, so go through a copy.
    source_copy = scratch_texture(ctx, si->storage, si->width, si->height);
    const int whole[4] = {0, 0, si->width, si->height};
    done = st::texture_blit_scaled(*sr, from_level, src_layer, whole, *source_copy, 0, 0, whole, exact);
    from = source_copy.get(), from_level = 0, from_layer = 0;
  }
  if (done && cut) {
    const int x0 = covered.x0, y0 = covered.y0;
    staged = scratch_texture(ctx, di->storage, covered.x1 - covered.x0, covered.y1 - covered.y0);
    const int into[4] = {d[0] - x0, d[1] - y0, d[2] - x0, d[3] - y0};
    const int part[4] = {target.x0 - x0, target.y0 - y0, target.x1 - x0, target.y1 - y0};
    const int onto[4] = {target.x0, target.y0, target.x1, target.y1};
    done = st::texture_blit_scaled(*from, from_level, from_layer, s, *staged, 0, 0, into, options) &&
           st::texture_blit_scaled(*staged, 0, 0, part, *dr, unsigned(dst.level), dst_layer, onto, exact);
  } else if (done) {
    done = st::texture_blit_scaled(*from, from_level, from_layer, s, *dr, unsigned(dst.level), dst_layer, d, options);
  }
  if (!done)
    ctx.debug_message(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_OTHER, 2, GL_DEBUG_SEVERITY_HIGH,
                      std::string(function) + ": no Vulkan path blits " + formats::describe(si->storage).name +
                          " (" + std::to_string(si->samples) + " samples) into " +
                          formats::describe(di->storage).name + " (" + std::to_string(di->samples) +
                          " samples); the destination is unchanged");
}

// A colour attachment's class for the blit rules: 0 normalized/float, 1 signed int, 2 unsigned int.
int integer_class(const FramebufferAttachment& a) {
  TextureImage scratch;
  const TextureImage* image = attached_image(a, scratch);
  if (!image || !image->defined()) return 0;
  const st::ClearKind kind = attachment_kind(a);
  return kind == st::ClearKind::FLOAT ? 0 : kind == st::ClearKind::SINT ? 1 : 2;
}

// Where reads of an attachment take texels from: its own image, or for a multisampled buffer of a
// default framebuffer — which glReadPixels and glCopyTexImage may read (GL 4.6 section 18.2.1 refuses
// only framebuffer objects with SAMPLE_BUFFERS one) — a single-sample resolve of it (colour
// averaged, depth/stencil sample 0).
struct ReadSource {
  const TextureImage* image = nullptr;
  st::Texture* resource = nullptr;
  unsigned level = 0;
  GLint layer = 0;
  TextureImage scratch, resolved_image;
  std::unique_ptr<st::Texture> resolved;
};

// False when the attachment has no texels to read.
bool read_source(Context& ctx, const FramebufferAttachment& a, ReadSource& out) {
  out.image = attached_image(a, out.scratch);
  out.resource = attached_resource(a, out.layer);
  out.level = unsigned(a.level);
  if (!out.image || !out.resource || !out.image->defined()) return false;
  if (out.image->samples <= 1) return true;
  out.resolved = scratch_texture(ctx, out.image->storage, out.image->width, out.image->height);
  const int whole[4] = {0, 0, out.image->width, out.image->height};
  st::BlitOptions exact;
  exact.srgb = false;  // the resolve keeps the encoding
  if (!st::texture_blit_scaled(*out.resource, out.level, out.layer, whole, *out.resolved, 0, 0, whole, exact))
    return false;
  out.resolved_image = *out.image;
  out.resolved_image.samples = 0;
  out.image = &out.resolved_image;
  out.resource = out.resolved.get();
  out.level = 0;
  out.layer = 0;
  return true;
}

// Copies a rectangle of the read buffer into a texture image on the CPU, converting formats with
// the destination's rebase (glCopyTexImage/glCopyTexSubImage). The destination region starts at
// (dst_x, dst_y, dst_z) of `target`'s image, so 1D arrays take the rows as layers and cube faces
// their face layer. Parts outside the read buffer are undefined and left alone.
void copy_from_read_buffer(Context& ctx, const FramebufferAttachment& src, GLint x, GLint y, GLsizei w, GLsizei h,
                           st::Texture& dst, const TextureImage& dst_image, GLenum target, GLint level, GLint dst_x,
                           GLint dst_y, GLint dst_z, const char* function) {
  ReadSource source;
  if (!read_source(ctx, src, source)) return;
  const TextureImage* si = source.image;
  st::Texture* sr = source.resource;
  const GLint src_layer = source.layer;
  const GLint x0 = std::max(x, 0), y0 = std::max(y, 0);
  const GLint x1 = GLint(std::min<GLint64>(GLint64(x) + w, si->width)), y1 = GLint(std::min<GLint64>(GLint64(y) + h, si->height));
  if (x1 <= x0 || y1 <= y0) return;
  const formats::PixelFormat from(si->storage), to(dst_image.storage);
  const GLsizei cw = x1 - x0, ch = y1 - y0;
  const std::size_t from_row = from.row_bytes(unsigned(cw)), to_row = to.row_bytes(unsigned(cw));
  std::vector<std::byte> in(from_row * std::size_t(ch)), out(to_row * std::size_t(ch));
  st::Box box;
  box.x = x0, box.y = y0, box.z = src_layer, box.width = cw, box.height = ch, box.depth = 1;
  st::texture_read(*sr, source.level, box, in.data(), from_row, in.size());
  formats::Swizzle map[4];
  formats::ConvertParams params;
  if (formats::compute_rgba2base2rgba_component_mapping(dst_image.base_format, map)) params.rebase_swizzle = map;
  const formats::ConvertStatus status =
      formats::convert(out.data(), to, to_row, in.data(), from, from_row, unsigned(cw), unsigned(ch), params);
  if (status != formats::ConvertStatus::OK)
    return ctx.error(GL_INVALID_OPERATION, "%s: cannot copy %s into %s (%s)", function,
                     formats::describe(si->storage).name, formats::describe(dst_image.storage).name,
                     formats::convert_status_name(status));
  const st::Box dst_box = texture_box(target, dst_x + (x0 - x), dst_y + (y0 - y), dst_z, cw, ch, 1);
  // Consecutive rows are consecutive layers of a 1D array, consecutive rows of one layer otherwise.
  st::texture_write(dst, unsigned(level), dst_box, out.data(), to_row, dst_box.depth > 1 ? to_row : out.size());
}

// The read buffer's colour attachment, or null after the spec's error.
const FramebufferAttachment* read_colour_attachment(Context& ctx, const char* function) {
  FramebufferObject* fb = ctx.current_read_framebuffer();
  if (framebuffer_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE) {
    ctx.error(GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the read framebuffer is not complete", function);
    return nullptr;
  }
  const FramebufferAttachment* read = read_buffer_attachment(*fb);
  if (!read) {
    ctx.error(GL_INVALID_OPERATION, "%s: the read buffer is GL_NONE", function);
    return nullptr;
  }
  const FramebufferAttachment& a = *read;
  TextureImage scratch;
  const TextureImage* image = attached_image(a, scratch);
  if (image && image->samples > 1 && !fb->window) {
    ctx.error(GL_INVALID_OPERATION, "%s: the read buffer is multisampled", function);
    return nullptr;
  }
  return &a;
}

}  // namespace

RenderbufferAllocation allocate_renderbuffer(const std::shared_ptr<st::Screen>& screen, RenderbufferObject& rb,
                                             GLsizei samples, GLenum internal_format, GLsizei width, GLsizei height,
                                             std::string& why) {
  const formats::InternalFormatInfo* info = formats::find_internal_format(internal_format);
  const unsigned renderable = info ? formats::framebuffer_renderable(internal_format) : 0;
  if (!renderable) return RenderbufferAllocation::NO_FORMAT;
  // Sample counts are rounded up to one the device supports (st_renderbuffer_alloc_storage).
  formats::Format format = formats::Format::NONE;
  GLsizei count = samples;
  for (; count <= 64 && format == formats::Format::NONE; count = count ? count + 1 : 1)
    format = st::choose_renderbuffer_format(st::format_support(*screen), internal_format, unsigned(count));
  if (format == formats::Format::NONE) return RenderbufferAllocation::NO_FORMAT;
  const GLsizei chosen_samples = samples == 0 ? 0 : count - 1;
  std::shared_ptr<st::Texture> resource;
  if (width && height) {
    st::TextureLayout layout;
    layout.format = format;
    layout.width = std::uint32_t(width);
    layout.height = std::uint32_t(height);
    layout.samples = std::uint32_t(chosen_samples);
    st::Made<st::Texture> made = st::create_texture(
        screen, layout, renderable & formats::RENDERABLE_COLOR ? st::BIND_RENDER_TARGET : st::BIND_DEPTH_STENCIL);
    if (!made.object) {
      why = made.result.message;
      return RenderbufferAllocation::OUT_OF_MEMORY;
    }
    resource = std::move(made.object);
  }
  rb.internal_format = internal_format;
  rb.base_format = info->base_format;
  rb.format = format;
  rb.width = width;
  rb.height = height;
  rb.samples = chosen_samples;
  rb.resource = std::move(resource);
  return RenderbufferAllocation::OK;
}

namespace {

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

bool query_clear_state(const Context& ctx, GLenum pname, StateValue& value) {
  switch (pname) {
    case GL_SCISSOR_BOX: case GL_COLOR_WRITEMASK: indexed_state(ctx, pname, 0, value); return true;
    case GL_COLOR_CLEAR_VALUE: {
      const GLdouble c[4] = {ctx.clear_color[0], ctx.clear_color[1], ctx.clear_color[2], ctx.clear_color[3]};
      value.set_floats(StateValue::Type::Normalized, c, 4);
      return true;
    }
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

// glBindRenderbuffer and glBindRenderbufferEXT, with bind_framebuffer's naming rule.
void bind_renderbuffer(Context& ctx, GLenum target, GLuint renderbuffer, bool any_name, const char* function) {
  if (target != GL_RENDERBUFFER)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): must be GL_RENDERBUFFER", function, target);
  RenderbufferRef rb;
  if (renderbuffer) {
    std::lock_guard lock(ctx.share_group().mutex);
    auto& names = ctx.share_group().renderbuffers;
    auto it = names.find(renderbuffer);
    if (it == names.end()) {
      if (!any_name)
        return ctx.error(GL_INVALID_OPERATION, "%s(%u): not a name from glGenRenderbuffers", function, renderbuffer);
      it = names.emplace(renderbuffer, nullptr).first;
    }
    if (!it->second) it->second = std::make_shared<RenderbufferObject>(renderbuffer);
    rb = it->second;
  }
  ctx.bound_renderbuffer = std::move(rb);
}

}  // namespace

namespace api {

void BindFramebuffer(Context& ctx, const char* fn, GLenum target, GLuint framebuffer) {
  bind_framebuffer(ctx, target, framebuffer, !ctx.config().core_profile, fn);
}

void BindFramebufferEXT(Context& ctx, const char* fn, GLenum target, GLuint framebuffer) {
  bind_framebuffer(ctx, target, framebuffer, true, fn);
}

void BindRenderbuffer(Context& ctx, const char* fn, GLenum target, GLuint renderbuffer) {
  bind_renderbuffer(ctx, target, renderbuffer, !ctx.config().core_profile, fn);
}

void BindRenderbufferEXT(Context& ctx, const char* fn, GLenum target, GLuint renderbuffer) {
  bind_renderbuffer(ctx, target, renderbuffer, true, fn);
}

void GenRenderbuffers(Context& ctx, const char* fn, GLsizei n, GLuint* renderbuffers) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  std::lock_guard lock(ctx.share_group().mutex);
  for (GLsizei i = 0; i < n; ++i) {
    renderbuffers[i] = ctx.share_group().allocate_renderbuffer_name();
    ctx.share_group().renderbuffers[renderbuffers[i]] = nullptr;
  }
}

void CreateRenderbuffers(Context& ctx, const char* fn, GLsizei n, GLuint* renderbuffers) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  GenRenderbuffers(ctx, fn, n, renderbuffers);
  std::lock_guard lock(ctx.share_group().mutex);
  for (GLsizei i = 0; i < n; ++i)
    ctx.share_group().renderbuffers[renderbuffers[i]] = std::make_shared<RenderbufferObject>(renderbuffers[i]);
}

void DeleteRenderbuffers(Context& ctx, const char* fn, GLsizei n, const GLuint* renderbuffers) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  for (GLsizei i = 0; i < n; ++i) {
    RenderbufferRef rb = ctx.share_group().find_renderbuffer(renderbuffers[i]);
    if (rb) {
      if (ctx.bound_renderbuffer == rb) ctx.bound_renderbuffer = nullptr;
      // Detached from the bound framebuffers (GL 4.6 section 9.2.7).
      for (FramebufferObject* fb : {ctx.draw_framebuffer.get(), ctx.read_framebuffer.get()}) {
        if (!fb) continue;
        for (FramebufferAttachment* a : {&fb->depth, &fb->stencil})
          if (a->renderbuffer == rb) *a = FramebufferAttachment{};
        for (FramebufferAttachment& a : fb->color)
          if (a.renderbuffer == rb) a = FramebufferAttachment{};
      }
    }
    std::lock_guard lock(ctx.share_group().mutex);
    if (renderbuffers[i]) ctx.share_group().renderbuffers.erase(renderbuffers[i]);
  }
}

GLboolean IsRenderbuffer(Context& ctx, const char*, GLuint renderbuffer) {
  return ctx.share_group().find_renderbuffer(renderbuffer) ? GL_TRUE : GL_FALSE;
}

void RenderbufferStorageMultisample(Context& ctx, const char* fn, GLenum target, GLsizei samples,
                                    GLenum internalformat, GLsizei width, GLsizei height) {
  if (target != GL_RENDERBUFFER)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): must be GL_RENDERBUFFER", fn, target);
  if (!ctx.bound_renderbuffer)
    return ctx.error(GL_INVALID_OPERATION, "%s: no renderbuffer is bound", fn);
  renderbuffer_storage(ctx, *ctx.bound_renderbuffer, samples, internalformat, width, height,
                       fn);
}

void RenderbufferStorage(Context& ctx, const char* fn, GLenum target, GLenum internalformat, GLsizei width,
                         GLsizei height) {
  RenderbufferStorageMultisample(ctx, fn, target, 0, internalformat, width, height);
}

void NamedRenderbufferStorageMultisample(Context& ctx, const char* fn, GLuint renderbuffer, GLsizei samples,
                                         GLenum internalformat, GLsizei width, GLsizei height) {
  RenderbufferRef rb = ctx.share_group().find_renderbuffer(renderbuffer);
  if (!rb)
    return ctx.error(GL_INVALID_OPERATION, "%s(%u): not a renderbuffer object", fn, renderbuffer);
  renderbuffer_storage(ctx, *rb, samples, internalformat, width, height, fn);
}

void NamedRenderbufferStorage(Context& ctx, const char* fn, GLuint renderbuffer, GLenum internalformat, GLsizei width,
                              GLsizei height) {
  NamedRenderbufferStorageMultisample(ctx, fn, renderbuffer, 0, internalformat, width, height);
}

}  // namespace api

// glGetRenderbufferParameteriv and glGetNamedRenderbufferParameteriv.
static void get_renderbuffer_parameter(Context& ctx, const RenderbufferRef& renderbuffer, GLenum pname, GLint* params,
                                       const char* function) {
  const RenderbufferObject& rb = *renderbuffer;
  FramebufferAttachment a;
  a.type = AttachmentObject::RENDERBUFFER;
  a.renderbuffer = renderbuffer;
  TextureImage scratch;
  const TextureImage& image = *attached_image(a, scratch);
  switch (pname) {
    case GL_RENDERBUFFER_WIDTH: *params = rb.width; return;
    case GL_RENDERBUFFER_HEIGHT: *params = rb.height; return;
    case GL_RENDERBUFFER_INTERNAL_FORMAT: *params = GLint(rb.internal_format); return;
    case GL_RENDERBUFFER_SAMPLES: *params = rb.samples; return;
    case GL_RENDERBUFFER_RED_SIZE: *params = component_size(image, GL_TEXTURE_RED_SIZE); return;
    case GL_RENDERBUFFER_GREEN_SIZE: *params = component_size(image, GL_TEXTURE_GREEN_SIZE); return;
    case GL_RENDERBUFFER_BLUE_SIZE: *params = component_size(image, GL_TEXTURE_BLUE_SIZE); return;
    case GL_RENDERBUFFER_ALPHA_SIZE: *params = component_size(image, GL_TEXTURE_ALPHA_SIZE); return;
    case GL_RENDERBUFFER_DEPTH_SIZE: *params = component_size(image, GL_TEXTURE_DEPTH_SIZE); return;
    case GL_RENDERBUFFER_STENCIL_SIZE: *params = component_size(image, GL_TEXTURE_STENCIL_SIZE); return;
    default: return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x)", function, pname);
  }
}

namespace api {

void GetRenderbufferParameteriv(Context& ctx, const char* fn, GLenum target, GLenum pname, GLint* params) {
  if (target != GL_RENDERBUFFER)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x)", fn, target);
  if (!ctx.bound_renderbuffer)
    return ctx.error(GL_INVALID_OPERATION, "%s: no renderbuffer is bound", fn);
  get_renderbuffer_parameter(ctx, ctx.bound_renderbuffer, pname, params, fn);
}

void GetNamedRenderbufferParameteriv(Context& ctx, const char* fn, GLuint renderbuffer, GLenum pname, GLint* params) {
  RenderbufferRef rb = ctx.share_group().find_renderbuffer(renderbuffer);
  if (!rb)
    return ctx.error(GL_INVALID_OPERATION, "%s(renderbuffer = %u): not a renderbuffer object", fn,
                     renderbuffer);
  get_renderbuffer_parameter(ctx, rb, pname, params, fn);
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

void ReadPixels(Context& ctx, const char* fn, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
                GLenum type, void* pixels) {
  if (width < 0 || height < 0) return ctx.error(GL_INVALID_VALUE, "%s: negative width or height", fn);
  if (!check_format_and_type(ctx, format, type, fn)) return;
  FramebufferObject* fb = ctx.current_read_framebuffer();
  if (framebuffer_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE)
    return ctx.error(GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the read framebuffer is not complete", fn);
  // Which attachment: the read buffer for colour, the depth/stencil attachment for those formats.
  const FramebufferAttachment* a = nullptr;
  if (format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL) {
    a = &fb->depth;
    if (format == GL_DEPTH_STENCIL && (fb->stencil.type == AttachmentObject::NONE ||
                                       fb->stencil.texture != fb->depth.texture ||
                                       fb->stencil.renderbuffer != fb->depth.renderbuffer))
      return ctx.error(GL_INVALID_OPERATION, "%s: depth and stencil are not one image", fn);
  } else if (format == GL_STENCIL_INDEX) {
    a = &fb->stencil;
  } else {
    a = read_buffer_attachment(*fb);
    if (!a) return ctx.error(GL_INVALID_OPERATION, "%s: the read buffer is GL_NONE", fn);
  }
  TextureImage scratch;
  const TextureImage* image = attached_image(*a, scratch);
  // A surface of zero pixels (EGL's default pbuffer size) has its buffers, with nothing to read.
  if (fb->window && image && image->format != formats::Format::NONE && !image->defined()) return;
  if (!image || !image->defined())
    return ctx.error(GL_INVALID_OPERATION, "%s: the framebuffer has no buffer for format 0x%04x", fn, format);
  if (image->samples > 1 && !fb->window)
    return ctx.error(GL_INVALID_OPERATION, "%s: the read buffer is multisampled", fn);
  if (!check_compatible(ctx, image->base_format, image->format, format, fn)) return;
  ClientImage client;
  if (!client_image(ctx, ctx.pack, GL_PIXEL_PACK_BUFFER, 2, width, height, 1, format, type, pixels, client, fn))
    return;
  if (!client.pbo && !pixels) return;
  // Pixels outside the attachment are undefined: read the part inside, leave the rest alone.
  const GLint x0 = std::max(x, 0), y0 = std::max(y, 0);
  const GLint x1 = std::min<GLint64>(GLint64(x) + width, image->width), y1 = std::min<GLint64>(GLint64(y) + height, image->height);
  if (x1 <= x0 || y1 <= y0) return;
  ReadSource source;
  if (!read_source(ctx, *a, source)) return;
  const int bpp = formats::bytes_per_pixel(format, type);
  const std::size_t skip = std::size_t(y0 - y) * client.row_stride + std::size_t(x0 - x) * std::size_t(bpp);
  ClientImage inside = client;
  inside.data = client.data ? client.data + skip : nullptr;
  inside.pbo_offset = client.pbo_offset + skip;
  inside.extent_bytes = std::size_t(y1 - y0 - 1) * client.row_stride + std::size_t(x1 - x0) * std::size_t(bpp);
  st::Box box;
  box.x = x0;
  box.y = y0;
  box.z = source.layer;
  box.width = x1 - x0;
  box.height = y1 - y0;
  box.depth = 1;
  void* target = client.pbo ? pixels : const_cast<std::byte*>(inside.data);
  // The read colour clamp (GL 4.6 section 18.2.8): always, never, or for fixed-point buffers
  // (unsigned and signed normalized; Mesa llvmpipe and zink clamp snorm buffers too).
  const formats::FormatDesc& stored = formats::describe(source.image->storage);
  const bool clamp = ctx.clamp_read_color == GL_TRUE ||
                     (ctx.clamp_read_color == GL_FIXED_ONLY && (stored.is_unorm || stored.is_snorm));
  read_texels(ctx, *source.resource, *source.image, GL_TEXTURE_2D, source.level, box, inside, target, format, type,
              fn, clamp);
}

void ClampColor(Context& ctx, const char* fn, GLenum target, GLenum clamp) {
  GLenum* state = target == GL_CLAMP_READ_COLOR ? &ctx.clamp_read_color : nullptr;
  if (!ctx.config().core_profile) {
    if (target == GL_CLAMP_VERTEX_COLOR) state = &ctx.clamp_vertex_color;
    if (target == GL_CLAMP_FRAGMENT_COLOR) state = &ctx.clamp_fragment_color;
  }
  if (!state) return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x)", fn, target);
  if (clamp != GL_TRUE && clamp != GL_FALSE && clamp != GL_FIXED_ONLY)
    return ctx.error(GL_INVALID_ENUM, "%s(clamp = 0x%04x)", fn, clamp);
  *state = clamp;
}


void ClearColor(Context& ctx, const char*, GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha) {
  ctx.clear_color = {red, green, blue, alpha};
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
        for (int c = 0; c < 4; ++c) {
          value.f[c] = ctx.clear_color[std::size_t(c)];
          value.i[c] = GLint(ctx.clear_color[std::size_t(c)]);
          value.u[c] = GLuint(std::max(0.0f, ctx.clear_color[std::size_t(c)]));
        }
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

// glBlitFramebuffer and glBlitNamedFramebuffer: from `read`'s read buffer (and depth/stencil) into
// `draw`'s draw buffers.
static void blit_framebuffer(Context& ctx, FramebufferObject* read, FramebufferObject* draw, GLint srcX0, GLint srcY0,
                             GLint srcX1, GLint srcY1, GLint dstX0, GLint dstY0, GLint dstX1, GLint dstY1,
                             GLbitfield mask, GLenum filter, const char* function) {
  if (mask & ~GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))
    return ctx.error(GL_INVALID_VALUE, "%s(mask = 0x%x): unknown bits", function, mask);
  if (filter != GL_NEAREST && filter != GL_LINEAR)
    return ctx.error(GL_INVALID_ENUM, "%s(filter = 0x%04x)", function, filter);
  if (filter == GL_LINEAR && (mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)))
    return ctx.error(GL_INVALID_OPERATION, "%s: depth and stencil blits must use GL_NEAREST", function);
  if (framebuffer_status(ctx, read) != GL_FRAMEBUFFER_COMPLETE ||
      framebuffer_status(ctx, draw) != GL_FRAMEBUFFER_COMPLETE)
    return ctx.error(GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the read or draw framebuffer is not complete", function);
  TextureImage scratch_a, scratch_b;
  const GLint rect[8] = {srcX0, srcY0, srcX1, srcY1, dstX0, dstY0, dstX1, dstY1};
  // GL 4.6 section 18.3.1: when either framebuffer is multisampled the rectangles must match,
  // flips included, and two multisampled framebuffers must have the same sample count.
  const bool same_rectangle = srcX1 - srcX0 == dstX1 - dstX0 && srcY1 - srcY0 == dstY1 - dstY0;
  const GLint read_samples = framebuffer_samples(read), draw_samples = framebuffer_samples(draw);
  if ((read_samples > 0 || draw_samples > 0) && !same_rectangle)
    return ctx.error(GL_INVALID_OPERATION, "%s: a multisample blit cannot scale or flip", function);
  if (read_samples > 0 && draw_samples > 0 && read_samples != draw_samples)
    return ctx.error(GL_INVALID_OPERATION, "%s: the framebuffers have %d and %d samples", function, read_samples,
                     draw_samples);
  const FramebufferAttachment* read_colour = nullptr;
  if (mask & GL_COLOR_BUFFER_BIT) {
    read_colour = read_buffer_attachment(*read);
    if (read_colour && read_colour->type != AttachmentObject::NONE) {
      for (unsigned i = 0; i < kMaxColorAttachments; ++i) {
        std::array<const FramebufferAttachment*, 2> targets{};
        const unsigned count = draw_buffer_targets(*draw, i, targets);
        for (unsigned t = 0; t < count; ++t) {
          if (targets[t]->type == AttachmentObject::NONE) continue;
          const FramebufferAttachment& dst = *targets[t];
          if (integer_class(*read_colour) != integer_class(dst))
            return ctx.error(GL_INVALID_OPERATION, "%s: integer and non-integer colour buffers do not mix", function);
          if (filter == GL_LINEAR && integer_class(*read_colour) != 0)
            return ctx.error(GL_INVALID_OPERATION, "%s: integer buffers blit with GL_NEAREST only", function);
        }
      }
    }
  }
  for (const auto& [bit, src, dst] : {std::tuple{GLbitfield(GL_DEPTH_BUFFER_BIT), &read->depth, &draw->depth},
                                      std::tuple{GLbitfield(GL_STENCIL_BUFFER_BIT), &read->stencil, &draw->stencil}}) {
    if (!(mask & bit) || src->type == AttachmentObject::NONE || dst->type == AttachmentObject::NONE) continue;
    const TextureImage* si = attached_image(*src, scratch_a);
    const TextureImage* di = attached_image(*dst, scratch_b);
    if (si->format != di->format)
      return ctx.error(GL_INVALID_OPERATION, "%s: depth/stencil formats of the two framebuffers differ", function);
  }

  shadow_draw_framebuffer(*draw);
  if (read_colour && read_colour->type != AttachmentObject::NONE)
    for (unsigned i = 0; i < kMaxColorAttachments; ++i) {
      std::array<const FramebufferAttachment*, 2> targets{};
      const unsigned count = draw_buffer_targets(*draw, i, targets);
      for (unsigned t = 0; t < count; ++t)
        blit_attachment(ctx, *read_colour, *targets[t], rect, filter == GL_LINEAR, false, false, function);
    }
  // Depth and stencil may share one image (DEPTH_STENCIL_ATTACHMENT): each blit copies only the
  // aspects the mask names, once per image.
  const bool depth = (mask & GL_DEPTH_BUFFER_BIT) && read->depth.type != AttachmentObject::NONE &&
                     draw->depth.type != AttachmentObject::NONE;
  const bool stencil = (mask & GL_STENCIL_BUFFER_BIT) && read->stencil.type != AttachmentObject::NONE &&
                       draw->stencil.type != AttachmentObject::NONE;
  const bool shared = depth && stencil && same_attachment(read->depth, read->stencil) &&
                      same_attachment(draw->depth, draw->stencil);
  if (depth) blit_attachment(ctx, read->depth, draw->depth, rect, false, true, shared, function);
  if (stencil && !shared) blit_attachment(ctx, read->stencil, draw->stencil, rect, false, false, true, function);
}

void BlitFramebuffer(Context& ctx, const char* fn, GLint srcX0, GLint srcY0, GLint srcX1, GLint srcY1, GLint dstX0,
                     GLint dstY0, GLint dstX1, GLint dstY1, GLbitfield mask, GLenum filter) {
  blit_framebuffer(ctx, ctx.current_read_framebuffer(), ctx.current_draw_framebuffer(), srcX0, srcY0, srcX1, srcY1,
                   dstX0, dstY0, dstX1, dstY1, mask, filter, fn);
}

void BlitNamedFramebuffer(Context& ctx, const char* fn, GLuint readFramebuffer, GLuint drawFramebuffer, GLint srcX0,
                          GLint srcY0, GLint srcX1, GLint srcY1, GLint dstX0, GLint dstY0, GLint dstX1, GLint dstY1,
                          GLbitfield mask, GLenum filter) {
  FramebufferObject *read = nullptr, *draw = nullptr;
  if (named_framebuffer(ctx, readFramebuffer, read, GL_READ_FRAMEBUFFER, fn) &&
      named_framebuffer(ctx, drawFramebuffer, draw, GL_DRAW_FRAMEBUFFER, fn))
    blit_framebuffer(ctx, read, draw, srcX0, srcY0, srcX1, srcY1, dstX0, dstY0, dstX1, dstY1, mask, filter, fn);
}

namespace {

bool is_copy_tex_image_target(unsigned dims, GLenum target) {
  if (dims == 1) return target == GL_TEXTURE_1D;
  return target == GL_TEXTURE_2D || target == GL_TEXTURE_RECTANGLE || target == GL_TEXTURE_1D_ARRAY ||
         is_cube_face(target);
}

// glCopyTexSubImage{1,2,3}D accept the glTexSubImage targets of their dimension.
bool is_copy_tex_sub_image_target(unsigned dims, GLenum target) {
  if (dims < 3) return is_copy_tex_image_target(dims, target);
  return target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_CUBE_MAP_ARRAY;
}

// glCopyTexImage{1,2}D: the image is defined as glTexImage would define it, then filled from the
// read buffer.
void copy_tex_image(Context& ctx, unsigned dims, GLenum target, GLint level, GLenum internalformat, GLint x, GLint y,
                    GLsizei width, GLsizei height, GLint border, const char* function) {
  if (!is_copy_tex_image_target(dims, target))
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x)", function, target);
  const FramebufferAttachment* src = read_colour_attachment(ctx, function);
  if (!src) return;
  const GLenum base = formats::base_tex_format(internalformat);
  const bool integer = base && formats::find_internal_format(internalformat) &&
                       formats::describe(st::choose_texture_format(st::format_support(ctx.st().screen()), target,
                                                                   internalformat, GL_NONE, GL_NONE)
                                             .format)
                           .is_pure_integer;
  const GLenum format = base == GL_DEPTH_COMPONENT ? GL_DEPTH_COMPONENT
                        : base == GL_DEPTH_STENCIL ? GL_DEPTH_STENCIL
                        : integer                  ? GL_RGBA_INTEGER
                                                   : GL_RGBA;
  const GLenum type = base == GL_DEPTH_STENCIL ? GL_UNSIGNED_INT_24_8 : integer ? GL_INT : GL_FLOAT;
  std::shared_ptr<TextureObject> texture = texture_for_target(ctx, target);
  if (raises_error(ctx, function, [&] {
        tex_image(ctx, *texture, dims, target, level, GLint(internalformat), width, height, 1, border, format, type,
                  nullptr, function);
      }))
    return;
  const TextureImage& image = texture->images[face_of(target)][std::size_t(level)];
  if (!texture->resource || !width || !height) return;
  copy_from_read_buffer(ctx, *src, x, y, width, height, *texture->resource, image, target, level, 0, 0, 0, function);
}

}  // namespace
}  // namespace api

// glCopyTex(ture)SubImage{1,2,3}D after the target check: a height-row rectangle into an existing
// image of `texture` at (xoffset, yoffset) of slice zoffset (for 1D arrays the rows are layers
// from yoffset on).
void copy_tex_sub_image(Context& ctx, TextureObject& texture, GLenum target, GLint level, GLint xoffset,
                        GLint yoffset, GLint zoffset, GLint x, GLint y, GLsizei width, GLsizei height,
                        const char* function) {
  if (level < 0 || level >= GLint(kMaxTextureLevels))
    return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", function, level);
  if (width < 0 || height < 0) return ctx.error(GL_INVALID_VALUE, "%s: negative width or height", function);
  const TextureImage& image = texture.images[face_of(target)][std::size_t(level)];
  if (!image.defined()) return ctx.error(GL_INVALID_OPERATION, "%s: level %d has no image", function, level);
  if (!check_region_inside(ctx, image, xoffset, yoffset, zoffset, width, height, 1, function)) return;
  if (formats::describe(image.storage).is_compressed)
    return ctx.error(GL_INVALID_OPERATION, "%s: the texture is compressed", function);
  const FramebufferAttachment* src = read_colour_attachment(ctx, function);
  if (!src || !texture.resource || !width || !height) return;
  copy_from_read_buffer(ctx, *src, x, y, width, height, *texture.resource, image, target, level, xoffset, yoffset,
                        zoffset, function);
}

namespace api {
namespace {

// glCopyTexSubImage{1,2,3}D: the texture `target` names in the current unit.
void copy_tex_sub_image_of_target(Context& ctx, unsigned dims, GLenum target, GLint level, GLint xoffset,
                                  GLint yoffset, GLint zoffset, GLint x, GLint y, GLsizei width, GLsizei height,
                                  const char* function) {
  if (!is_copy_tex_sub_image_target(dims, target))
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x)", function, target);
  copy_tex_sub_image(ctx, *texture_for_target(ctx, target), target, level, xoffset, yoffset, zoffset, x, y, width,
                     height, function);
}

}  // namespace

void CopyTexImage1D(Context& ctx, const char* fn, GLenum target, GLint level, GLenum internalformat, GLint x, GLint y,
                    GLsizei width, GLint border) {
  copy_tex_image(ctx, 1, target, level, internalformat, x, y, width, 1, border, fn);
}

void CopyTexImage2D(Context& ctx, const char* fn, GLenum target, GLint level, GLenum internalformat, GLint x, GLint y,
                    GLsizei width, GLsizei height, GLint border) {
  copy_tex_image(ctx, 2, target, level, internalformat, x, y, width, height, border, fn);
}

void CopyTexSubImage1D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLint x, GLint y,
                       GLsizei width) {
  copy_tex_sub_image_of_target(ctx, 1, target, level, xoffset, 0, 0, x, y, width, 1, fn);
}

void CopyTexSubImage2D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLint yoffset,
                       GLint x, GLint y, GLsizei width, GLsizei height) {
  copy_tex_sub_image_of_target(ctx, 2, target, level, xoffset, yoffset, 0, x, y, width, height, fn);
}

void CopyTexSubImage3D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLint yoffset,
                       GLint zoffset, GLint x, GLint y, GLsizei width, GLsizei height) {
  copy_tex_sub_image_of_target(ctx, 3, target, level, xoffset, yoffset, zoffset, x, y, width, height, fn);
}

}  // namespace api
}  // namespace glvk::gl
