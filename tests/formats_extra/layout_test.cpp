// Miptree layouts against seed 004 (NV40 measurements) and brute-force enumeration.
#include <glvk/formats/layout.h>

#include <gtest/gtest.h>

#include <set>
#include <vector>

namespace {

using namespace glvk::formats;

// Reference for seed 004's rule, stated as the seed does: take an x bit, then a y bit, then a z
// bit, and so on; once a dimension's bits are used up, skip it. Built as an explicit bit order.
uint64_t reference_swizzle(unsigned x, unsigned y, unsigned z, unsigned w, unsigned h, unsigned d) {
  struct Take { int dim; unsigned bit; };
  std::vector<Take> order;
  unsigned sizes[3] = {w, h, d};
  for (unsigned bit = 0; bit < 32; ++bit)
    for (int dim = 0; dim < 3; ++dim)
      if ((1u << bit) < sizes[dim]) order.push_back({dim, bit});
  const unsigned coord[3] = {x, y, z};
  uint64_t index = 0;
  for (size_t i = 0; i < order.size(); ++i) index |= uint64_t((coord[order[i].dim] >> order[i].bit) & 1u) << i;
  return index;
}

MiptreeDesc desc2d(uint32_t w, uint32_t h, uint32_t levels, uint32_t bpp = 4) {
  MiptreeDesc d;
  d.width = w; d.height = h; d.levels = levels; d.bytes_per_block = bpp;
  return d;
}

TEST(SwizzledLayout, TwoDimensionalBitInterleave) {
  // 4x4: bits x0 y0 x1 y1.
  EXPECT_EQ(SwizzledLayout::swizzle_index(1, 0, 0, 2, 2, 0), 1u);
  EXPECT_EQ(SwizzledLayout::swizzle_index(0, 1, 0, 2, 2, 0), 2u);
  EXPECT_EQ(SwizzledLayout::swizzle_index(2, 0, 0, 2, 2, 0), 4u);
  EXPECT_EQ(SwizzledLayout::swizzle_index(3, 3, 0, 2, 2, 0), 15u);
  // 8x2: y is exhausted after one bit: x0 y0 x1 x2.
  EXPECT_EQ(SwizzledLayout::swizzle_index(0, 1, 0, 3, 1, 0), 2u);
  EXPECT_EQ(SwizzledLayout::swizzle_index(2, 1, 0, 3, 1, 0), 6u);
  EXPECT_EQ(SwizzledLayout::swizzle_index(4, 0, 0, 3, 1, 0), 8u);
}

TEST(SwizzledLayout, ThreeDimensionalZyxInterleave) {
  // 4x4x4: ...zyxzyx.
  EXPECT_EQ(SwizzledLayout::swizzle_index(1, 0, 0, 2, 2, 2), 1u);
  EXPECT_EQ(SwizzledLayout::swizzle_index(0, 1, 0, 2, 2, 2), 2u);
  EXPECT_EQ(SwizzledLayout::swizzle_index(0, 0, 1, 2, 2, 2), 4u);
  EXPECT_EQ(SwizzledLayout::swizzle_index(2, 0, 0, 2, 2, 2), 8u);
  // 4x2x8: x0 y0 z0 x1 z1 z2.
  EXPECT_EQ(SwizzledLayout::swizzle_index(2, 0, 0, 2, 1, 3), 8u);
  EXPECT_EQ(SwizzledLayout::swizzle_index(0, 0, 2, 2, 1, 3), 16u);
  EXPECT_EQ(SwizzledLayout::swizzle_index(0, 0, 4, 2, 1, 3), 32u);
}

TEST(SwizzledLayout, MatchesReferenceAndIsABijectionPerLevel) {
  struct Case { uint32_t w, h, d, levels, bpp; };
  for (const Case c : {Case{8, 8, 1, 4, 4}, Case{16, 4, 1, 5, 8}, Case{2, 32, 1, 6, 1}, Case{4, 4, 4, 3, 4},
                       Case{8, 2, 4, 4, 2}, Case{1, 1, 16, 5, 4}}) {
    MiptreeDesc d = desc2d(c.w, c.h, c.levels, c.bpp);
    d.depth = c.d;
    const SwizzledLayout layout(d);
    for (unsigned l = 0; l < c.levels; ++l) {
      const uint32_t w = level_extent(c.w, l), h = level_extent(c.h, l), dd = level_extent(c.d, l);
      EXPECT_EQ(layout.level_size(l), uint64_t(w) * h * dd * c.bpp);
      std::set<uint64_t> seen;
      for (unsigned z = 0; z < dd; ++z)
        for (unsigned y = 0; y < h; ++y)
          for (unsigned x = 0; x < w; ++x) {
            const uint64_t off = layout.texel_offset(l, 0, x, y, z);
            ASSERT_EQ(off, layout.level_offset(l) + reference_swizzle(x, y, z, w, h, dd) * c.bpp);
            ASSERT_LT(off - layout.level_offset(l), layout.level_size(l));
            ASSERT_TRUE(seen.insert(off).second) << "two texels share offset " << off;
          }
    }
  }
}

TEST(SwizzledLayout, LevelsBackToBackWithoutGaps) {
  const SwizzledLayout layout(desc2d(8, 8, 4));
  // 8x8, 4x4, 2x2, 1x1 RGBA8: 256, 64, 16, 4 bytes.
  EXPECT_EQ(layout.level_offset(0), 0u);
  EXPECT_EQ(layout.level_offset(1), 256u);
  EXPECT_EQ(layout.level_offset(2), 320u);
  EXPECT_EQ(layout.level_offset(3), 336u);
  EXPECT_EQ(layout.total_size(), 340u);
  EXPECT_EQ(layout.row_pitch(0), 32u);  // the nominal width*bpp the blob programs
  MiptreeDesc d3 = desc2d(4, 4, 3);
  d3.depth = 4;
  const SwizzledLayout volume(d3);  // 3D: levels first, all slices of a level together
  EXPECT_EQ(volume.level_offset(1), 256u);
  EXPECT_EQ(volume.level_offset(2), 256u + 32u);
  EXPECT_EQ(volume.total_size(), 256u + 32u + 4u);
}

TEST(SwizzledLayout, CubeFacesAlignedTo128Bytes) {
  MiptreeDesc d = desc2d(4, 4, 3);
  d.is_cube = true;
  d.layers = 6;
  const SwizzledLayout cube(d);
  // Face chain: 64 + 16 + 4 = 84 bytes, padded to 128.
  for (unsigned f = 0; f < 6; ++f) EXPECT_EQ(cube.layer_offset(f), 128u * f);
  EXPECT_EQ(cube.texel_offset(1, 2, 1, 1, 0), 256u + 64u + 3u * 4u);
  EXPECT_EQ(cube.total_size(), 6u * 128u);
  MiptreeDesc big = desc2d(8, 8, 1);
  big.is_cube = true;
  big.layers = 6;
  EXPECT_EQ(SwizzledLayout(big).layer_offset(1), 256u);  // already a multiple of 128
  MiptreeDesc tiny = desc2d(2, 2, 2);
  tiny.is_cube = true;
  tiny.layers = 6;
  EXPECT_EQ(SwizzledLayout(tiny).layer_offset(5), 5u * 128u);
}

TEST(SwizzledLayout, NonSquareCubeLaidOutAsSquare) {
  MiptreeDesc wide = desc2d(8, 4, 4);
  wide.is_cube = true;
  wide.layers = 6;
  MiptreeDesc square = desc2d(8, 8, 4);
  square.is_cube = true;
  square.layers = 6;
  const SwizzledLayout a(wide), b(square);
  EXPECT_EQ(a.total_size(), b.total_size());
  for (unsigned l = 0; l < 4; ++l) {
    EXPECT_EQ(a.level_offset(l), b.level_offset(l));
    EXPECT_EQ(a.level_size(l), b.level_size(l));
  }
  EXPECT_EQ(a.texel_offset(0, 3, 5, 3, 0), b.texel_offset(0, 3, 5, 3, 0));
  EXPECT_EQ(a.level_size(0), 8u * 8u * 4u);
}

TEST(SwizzledLayout, CompressedBlocksAreTheUnit) {
  MiptreeDesc d = desc2d(16, 16, 1, 8);
  d.block_width = d.block_height = 4;  // BC1: 4x4 blocks of 8 bytes -> 4x4 blocks
  const SwizzledLayout layout(d);
  EXPECT_EQ(layout.level_size(0), 16u * 8u);
  EXPECT_EQ(layout.texel_offset(0, 0, 4, 0, 0), 8u);   // block (1,0)
  EXPECT_EQ(layout.texel_offset(0, 0, 0, 7, 0), 16u);  // block (0,1)
}

TEST(LinearLayout, SamePitchForAllLevelsAnyValue) {
  MiptreeDesc d = desc2d(4, 4, 3);
  d.depth = 4;
  LinearParams p;
  p.row_pitch = 64;
  const LinearLayout layout(d, p);
  // 3D: each level holds its z slices: 64*4*4, 64*2*2, 64*1*1.
  EXPECT_EQ(layout.level_size(0), 1024u);
  EXPECT_EQ(layout.level_offset(1), 1024u);
  EXPECT_EQ(layout.level_offset(2), 1280u);
  EXPECT_EQ(layout.texel_offset(1, 0, 1, 1, 1), 1024u + 128u + 64u + 4u);
  EXPECT_EQ(layout.total_size(), 1344u);
  // "even 4": a 1-texel-wide RGBA8 texture with pitch 4.
  MiptreeDesc narrow = desc2d(1, 8, 1);
  p.row_pitch = 4;
  EXPECT_EQ(LinearLayout(narrow, p).texel_offset(0, 0, 0, 5, 0), 20u);
}

TEST(LinearLayout, DerivedPitchSharedByLevels) {
  const LinearLayout layout(desc2d(10, 6, 4, 4));  // level-0 pitch 40 for every level
  for (unsigned l = 0; l < 4; ++l) EXPECT_EQ(layout.row_pitch(l), 40u);
  EXPECT_EQ(layout.level_offset(1), 40u * 6u);
  EXPECT_EQ(layout.level_offset(2), 40u * 6u + 40u * 3u);
  LinearParams p;
  p.same_pitch_all_levels = false;
  p.row_alignment = 64;
  p.level_alignment = 256;
  const LinearLayout aligned(desc2d(10, 6, 3, 4), p);
  EXPECT_EQ(aligned.row_pitch(0), 64u);
  EXPECT_EQ(aligned.row_pitch(2), 64u);
  EXPECT_EQ(aligned.level_offset(1), 512u);  // 64*6 = 384 -> 512
  EXPECT_EQ(aligned.level_offset(2), 768u);  // +64*3 = 704 -> 768
}

TEST(LinearLayout, CubeFacesContiguousWithoutAlignment) {
  MiptreeDesc d = desc2d(4, 4, 3);
  d.is_cube = true;
  d.layers = 6;
  const LinearLayout cube(d);
  // pitch 16; levels 64 + 32 + 16 = 112 bytes per face, no 128-byte padding in linear layouts.
  EXPECT_EQ(cube.layer_offset(1), 112u);
  EXPECT_EQ(cube.texel_offset(2, 5, 0, 0, 0), 5u * 112u + 96u);
  EXPECT_EQ(cube.total_size(), 6u * 112u);
}

TEST(LinearLayout, EveryTexelDistinctAndInsideItsLevel) {
  MiptreeDesc d = desc2d(5, 3, 3, 2);
  d.depth = 3;
  d.layers = 2;
  LinearParams p;
  p.row_pitch = 12;
  const LinearLayout layout(d, p);
  std::set<uint64_t> seen;
  for (unsigned layer = 0; layer < 2; ++layer)
    for (unsigned l = 0; l < 3; ++l)
      for (unsigned z = 0; z < level_extent(3, l); ++z)
        for (unsigned y = 0; y < level_extent(3, l); ++y)
          for (unsigned x = 0; x < level_extent(5, l); ++x) {
            const uint64_t off = layout.texel_offset(l, layer, x, y, z);
            const uint64_t start = layout.image_offset(l, layer);
            ASSERT_GE(off, start);
            ASSERT_LE(off + 2, start + layout.level_size(l));
            ASSERT_TRUE(seen.insert(off).second);
          }
  EXPECT_LE(*seen.rbegin() + 2, layout.total_size());
}

TEST(LinearLayout, CompressedBlockRows) {
  MiptreeDesc d = desc2d(8, 8, 1, 8);
  d.block_width = d.block_height = 4;
  const LinearLayout layout(d);
  EXPECT_EQ(layout.row_pitch(0), 16u);
  EXPECT_EQ(layout.texel_offset(0, 0, 5, 6, 0), 24u);
  EXPECT_EQ(layout.level_size(0), 32u);
}

TEST(Nv40RenderTarget, PitchAndOffsetRules) {
  EXPECT_TRUE(nv40_render_target_ok(false, 64, 0));
  EXPECT_FALSE(nv40_render_target_ok(false, 0, 0));
  EXPECT_FALSE(nv40_render_target_ok(false, 96, 0));
  EXPECT_FALSE(nv40_render_target_ok(false, 128, 32));
  EXPECT_TRUE(nv40_render_target_ok(true, 12, 128));  // pitch ignored for swizzled targets
  EXPECT_FALSE(nv40_render_target_ok(true, 64, 96));  // offset still needs 64
  EXPECT_EQ(nv40_render_target_pitch(4), 64u);
  EXPECT_EQ(nv40_render_target_pitch(65), 128u);
}

// A stand-in for the AMD legacy tiled layout: proves a third kind plugs in through the registry.
class FakeTiledLayout final : public MiptreeLayout {
 public:
  explicit FakeTiledLayout(const MiptreeDesc& d) : MiptreeLayout(d) {}
  LayoutKind kind() const override { return LayoutKind::AMD_LEGACY_TILED; }
  uint64_t texel_offset(unsigned, unsigned, unsigned x, unsigned y, unsigned) const override { return 7 + x + y; }
  uint64_t level_offset(unsigned) const override { return 0; }
  uint64_t layer_offset(unsigned) const override { return 0; }
  uint64_t level_size(unsigned) const override { return 4096; }
  uint32_t row_pitch(unsigned) const override { return 256; }
  uint64_t total_size() const override { return 4096; }
};

TEST(LayoutRegistry, BuiltinsAndPluggedInKind) {
  LayoutRegistry registry = LayoutRegistry::with_builtin_layouts();
  EXPECT_TRUE(registry.has(LayoutKind::LINEAR));
  EXPECT_TRUE(registry.has(LayoutKind::SWIZZLED));
  EXPECT_FALSE(registry.has(LayoutKind::AMD_LEGACY_TILED));
  EXPECT_EQ(registry.create(LayoutKind::AMD_LEGACY_TILED, desc2d(4, 4, 1)), nullptr);
  LayoutParams params;
  params.linear.row_pitch = 100;
  auto linear = registry.create(LayoutKind::LINEAR, desc2d(4, 4, 1), params);
  ASSERT_NE(linear, nullptr);
  EXPECT_EQ(linear->kind(), LayoutKind::LINEAR);
  EXPECT_EQ(linear->row_pitch(0), 100u);
  auto swizzled = registry.create(LayoutKind::SWIZZLED, desc2d(4, 4, 1));
  ASSERT_NE(swizzled, nullptr);
  EXPECT_EQ(swizzled->texel_offset(0, 0, 0, 1, 0), 8u);
  registry.add(LayoutKind::AMD_LEGACY_TILED, [](const MiptreeDesc& d, const LayoutParams&) {
    return std::unique_ptr<MiptreeLayout>(new FakeTiledLayout(d));
  });
  auto tiled = registry.create(LayoutKind::AMD_LEGACY_TILED, desc2d(4, 4, 1));
  ASSERT_NE(tiled, nullptr);
  EXPECT_EQ(tiled->kind(), LayoutKind::AMD_LEGACY_TILED);
  EXPECT_EQ(tiled->texel_offset(0, 0, 1, 2, 0), 10u);
}

}  // namespace
