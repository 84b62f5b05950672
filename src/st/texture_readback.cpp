// st_GetTexImage and the readback half of st_ReadPixels: texels of a texture level into client
// memory or a pack PBO, as they are, merged per depth/stencil aspect, or converted on the CPU.
#include "glvk/st/texture_readback.h"

#include <algorithm>
#include <vector>

#include <GL/gl.h>
#include <GL/glext.h>

#include "glvk/formats/convert.h"
#include "glvk/st/context.h"
#include "glvk/st/texture.h"
#include "texture_internal.h"

namespace glvk::st {
namespace {

// Rebase applied on readback (glGetTexImage): luminance and intensity come back in red only.
const formats::Swizzle* readback_rebase(std::uint32_t base_format, formats::Swizzle (&map)[4]) {
  using S = formats::Swizzle;
  switch (base_format) {
    case GL_LUMINANCE:
    case GL_INTENSITY:
      map[0] = S::X, map[1] = S::ZERO, map[2] = S::ZERO, map[3] = S::ONE;
      return map;
    case GL_LUMINANCE_ALPHA:
      map[0] = S::X, map[1] = S::ZERO, map[2] = S::ZERO, map[3] = S::W;
      return map;
    default:
      return upload_rebase(base_format, map);
  }
}

}  // namespace

Result texture_readback(Context& ctx, Texture& texture, unsigned level, const Box& box, const TransferRequest& request,
                        const ClientTexels& client, bool clamp_colour) {
  const formats::Format storage = request.texture_format;
  const std::uint32_t format = request.format, type = request.type;
  const bool swap_bytes = request.pixel_store.swap_bytes;
  const std::size_t row_stride = client.row_stride;
  const std::size_t image_stride =
      request.target == TextureTarget::TEXTURE_1D_ARRAY ? client.row_stride : client.image_stride;
  std::vector<std::byte> out(client.pbo ? client.extent_bytes : 0);
  std::byte* destination = client.pbo ? out.data() : client.destination;
  formats::Swizzle map[4];
  const formats::Swizzle* rebase = readback_rebase(request.texture_base_format, map);
  // Stored texels that already are the user's layout, holding exactly the image's components,
  // read back as they are (the rebase would map them onto themselves).
  // Unorm texels are in [0, 1] already, so the clamp only forbids copying others as they are.
  const formats::FormatDesc& stored = formats::describe(storage);
  const bool clamps = clamp_colour && !stored.is_unorm && !stored.is_pure_integer && !stored.is_depth &&
                      !stored.is_stencil;
  // Snorm texels go through convert(), which reads a stored -2^(b-1) as -1 (eq. 2.2) and writes it
  // back as -(2^(b-1) - 1) (eq. 2.4).
  const std::uint32_t base = request.texture_base_format;
  const bool sum_to_luminance = request.luminance_sums_rgb && (format == GL_LUMINANCE || format == GL_LUMINANCE_ALPHA) &&
                                base != GL_LUMINANCE && base != GL_LUMINANCE_ALPHA && base != GL_INTENSITY;
  const bool as_is = !clamps && !sum_to_luminance && !stores_canonical_snorm(storage) &&
                     format_matches_format_and_type(storage, format, type, swap_bytes) &&
                     format_base_format(storage) == request.texture_base_format;
  if (as_is) {
    texture_read(texture, level, box, destination, row_stride, image_stride);
  } else if (const auto client_zs = formats::format_from_format_and_type(format, type);
             client_zs && !client_zs->is_array && !swap_bytes && same_depth_stencil_channels(client_zs->format, storage)) {
    // Combined depth/stencil in another combined layout: merged straight out of staging.
    texture_read_depth_stencil(texture, level, box, destination, client_zs->format, row_stride, image_stride);
  } else {
    // Converted out of a read map of the box: the texture's own memory when it is linear. sRGB
    // images come back with their encoded values (glReadPixels too: Mesa's llvmpipe and zink
    // return 0.2 as a float for a texel stored as round(0.2 * 255), whatever GL_FRAMEBUFFER_SRGB says).
    const formats::PixelFormat src(transfer_format(storage));
    const formats::PixelFormat dst = *formats::PixelFormat::from_gl(format, type);
    if (const formats::ConvertStatus status = formats::can_convert(dst, src); status != formats::ConvertStatus::OK)
      return Result::fail(Failure::UNSUPPORTED, std::string("cannot convert ") + stored.name + " to " +
                                                    formats::gl_client_format_name(format) + "/" +
                                                    formats::gl_type_name(type) + " (" +
                                                    formats::convert_status_name(status) + ")");
    formats::ConvertParams params;
    params.rebase_swizzle = rebase;
    params.dst_swap_unit = swap_bytes ? formats::swap_unit_size(type) : 1;
    params.clamp_to_unit = clamps;
    // Staged textures (depth, optimal images) of several bands: each band converted as soon as the
    // device has copied it, while it copies the next.
    const auto convert_band = [&](const Box& band, const std::byte* texels, std::size_t stride, std::size_t slice) {
      std::byte* band_dst = destination + std::size_t(band.y - box.y) * row_stride;
      for (int s = 0; s < band.depth; ++s)
        convert_across_cores(band_dst + std::size_t(s) * image_stride, dst, row_stride, texels + std::size_t(s) * slice,
                             src, stride, unsigned(band.width), unsigned(band.height), params);
    };
    if (!sum_to_luminance && texture_read_in_bands(texture, level, box, convert_band)) {
      if (client.pbo)
        ctx.buffer_subdata(*client.pbo, PIPE_TRANSFER_WRITE, client.pbo_offset, client.extent_bytes, out.data());
      return Result::ok();
    }
    TextureTransfer* transfer = nullptr;
    const auto* mapped =
        static_cast<const std::byte*>(texture_transfer_map(texture, level, PIPE_TRANSFER_READ, box, &transfer));
    if (sum_to_luminance) {
      // Through RGBA floats: R + G + B into R (clamped with the read colour clamp: the sum of
      // clamped components may pass 1), then packed as the client's L (and A).
      const formats::PixelFormat rgba(formats::Format::R32G32B32A32_FLOAT);
      const std::size_t pixels = std::size_t(box.width) * std::size_t(box.height);
      std::vector<float> colours(pixels * 4);
      formats::ConvertParams to_rgba, to_client;
      to_rgba.rebase_swizzle = rebase;
      to_rgba.clamp_to_unit = clamp_colour;
      to_client.dst_swap_unit = params.dst_swap_unit;
      for (int s = 0; s < box.depth; ++s) {
        formats::convert(colours.data(), rgba, std::size_t(box.width) * 16, mapped + std::size_t(s) * transfer->layer_stride,
                         src, transfer->stride, unsigned(box.width), unsigned(box.height), to_rgba);
        for (std::size_t i = 0; i < pixels; ++i) {
          const float l = colours[4 * i] + colours[4 * i + 1] + colours[4 * i + 2];
          colours[4 * i] = clamp_colour ? std::min(l, 1.0f) : l;
        }
        formats::convert(destination + std::size_t(s) * image_stride, dst, row_stride, colours.data(), rgba,
                         std::size_t(box.width) * 16, unsigned(box.width), unsigned(box.height), to_client);
      }
    } else {
      for (int s = 0; s < box.depth; ++s)
        convert_across_cores(destination + std::size_t(s) * image_stride, dst, row_stride,
                             mapped + std::size_t(s) * transfer->layer_stride, src, transfer->stride,
                             unsigned(box.width), unsigned(box.height), params);
    }
    texture_transfer_unmap(transfer);
  }
  if (client.pbo) ctx.buffer_subdata(*client.pbo, PIPE_TRANSFER_WRITE, client.pbo_offset, client.extent_bytes, out.data());
  return Result::ok();
}

}  // namespace glvk::st
