#include "glvk/gl/framebuffer_completeness.h"

#include <GL/gl.h>
#include <GL/glext.h>

#include <optional>

namespace glvk::gl {
namespace {

template <typename F>
void for_each_attached(const FramebufferDescription& fb, F&& f) {
  for (const AttachmentDescription& c : fb.color)
    if (c.attached()) f(c);
  if (fb.depth.attached()) f(fb.depth);
  if (fb.stencil.attached()) f(fb.stencil);
}

bool any_attachment_incomplete(const FramebufferDescription& fb) {
  for (const AttachmentDescription& c : fb.color)
    if (c.attached() && !is_attachment_complete(c, AttachmentRole::COLOR)) return true;
  if (fb.depth.attached() && !is_attachment_complete(fb.depth, AttachmentRole::DEPTH)) return true;
  if (fb.stencil.attached() && !is_attachment_complete(fb.stencil, AttachmentRole::STENCIL)) return true;
  return false;
}

// Every renderbuffer has one sample count, every texture one sample count and one
// fixed-sample-locations value; a mix of both needs equal counts and fixed locations.
bool multisample_consistent(const FramebufferDescription& fb) {
  std::optional<std::uint32_t> renderbuffer_samples, texture_samples;
  std::optional<bool> texture_fixed_locations;
  bool consistent = true;
  for_each_attached(fb, [&](const AttachmentDescription& a) {
    if (a.object == AttachmentObject::RENDERBUFFER) {
      if (renderbuffer_samples && *renderbuffer_samples != a.samples) consistent = false;
      renderbuffer_samples = a.samples;
    } else {
      if (texture_samples && *texture_samples != a.samples) consistent = false;
      if (texture_fixed_locations && *texture_fixed_locations != a.fixed_sample_locations) consistent = false;
      texture_samples = a.samples;
      texture_fixed_locations = a.fixed_sample_locations;
    }
  });
  if (renderbuffer_samples && texture_samples) {
    if (*renderbuffer_samples != *texture_samples || !*texture_fixed_locations) consistent = false;
  }
  return consistent;
}

// Layered means every populated attachment is layered, and all colour ones share a target.
bool layers_consistent(const FramebufferDescription& fb) {
  bool any_layered = false, any_unlayered = false;
  for_each_attached(fb, [&](const AttachmentDescription& a) { (a.layered ? any_layered : any_unlayered) = true; });
  if (!any_layered) return true;
  if (any_unlayered) return false;
  std::optional<GLenumValue> target;
  for (const AttachmentDescription& c : fb.color) {
    if (!c.attached()) continue;
    if (target && *target != c.texture_target) return false;
    target = c.texture_target;
  }
  return true;
}

bool names_missing_attachment(const FramebufferDescription& fb, int index) {
  return index >= 0 && index < int(kMaxColorAttachments) && !fb.color[index].attached();
}

}  // namespace

bool is_attachment_complete(const AttachmentDescription& a, AttachmentRole role) {
  if (!a.attached()) return true;
  if (a.width == 0 || a.height == 0) return false;
  if (a.object == AttachmentObject::TEXTURE) {
    if (!a.level_complete) return false;
    if (!a.layered && a.layer >= a.layer_count) return false;
  }
  switch (role) {
    case AttachmentRole::COLOR: return a.renderable & RENDERABLE_COLOR;
    case AttachmentRole::DEPTH: return a.renderable & RENDERABLE_DEPTH;
    case AttachmentRole::STENCIL: return a.renderable & RENDERABLE_STENCIL;
  }
  return false;
}

GLenumValue check_framebuffer_completeness(const FramebufferDescription& fb, const CompletenessRules& rules) {
  if (any_attachment_incomplete(fb)) return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;

  bool any_attached = false;
  for_each_attached(fb, [&](const AttachmentDescription&) { any_attached = true; });
  if (!any_attached && (fb.default_width == 0 || fb.default_height == 0))
    return GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;

  if (!multisample_consistent(fb)) return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
  if (!layers_consistent(fb)) return GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS;

  if (rules.draw_and_read_buffer_rules) {
    for (int index : fb.draw_buffers)
      if (names_missing_attachment(fb, index)) return GL_FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER;
    if (names_missing_attachment(fb, fb.read_buffer)) return GL_FRAMEBUFFER_INCOMPLETE_READ_BUFFER;
  }

  bool supported = true;
  for_each_attached(fb, [&](const AttachmentDescription& a) { supported &= a.device_renderable; });
  if (rules.depth_and_stencil_must_match && fb.depth.attached() && fb.stencil.attached() &&
      fb.depth.image != fb.stencil.image)
    supported = false;
  return supported ? GL_FRAMEBUFFER_COMPLETE : GL_FRAMEBUFFER_UNSUPPORTED;
}

}  // namespace glvk::gl
