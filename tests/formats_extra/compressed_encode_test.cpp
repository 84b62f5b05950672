// Encoders (online compression): encode -> the existing decoder. Expected values come from the
// formats' definitions (565 bit replication, k/255, k/127, ...), never from the encoder; error
// bounds are derived in comments from the format's palette spacing and endpoint quantisation.
#include <glvk/formats/compressed.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <utility>
#include <vector>

namespace {

using glvk::formats::CompressedFamily;
using F = CompressedFamily;
using Block = std::array<float, 64>;  // 16 RGBA texels

// Deterministic generator (xorshift64*), independent of the standard library's distributions.
struct Rng {
  uint64_t state;
  explicit Rng(uint64_t seed) : state(seed) {}
  uint32_t next() {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return uint32_t((state * 0x2545F4914F6CDD1Dull) >> 32);
  }
  unsigned below(unsigned n) { return next() % n; }
  float unit() { return float(next() >> 8) / float(1u << 24); }  // [0, 1)
};

unsigned bytes_per_block(F f) { return glvk::formats::compressed_block_info(f).bytes_per_block; }

std::vector<uint8_t> encode(F f, const Block& texels) {
  std::vector<uint8_t> block(bytes_per_block(f));
  glvk::formats::encode_block_rgba_float(f, texels.data(), block.data());
  return block;
}

Block decode(F f, const std::vector<uint8_t>& block) {
  Block t{};
  glvk::formats::decode_block_rgba_float(f, 4, 4, block.data(), t.data());
  return t;
}

Block round_trip(F f, const Block& texels) { return decode(f, encode(f, texels)); }

Block constant_block(float r, float g, float b, float a) {
  Block t{};
  for (unsigned i = 0; i < 16; ++i) { t[4 * i] = r; t[4 * i + 1] = g; t[4 * i + 2] = b; t[4 * i + 3] = a; }
  return t;
}

// The 8-bit value a `bits`-bit S3TC endpoint field decodes to (bit replication, spec formula).
unsigned expand_bits(unsigned q, unsigned bits) { return (q << (8 - bits)) | (q >> (2 * bits - 8)); }

// Per-channel error statistics of one family over many blocks.
struct ErrorStats {
  double sum = 0.0;
  size_t count = 0;
  double max = 0.0;
  void add(double e) { sum += e; ++count; max = std::max(max, e); }
  double mean() const { return count ? sum / double(count) : 0.0; }
};

const std::vector<F> kEncodable = {F::BC1_RGB, F::BC1_RGBA, F::BC2, F::BC3, F::BC4_UNORM, F::BC4_SNORM,
                                   F::BC5_UNORM, F::BC5_SNORM, F::BC6H_UFLOAT, F::BC6H_SFLOAT, F::BC7};

// ---- can_encode ------------------------------------------------------------------------------

TEST(Encode, CanEncodeExactlyTheImplementedFamilies) {
  for (unsigned i = 0; i < glvk::formats::kCompressedFamilyCount; ++i) {
    const F f = F(i);
    const bool expected = std::find(kEncodable.begin(), kEncodable.end(), f) != kEncodable.end();
    EXPECT_EQ(glvk::formats::can_encode(f), expected) << glvk::formats::compressed_family_name(f);
  }
  for (F f : {F::ETC1_RGB8, F::ETC2_RGB8, F::ETC2_RGB8A1, F::ETC2_RGBA8, F::EAC_R11_UNORM, F::EAC_R11_SNORM,
              F::EAC_RG11_UNORM, F::EAC_RG11_SNORM, F::ASTC_LDR})
    EXPECT_FALSE(glvk::formats::can_encode(f)) << glvk::formats::compressed_family_name(f);
}

// ---- BC4 / BC5 -------------------------------------------------------------------------------

TEST(EncodeBc4, ConstantUnormRoundTripsEveryByte) {
  for (unsigned k = 0; k < 256; ++k) {
    const float v = float(k) / 255.0f;
    const Block t = round_trip(F::BC4_UNORM, constant_block(v, 0, 0, 1));
    for (unsigned i = 0; i < 16; ++i) ASSERT_EQ(t[4 * i], v) << "k=" << k;
  }
}

TEST(EncodeBc4, ConstantSnormRoundTripsEveryValue) {
  for (int k = -127; k <= 127; ++k) {
    const float v = float(k) / 127.0f;
    const Block t = round_trip(F::BC4_SNORM, constant_block(v, 0, 0, 1));
    for (unsigned i = 0; i < 16; ++i) ASSERT_EQ(t[4 * i], v) << "k=" << k;
  }
}

TEST(EncodeBc5, ConstantRedAndGreenRoundTrip) {
  for (unsigned k = 0; k < 256; ++k) {
    const float r = float(k) / 255.0f, g = float(255 - k) / 255.0f;
    const Block t = round_trip(F::BC5_UNORM, constant_block(r, g, 0, 1));
    for (unsigned i = 0; i < 16; ++i) {
      ASSERT_EQ(t[4 * i], r) << "k=" << k;
      ASSERT_EQ(t[4 * i + 1], g) << "k=" << k;
    }
  }
  for (int k = -127; k <= 127; ++k) {
    const float r = float(k) / 127.0f, g = float(-k) / 127.0f;
    const Block t = round_trip(F::BC5_SNORM, constant_block(r, g, 0, 1));
    for (unsigned i = 0; i < 16; ++i) {
      ASSERT_EQ(t[4 * i], r) << "k=" << k;
      ASSERT_EQ(t[4 * i + 1], g) << "k=" << k;
    }
  }
}

TEST(EncodeBc4, TwoValueBlocksRoundTripExactly) {
  Rng rng(4);
  for (int iteration = 0; iteration < 2000; ++iteration) {
    const bool is_signed = iteration & 1;
    const F f = is_signed ? F::BC4_SNORM : F::BC4_UNORM;
    const float scale = is_signed ? 127.0f : 255.0f;
    const int lo = is_signed ? -127 : 0, span = is_signed ? 255 : 256;
    const float a = float(lo + int(rng.below(unsigned(span)))) / scale;
    const float b = float(lo + int(rng.below(unsigned(span)))) / scale;
    Block in = constant_block(a, 0, 0, 1);
    for (unsigned i = 0; i < 16; ++i)
      if (i == 0 || (i != 1 && rng.below(2))) in[4 * i] = b;  // texel 0 is b, texel 1 is a
    const Block out = round_trip(f, in);
    for (unsigned i = 0; i < 16; ++i) ASSERT_EQ(out[4 * i], in[4 * i]) << "iteration " << iteration << " texel " << i;
  }
}

// Bound, in units of the format's integer scale (255 or 127): the encoder's 8-level palette spans
// endpoints e0 = round(max), e1 = round(min), so e0 - e1 <= (max - min) + 1 and consecutive entries
// are (e0 - e1)/7 apart. A value inside [e1, e0] is at most half a step, (max - min)/14 + 1/14,
// from its nearest entry; a value outside (by the endpoint rounding) at most 0.5. Hence
// error <= (max - min)/14 + 0.5. (The optional 6-level mode is only taken when its largest error is
// not larger.) The mean of a value uniformly spread within a step is step/4 = (max - min)/28.
struct Bc4Measure {
  ErrorStats error;           // |decoded - input| in the integer scale
  double mean_range_over_28 = 0.0;
  size_t blocks = 0;
};

void check_bc4_block(F f, const Block& in, unsigned channel, Bc4Measure& m, const char* what) {
  const bool is_signed = f == F::BC4_SNORM || f == F::BC5_SNORM;
  const float scale = is_signed ? 127.0f : 255.0f;
  const Block out = round_trip(f, in);
  float lo = 1e9f, hi = -1e9f;
  for (unsigned i = 0; i < 16; ++i) { lo = std::min(lo, in[4 * i + channel]); hi = std::max(hi, in[4 * i + channel]); }
  const double bound = double(hi - lo) * scale / 14.0 + 0.5 + 1e-3;
  for (unsigned i = 0; i < 16; ++i) {
    const double e = std::fabs(double(out[4 * i + channel]) - double(in[4 * i + channel])) * scale;
    m.error.add(e);
    ASSERT_LE(e, bound) << what << " texel " << i << " range " << (hi - lo) * scale;
  }
  m.mean_range_over_28 += double(hi - lo) * scale / 28.0;
  ++m.blocks;
}

TEST(EncodeBc4, GradientsAndRandomBlocksStayWithinThePaletteBound) {
  for (F f : {F::BC4_UNORM, F::BC4_SNORM, F::BC5_UNORM, F::BC5_SNORM}) {
    const bool is_signed = f == F::BC4_SNORM || f == F::BC5_SNORM;
    const float lowest = is_signed ? -1.0f : 0.0f;
    Rng rng(11);
    Bc4Measure gradient, random;
    for (int iteration = 0; iteration < 1000; ++iteration) {
      // Gradient between two random values along x, y or the diagonal.
      const float a = lowest + rng.unit() * (1.0f - lowest), b = lowest + rng.unit() * (1.0f - lowest);
      const unsigned direction = rng.below(3);
      Block g = constant_block(0, 0, 0, 1), r = constant_block(0, 0, 0, 1);
      for (unsigned i = 0; i < 16; ++i) {
        const unsigned x = i % 4, y = i / 4;
        const float s = direction == 0 ? float(x) / 3 : direction == 1 ? float(y) / 3 : float(x + y) / 6;
        g[4 * i] = a + (b - a) * s;
        g[4 * i + 1] = b + (a - b) * s;
        r[4 * i] = lowest + rng.unit() * (1.0f - lowest);
        r[4 * i + 1] = lowest + rng.unit() * (1.0f - lowest);
      }
      const unsigned channels = (f == F::BC5_UNORM || f == F::BC5_SNORM) ? 2 : 1;
      for (unsigned c = 0; c < channels; ++c) {
        check_bc4_block(f, g, c, gradient, "gradient");
        check_bc4_block(f, r, c, random, "random");
      }
    }
    std::printf("[ stats    ] %s gradient: mean %.3f max %.3f; random: mean %.3f (range/28 %.3f) max %.3f (1/%d units)\n",
                glvk::formats::compressed_family_name(f), gradient.error.mean(), gradient.error.max,
                random.error.mean(), random.mean_range_over_28 / double(random.blocks), random.error.max,
                is_signed ? 127 : 255);
    // Mean: at most the uniform-within-a-step figure (range/28) plus the endpoint rounding (0.5).
    EXPECT_LE(gradient.error.mean(), gradient.mean_range_over_28 / double(gradient.blocks) + 0.5);
    EXPECT_LE(random.error.mean(), random.mean_range_over_28 / double(random.blocks) + 0.5);
  }
}

TEST(EncodeBc4, SixLevelModeKeepsExactExtremesAndFineInnerSteps) {
  // 0 and 1 plus values clustered in 100..110: the 8-level palette over 0..255 is 36 apart (errors
  // up to 18), the 6-level one spans 100..110 (steps of 2) and has 0 and 255 as entries 6 and 7.
  const unsigned values[16] = {0, 255, 100, 102, 104, 106, 108, 110, 0, 255, 101, 103, 105, 107, 109, 110};
  Block in = constant_block(0, 0, 0, 1);
  for (unsigned i = 0; i < 16; ++i) in[4 * i] = float(values[i]) / 255.0f;
  const std::vector<uint8_t> block = encode(F::BC4_UNORM, in);
  EXPECT_LE(block[0], block[1]) << "expected the 6-level mode (e0 <= e1)";
  const Block out = decode(F::BC4_UNORM, block);
  for (unsigned i = 0; i < 16; ++i) {
    if (values[i] == 0 || values[i] == 255) {
      EXPECT_EQ(out[4 * i], in[4 * i]) << "texel " << i;
    }
    // Steps of 2 between the rounded endpoints 100 and 110: at most 1 away.
    EXPECT_LE(std::fabs(out[4 * i] - in[4 * i]) * 255.0f, 1.0f + 1e-3f) << "texel " << i;
  }
}

// ---- BC1 / BC2 / BC3 -------------------------------------------------------------------------

TEST(EncodeBc1, Constant565ColoursRoundTrip) {
  // Every (r5, g6, b5) with r5 and b5 stepping through all values at different rates.
  for (F f : {F::BC1_RGB, F::BC1_RGBA, F::BC2, F::BC3}) {
    for (unsigned g6 = 0; g6 < 64; ++g6) {
      for (unsigned r5 = 0; r5 < 32; ++r5) {
        const unsigned b5 = (r5 * 7 + g6) % 32;
        const float r = float(expand_bits(r5, 5)) / 255.0f, g = float(expand_bits(g6, 6)) / 255.0f,
                    b = float(expand_bits(b5, 5)) / 255.0f;
        const Block out = round_trip(f, constant_block(r, g, b, 1.0f));
        for (unsigned i = 0; i < 16; ++i) {
          ASSERT_EQ(out[4 * i], r) << glvk::formats::compressed_family_name(f) << " " << r5 << "," << g6 << "," << b5;
          ASSERT_EQ(out[4 * i + 1], g) << glvk::formats::compressed_family_name(f) << " " << r5 << "," << g6 << "," << b5;
          ASSERT_EQ(out[4 * i + 2], b) << glvk::formats::compressed_family_name(f) << " " << r5 << "," << g6 << "," << b5;
          ASSERT_EQ(out[4 * i + 3], 1.0f);
        }
      }
    }
  }
}

std::array<float, 3> random_565(Rng& rng) {
  return {float(expand_bits(rng.below(32), 5)) / 255.0f, float(expand_bits(rng.below(64), 6)) / 255.0f,
          float(expand_bits(rng.below(32), 5)) / 255.0f};
}

TEST(EncodeBc1, TwoColourBlocksRoundTripExactly) {
  Rng rng(1);
  for (F f : {F::BC1_RGB, F::BC1_RGBA, F::BC2, F::BC3}) {
    for (int iteration = 0; iteration < 2000; ++iteration) {
      const auto a = random_565(rng), b = random_565(rng);
      Block in{};
      for (unsigned i = 0; i < 16; ++i) {
        const auto& c = (i == 0 || (i != 1 && rng.below(2))) ? b : a;
        std::copy(c.begin(), c.end(), in.begin() + 4 * i);
        in[4 * i + 3] = 1.0f;
      }
      const Block out = round_trip(f, in);
      for (unsigned i = 0; i < 64; ++i)
        ASSERT_EQ(out[i], in[i]) << glvk::formats::compressed_family_name(f) << " iteration " << iteration << " float " << i;
    }
  }
}

TEST(EncodeBc1, GradientsStayWithinThePaletteBound) {
  // Texels on the segment A..B (in 8-bit units). With exact endpoints A and B the palette entries are
  // |B - A|/3 apart on the segment, so every texel is within |B - A|/6 of one. The encoder's
  // endpoints are A and B (the extreme projections on the principal axis) quantised to 565, each
  // channel moved by at most half the largest gap between bit-replicated values (9/2 for 5 bits,
  // 5/2 for 6 bits), and every palette entry, a convex combination of the endpoints, moves by at most
  // |delta| = sqrt(4.5^2 + 2.5^2 + 4.5^2) = 6.84. The nearest entry by RGB distance is thus within
  // |B - A|/6 + 6.84, a bound on each channel's error too.
  Rng rng(6);
  for (F f : {F::BC1_RGB, F::BC1_RGBA, F::BC2, F::BC3}) {
    ErrorStats error;
    double mean_bound = 0.0;
    for (int iteration = 0; iteration < 1000; ++iteration) {
      float a[3], b[3];
      for (unsigned c = 0; c < 3; ++c) { a[c] = rng.unit(); b[c] = rng.unit(); }
      Block in{};
      for (unsigned i = 0; i < 16; ++i) {
        const float s = float(i) / 15.0f;
        for (unsigned c = 0; c < 3; ++c) in[4 * i + c] = a[c] + (b[c] - a[c]) * s;
        in[4 * i + 3] = 1.0f;
      }
      double length = 0.0;
      for (unsigned c = 0; c < 3; ++c) length += double(b[c] - a[c]) * double(b[c] - a[c]) * 255.0 * 255.0;
      const double bound = std::sqrt(length) / 6.0 + 6.84 + 1e-3;
      mean_bound += std::sqrt(length) / 12.0 + 6.84;
      const Block out = round_trip(f, in);
      for (unsigned i = 0; i < 16; ++i)
        for (unsigned c = 0; c < 3; ++c) {
          const double e = std::fabs(double(out[4 * i + c]) - double(in[4 * i + c])) * 255.0;
          error.add(e);
          ASSERT_LE(e, bound) << glvk::formats::compressed_family_name(f) << " iteration " << iteration;
        }
    }
    std::printf("[ stats    ] %s gradient: mean %.3f max %.3f (1/255 units; mean bound %.3f)\n",
                glvk::formats::compressed_family_name(f), error.mean(), error.max, mean_bound / 1000.0);
    // A texel spread uniformly between entries |B - A|/3 apart is |B - A|/12 away on average; the
    // endpoint term is kept at its worst case.
    EXPECT_LE(error.mean(), mean_bound / 1000.0);
  }
}

TEST(EncodeBc1, RandomBlocksBeatTheBlockMeanColour) {
  // Four colours on one line cannot follow 16 unrelated colours, so there is no useful per-texel
  // bound. The baseline, computed here per block, is a constant block of the mean colour: its mean
  // |x - mean| is about 255/4 for uniform channels.
  // A line through the colours' principal axis removes one of the three dimensions of spread, so
  // the mean error must fall clearly below that baseline (3/4 of it is asserted).
  Rng rng(7);
  ErrorStats error, baseline;
  for (int iteration = 0; iteration < 2000; ++iteration) {
    Block in{};
    for (unsigned i = 0; i < 16; ++i) {
      for (unsigned c = 0; c < 3; ++c) in[4 * i + c] = rng.unit();
      in[4 * i + 3] = 1.0f;
    }
    const Block out = round_trip(F::BC1_RGB, in);
    for (unsigned c = 0; c < 3; ++c) {
      double mean = 0.0;
      for (unsigned i = 0; i < 16; ++i) mean += double(in[4 * i + c]) / 16.0;
      for (unsigned i = 0; i < 16; ++i) {
        error.add(std::fabs(double(out[4 * i + c]) - double(in[4 * i + c])) * 255.0);
        baseline.add(std::fabs(mean - double(in[4 * i + c])) * 255.0);
      }
    }
  }
  std::printf("[ stats    ] BC1_RGB random: mean %.3f max %.3f; block-mean-colour baseline %.3f (1/255 units)\n",
              error.mean(), error.max, baseline.mean());
  EXPECT_LE(error.mean(), 0.75 * baseline.mean());
}

TEST(EncodeBc1, PunchThroughAlphaIsZeroOrOne) {
  Rng rng(3);
  for (int iteration = 0; iteration < 2000; ++iteration) {
    // Two 565 colours for the opaque texels (decoded exactly by the 3-colour mode too), alpha random;
    // every 16th block is fully transparent and every 16th fully opaque.
    const auto a = random_565(rng), b = random_565(rng);
    Block in{};
    for (unsigned i = 0; i < 16; ++i) {
      const auto& c = rng.below(2) ? b : a;
      std::copy(c.begin(), c.end(), in.begin() + 4 * i);
      in[4 * i + 3] = iteration % 16 == 0 ? 0.2f : iteration % 16 == 1 ? 0.7f : rng.unit();
    }
    const Block out = round_trip(F::BC1_RGBA, in);
    for (unsigned i = 0; i < 16; ++i) {
      if (in[4 * i + 3] < 0.5f) {
        ASSERT_EQ(out[4 * i + 3], 0.0f) << "iteration " << iteration << " texel " << i;
      } else {
        ASSERT_EQ(out[4 * i + 3], 1.0f) << "iteration " << iteration << " texel " << i;
        for (unsigned c = 0; c < 3; ++c) ASSERT_EQ(out[4 * i + c], in[4 * i + c]) << "iteration " << iteration;
      }
    }
  }
}

TEST(EncodeBc2, AlphaIsRoundedToFourBits) {
  Rng rng(2);
  for (unsigned k = 0; k < 16; ++k) {
    const Block out = round_trip(F::BC2, constant_block(0.5f, 0.5f, 0.5f, float(k) / 15.0f));
    for (unsigned i = 0; i < 16; ++i) ASSERT_EQ(out[4 * i + 3], float(k * 17) / 255.0f) << "k=" << k;
  }
  for (int iteration = 0; iteration < 500; ++iteration) {
    Block in = constant_block(0.25f, 0.5f, 0.75f, 0);
    for (unsigned i = 0; i < 16; ++i) in[4 * i + 3] = rng.unit();
    const Block out = round_trip(F::BC2, in);
    // Rounding to the nearest of 16 levels 1/15 apart: at most 1/30 away.
    for (unsigned i = 0; i < 16; ++i) ASSERT_LE(std::fabs(out[4 * i + 3] - in[4 * i + 3]), 1.0f / 30.0f + 1e-6f);
  }
}

TEST(EncodeBc3, AlphaFollowsBc4) {
  for (unsigned k = 0; k < 256; ++k) {
    const float a = float(k) / 255.0f;
    const Block out = round_trip(F::BC3, constant_block(0.5f, 0.25f, 1.0f, a));
    for (unsigned i = 0; i < 16; ++i) ASSERT_EQ(out[4 * i + 3], a) << "k=" << k;
  }
  Rng rng(5);
  Bc4Measure m;
  for (int iteration = 0; iteration < 500; ++iteration) {
    Block in = constant_block(0.25f, 0.5f, 0.75f, 0);
    for (unsigned i = 0; i < 16; ++i) in[4 * i + 3] = rng.unit();
    check_bc4_block(F::BC3, in, 3, m, "BC3 alpha");
  }
}

// ---- BC7 -------------------------------------------------------------------------------------

// A BC7 mode 6 endpoint is 7 bits per channel plus one p-bit shared by the endpoint's channels:
// the 8-bit values 2q + p, so a colour is representable when its four channels have one parity.
TEST(EncodeBc7, ConstantSevenBitPlusPbitColoursRoundTrip) {
  for (unsigned p = 0; p < 2; ++p)
    for (unsigned q = 0; q < 128; ++q)
      for (unsigned k = 0; k < 8; ++k) {
        const unsigned v[4] = {2 * q + p, 2 * ((q * 5 + k * 17) % 128) + p, 2 * ((q * 3 + k * 41) % 128) + p,
                               2 * ((127 - q + k * 9) % 128) + p};
        const float r = float(v[0]) / 255.0f, g = float(v[1]) / 255.0f, b = float(v[2]) / 255.0f,
                    a = float(v[3]) / 255.0f;
        const Block out = round_trip(F::BC7, constant_block(r, g, b, a));
        for (unsigned i = 0; i < 16; ++i) {
          ASSERT_EQ(out[4 * i], r) << "p=" << p << " q=" << q << " k=" << k;
          ASSERT_EQ(out[4 * i + 1], g) << "p=" << p << " q=" << q << " k=" << k;
          ASSERT_EQ(out[4 * i + 2], b) << "p=" << p << " q=" << q << " k=" << k;
          ASSERT_EQ(out[4 * i + 3], a) << "p=" << p << " q=" << q << " k=" << k;
        }
      }
}

std::array<float, 4> random_bc7_endpoint(Rng& rng) {
  const unsigned p = rng.below(2);
  std::array<float, 4> c{};
  for (float& v : c) v = float(2 * rng.below(128) + p) / 255.0f;
  return c;
}

TEST(EncodeBc7, TwoColourBlocksRoundTripExactly) {
  // Texel 0 takes either colour, so both the direct and the swapped (anchor rule) layouts occur.
  Rng rng(8);
  for (int iteration = 0; iteration < 4000; ++iteration) {
    const auto a = random_bc7_endpoint(rng), b = random_bc7_endpoint(rng);
    Block in{};
    for (unsigned i = 0; i < 16; ++i) {
      const auto& c = (i == 0 || (i != 1 && rng.below(2))) ? b : a;
      std::copy(c.begin(), c.end(), in.begin() + 4 * i);
    }
    const Block out = round_trip(F::BC7, in);
    for (unsigned i = 0; i < 64; ++i) ASSERT_EQ(out[i], in[i]) << "iteration " << iteration << " float " << i;
  }
}

TEST(EncodeBc7, GradientsStayWithinThePaletteBound) {
  // Texels on the RGBA segment A..B (8-bit units). Mode 6 has 16 weights /64 whose largest gap is 5
  // (0 4 9 13 17 21 26 30 ...), so with exact endpoints every texel is within |B - A| * 5/128 of an
  // entry. Endpoint quantisation (2q + p with either p-bit) moves each channel by at most 1, so
  // entries move by at most |(1,1,1,1)| = 2; the decoder's rounding of the interpolation adds at
  // most 0.5 per channel (1 over four channels). Per-channel error <= |B - A| * 5/128 + 3.
  Rng rng(10);
  ErrorStats error;
  double mean_bound = 0.0;
  for (int iteration = 0; iteration < 2000; ++iteration) {
    float a[4], b[4];
    for (unsigned c = 0; c < 4; ++c) { a[c] = rng.unit(); b[c] = rng.unit(); }
    Block in{};
    for (unsigned i = 0; i < 16; ++i) {
      const float s = float(i) / 15.0f;
      for (unsigned c = 0; c < 4; ++c) in[4 * i + c] = a[c] + (b[c] - a[c]) * s;
    }
    double length = 0.0;
    for (unsigned c = 0; c < 4; ++c) length += double(b[c] - a[c]) * double(b[c] - a[c]) * 255.0 * 255.0;
    const double bound = std::sqrt(length) * 5.0 / 128.0 + 3.0 + 1e-3;
    mean_bound += std::sqrt(length) * 5.0 / 256.0 + 3.0;  // uniform within a step: step/4
    const Block out = round_trip(F::BC7, in);
    for (unsigned i = 0; i < 64; ++i) {
      const double e = std::fabs(double(out[i]) - double(in[i])) * 255.0;
      error.add(e);
      ASSERT_LE(e, bound) << "iteration " << iteration << " float " << i;
    }
  }
  std::printf("[ stats    ] BC7 gradient: mean %.3f max %.3f (1/255 units; mean bound %.3f)\n", error.mean(),
              error.max, mean_bound / 2000.0);
  EXPECT_LE(error.mean(), mean_bound / 2000.0);
}

TEST(EncodeBc7, RandomBlocksBeatTheBlockMeanColour) {
  // As for BC1: no per-texel bound for unrelated colours; compare with a constant block of the mean
  // colour (computed here). One line through four random channels leaves three dimensions of
  // spread, so the mean error must be below the baseline's (0.85 of it is asserted).
  Rng rng(12);
  ErrorStats error, baseline;
  for (int iteration = 0; iteration < 2000; ++iteration) {
    Block in{};
    for (float& v : in) v = rng.unit();
    const Block out = round_trip(F::BC7, in);
    for (unsigned c = 0; c < 4; ++c) {
      double mean = 0.0;
      for (unsigned i = 0; i < 16; ++i) mean += double(in[4 * i + c]) / 16.0;
      for (unsigned i = 0; i < 16; ++i) {
        error.add(std::fabs(double(out[4 * i + c]) - double(in[4 * i + c])) * 255.0);
        baseline.add(std::fabs(mean - double(in[4 * i + c])) * 255.0);
      }
    }
  }
  std::printf("[ stats    ] BC7 random: mean %.3f max %.3f; block-mean-colour baseline %.3f (1/255 units)\n",
              error.mean(), error.max, baseline.mean());
  EXPECT_LE(error.mean(), 0.85 * baseline.mean());
}

// ---- BC6H ------------------------------------------------------------------------------------

// IEEE half to float (ldexp form), and the spec's mode 11 (10-bit endpoint) value chain:
// unquantise to 16 bits, scale by 31/64 (unsigned) or 31/32 (signed, on the magnitude).
float half_value(unsigned h) {
  const int e = int((h >> 10) & 31), m = int(h & 1023);
  const float mag = e == 0 ? std::ldexp(float(m), -24) : std::ldexp(float(1024 + m), e - 25);
  return (h & 0x8000) ? -mag : mag;
}

unsigned mode11_endpoint_half(int x, bool is_signed) {
  if (!is_signed) {
    const int u = x == 0 ? 0 : x == 1023 ? 0xFFFF : ((x << 16) + 0x8000) >> 10;
    return unsigned(u * 31 / 64);
  }
  const int m = std::abs(x);
  const int u = m == 0 ? 0 : m >= 511 ? 0x7FFF : ((m << 15) + 0x4000) >> 9;
  return (x < 0 ? 0x8000u : 0u) | unsigned(u * 31 / 32);
}

// Half bits as a signed integer (sign-magnitude to two's complement), the domain BC6H interpolates in.
int half_bits_signed(float f) {
  // Exact for halves; the test feeds only half values.
  const float mag = std::fabs(f);
  int e = 0;
  const float frac = std::frexp(mag, &e);  // mag = frac * 2^e, frac in [0.5, 1)
  int bits;
  if (mag == 0.0f) bits = 0;
  else if (e - 1 < -14) bits = int(std::lround(std::ldexp(mag, 24)));  // subnormal
  else bits = ((e - 1 + 15) << 10) | int(std::lround((frac * 2.0f - 1.0f) * 1024.0f));
  return f < 0 ? -bits : bits;
}

TEST(EncodeBc6h, ConstantMode11ValuesRoundTrip) {
  for (bool is_signed : {false, true}) {
    const F f = is_signed ? F::BC6H_SFLOAT : F::BC6H_UFLOAT;
    for (int x = is_signed ? -511 : 0; x <= (is_signed ? 511 : 1023); ++x) {
      // Channels from three different endpoint values.
      const int xg = is_signed ? (x * 7 + 300) % 1023 - 511 : (x * 7 + 300) % 1024;
      const int xb = is_signed ? -x : 1023 - x;
      const float r = half_value(mode11_endpoint_half(x, is_signed)), g = half_value(mode11_endpoint_half(xg, is_signed)),
                  b = half_value(mode11_endpoint_half(xb, is_signed));
      const Block out = round_trip(f, constant_block(r, g, b, 1.0f));
      for (unsigned i = 0; i < 16; ++i) {
        ASSERT_EQ(out[4 * i], r) << glvk::formats::compressed_family_name(f) << " x=" << x;
        ASSERT_EQ(out[4 * i + 1], g) << glvk::formats::compressed_family_name(f) << " x=" << xg;
        ASSERT_EQ(out[4 * i + 2], b) << glvk::formats::compressed_family_name(f) << " x=" << xb;
        ASSERT_EQ(out[4 * i + 3], 1.0f);
      }
    }
  }
}

TEST(EncodeBc6h, HalfBitsHelperMatchesKnownValues) {
  // The test's own half-bit conversion, checked on values whose bits are known.
  EXPECT_EQ(half_bits_signed(1.0f), 0x3C00);
  EXPECT_EQ(half_bits_signed(-2.0f), -0x4000);
  EXPECT_EQ(half_bits_signed(65504.0f), 0x7BFF);
  EXPECT_EQ(half_bits_signed(std::ldexp(1.0f, -24)), 1);
  EXPECT_EQ(half_bits_signed(half_value(0x3555)), 0x3555);
}

TEST(EncodeBc6h, GradientsInHalfBitsStayWithinThePaletteBound) {
  // Texels whose half bits lie on a segment A..B (BC6H interpolates the bit patterns linearly, so
  // this is its natural gradient), rounded to whole halves (0.5 per channel). Errors in half-bit
  // units (ULPs). With exact endpoints an entry is within |B - A| * 5/128 (largest weight gap 5/64).
  // A 10-bit endpoint unquantises in steps of 64 scaled by 31/64 (or 31/32 for signed magnitudes:
  // 31 ULPs), so the nearest endpoint is at most 15.5 + 1 (final truncation) per channel away:
  // |delta| <= 16.5 * sqrt(3) = 28.6; the decoder's interpolation rounding and final truncation
  // add at most 1.5 per channel, the texel rounding 0.5: per-channel error
  // <= |B - A| * 5/128 + 28.6 + 2 * sqrt(3).
  for (bool is_signed : {false, true}) {
    const F f = is_signed ? F::BC6H_SFLOAT : F::BC6H_UFLOAT;
    const int low = is_signed ? -0x7BFF : 0, high = 0x7BFF;
    Rng rng(is_signed ? 15 : 14);
    ErrorStats error;
    double mean_bound = 0.0, relative_sum = 0.0;
    size_t relative_count = 0;
    for (int iteration = 0; iteration < 2000; ++iteration) {
      int a[3], b[3];
      for (unsigned c = 0; c < 3; ++c) {
        a[c] = low + int(rng.below(unsigned(high - low + 1)));
        b[c] = low + int(rng.below(unsigned(high - low + 1)));
      }
      Block in = constant_block(0, 0, 0, 1);
      for (unsigned i = 0; i < 16; ++i)
        for (unsigned c = 0; c < 3; ++c) {
          const int bits = int(std::lround(double(a[c]) + double(b[c] - a[c]) * double(i) / 15.0));
          in[4 * i + c] = half_value(bits < 0 ? 0x8000u | unsigned(-bits) : unsigned(bits));
        }
      double length = 0.0;
      for (unsigned c = 0; c < 3; ++c) length += double(b[c] - a[c]) * double(b[c] - a[c]);
      const double bound = std::sqrt(length) * 5.0 / 128.0 + 28.6 + 2.0 * std::sqrt(3.0) + 1e-3;
      mean_bound += std::sqrt(length) * 5.0 / 256.0 + 28.6 + 2.0 * std::sqrt(3.0);  // step/4 on average
      const Block out = round_trip(f, in);
      for (unsigned i = 0; i < 16; ++i)
        for (unsigned c = 0; c < 3; ++c) {
          const double e = std::abs(half_bits_signed(out[4 * i + c]) - half_bits_signed(in[4 * i + c]));
          error.add(e);
          ASSERT_LE(e, bound) << glvk::formats::compressed_family_name(f) << " iteration " << iteration;
          if (std::fabs(in[4 * i + c]) >= 1e-3f) {
            relative_sum += std::fabs(double(out[4 * i + c]) - double(in[4 * i + c])) / std::fabs(double(in[4 * i + c]));
            ++relative_count;
          }
        }
    }
    std::printf("[ stats    ] %s gradient: mean %.3f max %.3f (half ULPs; mean bound %.3f); mean relative error %.5f\n",
                glvk::formats::compressed_family_name(f), error.mean(), error.max, mean_bound / 2000.0,
                relative_sum / double(relative_count));
    EXPECT_LE(error.mean(), mean_bound / 2000.0);
  }
}

// ---- every family: clamping, determinism, images ---------------------------------------------

// The range encode_block_rgba_float clamps to (BC6H: the finite halves).
std::pair<float, float> input_range(F f) {
  const auto info = glvk::formats::compressed_block_info(f);
  if (info.is_float) return {info.is_signed ? -65504.0f : 0.0f, 65504.0f};
  return {info.is_signed ? -1.0f : 0.0f, 1.0f};
}

Block random_block(F f, Rng& rng) {
  const auto info = glvk::formats::compressed_block_info(f);
  // BC6H: a few units around 0 (the clamp test adds the out-of-range values).
  const float lo = info.is_signed ? (info.is_float ? -4.0f : -1.0f) : 0.0f, hi = info.is_float ? 4.0f : 1.0f;
  Block t{};
  for (float& v : t) v = lo + (hi - lo) * rng.unit();
  return t;
}

TEST(Encode, OutOfRangeInputsAreClampedNotWrapped) {
  Rng rng(9);
  for (F f : kEncodable) {
    const auto [lo, hi] = input_range(f);
    const float beyond = glvk::formats::compressed_block_info(f).is_float ? 1e6f : 3.0f;
    for (int iteration = 0; iteration < 200; ++iteration) {
      Block in = random_block(f, rng), clamped = in;
      for (unsigned i = 0; i < 64; ++i) {
        const unsigned pick = rng.below(6);
        if (pick == 0) { in[i] = hi + 0.5f + rng.unit() * beyond; clamped[i] = hi; }
        if (pick == 1) { in[i] = lo - 0.5f - rng.unit() * beyond; clamped[i] = lo; }
        if (pick == 2 && iteration % 8 == 0) { in[i] = NAN; clamped[i] = 0.0f; }
        if (pick == 3 && iteration % 8 == 1) { in[i] = INFINITY; clamped[i] = hi; }
      }
      ASSERT_EQ(encode(f, in), encode(f, clamped)) << glvk::formats::compressed_family_name(f);
    }
    // Directly: saturated inputs decode to the range ends (a wrap would give the opposite end;
    // BC6H's ends 0, +-65504 are mode 11 endpoint values).
    const Block out_high = round_trip(f, constant_block(1e30f, 1e30f, 1e30f, 1e30f));
    const Block out_low = round_trip(f, constant_block(-1e30f, -1e30f, -1e30f, -1e30f));
    const unsigned channels = (f == F::BC4_UNORM || f == F::BC4_SNORM) ? 1
                              : (f == F::BC5_UNORM || f == F::BC5_SNORM) ? 2 : 3;
    for (unsigned c = 0; c < channels; ++c) {
      EXPECT_EQ(out_high[c], hi) << glvk::formats::compressed_family_name(f) << " channel " << c;
      EXPECT_EQ(out_low[c], lo) << glvk::formats::compressed_family_name(f) << " channel " << c;
    }
  }
}

TEST(Encode, IsDeterministic) {
  for (F f : kEncodable) {
    Rng a(77), b(77);
    for (int iteration = 0; iteration < 100; ++iteration)
      ASSERT_EQ(encode(f, random_block(f, a)), encode(f, random_block(f, b))) << glvk::formats::compressed_family_name(f);
  }
}

TEST(Encode, ImageEdgeBlocksReplicateTheLastColumnAndRow) {
  // A 5x3 image: two blocks; block 0 holds columns 0..3 with row 2 repeated as row 3, block 1 holds
  // column 4 repeated four times. Strides are padded to catch stride mix-ups.
  constexpr unsigned kWidth = 5, kHeight = 3, kSrcStride = kWidth * 4 + 6;
  for (F f : kEncodable) {
    Rng rng(13);
    const unsigned bpb = bytes_per_block(f);
    const size_t dst_stride = 2 * bpb + 5;
    std::vector<float> image(kSrcStride * kHeight, -99.0f);
    for (unsigned y = 0; y < kHeight; ++y)
      for (unsigned x = 0; x < kWidth; ++x) {
        const Block r = random_block(f, rng);
        std::copy_n(r.begin(), 4, image.begin() + y * kSrcStride + x * 4);
      }
    std::vector<uint8_t> dst(dst_stride, 0xAB);
    glvk::formats::encode_image_rgba_float(f, image.data(), kSrcStride, kWidth, kHeight, dst.data(), dst_stride);
    for (unsigned bx = 0; bx < 2; ++bx) {
      Block expected_in{};
      for (unsigned y = 0; y < 4; ++y)
        for (unsigned x = 0; x < 4; ++x) {
          const unsigned sx = std::min(bx * 4 + x, kWidth - 1), sy = std::min(y, kHeight - 1);
          std::copy_n(image.begin() + sy * kSrcStride + sx * 4, 4, expected_in.begin() + 4 * (4 * y + x));
        }
      const std::vector<uint8_t> expected = encode(f, expected_in);
      const std::vector<uint8_t> actual(dst.begin() + bx * bpb, dst.begin() + (bx + 1) * bpb);
      EXPECT_EQ(actual, expected) << glvk::formats::compressed_family_name(f) << " block " << bx;
    }
    for (size_t i = 2 * bpb; i < dst_stride; ++i) EXPECT_EQ(dst[i], 0xAB) << "padding byte " << i << " written";
  }
}

TEST(Encode, ImageOfWholeBlocksMatchesBlockEncodes) {
  constexpr unsigned kWidth = 8, kHeight = 8;
  for (F f : kEncodable) {
    Rng rng(21);
    const unsigned bpb = bytes_per_block(f);
    std::vector<float> image(kWidth * kHeight * 4);
    for (size_t i = 0; i < image.size(); i += 64) {
      const Block r = random_block(f, rng);
      std::copy(r.begin(), r.end(), image.begin() + long(i));
    }
    std::vector<uint8_t> dst(4 * bpb);
    glvk::formats::encode_image_rgba_float(f, image.data(), kWidth * 4, kWidth, kHeight, dst.data(), 2 * bpb);
    for (unsigned by = 0; by < 2; ++by)
      for (unsigned bx = 0; bx < 2; ++bx) {
        Block in{};
        for (unsigned y = 0; y < 4; ++y)
          std::copy_n(image.begin() + ((by * 4 + y) * kWidth + bx * 4) * 4, 16, in.begin() + 16 * y);
        const std::vector<uint8_t> actual(dst.begin() + (by * 2 + bx) * bpb, dst.begin() + (by * 2 + bx + 1) * bpb);
        EXPECT_EQ(actual, encode(f, in)) << glvk::formats::compressed_family_name(f);
      }
  }
}

}  // namespace
