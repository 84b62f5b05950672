// Texel copies between textures: raw (glCopyImageSubData, reallocation keeping levels) and
// converting on the CPU (glCopyTexImage's copies from a read buffer).
#include "glvk/st/texture.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "glvk/formats/compressed.h"
#include "glvk/formats/convert.h"
#include "glvk/formats/pack.h"
#include "glvk/vk_backend/image.h"
#include "screen_impl.h"
#include "texture_internal.h"

namespace glvk::st {

using formats::Format;
using formats::FormatDesc;

namespace {

// Whether vkCmdCopyImage can copy between the two: the image types must match, or be 2D and 3D.
bool copyable_types(const TextureLayout& a, const TextureLayout& b) {
  const VkImageType ta = image_type(a.target), tb = image_type(b.target);
  return ta == tb || (ta != VK_IMAGE_TYPE_1D && tb != VK_IMAGE_TYPE_1D);
}

// Whether two boxes of one image touch a common subresource (one layout cannot be both
// TRANSFER_SRC and TRANSFER_DST).
bool shares_subresources(const Texture& src, unsigned src_level, const Box& src_box, const Texture& dst,
                         unsigned dst_level, const Box& dst_box) {
  if (&src.image() != &dst.image() || src.image_level(src_level) != dst.image_level(dst_level)) return false;
  if (is_3d(src.layout())) return true;
  const unsigned s0 = src.image_layer(unsigned(src_box.z)), d0 = dst.image_layer(unsigned(dst_box.z));
  return s0 < d0 + unsigned(dst_box.depth) && d0 < s0 + unsigned(src_box.depth);
}

}  // namespace

bool can_copy_raw(Format src, Format dst) {
  const FormatDesc& a = formats::describe(src);
  const FormatDesc& b = formats::describe(dst);
  if (a.vk_format == 0 || b.vk_format == 0) return false;
  if (a.is_depth || a.is_stencil || b.is_depth || b.is_stencil) return a.vk_format == b.vk_format;
  return a.block_bits == b.block_bits;
}

void texture_copy(Texture& src, unsigned src_level, const Box& src_box, Texture& dst, unsigned dst_level,
                  const Box& dst_box) {
  const FormatDesc& sd = formats::describe(src.layout().format);
  const FormatDesc& dd = formats::describe(dst.layout().format);
  // vkCmdCopyImage takes one extent in source texels and equal layer counts (or 3D slices).
  const bool same_shape = src_box.depth == dst_box.depth &&
                          blocks(std::uint32_t(src_box.height), sd.block_height) ==
                              blocks(std::uint32_t(dst_box.height), dd.block_height);
  if (!same_shape || !copyable_types(src.layout(), dst.layout()) ||
      shares_subresources(src, src_level, src_box, dst, dst_level, dst_box)) {
    // Through the CPU: the source's blocks, slice by slice and row by row, are the destination's.
    const formats::PixelFormat from(src.layout().format), to(dst.layout().format);
    const std::size_t src_row = from.row_bytes(std::uint32_t(src_box.width));
    const std::size_t src_image = src_row * from.block_rows(std::uint32_t(src_box.height));
    std::vector<std::byte> bytes(src_image * std::size_t(src_box.depth));
    texture_read(src, src_level, src_box, bytes.data(), src_row, src_image);
    const std::size_t dst_row = to.row_bytes(std::uint32_t(dst_box.width));
    texture_write(dst, dst_level, dst_box, bytes.data(), dst_row,
                  dst_row * to.block_rows(std::uint32_t(dst_box.height)));
    return;
  }
  const bool src_3d = is_3d(src.layout()), dst_3d = is_3d(dst.layout());
  VkImageCopy region{};
  region.srcSubresource = {src.image().aspects(), src.image_level(src_level),
                           src_3d ? 0u : src.image_layer(unsigned(src_box.z)), src_3d ? 1u : std::uint32_t(src_box.depth)};
  region.srcOffset = {std::int32_t(src_box.x), src_box.y, src_3d ? src_box.z : 0};
  region.dstSubresource = {dst.image().aspects(), dst.image_level(dst_level),
                           dst_3d ? 0u : dst.image_layer(unsigned(dst_box.z)), dst_3d ? 1u : std::uint32_t(dst_box.depth)};
  region.dstOffset = {std::int32_t(dst_box.x), dst_box.y, dst_3d ? dst_box.z : 0};
  region.extent = {std::uint32_t(src_box.width), std::uint32_t(src_box.height),
                   src_3d || dst_3d ? std::uint32_t(src_box.depth) : 1u};
  Locked l(src.screen());
  l.s.stream->copy_image(src.image(), dst.image(), {&region, 1});
  l.s.check_validation();
}

void texture_copy_level(Texture& src, unsigned src_level, Texture& dst, unsigned dst_level) {
  const TextureLayout& s = src.layout();
  VkImageCopy region{};
  region.srcSubresource = {src.image().aspects(), src.image_level(src_level), src.image_layer(0),
                           std::min(s.layers, dst.layout().layers)};
  region.dstSubresource = {dst.image().aspects(), dst.image_level(dst_level), dst.image_layer(0),
                           region.srcSubresource.layerCount};
  region.extent = {s.level_width(src_level), s.level_height(src_level), s.level_depth(src_level)};
  Locked l(src.screen());
  l.s.stream->copy_image(src.image(), dst.image(), {&region, 1});
  l.s.check_validation();
}

namespace {

// Depth (and stencil, when both have it) of `in` rows in `from` into `out` rows in `to`, through
// float depth values and 8-bit stencil values.
void convert_depth_stencil(const FormatDesc& from, const std::byte* in, std::size_t from_row, const FormatDesc& to,
                           std::byte* out, std::size_t to_row, unsigned w, unsigned h) {
  std::vector<float> depth(w);
  std::vector<std::uint8_t> stencil(w);
  for (unsigned y = 0; y < h; ++y) {
    formats::unpack_depth_float(from, in + y * from_row, depth.data(), w);
    formats::pack_depth_float(to, depth.data(), out + y * to_row, w);
    if (from.is_stencil && to.is_stencil) {
      formats::unpack_stencil_uint(from, in + y * from_row, stencil.data(), w);
      formats::pack_stencil_uint(to, stencil.data(), out + y * to_row, w);
    }
  }
}

// Online compression of a copied rectangle (GL 4.6 8.6 lets CopyTexImage name a compressed
// internal format): RGBA float with the base format's rebase, then the family's encoder, which
// takes stored (sRGB-encoded) values.
formats::ConvertStatus compress_rows(const formats::PixelFormat& from, const std::byte* in, std::size_t from_row,
                                     const FormatDesc& to, std::byte* out, std::size_t to_row, unsigned w, unsigned h,
                                     const formats::ConvertParams& params) {
  const auto family = formats::CompressedFamily(to.compressed_family);
  if (!formats::can_encode(family)) return formats::ConvertStatus::UNSUPPORTED_FORMAT;
  std::vector<float> texels(std::size_t(w) * h * 4);
  const formats::ConvertStatus status = formats::convert(texels.data(), formats::PixelFormat(Format::R32G32B32A32_FLOAT),
                                                         std::size_t(w) * 16, in, from, from_row, w, h, params);
  if (status != formats::ConvertStatus::OK) return status;
  if (to.colorspace == formats::Colorspace::SRGB)
    for (std::size_t i = 0; i < texels.size(); ++i)
      if (i % 4 != 3) texels[i] = formats::linear_to_srgb(texels[i]);
  formats::encode_image_rgba_float(family, texels.data(), std::size_t(w) * 4, w, h, reinterpret_cast<std::uint8_t*>(out),
                                   to_row);
  return formats::ConvertStatus::OK;
}

}  // namespace

Result texture_copy_converting(Texture& src, unsigned src_level, const Box& src_box, formats::Format src_storage,
                               Texture& dst, unsigned dst_level, const Box& dst_box, formats::Format dst_storage,
                               std::uint32_t dst_base_format) {
  const formats::PixelFormat from(src_storage), to(dst_storage);
  const FormatDesc &from_desc = formats::describe(src_storage), &to_desc = formats::describe(dst_storage);
  const int w = int(src_box.width), h = src_box.height;
  const std::size_t from_row = from.row_bytes(unsigned(w)), to_row = to.row_bytes(unsigned(w));
  std::vector<std::byte> in(from_row * std::size_t(h)), out(to_row * to.block_rows(unsigned(h)));
  texture_read(src, src_level, src_box, in.data(), from_row, in.size());
  formats::Swizzle map[4];
  formats::ConvertParams params;
  if (formats::compute_rgba2base2rgba_component_mapping(dst_base_format, map)) params.rebase_swizzle = map;
  formats::ConvertStatus status = formats::ConvertStatus::OK;
  if (from_desc.is_depth && to_desc.is_depth)
    convert_depth_stencil(from_desc, in.data(), from_row, to_desc, out.data(), to_row, unsigned(w), unsigned(h));
  else if (to_desc.is_compressed)
    status = compress_rows(from, in.data(), from_row, to_desc, out.data(), to_row, unsigned(w), unsigned(h), params);
  else
    status = formats::convert(out.data(), to, to_row, in.data(), from, from_row, unsigned(w), unsigned(h), params);
  if (status != formats::ConvertStatus::OK)
    return Result::fail(Failure::UNSUPPORTED, std::string("cannot copy ") + formats::describe(src_storage).name +
                                                  " into " + formats::describe(dst_storage).name + " (" +
                                                  formats::convert_status_name(status) + ")");
  // Consecutive rows are consecutive layers of a 1D array, consecutive rows of one layer otherwise.
  texture_write(dst, dst_level, dst_box, out.data(), to_row, dst_box.depth > 1 ? to_row : out.size());
  return Result::ok();
}

void texture_read_as(Texture& texture, unsigned level, const Box& box, Format storage, Format as, std::byte* out) {
  const formats::PixelFormat wanted(as);
  const std::size_t row = wanted.row_bytes(std::uint32_t(box.width));
  const std::uint32_t rows = wanted.block_rows(std::uint32_t(box.height));
  if (storage == as) {
    texture_read(texture, level, box, out, row, row * rows);
    return;
  }
  const formats::PixelFormat stored_format(storage);
  const std::size_t storage_row = stored_format.row_bytes(std::uint32_t(box.width));
  std::vector<std::byte> stored(storage_row * rows * std::size_t(box.depth));
  texture_read(texture, level, box, stored.data(), storage_row, storage_row * rows);
  for (int s = 0; s < box.depth; ++s)
    formats::convert(out + std::size_t(s) * row * rows, wanted, row, stored.data() + std::size_t(s) * storage_row * rows,
                     stored_format, storage_row, std::uint32_t(box.width), rows);
}

void texture_write_as(Texture& texture, unsigned level, const Box& box, Format storage, Format from,
                      const std::byte* texels) {
  const formats::PixelFormat given(from);
  const std::size_t row = given.row_bytes(std::uint32_t(box.width));
  const std::uint32_t rows = given.block_rows(std::uint32_t(box.height));
  if (storage == from) {
    texture_write(texture, level, box, texels, row, row * rows);
    return;
  }
  const formats::PixelFormat stored_format(storage);
  const std::size_t storage_row = stored_format.row_bytes(std::uint32_t(box.width));
  std::vector<std::byte> stored(storage_row * rows * std::size_t(box.depth));
  for (int s = 0; s < box.depth; ++s)
    formats::convert(stored.data() + std::size_t(s) * storage_row * rows, stored_format, storage_row,
                     texels + std::size_t(s) * row * rows, given, row, std::uint32_t(box.width), rows);
  texture_write(texture, level, box, stored.data(), storage_row, storage_row * rows);
}

}  // namespace glvk::st
