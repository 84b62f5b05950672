// is_format_supported answered by the GCN capability model (src/amd_descriptors' model of radeonsi's
// si_is_format_supported), so the state tracker's format choice can be asked what radeonsi would
// store a texture in. Used by the shadow only; textures are still created from the Vulkan answer.
#pragma once

#include "glvk/amd_descriptors/chip.h"
#include "glvk/st/format_choice.h"

namespace glvk::st {

class AmdFormatSupport final : public FormatSupport {
 public:
  explicit AmdFormatSupport(const amd::Chip& chip) : chip_(chip) {}

  // The bindings as radeonsi's usage bits: a blit reads its source as a sampler view and writes its
  // destination as a render target (util_blitter), so BIND_BLIT_SOURCE/DESTINATION ask for those.
  bool is_format_supported(formats::Format format, TextureTarget target, unsigned sample_count,
                           unsigned bindings) const override;

 private:
  const amd::Chip& chip_;
};

}  // namespace glvk::st
