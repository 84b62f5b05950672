// Bit access helpers shared by the block decoders (internal).
#pragma once

#include <cstdint>
#include <cstring>

namespace glvk::formats::detail {

// A 128-bit block read as a little-endian bit string (BPTC, ASTC).
struct Bits128 {
  uint64_t lo = 0, hi = 0;
  static Bits128 load(const uint8_t* p) {
    Bits128 b;
    for (int i = 7; i >= 0; --i) b.lo = (b.lo << 8) | p[i];
    for (int i = 15; i >= 8; --i) b.hi = (b.hi << 8) | p[i];
    return b;
  }
  unsigned bit(unsigned i) const { return i < 64 ? unsigned(lo >> i) & 1u : i < 128 ? unsigned(hi >> (i - 64)) & 1u : 0u; }
  // count <= 32 bits starting at bit `start`; bits past 127 read as 0.
  uint32_t get(unsigned start, unsigned count) const {
    uint32_t v = 0;
    for (unsigned i = 0; i < count; ++i) v |= uint32_t(bit(start + i)) << i;
    return v;
  }
};

// Sequential LSB-first reader over a Bits128.
struct BitReader {
  const Bits128& bits;
  unsigned pos = 0;
  uint32_t read(unsigned count) {
    uint32_t v = bits.get(pos, count);
    pos += count;
    return v;
  }
};

inline uint64_t load_be64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return v;
}

inline float half_to_float(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000u) << 16, exp = (h >> 10) & 0x1Fu, mant = h & 0x3FFu, bits;
  if (exp == 0) {
    if (mant == 0) {
      bits = sign;
    } else {  // subnormal: renormalise
      exp = 127 - 15 + 1;
      while ((mant & 0x400u) == 0) { mant <<= 1; --exp; }
      bits = sign | (exp << 23) | ((mant & 0x3FFu) << 13);
    }
  } else if (exp == 31) {
    bits = sign | 0x7F800000u | (mant << 13);
  } else {
    bits = sign | ((exp + 127 - 15) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

}  // namespace glvk::formats::detail
