#include "glvk/st/texture_upload.h"

#include <string>
#include <vector>

#include "glvk/formats/compressed.h"
#include "glvk/formats/convert.h"
#include "glvk/st/context.h"
#include "glvk/st/texture.h"
#include "texture_internal.h"
#include "glvk/vk_backend/error.h"
#include "glvk/vk_backend/image.h"
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
  if (stores_canonical_snorm(f)) return false;
  return format_matches_format_and_type(f, format, type, pixel_store.swap_bytes);
}

bool stores_canonical_snorm(Format f) {
  const FormatDesc& d = formats::describe(f);
  return d.is_snorm && !d.is_compressed;
}

TransferPlan choose_upload_path(const FormatSupport& support, const TransferRequest& r) {
  const TransferPlan cpu{TransferPath::CPU_CONVERT, r.texture_format};
  const bool texels_match =
      can_use_memcpy(r.texture_base_format, r.texture_format, r.format, r.type, r.pixel_store, r.pixel_transfer_ops);
  if (texels_match && !r.with_pbo) return {TransferPath::MEMCPY, r.texture_format};
  if (texels_match && gpu_can_address(r)) return {TransferPath::PBO_GPU_COPY, r.texture_format};
  if (texels_match) return cpu;  // the PBO is mapped and its rows copied by the CPU

  if (!r.prefer_blit) return cpu;
  // A blit between equal formats may copy the raw bytes, -2^(b-1) included.
  if (stores_canonical_snorm(r.texture_format)) return cpu;
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

vk_backend::ColorOutput color_output(const FormatDesc& d) {
  if (!d.is_pure_integer) return vk_backend::ColorOutput::FLOAT;
  return is_signed_integer(d) ? vk_backend::ColorOutput::SINT : vk_backend::ColorOutput::UINT;
}

// ---------------------------------------------------------------------------------------------
// st_TexSubImage's execution: the path chosen above, carried out.

Format transfer_format(Format storage) {
  const FormatDesc& d = formats::describe(storage);
  return d.colorspace == formats::Colorspace::SRGB && d.linear_equivalent != Format::NONE ? d.linear_equivalent
                                                                                          : storage;
}

namespace {

// When the CPU reads a PBO's texels: copies the bytes the transfer covers out of it.
const std::byte* client_bytes_for_cpu(Context& ctx, const ClientTexels& client, std::vector<std::byte>& pbo_copy) {
  if (!client.pbo) return client.data;
  pbo_copy.resize(client.extent_bytes);
  ctx.buffer_read(*client.pbo, client.pbo_offset, client.extent_bytes, pbo_copy.data());
  return pbo_copy.data();
}

// A staging image in the user's own layout for the blit path, shaped like `box` of a texture of `target`.
TextureLayout staging_layout_for(TextureTarget target, const Box& box, Format format) {
  TextureLayout layout;
  layout.target = box.depth > 1 && target != TextureTarget::TEXTURE_3D ? TextureTarget::TEXTURE_2D_ARRAY
                  : target == TextureTarget::TEXTURE_3D                 ? TextureTarget::TEXTURE_3D
                  : target == TextureTarget::TEXTURE_1D || target == TextureTarget::TEXTURE_1D_ARRAY
                      ? TextureTarget::TEXTURE_1D_ARRAY
                      : TextureTarget::TEXTURE_2D_ARRAY;
  layout.format = format;
  layout.width = std::uint32_t(box.width);
  layout.height = std::uint32_t(box.height);
  layout.depth = layout.target == TextureTarget::TEXTURE_3D ? std::uint32_t(box.depth) : 1u;
  layout.layers = layout.target == TextureTarget::TEXTURE_3D ? 1u : std::uint32_t(box.depth);
  return layout;
}

}  // namespace

const formats::Swizzle* upload_rebase(std::uint32_t base_format, formats::Swizzle (&map)[4]) {
  return formats::compute_rgba2base2rgba_component_mapping(base_format, map) ? map : nullptr;
}

Result texture_upload(Context& ctx, Texture& texture, unsigned level, const Box& box, TransferRequest request,
                      const ClientTexels& client) {
  if (!box.width || !box.height || !box.depth || (!client.data && !client.pbo)) return Result::ok();
  request.width = int(box.width);
  request.height = box.height;
  request.with_pbo = client.pbo != nullptr;
  request.pbo_offset = client.pbo_offset;
  request.prefer_blit = prefer_blit_based_texture_transfer(ctx.screen());
  const Format storage = request.texture_format;
  const bool combined_zs = formats::describe(storage).is_depth && formats::describe(storage).is_stencil;
  TransferPlan plan = choose_upload_path(format_support(ctx.screen()), request);
  if (plan.path == TransferPath::PBO_GPU_COPY && combined_zs) plan.path = TransferPath::MEMCPY;

  const int bpp = formats::bytes_per_pixel(request.format, request.type);
  if (plan.path == TransferPath::PBO_GPU_COPY) {
    texture_write_from_buffer(texture, level, box, *client.pbo, client.pbo_offset,
                              std::uint32_t(client.row_stride / std::size_t(bpp)),
                              std::uint32_t(client.image_stride / client.row_stride));
    return Result::ok();
  }
  std::vector<std::byte> pbo_copy;
  const std::byte* data = client_bytes_for_cpu(ctx, client, pbo_copy);
  const std::size_t row_stride = client.row_stride;
  // 1D arrays: GL's rows are the texture's layers.
  const bool rows_are_layers = request.target == TextureTarget::TEXTURE_1D_ARRAY;
  const std::size_t image_stride = rows_are_layers ? client.row_stride : client.image_stride;
  if (plan.path == TransferPath::MEMCPY) {
    texture_write(texture, level, box, data, row_stride, image_stride);
    return Result::ok();
  }
  if (plan.path == TransferPath::BLIT) {
    // A staging image in the user's own layout, filled by copying the user's bytes, then
    // converted into the texture by the GPU (st_TexSubImage's blit path).
    try {
      Texture staging(ctx.shared_screen(), staging_layout_for(request.target, box, plan.staging_format), 0);
      Box staging_box = box;
      staging_box.x = staging_box.y = staging_box.z = 0;
      texture_write(staging, 0, staging_box, data, row_stride, image_stride);
      texture_blit(staging, 0, staging_box, texture, level, box);
      return Result::ok();
    } catch (const vk_backend::Error&) {
      // No staging image of that format after all: convert on the CPU below.
    }
  }
  // Combined depth/stencil data in another combined layout: split straight into staging.
  if (const auto client_zs = formats::format_from_format_and_type(request.format, request.type);
      combined_zs && client_zs && !client_zs->is_array && !request.pixel_store.swap_bytes &&
      !request.pixel_transfer_ops && same_depth_stencil_channels(client_zs->format, storage)) {
    texture_write_depth_stencil(texture, level, box, data, client_zs->format, row_stride, image_stride);
    return Result::ok();
  }
  // CPU conversion into a write map of the box: the texture's own memory when it is linear (one
  // pass over the texels), else staging.
  const formats::PixelFormat src = *formats::PixelFormat::from_gl(request.format, request.type);
  const formats::PixelFormat dst(transfer_format(storage));
  if (const formats::ConvertStatus status = formats::can_convert(dst, src); status != formats::ConvertStatus::OK)
    return Result::fail(Failure::UNSUPPORTED,
                        std::string("cannot convert ") + formats::gl_client_format_name(request.format) + "/" +
                            formats::gl_type_name(request.type) + " data to " + formats::describe(storage).name +
                            " (" + formats::convert_status_name(status) + ")");
  formats::Swizzle map[4];
  formats::ConvertParams params;
  // Storage with components the image lacks (GL_RGB kept as RGBA) gets them rebased to 0/1.
  if (format_base_format(storage) != request.texture_base_format)
    params.rebase_swizzle = upload_rebase(request.texture_base_format, map);
  params.src_swap_unit = request.pixel_store.swap_bytes ? formats::swap_unit_size(request.type) : 1;
  // Staged destinations (depth, optimal images) convert in bands of rows, each submitted on its own:
  // the device copies one band while the CPU converts the next.
  const std::vector<Box> bands =
      texture.image().host_accessible()
          ? std::vector<Box>{box}
          : row_bands(texture, box, dst.row_bytes(unsigned(box.width)) * std::size_t(box.height) * std::size_t(box.depth));
  for (const Box& band : bands) {
    TextureTransfer* transfer = nullptr;
    auto* mapped = static_cast<std::byte*>(
        texture_transfer_map(texture, level, PIPE_TRANSFER_WRITE | PIPE_TRANSFER_DISCARD_RANGE, band, &transfer));
    const std::byte* band_data = data + std::size_t(band.y - box.y) * row_stride;
    for (int s = 0; s < band.depth; ++s)
      convert_across_cores(mapped + std::size_t(s) * transfer->layer_stride, dst, transfer->stride,
                           band_data + std::size_t(s) * image_stride, src, row_stride, unsigned(band.width),
                           unsigned(band.height), params);
    texture_transfer_unmap(transfer);
    if (bands.size() > 1) ctx.flush();
  }
  return Result::ok();
}

Result compress_texels(Context& ctx, const TransferRequest& request, Format compressed, const Box& box,
                       const ClientTexels& client, std::vector<std::byte>& blocks) {
  const formats::PixelFormat src = *formats::PixelFormat::from_gl(request.format, request.type);
  const formats::PixelFormat rgba(Format::R32G32B32A32_FLOAT);
  if (const formats::ConvertStatus status = formats::can_convert(rgba, src); status != formats::ConvertStatus::OK)
    return Result::fail(Failure::UNSUPPORTED, std::string("cannot convert ") +
                                                  formats::gl_client_format_name(request.format) + "/" +
                                                  formats::gl_type_name(request.type) + " data (" +
                                                  formats::convert_status_name(status) + ")");
  std::vector<std::byte> pbo_copy;
  const std::byte* data = client_bytes_for_cpu(ctx, client, pbo_copy);
  formats::Swizzle map[4];
  formats::ConvertParams params;
  params.rebase_swizzle = upload_rebase(request.texture_base_format, map);
  params.src_swap_unit = request.pixel_store.swap_bytes ? formats::swap_unit_size(request.type) : 1;
  const FormatDesc& desc = formats::describe(compressed);
  const formats::PixelFormat block_format(compressed);
  const unsigned w = unsigned(box.width), rows = unsigned(box.height);
  const std::size_t block_row = block_format.row_bytes(w), block_slice = block_row * block_format.block_rows(rows);
  const bool rows_are_layers = request.target == TextureTarget::TEXTURE_1D_ARRAY;
  const std::size_t image_stride = rows_are_layers ? client.row_stride : client.image_stride;
  std::vector<float> texels(std::size_t(w) * rows * 4);
  blocks.assign(block_slice * std::size_t(box.depth), std::byte{0});
  for (int s = 0; s < box.depth; ++s) {
    formats::convert(texels.data(), rgba, std::size_t(w) * 4 * sizeof(float), data + std::size_t(s) * image_stride, src,
                     client.row_stride, w, rows, params);
    formats::encode_image_rgba_float(formats::CompressedFamily(desc.compressed_family), texels.data(),
                                     std::size_t(w) * 4, w, rows,
                                     reinterpret_cast<std::uint8_t*>(blocks.data() + std::size_t(s) * block_slice),
                                     block_row);
  }
  return Result::ok();
}

Result texture_write_blocks(Texture& texture, unsigned level, const Box& box, Format compressed, Format storage,
                            const std::byte* blocks) {
  const formats::PixelFormat block_format(compressed);
  const unsigned w = unsigned(box.width), h = unsigned(box.height);
  const std::size_t row = block_format.row_bytes(w), slice = row * block_format.block_rows(h);
  if (storage == compressed) {
    texture_write(texture, level, box, blocks, row, slice);
    return Result::ok();
  }
  const formats::PixelFormat stored(storage);
  const std::size_t texel_row = stored.row_bytes(w), texel_slice = texel_row * h;
  std::vector<std::byte> texels(texel_slice * std::size_t(box.depth));
  for (int s = 0; s < box.depth; ++s) {
    const formats::ConvertStatus status = formats::convert(texels.data() + std::size_t(s) * texel_slice, stored,
                                                           texel_row, blocks + std::size_t(s) * slice, block_format,
                                                           row, w, h);
    if (status != formats::ConvertStatus::OK)
      return Result::fail(Failure::UNSUPPORTED, std::string("cannot decode ") + formats::describe(compressed).name +
                                                    " (" + formats::convert_status_name(status) + ")");
  }
  texture_write(texture, level, box, texels.data(), texel_row, texel_slice);
  return Result::ok();
}

}  // namespace glvk::st
