// The conversion engine: expected pixels worked out by hand from the format definitions, and every
// fast path checked against the generic reference path over many format pairs.
#include <glvk/formats/convert.h>
#include <glvk/formats/pack.h>

#include <GL/gl.h>
#include <GL/glext.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

namespace glvk::formats {
namespace {

PixelFormat gl(uint32_t format, uint32_t type) {
  auto p = PixelFormat::from_gl(format, type);
  EXPECT_TRUE(p.has_value());
  return p.value_or(PixelFormat(Format::NONE));
}

TEST(Convert, ByteShuffles) {
  const uint8_t bgra[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  uint8_t rgba[8];
  ASSERT_EQ(convert(rgba, Format::R8G8B8A8_UNORM, 8, bgra, Format::B8G8R8A8_UNORM, 8, 2, 1), ConvertStatus::OK);
  const uint8_t want[8] = {3, 2, 1, 4, 7, 6, 5, 8};
  EXPECT_EQ(std::memcmp(rgba, want, 8), 0);

  const uint8_t rgb[9] = {10, 20, 30, 40, 50, 60, 70, 80, 90};
  uint8_t rgbx[12];
  ASSERT_EQ(convert(rgbx, Format::R8G8B8X8_UNORM, 12, rgb, Format::R8G8B8_UNORM, 9, 3, 1), ConvertStatus::OK);
  const uint8_t want_x[12] = {10, 20, 30, 0, 40, 50, 60, 0, 70, 80, 90, 0};  // X written as zero
  EXPECT_EQ(std::memcmp(rgbx, want_x, 12), 0);
  ASSERT_EQ(convert(rgbx, gl(GL_RGBA, GL_UNSIGNED_BYTE), 12, rgb, gl(GL_RGB, GL_UNSIGNED_BYTE), 9, 3, 1),
            ConvertStatus::OK);
  const uint8_t want_a[12] = {10, 20, 30, 255, 40, 50, 60, 255, 70, 80, 90, 255};  // missing alpha is 1
  EXPECT_EQ(std::memcmp(rgbx, want_a, 12), 0);

  // GL_LUMINANCE data into RGBA storage: (L, L, L, 1).
  const uint8_t lum[2] = {7, 9};
  uint8_t out[8];
  ASSERT_EQ(convert(out, Format::R8G8B8A8_UNORM, 8, lum, gl(GL_LUMINANCE, GL_UNSIGNED_BYTE), 2, 2, 1), ConvertStatus::OK);
  const uint8_t want_l[8] = {7, 7, 7, 255, 9, 9, 9, 255};
  EXPECT_EQ(std::memcmp(out, want_l, 8), 0);
}

TEST(Convert, FastPathsAreChosen) {
  EXPECT_STREQ(convert_path_name(Format::R8G8B8A8_UNORM, Format::B8G8R8A8_UNORM), "shuffle8_to4");
  EXPECT_STREQ(convert_path_name(Format::R8G8B8X8_UNORM, Format::R8G8B8_UNORM), "shuffle8_to4");
  EXPECT_STREQ(convert_path_name(gl(GL_RGBA, GL_UNSIGNED_BYTE), Format::R8G8B8A8_UNORM), "copy");
  EXPECT_STREQ(convert_path_name(Format::R8G8B8A8_UNORM, gl(GL_ABGR_EXT, GL_UNSIGNED_BYTE)), "shuffle8_to4");
  EXPECT_STREQ(convert_path_name(Format::A8B8G8R8_UNORM, gl(GL_ABGR_EXT, GL_UNSIGNED_BYTE)), "copy");
  EXPECT_STREQ(convert_path_name(Format::R16G16B16A16_UNORM, gl(GL_BGRA, GL_UNSIGNED_SHORT)), "shuffle");
  EXPECT_STREQ(convert_path_name(Format::R32G32B32A32_FLOAT, Format::R8G8B8A8_UNORM), "unorm8_to_float");
  EXPECT_STREQ(convert_path_name(gl(GL_RGBA, GL_UNSIGNED_BYTE), gl(GL_BGRA, GL_FLOAT)), "float_to_unorm8");
  EXPECT_STREQ(convert_path_name(Format::S8_UINT_Z24_UNORM, Format::Z24_UNORM_S8_UINT), "zs_rotate");
  EXPECT_STREQ(convert_path_name(Format::R8G8B8A8_UNORM, Format::R8G8B8A8_SRGB), "generic");  // decodes sRGB
  EXPECT_STREQ(convert_path_name(Format::B5G6R5_UNORM, Format::R8G8B8A8_UNORM), "unorm8x4_to_packed16");
  EXPECT_STREQ(convert_path_name(Format::R8G8B8A8_UNORM, Format::B4G4R4A4_UNORM), "packed16_to_unorm8x4");
  EXPECT_STREQ(convert_path_name(Format::R8G8B8A8_SRGB, Format::B5G6R5_UNORM), "generic");  // encodes sRGB
  EXPECT_STREQ(convert_path_name(Format::B5G6R5_UNORM, Format::R10G10B10A2_UNORM), "generic");
  EXPECT_STREQ(convert_path_name(Format::R8G8B8A8_UNORM, Format::R8G8B8A8_UINT), "incompatible formats");
}

TEST(Convert, RebaseSwizzle) {
  // An RGBA image uploaded to a GL_LUMINANCE_ALPHA texture stored as RGBA8: rebase keeps R and A.
  Swizzle rebase[4];
  ASSERT_TRUE(compute_rgba2base2rgba_component_mapping(GL_LUMINANCE_ALPHA, rebase));
  const uint8_t src[4] = {100, 150, 200, 250};
  uint8_t dst[4];
  ASSERT_EQ(convert(dst, Format::R8G8B8A8_UNORM, 4, src, gl(GL_RGBA, GL_UNSIGNED_BYTE), 4, 1, 1, rebase),
            ConvertStatus::OK);
  const uint8_t want[4] = {100, 100, 100, 250};
  EXPECT_EQ(std::memcmp(dst, want, 4), 0);
  ConvertParams params;
  params.rebase_swizzle = rebase;
  uint8_t dst2[4];
  ASSERT_EQ(convert_generic(dst2, Format::R8G8B8A8_UNORM, 4, src, gl(GL_RGBA, GL_UNSIGNED_BYTE), 4, 1, 1, params),
            ConvertStatus::OK);
  EXPECT_EQ(std::memcmp(dst2, want, 4), 0);
  // Same through the float path: GL_BGRA floats into an RGBA8 texture with base GL_ALPHA.
  ASSERT_TRUE(compute_rgba2base2rgba_component_mapping(GL_ALPHA, rebase));
  const float fsrc[4] = {0.0f, 0.25f, 0.5f, 1.0f};  // B G R A
  ASSERT_EQ(convert(dst, Format::R8G8B8A8_UNORM, 4, fsrc, gl(GL_BGRA, GL_FLOAT), 16, 1, 1, rebase), ConvertStatus::OK);
  const uint8_t want_a[4] = {0, 0, 0, 255};
  EXPECT_EQ(std::memcmp(dst, want_a, 4), 0);
}

TEST(Convert, Unorm8AndFloat) {
  const uint8_t src[4] = {0, 51, 255, 128};
  float f[4];
  ASSERT_EQ(convert(f, Format::R32G32B32A32_FLOAT, 16, src, Format::R8G8B8A8_UNORM, 4, 1, 1), ConvertStatus::OK);
  EXPECT_EQ(f[0], 0.0f);
  EXPECT_EQ(f[1], 0.2f);
  EXPECT_EQ(f[2], 1.0f);
  EXPECT_EQ(f[3], float(128.0 / 255.0));
  const float in[8] = {-1.0f, 0.5f, 2.0f, NAN, 0.2f, 1.0f / 510.0f + 1e-6f, 254.4f / 255.0f, 1.0f};
  uint8_t out[8];
  ASSERT_EQ(convert(out, gl(GL_RGBA, GL_UNSIGNED_BYTE), 8, in, gl(GL_RGBA, GL_FLOAT), 32, 2, 1), ConvertStatus::OK);
  const uint8_t want[8] = {0, 128, 255, 0, 51, 1, 254, 255};
  EXPECT_EQ(std::memcmp(out, want, 8), 0);
  // sRGB sources decode on the fast path too.
  const uint8_t s[4] = {128, 128, 128, 128};
  ASSERT_EQ(convert(f, Format::R32G32B32A32_FLOAT, 16, s, Format::R8G8B8A8_SRGB, 4, 1, 1), ConvertStatus::OK);
  EXPECT_FLOAT_EQ(f[0], float(std::pow((128 / 255.0 + 0.055) / 1.055, 2.4)));
  EXPECT_EQ(f[3], float(128 / 255.0));
}

// clamp_to_unit (glReadPixels' read colour clamp) clamps colours to [0, 1] between unpacking and
// packing, on the paths that would copy as they are too; signed normalized -64 is -64/127.
TEST(Convert, ClampToUnit) {
  ConvertParams clamp;
  clamp.clamp_to_unit = true;
  const float in[4] = {2.0f, -0.5f, 0.25f, -2.0f};
  float out[4] = {};
  ASSERT_EQ(convert(out, Format::R32G32B32A32_FLOAT, 16, in, Format::R32G32B32A32_FLOAT, 16, 1, 1, clamp),
            ConvertStatus::OK);
  EXPECT_EQ(std::vector<float>(out, out + 4), (std::vector<float>{1.0f, 0.0f, 0.25f, 0.0f}));
  ASSERT_EQ(convert(out, Format::R32G32B32A32_FLOAT, 16, in, Format::R32G32B32A32_FLOAT, 16, 1, 1), ConvertStatus::OK);
  EXPECT_EQ(out[0], 2.0f) << "no clamp by default";
  const int8_t snorm[4] = {127, -64, 32, -127};
  ASSERT_EQ(convert(out, Format::R32G32B32A32_FLOAT, 16, snorm, Format::R8G8B8A8_SNORM, 4, 1, 1, clamp),
            ConvertStatus::OK);
  EXPECT_EQ(std::vector<float>(out, out + 4), (std::vector<float>{1.0f, 0.0f, 32.0f / 127.0f, 0.0f}));
  // Half floats (a fast path without the clamp) and bytes: clamped before packing.
  const std::uint16_t half[4] = {0x4000, 0xB800, 0x3400, 0xC000};  // 2, -0.5, 0.25, -2
  ASSERT_EQ(convert(out, Format::R32G32B32A32_FLOAT, 16, half, Format::R16G16B16A16_FLOAT, 8, 1, 1, clamp),
            ConvertStatus::OK);
  EXPECT_EQ(std::vector<float>(out, out + 4), (std::vector<float>{1.0f, 0.0f, 0.25f, 0.0f}));
  int8_t bytes[4] = {};
  ASSERT_EQ(convert(bytes, gl(GL_RGBA, GL_BYTE), 4, in, Format::R32G32B32A32_FLOAT, 16, 1, 1, clamp), ConvertStatus::OK);
  EXPECT_EQ(std::vector<int8_t>(bytes, bytes + 4), (std::vector<int8_t>{127, 0, 32, 0}));  // round(0.25 * 127) = 32
  // Integers are not colours to clamp.
  const int32_t integers[4] = {5, -3, 0, 70000};
  int32_t integers_out[4] = {};
  ASSERT_EQ(convert(integers_out, Format::R32G32B32A32_SINT, 16, integers, Format::R32G32B32A32_SINT, 16, 1, 1, clamp),
            ConvertStatus::OK);
  EXPECT_EQ(std::vector<int32_t>(integers_out, integers_out + 4), (std::vector<int32_t>{5, -3, 0, 70000}));
}

TEST(Convert, DepthStencil) {
  const uint32_t z24s8[2] = {0x12ABCDEFu, 0xFF000000u};  // depth 0xABCDEF, stencil 0x12
  uint32_t s8z24[2];
  ASSERT_EQ(convert(s8z24, gl(GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8), 8, z24s8, Format::Z24_UNORM_S8_UINT, 8, 2, 1),
            ConvertStatus::OK);
  EXPECT_EQ(s8z24[0], 0xABCDEF12u);
  EXPECT_EQ(s8z24[1], 0x000000FFu);
  uint32_t back[2];
  ASSERT_EQ(convert(back, Format::Z24_UNORM_S8_UINT, 8, s8z24, Format::S8_UINT_Z24_UNORM, 8, 2, 1), ConvertStatus::OK);
  EXPECT_EQ(std::memcmp(back, z24s8, 8), 0);
  // Z24S8 -> Z32F_S8X24: depth as float, stencil in the second word.
  uint32_t z32[4];
  ASSERT_EQ(convert(z32, gl(GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV), 16, z24s8, Format::Z24_UNORM_S8_UINT,
                    8, 2, 1),
            ConvertStatus::OK);
  float d0;
  std::memcpy(&d0, &z32[0], 4);
  EXPECT_EQ(d0, float(double(0xABCDEF) / 16777215.0));
  EXPECT_EQ(z32[1], 0x12u);
  EXPECT_EQ(z32[3], 0xFFu);
  // Stencil only.
  uint8_t s8[2];
  ASSERT_EQ(convert(s8, Format::S8_UINT, 2, z24s8, Format::Z24_UNORM_S8_UINT, 8, 2, 1), ConvertStatus::OK);
  EXPECT_EQ(s8[0], 0x12);
  const uint16_t z16 = 0xFFFF;
  float zf;
  ASSERT_EQ(convert(&zf, gl(GL_DEPTH_COMPONENT, GL_FLOAT), 4, &z16, Format::Z16_UNORM, 2, 1, 1), ConvertStatus::OK);
  EXPECT_EQ(zf, 1.0f);
}

TEST(Convert, ClientDepthAndStencilOfAnyType) {
  // GL: unsigned depth c / (2^b - 1), signed depth max(c / (2^(b-1) - 1), -1) clamped to [0, 1] on store.
  const uint8_t ub[2] = {255, 0};
  uint16_t z16[2];
  ASSERT_EQ(convert(z16, Format::Z16_UNORM, 4, ub, gl(GL_DEPTH_COMPONENT, GL_UNSIGNED_BYTE), 2, 2, 1), ConvertStatus::OK);
  EXPECT_EQ(z16[0], 65535);
  EXPECT_EQ(z16[1], 0);
  const int16_t ss[2] = {-1, 32767};
  ASSERT_EQ(convert(z16, Format::Z16_UNORM, 4, ss, gl(GL_DEPTH_COMPONENT, GL_SHORT), 4, 2, 1), ConvertStatus::OK);
  EXPECT_EQ(z16[0], 0);
  EXPECT_EQ(z16[1], 65535);
  // Stencil indices keep their low bits.
  const uint32_t st[2] = {0x1234, 7};
  uint8_t s8[2];
  ASSERT_EQ(convert(s8, Format::S8_UINT, 2, st, gl(GL_STENCIL_INDEX, GL_UNSIGNED_INT), 8, 2, 1), ConvertStatus::OK);
  EXPECT_EQ(s8[0], 0x34);
  EXPECT_EQ(s8[1], 7);
  // Read back: depth as half floats.
  uint16_t half[2];
  const uint16_t zin[2] = {65535, 0};
  ASSERT_EQ(convert(half, gl(GL_DEPTH_COMPONENT, GL_HALF_FLOAT), 4, zin, Format::Z16_UNORM, 4, 2, 1), ConvertStatus::OK);
  EXPECT_EQ(half[0], 0x3c00);  // 1.0
  EXPECT_EQ(half[1], 0);
  EXPECT_FALSE(PixelFormat::from_gl(GL_STENCIL_INDEX, GL_FLOAT).has_value());
  EXPECT_FALSE(PixelFormat::from_gl(GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT_5_6_5).has_value());
}

TEST(Convert, IntegersClampAndKeepSign) {
  const int32_t src[2] = {-1000, 77};
  int8_t dst[2];
  ASSERT_EQ(convert(dst, Format::R8G8_SINT, 2, src, Format::R32G32_SINT, 8, 1, 1), ConvertStatus::OK);
  EXPECT_EQ(dst[0], -128);
  EXPECT_EQ(dst[1], 77);
  const uint8_t u[4] = {1, 2, 3, 250};
  uint16_t wide[4];
  ASSERT_EQ(convert(wide, Format::R16G16B16A16_UINT, 8, u, gl(GL_RGBA_INTEGER, GL_UNSIGNED_BYTE), 4, 1, 1),
            ConvertStatus::OK);
  EXPECT_EQ(wide[3], 250);
}

TEST(Convert, ByteSwapping) {
  // GL_UNPACK_SWAP_BYTES with GL_UNSIGNED_SHORT data: each 16-bit element arrives big-endian.
  const uint8_t be[4] = {0xFF, 0xFF, 0x80, 0x00};  // 0xFFFF, 0x8000
  uint8_t out[2];
  ConvertParams params;
  params.src_swap_unit = swap_unit_size(GL_UNSIGNED_SHORT);
  ASSERT_EQ(convert(out, Format::R8G8_UNORM, 2, be, gl(GL_RG, GL_UNSIGNED_SHORT), 4, 1, 1, params), ConvertStatus::OK);
  EXPECT_EQ(out[0], 255);
  EXPECT_EQ(out[1], 128);  // 0x8000 / 65535 * 255 = 127.5019...
  // And packing with swap.
  const uint8_t px[2] = {255, 0};
  uint8_t packed[4];
  params = {};
  params.dst_swap_unit = 2;
  ASSERT_EQ(convert(packed, gl(GL_RG, GL_UNSIGNED_SHORT), 4, px, Format::R8G8_UNORM, 2, 1, 1, params), ConvertStatus::OK);
  const uint8_t want[4] = {0xFF, 0xFF, 0, 0};
  EXPECT_EQ(std::memcmp(packed, want, 4), 0);
  // Packed types swap the whole 16-bit pixel: 5_6_5 red arrives as F8 00.
  const uint8_t red565_be[2] = {0xF8, 0x00};
  uint8_t rgba[4];
  params = {};
  params.src_swap_unit = swap_unit_size(GL_UNSIGNED_SHORT_5_6_5);
  ASSERT_EQ(convert(rgba, Format::R8G8B8A8_UNORM, 4, red565_be, gl(GL_RGB, GL_UNSIGNED_SHORT_5_6_5), 2, 1, 1, params),
            ConvertStatus::OK);
  const uint8_t want_red[4] = {255, 0, 0, 255};
  EXPECT_EQ(std::memcmp(rgba, want_red, 4), 0);
}

TEST(Convert, StatusAndStrides) {
  uint8_t buf[64] = {};
  EXPECT_EQ(convert(buf, Format::R8G8B8A8_UNORM, 4, buf, Format::R8G8B8A8_UINT, 4, 1, 1), ConvertStatus::INCOMPATIBLE);
  EXPECT_EQ(convert(buf, Format::R8G8B8A8_UNORM, 4, buf, Format::Z16_UNORM, 2, 1, 1), ConvertStatus::INCOMPATIBLE);
  EXPECT_EQ(convert(buf, Format::S8_UINT, 1, buf, Format::Z16_UNORM, 2, 1, 1), ConvertStatus::INCOMPATIBLE);
  EXPECT_EQ(convert(buf, Format::R8G8B8A8_UNORM, 4, buf, Format::NV12, 1, 1, 1), ConvertStatus::UNSUPPORTED_FORMAT);
  EXPECT_EQ(convert(buf, Format::R8G8B8A8_UNORM, 4, buf, Format::YUYV, 4, 1, 1), ConvertStatus::INCOMPATIBLE);
  // Subsampled rows: 3 pixels are 2 blocks; YUYV <-> UYVY reorders samples.
  const uint8_t yuyv[8] = {10, 20, 30, 40, 50, 60, 70, 80};
  uint8_t uyvy[8];
  ASSERT_EQ(convert(uyvy, Format::UYVY, 8, yuyv, Format::YUYV, 8, 3, 1), ConvertStatus::OK);
  const uint8_t want_uyvy[8] = {20, 10, 40, 30, 60, 50, 80, 50};  // pixel 4 does not exist: repeats pixel 3
  EXPECT_EQ(std::memcmp(uyvy, want_uyvy, 8), 0);
  uint8_t rgba[8];
  ASSERT_EQ(convert(rgba, Format::R8G8B8A8_UNORM, 8, yuyv, Format::R8G8_B8G8_UNORM, 4, 2, 1), ConvertStatus::OK);
  const uint8_t want_rgba[8] = {10, 20, 30, 255, 10, 40, 30, 255};
  EXPECT_EQ(std::memcmp(rgba, want_rgba, 8), 0);
  EXPECT_EQ(can_convert(Format::NONE, Format::R8_UNORM), ConvertStatus::UNSUPPORTED_FORMAT);
  // Destination padding between rows is left alone.
  const uint8_t src[4] = {1, 2, 3, 4};
  uint8_t dst[10];
  std::memset(dst, 0xEE, sizeof(dst));
  ASSERT_EQ(convert(dst, Format::R8_UNORM, 5, src, Format::R8_UNORM, 2, 2, 2), ConvertStatus::OK);
  const uint8_t want[10] = {1, 2, 0xEE, 0xEE, 0xEE, 3, 4, 0xEE, 0xEE, 0xEE};
  EXPECT_EQ(std::memcmp(dst, want, 10), 0);
}

// BC1 by the S3TC spec: color0 = 0xF800 (pure red) > color1 = 0x001F (blue) selects the 4-colour
// mode; all indices 0 select color0.
const uint8_t kRedBc1[8] = {0x00, 0xF8, 0x1F, 0x00, 0, 0, 0, 0};

TEST(Convert, CompressedSourcesDecode) {
  EXPECT_STREQ(convert_path_name(Format::R8G8B8A8_UNORM, Format::DXT1_RGB), "decode");
  uint8_t rgba[4 * 4 * 4];
  ASSERT_EQ(convert(rgba, Format::R8G8B8A8_UNORM, 16, kRedBc1, Format::DXT1_RGB, 8, 4, 4), ConvertStatus::OK);
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(rgba[4 * i + 0], 255);
    EXPECT_EQ(rgba[4 * i + 1], 0);
    EXPECT_EQ(rgba[4 * i + 3], 255);
  }
  // A 3x2 image from one block, two block rows of two blocks for 5x5.
  uint8_t small[3 * 2 * 4];
  ASSERT_EQ(convert(small, gl(GL_BGRA, GL_UNSIGNED_BYTE), 12, kRedBc1, Format::DXT1_RGB, 8, 3, 2), ConvertStatus::OK);
  EXPECT_EQ(small[2], 255);  // BGRA: red is the third byte
  EXPECT_EQ(small[0], 0);
  std::vector<uint8_t> blocks(4 * 8);
  for (int i = 0; i < 4; ++i) std::memcpy(blocks.data() + 8 * i, kRedBc1, 8);
  std::vector<float> f(5 * 5 * 4);
  ASSERT_EQ(convert(f.data(), Format::R32G32B32A32_FLOAT, 5 * 16, blocks.data(), Format::DXT1_RGB, 16, 5, 5),
            ConvertStatus::OK);
  EXPECT_EQ(f[(4 * 5 + 4) * 4], 1.0f);
  // sRGB variants decode the same bits and then linearise.
  const uint8_t grey[8] = {0x10, 0x84, 0x10, 0x84, 0, 0, 0, 0};  // R=16/31 G=32/63 B=16/31 both colours
  float lin[64], srgb[64];
  ASSERT_EQ(convert(lin, Format::R32G32B32A32_FLOAT, 64, grey, Format::DXT1_RGB, 8, 4, 4), ConvertStatus::OK);
  ASSERT_EQ(convert(srgb, Format::R32G32B32A32_FLOAT, 64, grey, Format::DXT1_SRGB, 8, 4, 4), ConvertStatus::OK);
  for (int c = 0; c < 3; ++c) EXPECT_FLOAT_EQ(srgb[c], srgb_to_linear(lin[c]));
  EXPECT_EQ(srgb[3], lin[3]);
  // Statuses: no compressed destination, no integer or depth destination.
  uint8_t buf[64] = {};
  EXPECT_EQ(convert(buf, Format::DXT1_RGB, 8, buf, Format::R8G8B8A8_UNORM, 16, 4, 4), ConvertStatus::UNSUPPORTED_FORMAT);
  EXPECT_EQ(convert(buf, Format::R8G8B8A8_UINT, 16, kRedBc1, Format::DXT1_RGB, 8, 4, 4), ConvertStatus::INCOMPATIBLE);
  EXPECT_EQ(convert(buf, Format::Z16_UNORM, 8, kRedBc1, Format::DXT1_RGB, 8, 4, 4), ConvertStatus::INCOMPATIBLE);
  // Every compressed format converts to RGBA float.
  for (const FormatDesc& d : all_formats()) {
    if (!d.is_compressed) continue;
    std::vector<uint8_t> zeros(d.block_bits / 8, 0);
    std::vector<float> out(size_t(d.block_width) * d.block_height * 4);
    EXPECT_EQ(convert(out.data(), Format::R32G32B32A32_FLOAT, d.block_width * 16, zeros.data(), d.format,
                      d.block_bits / 8, d.block_width, d.block_height),
              ConvertStatus::OK)
        << d.name;
  }
}

// Every fast path against the reference path: many pairs, random data, odd widths, padded strides,
// unaligned float buffers. Compared as decoded values (-1 has two signed-normalized encodings).
TEST(Convert, FastPathsMatchTheGenericPath) {
  std::vector<PixelFormat> formats = {
      Format::R8G8B8A8_UNORM, Format::B8G8R8A8_UNORM, Format::A8R8G8B8_UNORM, Format::A8B8G8R8_UNORM,
      Format::R8G8B8X8_UNORM, Format::B8G8R8X8_UNORM, Format::X8R8G8B8_UNORM, Format::R8G8B8_UNORM,
      Format::B8G8R8_UNORM,   Format::R8G8_UNORM,     Format::R8_UNORM,       Format::L8_UNORM,
      Format::L8A8_UNORM,     Format::A8_UNORM,       Format::I8_UNORM,       Format::R8G8B8A8_SRGB,
      Format::B8G8R8A8_SRGB,  Format::R8G8B8A8_SNORM, Format::R8G8_SNORM,     Format::R8G8B8A8_UINT,
      Format::B8G8R8A8_UINT,  Format::R16G16B16A16_UNORM, Format::R16G16_FLOAT, Format::R16G16B16A16_FLOAT,
      Format::R32G32B32A32_FLOAT, Format::R32G32B32_FLOAT, Format::R32_FLOAT, Format::L32A32_FLOAT,
      Format::R32G32B32X32_FLOAT, Format::B5G6R5_UNORM, Format::R10G10B10A2_UNORM, Format::R11G11B10_FLOAT,
      Format::Z24_UNORM_S8_UINT, Format::S8_UINT_Z24_UNORM, Format::Z24X8_UNORM, Format::X8Z24_UNORM,
      Format::Z32_FLOAT_S8X24_UINT, Format::Z16_UNORM, Format::S8_UINT,
  };
  const uint32_t gl_formats[] = {GL_RGBA, GL_BGRA, GL_RGB, GL_BGR, GL_LUMINANCE, GL_LUMINANCE_ALPHA, GL_ALPHA, GL_RG, GL_ABGR_EXT};
  for (uint32_t f : gl_formats)
    for (uint32_t t : {GL_UNSIGNED_BYTE, GL_FLOAT, GL_UNSIGNED_SHORT, GL_BYTE}) formats.push_back(gl(f, t));
  formats.push_back(gl(GL_RGBA_INTEGER, GL_UNSIGNED_BYTE));
  formats.push_back(gl(GL_BGRA_INTEGER, GL_UNSIGNED_BYTE));

  Swizzle lum_rebase[4];
  compute_rgba2base2rgba_component_mapping(GL_LUMINANCE_ALPHA, lum_rebase);
  std::mt19937 rng(11);
  const unsigned width = 37, height = 3;
  int pairs = 0;
  for (const PixelFormat& src : formats) {
    for (const PixelFormat& dst : formats) {
      if (can_convert(dst, src) != ConvertStatus::OK) continue;
      for (const Swizzle* rebase : {static_cast<const Swizzle*>(nullptr), static_cast<const Swizzle*>(lum_rebase)}) {
        const size_t sbpp = src.bytes_per_block(), dbpp = dst.bytes_per_block();
        const size_t src_stride = width * sbpp + 5, dst_stride = width * dbpp + 3;
        std::vector<uint8_t> in(src_stride * height + 1);
        for (auto& b : in) b = uint8_t(rng());
        if (src.desc().is_float_any)  // keep floats finite and mostly in range
          for (unsigned y = 0; y < height; ++y)
            for (size_t i = 0; i + 4 <= width * sbpp; i += 4) {
              const uint8_t* row = in.data() + 1 + y * src_stride;
              if (src.desc().channel[0].size == 32) {
                const float v = float(rng() % 2000) / 1000.0f - 0.5f;
                std::memcpy(const_cast<uint8_t*>(row) + i, &v, 4);
              }
            }
        std::vector<uint8_t> fast(dst_stride * height + 1, 0x5A), ref(dst_stride * height + 1, 0x5A);
        ConvertParams params;
        params.rebase_swizzle = rebase;
        // +1: unaligned buffers exercise the aligned-scratch paths.
        ASSERT_EQ(convert(fast.data() + 1, dst, dst_stride, in.data() + 1, src, src_stride, width, height, params),
                  ConvertStatus::OK);
        ASSERT_EQ(convert_generic(ref.data() + 1, dst, dst_stride, in.data() + 1, src, src_stride, width, height, params),
                  ConvertStatus::OK);
        const FormatDesc& dd = dst.desc();
        for (unsigned y = 0; y < height; ++y) {
          const uint8_t* a = fast.data() + 1 + y * dst_stride;
          const uint8_t* b = ref.data() + 1 + y * dst_stride;
          EXPECT_EQ(std::memcmp(a + width * dbpp, b + width * dbpp, 3), 0);  // padding untouched
          if (dd.colorspace == Colorspace::ZS) {  // X padding bits are don't-care: compare values
            if (dd.is_depth) {
              std::vector<float> za(width), zb(width);
              ASSERT_TRUE(unpack_depth_float(dd, a, za.data(), width));
              ASSERT_TRUE(unpack_depth_float(dd, b, zb.data(), width));
              ASSERT_EQ(za, zb) << src.desc().name << " -> " << dd.name;
            }
            if (dd.is_stencil) {
              std::vector<uint8_t> sa(width), sb(width);
              ASSERT_TRUE(unpack_stencil_uint(dd, a, sa.data(), width));
              ASSERT_TRUE(unpack_stencil_uint(dd, b, sb.data(), width));
              ASSERT_EQ(sa, sb) << src.desc().name << " -> " << dd.name;
            }
            continue;
          }
          if (dd.is_pure_integer) {
            ASSERT_EQ(std::memcmp(a, b, width * dbpp), 0) << src.desc().name << " -> " << dd.name;
            continue;
          }
          std::vector<float> fa(width * 4), fb(width * 4);
          ASSERT_TRUE(unpack_rgba_float(dd, a, fa.data(), width));
          ASSERT_TRUE(unpack_rgba_float(dd, b, fb.data(), width));
          for (size_t i = 0; i < fa.size(); ++i) {
            if (std::isnan(fa[i]) && std::isnan(fb[i])) continue;
            ASSERT_EQ(fa[i], fb[i]) << src.desc().name << " -> " << dd.name << " at " << i;
          }
        }
        ++pairs;
      }
    }
  }
  EXPECT_GT(pairs, 2000);
}

}  // namespace
}  // namespace glvk::formats

namespace glvk::formats {
namespace {

TEST(ConvertFastPath, HalfFloatsConvertElementByElement) {
  const PixelFormat half(Format::R16G16B16A16_FLOAT), single(Format::R32G32B32A32_FLOAT);
  EXPECT_STREQ(convert_path_name(half, single), "float_to_half");
  EXPECT_STREQ(convert_path_name(single, half), "half_to_float");
  // IEEE binary16 encodings worked by hand: 1.0 = 0x3C00, -2.0 = 0xC000, 0.5 = 0x3800, 65504 = 0x7BFF.
  const float in[4] = {1.0f, -2.0f, 0.5f, 65504.0f};
  uint16_t out[4] = {};
  ASSERT_EQ(convert(out, half, 8, in, single, 16, 1, 1), ConvertStatus::OK);
  EXPECT_EQ(out[0], 0x3C00);
  EXPECT_EQ(out[1], 0xC000);
  EXPECT_EQ(out[2], 0x3800);
  EXPECT_EQ(out[3], 0x7BFF);
  float back[4] = {};
  ASSERT_EQ(convert(back, single, 16, out, half, 8, 1, 1), ConvertStatus::OK);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(back[i], in[i]);
}

}  // namespace
}  // namespace glvk::formats
