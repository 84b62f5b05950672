// Legacy surface layout checked against hand-worked rules. Facts used (stated here, not taken
// from the code under test):
//  - tonga: 8 pipes; GB_MACROTILE_MODE0..3 = bank width 1, bank height 4, aspect 4, 16 banks,
//    MODE4 = 1/2/2/16; GB_TILE_MODE14 2D thin colour, 13 1D thin colour, 8 linear, 0 2D depth
//    (64B split), 5 1D depth; pipe interleave 256 bytes.
//  - bonaire: 4 pipes; GB_MACROTILE_MODE2 = 1/1/2/16.
//  - tahiti: 8 pipes; GB_TILE_MODE16 (32bpp 2D thin) = bank width 1, height 1, aspect 1, 16 banks;
//    GB_TILE_MODE14 (8bpp) = 1/4/1/16; 13 1D thin colour, 4 1D depth, 0 2D depth.
//  - macro tile = (8 * bank_width * pipes * aspect) x (8 * bank_height * banks / aspect) elements.
//  - seed 002 dump: 200x200 RGBA32I colour buffer on GFX8: CB_COLOR0_PITCH.TILE_MAX 24,
//    SLICE.TILE_MAX 624, ATTRIB.TILE_MODE_INDEX 13.
#include <glvk/amd_descriptors/surface.h>

#include <gtest/gtest.h>

namespace glvk::amd {
namespace {

using formats::Format;

const Chip& chip(const char* name) {
  const Chip* c = find_chip(name);
  EXPECT_NE(c, nullptr) << name;
  return *c;
}

SurfaceTemplate tex2d(Format f, uint32_t w, uint32_t h, uint32_t levels = 1) {
  SurfaceTemplate t;
  t.format = f;
  t.width = w;
  t.height = h;
  t.levels = levels;
  return t;
}

Surface layout(const char* chip_name, const SurfaceTemplate& t) {
  auto s = compute_surface(chip(chip_name), t);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error());
  return s.ok() ? *s : Surface{};
}

TEST(AmdSurface, Tonga256Rgba8Is2DTiledWithMacroMode2) {
  const Surface s = layout("tonga", tex2d(Format::R8G8B8A8_UNORM, 256, 256));
  ASSERT_EQ(s.level.size(), 1u);
  EXPECT_EQ(s.level[0].mode, SurfaceMode::TILED_2D);
  EXPECT_EQ(s.level[0].tile_mode_index, 14u);
  EXPECT_EQ(s.macro.macro_tile_index, 2u);  // log2(64 * 4 bytes / 64)
  EXPECT_EQ(s.macro.width, 8u * 1 * 8 * 4);   // 256
  EXPECT_EQ(s.macro.height, 8u * 4 * 16 / 4); // 128
  EXPECT_EQ(s.level[0].nblk_x, 256u);
  EXPECT_EQ(s.level[0].nblk_y, 256u);
  EXPECT_EQ(s.level[0].pitch, 256u);
  EXPECT_EQ(s.level[0].slice_size, 256u * 256 * 4);
  EXPECT_EQ(s.total_size, 256u * 256 * 4);
  EXPECT_EQ(s.alignment, 8u * 1 * 16 * 4 * 256);  // pipes * bank_w * banks * bank_h * tile bytes
}

TEST(AmdSurface, SeedDump200x200Rgba32iDegradesTo1D) {
  // 2D would pad to 256x256 (macro mode 4: 128x128 tiles), more than 1.5x 200x200: 1D thin.
  const Surface s = layout("tonga", tex2d(Format::R32G32B32A32_SINT, 200, 200));
  EXPECT_EQ(s.level[0].mode, SurfaceMode::TILED_1D);
  EXPECT_EQ(s.level[0].tile_mode_index, 13u);
  EXPECT_EQ(s.level[0].nblk_x / 8 - 1, 24u);                          // CB_COLOR0_PITCH.TILE_MAX
  EXPECT_EQ(s.level[0].nblk_x * s.level[0].nblk_y / 64 - 1, 624u);    // CB_COLOR0_SLICE.TILE_MAX
}

TEST(AmdSurface, OneDThinPitchCoversAPipeInterleave) {
  // pitch alignment = max(8, 8 * (256 / (bpe * 64))) elements; height alignment 8.
  Surface s = layout("tonga", tex2d(Format::R8_UNORM, 20, 20));
  EXPECT_EQ(s.level[0].mode, SurfaceMode::TILED_1D);
  EXPECT_EQ(s.level[0].nblk_x, 32u);
  EXPECT_EQ(s.level[0].nblk_y, 24u);
  s = layout("tonga", tex2d(Format::R16_UNORM, 20, 20));
  EXPECT_EQ(s.level[0].nblk_x, 32u);  // align 16
  s = layout("tonga", tex2d(Format::R8G8B8A8_UNORM, 20, 20));
  EXPECT_EQ(s.level[0].nblk_x, 24u);  // align 8
  EXPECT_EQ(s.level[0].slice_size, 24u * 24 * 4);
  EXPECT_EQ(s.level[0].tile_mode_index, 13u);
}

TEST(AmdSurface, OneDTexturesAreLinearAligned) {
  SurfaceTemplate t = tex2d(Format::R8G8B8A8_UNORM, 100, 1);
  t.target = TextureTarget::TEXTURE_1D;
  Surface s = layout("tonga", t);
  EXPECT_EQ(s.level[0].mode, SurfaceMode::LINEAR_ALIGNED);
  EXPECT_EQ(s.level[0].tile_mode_index, 8u);
  EXPECT_EQ(s.level[0].nblk_x, 128u);  // align max(64, 256 / 4)
  EXPECT_EQ(s.level[0].nblk_y, 1u);
  t.format = Format::R8_UNORM;
  s = layout("tonga", t);
  EXPECT_EQ(s.level[0].nblk_x, 256u);  // align max(64, 256 / 1)
}

TEST(AmdSurface, MipChainDegradesAndPacksLevels) {
  const Surface s = layout("tonga", tex2d(Format::R8G8B8A8_UNORM, 256, 256, 9));
  ASSERT_EQ(s.level.size(), 9u);
  EXPECT_EQ(s.level[0].mode, SurfaceMode::TILED_2D);
  // Level 1 (128 wide) is narrower than a 256-wide macro tile: 1D from there on.
  const uint64_t offsets[9] = {0, 262144, 327680, 344064, 348160, 349184, 349440, 349696, 349952};
  const uint32_t nblk[9] = {256, 128, 64, 32, 16, 8, 8, 8, 8};
  for (unsigned l = 0; l < 9; ++l) {
    SCOPED_TRACE(l);
    EXPECT_EQ(s.level[l].offset, offsets[l]);
    EXPECT_EQ(s.level[l].nblk_x, nblk[l]);
    EXPECT_EQ(s.level[l].nblk_y, nblk[l]);
    EXPECT_EQ(s.level[l].tile_mode_index, l == 0 ? 14u : 13u);
  }
  EXPECT_EQ(s.total_size, 350208u);
}

TEST(AmdSurface, MipLevelsStay2DWhileTheyCoverAMacroTile) {
  // 512x512 RGBA8: level 1 (256x256) still covers a 256x128 macro tile and a tile row of
  // 256-byte tiles fills the 256-byte pipe interleave: 2D, on the 2D base alignment.
  const Surface s = layout("tonga", tex2d(Format::R8G8B8A8_UNORM, 512, 512, 3));
  EXPECT_EQ(s.level[1].mode, SurfaceMode::TILED_2D);
  EXPECT_EQ(s.level[1].tile_mode_index, 14u);
  EXPECT_EQ(s.level[1].offset, 512u * 512 * 4);
  EXPECT_EQ(s.level[2].mode, SurfaceMode::TILED_1D);  // 128 < 256
  EXPECT_EQ(s.level[2].offset, 512u * 512 * 4 + 256 * 256 * 4);
}

TEST(AmdSurface, MipmappedLevelsArePaddedToPowersOfTwo) {
  // pow2Pad (levels > 1) pads level 0 too (addrlib PostComputeMipLevel): 100 -> 128, 1D (smaller
  // than a 256-wide macro tile); level 1 starts from the base pitch: 128 >> 1 = 64.
  const Surface s = layout("tonga", tex2d(Format::R8G8B8A8_UNORM, 100, 100, 2));
  EXPECT_EQ(s.level[0].nblk_x, 128u);
  EXPECT_EQ(s.level[1].nblk_x, 64u);
  EXPECT_EQ(s.level[1].offset, 128u * 128 * 4);
}

TEST(AmdSurface, TahitiPicksTheTileIndexByElementSize) {
  Surface s = layout("tahiti", tex2d(Format::R8G8B8A8_UNORM, 256, 256));
  EXPECT_EQ(s.level[0].mode, SurfaceMode::TILED_2D);
  EXPECT_EQ(s.level[0].tile_mode_index, 16u);
  EXPECT_EQ(s.macro.width, 8u * 1 * 8 * 1);    // 64
  EXPECT_EQ(s.macro.height, 8u * 1 * 16 / 1);  // 128
  EXPECT_EQ(s.alignment, 8u * 1 * 16 * 1 * 256);
  // 8bpp: mode 14, macro tile 64 x 512 -> a 256x256 surface is shorter than one macro tile.
  s = layout("tahiti", tex2d(Format::R8_UNORM, 256, 256));
  EXPECT_EQ(s.level[0].mode, SurfaceMode::TILED_1D);
  EXPECT_EQ(s.level[0].tile_mode_index, 13u);
  s = layout("tahiti", tex2d(Format::R8_UNORM, 512, 512));
  EXPECT_EQ(s.level[0].mode, SurfaceMode::TILED_2D);
  EXPECT_EQ(s.level[0].tile_mode_index, 14u);
}

TEST(AmdSurface, BonaireHasFourPipes) {
  const Surface s = layout("bonaire", tex2d(Format::R8G8B8A8_UNORM, 256, 256));
  EXPECT_EQ(s.level[0].mode, SurfaceMode::TILED_2D);
  EXPECT_EQ(s.macro.num_pipes, 4u);
  EXPECT_EQ(s.macro.width, 8u * 1 * 4 * 2);    // 64
  EXPECT_EQ(s.macro.height, 8u * 1 * 16 / 2);  // 64
  EXPECT_EQ(s.alignment, 4u * 1 * 16 * 1 * 256);
}

TEST(AmdSurface, DepthStencilHasASeparateStencilPlane) {
  Surface s = layout("tonga", tex2d(Format::Z24_UNORM_S8_UINT, 256, 256));
  EXPECT_TRUE(s.has_stencil);
  EXPECT_EQ(s.bpe, 4u);
  EXPECT_EQ(s.level[0].mode, SurfaceMode::TILED_2D);
  EXPECT_EQ(s.level[0].tile_mode_index, 0u);
  EXPECT_EQ(s.macro.macro_tile_index, 0u);  // 64-byte tile split -> 64-byte tiles
  EXPECT_EQ(s.level[0].slice_size, 256u * 256 * 4);
  ASSERT_EQ(s.stencil_level.size(), 1u);
  EXPECT_EQ(s.stencil_offset, 256u * 256 * 4);
  EXPECT_EQ(s.stencil_level[0].tile_mode_index, 0u);
  EXPECT_EQ(s.stencil_level[0].slice_size, 256u * 256);
  EXPECT_EQ(s.total_size, 256u * 256 * 5);
  // Small: 1D depth index 5; 16 * 16 stencil bytes already fill a 256-byte interleave: pitch 16.
  s = layout("tonga", tex2d(Format::Z24_UNORM_S8_UINT, 16, 16));
  EXPECT_EQ(s.level[0].tile_mode_index, 5u);
  EXPECT_EQ(s.level[0].nblk_x, 16u);
  EXPECT_EQ(s.stencil_level[0].nblk_x, 16u);
  s = layout("tonga", tex2d(Format::Z32_FLOAT, 16, 16));
  EXPECT_FALSE(s.has_stencil);
  EXPECT_EQ(s.level[0].nblk_x, 16u);
  SurfaceTemplate ms = tex2d(Format::Z24_UNORM_S8_UINT, 256, 256);
  ms.samples = 4;
  s = layout("tahiti", ms);  // GFX6: MSAA depth on mode 1, compressed stencil always on mode 0
  EXPECT_EQ(s.level[0].tile_mode_index, 1u);
  EXPECT_EQ(s.stencil_level[0].tile_mode_index, 0u);
  s = layout("tahiti", tex2d(Format::Z16_UNORM, 16, 16));
  EXPECT_EQ(s.level[0].tile_mode_index, 4u);
  EXPECT_EQ(s.bpe, 2u);
}

TEST(AmdSurface, TcCompatibleDepthPicksTheIndexByTileSize) {
  SurfaceTemplate t = tex2d(Format::Z24_UNORM_S8_UINT, 256, 256);
  t.tc_compatible_htile = true;
  Surface s = layout("tonga", t);
  // 64 texels * 4 bytes = 256-byte tiles -> GB_TILE_MODE2 (256B split); the stencil shares it.
  EXPECT_EQ(s.level[0].tile_mode_index, 2u);
  EXPECT_EQ(s.stencil_level[0].tile_mode_index, 2u);
  EXPECT_EQ(s.macro.macro_tile_index, 2u);
  t.format = Format::Z16_UNORM;
  s = layout("tonga", t);
  EXPECT_EQ(s.level[0].tile_mode_index, 1u);  // 128-byte tiles
  s = layout("bonaire", t);
  EXPECT_EQ(s.level[0].tile_mode_index, 0u);  // GFX7 has no TC-compatible HTILE
}

TEST(AmdSurface, MultisampledColourUsesTheSampleSplit) {
  SurfaceTemplate t = tex2d(Format::R8G8B8A8_UNORM, 256, 256);
  t.samples = 4;
  const Surface s = layout("tonga", t);
  EXPECT_EQ(s.level[0].mode, SurfaceMode::TILED_2D);
  // Tile bytes = min(sample split 2 * 256, 4 * 256) = 512 -> macro mode 3.
  EXPECT_EQ(s.macro.macro_tile_index, 3u);
  EXPECT_EQ(s.level[0].slice_size, 256u * 256 * 4 * 4);
}

TEST(AmdSurface, ArraysAndCubesStackLayersInsideEachLevel) {
  SurfaceTemplate t = tex2d(Format::R8G8B8A8_UNORM, 16, 16);
  t.target = TextureTarget::TEXTURE_CUBE;
  t.array_size = 6;
  const Surface s = layout("tonga", t);
  EXPECT_EQ(s.level[0].nslices, 6u);
  EXPECT_EQ(s.total_size, 16u * 16 * 4 * 6);
  t.target = TextureTarget::TEXTURE_3D;
  t.array_size = 1;
  t.depth = 5;
  t.levels = 2;
  const Surface v = layout("tonga", t);
  // pow2Pad pads the slices of every level: 5 -> 8, max(1, 5 >> 1) = 2.
  EXPECT_EQ(v.level[0].nslices, 8u);
  EXPECT_EQ(v.level[1].nslices, 2u);
}

TEST(AmdSurface, ChooseTilingFollowsRadeonsi) {
  SurfaceTemplate t = tex2d(Format::R8G8B8A8_UNORM, 64, 2);
  EXPECT_EQ(choose_tiling(t), SurfaceMode::LINEAR_ALIGNED);  // long and thin
  t = tex2d(Format::R8G8B8A8_UNORM, 64, 16);
  EXPECT_EQ(choose_tiling(t), SurfaceMode::TILED_1D);  // small
  t = tex2d(Format::DXT1_RGB, 64, 2);
  EXPECT_EQ(choose_tiling(t), SurfaceMode::TILED_1D);  // compressed never linear
  t = tex2d(Format::R8G8B8A8_UNORM, 64, 64);
  t.linear = true;
  EXPECT_EQ(choose_tiling(t), SurfaceMode::LINEAR_ALIGNED);
  t.linear = false;
  t.samples = 2;
  EXPECT_EQ(choose_tiling(t), SurfaceMode::TILED_2D);
}

TEST(AmdSurface, CompressedFormatsCountBlocks) {
  const Surface s = layout("tonga", tex2d(Format::DXT1_RGB, 64, 64));
  EXPECT_EQ(s.bpe, 8u);
  EXPECT_EQ(s.level[0].nblk_y, 16u);  // 16 block rows
  EXPECT_EQ(s.level[0].pitch, s.level[0].nblk_x * 4);
}

TEST(AmdSurface, InvalidInputIsAnError) {
  const Chip& tonga = chip("tonga");
  EXPECT_FALSE(compute_surface(tonga, tex2d(Format::R8G8B8A8_UNORM, 16385, 4)).ok());
  EXPECT_FALSE(compute_surface(tonga, tex2d(Format::R8G8B8A8_UNORM, 0, 4)).ok());
  EXPECT_FALSE(compute_surface(tonga, tex2d(Format::NV12, 64, 64)).ok());
  EXPECT_FALSE(compute_surface(tonga, tex2d(Format::NONE, 64, 64)).ok());
  EXPECT_FALSE(compute_surface(tonga, tex2d(Format::R8G8B8A8_UNORM, 64, 64, 8)).ok());  // 64 has 7 levels
  EXPECT_EQ(find_chip("navi10"), nullptr);
}

}  // namespace
}  // namespace glvk::amd
