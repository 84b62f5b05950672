// Format choice: which Format a GL internal format is stored in (seed 000: st_ChooseTextureFormat,
// st_choose_format, find_exact_format, find_supported_format). The device's answers come through
// FormatSupport, so the same rules run against the Vulkan device and against the GCN model.
#pragma once

#include <cstdint>
#include <optional>

#include "glvk/formats/format.h"
#include "glvk/formats/texture_target.h"

namespace glvk::st {

using GLenumValue = std::uint32_t;  // a GL enum; GL headers stay out of this interface

// The kind of resource a GL target becomes (pipe_texture_target).
using TextureTarget = formats::TextureTarget;

// What the resource will be bound as (PIPE_BIND_*).
enum BindFlags : unsigned {
  BIND_SAMPLER_VIEW = 1u << 0,
  BIND_RENDER_TARGET = 1u << 1,
  BIND_DEPTH_STENCIL = 1u << 2,
  // Source / destination of a converting GPU blit (the texture upload and readback blit paths).
  BIND_BLIT_SOURCE = 1u << 3,
  BIND_BLIT_DESTINATION = 1u << 4,
};

// screen->is_format_supported: can `format` back a resource of `target` with `sample_count`
// samples (0 or 1: single-sampled) bound in every way `bindings` names?
class FormatSupport {
 public:
  virtual ~FormatSupport() = default;
  virtual bool is_format_supported(formats::Format format, TextureTarget target, unsigned sample_count,
                                   unsigned bindings) const = 0;
};

// gl_target_to_pipe: the seed's GL target -> resource target table (proxy targets and cube faces
// included). nullopt for enums that are not texture targets.
std::optional<TextureTarget> gl_target_to_pipe(GLenumValue target);

// The storage format a sized internal format names exactly (the first of its candidates), NONE
// when it names none: image units see textures in their IMAGE_BINDING_FORMAT's.
formats::Format exact_format(GLenumValue internal_format);

// st_choose_format: the exact tables for unsized GL_RGB/GL_RGBA, the 2_10_10_10_REV rule, then the
// internal format's candidate list in order. allow_dxt=false skips S3TC candidates (glCopyTexImage).
// Format::NONE when nothing fits.
formats::Format choose_format(const FormatSupport& support, GLenumValue internal_format, GLenumValue format,
                              GLenumValue type, TextureTarget target, unsigned sample_count, unsigned bindings,
                              bool allow_dxt = true);

struct ChosenFormat {
  formats::Format format = formats::Format::NONE;   // what GL sees (compressed stays compressed)
  formats::Format storage = formats::Format::NONE;  // what the resource holds
  unsigned bindings = 0;                            // the bindings it was chosen for

  bool valid() const { return format != formats::Format::NONE; }
  // A compressed format the device lacks, decoded into `storage` on upload.
  bool decompressed_on_upload() const { return storage != format; }
};

// st_ChooseTextureFormat: target is a texture target, a proxy target, a cube face, or
// GL_RENDERBUFFER. Applies the bindings rule, no compression for 1D targets, the retry without
// RENDER_TARGET, and the decompressed fallback for compressed formats the device lacks.
ChosenFormat choose_texture_format(const FormatSupport& support, GLenumValue target, GLenumValue internal_format,
                                   GLenumValue format, GLenumValue type);

// st_choose_renderbuffer_format: a colour or depth/stencil renderbuffer with `sample_count` samples.
formats::Format choose_renderbuffer_format(const FormatSupport& support, GLenumValue internal_format,
                                           unsigned sample_count);

// _mesa_is_depth_or_stencil_format.
bool is_depth_or_stencil_internal_format(GLenumValue internal_format);

// _mesa_generic_compressed_format_to_uncompressed_format: GL_COMPRESSED_RGB -> GL_RGB, etc.;
// every other value is returned unchanged.
GLenumValue generic_compressed_to_uncompressed(GLenumValue internal_format);

}  // namespace glvk::st
