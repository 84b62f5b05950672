// Uploads into R11F_G11F_B10F and RGBA8_SNORM, with the expected texels computed here from the GL 4.6
// formulas (written independently of src/formats; only convert() is under test):
// - 2.3.4.3/2.3.4.4: an unsigned 11-bit (10-bit) float is 2^-14 * M/64 (M/32) for E = 0 and
//   2^(E-15) * (1 + M/64) (1 + M/32) for 0 < E < 31; a float converts to "the closest representable
//   finite value"; negative values and -Inf to 0, finite values above the largest to the largest
//   (65024 and 64512), +Inf to +Inf, NaN to a NaN.
// - 2.3.5.1 eq. 2.1/2.2: unsigned normalized c -> c / (2^b - 1), signed normalized c ->
//   max(c / (2^(b-1) - 1), -1); 2.3.5.2 eq. 2.4: f -> round(clamp(f, -1, 1) * (2^(b-1) - 1)).
// - 8.5.2 (RGB9_E5 data): component = mantissa * 2^(exponent - 15 - 9).
//
// Mesa llvmpipe and zink (Mesa 22.3 on this machine) differ from these answers, measured with
// glTexImage2D and a raw glGetTexImage of the same texels:
// - they round towards zero into the 11/10-bit floats, which the spec allows only as a "less
//   accurate" alternative to the closest value, so their texels sit one mantissa unit lower;
// - llvmpipe reads an RGBA8_SNORM texel of -128 back as FLOAT -128/127 (eq. 2.2 clamps it to -1) and
//   keeps -128 through a BYTE round trip, where the stored value is round(-1 * 127) = -127.
#include <glvk/formats/convert.h>

#include <GL/gl.h>
#include <GL/glext.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace glvk::formats {
namespace {

// ---- the oracle: independent of pack.cpp

double small_float_value(unsigned e, unsigned m, unsigned mantissa_bits) {
  const double scale = double(1u << mantissa_bits);
  return e == 0 ? std::ldexp(m / scale, -14) : std::ldexp(1.0 + m / scale, int(e) - 15);
}

// All finite encodings in increasing order of value (the encoding's integer order is its value order).
std::vector<double> finite_values(unsigned mantissa_bits) {
  std::vector<double> v;
  for (unsigned e = 0; e < 31; ++e)
    for (unsigned m = 0; m < (1u << mantissa_bits); ++m) v.push_back(small_float_value(e, m, mantissa_bits));
  return v;
}

// The encodings the spec allows for `x`: the closest finite value (both neighbours at an exact tie,
// where the spec names no rule).
std::vector<uint32_t> closest_encodings(double x, unsigned mantissa_bits) {
  static const std::vector<double> v6 = finite_values(6), v5 = finite_values(5);
  const std::vector<double>& v = mantissa_bits == 6 ? v6 : v5;
  const uint32_t inf = 31u << mantissa_bits;
  if (std::isnan(x)) return {};  // any NaN; checked separately
  if (x == INFINITY) return {inf};
  if (!(x > 0)) return {0};
  if (x >= v.back()) return {uint32_t(v.size() - 1)};
  const size_t hi = size_t(std::lower_bound(v.begin(), v.end(), x) - v.begin());  // v[hi] >= x > v[hi - 1]
  if (v[hi] == x || hi == 0) return {uint32_t(hi)};
  const double below = x - v[hi - 1], above = v[hi] - x;
  if (below < above) return {uint32_t(hi - 1)};
  if (above < below) return {uint32_t(hi)};
  return {uint32_t(hi - 1), uint32_t(hi)};
}

bool allowed(uint32_t got, double x, unsigned mantissa_bits) {
  if (std::isnan(x)) return (got >> mantissa_bits) == 31 && (got & ((1u << mantissa_bits) - 1)) != 0;
  for (uint32_t want : closest_encodings(x, mantissa_bits))
    if (got == want) return true;
  return false;
}

PixelFormat gl(uint32_t format, uint32_t type) {
  auto p = PixelFormat::from_gl(format, type);
  EXPECT_TRUE(p.has_value());
  return p.value_or(PixelFormat(Format::NONE));
}

// Converts `count` client texels of (format, type) into R11G11B10_FLOAT and checks each channel
// against the closest encoding of the spec's value `expected(i)`.
template <typename Texel, typename Expect>
void expect_r11g11b10(const std::vector<Texel>& texels, size_t count, uint32_t format, uint32_t type, Expect expected,
                      const char* what) {
  std::vector<uint32_t> out(count);
  const size_t src_bytes = texels.size() * sizeof(Texel) / count;
  ASSERT_EQ(convert(out.data(), PixelFormat(Format::R11G11B10_FLOAT), count * 4, texels.data(), gl(format, type),
                    count * src_bytes, unsigned(count), 1),
            ConvertStatus::OK);
  int failures = 0;
  for (size_t i = 0; i < count && failures < 10; ++i) {
    double rgb[3];
    expected(i, rgb);
    const uint32_t got[3] = {out[i] & 0x7ff, (out[i] >> 11) & 0x7ff, out[i] >> 22};
    for (int c = 0; c < 3; ++c)
      if (!allowed(got[c], rgb[c], c < 2 ? 6 : 5)) {
        ++failures;
        ADD_FAILURE() << what << " texel " << i << " channel " << c << ": value " << rgb[c] << " encoded as 0x"
                      << std::hex << got[c] << std::dec << ", closest is 0x" << std::hex
                      << closest_encodings(rgb[c], c < 2 ? 6 : 5).front();
      }
  }
}

TEST(SpecConversion, R11G11B10FromUnsignedByteAndShort) {
  std::vector<uint8_t> bytes(256 * 3);
  for (int i = 0; i < 256; ++i) bytes[i * 3] = uint8_t(i), bytes[i * 3 + 1] = uint8_t(255 - i), bytes[i * 3 + 2] = uint8_t(i * 7);
  expect_r11g11b10(bytes, 256, GL_RGB, GL_UNSIGNED_BYTE, [&](size_t i, double* rgb) {
    for (int c = 0; c < 3; ++c) rgb[c] = bytes[i * 3 + c] / 255.0;
  }, "UNSIGNED_BYTE");
  std::vector<uint16_t> shorts(65536 * 3);
  for (int i = 0; i < 65536; ++i)
    shorts[i * 3] = uint16_t(i), shorts[i * 3 + 1] = uint16_t(65535 - i), shorts[i * 3 + 2] = uint16_t(i * 31);
  expect_r11g11b10(shorts, 65536, GL_RGB, GL_UNSIGNED_SHORT, [&](size_t i, double* rgb) {
    for (int c = 0; c < 3; ++c) rgb[c] = shorts[i * 3 + c] / 65535.0;
  }, "UNSIGNED_SHORT");
}

// Every half value (the 16-bit float of 2.3.4.2, decoded here from its fields) in every channel.
TEST(SpecConversion, R11G11B10FromEveryHalf) {
  std::vector<uint16_t> halves(65536 * 3);
  for (int i = 0; i < 65536; ++i) halves[i * 3] = uint16_t(i), halves[i * 3 + 1] = uint16_t(i ^ 0x1), halves[i * 3 + 2] = uint16_t(i);
  const auto half_value = [](uint16_t h) {
    const unsigned e = (h >> 10) & 0x1f, m = h & 0x3ff;
    const double sign = (h & 0x8000) ? -1.0 : 1.0;
    if (e == 31) return m ? double(NAN) : sign * INFINITY;
    return sign * (e == 0 ? std::ldexp(m / 1024.0, -14) : std::ldexp(1.0 + m / 1024.0, int(e) - 15));
  };
  expect_r11g11b10(halves, 65536, GL_RGB, GL_HALF_FLOAT, [&](size_t i, double* rgb) {
    for (int c = 0; c < 3; ++c) rgb[c] = half_value(halves[i * 3 + c]);
  }, "HALF_FLOAT");
}

TEST(SpecConversion, R11G11B10FromFloat) {
  std::vector<float> floats;
  // Edges: zero, negatives, -Inf, +Inf, NaN, the largest values and just above, subnormal steps.
  const float edges[] = {0.0f, -0.0f, -1.0f, -INFINITY, INFINITY, NAN, 65024.0f, 65023.0f, 65535.0f, 1e30f,
                         64512.0f, 64511.0f, 64600.0f, std::ldexp(1.0f, -20), std::ldexp(1.5f, -21),
                         std::ldexp(1.0f, -14), std::ldexp(63.5f / 64.0f, -14), 1.0f, 1.0f + 1.0f / 128.0f};
  for (float e : edges) floats.insert(floats.end(), {e, e, e});
  std::mt19937 rng(19);
  std::uniform_int_distribution<uint32_t> any;
  for (int i = 0; i < 200000; ++i) {
    // Random bit patterns with the exponent folded into the range the 11-bit floats cover (and past it).
    uint32_t bits = any(rng);
    bits = (bits & 0x807fffffu) | ((100u + (bits >> 23) % 60u) << 23);
    float f;
    std::memcpy(&f, &bits, 4);
    floats.push_back(f);
  }
  while (floats.size() % 3) floats.push_back(0.5f);
  const size_t count = floats.size() / 3;
  expect_r11g11b10(floats, count, GL_RGB, GL_FLOAT, [&](size_t i, double* rgb) {
    for (int c = 0; c < 3; ++c) rgb[c] = floats[i * 3 + c];
  }, "FLOAT");
}

TEST(SpecConversion, R11G11B10FromPackedTypes) {
  std::vector<uint16_t> s565(65536);
  for (int i = 0; i < 65536; ++i) s565[i] = uint16_t(i);
  // UNSIGNED_SHORT_5_6_5: red in the top 5 bits (table 8.8).
  expect_r11g11b10(s565, 65536, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, [&](size_t i, double* rgb) {
    rgb[0] = (s565[i] >> 11) / 31.0, rgb[1] = ((s565[i] >> 5) & 63) / 63.0, rgb[2] = (s565[i] & 31) / 31.0;
  }, "UNSIGNED_SHORT_5_6_5");
  std::vector<uint32_t> words(1 << 18);
  std::mt19937 rng(5);
  for (uint32_t& w : words) w = rng();
  // UNSIGNED_INT_2_10_10_10_REV as RGBA: red in the low 10 bits.
  expect_r11g11b10(words, words.size(), GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, [&](size_t i, double* rgb) {
    for (int c = 0; c < 3; ++c) rgb[c] = ((words[i] >> (10 * c)) & 1023) / 1023.0;
  }, "UNSIGNED_INT_2_10_10_10_REV");
  // UNSIGNED_INT_5_9_9_9_REV (RGB9_E5 data): shared exponent in the top 5 bits.
  expect_r11g11b10(words, words.size(), GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, [&](size_t i, double* rgb) {
    for (int c = 0; c < 3; ++c)
      rgb[c] = std::ldexp(double((words[i] >> (9 * c)) & 511), int(words[i] >> 27) - 15 - 9);
  }, "UNSIGNED_INT_5_9_9_9_REV");
  // The format's own packed type is stored as it is (every finite, Inf and NaN encoding).
  std::vector<uint32_t> same(words);
  std::vector<uint32_t> out(same.size());
  ASSERT_EQ(convert(out.data(), PixelFormat(Format::R11G11B10_FLOAT), out.size() * 4, same.data(),
                    gl(GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV), same.size() * 4, unsigned(same.size()), 1),
            ConvertStatus::OK);
  EXPECT_EQ(out, same);
}

// RGBA8_SNORM from RGBA/BYTE: every byte value, and the value it reads back as FLOAT and as BYTE.
TEST(SpecConversion, Snorm8FromByteRoundTrip) {
  std::vector<int8_t> bytes(256 * 4);
  for (int i = 0; i < 256; ++i)
    for (int c = 0; c < 4; ++c) bytes[i * 4 + c] = int8_t(i - 128);
  std::vector<int8_t> texels(bytes.size()), back(bytes.size());
  std::vector<float> floats(bytes.size());
  ASSERT_EQ(convert(texels.data(), PixelFormat(Format::R8G8B8A8_SNORM), 1024, bytes.data(), gl(GL_RGBA, GL_BYTE), 1024,
                    256, 1),
            ConvertStatus::OK);
  ASSERT_EQ(convert(floats.data(), gl(GL_RGBA, GL_FLOAT), 4096, texels.data(), PixelFormat(Format::R8G8B8A8_SNORM), 1024,
                    256, 1),
            ConvertStatus::OK);
  ASSERT_EQ(convert(back.data(), gl(GL_RGBA, GL_BYTE), 1024, texels.data(), PixelFormat(Format::R8G8B8A8_SNORM), 1024,
                    256, 1),
            ConvertStatus::OK);
  for (int i = 0; i < 256 * 4; ++i) {
    const int c = bytes[i];
    const double f = std::max(c / 127.0, -1.0);                        // eq. 2.2
    const int stored = int(std::lround(std::clamp(f, -1.0, 1.0) * 127));  // eq. 2.4
    EXPECT_EQ(texels[i], stored) << "byte " << c;
    EXPECT_EQ(floats[i], float(f)) << "byte " << c;
    EXPECT_EQ(back[i], stored) << "byte " << c;
  }
  EXPECT_EQ(texels[0], -127);  // -128 is -1.0, stored as round(-1 * 127)
  EXPECT_EQ(floats[0], -1.0f);
}

// A texel holding -128 (written by a copy from another format) reads back as BYTE -127: its value is -1.
TEST(SpecConversion, Snorm8TexelMinus128ReadsBackAsMinusOne) {
  const int8_t texel[4] = {-128, -127, 0, 127};
  int8_t as_byte[4];
  int16_t as_short[4];
  ASSERT_EQ(convert(as_byte, gl(GL_RGBA, GL_BYTE), 4, texel, PixelFormat(Format::R8G8B8A8_SNORM), 4, 1, 1),
            ConvertStatus::OK);
  ASSERT_EQ(convert(as_short, gl(GL_RGBA, GL_SHORT), 8, texel, PixelFormat(Format::R8G8B8A8_SNORM), 4, 1, 1),
            ConvertStatus::OK);
  const int8_t want_byte[4] = {-127, -127, 0, 127};
  const int16_t want_short[4] = {-32767, -32767, 0, 32767};
  EXPECT_EQ(std::memcmp(as_byte, want_byte, 4), 0);
  EXPECT_EQ(std::memcmp(as_short, want_short, 8), 0);
}

}  // namespace
}  // namespace glvk::formats
