// Why the GCN capability model (radeonsi's si_is_format_supported role) and RADV's format features
// disagree for a format and usage (`glvk amd caps --against-device`): one table of named rules, each
// with the reason the two drivers genuinely answer differently and the condition it covers.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "glvk/amd_descriptors/chip.h"
#include "glvk/formats/format.h"

namespace glvk::tools {

enum class CapsUsage : std::size_t { Sampled, TexelBuffer, ColorAttachment, Blendable, DepthStencil, VertexBuffer };
inline constexpr std::size_t kCapsUsageCount = 6;
using CapsAnswers = std::array<bool, kCapsUsageCount>;
const char* caps_usage_name(CapsUsage usage);  // "sampled", "texel_buffer", ...

struct CapsExplanation {
  const char* name;
  const char* reason;
};
// The rule covering the model's and RADV's answers for `format` and `usage`, null when none does.
const CapsExplanation* explain_caps_difference(const amd::Chip& chip, const formats::FormatDesc& format,
                                               CapsUsage usage, bool model, bool radv);
const std::vector<CapsExplanation>& caps_explanations();

}  // namespace glvk::tools
