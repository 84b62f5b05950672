// Texture clears: whole layers through the transfer clear, regions drawn as render targets, and
// attachment clears (st_Clear) choosing between them and the CPU.
#include "glvk/st/clear.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "glvk/formats/convert.h"
#include "glvk/formats/pack.h"
#include "glvk/st/texture.h"
#include "glvk/st/texture_upload.h"
#include "glvk/vk_backend/image.h"
#include "screen_impl.h"
#include "texture_internal.h"

namespace glvk::st {

using formats::Format;
using formats::FormatDesc;

void texture_clear_color(Texture& texture, unsigned level, unsigned first_layer, unsigned layers,
                         const std::uint32_t value[4], ClearKind kind) {
  if (texture.reinterprets_image()) {
    // The clear value means texels of the view's format: clear a stand-in of that format.
    const auto stand_in = stand_in_for(texture, level, first_layer, layers, false);
    texture_clear_color(*stand_in, 0, 0, stand_in->layout().layers, value, kind);
    return write_back(*stand_in, texture, level, first_layer);
  }
  VkClearColorValue clear;
  for (int i = 0; i < 4; ++i) {
    if (kind == ClearKind::FLOAT) std::memcpy(&clear.float32[i], &value[i], 4);
    else clear.uint32[i] = value[i];
  }
  // A 3D image's slices are all in its one array layer: the transfer clear takes every slice.
  const VkImageSubresourceRange range =
      is_3d(texture.layout())
          ? VkImageSubresourceRange{VK_IMAGE_ASPECT_COLOR_BIT, texture.image_level(level), 1, 0, 1}
          : VkImageSubresourceRange{VK_IMAGE_ASPECT_COLOR_BIT, texture.image_level(level), 1,
                                    texture.image_layer(first_layer), layers};
  Locked l(texture.screen());
  l.s.stream->clear_color_image(texture.image(), clear, range);
  l.s.check_validation();
}

void texture_clear_depth_stencil(Texture& texture, unsigned level, unsigned first_layer, unsigned layers, bool depth,
                                 float depth_value, bool stencil, std::uint32_t stencil_value) {
  const VkImageAspectFlags aspects = (depth ? VK_IMAGE_ASPECT_DEPTH_BIT : 0) | (stencil ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
  const VkImageSubresourceRange range{aspects & texture.image().aspects(), texture.image_level(level), 1,
                                      texture.image_layer(first_layer), layers};
  Locked l(texture.screen());
  l.s.stream->clear_depth_stencil_image(texture.image(), {depth_value, stencil_value}, range);
  l.s.check_validation();
}

bool texture_clear_color_region(Texture& texture, unsigned level, const Box& box, const std::uint32_t value[4],
                                ClearKind kind, const std::array<bool, 4>& write_mask, bool srgb_as_linear) {
  if (texture.reinterprets_image()) {
    // Rendering into a view of the image in this texture's format would need the format to be an
    // attachment format of the image's usage: clear a stand-in of that format instead.
    const auto stand_in = stand_in_for(texture, level, unsigned(box.z), unsigned(box.depth), true);
    Box inside = box;
    if (!is_3d(texture.layout())) inside.z = 0;
    if (!texture_clear_color_region(*stand_in, 0, inside, value, kind, write_mask, srgb_as_linear)) return false;
    write_back(*stand_in, texture, level, unsigned(box.z));
    return true;
  }
  vk_backend::Image& image = texture.image();
  if (!(image.description().usage & VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT)) return false;
  const FormatDesc& d = formats::describe(texture.layout().format);
  if (srgb_as_linear && !(image.description().flags & VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT)) return false;
  const VkFormat view_format =
      static_cast<VkFormat>(srgb_as_linear ? formats::describe(d.linear_equivalent).vk_format : d.vk_format);
  VkClearColorValue clear;
  std::memcpy(clear.uint32, value, sizeof clear.uint32);
  VkColorComponentFlags mask = 0;
  for (unsigned c = 0; c < 4; ++c)
    if (write_mask[c]) mask |= VK_COLOR_COMPONENT_R_BIT << c;
  // The fragment shader's output type must be the attachment's (Vulkan's interface matching); a
  // clear value of another kind (glClearBufferuiv on a normalized buffer: undefined values in GL)
  // goes as its bits.
  const vk_backend::ColorOutput output = color_output(d);
  Locked l(texture.screen());
  l.s.stream->clear_color_region(image, view_format, render_region(texture, level, box), clear, output, mask);
  l.s.check_validation();
  return true;
}

bool texture_clear_depth_stencil_region(Texture& texture, unsigned level, const Box& box, bool depth,
                                        float depth_value, bool stencil, std::uint32_t stencil_value,
                                        std::uint32_t stencil_write_mask) {
  vk_backend::Image& image = texture.image();
  if (!(image.description().usage & VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT)) return false;
  Locked l(texture.screen());
  l.s.stream->clear_depth_stencil_region(image, render_region(texture, level, box), depth, depth_value, stencil, stencil_value,
                                         stencil_write_mask);
  l.s.check_validation();
  return true;
}


// ---------------------------------------------------------------------------------------------
// Attachment clears (st_Clear): the way chosen here, carried out with the clears above.

namespace {

// The clear's rectangle in `count` layers from `first` (3D: depth slices).
Box clear_box(const ClearRegion& r, int first, int count) {
  Box box;
  box.x = r.x0;
  box.y = r.y0;
  box.z = first;
  box.width = r.x1 - r.x0;
  box.height = r.y1 - r.y0;
  box.depth = count;
  return box;
}

// The clear value and write mask moved to the channels of the storage format (the rebase of the
// CPU path: GL_RGB stored as RGBA writes alpha 1). False when the storage reorders channels through
// a component swizzle, which a render target cannot express.
bool storage_clear_value(const ClearRegion& image, const ColorClear& value, const std::array<bool, 4>& mask,
                         std::uint32_t (&words)[4], std::array<bool, 4>& storage_mask) {
  const formats::FormatDesc& d = formats::describe(image.storage);
  formats::Swizzle map[4] = {formats::Swizzle::X, formats::Swizzle::Y, formats::Swizzle::Z, formats::Swizzle::W};
  formats::compute_rgba2base2rgba_component_mapping(image.base_format, map);
  const std::uint32_t one = value.kind == ClearKind::FLOAT ? std::bit_cast<std::uint32_t>(1.0f) : 1u;
  for (unsigned c = 0; c < 4; ++c) {
    const formats::Swizzle own = formats::Swizzle(c);
    if (d.vk_swizzle[c] != own && d.vk_swizzle[c] != formats::Swizzle::ZERO && d.vk_swizzle[c] != formats::Swizzle::ONE)
      return false;
    if (map[c] <= formats::Swizzle::W) {
      const unsigned from = unsigned(map[c]);
      words[c] = value.kind == ClearKind::FLOAT  ? std::bit_cast<std::uint32_t>(value.f[from])
                 : value.kind == ClearKind::SINT ? std::uint32_t(value.i[from])
                                                 : value.u[from];
      storage_mask[c] = mask[from];
    } else {
      words[c] = map[c] == formats::Swizzle::ONE ? one : 0u;
      storage_mask[c] = true;  // a channel the base format lacks always holds its constant
    }
  }
  return true;
}

}  // namespace

Result clear_color(Texture& texture, const ClearRegion& image, const ColorClear& value,
                   const std::array<bool, 4>& mask, bool framebuffer_srgb) {
  const formats::FormatDesc& d = formats::describe(image.storage);
  const bool srgb = d.colorspace == formats::Colorspace::SRGB;
  // GL writes sRGB-encoded values only with GL_FRAMEBUFFER_SRGB; otherwise the bits go as they are.
  const formats::Format target = srgb && !framebuffer_srgb ? d.linear_equivalent : image.storage;
  // Of a 3D texture, only a clear of every slice of the level may take the transfer clear.
  const bool every_slice = !is_3d(texture.layout()) ||
                           (image.first_layer == 0 && unsigned(image.layers) == texture.layout().level_depth(image.level));
  const bool whole =
      image.x0 == 0 && image.y0 == 0 && image.x1 == image.width && image.y1 == image.height && every_slice;
  const bool full_mask = mask[0] && mask[1] && mask[2] && mask[3];
  const bool unencoded_srgb = srgb && !framebuffer_srgb;
  std::uint32_t words[4];
  std::array<bool, 4> storage_mask;
  const bool storage_channels = storage_clear_value(image, value, mask, words, storage_mask);
  const bool exact_storage = storage_channels && format_base_format(image.storage) == image.base_format;
  if (whole && full_mask && exact_storage && !unencoded_srgb) {
    texture_clear_color(texture, image.level, unsigned(image.first_layer), unsigned(image.layers), words,
                        value.kind);
    return Result::ok();
  }
  // Scissored or masked: the rectangle is drawn into the attachment.
  if (storage_channels && texture_clear_color_region(texture, image.level,
                                                     clear_box(image, image.first_layer, image.layers), words,
                                                     value.kind, storage_mask, unencoded_srgb))
    return Result::ok();
  if (image.samples > 1)
    return Result::fail(Failure::UNSUPPORTED, "the multisample buffer's storage cannot be a render target");
  // Read, change the unmasked channels, write: through RGBA of the clear value's kind.
  const formats::Format rgba = value.kind == ClearKind::FLOAT  ? formats::Format::R32G32B32A32_FLOAT
                               : value.kind == ClearKind::SINT ? formats::Format::R32G32B32A32_SINT
                                                               : formats::Format::R32G32B32A32_UINT;
  const formats::PixelFormat stored(target), wide(rgba);
  const int w = image.x1 - image.x0, h = image.y1 - image.y0;
  const std::size_t row = stored.row_bytes(unsigned(w)), wide_row = std::size_t(w) * 16;
  std::vector<std::byte> texels(row * std::size_t(h)), values(wide_row * std::size_t(h));
  formats::Swizzle map[4];
  formats::ConvertParams to_storage;
  if (formats::compute_rgba2base2rgba_component_mapping(image.base_format, map)) to_storage.rebase_swizzle = map;
  for (int layer = image.first_layer; layer < image.first_layer + image.layers; ++layer) {
    const Box box = clear_box(image, layer, 1);
    if (!full_mask) {
      texture_read(texture, image.level, box, texels.data(), row, row * std::size_t(h));
      if (formats::convert(values.data(), wide, wide_row, texels.data(), stored, row, unsigned(w), unsigned(h)) !=
          formats::ConvertStatus::OK)
        return Result::ok();  // mismatched clear type and buffer: undefined results, nothing written
    }
    for (std::size_t t = 0; t < std::size_t(w) * std::size_t(h); ++t)
      for (int c = 0; c < 4; ++c)
        if (mask[std::size_t(c)])
          std::memcpy(values.data() + t * 16 + std::size_t(c) * 4,
                      value.kind == ClearKind::FLOAT  ? static_cast<const void*>(&value.f[c])
                      : value.kind == ClearKind::SINT ? static_cast<const void*>(&value.i[c])
                                                      : static_cast<const void*>(&value.u[c]),
                      4);
    if (formats::convert(texels.data(), stored, row, values.data(), wide, wide_row, unsigned(w), unsigned(h),
                         to_storage) != formats::ConvertStatus::OK)
      return Result::ok();
    texture_write(texture, image.level, box, texels.data(), row, row * std::size_t(h));
  }
  return Result::ok();
}

Result clear_depth_stencil(Texture& texture, const ClearRegion& image, bool depth, float depth_value, bool stencil,
                           std::uint32_t stencil_value, std::uint32_t stencil_mask) {
  const formats::FormatDesc& d = formats::describe(image.storage);
  const bool whole = image.x0 == 0 && image.y0 == 0 && image.x1 == image.width && image.y1 == image.height;
  if (whole && (!stencil || stencil_mask == 0xff)) {
    texture_clear_depth_stencil(texture, image.level, unsigned(image.first_layer), unsigned(image.layers), depth,
                                depth_value, stencil, stencil_value & 0xff);
    return Result::ok();
  }
  // Scissored, or a partial stencil write mask: the rectangle is drawn into the attachment.
  if (texture_clear_depth_stencil_region(texture, image.level, clear_box(image, image.first_layer, image.layers),
                                         depth, depth_value, stencil, stencil_value & 0xff, stencil_mask))
    return Result::ok();
  if (image.samples > 1)
    return Result::fail(Failure::UNSUPPORTED, "the multisample buffer's storage cannot be a render target");
  const int w = image.x1 - image.x0, h = image.y1 - image.y0;
  const std::size_t count = std::size_t(w) * std::size_t(h), row = std::size_t(w) * (d.block_bits / 8);
  std::vector<std::byte> texels(row * std::size_t(h));
  std::vector<float> depths(count, depth_value);
  std::vector<std::uint8_t> stencils(count);
  for (int layer = image.first_layer; layer < image.first_layer + image.layers; ++layer) {
    const Box box = clear_box(image, layer, 1);
    texture_read(texture, image.level, box, texels.data(), row, texels.size());
    if (depth) formats::pack_depth_float(d, depths.data(), texels.data(), count);
    if (stencil) {
      formats::unpack_stencil_uint(d, texels.data(), stencils.data(), count);
      for (std::uint8_t& s : stencils)
        s = std::uint8_t((s & ~stencil_mask) | (stencil_value & stencil_mask));
      formats::pack_stencil_uint(d, stencils.data(), texels.data(), count);
    }
    texture_write(texture, image.level, box, texels.data(), row, texels.size());
  }
  return Result::ok();
}

}  // namespace glvk::st
