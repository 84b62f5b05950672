// The GCN (GFX6-8) capability model: radeonsi's si_is_format_supported (seed 000) answered from
// the same data-format/num-format translations the descriptors use (si_translate_texformat,
// si_translate_buffer_dataformat/numformat) and the CB/DB translations of framebuffer.h.
#pragma once

#include <glvk/amd_descriptors/chip.h>
#include <glvk/amd_descriptors/surface.h>
#include <glvk/formats/format.h>

#include <cstdint>
#include <string>

namespace glvk::amd {

// PIPE_BIND_* subset the capability model answers.
enum FormatUsage : uint32_t {
  USAGE_SAMPLER_VIEW = 1u << 0,
  USAGE_RENDER_TARGET = 1u << 1,
  USAGE_DEPTH_STENCIL = 1u << 2,
  USAGE_VERTEX_BUFFER = 1u << 3,
  USAGE_BLENDABLE = 1u << 4,
};

inline constexpr uint32_t kInvalidFormat = ~0u;

// si_translate_texformat: IMG_DATA_FORMAT_* of a format for sampling, kInvalidFormat when the
// texture unit cannot read it.
uint32_t translate_texformat(const Chip& chip, const formats::FormatDesc& desc);
// The IMG_NUM_FORMAT_* si_make_texture_descriptor picks (sRGB, depth, compressed, float, int,
// snorm/unorm, scaled rules of seed 000). Meaningful only when translate_texformat succeeds.
uint32_t translate_tex_numformat(const formats::FormatDesc& desc);
// si_translate_buffer_dataformat / si_translate_buffer_numformat: BUF_DATA_FORMAT_* (INVALID = 0)
// and BUF_NUM_FORMAT_* for vertex fetch and texture buffers.
uint32_t translate_buffer_dataformat(const formats::FormatDesc& desc);
uint32_t translate_buffer_numformat(const formats::FormatDesc& desc);

// si_is_format_supported: true when every bit of `usage` is supported for `target` with
// `samples` samples (1 = single-sampled).
bool is_format_supported(const Chip& chip, formats::Format format, TextureTarget target, uint32_t samples,
                         uint32_t usage);
// The subset of `usage` that is supported (the retval of si_is_format_supported before the
// final comparison), for tools and error messages.
uint32_t supported_usage(const Chip& chip, formats::Format format, TextureTarget target, uint32_t samples,
                         uint32_t usage);
std::string usage_names(uint32_t usage);  // "sampler_view|render_target"

}  // namespace glvk::amd
