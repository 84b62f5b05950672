// Texture blits (format conversion, glBlitFramebuffer's scaled and resolving blits) and the
// stand-in textures through which views that reinterpret their image blit.
#include "glvk/st/blit.h"

#include <string>

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
using vk_backend::MemoryPlacement;

vk_backend::RenderRegion render_region(const Texture& texture, unsigned level, const Box& box) {
  vk_backend::RenderRegion region;
  region.level = texture.image_level(level);
  region.first_layer = is_3d(texture.layout()) ? std::uint32_t(box.z) : texture.image_layer(unsigned(box.z));
  region.layer_count = std::uint32_t(box.depth);
  region.rect = {{std::int32_t(box.x), box.y}, {std::uint32_t(box.width), std::uint32_t(box.height)}};
  return region;
}

Box level_box(const Texture& texture, unsigned level, unsigned first, unsigned count) {
  const TextureLayout& l = texture.layout();
  Box box;
  box.width = l.level_width(level);
  box.height = int(l.level_height(level));
  box.z = is_3d(l) ? 0 : int(first);
  box.depth = is_3d(l) ? int(l.level_depth(level)) : int(count);
  return box;
}

// A texture of one level in `view`'s own format standing in for layers [first, first + count)
// of `level` (3D: every slice), filled from the view when `with_contents`. Vulkan blits, resolves
// and clears work in the image's format: a view that reinterprets its image uses this instead.
std::unique_ptr<Texture> stand_in_for(Texture& view, unsigned level, unsigned first, unsigned count,
                                      bool with_contents) {
  const TextureLayout& v = view.layout();
  TextureLayout l;
  l.target = is_3d(v) ? TextureTarget::TEXTURE_3D
             : v.target == TextureTarget::TEXTURE_1D || v.target == TextureTarget::TEXTURE_1D_ARRAY
                 ? TextureTarget::TEXTURE_1D_ARRAY
                 : TextureTarget::TEXTURE_2D_ARRAY;
  l.format = v.format;
  l.width = v.level_width(level);
  l.height = v.level_height(level);
  l.depth = v.level_depth(level);
  l.layers = is_3d(v) ? 1 : count;
  l.samples = v.samples;
  auto stand_in = std::make_unique<Texture>(view.shared_screen(), l, v.samples > 1 ? BIND_RENDER_TARGET : 0u);
  if (with_contents) texture_copy(view, level, level_box(view, level, first, count), *stand_in, 0, level_box(*stand_in, 0, 0, count));
  return stand_in;
}

// Writes a stand-in back into the layers of the view it stood in for.
void write_back(Texture& stand_in, Texture& view, unsigned level, unsigned first) {
  texture_copy(stand_in, 0, level_box(stand_in, 0, 0, stand_in.layout().layers), view, level,
               level_box(view, level, first, stand_in.layout().layers));
}


namespace {

VkImageBlit blit_region(const Texture& texture, unsigned level, const Box& box, VkImageSubresourceLayers& layers,
                        VkOffset3D (&offsets)[2]) {
  const bool three_d = is_3d(texture.layout());
  layers = {texture.image().aspects(), texture.image_level(level), three_d ? 0u : texture.image_layer(unsigned(box.z)),
            three_d ? 1u : std::uint32_t(box.depth)};
  offsets[0] = {std::int32_t(box.x), box.y, three_d ? box.z : 0};
  offsets[1] = {std::int32_t(box.x + box.width), box.y + box.height, three_d ? box.z + box.depth : 1};
  return {};
}

// The whole of layers [first, first + count) of a level (3D: every slice).

}  // namespace

void texture_blit(Texture& src, unsigned src_level, const Box& src_box, Texture& dst, unsigned dst_level,
                  const Box& dst_box) {
  if (dst.reinterprets_image()) {
    const auto stand_in = stand_in_for(dst, dst_level, unsigned(dst_box.z), unsigned(dst_box.depth), true);
    Box inside = dst_box;
    if (!is_3d(dst.layout())) inside.z = 0;
    texture_blit(src, src_level, src_box, *stand_in, 0, inside);
    return write_back(*stand_in, dst, dst_level, unsigned(dst_box.z));
  }
  VkImageBlit region{};
  blit_region(src, src_level, src_box, region.srcSubresource, region.srcOffsets);
  blit_region(dst, dst_level, dst_box, region.dstSubresource, region.dstOffsets);
  Locked lock(src.screen());
  lock.s.stream->blit_image(src.image(), dst.image(), {&region, 1}, VK_FILTER_NEAREST);
  lock.s.check_validation();
}

namespace {

bool blit_supported(Screen& screen, const FormatDesc& src, const FormatDesc& dst, bool linear) {
  const vk_backend::Device& device = *screen.impl().device;
  const VkFormatProperties from = device.format_properties(static_cast<VkFormat>(src.vk_format));
  const VkFormatProperties to = device.format_properties(static_cast<VkFormat>(dst.vk_format));
  const VkFormatFeatureFlags source = VK_FORMAT_FEATURE_BLIT_SRC_BIT |
                                      (linear ? VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT : 0);
  return (from.optimalTilingFeatures & source) == source &&
         (to.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_DST_BIT) != 0;
}

// GLVK_BLIT=shader sends every colour blit down the shader path (to test it on devices that blit
// everything with vkCmdBlitImage).
bool shader_blits_forced() {
  static const bool forced = [] {
    const char* value = std::getenv("GLVK_BLIT");
    return value && std::strcmp(value, "shader") == 0;
  }();
  return forced;
}

// A single-sample twin of a multisample texture's storage: where resolves land before they are
// copied or converted into the destination.
std::unique_ptr<Texture> resolve_target(const Texture& multisample) {
  TextureLayout layout;
  layout.format = multisample.layout().format;
  layout.width = multisample.layout().width;
  layout.height = multisample.layout().height;
  const bool depth_stencil = multisample.image().aspects() != VK_IMAGE_ASPECT_COLOR_BIT;
  return std::make_unique<Texture>(multisample.shared_screen(), layout,
                                   depth_stencil ? BIND_DEPTH_STENCIL : BIND_RENDER_TARGET);
}

// Copies a rectangle between two images of one format. One aspect of a combined depth/stencil
// image goes through a buffer: lavapipe (Mesa 22.3) copies and blits whole texels of packed
// depth/stencil images even when the region names only one aspect.
void copy_rectangle(Screen::Impl& s, Texture& src, const VkImageSubresourceLayers& src_layers, VkOffset3D src_corner,
                    Texture& dst, const VkImageSubresourceLayers& dst_layers, VkOffset3D dst_corner,
                    VkExtent3D extent) {
  if (src_layers.aspectMask == src.image().aspects()) {
    const VkImageCopy region{src_layers, src_corner, dst_layers, dst_corner, extent};
    s.stream->copy_image(src.image(), dst.image(), {&region, 1});
    return;
  }
  for (const VkImageAspectFlagBits aspect : {VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_ASPECT_STENCIL_BIT}) {
    if (!(src_layers.aspectMask & aspect)) continue;
    const std::size_t texel_bytes = aspect == VK_IMAGE_ASPECT_DEPTH_BIT ? depth_aspect_bytes(src.layout().format) : 1;
    const std::size_t bytes = std::size_t(extent.width) * extent.height * texel_bytes;
    auto buffer = s.pool->acquire(vk_backend::staging_size(bytes), MemoryPlacement::DeviceLocal);
    VkBufferImageCopy region{};
    region.imageSubresource = {VkImageAspectFlags(aspect), src_layers.mipLevel, src_layers.baseArrayLayer, 1};
    region.imageOffset = src_corner;
    region.imageExtent = extent;
    s.stream->copy_image_to_buffer(src.image(), *buffer, {&region, 1});
    region.imageSubresource = {VkImageAspectFlags(aspect), dst_layers.mipLevel, dst_layers.baseArrayLayer, 1};
    region.imageOffset = dst_corner;
    s.stream->copy_buffer_to_image(*buffer, dst.image(), {&region, 1});
    s.pool->release(std::move(buffer));
  }
}

int rect_min(const int rect[4], int axis) { return std::min(rect[axis], rect[axis + 2]); }
std::uint32_t rect_extent(const int rect[4], int axis) { return std::uint32_t(std::abs(rect[axis + 2] - rect[axis])); }

}  // namespace

bool texture_blit_scaled(Texture& src, unsigned src_level, int src_layer, const int src_rect[4], Texture& dst,
                         unsigned dst_level, int dst_layer, const int dst_rect[4], const BlitOptions& options) {
  const bool linear = options.linear;
  const bool src_3d = src.layout().target == TextureTarget::TEXTURE_3D;
  const bool dst_3d = dst.layout().target == TextureTarget::TEXTURE_3D;
  if (src.reinterprets_image()) {
    const auto stand_in = stand_in_for(src, src_level, unsigned(src_layer), 1, true);
    return texture_blit_scaled(*stand_in, 0, src_3d ? src_layer : 0, src_rect, dst, dst_level, dst_layer, dst_rect,
                               options);
  }
  if (dst.reinterprets_image()) {
    const auto stand_in = stand_in_for(dst, dst_level, unsigned(dst_layer), 1, true);
    if (!texture_blit_scaled(src, src_level, src_layer, src_rect, *stand_in, 0, dst_3d ? dst_layer : 0, dst_rect,
                             options))
      return false;
    write_back(*stand_in, dst, dst_level, unsigned(dst_layer));
    return true;
  }
  const FormatDesc& sd = formats::describe(src.layout().format);
  const FormatDesc& dd = formats::describe(dst.layout().format);
  const bool src_multisample = src.layout().samples > 1, dst_multisample = dst.layout().samples > 1;
  const VkImageAspectFlags aspects =
      src.image().aspects() == VK_IMAGE_ASPECT_COLOR_BIT
          ? VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT)
          : src.image().aspects() & ((options.depth ? VK_IMAGE_ASPECT_DEPTH_BIT : 0) |
                                     (options.stencil ? VK_IMAGE_ASPECT_STENCIL_BIT : 0));
  const bool color = aspects == VK_IMAGE_ASPECT_COLOR_BIT;
  const VkImageSubresourceLayers src_layers{aspects, src.image_level(src_level),
                                            src_3d ? 0u : src.image_layer(unsigned(src_layer)), 1};
  const VkImageSubresourceLayers dst_layers{aspects, dst.image_level(dst_level),
                                            dst_3d ? 0u : dst.image_layer(unsigned(dst_layer)), 1};
  const VkOffset3D src_corner{rect_min(src_rect, 0), rect_min(src_rect, 1), src_3d ? src_layer : 0};
  const VkOffset3D dst_corner{rect_min(dst_rect, 0), rect_min(dst_rect, 1), dst_3d ? dst_layer : 0};
  const VkExtent3D extent{rect_extent(src_rect, 0), rect_extent(src_rect, 1), 1};

  if (src_multisample) {
    // GL guarantees the size is kept (and, between two multisample buffers, the sample count).
    if (dst_multisample) {
      if (sd.vk_format != dd.vk_format) return false;  // no per-sample conversion path
      Locked lock(src.screen());
      copy_rectangle(lock.s, src, src_layers, src_corner, dst, dst_layers, dst_corner, extent);
      lock.s.check_validation();
      return true;
    }
    if (color && sd.vk_format == dd.vk_format) {
      const VkImageResolve region{src_layers, src_corner, dst_layers, dst_corner, extent};
      Locked lock(src.screen());
      lock.s.stream->resolve_image(src.image(), dst.image(), {&region, 1});
      lock.s.check_validation();
      return true;
    }
    // Resolve into a single-sample twin, then convert (colour) or copy the chosen aspects.
    std::unique_ptr<Texture> resolved = resolve_target(src);
    {
      Locked lock(src.screen());
      if (color) {
        const VkImageResolve region{src_layers, src_corner, {aspects, 0, 0, 1}, src_corner, extent};
        lock.s.stream->resolve_image(src.image(), resolved->image(), {&region, 1});
      } else {
        const VkRect2D rect{{src_corner.x, src_corner.y}, {extent.width, extent.height}};
        lock.s.stream->resolve_depth_stencil(src.image(), src.image_layer(unsigned(src_layer)), resolved->image(), 0, 0,
                                             rect);
        if (sd.vk_format == dd.vk_format)
          copy_rectangle(lock.s, *resolved, {aspects, 0, 0, 1}, src_corner, dst, dst_layers, dst_corner, extent);
      }
      lock.s.check_validation();
    }
    if (!color) return sd.vk_format == dd.vk_format;
    return texture_blit_scaled(*resolved, 0, 0, src_rect, dst, dst_level, dst_layer, dst_rect, options);
  }

  // sRGB buffers taken as they are: read and written through views of their linear twins.
  const auto view_format = [&](const Texture& texture, const FormatDesc& d, bool& viewable) {
    if (options.srgb || d.colorspace != formats::Colorspace::SRGB) return static_cast<VkFormat>(d.vk_format);
    viewable = viewable && (texture.image().description().flags & VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT);
    return static_cast<VkFormat>(formats::describe(d.linear_equivalent).vk_format);
  };
  bool viewable = true;
  const VkFormat src_view = view_format(src, sd, viewable), dst_view = view_format(dst, dd, viewable);
  const bool unencoded_srgb = src_view != static_cast<VkFormat>(sd.vk_format) ||
                              dst_view != static_cast<VkFormat>(dd.vk_format);
  const bool use_shader = color && (dst_multisample || unencoded_srgb || shader_blits_forced() ||
                                    !blit_supported(src.screen(), sd, dd, linear));
  if (use_shader) {
    // The blit shader samples a 2D image: a 1D source (which has no 2D view) goes another way.
    if (!viewable || !src.screen().impl().device->has_push_descriptor() ||
        src.image().description().type == VK_IMAGE_TYPE_1D ||
        !(dst.image().description().usage & VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT))
      return false;
    // Source position of destination pixel centre c, per axis: s0 + (c - d0) * (s1 - s0) / (d1 - d0).
    vk_backend::BlitConstants mapping;
    for (int axis = 0; axis < 2; ++axis) {
      const float scale = float(src_rect[axis + 2] - src_rect[axis]) / float(dst_rect[axis + 2] - dst_rect[axis]);
      mapping.scale[axis] = scale;
      mapping.offset[axis] = float(src_rect[axis]) - float(dst_rect[axis]) * scale;
    }
    vk_backend::RenderRegion region;
    region.level = dst.image_level(dst_level);
    region.first_layer = dst_3d ? unsigned(dst_layer) : dst.image_layer(unsigned(dst_layer));
    region.rect = {{dst_corner.x, dst_corner.y}, {rect_extent(dst_rect, 0), rect_extent(dst_rect, 1)}};
    Locked lock(src.screen());
    lock.s.stream->blit_with_shader(src.image(), src_view, src.image_level(src_level),
                                    src_3d ? unsigned(src_layer) : src.image_layer(unsigned(src_layer)), dst.image(), dst_view,
                                    region, mapping, color_output(dd), linear);
    lock.s.check_validation();
    return true;
  }
  if (dst_multisample || !blit_supported(src.screen(), sd, dd, false)) return false;
  if (!color && aspects != src.image().aspects()) {
    // One aspect of a combined depth/stencil image: copied, or blitted whole into a scratch image
    // and copied from there (copy_rectangle says why).
    const bool same_rectangle = src_rect[2] - src_rect[0] == dst_rect[2] - dst_rect[0] &&
                                src_rect[3] - src_rect[1] == dst_rect[3] - dst_rect[1];
    const VkExtent3D dst_extent{rect_extent(dst_rect, 0), rect_extent(dst_rect, 1), 1};
    if (same_rectangle) {
      Locked lock(src.screen());
      copy_rectangle(lock.s, src, src_layers, src_corner, dst, dst_layers, dst_corner, dst_extent);
      lock.s.check_validation();
      return true;
    }
    TextureLayout layout;
    layout.format = dst.layout().format;
    layout.width = dst.layout().level_width(dst_level);
    layout.height = dst.layout().level_height(dst_level);
    Texture scratch(dst.shared_screen(), layout, BIND_DEPTH_STENCIL);
    if (!texture_blit_scaled(src, src_level, src_layer, src_rect, scratch, 0, 0, dst_rect, BlitOptions{})) return false;
    Locked lock(src.screen());
    copy_rectangle(lock.s, scratch, {aspects, 0, 0, 1}, {dst_corner.x, dst_corner.y, 0}, dst, dst_layers, dst_corner,
                   dst_extent);
    lock.s.check_validation();
    return true;
  }
  VkImageBlit region{};
  region.srcSubresource = src_layers;
  region.dstSubresource = dst_layers;
  region.srcOffsets[0] = {src_rect[0], src_rect[1], src_3d ? src_layer : 0};
  region.srcOffsets[1] = {src_rect[2], src_rect[3], src_3d ? src_layer + 1 : 1};
  region.dstOffsets[0] = {dst_rect[0], dst_rect[1], dst_3d ? dst_layer : 0};
  region.dstOffsets[1] = {dst_rect[2], dst_rect[3], dst_3d ? dst_layer + 1 : 1};
  Locked lock(src.screen());
  lock.s.stream->blit_image(src.image(), dst.image(), {&region, 1}, linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST);
  lock.s.check_validation();
  return true;
}

// ---------------------------------------------------------------------------------------------
// glBlitFramebuffer's blit of one buffer (st_BlitFramebuffer's execution).

std::unique_ptr<Texture> scratch_texture(std::shared_ptr<Screen> screen, Format storage, int w, int h) {
  TextureLayout layout;
  layout.format = storage;
  layout.width = std::uint32_t(w);
  layout.height = std::uint32_t(h);
  const FormatDesc& d = formats::describe(storage);
  return std::make_unique<Texture>(std::move(screen), layout,
                                   d.is_depth || d.is_stencil ? BIND_DEPTH_STENCIL : BIND_RENDER_TARGET);
}

std::unique_ptr<Texture> resolve_for_read(Texture& multisample, unsigned level, int layer, Format storage, int w,
                                          int h) {
  std::unique_ptr<Texture> resolved = scratch_texture(multisample.shared_screen(), storage, w, h);
  const int whole[4] = {0, 0, w, h};
  BlitOptions exact;
  exact.srgb = false;  // the resolve keeps the encoding
  if (!texture_blit_scaled(multisample, level, layer, whole, *resolved, 0, 0, whole, exact)) return nullptr;
  return resolved;
}

namespace {

struct Rect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
};

}  // namespace

Result blit_surface(const BlitSurface& src, const int s[4], const BlitSurface& dst, const int d[4],
                    const int writable_rect[4], const BlitOptions& options) {
  // GL 4.6 section 18.3.1: of the per-fragment operations only the scissor test applies to blits.
  // It discards destination pixels without moving the others' source positions, so a cut blit
  // goes whole into a stand-in of the destination rectangle and the scissored part is copied on.
  const Rect writable{writable_rect[0], writable_rect[1], writable_rect[2], writable_rect[3]};
  const Rect covered{std::min(d[0], d[2]), std::min(d[1], d[3]), std::max(d[0], d[2]), std::max(d[1], d[3])};
  const Rect target{std::max(covered.x0, writable.x0), std::max(covered.y0, writable.y0),
                    std::min(covered.x1, writable.x1), std::min(covered.y1, writable.y1)};
  if (target.empty()) return Result::ok();
  const bool cut = target.x0 > covered.x0 || target.y0 > covered.y0 || target.x1 < covered.x1 || target.y1 < covered.y1;
  BlitOptions exact = options;
  exact.linear = false;
  exact.srgb = false;  // stand-ins keep the bits

  Texture* from = src.texture;
  unsigned from_level = src.level;
  int from_layer = src.layer;
  std::unique_ptr<Texture> source_copy, staged;
  bool done = true;
  if (src.texture == dst.texture && src.level == dst.level && src.layer == dst.layer) {
    // Source and destination in one image: Vulkan forbids the overlap, so go through a copy.
    source_copy = scratch_texture(src.texture->shared_screen(), src.storage, src.width, src.height);
    const int whole[4] = {0, 0, src.width, src.height};
    done = texture_blit_scaled(*src.texture, from_level, src.layer, whole, *source_copy, 0, 0, whole, exact);
    from = source_copy.get(), from_level = 0, from_layer = 0;
  }
  if (done && cut) {
    const int x0 = covered.x0, y0 = covered.y0;
    staged = scratch_texture(src.texture->shared_screen(), dst.storage, covered.x1 - covered.x0,
                             covered.y1 - covered.y0);
    const int into[4] = {d[0] - x0, d[1] - y0, d[2] - x0, d[3] - y0};
    const int part[4] = {target.x0 - x0, target.y0 - y0, target.x1 - x0, target.y1 - y0};
    const int onto[4] = {target.x0, target.y0, target.x1, target.y1};
    done = texture_blit_scaled(*from, from_level, from_layer, s, *staged, 0, 0, into, options) &&
           texture_blit_scaled(*staged, 0, 0, part, *dst.texture, dst.level, dst.layer, onto, exact);
  } else if (done) {
    done = texture_blit_scaled(*from, from_level, from_layer, s, *dst.texture, dst.level, dst.layer, d, options);
  }
  if (done) return Result::ok();
  return Result::fail(Failure::UNSUPPORTED, std::string("no Vulkan path blits ") + formats::describe(src.storage).name +
                                                " (" + std::to_string(src.samples) + " samples) into " +
                                                formats::describe(dst.storage).name + " (" +
                                                std::to_string(dst.samples) + " samples); the destination is unchanged");
}

}  // namespace glvk::st
