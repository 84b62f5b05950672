// The AMD legacy surface through the format library's MiptreeLayout interface. Micro-tile
// order (non-displayable / depth thin tiles): element bits interleave x0 y0 x1 y1 x2 y2; an 8x8
// micro tile holds 64 elements contiguously; micro tiles follow each other along the row.
#include <glvk/amd_descriptors/surface_layout.h>

#include <gtest/gtest.h>

#include <set>

namespace glvk::amd {
namespace {

using formats::Format;
using formats::LayoutKind;
using formats::LayoutParams;
using formats::LayoutRegistry;
using formats::MiptreeDesc;

MiptreeDesc desc(uint32_t w, uint32_t h, uint32_t levels = 1, uint32_t bpb = 4) {
  MiptreeDesc d;
  d.width = w;
  d.height = h;
  d.levels = levels;
  d.bytes_per_block = bpb;
  return d;
}

std::unique_ptr<formats::MiptreeLayout> create(const MiptreeDesc& d, Format f) {
  LayoutRegistry reg = LayoutRegistry::with_builtin_layouts();
  register_amd_legacy_layout(reg);
  AmdLayoutParams amd{find_chip("tonga"), f};
  LayoutParams p;
  p.extra = &amd;
  return reg.create(LayoutKind::AMD_LEGACY_TILED, d, p);
}

TEST(AmdSurfaceLayout, OneDThinMicroTileOrder) {
  auto l = create(desc(16, 16), Format::R8G8B8A8_UNORM);
  ASSERT_NE(l, nullptr);
  EXPECT_EQ(l->kind(), LayoutKind::AMD_LEGACY_TILED);
  EXPECT_EQ(l->texel_offset(0, 0, 0, 0, 0), 0u);
  EXPECT_EQ(l->texel_offset(0, 0, 1, 0, 0), 4u);    // x0 -> element 1
  EXPECT_EQ(l->texel_offset(0, 0, 0, 1, 0), 8u);    // y0 -> element 2
  EXPECT_EQ(l->texel_offset(0, 0, 2, 0, 0), 16u);   // x1 -> element 4
  EXPECT_EQ(l->texel_offset(0, 0, 0, 2, 0), 32u);   // y1 -> element 8
  EXPECT_EQ(l->texel_offset(0, 0, 7, 7, 0), 252u);  // element 63
  EXPECT_EQ(l->texel_offset(0, 0, 8, 0, 0), 256u);  // next micro tile
  EXPECT_EQ(l->texel_offset(0, 0, 0, 8, 0), 512u);  // next row of micro tiles (2 per row)
  EXPECT_EQ(l->row_pitch(0), 16u * 4);
  EXPECT_EQ(l->total_size(), 16u * 16 * 4);
}

TEST(AmdSurfaceLayout, OneDThinIsABijectionOntoTheLevel) {
  auto l = create(desc(24, 20, 1, 2), Format::R16_UNORM);  // pitch 32 (align 16), height 24
  ASSERT_NE(l, nullptr);
  std::set<uint64_t> seen;
  for (unsigned y = 0; y < 24; ++y)
    for (unsigned x = 0; x < 32; ++x) {
      const uint64_t o = l->texel_offset(0, 0, x, y, 0);
      ASSERT_LT(o, 32u * 24 * 2);
      ASSERT_EQ(o % 2, 0u);
      seen.insert(o);
    }
  EXPECT_EQ(seen.size(), 32u * 24);
}

TEST(AmdSurfaceLayout, LinearAndLevels) {
  auto lin = create(desc(100, 1), Format::R8G8B8A8_UNORM);  // 1D: linear aligned, pitch 128
  ASSERT_NE(lin, nullptr);
  EXPECT_EQ(lin->texel_offset(0, 0, 5, 0, 0), 20u);
  EXPECT_EQ(lin->row_pitch(0), 512u);
  auto mip = create(desc(256, 256, 9), Format::R8G8B8A8_UNORM);
  ASSERT_NE(mip, nullptr);
  EXPECT_EQ(mip->level_offset(1), 262144u);
  EXPECT_EQ(mip->level_size(1), 128u * 128 * 4);
  EXPECT_EQ(mip->texel_offset(1, 0, 1, 0, 0), 262144u + 4);  // level 1 is 1D thin
}

// 2D thin on tonga (P8_32x32_16x16: pipe bit0 = x3^y3^x4, bit1 = x4^y4, bit2 = x5^y5 of the
// micro-tile coordinates; 16 banks; RGBA8 -> macro mode 2: bank width 1, height 4, aspect 4).
// Address = [7:0] offset inside the pipe interleave | pipe << 8 | bank << 11 | rest << 15.
TEST(AmdSurfaceLayout, TwoDThinPipeAndBankBits) {
  auto l = create(desc(256, 256), Format::R8G8B8A8_UNORM);
  ASSERT_NE(l, nullptr);
  EXPECT_EQ(l->texel_offset(0, 0, 0, 0, 0), 0u);
  EXPECT_EQ(l->texel_offset(0, 0, 1, 0, 0), 4u);
  EXPECT_EQ(l->texel_offset(0, 0, 8, 0, 0), 1u << 8);   // x3 -> pipe 1
  EXPECT_EQ(l->texel_offset(0, 0, 16, 0, 0), 3u << 8);  // x4 -> pipe bits 0 and 1
  // (0, 8): y3 -> pipe 1; second micro-tile row of the bank (bank height 4) -> 256 bytes in,
  // whose bit 8 moves above the pipe and bank bits.
  EXPECT_EQ(l->texel_offset(0, 0, 0, 8, 0), (1u << 8) | (1u << 15));
  // (0, 32): micro-tile row 4 -> y5 -> pipe bit 2 (x5 ^ y5); bank row 32 / 8 / 4 = 1 -> bank
  // bit 3 (x6 ^ y3); first micro-tile row of its bank (4 % 4 = 0).
  EXPECT_EQ(l->texel_offset(0, 0, 0, 32, 0), (4u << 8) | (8u << 11));
}

void expect_bijection(const formats::MiptreeLayout& l, uint32_t w, uint32_t h, uint32_t layers, uint32_t bpe,
                      uint64_t base, uint64_t size) {
  std::set<uint64_t> seen;
  for (uint32_t s = 0; s < layers; ++s)
    for (uint32_t y = 0; y < h; ++y)
      for (uint32_t x = 0; x < w; ++x) {
        const uint64_t o = l.texel_offset(0, s, x, y, 0);
        ASSERT_GE(o, base);
        ASSERT_LT(o, base + size);
        ASSERT_EQ(o % bpe, 0u);
        seen.insert(o);
      }
  EXPECT_EQ(seen.size(), uint64_t(w) * h * layers);
}

TEST(AmdSurfaceLayout, TwoDThinIsABijectionOntoTheLevel) {
  struct Case { const char* chip; Format f; uint32_t bpe, w, h, layers; };
  const Case cases[] = {
      {"tonga", Format::R8G8B8A8_UNORM, 4, 256, 256, 1},
      {"tonga", Format::R8G8B8A8_UNORM, 4, 256, 128, 3},   // per-slice bank rotation
      {"tonga", Format::R32G32B32A32_FLOAT, 16, 256, 256, 1},
      {"tahiti", Format::R8G8B8A8_UNORM, 4, 128, 256, 2},  // P8_32x32_8x16, GFX6 bank parameters
      {"tahiti", Format::R8_UNORM, 1, 512, 512, 1},
      {"bonaire", Format::R16G16_UNORM, 4, 128, 128, 2},   // P4_16x16
      {"fiji", Format::R8G8B8A8_UNORM, 4, 512, 256, 1},    // P16
      {"tonga", Format::Z32_FLOAT, 4, 256, 256, 2},        // 256-byte tiles split at 64 bytes
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.chip);
    SCOPED_TRACE(formats::describe(c.f).name);
    MiptreeDesc d = desc(c.w, c.h, 1, c.bpe);
    d.layers = c.layers;
    LayoutRegistry reg = LayoutRegistry::with_builtin_layouts();
    register_amd_legacy_layout(reg);
    AmdLayoutParams amd{find_chip(c.chip), c.f};
    LayoutParams p;
    p.extra = &amd;
    auto l = reg.create(LayoutKind::AMD_LEGACY_TILED, d, p);
    ASSERT_NE(l, nullptr);
    const auto& s = static_cast<const AmdLegacyLayout&>(*l).surface();
    ASSERT_EQ(s.level[0].mode, SurfaceMode::TILED_2D);
    ASSERT_EQ(s.level[0].nblk_x, c.w);  // no padding: every address is a texel's
    ASSERT_EQ(s.level[0].nblk_y, c.h);
    expect_bijection(*l, c.w, c.h, c.layers, c.bpe, 0, s.level[0].slice_size * c.layers);
  }
}

TEST(AmdSurfaceLayout, ArrayLayersAreInsideEachLevel) {
  MiptreeDesc d = desc(16, 16, 2);
  d.layers = 3;
  auto l = create(d, Format::R8G8B8A8_UNORM);
  ASSERT_NE(l, nullptr);
  // Level 0: 3 layers of 16x16x4, padded to 4 slices (mipmapped: pow2Pad); level 1 (8x8) starts
  // after all of them.
  EXPECT_EQ(l->texel_offset(0, 2, 0, 0, 0), 2u * 1024);
  EXPECT_EQ(l->level_offset(1), 4u * 1024);
  EXPECT_EQ(l->texel_offset(1, 1, 0, 0, 0), 4u * 1024 + 256);
}

TEST(AmdSurfaceLayout, MissingParametersGiveNoLayout) {
  LayoutRegistry reg = LayoutRegistry::with_builtin_layouts();
  EXPECT_FALSE(reg.has(LayoutKind::AMD_LEGACY_TILED));
  register_amd_legacy_layout(reg);
  EXPECT_TRUE(reg.has(LayoutKind::AMD_LEGACY_TILED));
  EXPECT_EQ(reg.create(LayoutKind::AMD_LEGACY_TILED, desc(16, 16)), nullptr);  // no extra
  EXPECT_EQ(create(desc(16, 16, 1, 8), Format::R8G8B8A8_UNORM), nullptr);       // block size mismatch
  EXPECT_FALSE(make_amd_legacy_layout(desc(16, 16), AmdLayoutParams{}).ok());
}

}  // namespace
}  // namespace glvk::amd
