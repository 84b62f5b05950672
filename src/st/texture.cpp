#include "glvk/st/texture.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "glvk/formats/convert.h"
#include "glvk/st/shadow.h"
#include "glvk/vk_backend/buffer.h"
#include "glvk/vk_backend/error.h"
#include "glvk/vk_backend/image.h"
#include "screen_impl.h"

namespace glvk::st {
namespace {

using formats::Format;
using formats::FormatDesc;
using vk_backend::MemoryPlacement;

bool is_3d(const TextureLayout& layout) { return layout.target == TextureTarget::TEXTURE_3D; }

VkImageType image_type(TextureTarget target) {
  switch (target) {
    case TextureTarget::TEXTURE_1D:
    case TextureTarget::TEXTURE_1D_ARRAY: return VK_IMAGE_TYPE_1D;
    case TextureTarget::TEXTURE_3D: return VK_IMAGE_TYPE_3D;
    default: return VK_IMAGE_TYPE_2D;
  }
}

std::uint32_t blocks(std::uint32_t texels, std::uint32_t block) { return (texels + block - 1) / block; }

bool has_depth_and_stencil(const FormatDesc& d) { return d.is_depth && d.is_stencil; }

// The channel of a depth/stencil format that holds depth (swizzle[0]) or stencil (swizzle[1]).
const formats::Channel& zs_channel(const FormatDesc& d, int which) {
  return d.channel[static_cast<int>(d.swizzle[which])];
}

std::uint64_t load_texel(const std::byte* p, unsigned bytes) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, bytes);  // little-endian host: bit n of the block is bit n of v
  return v;
}

void store_texel(std::byte* p, std::uint64_t v, unsigned bytes) { std::memcpy(p, &v, bytes); }

// One copy region and where its texels sit in a buffer: the common shape of every transfer.
struct Plan {
  std::vector<VkBufferImageCopy> regions;
  std::size_t row_bytes = 0;      // tight bytes of one row of blocks (colour or combined ZS texels)
  std::uint32_t rows = 0;         // rows of blocks per slice
  std::uint32_t slices = 0;
  std::size_t depth_offset = 0, stencil_offset = 0;  // split depth/stencil areas
  std::size_t size = 0;           // bytes of staging the plan needs
  bool split = false;
};

VkBufferImageCopy region_for(const Texture& texture, unsigned level, const Box& box, VkImageAspectFlags aspect,
                             VkDeviceSize offset, std::uint32_t row_length, std::uint32_t image_height) {
  const TextureLayout& layout = texture.layout();
  VkBufferImageCopy r{};
  r.bufferOffset = offset;
  r.bufferRowLength = row_length;
  r.bufferImageHeight = image_height;
  r.imageSubresource.aspectMask = aspect;
  r.imageSubresource.mipLevel = texture.image_level(level);
  r.imageSubresource.baseArrayLayer = is_3d(layout) ? 0 : texture.image_layer(unsigned(box.z));
  r.imageSubresource.layerCount = is_3d(layout) ? 1 : std::uint32_t(box.depth);
  r.imageOffset = {std::int32_t(box.x), box.y, is_3d(layout) ? box.z : 0};
  r.imageExtent = {std::uint32_t(box.width), std::uint32_t(box.height), is_3d(layout) ? std::uint32_t(box.depth) : 1u};
  return r;
}

Plan plan_transfer(const Texture& texture, unsigned level, const Box& box, VkImageAspectFlags aspects) {
  const TextureLayout& layout = texture.layout();
  const FormatDesc& d = formats::describe(layout.format);
  Plan p;
  const std::uint32_t width_blocks = blocks(std::uint32_t(box.width), d.block_width);
  p.row_bytes = std::size_t(width_blocks) * (d.block_bits / 8);
  p.rows = blocks(std::uint32_t(box.height), d.block_height);
  p.slices = std::uint32_t(box.depth);
  const std::uint32_t row_length = width_blocks * d.block_width, image_height = p.rows * d.block_height;
  const std::size_t texels = std::size_t(width_blocks) * p.rows * p.slices;
  if (has_depth_and_stencil(d)) {
    p.split = true;
    p.depth_offset = 0;
    p.stencil_offset = (texels * depth_aspect_bytes(layout.format) + 3) & ~std::size_t(3);
    p.size = p.stencil_offset + texels;
    p.regions.push_back(region_for(texture, level, box, VK_IMAGE_ASPECT_DEPTH_BIT, p.depth_offset, row_length,
                                   image_height));
    p.regions.push_back(region_for(texture, level, box, VK_IMAGE_ASPECT_STENCIL_BIT, p.stencil_offset, row_length,
                                   image_height));
  } else {
    p.size = p.row_bytes * p.rows * p.slices;
    p.regions.push_back(region_for(texture, level, box, aspects, 0, row_length, image_height));
  }
  return p;
}

struct Locked {
  Screen::Impl& s;
  std::lock_guard<std::mutex> lock;
  explicit Locked(Screen& screen) : s(screen.impl()), lock(screen.impl().mutex) {}
};

// Copies `rows` rows of `row_bytes` in each of `slices` slices between two strided images; one
// memcpy when both are tightly packed.
void copy_rows(std::byte* dst, std::size_t dst_row, std::size_t dst_image, const std::byte* src, std::size_t src_row,
               std::size_t src_image, std::size_t row_bytes, std::uint32_t rows, std::uint32_t slices) {
  const std::size_t tight_image = row_bytes * rows;
  if (dst_row == row_bytes && src_row == row_bytes && (slices == 1 || (dst_image == tight_image && src_image == tight_image))) {
    std::memcpy(dst, src, tight_image * slices);
    return;
  }
  for (std::uint32_t z = 0; z < slices; ++z)
    for (std::uint32_t y = 0; y < rows; ++y)
      std::memcpy(dst + z * dst_image + y * dst_row, src + z * src_image + y * src_row, row_bytes);
}

// Where a box of a host-accessible (LINEAR) texture lies in the image's mapped memory: its first
// block, and the strides between rows of blocks and between slices (3D depth slices or layers).
struct DirectBox {
  std::byte* first = nullptr;
  std::size_t row_stride = 0, image_stride = 0;
};

DirectBox direct_box(const Texture& texture, unsigned level, const Box& box) {
  const TextureLayout& layout = texture.layout();
  const FormatDesc& d = formats::describe(layout.format);
  const vk_backend::Image& image = texture.image();
  // A view addresses its original's image at its level and layer offsets.
  const VkSubresourceLayout sub = image.subresource_layout(
      VK_IMAGE_ASPECT_COLOR_BIT, texture.image_level(level), is_3d(layout) ? 0u : texture.image_layer(unsigned(box.z)));
  DirectBox out;
  out.row_stride = sub.rowPitch;
  out.image_stride = is_3d(layout) ? sub.depthPitch : sub.arrayPitch;
  out.first = image.mapped() + sub.offset + (is_3d(layout) ? std::size_t(box.z) * sub.depthPitch : 0) +
              std::size_t(box.y / int(d.block_height)) * sub.rowPitch +
              std::size_t(box.x / std::int64_t(d.block_width)) * (d.block_bits / 8);
  return out;
}

// One row of a split (depth/stencil) plan: `count` texels at byte `texels` of the user's combined
// texels, at `depth` and `stencil` in the staging buffer's per-aspect areas.
struct SplitRow {
  std::size_t texels, depth, stencil, count;
};

template <typename RowFn>
void for_each_split_row(const Texture& texture, const Plan& p, std::size_t row_stride, std::size_t image_stride,
                        RowFn&& row) {
  const std::size_t count = p.row_bytes / (formats::describe(texture.layout().format).block_bits / 8);
  const unsigned depth_bytes = depth_aspect_bytes(texture.layout().format);
  std::size_t index = 0;
  for (std::uint32_t z = 0; z < p.slices; ++z)
    for (std::uint32_t y = 0; y < p.rows; ++y, ++index)
      row(SplitRow{z * image_stride + y * row_stride, p.depth_offset + index * count * depth_bytes,
                   p.stencil_offset + index * count, count});
}

void write_texels(Texture& texture, unsigned level, const Box& box, const void* texels, std::size_t row_stride,
                  std::size_t image_stride, Format texel_format);
void read_texels(Texture& texture, unsigned level, const Box& box, void* texels, std::size_t row_stride,
                 std::size_t image_stride, Format texel_format);

// Whether the CPU may write the texture's memory now without waiting: a host-accessible image the
// GPU no longer uses (a busy one is written through staging instead, in order with the GPU's work,
// as si_texture_transfer_map stages writes to a busy texture).
bool writable_in_place(Screen::Impl& s, const Texture& texture) {
  return texture.image().host_accessible() && s.stream->is_complete(texture.image().last_use);
}

// Waits until the GPU has finished every use of the texture, so the CPU may read its memory.
void wait_for_gpu_users(Screen::Impl& s, const Texture& texture) {
  if (s.stream->is_complete(texture.image().last_use)) return;
  s.stream->wait(texture.image().last_use);
  ++s.stats.waits;
}

}  // namespace

std::uint32_t TextureLayout::level_height(unsigned level) const {
  if (target == TextureTarget::TEXTURE_1D || target == TextureTarget::TEXTURE_1D_ARRAY) return 1;
  return height >> level ? height >> level : 1;
}

std::uint32_t TextureLayout::level_depth(unsigned level) const {
  if (target != TextureTarget::TEXTURE_3D) return 1;
  return depth >> level ? depth >> level : 1;
}

std::uint32_t full_mip_count(const TextureLayout& layout) {
  std::uint32_t size = std::max(layout.width, layout.target == TextureTarget::TEXTURE_1D ||
                                                      layout.target == TextureTarget::TEXTURE_1D_ARRAY
                                                  ? 1u
                                                  : layout.height);
  if (layout.target == TextureTarget::TEXTURE_3D) size = std::max(size, layout.depth);
  std::uint32_t levels = 1;
  while (size >>= 1) ++levels;
  return levels;
}

unsigned depth_aspect_bytes(Format format) {
  const FormatDesc& d = formats::describe(format);
  return zs_channel(d, 0).size <= 16 ? 2 : 4;
}

namespace {

// Where depth and stencil sit in a combined texel, and the sizes of the texel and its depth aspect.
struct ZsPacking {
  explicit ZsPacking(Format format) {
    const FormatDesc& d = formats::describe(format);
    const formats::Channel& z = zs_channel(d, 0);
    z_shift = z.shift;
    s_shift = zs_channel(d, 1).shift;
    z_mask = z.size == 64 ? ~0ull : (1ull << z.size) - 1;
    bytes = d.block_bits / 8;
    depth_bytes = depth_aspect_bytes(format);
  }
  unsigned z_shift, s_shift, bytes, depth_bytes;
  std::uint64_t z_mask;
  bool word_sized() const { return bytes == 4 && depth_bytes == 4; }  // the 24/8 layouts
};

}  // namespace

void split_depth_stencil(Format format, const std::byte* texels, std::size_t count, std::byte* depth,
                         std::byte* stencil) {
  const ZsPacking p(format);
  const unsigned bytes = p.bytes, depth_bytes = p.depth_bytes;
  if (p.word_sized()) {  // the 24/8 layouts: one 32-bit word per texel
    for (std::size_t i = 0; i < count; ++i) {
      std::uint32_t v;
      std::memcpy(&v, texels + i * 4, 4);
      const std::uint32_t zv = std::uint32_t((v >> p.z_shift) & p.z_mask);
      std::memcpy(depth + i * 4, &zv, 4);
      stencil[i] = std::byte((v >> p.s_shift) & 0xff);
    }
    return;
  }
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint64_t v = load_texel(texels + i * bytes, bytes);
    store_texel(depth + i * depth_bytes, (v >> p.z_shift) & p.z_mask, depth_bytes);
    stencil[i] = std::byte((v >> p.s_shift) & 0xff);
  }
}

void merge_depth_stencil(Format format, const std::byte* depth, const std::byte* stencil, std::size_t count,
                         std::byte* texels) {
  const ZsPacking p(format);
  const unsigned bytes = p.bytes, depth_bytes = p.depth_bytes;
  if (p.word_sized()) {  // the 24/8 layouts: one 32-bit word per texel
    for (std::size_t i = 0; i < count; ++i) {
      std::uint32_t zv;
      std::memcpy(&zv, depth + i * 4, 4);
      const std::uint32_t v = std::uint32_t((zv & p.z_mask) << p.z_shift) | std::uint32_t(std::uint8_t(stencil[i])) << p.s_shift;
      std::memcpy(texels + i * 4, &v, 4);
    }
    return;
  }
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint64_t zv = load_texel(depth + i * depth_bytes, depth_bytes) & p.z_mask;
    const std::uint64_t v = (zv << p.z_shift) | (std::uint64_t(std::uint8_t(stencil[i])) << p.s_shift);
    store_texel(texels + i * bytes, v, bytes);
  }
}

Texture::Texture(std::shared_ptr<Screen> screen, const TextureLayout& layout, unsigned bindings)
    : screen_(std::move(screen)), layout_(layout) {
  const FormatDesc& d = formats::describe(layout.format);
  if (d.vk_format == 0 || layout.target == TextureTarget::BUFFER)
    throw vk_backend::Error(std::string("no Vulkan image for format ") + d.name);
  vk_backend::ImageDescription image;
  image.type = image_type(layout.target);
  image.format = static_cast<VkFormat>(d.vk_format);
  image.extent = {layout.width, layout.level_height(0), layout.level_depth(0)};
  image.levels = layout.levels;
  image.layers = layout.layers;
  image.samples = layout.samples > 1 ? static_cast<VkSampleCountFlagBits>(layout.samples) : VK_SAMPLE_COUNT_1_BIT;
  image.usage = VK_IMAGE_USAGE_SAMPLED_BIT;
  // Cube views of 2D arrays need the flag too, so every image with 6n square layers has it.
  if (layout.target == TextureTarget::TEXTURE_CUBE || layout.target == TextureTarget::TEXTURE_CUBE_ARRAY ||
      (layout.viewable && layout.layers >= 6 && layout.width == layout.height && !is_3d(layout) &&
       layout.samples <= 1))
    image.flags |= VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
  if (layout.viewable && layout.mutable_format) image.flags |= VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT;
  {
    Locked l(*screen_);
    // `bindings` steered the format choice; the image may become an attachment whenever its format
    // can be one (any texture can be attached to a framebuffer later, as zink does it).
    VkFormatProperties properties;
    vkGetPhysicalDeviceFormatProperties(l.s.device->physical_device(), image.format, &properties);
    const VkFormatFeatureFlags features = properties.optimalTilingFeatures;
    if ((bindings & BIND_RENDER_TARGET) || (features & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT))
      image.usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
    if ((bindings & BIND_DEPTH_STENCIL) || (features & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT))
      image.usage |= VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
    // Attachments are drawn through single-layer 2D views: of a 3D image's depth slices too, and of
    // an sRGB storage as its linear twin (GL_FRAMEBUFFER_SRGB off writes the bits unencoded).
    constexpr VkImageUsageFlags attachment =
        VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
    const VkImageCreateFlags plain_flags = image.flags;
    if (image.usage & attachment) {
      if (layout.target == TextureTarget::TEXTURE_3D) image.flags |= VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT;
      if (d.linear_equivalent != Format::NONE) image.flags |= VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT;
    }
    // A format may be an attachment and still not for this image type or sample count: then the
    // texture is only sampled (unless the format choice asked for an attachment).
    VkImageFormatProperties limits;
    const bool requested = bindings & (BIND_RENDER_TARGET | BIND_DEPTH_STENCIL);
    if (!requested && (image.usage & attachment) &&
        vkGetPhysicalDeviceImageFormatProperties(
            l.s.device->physical_device(), image.format, image.type, VK_IMAGE_TILING_OPTIMAL,
            image.usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, image.flags,
            &limits) != VK_SUCCESS) {
      image.usage &= ~attachment;
      image.flags = plain_flags;
    }
    // Seed 003's direct-map case: a texture the CPU can write in place needs no staging copy.
    if (l.s.linear_textures && vk_backend::linear_tiling_supported(*l.s.device, image))
      image.tiling = VK_IMAGE_TILING_LINEAR;
    image_ = std::make_shared<vk_backend::Image>(*l.s.device, image);
  }
  shadow_texture(this, layout_, image_.get());
}

Texture::Texture(const Texture& original, const TextureLayout& view, unsigned first_level, unsigned first_layer)
    : screen_(original.screen_),
      layout_(view),
      image_(original.image_),
      first_level_(original.first_level_ + first_level),
      first_layer_(original.first_layer_ + first_layer) {
  if (!can_share_image(original.layout_.format, view.format))
    throw vk_backend::Error(std::string("a view of ") + formats::describe(original.layout_.format).name + " as " +
                            formats::describe(view.format).name + " cannot share its image");
  shadow_texture(this, layout_);
}

bool Texture::reinterprets_image() const {
  return static_cast<VkFormat>(formats::describe(layout_.format).vk_format) != image_->description().format;
}

bool can_share_image(Format original, Format view) {
  const FormatDesc& a = formats::describe(original);
  const FormatDesc& b = formats::describe(view);
  if (a.vk_format == 0 || b.vk_format == 0) return false;
  if (a.vk_format == b.vk_format) return true;
  // Vulkan views in another format: same texel block, colour only (depth/stencil formats are
  // compatible with themselves alone), both compressed or both not.
  return !a.is_depth && !a.is_stencil && !b.is_depth && !b.is_stencil && a.is_compressed == b.is_compressed &&
         a.block_bits == b.block_bits && a.block_width == b.block_width && a.block_height == b.block_height;
}

Texture::~Texture() {
  shadow_forget_texture(this);
  // The GPU may still copy from or into the image: it lives until that work is done.
  Locked l(*screen_);
  l.s.stream->release_after(image_, image_->last_use);
}

void texture_write(Texture& texture, unsigned level, const Box& box, const void* texels, std::size_t row_stride,
                   std::size_t image_stride) {
  write_texels(texture, level, box, texels, row_stride, image_stride, texture.layout().format);
}

bool same_depth_stencil_channels(Format texels, Format storage) {
  const FormatDesc &t = formats::describe(texels), &d = formats::describe(storage);
  if (!has_depth_and_stencil(t) || !has_depth_and_stencil(d)) return false;
  const formats::Channel &tz = zs_channel(t, 0), &dz = zs_channel(d, 0);
  return tz.size == dz.size && tz.type == dz.type && zs_channel(t, 1).size == 8 && zs_channel(d, 1).size == 8;
}

void texture_write_depth_stencil(Texture& texture, unsigned level, const Box& box, const void* texels,
                                 Format texel_format, std::size_t row_stride, std::size_t image_stride) {
  write_texels(texture, level, box, texels, row_stride, image_stride, texel_format);
}

namespace {

// texture_write with combined depth/stencil texels in `texel_format`, split per aspect as they are
// staged; any other texture takes texels in its own format.
void write_texels(Texture& texture, unsigned level, const Box& box, const void* texels, std::size_t row_stride,
                  std::size_t image_stride, Format texel_format) {
  const Plan p = plan_transfer(texture, level, box, texture.image().aspects());
  const auto* src = static_cast<const std::byte*>(texels);
  Locked l(texture.screen());
  if (writable_in_place(l.s, texture) && texel_format == texture.layout().format) {
    const DirectBox to = direct_box(texture, level, box);
    copy_rows(to.first, to.row_stride, to.image_stride, src, row_stride, image_stride, p.row_bytes, p.rows, p.slices);
    ++l.s.stats.direct_texture_transfers;
    return;
  }
  const VkDeviceSize staging_bytes = vk_backend::staging_size(p.size);
  auto staging = l.s.pool->acquire(staging_bytes, MemoryPlacement::HostUpload);
  std::byte* dst = staging->mapped();
  if (p.split) {
    for_each_split_row(texture, p, row_stride, image_stride, [&](const SplitRow& r) {
      split_depth_stencil(texel_format, src + r.texels, r.count, dst + r.depth, dst + r.stencil);
    });
  } else {
    copy_rows(dst, p.row_bytes, p.row_bytes * p.rows, src, row_stride, image_stride, p.row_bytes, p.rows, p.slices);
  }
  l.s.stream->copy_buffer_to_image(*staging, texture.image(), p.regions);
  l.s.pool->release(std::move(staging));  // handed out again once the copy has run
  account_transient_bytes(l.s, staging_bytes, TransientBytes::TextureStaging);
  l.s.check_validation();
}

}  // namespace

void texture_read(Texture& texture, unsigned level, const Box& box, void* texels, std::size_t row_stride,
                  std::size_t image_stride) {
  read_texels(texture, level, box, texels, row_stride, image_stride, texture.layout().format);
}

void texture_read_depth_stencil(Texture& texture, unsigned level, const Box& box, void* texels, Format texel_format,
                                std::size_t row_stride, std::size_t image_stride) {
  read_texels(texture, level, box, texels, row_stride, image_stride, texel_format);
}

namespace {

// texture_read mirrored: combined depth/stencil texels merged into `texel_format`.
void read_texels(Texture& texture, unsigned level, const Box& box, void* texels, std::size_t row_stride,
                 std::size_t image_stride, Format texel_format) {
  const Plan p = plan_transfer(texture, level, box, texture.image().aspects());
  auto* dst = static_cast<std::byte*>(texels);
  Locked l(texture.screen());
  if (texture.image().host_accessible() && texel_format == texture.layout().format) {
    wait_for_gpu_users(l.s, texture);
    const DirectBox from = direct_box(texture, level, box);
    copy_rows(dst, row_stride, image_stride, from.first, from.row_stride, from.image_stride, p.row_bytes, p.rows,
              p.slices);
    ++l.s.stats.direct_texture_transfers;
    l.s.check_validation();
    return;
  }
  auto staging = l.s.pool->acquire(vk_backend::staging_size(p.size), MemoryPlacement::HostReadback);
  l.s.stream->copy_image_to_buffer(texture.image(), *staging, p.regions);
  l.s.stream->wait(staging->last_use);
  l.s.check_validation();
  const std::byte* src = staging->mapped();
  if (p.split) {
    for_each_split_row(texture, p, row_stride, image_stride, [&](const SplitRow& r) {
      merge_depth_stencil(texel_format, src + r.depth, src + r.stencil, r.count, dst + r.texels);
    });
  } else {
    copy_rows(dst, row_stride, image_stride, src, p.row_bytes, p.row_bytes * p.rows, p.row_bytes, p.rows, p.slices);
  }
  l.s.pool->release(std::move(staging));
}

}  // namespace

void texture_write_from_buffer(Texture& texture, unsigned level, const Box& box, Resource& buffer,
                               std::uint64_t offset, std::uint32_t row_length, std::uint32_t image_height) {
  const VkBufferImageCopy region =
      region_for(texture, level, box, texture.image().aspects(), offset, row_length, image_height);
  Locked l(texture.screen());
  l.s.stream->copy_buffer_to_image(*buffer.storage, texture.image(), {&region, 1});
  l.s.check_validation();
}

void texture_read_to_buffer(Texture& texture, unsigned level, const Box& box, Resource& buffer,
                            std::uint64_t offset, std::uint32_t row_length, std::uint32_t image_height) {
  const VkBufferImageCopy region =
      region_for(texture, level, box, texture.image().aspects(), offset, row_length, image_height);
  Locked l(texture.screen());
  l.s.stream->copy_image_to_buffer(texture.image(), *buffer.storage, {&region, 1});
  buffer.valid_buffer_range.add(offset, buffer.width0);
  l.s.check_validation();
}

const FormatSupport& format_support(Screen& screen) { return *screen.impl().format_support; }

void* texture_transfer_map(Texture& texture, unsigned level, unsigned usage, const Box& box, TextureTransfer** out) {
  *out = nullptr;
  Screen::Impl& s = texture.screen().impl();
  auto transfer = std::make_unique<TextureTransfer>();
  transfer->texture = &texture;
  transfer->level = level;
  transfer->usage = usage;
  transfer->box = box;
  void* pointer = nullptr;
  {
    std::lock_guard lock(s.mutex);
    ++s.stats.maps;
    const bool busy = !s.stream->is_complete(texture.image().last_use);
    if (busy && (usage & PIPE_TRANSFER_DONTBLOCK)) {
      // Submit what uses it, so a later map can succeed, but do not wait.
      s.stream->flush();
      if (s.log_transfers)
        std::fputs(describe_transfer("texture_transfer_map", &texture, level, usage, box, 0, 0, nullptr, nullptr).c_str(),
                   stderr);
      return nullptr;
    }
    // si_texture_transfer_map's direct case: a linear texture is mapped itself, except for a
    // write-only map of a busy texture, which stages instead of waiting.
    const bool unsynchronized = usage & PIPE_TRANSFER_UNSYNCHRONIZED;
    if (texture.image().host_accessible() && (!busy || unsynchronized || (usage & PIPE_TRANSFER_READ))) {
      if (!unsynchronized) wait_for_gpu_users(s, texture);
      const DirectBox direct = direct_box(texture, level, box);
      transfer->direct = true;
      transfer->stride = direct.row_stride;
      transfer->layer_stride = direct.image_stride;
      pointer = direct.first;
      ++s.stats.direct_texture_transfers;
    }
  }
  if (!transfer->direct) {
    // Staging from the pool, laid out as the unmap's buffer-to-image copy reads it (tight rows).
    const formats::PixelFormat pf(texture.layout().format);
    transfer->stride = pf.row_bytes(std::uint32_t(box.width));
    transfer->layer_stride = transfer->stride * pf.block_rows(std::uint32_t(box.height));
    {
      std::lock_guard lock(s.mutex);
      transfer->staging =
          s.pool->acquire(vk_backend::staging_size(transfer->layer_stride * std::size_t(box.depth)),
                          usage & PIPE_TRANSFER_READ ? MemoryPlacement::HostReadback : MemoryPlacement::HostUpload);
    }
    if (usage & PIPE_TRANSFER_READ) {
      texture_read(texture, level, box, transfer->staging->mapped(), transfer->stride, transfer->layer_stride);
      std::lock_guard lock(s.mutex);
      ++s.stats.staging_readbacks;
    }
    pointer = transfer->staging->mapped();
  }
  if (s.log_transfers)
    std::fputs(describe_transfer("texture_transfer_map", &texture, level, usage, box, unsigned(transfer->stride),
                                 transfer->layer_stride, transfer.get(), pointer)
                   .c_str(),
               stderr);
  *out = transfer.release();
  return pointer;
}

void texture_transfer_unmap(TextureTransfer* transfer) {
  std::unique_ptr<TextureTransfer> owned(transfer);
  Screen::Impl& s = transfer->texture->screen().impl();
  if (s.log_transfers)
    std::fputs(describe_transfer("texture_transfer_unmap", transfer->texture, transfer->level, transfer->usage,
                                 transfer->box, unsigned(transfer->stride), transfer->layer_stride, transfer, nullptr)
                   .c_str(),
               stderr);
  if (transfer->direct) return;
  Texture& texture = *transfer->texture;
  if (transfer->usage & PIPE_TRANSFER_WRITE) {
    const Plan p = plan_transfer(texture, transfer->level, transfer->box, texture.image().aspects());
    if (p.split) {  // the aspects need staging of their own layout
      texture_write(texture, transfer->level, transfer->box, transfer->staging->mapped(), transfer->stride,
                    transfer->layer_stride);
    } else {  // the mapped staging is already what the copy reads
      Locked l(texture.screen());
      l.s.stream->copy_buffer_to_image(*transfer->staging, texture.image(), p.regions);
      account_transient_bytes(l.s, transfer->staging->size(), TransientBytes::TextureStaging);
      l.s.check_validation();
    }
  }
  Locked l(texture.screen());
  if (transfer->usage & PIPE_TRANSFER_WRITE) ++l.s.stats.staging_uploads;
  l.s.pool->release(std::move(transfer->staging));  // handed out again once its copy has run
}

bool prefer_blit_based_texture_transfer(Screen& screen) {
  static const char* override_value = std::getenv("GLVK_TEXTURE_TRANSFER");
  if (override_value && std::strcmp(override_value, "blit") == 0) return true;
  if (override_value && std::strcmp(override_value, "cpu") == 0) return false;
  return screen.impl().device->properties().deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU;
}

namespace {

vk_backend::RenderRegion render_region(const Texture& texture, unsigned level, const Box& box) {
  vk_backend::RenderRegion region;
  region.level = texture.image_level(level);
  region.first_layer = is_3d(texture.layout()) ? std::uint32_t(box.z) : texture.image_layer(unsigned(box.z));
  region.layer_count = std::uint32_t(box.depth);
  region.rect = {{std::int32_t(box.x), box.y}, {std::uint32_t(box.width), std::uint32_t(box.height)}};
  return region;
}

bool can_blit_linear(Screen& screen, Format format) {
  VkFormatProperties properties;
  Screen::Impl& s = screen.impl();
  vkGetPhysicalDeviceFormatProperties(s.device->physical_device(),
                                      static_cast<VkFormat>(formats::describe(format).vk_format), &properties);
  const VkFormatFeatureFlags needed = VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT |
                                      VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
  return (properties.optimalTilingFeatures & needed) == needed;
}

// One level from the level above on the CPU: unpack to RGBA float, average each 2x2(x2) box
// (edges repeat when a dimension is already 1), pack back.
void reduce_level_on_cpu(Texture& texture, unsigned level) {
  const TextureLayout& l = texture.layout();
  const bool three_d = l.target == TextureTarget::TEXTURE_3D;
  const std::uint32_t sw = l.level_width(level - 1), sh = l.level_height(level - 1), sd = l.level_depth(level - 1);
  const std::uint32_t dw = l.level_width(level), dh = l.level_height(level), dd = l.level_depth(level);
  const std::uint32_t slices_src = three_d ? sd : l.layers, slices_dst = three_d ? dd : l.layers;
  const formats::PixelFormat native(l.format), rgba(Format::R32G32B32A32_FLOAT);
  const std::size_t src_row = native.row_bytes(sw), dst_row = native.row_bytes(dw);
  std::vector<std::byte> src(src_row * sh * slices_src), dst(dst_row * dh * slices_dst);
  Box src_box;
  src_box.width = sw;
  src_box.height = int(sh);
  src_box.depth = int(slices_src);
  texture_read(texture, level - 1, src_box, src.data(), src_row, src_row * sh);
  std::vector<float> in(std::size_t(sw) * sh * slices_src * 4), out(std::size_t(dw) * dh * slices_dst * 4);
  for (std::uint32_t z = 0; z < slices_src; ++z)
    formats::convert(in.data() + std::size_t(z) * sw * sh * 4, rgba, sw * 16, src.data() + z * src_row * sh, native,
                     src_row, sw, sh);
  for (std::uint32_t z = 0; z < slices_dst; ++z)
    for (std::uint32_t y = 0; y < dh; ++y)
      for (std::uint32_t x = 0; x < dw; ++x)
        for (int c = 0; c < 4; ++c) {
          float sum = 0;
          int count = 0;
          for (std::uint32_t dz = 0; dz < (three_d && sd > 1 ? 2u : 1u); ++dz)
            for (std::uint32_t dy = 0; dy < (sh > 1 ? 2u : 1u); ++dy)
              for (std::uint32_t dx = 0; dx < (sw > 1 ? 2u : 1u); ++dx) {
                const std::uint32_t sz = three_d ? std::min(z * 2 + dz, sd - 1) : z;
                const std::uint32_t sy = std::min(y * 2 + dy, sh - 1), sx = std::min(x * 2 + dx, sw - 1);
                sum += in[((std::size_t(sz) * sh + sy) * sw + sx) * 4 + std::size_t(c)];
                ++count;
              }
          out[((std::size_t(z) * dh + y) * dw + x) * 4 + std::size_t(c)] = sum / float(count);
        }
  for (std::uint32_t z = 0; z < slices_dst; ++z)
    formats::convert(dst.data() + z * dst_row * dh, native, dst_row, out.data() + std::size_t(z) * dw * dh * 4, rgba,
                     dw * 16, dw, dh);
  Box dst_box;
  dst_box.width = dw;
  dst_box.height = int(dh);
  dst_box.depth = int(slices_dst);
  texture_write(texture, level, dst_box, dst.data(), dst_row, dst_row * dh);
}

}  // namespace

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
  VkFormatProperties from, to;
  const VkPhysicalDevice physical = screen.impl().device->physical_device();
  vkGetPhysicalDeviceFormatProperties(physical, static_cast<VkFormat>(src.vk_format), &from);
  vkGetPhysicalDeviceFormatProperties(physical, static_cast<VkFormat>(dst.vk_format), &to);
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

vk_backend::ColorOutput color_output(const FormatDesc& d) {
  if (!d.is_pure_integer) return vk_backend::ColorOutput::FLOAT;
  return is_signed_integer(d) ? vk_backend::ColorOutput::SINT : vk_backend::ColorOutput::UINT;
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
    if (!viewable || !src.screen().impl().device->has_push_descriptor() ||
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

void texture_generate_mipmap(Texture& texture, unsigned base_level, unsigned last_level) {
  const TextureLayout& l = texture.layout();
  last_level = std::min(last_level, l.levels - 1);
  // A view in another format than its image's would be filtered in the image's format by a blit.
  if (texture.reinterprets_image() || !can_blit_linear(texture.screen(), l.format)) {
    for (unsigned level = base_level + 1; level <= last_level; ++level) reduce_level_on_cpu(texture, level);
    return;
  }
  Locked lock(texture.screen());
  for (unsigned level = base_level + 1; level <= last_level; ++level) {
    VkImageBlit region{};
    region.srcSubresource = {texture.image().aspects(), texture.image_level(level - 1), texture.image_layer(0), l.layers};
    region.dstSubresource = {texture.image().aspects(), texture.image_level(level), texture.image_layer(0), l.layers};
    region.srcOffsets[1] = {std::int32_t(l.level_width(level - 1)), std::int32_t(l.level_height(level - 1)),
                            std::int32_t(l.level_depth(level - 1))};
    region.dstOffsets[1] = {std::int32_t(l.level_width(level)), std::int32_t(l.level_height(level)),
                            std::int32_t(l.level_depth(level))};
    lock.s.stream->blit_image(texture.image(), texture.image(), {&region, 1}, VK_FILTER_LINEAR);
  }
  lock.s.check_validation();
}

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

}  // namespace glvk::st
