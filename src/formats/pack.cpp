// Generic pack/unpack driven by the FormatDesc channel description. The conversion engine
// (convert.cpp) adds fast paths on top; this file is the reference behaviour they must match.
#include <glvk/formats/pack.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>

#include <glvk/formats/compressed.h>

#include "format_table.h"

namespace glvk::formats {

// ---------------------------------------------------------------- scalar conversions

float unorm_to_float(uint32_t value, unsigned bits) {
  const double max = bits >= 32 ? 4294967295.0 : double((uint64_t(1) << bits) - 1);
  return float(double(value) / max);
}

uint32_t float_to_unorm(float value, unsigned bits) {
  const double max = bits >= 32 ? 4294967295.0 : double((uint64_t(1) << bits) - 1);
  if (!(value > 0.0f)) return 0;  // also NaN
  if (value >= 1.0f) return uint32_t(max);
  return uint32_t(std::floor(double(value) * max + 0.5));
}

float snorm_to_float(int32_t value, unsigned bits) {
  const double max = double((uint64_t(1) << (bits - 1)) - 1);
  return float(std::max(double(value) / max, -1.0));
}

int32_t float_to_snorm(float value, unsigned bits) {
  const double max = double((uint64_t(1) << (bits - 1)) - 1);
  if (std::isnan(value)) return 0;
  const double clamped = std::clamp(double(value), -1.0, 1.0);
  return int32_t(std::round(clamped * max));
}

float half_to_float(uint16_t half) {
  const uint32_t sign = uint32_t(half & 0x8000) << 16;
  const uint32_t exponent = (half >> 10) & 0x1f;
  const uint32_t mantissa = half & 0x3ff;
  uint32_t bits;
  if (exponent == 0x1f) {
    bits = sign | 0x7f800000u | (mantissa << 13);
  } else if (exponent != 0) {
    bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
  } else if (mantissa == 0) {
    bits = sign;
  } else {  // subnormal half: normalise
    int e = -1;
    uint32_t m = mantissa;
    do {
      ++e;
      m <<= 1;
    } while ((m & 0x400) == 0);
    bits = sign | (uint32_t(112 - e) << 23) | ((m & 0x3ff) << 13);
  }
  float result;
  std::memcpy(&result, &bits, 4);
  return result;
}

uint16_t float_to_half(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  const uint16_t sign = uint16_t((bits >> 16) & 0x8000);
  const uint32_t abs = bits & 0x7fffffffu;
  if (abs > 0x7f800000u) return uint16_t(sign | 0x7e00);  // NaN (quiet)
  if (abs >= 0x477ff000u) return uint16_t(sign | 0x7c00);  // rounds to >= 65520: Inf
  if (abs < 0x38800000u) {                                  // below the smallest normal half: subnormal
    if (abs < 0x33000000u) return sign;                     // < 2^-25 rounds to zero
    const uint32_t exponent = abs >> 23;
    const uint32_t mantissa = (abs & 0x7fffff) | 0x800000;
    const unsigned shift = 126 - exponent;                  // 14 + (113 - exponent) - 1
    const uint32_t kept = mantissa >> shift;
    const uint32_t rest = mantissa & ((1u << shift) - 1);
    const uint32_t half_point = 1u << (shift - 1);
    uint32_t result = kept;
    if (rest > half_point || (rest == half_point && (kept & 1))) ++result;
    return uint16_t(sign | result);
  }
  // Normal: rebias the exponent and round the mantissa to 10 bits, nearest even.
  uint32_t result = ((abs >> 13) - (112u << 10));
  const uint32_t rest = abs & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (result & 1))) ++result;
  return uint16_t(sign | result);
}

namespace {

// Unsigned small float with 5 exponent bits (bias 15) and `mantissa_bits` mantissa bits.
float ufloat_to_float(uint32_t bits, unsigned mantissa_bits) {
  const uint32_t exponent = bits >> mantissa_bits;
  const uint32_t mantissa = bits & ((1u << mantissa_bits) - 1);
  const float scale = float(1u << mantissa_bits);
  if (exponent == 0) return std::ldexp(float(mantissa) / scale, -14);
  if (exponent == 31) return mantissa ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
  return std::ldexp(1.0f + float(mantissa) / scale, int(exponent) - 15);
}

// GL 4.6 section 2.3.4.3/2.3.4.4: round to nearest; negative and -Inf to 0; finite values beyond the
// largest representable to that value; +Inf stays Inf; NaN becomes a positive NaN.
uint32_t float_to_ufloat(float value, unsigned mantissa_bits) {
  const uint32_t max_finite = (30u << mantissa_bits) | ((1u << mantissa_bits) - 1);
  if (std::isnan(value)) return (31u << mantissa_bits) | 1u;
  if (!(value > 0.0f)) return 0;
  if (std::isinf(value)) return 31u << mantissa_bits;
  int exponent;
  std::frexp(value, &exponent);  // value = f * 2^exponent, f in [0.5, 1)
  int biased = exponent - 1 + 15;
  uint32_t encoded;
  if (biased <= 0) {  // subnormal: mantissa counts units of 2^(-14 - mantissa_bits)
    encoded = uint32_t(std::nearbyint(std::ldexp(value, 14 + int(mantissa_bits))));
  } else {
    const double m = std::ldexp(double(value), -(exponent - 1) + int(mantissa_bits)) - double(1u << mantissa_bits);
    encoded = (uint32_t(std::min(biased, 31)) << mantissa_bits) + uint32_t(std::nearbyint(m));  // carry ok
  }
  return std::min(encoded, max_finite);
}

}  // namespace

float uf11_to_float(uint32_t bits) { return ufloat_to_float(bits & 0x7ff, 6); }
float uf10_to_float(uint32_t bits) { return ufloat_to_float(bits & 0x3ff, 5); }
uint32_t float_to_uf11(float value) { return float_to_ufloat(value, 6); }
uint32_t float_to_uf10(float value) { return float_to_ufloat(value, 5); }

void rgb9e5_to_float(uint32_t packed, float rgb[3]) {
  const int exponent = int(packed >> 27) - 15 - 9;
  for (int i = 0; i < 3; ++i) rgb[i] = std::ldexp(float((packed >> (9 * i)) & 0x1ff), exponent);
}

uint32_t float_to_rgb9e5(const float rgb[3]) {
  constexpr int kN = 9, kB = 15, kEmax = 31;
  const double sharedexp_max = double((1 << kN) - 1) / double(1 << kN) * std::ldexp(1.0, kEmax - kB);
  double c[3];
  for (int i = 0; i < 3; ++i) c[i] = std::isnan(rgb[i]) ? 0.0 : std::clamp(double(rgb[i]), 0.0, sharedexp_max);
  const double max_c = std::max({c[0], c[1], c[2]});
  int floor_log2 = -kB - 1;
  if (max_c > 0) {
    int e;
    std::frexp(max_c, &e);  // max_c = f * 2^e, f in [0.5, 1): floor(log2(max_c)) = e - 1, exactly
    floor_log2 = std::max(floor_log2, e - 1);
  }
  int exp_shared = floor_log2 + 1 + kB;
  double denom = std::ldexp(1.0, exp_shared - kB - kN);
  const int max_s = int(std::floor(max_c / denom + 0.5));
  if (max_s == (1 << kN)) {
    ++exp_shared;
    denom *= 2;
  }
  uint32_t packed = uint32_t(exp_shared) << 27;
  for (int i = 0; i < 3; ++i) packed |= uint32_t(std::floor(c[i] / denom + 0.5)) << (9 * i);
  return packed;
}

float srgb_to_linear(float srgb) {
  const double c = srgb;
  if (c <= 0.04045) return float(c / 12.92);
  return float(std::pow((c + 0.055) / 1.055, 2.4));
}

float linear_to_srgb(float linear) {
  const double l = linear;
  if (!(l > 0.0)) return 0.0f;
  if (l >= 1.0) return 1.0f;
  if (l < 0.0031308) return float(l * 12.92);
  return float(1.055 * std::pow(l, 1.0 / 2.4) - 0.055);
}

// Linear float -> sRGB-encoded unorm8 (linear_to_srgb, then eq. 2.3) by table: the 255 inputs where
// the result steps up, found once by bisection over the float encodings of [0, 1] (whose order is
// their value order). Both steps are monotone, so the count of thresholds at or below `v` is their
// exact result, without a pow per texel.
uint8_t linear_to_srgb8(float v) {
  static const std::array<float, 255> thresholds = [] {
    const auto reference = [](uint32_t bits) {
      float f;
      std::memcpy(&f, &bits, 4);
      return float_to_unorm(linear_to_srgb(f), 8);
    };
    std::array<float, 255> t{};
    for (uint32_t k = 1; k <= 255; ++k) {
      uint32_t lo = 0, hi = 0x3f800000u;  // reference(lo) < k <= reference(hi)
      while (hi - lo > 1) {
        const uint32_t mid = lo + (hi - lo) / 2;
        (reference(mid) >= k ? hi : lo) = mid;
      }
      std::memcpy(&t[k - 1], &hi, 4);
    }
    return t;
  }();
  if (!(v > 0.0f)) return 0;  // NaN too
  if (v >= 1.0f) return 255;
  return uint8_t(std::upper_bound(thresholds.begin(), thresholds.end(), v) - thresholds.begin());
}

// ---------------------------------------------------------------- descriptions

FormatDesc describe_array_format(const ArrayFormat& array) {
  FormatDesc d{};
  d.format = Format::NONE;
  d.name = "array";
  d.layout = Layout::PLAIN;
  d.block_width = d.block_height = d.block_depth = 1;
  d.nr_channels = array.num_channels;
  d.block_bits = uint16_t(array.type_size * 8 * array.num_channels);
  for (int c = 0; c < array.num_channels; ++c) {
    Channel& ch = d.channel[c];
    ch.type = array.is_float ? ChannelType::FLOAT : array.is_signed ? ChannelType::SIGNED : ChannelType::UNSIGNED;
    ch.normalized = !array.is_float && array.normalized;
    ch.pure_integer = !array.is_float && !array.normalized;
    ch.size = uint8_t(array.type_size * 8);
    ch.shift = uint8_t(c * array.type_size * 8);
  }
  std::memcpy(d.swizzle, array.swizzle, sizeof(d.swizzle));
  d.colorspace = Colorspace::RGB;
  d.is_array = true;
  d.is_bitmask = !array.is_float && (d.block_bits == 8 || d.block_bits == 16 || d.block_bits == 32);
  d.is_unorm = array.normalized && !array.is_signed && !array.is_float;
  d.is_snorm = array.normalized && array.is_signed && !array.is_float;
  d.is_float_any = array.is_float;
  d.is_pure_integer = !array.is_float && !array.normalized;
  d.srgb_equivalent = d.linear_equivalent = Format::NONE;
  for (int i = 0; i < 4; ++i) d.vk_swizzle[i] = static_cast<Swizzle>(i);
  d.compressed_family = -1;
  d.vk_format_name = "VK_FORMAT_UNDEFINED";
  return d;
}

bool can_pack_unpack(const FormatDesc& d) {
  if (d.layout == Layout::SUBSAMPLED) return d.block_width == 2 && d.block_height == 1;
  return (d.layout == Layout::PLAIN || d.layout == Layout::PACKED_OTHER) && d.nr_channels > 0 &&
         d.block_width == 1 && d.block_height == 1 && d.block_bits % 8 == 0;
}

namespace {

bool is_color(const FormatDesc& d) { return can_pack_unpack(d) && d.colorspace != Colorspace::ZS; }

uint64_t load_bits(const uint8_t* block, const Channel& ch, unsigned block_bytes) {
  uint64_t v = 0;
  if (ch.shift % 8 == 0 && ch.size % 8 == 0) {
    std::memcpy(&v, block + ch.shift / 8, ch.size / 8);
    return v;
  }
  std::memcpy(&v, block, std::min(block_bytes, 8u));
  v >>= ch.shift;
  return ch.size >= 64 ? v : v & ((uint64_t(1) << ch.size) - 1);
}

void store_bits(uint8_t* block, const Channel& ch, unsigned block_bytes, uint64_t value) {
  if (ch.shift % 8 == 0 && ch.size % 8 == 0) {
    std::memcpy(block + ch.shift / 8, &value, ch.size / 8);
    return;
  }
  const unsigned n = std::min(block_bytes, 8u);
  uint64_t v = 0;
  std::memcpy(&v, block, n);
  const uint64_t mask = ((uint64_t(1) << ch.size) - 1) << ch.shift;
  v = (v & ~mask) | ((value << ch.shift) & mask);
  std::memcpy(block, &v, n);
}

int64_t sign_extend(uint64_t v, unsigned bits) {
  if (bits >= 64) return int64_t(v);
  const uint64_t sign = uint64_t(1) << (bits - 1);
  return int64_t((v ^ sign) - sign);
}

const std::array<float, 256>& srgb8_table() {
  static const std::array<float, 256> table = [] {
    std::array<float, 256> t{};
    for (unsigned i = 0; i < 256; ++i) t[i] = srgb_to_linear(unorm_to_float(i, 8));
    return t;
  }();
  return table;
}

const std::array<float, 256>& unorm8_table() {
  static const std::array<float, 256> table = [] {
    std::array<float, 256> t{};
    for (unsigned i = 0; i < 256; ++i) t[i] = unorm_to_float(i, 8);
    return t;
  }();
  return table;
}

float channel_to_float(const Channel& ch, uint64_t raw, bool srgb) {
  switch (ch.type) {
    case ChannelType::UNSIGNED:
      if (ch.normalized) {
        if (ch.size == 8) return srgb ? srgb8_table()[raw] : unorm8_table()[raw];
        const float v = unorm_to_float(uint32_t(raw), ch.size);
        return srgb ? srgb_to_linear(v) : v;
      }
      return float(raw);
    case ChannelType::SIGNED: {
      const int64_t s = sign_extend(raw, ch.size);
      return ch.normalized ? snorm_to_float(int32_t(s), ch.size) : float(s);
    }
    case ChannelType::FLOAT:
      if (ch.size == 16) return half_to_float(uint16_t(raw));
      if (ch.size == 32) {
        float f;
        const uint32_t bits = uint32_t(raw);
        std::memcpy(&f, &bits, 4);
        return f;
      }
      return 0.0f;
    case ChannelType::FIXED:
    case ChannelType::VOID:
      return 0.0f;
  }
  return 0.0f;
}

uint64_t float_to_channel(const Channel& ch, float v, bool srgb) {
  switch (ch.type) {
    case ChannelType::UNSIGNED:
      if (ch.normalized) return float_to_unorm(srgb ? linear_to_srgb(v) : v, ch.size);
      {  // pure integer from float: round and clamp
        const double max = double((uint64_t(1) << ch.size) - 1);
        if (!(v > 0.0f)) return 0;
        return uint64_t(std::min(std::round(double(v)), max));
      }
    case ChannelType::SIGNED: {
      int64_t s;
      if (ch.normalized) {
        s = float_to_snorm(v, ch.size);
      } else {
        const double max = double((uint64_t(1) << (ch.size - 1)) - 1);
        s = std::isnan(v) ? 0 : int64_t(std::clamp(std::round(double(v)), -max - 1, max));
      }
      return uint64_t(s) & ((uint64_t(1) << ch.size) - 1);
    }
    case ChannelType::FLOAT:
      if (ch.size == 16) return float_to_half(v);
      if (ch.size == 32) {
        uint32_t bits;
        std::memcpy(&bits, &v, 4);
        return bits;
      }
      return 0;
    case ChannelType::FIXED:
    case ChannelType::VOID:
      return 0;
  }
  return 0;
}

// For packing: which RGBA component feeds channel c (-1: none, write zero).
void channel_sources(const FormatDesc& d, int source[4]) {
  for (int c = 0; c < 4; ++c) {
    source[c] = -1;
    for (int j = 0; j < 4; ++j)
      if (d.swizzle[j] == static_cast<Swizzle>(c)) {
        source[c] = j;
        break;
      }
  }
}

// Channels decoded/encoded as sRGB: those that feed R, G or B of an sRGB format.
void srgb_channels(const FormatDesc& d, bool srgb[4]) {
  for (int c = 0; c < 4; ++c) srgb[c] = false;
  if (d.colorspace != Colorspace::SRGB) return;
  for (int j = 0; j < 3; ++j)
    if (d.swizzle[j] <= Swizzle::W) srgb[static_cast<int>(d.swizzle[j])] = true;
}

template <typename T>
T swizzle_constant(Swizzle s) {
  return s == Swizzle::ONE ? T(1) : T(0);
}

}  // namespace

namespace {

// A per-call plan for the float paths: each channel's codec decided once, blocks of up to 8 bytes
// read/written as one little-endian word.
struct ChannelCodec {
  enum Kind : uint8_t { SKIP, UNORM_LUT, UNORM_SMALL, UNORM_WIDE, SNORM_SMALL, SNORM_WIDE, UINT, SINT, HALF, FLOAT32 };
  Kind kind = SKIP;
  bool srgb = false;
  uint8_t shift = 0, size = 0;
  uint64_t mask = 0;
  float max = 0.0f;  // 2^b - 1 (unorm) or 2^(b-1) - 1 (snorm), exact in float for b <= 16
  const float* lut = nullptr;
};

struct FloatPlan {
  int nr_channels = 0;
  unsigned bytes = 0;
  ChannelCodec channel[4];
  Swizzle swizzle[4];
  int source[4];  // pack: RGBA component feeding each channel (-1: none)
};

// unorm_to_float for every value of 1..8-bit channels.
const float* unorm_lut(unsigned bits) {
  static const std::array<std::array<float, 256>, 9> tables = [] {
    std::array<std::array<float, 256>, 9> t{};
    for (unsigned b = 1; b <= 8; ++b)
      for (unsigned v = 0; v < (1u << b); ++v) t[b][v] = unorm_to_float(v, b);
    return t;
  }();
  return tables[bits].data();
}

FloatPlan make_float_plan(const FormatDesc& d) {
  FloatPlan p;
  p.nr_channels = d.nr_channels;
  p.bytes = d.block_bits / 8;
  std::memcpy(p.swizzle, d.swizzle, sizeof(p.swizzle));
  channel_sources(d, p.source);
  bool srgb[4];
  srgb_channels(d, srgb);
  for (int c = 0; c < d.nr_channels; ++c) {
    const Channel& ch = d.channel[c];
    ChannelCodec& k = p.channel[c];
    k.shift = ch.shift;
    k.size = ch.size;
    k.mask = ch.size >= 64 ? ~uint64_t(0) : (uint64_t(1) << ch.size) - 1;
    k.srgb = srgb[c];
    switch (ch.type) {
      case ChannelType::UNSIGNED:
        if (!ch.normalized) {
          k.kind = ChannelCodec::UINT;
        } else if (ch.size <= 8 && (!k.srgb || ch.size == 8)) {
          k.kind = ChannelCodec::UNORM_LUT;
          k.lut = k.srgb ? srgb8_table().data() : unorm_lut(ch.size);
        } else {
          k.kind = ch.size <= 16 ? ChannelCodec::UNORM_SMALL : ChannelCodec::UNORM_WIDE;
          k.max = float((1u << (ch.size <= 16 ? ch.size : 16)) - 1);
        }
        break;
      case ChannelType::SIGNED:
        if (!ch.normalized) {
          k.kind = ChannelCodec::SINT;
        } else {
          k.kind = ch.size <= 16 ? ChannelCodec::SNORM_SMALL : ChannelCodec::SNORM_WIDE;
          k.max = float((1u << ((ch.size <= 16 ? ch.size : 16) - 1)) - 1);
        }
        break;
      case ChannelType::FLOAT: k.kind = ch.size == 16 ? ChannelCodec::HALF : ChannelCodec::FLOAT32; break;
      case ChannelType::FIXED:
      case ChannelType::VOID: k.kind = ChannelCodec::SKIP; break;
    }
  }
  return p;
}

inline float decode(const ChannelCodec& k, uint64_t raw) {
  switch (k.kind) {
    case ChannelCodec::UNORM_LUT: return k.lut[raw];
    // Correctly rounded float division equals the exact quotient rounded once (tests check every value).
    case ChannelCodec::UNORM_SMALL: {
      const float v = float(uint32_t(raw)) / k.max;
      return k.srgb ? srgb_to_linear(v) : v;
    }
    case ChannelCodec::UNORM_WIDE: {
      const float v = unorm_to_float(uint32_t(raw), k.size);
      return k.srgb ? srgb_to_linear(v) : v;
    }
    case ChannelCodec::SNORM_SMALL: {
      const float v = float(int32_t(sign_extend(raw, k.size))) / k.max;
      return v < -1.0f ? -1.0f : v;
    }
    case ChannelCodec::SNORM_WIDE: return snorm_to_float(int32_t(sign_extend(raw, k.size)), k.size);
    case ChannelCodec::UINT: return float(raw);
    case ChannelCodec::SINT: return float(sign_extend(raw, k.size));
    case ChannelCodec::HALF: return half_to_float(uint16_t(raw));
    case ChannelCodec::FLOAT32: {
      const uint32_t bits = uint32_t(raw);
      float f;
      std::memcpy(&f, &bits, 4);
      return f;
    }
    case ChannelCodec::SKIP: return 0.0f;
  }
  return 0.0f;
}

inline uint64_t encode(const ChannelCodec& k, const Channel& ch, float v) {
  if (k.kind == ChannelCodec::UNORM_LUT || k.kind == ChannelCodec::UNORM_SMALL) {
    if (k.srgb && k.size == 8) return linear_to_srgb8(v);
    if (k.srgb) v = linear_to_srgb(v);
    if (!(v > 0.0f)) return 0;
    if (v >= 1.0f) return k.mask;
    return uint64_t(double(v) * double(k.mask) + 0.5);  // round to nearest (positive: truncation = floor)
  }
  return float_to_channel(ch, v, k.srgb);
}

inline void swizzle_out(const FloatPlan& p, const float ch[4], float* dst) {
  for (int j = 0; j < 4; ++j)
    dst[j] = p.swizzle[j] <= Swizzle::W ? ch[static_cast<int>(p.swizzle[j])] : swizzle_constant<float>(p.swizzle[j]);
}

template <unsigned Bytes>
void unpack_small(const FloatPlan& p, const uint8_t* in, float* dst, size_t count) {
  for (size_t i = 0; i < count; ++i, in += Bytes, dst += 4) {
    uint64_t v = 0;
    std::memcpy(&v, in, Bytes);
    float ch[4] = {0, 0, 0, 0};
    for (int c = 0; c < p.nr_channels; ++c) ch[c] = decode(p.channel[c], (v >> p.channel[c].shift) & p.channel[c].mask);
    swizzle_out(p, ch, dst);
  }
}

// Blocks over 8 bytes only hold byte-aligned 32-bit channels (R32G32B32[A32], Z32_S8X24 is ZS).
void unpack_large(const FloatPlan& p, const uint8_t* in, float* dst, size_t count) {
  for (size_t i = 0; i < count; ++i, in += p.bytes, dst += 4) {
    float ch[4] = {0, 0, 0, 0};
    for (int c = 0; c < p.nr_channels; ++c) {
      uint64_t raw = 0;
      std::memcpy(&raw, in + p.channel[c].shift / 8, (p.channel[c].size + 7) / 8);
      ch[c] = decode(p.channel[c], raw);
    }
    swizzle_out(p, ch, dst);
  }
}

template <unsigned Bytes>
void pack_small(const FloatPlan& p, const FormatDesc& d, const float* src, uint8_t* out, size_t count) {
  for (size_t i = 0; i < count; ++i, out += Bytes, src += 4) {
    uint64_t v = 0;
    for (int c = 0; c < p.nr_channels; ++c) {
      if (p.channel[c].kind == ChannelCodec::SKIP || p.source[c] < 0) continue;
      v |= (encode(p.channel[c], d.channel[c], src[p.source[c]]) & p.channel[c].mask) << p.channel[c].shift;
    }
    std::memcpy(out, &v, Bytes);
  }
}

void pack_large(const FloatPlan& p, const FormatDesc& d, const float* src, uint8_t* out, size_t count) {
  for (size_t i = 0; i < count; ++i, out += p.bytes, src += 4) {
    std::memset(out, 0, p.bytes);
    for (int c = 0; c < p.nr_channels; ++c) {
      if (p.channel[c].kind == ChannelCodec::SKIP || p.source[c] < 0) continue;
      const uint64_t raw = encode(p.channel[c], d.channel[c], src[p.source[c]]);
      std::memcpy(out + p.channel[c].shift / 8, &raw, (p.channel[c].size + 7) / 8);
    }
  }
}

}  // namespace

namespace {

const detail::SubsampledLayout* find_subsampled(Format format) {
  for (unsigned i = 0; i < detail::kSubsampledLayoutCount; ++i)
    if (detail::kSubsampledLayouts[i].format == format) return &detail::kSubsampledLayouts[i];
  return nullptr;
}

// 2x1 blocks: the component stored twice is per pixel, the other two are shared. No colour-space
// conversion: YUV formats give Y, U, V in R, G, B (Mesa's convention, seed 001).
bool unpack_subsampled(const FormatDesc& d, const uint8_t* in, float* dst, size_t count) {
  const detail::SubsampledLayout* layout = find_subsampled(d.format);
  if (!layout) return false;
  const unsigned shift = layout->sample_bytes * 8 - layout->value_bits;
  for (size_t i = 0; i < count; i += 2, in += d.block_bits / 8) {
    float pixel[2][3] = {};
    int seen[3] = {0, 0, 0};
    for (int k = 0; k < 4; ++k) {
      uint32_t raw = 0;
      std::memcpy(&raw, in + k * layout->sample_bytes, layout->sample_bytes);
      const float v = unorm_to_float(raw >> shift, layout->value_bits);
      const int comp = layout->component[k];
      if (seen[comp]++ == 0) {
        pixel[0][comp] = pixel[1][comp] = v;
      } else {
        pixel[1][comp] = v;  // second sample of the per-pixel component
      }
    }
    for (size_t p = 0; p < 2 && i + p < count; ++p, dst += 4) {
      dst[0] = pixel[p][0];
      dst[1] = pixel[p][1];
      dst[2] = pixel[p][2];
      dst[3] = 1.0f;
    }
  }
  return true;
}

bool pack_subsampled(const FormatDesc& d, const float* src, uint8_t* out, size_t count) {
  const detail::SubsampledLayout* layout = find_subsampled(d.format);
  if (!layout) return false;
  const unsigned shift = layout->sample_bytes * 8 - layout->value_bits;
  for (size_t i = 0; i < count; i += 2, out += d.block_bits / 8, src += 8) {
    const float* p0 = src;
    const float* p1 = i + 1 < count ? src + 4 : src;  // an odd last pixel stands for both
    int seen[3] = {0, 0, 0};
    int count_of[3] = {0, 0, 0};
    for (int k = 0; k < 4; ++k) ++count_of[layout->component[k]];
    for (int k = 0; k < 4; ++k) {
      const int comp = layout->component[k];
      float v;
      if (count_of[comp] == 2) {
        v = seen[comp]++ == 0 ? p0[comp] : p1[comp];
      } else {
        v = (p0[comp] + p1[comp]) * 0.5f;  // shared component: the pair's average
      }
      const uint32_t raw = float_to_unorm(v, layout->value_bits) << shift;
      std::memcpy(out + k * layout->sample_bytes, &raw, layout->sample_bytes);
    }
  }
  return true;
}

}  // namespace

bool unpack_rgba_float(const FormatDesc& d, const void* src, float* dst, size_t count) {
  if (!is_color(d)) return false;
  const auto* in = static_cast<const uint8_t*>(src);
  const unsigned bytes = d.block_bits / 8;
  if (d.layout == Layout::SUBSAMPLED) return unpack_subsampled(d, in, dst, count);
  if (d.layout == Layout::PACKED_OTHER) {
    for (size_t i = 0; i < count; ++i, in += bytes, dst += 4) {
      uint32_t v;
      std::memcpy(&v, in, 4);
      if (d.format == Format::R9G9B9E5_FLOAT) {
        rgb9e5_to_float(v, dst);
      } else {
        dst[0] = uf11_to_float(v & 0x7ff);
        dst[1] = uf11_to_float((v >> 11) & 0x7ff);
        dst[2] = uf10_to_float(v >> 22);
      }
      dst[3] = 1.0f;
    }
    return true;
  }
  const FloatPlan plan = make_float_plan(d);
  switch (bytes) {
    case 1: unpack_small<1>(plan, in, dst, count); break;
    case 2: unpack_small<2>(plan, in, dst, count); break;
    case 3: unpack_small<3>(plan, in, dst, count); break;
    case 4: unpack_small<4>(plan, in, dst, count); break;
    case 5: unpack_small<5>(plan, in, dst, count); break;
    case 6: unpack_small<6>(plan, in, dst, count); break;
    case 7: unpack_small<7>(plan, in, dst, count); break;
    case 8: unpack_small<8>(plan, in, dst, count); break;
    default: unpack_large(plan, in, dst, count); break;
  }
  return true;
}

bool pack_rgba_float(const FormatDesc& d, const float* src, void* dst, size_t count) {
  if (!is_color(d)) return false;
  auto* out = static_cast<uint8_t*>(dst);
  const unsigned bytes = d.block_bits / 8;
  if (d.layout == Layout::SUBSAMPLED) return pack_subsampled(d, src, out, count);
  if (d.layout == Layout::PACKED_OTHER) {
    for (size_t i = 0; i < count; ++i, out += bytes, src += 4) {
      uint32_t v;
      if (d.format == Format::R9G9B9E5_FLOAT)
        v = float_to_rgb9e5(src);
      else
        v = float_to_uf11(src[0]) | (float_to_uf11(src[1]) << 11) | (float_to_uf10(src[2]) << 22);
      std::memcpy(out, &v, 4);
    }
    return true;
  }
  const FloatPlan plan = make_float_plan(d);
  switch (bytes) {
    case 1: pack_small<1>(plan, d, src, out, count); break;
    case 2: pack_small<2>(plan, d, src, out, count); break;
    case 3: pack_small<3>(plan, d, src, out, count); break;
    case 4: pack_small<4>(plan, d, src, out, count); break;
    case 5: pack_small<5>(plan, d, src, out, count); break;
    case 6: pack_small<6>(plan, d, src, out, count); break;
    case 7: pack_small<7>(plan, d, src, out, count); break;
    case 8: pack_small<8>(plan, d, src, out, count); break;
    default: pack_large(plan, d, src, out, count); break;
  }
  return true;
}

namespace {

template <typename T>
bool unpack_int(const FormatDesc& d, const void* src, T* dst, size_t count) {
  if (!is_color(d) || !d.is_pure_integer) return false;
  const auto* in = static_cast<const uint8_t*>(src);
  const unsigned bytes = d.block_bits / 8;
  for (size_t i = 0; i < count; ++i, in += bytes, dst += 4) {
    T ch[4] = {0, 0, 0, 0};
    for (int c = 0; c < d.nr_channels; ++c) {
      const Channel& chd = d.channel[c];
      if (chd.type == ChannelType::VOID) continue;
      const uint64_t raw = load_bits(in, chd, bytes);
      ch[c] = chd.type == ChannelType::SIGNED ? T(sign_extend(raw, chd.size)) : T(raw);
    }
    for (int j = 0; j < 4; ++j)
      dst[j] = d.swizzle[j] <= Swizzle::W ? ch[static_cast<int>(d.swizzle[j])] : swizzle_constant<T>(d.swizzle[j]);
  }
  return true;
}

template <typename T>
bool pack_int(const FormatDesc& d, const T* src, void* dst, size_t count) {
  if (!is_color(d) || !d.is_pure_integer) return false;
  auto* out = static_cast<uint8_t*>(dst);
  const unsigned bytes = d.block_bits / 8;
  int source[4];
  channel_sources(d, source);
  for (size_t i = 0; i < count; ++i, out += bytes, src += 4) {
    std::memset(out, 0, bytes);
    for (int c = 0; c < d.nr_channels; ++c) {
      const Channel& ch = d.channel[c];
      if (ch.type == ChannelType::VOID || source[c] < 0) continue;
      const int64_t v = int64_t(src[source[c]]);
      uint64_t raw;
      if (ch.type == ChannelType::SIGNED) {
        const int64_t max = (int64_t(1) << (ch.size - 1)) - 1;
        raw = uint64_t(std::clamp<int64_t>(v, -max - 1, max)) & ((uint64_t(1) << ch.size) - 1);
      } else {
        const int64_t max = int64_t((uint64_t(1) << ch.size) - 1);
        raw = uint64_t(std::clamp<int64_t>(v, 0, max));
      }
      store_bits(out, ch, bytes, raw);
    }
  }
  return true;
}

}  // namespace

bool unpack_rgba_uint(const FormatDesc& d, const void* src, uint32_t* dst, size_t count) {
  return unpack_int(d, src, dst, count);
}
bool unpack_rgba_sint(const FormatDesc& d, const void* src, int32_t* dst, size_t count) {
  return unpack_int(d, src, dst, count);
}
bool pack_rgba_uint(const FormatDesc& d, const uint32_t* src, void* dst, size_t count) {
  return pack_int(d, src, dst, count);
}
bool pack_rgba_sint(const FormatDesc& d, const int32_t* src, void* dst, size_t count) {
  return pack_int(d, src, dst, count);
}

bool unpack_depth_float(const FormatDesc& d, const void* src, float* dst, size_t count) {
  if (!can_pack_unpack(d) || !d.is_depth) return false;
  const Channel& ch = d.channel[static_cast<int>(d.swizzle[0])];
  const auto* in = static_cast<const uint8_t*>(src);
  const unsigned bytes = d.block_bits / 8;
  for (size_t i = 0; i < count; ++i, in += bytes) dst[i] = channel_to_float(ch, load_bits(in, ch, bytes), false);
  return true;
}

bool pack_depth_float(const FormatDesc& d, const float* src, void* dst, size_t count) {
  if (!can_pack_unpack(d) || !d.is_depth) return false;
  const Channel& ch = d.channel[static_cast<int>(d.swizzle[0])];
  auto* out = static_cast<uint8_t*>(dst);
  const unsigned bytes = d.block_bits / 8;
  for (size_t i = 0; i < count; ++i, out += bytes) store_bits(out, ch, bytes, float_to_channel(ch, src[i], false));
  return true;
}

bool unpack_stencil_uint(const FormatDesc& d, const void* src, uint8_t* dst, size_t count) {
  if (!can_pack_unpack(d) || !d.is_stencil) return false;
  const Channel& ch = d.channel[static_cast<int>(d.swizzle[1])];
  const auto* in = static_cast<const uint8_t*>(src);
  const unsigned bytes = d.block_bits / 8;
  for (size_t i = 0; i < count; ++i, in += bytes) dst[i] = uint8_t(load_bits(in, ch, bytes));
  return true;
}

bool pack_stencil_uint(const FormatDesc& d, const uint8_t* src, void* dst, size_t count) {
  if (!can_pack_unpack(d) || !d.is_stencil) return false;
  const Channel& ch = d.channel[static_cast<int>(d.swizzle[1])];
  auto* out = static_cast<uint8_t*>(dst);
  const unsigned bytes = d.block_bits / 8;
  for (size_t i = 0; i < count; ++i, out += bytes) store_bits(out, ch, bytes, src[i]);
  return true;
}

bool unpack_compressed_rgba_float(const FormatDesc& d, const void* src, size_t src_row_stride, unsigned width,
                                  unsigned height, float* dst, size_t dst_row_floats) {
  if (!d.is_compressed || d.compressed_family < 0 || d.compressed_family >= int(kCompressedFamilyCount)) return false;
  decode_image_rgba_float(static_cast<CompressedFamily>(d.compressed_family), d.block_width, d.block_height,
                          static_cast<const uint8_t*>(src), src_row_stride, width, height, dst, dst_row_floats);
  if (d.colorspace == Colorspace::SRGB)  // the decoders return the stored (encoded) values
    for (unsigned y = 0; y < height; ++y)
      for (unsigned x = 0; x < width; ++x)
        for (int c = 0; c < 3; ++c) {
          float& v = dst[y * dst_row_floats + size_t(x) * 4 + c];
          v = srgb_to_linear(v);
        }
  return true;
}

}  // namespace glvk::formats
