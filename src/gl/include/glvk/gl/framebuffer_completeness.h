// Framebuffer completeness (GL 4.6 section 9.4): a pure function of what is attached, so every rule
// is testable without a context. The GL object layer fills FramebufferDescription from its objects.
#pragma once

#include <array>
#include <cstdint>

#include "glvk/formats/gl_client.h"

namespace glvk::gl {

using GLenumValue = std::uint32_t;

constexpr unsigned kMaxColorAttachments = 8;

using formats::RENDERABLE_COLOR;
using formats::RENDERABLE_DEPTH;
using formats::RENDERABLE_STENCIL;

enum class AttachmentObject : std::uint8_t { NONE, TEXTURE, RENDERBUFFER };

// One attachment point, as glGetFramebufferAttachmentParameteriv and the attached image see it.
struct AttachmentDescription {
  AttachmentObject object = AttachmentObject::NONE;
  const void* image = nullptr;     // identity of the attached image (same texture level or renderbuffer)
  unsigned renderable = 0;         // formats::framebuffer_renderable() of the image's internal format
  std::uint32_t width = 0, height = 0;
  std::uint32_t layer_count = 1;   // depth of a 3D level, layers of an array, 6 (x n) for cube (arrays)
  std::uint32_t layer = 0;         // FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER of a non-layered attachment
  bool layered = false;            // attached with glFramebufferTexture to a layered target
  GLenumValue texture_target = 0;  // the texture's target (LAYER_TARGETS rule)
  std::uint32_t samples = 0;       // RENDERBUFFER_SAMPLES or TEXTURE_SAMPLES (0: single-sampled)
  bool fixed_sample_locations = true;
  // The level lies in [levelbase, q] and the texture is mipmap (or cube) complete where the spec asks.
  bool level_complete = true;
  // The device can render to the format the image was given (the implementation-dependent rule).
  bool device_renderable = true;
  // What `renderable` and `device_renderable` derive from: the image's internal format (0 while
  // undefined) and the format its storage holds.
  std::uint32_t internal_format = 0, storage_format = 0;

  bool attached() const { return object != AttachmentObject::NONE; }
  bool operator==(const AttachmentDescription&) const = default;
};

struct FramebufferDescription {
  std::array<AttachmentDescription, kMaxColorAttachments> color{};
  AttachmentDescription depth, stencil;
  // DRAW_BUFFERi and READ_BUFFER as attachment indices (0..7) or -1 for GL_NONE.
  std::array<int, kMaxColorAttachments> draw_buffers{0, -1, -1, -1, -1, -1, -1, -1};
  int read_buffer = 0;
  // glFramebufferParameteri defaults, used when nothing is attached.
  std::uint32_t default_width = 0, default_height = 0, default_layers = 0, default_samples = 0;
  bool default_fixed_sample_locations = false;

  bool operator==(const FramebufferDescription&) const = default;
};

struct CompletenessRules {
  // FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER / READ_BUFFER exist only before ARB_ES2_compatibility
  // (GL 4.1 removed them); a context that advertises it passes false.
  bool draw_and_read_buffer_rules = false;
  // Vulkan dynamic rendering takes one view for depth and stencil: two different images are
  // FRAMEBUFFER_UNSUPPORTED here.
  bool depth_and_stencil_must_match = true;
};

// GL_FRAMEBUFFER_COMPLETE or the GL_FRAMEBUFFER_INCOMPLETE_* / UNSUPPORTED status of a framebuffer
// object. (The default framebuffer's UNDEFINED status is the caller's: it has no attachments here.)
GLenumValue check_framebuffer_completeness(const FramebufferDescription& fb, const CompletenessRules& rules);

// Attachment completeness (section 9.4.1) for an image attached with the given role.
enum class AttachmentRole : std::uint8_t { COLOR, DEPTH, STENCIL };
bool is_attachment_complete(const AttachmentDescription& a, AttachmentRole role);

}  // namespace glvk::gl
