// Texture clears: whole layers through the transfer clear, regions drawn as render targets.
#include "glvk/st/texture.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "glvk/formats/convert.h"
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
  const VkImageSubresourceRange range{VK_IMAGE_ASPECT_COLOR_BIT, texture.image_level(level), 1,
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
  const vk_backend::ColorOutput output = kind == ClearKind::FLOAT  ? vk_backend::ColorOutput::FLOAT
                                         : kind == ClearKind::SINT ? vk_backend::ColorOutput::SINT
                                                                   : vk_backend::ColorOutput::UINT;
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

}  // namespace glvk::st
