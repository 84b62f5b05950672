// Bit access helpers shared by the block decoders and encoders (internal).
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

// Sequential LSB-first writer of a 128-bit block (the inverse of BitReader).
struct BitWriter128 {
  uint8_t bytes[16] = {};
  unsigned pos = 0;
  void write(unsigned count, uint32_t value) {
    for (unsigned i = 0; i < count; ++i, ++pos)
      if ((value >> i) & 1u) bytes[pos / 8] |= uint8_t(1u << (pos % 8));
  }
  void store(uint8_t* out) const { std::memcpy(out, bytes, 16); }
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

// IEEE binary16 from a float, rounding to nearest even (inf/NaN kept; overflow -> inf).
inline uint16_t float_to_half(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  const uint32_t sign = (x >> 16) & 0x8000u, magnitude = x & 0x7FFFFFFFu;
  if (magnitude >= 0x7F800000u) return uint16_t(sign | 0x7C00u | (magnitude > 0x7F800000u ? 0x200u : 0u));
  if (magnitude >= 0x477FF000u) return uint16_t(sign | 0x7C00u);  // >= 65520 rounds past 65504
  auto round_shift = [](uint32_t value, unsigned shift) {
    uint32_t q = value >> shift;
    const uint32_t rest = value & ((1u << shift) - 1), halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (q & 1u))) ++q;
    return q;
  };
  if (magnitude < 0x38800000u) {              // below 2^-14: a half subnormal (unit 2^-24) or 0
    if (magnitude < 0x33000000u) return uint16_t(sign);  // < 2^-25 rounds to 0
    const uint32_t exponent = magnitude >> 23, mantissa = (magnitude & 0x7FFFFFu) | 0x800000u;
    return uint16_t(sign | round_shift(mantissa, 126 - exponent));
  }
  // Rebias the exponent (127 -> 15); a mantissa carry correctly bumps the exponent.
  return uint16_t(sign | round_shift(magnitude - 0x38000000u, 13));
}

}  // namespace glvk::formats::detail
