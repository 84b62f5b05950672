#include "glvk/st/amd_format_support.h"

#include "glvk/amd_descriptors/capability.h"

namespace glvk::st {

bool AmdFormatSupport::is_format_supported(formats::Format format, TextureTarget target, unsigned sample_count,
                                           unsigned bindings) const {
  std::uint32_t usage = 0;
  if (bindings & (BIND_SAMPLER_VIEW | BIND_BLIT_SOURCE)) usage |= amd::USAGE_SAMPLER_VIEW;
  if (bindings & (BIND_RENDER_TARGET | BIND_BLIT_DESTINATION)) usage |= amd::USAGE_RENDER_TARGET;
  if (bindings & BIND_DEPTH_STENCIL) usage |= amd::USAGE_DEPTH_STENCIL;
  return amd::is_format_supported(chip_, format, target, sample_count > 1 ? sample_count : 1, usage);
}

}  // namespace glvk::st
