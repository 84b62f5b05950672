#include "glvk/st/texture_upload.h"

#include "screen_impl.h"

#include <GL/gl.h>
#include <GL/glext.h>

namespace glvk::st {
namespace {

using formats::ChannelType;
using formats::Format;
using formats::FormatDesc;
using formats::Swizzle;

bool channels_match_array(const FormatDesc& d, const formats::ArrayFormat& a) {
  if (!d.is_array || d.nr_channels != a.num_channels) return false;
  for (unsigned i = 0; i < d.nr_channels; ++i) {
    const formats::Channel& c = d.channel[i];
    if (c.size != a.type_size * 8) return false;
    if (a.is_float != (c.type == ChannelType::FLOAT)) return false;
    if (!a.is_float) {
      if (a.is_signed != (c.type == ChannelType::SIGNED)) return false;
      if (c.type != ChannelType::SIGNED && c.type != ChannelType::UNSIGNED) return false;
      if (a.normalized != c.normalized) return false;
    }
  }
  for (int i = 0; i < 4; ++i)
    if (d.swizzle[i] != a.swizzle[i]) return false;
  return true;
}

bool is_integer_format(const FormatDesc& d) { return d.is_pure_integer; }

// Which formats, among all the library knows, hold the user's bytes exactly (st_choose_matching_format).
Format choose_matching_format(const FormatSupport& support, std::uint32_t format, std::uint32_t type,
                              bool swap_bytes, TextureTarget target, bool want_srgb) {
  for (const FormatDesc& d : formats::all_formats()) {
    if (d.format == Format::NONE) continue;
    if ((d.colorspace == formats::Colorspace::SRGB) != want_srgb) continue;
    if (!format_matches_format_and_type(d.format, format, type, swap_bytes)) continue;
    if (support.is_format_supported(d.format, target, 0, BIND_BLIT_SOURCE)) return d.format;
  }
  return Format::NONE;
}

// A texture target's 2D slices: cube faces and cube-array layers are staged as 2D (array) images.
TextureTarget staging_target(TextureTarget target) {
  switch (target) {
    case TextureTarget::TEXTURE_CUBE: return TextureTarget::TEXTURE_2D;
    case TextureTarget::TEXTURE_CUBE_ARRAY: return TextureTarget::TEXTURE_2D_ARRAY;
    default: return target;
  }
}

// VkBufferImageCopy addresses a buffer in whole texels (bufferRowLength, bufferImageHeight) from
// an offset that is a multiple of the texel size (and of 4 for depth/stencil).
bool gpu_can_address(const TransferRequest& r) {
  const int bytes = formats::bytes_per_pixel(r.format, r.type);
  if (bytes <= 0) return false;
  const long row = formats::image_row_stride(r.pixel_store, r.width, r.format, r.type);
  const long image = formats::image_image_stride(r.pixel_store, r.width, r.height, r.format, r.type);
  const formats::PixelAddress first =
      formats::image_address(3, r.pixel_store, r.width, r.height, r.format, r.type, 0, 0, 0);
  if (row <= 0 || row % bytes != 0 || image % row != 0 || first.offset < 0) return false;
  const std::uint64_t start = r.pbo_offset + std::uint64_t(first.offset);
  const unsigned alignment = formats::describe(r.texture_format).colorspace == formats::Colorspace::ZS ? 4 : bytes;
  return start % alignment == 0 && start % bytes == 0;
}

}  // namespace

const char* transfer_path_name(TransferPath path) {
  switch (path) {
    case TransferPath::MEMCPY: return "memcpy";
    case TransferPath::PBO_GPU_COPY: return "pbo-gpu-copy";
    case TransferPath::BLIT: return "blit";
    case TransferPath::CPU_CONVERT: return "cpu-convert";
  }
  return "?";
}

std::uint32_t format_base_format(Format f) {
  const FormatDesc& d = formats::describe(f);
  if (d.colorspace == formats::Colorspace::ZS) {
    if (d.is_depth && d.is_stencil) return GL_DEPTH_STENCIL;
    return d.is_depth ? GL_DEPTH_COMPONENT : GL_STENCIL_INDEX;
  }
  const Swizzle* s = d.swizzle;
  const auto real = [](Swizzle c) { return c <= Swizzle::W; };
  // Luminance, intensity and alpha formats read one channel into several (or only alpha).
  if (real(s[0]) && s[1] == s[0] && s[2] == s[0]) {
    if (s[3] == s[0]) return GL_INTENSITY;
    return real(s[3]) ? GL_LUMINANCE_ALPHA : GL_LUMINANCE;
  }
  if (!real(s[0]) && !real(s[1]) && !real(s[2])) return real(s[3]) ? GL_ALPHA : 0;
  if (real(s[3])) return GL_RGBA;
  if (real(s[2])) return GL_RGB;
  if (real(s[1])) return GL_RG;
  return GL_RED;
}

bool format_matches_format_and_type(Format f, std::uint32_t format, std::uint32_t type, bool swap_bytes) {
  // Swapping changes the bytes of every multi-byte unit: no stored layout equals swapped data.
  if (swap_bytes && formats::swap_unit_size(type) > 1) return false;
  const std::optional<formats::ClientFormat> client = formats::format_from_format_and_type(format, type);
  if (!client) return false;
  const FormatDesc& d = formats::describe(f);
  if (!client->is_array) return client->format == f;
  if (formats::is_integer_format(format) != d.is_pure_integer) return false;
  return channels_match_array(d, client->array);
}

bool can_use_memcpy(std::uint32_t base_format, Format f, std::uint32_t format, std::uint32_t type,
                    const formats::PixelStore& pixel_store, bool pixel_transfer_ops) {
  if (pixel_transfer_ops) return false;
  // An RGB image stored with real alpha, a luminance image stored as RGBA, ...: the missing
  // channels must be filled, which a copy does not do.
  if (base_format != format_base_format(f)) return false;
  return format_matches_format_and_type(f, format, type, pixel_store.swap_bytes);
}

TransferPlan choose_upload_path(const FormatSupport& support, const TransferRequest& r) {
  const TransferPlan cpu{TransferPath::CPU_CONVERT, r.texture_format};
  const bool texels_match =
      can_use_memcpy(r.texture_base_format, r.texture_format, r.format, r.type, r.pixel_store, r.pixel_transfer_ops);
  if (texels_match && !r.with_pbo) return {TransferPath::MEMCPY, r.texture_format};
  if (texels_match && gpu_can_address(r)) return {TransferPath::PBO_GPU_COPY, r.texture_format};
  if (texels_match) return cpu;  // the PBO is mapped and its rows copied by the CPU

  if (!r.prefer_blit) return cpu;
  // Blits of combined depth/stencil data are unsupported in places; Vulkan never converts depth.
  if (r.format == GL_DEPTH_STENCIL || r.format == GL_DEPTH_COMPONENT || r.format == GL_STENCIL_INDEX) return cpu;
  if (r.pixel_transfer_ops || r.pixel_store.swap_bytes) return cpu;
  if (r.texture_base_format != format_base_format(r.texture_format)) return cpu;
  const TextureTarget target = staging_target(r.target);
  if (target == TextureTarget::BUFFER) return cpu;

  const FormatDesc& dst = formats::describe(r.texture_format);
  if (!support.is_format_supported(r.texture_format, r.target, 0, BIND_BLIT_DESTINATION)) return cpu;
  const bool dst_srgb = dst.colorspace == formats::Colorspace::SRGB;
  const Format src = choose_matching_format(support, r.format, r.type, false, target, dst_srgb);
  if (src == Format::NONE) return cpu;
  const FormatDesc& s = formats::describe(src);
  if (is_integer_format(s) != is_integer_format(dst)) return cpu;
  if (is_integer_format(s) && is_signed_integer(s) != is_signed_integer(dst)) return cpu;
  return {TransferPath::BLIT, src};
}

bool is_signed_integer(const FormatDesc& d) {
  for (unsigned i = 0; i < d.nr_channels; ++i)
    if (d.channel[i].type == ChannelType::SIGNED) return true;
  return false;
}

}  // namespace glvk::st
