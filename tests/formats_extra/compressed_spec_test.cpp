// Hand-built blocks whose decoded values follow from the Khronos Data Format Specification text;
// every expected value is computed here from the spec's formulas, not taken from the decoder.
#include <glvk/formats/compressed.h>

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <vector>

namespace {

using glvk::formats::CompressedFamily;

// Little-endian bit writer for 64/128-bit blocks.
struct BlockWriter {
  std::array<uint8_t, 16> bytes{};
  void put(unsigned pos, unsigned count, uint64_t value) {
    for (unsigned i = 0; i < count; ++i) {
      const unsigned bit = pos + i;
      if ((value >> i) & 1u) bytes[bit / 8] |= uint8_t(1u << (bit % 8));
      else bytes[bit / 8] &= uint8_t(~(1u << (bit % 8)));
    }
  }
};

// ETC words are big-endian 64-bit values.
std::array<uint8_t, 8> be64(uint64_t v) {
  std::array<uint8_t, 8> b{};
  for (int i = 0; i < 8; ++i) b[i] = uint8_t(v >> (56 - 8 * i));
  return b;
}

std::vector<float> decode(CompressedFamily f, const uint8_t* block, unsigned bw = 4, unsigned bh = 4) {
  std::vector<float> t(size_t(bw) * bh * 4);
  glvk::formats::decode_block_rgba_float(f, bw, bh, block, t.data());
  return t;
}

void expect_texel(const std::vector<float>& t, unsigned i, float r, float g, float b, float a, float eps = 1e-6f) {
  EXPECT_NEAR(t[4 * i + 0], r, eps) << "texel " << i << " R";
  EXPECT_NEAR(t[4 * i + 1], g, eps) << "texel " << i << " G";
  EXPECT_NEAR(t[4 * i + 2], b, eps) << "texel " << i << " B";
  EXPECT_NEAR(t[4 * i + 3], a, eps) << "texel " << i << " A";
}

// IEEE half to float, written independently of the decoder (ldexp form).
float half_value(unsigned h) {
  const int e = int((h >> 10) & 31), m = int(h & 1023);
  const float mag = e == 0 ? std::ldexp(float(m), -24) : std::ldexp(float(1024 + m), e - 25);
  return (h & 0x8000) ? -mag : mag;
}

// ---- S3TC ------------------------------------------------------------------------------------

std::array<uint8_t, 8> bc1_block(unsigned c0, unsigned c1, const std::array<unsigned, 16>& idx) {
  BlockWriter w;
  w.put(0, 16, c0);
  w.put(16, 16, c1);
  for (unsigned i = 0; i < 16; ++i) w.put(32 + 2 * i, 2, idx[i]);
  std::array<uint8_t, 8> b{};
  std::memcpy(b.data(), w.bytes.data(), 8);
  return b;
}

TEST(Bc1, FourColourModeInterpolatesThirds) {
  const auto blk = bc1_block(0xF800 /*red*/, 0x001F /*blue*/, {0, 1, 2, 3});
  const auto t = decode(CompressedFamily::BC1_RGB, blk.data());
  expect_texel(t, 0, 1, 0, 0, 1);
  expect_texel(t, 1, 0, 0, 1, 1);
  expect_texel(t, 2, 2.0f / 3, 0, 1.0f / 3, 1);
  expect_texel(t, 3, 1.0f / 3, 0, 2.0f / 3, 1);
  expect_texel(t, 4, 1, 0, 0, 1);
}

TEST(Bc1, ThreeColourModeBlackOrTransparent) {
  const auto blk = bc1_block(0x001F, 0xF800, {2, 3});
  const auto rgb = decode(CompressedFamily::BC1_RGB, blk.data());
  expect_texel(rgb, 0, 0.5f, 0, 0.5f, 1);
  expect_texel(rgb, 1, 0, 0, 0, 1);
  const auto rgba = decode(CompressedFamily::BC1_RGBA, blk.data());
  expect_texel(rgba, 0, 0.5f, 0, 0.5f, 1);
  expect_texel(rgba, 1, 0, 0, 0, 0);
}

TEST(Bc1, Rgb565ExpandsByBitReplication) {
  // r=1, g=2, b=1 -> (1<<3)|(1>>2) = 8, (2<<2)|(2>>4) = 8, 8.
  const auto blk = bc1_block((1u << 11) | (2u << 5) | 1u, 0, {});
  const auto t = decode(CompressedFamily::BC1_RGB, blk.data());
  expect_texel(t, 0, 8 / 255.0f, 8 / 255.0f, 8 / 255.0f, 1);
  // r=31, g=63, b=31 -> 255.
  const auto white = bc1_block(0xFFFF, 0, {});
  expect_texel(decode(CompressedFamily::BC1_RGB, white.data()), 0, 1, 1, 1, 1);
}

TEST(Bc2, ExplicitAlphaAndColourAlwaysFourColour) {
  BlockWriter w;
  w.put(0, 4, 0xF);
  w.put(4, 4, 0x7);
  w.put(64, 16, 0x001F);  // c0 <= c1: BC1 would pick three-colour mode; BC2 must not
  w.put(80, 16, 0xF800);
  w.put(96, 2, 3);
  const auto t = decode(CompressedFamily::BC2, w.bytes.data());
  EXPECT_NEAR(t[3], 1.0f, 1e-6f);
  EXPECT_NEAR(t[7], 7 * 17 / 255.0f, 1e-6f);
  expect_texel(t, 0, 2.0f / 3, 0, 1.0f / 3, 1);  // index 3 = (c0 + 2 c1) / 3 (c1 red), not black
}

TEST(Bc3, EightAndSixLevelAlpha) {
  BlockWriter w;
  w.put(0, 8, 255);
  w.put(8, 8, 0);
  w.put(16, 3, 2);  // (6*255 + 1*0) / 7
  w.put(19, 3, 7);  // (1*255 + 6*0) / 7
  auto t = decode(CompressedFamily::BC3, w.bytes.data());
  EXPECT_NEAR(t[3], 6.0f / 7, 1e-6f);
  EXPECT_NEAR(t[7], 1.0f / 7, 1e-6f);
  w.put(0, 8, 0);
  w.put(8, 8, 255);
  w.put(16, 3, 2);  // (4*0 + 1*255) / 5
  w.put(19, 3, 6);  // 0
  w.put(22, 3, 7);  // 255
  t = decode(CompressedFamily::BC3, w.bytes.data());
  EXPECT_NEAR(t[3], 1.0f / 5, 1e-6f);
  EXPECT_NEAR(t[7], 0.0f, 1e-6f);
  EXPECT_NEAR(t[11], 1.0f, 1e-6f);
}

// ---- RGTC ------------------------------------------------------------------------------------

TEST(Rgtc, SignedEndpointsAndMinus128) {
  BlockWriter w;
  w.put(0, 8, 0x80);  // -128 decodes like -127: -1.0
  w.put(8, 8, 127);
  w.put(16, 3, 0);
  w.put(19, 3, 1);
  w.put(22, 3, 6);  // six-level mode (e0 <= e1): index 6 is -1.0
  w.put(25, 3, 7);  // index 7 is +1.0
  const auto t = decode(CompressedFamily::BC4_SNORM, w.bytes.data());
  expect_texel(t, 0, -1, 0, 0, 1);
  expect_texel(t, 1, 1, 0, 0, 1);
  expect_texel(t, 2, -1, 0, 0, 1);
  expect_texel(t, 3, 1, 0, 0, 1);
}

TEST(Rgtc, Bc5TwoIndependentChannels) {
  BlockWriter w;
  w.put(0, 8, 10);
  w.put(8, 8, 80);
  w.put(64, 8, 200);
  w.put(72, 8, 100);
  w.put(64 + 16, 3, 3);  // green: 8 levels, (5*200 + 2*100) / 7
  const auto t = decode(CompressedFamily::BC5_UNORM, w.bytes.data());
  expect_texel(t, 0, 10 / 255.0f, (5 * 200 + 2 * 100) / 7.0f / 255.0f, 0, 1);
}

// ---- BPTC ------------------------------------------------------------------------------------

unsigned bc7_interp(unsigned e0, unsigned e1, unsigned w) { return ((64 - w) * e0 + w * e1 + 32) >> 6; }

TEST(Bc7, Mode6SingleSubsetWithPBits) {
  BlockWriter w;
  w.put(0, 7, 1u << 6);  // mode 6
  unsigned pos = 7;
  const unsigned r[2] = {127, 0}, g[2] = {64, 10}, b[2] = {0, 127}, a[2] = {127, 127};
  for (const unsigned* c : {r, g, b, a})
    for (int e = 0; e < 2; ++e) { w.put(pos, 7, c[e]); pos += 7; }
  w.put(pos++, 1, 1);  // p-bit endpoint 0
  w.put(pos++, 1, 0);  // p-bit endpoint 1
  const unsigned index[3] = {0, 15, 8};
  w.put(pos, 3, index[0]);  // anchor texel: 3 bits
  pos += 3;
  w.put(pos, 4, index[1]);
  pos += 4;
  w.put(pos, 4, index[2]);
  const auto t = decode(CompressedFamily::BC7, w.bytes.data());
  auto e = [](unsigned v7, unsigned p) { return (v7 << 1) | p; };  // 7 bits + p-bit = 8 bits
  expect_texel(t, 0, e(127, 1) / 255.0f, e(64, 1) / 255.0f, e(0, 1) / 255.0f, e(127, 1) / 255.0f);
  expect_texel(t, 1, e(0, 0) / 255.0f, e(10, 0) / 255.0f, e(127, 0) / 255.0f, e(127, 0) / 255.0f);
  // index 8 of the 4-bit weight table is 34.
  expect_texel(t, 2, bc7_interp(255, 0, 34) / 255.0f, bc7_interp(129, 20, 34) / 255.0f,
               bc7_interp(1, 254, 34) / 255.0f, bc7_interp(255, 254, 34) / 255.0f);
}

TEST(Bc7, Mode5RotationSwapsAlphaAndRed) {
  BlockWriter w;
  w.put(0, 6, 1u << 5);  // mode 5
  w.put(6, 2, 1);        // rotation 1: swap R and A
  unsigned pos = 8;
  const unsigned colour[3][2] = {{127, 127}, {0, 0}, {0, 0}};
  for (auto& c : colour)
    for (int e = 0; e < 2; ++e) { w.put(pos, 7, c[e]); pos += 7; }
  w.put(pos, 8, 0x40);
  w.put(pos + 8, 8, 0x40);
  const auto t = decode(CompressedFamily::BC7, w.bytes.data());
  // R endpoints: 7 bits replicated, 127 -> 255; A endpoints 0x40. After the swap: R = 0x40, A = 255.
  expect_texel(t, 0, 0x40 / 255.0f, 0, 0, 1);
}

TEST(Bc7, ReservedModeIsZero) {
  const std::array<uint8_t, 16> zero{};
  const auto t = decode(CompressedFamily::BC7, zero.data());
  for (float v : t) EXPECT_EQ(v, 0.0f);
}

TEST(Bc6h, Mode11DirectEndpointsUnsigned) {
  // Mode 11 (5-bit mode 00011): 10-bit endpoints r0 g0 b0 r1 g1 b1, one region, 4-bit indices at 65.
  BlockWriter w;
  w.put(0, 5, 0x03);
  const unsigned ep[6] = {0, 512, 1023, 1023, 1023, 0};
  for (unsigned i = 0; i < 6; ++i) w.put(5 + 10 * i, 10, ep[i]);
  w.put(65, 3, 0);   // texel 0: anchor, weight 0
  w.put(68, 4, 15);  // texel 1: weight 64
  const auto t = decode(CompressedFamily::BC6H_UFLOAT, w.bytes.data());
  // Unquantise (10 bits): 0 -> 0, 1023 -> 0xFFFF, 512 -> ((512 << 16) + 0x8000) >> 10 = 32800;
  // final scale v*31/64 gives half-float bits.
  auto finish = [](unsigned v) { return half_value((v * 31) >> 6); };
  expect_texel(t, 0, finish(0), finish(32800), finish(0xFFFF), 1);
  expect_texel(t, 1, finish(0xFFFF), finish(0xFFFF), finish(0), 1);
  EXPECT_FLOAT_EQ(t[4], 65504.0f);  // 0xFFFF * 31 >> 6 = 0x7BFF, the largest half
}

TEST(Bc6h, Mode11SignedNegativeEndpoint) {
  BlockWriter w;
  w.put(0, 5, 0x03);
  w.put(5, 10, 0x3FF);  // r0 = -1 (10-bit two's complement)
  const auto t = decode(CompressedFamily::BC6H_SFLOAT, w.bytes.data());
  // |x| = 1 -> ((1 << 15) + 0x4000) >> 9 = 96 -> -96; finish: -((96 * 31) >> 5) = -93 -> half 0x8000 | 93.
  EXPECT_FLOAT_EQ(t[0], half_value(0x8000 | 93));
  EXPECT_LT(t[0], 0.0f);
}

TEST(Bc6h, Mode1TwoRegionDeltas) {
  // Mode 1 (00): 10-bit base, 5-bit signed deltas. Only r0 (bits 5..14) and r1 (bits 35..39) set.
  BlockWriter w;
  w.put(0, 2, 0);
  w.put(5, 10, 100);   // r0 = 100
  w.put(35, 5, 0x1F);  // r1 delta = -1 -> r1 = 99
  w.put(82, 2, 0);     // texel 0 index 0
  w.put(84, 3, 7);     // texel 1 index 7 -> weight 64 (partition 0: texel 1 in subset 0)
  const auto t = decode(CompressedFamily::BC6H_UFLOAT, w.bytes.data());
  auto unq = [](unsigned x) { return ((x << 16) + 0x8000) >> 10; };
  EXPECT_FLOAT_EQ(t[0], half_value((unq(100) * 31) >> 6));
  EXPECT_FLOAT_EQ(t[4], half_value((unq(99) * 31) >> 6));
}

// ---- ETC ---------------------------------------------------------------------------------------

TEST(Etc1, IndividualModeModifiersAndSubblocks) {
  // Individual mode, no flip: left 2 columns use (R1,G1,B1)=(0xA,0x5,0x0) table 0 {2, 8};
  // right columns use (R2,G2,B2)=(0x3,0xF,0x1) table 7 {47, 183}.
  uint64_t v = 0;
  v |= uint64_t(0xA) << 60 | uint64_t(0x3) << 56 | uint64_t(0x5) << 52 | uint64_t(0xF) << 48 |
       uint64_t(0x0) << 44 | uint64_t(0x1) << 40;
  v |= uint64_t(0) << 37 | uint64_t(7) << 34;
  // Pixel (x,y) index k = 4x + y; MSB at bit 16+k, LSB at bit k. Values: 0:+a 1:+b 2:-a 3:-b.
  auto set_index = [&](unsigned x, unsigned y, unsigned idx) {
    const unsigned k = 4 * x + y;
    v |= uint64_t(idx >> 1) << (16 + k) | uint64_t(idx & 1) << k;
  };
  set_index(0, 0, 0);
  set_index(1, 0, 1);
  set_index(0, 1, 3);
  set_index(2, 0, 2);
  set_index(3, 3, 1);
  const auto blk = be64(v);
  const auto t = decode(CompressedFamily::ETC1_RGB8, blk.data());
  auto c = [](int x) { return float(std::clamp(x, 0, 255)) / 255.0f; };
  expect_texel(t, 0, c(0xAA + 2), c(0x55 + 2), c(0 + 2), 1);
  expect_texel(t, 1, c(0xAA + 8), c(0x55 + 8), c(8), 1);
  expect_texel(t, 4, c(0xAA - 8), c(0x55 - 8), c(-8), 1);  // (0,1)
  expect_texel(t, 2, c(0x33 - 47), c(0xFF - 47), c(0x11 - 47), 1);
  expect_texel(t, 15, c(0x33 + 183), c(0xFF + 183), c(0x11 + 183), 1);
}

TEST(Etc1, DifferentialModeAndFlip) {
  // Differential: base 5-bit R=10, dR=-2 -> second base R=8; G=B=0, deltas 0; flip=1 (top/bottom).
  uint64_t v = uint64_t(10) << 59 | uint64_t(6) << 56;  // dR = 6 -> -2 in 3-bit two's complement
  v |= uint64_t(1) << 33 | uint64_t(1) << 32;
  const auto blk = be64(v);
  const auto t = decode(CompressedFamily::ETC1_RGB8, blk.data());
  auto e5 = [](unsigned x) { return float((x << 3) | (x >> 2)); };
  // Table 0, index 0: +2.
  expect_texel(t, 0, (e5(10) + 2) / 255.0f, 2 / 255.0f, 2 / 255.0f, 1);
  expect_texel(t, 8, (e5(8) + 2) / 255.0f, 2 / 255.0f, 2 / 255.0f, 1);  // (0,2): bottom half
}

TEST(Etc2, PlanarModeGradient) {
  // Planar: B overflows (B = 0 with a negative delta), R and G do not. RO = 0, RH = 63, RV = 0.
  uint64_t v = uint64_t(1) << 33;  // differential
  v |= uint64_t(1) << 42;          // dB negative, B field bits 47..43 stay 0 -> overflow
  v |= uint64_t(31) << 34 | uint64_t(1) << 32;  // RH = 0b111111
  const auto blk = be64(v);
  const auto t = decode(CompressedFamily::ETC2_RGB8, blk.data());
  for (unsigned y = 0; y < 4; ++y)
    for (unsigned x = 0; x < 4; ++x) {
      const int r = std::clamp(int((x * 255 + 2) >> 2), 0, 255);
      expect_texel(t, y * 4 + x, r / 255.0f, 0, 0, 1);
    }
}

TEST(Etc2, PunchthroughTransparentIndex) {
  // RGB8A1 with the opaque bit (33) clear: differential, index 2 -> transparent black,
  // index 0 -> base colour unmodified.
  uint64_t v = uint64_t(20) << 59 | uint64_t(20) << 51 | uint64_t(20) << 43;
  v |= uint64_t(1) << 16;  // pixel (0,0): MSB=1, LSB=0 -> index 2
  const auto blk = be64(v);
  const auto t = decode(CompressedFamily::ETC2_RGB8A1, blk.data());
  expect_texel(t, 0, 0, 0, 0, 0);
  const float base = float((20 << 3) | (20 >> 2)) / 255.0f;
  expect_texel(t, 1, base, base, base, 1);
}

TEST(Eac, R11UnsignedAndSigned) {
  // base 128, multiplier 0 (modifier unscaled), table 0, texel (0,0) index 7 (+14).
  uint64_t v = uint64_t(128) << 56 | uint64_t(0) << 52 | uint64_t(0) << 48 | uint64_t(7) << 45;
  auto blk = be64(v);
  auto t = decode(CompressedFamily::EAC_R11_UNORM, blk.data());
  expect_texel(t, 0, (128 * 8 + 4 + 14) / 2047.0f, 0, 0, 1);
  // signed: base 100, multiplier 2, table 0, index 0 (-3): 100*8 + (-3)*2*8 = 752.
  v = uint64_t(100) << 56 | uint64_t(2) << 52 | uint64_t(0) << 48;
  blk = be64(v);
  t = decode(CompressedFamily::EAC_R11_SNORM, blk.data());
  expect_texel(t, 0, 752 / 1023.0f, 0, 0, 1);
}

TEST(Eac, Rgba8AlphaBlock) {
  // Alpha: base 200, multiplier 3, table 13 {-1,-2,-3,-10,0,1,2,9}; texel (0,0) index 3: 200 - 30.
  std::array<uint8_t, 16> blk{};
  const auto alpha = be64(uint64_t(200) << 56 | uint64_t(3) << 52 | uint64_t(13) << 48 | uint64_t(3) << 45);
  std::memcpy(blk.data(), alpha.data(), 8);
  const auto t = decode(CompressedFamily::ETC2_RGBA8, blk.data());
  EXPECT_NEAR(t[3], 170 / 255.0f, 1e-6f);
}

// ---- ASTC --------------------------------------------------------------------------------------

TEST(Astc, VoidExtentConstantColour) {
  BlockWriter w;
  w.put(0, 9, 0x1FC);
  w.put(9, 1, 0);    // LDR
  w.put(10, 2, 3);   // reserved bits, set
  w.put(12, 52, ~uint64_t(0));  // all-ones extent: constant colour block
  w.put(64, 16, 0xFFFF);
  w.put(80, 16, 0x8000);
  w.put(96, 16, 0);
  w.put(112, 16, 0x4000);
  for (auto [bw, bh] : {std::pair{4u, 4u}, std::pair{12u, 12u}}) {
    const auto t = decode(CompressedFamily::ASTC_LDR, w.bytes.data(), bw, bh);
    for (unsigned i = 0; i < bw * bh; ++i) expect_texel(t, i, 1, 0x8000 / 65535.0f, 0, 0x4000 / 65535.0f);
  }
  EXPECT_EQ(glvk::formats::astc_block_status(4, 4, w.bytes.data()), glvk::formats::AstcBlockStatus::OK);
  w.put(9, 1, 1);  // HDR void extent: an error in the LDR profile
  EXPECT_EQ(glvk::formats::astc_block_status(4, 4, w.bytes.data()), glvk::formats::AstcBlockStatus::HDR_IN_LDR);
  expect_texel(decode(CompressedFamily::ASTC_LDR, w.bytes.data()), 0, 1, 0, 1, 1);
}

// Single partition, 4x4 weight grid of 2-bit weights, CEM 8 (RGB direct) with 8-bit values.
BlockWriter simple_astc_block(unsigned cem) {
  BlockWriter w;
  // Block mode: bits[1:0]=10, bits[3:2]=00 -> W = B+4, H = A+2; A (bits 6:5) = 2, B = 0;
  // R = b4 | b0<<1 | b1<<2 = 4 (four weight levels), no high precision, single plane.
  w.put(0, 11, 0b00001000010);
  w.put(11, 2, 0);    // one partition
  w.put(13, 4, cem);
  // Colour: 128 - 32 weight bits - 17 = 79 bits for 6 values -> 8 bits each (256 levels).
  const unsigned v[6] = {0, 255, 0, 255, 0, 255};
  for (unsigned i = 0; i < 6; ++i) w.put(17 + 8 * i, 8, v[i]);
  // Weights are read from bit 127 downwards: weight i bit 0 at 127-2i, bit 1 at 126-2i.
  for (unsigned i = 0; i < 16; ++i) {
    const unsigned q = i % 4;
    w.put(127 - 2 * i, 1, q & 1);
    w.put(126 - 2 * i, 1, q >> 1);
  }
  return w;
}

TEST(Astc, SinglePartitionRgbDirect) {
  const BlockWriter w = simple_astc_block(8);
  const auto t = decode(CompressedFamily::ASTC_LDR, w.bytes.data());
  // 2-bit weights unquantise by replication to 6 bits (0, 21, 42, 63), +1 above 32: 0, 21, 43, 64.
  const unsigned weights[4] = {0, 21, 43, 64};
  for (unsigned i = 0; i < 16; ++i) {
    const unsigned wgt = weights[i % 4];
    // Endpoints 0 and 255 expand to 16 bits as 0 and 0xFFFF; C = (C0*(64-w) + C1*w + 32) / 64.
    const float c = float((0xFFFFu * wgt + 32) / 64) / 65535.0f;
    expect_texel(t, i, c, c, c, 1);
  }
}

TEST(Astc, HdrEndpointModeIsErrorInLdr) {
  const BlockWriter w = simple_astc_block(11);  // CEM 11: HDR RGB
  EXPECT_EQ(glvk::formats::astc_block_status(4, 4, w.bytes.data()), glvk::formats::AstcBlockStatus::HDR_IN_LDR);
  const auto t = decode(CompressedFamily::ASTC_LDR, w.bytes.data());
  for (unsigned i = 0; i < 16; ++i) expect_texel(t, i, 1, 0, 1, 1);
}

TEST(Astc, ReservedBlockModeIsError) {
  const std::array<uint8_t, 16> zero{};
  EXPECT_EQ(glvk::formats::astc_block_status(6, 6, zero.data()), glvk::formats::AstcBlockStatus::ILLEGAL_ENCODING);
  const auto t = decode(CompressedFamily::ASTC_LDR, zero.data(), 6, 6);
  for (unsigned i = 0; i < 36; ++i) expect_texel(t, i, 1, 0, 1, 1);
}

// ---- Block info and whole images ------------------------------------------------------------

TEST(BlockInfo, SizesPerFamily) {
  using glvk::formats::compressed_block_info;
  EXPECT_EQ(compressed_block_info(CompressedFamily::BC1_RGB).bytes_per_block, 8u);
  EXPECT_EQ(compressed_block_info(CompressedFamily::BC4_SNORM).bytes_per_block, 8u);
  EXPECT_TRUE(compressed_block_info(CompressedFamily::BC4_SNORM).is_signed);
  EXPECT_EQ(compressed_block_info(CompressedFamily::BC7).bytes_per_block, 16u);
  EXPECT_EQ(compressed_block_info(CompressedFamily::ETC2_RGBA8).bytes_per_block, 16u);
  EXPECT_EQ(compressed_block_info(CompressedFamily::EAC_R11_UNORM).bytes_per_block, 8u);
  EXPECT_EQ(compressed_block_info(CompressedFamily::EAC_RG11_SNORM).bytes_per_block, 16u);
  EXPECT_TRUE(compressed_block_info(CompressedFamily::BC6H_SFLOAT).is_float);
  const auto astc = compressed_block_info(CompressedFamily::ASTC_LDR, 10, 8);
  EXPECT_EQ(astc.block_width, 10u);
  EXPECT_EQ(astc.block_height, 8u);
  EXPECT_EQ(astc.bytes_per_block, 16u);
  EXPECT_TRUE(astc.variable_block_size);
  EXPECT_TRUE(glvk::formats::is_valid_astc_block_size(12, 10));
  EXPECT_FALSE(glvk::formats::is_valid_astc_block_size(12, 8));
  EXPECT_FALSE(glvk::formats::is_valid_astc_block_size(4, 5));
}

TEST(DecodeImage, PartialEdgeBlocksAndStrides) {
  // 6x5 image = 2x2 BC1 blocks, each a solid colour (all indices 0, colour c0).
  const unsigned colours[4] = {0xF800, 0x07E0, 0x001F, 0xFFFF};
  const size_t src_stride = 2 * 8 + 3;  // padded block rows
  std::vector<uint8_t> src(2 * src_stride, 0xCD);
  for (unsigned b = 0; b < 4; ++b) {
    const auto blk = bc1_block(colours[b], 0, {});
    std::memcpy(src.data() + (b / 2) * src_stride + (b % 2) * 8, blk.data(), 8);
  }
  const size_t dst_stride = 6 * 4 + 5;  // floats, padded
  std::vector<float> dst(5 * dst_stride, -7.0f);
  glvk::formats::decode_image_rgba_float(CompressedFamily::BC1_RGB, 4, 4, src.data(), src_stride, 6, 5, dst.data(),
                                         dst_stride);
  const float expected[4][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}};
  for (unsigned y = 0; y < 5; ++y) {
    for (unsigned x = 0; x < 6; ++x) {
      const unsigned b = (y / 4) * 2 + x / 4;
      const float* t = &dst[y * dst_stride + x * 4];
      EXPECT_EQ(t[0], expected[b][0]) << x << "," << y;
      EXPECT_EQ(t[1], expected[b][1]) << x << "," << y;
      EXPECT_EQ(t[2], expected[b][2]) << x << "," << y;
      EXPECT_EQ(t[3], 1.0f);
    }
    for (size_t p = 24; p < dst_stride; ++p) EXPECT_EQ(dst[y * dst_stride + p], -7.0f) << "row padding written";
  }
}

TEST(DecodeImage, Rgba8RoundsAndClamps) {
  // BC1 thirds: 255*2/3 = 170, 255/3 = 85.
  const auto blk = bc1_block(0xF800, 0x001F, {2, 3});
  std::vector<uint8_t> dst(2 * 4 + 4, 0xEE);
  glvk::formats::decode_image_rgba8(CompressedFamily::BC1_RGB, 4, 4, blk.data(), 8, 2, 1, dst.data(), 12);
  const uint8_t expected[8] = {170, 0, 85, 255, 85, 0, 170, 255};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(dst[i], expected[i]) << i;
  EXPECT_EQ(dst[8], 0xEE);
  // BC6H values above 1 clamp to 255; signed negatives clamp to 0.
  BlockWriter w;
  w.put(0, 5, 0x03);
  w.put(5, 10, 1023);
  w.put(15, 10, 0);
  std::vector<uint8_t> px(4);
  glvk::formats::decode_image_rgba8(CompressedFamily::BC6H_UFLOAT, 4, 4, w.bytes.data(), 16, 1, 1, px.data(), 4);
  EXPECT_EQ(px[0], 255);
  EXPECT_EQ(px[1], 0);
  BlockWriter s;
  s.put(0, 8, 0x81);  // -127 -> -1.0
  std::vector<uint8_t> sp(4);
  glvk::formats::decode_image_rgba8(CompressedFamily::BC4_SNORM, 4, 4, s.bytes.data(), 8, 1, 1, sp.data(), 4);
  EXPECT_EQ(sp[0], 0);
}

}  // namespace

namespace {

// Any 128-bit pattern is a valid input: results must stay in each family's value range.
TEST(RandomBlocks, ResultsStayInRange) {
  uint64_t state = 0x1234567;
  auto next = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return state >> 11;
  };
  for (unsigned f = 0; f < glvk::formats::kCompressedFamilyCount; ++f) {
    const auto family = CompressedFamily(f);
    const auto info = glvk::formats::compressed_block_info(family);
    for (unsigned size = 0; size < (family == CompressedFamily::ASTC_LDR ? 14u : 1u); ++size) {
      static constexpr unsigned kAstc[14][2] = {{4, 4}, {5, 4}, {5, 5}, {6, 5}, {6, 6}, {8, 5}, {8, 6},
                                                {8, 8}, {10, 5}, {10, 6}, {10, 8}, {10, 10}, {12, 10}, {12, 12}};
      const unsigned bw = family == CompressedFamily::ASTC_LDR ? kAstc[size][0] : 4;
      const unsigned bh = family == CompressedFamily::ASTC_LDR ? kAstc[size][1] : 4;
      for (int n = 0; n < 300; ++n) {
        uint8_t block[16];
        for (auto& b : block) b = uint8_t(next());
        std::vector<float> t(size_t(bw) * bh * 4);
        glvk::formats::decode_block_rgba_float(family, bw, bh, block, t.data());
        for (float v : t) {
          ASSERT_TRUE(std::isfinite(v)) << glvk::formats::compressed_family_name(family);
          if (info.is_float) continue;
          ASSERT_GE(v, info.is_signed ? -1.0f : 0.0f) << glvk::formats::compressed_family_name(family);
          ASSERT_LE(v, 1.0f) << glvk::formats::compressed_family_name(family);
        }
      }
    }
  }
}

}  // namespace

namespace {

TEST(Eac, SignedBaseMinus128BehavesAsMinus127) {
  // base 0x80, multiplier 1, table 0, texel (0,0) index 4 (+2): -127*8 + 2*1*8 = -1000.
  const auto blk = be64(uint64_t(0x80) << 56 | uint64_t(1) << 52 | uint64_t(4) << 45);
  const auto t = decode(CompressedFamily::EAC_R11_SNORM, blk.data());
  expect_texel(t, 0, -1000 / 1023.0f, 0, 0, 1);
}

}  // namespace
