// Mipmap generation (glGenerateMipmap's execution): GPU blits with a linear filter where the
// device blits and filters the format, else a 2x2(x2) box filter on the CPU in float, which also
// covers what a Vulkan blit cannot take: compressed images (decoded, reduced, encoded again) and
// depth images (Vulkan blits depth only with a nearest filter).
#include <algorithm>
#include <cstddef>
#include <memory>
#include <vector>

#include "glvk/formats/compressed.h"
#include "glvk/formats/convert.h"
#include "glvk/formats/pack.h"
#include "glvk/st/texture.h"
#include "glvk/vk_backend/image.h"
#include "screen_impl.h"
#include "texture_internal.h"

namespace glvk::st {

using formats::Format;
using formats::FormatDesc;

namespace {

bool can_blit_linear(Screen& screen, Format format) {
  const FormatDesc& d = formats::describe(format);
  if (d.is_depth || d.is_stencil || d.is_compressed) return false;
  const VkFormatProperties properties = screen.impl().device->format_properties(static_cast<VkFormat>(d.vk_format));
  const VkFormatFeatureFlags needed = VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT |
                                      VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
  return (properties.optimalTilingFeatures & needed) == needed;
}

// One level's texels as RGBA floats (depth in the first component), slice after slice, and back.
// The stored bytes keep the level's layout: texel rows, or block rows for compressed formats.
class FloatLevel {
 public:
  FloatLevel(const FormatDesc& d, std::uint32_t w, std::uint32_t h, std::uint32_t slices)
      : d_(d), native_(d.format), w_(w), h_(h), slices_(slices), row_(native_.row_bytes(w)),
        slice_(row_ * native_.block_rows(h)), bytes_(slice_ * slices), texels_(std::size_t(w) * h * slices * 4) {}

  Box box() const {
    Box b;
    b.width = int(w_);
    b.height = int(h_);
    b.depth = int(slices_);
    return b;
  }
  void read(Texture& texture, unsigned level) {
    texture_read(texture, level, box(), bytes_.data(), row_, slice_);
    const formats::PixelFormat rgba(Format::R32G32B32A32_FLOAT);
    for (std::uint32_t z = 0; z < slices_; ++z) {
      const std::byte* src = bytes_.data() + z * slice_;
      float* dst = slice_texels(z);
      if (d_.is_depth) {
        std::vector<float> depth(w_);
        for (std::uint32_t y = 0; y < h_; ++y) {
          formats::unpack_depth_float(d_, src + y * row_, depth.data(), w_);
          for (std::uint32_t x = 0; x < w_; ++x) dst[(std::size_t(y) * w_ + x) * 4] = depth[x];
        }
      } else {
        // Compressed and sRGB sources decode to linear values.
        formats::convert(dst, rgba, std::size_t(w_) * 16, src, native_, row_, w_, h_);
      }
    }
  }
  void write(Texture& texture, unsigned level) {
    const formats::PixelFormat rgba(Format::R32G32B32A32_FLOAT);
    for (std::uint32_t z = 0; z < slices_; ++z) {
      std::byte* dst = bytes_.data() + z * slice_;
      float* src = slice_texels(z);
      if (d_.is_depth) {
        std::vector<float> depth(w_);
        for (std::uint32_t y = 0; y < h_; ++y) {
          for (std::uint32_t x = 0; x < w_; ++x) depth[x] = src[(std::size_t(y) * w_ + x) * 4];
          formats::pack_depth_float(d_, depth.data(), dst + y * row_, w_);
        }
      } else if (d_.is_compressed) {
        // The encoders take the stored (encoded) values: sRGB formats are encoded back first, in a
        // copy (the linear texels stay for the next level).
        std::vector<float> stored(src, src + std::size_t(w_) * h_ * 4);
        if (d_.colorspace == formats::Colorspace::SRGB)
          for (std::size_t i = 0; i < stored.size(); ++i)
            if (i % 4 != 3) stored[i] = formats::linear_to_srgb(stored[i]);
        formats::encode_image_rgba_float(formats::CompressedFamily(d_.compressed_family), stored.data(),
                                         std::size_t(w_) * 4, w_, h_, reinterpret_cast<std::uint8_t*>(dst), row_);
      } else {
        formats::convert(dst, native_, row_, src, rgba, std::size_t(w_) * 16, w_, h_);
      }
    }
    texture_write(texture, level, box(), bytes_.data(), row_, slice_);
  }
  float* slice_texels(std::uint32_t z) { return texels_.data() + std::size_t(z) * w_ * h_ * 4; }
  float texel(std::uint32_t x, std::uint32_t y, std::uint32_t z, int c) const {
    return texels_[((std::size_t(z) * h_ + y) * w_ + x) * 4 + std::size_t(c)];
  }

 private:
  const FormatDesc& d_;
  formats::PixelFormat native_;
  std::uint32_t w_, h_, slices_;
  std::size_t row_, slice_;
  std::vector<std::byte> bytes_;
  std::vector<float> texels_;
};

// One level from the level above on the CPU: the average of each 2x2(x2) box (edges repeat when a
// dimension is already 1). `above`: the level above's texels, read from the texture when null.
// Compressed levels are reduced from the texels kept before the level above was encoded, not
// from its lossy blocks, so that the error of one encoding does not carry into every smaller
// level (Mesa likewise reduces the decoded base level, encoding each level on its own).
std::unique_ptr<FloatLevel> reduce_level_on_cpu(Texture& texture, unsigned level, std::unique_ptr<FloatLevel> above) {
  const TextureLayout& l = texture.layout();
  const FormatDesc& d = formats::describe(l.format);
  const bool three_d = l.target == TextureTarget::TEXTURE_3D;
  const std::uint32_t sw = l.level_width(level - 1), sh = l.level_height(level - 1), sd = l.level_depth(level - 1);
  const std::uint32_t dw = l.level_width(level), dh = l.level_height(level), dd = l.level_depth(level);
  if (!above) {
    above = std::make_unique<FloatLevel>(d, sw, sh, three_d ? sd : l.layers);
    above->read(texture, level - 1);
  }
  const FloatLevel& src = *above;
  auto dst = std::make_unique<FloatLevel>(d, dw, dh, three_d ? dd : l.layers);
  for (std::uint32_t z = 0; z < (three_d ? dd : l.layers); ++z)
    for (std::uint32_t y = 0; y < dh; ++y)
      for (std::uint32_t x = 0; x < dw; ++x)
        for (int c = 0; c < 4; ++c) {
          float sum = 0;
          int count = 0;
          for (std::uint32_t dz = 0; dz < (three_d && sd > 1 ? 2u : 1u); ++dz)
            for (std::uint32_t dy = 0; dy < (sh > 1 ? 2u : 1u); ++dy)
              for (std::uint32_t dx = 0; dx < (sw > 1 ? 2u : 1u); ++dx) {
                const std::uint32_t sz = three_d ? std::min(z * 2 + dz, sd - 1) : z;
                sum += src.texel(std::min(x * 2 + dx, sw - 1), std::min(y * 2 + dy, sh - 1), sz, c);
                ++count;
              }
          dst->slice_texels(z)[(std::size_t(y) * dw + x) * 4 + std::size_t(c)] = sum / float(count);
        }
  dst->write(texture, level);
  return dst;
}

}  // namespace

bool can_generate_mipmap(Format format) {
  const FormatDesc& d = formats::describe(format);
  if (d.is_pure_integer) return false;
  if (d.is_compressed) return formats::can_encode(formats::CompressedFamily(d.compressed_family));
  return d.is_depth || formats::can_pack_unpack(d);
}

void texture_generate_mipmap(Texture& texture, unsigned base_level, unsigned last_level) {
  const TextureLayout& l = texture.layout();
  last_level = std::min(last_level, l.levels - 1);
  // A view in another format than its image's would be filtered in the image's format by a blit.
  if (texture.reinterprets_image() || !can_blit_linear(texture.screen(), l.format)) {
    const bool keep_texels = formats::describe(l.format).is_compressed;
    std::unique_ptr<FloatLevel> above;
    for (unsigned level = base_level + 1; level <= last_level; ++level) {
      above = reduce_level_on_cpu(texture, level, std::move(above));
      if (!keep_texels) above.reset();
    }
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

}  // namespace glvk::st
