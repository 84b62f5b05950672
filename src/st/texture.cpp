#include "glvk/st/texture.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>

#include "glvk/formats/convert.h"
#include "glvk/formats/kernels.h"
#include "glvk/st/shadow.h"
#include "glvk/vk_backend/buffer.h"
#include "glvk/vk_backend/error.h"
#include "glvk/vk_backend/image.h"
#include "screen_impl.h"
#include "texture_internal.h"
#include "worker_pool.h"

namespace glvk::st {
namespace {

using formats::Format;
using formats::FormatDesc;
using vk_backend::MemoryPlacement;


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

// The 24/8 words and GL's 64-bit float/stencil pairs go through the vectorised kernels.
std::optional<formats::kernels::ZsLayout> kernel_layout(const ZsPacking& p) {
  if (p.word_sized() && p.z_mask == 0xffffff) return formats::kernels::ZsLayout{4, p.z_shift, p.s_shift};
  if (p.bytes == 8 && p.depth_bytes == 4 && p.z_shift == 0 && p.z_mask == 0xffffffffu && p.s_shift == 32)
    return formats::kernels::ZsLayout{8, 0, 32};
  return std::nullopt;
}

}  // namespace

void split_depth_stencil(Format format, const std::byte* texels, std::size_t count, std::byte* depth,
                         std::byte* stencil) {
  const ZsPacking p(format);
  const unsigned bytes = p.bytes, depth_bytes = p.depth_bytes;
  if (const auto layout = kernel_layout(p)) {
    formats::kernels::split_depth_stencil(*layout, texels, count, reinterpret_cast<std::uint32_t*>(depth),
                                          reinterpret_cast<std::uint8_t*>(stencil));
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
  if (const auto layout = kernel_layout(p)) {
    formats::kernels::merge_depth_stencil(*layout, reinterpret_cast<const std::uint32_t*>(depth),
                                          reinterpret_cast<const std::uint8_t*>(stencil), count, texels);
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
    const VkFormatProperties properties = l.s.device->format_properties(image.format);
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
    // Image units (glBindImageTexture) store into any texture whose format the device can store.
    if ((features & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT) &&
        (layout.samples <= 1 || l.s.device->features().shaderStorageImageMultisample) &&
        vkGetPhysicalDeviceImageFormatProperties(
            l.s.device->physical_device(), image.format, image.type, VK_IMAGE_TILING_OPTIMAL,
            image.usage | VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
            image.flags, &limits) == VK_SUCCESS)
      image.usage |= VK_IMAGE_USAGE_STORAGE_BIT;
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

Made<Texture> create_texture(std::shared_ptr<Screen> screen, const TextureLayout& layout, unsigned bindings) {
  try {
    return {std::make_shared<Texture>(std::move(screen), layout, bindings), Result::ok()};
  } catch (const vk_backend::Error& e) {
    return {nullptr, Result::fail(Failure::OUT_OF_MEMORY, e.what())};
  }
}

Made<Texture> create_texture_view(const Texture& original, const TextureLayout& view, unsigned first_level,
                                  unsigned first_layer) {
  try {
    return {std::make_shared<Texture>(original, view, first_level, first_layer), Result::ok()};
  } catch (const vk_backend::Error& e) {
    return {nullptr, Result::fail(Failure::UNSUPPORTED, e.what())};
  }
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
  l.s.stream->release_after(image_, image_->last_use, image_->memory_size());
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

// A transfer of a whole-texel (non-split, uncompressed) box copied by the device straight between
// the image and the application's memory, imported as a buffer (VK_EXT_external_memory_host): one
// copy instead of two (staging and the device's copy). Waits for the copy, since the application
// owns the memory again once GL returns. False when the device cannot import or the layout is not
// one a buffer copy addresses.
bool copy_through_host_memory(Screen::Impl& s, Texture& texture, const Plan& p, const std::byte* user,
                              std::size_t row_stride, std::size_t image_stride, bool to_image) {
  const std::uint64_t alignment = s.device->host_pointer_alignment();
  const FormatDesc& d = formats::describe(texture.layout().format);
  const std::size_t texel = d.block_bits / 8;
  constexpr std::size_t kMinimumBytes = 256 << 10;  // below this the import costs more than a memcpy
  if (!alignment || p.split || d.block_width != 1 || d.block_height != 1 || p.size < kMinimumBytes || !texel)
    return false;
  const auto address = reinterpret_cast<std::uintptr_t>(user);
  if (row_stride % texel || address % texel || address % 4 || (p.slices > 1 && image_stride % row_stride))
    return false;
  const std::size_t extent = (p.slices - 1) * image_stride + (p.rows - 1) * row_stride + p.row_bytes;
  const std::uintptr_t first = address / alignment * alignment;
  const std::uintptr_t end = (address + extent + alignment - 1) / alignment * alignment;
  try {
    // An upload only reads the memory; Vulkan's import takes a non-const pointer either way.
    vk_backend::Buffer host(*s.device, reinterpret_cast<void*>(first), end - first);
    VkBufferImageCopy region = p.regions[0];
    region.bufferOffset = address - first;
    region.bufferRowLength = std::uint32_t(row_stride / texel);
    region.bufferImageHeight = p.slices > 1 ? std::uint32_t(image_stride / row_stride) : 0;
    if (to_image)
      s.stream->copy_buffer_to_image(host, texture.image(), {&region, 1});
    else
      s.stream->copy_image_to_buffer(texture.image(), host, {&region, 1});
    s.stream->wait(host.last_use);
    s.check_validation();
  } catch (const vk_backend::Error&) {
    return false;
  }
  ++s.stats.direct_texture_transfers;
  return true;
}

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
  // A busy host-accessible (linear) texture stages instead, so its write does not wait for the GPU.
  if (texel_format == texture.layout().format && !texture.image().host_accessible() &&
      copy_through_host_memory(l.s, texture, p, src, row_stride, image_stride, true))
    return;
  const std::vector<Box> bands = row_bands(texture, box, p.size);
  for (const Box& band : bands) {
    const Plan bp = bands.size() == 1 ? p : plan_transfer(texture, level, band, texture.image().aspects());
    const std::byte* band_src = src + std::size_t(band.y - box.y) * row_stride;
    const VkDeviceSize staging_bytes = vk_backend::staging_size(bp.size);
    auto staging = l.s.pool->acquire(staging_bytes, MemoryPlacement::HostUpload);
    std::byte* dst = staging->mapped();
    if (bp.split) {
      for_each_split_row(texture, bp, row_stride, image_stride, [&](const SplitRow& r) {
        split_depth_stencil(texel_format, band_src + r.texels, r.count, dst + r.depth, dst + r.stencil);
      });
    } else {
      copy_rows(dst, bp.row_bytes, bp.row_bytes * bp.rows, band_src, row_stride, image_stride, bp.row_bytes, bp.rows,
                bp.slices);
    }
    l.s.stream->copy_buffer_to_image(*staging, texture.image(), bp.regions);
    if (bands.size() > 1) l.s.stream->flush();  // the device copies this band while the CPU fills the next
    l.s.pool->release(std::move(staging));  // handed out again once the copy has run
    account_transient_bytes(l.s, staging_bytes, TransientBytes::TextureStaging);
  }
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
  if (texel_format == texture.layout().format &&
      copy_through_host_memory(l.s, texture, p, dst, row_stride, image_stride, false))
    return;
  // Every band's copy is submitted first; each is then waited for and merged while the device
  // copies the later ones.
  const std::vector<Box> bands = row_bands(texture, box, p.size);
  std::vector<std::pair<std::shared_ptr<vk_backend::Buffer>, std::uint64_t>> staged;
  for (const Box& band : bands) {
    const Plan bp = bands.size() == 1 ? p : plan_transfer(texture, level, band, texture.image().aspects());
    auto staging = l.s.pool->acquire(vk_backend::staging_size(bp.size), MemoryPlacement::HostReadback);
    l.s.stream->copy_image_to_buffer(texture.image(), *staging, bp.regions);
    const std::uint64_t serial = bands.size() > 1 ? l.s.stream->flush() : staging->last_use;
    staged.emplace_back(std::move(staging), serial);
  }
  for (std::size_t i = 0; i < bands.size(); ++i) {
    const Box& band = bands[i];
    const Plan bp = bands.size() == 1 ? p : plan_transfer(texture, level, band, texture.image().aspects());
    auto& [staging, serial] = staged[i];
    l.s.stream->wait(serial);
    l.s.check_validation();
    const std::byte* src = staging->mapped();
    std::byte* band_dst = dst + std::size_t(band.y - box.y) * row_stride;
    if (bp.split) {
      for_each_split_row(texture, bp, row_stride, image_stride, [&](const SplitRow& r) {
        merge_depth_stencil(texel_format, src + r.depth, src + r.stencil, r.count, band_dst + r.texels);
      });
    } else {
      copy_rows(band_dst, row_stride, image_stride, src, bp.row_bytes, bp.row_bytes * bp.rows, bp.row_bytes, bp.rows,
                bp.slices);
    }
    l.s.pool->release(std::move(staging));
  }
}

}  // namespace

bool texture_read_in_bands(Texture& texture, unsigned level, const Box& box, const BandReader& read) {
  const Plan p = plan_transfer(texture, level, box, texture.image().aspects());
  if (p.split || texture.image().host_accessible()) return false;
  Locked l(texture.screen());
  const std::vector<Box> bands = row_bands(texture, box, p.size);
  if (bands.size() < 2) return false;
  // Every band's copy is submitted first; each is then waited for and read while the device copies
  // the later ones (read_texels' order).
  std::vector<std::pair<std::shared_ptr<vk_backend::Buffer>, std::uint64_t>> staged;
  for (const Box& band : bands) {
    const Plan bp = plan_transfer(texture, level, band, texture.image().aspects());
    auto staging = l.s.pool->acquire(vk_backend::staging_size(bp.size), MemoryPlacement::HostReadback);
    l.s.stream->copy_image_to_buffer(texture.image(), *staging, bp.regions);
    staged.emplace_back(std::move(staging), l.s.stream->flush());
  }
  for (std::size_t i = 0; i < bands.size(); ++i) {
    const Plan bp = plan_transfer(texture, level, bands[i], texture.image().aspects());
    auto& [staging, serial] = staged[i];
    l.s.stream->wait(serial);
    l.s.check_validation();
    read(bands[i], staging->mapped(), bp.row_bytes, bp.row_bytes * bp.rows);
    l.s.pool->release(std::move(staging));
  }
  ++l.s.stats.staging_readbacks;
  return true;
}

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

std::vector<Box> row_bands(const Texture& texture, const Box& box, std::size_t staged_bytes) {
  constexpr std::size_t kBandBytes = 4u << 20;
  constexpr std::size_t kMaxBands = 8;
  const FormatDesc& d = formats::describe(texture.layout().format);
  std::size_t count = std::min(kMaxBands, staged_bytes / kBandBytes);
  const TextureTarget target = texture.layout().target;
  if (box.depth != 1 || d.block_height != 1 || is_3d(texture.layout()) || target == TextureTarget::TEXTURE_1D ||
      target == TextureTarget::TEXTURE_1D_ARRAY)
    count = 1;
  count = std::min(count, std::size_t(box.height));
  if (count <= 1) return {box};
  std::vector<Box> bands;
  for (std::size_t i = 0; i < count; ++i) {
    Box band = box;
    band.y = box.y + int(std::size_t(box.height) * i / count);
    band.height = box.y + int(std::size_t(box.height) * (i + 1) / count) - band.y;
    bands.push_back(band);
  }
  return bands;
}

formats::ConvertStatus convert_across_cores(void* dst, const formats::PixelFormat& dst_format, std::size_t dst_stride,
                                            const void* src, const formats::PixelFormat& src_format,
                                            std::size_t src_stride, unsigned width, unsigned height,
                                            const formats::ConvertParams& params) {
  constexpr std::size_t kParallelConvertBytes = 4u << 20;
  WorkerPool& pool = WorkerPool::shared();
  const std::size_t bytes = std::max(dst_format.row_bytes(width), src_format.row_bytes(width)) * height;
  const unsigned slices = std::min(pool.concurrency(), height);
  if (slices < 2 || bytes < kParallelConvertBytes || dst_format.desc().block_height != 1 ||
      src_format.desc().block_height != 1)
    return formats::convert(dst, dst_format, dst_stride, src, src_format, src_stride, width, height, params);
  std::vector<formats::ConvertStatus> status(slices, formats::ConvertStatus::OK);
  pool.run(slices, [&](unsigned i) {
    const unsigned first = unsigned(std::uint64_t(height) * i / slices);
    const unsigned end = unsigned(std::uint64_t(height) * (i + 1) / slices);
    status[i] = formats::convert(static_cast<std::byte*>(dst) + std::size_t(first) * dst_stride, dst_format, dst_stride,
                                 static_cast<const std::byte*>(src) + std::size_t(first) * src_stride, src_format,
                                 src_stride, width, end - first, params);
  });
  for (const formats::ConvertStatus slice : status)
    if (slice != formats::ConvertStatus::OK) return slice;
  return formats::ConvertStatus::OK;
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
      const Plan p = plan_transfer(texture, level, box, texture.image().aspects());
      if (p.split) {  // merged out of per-aspect staging
        texture_read(texture, level, box, transfer->staging->mapped(), transfer->stride, transfer->layer_stride);
      } else {  // the map's staging has the copy's tight layout: copied into it directly
        Locked l(texture.screen());
        l.s.stream->copy_image_to_buffer(texture.image(), *transfer->staging, p.regions);
        l.s.stream->wait(transfer->staging->last_use);
        l.s.check_validation();
      }
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

}  // namespace glvk::st
