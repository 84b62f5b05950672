// BPTC arithmetic shared by the BC6H/BC7 decoders and encoders (internal), Khronos Data Format
// Specification, chapter "BPTC Compressed Texture Image Formats". The encoders evaluate candidate
// blocks with exactly the decoder's integer steps.
#pragma once

#include <cstdint>

namespace glvk::formats::detail {

// Interpolation between two endpoints with a 6-bit weight (0..64), rounding to nearest.
inline int bptc_interpolate(int e0, int e1, int weight) { return ((64 - weight) * e0 + weight * e1 + 32) >> 6; }

// BC6H endpoint unquantisation to the 16-bit interpolation domain.
inline int bc6h_unquantize(int x, unsigned bits, bool is_signed) {
  if (!is_signed) {
    if (bits >= 15) return x;
    if (x == 0) return 0;
    if (x == (1 << bits) - 1) return 0xFFFF;
    return ((x << 16) + 0x8000) >> bits;
  }
  if (bits >= 16) return x;
  const bool negative = x < 0;
  if (negative) x = -x;
  int u;
  if (x == 0) u = 0;
  else if (x >= (1 << (bits - 1)) - 1) u = 0x7FFF;
  else u = ((x << 15) + 0x4000) >> (bits - 1);
  return negative ? -u : u;
}

// BC6H final scaling of an interpolated value to half-float bits.
inline uint16_t bc6h_finish(int v, bool is_signed) {
  if (!is_signed) return uint16_t((v * 31) >> 6);
  if (v < 0) return uint16_t(0x8000 | ((-v * 31) >> 5));
  return uint16_t((v * 31) >> 5);
}

}  // namespace glvk::formats::detail
