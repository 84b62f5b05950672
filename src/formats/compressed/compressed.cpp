// Family dispatch and whole-image decoding (edge blocks clipped to the image).
#include <glvk/formats/compressed.h>

#include "decoders.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace glvk::formats {

using detail::Bc1Alpha;

bool is_valid_astc_block_size(unsigned w, unsigned h) {
  static constexpr unsigned kSizes[][2] = {{4, 4}, {5, 4}, {5, 5}, {6, 5}, {6, 6}, {8, 5}, {8, 6},
                                           {8, 8}, {10, 5}, {10, 6}, {10, 8}, {10, 10}, {12, 10}, {12, 12}};
  for (const auto& s : kSizes)
    if (s[0] == w && s[1] == h) return true;
  return false;
}

const char* compressed_family_name(CompressedFamily family) {
  static constexpr const char* kNames[kCompressedFamilyCount] = {
      "BC1_RGB", "BC1_RGBA", "BC2", "BC3", "BC4_UNORM", "BC4_SNORM", "BC5_UNORM", "BC5_SNORM",
      "BC6H_UFLOAT", "BC6H_SFLOAT", "BC7", "ETC1_RGB8", "ETC2_RGB8", "ETC2_RGB8A1", "ETC2_RGBA8",
      "EAC_R11_UNORM", "EAC_R11_SNORM", "EAC_RG11_UNORM", "EAC_RG11_SNORM", "ASTC_LDR"};
  const unsigned i = unsigned(family);
  return i < kCompressedFamilyCount ? kNames[i] : "?";
}

CompressedBlockInfo compressed_block_info(CompressedFamily family, unsigned block_width, unsigned block_height) {
  using F = CompressedFamily;
  CompressedBlockInfo info{4, 4, 16, false, false, false};
  switch (family) {
    case F::BC1_RGB: case F::BC1_RGBA: case F::BC4_UNORM: case F::ETC1_RGB8: case F::ETC2_RGB8:
    case F::ETC2_RGB8A1: case F::EAC_R11_UNORM:
      info.bytes_per_block = 8;
      break;
    case F::BC4_SNORM: case F::EAC_R11_SNORM:
      info.bytes_per_block = 8;
      info.is_signed = true;
      break;
    case F::BC5_SNORM: case F::EAC_RG11_SNORM:
      info.is_signed = true;
      break;
    case F::BC6H_UFLOAT: info.is_float = true; break;
    case F::BC6H_SFLOAT: info.is_float = info.is_signed = true; break;
    case F::ASTC_LDR:
      info.block_width = block_width;
      info.block_height = block_height;
      info.variable_block_size = true;
      break;
    default: break;
  }
  return info;
}

void decode_block_rgba_float(CompressedFamily family, unsigned bw, unsigned bh, const uint8_t* block, float* t) {
  using F = CompressedFamily;
  auto opaque_rgb0 = [&](unsigned n) {
    for (unsigned i = 0; i < n; ++i) { t[4 * i] = t[4 * i + 1] = t[4 * i + 2] = 0.0f; t[4 * i + 3] = 1.0f; }
  };
  switch (family) {
    case F::BC1_RGB: detail::decode_bc1(block, Bc1Alpha::OPAQUE_BLACK, t); break;
    case F::BC1_RGBA: detail::decode_bc1(block, Bc1Alpha::TRANSPARENT_BLACK, t); break;
    case F::BC2: detail::decode_bc2(block, t); break;
    case F::BC3: detail::decode_bc3(block, t); break;
    case F::BC4_UNORM: case F::BC4_SNORM:
      opaque_rgb0(16);
      detail::decode_bc4_channel(block, family == F::BC4_SNORM, t, 0);
      break;
    case F::BC5_UNORM: case F::BC5_SNORM:
      opaque_rgb0(16);
      detail::decode_bc4_channel(block, family == F::BC5_SNORM, t, 0);
      detail::decode_bc4_channel(block + 8, family == F::BC5_SNORM, t, 1);
      break;
    case F::BC6H_UFLOAT: detail::decode_bc6h(block, false, t); break;
    case F::BC6H_SFLOAT: detail::decode_bc6h(block, true, t); break;
    case F::BC7: detail::decode_bc7(block, t); break;
    case F::ETC1_RGB8: detail::decode_etc1(block, t); break;
    case F::ETC2_RGB8: detail::decode_etc2_rgb(block, false, t); break;
    case F::ETC2_RGB8A1: detail::decode_etc2_rgb(block, true, t); break;
    case F::ETC2_RGBA8:
      detail::decode_etc2_rgb(block + 8, false, t);
      detail::decode_eac_alpha8(block, t);
      break;
    case F::EAC_R11_UNORM: case F::EAC_R11_SNORM:
      opaque_rgb0(16);
      detail::decode_eac_r11_channel(block, family == F::EAC_R11_SNORM, t, 0);
      break;
    case F::EAC_RG11_UNORM: case F::EAC_RG11_SNORM:
      opaque_rgb0(16);
      detail::decode_eac_r11_channel(block, family == F::EAC_RG11_SNORM, t, 0);
      detail::decode_eac_r11_channel(block + 8, family == F::EAC_RG11_SNORM, t, 1);
      break;
    case F::ASTC_LDR: detail::decode_astc(block, bw, bh, t); break;
  }
}

AstcBlockStatus astc_block_status(unsigned bw, unsigned bh, const uint8_t* block) {
  std::vector<float> texels(size_t(bw) * bh * 4);
  return AstcBlockStatus(detail::decode_astc(block, bw, bh, texels.data()));
}

namespace {

// Walks the blocks of an image and hands each decoded texel row segment to `emit`.
template <typename Emit>
void for_each_block_row(CompressedFamily family, unsigned bw, unsigned bh, const uint8_t* src,
                        size_t src_row_stride, unsigned width, unsigned height, Emit emit) {
  const CompressedBlockInfo info = compressed_block_info(family, bw, bh);
  const unsigned block_w = info.block_width, block_h = info.block_height;
  std::vector<float> texels(size_t(block_w) * block_h * 4);
  const unsigned blocks_x = (width + block_w - 1) / block_w, blocks_y = (height + block_h - 1) / block_h;
  for (unsigned by = 0; by < blocks_y; ++by) {
    const uint8_t* row = src + by * src_row_stride;
    for (unsigned bx = 0; bx < blocks_x; ++bx) {
      decode_block_rgba_float(family, block_w, block_h, row + size_t(bx) * info.bytes_per_block, texels.data());
      const unsigned x0 = bx * block_w, y0 = by * block_h;
      const unsigned cols = std::min(block_w, width - x0), rows = std::min(block_h, height - y0);
      for (unsigned y = 0; y < rows; ++y) emit(x0, y0 + y, cols, texels.data() + size_t(y) * block_w * 4);
    }
  }
}

}  // namespace

void decode_image_rgba_float(CompressedFamily family, unsigned bw, unsigned bh, const uint8_t* src,
                             size_t src_row_stride, unsigned width, unsigned height, float* dst,
                             size_t dst_row_stride) {
  for_each_block_row(family, bw, bh, src, src_row_stride, width, height,
                     [&](unsigned x, unsigned y, unsigned cols, const float* texels) {
                       std::copy(texels, texels + size_t(cols) * 4, dst + y * dst_row_stride + size_t(x) * 4);
                     });
}

void decode_image_rgba8(CompressedFamily family, unsigned bw, unsigned bh, const uint8_t* src,
                        size_t src_row_stride, unsigned width, unsigned height, uint8_t* dst,
                        size_t dst_row_stride) {
  for_each_block_row(family, bw, bh, src, src_row_stride, width, height,
                     [&](unsigned x, unsigned y, unsigned cols, const float* texels) {
                       uint8_t* out = dst + y * dst_row_stride + size_t(x) * 4;
                       for (unsigned i = 0; i < cols * 4; ++i) {
                         const float v = std::isnan(texels[i]) ? 0.0f : std::clamp(texels[i], 0.0f, 1.0f);
                         out[i] = uint8_t(std::lround(v * 255.0f));
                       }
                     });
}

}  // namespace glvk::formats
