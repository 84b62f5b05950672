// Framebuffer pieces the framebuffer entry point files share: attachment points and what is
// attached, draw/read buffer derivation (GL 4.6 17.4.1, 18.2.1), completeness status, the
// scissored rectangle of clears and blits, the read source of reads and copies, the shadow
// framebuffer state.
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
#include "glvk/st/blit.h"
#include "glvk/st/format_choice.h"
#include "glvk/st/framebuffer_state.h"
#include "glvk/st/shadow.h"
#include "glvk/st/texture_upload.h"
#include "glvk/st/texture.h"
#include "framebuffer_internal.h"
#include "texture_internal.h"

namespace glvk::gl {

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

GLint attachment_layer_count(const FramebufferAttachment& a, const TextureImage& image) {
  const bool cube = a.type == AttachmentObject::TEXTURE && a.texture->target == GL_TEXTURE_CUBE_MAP;
  return cube ? 6 : std::max(image.depth, 1);
}

namespace {

// What completeness reads of an attachment, but for the two format rules (add_format_rules).
AttachmentDescription describe_attachment(const FramebufferAttachment& a) {
  AttachmentDescription d;
  d.object = a.type;
  if (a.type == AttachmentObject::NONE) return d;
  TextureImage scratch;
  const TextureImage* image = attached_image(a, scratch);
  // The identity of a texture's image is its level in the texture (a 1D array's `image` is a copy).
  d.image = a.type == AttachmentObject::TEXTURE
                ? static_cast<const void*>(&a.texture->images[face_of(a.cube_face)][std::size_t(a.level)])
                : static_cast<const void*>(a.renderbuffer.get());
  d.internal_format = std::uint32_t(image->internal_format);
  d.storage_format = std::uint32_t(image->storage);
  d.width = std::uint32_t(image->width);
  d.height = std::uint32_t(image->height);
  const GLenum target = a.type == AttachmentObject::TEXTURE ? a.texture->target : GL_RENDERBUFFER;
  d.layer_count = std::uint32_t(attachment_layer_count(a, *image));
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
  return d;
}

// The format rules of an attached image: renderable by GL's tables, and by the device in the
// format chosen for it (the implementation-dependent rule).
void add_format_rules(Context& ctx, AttachmentDescription& d) {
  if (!d.attached()) return;
  d.renderable = d.internal_format ? formats::framebuffer_renderable(GLenum(d.internal_format)) : 0;
  const unsigned bindings = d.renderable & formats::RENDERABLE_COLOR ? st::BIND_RENDER_TARGET : st::BIND_DEPTH_STENCIL;
  d.device_renderable = d.internal_format && st::format_support(ctx.st().screen())
                                                 .is_format_supported(formats::Format(d.storage_format),
                                                                      st::TextureTarget::TEXTURE_2D, d.samples, bindings);
}

}  // namespace

int draw_buffer_index(GLenum buffer) {
  return buffer >= GL_COLOR_ATTACHMENT0 && buffer < GL_COLOR_ATTACHMENT0 + kMaxColorAttachments
             ? int(buffer - GL_COLOR_ATTACHMENT0)
             : -1;
}

// Any COLOR_ATTACHMENTm enum, m up to 31 (beyond MAX_COLOR_ATTACHMENTS is an INVALID_OPERATION).
bool is_color_attachment_enum(GLenum buffer) {
  return buffer >= GL_COLOR_ATTACHMENT0 && buffer <= GL_COLOR_ATTACHMENT31;
}

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
  // The description is brought up to date in the memo, noting whether anything changed (an
  // empty attachment point that was empty is all a draw usually meets).
  FramebufferObject::CompletenessMemo& memo = fb->completeness;
  FramebufferDescription& d = memo.description;
  bool same = memo.status != 0;
  const auto update = [&same](auto& field, const auto& value) {
    if (field == value) return;
    field = value;
    same = false;
  };
  const auto update_attachment = [&](AttachmentDescription& described, const FramebufferAttachment& a) {
    if (a.type == AttachmentObject::NONE && !described.attached()) return;
    update(described, describe_attachment(a));
  };
  for (unsigned i = 0; i < kMaxColorAttachments; ++i) {
    update_attachment(d.color[i], fb->color[i]);
    update(d.draw_buffers[i], draw_buffer_index(fb->draw_buffers[i]));
  }
  update_attachment(d.depth, fb->depth);
  update_attachment(d.stencil, fb->stencil);
  update(d.read_buffer, draw_buffer_index(fb->read_buffer));
  update(d.default_width, std::uint32_t(fb->default_width));
  update(d.default_height, std::uint32_t(fb->default_height));
  update(d.default_layers, std::uint32_t(fb->default_layers));
  update(d.default_samples, std::uint32_t(fb->default_samples));
  update(d.default_fixed_sample_locations, bool(fb->default_fixed_sample_locations));
  if (same) return memo.status;
  FramebufferDescription with_rules = d;
  for (AttachmentDescription& a : with_rules.color) add_format_rules(ctx, a);
  add_format_rules(ctx, with_rules.depth);
  add_format_rules(ctx, with_rules.stencil);
  // ARB_ES2_compatibility (in GL 4.1) removed the draw/read buffer rules; every glvk context
  // advertises it, whatever version was asked for, so none applies them (as Mesa with the extension).
  CompletenessRules rules;
  rules.draw_and_read_buffer_rules = false;
  memo.status = check_framebuffer_completeness(with_rules, rules);
  return memo.status;
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

// False when the attachment has no texels to read.
bool read_source(Context&, const FramebufferAttachment& a, ReadSource& out) {
  out.image = attached_image(a, out.scratch);
  out.resource = attached_resource(a, out.layer);
  out.level = unsigned(a.level);
  if (!out.image || !out.resource || !out.image->defined()) return false;
  if (out.image->samples <= 1) return true;
  out.resolved = st::resolve_for_read(*out.resource, out.level, out.layer, out.image->storage, out.image->width,
                                      out.image->height);
  if (!out.resolved) return false;
  out.resolved_image = *out.image;
  out.resolved_image.samples = 0;
  out.image = &out.resolved_image;
  out.resource = out.resolved.get();
  out.level = 0;
  out.layer = 0;
  return true;
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

const FramebufferAttachment* copy_source_attachment(Context& ctx, GLenum base, const char* function) {
  if (base != GL_DEPTH_COMPONENT && base != GL_DEPTH_STENCIL) return read_colour_attachment(ctx, function);
  FramebufferObject* fb = ctx.current_read_framebuffer();
  if (framebuffer_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE) {
    ctx.error(GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the read framebuffer is not complete", function);
    return nullptr;
  }
  TextureImage scratch;
  const TextureImage* depth = fb->depth.type != AttachmentObject::NONE ? attached_image(fb->depth, scratch) : nullptr;
  if (!depth || !depth->defined() || !formats::describe(depth->storage).is_depth) {
    ctx.error(GL_INVALID_OPERATION, "%s: a depth image needs a depth buffer in the read framebuffer", function);
    return nullptr;
  }
  if (depth->samples > 1 && !fb->window) {
    ctx.error(GL_INVALID_OPERATION, "%s: the depth buffer is multisampled", function);
    return nullptr;
  }
  return &fb->depth;
}

}  // namespace glvk::gl
