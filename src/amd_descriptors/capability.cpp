#include <glvk/amd_descriptors/capability.h>

#include <glvk/amd_descriptors/framebuffer.h>

#include <string_view>

namespace glvk::amd {

using formats::ChannelType;
using formats::Colorspace;
using formats::Format;
using formats::FormatDesc;
using formats::Layout;

namespace {

int first_non_void_channel(const FormatDesc& d) {
  for (int i = 0; i < d.nr_channels; ++i)
    if (d.channel[i].type != ChannelType::VOID) return i;
  return -1;
}

bool sizes_are(const FormatDesc& d, std::initializer_list<unsigned> sizes) {
  if (d.nr_channels != sizes.size()) return false;
  int i = 0;
  for (unsigned s : sizes)
    if (d.channel[i++].size != s) return false;
  return true;
}

bool uniform_channel_size(const FormatDesc& d) {
  for (int i = 1; i < d.nr_channels; ++i)
    if (d.channel[i].size != d.channel[0].size) return false;
  return true;
}

bool named(const FormatDesc& d, std::string_view name) { return name == d.name; }

}  // namespace

uint32_t translate_texformat(const Chip& chip, const FormatDesc& d) {
  using namespace regs::ImgDataFormat;
  if (d.format == Format::NONE) return kInvalidFormat;
  if (d.colorspace == Colorspace::ZS) {
    if (named(d, "Z16_UNORM")) return IMG_DATA_FORMAT_16;
    // Stencil-only views of Z24S8 read 8_8_8_8 on GFX6-8 (fixes stencil texture gathers).
    if (named(d, "X24S8_UINT") || named(d, "S8X24_UINT")) return IMG_DATA_FORMAT_8_8_8_8;
    if (named(d, "Z24X8_UNORM") || named(d, "Z24_UNORM_S8_UINT")) return IMG_DATA_FORMAT_8_24;
    if (named(d, "X8Z24_UNORM") || named(d, "S8_UINT_Z24_UNORM")) return IMG_DATA_FORMAT_24_8;
    if (named(d, "S8_UINT")) return IMG_DATA_FORMAT_8;
    if (named(d, "Z32_FLOAT")) return IMG_DATA_FORMAT_32;
    if (named(d, "X32_S8X24_UINT") || named(d, "Z32_FLOAT_S8X24_UINT")) return IMG_DATA_FORMAT_X24_8_32;
    return kInvalidFormat;
  }
  switch (d.layout) {
    case Layout::SUBSAMPLED:
      if (named(d, "R8G8_B8G8_UNORM") || named(d, "G8R8_B8R8_UNORM")) return IMG_DATA_FORMAT_GB_GR;
      if (named(d, "G8R8_G8B8_UNORM") || named(d, "R8G8_R8B8_UNORM")) return IMG_DATA_FORMAT_BG_RG;
      return kInvalidFormat;
    case Layout::RGTC:
      return d.block_bits == 64 ? IMG_DATA_FORMAT_BC4 : IMG_DATA_FORMAT_BC5;
    case Layout::S3TC:
      if (d.block_bits == 64) return IMG_DATA_FORMAT_BC1;
      return std::string_view(d.name).starts_with("DXT3") ? IMG_DATA_FORMAT_BC2 : IMG_DATA_FORMAT_BC3;
    case Layout::BPTC:
      return (named(d, "BPTC_RGB_FLOAT") || named(d, "BPTC_RGB_UFLOAT")) ? IMG_DATA_FORMAT_BC6 : IMG_DATA_FORMAT_BC7;
    case Layout::ETC:
      // si_translate_texformat: only where the texture units decode ETC2 (every listed chip has BC1-7).
      if (!chip.has_etc) return kInvalidFormat;
      if (named(d, "ETC1_RGB8") || named(d, "ETC2_RGB8") || named(d, "ETC2_SRGB8")) return IMG_DATA_FORMAT_ETC2_RGB;
      if (named(d, "ETC2_RGB8A1") || named(d, "ETC2_SRGB8A1")) return IMG_DATA_FORMAT_ETC2_RGBA1;
      if (named(d, "ETC2_RGBA8") || named(d, "ETC2_SRGBA8")) return IMG_DATA_FORMAT_ETC2_RGBA;
      if (named(d, "ETC2_R11_UNORM") || named(d, "ETC2_R11_SNORM")) return IMG_DATA_FORMAT_ETC2_R;
      if (named(d, "ETC2_RG11_UNORM") || named(d, "ETC2_RG11_SNORM")) return IMG_DATA_FORMAT_ETC2_RG;
      return kInvalidFormat;
    case Layout::ASTC:
    case Layout::PLANAR2:
    case Layout::PLANAR3:
      return kInvalidFormat;
    case Layout::PACKED_OTHER:
      if (named(d, "R9G9B9E5_FLOAT")) return IMG_DATA_FORMAT_5_9_9_9;
      if (named(d, "R11G11B10_FLOAT")) return IMG_DATA_FORMAT_10_11_11;
      return kInvalidFormat;
    case Layout::PLAIN:
      break;
  }
  // sRGB exists for one- and four-channel formats only.
  if (d.colorspace == Colorspace::SRGB && d.nr_channels != 1 && d.nr_channels != 4) return kInvalidFormat;
  const int first = first_non_void_channel(d);
  if (first < 0) return kInvalidFormat;
  // The hardware cannot mix channel types; fixed point does not exist.
  if (d.is_mixed || d.channel[first].type == ChannelType::FIXED) return kInvalidFormat;
  if (!uniform_channel_size(d)) {
    if (sizes_are(d, {5, 6, 5})) return IMG_DATA_FORMAT_5_6_5;
    if (sizes_are(d, {5, 5, 5, 1})) return IMG_DATA_FORMAT_1_5_5_5;
    if (sizes_are(d, {1, 5, 5, 5})) return IMG_DATA_FORMAT_5_5_5_1;
    if (sizes_are(d, {10, 10, 10, 2})) return IMG_DATA_FORMAT_2_10_10_10;
    return kInvalidFormat;
  }
  // radeonsi leaves out 4_4 and 32_32_32 (not renderable) for textures.
  switch (d.channel[first].size) {
    case 4:
      if (d.nr_channels == 4) return IMG_DATA_FORMAT_4_4_4_4;
      break;
    case 8:
      if (d.nr_channels == 1) return IMG_DATA_FORMAT_8;
      if (d.nr_channels == 2) return IMG_DATA_FORMAT_8_8;
      if (d.nr_channels == 4) return IMG_DATA_FORMAT_8_8_8_8;
      break;
    case 16:
      if (d.nr_channels == 1) return IMG_DATA_FORMAT_16;
      if (d.nr_channels == 2) return IMG_DATA_FORMAT_16_16;
      if (d.nr_channels == 4) return IMG_DATA_FORMAT_16_16_16_16;
      break;
    case 32:
      if (d.nr_channels == 1) return IMG_DATA_FORMAT_32;
      if (d.nr_channels == 2) return IMG_DATA_FORMAT_32_32;
      if (d.nr_channels == 4) return IMG_DATA_FORMAT_32_32_32_32;
      break;
    default:
      break;
  }
  return kInvalidFormat;
}

uint32_t translate_tex_numformat(const FormatDesc& d) {
  using namespace regs::ImgNumFormat;
  if (named(d, "S8_UINT_Z24_UNORM")) return IMG_NUM_FORMAT_UNORM;
  if (d.is_compressed) {
    if (d.colorspace == Colorspace::SRGB) return IMG_NUM_FORMAT_SRGB;
    // Signed compressed data (and signed BC6H, whose float-ness is implied) use SNORM.
    if (d.is_snorm || named(d, "BPTC_RGB_FLOAT")) return IMG_NUM_FORMAT_SNORM;
    return IMG_NUM_FORMAT_UNORM;
  }
  if (d.layout == Layout::SUBSAMPLED) return IMG_NUM_FORMAT_UNORM;
  if (d.layout == Layout::PACKED_OTHER) return IMG_NUM_FORMAT_FLOAT;
  const int first = first_non_void_channel(d);
  if (first < 0) return IMG_NUM_FORMAT_FLOAT;
  if (d.colorspace == Colorspace::SRGB) return IMG_NUM_FORMAT_SRGB;
  const formats::Channel& c = d.channel[first];
  switch (c.type) {
    case ChannelType::FLOAT: return IMG_NUM_FORMAT_FLOAT;
    case ChannelType::SIGNED:
      return c.normalized ? IMG_NUM_FORMAT_SNORM : c.pure_integer ? IMG_NUM_FORMAT_SINT : IMG_NUM_FORMAT_SSCALED;
    case ChannelType::UNSIGNED:
      return c.normalized ? IMG_NUM_FORMAT_UNORM : c.pure_integer ? IMG_NUM_FORMAT_UINT : IMG_NUM_FORMAT_USCALED;
    default: return IMG_NUM_FORMAT_UNORM;
  }
}

uint32_t translate_buffer_dataformat(const FormatDesc& d) {
  using namespace regs::BufDataFormat;
  if (named(d, "R11G11B10_FLOAT")) return BUF_DATA_FORMAT_10_11_11;
  if (d.layout != Layout::PLAIN || d.colorspace == Colorspace::ZS) return BUF_DATA_FORMAT_INVALID;
  const int first = first_non_void_channel(d);
  if (first < 0) return BUF_DATA_FORMAT_INVALID;
  const formats::Channel& c = d.channel[first];
  if (c.type == ChannelType::FIXED || d.is_mixed) return BUF_DATA_FORMAT_INVALID;
  if (sizes_are(d, {10, 10, 10, 2})) return BUF_DATA_FORMAT_2_10_10_10;
  if (!uniform_channel_size(d)) return BUF_DATA_FORMAT_INVALID;
  // Three 8- or 16-bit channels are fetched as three single-channel loads.
  switch (c.size) {
    case 8:
      return d.nr_channels == 2 ? BUF_DATA_FORMAT_8_8 : d.nr_channels == 4 ? BUF_DATA_FORMAT_8_8_8_8 : BUF_DATA_FORMAT_8;
    case 16:
      return d.nr_channels == 2   ? BUF_DATA_FORMAT_16_16
             : d.nr_channels == 4 ? BUF_DATA_FORMAT_16_16_16_16
                                  : BUF_DATA_FORMAT_16;
    case 32:
      return d.nr_channels == 1   ? BUF_DATA_FORMAT_32
             : d.nr_channels == 2 ? BUF_DATA_FORMAT_32_32
             : d.nr_channels == 3 ? BUF_DATA_FORMAT_32_32_32
                                  : BUF_DATA_FORMAT_32_32_32_32;
    default:
      return BUF_DATA_FORMAT_INVALID;
  }
}

uint32_t translate_buffer_numformat(const FormatDesc& d) {
  using namespace regs::BufNumFormat;
  if (named(d, "R11G11B10_FLOAT")) return BUF_NUM_FORMAT_FLOAT;
  const int first = first_non_void_channel(d);
  if (first < 0) return BUF_NUM_FORMAT_FLOAT;
  const formats::Channel& c = d.channel[first];
  // 32-bit data is never converted by the fetch: integer num formats (the shader converts).
  switch (c.type) {
    case ChannelType::SIGNED:
      if (c.size >= 32 || c.pure_integer) return BUF_NUM_FORMAT_SINT;
      return c.normalized ? BUF_NUM_FORMAT_SNORM : BUF_NUM_FORMAT_SSCALED;
    case ChannelType::UNSIGNED:
      if (c.size >= 32 || c.pure_integer) return BUF_NUM_FORMAT_UINT;
      return c.normalized ? BUF_NUM_FORMAT_UNORM : BUF_NUM_FORMAT_USCALED;
    default:
      return BUF_NUM_FORMAT_FLOAT;
  }
}

uint32_t supported_usage(const Chip& chip, Format format, TextureTarget target, uint32_t samples, uint32_t usage) {
  const FormatDesc& d = formats::describe(format);
  if (format == Format::NONE) return 0;
  if (samples > 1) {
    // MSAA: 2, 4 or 8 samples of 2D (array) resources, never compressed or buffers.
    if ((samples != 2 && samples != 4 && samples != 8) || d.is_compressed ||
        (target != TextureTarget::TEXTURE_2D && target != TextureTarget::TEXTURE_2D_ARRAY &&
         target != TextureTarget::TEXTURE_RECT))
      return 0;
  }
  uint32_t ret = 0;
  if (usage & USAGE_SAMPLER_VIEW) {
    if (target == TextureTarget::BUFFER) {
      const uint32_t df = translate_buffer_dataformat(d);
      // No native 8_8_8 / 16_16_16: such elements are vertex-fetch only (three loads).
      const bool three_small = d.block_bits == 24 || d.block_bits == 48;
      if (df != regs::BufDataFormat::BUF_DATA_FORMAT_INVALID && !three_small) ret |= USAGE_SAMPLER_VIEW;
    } else if (translate_texformat(chip, d) != kInvalidFormat) {
      ret |= USAGE_SAMPLER_VIEW;
    }
  }
  if ((usage & (USAGE_RENDER_TARGET | USAGE_BLENDABLE)) && target != TextureTarget::BUFFER &&
      d.colorspace != Colorspace::ZS && cb_format(d).ok()) {
    ret |= usage & USAGE_RENDER_TARGET;
    if (!d.is_pure_integer) ret |= usage & USAGE_BLENDABLE;
  }
  if ((usage & USAGE_DEPTH_STENCIL) && target != TextureTarget::BUFFER &&
      translate_dbformat(d) != regs::ZFormat::Z_INVALID && !named(d, "Z16_UNORM_S8_UINT"))  // no Z16+S8 DB format
    ret |= USAGE_DEPTH_STENCIL;
  if ((usage & USAGE_VERTEX_BUFFER) && translate_buffer_dataformat(d) != regs::BufDataFormat::BUF_DATA_FORMAT_INVALID)
    ret |= USAGE_VERTEX_BUFFER;
  return ret;
}

bool is_format_supported(const Chip& chip, Format format, TextureTarget target, uint32_t samples, uint32_t usage) {
  return usage != 0 && supported_usage(chip, format, target, samples, usage) == usage;
}

std::string usage_names(uint32_t usage) {
  static constexpr std::pair<uint32_t, const char*> kNames[] = {
      {USAGE_SAMPLER_VIEW, "sampler_view"}, {USAGE_RENDER_TARGET, "render_target"},
      {USAGE_DEPTH_STENCIL, "depth_stencil"}, {USAGE_VERTEX_BUFFER, "vertex_buffer"}, {USAGE_BLENDABLE, "blendable"}};
  std::string out;
  for (auto [bit, name] : kNames)
    if (usage & bit) out += (out.empty() ? "" : "|") + std::string(name);
  return out.empty() ? "none" : out;
}

}  // namespace glvk::amd
