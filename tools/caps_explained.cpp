#include "caps_explained.h"

#include <string_view>

#include <vulkan/vulkan_core.h>

namespace glvk::tools {
namespace {

struct Rule {
  CapsExplanation what;
  bool (*applies)(const amd::Chip&, const formats::FormatDesc&, CapsUsage, bool model, bool radv);
};

VkFormat vk(const formats::FormatDesc& d) { return VkFormat(d.vk_format); }
bool image_usage(CapsUsage u) { return u != CapsUsage::TexelBuffer && u != CapsUsage::VertexBuffer; }

bool srgb_buffer(const amd::Chip&, const formats::FormatDesc& d, CapsUsage u, bool model, bool radv) {
  return d.colorspace == formats::Colorspace::SRGB && !image_usage(u) && model && !radv;
}
bool two_channel_srgb(const amd::Chip&, const formats::FormatDesc& d, CapsUsage u, bool model, bool radv) {
  return d.colorspace == formats::Colorspace::SRGB && d.nr_channels == 2 && u == CapsUsage::Sampled && !model && radv;
}
bool signed_2_10_10_10(const amd::Chip&, const formats::FormatDesc& d, CapsUsage u, bool model, bool radv) {
  const VkFormat f = vk(d);
  const bool is = f == VK_FORMAT_A2R10G10B10_SNORM_PACK32 || f == VK_FORMAT_A2B10G10R10_SNORM_PACK32 ||
                  f == VK_FORMAT_A2R10G10B10_SINT_PACK32 || f == VK_FORMAT_A2B10G10R10_SINT_PACK32;
  return is && u != CapsUsage::VertexBuffer && model && !radv;
}
bool d24(const amd::Chip&, const formats::FormatDesc& d, CapsUsage u, bool model, bool radv) {
  const VkFormat f = vk(d);
  return (f == VK_FORMAT_X8_D24_UNORM_PACK32 || f == VK_FORMAT_D24_UNORM_S8_UINT) &&
         (u == CapsUsage::Sampled || u == CapsUsage::DepthStencil) && model && !radv;
}
bool d16_s8(const amd::Chip&, const formats::FormatDesc& d, CapsUsage u, bool model, bool radv) {
  return vk(d) == VK_FORMAT_D16_UNORM_S8_UINT && (u == CapsUsage::Sampled || u == CapsUsage::DepthStencil) &&
         !model && radv;
}
bool stencil_only(const amd::Chip&, const formats::FormatDesc& d, CapsUsage u, bool model, bool radv) {
  return vk(d) == VK_FORMAT_S8_UINT && u == CapsUsage::DepthStencil && !model && radv;
}
bool multi_planar(const amd::Chip&, const formats::FormatDesc& d, CapsUsage u, bool model, bool radv) {
  const std::string_view name = d.vk_format_name ? d.vk_format_name : "";
  return name.find("PLANE") != std::string_view::npos && u == CapsUsage::Sampled && !model && radv;
}

const Rule kRules[] = {
    {{"srgb-buffer",
      "GCN buffer fetch has no sRGB number format (BUF_NUM_FORMAT: unorm, snorm, scaled, int, float): RADV "
      "reports no texel-buffer or vertex-buffer feature for sRGB formats; radeonsi's buffer translation looks "
      "at the data format only and would fetch them as UNORM, a case GL never asks (it has no sRGB vertex or "
      "texture-buffer formats)"},
     srgb_buffer},
    {{"two-channel-srgb",
      "radeonsi samples sRGB only in one- and four-channel layouts (seed 000); RADV's texture translation "
      "gives any 8-bit channel layout the SRGB number format and reports R8G8_SRGB sampled"},
     two_channel_srgb},
    {{"signed-2-10-10-10",
      "RADV withdraws every image and texel-buffer feature of the signed A2R10G10B10/A2B10G10R10 formats "
      "(its texture translation refuses 2_10_10_10 SNORM, as AMD's closed Vulkan driver does) and keeps vertex "
      "fetch only, where GFX6-8 read the 2-bit alpha unsigned and RADV corrects it in the shader (alpha "
      "adjust); radeonsi's translations accept them"},
     signed_2_10_10_10},
    {{"no-d24",
      "RADV's depth translation knows Z_16 and Z_32_FLOAT only: the 24-bit depth formats get no depth/stencil "
      "or sampled feature on any AMD chip (Vulkan applications use D32_SFLOAT instead); radeonsi renders GL's "
      "24-bit depth with the DB's Z_24 format"},
     d24},
    {{"d16-s8",
      "the DB keeps stencil in its own surface, so RADV pairs Z_16 with STENCIL_8 for D16_UNORM_S8_UINT; "
      "radeonsi offers no Z16+S8 format (GL has no such internal format)"},
     d16_s8},
    {{"stencil-only",
      "RADV binds S8_UINT as a stencil-only attachment (Z_INVALID with STENCIL_8); radeonsi's depth translation "
      "has no stencil-only format and Mesa's state tracker stores GL_STENCIL_INDEX8 in a packed depth/stencil "
      "format"},
     stencil_only},
    {{"ycbcr-multi-planar",
      "RADV exposes the multi-planar Y'CbCr formats through sampler Y'CbCr conversion (each plane sampled as an "
      "R8/R8G8 image); radeonsi's capability check has no planar formats, Mesa's state tracker lowers them to "
      "one texture per plane"},
     multi_planar},
};

}  // namespace

const char* caps_usage_name(CapsUsage usage) {
  switch (usage) {
    case CapsUsage::Sampled: return "sampled";
    case CapsUsage::TexelBuffer: return "texel_buffer";
    case CapsUsage::ColorAttachment: return "color_attachment";
    case CapsUsage::Blendable: return "blendable";
    case CapsUsage::DepthStencil: return "depth_stencil";
    case CapsUsage::VertexBuffer: return "vertex_buffer";
  }
  return "?";
}

const CapsExplanation* explain_caps_difference(const amd::Chip& chip, const formats::FormatDesc& format,
                                               CapsUsage usage, bool model, bool radv) {
  for (const Rule& r : kRules)
    if (r.applies(chip, format, usage, model, radv)) return &r.what;
  return nullptr;
}

const std::vector<CapsExplanation>& caps_explanations() {
  static const std::vector<CapsExplanation> all = [] {
    std::vector<CapsExplanation> out;
    for (const Rule& r : kRules) out.push_back(r.what);
    return out;
  }();
  return all;
}

}  // namespace glvk::tools
