// Issue 18 item 2: GFX9 (Vega10/12/20, Raven) goldens. Each expected value is worked by hand from
// its source, named in the test:
//  - register positions: Mesa's src/amd/registers/gfx9.json register_types (SQ_IMG_RSRC_WORD3-5,
//    SQ_IMG_SAMP_WORD2/3, SQ_BUF_RSRC_WORD3, CB_COLOR0_ATTRIB/ATTRIB2/VIEW, DB_Z_INFO,
//    DB_STENCIL_INFO, DB_DEPTH_SIZE, DB_DEPTH_VIEW) and its register map for the offsets;
//  - chips: the GB_ADDR_CONFIG values of amdgpu's gfx_v9_0.c decoded with those fields;
//  - surfaces: addrlib Gfx9Lib's rules (block 256-byte micro block widened, width first, to 4KB
//    or 64KB; mip tail at half a block, MipTailOffset256B {.., 128, 64, 32, 16, 8, 6, 5, 4, ..};
//    block choice 64KB while its size <= 3/2 of 4KB's; D before S before Z; the _X sibling) as
//    ac_surface requests them, computed by hand below;
//  - descriptors/CB/DB: radeonsi's GFX9 branches (DEPTH = last layer, PITCH = epitch, MAX_MIP,
//    BC_SWIZZLE from the format swizzle; CB base/ATTRIB/ATTRIB2/VIEW.MIP_LEVEL; DB SW_MODE, EPITCH,
//    X_MAX/Y_MAX, MIPID), the words assembled by hand from the field positions.
#include <glvk/amd_descriptors/capability.h>
#include <glvk/amd_descriptors/descriptors.h>
#include <glvk/amd_descriptors/framebuffer.h>
#include <glvk/amd_descriptors/ib_printer.h>
#include <glvk/amd_descriptors/surface.h>
#include <glvk/amd_descriptors/surface_layout.h>

#include <gtest/gtest.h>

#include "test_templates.h"

namespace glvk::amd {
namespace {

using formats::Format;
using testing::tmpl;
using namespace regs;

const Chip& chip(const char* name) {
  const Chip* c = find_chip(name);
  EXPECT_NE(c, nullptr) << name;
  return *c;
}

// ---------------------------------------------------------------- register database

TEST(AmdGfx9Registers, FieldPositionsFromTheGfx9Reference) {
  // gfx9.json SQ_IMG_RSRC_WORD3: SW_MODE [20, 24]; WORD4: DEPTH [0, 12], PITCH [13, 28], BC_SWIZZLE
  // [29, 31]; WORD5: BASE_ARRAY [0, 12], ARRAY_PITCH [13, 16], META_DATA_ADDRESS [17, 24],
  // MAX_MIP [28, 31].
  EXPECT_EQ(SQ_IMG_RSRC_WORD3::SW_MODE.mask(), 0x01F00000u);
  EXPECT_EQ(SQ_IMG_RSRC_WORD4_GFX9::PITCH.mask(), 0x1FFFE000u);
  EXPECT_EQ(SQ_IMG_RSRC_WORD4_GFX9::BC_SWIZZLE.mask(), 0xE0000000u);
  EXPECT_EQ(SQ_IMG_RSRC_WORD4::PITCH.mask(), 0x07FFE000u);  // GFX6-8 keep [13, 26]
  EXPECT_EQ(SQ_IMG_RSRC_WORD5::ARRAY_PITCH.mask(), 0x0001E000u);
  EXPECT_EQ(SQ_IMG_RSRC_WORD5::META_DATA_ADDRESS.mask(), 0x01FE0000u);
  EXPECT_EQ(SQ_IMG_RSRC_WORD5::MAX_MIP.mask(), 0xF0000000u);
  // CB_COLOR0_ATTRIB on GFX9: MIP0_DEPTH [0, 10], COLOR_SW_MODE [18, 22], FMASK_SW_MODE [23, 27],
  // RESOURCE_TYPE [28, 29]; ATTRIB2: MIP0_HEIGHT [0, 13], MIP0_WIDTH [14, 27], MAX_MIP [28, 31].
  EXPECT_EQ(CB_COLORn_ATTRIB_GFX9::MIP0_DEPTH.mask(), 0x000007FFu);
  EXPECT_EQ(CB_COLORn_ATTRIB_GFX9::COLOR_SW_MODE.mask(), 0x007C0000u);
  EXPECT_EQ(CB_COLORn_ATTRIB_GFX9::FMASK_SW_MODE.mask(), 0x0F800000u);
  EXPECT_EQ(CB_COLORn_ATTRIB_GFX9::RESOURCE_TYPE.mask(), 0x30000000u);
  EXPECT_EQ(CB_COLORn_ATTRIB2::MIP0_WIDTH.mask(), 0x0FFFC000u);
  EXPECT_EQ(CB_COLORn_VIEW::MIP_LEVEL.mask(), 0x0F000000u);
  // DB_Z_INFO on GFX9: SW_MODE [4, 8], MAXMIP [16, 19]; DB_DEPTH_SIZE: X_MAX [0, 13], Y_MAX [16, 29].
  EXPECT_EQ(DB_Z_INFO_GFX9::SW_MODE.mask(), 0x000001F0u);
  EXPECT_EQ(DB_Z_INFO_GFX9::MAXMIP.mask(), 0x000F0000u);
  EXPECT_EQ(DB_STENCIL_INFO_GFX9::SW_MODE.mask(), 0x000001F0u);
  EXPECT_EQ(DB_DEPTH_SIZE_GFX9::Y_MAX.mask(), 0x3FFF0000u);
  EXPECT_EQ(DB_DEPTH_VIEW::MIPID.mask(), 0x3C000000u);
  // gfx9.json SQ_IMG_SAMP_WORD2 bit 29 is BLEND_ZERO_PRT, SQ_BUF_RSRC_WORD3 bit 27 NV.
  EXPECT_EQ(SQ_IMG_SAMP_WORD2::BLEND_ZERO_PRT.mask(), 1u << 29);
  EXPECT_EQ(SQ_BUF_RSRC_WORD3::NV.mask(), 1u << 27);
}

TEST(AmdGfx9Registers, OffsetsFromTheGfx9RegisterMap) {
  EXPECT_EQ(DB_Z_INFO_GFX9::kOffset, 0x28038u);
  EXPECT_EQ(DB_STENCIL_INFO_GFX9::kOffset, 0x2803Cu);
  EXPECT_EQ(DB_Z_READ_BASE_HI::kOffset, 0x28044u);
  EXPECT_EQ(DB_STENCIL_WRITE_BASE_HI::kOffset, 0x2805Cu);
  EXPECT_EQ(DB_DEPTH_SIZE_GFX9::kOffset, 0x2801Cu);
  EXPECT_EQ(DB_Z_INFO2::kOffset, 0x28068u);
  EXPECT_EQ(CB_COLORn_BASE_EXT::offset(0), 0x28C64u);
  EXPECT_EQ(CB_COLORn_ATTRIB2::offset(1), 0x28C68u + 0x3Cu);
  EXPECT_EQ(CB_COLORn_DCC_BASE_EXT::offset(0), 0x28C98u);
  EXPECT_EQ(CB_MRTn_EPITCH::offset(3), 0x287ACu);
  // The printer finds each level's register at a shared offset.
  const RegisterDesc* r9 = find_register(0x2803C, GfxLevel::GFX9);
  const RegisterDesc* r8 = find_register(0x2803C, GfxLevel::GFX8);
  ASSERT_NE(r9, nullptr);
  ASSERT_NE(r8, nullptr);
  EXPECT_STREQ(r9->name, "DB_STENCIL_INFO");
  EXPECT_STREQ(r8->name, "DB_DEPTH_INFO");
  EXPECT_EQ(find_register("DB_DEPTH_SLICE", GfxLevel::GFX9), nullptr);
  EXPECT_EQ(find_register("CB_COLOR0_ATTRIB3", GfxLevel::GFX9), nullptr);  // a GFX10 register
  EXPECT_EQ(find_register("GB_TILE_MODE0", GfxLevel::GFX9), nullptr);
}

// ---------------------------------------------------------------- chips

TEST(AmdGfx9Chips, FromTheKernelsAddressConfig) {
  // VEGA10 0x2a114042: NUM_PIPES 2 -> 4 pipes, NUM_SHADER_ENGINES 2 -> 4, NUM_RB_PER_SE 2 -> 4.
  // VEGA12 0x24104041: 2 pipes, 4 engines, 2 RBs per engine. RAVEN 0x24000042: 4 pipes, 1 engine.
  struct Want {
    const char* name;
    uint32_t config, pipes, engines;
    bool vram;
  };
  for (const Want& w : {Want{"vega10", 0x2a114042, 4, 4, true}, Want{"vega12", 0x24104041, 2, 4, true},
                        Want{"vega20", 0x2a114042, 4, 4, true}, Want{"raven", 0x24000042, 4, 1, false}}) {
    const Chip& c = chip(w.name);
    EXPECT_EQ(c.gfx_level, GfxLevel::GFX9) << w.name;
    EXPECT_EQ(c.gb_addr_config, w.config) << w.name;
    EXPECT_EQ(c.num_tile_pipes, w.pipes) << w.name;
    EXPECT_EQ(c.num_shader_engines, w.engines) << w.name;
    EXPECT_EQ(c.has_dedicated_vram, w.vram) << w.name;
    EXPECT_TRUE(c.tile_mode_array.empty()) << w.name;
    EXPECT_EQ(1u << GB_ADDR_CONFIG_GFX9::NUM_PIPES.decode(c.gb_addr_config), c.num_tile_pipes);
  }
  EXPECT_EQ(GB_ADDR_CONFIG_GFX9::NUM_RB_PER_SE.decode(chip("vega12").gb_addr_config), 1u);
}

// ---------------------------------------------------------------- surfaces

// 256x256 RGBA8, 9 levels, Vega10. 64KB block of 4-byte elements: the 8x8 micro block widened
// 4 + 4 times = 128x128; 4KB: 32x32. Both pad 256x256 exactly (4KB size <= 64KB's), so 64KB; colour
// 2D allows Z, S, D, R: D; XOR allowed: SW_64KB_D_X (26). Mip 0 is 2x2 blocks (X major): mip 1 goes
// below it at block (0,2); the chain grows by RoundHalf(2) = 1 block row: 256 x 384, epitch is the
// height: 383; a layer 256*384*4 = 393216 bytes. Tail: 64x128 (width halved); mip 2 (64x64) is the
// first level in it, at block (1,2) = block 5 -> 327680, + MipTailOffset256B[0 + 20 - 16] = 128 * 256;
// mip 3..8 at 64, 32, 16, 8, 6, 5 * 256 bytes.
TEST(AmdGfx9Surface, MipmappedRgba8On64KBDisplayXor) {
  auto s = compute_surface(chip("vega10"), tmpl(TextureTarget::TEXTURE_2D, Format::R8G8B8A8_UNORM, 256, 256, 1, 1, 9));
  ASSERT_TRUE(s.ok()) << s.error();
  const Gfx9Plane& p = s->gfx9.surf;
  EXPECT_EQ(p.swizzle_mode, SwizzleMode::SW_64KB_D_X);
  EXPECT_EQ(p.block_width, 128u);
  EXPECT_EQ(p.block_height, 128u);
  EXPECT_EQ(p.mip_chain_pitch, 256u);
  EXPECT_EQ(p.mip_chain_height, 384u);
  EXPECT_TRUE(p.epitch_is_height);
  EXPECT_EQ(p.epitch, 383u);
  EXPECT_EQ(p.slice_size, 393216u);
  EXPECT_EQ(p.first_mip_in_tail, 2u);
  EXPECT_EQ(s->total_size, 393216u);
  EXPECT_EQ(s->alignment, 65536u);
  const uint64_t offsets[] = {0, 262144, 327680 + 32768, 327680 + 16384, 327680 + 8192, 327680 + 4096,
                              327680 + 2048, 327680 + 1536, 327680 + 1280};
  ASSERT_EQ(s->level.size(), 9u);
  for (uint32_t l = 0; l < 9; ++l) EXPECT_EQ(s->level[l].offset, offsets[l]) << "level " << l;
  EXPECT_EQ(s->gfx9.fmask_swizzle_mode, SwizzleMode::SW_64KB_Z_X);  // 26 & ~3 = 24
}

// 100x60 Z24_S8, Vega10. Depth (4-byte, Z only): 64KB pads to 128x128 = 65536 bytes, 4KB (32x32)
// to 128x64 = 32768; 65536 * 2 > 32768 * 3, so 4KB: SW_4KB_Z_X (20), epitch 127. Stencil: the
// same mode on 1-byte elements, block 64x64: 128x64 = 8192 bytes at align(32768, 4096) = 32768.
TEST(AmdGfx9Surface, DepthStencilPicks4KBWhen64KBWastesMoreThanHalf) {
  auto s = compute_surface(chip("vega10"), tmpl(TextureTarget::TEXTURE_2D, Format::Z24_UNORM_S8_UINT, 100, 60));
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(s->gfx9.surf.swizzle_mode, SwizzleMode::SW_4KB_Z_X);
  EXPECT_EQ(s->gfx9.surf.epitch, 127u);
  EXPECT_EQ(s->gfx9.surf.size, 32768u);
  EXPECT_EQ(s->gfx9.stencil.swizzle_mode, SwizzleMode::SW_4KB_Z_X);
  EXPECT_EQ(s->gfx9.stencil.block_width, 64u);
  EXPECT_EQ(s->gfx9.stencil.epitch, 127u);
  EXPECT_EQ(s->stencil_offset, 32768u);
  EXPECT_EQ(s->total_size, 32768u + 8192u);
}

// Z32 256x256, 2 layers: 64KB and 4KB both pad exactly, 64KB kept. Vega10: SW_64KB_Z_X. Vega12
// (2 RBs per engine, 2 pipes, 4 engines: Gfx9Lib's htileCacheRbConflict) drops the _X modes for
// depth arrays: the highest 64KB Z mode left is SW_64KB_Z_T (16); a single layer keeps _X.
TEST(AmdGfx9Surface, Vega12DepthArraysAvoidXorModes) {
  const SurfaceTemplate array = tmpl(TextureTarget::TEXTURE_2D_ARRAY, Format::Z32_FLOAT, 256, 256, 1, 2);
  EXPECT_EQ(compute_surface(chip("vega10"), array)->gfx9.surf.swizzle_mode, SwizzleMode::SW_64KB_Z_X);
  EXPECT_EQ(compute_surface(chip("vega12"), array)->gfx9.surf.swizzle_mode, SwizzleMode::SW_64KB_Z_T);
  EXPECT_EQ(compute_surface(chip("vega12"), tmpl(TextureTarget::TEXTURE_2D, Format::Z32_FLOAT, 256, 256))
                ->gfx9.surf.swizzle_mode,
            SwizzleMode::SW_64KB_Z_X);
}

// 100x2 RGBA8 (radeonsi makes height <= 2 linear): pitch aligned to 256 bytes = 64 elements: 128,
// epitch 127, a layer 128 * 2 * 4 = 1024 bytes. With 2 levels the rows stack (2 + 1 = 3) and the
// epitch is the chain height - 1 = 2; level 1 starts 2 rows down (1024 bytes).
TEST(AmdGfx9Surface, LinearPitchAndStackedLevels) {
  auto one = compute_surface(chip("raven"), tmpl(TextureTarget::TEXTURE_2D, Format::R8G8B8A8_UNORM, 100, 2));
  ASSERT_TRUE(one.ok()) << one.error();
  EXPECT_EQ(one->gfx9.surf.swizzle_mode, SwizzleMode::SW_LINEAR);
  EXPECT_EQ(one->gfx9.surf.epitch, 127u);
  EXPECT_EQ(one->gfx9.surf.slice_size, 1024u);
  EXPECT_EQ(one->alignment, 256u);
  auto two = compute_surface(chip("raven"), tmpl(TextureTarget::TEXTURE_2D, Format::R8G8B8A8_UNORM, 100, 2, 1, 1, 2));
  ASSERT_TRUE(two.ok()) << two.error();
  EXPECT_EQ(two->gfx9.surf.epitch, 2u);
  EXPECT_EQ(two->level[1].offset, 1024u);
  EXPECT_EQ(two->gfx9.surf.slice_size, 128u * 3 * 4);
}

// 64x64 RGBA8, 4 samples: colour MSAA has no Z modes. 4KB block 32x32 shrunk for 4 fragments
// (q = 1: both halved) to 16x16, 64KB 128x128 to 64x64; both 64 * 64 * 4 * 4 = 65536 bytes, so
// 64KB: SW_64KB_D_X, epitch 63.
TEST(AmdGfx9Surface, MultisampledColourBlocksShrinkPerFragment) {
  auto s = compute_surface(chip("vega20"), tmpl(TextureTarget::TEXTURE_2D, Format::R8G8B8A8_UNORM, 64, 64, 1, 1, 1, 4));
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(s->gfx9.surf.swizzle_mode, SwizzleMode::SW_64KB_D_X);
  EXPECT_EQ(s->gfx9.surf.block_width, 64u);
  EXPECT_EQ(s->gfx9.surf.block_height, 64u);
  EXPECT_EQ(s->gfx9.surf.epitch, 63u);
  EXPECT_EQ(s->gfx9.surf.slice_size, 65536u);
}

TEST(AmdGfx9Surface, TexelAddressesAreNotModelled) {
  formats::MiptreeDesc md;
  md.width = md.height = 16;
  md.bytes_per_block = 4;
  EXPECT_FALSE(make_amd_legacy_layout(md, AmdLayoutParams{&chip("vega10"), Format::R8G8B8A8_UNORM}).ok());
}

// ---------------------------------------------------------------- descriptors

// The 256x256x9 RGBA8 texture above at 0x100000: WORD0 0x1000; WORD1 DATA_FORMAT 8_8_8_8 (10) << 20;
// WORD2 255 | 255 << 14 | PERF_MOD 4 << 28 = 0x403FC0FF; WORD3 DST_SEL XYZW (4 | 5 << 3 | 6 << 6 |
// 7 << 9 = 0xFAC) | LAST_LEVEL 8 << 16 | SW_MODE 26 << 20 | TYPE 2D (9) << 28 = 0x91A80FAC;
// WORD4 DEPTH 0 (last layer) | PITCH 383 << 13 = 0x002FE000 | BC_SWIZZLE XYZW 0; WORD5 MAX_MIP 8 << 28.
TEST(AmdGfx9Descriptors, MipmappedTextureWords) {
  const Chip& c = chip("vega10");
  auto tex = create_texture(c, tmpl(TextureTarget::TEXTURE_2D, Format::R8G8B8A8_UNORM, 256, 256, 1, 1, 9), 0x100000);
  ASSERT_TRUE(tex.ok()) << tex.error();
  auto w = make_texture_descriptor(c, *tex, default_sampler_view(*tex));
  ASSERT_TRUE(w.ok()) << w.error();
  const ImageDescriptor want = {0x00001000, 0x00A00000, 0x403FC0FF, 0x91A80FAC, 0x002FE000, 0x80000000, 0, 0};
  EXPECT_EQ(*w, want);
}

// ETC2/EAC: si_translate_texformat decodes them only where radeon_info::has_etc_support (Stoney,
// Vega10, Raven). sid.h / gfx9.json: IMG_DATA_FORMAT_ETC2_RGB 0x18, ETC2_R 0x1a, ETC2_RG 0x1b,
// ETC2_RGBA1 0x1c; IMG_NUM_FORMAT UNORM 0, SNORM 1, SRGB 9 (SQ_IMG_RSRC_WORD1 DATA_FORMAT 25:20,
// NUM_FORMAT 29:26). ETC1 is read as ETC2_RGB.
TEST(AmdGfx9Descriptors, Etc2OnlyWhereTheTextureUnitsDecodeIt) {
  const struct {
    Format format;
    uint32_t data_format, num_format;
  } cases[] = {{Format::ETC1_RGB8, 0x18, 0},      {Format::ETC2_SRGB8A1, 0x1c, 9},
               {Format::ETC2_R11_UNORM, 0x1a, 0}, {Format::ETC2_RG11_SNORM, 0x1b, 1}};
  for (const char* name : {"vega10", "raven"}) {
    for (const auto& k : cases) {
      auto tex = create_texture(chip(name), tmpl(TextureTarget::TEXTURE_2D, k.format, 64, 64), 0x100000);
      ASSERT_TRUE(tex.ok()) << tex.error();
      auto w = make_texture_descriptor(chip(name), *tex, default_sampler_view(*tex));
      ASSERT_TRUE(w.ok()) << name << " " << w.error();
      EXPECT_EQ(((*w)[1] >> 20) & 0x3f, k.data_format) << name;
      EXPECT_EQ(((*w)[1] >> 26) & 0xf, k.num_format) << name;
    }
  }
  for (const char* name : {"vega12", "vega20", "tonga", "tahiti"})
    EXPECT_FALSE(is_format_supported(chip(name), Format::ETC2_RGB8, TextureTarget::TEXTURE_2D, 1, USAGE_SAMPLER_VIEW))
        << name;
}

// BGRA8 (swizzle ZYXW: X is channel 2) borders ZYXW (4); a 1D texture is a 2D resource on GFX9,
// sampled with TYPE 2D; a 2D array view of layers 1..2 has DEPTH = last layer 2 and BASE_ARRAY 1.
TEST(AmdGfx9Descriptors, BorderSwizzleOneDimensionalAndLayers) {
  const Chip& c = chip("raven");
  auto bgra = create_texture(c, tmpl(TextureTarget::TEXTURE_2D, Format::B8G8R8A8_UNORM, 64, 64), 0x100000);
  ASSERT_TRUE(bgra.ok()) << bgra.error();
  auto w = make_texture_descriptor(c, *bgra, default_sampler_view(*bgra));
  ASSERT_TRUE(w.ok());
  EXPECT_EQ(SQ_IMG_RSRC_WORD4_GFX9::BC_SWIZZLE.decode((*w)[4]), BcSwizzle::BC_SWIZZLE_ZYXW);
  auto one_d = create_texture(c, tmpl(TextureTarget::TEXTURE_1D, Format::R8G8B8A8_UNORM, 64, 1), 0x100000);
  ASSERT_TRUE(one_d.ok());
  EXPECT_EQ(SQ_IMG_RSRC_WORD3::TYPE.decode((*make_texture_descriptor(c, *one_d, default_sampler_view(*one_d)))[3]),
            ImgRsrcType::SQ_RSRC_IMG_2D);
  auto array = create_texture(c, tmpl(TextureTarget::TEXTURE_2D_ARRAY, Format::R8G8B8A8_UNORM, 64, 64, 1, 4), 0x100000);
  ASSERT_TRUE(array.ok());
  SamplerView v = default_sampler_view(*array);
  v.first_layer = 1;
  v.last_layer = 2;
  auto aw = make_texture_descriptor(c, *array, v);
  ASSERT_TRUE(aw.ok());
  EXPECT_EQ(SQ_IMG_RSRC_WORD4_GFX9::DEPTH.decode((*aw)[4]), 2u);
  EXPECT_EQ(SQ_IMG_RSRC_WORD5::BASE_ARRAY.decode((*aw)[5]), 1u);
}

// Buffers: NUM_RECORDS counts elements again on GFX9 (64 bytes of RGBA32F = 4), bytes on GFX8.
TEST(AmdGfx9Descriptors, BufferRecordsAreElements) {
  BufferView v{0x100000, 64, 0, 64, Format::R32G32B32A32_FLOAT};
  EXPECT_EQ((*make_buffer_descriptor(chip("vega10"), v))[2], 4u);
  EXPECT_EQ((*make_buffer_descriptor(chip("tonga"), v))[2], 64u);
}

// Samplers: GFX9 keeps COMPAT_MODE and ANISO_OVERRIDE (GFX8+) but not DISABLE_LSB_CEIL (GFX6-8):
// the Vega10 words are Tonga's with word 2 bit 29 cleared.
TEST(AmdGfx9Descriptors, SamplerDropsDisableLsbCeil) {
  SamplerState s;
  s.min_filter = s.mag_filter = Filter::LINEAR;
  auto tonga = make_sampler_descriptor(chip("tonga"), s);
  auto vega = make_sampler_descriptor(chip("vega10"), s);
  ASSERT_TRUE(tonga.ok() && vega.ok());
  EXPECT_EQ((*vega)[0], (*tonga)[0]);
  EXPECT_EQ((*vega)[1], (*tonga)[1]);
  EXPECT_EQ((*vega)[2], (*tonga)[2] & ~(1u << 29));
  EXPECT_NE((*tonga)[2] & (1u << 29), 0u);
  EXPECT_EQ((*vega)[3], (*tonga)[3]);
}

// ---------------------------------------------------------------- CB / DB

// Level 1 of the 256x256x9 RGBA8 texture at 0x100000: BASE 0x1000 (the surface, not the level),
// ATTRIB2 255 | 255 << 14 | MAX_MIP 8 << 28 = 0x803FC0FF, VIEW MIP_LEVEL 1 << 24, ATTRIB
// RESOURCE_TYPE 2D (1) << 28 | COLOR_SW_MODE 26 << 18 | FMASK_SW_MODE 24 << 23 | RB/PIPE_ALIGNED
// 1 << 30 | 1 << 31 = 0xDC680000, CB_MRT0_EPITCH 383; CMASK and FMASK take the base (no metadata).
TEST(AmdGfx9Framebuffer, ColourBufferOfALevel) {
  const Chip& c = chip("vega10");
  auto tex = create_texture(c, tmpl(TextureTarget::TEXTURE_2D, Format::R8G8B8A8_UNORM, 256, 256, 1, 1, 9), 0x100000);
  ASSERT_TRUE(tex.ok());
  auto cs = color_surface_from_texture(c, *tex, 1, 0, 0);
  ASSERT_TRUE(cs.ok()) << cs.error();
  auto r = encode_color_buffer(c, *cs);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->base, 0x1000u);
  EXPECT_EQ(r->base_ext, 0u);
  EXPECT_EQ(r->attrib2, 0x803FC0FFu);
  EXPECT_EQ(r->view, 0x01000000u);
  EXPECT_EQ(r->attrib, 0xDC680000u);
  EXPECT_EQ(r->mrt_epitch, 383u);
  EXPECT_EQ(r->cmask, 0x1000u);
  EXPECT_EQ(r->fmask, 0x1000u);
  // Emitted as 15 registers from CB_COLOR0_BASE, then CB_MRT0_EPITCH.
  pm4::ShadowStream stream(c);
  ASSERT_TRUE(emit_color_buffer(stream, 0, *r).ok());
  const auto& d = stream.dwords();
  ASSERT_GE(d.size(), 17u + 3u);
  EXPECT_EQ(d[1], (CB_COLORn_BASE::kOffset - 0x28000u) / 4);
  EXPECT_EQ(d[2], 0x1000u);
  EXPECT_EQ(d[4], 0x803FC0FFu);
  EXPECT_EQ(d[18], (CB_MRTn_EPITCH::kOffset - 0x28000u) / 4);
  EXPECT_EQ(d[19], 383u);
}

// The 100x60 Z24_S8 texture at 0x100000: DB_Z_INFO FORMAT Z_24 (2) | SW_MODE 20 << 4 = 0x142,
// DB_STENCIL_INFO STENCIL_8 (1) | 20 << 4 = 0x141, both EPITCH 127, DB_DEPTH_SIZE 99 | 59 << 16,
// stencil base (0x100000 + 32768) >> 8 = 0x1080.
TEST(AmdGfx9Framebuffer, DepthStencilBuffer) {
  const Chip& c = chip("vega10");
  auto tex = create_texture(c, tmpl(TextureTarget::TEXTURE_2D, Format::Z24_UNORM_S8_UINT, 100, 60), 0x100000);
  ASSERT_TRUE(tex.ok()) << tex.error();
  auto ds = depth_surface_from_texture(c, *tex, 0, 0, 0);
  ASSERT_TRUE(ds.ok());
  auto r = encode_depth_buffer(c, *ds);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->z_info, 0x142u);
  EXPECT_EQ(r->stencil_info, 0x141u);
  EXPECT_EQ(r->z_info2, 127u);
  EXPECT_EQ(r->stencil_info2, 127u);
  EXPECT_EQ(r->depth_size, 0x003B0063u);
  EXPECT_EQ(r->z_read_base, 0x1000u);
  EXPECT_EQ(r->stencil_write_base, 0x1080u);
  EXPECT_EQ(r->depth_view, 0u);
  // A depth-only format leaves the stencil plane's fields 0 (STENCIL_INVALID, no swizzle mode).
  auto z16 = create_texture(c, tmpl(TextureTarget::TEXTURE_2D, Format::Z16_UNORM, 64, 64), 0x100000);
  auto zr = encode_depth_buffer(c, *depth_surface_from_texture(c, *z16, 0, 0, 0));
  ASSERT_TRUE(zr.ok());
  EXPECT_EQ(zr->stencil_info, 0u);
  EXPECT_EQ(zr->stencil_info2, 0u);

  // Emitted as radeonsi's GFX9 runs (DB_HTILE_DATA_BASE 3, DB_Z_INFO 10, DB_Z_INFO2 2, ...), and the
  // printer names the GFX9 registers at the offsets they share with GFX6-8 ones.
  pm4::ShadowStream stream(c);
  ASSERT_TRUE(emit_depth_buffer(stream, *r).ok());
  const auto& d = stream.dwords();
  ASSERT_GE(d.size(), 4u + 11u + 3u);
  EXPECT_EQ(d[1], (DB_HTILE_DATA_BASE::kOffset - 0x28000u) / 4);
  EXPECT_EQ(d[4], 0x003B0063u);                                     // DB_DEPTH_SIZE, third of the run
  EXPECT_EQ(d[6], (DB_Z_INFO_GFX9::kOffset - 0x28000u) / 4);  // 0xE
  EXPECT_EQ(d[7], 0x142u);
  auto printed = print_ib(d, GfxLevel::GFX9);
  ASSERT_TRUE(printed.ok()) << printed.error();
  EXPECT_NE(printed->find("DB_STENCIL_INFO <- FORMAT = STENCIL_8"), std::string::npos) << *printed;
  EXPECT_NE(printed->find("SW_MODE = SW_4KB_Z_X"), std::string::npos);
  EXPECT_NE(printed->find("DB_Z_INFO2 <- EPITCH = 127"), std::string::npos);
  EXPECT_EQ(printed->find("DB_DEPTH_INFO"), std::string::npos);  // a GFX6-8 register
}

}  // namespace
}  // namespace glvk::amd
