// Every vectorised kernel version this CPU runs against the scalar conversions of pack.h (the
// generic path's arithmetic): every 16-bit input, large random samples of 32-bit ones, rounding
// edges, and counts that leave a scalar tail.
#include <glvk/formats/convert.h>
#include <glvk/formats/kernels.h>
#include <glvk/formats/pack.h>

#include <GL/gl.h>
#include <GL/glext.h>
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace glvk::formats::kernels {
namespace {

std::vector<Isa> isas() {
  std::vector<Isa> out;
  for (Isa i : {Isa::SCALAR, Isa::SSE2, Isa::SSSE3, Isa::AVX2})
    if (i <= cpu_isa()) out.push_back(i);
  return out;
}

uint32_t bits_of(float f) { return std::bit_cast<uint32_t>(f); }
float float_of(uint32_t b) { return std::bit_cast<float>(b); }

// Random floats spread over every exponent, plus zeros, infinities, NaNs with payloads.
std::vector<float> sample_floats(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<float> v = {0.0f, -0.0f, INFINITY, -INFINITY, float_of(0x7fc00000), float_of(0x7f800001),
                          float_of(0xffc12345), 1.0f, -1.0f, 65504.0f, 65520.0f, 1e-8f, 0.5f};
  while (v.size() < n) v.push_back(float_of(rng()));
  return v;
}

// Floats around every rounding boundary of x -> round(x * max): (k + 0.5) / max and its neighbours.
std::vector<float> unorm_edges(unsigned bits) {
  const double max = double((1u << bits) - 1);
  std::vector<float> v;
  for (unsigned k = 0; k <= (1u << bits); ++k) {
    const float f = float((k + 0.5) / max), g = float(k / max);
    for (float x : {f, g}) v.insert(v.end(), {std::nextafter(x, -1.0f), x, std::nextafter(x, 2.0f)});
  }
  v.insert(v.end(), {-1.0f, -0.0f, 1.5f, INFINITY, -INFINITY, NAN, float_of(0xffc00001)});
  return v;
}

TEST(Kernels, CpuIsaIsNamed) {
  EXPECT_STRNE(isa_name(cpu_isa()), "?");
  std::printf("kernels: cpu_isa() = %s\n", isa_name(cpu_isa()));
}

TEST(Kernels, HalfToFloatEveryValue) {
  std::vector<uint16_t> halves(65536 + 13);
  for (size_t i = 0; i < halves.size(); ++i) halves[i] = uint16_t(i * 40503u);  // odd multiplier: all values
  for (size_t i = 0; i < 65536; ++i) halves[i] = uint16_t(i);
  for (Isa isa : isas()) {
    std::vector<float> out(halves.size());
    half_to_float(out.data(), halves.data(), halves.size(), isa);
    for (size_t i = 0; i < halves.size(); ++i)
      ASSERT_EQ(bits_of(out[i]), bits_of(formats::half_to_float(halves[i])))
          << isa_name(isa) << " half 0x" << std::hex << halves[i];
  }
}

TEST(Kernels, Unorm8ToFloatEveryValue) {
  std::vector<uint8_t> bytes(256 * 3 + 7);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = uint8_t(i * 77);
  for (Isa isa : isas()) {
    std::vector<float> out(bytes.size());
    unorm8_to_float(out.data(), bytes.data(), bytes.size(), isa);
    for (size_t i = 0; i < bytes.size(); ++i)
      ASSERT_EQ(bits_of(out[i]), bits_of(formats::unorm_to_float(bytes[i], 8))) << isa_name(isa) << " byte " << int(bytes[i]);
  }
}

// The sRGB encode table against linear_to_srgb + eq. 2.3 (pow per value): every 61st float of
// [0, 1], random values around it and the specials.
TEST(Kernels, SrgbEncodeTableMatchesTheFormula) {
  std::vector<float> floats = sample_floats(1 << 16, 61);
  for (uint32_t bits = 0; bits <= 0x3f800000u; bits += 61) floats.push_back(float_of(bits));
  for (float f : floats)
    ASSERT_EQ(linear_to_srgb8(f), formats::float_to_unorm(linear_to_srgb(f), 8)) << f << " (0x" << std::hex << bits_of(f) << ")";
}

TEST(Kernels, FloatToHalfSample) {
  std::vector<float> floats = sample_floats(1 << 21, 7);
  // Every half-way point between neighbouring halves, and the subnormal and overflow edges.
  for (uint32_t h = 0; h < 0x7c00; ++h) {
    const float a = formats::half_to_float(uint16_t(h)), b = formats::half_to_float(uint16_t(h + 1));
    floats.insert(floats.end(), {float((double(a) + double(b)) / 2), -a});
  }
  floats.push_back(3.0f);  // a tail
  for (Isa isa : isas()) {
    std::vector<uint16_t> out(floats.size());
    float_to_half(out.data(), floats.data(), floats.size(), isa);
    for (size_t i = 0; i < floats.size(); ++i)
      ASSERT_EQ(out[i], formats::float_to_half(floats[i])) << isa_name(isa) << " float 0x" << std::hex << bits_of(floats[i]);
  }
}

TEST(Kernels, FloatToUnorm8And16) {
  for (unsigned bits : {8u, 16u}) {
    std::vector<float> floats = sample_floats(1 << 20, bits);
    std::mt19937 rng(bits);
    std::uniform_real_distribution<float> unit(-0.1f, 1.1f);
    for (int i = 0; i < (1 << 20); ++i) floats.push_back(unit(rng));
    const std::vector<float> edges = unorm_edges(bits);
    floats.insert(floats.end(), edges.begin(), edges.end());
    for (Isa isa : isas()) {
      std::vector<uint16_t> out(floats.size());
      std::vector<uint8_t> out8(floats.size());
      if (bits == 8) {
        float_to_unorm8(out8.data(), floats.data(), floats.size(), isa);
        for (size_t i = 0; i < floats.size(); ++i) out[i] = out8[i];
      } else {
        float_to_unorm16(out.data(), floats.data(), floats.size(), isa);
      }
      for (size_t i = 0; i < floats.size(); ++i)
        ASSERT_EQ(out[i], formats::float_to_unorm(floats[i], bits))
            << isa_name(isa) << " unorm" << bits << " of " << floats[i] << " (0x" << std::hex << bits_of(floats[i]) << ")";
    }
  }
}

TEST(Kernels, DepthStencilWords) {
  std::mt19937 rng(24);
  const size_t n = 100003;
  std::vector<uint32_t> words(n * 2);
  for (uint32_t& w : words) w = rng();
  // GL's UNSIGNED_INT_24_8 (depth high, stencil low) and the Z24S8 order (depth low).
  for (const ZsLayout layout : {ZsLayout{4, 8, 0}, ZsLayout{4, 0, 24}}) {
    for (Isa isa : isas()) {
      std::vector<uint32_t> depth(n);
      std::vector<uint8_t> stencil(n);
      split_depth_stencil(layout, words.data(), n, depth.data(), stencil.data(), isa);
      for (size_t i = 0; i < n; ++i) {
        ASSERT_EQ(depth[i], (words[i] >> layout.z_shift) & 0xffffffu) << isa_name(isa) << " texel " << i;
        ASSERT_EQ(stencil[i], uint8_t(words[i] >> layout.s_shift)) << isa_name(isa) << " texel " << i;
      }
      // Merging: the depth aspect's high byte is undefined in Vulkan and must not leak.
      for (size_t i = 0; i < n; ++i) depth[i] |= uint32_t(rng()) << 24;
      std::vector<uint32_t> merged(n);
      merge_depth_stencil(layout, depth.data(), stencil.data(), n, merged.data(), isa);
      for (size_t i = 0; i < n; ++i) ASSERT_EQ(merged[i], words[i]) << isa_name(isa) << " texel " << i;
    }
  }
  // FLOAT_32_UNSIGNED_INT_24_8_REV: the float, then the stencil in the low byte of the next word.
  for (Isa isa : isas()) {
    std::vector<uint32_t> depth(n);
    std::vector<uint8_t> stencil(n);
    split_depth_stencil(ZsLayout{8, 0, 32}, words.data(), n, depth.data(), stencil.data(), isa);
    for (size_t i = 0; i < n; ++i) {
      ASSERT_EQ(depth[i], words[2 * i]) << isa_name(isa) << " texel " << i;
      ASSERT_EQ(stencil[i], uint8_t(words[2 * i + 1])) << isa_name(isa) << " texel " << i;
    }
    std::vector<uint32_t> merged(n * 2);
    merge_depth_stencil(ZsLayout{8, 0, 32}, depth.data(), stencil.data(), n, merged.data(), isa);
    for (size_t i = 0; i < n; ++i) {
      ASSERT_EQ(merged[2 * i], words[2 * i]) << isa_name(isa) << " texel " << i;
      ASSERT_EQ(merged[2 * i + 1], words[2 * i + 1] & 0xffu) << isa_name(isa) << " texel " << i;  // unused bits zero
    }
  }
}

// Packed 16-bit unorm <-> 8888, kernel level: every version against the scalar one (pack.h's
// arithmetic) over every 16-bit word, and every byte value in every position plus random texels.
TEST(Kernels, Packed16EveryValue) {
  using C = Packed16Channel;
  // 565 (R high), 4444 (R high), 1555 reversed (R low, A top bit), 565 into BGRA with alpha 255.
  const C layouts[][4] = {{C{11, 5, 0, 0}, C{5, 6, 0, 0}, C{0, 5, 0, 0}, C{0, 0, 0, 255}},
                          {C{12, 4, 0, 0}, C{8, 4, 0, 0}, C{4, 4, 0, 0}, C{0, 4, 0, 0}},
                          {C{0, 5, 0, 0}, C{5, 5, 0, 0}, C{10, 5, 0, 0}, C{15, 1, 0, 0}},
                          {C{0, 5, 0, 0}, C{5, 6, 0, 0}, C{11, 5, 0, 0}, C{0, 0, 0, 255}}};
  std::vector<uint16_t> words(65536 + 21);
  for (size_t i = 0; i < words.size(); ++i) words[i] = uint16_t(i < 65536 ? i : i * 40503u);
  for (const auto& layout : layouts) {
    std::vector<uint8_t> expected(words.size() * 4);
    packed16_to_unorm8x4(layout, expected.data(), words.data(), words.size(), Isa::SCALAR);
    for (size_t i = 0; i < 65536; ++i)  // the scalar version against eq. 2.1 then 2.3 directly
      for (int j = 0; j < 4; ++j) {
        const C& c = layout[j];
        const uint32_t raw = (i >> c.shift) & ((1u << c.bits) - 1);
        const uint32_t want = c.bits ? uint32_t(std::lround(std::floor(raw * 255.0 / ((1u << c.bits) - 1) + 0.5)))
                                     : c.constant;
        ASSERT_EQ(expected[i * 4 + j], want) << "word " << i << " byte " << j;
      }
    for (Isa isa : isas()) {
      std::vector<uint8_t> out(words.size() * 4);
      packed16_to_unorm8x4(layout, out.data(), words.data(), words.size(), isa);
      ASSERT_EQ(out, expected) << isa_name(isa);
    }
  }
  // Packing: channel k from byte `source`; constants or'ed in (an alpha of 1 in 565-with-X layouts).
  const C packs[][4] = {{C{11, 5, 0, 0}, C{5, 6, 1, 0}, C{0, 5, 2, 0}, C{0, 0, 0, 0}},
                        {C{12, 4, 0, 0}, C{8, 4, 1, 0}, C{4, 4, 2, 0}, C{0, 4, 3, 0}},
                        {C{10, 5, 2, 0}, C{5, 5, 1, 0}, C{0, 5, 0, 0}, C{15, 0, 0, 1}},
                        {C{0, 5, 0, 0}, C{5, 5, 1, 0}, C{10, 5, 2, 0}, C{15, 1, 3, 0}}};
  std::mt19937 rng(5551);
  std::vector<uint8_t> texels;
  for (unsigned v = 0; v < 256; ++v) texels.insert(texels.end(), {uint8_t(v), uint8_t(v), uint8_t(v), uint8_t(v)});
  for (int i = 0; i < (1 << 20) + 5; ++i) texels.push_back(uint8_t(rng()));
  texels.resize(texels.size() / 4 * 4);
  const size_t n = texels.size() / 4;
  for (const auto& layout : packs) {
    std::vector<uint16_t> expected(n);
    unorm8x4_to_packed16(layout, expected.data(), texels.data(), n, Isa::SCALAR);
    for (size_t i = 0; i < 256; ++i) {
      uint32_t want = 0;
      for (const C& c : layout)
        want |= (c.bits ? uint32_t(std::floor(i * double((1u << c.bits) - 1) / 255.0 + 0.5)) : c.constant) << c.shift;
      ASSERT_EQ(expected[i], want) << "byte value " << i;
    }
    for (Isa isa : isas()) {
      std::vector<uint16_t> out(n);
      unorm8x4_to_packed16(layout, out.data(), texels.data(), n, isa);
      ASSERT_EQ(out, expected) << isa_name(isa);
    }
  }
}

// The engine's packed16 <-> 8888 paths against its generic path for every GL packed 16-bit unorm
// type, both byte orders, every 16-bit value (unpack) and all byte values plus random texels (pack),
// on aligned and unaligned rows.
TEST(Kernels, ConvertPacked16MatchesGeneric) {
  struct Packed {
    GLenum format, type;
  };
  const Packed packed[] = {{GL_RGB, GL_UNSIGNED_SHORT_5_6_5},        {GL_RGB, GL_UNSIGNED_SHORT_5_6_5_REV},
                           {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4},      {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4_REV},
                           {GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1},      {GL_RGBA, GL_UNSIGNED_SHORT_1_5_5_5_REV},
                           {GL_BGRA, GL_UNSIGNED_SHORT_4_4_4_4_REV},  {GL_BGRA, GL_UNSIGNED_SHORT_1_5_5_5_REV}};
  const PixelFormat bytes[] = {*PixelFormat::from_gl(GL_RGBA, GL_UNSIGNED_BYTE),
                               *PixelFormat::from_gl(GL_BGRA, GL_UNSIGNED_BYTE)};
  constexpr unsigned kWidth = 1009, kRows = 66;  // 66,594 texels: every word, and a tail per row
  std::vector<uint8_t> words(size_t(kWidth) * kRows * 2 + 1);
  for (size_t i = 0; i < kWidth * kRows; ++i) {
    const uint16_t w = uint16_t(i * 40503u);
    std::memcpy(words.data() + i * 2, &w, 2);
  }
  std::mt19937 rng(8888);
  std::vector<uint8_t> texels(size_t(kWidth) * kRows * 4 + 1);
  for (size_t i = 0; i < texels.size(); ++i) texels[i] = i < 1024 ? uint8_t(i / 4) : uint8_t(rng());
  for (const Packed& p : packed) {
    const PixelFormat packed_format = *PixelFormat::from_gl(p.format, p.type);
    for (const PixelFormat& eight : bytes) {
      EXPECT_STREQ(convert_path_name(eight, packed_format), "packed16_to_unorm8x4") << p.type;
      EXPECT_STREQ(convert_path_name(packed_format, eight), "unorm8x4_to_packed16") << p.type;
      for (size_t offset : {size_t(0), size_t(1)}) {
        std::vector<uint8_t> fast(texels.size()), generic(texels.size());
        ASSERT_EQ(convert(fast.data() + offset, eight, kWidth * 4, words.data() + offset, packed_format, kWidth * 2,
                          kWidth, kRows), ConvertStatus::OK);
        ASSERT_EQ(convert_generic(generic.data() + offset, eight, kWidth * 4, words.data() + offset, packed_format,
                                  kWidth * 2, kWidth, kRows), ConvertStatus::OK);
        ASSERT_EQ(fast, generic) << "unpack type 0x" << std::hex << p.type << " offset " << offset;
        std::vector<uint8_t> fast16(words.size()), generic16(words.size());
        ASSERT_EQ(convert(fast16.data() + offset, packed_format, kWidth * 2, texels.data() + offset, eight, kWidth * 4,
                          kWidth, kRows), ConvertStatus::OK);
        ASSERT_EQ(convert_generic(generic16.data() + offset, packed_format, kWidth * 2, texels.data() + offset, eight,
                                  kWidth * 4, kWidth, kRows), ConvertStatus::OK);
        ASSERT_EQ(fast16, generic16) << "pack type 0x" << std::hex << p.type << " offset " << offset;
      }
    }
  }
}

// RGB9_E5: every version against pack.h's rgb9e5_to_float / float_to_rgb9e5 (the generic path's
// functions): every mantissa with every exponent plus random words; random floats over every
// exponent, NaN/Inf, values around every rounding boundary and around the shared-exponent bump.
TEST(Kernels, Rgb9e5BothWays) {
  std::mt19937 rng(999);
  std::vector<uint32_t> words;
  for (uint32_t e = 0; e < 32; ++e)
    for (uint32_t m = 0; m < 512; ++m) words.push_back(e << 27 | (rng() & 0x7fffe00u) | m);
  for (int i = 0; i < (1 << 20) + 3; ++i) words.push_back(rng());
  std::vector<float> floats = sample_floats(3 << 20, 95);
  std::uniform_real_distribution<float> range(-10.0f, 70000.0f);
  for (int i = 0; i < (1 << 20); ++i) floats.push_back(range(rng));
  for (int e = 0; e < 32; ++e)
    for (int k = 0; k < 513; ++k) {
      const float x = std::ldexp(float(k) + 0.5f, e - 24);
      floats.insert(floats.end(), {std::nextafter(x, 0.0f), x, std::nextafter(x, INFINITY)});
    }
  floats.resize(floats.size() / 12 * 12);  // whole RGB and RGBA texels
  for (unsigned channels : {3u, 4u}) {
    std::vector<float> expected(words.size() * channels);
    for (size_t i = 0; i < words.size(); ++i) {
      formats::rgb9e5_to_float(words[i], &expected[i * channels]);
      if (channels == 4) expected[i * 4 + 3] = 1.0f;
    }
    const size_t texels = floats.size() / channels;
    std::vector<uint32_t> packed(texels);
    for (size_t i = 0; i < texels; ++i) packed[i] = formats::float_to_rgb9e5(&floats[i * channels]);
    for (Isa isa : isas()) {
      std::vector<float> out(expected.size());
      kernels::rgb9e5_to_float(out.data(), channels, words.data(), words.size(), isa);
      for (size_t i = 0; i < out.size(); ++i)
        ASSERT_EQ(bits_of(out[i]), bits_of(expected[i])) << isa_name(isa) << " word 0x" << std::hex << words[i / channels];
      std::vector<uint32_t> words_out(texels);
      kernels::float_to_rgb9e5(words_out.data(), floats.data(), channels, texels, isa);
      for (size_t i = 0; i < texels; ++i)
        ASSERT_EQ(words_out[i], packed[i]) << isa_name(isa) << " " << channels << " channels, texel " << i << ": "
                                           << floats[i * channels] << ", " << floats[i * channels + 1] << ", "
                                           << floats[i * channels + 2];
    }
  }
}

// The engine's RGB9_E5 paths against its generic path, RGB and RGBA floats, unaligned rows too.
TEST(Kernels, ConvertRgb9e5MatchesGeneric) {
  const PixelFormat e5 = *PixelFormat::from_gl(GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV);
  constexpr unsigned kWidth = 1001, kRows = 9;
  std::mt19937 rng(59);
  std::vector<uint8_t> words(size_t(kWidth) * kRows * 4 + 4);
  for (uint8_t& b : words) b = uint8_t(rng());
  const std::vector<float> sample = sample_floats(size_t(kWidth) * kRows * 4 + 1, 17);
  std::vector<uint8_t> floats(sample.size() * 4);
  std::memcpy(floats.data(), sample.data(), floats.size());
  for (GLenum format : {GLenum(GL_RGB), GLenum(GL_RGBA)}) {
    const PixelFormat f = *PixelFormat::from_gl(format, GL_FLOAT);
    const size_t float_row = size_t(kWidth) * (format == GL_RGB ? 12 : 16);
    EXPECT_STREQ(convert_path_name(f, e5), "rgb9e5_to_float");
    EXPECT_STREQ(convert_path_name(e5, f), "float_to_rgb9e5");
    for (size_t offset : {size_t(0), size_t(1)}) {
      std::vector<uint8_t> fast(float_row * kRows + 1), generic(fast.size());
      ASSERT_EQ(convert(fast.data() + offset, f, float_row, words.data() + offset, e5, kWidth * 4, kWidth, kRows),
                ConvertStatus::OK);
      ASSERT_EQ(convert_generic(generic.data() + offset, f, float_row, words.data() + offset, e5, kWidth * 4, kWidth,
                                kRows), ConvertStatus::OK);
      ASSERT_EQ(fast, generic) << "unpack, offset " << offset;
      std::vector<uint8_t> fast_words(size_t(kWidth) * kRows * 4 + 1), generic_words(fast_words.size());
      ASSERT_EQ(convert(fast_words.data() + offset, e5, kWidth * 4, floats.data() + offset, f, float_row, kWidth, kRows),
                ConvertStatus::OK);
      ASSERT_EQ(convert_generic(generic_words.data() + offset, e5, kWidth * 4, floats.data() + offset, f, float_row,
                                kWidth, kRows), ConvertStatus::OK);
      ASSERT_EQ(fast_words, generic_words) << "pack, offset " << offset;
    }
  }
}

// Unorm depth <-> float: every version against pack.h's unorm_to_float / float_to_unorm: every
// 16- and 24-bit value (at their shifts in 16/32-bit words), 2^20 random 32-bit words; random
// floats, every rounding boundary of 16 and 24 bits, NaN/Inf and out-of-range values.
TEST(Kernels, DepthUnormBothWays) {
  std::mt19937 rng(2424);
  for (const DepthWord w : {DepthWord{2, 16, 0}, DepthWord{4, 24, 0}, DepthWord{4, 24, 8}, DepthWord{4, 32, 0}}) {
    std::vector<uint32_t> values;
    if (w.bits < 32)
      for (uint32_t v = 0; v < (1u << w.bits); ++v) values.push_back(v);
    for (int i = 0; i < (1 << 20); ++i) values.push_back(w.bits < 32 ? rng() & ((1u << w.bits) - 1) : rng());
    if (w.bits == 32) values.insert(values.end(), {0u, 1u, 0xffffffffu, 0x7fffffffu, 0x80000000u, 0xffffff7fu});
    std::vector<uint8_t> words(values.size() * w.bytes);
    for (size_t i = 0; i < values.size(); ++i) {
      // Other bits of the word hold garbage the unpacking must ignore.
      const uint32_t word = (values[i] << w.shift) | (w.bits + w.shift < 32 ? rng() & ~(((1u << w.bits) - 1) << w.shift) : 0);
      std::memcpy(words.data() + i * w.bytes, &word, w.bytes);
    }
    std::vector<float> floats = sample_floats(1 << 20, w.bits);
    // Around the rounding boundaries (k + 0.5) / max: every one for 16 bits, every 61st for 24.
    const double max = w.bits < 32 ? double((1u << w.bits) - 1) : 4294967295.0;
    for (uint64_t k = 0; w.bits <= 24 && k < (uint64_t(1) << w.bits); k += w.bits == 16 ? 1 : 61) {
      const float f = float((double(k) + 0.5) / max);
      floats.insert(floats.end(), {std::nextafter(f, -1.0f), f, std::nextafter(f, 2.0f)});
    }
    floats.push_back(0.25f);  // a tail
    for (Isa isa : isas()) {
      std::vector<float> out(values.size());
      depth_unorm_to_float(out.data(), w, words.data(), values.size(), isa);
      for (size_t i = 0; i < values.size(); ++i)
        ASSERT_EQ(bits_of(out[i]), bits_of(formats::unorm_to_float(values[i], w.bits)))
            << isa_name(isa) << " unorm" << w.bits << " " << values[i];
      std::vector<uint8_t> packed(floats.size() * w.bytes);
      float_to_depth_unorm(packed.data(), w, floats.data(), floats.size(), isa);
      for (size_t i = 0; i < floats.size(); ++i) {
        uint32_t word = 0;
        std::memcpy(&word, packed.data() + i * w.bytes, w.bytes);
        ASSERT_EQ(word, formats::float_to_unorm(floats[i], w.bits) << w.shift)
            << isa_name(isa) << " unorm" << w.bits << " of " << floats[i] << " (0x" << std::hex << bits_of(floats[i]) << ")";
      }
    }
  }
}

// The engine's depth path against its generic path between the GL depth types and the depth
// storages, both ways, unaligned rows too.
TEST(Kernels, ConvertDepthMatchesGeneric) {
  const PixelFormat client[] = {*PixelFormat::from_gl(GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT),
                                *PixelFormat::from_gl(GL_DEPTH_COMPONENT, GL_UNSIGNED_INT),
                                *PixelFormat::from_gl(GL_DEPTH_COMPONENT, GL_FLOAT)};
  const PixelFormat storage[] = {PixelFormat(Format::Z16_UNORM), PixelFormat(Format::Z24X8_UNORM),
                                 PixelFormat(Format::X8Z24_UNORM), PixelFormat(Format::Z32_FLOAT),
                                 PixelFormat(Format::Z32_UNORM)};
  constexpr unsigned kWidth = 1003, kRows = 5;
  std::mt19937 rng(32);
  std::vector<uint8_t> bytes(size_t(kWidth) * kRows * 4 + 1);
  for (uint8_t& b : bytes) b = uint8_t(rng());
  const std::vector<float> sample = sample_floats(size_t(kWidth) * kRows + 1, 33);
  std::vector<uint8_t> floats(sample.size() * 4);
  std::memcpy(floats.data(), sample.data(), floats.size());
  for (const PixelFormat& c : client)
    for (const PixelFormat& st : storage)
      for (const bool upload : {true, false}) {
        const PixelFormat& from = upload ? c : st;
        const PixelFormat& to = upload ? st : c;
        const std::vector<uint8_t>& src = from.desc().channel[0].type == ChannelType::FLOAT ? floats : bytes;
        if (std::string(convert_path_name(to, from)) == "copy") continue;
        EXPECT_STREQ(convert_path_name(to, from), "depth") << from.desc().name << " -> " << to.desc().name;
        for (size_t offset : {size_t(0), size_t(1)}) {
          std::vector<uint8_t> fast(to.row_bytes(kWidth) * kRows + 1), generic(fast.size());
          ASSERT_EQ(convert(fast.data() + offset, to, to.row_bytes(kWidth), src.data() + offset, from,
                            from.row_bytes(kWidth), kWidth, kRows), ConvertStatus::OK);
          ASSERT_EQ(convert_generic(generic.data() + offset, to, to.row_bytes(kWidth), src.data() + offset, from,
                                    from.row_bytes(kWidth), kWidth, kRows), ConvertStatus::OK);
          ASSERT_EQ(fast, generic) << from.desc().name << " -> " << to.desc().name << " offset " << offset;
        }
      }
}

// The engine's float -> unorm16 path (kernel) against its generic path, unaligned rows included.
TEST(Kernels, ConvertFloatToUnorm16MatchesGeneric) {
  const std::vector<float> floats = sample_floats(4 * 1001, 3);
  std::vector<uint8_t> src(floats.size() * 4 + 1);
  std::memcpy(src.data() + 1, floats.data(), floats.size() * 4);
  const PixelFormat from = *PixelFormat::from_gl(GL_RGBA, GL_FLOAT);
  const PixelFormat to(Format::R16G16B16A16_UNORM);
  EXPECT_STREQ(convert_path_name(to, from), "float_to_unorm16");
  for (size_t offset : {size_t(0), size_t(1)}) {
    std::vector<uint8_t> fast(floats.size() * 2 + 1), generic(floats.size() * 2 + 1);
    const uint8_t* s = offset ? src.data() + 1 : reinterpret_cast<const uint8_t*>(floats.data());
    ASSERT_EQ(convert(fast.data() + offset, to, 1001 * 8, s, from, 1001 * 16, 1001, 1), ConvertStatus::OK);
    ASSERT_EQ(convert_generic(generic.data() + offset, to, 1001 * 8, s, from, 1001 * 16, 1001, 1), ConvertStatus::OK);
    EXPECT_EQ(fast, generic);
  }
}

}  // namespace
}  // namespace glvk::formats::kernels
