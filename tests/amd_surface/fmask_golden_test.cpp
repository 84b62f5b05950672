// Issue 18: FMASK (and the CMASK of MSAA surfaces), pinned to what ac_surface/addrlib compute. Every
// expected value is worked by hand below from facts of addrlib's FMASK path (EgBasedLib/SiLib/CiLib
// ComputeFmaskInfo, Gfx9Lib through Addr2ComputeFmaskInfo) and radeonsi's use of it (ac_surface's
// buffer layout, si_initialize_color_surface / si_emit_framebuffer_state, si_make_texture_descriptor's
// fmask_state), never printed by the code under test. Facts used:
//  - FMASK pixel: log2(fragments) bits per sample (3 -> 4), at least 8 bits: 2x/4x 1 byte, 8x 4 bytes;
//  - GFX6: tile entry of the FMASK pixel size (8 bits -> 14, 32 bits -> 16) with its bank fields;
//    GFX7-8: entry 14, macro mode log2(max(64, min(split, 64 * pixel bytes)) / 64) with split =
//    min(2048, max(256, SAMPLE_SPLIT * 64 * pixel bytes));
//  - tile = min(split, 64 * pixel bytes); bank height >= 256 / (tile * bank width); MSAA keeps the
//    aspect; pitch = colour pitch padded to 8 * bw * pipes * aspect, height = the unpadded height
//    padded to 8 * bh * banks / aspect; base = pipes * bw * banks * bh * tile;
//  - buffer: FMASK after the colour surface on its alignment, CMASK after the FMASK.
// Register bits restated: CB_COLORn_PITCH FMASK_TILE_MAX 30:20 (GFX7+); CB_COLORn_INFO FAST_CLEAR 13,
//   COMPRESSION 14; CB_COLORn_ATTRIB FMASK_TILE_MODE_INDEX 9:5, FMASK_BANK_HEIGHT 11:10;
//   GFX9 CB_COLORn_ATTRIB FMASK_SW_MODE 27:23; SQ_IMG_RSRC_WORD1 DATA_FORMAT 25:20, NUM_FORMAT 29:26;
//   WORD3 DST_SEL 2:0/5:3/8:6/11:9, TILING_INDEX / SW_MODE 24:20, TYPE 31:28; WORD4 DEPTH 12:0,
//   PITCH 26:13 (GFX9 28:13); WORD5 BASE_ARRAY 12:0, LAST_ARRAY 25:13, META_PIPE/RB_ALIGNED 26/27.
#include <glvk/amd_descriptors/descriptors.h>
#include <glvk/amd_descriptors/framebuffer.h>
#include <glvk/amd_descriptors/surface.h>

#include <gtest/gtest.h>

#include <random>

#include "test_templates.h"

namespace glvk::amd {
namespace {

using formats::Format;
using testing::tmpl;

constexpr uint64_t kVa = 0x100000000ull;

const Chip& chip(const char* name) { return *find_chip(name); }

Surface msaa(const char* chip_name, Format format, uint32_t size, uint32_t samples, uint32_t layers = 1) {
  const TextureTarget target = layers > 1 ? TextureTarget::TEXTURE_2D_ARRAY : TextureTarget::TEXTURE_2D;
  auto s = compute_surface(chip(chip_name), tmpl(target, format, size, size, 1, layers, 1, samples));
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error());
  return s.ok() ? *s : Surface{};
}

Texture texture(const char* chip_name, Format format, uint32_t size, uint32_t samples) {
  auto t = create_texture(chip(chip_name), tmpl(TextureTarget::TEXTURE_2D, format, size, size, 1, 1, 1, samples), kVa);
  EXPECT_TRUE(t.ok()) << (t.ok() ? "" : t.error());
  return t.ok() ? *t : Texture{};
}

uint32_t bits(uint32_t word, unsigned hi, unsigned lo) { return (word >> lo) & ((1u << (hi - lo + 1)) - 1); }

// Tahiti 64x64 RGBA8 4x. Colour: entry 16 (32 bpp; bank 1x1, aspect 1, 16 banks, split 512, P8):
// tile min(512, 64*4*4) = 512, macro 64 x 128 -> 64x128, 131072 bytes. FMASK: 1 byte, entry 14
// (bank 1x4, aspect 1, 16 banks, split 256): tile min(256, 64) = 64, bank height 4; macro 64 x 512:
// 64 x 512 = 32768 bytes, base 8*1*16*4*64 = 32768, at 131072; SLICE_TILE_MAX 511. CMASK (8 pipes:
// 512x256 pixels per cache line set): 1024 bytes padded to 2048, at 163840; the buffer 165888.
TEST(FmaskGolden, TahitiFourSamples) {
  const Surface s = msaa("tahiti", Format::R8G8B8A8_UNORM, 64, 4);
  EXPECT_EQ(s.level[0].nblk_x, 64u);
  EXPECT_EQ(s.level[0].nblk_y, 128u);
  EXPECT_EQ(s.total_size, 131072u);
  EXPECT_EQ(s.fmask.bpe, 1u);
  EXPECT_EQ(s.fmask.tile_mode_index, 14u);
  EXPECT_EQ(s.fmask.bank_height, 4u);
  EXPECT_EQ(s.fmask.pitch, 64u);
  EXPECT_EQ(s.fmask.height, 512u);
  EXPECT_EQ(s.fmask.size, 32768u);
  EXPECT_EQ(s.fmask.alignment, 32768u);
  EXPECT_EQ(s.fmask.offset, 131072u);
  EXPECT_EQ(s.fmask.slice_tile_max, 511u);
  EXPECT_EQ(s.cmask.size, 2048u);
  EXPECT_EQ(s.cmask.offset, 163840u);
  EXPECT_EQ(s.allocation_size, 165888u);
  EXPECT_EQ(s.allocation_alignment, 65536u);  // the colour surface's 8*16*1*512
}

// Tahiti 64x64 RGBA8 8x: colour 64x128 (tile min(512, 2048) = 512), 262144 bytes. FMASK: 4 bytes,
// entry 16 (bank 1x1, split 512): tile min(512, 256) = 256, bank height stays 1 (256 / 256); macro
// 64 x 128: 64 x 128 x 4 = 32768 bytes, base 8*16*1*256 = 32768; SLICE_TILE_MAX 127.
TEST(FmaskGolden, TahitiEightSamples) {
  const Surface s = msaa("tahiti", Format::R8G8B8A8_UNORM, 64, 8);
  EXPECT_EQ(s.total_size, 262144u);
  EXPECT_EQ(s.fmask.bpe, 4u);
  EXPECT_EQ(s.fmask.tile_mode_index, 16u);
  EXPECT_EQ(s.fmask.bank_height, 1u);
  EXPECT_EQ(s.fmask.pitch, 64u);
  EXPECT_EQ(s.fmask.height, 128u);
  EXPECT_EQ(s.fmask.size, 32768u);
  EXPECT_EQ(s.fmask.alignment, 32768u);
  EXPECT_EQ(s.fmask.offset, 262144u);
  EXPECT_EQ(s.fmask.slice_tile_max, 127u);
}

// Bonaire (P4, entry 14 SAMPLE_SPLIT 2) 64x64 RGBA8 4x. Colour: split min(2048, 2*256) = 512, tile
// 512 -> macro mode 3 (bank 1x1, aspect 2, 16 banks): macro 8*1*4*2 = 64 x 8*1*16/2 = 64 -> 64x64,
// 65536 bytes. FMASK: 64-byte tiles: split max(256, 2*64) = 256, macro mode 0 (bank 1x4, aspect 4):
// bank height 4; macro 8*1*4*4 = 128 x 8*4*16/4 = 128: 128x128 = 16384 bytes, base 4*16*4*64 =
// 16384, at 65536; PITCH_TILE_MAX 15, SLICE_TILE_MAX 255. CMASK (4 pipes: 256x256 pixels): 512
// bytes padded to 1024, at 81920.
TEST(FmaskGolden, BonaireFourSamples) {
  const Surface s = msaa("bonaire", Format::R8G8B8A8_UNORM, 64, 4);
  EXPECT_EQ(s.level[0].nblk_x, 64u);
  EXPECT_EQ(s.level[0].nblk_y, 64u);
  EXPECT_EQ(s.fmask.tile_mode_index, 14u);
  EXPECT_EQ(s.fmask.macro.macro_tile_index, 0u);
  EXPECT_EQ(s.fmask.bank_height, 4u);
  EXPECT_EQ(s.fmask.pitch, 128u);
  EXPECT_EQ(s.fmask.height, 128u);
  EXPECT_EQ(s.fmask.size, 16384u);
  EXPECT_EQ(s.fmask.alignment, 16384u);
  EXPECT_EQ(s.fmask.offset, 65536u);
  EXPECT_EQ(s.fmask.slice_tile_max, 255u);
  EXPECT_EQ(s.cmask.size, 1024u);
  EXPECT_EQ(s.cmask.offset, 81920u);
  EXPECT_EQ(s.allocation_size, 82944u);
}

// Bonaire 64x64 RGBA8 8x: FMASK 4 bytes: split max(256, 2*256) = 512, tile bytes min(512, 256) =
// 256 -> macro mode 2 (bank 1x1, aspect 2); tile 256, bank height 1; macro 64 x 64: 64x64x4 =
// 16384 bytes, base 4*16*1*256 = 16384.
TEST(FmaskGolden, BonaireEightSamples) {
  const Surface s = msaa("bonaire", Format::R8G8B8A8_UNORM, 64, 8);
  EXPECT_EQ(s.fmask.macro.macro_tile_index, 2u);
  EXPECT_EQ(s.fmask.bank_height, 1u);
  EXPECT_EQ(s.fmask.pitch, 64u);
  EXPECT_EQ(s.fmask.height, 64u);
  EXPECT_EQ(s.fmask.size, 16384u);
  EXPECT_EQ(s.fmask.alignment, 16384u);
}

// Tonga (P8, macro modes 0-3 all bank 1x4, aspect 4, 16 banks) 256x256 R32F 2x. Colour: tile
// min(512, 64*4*2) = 512 -> macro 256 x 128 -> 256x256, 524288 bytes. FMASK 2x: 1 byte, macro mode
// 0, bank height 4: macro 256 x 128 -> 256x256 = 65536 bytes, base 8*16*4*64 = 32768, at 524288;
// PITCH_TILE_MAX 31, SLICE_TILE_MAX 1023. CMASK 256x256 -> 512x256: 2048 bytes, at 589824.
TEST(FmaskGolden, TongaTwoSamples) {
  const Surface s = msaa("tonga", Format::R32_FLOAT, 256, 2);
  EXPECT_EQ(s.total_size, 524288u);
  EXPECT_EQ(s.fmask.bpe, 1u);
  EXPECT_EQ(s.fmask.pitch, 256u);
  EXPECT_EQ(s.fmask.height, 256u);
  EXPECT_EQ(s.fmask.size, 65536u);
  EXPECT_EQ(s.fmask.alignment, 32768u);
  EXPECT_EQ(s.fmask.offset, 524288u);
  EXPECT_EQ(s.fmask.slice_tile_max, 1023u);
  EXPECT_EQ(s.cmask.size, 2048u);
  EXPECT_EQ(s.cmask.offset, 589824u);
  EXPECT_EQ(s.allocation_size, 591872u);
}

// Polaris10 256x256 RGBA8 8x: colour 256x256 (tile 512), 2097152 bytes. FMASK 4 bytes: split
// max(256, 2*256) = 512, tile bytes 256 -> macro mode 2 (bank 1x4, aspect 4); tile 256, bank height
// stays 4: macro 256 x 128 -> 256x256x4 = 262144 bytes, base 8*16*4*256 = 131072.
TEST(FmaskGolden, Polaris10EightSamples) {
  const Surface s = msaa("polaris10", Format::R8G8B8A8_UNORM, 256, 8);
  EXPECT_EQ(s.total_size, 2097152u);
  EXPECT_EQ(s.fmask.macro.macro_tile_index, 2u);
  EXPECT_EQ(s.fmask.bank_height, 4u);
  EXPECT_EQ(s.fmask.pitch, 256u);
  EXPECT_EQ(s.fmask.height, 256u);
  EXPECT_EQ(s.fmask.size, 262144u);
  EXPECT_EQ(s.fmask.alignment, 131072u);
  EXPECT_EQ(s.fmask.offset, 2097152u);
}

// Arrays have an FMASK slice per layer; single-sampled, depth and >8-sample surfaces have none, and
// a 16-sample colour surface then has no CMASK either (ac_compute_cmask wants the FMASK).
TEST(FmaskGolden, LayersAndSurfacesWithoutFmask) {
  const Surface a = msaa("tonga", Format::R32_FLOAT, 256, 2, 3);
  EXPECT_EQ(a.fmask.slice_size, 65536u);
  EXPECT_EQ(a.fmask.size, 3u * 65536);
  EXPECT_EQ(msaa("tonga", Format::R8G8B8A8_UNORM, 64, 1).fmask.size, 0u);
  EXPECT_EQ(msaa("tonga", Format::Z32_FLOAT, 64, 4).fmask.size, 0u);
  const Surface x16 = msaa("tonga", Format::R8G8B8A8_UNORM, 64, 16);
  EXPECT_EQ(x16.fmask.size, 0u);
  EXPECT_EQ(x16.cmask.size, 0u);
  EXPECT_EQ(x16.allocation_size, x16.total_size);
  // Single-sampled CMASK is a separate buffer: not placed in the texture's.
  const Surface ss = msaa("tonga", Format::R8G8B8A8_UNORM, 256, 1);
  EXPECT_GT(ss.cmask.size, 0u);
  EXPECT_EQ(ss.cmask.offset, 0u);
  EXPECT_EQ(ss.allocation_size, ss.total_size);
}

// The CB registers of the tahiti 4x target above at 0x100000000: FMASK base (va + 131072) >> 8 =
// 0x01000200, CMASK base (va + 163840) >> 8 = 0x01000280 with FAST_CLEAR (radeonsi allocates MSAA
// CMASK with the texture), COMPRESSION, FMASK_TILE_MODE_INDEX 14, FMASK_BANK_HEIGHT log2(4) = 2 (GFX6
// only), FMASK_SLICE 511; no FMASK_TILE_MAX on GFX6.
TEST(FmaskGolden, Gfx6ColourBufferRegisters) {
  const Texture tex = texture("tahiti", Format::R8G8B8A8_UNORM, 64, 4);
  auto cs = color_surface_from_texture(chip("tahiti"), tex, 0, 0, 0);
  ASSERT_TRUE(cs.ok()) << cs.error();
  auto r = encode_color_buffer(chip("tahiti"), *cs);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->fmask, 0x01000200u);
  EXPECT_EQ(r->cmask, 0x01000280u);
  EXPECT_EQ(r->fmask_slice, 511u);
  EXPECT_EQ(bits(r->info, 13, 13), 1u);
  EXPECT_EQ(bits(r->info, 14, 14), 1u);
  EXPECT_EQ(bits(r->attrib, 9, 5), 14u);
  EXPECT_EQ(bits(r->attrib, 11, 10), 2u);
  EXPECT_EQ(bits(r->pitch, 30, 20), 0u);
  EXPECT_EQ(r->cmask_slice, 7u);
}

// Bonaire 4x: FMASK_TILE_MAX = 128 / 8 - 1 = 15 beside TILE_MAX 64 / 8 - 1 = 7; no bank height on
// GFX7; FMASK at (va + 65536) >> 8 = 0x01000100, FMASK_SLICE 255, CMASK at (va + 81920) >> 8.
TEST(FmaskGolden, Gfx7ColourBufferRegisters) {
  const Texture tex = texture("bonaire", Format::R8G8B8A8_UNORM, 64, 4);
  auto cs = color_surface_from_texture(chip("bonaire"), tex, 0, 0, 0);
  ASSERT_TRUE(cs.ok()) << cs.error();
  auto r = encode_color_buffer(chip("bonaire"), *cs);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->pitch, (15u << 20) | 7u);
  EXPECT_EQ(r->fmask, 0x01000100u);
  EXPECT_EQ(r->cmask, 0x01000140u);
  EXPECT_EQ(r->fmask_slice, 255u);
  EXPECT_EQ(bits(r->attrib, 9, 5), 14u);
  EXPECT_EQ(bits(r->attrib, 11, 10), 0u);
}

// si_make_texture_descriptor's fmask_state for the tahiti 4x texture: base 0x01000200, DATA_FORMAT
// FMASK8_S4_F4 (49), NUM_FORMAT UINT (4), 63x63, X in every channel, TILING_INDEX 14, TYPE 2D (9,
// not 2D_MSAA), DEPTH 0, PITCH 63, LAST_ARRAY 0. 8x: FMASK32_S8_F8 (54), TILING_INDEX 16.
TEST(FmaskGolden, Gfx6FmaskDescriptor) {
  const Texture tex = texture("tahiti", Format::R8G8B8A8_UNORM, 64, 4);
  auto w = make_fmask_descriptor(chip("tahiti"), tex, default_sampler_view(tex));
  ASSERT_TRUE(w.ok()) << w.error();
  EXPECT_EQ((*w)[0], 0x01000200u);
  EXPECT_EQ((*w)[1], (49u << 20) | (4u << 26));
  EXPECT_EQ((*w)[2], 63u | (63u << 14));
  EXPECT_EQ((*w)[3], 4u | (4u << 3) | (4u << 6) | (4u << 9) | (14u << 20) | (9u << 28));
  EXPECT_EQ((*w)[4], 63u << 13);
  EXPECT_EQ((*w)[5], 0u);
  EXPECT_EQ((*w)[6], 0u);
  EXPECT_EQ((*w)[7], 0u);
  const Texture x8 = texture("tahiti", Format::R8G8B8A8_UNORM, 64, 8);
  w = make_fmask_descriptor(chip("tahiti"), x8, default_sampler_view(x8));
  ASSERT_TRUE(w.ok());
  EXPECT_EQ(bits((*w)[1], 25, 20), 54u);
  EXPECT_EQ(bits((*w)[3], 24, 20), 16u);
  // A single-sampled texture has no FMASK to describe.
  const Texture ss = texture("tahiti", Format::R8G8B8A8_UNORM, 64, 1);
  EXPECT_FALSE(make_fmask_descriptor(chip("tahiti"), ss, default_sampler_view(ss)).ok());
}

// GFX9: the FMASK is an 8-bit (2x/4x) or 32-bit (8x) single-sampled 2D surface in a Z mode. 64x64
// 8-bit: the 4KB block holds 64x64, the 64KB block 256x256 (65536 bytes > 1.5 x 4096): SW_4KB_Z_X
// (20), pitch 64, epitch 63, 4096 bytes, 4096-byte alignment (XOR block, no texture pipe padding).
// 256x256 32-bit: 4KB blocks (32x32) and 64KB blocks (128x128) both give 262144 bytes, so the bigger
// block: SW_64KB_Z_X (24), epitch 255, 65536-byte alignment.
TEST(FmaskGolden, Gfx9FmaskSurfaces) {
  const Surface s = msaa("vega10", Format::R8G8B8A8_UNORM, 64, 4);
  EXPECT_EQ(s.fmask.swizzle_mode, 20u);
  EXPECT_EQ(s.fmask.pitch, 64u);
  EXPECT_EQ(s.fmask.epitch, 63u);
  EXPECT_EQ(s.fmask.size, 4096u);
  EXPECT_EQ(s.fmask.alignment, 4096u);
  EXPECT_EQ(s.fmask.offset % 4096, 0u);
  EXPECT_GE(s.fmask.offset, s.total_size);
  EXPECT_EQ(s.gfx9.fmask_swizzle_mode, 20u);
  const Surface x8 = msaa("vega10", Format::R32_FLOAT, 256, 8);
  EXPECT_EQ(x8.fmask.bpe, 4u);
  EXPECT_EQ(x8.fmask.swizzle_mode, 24u);
  EXPECT_EQ(x8.fmask.epitch, 255u);
  EXPECT_EQ(x8.fmask.size, 262144u);
  EXPECT_EQ(x8.fmask.alignment, 65536u);
}

// The CMASK of a GFX9 MSAA surface is laid out in the FMASK's swizzle mode. Raven (4 pipes, 1
// engine, 2 RBs: GB_ADDR_CONFIG 0x24000042): meta pipes 2, RBs 1; 2^13 compress blocks per meta
// block (the floor), 1024 x 512 pixels; one block for 64x64: 4096 bytes; alignment
// max(256 << (2 + 1), block of SW_4KB_Z_X = 4096) = 4096. In the colour surface's 64KB mode the
// alignment (and so the padded size) would be 65536.
TEST(FmaskGolden, Gfx9MsaaCmaskUsesTheFmaskSwizzle) {
  const Surface s = msaa("raven", Format::R8G8B8A8_UNORM, 64, 4);
  ASSERT_EQ(s.fmask.swizzle_mode, 20u);
  EXPECT_EQ(s.cmask.size, 4096u);
  EXPECT_EQ(s.cmask.alignment, 4096u);
  EXPECT_EQ(s.cmask.offset, s.fmask.offset + s.fmask.size);
  EXPECT_EQ(s.allocation_size, s.cmask.offset + 4096);
}

// GFX9 CB and descriptor: CB_COLOR_FMASK = (va + FMASK offset) >> 8, FMASK_SW_MODE 20, COMPRESSION,
// the CMASK base with FAST_CLEAR; the descriptor: DATA_FORMAT FMASK (45 in GFX9's numbering),
// NUM_FORMAT FMASK_8_4_4 (5), SW_MODE 20, TYPE 2D, PITCH = epitch 63, DEPTH = last layer 0,
// META_PIPE_ALIGNED and META_RB_ALIGNED 1.
TEST(FmaskGolden, Gfx9RegistersAndDescriptor) {
  const Texture tex = texture("vega10", Format::R8G8B8A8_UNORM, 64, 4);
  const uint64_t fmask_va = kVa + tex.surface.fmask.offset, cmask_va = kVa + tex.surface.cmask.offset;
  auto cs = color_surface_from_texture(chip("vega10"), tex, 0, 0, 0);
  ASSERT_TRUE(cs.ok()) << cs.error();
  auto r = encode_color_buffer(chip("vega10"), *cs);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->fmask, static_cast<uint32_t>(fmask_va >> 8));
  EXPECT_EQ(r->fmask_base_ext, static_cast<uint32_t>(fmask_va >> 40));
  EXPECT_EQ(r->cmask, static_cast<uint32_t>(cmask_va >> 8));
  EXPECT_EQ(bits(r->attrib, 27, 23), 20u);
  EXPECT_EQ(bits(r->info, 14, 13), 3u);
  auto w = make_fmask_descriptor(chip("vega10"), tex, default_sampler_view(tex));
  ASSERT_TRUE(w.ok()) << w.error();
  EXPECT_EQ((*w)[0], static_cast<uint32_t>(fmask_va >> 8));
  EXPECT_EQ((*w)[1], (45u << 20) | (5u << 26));
  EXPECT_EQ((*w)[3], 4u | (4u << 3) | (4u << 6) | (4u << 9) | (20u << 20) | (9u << 28));
  EXPECT_EQ((*w)[4], 63u << 13);
  EXPECT_EQ((*w)[5], (1u << 26) | (1u << 27));
}

// A second route: radeonsi and RADV used to lay the FMASK out as an ordinary single-sampled 2D
// texture of 1 byte (2x/4x) or 4 bytes (8x) a pixel over the colour surface (r600_texture_get_fmask_info,
// radv_image_get_fmask_info). On chips of 4 or more pipes addrlib gives that texture the FMASK's tile
// entry, macro mode, bank height and alignment (the single-sample aspect widening asks for nothing
// there), so the ordinary layout of the FMASK's padded extent must agree with the FMASK path.
TEST(FmaskGolden, MatchesTheOrdinaryTextureRoute) {
  for (const char* name : {"tahiti", "pitcairn", "bonaire", "hawaii", "tonga", "fiji", "polaris10", "polaris11"}) {
    for (uint32_t samples : {2u, 4u, 8u}) {
      for (uint32_t size : {64u, 200u, 1000u}) {
        const Surface s = msaa(name, Format::R8G8B8A8_UNORM, size, samples);
        const FmaskInfo& m = s.fmask;
        SCOPED_TRACE(std::string(name) + " " + std::to_string(size) + " " + std::to_string(samples) + "x");
        ASSERT_GT(m.size, 0u);
        const Format f = m.bpe == 1 ? Format::R8_UINT : Format::R32_UINT;
        auto o = compute_surface(chip(name), tmpl(TextureTarget::TEXTURE_2D, f, m.pitch, m.height), SurfaceMode::TILED_2D);
        ASSERT_TRUE(o.ok()) << o.error();
        EXPECT_EQ(o->level[0].mode, SurfaceMode::TILED_2D);
        EXPECT_EQ(o->level[0].tile_mode_index, m.tile_mode_index);
        EXPECT_EQ(o->level[0].nblk_x, m.pitch);
        EXPECT_EQ(o->level[0].nblk_y, m.height);
        EXPECT_EQ(o->level[0].slice_size, m.slice_size);
        EXPECT_EQ(o->macro.bank_height, m.bank_height);
        EXPECT_EQ(o->macro.width, m.macro.width);
        EXPECT_EQ(o->macro.height, m.macro.height);
        EXPECT_EQ(o->alignment, m.alignment);
      }
    }
  }
}

// Invariants over random sizes, sample counts, layers and every chip: the FMASK covers the surface in
// whole macro tiles (GFX6-8) or swizzle blocks, sits after the data on its alignment with the CMASK
// after it inside the allocation, and the CB registers and the FMASK descriptor carry exactly it.
TEST(FmaskInvariants, OverRandomSizesEveryChip) {
  std::mt19937 rng(18);
  const Format formats[] = {Format::R8G8B8A8_UNORM, Format::R32_FLOAT, Format::R16G16B16A16_FLOAT,
                            Format::R32G32B32A32_FLOAT, Format::R8_UNORM};
  for (const Chip& c : all_chips()) {
    const bool gfx9 = c.gfx_level >= GfxLevel::GFX9;
    for (int i = 0; i < 60; ++i) {
      const uint32_t samples = 2u << (rng() % 3);
      const uint32_t w = 1 + rng() % 1024, h = 1 + rng() % 1024, layers = 1 + rng() % 4;
      const Format f = formats[rng() % 5];
      const TextureTarget target = layers > 1 ? TextureTarget::TEXTURE_2D_ARRAY : TextureTarget::TEXTURE_2D;
      auto tex = create_texture(c, tmpl(target, f, w, h, 1, layers, 1, samples), kVa);
      ASSERT_TRUE(tex.ok()) << c.name << " " << w << "x" << h << " " << tex.error();
      const Surface& s = tex->surface;
      const FmaskInfo& m = s.fmask;
      SCOPED_TRACE(std::string(c.name) + " " + std::to_string(w) + "x" + std::to_string(h) + "x" +
                   std::to_string(layers) + " " + std::to_string(samples) + "x");
      ASSERT_GT(m.size, 0u);
      EXPECT_EQ(m.bpe, samples == 8 ? 4u : 1u);
      EXPECT_GE(m.pitch, w);
      EXPECT_GE(m.height, h);
      EXPECT_EQ(m.slices, layers);
      EXPECT_EQ(m.size, m.slice_size * layers);
      EXPECT_GE(m.slice_size, uint64_t(m.pitch) * m.height * m.bpe);
      EXPECT_TRUE(std::has_single_bit(m.alignment));
      EXPECT_GE(m.offset, s.total_size);
      EXPECT_EQ(m.offset % m.alignment, 0u);
      ASSERT_GT(s.cmask.size, 0u);
      EXPECT_GE(s.cmask.offset, m.offset + m.size);
      EXPECT_EQ(s.cmask.offset % s.cmask.alignment, 0u);
      EXPECT_EQ(s.allocation_size, s.cmask.offset + s.cmask.size);
      for (uint32_t a : {s.alignment, m.alignment, s.cmask.alignment}) EXPECT_EQ(s.allocation_alignment % a, 0u);
      if (!gfx9) {
        EXPECT_EQ(m.slice_size, uint64_t(m.pitch) * m.height * m.bpe);
        EXPECT_EQ(m.pitch % m.macro.width, 0u);
        EXPECT_EQ(m.height % m.macro.height, 0u);
        EXPECT_GE(m.pitch, s.level[0].pitch);
        EXPECT_LE(m.pitch - s.level[0].pitch, m.macro.width - 1);  // the colour pitch, padded once
        EXPECT_GE(m.bank_height * std::min(m.macro.tile_split_bytes, 64 * m.bpe) * m.macro.bank_width,
                  c.pipe_interleave_bytes);
        EXPECT_EQ(m.slice_tile_max, m.pitch * m.height / 64 - 1);
      } else {
        EXPECT_EQ(m.epitch, m.pitch - 1);
        EXPECT_EQ(s.gfx9.fmask_swizzle_mode, m.swizzle_mode);
        EXPECT_TRUE(m.swizzle_mode == 20u || m.swizzle_mode == 24u) << m.swizzle_mode;  // 4KB_Z_X, 64KB_Z_X
      }
      auto cs = color_surface_from_texture(c, *tex, 0, 0, layers - 1);
      ASSERT_TRUE(cs.ok()) << cs.error();
      auto r = encode_color_buffer(c, *cs);
      ASSERT_TRUE(r.ok()) << r.error();
      EXPECT_EQ(r->fmask, static_cast<uint32_t>((kVa + m.offset) >> 8));
      EXPECT_EQ(r->cmask, static_cast<uint32_t>((kVa + s.cmask.offset) >> 8));
      if (!gfx9) {
        EXPECT_EQ(r->fmask_slice, m.slice_tile_max);
      }
      SamplerView view = default_sampler_view(*tex);
      view.target = target;
      auto d = make_fmask_descriptor(c, *tex, view);
      ASSERT_TRUE(d.ok()) << d.error();
      EXPECT_EQ((*d)[0], static_cast<uint32_t>((kVa + m.offset) >> 8));
      EXPECT_EQ(bits((*d)[4], gfx9 ? 28 : 26, 13), gfx9 ? m.epitch : m.pitch - 1);
      EXPECT_EQ(bits((*d)[3], 24, 20), gfx9 ? m.swizzle_mode : m.tile_mode_index);
      EXPECT_EQ(bits((*d)[3], 31, 28), layers > 1 ? 13u : 9u);  // 2D_ARRAY / 2D, never MSAA
    }
  }
}

}  // namespace
}  // namespace glvk::amd
