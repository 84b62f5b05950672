// Pack/unpack against the GL specification's conversion formulas, written here independently
// (GL 4.6 sections 2.3.4 - 2.3.5, 8.5.2; the sRGB transfer function of the EXT_texture_sRGB spec).
#include <glvk/formats/pack.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace glvk::formats {
namespace {

double spec_unorm(uint64_t c, unsigned b) { return double(c) / (std::ldexp(1.0, int(b)) - 1.0); }
double spec_snorm(int64_t c, unsigned b) { return std::max(double(c) / (std::ldexp(1.0, int(b) - 1) - 1.0), -1.0); }
double spec_srgb_decode(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }

// IEEE binary16 by definition.
double spec_half(uint16_t h) {
  const int s = h >> 15, e = (h >> 10) & 31, m = h & 1023;
  const double sign = s ? -1.0 : 1.0;
  if (e == 31) return m ? std::numeric_limits<double>::quiet_NaN() : sign * INFINITY;
  if (e == 0) return sign * std::ldexp(double(m), -24);
  return sign * std::ldexp(1.0 + m / 1024.0, e - 15);
}

// GL 2.3.4.3/2.3.4.4 unsigned 11/10-bit floats: 5-bit exponent (bias 15), M-bit mantissa.
double spec_ufloat(uint32_t v, int mbits) {
  const int e = int(v >> mbits), m = int(v & ((1u << mbits) - 1));
  if (e == 31) return m ? std::numeric_limits<double>::quiet_NaN() : INFINITY;
  if (e == 0) return std::ldexp(double(m) / std::ldexp(1.0, mbits), -14);
  return std::ldexp(1.0 + m / std::ldexp(1.0, mbits), e - 15);
}

TEST(Scalar, UnormEveryValueUpTo16Bits) {
  for (unsigned b = 1; b <= 16; ++b) {
    for (uint32_t c = 0; c < (1u << b); ++c) {
      const float f = unorm_to_float(c, b);
      ASSERT_EQ(f, float(spec_unorm(c, b))) << b << " " << c;
      ASSERT_EQ(float_to_unorm(f, b), c) << b << " " << c;
    }
  }
  EXPECT_EQ(unorm_to_float(0xffffff, 24), 1.0f);
  EXPECT_EQ(float_to_unorm(1.0f, 32), 0xffffffffu);
  EXPECT_EQ(float_to_unorm(-0.5f, 8), 0u);
  EXPECT_EQ(float_to_unorm(7.0f, 8), 255u);
  EXPECT_EQ(float_to_unorm(std::numeric_limits<float>::quiet_NaN(), 8), 0u);
}

TEST(Scalar, FloatToUnormRoundsToNearest) {
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> dist(-0.25f, 1.25f);
  for (int i = 0; i < 200000; ++i) {
    const float f = dist(rng);
    for (unsigned b : {2u, 5u, 8u, 10u, 16u, 24u}) {
      const double max = std::ldexp(1.0, int(b)) - 1;
      const double x = std::min(std::max(double(f), 0.0), 1.0) * max;
      if (std::fabs(x - std::floor(x) - 0.5) < 1e-6) continue;  // ties are implementation choice
      ASSERT_EQ(float_to_unorm(f, b), uint32_t(std::llround(x))) << f << " " << b;
    }
  }
}

TEST(Scalar, SnormEveryValueUpTo16Bits) {
  for (unsigned b = 2; b <= 16; ++b) {
    const int32_t max = (1 << (b - 1)) - 1;
    for (int32_t c = -max - 1; c <= max; ++c) {
      const float f = snorm_to_float(c, b);
      ASSERT_EQ(f, float(spec_snorm(c, b))) << b << " " << c;
      ASSERT_EQ(float_to_snorm(f, b), c == -max - 1 ? -max : c) << b << " " << c;
    }
  }
  EXPECT_EQ(float_to_snorm(-3.0f, 8), -127);
  EXPECT_EQ(float_to_snorm(0.5f, 8), 64);  // 63.5 rounds away from zero
  EXPECT_EQ(float_to_snorm(-0.5f, 8), -64);
}

TEST(Scalar, HalfFloatEveryValue) {
  for (uint32_t h = 0; h < 65536; ++h) {
    const double want = spec_half(uint16_t(h));
    const float got = half_to_float(uint16_t(h));
    if (std::isnan(want)) {
      ASSERT_TRUE(std::isnan(got)) << h;
      ASSERT_TRUE(std::isnan(half_to_float(float_to_half(got)))) << h;
      continue;
    }
    ASSERT_EQ(got, float(want)) << h;
    ASSERT_EQ(std::signbit(got), bool(h & 0x8000)) << h;
    ASSERT_EQ(float_to_half(got), h) << h;
  }
  // Midpoints between neighbours round to the even mantissa; just above rounds up.
  for (uint32_t h = 0; h < 0x7bff; ++h) {
    const double mid = (spec_half(uint16_t(h)) + spec_half(uint16_t(h + 1))) / 2;
    const uint16_t even = (h & 1) ? uint16_t(h + 1) : uint16_t(h);
    ASSERT_EQ(float_to_half(float(mid)), even) << h;
    ASSERT_EQ(float_to_half(std::nextafter(float(mid), 1e9f)), h + 1) << h;
    ASSERT_EQ(float_to_half(std::nextafter(float(mid), 0.0f)), h) << h;
  }
  EXPECT_EQ(float_to_half(65520.0f), 0x7c00);  // overflow -> Inf
  EXPECT_EQ(float_to_half(-1e10f), 0xfc00);
  EXPECT_EQ(float_to_half(65519.0f), 0x7bff);
}

TEST(Scalar, Unsigned11And10BitFloatsEveryValue) {
  for (int mbits : {6, 5}) {
    const uint32_t count = 1u << (5 + mbits);
    auto decode = [mbits](uint32_t v) { return mbits == 6 ? uf11_to_float(v) : uf10_to_float(v); };
    auto encode = [mbits](float f) { return mbits == 6 ? float_to_uf11(f) : float_to_uf10(f); };
    for (uint32_t v = 0; v < count; ++v) {
      const double want = spec_ufloat(v, mbits);
      const float got = decode(v);
      if (std::isnan(want)) {
        ASSERT_TRUE(std::isnan(got));
        ASSERT_TRUE(std::isnan(decode(encode(got))));
        continue;
      }
      ASSERT_EQ(got, float(want)) << v;
      ASSERT_EQ(encode(got), v) << v;
      if (v + 1 < (31u << mbits)) {  // nearest rounding between finite neighbours
        const double next = spec_ufloat(v + 1, mbits);
        ASSERT_EQ(encode(float(want + (next - want) * 0.25)), v) << v;
        ASSERT_EQ(encode(float(want + (next - want) * 0.75)), v + 1) << v;
      }
    }
    const uint32_t max_finite = (30u << mbits) | ((1u << mbits) - 1);
    EXPECT_EQ(encode(-1.0f), 0u);
    EXPECT_EQ(encode(-INFINITY), 0u);
    EXPECT_EQ(encode(INFINITY), 31u << mbits);
    EXPECT_EQ(encode(1e9f), max_finite);  // GL: finite values above the maximum become the maximum
    EXPECT_EQ(encode(1.0f), 15u << mbits);
  }
  EXPECT_EQ(uf11_to_float(0x7bf), 65024.0f);
  EXPECT_EQ(uf10_to_float(0x3df), 64512.0f);
}

// GL 4.6 section 8.5.2 (shared exponent), in exact arithmetic.
uint32_t spec_rgb9e5(const float in[3]) {
  const int N = 9, B = 15, Emax = 31;
  const double sharedexp_max = (std::ldexp(1.0, N) - 1) / std::ldexp(1.0, N) * std::ldexp(1.0, Emax - B);
  double c[3];
  for (int i = 0; i < 3; ++i) c[i] = std::isnan(in[i]) ? 0 : std::max(0.0, std::min(sharedexp_max, double(in[i])));
  const double maxc = std::max(c[0], std::max(c[1], c[2]));
  int fl = -B - 1;
  if (maxc > 0) {
    // floor(log2(maxc)) exactly: walk powers of two
    int e = 0;
    while (std::ldexp(1.0, e) > maxc) --e;
    while (std::ldexp(1.0, e + 1) <= maxc) ++e;
    fl = std::max(fl, e);
  }
  int exp_shared = fl + 1 + B;
  const double maxs = std::floor(maxc / std::ldexp(1.0, exp_shared - B - N) + 0.5);
  if (maxs == std::ldexp(1.0, N)) exp_shared += 1;
  uint32_t out = uint32_t(exp_shared) << 27;
  for (int i = 0; i < 3; ++i)
    out |= uint32_t(std::floor(c[i] / std::ldexp(1.0, exp_shared - B - N) + 0.5)) << (9 * i);
  return out;
}

TEST(Scalar, SharedExponent) {
  for (uint32_t e = 0; e < 32; ++e) {
    for (uint32_t m : {0u, 1u, 255u, 256u, 300u, 511u}) {
      const uint32_t packed = (e << 27) | m | ((511 - m) << 9) | ((m / 2) << 18);
      float rgb[3];
      rgb9e5_to_float(packed, rgb);
      ASSERT_EQ(rgb[0], float(m * std::ldexp(1.0, int(e) - 24)));
      ASSERT_EQ(rgb[1], float((511 - m) * std::ldexp(1.0, int(e) - 24)));
      ASSERT_EQ(rgb[2], float((m / 2) * std::ldexp(1.0, int(e) - 24)));
      EXPECT_EQ(float_to_rgb9e5(rgb), spec_rgb9e5(rgb)) << e << " " << m;
    }
  }
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> expo(-30.0f, 18.0f);
  for (int i = 0; i < 100000; ++i) {
    float rgb[3];
    for (float& c : rgb) c = std::exp2(expo(rng)) * ((rng() & 15) == 0 ? -1.0f : 1.0f);
    ASSERT_EQ(float_to_rgb9e5(rgb), spec_rgb9e5(rgb)) << rgb[0] << " " << rgb[1] << " " << rgb[2];
  }
  const float big[3] = {1e20f, 0.0f, std::numeric_limits<float>::quiet_NaN()};
  EXPECT_EQ(float_to_rgb9e5(big), spec_rgb9e5(big));
  EXPECT_EQ(float_to_rgb9e5(big) >> 27, 31u);
}

TEST(Scalar, SrgbEvery8BitValue) {
  for (uint32_t c = 0; c < 256; ++c) {
    uint8_t px = uint8_t(c);
    float rgba[4];
    ASSERT_TRUE(unpack_rgba_float(Format::R8_SRGB, &px, rgba, 1));
    ASSERT_FLOAT_EQ(rgba[0], float(spec_srgb_decode(c / 255.0))) << c;
    uint8_t back = 0;
    ASSERT_TRUE(pack_rgba_float(Format::R8_SRGB, rgba, &back, 1));
    ASSERT_EQ(back, c);
  }
  // Alpha is never sRGB-encoded.
  const uint8_t px[4] = {128, 128, 128, 128};
  float rgba[4];
  ASSERT_TRUE(unpack_rgba_float(Format::R8G8B8A8_SRGB, px, rgba, 1));
  EXPECT_FLOAT_EQ(rgba[0], float(spec_srgb_decode(128 / 255.0)));
  EXPECT_EQ(rgba[3], float(128 / 255.0));
  ASSERT_TRUE(unpack_rgba_float(Format::L8A8_SRGB, px, rgba, 1));
  EXPECT_FLOAT_EQ(rgba[2], float(spec_srgb_decode(128 / 255.0)));
  EXPECT_EQ(rgba[3], float(128 / 255.0));
}

// ---- Format-level tests -------------------------------------------------------------------

void put_bits(std::vector<uint8_t>& block, unsigned shift, unsigned size, uint64_t value) {
  for (unsigned i = 0; i < size; ++i)
    if ((value >> i) & 1) block[(shift + i) / 8] |= uint8_t(1u << ((shift + i) % 8));
}

uint64_t get_bits(const std::vector<uint8_t>& block, unsigned shift, unsigned size) {
  uint64_t v = 0;
  for (unsigned i = 0; i < size; ++i)
    if ((block[(shift + i) / 8] >> ((shift + i) % 8)) & 1) v |= uint64_t(1) << i;
  return v;
}

// Expected float for a raw channel value by its declared type (independent of pack.cpp).
double expected_float(const Channel& ch, uint64_t raw, bool srgb) {
  const int64_t sext = (raw & (uint64_t(1) << (ch.size - 1))) ? int64_t(raw) - (int64_t(1) << ch.size) : int64_t(raw);
  switch (ch.type) {
    case ChannelType::UNSIGNED: {
      if (!ch.normalized) return double(raw);
      const double v = spec_unorm(raw, ch.size);
      return srgb ? spec_srgb_decode(v) : v;
    }
    case ChannelType::SIGNED: return ch.normalized ? spec_snorm(sext, ch.size) : double(sext);
    case ChannelType::FLOAT: return spec_half(uint16_t(raw));
    default: return 0;
  }
}

bool channel_is_srgb(const FormatDesc& d, int c) {
  if (d.colorspace != Colorspace::SRGB) return false;
  for (int j = 0; j < 3; ++j)
    if (d.swizzle[j] == static_cast<Swizzle>(c)) return true;
  return false;
}

// Every value of every channel of at most 16 bits, in every plain colour format: unpack gives the
// spec value in each RGBA component the swizzle routes it to, and packing that back gives the value.
TEST(Formats, EveryValueOfEverySmallChannel) {
  int channels_checked = 0;
  for (const FormatDesc& d : all_formats()) {
    if (!can_pack_unpack(d) || d.colorspace == Colorspace::ZS || d.layout != Layout::PLAIN) continue;
    const unsigned bytes = d.block_bits / 8;
    for (int c = 0; c < d.nr_channels; ++c) {
      const Channel& ch = d.channel[c];
      if (ch.type == ChannelType::VOID || ch.size > 16) continue;
      const bool srgb = channel_is_srgb(d, c);
      const uint32_t count = 1u << ch.size;
      std::vector<uint8_t> pixels(size_t(count) * bytes, 0);
      for (uint32_t v = 0; v < count; ++v) {
        std::vector<uint8_t> block(bytes, 0);
        put_bits(block, ch.shift, ch.size, v);
        std::memcpy(&pixels[size_t(v) * bytes], block.data(), bytes);
      }
      std::vector<float> rgba(size_t(count) * 4);
      ASSERT_TRUE(unpack_rgba_float(d, pixels.data(), rgba.data(), count)) << d.name;
      std::vector<uint8_t> repacked(pixels.size(), 0xAB);
      ASSERT_TRUE(pack_rgba_float(d, rgba.data(), repacked.data(), count)) << d.name;
      for (uint32_t v = 0; v < count; ++v) {
        const double want = expected_float(ch, v, srgb);
        for (int j = 0; j < 4; ++j) {
          if (d.swizzle[j] != static_cast<Swizzle>(c)) continue;
          const float got = rgba[size_t(v) * 4 + j];
          if (std::isnan(want)) {
            ASSERT_TRUE(std::isnan(got)) << d.name;
          } else if (srgb) {
            ASSERT_FLOAT_EQ(got, float(want)) << d.name << " value " << v;
          } else {
            ASSERT_EQ(got, float(want)) << d.name << " channel " << c << " value " << v;
          }
        }
        const std::vector<uint8_t> block(repacked.begin() + long(v) * bytes, repacked.begin() + long(v + 1) * bytes);
        const uint64_t back = get_bits(block, ch.shift, ch.size);
        const bool most_negative_snorm = ch.type == ChannelType::SIGNED && ch.normalized && v == (1u << (ch.size - 1));
        if (ch.type == ChannelType::FLOAT && std::isnan(want)) {
          ASSERT_TRUE(std::isnan(spec_half(uint16_t(back)))) << d.name;
        } else if (most_negative_snorm) {
          ASSERT_EQ(back, v + 1) << d.name;  // -2^(b-1) and -(2^(b-1)-1) both mean -1.0
        } else {
          ASSERT_EQ(back, v) << d.name << " channel " << c << " value " << v;
        }
      }
      ++channels_checked;
    }
  }
  EXPECT_GT(channels_checked, 450);
}

TEST(Formats, KnownPixels) {
  float rgba[4];
  const uint16_t red565 = 0xF800;  // B5G6R5: R in bits 11-15
  ASSERT_TRUE(unpack_rgba_float(Format::B5G6R5_UNORM, &red565, rgba, 1));
  EXPECT_EQ(rgba[0], 1.0f);
  EXPECT_EQ(rgba[1], 0.0f);
  EXPECT_EQ(rgba[3], 1.0f);
  const uint8_t la[2] = {51, 255};
  ASSERT_TRUE(unpack_rgba_float(Format::L8A8_UNORM, la, rgba, 1));
  EXPECT_EQ(rgba[0], 0.2f);
  EXPECT_EQ(rgba[2], 0.2f);
  EXPECT_EQ(rgba[3], 1.0f);
  ASSERT_TRUE(unpack_rgba_float(Format::I8_UNORM, la, rgba, 1));
  EXPECT_EQ(rgba[3], 0.2f);
  ASSERT_TRUE(unpack_rgba_float(Format::A8_UNORM, la, rgba, 1));
  EXPECT_EQ(rgba[0], 0.0f);
  EXPECT_EQ(rgba[3], 0.2f);
  const uint32_t one11 = (15u << 6) | ((14u << 6) << 11) | ((16u << 5) << 22);
  ASSERT_TRUE(unpack_rgba_float(Format::R11G11B10_FLOAT, &one11, rgba, 1));
  EXPECT_EQ(rgba[0], 1.0f);
  EXPECT_EQ(rgba[1], 0.5f);
  EXPECT_EQ(rgba[2], 2.0f);
  const uint32_t a2 = 3u << 30 | 1023u;  // R10G10B10A2: R = 1023 in bits 0-9, A = 3 in 30-31
  ASSERT_TRUE(unpack_rgba_float(Format::R10G10B10A2_UNORM, &a2, rgba, 1));
  EXPECT_EQ(rgba[0], 1.0f);
  EXPECT_EQ(rgba[3], 1.0f);
  // Packing L8 takes R; packing an X channel writes zero.
  const float in[4] = {1.0f, 0.0f, 0.0f, 0.5f};
  uint8_t l8 = 0;
  ASSERT_TRUE(pack_rgba_float(Format::L8_UNORM, in, &l8, 1));
  EXPECT_EQ(l8, 255);
  uint8_t x8[4] = {9, 9, 9, 9};
  ASSERT_TRUE(pack_rgba_float(Format::R8G8B8X8_UNORM, in, x8, 1));
  EXPECT_EQ(x8[3], 0);
  EXPECT_EQ(x8[0], 255);
  // Integers clamp to the channel range.
  const uint32_t big[4] = {300, 5, 70000, 1};
  uint8_t ui[4];
  ASSERT_TRUE(pack_rgba_uint(Format::R8G8B8A8_UINT, big, ui, 1));
  EXPECT_EQ(ui[0], 255);
  EXPECT_EQ(ui[2], 255);
  const int32_t neg[4] = {-300, 5, 100, -1};
  int8_t si[4];
  ASSERT_TRUE(pack_rgba_sint(Format::R8G8B8A8_SINT, neg, si, 1));
  EXPECT_EQ(si[0], -128);
  EXPECT_EQ(si[3], -1);
  int32_t sback[4];
  ASSERT_TRUE(unpack_rgba_sint(Format::R8G8B8A8_SINT, si, sback, 1));
  EXPECT_EQ(sback[0], -128);
  uint32_t uback[4];
  EXPECT_FALSE(unpack_rgba_uint(Format::R8G8B8A8_UNORM, si, uback, 1));  // not an integer format
  EXPECT_FALSE(unpack_rgba_float(Format::DXT1_RGB, si, rgba, 1));
}

TEST(Formats, DepthStencil) {
  const uint32_t z24s8 = 0x80FFFFFFu;  // Z24_UNORM_S8_UINT: depth bits 0-23, stencil 24-31
  float z;
  uint8_t s;
  ASSERT_TRUE(unpack_depth_float(Format::Z24_UNORM_S8_UINT, &z24s8, &z, 1));
  ASSERT_TRUE(unpack_stencil_uint(Format::Z24_UNORM_S8_UINT, &z24s8, &s, 1));
  EXPECT_EQ(z, 1.0f);
  EXPECT_EQ(s, 0x80);
  uint32_t gl248 = 0xFFFFFF80u;  // GL_UNSIGNED_INT_24_8 layout = S8_UINT_Z24_UNORM
  ASSERT_TRUE(unpack_depth_float(Format::S8_UINT_Z24_UNORM, &gl248, &z, 1));
  ASSERT_TRUE(unpack_stencil_uint(Format::S8_UINT_Z24_UNORM, &gl248, &s, 1));
  EXPECT_EQ(z, 1.0f);
  EXPECT_EQ(s, 0x80);
  const float half = 0.5f;
  ASSERT_TRUE(pack_depth_float(Format::S8_UINT_Z24_UNORM, &half, &gl248, 1));
  EXPECT_EQ(gl248, (uint32_t(std::llround(0.5 * 16777215.0)) << 8) | 0x80u);  // stencil kept
  const uint8_t stencil = 0x12;
  ASSERT_TRUE(pack_stencil_uint(Format::S8_UINT_Z24_UNORM, &stencil, &gl248, 1));
  EXPECT_EQ(gl248 & 0xff, 0x12u);
  uint32_t z32s8[2] = {0, 0};
  const float depth = 0.25f;
  ASSERT_TRUE(pack_depth_float(Format::Z32_FLOAT_S8X24_UINT, &depth, z32s8, 1));
  ASSERT_TRUE(pack_stencil_uint(Format::Z32_FLOAT_S8X24_UINT, &stencil, z32s8, 1));
  float f;
  std::memcpy(&f, &z32s8[0], 4);
  EXPECT_EQ(f, 0.25f);
  EXPECT_EQ(z32s8[1], 0x12u);
  // Every 16-bit depth value.
  for (uint32_t v = 0; v < 65536; ++v) {
    const uint16_t raw = uint16_t(v);
    ASSERT_TRUE(unpack_depth_float(Format::Z16_UNORM, &raw, &z, 1));
    ASSERT_EQ(z, float(spec_unorm(v, 16)));
    uint16_t back;
    ASSERT_TRUE(pack_depth_float(Format::Z16_UNORM, &z, &back, 1));
    ASSERT_EQ(back, raw);
  }
  EXPECT_FALSE(unpack_depth_float(Format::S8_UINT, &gl248, &z, 1));
  EXPECT_FALSE(unpack_stencil_uint(Format::Z16_UNORM, &gl248, &s, 1));
}

// Round trip of every format the library packs: unpack -> pack -> unpack is stable, and for
// pure-integer and depth/stencil formats the raw bits survive (X padding aside).
TEST(Formats, RoundTripEveryFormat) {
  std::mt19937 rng(3);
  int formats = 0;
  for (const FormatDesc& d : all_formats()) {
    if (!can_pack_unpack(d)) continue;
    const unsigned bytes = d.block_bits / 8;
    const size_t n = 257;
    std::vector<uint8_t> raw(n * bytes);
    for (auto& b : raw) b = uint8_t(rng());
    std::vector<uint8_t> again(raw.size());
    if (d.colorspace == Colorspace::ZS) {
      std::vector<uint8_t> cleared(raw.size(), 0);
      if (d.is_depth) {
        std::vector<float> z(n), z2(n);
        if (d.channel[static_cast<int>(d.swizzle[0])].type == ChannelType::FLOAT)
          for (size_t i = 0; i < n; ++i) {  // keep the float depth finite
            float v = float(rng() % 1000) / 999.0f;
            std::memcpy(&raw[i * bytes], &v, 4);
          }
        ASSERT_TRUE(unpack_depth_float(d, raw.data(), z.data(), n));
        ASSERT_TRUE(pack_depth_float(d, z.data(), cleared.data(), n));
        ASSERT_TRUE(unpack_depth_float(d, cleared.data(), z2.data(), n));
        ASSERT_EQ(z, z2) << d.name;
      }
      if (d.is_stencil) {
        std::vector<uint8_t> s(n), s2(n);
        ASSERT_TRUE(unpack_stencil_uint(d, raw.data(), s.data(), n));
        ASSERT_TRUE(pack_stencil_uint(d, s.data(), cleared.data(), n));
        ASSERT_TRUE(unpack_stencil_uint(d, cleared.data(), s2.data(), n));
        ASSERT_EQ(s, s2) << d.name;
      }
      ++formats;
      continue;
    }
    if (d.is_pure_integer) {
      std::vector<uint32_t> u(n * 4);
      ASSERT_TRUE(unpack_rgba_uint(d, raw.data(), u.data(), n)) << d.name;
      ASSERT_TRUE(pack_rgba_uint(d, u.data(), again.data(), n)) << d.name;
      std::vector<int32_t> s(n * 4);
      ASSERT_TRUE(unpack_rgba_sint(d, raw.data(), s.data(), n)) << d.name;
      std::vector<uint8_t> again_s(raw.size());
      ASSERT_TRUE(pack_rgba_sint(d, s.data(), again_s.data(), n)) << d.name;
      for (size_t i = 0; i < n; ++i)
        for (int c = 0; c < d.nr_channels; ++c) {
          const Channel& ch = d.channel[c];
          std::vector<uint8_t> a(raw.begin() + long(i * bytes), raw.begin() + long((i + 1) * bytes));
          std::vector<uint8_t> b(again.begin() + long(i * bytes), again.begin() + long((i + 1) * bytes));
          std::vector<uint8_t> b2(again_s.begin() + long(i * bytes), again_s.begin() + long((i + 1) * bytes));
          const uint64_t want = ch.type == ChannelType::VOID ? 0 : get_bits(a, ch.shift, ch.size);
          // unsigned channels survive the uint path, signed ones the sint path
          const std::vector<uint8_t>& through = ch.type == ChannelType::SIGNED ? b2 : b;
          ASSERT_EQ(get_bits(through, ch.shift, ch.size), want) << d.name;
        }
    }
    std::vector<float> f1(n * 4), f2(n * 4);
    ASSERT_TRUE(unpack_rgba_float(d, raw.data(), f1.data(), n)) << d.name;
    ASSERT_TRUE(pack_rgba_float(d, f1.data(), again.data(), n)) << d.name;
    ASSERT_TRUE(unpack_rgba_float(d, again.data(), f2.data(), n)) << d.name;
    for (size_t i = 0; i < f1.size(); ++i) {
      if (std::isnan(f1[i])) {
        ASSERT_TRUE(std::isnan(f2[i])) << d.name;
      } else if (d.format == Format::R9G9B9E5_FLOAT) {
        // a non-normalised shared exponent re-encodes with a smaller exponent: same value or nearest
        ASSERT_NEAR(f2[i], f1[i], std::fabs(f1[i]) * 0x1p-8f + 0x1p-24f) << d.name;
      } else {
        ASSERT_EQ(f1[i], f2[i]) << d.name << " pixel " << i / 4;
      }
    }
    ++formats;
  }
  int expected = 0;  // every non-compressed, non-planar format
  for (const FormatDesc& d : all_formats())
    expected += d.format != Format::NONE && (d.layout == Layout::PLAIN || d.layout == Layout::PACKED_OTHER ||
                                             d.layout == Layout::SUBSAMPLED);
  EXPECT_EQ(formats, expected);
  EXPECT_GT(formats, 230);
}

// 2x1 subsampled blocks, sample order written out by hand from the seed 001 / pipe naming:
// which RGB component (YUV: R=Y, G=U, B=V) each memory sample holds.
TEST(Formats, SubsampledEverySampleValue) {
  struct Case { Format format; unsigned sample_bytes, bits; int comp[4]; };
  const Case cases[] = {
      {Format::YUYV, 1, 8, {0, 1, 0, 2}},  {Format::UYVY, 1, 8, {1, 0, 2, 0}},
      {Format::YVYU, 1, 8, {0, 2, 0, 1}},  {Format::VYUY, 1, 8, {2, 0, 1, 0}},
      {Format::R8G8_B8G8_UNORM, 1, 8, {0, 1, 2, 1}}, {Format::G8R8_G8B8_UNORM, 1, 8, {1, 0, 1, 2}},
      {Format::G8B8_G8R8_UNORM, 1, 8, {1, 2, 1, 0}}, {Format::B8G8_R8G8_UNORM, 1, 8, {2, 1, 0, 1}},
      {Format::R8G8_R8B8_UNORM, 1, 8, {0, 1, 0, 2}}, {Format::R8B8_R8G8_UNORM, 1, 8, {0, 2, 0, 1}},
      {Format::G8R8_B8R8_UNORM, 1, 8, {1, 0, 2, 0}}, {Format::B8R8_G8R8_UNORM, 1, 8, {2, 0, 1, 0}},
      {Format::Y210, 2, 10, {0, 1, 0, 2}}, {Format::Y212, 2, 12, {0, 1, 0, 2}}, {Format::Y216, 2, 16, {0, 1, 0, 2}},
  };
  for (const Case& c : cases) {
    const FormatDesc& d = describe(c.format);
    ASSERT_EQ(d.layout, Layout::SUBSAMPLED) << d.name;
    ASSERT_EQ(d.block_bits, c.sample_bytes * 32) << d.name;
    for (int k = 0; k < 4; ++k) {
      // Is this the first or second occurrence of its component (per-pixel components occur twice)?
      int before = 0, total = 0;
      for (int j = 0; j < 4; ++j) {
        total += c.comp[j] == c.comp[k];
        before += j < k && c.comp[j] == c.comp[k];
      }
      for (uint32_t v = 0; v < (1u << c.bits); ++v) {
        uint8_t block[8] = {};
        const uint32_t raw = v << (c.sample_bytes * 8 - c.bits);  // Y21x: value in the top bits
        std::memcpy(block + k * c.sample_bytes, &raw, c.sample_bytes);
        float px[8];
        ASSERT_TRUE(unpack_rgba_float(d, block, px, 2));
        const float want = float(spec_unorm(v, c.bits));
        if (total == 2) {
          ASSERT_EQ(px[before * 4 + c.comp[k]], want) << d.name;
          ASSERT_EQ(px[(1 - before) * 4 + c.comp[k]], 0.0f) << d.name;
        } else {
          ASSERT_EQ(px[c.comp[k]], want) << d.name;
          ASSERT_EQ(px[4 + c.comp[k]], want) << d.name;
        }
        ASSERT_EQ(px[3], 1.0f);
        uint8_t back[8] = {};
        ASSERT_TRUE(pack_rgba_float(d, px, back, 2));
        ASSERT_EQ(std::memcmp(back, block, c.sample_bytes * 4), 0) << d.name << " sample " << k << " value " << v;
      }
    }
  }
  // Packing averages the shared components of a pair.
  const float pair[8] = {0.0f, 0.2f, 1.0f, 1.0f, 1.0f, 0.6f, 0.0f, 1.0f};
  uint8_t yuyv[4];
  ASSERT_TRUE(pack_rgba_float(Format::YUYV, pair, yuyv, 2));
  const uint8_t want[4] = {0, 102, 255, 128};  // Y0, (0.2+0.6)/2 -> 102, Y1, (1+0)/2 -> 128
  EXPECT_EQ(std::memcmp(yuyv, want, 4), 0);
}

TEST(Formats, ClientArrayFormats) {
  ArrayFormat af{};
  af.type_size = 2;
  af.is_signed = true;
  af.normalized = true;
  af.num_channels = 3;
  af.swizzle[0] = Swizzle::Z;  // GL_BGR
  af.swizzle[1] = Swizzle::Y;
  af.swizzle[2] = Swizzle::X;
  af.swizzle[3] = Swizzle::ONE;
  const FormatDesc d = describe_array_format(af);
  const int16_t px[3] = {-32767, 0, 32767};
  float rgba[4];
  ASSERT_TRUE(unpack_rgba_float(d, px, rgba, 1));
  EXPECT_EQ(rgba[0], 1.0f);
  EXPECT_EQ(rgba[2], -1.0f);
  EXPECT_EQ(rgba[3], 1.0f);
}

}  // namespace
}  // namespace glvk::formats
