// Encoder dispatch, input clamping, whole-image walk (edge blocks replicate the last column/row)
// and the helpers the block encoders share.
#include <glvk/formats/compressed.h>

#include "encoders.h"

#include <algorithm>
#include <cmath>

namespace glvk::formats {

bool can_encode(CompressedFamily family) {
  using F = CompressedFamily;
  switch (family) {
    case F::BC1_RGB: case F::BC1_RGBA: case F::BC2: case F::BC3:
    case F::BC4_UNORM: case F::BC4_SNORM: case F::BC5_UNORM: case F::BC5_SNORM:
    case F::BC6H_UFLOAT: case F::BC6H_SFLOAT: case F::BC7:
      return true;
    default:
      return false;
  }
}

namespace {

// The range encode_block_rgba_float clamps to; NaN becomes 0.
struct InputRange { float low, high; };

InputRange input_range(CompressedFamily family) {
  const CompressedBlockInfo info = compressed_block_info(family);
  if (info.is_float) return {info.is_signed ? -65504.0f : 0.0f, 65504.0f};  // largest finite half
  return {info.is_signed ? -1.0f : 0.0f, 1.0f};
}

}  // namespace

void encode_block_rgba_float(CompressedFamily family, const float* texels, uint8_t* block) {
  using F = CompressedFamily;
  const InputRange range = input_range(family);
  float clamped[64];
  for (unsigned i = 0; i < 64; ++i)
    clamped[i] = std::isnan(texels[i]) ? 0.0f : std::clamp(texels[i], range.low, range.high);
  switch (family) {
    case F::BC1_RGB: detail::encode_bc1(clamped, false, block); break;
    case F::BC1_RGBA: detail::encode_bc1(clamped, true, block); break;
    case F::BC2: detail::encode_bc2(clamped, block); break;
    case F::BC3: detail::encode_bc3(clamped, block); break;
    case F::BC4_UNORM: case F::BC4_SNORM:
      detail::encode_bc4_channel(clamped, 0, family == F::BC4_SNORM, block);
      break;
    case F::BC5_UNORM: case F::BC5_SNORM:
      detail::encode_bc4_channel(clamped, 0, family == F::BC5_SNORM, block);
      detail::encode_bc4_channel(clamped, 1, family == F::BC5_SNORM, block + 8);
      break;
    case F::BC6H_UFLOAT: detail::encode_bc6h(clamped, false, block); break;
    case F::BC6H_SFLOAT: detail::encode_bc6h(clamped, true, block); break;
    case F::BC7: detail::encode_bc7(clamped, block); break;
    default:  // can_encode is false: nothing sensible to write
      std::fill(block, block + compressed_block_info(family).bytes_per_block, uint8_t(0));
      break;
  }
}

void encode_image_rgba_float(CompressedFamily family, const float* src, size_t src_row_stride, unsigned width,
                             unsigned height, uint8_t* dst, size_t dst_row_stride) {
  if (width == 0 || height == 0) return;
  const unsigned bytes_per_block = compressed_block_info(family).bytes_per_block;
  const unsigned blocks_x = (width + 3) / 4, blocks_y = (height + 3) / 4;
  float texels[64];
  for (unsigned by = 0; by < blocks_y; ++by) {
    for (unsigned bx = 0; bx < blocks_x; ++bx) {
      for (unsigned y = 0; y < 4; ++y) {
        const unsigned sy = std::min(by * 4 + y, height - 1);
        for (unsigned x = 0; x < 4; ++x) {
          const unsigned sx = std::min(bx * 4 + x, width - 1);
          std::copy_n(src + sy * src_row_stride + size_t(sx) * 4, 4, texels + 4 * (4 * y + x));
        }
      }
      encode_block_rgba_float(family, texels, dst + by * dst_row_stride + size_t(bx) * bytes_per_block);
    }
  }
}

namespace detail {

PrincipalAxis principal_axis(const float* points, unsigned count, unsigned stride, unsigned dims) {
  PrincipalAxis axis{};
  if (count == 0) return axis;
  for (unsigned i = 0; i < count; ++i)
    for (unsigned d = 0; d < dims; ++d) axis.mean[d] += points[i * stride + d];
  for (unsigned d = 0; d < dims; ++d) axis.mean[d] /= float(count);
  float covariance[4][4] = {};
  for (unsigned i = 0; i < count; ++i)
    for (unsigned a = 0; a < dims; ++a)
      for (unsigned b = 0; b < dims; ++b)
        covariance[a][b] += (points[i * stride + a] - axis.mean[a]) * (points[i * stride + b] - axis.mean[b]);
  // Power iteration from the covariance column of the largest variance: that column is non-zero
  // whenever the points are not all equal (a fixed start such as (1,1,1) can be orthogonal).
  unsigned widest = 0;
  for (unsigned d = 1; d < dims; ++d)
    if (covariance[d][d] > covariance[widest][widest]) widest = d;
  if (covariance[widest][widest] <= 0.0f) return axis;
  float v[4] = {};
  for (unsigned d = 0; d < dims; ++d) v[d] = covariance[d][widest];
  for (int iteration = 0; iteration < 16; ++iteration) {
    float next[4] = {}, norm = 0.0f;
    for (unsigned a = 0; a < dims; ++a) {
      for (unsigned b = 0; b < dims; ++b) next[a] += covariance[a][b] * v[b];
      norm = std::max(norm, std::fabs(next[a]));
    }
    if (norm == 0.0f) break;
    for (unsigned d = 0; d < dims; ++d) v[d] = next[d] / norm;
  }
  float length = 0.0f;
  for (unsigned d = 0; d < dims; ++d) length += v[d] * v[d];
  length = std::sqrt(length);
  if (length == 0.0f) return axis;
  for (unsigned d = 0; d < dims; ++d) axis.direction[d] = v[d] / length;
  return axis;
}

unsigned quantize_bit_replicated(float value, unsigned bits) {
  const int top = (1 << bits) - 1;
  const int guess = std::clamp(int(std::lround(value * float(top) / 255.0f)), 0, top);
  int best = guess;
  float best_error = 1e30f;
  for (int q = std::max(guess - 1, 0); q <= std::min(guess + 1, top); ++q) {
    const float error = std::fabs(float(expand_bit_replicated(unsigned(q), bits)) - value);
    if (error < best_error) { best_error = error; best = q; }
  }
  return unsigned(best);
}

}  // namespace detail

}  // namespace glvk::formats
